//! `dlx xc`: solve a problem in Knuth's text format.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx::{Limits, Outcome, Problem, Solver, StopReason};
use serde::Serialize;

use crate::{plural, signals, InputError, Interrupted, Stopped};

/// Output formats of `dlx xc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Each solution as its option lines, a blank line between solutions.
    Text,
    /// One JSON object per line: each solution, then a summary.
    Json,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    pub count: bool,
    /// Stop after N solutions (N >= 1); a count stopped there is printed as `N+`.
    #[arg(long, value_name = "N", value_parser = parse_at_least_one, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Stop before the search exceeds N nodes: what was found is printed, a count as `K+`, a
    /// message on standard error says so, and the exit status is 3.
    #[arg(long, value_name = "N", value_parser = parse_at_least_one, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Stop the search after this many seconds (checked every 4096 nodes), as --max-nodes does.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<Duration>,
    /// Print a summary (solutions, nodes, updates, completeness) on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Add the number of nodes at each level of the search tree to the summary.
    #[arg(long)]
    pub profile: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `--timeout`: a number of seconds above 0 (a limit of 0 would stop every search at once).
pub(crate) fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a number of seconds", crate::quote(s)))?;
    if secs < 0.0 {
        return Err(format!(
            "`{s}` is negative: give a number of seconds above 0"
        ));
    }
    if secs == 0.0 {
        return Err(
            "a time limit of 0 seconds would stop every search before it starts: \
                    give a number of seconds above 0, or leave the flag out for no limit"
                .to_string(),
        );
    }
    Duration::try_from_secs_f64(secs).map_err(|_| format!("`{s}` is not a duration in seconds"))
}

/// `--limit`, `--max-nodes`: a whole number of at least 1 (0 would stop every search at once).
pub(crate) fn parse_at_least_one(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(format!(
            "`{t}` is negative: give a whole number of at least 1"
        ));
    }
    let n: u64 = t
        .parse()
        .map_err(|_| format!("`{}` is not a whole number", crate::quote(s)))?;
    if n == 0 {
        return Err(
            "0 would stop every search before it starts: give at least 1, or leave \
                    the flag out for no limit"
                .to_string(),
        );
    }
    Ok(n)
}

/// A size (`dlx queens N`, `dlx langford N`): a whole number, not negative.
pub(crate) fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    if t.starts_with('-') && t.len() > 1 && t[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("`{t}` is negative: the size is a whole number"));
    }
    t.parse()
        .map_err(|_| format!("`{}` is not a whole number", crate::quote(s)))
}

/// Reads the whole input; the name to use in messages comes with it.
pub(crate) fn read_input(file: Option<&PathBuf>) -> Result<(String, Vec<u8>)> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let bytes =
                std::fs::read(path).map_err(|e| InputError(format!("cannot read {name}: {e}")))?;
            Ok((name, bytes))
        }
        _ => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| InputError(format!("cannot read standard input: {e}")))?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

/// The summary record of `--format json`.
#[derive(Debug, Serialize)]
pub(crate) struct Summary<'a> {
    pub solutions: u64,
    pub nodes: u64,
    pub updates: u64,
    /// Purifications and nodes found of the chosen color (0 without colors), as dlx2 counts.
    pub cleansings: u64,
    pub complete: bool,
    pub stopped_by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<&'a [u64]>,
}

impl<'a> Summary<'a> {
    pub(crate) fn new(outcome: &Outcome, profile: Option<&'a [u64]>) -> Self {
        Summary {
            solutions: outcome.solutions,
            nodes: outcome.nodes,
            updates: outcome.updates,
            cleansings: outcome.cleansings,
            complete: outcome.is_complete(),
            stopped_by: outcome.stopped.map(StopReason::as_str),
            profile,
        }
    }
}

/// A count as printed: `K`, or `K+` when the search did not finish (the count is a lower bound).
pub(crate) fn count_text(outcome: &Outcome) -> String {
    let more = if outcome.is_complete() { "" } else { "+" };
    format!("{}{more}", outcome.solutions)
}

/// How the command ends after a search: `Ok` when it finished or stopped at the `--limit`
/// asked for; [`Stopped`] (exit status 3) when `--max-nodes` or `--timeout` stopped it, and
/// [`Interrupted`] (130) for Ctrl-C, each saying after how many nodes and solutions.
pub(crate) fn ending(
    outcome: &Outcome,
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
) -> Result<()> {
    let after = format!(
        "after {} and {}; the search is incomplete",
        plural(outcome.nodes, "node"),
        plural(outcome.solutions, "solution")
    );
    match outcome.stopped {
        Some(StopReason::NodeLimit) => {
            let max = max_nodes.map_or(String::new(), |m| format!(" {m}"));
            Err(Stopped(format!(
                "the node limit (--max-nodes{max}) was reached {after}"
            ))
            .into())
        }
        Some(StopReason::Deadline) => {
            let t = timeout.map_or(String::new(), |t| format!(" {}", t.as_secs_f64()));
            Err(Stopped(format!("the time limit (--timeout{t}) was reached {after}")).into())
        }
        Some(StopReason::Cancelled) => Err(Interrupted(Some(after)).into()),
        _ => Ok(()),
    }
}

/// Writes the `--stats` text for a person: totals, completeness and, if asked, the profile.
pub(crate) fn write_stats_text(
    out: &mut impl Write,
    colored: bool,
    outcome: &Outcome,
    profile: Option<&[u64]>,
    elapsed: Duration,
) -> io::Result<()> {
    let status = match outcome.stopped {
        None => "search complete".to_string(),
        // A visitor stops only to honour --limit (a count of classes, with --distinct).
        Some(StopReason::SolutionLimit | StopReason::Visitor) => {
            "stopped by --limit (search incomplete)".to_string()
        }
        Some(StopReason::NodeLimit) => "stopped by --max-nodes (search incomplete)".to_string(),
        Some(StopReason::Deadline) => "stopped by --timeout (search incomplete)".to_string(),
        Some(StopReason::Cancelled) => "interrupted (search incomplete)".to_string(),
        Some(other) => format!("stopped by {} (search incomplete)", other.as_str()),
    };
    // Cleansings are dlx2's figure: shown for problems with colors, where it can be nonzero.
    let cleansings = if colored {
        format!(", {}", crate::plural(outcome.cleansings, "cleansing"))
    } else {
        String::new()
    };
    writeln!(
        out,
        "{}, {}, {}{cleansings}; {status}; {:.3} s",
        crate::plural(outcome.solutions, "solution"),
        crate::plural(outcome.nodes, "node"),
        crate::plural(outcome.updates, "update"),
        elapsed.as_secs_f64(),
    )?;
    if let Some(profile) = profile {
        writeln!(out, "nodes per level:")?;
        for (level, nodes) in profile.iter().enumerate() {
            writeln!(out, "{level:>5} {nodes:>12}")?;
        }
    }
    Ok(())
}

pub fn run(args: &Args) -> Result<()> {
    let (name, bytes) = read_input(args.file.as_ref())?;
    let parsed = dlx::text::parse_bytes(&bytes)
        .map_err(|e| InputError(format!("{name}:{}:{}: {}", e.line, e.column, e.kind)))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: warning: {name}:{}: option ignored: it has no primary item",
            warning.line
        );
    }
    let problem = &parsed.problem;

    let mut limits = Limits::none();
    limits.max_solutions = args.limit;
    limits.max_nodes = args.max_nodes;
    let start = Instant::now();
    limits.deadline = args.timeout.map(|t| start + t);
    limits.cancel = Some(signals::stop_flag());
    let mut solver = problem.solver().with_limits(limits);

    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let outcome = if args.count {
        solver.count()
    } else {
        print_solutions(problem, &mut solver, args.format, &mut out)?
    };
    let elapsed = start.elapsed();
    let profile = args.profile.then(|| solver.stats().profile());

    match args.format {
        Format::Text => {
            if args.count {
                writeln!(out, "{}", count_text(&outcome))?;
            }
            out.flush()?;
            if args.stats || args.profile {
                let colored = problem.has_colors() || problem.has_bounds();
                write_stats_text(
                    &mut io::stderr().lock(),
                    colored,
                    &outcome,
                    profile,
                    elapsed,
                )?;
            }
        }
        Format::Json => {
            serde_json::to_writer(&mut out, &Summary::new(&outcome, profile))?;
            out.write_all(b"\n")?;
            out.flush()?;
            if args.stats {
                let colored = problem.has_colors() || problem.has_bounds();
                write_stats_text(&mut io::stderr().lock(), colored, &outcome, None, elapsed)?;
            }
        }
    }
    ending(&outcome, args.max_nodes, args.timeout)
}

/// Streams each solution as it is found.
fn print_solutions(
    problem: &Problem,
    solver: &mut Solver<'_>,
    format: Format,
    out: &mut impl Write,
) -> Result<Outcome> {
    let mut failed = None;
    let mut first = true;
    let outcome = solver.search(|solution| {
        let written = (|| -> io::Result<()> {
            match format {
                Format::Text => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    for option in solution.options() {
                        dlx::text::write_option(problem, option, out)?;
                    }
                }
                Format::Json => {
                    // Each item as in the input: `name`, or `name:color`.
                    let options: Vec<Vec<String>> = solution
                        .options()
                        .map(|o| {
                            problem
                                .option_entries(o)
                                .map(|(i, c)| match c {
                                    None => problem.item_name(i).to_string(),
                                    Some(c) => {
                                        format!(
                                            "{}:{}",
                                            problem.item_name(i),
                                            problem.color_name(c)
                                        )
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    serde_json::to_writer(&mut *out, &serde_json::json!({ "solution": options }))?;
                    out.write_all(b"\n")?;
                }
            }
            Ok(())
        })();
        first = false;
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    match failed {
        Some(e) => Err(e).context("writing solutions"),
        None => Ok(outcome),
    }
}
