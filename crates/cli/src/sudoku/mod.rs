//! `dlx sudoku`: solve, count or check puzzles from files or standard input, one record each,
//! streamed through a pool of workers and written in input order.

pub(crate) mod flags;
mod generate;
mod killer;
pub(crate) mod output;
pub(crate) mod run;

use std::io::{self, BufWriter};
use std::path::PathBuf;

use anyhow::Result;
use sudoku::batch::Task;

use flags::{Batch, BatchArgs, OutputFormat, VariantArgs};
use output::report;
use run::run_batch;

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub killer: killer::KillerArgs,
    /// Count the solutions (all, or up to --limit) instead of solving.
    #[arg(long, group = "mode")]
    pub count: bool,
    /// Say whether each puzzle has no, one, or several solutions (counts up to 2).
    #[arg(long, group = "mode")]
    pub unique: bool,
    /// Print every solution (up to --limit).
    #[arg(long, group = "mode")]
    pub all: bool,
    /// The most solutions --count and --all look for (N >= 1); a count stopped there is
    /// written `N+`.
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Print a summary on standard error.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The output format (default: as the input: lines, grids, or a LeetCode board).
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
    /// Check our solution against the second column of CSV input (status `mismatch` when
    /// they differ).
    #[arg(long)]
    pub verify: bool,
}

/// What `dlx sudoku` does besides solving.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Make puzzles with one solution each (proved by the engine), minimal unless --clues
    /// stops them early, of any size and variant, on every core.
    Generate(generate::Args),
    /// Grade puzzles by the techniques a person needs (singles, locked candidates, pairs,
    /// triples, X-wing, swordfish, else guessing), on qqwing's scale, with a finer score;
    /// --explain writes each step.
    Rate(RateArgs),
}

/// How `dlx sudoku rate` writes its records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RateFormat {
    /// `PUZZLE GRADE SCORE HARDEST GUESSES`, one line per puzzle (with --explain, the steps).
    Line,
    /// One JSON object per puzzle: grade, score, hardest, guesses, techniques, nodes,
    /// solution (and with --explain the steps).
    Json,
}

#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Write each step as a person reads it ("r3c5 = 7: the only place for 7 in box 2"), and
    /// the techniques used.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The output format.
    #[arg(long, value_enum, default_value_t = RateFormat::Line)]
    pub format: RateFormat,
    /// Print a summary on standard error, with the count of each grade.
    #[arg(long)]
    pub stats: bool,
}

pub fn run(args: &Args) -> Result<()> {
    match &args.action {
        Some(Action::Generate(g)) => return generate::run(g),
        Some(Action::Rate(r)) => return rate(r),
        None => {}
    }
    let variant = args.variant.variant()?;
    let mode = if args.count {
        Task::Count(args.limit.unwrap_or(u64::MAX))
    } else if args.unique {
        Task::Unique
    } else if args.all {
        Task::All(args.limit.unwrap_or(u64::MAX))
    } else {
        Task::Solve
    };
    if let Some(path) = &args.killer.killer {
        let flags = (&args.batch, args.format, args.stats);
        return killer::run(path, mode, &args.killer, flags);
    }
    let batch = args.batch.batch(mode, variant, args.format, args.verify);
    run_files(&args.files, &batch, args.stats)
}

/// `dlx sudoku rate`: a batch in the grading mode.
fn rate(args: &RateArgs) -> Result<()> {
    let format = match args.format {
        RateFormat::Line => OutputFormat::Line,
        RateFormat::Json => OutputFormat::Json,
    };
    let mode = Task::Rate {
        explain: args.explain,
    };
    let batch = args
        .batch
        .batch(mode, args.variant.variant()?, Some(format), false);
    run_files(&args.files, &batch, args.stats)
}

/// Runs a batch over the files (standard input if none) and says how it went: the JSON
/// summary after JSON records, the text summary with `stats` or after Ctrl-C, and the error
/// (exit status) of an interrupted batch or of stopped records.
fn run_files(files: &[PathBuf], batch: &Batch, stats: bool) -> Result<()> {
    let sources = crate::files::open_all(files, true)?;
    let names: Vec<&str> = sources.iter().map(|s| &*s.name).collect();
    let inputs = names.join(", ");
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let summary = run_batch(sudoku::print::Inputs::Puzzles(sources), batch, &mut out)?.summary;
    report(&summary, &inputs, batch, stats, &mut out)
}
