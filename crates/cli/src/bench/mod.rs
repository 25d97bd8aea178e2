//! `dlx bench`: the classic sudoku methods beside Dancing Links on the same puzzles, one thread,
//! solving and proving uniqueness; a table (or JSON, or CSV) of speed and nodes per method and
//! file, and a plot of the node distributions.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku::compare::{self, FileRuns, Format};
use sudoku::read::ReadSettings;
use sudoku::Method;

use crate::sudoku::flags::{InputFormat, FLAG_NAMES};
use crate::{signals, InputError, Interrupted};

/// The default puzzles, compiled in: easy enough that plain backtracking finishes every one.
const SAMPLE: (&str, &[u8]) = (
    "kaggle-first500.txt",
    include_bytes!("../../data/sudoku/kaggle-first500.txt"),
);

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Puzzle files, in any form `dlx sudoku` reads (`-` for standard input). Default: the
    /// bundled sample, the first 500 puzzles of Kaggle's set (easy).
    pub files: Vec<PathBuf>,
    /// The methods to run, comma-separated, in this order: backtrack, bitmask, singles, mrv,
    /// forward, dlx [default: all]
    #[arg(long, value_delimiter = ',', value_parser = parse_method, value_name = "LIST",
          default_values_t = Method::ALL.to_vec(), hide_default_value = true)]
    pub methods: Vec<Method>,
    /// Stop a method on a puzzle after this many seconds; the table counts the timeouts.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = crate::values::seconds, allow_negative_numbers = true)]
    pub timeout: Duration,
    /// Only the first N puzzles of each file.
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub first: Option<u64>,
    /// How to write the results.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Also draw the distribution of nodes per puzzle for each method, on a log scale (SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// How the puzzles are written.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub input: InputFormat,
    /// Stop at the first solution instead of proving it unique (counting to 2).
    #[arg(long)]
    pub solve: bool,
}

impl Args {
    /// What each search does, for the table and the plot.
    fn task(&self) -> &'static str {
        if self.solve {
            "each solved (the first solution only)"
        } else {
            "each solved and proved unique (counting to 2)"
        }
    }
}

fn parse_method(s: &str) -> Result<Method, String> {
    s.trim()
        .parse()
        .map_err(|e: sudoku::UnknownName| e.to_string())
}

pub fn run(args: &Args) -> Result<()> {
    let mut sources = crate::files::open_all(&args.files, false)?;
    if sources.is_empty() {
        sources.push(crate::files::Source::text(SAMPLE.0, SAMPLE.1));
    }
    let read = ReadSettings::default().input(args.input);
    // Open the plot first: a path that cannot be written fails before the work.
    let plot_file = crate::files::Output::create(args.plot.as_deref())?;
    let settings = compare::Settings::new(args.timeout)
        .limit(if args.solve { 1 } else { 2 })
        .cancel(Some(signals::stop_flag()));
    let mut out = BufWriter::new(io::stdout().lock());
    if args.format == Format::Csv {
        writeln!(out, "{}", compare::CSV_HEADER)?;
    }
    let mut files = Vec::new();
    let mut disagreements = 0;
    let mut interrupted = None;
    for source in sources {
        let name = source.name.to_string();
        let first = args.first.map_or(usize::MAX, |n| n as usize);
        let (puzzles, left_out) = compare::Puzzles::read(source.reader, read.clone(), first)
            .map_err(|e| InputError(format!("cannot read {name}: {e}")))?;
        for left in &left_out {
            let problem = left.describe(&name, &FLAG_NAMES);
            eprintln!("dlx: warning: {problem} (left out)");
        }
        if puzzles.is_empty() {
            match left_out.len() {
                0 => eprintln!("dlx: warning: no puzzles in {name}"),
                n => eprintln!("dlx: warning: no valid puzzles in {name} ({n} left out)"),
            }
            continue;
        }
        let mut bar: Option<(Method, ProgressBar)> = None;
        let (file, cancelled) = FileRuns::run(&name, &puzzles, &args.methods, &settings, |m, k| {
            if bar.as_ref().is_none_or(|(shown, _)| *shown != m) {
                if let Some((_, done)) = bar.take() {
                    done.finish_and_clear();
                }
                bar = Some((m, progress_bar(&name, m, puzzles.len())));
            }
            if let Some((_, bar)) = &bar {
                bar.set_position(k as u64);
            }
        });
        if let Some((_, bar)) = bar {
            bar.finish_and_clear();
        }
        if let Some(method) = cancelled {
            interrupted = Some(format!(
                "during {method} on {name}; the table holds the methods that finished"
            ));
        }
        if file.runs.is_empty() {
            break;
        }
        for d in compare::disagreements(&puzzles, &file.runs) {
            eprintln!("dlx: error: {}:{}: {d}", file.name, d.line);
            disagreements += 1;
        }
        file.write(args.format, (args.task(), args.timeout), &mut out)?;
        out.flush()?;
        files.push(file);
        if interrupted.is_some() {
            break;
        }
    }
    if args.format == Format::Table && !files.is_empty() {
        writeln!(out, "{}", compare::NOTE)?;
    }
    out.flush()?;
    if let Some(file) = plot_file {
        file.write(&sudoku::chart::nodes(&files, args.task()))?;
    }
    if disagreements > 0 {
        bail!(
            "the methods disagreed on {}; see above",
            crate::plural(disagreements as u64, "puzzle")
        );
    }
    if let Some(when) = interrupted {
        return Err(Interrupted(Some(when)).into());
    }
    // A search the timeout stopped is a lower bound in the table: exit status 3, as every
    // command whose search a limit stopped.
    let (timeouts, searches) = FileRuns::timeouts(&files);
    if timeouts > 0 {
        return Err(crate::Stopped(format!(
            "{timeouts} of {} stopped by --timeout {} before they finished; the table counts \
             them as timeouts, with the nodes searched until then",
            crate::plural(searches as u64, "search"),
            args.timeout.as_secs_f64()
        ))
        .into());
    }
    Ok(())
}

/// A method's progress over a file's puzzles: a bar on a terminal, else nothing.
fn progress_bar(name: &str, method: Method, puzzles: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(puzzles as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{msg:>32} {bar:30} {pos}/{len} [{elapsed}]")
            .expect("a valid template"),
    );
    bar.set_message(format!("{name}: {method}"));
    bar
}
