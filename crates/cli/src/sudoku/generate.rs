//! `dlx sudoku generate`: puzzles with one solution each, proved by the engine, made on every
//! core and written in order as they are made.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;
use sudoku::{
    puzzle_seed, GenerateSettings, Generated, Generator, Grade, Shape, Sudoku, Symbols, Symmetry,
    Technique,
};

use super::{OutputFormat, SymbolSet};
use crate::{signals::signals, InputError, Interrupted};

/// The names `--difficulty` takes, read by the library's own parser.
fn grade_parser() -> impl clap::builder::TypedValueParser<Value = Grade> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Grade::ALL.map(Grade::name))
        .map(|name| name.parse::<Grade>().expect("one of the names"))
}

/// The names `--symmetry` takes, read by the library's own parser.
fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
        .map(|name| name.parse::<Symmetry>().expect("one of the names"))
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many puzzles to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The size (rows, columns and digits), with the squarest boxes: 4, 6, 9 (the default),
    /// 16, 25.
    #[arg(long, value_name = "N", conflicts_with = "box_shape")]
    pub size: Option<usize>,
    /// Boxes of ROWSxCOLS cells (2x3 makes 6x6 puzzles).
    #[arg(long = "box", value_name = "RxC", value_parser = super::parse_box)]
    pub box_shape: Option<Shape>,
    #[command(flatten)]
    pub variant: super::VariantArgs,
    /// The symmetry of the clue pattern: none, rotate180 (half a turn), rotate90 (a quarter
    /// turn), mirror (left to right) or diagonal (in the main diagonal).
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: Symmetry,
    /// Stop taking clues away at N (or one symmetry orbit fewer); the puzzles are then not
    /// minimal. Without it every puzzle is minimal: no clue can go without a second solution.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
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
    /// Threads (default: one per core).
    #[arg(short, long, value_name = "N", value_parser = crate::xc::parse_at_least_one, allow_negative_numbers = true)]
    pub jobs: Option<u64>,
    /// The most nodes one proof of uniqueness may take; a clue whose proof runs out stays, and
    /// the puzzle is not called minimal.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = crate::xc::parse_at_least_one, allow_negative_numbers = true)]
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
    grade: Option<&'static str>,
    score: Option<u64>,
    hardest: Option<&'static str>,
    guesses: Option<u64>,
    /// Puzzles made for this one (more than 1 with --difficulty).
    tries: u32,
    seed: u64,
}

/// Puzzles made at a time on the workers (written in order between chunks).
const CHUNK: u64 = 256;

pub fn run(args: &Args) -> Result<()> {
    let symbols: Symbols = args.symbols.into();
    let variant = args.variant.variant()?;
    let shape = match (args.box_shape, args.size, &variant.regions) {
        (Some(shape), _, _) => shape,
        (None, Some(n), _) => Shape::new(n).map_err(|e| InputError(e.to_string()))?,
        (None, None, Some(r)) => {
            Shape::new(r.size()).map_err(|e| InputError(format!("the regions' size: {e}")))?
        }
        (None, None, None) => Shape::CLASSIC,
    };
    let sudoku = Sudoku::new(shape, variant).map_err(|e| InputError(e.to_string()))?;
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
    let jobs = super::jobs(args.jobs);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("starting the worker threads")?;
    // Boxed, so that no two workers' generators share a cache line.
    let generators: Vec<Mutex<Option<Box<Generator>>>> =
        (0..jobs).map(|_| Mutex::new(None)).collect();
    let stop = &signals().stop;
    let start = Instant::now();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (mut made, mut not_minimal, mut missed) = (0u64, 0u64, 0u64);
    let (mut off_grade, mut tries) = (0u64, 0u64);
    let mut grades = [0u64; 4];
    let mut clue_counts = Vec::new();
    let mut node_counts = Vec::new();
    // Finished puzzles whose engine proof ran past --max-nodes (no node count).
    let mut long_proofs = 0u64;
    let mut first = args.count.min(CHUNK);
    let mut next = 0u64;
    let mut progress = Progress::new(args.count, args.progress, start);
    while next < args.count {
        if stop.load(Ordering::Relaxed) {
            progress.finish();
            out.flush()?;
            return Err(Interrupted(Some(format!(
                "{} of {} made",
                crate::plural(made, "puzzle"),
                args.count
            )))
            .into());
        }
        let end = (next + first).min(args.count);
        let batch: Vec<Result<Generated, sudoku::GenerateError>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    // One generator per worker, kept from chunk to chunk.
                    let k = rayon::current_thread_index().unwrap_or(0) % generators.len();
                    let mut slot = generators[k].lock().unwrap_or_else(|e| e.into_inner());
                    slot.get_or_insert_with(|| Box::new(Generator::new(&sudoku, settings.clone())))
                        .generate(puzzle_seed(seed, i))
                })
                .collect()
        });
        // The chunk's records at once, so a progress bar is moved out of the way once.
        let mut records = Vec::with_capacity((end - next) as usize * 100);
        for (i, made_one) in (next..end).zip(batch) {
            let g = match made_one {
                Ok(g) => g,
                Err(e) => {
                    // The puzzles before it are written: nothing made is lost.
                    progress.finish();
                    out.write_all(&records)?;
                    out.flush()?;
                    return Err(anyhow::anyhow!("puzzle {}: {e}", i + 1));
                }
            };
            write_one(&mut records, i + 1, &g, args.format, symbols)?;
            made += 1;
            not_minimal += u64::from(!g.minimal);
            missed += u64::from(args.clues.is_some_and(|t| g.clues > t));
            tries += u64::from(g.tries);
            if let Some(r) = &g.rating {
                grades[r.grade as usize] += 1;
                off_grade += u64::from(args.difficulty.is_some_and(|d| d != r.grade));
            }
            clue_counts.push(g.clues);
            match g.nodes {
                Some(nodes) => node_counts.push(nodes),
                None => long_proofs += 1,
            }
        }
        progress.suspend(|| {
            out.write_all(&records)?;
            out.flush()
        })?;
        next = end;
        first = CHUNK * jobs as u64;
        progress.update(next);
    }
    progress.finish();
    out.flush()?;
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(target) = args.clues {
        if missed > 0 {
            eprintln!(
                "dlx: {missed} of {} could not be brought down to {target} clues (no clue \
                 could go without a second solution)",
                crate::plural(made, "puzzle")
            );
        }
    } else if not_minimal > 0 {
        eprintln!(
            "dlx: {not_minimal} of {} not proved minimal: a proof ran past --max-nodes {}",
            crate::plural(made, "puzzle"),
            args.max_nodes
        );
    }
    if let Some(grade) = args.difficulty {
        if off_grade > 0 {
            eprintln!(
                "dlx: {off_grade} of {} not {grade}: none of {} tries made one (the last made \
                 is written)",
                crate::plural(made, "puzzle"),
                args.max_tries
            );
        }
    }
    clue_counts.sort_unstable();
    node_counts.sort_unstable();
    if let Some(path) = &args.plot {
        let title = format!(
            "{} {shape}, seed {seed}{}: {} with a proof under --max-nodes",
            crate::plural(made, "puzzle"),
            args.difficulty
                .map_or(String::new(), |d| format!(", --difficulty {d}")),
            node_counts.len()
        );
        let svg = super::plot::svg(&super::plot::Distributions {
            title: &title,
            clues: &clue_counts,
            nodes: &node_counts,
            grades,
        });
        std::fs::write(path, svg)
            .map_err(|e| InputError(format!("cannot write {}: {e}", path.display())))?;
    }
    if args.stats {
        let mid = |v: &[u64]| v.get(v.len() / 2).copied().unwrap_or(0);
        let clues: Vec<u64> = clue_counts.iter().map(|&c| c as u64).collect();
        let long = match (node_counts.is_empty(), long_proofs) {
            (_, 0) => String::new(),
            (false, k) => format!(" ({k} past --max-nodes)"),
            (true, _) => " (every one past --max-nodes)".to_string(),
        };
        eprintln!(
            "{} {shape} (seed {seed}) in {elapsed:.3} s, {:.0} a second on {}; clues min {} \
             median {} max {}; nodes of the proof median {} max {}{long}",
            crate::plural(made, "puzzle"),
            made as f64 / elapsed.max(1e-9),
            crate::plural(jobs as u64, "thread"),
            clues.first().unwrap_or(&0),
            mid(&clues),
            clues.last().unwrap_or(&0),
            mid(&node_counts),
            node_counts.last().unwrap_or(&0),
        );
        let grades: Vec<String> = Grade::ALL
            .iter()
            .map(|g| format!("{} {g}", grades[*g as usize]))
            .collect();
        let per = if args.difficulty.is_some() {
            format!(
                " ({:.1} made per puzzle kept)",
                tries as f64 / made.max(1) as f64
            )
        } else {
            String::new()
        };
        eprintln!("grades: {}{per}", grades.join(", "));
    }
    Ok(())
}

/// Progress on standard error: a bar when it is a terminal (after half a second), a line every
/// 2 s with --progress, else nothing.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    lines: bool,
    total: u64,
    start: Instant,
    last: Instant,
    terminal: bool,
}

impl Progress {
    fn new(total: u64, lines: bool, start: Instant) -> Progress {
        Progress {
            bar: None,
            lines,
            total,
            start,
            last: start,
            terminal: io::stderr().is_terminal(),
        }
    }

    fn update(&mut self, made: u64) {
        let now = Instant::now();
        let rate = made as f64 / now.duration_since(self.start).as_secs_f64().max(1e-9);
        if self.terminal {
            if self.bar.is_none() && now.duration_since(self.start).as_millis() >= 500 {
                let bar = indicatif::ProgressBar::with_draw_target(
                    Some(self.total),
                    indicatif::ProgressDrawTarget::stderr(),
                )
                .with_style(
                    indicatif::ProgressStyle::with_template(
                        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} (eta {eta})",
                    )
                    .expect("a valid template"),
                );
                self.bar = Some(bar);
            }
            if let Some(bar) = &self.bar {
                bar.set_position(made);
                bar.set_message(format!("{rate:.0}/s"));
            }
        } else if self.lines && now.duration_since(self.last).as_secs() >= 2 {
            self.last = now;
            eprintln!(
                "dlx: {made} of {} puzzles made, {rate:.0} per second",
                self.total
            );
        }
    }

    /// Runs `f` (a write to standard output) with the bar out of the way.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

fn write_one(
    out: &mut impl Write,
    index: u64,
    g: &Generated,
    format: OutputFormat,
    symbols: Symbols,
) -> Result<()> {
    match format {
        OutputFormat::Line => writeln!(out, "{}", sudoku::to_line(&g.puzzle, symbols))?,
        OutputFormat::Grid => writeln!(out, "{}", sudoku::to_grid(&g.puzzle, symbols))?,
        OutputFormat::Pretty => writeln!(out, "{}", sudoku::to_pretty(&g.puzzle, symbols))?,
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
