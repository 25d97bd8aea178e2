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
    /// LINE`, or of `--best K --format json --job LINE`, solutions and summary); `-` or none
    /// reads standard input. The jobs of --best give the K cheapest solutions of them all.
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
    /// A job of `--best K`: K.
    best: Option<u64>,
}

/// A solution line of a job of `--best K`.
#[derive(Debug, Deserialize, Serialize)]
struct CostedLine {
    cost: u64,
    solution: Vec<Vec<String>>,
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
    // The jobs of `--best K`: their K, and every solution they printed, in order.
    let mut best_k: Option<u64> = None;
    let mut costed: Vec<CostedLine> = Vec::new();
    let mut summaries = 0usize;
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
            if let Ok(solution) = serde_json::from_str::<CostedLine>(&line) {
                costed.push(solution);
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
            // Jobs of a count and jobs of --best K do not mix, nor jobs of another K.
            if summaries > 0 && s.best != best_k {
                let what =
                    |k: Option<u64>| k.map_or("--count".to_string(), |k| format!("--best {k}"));
                return Err(InputError(format!(
                    "{at}: a job of {} among jobs of {}: merge the jobs of one search",
                    what(s.best),
                    what(best_k)
                ))
                .into());
            }
            best_k = s.best;
            summaries += 1;
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
    if let Some(k) = best_k {
        return write_best(args, costed, k, &outcome);
    }
    if !costed.is_empty() {
        return Err(InputError(
            "solution lines among the summaries of a count: give the summaries only".into(),
        )
        .into());
    }
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

/// The merge of the jobs of `--best K`: the K cheapest of all their solutions (equal costs in
/// the order of the input), as `dlx xc --best K` prints them (text: `# cost C`, then each
/// option's items), and the summary with the added figures and `best_costs`.
fn write_best(args: &Args, mut costed: Vec<CostedLine>, k: u64, outcome: &Outcome) -> Result<()> {
    costed.sort_by_key(|c| c.cost);
    costed.truncate(usize::try_from(k).unwrap_or(usize::MAX));
    let mut out = io::stdout().lock();
    for (n, c) in costed.iter().enumerate() {
        match args.format {
            crate::xc::Format::Text => {
                if n > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "# cost {}", c.cost)?;
                for option in &c.solution {
                    writeln!(out, "{}", option.join(" "))?;
                }
            }
            crate::xc::Format::Json => {
                serde_json::to_writer(&mut out, c)?;
                out.write_all(b"\n")?;
            }
        }
    }
    let costs: Vec<u64> = costed.iter().map(|c| c.cost).collect();
    if args.format == crate::xc::Format::Json {
        let mut summary = Summary::new(outcome, None);
        summary.best_costs = Some(costs.clone());
        summary.best = Some(k);
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    if args.stats {
        let mut err = io::stderr().lock();
        write_stats_text(&mut err, true, outcome, None, None)?;
        let costs: Vec<String> = costs.iter().map(u64::to_string).collect();
        let costs = if costs.is_empty() {
            "none: no solution".to_string()
        } else {
            costs.join(", ")
        };
        writeln!(err, "cheapest costs: {costs} (optimal)")?;
    }
    Ok(())
}
