//! `dlx pre`: Knuth's preprocessor, dlx-pre.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use crate::InputError;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// After each option, a line `| (from N)`: the option of the input it came from, numbered
    /// from 1 (Knuth's v8).
    #[arg(long)]
    pub origins: bool,
    /// Print what was removed on standard error: options, items, rounds, and the time.
    #[arg(long)]
    pub stats: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let (name, parsed) = crate::xc::read_problem(args.file.as_deref())?;
    let start = Instant::now();
    let reduced = parsed
        .problem
        .preprocess()
        .map_err(|e| InputError(format!("{name}: {e}")))?;
    let mut out = BufWriter::new(io::stdout().lock());
    reduced.write(&mut out, args.origins)?;
    out.flush()?;
    if args.stats {
        let seconds = start.elapsed().as_secs_f64();
        eprintln!("{}; {seconds:.3} s", report::text::reduced(&reduced));
    }
    if let Some(item) = reduced.infeasible() {
        eprintln!(
            "dlx: note: {name}: item {} is in no option that can be chosen: the problem has no \
             solution",
            parsed.problem.item_name(item)
        );
    }
    Ok(())
}
