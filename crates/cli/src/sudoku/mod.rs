//! `dlx sudoku`: solve, count or check puzzles from files or standard input, one record each,
//! streamed through a pool of workers and written in input order.

mod generate;
mod killer;
mod output;
mod plot;
pub(crate) mod render;
mod source;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use sudoku::batch::{self, Task};
use sudoku::pipeline::Pipeline;
use sudoku::read::{Column, ReadError, ReadSettings, Reader, Which};
use sudoku::{Regions, Shape, Strategy, Symbols, Variant};

use crate::{InputError, Interrupted, Stopped};
pub use output::{ProgressMode, Summary};
pub use source::Source;

/// How puzzles are written in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Detect per file: `[` starts a LeetCode board; a first line of n² symbols means one
    /// puzzle per line; otherwise grids separated by blank lines.
    Auto,
    /// One puzzle per line (`#` or whitespace starts a comment).
    Line,
    /// Grids of rows, separated by blank lines (spaces, `|` and separator lines allowed).
    Grid,
    /// A LeetCode board: a JSON array of arrays of one-character strings.
    Leetcode,
    /// Comma-separated, the puzzle first (Kaggle's `quizzes,solutions`); a header line is
    /// skipped, and the second column is the solution `--verify` checks.
    Csv,
}

/// How results are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// The solved grid on one line.
    Line,
    /// Rows of space-separated symbols, a blank line between puzzles (as HDU-1426 prints).
    Grid,
    /// Box-drawing characters, for a person.
    Pretty,
    /// The board as LeetCode's JSON.
    Leetcode,
    /// One JSON object per puzzle.
    Json,
}

/// The symbol sets of `--symbols`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SymbolSet {
    /// Detected per puzzle: letters only are `letters`, `0` beside `.` blanks from 10x10 up is
    /// `hex`, else `default` (answers are written in the symbols detected).
    Auto,
    /// `1-9`, then `A-Z`.
    Default,
    /// `0-9`, then `A-Z` (`0-F` for 16x16).
    Hex,
    /// `A-Z` (`A-P` for 16x16, `A-Y` for 25x25).
    Letters,
    /// Numbers, one token per cell, `0` a blank (`1 0 13 16`; beyond 36x36 in any case).
    Numbers,
}

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Killer sudoku from FILE: cage maps (a letter or digit per cell, `.` for none), each
    /// followed by LABEL=SUM lines, puzzles separated by blank lines; or JSON.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["files", "diagonals", "hyper", "regions", "box_shape", "input", "verify"])]
    pub killer: Option<PathBuf>,
    /// With --killer: accept cages whose cells do not all touch.
    #[arg(long, requires = "killer")]
    pub allow_disconnected: bool,
    /// With --killer: draw the first puzzle and its solution into an SVG file.
    #[arg(long, value_name = "FILE", requires = "killer")]
    pub svg: Option<PathBuf>,
    /// With --killer: print the puzzle's exact cover problem with colors (Knuth's dlx2 format:
    /// cages and the sudoku constraints primary, each caged cell's digit a colored secondary
    /// item) instead of solving it; the file must hold one puzzle.
    #[arg(long, requires = "killer")]
    pub emit_xcc: bool,
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
    #[arg(long, value_name = "N", value_parser = crate::xc::parse_at_least_one, allow_negative_numbers = true)]
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

/// The flags of the batch commands (`dlx sudoku` and `dlx sudoku rate`) for reading puzzles
/// and running the workers.
#[derive(Debug, clap::Args)]
pub struct BatchArgs {
    /// The box shape, ROWSxCOLS (default: the most square, e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<Shape>,
    /// The symbols of the digits.
    #[arg(long, value_enum, default_value_t = SymbolSet::Auto)]
    pub symbols: SymbolSet,
    /// The input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub input: InputFormat,
    /// CSV: the puzzle's column, by its name in the header or its number from 1 (default: a
    /// column named puzzle, quizzes, quiz..., else the first that holds a puzzle).
    #[arg(long, value_name = "NAME|N")]
    pub column: Option<Column>,
    /// CSV: the solution's column, as --column (default: a column named solution(s) or
    /// answer, else the next that holds a grid); --verify checks it.
    #[arg(long, value_name = "NAME|N")]
    pub solution_column: Option<Column>,
    /// Worker threads (default and most: one per core).
    #[arg(short, long, value_name = "N", value_parser = crate::xc::parse_at_least_one, allow_negative_numbers = true)]
    pub jobs: Option<u64>,
    /// Stop a puzzle's search after N nodes: it gets the status `stopped`, and the exit status
    /// is 3.
    #[arg(long, value_name = "N", value_parser = crate::xc::parse_at_least_one, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Stop a puzzle's search after SECONDS, as --max-nodes does.
    #[arg(long, value_name = "SECONDS", value_parser = crate::xc::parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<Duration>,
    /// Show progress on standard error even when it is not a terminal (a line every 2 s).
    #[arg(long)]
    pub progress: bool,
    /// How to search: dancing links (node counts as Knuth's dlx1), or candidates with
    /// propagation at every node (singles and locked candidates; large puzzles finish).
    #[arg(long, value_enum, default_value_t = SolverArg::Auto)]
    pub solver: SolverArg,
}

/// `--solver`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SolverArg {
    /// `dlx` up to 9x9, `propagate` from 10x10 up (where each was measured faster).
    Auto,
    /// Dancing links on the exact-cover matrix: nodes and updates as Knuth's dlx1 counts them.
    Dlx,
    /// Candidates as bit sets: naked and hidden singles and locked candidates at every node,
    /// cells with two candidates probed, branching on the fewest choices; nodes are the
    /// digits tried.
    Propagate,
}

impl From<InputFormat> for sudoku::read::InputFormat {
    fn from(input: InputFormat) -> Self {
        match input {
            InputFormat::Auto => Self::Auto,
            InputFormat::Line => Self::Line,
            InputFormat::Grid => Self::Grid,
            InputFormat::Leetcode => Self::Leetcode,
            InputFormat::Csv => Self::Csv,
        }
    }
}

impl From<SolverArg> for Strategy {
    fn from(s: SolverArg) -> Strategy {
        match s {
            SolverArg::Auto => Strategy::Auto,
            SolverArg::Dlx => Strategy::Dlx,
            SolverArg::Propagate => Strategy::Propagate,
        }
    }
}

impl BatchArgs {
    /// The batch these flags and the command's own make.
    fn batch(
        &self,
        mode: Task,
        variant: Variant,
        format: Option<OutputFormat>,
        verify: bool,
    ) -> Batch {
        Batch {
            mode,
            symbols: self.symbols.fixed(),
            // A regions map says the size (a 7x7 jigsaw needs no --box).
            box_shape: self
                .box_shape
                .or_else(|| variant.regions.as_ref().map(Regions::shape)),
            column: self.column.clone(),
            solution_column: self.solution_column.clone(),
            variant,
            input: self.input,
            format,
            verify,
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            jobs: jobs(self.jobs),
            show: None,
            progress: progress_mode(self.progress),
            strategy: self.solver.into(),
        }
    }
}

impl SymbolSet {
    /// The symbols asked for, or `None` to detect them per puzzle.
    pub fn fixed(self) -> Option<Symbols> {
        (self != SymbolSet::Auto).then(|| self.into())
    }
}

impl From<SymbolSet> for Symbols {
    /// `Auto` is the default where nothing is read to detect from (generated puzzles).
    fn from(set: SymbolSet) -> Symbols {
        match set {
            SymbolSet::Auto | SymbolSet::Default => Symbols::Default,
            SymbolSet::Hex => Symbols::Hex,
            SymbolSet::Letters => Symbols::Letters,
            SymbolSet::Numbers => Symbols::Numbers,
        }
    }
}

/// The variants' flags, for solving and for generating.
#[derive(Debug, clap::Args)]
pub struct VariantArgs {
    /// Both main diagonals hold each digit once (X-sudoku).
    #[arg(long)]
    pub diagonals: bool,
    /// The four extra windows of hyper sudoku hold each digit once.
    #[arg(long)]
    pub hyper: bool,
    /// Irregular regions instead of boxes: a file with an n x n map of region letters.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
}

impl VariantArgs {
    /// The variant; a regions map that cannot be read is an error naming the file.
    pub(crate) fn variant(&self) -> Result<Variant> {
        let regions = match &self.regions {
            Some(path) => {
                let (name, bytes) = crate::xc::read_input(Some(path))?;
                let text = String::from_utf8_lossy(&bytes);
                Some(Regions::from_map(&text).map_err(|e| InputError(format!("{name}: {e}")))?)
            }
            None => None,
        };
        Ok(Variant {
            diagonals: self.diagonals,
            hyper: self.hyper,
            regions,
        })
    }
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

pub(crate) fn parse_box(s: &str) -> Result<Shape, String> {
    let (r, c) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{s}` is not ROWSxCOLS, such as 2x3"))?;
    let r: usize = r
        .trim()
        .parse()
        .map_err(|_| format!("`{r}` is not a number of rows"))?;
    let c: usize = c
        .trim()
        .parse()
        .map_err(|_| format!("`{c}` is not a number of columns"))?;
    Shape::with_box(r, c).map_err(|e| e.to_string())
}

/// Everything a batch needs besides its sources.
pub struct Batch {
    pub mode: Task,
    /// `None`: detected per puzzle.
    pub symbols: Option<Symbols>,
    pub box_shape: Option<Shape>,
    pub column: Option<Column>,
    pub solution_column: Option<Column>,
    pub variant: Variant,
    pub input: InputFormat,
    pub format: Option<OutputFormat>,
    pub verify: bool,
    pub max_nodes: Option<u64>,
    pub timeout: Option<Duration>,
    pub jobs: usize,
    pub show: Option<u64>,
    pub progress: ProgressMode,
    pub strategy: Strategy,
}

pub fn run(args: &Args) -> Result<()> {
    match &args.action {
        Some(Action::Generate(g)) => return generate::run(g),
        Some(Action::Rate(r)) => return rate(r),
        None => {}
    }
    let symbols = args.batch.symbols.into();
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
    if let Some(path) = &args.killer {
        return killer::run(&killer::Settings {
            path,
            mode,
            symbols,
            format: args.format.unwrap_or(OutputFormat::Line),
            allow_disconnected: args.allow_disconnected,
            svg: args.svg.as_ref(),
            emit_xcc: args.emit_xcc,
            max_nodes: args.batch.max_nodes,
            timeout: args.batch.timeout,
            stats: args.stats,
            jobs: jobs(args.batch.jobs),
        });
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

/// Workers for `--jobs`: as asked, at most one per core (more only cost their start and a
/// solver each); one per core by default.
pub(crate) fn jobs(asked: Option<u64>) -> usize {
    asked.map_or_else(default_jobs, |j| {
        (j.min(1 << 16) as usize).min(default_jobs())
    })
}

/// A bar when standard error is a terminal, lines with `--progress`, else none.
fn progress_mode(lines: bool) -> ProgressMode {
    if io::stderr().is_terminal() {
        ProgressMode::Bar
    } else if lines {
        ProgressMode::Lines
    } else {
        ProgressMode::Off
    }
}

/// Runs a batch over the files (standard input if none) and says how it went: the JSON
/// summary after JSON records, the text summary with `stats` or after Ctrl-C, and the error
/// (exit status) of an interrupted batch or of stopped records.
fn run_files(files: &[PathBuf], batch: &Batch, stats: bool) -> Result<()> {
    // Open every input first: an unreadable file is an error before anything is printed.
    let mut sources = Vec::new();
    if files.is_empty() {
        sources.push(Source::open(None).context("standard input")?);
    }
    for path in files {
        let source = Source::open(Some(path))
            .map_err(|e| InputError(format!("cannot read {}: {e}", path.display())))?;
        sources.push(source);
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let summary = run_batch(sources, batch, &mut out)?;
    if batch.format == Some(OutputFormat::Json) {
        writeln!(out, "{}", summary.to_json())?;
        out.flush()?;
    }
    if stats || summary.interrupted {
        eprint!("{}", summary.to_text());
    }
    if summary.interrupted {
        return Err(Interrupted(None).into());
    }
    if summary.stopped > 0 {
        return Err(stopped_records(
            summary.stopped,
            summary.puzzles,
            batch.max_nodes,
            batch.timeout,
        ));
    }
    Ok(())
}

/// The error (exit status 3) of a batch in which `k` of `n` records were stopped by a limit.
pub(crate) fn stopped_records(
    k: u64,
    n: u64,
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
) -> anyhow::Error {
    let limits = match (max_nodes, timeout) {
        (Some(n), Some(t)) => format!("--max-nodes {n} or --timeout {}", t.as_secs_f64()),
        (Some(n), None) => format!("--max-nodes {n}"),
        (None, Some(t)) => format!("--timeout {}", t.as_secs_f64()),
        (None, None) => "a limit".to_string(),
    };
    let which = if k == 1 {
        "its record says"
    } else {
        "their records say"
    };
    Stopped(format!(
        "{k} of {} stopped by {limits} before the search finished; {which} `stopped`",
        crate::plural(n, "puzzle")
    ))
    .into()
}

/// One thread per core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most puzzles in a chunk of work.
const CHUNK: usize = 256;

/// The chunks of every input in turn, each numbered from where the one before ended; an input
/// that fails says which.
fn chunks(
    sources: Vec<Source>,
    settings: ReadSettings,
) -> impl Iterator<Item = Result<render::Chunk, String>> {
    let mut bytes_before = 0u64;
    let batches = sources
        .into_iter()
        .enumerate()
        .flat_map(move |(file, source)| {
            let (name, base) = (Arc::clone(&source.name), bytes_before);
            bytes_before += source.len.unwrap_or(0);
            let reader = Reader::new(source.reader, settings.clone());
            reader.batches(CHUNK).map(move |batch| {
                batch
                    .map(|b| (file, base + b.bytes_read, b.entries))
                    .map_err(|e| read_error(&name, e))
            })
        });
    // Records are numbered across the inputs.
    batches.scan(1u64, |next, batch| {
        Some(batch.map(|(file, bytes_end, entries)| {
            let first_index = *next;
            *next += entries.len() as u64;
            render::Chunk {
                first_index,
                file,
                entries,
                bytes_end,
            }
        }))
    })
}

/// A failure reading an input, in this command line's words.
fn read_error(name: &str, e: ReadError) -> String {
    match e {
        ReadError::NoSuchColumn {
            which,
            name: column,
            header,
        } => {
            let flag = match which {
                Which::Puzzle => "--column",
                _ => "--solution-column",
            };
            match header {
                None => format!(
                    "{name}: {flag} `{column}`: the file has no header line naming its columns; \
                     give the column's number instead"
                ),
                Some(h) => format!(
                    "{name}: {flag} `{column}`: no such column in the header ({})",
                    h.join(", ")
                ),
            }
        }
        e => format!("{name}: {e}"),
    }
}

/// Runs a batch: a reader thread cuts the input into chunks, `jobs` workers solve them and
/// write their records, and this thread writes them in input order (the library's pipeline).
pub fn run_batch(sources: Vec<Source>, batch: &Batch, out: &mut impl Write) -> Result<Summary> {
    let start = std::time::Instant::now();
    let jobs = batch.jobs.max(1);
    let total_bytes = sources
        .iter()
        .map(|s| s.len)
        .try_fold(0u64, |acc, len| len.map(|l| acc + l));
    let signals = crate::signals::signals();
    let idle = Arc::new(AtomicUsize::new(0));
    let settings = batch::Settings::new(batch.mode)
        .symbols(batch.symbols)
        .box_shape(batch.box_shape)
        .verify(batch.verify)
        .max_nodes(batch.max_nodes)
        .timeout(batch.timeout)
        .strategy(batch.strategy)
        .cancel(Some(Arc::clone(&signals.stop)))
        .idle((jobs > 1).then(|| Arc::clone(&idle)));
    let rules = batch::Rules::new(batch.variant.clone());
    let render = render::Render {
        names: sources.iter().map(|s| Arc::clone(&s.name)).collect(),
        format: batch.format,
        max_nodes: batch.max_nodes,
        timeout: batch.timeout,
    };
    let read_settings = ReadSettings::default()
        .input(batch.input.into())
        .box_shape(batch.box_shape)
        .column(batch.column.clone())
        .solution_column(batch.solution_column.clone());
    let writer_settings = output::WriterSettings {
        show: batch.show,
        progress: batch.progress,
        total_bytes,
        stdout_tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let mut writer = output::Writer::new(out, writer_settings, start);
    let task = batch.mode;
    let ended = Pipeline::new()
        .threads(jobs)
        .stop_flag(Arc::clone(&signals.stop))
        .idle_counter(Some(idle))
        .thread_name("dlx-sudoku")
        .run(
            chunks(sources, read_settings),
            || batch::Solver::new(&settings, &rules),
            |solver, chunk| render::solve_chunk(solver, &render, task, chunk),
            &mut writer,
        );
    if let Some(e) = writer.failed.take() {
        // Standard output failed (or was closed): stop everything; nothing more to say.
        return Err(e.into());
    }
    writer.finish(start)?;
    let mut summary = writer.summary;
    summary.interrupted |= signals.interrupted.load(Ordering::Relaxed);
    match ended {
        Ok(_) => Ok(summary),
        Err(e) if summary.interrupted => {
            let _ = e;
            Ok(summary)
        }
        Err(e) => Err(InputError(e).into()),
    }
}
