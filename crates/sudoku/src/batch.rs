//! Batches of puzzles: what each puzzle of an input comes to (a [`Record`]: solved, unique,
//! invalid and why, ...), and the totals of a batch ([`Summary`], with exact quantiles of the
//! nodes).
//!
//! [`solve_all`] solves a whole input on every core and hands the records over in input order,
//! a million puzzles in a few MiB of memory:
//!
//! ```
//! use std::ops::ControlFlow;
//! use sudoku::batch::{self, Rules, Settings, Task};
//! use sudoku::read::{ReadSettings, Reader};
//!
//! let file = std::io::Cursor::new("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
//!     52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n");
//! let reader = Reader::new(file, ReadSettings::default());
//! let (settings, rules) = (Settings::new(Task::Unique), Rules::default());
//! let summary = batch::solve_all(reader, &settings, &rules, 0, |record, entry| {
//!     println!("line {}: {} in {:?} nodes", entry.line, record.status, record.nodes);
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!((summary.puzzles, summary.unique), (2, 2));
//! # Ok::<(), sudoku::read::ReadError>(())
//! ```
//!
//! Underneath, a [`Solver`] per worker turns the [`Entry`]s of a [`crate::read::Reader`] into
//! records, and [`Rules`] are shared by the workers; the ordered pipeline of
//! [`crate::pipeline`] runs them. Use those directly to do more in the workers (the `dlx`
//! command line writes each record's text there).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use dlx::{Limits, StopReason};

use crate::geometry::{Variant, VariantError};
use crate::grid::Grid;
use crate::killer::KillerError;
use crate::rate::{Grade, RateError, Rater, Rating};
use crate::read::{Entry, EntryError, KillerEntry};
use crate::rules::{PuzzleError, Strategy, Sudoku, SudokuSolver};
use crate::shape::{Cell, Shape};
use crate::text::Symbols;

/// What a batch does with each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// Find a solution.
    Solve,
    /// Count the solutions, up to a limit.
    Count(u64),
    /// Say whether there are none, one or several (count up to 2).
    Unique,
    /// Find every solution, up to a limit.
    All(u64),
    /// Grade by the techniques a person needs, once the engine has proved the puzzle unique;
    /// with `explain`, keep each step.
    Rate {
        /// Keep the steps.
        explain: bool,
    },
}

/// How a batch searches.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// What to do with each puzzle.
    pub task: Task,
    /// The symbols puzzles are read in (`None`: detected per puzzle).
    pub symbols: Option<Symbols>,
    /// The shape, when known (else from each puzzle's cells).
    pub box_shape: Option<Shape>,
    /// Compare each solution with the one the input gives (CSV), a mismatch a record of its
    /// own ([`Status::Mismatch`]).
    pub verify: bool,
    /// The most nodes one puzzle's search may take.
    pub max_nodes: Option<u64>,
    /// The longest one puzzle's search may take.
    pub timeout: Option<Duration>,
    /// How each puzzle is searched.
    pub strategy: Strategy,
    /// Stops every search (Ctrl-C): a puzzle whose search it stops gets no record.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Workers waiting for work (see [`crate::pipeline::Pipeline::idle_counter`]): a count
    /// with many solutions takes them over.
    pub idle: Option<Arc<AtomicUsize>>,
}

impl Settings {
    /// The settings of a batch that does `task`, with no limit, symbols and shape detected.
    pub fn new(task: Task) -> Settings {
        Settings {
            task,
            symbols: None,
            box_shape: None,
            verify: false,
            max_nodes: None,
            timeout: None,
            strategy: Strategy::Auto,
            cancel: None,
            idle: None,
        }
    }

    /// The symbols (`None` to detect them).
    pub fn symbols(mut self, symbols: Option<Symbols>) -> Settings {
        self.symbols = symbols;
        self
    }

    /// The shape (`None` to find it from each puzzle).
    pub fn box_shape(mut self, shape: Option<Shape>) -> Settings {
        self.box_shape = shape;
        self
    }

    /// Compare solutions with the input's.
    pub fn verify(mut self, on: bool) -> Settings {
        self.verify = on;
        self
    }

    /// The node limit of each puzzle (`None` for none).
    pub fn max_nodes(mut self, nodes: Option<u64>) -> Settings {
        self.max_nodes = nodes;
        self
    }

    /// The time limit of each puzzle (`None` for none).
    pub fn timeout(mut self, timeout: Option<Duration>) -> Settings {
        self.timeout = timeout;
        self
    }

    /// How puzzles are searched.
    pub fn strategy(mut self, strategy: Strategy) -> Settings {
        self.strategy = strategy;
        self
    }

    /// The cancel flag (`None` for none).
    pub fn cancel(mut self, cancel: Option<Arc<AtomicBool>>) -> Settings {
        self.cancel = cancel;
        self
    }

    /// The counter of idle workers (`None`: counts stay on their worker).
    pub fn idle(mut self, idle: Option<Arc<AtomicUsize>>) -> Settings {
        self.idle = idle;
        self
    }
}

/// The rules of every shape met, built the first time a puzzle of that shape comes and shared
/// by all workers; a variant that does not fit a shape is kept as its error.
#[derive(Debug)]
pub struct Rules {
    variant: Variant,
    table: Vec<OnceLock<Result<Sudoku, VariantError>>>,
}

const SIDE: usize = crate::MAX_SIZE + 1;

impl Default for Rules {
    fn default() -> Self {
        Rules::new(Variant::default())
    }
}

impl Rules {
    /// The rules of `variant`, for every shape.
    pub fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            table: (0..SIDE * SIDE).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The rules of one shape.
    pub fn get(&self, shape: Shape) -> Result<&Sudoku, &VariantError> {
        self.table[shape.box_rows() * SIDE + shape.box_cols()]
            .get_or_init(|| Sudoku::new(shape, self.variant.clone()))
            .as_ref()
    }
}

/// What became of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// Solved (with [`Task::Solve`], [`Task::Count`], [`Task::All`]).
    Solved,
    /// Exactly one solution.
    Unique,
    /// Two or more.
    Multiple,
    /// None.
    Unsolvable,
    /// Not a puzzle that could be searched (see [`Record::error`]).
    Invalid,
    /// A node or time limit stopped the search first.
    Stopped,
    /// Solved, but the input's solution is another (see [`Record::error`]).
    Mismatch,
}

impl Status {
    /// The status as records write it: `solved`, `unique`, ...
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Unsolvable => "unsolvable",
            Status::Invalid => "invalid",
            Status::Stopped => "stopped",
            Status::Mismatch => "mismatch",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a record is [`Status::Invalid`] or [`Status::Mismatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordError {
    /// The entry does not read as a puzzle.
    Unreadable(EntryError),
    /// The variant does not fit the puzzle's shape.
    Variant(VariantError),
    /// The givens break the rules, or do not fit.
    Givens(PuzzleError),
    /// The puzzle could not be graded.
    Grade(RateError),
    /// Our solution and the input's differ.
    Mismatch(Mismatch),
    /// A killer sudoku that does not read, or whose cages cannot all be met.
    Killer(KillerError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Unreadable(e) => write!(f, "{e}"),
            RecordError::Variant(e) => write!(f, "{e}"),
            RecordError::Givens(e) => write!(f, "{e}"),
            RecordError::Grade(e) => write!(f, "cannot grade: {e}"),
            RecordError::Mismatch(m) => write!(f, "{m}"),
            RecordError::Killer(e) => write!(f, "{e}"),
        }
    }
}

/// How the input's solution differs from ours.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// The input's solution does not read.
    Unreadable {
        /// Where in the solution's text, from 1.
        column: usize,
        /// What is wrong.
        kind: crate::text::ParseErrorKind,
    },
    /// The grids differ, first at `cell`.
    Differs {
        /// The first cell where they differ, row-major.
        cell: Cell,
        /// The input's digit there (0: blank).
        theirs: u8,
        /// Ours.
        ours: u8,
        /// The symbols to write them in.
        symbols: Symbols,
        /// What the input's grid is.
        verdict: Verdict,
    },
}

/// What the input's solution is, when it is not ours.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Not a full grid.
    Incomplete,
    /// It changes a given.
    ChangesAGiven,
    /// Another solution: the puzzle has more than one.
    AnotherSolution,
    /// It breaks the rules.
    BreaksTheRules(PuzzleError),
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Unreadable { column, kind } => write!(
                f,
                "the file's solution cannot be read: column {column}: {kind}"
            ),
            Mismatch::Differs {
                cell,
                theirs,
                ours,
                symbols,
                verdict,
            } => {
                let sym = |d: u8| {
                    if d == 0 {
                        ".".to_string()
                    } else {
                        symbols.label(d)
                    }
                };
                write!(
                    f,
                    "the file's solution differs from ours at {cell} (file {}, ours {})",
                    sym(*theirs),
                    sym(*ours)
                )?;
                match verdict {
                    Verdict::Incomplete => write!(f, "; it is not complete"),
                    Verdict::ChangesAGiven => write!(f, "; it changes a given"),
                    Verdict::AnotherSolution => {
                        write!(f, "; it is a solution too: the puzzle has more than one")
                    }
                    Verdict::BreaksTheRules(e) => write!(f, "; it breaks the rules: {e}"),
                }
            }
        }
    }
}

/// What one puzzle of a batch came to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// Its place in the batch, from 1 (as the caller numbers it).
    pub index: u64,
    /// The line of the input it starts on.
    pub line: usize,
    /// What became of it.
    pub status: Status,
    /// Why it is invalid, or how the input's solution differs.
    pub error: Option<RecordError>,
    /// The puzzle, as read.
    pub puzzle: Option<Grid>,
    /// The symbols it was read in, and its answers are written in.
    pub symbols: Symbols,
    /// The solutions kept: one, or with [`Task::All`] every one found.
    pub grids: Vec<Grid>,
    /// The solutions found (not with [`Task::Solve`]).
    pub count: Option<u64>,
    /// Whether the search was exhausted, so that `count` is the total (not with
    /// [`Task::Solve`]).
    pub complete: Option<bool>,
    /// The search's nodes (none for a puzzle not searched).
    pub nodes: Option<u64>,
    /// Its updates.
    pub updates: Option<u64>,
    /// Its cleansings, as Knuth's `dlx2` counts them (a killer sudoku's search).
    pub cleansings: Option<u64>,
    /// How deep the guesses of a whole proof of uniqueness nest ([`Task::Unique`] and
    /// [`Task::Rate`]).
    pub depth: Option<u32>,
    /// The strategy that searched.
    pub strategy: Option<Strategy>,
    /// What stopped the search (a node or time limit), for a [`Status::Stopped`] record.
    pub stopped: Option<StopReason>,
    /// The grading ([`Task::Rate`]).
    pub rating: Option<Rating>,
    /// A killer sudoku's number of cages.
    pub cages: Option<usize>,
    /// What was asked of it.
    pub task: Task,
}

impl Record {
    fn new(index: u64, line: usize, symbols: Symbols, task: Task) -> Record {
        Record {
            index,
            line,
            status: Status::Invalid,
            error: None,
            puzzle: None,
            symbols,
            grids: Vec::new(),
            count: None,
            complete: None,
            nodes: None,
            updates: None,
            cleansings: None,
            depth: None,
            strategy: None,
            stopped: None,
            rating: None,
            cages: None,
            task,
        }
    }

    /// Whether the cancel flag stopped its search (the batch is stopping).
    pub fn cancelled(&self) -> bool {
        self.stopped == Some(StopReason::Cancelled)
    }

    /// The puzzle on one line, row-major, as its JSON record carries it so that it can be fed
    /// back: a line as it was written; a grid or a board as the puzzle read (or, when it did not
    /// read, its lines joined by spaces).
    pub fn input_line(&self, entry: &Entry) -> String {
        match (entry.form, &self.puzzle) {
            (crate::read::Form::Line, _) => entry.text.clone(),
            (_, Some(puzzle)) => crate::to_line(puzzle, self.symbols),
            (_, None) => {
                let lines: Vec<&str> = entry
                    .text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect();
                lines.join(" ")
            }
        }
    }

    /// What the summary counts of it.
    pub fn tally(&self) -> Tally {
        Tally {
            status: self.status,
            nodes: self.nodes,
            grade: self.rating.as_ref().map(|r| r.grade),
            strategy: self.strategy,
        }
    }
}

/// A count (`Task::Count`) is first searched on its worker's thread for this many nodes; if it
/// needs more and other workers are idle (fewer puzzles than workers), it is searched again on
/// them too, with [`SudokuSolver::count_parallel`] (the figures are the same).
const PROBE_NODES: u64 = 1 << 17;

/// One worker's engines, one per shape met, and its graders: turns entries into records.
#[derive(Debug)]
pub struct Solver<'r> {
    settings: &'r Settings,
    rules: &'r Rules,
    engines: HashMap<Shape, SudokuSolver<'r>>,
    raters: HashMap<Shape, Rater<'r>>,
}

impl<'r> Solver<'r> {
    /// A worker's solver.
    pub fn new(settings: &'r Settings, rules: &'r Rules) -> Solver<'r> {
        Solver {
            settings,
            rules,
            engines: HashMap::new(),
            raters: HashMap::new(),
        }
    }

    /// The rules the puzzles are searched by.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// What `entry` comes to, as record number `index`. A search that the cancel flag stopped
    /// gives a [`Status::Stopped`] record with what it found so far, `stopped` being
    /// [`StopReason::Cancelled`] ([`Record::cancelled`]): the last record of a batch that is
    /// stopping.
    pub fn solve(&mut self, entry: &Entry, index: u64) -> Record {
        let settings = self.settings;
        let mut record = Record::new(
            index,
            entry.line,
            settings.symbols.unwrap_or_default(),
            settings.task,
        );
        let (grid, symbols) = match entry.parse(settings.box_shape, settings.symbols) {
            Ok(read) => read,
            Err(e) => {
                record.error = Some(RecordError::Unreadable(e));
                return record;
            }
        };
        record.symbols = symbols;
        let sudoku = match self.rules.get(grid.shape()) {
            Ok(sudoku) => sudoku,
            Err(e) => {
                record.error = Some(RecordError::Variant(e.clone()));
                return record;
            }
        };
        let task = settings.task;
        let solver = self.engines.entry(grid.shape()).or_insert_with(|| {
            // A proof of uniqueness reports how deep its guesses nest; other searches run
            // the engine's loop that does not count it.
            let proof = matches!(task, Task::Unique | Task::Rate { .. });
            sudoku
                .solver()
                .strategy(settings.strategy)
                .branch_depth(proof)
        });
        let (limit, keep) = match task {
            Task::Solve => (1, 1),
            Task::Count(limit) => (limit, 1),
            Task::Unique | Task::Rate { .. } => (2, 1),
            Task::All(limit) => (limit, usize::MAX),
        };
        let mut limits = Limits::none();
        limits = limits.cancel(settings.cancel.clone());
        limits = limits.nodes(settings.max_nodes);
        limits = limits.deadline(settings.timeout.map(|t| Instant::now() + t));
        let found = match (task, &settings.idle) {
            (Task::Count(limit), Some(idle)) => count(solver, &grid, limit, limits, settings, idle),
            _ => solver.search(&grid, keep, limits.solutions(limit)),
        };
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                record.error = Some(RecordError::Givens(e));
                record.puzzle = Some(grid);
                return record;
            }
        };
        record.nodes = Some(found.stats.nodes);
        record.updates = Some(found.stats.updates);
        // Of a whole proof only (a stopped search's is that of a part).
        record.depth = found.stats.branch_depth.filter(|_| found.is_complete());
        record.strategy = Some(solver.ran());
        record.status = match (task, found.count, found.stopped) {
            (_, _, Some(StopReason::NodeLimit | StopReason::Deadline | StopReason::Cancelled)) => {
                Status::Stopped
            }
            (_, 0, _) => Status::Unsolvable,
            (Task::Unique | Task::Rate { .. }, 1, _) => Status::Unique,
            (Task::Unique | Task::Rate { .. }, _, _) => Status::Multiple,
            _ => Status::Solved,
        };
        if let (Task::Rate { explain }, Status::Unique) = (task, record.status) {
            let rater = self
                .raters
                .entry(grid.shape())
                .or_insert_with(|| sudoku.rater().explain(explain));
            match rater.rate_with(&grid, &found.grids[0]) {
                Ok(rating) => record.rating = Some(rating),
                Err(e) => {
                    record.status = Status::Invalid;
                    record.error = Some(RecordError::Grade(e));
                }
            }
        }
        if record.status == Status::Stopped {
            record.stopped = found.stopped;
        }
        if task != Task::Solve {
            record.count = Some(found.count);
            record.complete = Some(found.is_complete());
        }
        if settings.verify {
            if let (Some(theirs), Some(ours)) = (&entry.solution, found.grids.first()) {
                if !theirs.is_empty() {
                    if let Some(why) = verify(sudoku, &grid, ours, theirs, symbols) {
                        record.status = Status::Mismatch;
                        record.error = Some(RecordError::Mismatch(why));
                    }
                }
            }
        }
        record.grids = found.grids;
        record.puzzle = Some(grid);
        record
    }
}

impl Solver<'_> {
    /// What a killer sudoku comes to, as record number `index` (a search the cancel flag stopped
    /// gives a stopped record, as [`Solver::solve`]). (The settings' symbols, shape, strategy and `verify` are not used:
    /// the puzzle says its shape, and is searched by dancing links with colors.)
    pub fn solve_killer(&mut self, entry: &KillerEntry, index: u64) -> Record {
        let settings = self.settings;
        let mut record = Record::new(
            index,
            entry.line,
            settings.symbols.unwrap_or_default(),
            settings.task,
        );
        let model = entry
            .killer
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|k| k.model());
        let model = match model {
            Ok(model) => model,
            Err(e) => {
                record.error = Some(RecordError::Killer(e));
                return record;
            }
        };
        record.cages = entry.killer.as_ref().ok().map(|k| k.cages().len());
        let task = settings.task;
        let mut limits = Limits::none();
        limits = limits.cancel(settings.cancel.clone());
        limits = limits.nodes(settings.max_nodes);
        limits = limits.deadline(settings.timeout.map(|t| Instant::now() + t));
        let (limit, keep) = match task {
            Task::Solve => (1, 1),
            Task::Unique | Task::Rate { .. } => (2, 2),
            Task::Count(limit) => (limit, 0),
            Task::All(limit) => (limit, usize::MAX),
        };
        let found = model.search(keep, limits.solutions(limit));
        let limited = found.stopped == Some(StopReason::SolutionLimit);
        record.status = match found.stopped {
            Some(_) if !limited => Status::Stopped,
            _ if found.count == 0 => Status::Unsolvable,
            _ if task == Task::Unique && found.count > 1 => Status::Multiple,
            _ if task == Task::Unique => Status::Unique,
            _ => Status::Solved,
        };
        if record.status == Status::Stopped {
            record.stopped = found.stopped;
        }
        // As for plain sudoku: a count only where one was asked for.
        if task != Task::Solve {
            record.count = Some(found.count);
            record.complete = Some(found.is_complete());
        }
        record.nodes = Some(found.stats.nodes);
        record.updates = Some(found.stats.updates);
        record.cleansings = Some(found.stats.cleansings);
        record.strategy = Some(Strategy::Dlx);
        record.puzzle = entry.killer.as_ref().ok().map(|k| k.givens().clone());
        record.grids = found.grids;
        record
    }
}

/// The one driver of a batch, whatever it reads and wherever its records go: `chunks` (of
/// puzzles, or of killer sudokus) are read on a thread of their own and searched on `threads`
/// workers (0: one per core), each with a [`Solver`] of its own made from `settings` and
/// `rules`; `work` turns a chunk into what `sink` takes (typed records, or their bytes in a
/// format), and `sink` takes them in input order on the calling thread. A worker left without
/// a chunk lends its core to a count that needs more (see [`Settings::idle`]); the settings'
/// cancel flag stops the whole batch. Returns how the run ended, or the error that ended the
/// reading (after the results of the chunks before it).
pub fn drive<C, R, E, K>(
    chunks: impl Iterator<Item = Result<C, E>> + Send + 'static,
    settings: &Settings,
    rules: &Rules,
    threads: usize,
    work: impl Fn(&mut Solver<'_>, C) -> R + Sync,
    sink: &mut K,
) -> Result<crate::pipeline::Ending, E>
where
    C: Send + 'static,
    E: Send + 'static,
    R: Send,
    K: crate::pipeline::Sink<R> + ?Sized,
{
    let idle = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut settings = settings.clone();
    settings.idle = (threads != 1).then(|| Arc::clone(&idle));
    let mut pipeline = crate::pipeline::Pipeline::new()
        .threads(threads)
        .idle_counter(Some(idle))
        .thread_name("sudoku-batch");
    if let Some(cancel) = &settings.cancel {
        pipeline = pipeline.stop_flag(Arc::clone(cancel));
    }
    pipeline.run(chunks, || Solver::new(&settings, rules), work, sink)
}

/// Solves every puzzle of `input` on `threads` workers (0: one per core) and hands each record,
/// with its entry, to `each` in input order; `each` may `Break` to end the batch early. A
/// cancel flag in `settings` stops the batch too: then `each` gets the records in order up to
/// the puzzle whose search it stopped (a stopped record). Returns the totals of the records handed over, or the error
/// that ended the reading (after the records before it). (The batch of [`drive`], to a
/// callback.)
pub fn solve_all<R: std::io::Read + Send + 'static>(
    input: crate::read::Reader<R>,
    settings: &Settings,
    rules: &Rules,
    threads: usize,
    each: impl FnMut(Record, Entry) -> ControlFlow<()>,
) -> Result<Summary, crate::read::ReadError> {
    /// Numbered entries in, records with their entries out.
    type Done = (Vec<(Record, Entry)>, bool);
    struct Each<F> {
        each: F,
        summary: Summary,
    }
    impl<F: FnMut(Record, Entry) -> ControlFlow<()>> crate::pipeline::Sink<Done> for Each<F> {
        fn take(&mut self, (records, cut): Done) -> ControlFlow<()> {
            for (record, entry) in records {
                self.summary.add(record.tally());
                (self.each)(record, entry)?;
            }
            if cut {
                self.summary.interrupted = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }
    let start = Instant::now();
    let numbered = input.batches(256).scan(1u64, |next, batch| {
        Some(batch.map(|batch| {
            let first = *next;
            *next += batch.entries.len() as u64;
            (first, batch.entries)
        }))
    });
    let mut sink = Each {
        each,
        summary: Summary::default(),
    };
    drive(
        numbered,
        settings,
        rules,
        threads,
        |solver, (first, entries): (u64, Vec<Entry>)| {
            let mut records = Vec::with_capacity(entries.len());
            for (k, entry) in entries.into_iter().enumerate() {
                let record = solver.solve(&entry, first + k as u64);
                let cancelled = record.cancelled();
                records.push((record, entry));
                if cancelled {
                    return (records, true);
                }
            }
            (records, false)
        },
        &mut sink,
    )?;
    let mut summary = sink.summary;
    summary.wall = start.elapsed();
    summary.interrupted |= settings
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(Ordering::Relaxed));
    Ok(summary)
}

/// A count of one puzzle: on this worker's thread, or, past [`PROBE_NODES`] nodes while other
/// workers are idle, on them too.
fn count(
    solver: &mut SudokuSolver<'_>,
    grid: &Grid,
    limit: u64,
    limits: Limits,
    settings: &Settings,
    idle: &AtomicUsize,
) -> Result<crate::Found, PuzzleError> {
    let probe = limits.clone().nodes(
        settings
            .max_nodes
            .map_or(PROBE_NODES, |m| m.min(PROBE_NODES)),
    );
    let found = solver.search(grid, 1, probe.solutions(limit))?;
    let probe_stopped = found.stopped == Some(StopReason::NodeLimit)
        && settings.max_nodes.is_none_or(|m| m > PROBE_NODES);
    if !probe_stopped {
        return Ok(found);
    }
    match idle.load(Ordering::Relaxed) {
        0 => solver.search(grid, 1, limits.solutions(limit)),
        idle => solver.count_parallel(grid, limits.solutions(limit), 1 + idle),
    }
}

/// Compares our solution with the one the input gives; says how they differ, if they do.
fn verify(
    sudoku: &Sudoku,
    puzzle: &Grid,
    ours: &Grid,
    theirs: &str,
    symbols: Symbols,
) -> Option<Mismatch> {
    let reader = crate::PuzzleReader::new().shape(Some(ours.shape()));
    let given = match reader.symbols(Some(symbols)).line(theirs) {
        Ok((g, _)) => g,
        Err(e) => {
            return Some(Mismatch::Unreadable {
                column: e.column,
                kind: e.kind,
            })
        }
    };
    let n = ours.shape().size();
    let k = (0..n * n).find(|&k| given.cells()[k] != ours.cells()[k])?;
    let cell = Cell {
        row: k / n,
        col: k % n,
    };
    // Is the input's grid a solution too (the puzzle has several), or wrong?
    let keeps_givens = puzzle.givens().all(|(c, d)| given.get(c) == d);
    let verdict = if !given.is_full() {
        Verdict::Incomplete
    } else if !keeps_givens {
        Verdict::ChangesAGiven
    } else {
        match sudoku.check(&given) {
            Ok(()) => Verdict::AnotherSolution,
            Err(e) => Verdict::BreaksTheRules(e),
        }
    };
    Some(Mismatch::Differs {
        cell,
        theirs: given.get(cell),
        ours: ours.get(cell),
        symbols,
        verdict,
    })
}

/// One record's part in a [`Summary`]: its status, the nodes of its search (none for a puzzle
/// not searched), its grade and the strategy that searched it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// What became of it.
    pub status: Status,
    /// Its search's nodes.
    pub nodes: Option<u64>,
    /// Its grade ([`Task::Rate`]).
    pub grade: Option<Grade>,
    /// The strategy that searched it.
    pub strategy: Option<Strategy>,
}

/// The totals of a batch: records by status, nodes with exact quantiles (in memory that grows
/// with the distinct node counts, not with the puzzles), grades, strategies.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Records.
    pub puzzles: u64,
    /// Records with a solution: `solved`, `unique`, `multiple` and `mismatch`.
    pub solved: u64,
    /// `unique` records.
    pub unique: u64,
    /// `multiple` records.
    pub multiple: u64,
    /// `unsolvable` records.
    pub unsolvable: u64,
    /// `invalid` records.
    pub invalid: u64,
    /// `stopped` records.
    pub stopped: u64,
    /// `mismatch` records.
    pub mismatch: u64,
    /// Nodes of each searched puzzle, as value → how many puzzles.
    nodes: BTreeMap<u64, u64>,
    nodes_total: u128,
    searched: u64,
    /// Puzzles graded, by grade, easiest first.
    grades: [u64; 4],
    /// Puzzles searched by dancing links, and by propagation.
    by_dlx: u64,
    by_propagate: u64,
    by_sat: u64,
    /// How long the batch took (set by whoever ran it, as [`solve_all`] does).
    pub wall: Duration,
    /// The batch was stopped (Ctrl-C, a cancel flag) before its input ended: the records
    /// counted are those of its first puzzles.
    pub interrupted: bool,
}

impl Summary {
    /// Counts one record.
    pub fn add(&mut self, tally: Tally) {
        self.puzzles += 1;
        match tally.status {
            Status::Solved => self.solved += 1,
            Status::Unique => {
                self.solved += 1;
                self.unique += 1;
            }
            Status::Multiple => {
                self.solved += 1;
                self.multiple += 1;
            }
            Status::Mismatch => {
                self.solved += 1;
                self.mismatch += 1;
            }
            Status::Unsolvable => self.unsolvable += 1,
            Status::Invalid => self.invalid += 1,
            Status::Stopped => self.stopped += 1,
        }
        if let Some(g) = tally.grade {
            self.grades[g as usize] += 1;
        }
        match tally.strategy {
            Some(Strategy::Propagate) => self.by_propagate += 1,
            Some(Strategy::Sat) => self.by_sat += 1,
            Some(_) => self.by_dlx += 1,
            None => {}
        }
        if let Some(n) = tally.nodes {
            *self.nodes.entry(n).or_default() += 1;
            self.nodes_total += u128::from(n);
            self.searched += 1;
        }
    }

    /// Adds another summary's counts (of other records).
    pub fn merge(&mut self, other: &Summary) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.unsolvable += other.unsolvable;
        self.invalid += other.invalid;
        self.stopped += other.stopped;
        self.mismatch += other.mismatch;
        for (&n, &k) in &other.nodes {
            *self.nodes.entry(n).or_default() += k;
        }
        self.nodes_total += other.nodes_total;
        self.searched += other.searched;
        for (g, k) in self.grades.iter_mut().zip(other.grades) {
            *g += k;
        }
        self.by_dlx += other.by_dlx;
        self.by_propagate += other.by_propagate;
        self.by_sat += other.by_sat;
        self.wall = self.wall.max(other.wall);
        self.interrupted |= other.interrupted;
    }

    /// Records per second of [`Summary::wall`] (0 if no time was taken).
    pub fn per_second(&self) -> f64 {
        let secs = self.wall.as_secs_f64();
        if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        }
    }

    /// Records that were searched (and have a node count).
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// The nodes of the record at rank `ceil(q * searched)` (nearest rank), 0 if none.
    pub fn nodes_quantile(&self, q: f64) -> u64 {
        if self.searched == 0 {
            return 0;
        }
        let rank = ((q * self.searched as f64).ceil() as u64).clamp(1, self.searched);
        let mut seen = 0;
        for (&value, &count) in &self.nodes {
            seen += count;
            if seen >= rank {
                return value;
            }
        }
        0
    }

    /// The mean nodes of the records searched (0 if none).
    pub fn nodes_mean(&self) -> f64 {
        if self.searched == 0 {
            0.0
        } else {
            self.nodes_total as f64 / self.searched as f64
        }
    }

    /// The nodes of every record searched, added up.
    pub fn nodes_total(&self) -> u128 {
        self.nodes_total
    }

    /// The most nodes of one record.
    pub fn nodes_max(&self) -> u64 {
        self.nodes.keys().next_back().copied().unwrap_or(0)
    }

    /// Records graded, by grade: simple, easy, intermediate, expert.
    pub fn grades(&self) -> [u64; 4] {
        self.grades
    }

    /// Records searched by dancing links, by propagation, and answered by the SAT solver.
    pub fn strategies(&self) -> (u64, u64, u64) {
        (self.by_dlx, self.by_propagate, self.by_sat)
    }
}

/// The summary for a person, as `dlx sudoku --stats` prints it: the records by status, the
/// strategies, the nodes' mean, median, 99th percentile and maximum, the grades, the time.
impl Summary {
    /// The sentence for the records a limit stopped, `None` when none was: `2 of 10 puzzles
    /// stopped by --max-nodes 1000 before the search finished; their records say `stopped``,
    /// naming the limits set (`max_nodes`, `timeout`) as `names` does.
    pub fn stopped_sentence(
        &self,
        max_nodes: Option<u64>,
        timeout: Option<Duration>,
        names: &crate::read::SettingNames,
    ) -> Option<String> {
        let which = match self.stopped {
            0 => return None,
            1 => "its record says",
            _ => "their records say",
        };
        let nodes = max_nodes.map(|n| format!("{} {n}", names.max_nodes));
        let time = timeout.map(|t| format!("{} {}", names.timeout, t.as_secs_f64()));
        let limits: Vec<String> = nodes.into_iter().chain(time).collect();
        let limits = match limits.is_empty() {
            true => "a limit".to_string(),
            false => limits.join(" or "),
        };
        Some(format!(
            "{} of {} stopped by {limits} before the search finished; {which} `stopped`",
            self.stopped,
            crate::plural(self.puzzles, "puzzle")
        ))
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} puzzle{}: {} solved",
            self.puzzles,
            plural(self.puzzles),
            self.solved
        )?;
        if self.unique + self.multiple > 0 {
            write!(f, " ({} unique, {} multiple)", self.unique, self.multiple)?;
        }
        write!(
            f,
            ", {} unsolvable, {} invalid, {} stopped",
            self.unsolvable, self.invalid, self.stopped
        )?;
        if self.mismatch > 0 {
            write!(f, ", {} not matching the file's solution", self.mismatch)?;
        }
        writeln!(f)?;
        if self.searched > 0 {
            // What the nodes count: dancing links nodes, propagation's tries, the SAT
            // solver's decisions, or several.
            let (d, p, s) = self.strategies();
            let sat = format!("sat ({})", crate::SAT_SOLVER);
            let used: Vec<(&str, u64)> = [("dlx", d), ("propagate", p), (&*sat, s)]
                .into_iter()
                .filter(|&(_, k)| k > 0)
                .collect();
            match used.as_slice() {
                [] => writeln!(f, "solver: dlx")?,
                [(name, _)] => writeln!(f, "solver: {name}")?,
                _ => {
                    let each: Vec<String> = used.iter().map(|(n, k)| format!("{n} {k}")).collect();
                    writeln!(f, "solver: {}", each.join(", "))?
                }
            }
            writeln!(
                f,
                "nodes per puzzle searched: mean {:.1}, median {}, 99th percentile {}, max {}",
                self.nodes_mean(),
                self.nodes_quantile(0.5),
                self.nodes_quantile(0.99),
                self.nodes_max()
            )?;
        }
        if self.grades.iter().sum::<u64>() > 0 {
            let grades: Vec<String> = Grade::ALL
                .iter()
                .map(|g| format!("{} {g}", self.grades[*g as usize]))
                .collect();
            writeln!(f, "grades: {}", grades.join(", "))?;
        }
        writeln!(
            f,
            "time: {:.3} s, {:.0} puzzles per second",
            self.wall.as_secs_f64(),
            self.per_second()
        )?;
        if self.interrupted {
            writeln!(
                f,
                "interrupted: the records written are those of the first {} puzzle{}",
                self.puzzles,
                plural(self.puzzles)
            )?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
pub use serialize::RecordJson;

/// Records and summaries as JSON (or any serde format), with the feature `serde`, as the `dlx`
/// command line writes them (`docs/formats.md` lists the keys).
#[cfg(feature = "serde")]
mod serialize {
    use std::sync::Arc;

    use serde::ser::{Serialize, SerializeMap, Serializer};

    use super::{Record, Status, Summary, Task};
    use crate::rate::Technique;

    /// A record as JSON with what it came from: the input's name, the puzzle's line as read,
    /// its title, a CSV line's other columns, and the error in the caller's words. A
    /// [`Record`] serializes as this view with none of them (its problem in the library's
    /// words).
    ///
    /// Keys, in order, each only where it applies: `index`, `file`, `line_no`, `input`,
    /// `title`, `status`, `solution`, `grids` ([`Task::All`]), `count`, `complete`, `nodes`,
    /// `updates`, `cleansings`, `cages`, `depth`, `solver`, `stopped_by`, `error`; for a
    /// graded unique puzzle `puzzle`, `grade`, `score`, `hardest`, `guesses`, `techniques`
    /// (the steps of each technique used) and with `explain` `steps`; then `columns`.
    #[derive(Debug, Clone, Copy)]
    pub struct RecordJson<'a> {
        record: &'a Record,
        file: Option<&'a str>,
        input: Option<&'a str>,
        title: Option<&'a str>,
        columns: &'a [(Arc<str>, String)],
        error: Option<&'a str>,
    }

    impl<'a> RecordJson<'a> {
        /// The record alone.
        pub fn new(record: &'a Record) -> RecordJson<'a> {
            RecordJson {
                record,
                file: None,
                input: None,
                title: None,
                columns: &[],
                error: None,
            }
        }

        /// The name of the input it came from (`file`).
        pub fn file(mut self, name: &'a str) -> Self {
            self.file = Some(name);
            self
        }

        /// The puzzle as read, on one line (`input`; see [`Record::input_line`]).
        pub fn input(mut self, line: Option<&'a str>) -> Self {
            self.input = line;
            self
        }

        /// The title line before the puzzle (`title`).
        pub fn title(mut self, title: Option<&'a str>) -> Self {
            self.title = title;
            self
        }

        /// A CSV line's other columns, passed through (`columns`, an object in the file's
        /// order).
        pub fn columns(mut self, columns: &'a [(Arc<str>, String)]) -> Self {
            self.columns = columns;
            self
        }

        /// Why the record is invalid or mismatched, in the caller's words (`error`; by default
        /// the problem's message).
        pub fn error(mut self, message: Option<&'a str>) -> Self {
            self.error = message;
            self
        }
    }

    /// Writes `key: value` when there is a value.
    fn maybe<M: SerializeMap, T: Serialize>(
        map: &mut M,
        key: &'static str,
        value: Option<T>,
    ) -> Result<(), M::Error> {
        match value {
            Some(v) => map.serialize_entry(key, &v),
            None => Ok(()),
        }
    }

    impl Serialize for RecordJson<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let r = self.record;
            let line = |g: &crate::Grid| crate::to_line(g, r.symbols);
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("index", &r.index)?;
            maybe(&mut map, "file", self.file)?;
            map.serialize_entry("line_no", &r.line)?;
            maybe(&mut map, "input", self.input)?;
            maybe(&mut map, "title", self.title)?;
            map.serialize_entry("status", r.status.name())?;
            maybe(&mut map, "solution", r.grids.first().map(line))?;
            if let Task::All(_) = r.task {
                let grids: Vec<String> = r.grids.iter().map(line).collect();
                map.serialize_entry("grids", &grids)?;
            }
            maybe(&mut map, "count", r.count)?;
            maybe(&mut map, "complete", r.complete)?;
            maybe(&mut map, "nodes", r.nodes)?;
            maybe(&mut map, "updates", r.updates)?;
            maybe(&mut map, "cleansings", r.cleansings)?;
            maybe(&mut map, "cages", r.cages)?;
            maybe(&mut map, "depth", r.depth)?;
            maybe(&mut map, "solver", r.strategy.map(|s| s.name()))?;
            let stopped = r.stopped.filter(|_| r.status == Status::Stopped);
            maybe(&mut map, "stopped_by", stopped.map(stop_name))?;
            match (self.error, &r.error) {
                (Some(e), _) => map.serialize_entry("error", e)?,
                (None, Some(p)) => map.serialize_entry("error", &p.to_string())?,
                (None, None) => {}
            }
            let rating = r.rating.as_ref().filter(|_| r.status == Status::Unique);
            if let Some(rating) = rating {
                maybe(&mut map, "puzzle", r.puzzle.as_ref().map(line))?;
                map.serialize_entry("grade", rating.grade.name())?;
                map.serialize_entry("score", &rating.score)?;
                map.serialize_entry("hardest", &rating.hardest.map(Technique::id))?;
                map.serialize_entry("guesses", &rating.guesses)?;
                map.serialize_entry("techniques", &Techniques(&rating.counts))?;
                if let Task::Rate { explain: true } = r.task {
                    let steps: Vec<String> =
                        rating.steps.iter().map(|s| s.explain(r.symbols)).collect();
                    map.serialize_entry("steps", &steps)?;
                }
            }
            if !self.columns.is_empty() {
                map.serialize_entry("columns", &Columns(self.columns))?;
            }
            map.end()
        }
    }

    /// The techniques a grading used, easiest first, as an object of counts.
    struct Techniques<'a>(&'a [u64; 11]);

    impl Serialize for Techniques<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let used = || {
                Technique::ALL
                    .into_iter()
                    .filter(|&t| self.0[t as usize] > 0)
            };
            let mut map = s.serialize_map(Some(used().count()))?;
            for t in used() {
                map.serialize_entry(t.id(), &self.0[t as usize])?;
            }
            map.end()
        }
    }

    /// A CSV line's other columns, as an object in the file's order.
    struct Columns<'a>(&'a [(Arc<str>, String)]);

    impl Serialize for Columns<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in self.0 {
                map.serialize_entry(&**k, v)?;
            }
            map.end()
        }
    }

    impl Serialize for Record {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            RecordJson::new(self).serialize(s)
        }
    }

    /// What stopped a search, as records name it: the command line's words for its limits.
    fn stop_name(reason: dlx::StopReason) -> &'static str {
        match reason {
            dlx::StopReason::NodeLimit => "max_nodes",
            dlx::StopReason::Deadline => "timeout",
            dlx::StopReason::Cancelled => "cancelled",
            dlx::StopReason::SolutionLimit => "limit",
            _ => "visitor",
        }
    }

    /// Rounds to `places` decimals, as the summary writes its rates and means.
    fn round(x: f64, places: i32) -> f64 {
        let p = 10f64.powi(places);
        (x * p).round() / p
    }

    /// The summary as the last JSON object of `dlx sudoku --format json`: `"summary": true`,
    /// the records by status, `interrupted`, `per_second`, the nodes' `nodes_mean`,
    /// `nodes_median`, `nodes_p99` and `nodes_max`, `solver` (puzzles by strategy), `grades`
    /// (when any was graded) and `wall_s`.
    impl Serialize for Summary {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("summary", &true)?;
            for (key, value) in [
                ("puzzles", self.puzzles),
                ("solved", self.solved),
                ("unique", self.unique),
                ("multiple", self.multiple),
                ("unsolvable", self.unsolvable),
                ("invalid", self.invalid),
                ("stopped", self.stopped),
                ("mismatch", self.mismatch),
            ] {
                map.serialize_entry(key, &value)?;
            }
            map.serialize_entry("interrupted", &self.interrupted)?;
            map.serialize_entry("per_second", &round(self.per_second(), 1))?;
            map.serialize_entry("nodes_mean", &round(self.nodes_mean(), 2))?;
            map.serialize_entry("nodes_median", &self.nodes_quantile(0.5))?;
            map.serialize_entry("nodes_p99", &self.nodes_quantile(0.99))?;
            map.serialize_entry("nodes_max", &self.nodes_max())?;
            map.serialize_entry(
                "solver",
                &Solvers(self.by_dlx, self.by_propagate, self.by_sat),
            )?;
            if self.grades.iter().sum::<u64>() > 0 {
                map.serialize_entry("grades", &Grades(self.grades))?;
            }
            map.serialize_entry("wall_s", &round(self.wall.as_secs_f64(), 4))?;
            map.end()
        }
    }

    /// Puzzles by strategy: `{"dlx": 95, "propagate": 5}`, and `"sat"` when the SAT solver
    /// answered any.
    struct Solvers(u64, u64, u64);

    impl Serialize for Solvers {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("dlx", &self.0)?;
            map.serialize_entry("propagate", &self.1)?;
            if self.2 > 0 {
                map.serialize_entry("sat", &self.2)?;
            }
            map.end()
        }
    }

    /// Puzzles by grade, easiest first.
    struct Grades([u64; 4]);

    impl Serialize for Grades {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(4))?;
            for &g in crate::Grade::ALL {
                map.serialize_entry(g.name(), &self.0[g as usize])?;
            }
            map.end()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(status: Status, nodes: Option<u64>) -> Tally {
        Tally {
            status,
            nodes,
            grade: None,
            strategy: None,
        }
    }

    #[test]
    fn the_stopped_sentence_names_the_limits_set() {
        let mut s = Summary::default();
        s.add(tally(Status::Unique, Some(3)));
        let names = crate::read::SettingNames {
            max_nodes: "--max-nodes",
            timeout: "--timeout",
            ..crate::read::SettingNames::LIBRARY
        };
        assert_eq!(s.stopped_sentence(Some(5), None, &names), None);
        s.add(tally(Status::Stopped, Some(5)));
        let one = s.stopped_sentence(Some(5), None, &names).unwrap();
        assert_eq!(
            one,
            "1 of 2 puzzles stopped by --max-nodes 5 before the search finished; its record says \
             `stopped`"
        );
        s.add(tally(Status::Stopped, None));
        let time = Some(Duration::from_millis(1500));
        let both = s.stopped_sentence(Some(5), time, &names).unwrap();
        assert!(both.starts_with("2 of 3 puzzles stopped by --max-nodes 5 or --timeout 1.5 "));
        assert!(both.ends_with("their records say `stopped`"));
        let library = s.stopped_sentence(None, time, &crate::read::SettingNames::LIBRARY);
        assert!(library.unwrap().contains("by Settings::timeout 1.5 before"));
        let neither = s.stopped_sentence(None, None, &names).unwrap();
        assert!(neither.contains("stopped by a limit before"));
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let mut s = Summary::default();
        for n in 1..=100 {
            s.add(tally(Status::Unique, Some(n)));
        }
        s.add(tally(Status::Invalid, None));
        assert_eq!(s.puzzles, 101);
        assert_eq!((s.solved, s.unique, s.invalid), (100, 100, 1));
        assert_eq!(s.nodes_quantile(0.5), 50);
        assert_eq!(s.nodes_quantile(0.99), 99);
        assert_eq!(s.nodes_quantile(1.0), 100);
        assert!((s.nodes_mean() - 50.5).abs() < 1e-9);
        let mut one = Summary::default();
        one.add(tally(Status::Solved, Some(7)));
        assert_eq!((one.nodes_quantile(0.5), one.nodes_quantile(0.99)), (7, 7));
        assert_eq!(Summary::default().nodes_quantile(0.5), 0);
    }

    #[test]
    fn merged_summaries_equal_one_summary() {
        let tallies: Vec<Tally> = (0..50u64)
            .map(|k| {
                let status = [Status::Unique, Status::Invalid, Status::Stopped][k as usize % 3];
                tally(status, (k % 7 != 0).then_some(k * 13 % 17))
            })
            .collect();
        let mut whole = Summary::default();
        tallies.iter().for_each(|&t| whole.add(t));
        let mut parts = Summary::default();
        for chunk in tallies.chunks(6) {
            let mut part = Summary::default();
            chunk.iter().for_each(|&t| part.add(t));
            parts.merge(&part);
        }
        assert_eq!(parts, whole);
    }

    /// Records come in input order, numbered across batches, on any number of threads; a
    /// `Break` ends the batch there.
    #[test]
    fn solve_all_hands_records_over_in_order() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "......2..3.1....",
            "11..............",
            "1234%",
        ];
        let text: String = (0..700).map(|k| format!("{}\n", puzzles[k % 4])).collect();
        let (settings, rules) = (Settings::new(Task::Unique), Rules::default());
        for threads in [1, 3] {
            let reader =
                crate::read::Reader::new(std::io::Cursor::new(text.clone()), Default::default());
            let mut seen = Vec::new();
            let summary = solve_all(reader, &settings, &rules, threads, |record, entry| {
                seen.push((record.index, entry.line, record.status));
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(summary.puzzles, 700);
            assert_eq!(
                (summary.unique, summary.multiple, summary.invalid),
                (175, 175, 350)
            );
            for (k, &(index, line, status)) in seen.iter().enumerate() {
                assert_eq!((index, line), (k as u64 + 1, k + 1));
                let want = [
                    Status::Unique,
                    Status::Multiple,
                    Status::Invalid,
                    Status::Invalid,
                ];
                assert_eq!(status, want[k % 4]);
            }
        }
        let reader = crate::read::Reader::new(std::io::Cursor::new(text), Default::default());
        let mut taken = 0;
        let summary = solve_all(reader, &settings, &rules, 2, |_, _| {
            taken += 1;
            if taken == 10 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!((taken, summary.puzzles), (10, 10));
    }

    /// With the `serde` feature, records and summaries write as JSON.
    #[cfg(feature = "serde")]
    #[test]
    fn records_and_summaries_serialize() {
        let (settings, rules) = (
            Settings::new(Task::Rate { explain: false }),
            Rules::default(),
        );
        let mut solver = Solver::new(&settings, &rules);
        let entry = crate::read::Reader::new(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .as_bytes(),
            Default::default(),
        )
        .next()
        .unwrap()
        .unwrap();
        let record = solver.solve(&entry, 7);
        let json: serde_json::Value = serde_json::to_value(&record).unwrap();
        assert_eq!(json["index"], 7);
        assert_eq!(json["line_no"], 1);
        assert_eq!(json["status"], "unique");
        assert_eq!(json["solution"].as_str().unwrap().len(), 81);
        assert!(json.get("file").is_none() && json.get("grids").is_none());
        assert!(json["grade"].is_string() && json["nodes"].as_u64().unwrap() > 0);
        assert!(json["techniques"]
            .as_object()
            .is_some_and(|t| !t.is_empty()));
        // With what the record came from, in the order the command line writes it.
        let columns = [(Arc::from("id"), "x1".to_string())];
        let input = record.input_line(&entry);
        let view = RecordJson::new(&record)
            .file("in.txt")
            .input(Some(&input))
            .columns(&columns);
        let text = serde_json::to_string(&view).unwrap();
        assert!(
            text.starts_with(r#"{"index":7,"file":"in.txt","line_no":1,"input":"4....."#),
            "{text}"
        );
        assert!(text.ends_with(r#""columns":{"id":"x1"}}"#), "{text}");
        let mut summary = Summary::default();
        summary.add(record.tally());
        summary.wall = Duration::from_millis(500);
        let json: serde_json::Value = serde_json::to_value(&summary).unwrap();
        assert_eq!(
            (json["puzzles"].as_u64(), json["unique"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(json["nodes_median"], json["nodes_max"]);
        assert_eq!(
            (json["summary"].as_bool(), json["per_second"].as_f64()),
            (Some(true), Some(2.0))
        );
        assert_eq!(
            json["grades"]["expert"].as_u64().unwrap()
                + json["grades"]["simple"].as_u64().unwrap()
                + json["grades"]["easy"].as_u64().unwrap()
                + json["grades"]["intermediate"].as_u64().unwrap(),
            1
        );
    }

    /// A cancelled search gives a stopped record with what it found, and ends the batch there.
    #[test]
    fn a_cancelled_search_is_a_stopped_record() {
        let cancel = Arc::new(AtomicBool::new(true));
        let settings = Settings::new(Task::Count(u64::MAX)).cancel(Some(Arc::clone(&cancel)));
        let rules = Rules::default();
        let mut solver = Solver::new(&settings, &rules);
        let entry = crate::read::Reader::new(".".repeat(81).as_bytes(), Default::default())
            .next()
            .unwrap()
            .unwrap();
        let record = solver.solve(&entry, 1);
        assert!(record.cancelled());
        assert_eq!(
            (record.status, record.complete),
            (Status::Stopped, Some(false))
        );
        // A stop set while the first count runs: that record, stopped, and no other.
        cancel.store(false, Ordering::SeqCst);
        let flag = Arc::clone(&cancel);
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::SeqCst);
        });
        let text = format!("{}\n", ".".repeat(81)).repeat(5);
        let reader = crate::read::Reader::new(std::io::Cursor::new(text), Default::default());
        let mut seen = Vec::new();
        let summary = solve_all(reader, &settings, &rules, 1, |record, _| {
            seen.push(record.status);
            ControlFlow::Continue(())
        })
        .unwrap();
        stopper.join().unwrap();
        assert_eq!(seen, [Status::Stopped]);
        assert_eq!((summary.puzzles, summary.stopped), (1, 1));
    }

    #[test]
    fn records_say_what_became_of_each_puzzle() {
        let (settings, rules) = (Settings::new(Task::Unique), Rules::default());
        let mut solver = Solver::new(&settings, &rules);
        let read = |text: &str| {
            crate::read::Reader::new(text.as_bytes(), Default::default())
                .next()
                .unwrap()
                .unwrap()
        };
        let unique = solver.solve(
            &read(
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ),
            1,
        );
        assert_eq!(
            (unique.status, unique.count, unique.complete),
            (Status::Unique, Some(1), Some(true))
        );
        assert_eq!(unique.grids.len(), 1);
        assert!(unique.nodes.is_some() && unique.depth.is_some());
        let several = solver.solve(&read("......2..3.1...."), 2);
        assert_eq!((several.status, several.count), (Status::Multiple, Some(2)));
        let clash = solver.solve(&read("11.............."), 3);
        assert_eq!(clash.status, Status::Invalid);
        assert!(matches!(clash.error, Some(RecordError::Givens(_))));
        let bad = solver.solve(&read("1234%"), 4);
        assert!(matches!(bad.error, Some(RecordError::Unreadable(_))));
        assert_eq!(bad.tally().nodes, None);
    }
}
