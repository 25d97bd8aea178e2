//! `dlx merge`: adds up the summaries of the jobs of a split search.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;

use anyhow::Result;
use report::Merge;

use crate::search::Format;
use crate::InputError;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files of job summaries (the JSON lines of `dlx xc FILE --count --format json --job
    /// LINE`, of `--count --memo --format json --job LINE`, or of `--best K --format json --job
    /// LINE`, solutions and summary); `-` or none reads standard input. The jobs of --best give
    /// the K cheapest solutions of them all; those of --memo a count exact at any size.
    pub files: Vec<PathBuf>,
    /// Output format: the count (text), or the summary object `dlx xc --count --format json`
    /// prints, with the jobs' spread (json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the totals and the spread of nodes per job on standard error.
    #[arg(long)]
    pub stats: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let mut merge = Merge::new();
    for source in crate::files::open_all(&args.files, true)? {
        let name = source.name;
        for (n, line) in BufReader::new(source.reader).lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            let line = line.map_err(|e| InputError(format!("{at}: cannot read: {e}")))?;
            merge
                .add_line(&line)
                .map_err(|e| InputError(format!("{at}: {e}")))?;
        }
    }
    let merged = merge.finish().map_err(|e| InputError(e.to_string()))?;
    let mut out = io::stdout().lock();
    merged.write(args.format == Format::Json, &mut out)?;
    out.flush()?;
    if args.stats {
        let stats = report::text::MergeStats {
            merged: &merged,
            names: crate::search::FLAGS,
        };
        eprintln!("{stats}");
    }
    Ok(())
}
