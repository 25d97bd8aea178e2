//! `dlx sudoku generate`: puzzles with one solution each, proved by the engine, made on every
//! core and written in order as they are made.

use std::io::{self, BufWriter};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use sudoku::pipeline::Pipeline;
use sudoku::print::GeneratedSink;
use sudoku::{Checkpoints, GenerateSettings, Grade, Settled, Shape, Sudoku, Symbols, Symmetry};

use super::flags::{self, OutputFormat, ProgressMode, SymbolSet, VariantArgs};
use super::output::{AroundBar, Progress};
use crate::signals::signals;
use crate::{InputError, Interrupted};

/// The names a flag takes (`--difficulty`, `--symmetry`), read by the library's own parser.
fn names<T>(
    all: &[T],
    name: fn(T) -> &'static str,
) -> impl clap::builder::TypedValueParser<Value = T>
where
    T: std::str::FromStr + Copy + Send + Sync + 'static,
{
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(all.iter().map(|&x| name(x)))
        .map(|name| name.parse::<T>().ok().expect("one of the names"))
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many puzzles to make (1 by default).
    #[arg(long, short = 'n', value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub number: Option<u64>,
    /// The old name of --number (elsewhere --count asks for a count of solutions).
    #[arg(long = "count", value_name = "N", hide = true, conflicts_with = "number", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub old_count: Option<u64>,
    /// The size (rows, columns and digits), with the squarest boxes: 4, 6, 9 (the default),
    /// 12, 16, 25, 36, up to 64 (a minimal 36x36 takes hours on two cores).
    #[arg(long, value_name = "N", conflicts_with = "box_shape")]
    pub size: Option<usize>,
    /// Boxes of ROWSxCOLS cells (2x3 makes 6x6 puzzles).
    #[arg(long = "box", value_name = "RxC", value_parser = flags::parse_box)]
    pub box_shape: Option<Shape>,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The symmetry of the clue pattern: none, rotate180 (half a turn), rotate90 (a quarter
    /// turn), mirror (left to right) or diagonal (in the main diagonal).
    #[arg(long, default_value = "none", value_parser = names(Symmetry::ALL, Symmetry::name))]
    pub symmetry: Symmetry,
    /// Stop taking clues away at N (or one symmetry orbit fewer); the puzzles are then not
    /// minimal. Without it each is, unless a proof runs past --max-nodes (stderr says so).
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Every puzzle minimal, no clue to spare (the default, as qqwing's; said for scripts that
    /// want it written down).
    #[arg(long, conflicts_with = "clues")]
    pub minimal: bool,
    /// Keep only puzzles of this grade by technique (as `dlx sudoku rate` grades them, on
    /// qqwing's scale): simple, easy, intermediate or expert.
    #[arg(long, value_name = "GRADE", value_parser = names(Grade::ALL, Grade::name))]
    pub difficulty: Option<Grade>,
    /// With --difficulty: the most puzzles made for one of that grade; past it the last one
    /// made is written, and the summary says how many missed.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "difficulty", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tries: u32,
    /// The seed: the same seed makes the same puzzles, on any number of threads (default: from
    /// the clock, printed with --stats).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Threads: N, or 0 for one per core (the default). With fewer puzzles than threads, the
    /// threads left over test each puzzle's removals (a 25x25 on two threads in about half the
    /// time); the puzzles are the same on any number.
    #[arg(short, long, value_name = "N", value_parser = crate::values::threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// The most nodes (the SAT solver's conflicts) one proof of uniqueness may take; a clue
    /// whose proof runs out stays, and the puzzle is not called minimal.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = crate::values::count, allow_negative_numbers = true)]
    pub max_nodes: u64,
    /// Output format (line: the puzzle on one line; json: puzzle, solution, clues, minimal,
    /// unproved, nodes, grade, score, hardest technique, guesses and seed).
    #[arg(long, value_enum, default_value_t = OutputFormat::Line)]
    pub format: OutputFormat,
    /// Symbols of the digits.
    #[arg(long, value_enum, default_value_t = SymbolSet::Default)]
    pub symbols: SymbolSet,
    /// Print a summary on standard error: puzzles, time, clues, nodes and grades.
    #[arg(long)]
    pub stats: bool,
    /// Draw the distributions of the puzzles made (clues, proof nodes, grades) into an SVG
    /// file.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// Show progress on standard error even when it is not a terminal (a line every 2 s): the
    /// puzzles made and the cells settled (a clue taken away or kept), so that one big puzzle
    /// shows how far it has gone. With --difficulty, the puzzles made.
    #[arg(long)]
    pub progress: bool,
    /// Save the puzzle being made to FILE after each clue settled or tested ahead, and go on
    /// from FILE where it exists: a run stopped (Ctrl-C, a job's time limit) makes the same
    /// puzzle when run again. Removed once the puzzle is written, kept after --clues (a lower
    /// target goes on from it). Needs --seed; one puzzle (-n 1), no --difficulty.
    #[arg(long, value_name = "FILE", requires = "seed")]
    pub checkpoint: Option<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Result<()> {
    let symbols: Symbols = args.symbols.into();
    if args.format == OutputFormat::Leetcode {
        return crate::refuse("generate writes line, grid, pretty or json, not leetcode");
    }
    let variant = args.variant.variant()?;
    let shape = variant.shape(args.box_shape, args.size);
    let shape = shape.map_err(|e| InputError(e.to_string()))?;
    let sudoku = Arc::new(Sudoku::new(shape, variant).map_err(|e| InputError(e.to_string()))?);
    let mode = flags::progress_mode(args.progress);
    // Without a grade asked for, each puzzle settles its n² cells once: the display counts
    // them, so that one big puzzle shows how far it has gone.
    let settled = (mode != ProgressMode::Off && args.difficulty.is_none()).then(Settled::new);
    let count = args.number.or(args.old_count).unwrap_or(1);
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let checkpoints = match &args.checkpoint {
        Some(_) if count != 1 || args.difficulty.is_some() => {
            return crate::refuse("--checkpoint saves one puzzle: -n 1, without --difficulty")
        }
        Some(path) => {
            let found = Checkpoints::file(path, &sudoku, Some(sudoku::puzzle_seed(seed, 0)));
            let found = found.map_err(|e| InputError(format!("{}: {e}", path.display())))?;
            if let Some(from) = found.from() {
                eprintln!("dlx: going on from {}: {from}", path.display());
            }
            Some(found)
        }
        None => None,
    };
    // The grades, and the engine's proof of each puzzle made (its nodes), where they are shown.
    let shown = args.format == OutputFormat::Json || args.stats || args.plot.is_some();
    let settings = GenerateSettings::default()
        .checkpoints(checkpoints)
        .settled(settled.clone())
        .symmetry(args.symmetry)
        .clues(args.clues)
        .max_nodes(args.max_nodes)
        .rate(shown)
        .count_nodes(shown)
        .grade(args.difficulty)
        .max_tries(args.max_tries);
    let jobs = crate::values::threads_to_use(args.jobs);
    if args.old_count.is_some() {
        eprintln!(
            "dlx: note: `generate --count N` is now `generate --number N` (or `-n N`); --count \
             means a count of solutions in the other commands"
        );
    }
    // The display counts the cells settled, n² a puzzle, or else the puzzles made.
    let each = settled
        .as_ref()
        .map_or(1, |_| (shape.size() * shape.size()) as u64);
    let total = count.saturating_mul(each);
    let start = Instant::now();
    // Open the plot first: a path that cannot be written fails before the work.
    let plot_file = crate::files::Output::create(args.plot.as_deref())?;
    let signals = signals();
    let mut out = AroundBar {
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        progress: Progress::new(mode, Some(total), settled.is_some(), start),
        tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let mut written = GeneratedSink {
        writer: super::output::writer(&mut out, None),
        format: args.format,
        symbols,
        rules: &sudoku,
        settled,
    };
    let pipeline = Pipeline::new()
        .threads(jobs)
        .stop_flag(Arc::clone(&signals.stop))
        .thread_name("dlx-generate");
    let t = sudoku::generate_all(&sudoku, &settings, seed, count, pipeline, &mut written);
    let (mut summary, _, _) = super::output::finish(written.writer, start)?;
    summary.interrupted |= signals.interrupted.load(Ordering::Relaxed);
    let made = summary.puzzles - summary.stopped;
    if summary.interrupted {
        return Err(Interrupted(Some(format!(
            "{} of {count} made",
            crate::plural(made, "puzzle")
        )))
        .into());
    }
    if let (Some(path), Some(e)) = (&args.checkpoint, &t.checkpoint) {
        return crate::refuse(format!("{}: {e}", path.display()));
    } else if let (Some(path), 1, None) = (&args.checkpoint, made, args.clues) {
        // Its work is in the output; kept after --clues, for a lower target to go on from.
        let _ = std::fs::remove_file(path);
    }
    let node_limit = format!("--max-nodes {}", args.max_nodes);
    for shortfall in t.shortfalls(&settings, &node_limit) {
        eprintln!("dlx: {shortfall}");
    }
    let run = sudoku::GenerateRun {
        shape,
        seed,
        elapsed: start.elapsed(),
        threads: jobs,
        grade: args.difficulty.map(|d| format!("--difficulty {d}")),
        node_limit: "--max-nodes",
    };
    if let Some(file) = plot_file {
        file.write(&t.chart(&run))?;
    }
    if args.stats {
        eprintln!("{}", t.text(&run));
    }
    super::output::stopped_records(&summary, Some(args.max_nodes), None)
}
