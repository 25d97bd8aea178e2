//! `dlx check`: the library's check of Knuth's figures (`report::check`), with Ctrl-C.

use std::io::{self, Write};

use anyhow::{bail, Result};
use report::check::CheckError;

use crate::{signals, Interrupted};

/// What `dlx check` says after its tables.
const NEXT: &str = "Next: `dlx xc FILE` prints the solutions of a problem in Knuth's text format;
add --count, --limit N, --stats, --profile or --format json (see `dlx xc --help`).";

pub fn run() -> Result<()> {
    let mut out = io::stdout().lock();
    match report::check::check(&mut out, signals::stop_flag()) {
        Ok(()) => {}
        Err(CheckError::Cancelled(during)) => return Err(Interrupted(Some(during)).into()),
        Err(CheckError::Differ) => {
            writeln!(out, "\n{NEXT}")?;
            bail!("some figures differ from Knuth's");
        }
        Err(e) => return Err(e.into()),
    }
    writeln!(out, "\n{NEXT}")?;
    Ok(())
}
