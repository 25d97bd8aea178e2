//! Making puzzles: a random solved grid, then clues taken away, in a random order, as long as
//! the engine proves the solution unique.
//!
//! For every shape and variant a [`Sudoku`] solves. The solved grid comes from a search of a
//! grid holding each digit once, at random cells (no two can clash), so the engine's first
//! solution is a different grid for every seed; then the cells are visited in a random order, a
//! symmetry orbit at a time ([`Symmetry`]), and an orbit is taken away when the puzzle without
//! it still has one solution (a count up to 2). An orbit kept was proved needed (its removal
//! gave a second solution), so one pass leaves a **minimal** puzzle: no orbit can go. Every
//! proof runs under a node limit ([`GenerateSettings::max_nodes`]; from 10x10 up, CaDiCaL's
//! conflicts where the SAT solver answers); an orbit whose check ran out is kept, and the
//! puzzle is then not claimed minimal ([`Generated::minimal`]).
//!
//! Puzzle `i` of a run with seed `s` depends on `(s, i)` alone ([`puzzle_seed`]): the same
//! seed gives the same puzzles on any number of threads.
//!
//! ```
//! use sudoku::{GenerateSettings, Generator, Sudoku, Symmetry, Uniqueness};
//! let sudoku = Sudoku::classic();
//! let settings = GenerateSettings::default().symmetry(Symmetry::Rotate180);
//! let mut generator = Generator::new(&sudoku, settings);
//! let made = generator.generate(sudoku::puzzle_seed(42, 0))?;
//! assert!(made.minimal);
//! assert!(matches!(sudoku.uniqueness(&made.puzzle)?, Uniqueness::Unique(g) if g == made.solution));
//! assert!(Symmetry::Rotate180.holds(&made.puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::checkpoint::{Checkpoint, Checkpoints};
use crate::grid::Grid;
use crate::logic::{Candidates, ClueCandidates, Deduce, Layout, Singles};
use crate::rate::{Grade, Rater, Rating};
use crate::rules::{Strategy, Sudoku, SudokuSolver};
use crate::shape::Cell;
use crate::symmetry::Symmetry;
use dlx::{Limits, StopReason};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// How puzzles are made: [`GenerateSettings::default`] and its builder methods.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateSettings {
    /// The clue pattern's symmetry.
    pub symmetry: Symmetry,
    /// Stop taking clues away at this many (or one orbit fewer); `None` takes away all it can.
    /// A puzzle stopped there is not minimal.
    pub clues: Option<usize>,
    /// The most nodes one proof of uniqueness may take (and the search for the solved grid);
    /// an orbit whose check runs out is kept. Where the SAT solver answers (from 10x10 up),
    /// CaDiCaL's conflicts; `splr`'s (where CaDiCaL is not built) are not bounded.
    pub max_nodes: u64,
    /// Grade each puzzle by technique ([`Generated::rating`]); on whenever `grade` is set.
    pub rate: bool,
    /// Prove each finished puzzle again with the engine, for its node count and depth
    /// ([`Generated::nodes`], a grade by search); on by default. Off, those are `None` and a
    /// big puzzle is made sooner (a 36x36's proof takes minutes); its last removal proved it
    /// unique all the same.
    pub count_nodes: bool,
    /// Make puzzles until one has this grade (qqwing's `--difficulty`), at most `max_tries`
    /// a puzzle; the last one made is returned if none has it.
    pub grade: Option<Grade>,
    /// The most puzzles made for one of the `grade` asked for.
    pub max_tries: u32,
    /// A count of the cells settled, for a progress display.
    pub settled: Option<Settled>,
    /// Where each puzzle being made is saved as it goes, and a checkpoint to go on from
    /// (`crate::checkpoint`).
    pub checkpoints: Option<Checkpoints>,
}

/// A count of the cells settled (their clue taken away or kept) in the puzzles being made,
/// shared between the generators that add to it and a progress display that reads it: every
/// puzzle adds its n² cells, one orbit at a time (with a grade asked for, each try does). A
/// 36x36 takes minutes to hours; its removals are where the time goes.
///
/// ```
/// use sudoku::{GenerateSettings, Generator, Settled, Sudoku};
/// let settled = Settled::new();
/// let settings = GenerateSettings::default().settled(Some(settled.clone()));
/// let made = Generator::new(&Sudoku::classic(), settings).generate(7)?;
/// // Every cell was settled: taken away, or kept as one of the clues.
/// assert_eq!(settled.get(), 81);
/// assert!(made.clues < 81);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Settled(Arc<AtomicU64>);

impl Settled {
    /// A count at 0.
    pub fn new() -> Settled {
        Settled::default()
    }

    /// The cells settled so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    fn add(&self, cells: usize) {
        self.0.fetch_add(cells as u64, Ordering::Relaxed);
    }
}

/// Two counts are equal when they are the same count.
impl PartialEq for Settled {
    fn eq(&self, other: &Settled) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Settled {}

impl Default for GenerateSettings {
    fn default() -> Self {
        GenerateSettings {
            symmetry: Symmetry::default(),
            clues: None,
            max_nodes: 1_000_000,
            rate: false,
            count_nodes: true,
            grade: None,
            max_tries: 1000,
            settled: None,
            checkpoints: None,
        }
    }
}

impl GenerateSettings {
    /// The clue pattern's symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Stop taking clues away at this many (`None`: take away all it can).
    pub fn clues(mut self, clues: Option<usize>) -> Self {
        self.clues = clues;
        self
    }

    /// The most nodes one proof of uniqueness may take.
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = nodes;
        self
    }

    /// Grade each puzzle by technique.
    pub fn rate(mut self, on: bool) -> Self {
        self.rate = on;
        self
    }

    /// Prove each finished puzzle again, for its node count and depth (on by default).
    pub fn count_nodes(mut self, on: bool) -> Self {
        self.count_nodes = on;
        self
    }

    /// Make puzzles until one has this grade (`None`: any).
    pub fn grade(mut self, grade: Option<Grade>) -> Self {
        self.grade = grade;
        self
    }

    /// The most puzzles made for one of the grade asked for.
    pub fn max_tries(mut self, tries: u32) -> Self {
        self.max_tries = tries;
        self
    }

    /// Adds the cells settled to `settled` (`None`: counts nothing).
    pub fn settled(mut self, settled: Option<Settled>) -> Self {
        self.settled = settled;
        self
    }

    /// Saves each puzzle being made after each orbit settled (and on several threads, each
    /// test ahead that holds), and goes on from the checkpoint of its seed, if any (`None`:
    /// saves nothing; a run stopped starts again).
    pub fn checkpoints(mut self, checkpoints: Option<Checkpoints>) -> Self {
        self.checkpoints = checkpoints;
        self
    }

    /// Counts the cells of `orbits` settled.
    fn settle(&self, orbits: &[Vec<usize>]) {
        if let Some(settled) = &self.settled {
            settled.add(orbits.iter().map(Vec::len).sum());
        }
    }
}

/// A puzzle made by a [`Generator`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: its one solution proved by the engine.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// How many cells are given.
    pub clues: usize,
    /// Whether every clue was proved needed (no orbit of the symmetry can be taken away
    /// without a second solution); false when a check ran out of nodes or the clue target
    /// stopped the removal early.
    pub minimal: bool,
    /// How many clues stayed without a proof that they are needed: their question (the puzzle
    /// without them, one solution or more) ran past [`GenerateSettings::max_nodes`]. 0 where
    /// the puzzle is minimal; what a maker asks of one that is not: how far from minimal.
    pub unproved: usize,
    /// The engine's nodes for its proof of uniqueness of the finished puzzle (a count up to
    /// 2): a grade by search, as `dlx bench` counts nodes. `None` when that proof ran past
    /// [`GenerateSettings::max_nodes`], or was not made ([`GenerateSettings::count_nodes`]
    /// off); the puzzle is proved unique all the same: each removal was.
    pub nodes: Option<u64>,
    /// How deep the guesses of that proof nest ([`crate::SearchStats::branch_depth`]): 0 when
    /// every step of the engine's proof was forced (a single), another grade by search.
    /// `None` with `nodes`.
    pub branch_depth: Option<u32>,
    /// The seed the puzzle was made from: [`Generator::generate`] with it makes this puzzle
    /// again (also when it was the `tries`-th made for a grade).
    pub seed: u64,
    /// Its grade by technique, when asked for ([`GenerateSettings::rate`] or
    /// [`GenerateSettings::grade`]).
    pub rating: Option<Rating>,
    /// How many puzzles were made for this one: 1 unless a grade was asked for.
    pub tries: u32,
    /// The strategy of the proof whose nodes [`Generated::nodes`] counts.
    pub strategy: Strategy,
}

/// Why no puzzle could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No solved grid was found within the node limit, in every try.
    #[error("no solved grid found within {max_nodes} nodes in {tries} tries")]
    NoGrid {
        /// The node limit of each try.
        max_nodes: u64,
        /// The tries.
        tries: u32,
    },
    /// The stop flag ([`Generator::stop_flag`]) was set while the puzzle was made.
    #[error("stopped before the puzzle was made")]
    Stopped,
    /// The checkpoint gone on from does not fit the puzzle of its seed, or one could not be
    /// saved ([`GenerateSettings::checkpoints`]).
    #[error("checkpoint: {0}")]
    Checkpoint(String),
}

/// The seed of puzzle `index` of a run seeded with `seed`: puzzles are made one per seed, so a
/// run's output does not depend on how many threads make it.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xa076_1d64_78bd_642f));
    rng.next_u64()
}

/// The generator of the puzzles: SplitMix64, whose sequence is fixed, so a seed gives the same
/// puzzles in every version that makes them the same way.
type Rng = dlx::rng::SplitMix64;

/// Makes puzzles of one [`Sudoku`]: keeps an engine state from puzzle to puzzle.
#[derive(Debug)]
pub struct Generator<'s> {
    sudoku: &'s Sudoku,
    settings: GenerateSettings,
    layout: &'s Layout,
    /// The searches that test a removal (the engine's among them, which also proves the
    /// finished puzzle); `helpers` has one more set for each thread past the first.
    tester: Tester<'s>,
    helpers: Vec<Tester<'s>>,
    /// The threads that test one puzzle's removals ([`Generator::threads`]).
    threads: usize,
    /// Set, it stops the puzzle being made ([`Generator::stop_flag`]).
    stop: Option<Arc<AtomicBool>>,
    rater: Rater<'s>,
}

/// What tests whether a clue can go: the candidate searches and the engine, one set per
/// thread.
#[derive(Debug)]
struct Tester<'s> {
    sudoku: &'s Sudoku,
    solver: SudokuSolver<'s>,
    candidates: Candidates<false>,
    /// From 16x16 up, the propagating search's candidates (locked candidates, probes, the
    /// lookahead's branches) look for another solution: on such grids the singles alone
    /// meet search trees a hundred times larger.
    probing: Option<Candidates<true>>,
    /// Tries of the propagating search before the SAT solver is asked.
    probing_tries: u64,
}

impl<'s> Tester<'s> {
    fn new(sudoku: &'s Sudoku) -> Self {
        let layout = sudoku.layout();
        Tester {
            sudoku,
            solver: sudoku.solver().branch_depth(true),
            candidates: Candidates::new(layout, Deduce::Singles),
            probing: (sudoku.shape().size() >= PROBING_SIZE)
                .then(|| Candidates::new(layout, Deduce::Probe)),
            probing_tries: if sudoku.shape().size() > 25 {
                LARGE_PROBING_NODES
            } else {
                CANDIDATE_NODES
            },
        }
    }

    /// Whether `puzzle` (the cells of `orbit` emptied, from a puzzle with one solution) has
    /// one solution. A puzzle whose deductions fill the orbit has one; where they stall, a
    /// search over the candidates looks for another (which must differ in the orbit), from
    /// 16x16 up briefly with singles and then with the propagating search; if that search
    /// grows long, the SAT solver is asked from 10x10 up ([`Tester::apart`]), and the
    /// engine's proof answers where it is not.
    fn removal(
        &mut self,
        puzzle: &Making<'_>,
        orbit: &[usize],
        max_nodes: u64,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Proof {
        let layout = self.sudoku.layout();
        let (cells, solution) = (&puzzle.cells[..], puzzle.solution);
        let cancel = stop.map(|flag| &**flag);
        let tries = match self.probing {
            Some(_) => SINGLES_FIRST_NODES,
            None => CANDIDATE_NODES,
        };
        let singles = self
            .candidates
            .singles_from(layout, cells, &puzzle.left, orbit);
        let quick = quick_proof(
            &mut self.candidates,
            singles,
            (layout, solution, orbit),
            tries,
            cancel,
        )
        .or_else(|| {
            let probing = self.probing.as_mut()?;
            let singles = probing.singles(layout, cells);
            quick_proof(
                probing,
                singles,
                (layout, solution, orbit),
                self.probing_tries,
                cancel,
            )
        });
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Proof::Stopped;
        }
        quick
            .or_else(|| self.apart(cells, solution, orbit, max_nodes, stop))
            .unwrap_or_else(|| self.prove(cells, max_nodes, stop))
    }

    /// From 10x10 up, where the engine's proof would go on with the SAT solver past its first
    /// nodes of propagation: the SAT solver asked once whether `cells` (the puzzle without
    /// `orbit`) has a solution that differs from `solution` in the orbit
    /// ([`SudokuSolver::sat_apart`]). The engine's proof counts to 2 from scratch: it finds
    /// `solution` again and blocks it by a clause of every open cell, and the proof that no
    /// other exists runs on that weaker clause. `None` where the engine's proof would not reach
    /// the SAT solver (9x9 and below, or a node limit within its propagation), or where the
    /// solver failed on its own account: the engine's proof then answers.
    fn apart(
        &mut self,
        cells: &[u8],
        solution: &Grid,
        orbit: &[usize],
        max_nodes: u64,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Option<Proof> {
        if self.solver.resolved() == Strategy::Dlx || max_nodes <= Strategy::SAT_AFTER {
            return None;
        }
        let grid = Grid::from_cells(self.sudoku.shape(), cells.to_vec()).expect("a grid");
        // The node limit bounds CaDiCaL's conflicts (the same point on every machine, so the
        // same puzzle); `splr`'s, which it cannot bound, only the stop flag stops.
        let limits = (Limits::none().solutions(2))
            .nodes(max_nodes)
            .cancel(stop.cloned());
        let found = (self.solver).sat_apart(&grid, solution.cells(), orbit, &limits)?;
        Some(match (found.count, found.stopped) {
            (2.., _) => Proof::Several,
            (_, None) => Proof::Unique(found.stats.nodes),
            (_, Some(StopReason::NodeLimit)) => Proof::OutOfNodes,
            (_, Some(_)) => Proof::Stopped,
        })
    }

    /// Counts the solutions of the puzzle `cells` up to 2, within `max_nodes`, until `stop`
    /// is set.
    fn prove(&mut self, cells: &[u8], max_nodes: u64, stop: Option<&Arc<AtomicBool>>) -> Proof {
        let grid = Grid::from_cells(self.sudoku.shape(), cells.to_vec()).expect("a grid");
        let limits = Limits::none().nodes(max_nodes).cancel(stop.cloned());
        let found = self
            .solver
            .search(&grid, 0, limits.solutions(2))
            .expect("the digits of a solved grid never clash");
        match (found.count, found.stopped) {
            (1, None) => Proof::Unique(found.stats.nodes),
            (n, _) if n >= 2 => Proof::Several,
            (_, Some(StopReason::NodeLimit)) => Proof::OutOfNodes,
            (_, Some(_)) => Proof::Stopped,
            _ => unreachable!("a part of a solved grid has its solution"),
        }
    }
}

/// The puzzle being made: the solution's digits in its cells, 0 where a clue went; what its
/// clues alone leave each cell; and how many clues it has.
#[derive(Debug, Clone)]
struct Making<'g> {
    solution: &'g Grid,
    cells: Vec<u8>,
    left: ClueCandidates,
    clues: usize,
}

impl<'g> Making<'g> {
    /// The full grid `solution`: every cell a clue.
    fn new(layout: &Layout, solution: &'g Grid) -> Self {
        let cells = solution.cells().to_vec();
        Making {
            solution,
            left: ClueCandidates::new(layout, &cells),
            clues: cells.len(),
            cells,
        }
    }

    /// Takes the clues of `orbit` away.
    fn take(&mut self, layout: &Layout, orbit: &[usize]) {
        for &k in orbit {
            self.cells[k] = 0;
            self.left.take(layout, k, self.solution.cells()[k]);
        }
        self.clues -= orbit.len();
    }

    /// Puts the clues of `orbit` back.
    fn put(&mut self, layout: &Layout, orbit: &[usize]) {
        for &k in orbit {
            self.cells[k] = self.solution.cells()[k];
            self.left.put(layout, k, self.cells[k]);
        }
        self.clues += orbit.len();
    }
}

/// Where a puzzle's checkpoints go ([`GenerateSettings::checkpoints`]), and what each says
/// beside the puzzle as it stands.
struct Saving<'c> {
    checkpoints: &'c Checkpoints,
    seed: u64,
    symmetry: Symmetry,
    orbits: usize,
}

impl Saving<'_> {
    /// Saves where the puzzle stands, `settled` orbits settled, if checkpoints are kept, with
    /// the tests past them that hold (`ahead`: the orbits found needed, and removable from the
    /// puzzle as it stands; asked only when it saves).
    fn save(
        saving: Option<&Saving<'_>>,
        settled: usize,
        puzzle: &Making<'_>,
        standing: Standing,
        ahead: impl FnOnce() -> (Vec<usize>, Vec<usize>),
    ) -> Result<(), GenerateError> {
        let Some(saving) = saving else {
            return Ok(());
        };
        let (needed, removable) = ahead();
        let shape = puzzle.solution.shape();
        let checkpoint = Checkpoint {
            seed: saving.seed,
            symmetry: saving.symmetry,
            solution: puzzle.solution.clone(),
            puzzle: Grid::from_cells(shape, puzzle.cells.clone()).expect("the solution's digits"),
            settled,
            orbits: saving.orbits,
            minimal: standing.minimal,
            unproved: standing.unproved,
            needed,
            removable,
        };
        (saving.checkpoints.save(&checkpoint))
            .map_err(|e| GenerateError::Checkpoint(format!("cannot be saved: {e}")))
    }
}

/// Whether a removal test begun when `since` orbits had gone holds now that `gone` have: a
/// second solution holds whatever went since (fewer clues keep it), anything else only if
/// nothing went.
fn holds((proof, since): (Proof, usize), gone: usize) -> bool {
    matches!(proof, Proof::Several) || since == gone
}

/// Where the orbits settled so far leave a puzzle being made: whether it is minimal so far
/// (every orbit kept proved needed, no clue target met), and how many clues were kept without
/// that proof (their question ran past the node limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Standing {
    minimal: bool,
    unproved: usize,
}

impl Standing {
    /// Before any orbit is settled.
    const START: Standing = Standing {
        minimal: true,
        unproved: 0,
    };

    /// A run that failed (stopped, or a checkpoint not saved): not minimal.
    const FAILED: Standing = Standing {
        minimal: false,
        unproved: 0,
    };

    /// An orbit of `clues` cells kept because its question ran past the node limit.
    fn unproved(&mut self, clues: usize) {
        self.minimal = false;
        self.unproved += clues;
    }
}

/// The tests of the orbits from `from` on that hold now that `gone` orbits have gone, for a
/// checkpoint: the orbits found needed, and those found removable from the puzzle as it stands.
fn kept_ahead(
    tested: &[Option<(Proof, usize)>],
    from: usize,
    gone: usize,
) -> (Vec<usize>, Vec<usize>) {
    let (mut needed, mut removable) = (Vec::new(), Vec::new());
    for (i, test) in tested.iter().enumerate().skip(from) {
        match *test {
            Some((Proof::Several, _)) => needed.push(i),
            Some((Proof::Unique(_), since)) if since == gone => removable.push(i),
            _ => {}
        }
    }
    (needed, removable)
}

/// Tries of the candidate search before a proof goes to the engine.
const CANDIDATE_NODES: u64 = 20_000;

/// From 16x16 up, tries of the singles' search before the propagating search's: on 16x16 a
/// second solution is often found in a few dozen (20 puzzles 3.36 s -> 2.16 s), and on 25x25,
/// where it rarely is, a few hundred tries cost little beside the probes (docs/design/sudoku.md).
const SINGLES_FIRST_NODES: u64 = 300;

/// Past 25x25, tries of the propagating search before the SAT solver is asked
/// ([`Tester::apart`]): on a 36x36 a try costs about 0.45 ms, and the removals that 20,000 did
/// not settle (9 s) the solver mostly settled in less; 2,000 and 500 were measured, 500 a
/// little faster (`docs/benchmarks.md`, "A minimal 36x36").
const LARGE_PROBING_NODES: u64 = 500;

/// The smallest size whose proofs go to the propagating search's candidates.
const PROBING_SIZE: usize = 16;

/// Tries for a solved grid before giving up.
const GRID_TRIES: u32 = 64;

/// Whether a puzzle (`solution` with the cells of `orbit` emptied, from a puzzle with one
/// solution) has one solution, by the candidates alone, from where the deductions left them
/// (`singles`): they fill the orbit, or a search for another solution (which must differ in
/// the orbit: the puzzle with it had one) settles it within `max_nodes` tries; `None` past
/// them (a stronger search, or the engine's proof, takes over) or once `cancel` is set.
fn quick_proof<const COUNTED: bool>(
    candidates: &mut Candidates<COUNTED>,
    singles: Singles,
    (layout, solution, orbit): (&Layout, &Grid, &[usize]),
    max_nodes: u64,
    cancel: Option<&AtomicBool>,
) -> Option<Proof> {
    match singles {
        Singles::Solved => Some(Proof::Unique(0)),
        _ => match candidates.another(layout, solution.cells(), orbit, max_nodes, cancel) {
            Some(false) => Some(Proof::Unique(0)),
            Some(true) => Some(Proof::Several),
            None => None,
        },
    }
}

/// What a proof of uniqueness found.
#[derive(Debug, Clone, Copy)]
enum Proof {
    Unique(u64),
    Several,
    OutOfNodes,
    /// The stop flag was set: nothing is known.
    Stopped,
}

impl<'s> Generator<'s> {
    /// A generator for puzzles of `sudoku`'s shape and variant.
    pub fn new(sudoku: &'s Sudoku, settings: GenerateSettings) -> Self {
        Generator {
            sudoku,
            settings,
            layout: sudoku.layout(),
            tester: Tester::new(sudoku),
            helpers: Vec::new(),
            threads: 1,
            stop: None,
            rater: sudoku.rater(),
        }
    }

    /// A flag that, once set (from a Ctrl-C handler, say), stops the puzzle being made within
    /// a few hundred tries of a search: [`Generator::generate`] returns
    /// [`GenerateError::Stopped`].
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Tests the removals of each puzzle on `threads` threads (0 or 1: on the calling thread
    /// alone): the same puzzles, byte for byte, sooner where they are large. A removal is
    /// tested ahead of the ones before it are settled, on the puzzle as it stands; where one
    /// of those goes, a test that found a second solution still holds (fewer clues leave it
    /// one), and any other is made again. From 16x16 up most tests find a second solution
    /// (a clue that stays), so threads gain nearly as their number.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The settings.
    pub fn settings(&self) -> &GenerateSettings {
        &self.settings
    }

    /// The strategy of the proofs ([`Generated::nodes`] counts its nodes): [`Strategy::Auto`]
    /// made concrete for the shape.
    pub fn strategy(&self) -> Strategy {
        self.tester.solver.resolved()
    }

    /// Makes the puzzle of `seed` (the same seed, the same puzzle). With a grade asked for,
    /// tries the seeds `seed`, then `puzzle_seed(seed, 1)`, `puzzle_seed(seed, 2)`... until a
    /// puzzle has it.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, GenerateError> {
        let Some(grade) = self.settings.grade else {
            let mut made = self.make(seed)?;
            if self.settings.rate {
                made.rating = Some(self.rate(&made));
            }
            return Ok(made);
        };
        let mut tries = 0;
        loop {
            let try_seed = if tries == 0 {
                seed
            } else {
                puzzle_seed(seed, u64::from(tries))
            };
            tries += 1;
            let mut made = self.make(try_seed)?;
            let rating = self.rate(&made);
            let hit = rating.grade == grade;
            made.rating = Some(rating);
            made.tries = tries;
            if hit || tries >= self.settings.max_tries.max(1) {
                return Ok(made);
            }
        }
    }

    /// Grades a puzzle made here (its solution is known, and proved unique).
    fn rate(&mut self, made: &Generated) -> Rating {
        self.rater
            .rate_with(&made.puzzle, &made.solution)
            .expect("a generated puzzle has one solution, its own")
    }

    /// Makes the puzzle of `seed`.
    fn make(&mut self, seed: u64) -> Result<Generated, GenerateError> {
        let mut rng = Rng::new(seed);
        let solution = self.solved_grid(&mut rng)?;
        let n = self.sudoku.shape().size();
        let symmetry = self.settings.symmetry;
        // Each orbit once (by its first cell), in a random order.
        let mut orbits = symmetry.orbits(n);
        rng.shuffle(&mut orbits);

        let mut puzzle = Making::new(self.layout, &solution);
        let checkpoints = self.settings.checkpoints.clone();
        let saving = checkpoints.as_ref().map(|checkpoints| Saving {
            checkpoints,
            seed,
            symmetry,
            orbits: orbits.len(),
        });
        let from = checkpoints.as_ref().and_then(Checkpoints::from);
        let (start, standing, known) = match from.filter(|from| from.seed == seed) {
            Some(from) => self.go_on(from, &orbits, &mut puzzle)?,
            None => (0, Standing::START, Vec::new()),
        };
        let from = (start, standing, &known[..]);
        let removed = if self.threads > 1 {
            self.remove_on_threads(&orbits, from, &mut puzzle, saving.as_ref())
        } else {
            self.remove(&orbits, from, &mut puzzle, saving.as_ref())
        };
        let Making { cells, clues, .. } = puzzle;
        let Standing { minimal, unproved } = removed?;
        // The engine's proof, for its node count; the puzzle was proved unique already (when
        // its last orbit went), so only the node limit can stop it short.
        let stop = self.stop.as_ref();
        let proof = match self.settings.count_nodes {
            true => self.tester.prove(&cells, self.settings.max_nodes, stop),
            false => Proof::OutOfNodes,
        };
        let (nodes, branch_depth) = match proof {
            Proof::Unique(nodes) => (Some(nodes), self.tester.solver.stats().branch_depth),
            Proof::OutOfNodes => (None, None),
            Proof::Stopped => return Err(GenerateError::Stopped),
            Proof::Several => unreachable!("the puzzle was proved unique when its last orbit went"),
        };
        let puzzle = Grid::from_cells(solution.shape(), cells).expect("digits of the solution");
        Ok(Generated {
            puzzle,
            solution,
            clues,
            minimal,
            unproved,
            nodes,
            branch_depth,
            seed,
            rating: None,
            tries: 1,
            strategy: self.tester.solver.resolved(),
        })
    }

    /// Where `from` (a checkpoint of this puzzle's seed) stands, on `puzzle` (the full grid of
    /// its solution): takes away the clues it took away, and returns the orbits settled,
    /// whether the puzzle is minimal so far, and what its tests ahead found (each orbit's, as
    /// a test begun when no orbit had gone: `Several` for one needed, `Unique` for one
    /// removable); an error where it does not fit (another symmetry, another solution, clues
    /// that are not those of its first orbits settled, tests of orbits settled).
    fn go_on(
        &mut self,
        from: &Checkpoint,
        orbits: &[Vec<usize>],
        puzzle: &mut Making<'_>,
    ) -> Result<(usize, Standing, Vec<Option<Proof>>), GenerateError> {
        let wrong = |why: String| Err(GenerateError::Checkpoint(why));
        let symmetry = self.settings.symmetry;
        if from.symmetry != symmetry {
            return wrong(format!(
                "its symmetry is {}, the generator's {}",
                from.symmetry.name(),
                symmetry.name()
            ));
        }
        if from.solution != *puzzle.solution {
            return wrong(format!(
                "its solution is not the one seed {} makes here (another version of the \
                 generator, or other rules)",
                from.seed
            ));
        }
        if from.settled > orbits.len() || from.orbits != orbits.len() {
            return wrong(format!(
                "{} of {} orbits settled; the puzzle has {}",
                from.settled,
                from.orbits,
                orbits.len()
            ));
        }
        // A checkpoint built by hand (its fields are public) may hold a grid of any shape.
        if from.puzzle.shape() != puzzle.solution.shape() {
            return wrong(format!("its puzzle is {}", from.puzzle.shape()));
        }
        let given = from.puzzle.cells();
        for (i, orbit) in orbits.iter().enumerate() {
            let gone = orbit.iter().filter(|&&k| given[k] == 0).count();
            if gone == 0 {
                continue;
            }
            if i >= from.settled || gone < orbit.len() {
                return wrong(format!(
                    "cell {} is blank, but its orbit was not taken away (orbit {} of the seed's \
                     order, {} settled)",
                    orbit[0],
                    i + 1,
                    from.settled
                ));
            }
            puzzle.take(self.layout, orbit);
        }
        if given
            .iter()
            .zip(puzzle.solution.cells())
            .any(|(&g, &s)| g != 0 && g != s)
        {
            return wrong("its clues are not its solution's digits".to_string());
        }
        let mut known = vec![None; orbits.len()];
        for (ahead, proof) in [
            (&from.needed, Proof::Several),
            (&from.removable, Proof::Unique(0)),
        ] {
            for &i in ahead {
                if !(from.settled..orbits.len()).contains(&i) || known[i].is_some() {
                    return wrong(format!(
                        "orbit {} is tested ahead, but it is settled, not an orbit, or listed \
                         twice ({} of {} settled)",
                        i + 1,
                        from.settled,
                        orbits.len()
                    ));
                }
                known[i] = Some(proof);
            }
        }
        self.settings.settle(&orbits[..from.settled]);
        let standing = Standing {
            minimal: from.minimal,
            unproved: from.unproved,
        };
        Ok((from.settled, standing, known))
    }

    /// Takes away what it can of the `orbits` from `start` on (with `standing` what the ones
    /// before it left, and `known` a checkpoint's tests ahead, if any), in turn, from `puzzle`:
    /// an orbit goes where the puzzle without it has one solution. Returns whether every orbit
    /// kept was proved needed, and the clues kept unproved; an error when the stop flag was
    /// set or a checkpoint could not be saved.
    fn remove(
        &mut self,
        orbits: &[Vec<usize>],
        (start, mut standing, known): (usize, Standing, &[Option<Proof>]),
        puzzle: &mut Making<'_>,
        saving: Option<&Saving<'_>>,
    ) -> Result<Standing, GenerateError> {
        let layout = self.layout;
        // The checkpoint's tests, as begun when none had gone; `gone` counts since.
        let tested: Vec<Option<(Proof, usize)>> = known.iter().map(|p| p.map(|p| (p, 0))).collect();
        let mut gone = 0;
        for (i, orbit) in orbits.iter().enumerate().skip(start) {
            if self
                .settings
                .clues
                .is_some_and(|target| puzzle.clues <= target)
            {
                // The target is met; the orbits left are not tried (and so are settled). A
                // checkpoint keeps where the tests stopped: another target can go on from it.
                Saving::save(saving, i, puzzle, standing, || kept_ahead(&tested, i, gone))?;
                self.settings.settle(&orbits[i..]);
                return Ok(Standing {
                    minimal: false,
                    ..standing
                });
            }
            puzzle.take(layout, orbit);
            let (max_nodes, stop) = (self.settings.max_nodes, self.stop.as_ref());
            let proof = match tested.get(i).copied().flatten() {
                Some(test) if holds(test, gone) => test.0,
                _ => (self.tester).removal(puzzle, orbit, max_nodes, stop),
            };
            match proof {
                Proof::Stopped => return Err(GenerateError::Stopped),
                Proof::Unique(_) => gone += 1,
                proof => {
                    // Needed (a second solution), or not proved either way: kept.
                    if matches!(proof, Proof::OutOfNodes) {
                        standing.unproved(orbit.len());
                    }
                    puzzle.put(layout, orbit);
                }
            }
            self.settings.settle(&orbits[i..=i]);
            Saving::save(saving, i + 1, puzzle, standing, || {
                kept_ahead(&tested, i + 1, gone)
            })?;
        }
        Ok(standing)
    }

    /// [`Generator::remove`] on [`Generator::threads`] threads, with its outcome. Each thread
    /// tests the first orbit not yet tested, on the puzzle as it stands; the calling thread
    /// settles the orbits in turn as their tests come back. A test holds if no orbit went
    /// since it began, or if it found a second solution (the puzzle now has fewer clues and
    /// keeps it); any other is made again.
    fn remove_on_threads(
        &mut self,
        orbits: &[Vec<usize>],
        (start, standing, known): (usize, Standing, &[Option<Proof>]),
        puzzle: &mut Making<'_>,
        saving: Option<&Saving<'_>>,
    ) -> Result<Standing, GenerateError> {
        use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
        use std::sync::mpsc;
        /// An orbit to test: its index, the puzzle without it, and how many orbits had gone.
        type Task<'g> = (usize, Making<'g>, usize);
        /// A test done: the thread, the orbit, what it found (or the panic), and the `gone` of
        /// its task.
        type Done = (usize, usize, std::thread::Result<Proof>, usize);
        let layout = self.layout;
        let (max_nodes, stop) = (self.settings.max_nodes, self.stop.as_ref());
        while self.helpers.len() + 1 < self.threads {
            self.helpers.push(Tester::new(self.sudoku));
        }
        let testers = std::iter::once(&mut self.tester)
            .chain(&mut self.helpers)
            .take(self.threads);
        let mut standing = Ok(standing);
        let started = std::thread::scope(|scope| {
            let (done_tx, done) = mpsc::channel::<Done>();
            let mut to_worker = Vec::new();
            for tester in testers {
                let (tx, tasks) = mpsc::channel::<Task<'_>>();
                let (done_tx, w) = (done_tx.clone(), to_worker.len());
                let spawned = std::thread::Builder::new()
                    .name(format!("dlx-generate-helper-{w}"))
                    .spawn_scoped(scope, move || {
                        for (i, without, gone) in tasks {
                            let proof = catch_unwind(AssertUnwindSafe(|| {
                                tester.removal(&without, &orbits[i], max_nodes, stop)
                            }));
                            let panicked = proof.is_err();
                            if done_tx.send((w, i, proof, gone)).is_err() || panicked {
                                return;
                            }
                        }
                    });
                if spawned.is_ok() {
                    to_worker.push(tx);
                }
            }
            drop(done_tx);
            if to_worker.is_empty() {
                // No thread could be started: the calling thread tests them all, below.
                return false;
            }
            let mut idle: Vec<usize> = (0..to_worker.len()).rev().collect();
            // The checkpoint's tests ahead, as begun when none had gone (`gone` counts since).
            let mut tested: Vec<Option<(Proof, usize)>> = vec![None; orbits.len()];
            for (test, &proof) in tested.iter_mut().zip(known) {
                *test = proof.map(|proof| (proof, 0));
            }
            let mut busy = vec![false; orbits.len()];
            let (mut next, mut gone, mut running) = (start, 0, 0);
            let mut ended = false;
            // The test back last: its orbit, what it found, and the `gone` it began with.
            let mut back: Option<(usize, Proof, usize)> = None;
            loop {
                if !ended {
                    // Settle the orbits in turn while their tests are back (a checkpoint's
                    // too, before any test runs).
                    let before = next;
                    while let Some(&Some(test)) = tested.get(next) {
                        if self
                            .settings
                            .clues
                            .is_some_and(|target| puzzle.clues <= target)
                        {
                            // The target is met; the orbits left are not tried (and so are
                            // settled); a checkpoint keeps where the tests stopped.
                            let so_far = standing.clone().unwrap_or(Standing::FAILED);
                            let ahead = || kept_ahead(&tested, next, gone);
                            standing =
                                Saving::save(saving, next, puzzle, so_far, ahead).map(|()| {
                                    Standing {
                                        minimal: false,
                                        ..so_far
                                    }
                                });
                            self.settings.settle(&orbits[next..]);
                            ended = true;
                            break;
                        }
                        if !holds(test, gone) {
                            // Tested on a puzzle that had clues it has lost since: again.
                            tested[next] = None;
                            break;
                        }
                        match test.0 {
                            Proof::Unique(_) => {
                                puzzle.take(layout, &orbits[next]);
                                gone += 1;
                            }
                            Proof::OutOfNodes => {
                                if let Ok(standing) = &mut standing {
                                    standing.unproved(orbits[next].len());
                                }
                            }
                            // A second solution: the orbit stays.
                            _ => {}
                        }
                        self.settings.settle(&orbits[next..=next]);
                        next += 1;
                        let so_far = standing.clone().unwrap_or(Standing::FAILED);
                        let ahead = || kept_ahead(&tested, next, gone);
                        if let Err(e) = Saving::save(saving, next, puzzle, so_far, ahead) {
                            standing = Err(e);
                            ended = true;
                            break;
                        }
                    }
                    // A test ahead that holds, back while an orbit before it is still under
                    // test: saved too, so that a run stopped during a long test keeps the
                    // other threads' work.
                    if let Some((i, proof, since)) = back.take() {
                        let kept = matches!(proof, Proof::Several | Proof::Unique(_));
                        if !ended
                            && next == before
                            && i > next
                            && kept
                            && holds((proof, since), gone)
                        {
                            let so_far = standing.clone().unwrap_or(Standing::FAILED);
                            let ahead = || kept_ahead(&tested, next, gone);
                            if let Err(e) = Saving::save(saving, next, puzzle, so_far, ahead) {
                                standing = Err(e);
                                ended = true;
                            }
                        }
                    }
                    ended |= next == orbits.len();
                }
                // Each idle thread takes the first orbit not under test whose test is not
                // back or will not hold (it found one solution, or none within the nodes,
                // before an orbit went), on the puzzle as it stands. Waiting for such a test
                // to be settled first left a thread idle: after one thread had tested every
                // orbit ahead during another's long test, the orbits were retested one at a
                // time (a 25x25 on two threads now and then took one thread's time).
                let mut from = next;
                while let (false, Some(&w)) = (ended, idle.last()) {
                    let Some(i) = (from..orbits.len())
                        .find(|&i| !busy[i] && tested[i].is_none_or(|test| !holds(test, gone)))
                    else {
                        break;
                    };
                    tested[i] = None;
                    from = i + 1;
                    let mut without = puzzle.clone();
                    without.take(layout, &orbits[i]);
                    // A thread ends before its tasks only after it reported a panic.
                    let _ = to_worker[w].send((i, without, gone));
                    idle.pop();
                    busy[i] = true;
                    running += 1;
                }
                if running == 0 {
                    return true;
                }
                let (w, i, proof, since) = done.recv().expect("a thread reports before it ends");
                let proof = proof.unwrap_or_else(|panic| resume_unwind(panic));
                idle.push(w);
                busy[i] = false;
                running -= 1;
                if ended {
                    continue;
                }
                if matches!(proof, Proof::Stopped) {
                    standing = Err(GenerateError::Stopped);
                    ended = true;
                    continue;
                }
                tested[i] = Some((proof, since));
                back = Some((i, proof, since));
            }
        });
        if !started {
            return self.remove(orbits, (start, standing?, known), puzzle, saving);
        }
        standing
    }

    /// A solved grid: each digit at a random cell (no two can clash), then the engine's first
    /// solution; another try if it has none or runs out of nodes.
    fn solved_grid(&mut self, rng: &mut Rng) -> Result<Grid, GenerateError> {
        let shape = self.sudoku.shape();
        let n = shape.size();
        let mut cells: Vec<usize> = (0..n * n).collect();
        for _ in 0..GRID_TRIES {
            rng.shuffle(&mut cells);
            let mut grid = Grid::empty(shape);
            for (d, &k) in cells[..n].iter().enumerate() {
                grid.set(
                    Cell {
                        row: k / n,
                        col: k % n,
                    },
                    d as u8 + 1,
                );
            }
            let limits = Limits::none().nodes(self.settings.max_nodes);
            // A variant's units may still clash (a diagonal through two of them): try again.
            if let Ok(mut found) = self.tester.solver.search(&grid, 1, limits.solutions(1)) {
                if let Some(solved) = found.grids.pop() {
                    return Ok(solved);
                }
            }
        }
        Err(GenerateError::NoGrid {
            max_nodes: self.settings.max_nodes,
            tries: GRID_TRIES,
        })
    }
}

/// What a run of [`generate_all`] made, for a summary: each puzzle's clues, the nodes and the
/// depth of its proof (each list sorted), and how many missed what was asked.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateSummary {
    /// Puzzles made.
    pub made: u64,
    /// Puzzles that could not be made ([`GenerateError`]).
    pub failed: u64,
    /// The clues of each puzzle, fewest first.
    pub clues: Vec<usize>,
    /// The nodes of each proof that finished within the node limit, fewest first.
    pub nodes: Vec<u64>,
    /// How deep the guesses of each such proof nest, shallowest first.
    pub depths: Vec<u64>,
    /// Puzzles whose final proof ran past the node limit (no node count).
    pub long_proofs: u64,
    /// Puzzles not proved minimal.
    pub not_minimal: u64,
    /// Clues kept unproved, in all ([`Generated::unproved`]).
    pub unproved: u64,
    /// Puzzles left with more clues than [`GenerateSettings::clues`] asked for.
    pub missed_clues: u64,
    /// Puzzles not of the grade asked for (the last of their tries).
    pub off_grade: u64,
    /// Puzzles made in all, tries for a grade included.
    pub tries: u64,
    /// Puzzles by grade, easiest first (when graded).
    pub grades: [u64; 4],
    /// The first checkpoint that did not fit or could not be saved
    /// ([`GenerateError::Checkpoint`]): the run's error, beside its puzzles not made.
    pub checkpoint: Option<GenerateError>,
}

impl GenerateSummary {
    /// Counts one puzzle made with `settings`.
    pub fn add(&mut self, g: &Generated, settings: &GenerateSettings) {
        self.made += 1;
        self.not_minimal += u64::from(!g.minimal);
        self.unproved += g.unproved as u64;
        self.missed_clues += u64::from(settings.clues.is_some_and(|c| g.clues > c));
        self.tries += u64::from(g.tries);
        if let Some(r) = &g.rating {
            self.grades[r.grade as usize] += 1;
            self.off_grade += u64::from(settings.grade.is_some_and(|d| d != r.grade));
        }
        self.clues.push(g.clues);
        match g.nodes {
            Some(nodes) => self.nodes.push(nodes),
            None if settings.count_nodes => self.long_proofs += 1,
            None => {}
        }
        self.depths.extend(g.branch_depth.map(u64::from));
    }

    /// Sorts the lists, as a summary reads them.
    pub fn sort(&mut self) {
        self.clues.sort_unstable();
        self.nodes.sort_unstable();
        self.depths.sort_unstable();
    }

    /// The distributions of the puzzles made (clues, proof nodes, grades) drawn as an SVG
    /// chart ([`crate::chart::distributions`]), its title saying what `run` made: `100 puzzles
    /// 9x9, seed 7: 100 with a proof under --max-nodes`.
    pub fn chart(&self, run: &GenerateRun<'_>) -> String {
        let title = format!(
            "{} {}, seed {}{}: {} with a proof under {}",
            crate::plural(self.made as usize, "puzzle"),
            run.shape,
            run.seed,
            run.grade
                .as_ref()
                .map_or(String::new(), |g| format!(", {g}")),
            self.nodes.len(),
            run.node_limit
        );
        crate::chart::distributions(&crate::chart::Distributions {
            title: &title,
            clues: &self.clues,
            nodes: &self.nodes,
            grades: self.grades,
        })
    }

    /// What missed what `settings` asked, a sentence each, for a person: puzzles left above
    /// the clues asked for, not proved minimal (a proof ran past the node limit, called
    /// `node_limit`), or not of the grade asked for.
    pub fn shortfalls(&self, settings: &GenerateSettings, node_limit: &str) -> Vec<String> {
        let made = crate::plural(self.made as usize, "puzzle");
        let mut said = Vec::new();
        if let Some(target) = settings.clues {
            if self.missed_clues > 0 {
                said.push(format!(
                    "{} of {made} could not be brought down to {target} clues (no clue could \
                     go without a second solution)",
                    self.missed_clues
                ));
            }
        } else if self.not_minimal > 0 {
            let why = match self.unproved {
                // A checkpoint of an earlier version, which did not count them.
                0 => "a proof ran past".to_string(),
                k => format!("{} kept whose proof ran past", crate::plural(k, "clue")),
            };
            said.push(format!(
                "{} of {made} not proved minimal: {why} {node_limit}",
                self.not_minimal
            ));
        }
        if let Some(grade) = settings.grade.filter(|_| self.off_grade > 0) {
            said.push(format!(
                "{} of {made} not {grade}: none of {} tries made one (the last made is \
                 written)",
                self.off_grade, settings.max_tries
            ));
        }
        said
    }

    /// The summary for a person, two lines (no newline after the second): puzzles, time,
    /// rate, clues, the proofs' nodes and depths (proofs past the node limit, called
    /// `node_limit`, counted apart); then the grades (with the tries per puzzle kept when a
    /// grade was asked for).
    pub fn text(&self, run: &GenerateRun<'_>) -> String {
        let (clues, made) = (&self.clues, self.made);
        let elapsed = run.elapsed.as_secs_f64();
        let long = match (self.nodes.is_empty(), self.long_proofs) {
            (_, 0) => String::new(),
            (false, k) => format!(" ({k} past {})", run.node_limit),
            (true, _) => format!(" (every one past {})", run.node_limit),
        };
        let grades: Vec<String> = Grade::ALL
            .iter()
            .map(|g| format!("{} {g}", self.grades[*g as usize]))
            .collect();
        let per = if run.grade.is_some() {
            format!(
                " ({:.1} made per puzzle kept)",
                self.tries as f64 / made.max(1) as f64
            )
        } else {
            String::new()
        };
        format!(
            "{} {} (seed {}) in {elapsed:.3} s, {} on {}; clues min {} median {} max {}; nodes \
             of the proof median {} max {}{long}, depth of its guesses median {} max {}\n\
             grades: {}{per}",
            crate::plural(made as usize, "puzzle"),
            run.shape,
            run.seed,
            rate(made, elapsed),
            crate::plural(run.threads, "thread"),
            clues.first().unwrap_or(&0),
            median(clues),
            clues.last().unwrap_or(&0),
            median(&self.nodes),
            self.nodes.last().unwrap_or(&0),
            median(&self.depths),
            self.depths.last().unwrap_or(&0),
            grades.join(", ")
        )
    }
}

/// How a run of [`generate_all`] went, for [`GenerateSummary::text`].
#[derive(Debug, Clone)]
pub struct GenerateRun<'a> {
    /// The puzzles' shape.
    pub shape: crate::Shape,
    /// The seed.
    pub seed: u64,
    /// The time it took.
    pub elapsed: std::time::Duration,
    /// The threads it ran on.
    pub threads: usize,
    /// The grade asked for, if one was, as a front end names it (`--difficulty expert`).
    pub grade: Option<String>,
    /// What the node limit is called (a command line names its flag).
    pub node_limit: &'a str,
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

/// The median of a sorted list by nearest rank (the lower middle of an even count), as batch
/// summaries take it; 0 for none.
pub fn median<T: Copy + Default>(sorted: &[T]) -> T {
    sorted
        .get(sorted.len().div_ceil(2).saturating_sub(1))
        .copied()
        .unwrap_or_default()
}

/// Makes `count` puzzles of `sudoku` on the workers of `pipeline`, puzzle `i` (from 0) from
/// the seed [`puzzle_seed`]`(seed, i)`, so that the same seed makes the same puzzles on any
/// number of threads; hands each to `sink` in order with its index from 1 (a closure
/// `FnMut((u64, Result<Generated, GenerateError>)) -> ControlFlow<()>` is a sink). The
/// pipeline's stop flag (Ctrl-C) ends the run after the puzzles being made; a `Break` from
/// the sink ends it too. Returns what was handed over, its lists sorted.
///
/// ```
/// use sudoku::pipeline::Pipeline;
/// use sudoku::{generate_all, GenerateSettings, Sudoku};
///
/// let sudoku = Sudoku::classic();
/// let mut puzzles = Vec::new();
/// let summary = generate_all(&sudoku, &GenerateSettings::default(), 7, 20, Pipeline::new(), &mut |(i, made)| {
///     puzzles.push((i, made));
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!((summary.made, puzzles.len(), puzzles[19].0), (20, 20, 20));
/// assert!(summary.clues[0] >= 17);
/// ```
pub fn generate_all<K>(
    sudoku: &Sudoku,
    settings: &GenerateSettings,
    seed: u64,
    count: u64,
    pipeline: crate::pipeline::Pipeline,
    sink: &mut K,
) -> GenerateSummary
where
    K: crate::pipeline::Sink<(u64, Result<Generated, GenerateError>)>,
{
    /// Puzzles of a span, in order, and whether the stop flag cut the span short.
    type Done = (Vec<(u64, Result<Generated, GenerateError>)>, bool);
    struct Each<'k, 's, K> {
        sink: &'k mut K,
        settings: &'s GenerateSettings,
        summary: GenerateSummary,
    }
    impl<K> crate::pipeline::Sink<Done> for Each<'_, '_, K>
    where
        K: crate::pipeline::Sink<(u64, Result<Generated, GenerateError>)>,
    {
        fn take(&mut self, (made, cut): Done) -> ControlFlow<()> {
            for (index, result) in made {
                match &result {
                    Ok(g) => self.summary.add(g, self.settings),
                    Err(e) => {
                        self.summary.failed += 1;
                        if let GenerateError::Checkpoint(_) = e {
                            self.summary.checkpoint.get_or_insert_with(|| e.clone());
                        }
                    }
                }
                self.sink.take((index, result))?;
            }
            if cut {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }

        fn idle(&mut self) {
            self.sink.idle();
        }
    }
    let stop = Arc::clone(pipeline.stop());
    let threads = pipeline.num_threads() as u64;
    let helpers = if count < threads {
        (threads / count.max(1)) as usize
    } else {
        1
    };
    // Spans small enough that every worker gets several, of at most 64 puzzles.
    let span = (count / (8 * pipeline.num_threads() as u64)).clamp(1, 64);
    let spans = (0..count.div_ceil(span))
        .map(move |k| Ok::<_, std::convert::Infallible>(k * span..((k + 1) * span).min(count)));
    let mut each = Each {
        sink,
        settings,
        summary: GenerateSummary::default(),
    };
    let ended = pipeline.run(
        spans,
        // Boxed, so that no two workers' generators share a cache line. Fewer puzzles than
        // threads: the threads left over test each puzzle's removals.
        || {
            let generator = Generator::new(sudoku, settings.clone()).threads(helpers);
            Box::new(generator.stop_flag(Arc::clone(&stop)))
        },
        |generator: &mut Box<Generator<'_>>, span: std::ops::Range<u64>| {
            let mut made = Vec::with_capacity((span.end - span.start) as usize);
            for i in span {
                if stop.load(Ordering::Relaxed) {
                    return (made, true);
                }
                match generator.generate(puzzle_seed(seed, i)) {
                    // Stopped in the middle: not a puzzle, nor a failure to make one.
                    Err(GenerateError::Stopped) => return (made, true),
                    result => made.push((i + 1, result)),
                }
            }
            (made, false)
        },
        &mut each,
    );
    // The spans never fail.
    let _ = ended;
    let mut summary = each.summary;
    summary.sort();
    summary
}

/// A puzzle made, as JSON with its number in the run, its grids in `symbols` (the feature
/// `serde`), as `dlx sudoku generate --format json` writes it: `index`, `puzzle`,
/// `solution`, `clues`, `minimal`, `unproved` (the clues kept whose proof ran past the node
/// limit), `nodes` and `depth` (null past the node limit), `solver`,
/// `grade`, `score`, `hardest` and `guesses` (null when not graded), `tries`, `seed`.
#[cfg(feature = "serde")]
#[derive(Debug, Clone, Copy)]
pub struct GeneratedJson<'a> {
    /// Its number in the run, from 1.
    pub index: u64,
    /// The puzzle.
    pub made: &'a Generated,
    /// The symbols its grids are written in.
    pub symbols: crate::Symbols,
}

#[cfg(feature = "serde")]
impl serde::Serialize for GeneratedJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let (g, rating) = (self.made, self.made.rating.as_ref());
        let mut map = s.serialize_map(Some(15))?;
        map.serialize_entry("index", &self.index)?;
        map.serialize_entry("puzzle", &crate::to_line(&g.puzzle, self.symbols))?;
        map.serialize_entry("solution", &crate::to_line(&g.solution, self.symbols))?;
        map.serialize_entry("clues", &g.clues)?;
        map.serialize_entry("minimal", &g.minimal)?;
        map.serialize_entry("unproved", &g.unproved)?;
        map.serialize_entry("nodes", &g.nodes)?;
        map.serialize_entry("depth", &g.branch_depth)?;
        map.serialize_entry("solver", g.strategy.name())?;
        map.serialize_entry("grade", &rating.map(|r| r.grade.name()))?;
        map.serialize_entry("score", &rating.map(|r| r.score))?;
        let hardest = rating.and_then(|r| r.hardest.map(crate::Technique::id));
        map.serialize_entry("hardest", &hardest)?;
        map.serialize_entry("guesses", &rating.map(|r| r.guesses))?;
        map.serialize_entry("tries", &g.tries)?;
        map.serialize_entry("seed", &g.seed)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::rate;
    use crate::{generate_all, pipeline::Pipeline, GenerateSettings, Generator, Sudoku};

    /// Without the final proof the same puzzle comes, with no node count, and a summary does not
    /// count it as a proof past the node limit.
    #[test]
    fn the_final_proof_is_made_only_when_asked() {
        let sudoku = Sudoku::classic();
        let on = Generator::new(&sudoku, GenerateSettings::default())
            .generate(11)
            .unwrap();
        let settings = GenerateSettings::default().count_nodes(false);
        let off = Generator::new(&sudoku, settings.clone())
            .generate(11)
            .unwrap();
        assert!(on.nodes.is_some_and(|n| n > 0) && on.branch_depth.is_some());
        assert_eq!((off.nodes, off.branch_depth), (None, None));
        assert_eq!((&off.puzzle, off.minimal), (&on.puzzle, on.minimal));
        let t = generate_all(
            &sudoku,
            &settings,
            3,
            5,
            Pipeline::new().threads(1),
            &mut |_| std::ops::ControlFlow::Continue(()),
        );
        assert_eq!((t.made, t.long_proofs, t.nodes.len()), (5, 0, 0));
    }

    #[test]
    fn rates_read_at_every_scale() {
        assert_eq!(rate(2000, 1.15), "1739 a second");
        assert_eq!(rate(20, 1.92), "10.4 a second");
        assert_eq!(rate(4, 134.93), "0.030 a second (33.7 s each)");
        assert_eq!(rate(0, 3.0), "none made");
    }
}
