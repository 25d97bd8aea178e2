//! The classic ways to solve sudoku, beside Dancing Links: reference solvers for comparing how
//! much search each method needs on the same puzzles.
//!
//! Every method solves, counts up to a limit and enumerates, on any shape and variant the rules
//! describe (the methods see units, not rows and boxes), and honours the engine's [`Limits`].
//! Nodes are counted as the engine counts them, so the figures compare: one per entry into a
//! search level (the root and dead ends included) plus one per solution. Values filled in by
//! propagation (the naked singles of [`Method::Singles`]) are not nodes, and neither is a value
//! that forward checking rejects before going down a level. The methods other than
//! [`Method::Dlx`] report no updates (0): updates are a count of link operations.
//!
//! ```
//! use sudoku::{Method, Sudoku};
//! let sudoku = Sudoku::classic();
//! let grid = sudoku::parse_line(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//!     None,
//! )?;
//! let dlx = sudoku.method_solver(Method::Dlx).count(&grid, 2)?;
//! let mrv = sudoku.method_solver(Method::Mrv).count(&grid, 2)?;
//! assert_eq!((dlx.count, mrv.count), (1, 1));
//! assert_eq!(dlx.grids, mrv.grids);
//! assert!(dlx.stats.nodes < mrv.stats.nodes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use dlx::{Limits, StopReason};

use crate::grid::Grid;
use crate::rules::{Found, PuzzleError, SearchStats, Sudoku, SudokuSolver};

/// A way to solve sudoku.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive, parse_err_ty = crate::UnknownName, parse_err_fn = unknown_method)]
#[non_exhaustive]
pub enum Method {
    /// Plain backtracking: empty cells in row-major order, digits in increasing order, each
    /// checked by scanning the cell's row, column and box (the textbook recursive solver).
    Backtrack,
    /// The same order, with a bitmask of used digits per unit; the lowest set bit of the free
    /// digits enumerates the candidates. Same tree as [`Method::Backtrack`], faster nodes.
    Bitmask,
    /// Naked singles (cells with one candidate) filled in first, repeatedly, then
    /// [`Method::Bitmask`] over the cells left.
    Singles,
    /// Bitmasks with the minimum-remaining-values choice: the cell with the fewest candidates
    /// (the first in row-major order on ties) at each level.
    Mrv,
    /// Forward checking with MRV: a domain per cell, pruned when a digit is placed; a digit
    /// that empties another cell's domain is rejected before going down a level.
    Forward,
    /// Dancing Links on the exact-cover matrix (the engine: MRV over cells and unit-digits).
    Dlx,
}

impl Method {
    /// Every method, from the plainest to Dancing Links.
    pub const ALL: &'static [Method] = <Method as strum::VariantArray>::VARIANTS;

    /// The name used on the command line and in reports: `backtrack`, `bitmask`, `singles`,
    /// `mrv`, `forward`, `dlx`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// One line saying what the method does.
    pub fn description(self) -> &'static str {
        match self {
            Method::Backtrack => "row-major backtracking, checks by scanning",
            Method::Bitmask => "row-major backtracking, bitmask candidates",
            Method::Singles => "naked singles first, then bitmask",
            Method::Mrv => "bitmasks, fewest candidates first",
            Method::Forward => "forward checking with MRV",
            Method::Dlx => "Dancing Links (exact cover)",
        }
    }
}

fn unknown_method(name: &str) -> crate::UnknownName {
    crate::UnknownName::of::<Method>("method", name)
}

impl Sudoku {
    /// A solver for these rules by one [`Method`], keeping its buffers between puzzles.
    pub fn method_solver(&self, method: Method) -> MethodSolver<'_> {
        let inner = match method {
            Method::Dlx => Inner::Dlx(Box::new(self.solver())),
            _ => Inner::Classic(Box::new(Classic::new(self, method))),
        };
        MethodSolver {
            sudoku: self,
            method,
            inner,
        }
    }
}

/// Solves puzzles of one [`Sudoku`] by one [`Method`], one after another.
#[derive(Debug)]
pub struct MethodSolver<'s> {
    sudoku: &'s Sudoku,
    method: Method,
    inner: Inner<'s>,
}

#[derive(Debug)]
enum Inner<'s> {
    Dlx(Box<SudokuSolver<'s>>),
    Classic(Box<Classic>),
}

impl MethodSolver<'_> {
    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Searches within `limits` (solutions, nodes, deadline, cancel), keeping the first `keep`
    /// solutions; as [`SudokuSolver::search`], which [`Method::Dlx`] calls. Checks the puzzle
    /// first.
    pub fn search(
        &mut self,
        grid: &Grid,
        keep: usize,
        limits: Limits,
    ) -> Result<Found, PuzzleError> {
        match &mut self.inner {
            Inner::Dlx(solver) => solver.search(grid, keep, limits),
            Inner::Classic(classic) => {
                self.sudoku.check(grid)?;
                Ok(classic.search(grid, keep, limits))
            }
        }
    }

    /// The first solution, if any.
    pub fn solve(&mut self, grid: &Grid) -> Result<Option<Grid>, PuzzleError> {
        Ok(self
            .search(grid, 1, Limits::none().solutions(1))?
            .grids
            .pop())
    }

    /// Counts solutions up to `limit`, keeping the first.
    pub fn count(&mut self, grid: &Grid, limit: u64) -> Result<Found, PuzzleError> {
        self.search(grid, 1, Limits::none().solutions(limit))
    }
}

/// The tables the classic methods share, flattened: the units of each cell, the cells of each
/// unit and the peers of each cell (the other cells of its units, once each).
#[derive(Debug)]
struct Tables {
    method: Method,
    n: usize,
    cell_units: Flat,
    unit_cells: Flat,
    peers: Flat,
}

/// Lists of small numbers in one vector: list `k` is `items[start[k]..start[k + 1]]`.
#[derive(Debug, Default)]
struct Flat {
    start: Vec<u32>,
    items: Vec<u16>,
}

impl Flat {
    fn from_lists(lists: impl IntoIterator<Item = impl IntoIterator<Item = usize>>) -> Flat {
        let mut flat = Flat {
            start: vec![0],
            items: Vec::new(),
        };
        for list in lists {
            // Cells and units are below 35² + 35 * 4, far below 2^16.
            flat.items.extend(list.into_iter().map(|x| x as u16));
            flat.start.push(flat.items.len() as u32);
        }
        flat
    }

    #[inline]
    fn get(&self, k: usize) -> &[u16] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// One search by a classic method: the working grid, the counters and the limits.
#[derive(Debug)]
struct Classic {
    t: Tables,
    /// The working grid, row-major, 0 for an empty cell.
    cells: Vec<u8>,
    /// Digits used in each unit (digit `d` is bit `d - 1`).
    used: Vec<u64>,
    /// Forward checking's domain of each empty cell, and the trail that restores them.
    domains: Vec<u64>,
    trail: Vec<(u16, u64)>,
    /// The empty cells at the start of the search, row-major.
    empties: Vec<u16>,
    nodes: u64,
    solutions: u64,
    max_nodes: u64,
    max_solutions: u64,
    limits: Limits,
    async_checks: bool,
    keep: usize,
    grids: Vec<Grid>,
    shape: crate::Shape,
}

/// The engine looks at the clock and the cancel flag when the node count is a multiple of this.
const ASYNC_CHECK_MASK: u64 = 4096 - 1;

type Flow = ControlFlow<StopReason>;

impl Classic {
    fn new(sudoku: &Sudoku, method: Method) -> Classic {
        let shape = sudoku.shape();
        let n = shape.size();
        let cell_units = sudoku.cell_units();
        let unit_cells = sudoku.unit_cells();
        let peers = sudoku.peers(&unit_cells);
        let t = Tables {
            method,
            n,
            peers: Flat::from_lists(peers),
            cell_units: Flat::from_lists(
                cell_units
                    .iter()
                    .map(|units| units.iter().map(|&u| u as usize)),
            ),
            unit_cells: Flat::from_lists(unit_cells),
        };
        Classic {
            t,
            cells: Vec::new(),
            used: Vec::new(),
            domains: Vec::new(),
            trail: Vec::new(),
            empties: Vec::new(),
            nodes: 0,
            solutions: 0,
            max_nodes: 0,
            max_solutions: 0,
            limits: Limits::none(),
            async_checks: false,
            keep: 0,
            grids: Vec::new(),
            shape,
        }
    }

    /// Runs the method on a checked grid.
    fn search(&mut self, grid: &Grid, keep: usize, limits: Limits) -> Found {
        let limit = limits.max_solutions().unwrap_or(u64::MAX);
        self.cells.clear();
        self.cells.extend_from_slice(grid.cells());
        self.used.clear();
        self.used.resize(self.t.unit_cells.start.len() - 1, 0);
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                for &u in self.t.cell_units.get(cell) {
                    self.used[u as usize] |= 1 << (d - 1);
                }
            }
        }
        self.nodes = 0;
        self.solutions = 0;
        self.max_nodes = limits.max_nodes().unwrap_or(u64::MAX);
        self.max_solutions = limits.max_solutions().map_or(limit, |m| m.min(limit));
        self.async_checks = limits.deadline_at().is_some() || limits.cancel_flag().is_some();
        self.limits = limits;
        self.keep = keep;
        self.grids = Vec::new();

        let flow = if self.max_solutions == 0 {
            ControlFlow::Break(StopReason::SolutionLimit)
        } else {
            self.root()
        };
        let stopped = flow.break_value();
        Found {
            grids: std::mem::take(&mut self.grids),
            count: self.solutions,
            stopped,
            stats: SearchStats {
                nodes: self.nodes,
                ..SearchStats::default()
            },
        }
    }

    /// Collects the empty cells (after singles, for that method) and starts the search.
    fn root(&mut self) -> Flow {
        if self.t.method == Method::Singles && !self.fill_singles() {
            // A cell without a candidate: the root is a dead end.
            return self.enter();
        }
        self.empties.clear();
        let empty = self.cells.iter().enumerate().filter(|(_, &d)| d == 0);
        self.empties.extend(empty.map(|(k, _)| k as u16));
        if self.empties.is_empty() {
            // Nothing to fill: the grid is the one solution, a single node (as the engine).
            return self.solution();
        }
        match self.t.method {
            Method::Backtrack => self.backtrack(0),
            Method::Bitmask | Method::Singles => self.bitmask(0),
            Method::Mrv => self.mrv(0),
            Method::Forward => {
                self.domains.clear();
                self.domains.resize(self.cells.len(), 0);
                for k in 0..self.empties.len() {
                    let cell = self.empties[k] as usize;
                    self.domains[cell] = self.candidates(cell);
                }
                self.trail.clear();
                self.forward(0)
            }
            Method::Dlx => unreachable!("Dancing Links is the engine's"),
        }
    }

    /// Counts a node for entering a search level, unless a limit stops the search first.
    #[inline]
    fn enter(&mut self) -> Flow {
        if self.nodes >= self.max_nodes {
            return ControlFlow::Break(StopReason::NodeLimit);
        }
        if self.async_checks && self.nodes & ASYNC_CHECK_MASK == 0 {
            if let Some(reason) = self.limits.check_async() {
                return ControlFlow::Break(reason);
            }
        }
        self.nodes += 1;
        ControlFlow::Continue(())
    }

    /// Counts a solution node and keeps the grid.
    fn solution(&mut self) -> Flow {
        if self.nodes >= self.max_nodes {
            return ControlFlow::Break(StopReason::NodeLimit);
        }
        self.nodes += 1;
        self.solutions += 1;
        if self.grids.len() < self.keep {
            let grid = Grid::from_cells(self.shape, self.cells.clone());
            self.grids
                .push(grid.expect("digits placed are within the shape"));
        }
        if self.solutions >= self.max_solutions {
            return ControlFlow::Break(StopReason::SolutionLimit);
        }
        ControlFlow::Continue(())
    }

    /// After a digit is placed at `depth`: a solution if it was the last empty cell, otherwise
    /// the next level.
    #[inline]
    fn descend(&mut self, depth: usize, next: fn(&mut Classic, usize) -> Flow) -> Flow {
        if depth + 1 == self.empties.len() {
            self.solution()
        } else {
            next(self, depth + 1)
        }
    }

    /// The digits no unit of `cell` uses yet.
    #[inline]
    fn candidates(&self, cell: usize) -> u64 {
        let all = (1u64 << self.t.n) - 1;
        let mut used = 0;
        for &u in self.t.cell_units.get(cell) {
            used |= self.used[u as usize];
        }
        all & !used
    }

    #[inline]
    fn place(&mut self, cell: usize, bit: u64) {
        self.cells[cell] = bit.trailing_zeros() as u8 + 1;
        for &u in self.t.cell_units.get(cell) {
            self.used[u as usize] |= bit;
        }
    }

    #[inline]
    fn unplace(&mut self, cell: usize, bit: u64) {
        self.cells[cell] = 0;
        for &u in self.t.cell_units.get(cell) {
            self.used[u as usize] &= !bit;
        }
    }

    /// Whether `digit` appears in no unit of `cell`, by looking at every cell of those units.
    fn allowed_by_scan(&self, cell: usize, digit: u8) -> bool {
        self.t.cell_units.get(cell).iter().all(|&u| {
            self.t
                .unit_cells
                .get(u as usize)
                .iter()
                .all(|&c| self.cells[c as usize] != digit)
        })
    }

    /// Plain backtracking: the next empty cell in row-major order, every digit the scan allows.
    fn backtrack(&mut self, depth: usize) -> Flow {
        self.enter()?;
        let cell = self.empties[depth] as usize;
        for digit in 1..=self.t.n as u8 {
            if self.allowed_by_scan(cell, digit) {
                self.cells[cell] = digit;
                self.descend(depth, Classic::backtrack)?;
                self.cells[cell] = 0;
            }
        }
        ControlFlow::Continue(())
    }

    /// Bitmask backtracking: the next empty cell in row-major order, its free digits in
    /// increasing order.
    fn bitmask(&mut self, depth: usize) -> Flow {
        self.enter()?;
        let cell = self.empties[depth] as usize;
        self.try_each(depth, cell, self.candidates(cell), Classic::bitmask)
    }

    /// Places each digit of `free` in `cell` in turn (lowest first), going down with `next`.
    #[inline]
    fn try_each(
        &mut self,
        depth: usize,
        cell: usize,
        mut free: u64,
        next: fn(&mut Classic, usize) -> Flow,
    ) -> Flow {
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.place(cell, bit);
            self.descend(depth, next)?;
            self.unplace(cell, bit);
        }
        ControlFlow::Continue(())
    }

    /// Fills naked singles until none is left. False if some empty cell has no candidate.
    fn fill_singles(&mut self) -> bool {
        loop {
            let mut filled = false;
            for cell in 0..self.cells.len() {
                if self.cells[cell] != 0 {
                    continue;
                }
                let free = self.candidates(cell);
                if free == 0 {
                    return false;
                }
                if free.is_power_of_two() {
                    self.place(cell, free);
                    filled = true;
                }
            }
            if !filled {
                return true;
            }
        }
    }

    /// The empty cell with the fewest candidates (the first on ties; a cell with none ends the
    /// scan), by `count`; with its candidates.
    #[inline]
    fn choose(&self, count: impl Fn(&Classic, usize) -> u64) -> (usize, u64) {
        let (mut best, mut best_free, mut best_len) = (usize::MAX, 0, u32::MAX);
        for &cell in &self.empties {
            let cell = cell as usize;
            if self.cells[cell] != 0 {
                continue;
            }
            let free = count(self, cell);
            let len = free.count_ones();
            if len < best_len {
                (best, best_free, best_len) = (cell, free, len);
                if len == 0 {
                    break;
                }
            }
        }
        (best, best_free)
    }

    /// Bitmasks with MRV: a cell left without a candidate is a dead end one level down.
    fn mrv(&mut self, depth: usize) -> Flow {
        self.enter()?;
        let (cell, free) = self.choose(Classic::candidates);
        self.try_each(depth, cell, free, Classic::mrv)
    }

    /// Forward checking: placing a digit takes it out of the peers' domains, and a digit that
    /// empties one is undone at once, without a node.
    fn forward(&mut self, depth: usize) -> Flow {
        self.enter()?;
        let (cell, mut free) = self.choose(|s, c| s.domains[c]);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let mark = self.trail.len();
            self.cells[cell] = bit.trailing_zeros() as u8 + 1;
            let mut wiped = false;
            for &p in self.t.peers.get(cell) {
                let p = p as usize;
                let domain = self.domains[p];
                if self.cells[p] == 0 && domain & bit != 0 {
                    self.trail.push((p as u16, domain));
                    self.domains[p] = domain & !bit;
                    if domain == bit {
                        wiped = true;
                        break;
                    }
                }
            }
            if !wiped {
                self.descend(depth, Classic::forward)?;
            }
            for (p, domain) in self.trail.drain(mark..).rev() {
                self.domains[p as usize] = domain;
            }
            self.cells[cell] = 0;
        }
        ControlFlow::Continue(())
    }
}
