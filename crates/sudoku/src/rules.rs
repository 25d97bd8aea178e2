//! The rules as exact cover: the matrix built once per shape and variant from its units
//! ([`crate::geometry`]), validation, and the solver (dancing links, or the propagation of
//! [`crate::logic`]).

use std::ops::ControlFlow;

use std::sync::OnceLock;

use dlx::{Limits, OptionId, Problem, ProblemBuilder, StopReason};

use crate::geometry::{Geometry, Unit, UnitKind, Variant, VariantError};
use crate::grid::Grid;
use crate::logic::{Candidates, Deduce, Layout, Run};
use crate::sat::{Known, SatFound};
use crate::shape::{Cell, Shape};

/// Why a puzzle is invalid (as opposed to valid with no solution).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The grid's shape is not the solver's.
    #[error("the puzzle is {found}, the solver is for {expected}")]
    Shape {
        /// The solver's shape.
        expected: Shape,
        /// The puzzle's shape.
        found: Shape,
    },
    /// Two givens put the same digit in one unit.
    #[error("{symbol} appears twice in {unit}: at {first} and at {second}")]
    Clash {
        /// The digit, `1..=n`.
        digit: u8,
        /// The digit as the default symbols write it for the grid's size (a number beyond 36).
        symbol: String,
        /// The first cell holding it.
        first: Cell,
        /// The second.
        second: Cell,
        /// The unit both lie in.
        unit: Unit,
    },
}

/// Statistics of one search, after the givens are applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Search-tree nodes: as Knuth's dlx1 counts them for [`Strategy::Dlx`]; digits tried in a
    /// cell (or places tried for a digit) for [`Strategy::Propagate`].
    pub nodes: u64,
    /// Updates, as Knuth's dlx1 counts them; candidates taken away by deductions for
    /// [`Strategy::Propagate`].
    pub updates: u64,
    /// How deep the guesses nest: the most branch nodes on one path of the search tree, a
    /// branch node being one with two ways or more (the engine's [`dlx::Stats::branch_depth`]
    /// for [`Strategy::Dlx`], where an item with one option is a single; the branches after
    /// the deductions for [`Strategy::Propagate`]). 0 when no guess was needed. `None` unless
    /// asked for ([`SudokuSolver::branch_depth`]), and for a search over several threads.
    pub branch_depth: Option<u32>,
    /// Cleansings, as Knuth's `dlx2` counts them: 0 but for a problem with colors (a killer
    /// sudoku).
    pub cleansings: u64,
}

/// How a [`SudokuSolver`] searches.
///
/// Both give the same answers (solutions, counts, uniqueness); they differ in speed and in
/// what their node counts mean.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[strum(serialize_all = "lowercase", ascii_case_insensitive, parse_err_ty = crate::UnknownName, parse_err_fn = unknown_strategy)]
#[non_exhaustive]
pub enum Strategy {
    /// [`Strategy::Dlx`] up to 9x9, [`Strategy::Propagate`] from 10x10 up: where each was
    /// measured faster (`docs/benchmarks.md`). From 10x10 up, a search for one or two
    /// solutions (solve, uniqueness) that propagation has not finished in
    /// [`Strategy::SAT_AFTER`] nodes goes on with [`Strategy::Sat`], the solutions found so
    /// far blocked: the sparse puzzles that stop the propagating search are mostly those that
    /// clause learning proves at once. [`SudokuSolver::ran`] says which answered.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(
            help = "`dlx` up to 9x9, `propagate` from 10x10 up (where each was measured \
                      faster), then `sat` for a solve or a proof past 1,000 nodes"
        )
    )]
    Auto,
    /// Dancing links on the exact-cover matrix, with Knuth's MRV rule: node and update counts
    /// equal to Knuth's `dlx1` on the same matrix.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Dancing links on the exact-cover matrix: nodes and updates as Knuth's dlx1 \
                      counts them"
        )
    )]
    Dlx,
    /// Candidates as bit sets; at every node naked and hidden singles and locked candidates
    /// (pointing and claiming) until nothing changes, then a branch on the open cell with the
    /// fewest candidates (or on a digit with two places left in a unit); before each branch,
    /// each candidate of a cell with two is probed (placed, and propagated by singles) and
    /// taken away if that leads to a contradiction. Large puzzles, on which the plain rule
    /// meets heavy-tailed searches, finish in a few nodes.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Candidates as bit sets: naked and hidden singles and locked candidates at \
                      every node, cells with two candidates probed, branching on the fewest \
                      choices; nodes are the digits tried"
        )
    )]
    Propagate,
    /// A CDCL SAT solver ([`crate::SAT_SOLVER`]: CaDiCaL 1.9.5 with the `cadical` feature,
    /// else `splr`, pure Rust) on the exact-cover matrix reduced by the givens: a variable per
    /// option left, each open item covered exactly once; each solution found is blocked and
    /// the solver runs again, so that unsatisfiable proves there is no other. It learns
    /// clauses from its conflicts, which the searches above do not: the sparsest 25x25 and
    /// 36x36 puzzles that stop them it proves in seconds. Its nodes are the clauses CaDiCaL
    /// learns (one per conflict; it counts no propagations), or `splr`'s decisions (its updates
    /// `splr`'s propagations). A deadline and the cancel flag stop CaDiCaL whenever it asks,
    /// and the node limit bounds its conflicts; `splr` stops at a deadline to the second, the
    /// flag read between runs, and the node limit does not bound it.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "A CDCL SAT solver (CaDiCaL, or splr where it is not built) on the exact \
                      cover: learns from its conflicts; nodes are its conflicts (splr: its \
                      decisions); --max-nodes bounds CaDiCaL's conflicts (not splr's \
                      decisions), --timeout either"
        )
    )]
    Sat,
}

impl Strategy {
    /// Every strategy, `auto` first.
    pub const ALL: &'static [Strategy] = <Strategy as strum::VariantArray>::VARIANTS;

    /// Nodes of [`Strategy::Propagate`] after which [`Strategy::Auto`] hands a search for one
    /// or two solutions to [`Strategy::Sat`] (measured: `docs/benchmarks.md`).
    pub const SAT_AFTER: u64 = 1_000;

    /// The name, as `--solver` takes it: `auto`, `dlx`, `propagate`, `sat`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The strategy that runs for puzzles of `shape`: `Auto` made concrete.
    pub fn resolve(self, shape: Shape) -> Strategy {
        match self {
            Strategy::Auto if shape.size() <= 9 => Strategy::Dlx,
            Strategy::Auto => Strategy::Propagate,
            s => s,
        }
    }
}

fn unknown_strategy(name: &str) -> crate::UnknownName {
    crate::UnknownName::of::<Strategy>("strategy", name)
}

/// What a search found: up to a limit of solutions, and whether the count is exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The solutions kept (as many as asked for).
    pub grids: Vec<Grid>,
    /// How many solutions were found.
    pub count: u64,
    /// What stopped the search early, if anything: the solution limit, or one of the
    /// [`Limits`] (nodes, deadline, cancel flag). `None`: the search was exhausted.
    pub stopped: Option<dlx::StopReason>,
    /// What the search did.
    pub stats: SearchStats,
}

impl Found {
    /// Whether the search was exhausted (nothing stopped it), so that `count` is the total.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A puzzle's number of solutions, as far as uniqueness goes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one.
    Unique(Grid),
    /// Two or more; the first found.
    Multiple(Grid),
}

/// The rules of one shape and variant, with their exact-cover matrix, built once and used for
/// any number of puzzles.
///
/// ```
/// use sudoku::{Shape, Sudoku, Variant, Uniqueness};
/// let sudoku = Sudoku::new(Shape::new(4)?, Variant::default())?;
/// let grid = sudoku::parse_line("......2..3.1....", None)?;
/// let found = sudoku.solutions(&grid, 10)?;
/// assert_eq!((found.count, found.is_complete()), (3, true));
/// assert!(matches!(sudoku.uniqueness(&grid)?, Uniqueness::Multiple(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Sudoku {
    shape: Shape,
    /// The units, and the units of each cell: their order is that of the matrix's items.
    geometry: Geometry,
    problem: Problem,
    /// Units, peers and meeting units for [`Strategy::Propagate`], made when first needed.
    layout: OnceLock<Layout>,
}

/// Base-36 digit for item names: Knuth's names (`p02`, `r15`) for sizes up to 9.
/// One character for `0..64` in item names: `0-9a-z` (as base 36), then `A-Z`, `#`, `$`.
fn b36(k: usize) -> char {
    match k {
        0..36 => char::from_digit(k as u32, 36).expect("below 36"),
        36..62 => (b'A' + (k - 36) as u8) as char,
        62 => '#',
        _ => '$',
    }
}

impl Sudoku {
    /// Builds the rules and the matrix: `n²` cell items, then `n` items per unit (row-digit,
    /// column-digit, box-digit, then the variant's units), all primary, in the order of Knuth's
    /// sudoku-dlx; `n³` options, one per cell and digit, in cell then digit order.
    pub fn new(shape: Shape, variant: Variant) -> Result<Sudoku, VariantError> {
        let geometry = Geometry::new(shape, variant)?;
        let n = shape.size();
        let (units, cell_units) = (&geometry.units, &geometry.cell_units);
        let mut b = ProblemBuilder::new();
        let build =
            |e: dlx::BuildError| -> ! { unreachable!("the sudoku matrix is well formed: {e}") };
        for cell in 0..n * n {
            b.primary(format!("p{}{}", b36(cell / n), b36(cell % n)))
                .unwrap_or_else(|e| build(e));
        }
        for unit in units {
            let prefix = match unit.kind {
                UnitKind::Row => 'r',
                UnitKind::Column => 'c',
                UnitKind::Box | UnitKind::Region => 'b',
                UnitKind::Diagonal | UnitKind::AntiDiagonal => 'x',
                UnitKind::Window => 'w',
            };
            for d in 1..=n {
                b.primary(format!("{prefix}{}{}", b36(unit.index), b36(d % 64)))
                    .unwrap_or_else(|e| build(e));
            }
        }
        for (cell, its_units) in cell_units.iter().enumerate() {
            for d in 0..n {
                let items = std::iter::once(cell)
                    .chain(its_units.iter().map(|&u| n * n + u as usize * n + d))
                    .map(|i| dlx::ItemId::new(i as u32));
                b.option(items).unwrap_or_else(|e| build(e));
            }
        }
        let problem = b.build().unwrap_or_else(|e| build(e));
        Ok(Sudoku {
            shape,
            geometry,
            problem,
            layout: OnceLock::new(),
        })
    }

    /// Classic 9x9 sudoku.
    pub fn classic() -> Sudoku {
        Sudoku::new(Shape::CLASSIC, Variant::default()).expect("the classic rules")
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.geometry.variant
    }

    /// A grid of this puzzle drawn for a person, as [`crate::to_pretty`] draws it, but with
    /// the borders of the regions of a jigsaw instead of its boxes (the variant's other units,
    /// diagonals and windows, are not drawn).
    pub fn to_pretty(&self, grid: &Grid, symbols: crate::Symbols) -> String {
        let Some(regions) = &self.geometry.variant.regions else {
            return crate::to_pretty(grid, symbols);
        };
        let n = grid.shape().size();
        let of_cell: Vec<usize> = regions.of_cell().collect();
        let symbols = symbols.for_size(n);
        let width = if symbols == crate::Symbols::Numbers {
            n.to_string().len()
        } else {
            1
        };
        crate::text::draw_regions(
            n,
            width + 2,
            |r, c| of_cell[r * n + c] as i64,
            |r, c| {
                let d = grid.cells()[r * n + c];
                let label = if d == 0 {
                    ".".to_string()
                } else {
                    symbols.label(d)
                };
                format!(" {label:>width$} ")
            },
        )
    }

    /// The cells of each unit, in unit order, each row-major.
    pub(crate) fn unit_cells(&self) -> Vec<Vec<usize>> {
        self.geometry.unit_cells()
    }

    /// The peers of each cell: the other cells of its units, once each, row-major.
    pub(crate) fn peers(&self, unit_cells: &[Vec<usize>]) -> Vec<Vec<usize>> {
        self.geometry.peers(unit_cells)
    }

    /// The cells of `unit`, row-major (none for a unit these rules do not have): what a hint
    /// marks when it names the unit.
    ///
    /// ```
    /// use sudoku::{Cell, Sudoku, Unit, UnitKind};
    /// let sudoku = Sudoku::classic();
    /// let cells = sudoku.cells_of(Unit { kind: UnitKind::Box, index: 4 });
    /// assert_eq!((cells.len(), cells[0]), (9, Cell { row: 3, col: 3 }));
    /// assert!(sudoku.cells_of(Unit { kind: UnitKind::Diagonal, index: 0 }).is_empty());
    /// ```
    pub fn cells_of(&self, unit: Unit) -> Vec<Cell> {
        let n = self.shape.size();
        let Some(u) = self.units().iter().position(|&v| v == unit) else {
            return Vec::new();
        };
        (0..n * n)
            .filter(|&k| self.geometry.cell_units[k].contains(&(u as u32)))
            .map(|k| Cell {
                row: k / n,
                col: k % n,
            })
            .collect()
    }

    /// The units, in the order of [`Sudoku::unit_cells`].
    pub(crate) fn units(&self) -> &[Unit] {
        &self.geometry.units
    }

    /// Units, peers and where units meet, made once.
    pub(crate) fn layout(&self) -> &Layout {
        self.layout.get_or_init(|| Layout::new(&self.geometry))
    }

    /// The units of each cell, row-major, each in unit order.
    pub(crate) fn cell_units(&self) -> &[Vec<u32>] {
        &self.geometry.cell_units
    }

    /// The exact-cover matrix (for inspection, or to write it in Knuth's format).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Checks the givens: the right shape, and no digit twice in a unit. A puzzle that passes
    /// is valid, though it may still have no solution.
    pub fn check(&self, grid: &Grid) -> Result<(), PuzzleError> {
        if grid.shape() != self.shape {
            return Err(PuzzleError::Shape {
                expected: self.shape,
                found: grid.shape(),
            });
        }
        let n = self.shape.size();
        // First cell seen for each (unit, digit).
        let mut seen: Vec<Option<Cell>> = vec![None; self.geometry.units.len() * n];
        for (cell, digit) in grid.givens() {
            let k = cell.row * n + cell.col;
            for &u in &self.geometry.cell_units[k] {
                let slot = &mut seen[u as usize * n + digit as usize - 1];
                match *slot {
                    Some(first) => {
                        return Err(PuzzleError::Clash {
                            digit,
                            symbol: crate::Symbols::Default.for_size(n).label(digit),
                            first,
                            second: cell,
                            unit: self.geometry.units[u as usize],
                        })
                    }
                    None => *slot = Some(cell),
                }
            }
        }
        Ok(())
    }

    /// A solver that keeps its engine state between puzzles (cheaper than the methods on
    /// `Sudoku`, which make one per call).
    pub fn solver(&self) -> SudokuSolver<'_> {
        SudokuSolver {
            sudoku: self,
            solver: self.problem.solver(),
            strategy: Strategy::Auto,
            ran: Strategy::Auto,
            sat_after: Strategy::SAT_AFTER,
            candidates: None,
            depth: false,
            last: SearchStats::default(),
        }
    }

    /// The first solution, if any.
    pub fn solve(&self, grid: &Grid) -> Result<Option<Grid>, PuzzleError> {
        self.solver().solve(grid)
    }

    /// Counts solutions up to `limit`, keeping the first.
    pub fn count(&self, grid: &Grid, limit: u64) -> Result<Found, PuzzleError> {
        self.solver()
            .search(grid, 1, Limits::none().solutions(limit))
    }

    /// None, unique or multiple: counts up to 2.
    pub fn uniqueness(&self, grid: &Grid) -> Result<Uniqueness, PuzzleError> {
        self.solver().uniqueness(grid)
    }

    /// Every solution, up to `limit`.
    pub fn solutions(&self, grid: &Grid, limit: u64) -> Result<Found, PuzzleError> {
        self.solver()
            .search(grid, limit as usize, Limits::none().solutions(limit))
    }
}

/// The engine state for solving puzzles of one [`Sudoku`], one after another.
#[derive(Debug)]
pub struct SudokuSolver<'s> {
    sudoku: &'s Sudoku,
    solver: dlx::Solver<'s>,
    strategy: Strategy,
    /// The state of [`Strategy::Propagate`], made when first needed.
    candidates: Option<Candidates<true>>,
    /// Whether [`SearchStats::branch_depth`] is tracked.
    depth: bool,
    /// The strategy that answered the last search.
    ran: Strategy,
    /// Nodes of propagation after which [`Strategy::Auto`] goes on with the SAT solver.
    sat_after: u64,
    /// The statistics of the last search.
    last: SearchStats,
}

impl SudokuSolver<'_> {
    /// Searches with `strategy` ([`Strategy::Auto`] unless told).
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// The nodes of propagation after which [`Strategy::Auto`] hands a search for one or two
    /// solutions to [`Strategy::Sat`] ([`Strategy::SAT_AFTER`] unless told; `u64::MAX`:
    /// never).
    pub fn sat_after(mut self, nodes: u64) -> Self {
        self.sat_after = nodes;
        self
    }

    /// Tracks [`SearchStats::branch_depth`] (off by default: the engine then runs its loop
    /// that does not count it).
    pub fn branch_depth(mut self, on: bool) -> Self {
        self.depth = on;
        self.solver.track_branch_depth(on);
        self
    }

    /// The strategy that searches puzzles of these rules.
    pub fn resolved(&self) -> Strategy {
        self.strategy.resolve(self.sudoku.shape)
    }

    /// Searches within `limits` (solutions, nodes, deadline, cancel; no solution limit means
    /// every solution), keeping the first `keep` solutions. Checks the puzzle first.
    ///
    /// ```
    /// use sudoku::{Limits, Sudoku};
    /// let sudoku = Sudoku::new(sudoku::Shape::new(4)?, Default::default())?;
    /// let puzzle = sudoku::parse_line("......2..3.1....", None)?;
    /// // Up to 2 solutions: enough to say the puzzle has more than one.
    /// let found = sudoku.solver().search(&puzzle, 1, Limits::none().solutions(2))?;
    /// assert_eq!((found.count, found.grids.len(), found.is_complete()), (2, 1, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        grid: &Grid,
        keep: usize,
        limits: Limits,
    ) -> Result<Found, PuzzleError> {
        self.sudoku.check(grid)?;
        self.ran = self.resolved();
        let found = match self.ran {
            Strategy::Propagate if self.strategy == Strategy::Auto => {
                self.propagate_then_sat(grid, keep, limits)
            }
            Strategy::Propagate => self.propagate(grid, keep, limits),
            Strategy::Sat => match self.sat(grid, keep, &limits, Vec::new()) {
                Some(found) => found,
                None => {
                    // The SAT solver failed on its own account: propagation answers.
                    self.ran = Strategy::Propagate;
                    self.propagate(grid, keep, limits)
                }
            },
            _ => self.dlx(grid, keep, limits),
        };
        self.last = found.stats;
        Ok(found)
    }

    /// The strategy that answered the last search: [`SudokuSolver::resolved`], but for
    /// [`Strategy::Auto`] handing a search on to [`Strategy::Sat`] (or `Sat` failing, which
    /// propagation then answers).
    pub fn ran(&self) -> Strategy {
        self.ran
    }

    /// [`Strategy::Propagate`] for up to [`SudokuSolver::sat_after`] nodes, then, for a search of
    /// one or two solutions that the node limit allows to go on, [`Strategy::Sat`] with the
    /// solutions found so far blocked. The figures are those of the strategy that answered.
    ///
    /// Turns (propagation for four times the nodes, the solver for twice the time, and so on)
    /// were tried and lost: each restart throws away what the last turn did, and on the
    /// random 36x36 puzzles where one of the two is slow the turns cost more than either alone
    /// (`docs/benchmarks.md`).
    fn propagate_then_sat(&mut self, grid: &Grid, keep: usize, limits: Limits) -> Found {
        let limit = limits.max_solutions().unwrap_or(u64::MAX);
        let allowance = limits
            .max_nodes()
            .map_or(self.sat_after, |m| m.min(self.sat_after));
        if limit > 2 {
            return self.propagate(grid, keep, limits);
        }
        // Every solution found is kept: the SAT solver must not find it again.
        let first = self.propagate(grid, limit as usize, limits.clone().nodes(allowance));
        let allowed_more = limits.max_nodes().is_none_or(|m| m > allowance);
        if first.stopped != Some(StopReason::NodeLimit) || !allowed_more {
            return Found {
                grids: first.grids.into_iter().take(keep).collect(),
                ..first
            };
        }
        match self.sat(grid, keep, &limits, first.grids) {
            Some(found) => {
                self.ran = Strategy::Sat;
                found
            }
            None => self.propagate(grid, keep, limits),
        }
    }

    /// [`SudokuSolver::search`] with [`Strategy::Sat`], on a checked puzzle whose solutions
    /// `known` were found already (they are counted, kept first, and not found again). `None`
    /// when the solver failed on its own account.
    fn sat(
        &mut self,
        grid: &Grid,
        keep: usize,
        limits: &Limits,
        known: Vec<Grid>,
    ) -> Option<Found> {
        let solutions: Vec<Vec<u8>> = known.iter().map(|g| g.cells().to_vec()).collect();
        let mut found = self.sat_formula(
            grid,
            Known::Solutions(&solutions),
            keep.saturating_sub(known.len()),
            limits,
        )?;
        let mut grids: Vec<Grid> = known.into_iter().take(keep).collect();
        grids.extend(
            std::mem::take(&mut found.grids)
                .into_iter()
                .map(|cells| Grid::from_cells(grid.shape(), cells).expect("a full grid")),
        );
        Some(sat_found(found, grids))
    }

    /// Whether the puzzle `grid` has a solution other than `solution` (a full grid, one of its
    /// solutions), given that any other differs from it in one of `cells`: the clues just
    /// taken away from a puzzle whose one solution it was. [`Strategy::Sat`] asked once, with
    /// that as a clause: a count of 1 (no other) or 2, no grids kept; `None` when the solver
    /// failed on its own account. For [`Generator`](crate::Generator)'s removals from 10x10
    /// up, where [`Strategy::Auto`] would go on with the SAT solver: it neither finds
    /// `solution` again first nor blocks it by a clause of every open cell
    /// (`docs/design/sudoku.md`).
    pub(crate) fn sat_apart(
        &mut self,
        grid: &Grid,
        solution: &[u8],
        cells: &[usize],
        limits: &Limits,
    ) -> Option<Found> {
        let found = self.sat_formula(grid, Known::Apart { solution, cells }, 0, limits)?;
        self.ran = Strategy::Sat;
        Some(sat_found(found, Vec::new()))
    }

    /// The SAT solver on `grid` reduced by the root's deductions (they keep every solution,
    /// and make the formula smaller), with the solutions `known`.
    fn sat_formula(
        &mut self,
        grid: &Grid,
        known: Known<'_>,
        keep: usize,
        limits: &Limits,
    ) -> Option<SatFound> {
        let n = self.sudoku.shape.size();
        let layout = self.sudoku.layout();
        let candidates = self
            .candidates
            .get_or_insert_with(|| Candidates::new(layout, Deduce::Probe));
        let Some((possible, cells)) = candidates.root(layout, grid.cells()) else {
            // No solution at all: only a puzzle with none known gets here.
            return Some(SatFound::none(known));
        };
        crate::sat::search(
            &self.sudoku.problem,
            n,
            &cells,
            &possible,
            known,
            keep,
            limits,
        )
    }

    /// [`SudokuSolver::search`] with [`Strategy::Propagate`], on a checked puzzle.
    fn propagate(&mut self, grid: &Grid, keep: usize, limits: Limits) -> Found {
        let layout = self.sudoku.layout();
        let candidates = self
            .candidates
            .get_or_insert_with(|| Candidates::new(layout, Deduce::Probe));
        let limit = limits.max_solutions().unwrap_or(u64::MAX);
        let mut run = Run::new(limit, keep, limits.max_nodes().unwrap_or(u64::MAX));
        run.deadline = limits.deadline_at();
        run.cancel = limits.cancel_flag().map(|c| &**c);
        if limit > 0 {
            candidates.solve(layout, grid.cells(), &mut run);
        } else {
            run.stopped = Some(StopReason::SolutionLimit);
        }
        Found {
            grids: run
                .grids
                .into_iter()
                .map(|cells| Grid::from_cells(grid.shape(), cells).expect("a full grid"))
                .collect(),
            count: run.found,
            stopped: run.stopped,
            stats: SearchStats {
                nodes: run.nodes,
                updates: run.removed,
                branch_depth: self.depth.then_some(run.max_depth),
                cleansings: 0,
            },
        }
    }

    /// [`SudokuSolver::search`] on the exact-cover matrix, on a checked puzzle.
    fn dlx(&mut self, grid: &Grid, keep: usize, limits: Limits) -> Found {
        let n = self.sudoku.shape.size();
        self.solver.reset();
        for (cell, digit) in grid.givens() {
            let option = OptionId::new(((cell.row * n + cell.col) * n + digit as usize - 1) as u32);
            // `check` found no clash, so the givens' options are compatible.
            if let Err(e) = self.solver.select(option) {
                unreachable!("givens passed the check: {e}");
            }
        }
        self.solver.set_limits(limits);
        let mut grids = Vec::new();
        let outcome = self.solver.search(|solution| {
            if grids.len() < keep {
                let mut solved = grid.clone();
                for option in solution.options() {
                    let (cell, d) = (option.index() / n, option.index() % n);
                    solved.set(
                        crate::shape::Cell {
                            row: cell / n,
                            col: cell % n,
                        },
                        d as u8 + 1,
                    );
                }
                grids.push(solved);
            }
            ControlFlow::Continue(())
        });
        Found {
            grids,
            count: outcome.solutions,
            stopped: outcome.stopped,
            stats: SearchStats {
                nodes: outcome.nodes,
                updates: outcome.updates,
                branch_depth: self.solver.stats().branch_depth,
                cleansings: outcome.cleansings,
            },
        }
    }

    /// Counts solutions on `threads` threads (0: one per core), within `limits` (their
    /// solution limit too), keeping the first solution of the one-thread order. The count, nodes and updates are
    /// those of the one-thread search ([`SudokuSolver::search`] with `keep` 1; with
    /// [`Strategy::Propagate`] it is that search, on one thread): for puzzles
    /// with many solutions (an empty 6x6 grid has 28,200,960), where one search is worth all
    /// cores.
    pub fn count_parallel(
        &mut self,
        grid: &Grid,
        limits: Limits,
        threads: usize,
    ) -> Result<Found, PuzzleError> {
        let limit = limits.max_solutions().unwrap_or(u64::MAX);
        if matches!(self.resolved(), Strategy::Propagate | Strategy::Sat) {
            return self.search(grid, 1, limits);
        }
        // The first solution (and the check of the puzzle).
        let mut first = self.search(grid, 1, limits.clone().solutions(1))?;
        if first.is_complete()
            || first.stopped != Some(dlx::StopReason::SolutionLimit)
            || limit <= 1
        {
            // No solution, or a limit stopped it, or one was all that was asked for.
            return Ok(first);
        }
        let n = self.sudoku.shape.size();
        let mut parallel = self.sudoku.problem.parallel().threads(threads);
        for (cell, digit) in grid.givens() {
            let option = OptionId::new(((cell.row * n + cell.col) * n + digit as usize - 1) as u32);
            if let Err(e) = parallel.select(option) {
                unreachable!("givens passed the check: {e}");
            }
        }
        let report = parallel.with_limits(limits).count();
        first.count = report.outcome.solutions;
        first.stopped = report.outcome.stopped;
        first.stats = SearchStats {
            nodes: report.outcome.nodes,
            updates: report.outcome.updates,
            branch_depth: None,
            cleansings: report.outcome.cleansings,
        };
        self.last = first.stats;
        Ok(first)
    }

    /// The first solution, if any.
    pub fn solve(&mut self, grid: &Grid) -> Result<Option<Grid>, PuzzleError> {
        Ok(self
            .search(grid, 1, Limits::none().solutions(1))?
            .grids
            .pop())
    }

    /// None, unique or multiple: counts up to 2.
    pub fn uniqueness(&mut self, grid: &Grid) -> Result<Uniqueness, PuzzleError> {
        let mut found = self.search(grid, 1, Limits::none().solutions(2))?;
        Ok(match (found.count, found.grids.pop()) {
            (1, Some(g)) => Uniqueness::Unique(g),
            (0, _) | (_, None) => Uniqueness::None,
            (_, Some(g)) => Uniqueness::Multiple(g),
        })
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> SearchStats {
        self.last
    }
}

/// What the SAT solver found, as a search's [`Found`] with `grids`: its nodes are its learnt
/// clauses (`splr`: decisions), its updates `splr`'s propagations.
fn sat_found(found: SatFound, grids: Vec<Grid>) -> Found {
    Found {
        grids,
        count: found.count,
        stopped: found.stopped,
        stats: SearchStats {
            nodes: found.decisions,
            updates: found.propagations,
            branch_depth: None,
            cleansings: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{puzzle_seed, GenerateSettings, Generator};

    /// Asks [`SudokuSolver::sat_apart`] of `grid`, whose solution `solution` is, about
    /// `differ`: the count, 1 or 2.
    fn apart(sudoku: &Sudoku, grid: &[u8], solution: &[u8], differ: &[usize]) -> u64 {
        let grid = Grid::from_cells(sudoku.shape(), grid.to_vec()).unwrap();
        let limits = Limits::none().solutions(2);
        let found = (sudoku.solver().sat_apart(&grid, solution, differ, &limits))
            .expect("the SAT solver answers");
        // Stopped by nothing but the count of 2.
        let limit = (found.count == 2).then_some(StopReason::SolutionLimit);
        assert_eq!(found.stopped, limit);
        found.count
    }

    /// The SAT solver asked whether a solution of a 9x9 puzzle differs from a known one in
    /// some cells ([`SudokuSolver::sat_apart`]) answers as every solution listed by dancing
    /// links says: on minimal puzzles with two clues taken away (several solutions), for
    /// random sets of one to three cells; and on each clue taken alone from the minimal
    /// puzzles (a generator's question: always a second solution).
    #[test]
    fn sat_apart_answers_as_the_listed_solutions_do() {
        let sudoku = Sudoku::classic();
        let mut generator = Generator::new(&sudoku, GenerateSettings::default());
        let mut rng = dlx::rng::SplitMix64::new(5);
        let mut answers = [0; 2];
        for i in 0..6 {
            let made = generator.generate(puzzle_seed(3, i)).unwrap();
            let solution = made.solution.cells();
            let minimal = made.puzzle.cells();
            for k in (0..81).filter(|&k| minimal[k] != 0) {
                let mut less = minimal.to_vec();
                less[k] = 0;
                assert_eq!(apart(&sudoku, &less, solution, &[k]), 2, "{i}, {k}");
            }
            let mut sparse = minimal.to_vec();
            let clues: Vec<usize> = (0..81).filter(|&k| minimal[k] != 0).collect();
            for _ in 0..2 {
                sparse[clues[rng.below(clues.len())]] = 0;
            }
            let grid = Grid::from_cells(sudoku.shape(), sparse.clone()).unwrap();
            let all = sudoku.solutions(&grid, 100_000).unwrap();
            assert!(all.is_complete() && all.count >= 2);
            let open: Vec<usize> = (0..81).filter(|&k| sparse[k] == 0).collect();
            for _ in 0..30 {
                let differ: Vec<usize> = (0..1 + rng.below(3))
                    .map(|_| open[rng.below(open.len())])
                    .collect();
                let other = all.grids.iter().any(|g| {
                    let g = g.cells();
                    differ.iter().any(|&k| g[k] != solution[k])
                });
                let count = apart(&sudoku, &sparse, solution, &differ);
                assert_eq!(count, 1 + u64::from(other), "{i}, {differ:?}");
                answers[usize::from(other)] += 1;
            }
        }
        assert!(answers[1] >= 100, "{answers:?}");
    }

    /// The second solution the SAT solver finds for a generator's question is read off its
    /// model right (with CaDiCaL the literals of the options the known solution leaves out are
    /// negated): a solution of the puzzle, apart from the known one in the cells asked.
    #[test]
    fn a_solution_apart_is_read_off_the_model() {
        let sudoku = Sudoku::classic();
        let mut generator = Generator::new(&sudoku, GenerateSettings::default());
        let mut solver = sudoku.solver();
        let mut read = 0;
        for i in 0..4 {
            let made = generator.generate(puzzle_seed(11, i)).unwrap();
            let (solution, minimal) = (made.solution.cells(), made.puzzle.cells());
            for k in (0..81).filter(|&k| minimal[k] != 0).take(8) {
                let mut less = minimal.to_vec();
                less[k] = 0;
                let grid = Grid::from_cells(sudoku.shape(), less.clone()).unwrap();
                let known = Known::Apart {
                    solution,
                    cells: &[k],
                };
                let limits = Limits::none().solutions(2);
                let found = solver.sat_formula(&grid, known, 1, &limits).unwrap();
                let Some(other) = found.grids.first() else {
                    continue;
                };
                assert_ne!(other[k], solution[k], "{i} {k}");
                assert!((0..81).all(|c| less[c] == 0 || other[c] == less[c]));
                let other = Grid::from_cells(sudoku.shape(), other.clone()).unwrap();
                assert_eq!(sudoku.count(&other, 2).unwrap().count, 1, "a full grid");
                read += 1;
            }
        }
        assert!(read >= 10, "{read}");
    }

    /// On 16x16 puzzles with one solution that the root's deductions do not finish (the
    /// solver runs): no other solution apart from it in any open cells, and each of the first
    /// clues taken away alone gives one exactly where the propagating search finds the puzzle
    /// without it has two.
    #[test]
    fn sat_apart_finds_no_other_solution_of_a_unique_puzzle() {
        let path = format!(
            "{}/../cli/data/sudoku/16x16-sample.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
        let layout = sudoku.layout();
        let mut propagate = sudoku.solver().strategy(Strategy::Propagate);
        let mut rng = dlx::rng::SplitMix64::new(9);
        let (mut asked, mut answers) = (0, [0; 2]);
        for line in text.lines() {
            let puzzle = crate::parse_line(line, None).unwrap();
            let cells = puzzle.cells();
            let (_, deduced) = Candidates::<true>::new(layout, Deduce::Probe)
                .root(layout, cells)
                .unwrap();
            let open: Vec<usize> = (0..256).filter(|&k| deduced[k] == 0).collect();
            if open.is_empty() {
                continue;
            }
            let solved = sudoku.solve(&puzzle).unwrap().unwrap();
            let solution = solved.cells();
            for _ in 0..5 {
                let differ: Vec<usize> = (0..1 + rng.below(3))
                    .map(|_| open[rng.below(open.len())])
                    .collect();
                assert_eq!(
                    apart(&sudoku, cells, solution, &differ),
                    1,
                    "{line} {differ:?}"
                );
            }
            let unique = Uniqueness::Unique(solved.clone());
            for k in (0..256).filter(|&k| cells[k] != 0).take(12) {
                let mut less = cells.to_vec();
                less[k] = 0;
                let grid = Grid::from_cells(sudoku.shape(), less.clone()).unwrap();
                let several = propagate.uniqueness(&grid).unwrap() != unique;
                let count = apart(&sudoku, &less, solution, &[k]);
                assert_eq!(count, 1 + u64::from(several), "{line} {k}");
                answers[usize::from(several)] += 1;
            }
            asked += 1;
            if asked == 4 {
                break;
            }
        }
        assert_eq!(asked, 4);
        assert!(answers[0] >= 5 && answers[1] >= 5, "{answers:?}");
    }
}
