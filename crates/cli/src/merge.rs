//! `dlx merge`: adds up the summaries of the jobs of a split search.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;

use anyhow::Result;
use dlx::split::{JobLine, Tally, TallyError};
use dlx::{Outcome, Stats, StopReason};
use serde::{Deserialize, Serialize};

use crate::xc::{count_text, write_stats_text, Summary};
use crate::{plural, InputError};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files of job summaries (the JSON lines of `dlx xc FILE --count --format json --job
    /// LINE`); `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Output format: the count (text), or the summary object `dlx xc --count --format json`
    /// prints, with the jobs' spread (json).
    #[arg(long, value_enum, default_value_t = crate::xc::Format::Text)]
    pub format: crate::xc::Format,
    /// Print the totals and the spread of nodes per job on standard error.
    #[arg(long)]
    pub stats: bool,
}

/// The part of a job's summary that is added up.
#[derive(Debug, Deserialize)]
struct JobSummary {
    job: Option<String>,
    solutions: u64,
    nodes: u64,
    updates: u64,
    #[serde(default)]
    cleansings: u64,
    complete: bool,
    stopped_by: Option<String>,
    #[serde(default)]
    profile: Vec<u64>,
}

/// The nodes of the smallest, the median and the largest job.
#[derive(Debug, Serialize)]
struct Spread {
    min: u64,
    median: u64,
    max: u64,
}

#[derive(Debug, Serialize)]
struct Merged<'a> {
    #[serde(flatten)]
    summary: Summary<'a>,
    jobs: usize,
    job_nodes: Spread,
}

pub fn run(args: &Args) -> Result<()> {
    let mut tally = Tally::new();
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for path in files {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(BufReader::new(io::stdin())))
        } else {
            let source = crate::files::Source::open(Some(path))?;
            (
                source.name.to_string(),
                Box::new(BufReader::new(source.reader)),
            )
        };
        for (n, line) in reader.lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            let line = line.map_err(|e| InputError(format!("{at}: cannot read: {e}")))?;
            if line.trim().is_empty() {
                continue;
            }
            let s: JobSummary = serde_json::from_str(&line).map_err(|e| {
                InputError(format!(
                    "{at}: not a job summary ({e}): give the lines of `dlx xc FILE --count \
                     --format json --job LINE`"
                ))
            })?;
            let Some(text) = s.job.as_deref() else {
                return Err(InputError(format!(
                    "{at}: a summary without a job: run each job with `dlx xc FILE --count \
                     --format json --job LINE`"
                ))
                .into());
            };
            let job: JobLine = text.parse().map_err(|e| InputError(format!("{at}: {e}")))?;
            // A summary that says it is incomplete but not why is stopped all the same.
            let named = s.stopped_by.as_deref().unwrap_or("incomplete");
            let stopped =
                (!s.complete).then(|| crate::xc::stop_reason(named).unwrap_or(StopReason::Visitor));
            let stats =
                Stats::from_figures(s.solutions, s.nodes, s.updates, s.cleansings, s.profile);
            tally.add(&job, &stats, stopped).map_err(|e| match e {
                TallyError::Stopped { index, total, .. } => InputError(format!(
                    "{at}: job {index} of {total} was stopped ({named}): run it again without \
                     limits"
                )),
                e => InputError(format!("{at}: {e}")),
            })?;
        }
    }
    let total = tally
        .finish()
        .map_err(|e| InputError(e.to_string()))?
        .clone();
    let mut nodes = tally.job_nodes();
    nodes.sort_unstable();
    let spread = Spread {
        min: nodes[0],
        median: nodes[nodes.len() / 2],
        max: nodes[nodes.len() - 1],
    };
    let outcome = Outcome::from_stats(&total, None);
    let profile = (!total.profile().is_empty()).then(|| total.profile());
    let merged = Merged {
        summary: Summary::new(&outcome, profile),
        jobs: nodes.len(),
        job_nodes: spread,
    };
    let mut out = io::stdout().lock();
    match args.format {
        crate::xc::Format::Text => writeln!(out, "{}", count_text(&outcome))?,
        crate::xc::Format::Json => {
            serde_json::to_writer(&mut out, &merged)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    if args.stats {
        let mut err = io::stderr().lock();
        write_stats_text(&mut err, total.cleansings > 0, &outcome, None, None)?;
        let Spread { min, median, max } = merged.job_nodes;
        writeln!(
            err,
            "{}; nodes per job: min {min}, median {median}, max {max}",
            plural(merged.jobs as u64, "job"),
        )?;
    }
    Ok(())
}
