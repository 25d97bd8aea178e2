//! `dlx sudoku generate`: puzzles with one solution each, proved by the engine, made on every
//! core and written in order as they are made.

use std::io::{self, BufWriter, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use crate::signals::signals;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use sudoku::{
    puzzle_seed, GenerateSettings, Generated, Generator, Grade, Shape, Sudoku, Symbols, Symmetry,
    Technique,
};

use sudoku::batch::{Status, Tally};
use sudoku::pipeline::Pipeline;

use super::flags::{self, OutputFormat, SymbolSet, VariantArgs};
use super::output::{Writer, WriterSettings};
use super::render::Done;
use crate::{InputError, Interrupted};

/// The names `--difficulty` takes, read by the library's own parser.
fn grade_parser() -> impl clap::builder::TypedValueParser<Value = Grade> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Grade::ALL.iter().map(|&x| Grade::name(x)))
        .map(|name| name.parse::<Grade>().expect("one of the names"))
}

/// The names `--symmetry` takes, read by the library's own parser.
fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Symmetry::ALL.iter().map(|&x| Symmetry::name(x)))
        .map(|name| name.parse::<Symmetry>().expect("one of the names"))
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
    /// 16, 25.
    #[arg(long, value_name = "N", conflicts_with = "box_shape")]
    pub size: Option<usize>,
    /// Boxes of ROWSxCOLS cells (2x3 makes 6x6 puzzles).
    #[arg(long = "box", value_name = "RxC", value_parser = flags::parse_box)]
    pub box_shape: Option<Shape>,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The symmetry of the clue pattern: none, rotate180 (half a turn), rotate90 (a quarter
    /// turn), mirror (left to right) or diagonal (in the main diagonal).
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: Symmetry,
    /// Stop taking clues away at N (or one symmetry orbit fewer); the puzzles are then not
    /// minimal. Without it every puzzle is minimal: no clue can go without a second solution.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Every puzzle minimal, no clue to spare (the default, as qqwing's; said for scripts that
    /// want it written down).
    #[arg(long, conflicts_with = "clues")]
    pub minimal: bool,
    /// Keep only puzzles of this grade by technique (as `dlx sudoku rate` grades them, on
    /// qqwing's scale): simple, easy, intermediate or expert.
    #[arg(long, value_name = "GRADE", value_parser = grade_parser())]
    pub difficulty: Option<Grade>,
    /// With --difficulty: the most puzzles made for one of that grade; past it the last one
    /// made is written, and the summary says how many missed.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "difficulty", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tries: u32,
    /// The seed: the same seed makes the same puzzles, on any number of threads (default: from
    /// the clock, printed with --stats).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Threads: N, or 0 for one per core (the default).
    #[arg(short, long, value_name = "N", value_parser = crate::values::threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// The most nodes one proof of uniqueness may take; a clue whose proof runs out stays, and
    /// the puzzle is not called minimal.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = crate::values::count, allow_negative_numbers = true)]
    pub max_nodes: u64,
    /// Output format (line: the puzzle on one line; json: puzzle, solution, clues, minimal,
    /// nodes, grade, score, hardest technique, guesses and seed).
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
    /// Show progress on standard error even when it is not a terminal (a line every 2 s).
    #[arg(long)]
    pub progress: bool,
}

/// One puzzle, as `--format json` writes it.
#[derive(Serialize)]
struct Record<'a> {
    index: u64,
    puzzle: &'a str,
    solution: &'a str,
    clues: usize,
    minimal: bool,
    nodes: Option<u64>,
    /// How deep the guesses of that proof nest (0: every step forced).
    depth: Option<u32>,
    /// The strategy of the proof whose nodes `nodes` counts: `dlx` or `propagate`.
    solver: &'static str,
    grade: Option<&'static str>,
    score: Option<u64>,
    hardest: Option<&'static str>,
    guesses: Option<u64>,
    /// Puzzles made for this one (more than 1 with --difficulty).
    tries: u32,
    seed: u64,
}

/// The most puzzles in a chunk of work (fewer when there are few, so every worker gets some).
const CHUNK: u64 = 64;

/// What `--stats`, `--plot` and the closing messages need, gathered by the workers (in any
/// order: only counts and sorted lists are read).
#[derive(Default)]
struct Tallies {
    clues: Vec<usize>,
    nodes: Vec<u64>,
    depths: Vec<u64>,
    /// Finished puzzles whose engine proof ran past --max-nodes (no node count).
    long_proofs: u64,
    not_minimal: u64,
    missed_clues: u64,
    off_grade: u64,
    tries: u64,
    grades: [u64; 4],
}

impl Tallies {
    fn add(&mut self, g: &Generated, clue_target: Option<usize>, difficulty: Option<Grade>) {
        self.not_minimal += u64::from(!g.minimal);
        self.missed_clues += u64::from(clue_target.is_some_and(|c| g.clues > c));
        self.tries += u64::from(g.tries);
        if let Some(r) = &g.rating {
            self.grades[r.grade as usize] += 1;
            self.off_grade += u64::from(difficulty.is_some_and(|d| d != r.grade));
        }
        self.clues.push(g.clues);
        match g.nodes {
            Some(nodes) => self.nodes.push(nodes),
            None => self.long_proofs += 1,
        }
        self.depths.extend(g.branch_depth.map(u64::from));
    }
}

pub fn run(args: &Args) -> Result<()> {
    let symbols: Symbols = args.symbols.into();
    if args.format == OutputFormat::Leetcode {
        return Err(
            InputError("generate writes line, grid, pretty or json, not leetcode".into()).into(),
        );
    }
    let variant = args.variant.variant()?;
    let shape = match (args.box_shape, args.size, &variant.regions) {
        (Some(shape), _, _) => shape,
        (None, Some(n), _) => Shape::new(n).map_err(|e| InputError(e.to_string()))?,
        (None, None, Some(r)) => r.shape(),
        (None, None, None) => Shape::CLASSIC,
    };
    let sudoku = Arc::new(Sudoku::new(shape, variant).map_err(|e| InputError(e.to_string()))?);
    let settings = GenerateSettings {
        symmetry: args.symmetry,
        clues: args.clues,
        max_nodes: args.max_nodes,
        rate: args.format == OutputFormat::Json || args.stats || args.plot.is_some(),
        grade: args.difficulty,
        max_tries: args.max_tries,
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let jobs = flags::jobs(args.jobs);
    if args.old_count.is_some() {
        eprintln!(
            "dlx: note: `generate --count N` is now `generate --number N` (or `-n N`); --count \
             means a count of solutions in the other commands"
        );
    }
    let count = args.number.or(args.old_count).unwrap_or(1);
    let start = Instant::now();
    // Open the plot first: a path that cannot be written fails before the work.
    let mut plot_file = match &args.plot {
        Some(path) => Some(crate::files::create_output(path)?),
        None => None,
    };
    let signals = signals();
    let tallies = Mutex::new(Tallies::default());
    // Chunks small enough that every worker gets several, at most CHUNK puzzles: the puzzles
    // `first..end` (from 0) to make.
    let chunk = (count / (8 * jobs as u64)).clamp(1, CHUNK);
    let spans = (0..count.div_ceil(chunk))
        .map(move |k| Ok::<_, String>(k * chunk..((k + 1) * chunk).min(count)));
    let (format, difficulty, clue_target) = (args.format, args.difficulty, args.clues);
    let work = |generator: &mut Box<Generator<'_>>, span: std::ops::Range<u64>| {
        let n = (span.end - span.start) as usize;
        let mut done = Done {
            out: Vec::with_capacity(n * 100),
            ends: Vec::with_capacity(n),
            tallies: Vec::with_capacity(n),
            interrupted: false,
            bytes_end: span.end,
            drawing: None,
            broken: None,
        };
        let mut made = Vec::with_capacity(n);
        for i in span {
            if signals.stop.load(Ordering::Relaxed) {
                done.interrupted = true;
                break;
            }
            // Writing to a Vec cannot fail.
            let tally = match generator.generate(puzzle_seed(seed, i)) {
                Ok(g) => {
                    let solver = generator.strategy().name();
                    let _ = write_one(&mut done.out, i + 1, &g, solver, format, symbols, &sudoku);
                    let tally = Tally {
                        status: Status::Unique,
                        nodes: g.nodes,
                        grade: g.rating.as_ref().map(|r| r.grade),
                        strategy: g.nodes.map(|_| generator.strategy()),
                    };
                    made.push(g);
                    tally
                }
                Err(e) => {
                    let _ = write_failure(&mut done.out, i + 1, &e.to_string(), format);
                    Tally {
                        status: Status::Stopped,
                        nodes: None,
                        grade: None,
                        strategy: None,
                    }
                }
            };
            done.tallies.push(tally);
            done.ends.push(done.out.len());
        }
        let mut t = tallies.lock().unwrap_or_else(|e| e.into_inner());
        for g in &made {
            t.add(g, clue_target, difficulty);
        }
        done
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let writer_settings = WriterSettings {
        show: None,
        progress: flags::progress_mode(args.progress),
        total_bytes: Some(count),
        stdout_tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let mut writer = Writer::new(&mut out, writer_settings, start);
    // One generator per worker, boxed so that no two share a cache line.
    let ended = Pipeline::new()
        .threads(jobs)
        .stop_flag(Arc::clone(&signals.stop))
        .thread_name("dlx-generate")
        .run(
            spans,
            || Box::new(Generator::new(&sudoku, settings.clone())),
            work,
            &mut writer,
        );
    if let Some(e) = writer.failed.take() {
        return Err(e.into());
    }
    writer.finish(start)?;
    let mut summary = writer.summary;
    summary.interrupted |= signals.interrupted.load(Ordering::Relaxed);
    ended.map_err(InputError)?;
    out.flush()?;
    let made = summary.puzzles - summary.stopped;
    if summary.interrupted {
        return Err(Interrupted(Some(format!(
            "{} of {count} made",
            crate::plural(made, "puzzle")
        )))
        .into());
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut t = tallies.into_inner().unwrap_or_else(|e| e.into_inner());
    t.clues.sort_unstable();
    t.nodes.sort_unstable();
    t.depths.sort_unstable();
    if let Some(target) = args.clues {
        if t.missed_clues > 0 {
            eprintln!(
                "dlx: {} of {} could not be brought down to {target} clues (no clue \
                 could go without a second solution)",
                t.missed_clues,
                crate::plural(made, "puzzle")
            );
        }
    } else if t.not_minimal > 0 {
        eprintln!(
            "dlx: {} of {} not proved minimal: a proof ran past --max-nodes {}",
            t.not_minimal,
            crate::plural(made, "puzzle"),
            args.max_nodes
        );
    }
    if let Some(grade) = args.difficulty {
        if t.off_grade > 0 {
            eprintln!(
                "dlx: {} of {} not {grade}: none of {} tries made one (the last made \
                 is written)",
                t.off_grade,
                crate::plural(made, "puzzle"),
                args.max_tries
            );
        }
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "{} {shape}, seed {seed}{}: {} with a proof under --max-nodes",
            crate::plural(made, "puzzle"),
            args.difficulty
                .map_or(String::new(), |d| format!(", --difficulty {d}")),
            t.nodes.len()
        );
        let svg = super::plot::svg(&super::plot::Distributions {
            title: &title,
            clues: &t.clues,
            nodes: &t.nodes,
            grades: t.grades,
        });
        if let Some(file) = plot_file.as_mut() {
            file.write_all(svg.as_bytes())
                .map_err(|e| InputError(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    if args.stats {
        // The median by nearest rank (the lower middle of an even count), as `dlx sudoku
        // --stats` takes it.
        let mid = |v: &[u64]| {
            v.get(v.len().div_ceil(2).saturating_sub(1))
                .copied()
                .unwrap_or(0)
        };
        let clues: Vec<u64> = t.clues.iter().map(|&c| c as u64).collect();
        let long = match (t.nodes.is_empty(), t.long_proofs) {
            (_, 0) => String::new(),
            (false, k) => format!(" ({k} past --max-nodes)"),
            (true, _) => " (every one past --max-nodes)".to_string(),
        };
        eprintln!(
            "{} {shape} (seed {seed}) in {elapsed:.3} s, {} on {}; clues min {} \
             median {} max {}; nodes of the proof median {} max {}{long}, depth of its \
             guesses median {} max {}",
            crate::plural(made, "puzzle"),
            rate(made, elapsed),
            crate::plural(jobs as u64, "thread"),
            clues.first().unwrap_or(&0),
            mid(&clues),
            clues.last().unwrap_or(&0),
            mid(&t.nodes),
            t.nodes.last().unwrap_or(&0),
            mid(&t.depths),
            t.depths.last().unwrap_or(&0),
        );
        let grades: Vec<String> = Grade::ALL
            .iter()
            .map(|g| format!("{} {g}", t.grades[*g as usize]))
            .collect();
        let per = if args.difficulty.is_some() {
            format!(
                " ({:.1} made per puzzle kept)",
                t.tries as f64 / made.max(1) as f64
            )
        } else {
            String::new()
        };
        eprintln!("grades: {}{per}", grades.join(", "));
    }
    if summary.stopped > 0 {
        return Err(super::output::stopped_records(
            summary.stopped,
            summary.puzzles,
            Some(args.max_nodes),
            None,
        ));
    }
    Ok(())
}

/// Puzzles a second, to three significant digits or so, and below one a second the seconds
/// each puzzle took (large grids take a minute each).
fn rate(made: u64, elapsed: f64) -> String {
    let per_second = made as f64 / elapsed.max(1e-9);
    match per_second {
        r if r >= 100.0 => format!("{r:.0} a second"),
        r if r >= 1.0 => format!("{r:.1} a second"),
        _ if made == 0 => "none made".to_string(),
        r => format!("{r:.3} a second ({:.1} s each)", elapsed / made as f64),
    }
}

/// The record of a puzzle that could not be made (no solved grid within --max-nodes).
fn write_failure(
    out: &mut impl Write,
    index: u64,
    why: &str,
    format: OutputFormat,
) -> io::Result<()> {
    if format == OutputFormat::Json {
        let record = serde_json::json!({"index": index, "status": "stopped", "error": why});
        serde_json::to_writer(&mut *out, &record)?;
        return out.write_all(b"\n");
    }
    writeln!(out, "# stopped: puzzle {index}: {why}")
}

fn write_one(
    out: &mut impl Write,
    index: u64,
    g: &Generated,
    solver: &'static str,
    format: OutputFormat,
    symbols: Symbols,
    rules: &Sudoku,
) -> Result<()> {
    match format {
        OutputFormat::Line => writeln!(out, "{}", sudoku::to_line(&g.puzzle, symbols))?,
        OutputFormat::Grid => writeln!(out, "{}", sudoku::to_grid(&g.puzzle, symbols))?,
        OutputFormat::Pretty => writeln!(out, "{}", rules.to_pretty(&g.puzzle, symbols))?,
        OutputFormat::Leetcode => {
            return Err(InputError(
                "generate writes line, grid, pretty or json, not leetcode".into(),
            )
            .into())
        }
        OutputFormat::Json => {
            let puzzle = sudoku::to_line(&g.puzzle, symbols);
            let solution = sudoku::to_line(&g.solution, symbols);
            let record = Record {
                index,
                puzzle: &puzzle,
                solution: &solution,
                clues: g.clues,
                minimal: g.minimal,
                nodes: g.nodes,
                depth: g.branch_depth,
                solver,
                grade: g.rating.as_ref().map(|r| r.grade.name()),
                score: g.rating.as_ref().map(|r| r.score),
                hardest: g.rating.as_ref().and_then(|r| r.hardest.map(Technique::id)),
                guesses: g.rating.as_ref().map(|r| r.guesses),
                tries: g.tries,
                seed: g.seed,
            };
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn rates_read_at_every_scale() {
        assert_eq!(rate(2000, 1.15), "1739 a second");
        assert_eq!(rate(20, 1.92), "10.4 a second");
        assert_eq!(rate(4, 134.93), "0.030 a second (33.7 s each)");
        assert_eq!(rate(0, 3.0), "none made");
    }
}
