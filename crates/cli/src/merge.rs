//! `dlx merge`: adds up the summaries of the jobs of a split search.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;

use anyhow::Result;
use report::{Merge, Spread};

use crate::search::Format;
use crate::{plural, InputError};

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
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let source = crate::files::open(Some(path))?;
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
    let summary = &merged.summary;
    let mut out = io::stdout().lock();
    if let Some(best) = &merged.best {
        for (n, c) in best.iter().enumerate() {
            match args.format {
                Format::Text => {
                    if n > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "# cost {}", c.cost)?;
                    for option in &c.solution {
                        writeln!(out, "{}", option.join(" "))?;
                    }
                }
                Format::Json => {
                    serde_json::to_writer(&mut out, c)?;
                    out.write_all(b"\n")?;
                }
            }
        }
    }
    match (args.format, &merged.best) {
        (Format::Text, None) => writeln!(out, "{}", merged.count_text())?,
        (Format::Text, Some(_)) => {}
        (Format::Json, _) => match merged.memo_record() {
            // The memoized jobs' count may pass 64 bits: the record is written whole.
            Some(record) => writeln!(out, "{record}")?,
            None => {
                serde_json::to_writer(&mut out, &merged.record())?;
                out.write_all(b"\n")?;
            }
        },
    }
    out.flush()?;
    if args.stats {
        let mut err = io::stderr().lock();
        let colored = merged.best.is_some() || summary.cleansings > 0;
        match &merged.memo {
            Some(count) => writeln!(
                err,
                "{count} solutions (the memoized count), {} jobs' nodes, {} updates",
                summary.nodes, summary.updates
            )?,
            None => writeln!(
                err,
                "{}",
                crate::search::stats(&merged.outcome).colored(colored)
            )?,
        }
        match &summary.best_costs {
            Some(costs) => {
                let costs = report::text::costs(costs);
                writeln!(err, "cheapest costs: {costs} (optimal)")?;
            }
            None => {
                let Spread { min, median, max } = merged.job_nodes;
                writeln!(
                    err,
                    "{}; nodes per job: min {min}, median {median}, max {max}",
                    plural(merged.jobs as u64, "job"),
                )?;
            }
        }
    }
    Ok(())
}
