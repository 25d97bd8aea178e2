//! Deductions a person makes before guessing, over the units of any [`Sudoku`]: candidates per
//! cell as bit sets, the singles (a cell with one candidate left; a digit with one place left
//! in a unit) and locked candidates (a digit whose places in one unit all lie where it meets
//! another: it can go nowhere else in the other). On them, a search that propagates at every
//! node and branches on the fewest choices: the stronger solver of large puzzles
//! ([`crate::Strategy::Propagate`]), and the generator's cheap proof of uniqueness.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use dlx::StopReason;

use crate::rules::Sudoku;

/// The cells of each unit, the peers of each cell, and where units meet.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    /// The cells of each unit, row-major.
    pub(crate) units: Vec<Vec<u32>>,
    /// The peers of each cell, row-major.
    pub(crate) peers: Vec<Vec<u32>>,
    /// The units of each cell.
    pub(crate) cell_units: Vec<Vec<u32>>,
    /// Every pair of units meeting in two cells or more (a box and a row, say), once.
    pub(crate) meets: Vec<Meet>,
    /// For each unit, the meets it is part of (indices into `meets`).
    pub(crate) unit_meets: Vec<Vec<u32>>,
}

/// Two units meeting in two cells or more: the cells they share, and those of each alone.
#[derive(Debug, Clone)]
pub(crate) struct Meet {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) both: Vec<u32>,
    pub(crate) only_a: Vec<u32>,
    pub(crate) only_b: Vec<u32>,
}

impl Layout {
    pub(crate) fn new(sudoku: &Sudoku) -> Layout {
        let n = sudoku.shape().size();
        let small = |lists: Vec<Vec<usize>>| -> Vec<Vec<u32>> {
            lists
                .into_iter()
                .map(|l| l.into_iter().map(|x| x as u32).collect())
                .collect()
        };
        let unit_cells = sudoku.unit_cells();
        let peers = small(sudoku.peers(&unit_cells));
        let units = small(unit_cells);
        // The cells two units share, from the units of each cell.
        let mut shared: std::collections::BTreeMap<(u32, u32), Vec<u32>> = Default::default();
        for (cell, cell_units) in sudoku.cell_units().iter().enumerate() {
            for (i, &a) in cell_units.iter().enumerate() {
                for &b in &cell_units[i + 1..] {
                    shared.entry((a, b)).or_default().push(cell as u32);
                }
            }
        }
        let meets = shared
            .into_iter()
            .filter(|(_, both)| both.len() >= 2)
            .map(|((a, b), both)| {
                let only = |u: u32| -> Vec<u32> {
                    units[u as usize]
                        .iter()
                        .copied()
                        .filter(|c| !both.contains(c))
                        .collect()
                };
                Meet {
                    a,
                    b,
                    only_a: only(a),
                    only_b: only(b),
                    both,
                }
            })
            .collect::<Vec<Meet>>();
        let mut unit_meets = vec![Vec::new(); units.len()];
        for (k, meet) in meets.iter().enumerate() {
            unit_meets[meet.a as usize].push(k as u32);
            unit_meets[meet.b as usize].push(k as u32);
        }
        Layout {
            n,
            units,
            peers,
            cell_units: sudoku.cell_units().to_vec(),
            meets,
            unit_meets,
        }
    }
}

/// What the propagation made of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Every cell filled: the puzzle's one solution.
    Solved,
    /// Some cells left open: the deductions alone do not decide.
    Stuck,
    /// A cell with no candidate, or a digit with no place in a unit: no solution.
    Contradiction,
}

/// How much is deduced at each node of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Deduce {
    /// Naked and hidden singles.
    Singles,
    /// Singles, and locked candidates (pointing and claiming) over every pair of units that
    /// meet; before each branch, probes: each candidate of a cell with two is placed and
    /// propagated by singles, and one that leads to a contradiction is taken away.
    Probe,
}

/// Where a search stands: its limits, what it found, what it counted.
pub(crate) struct Run<'a> {
    /// Stop after this many solutions.
    pub(crate) limit: u64,
    /// Keep this many solutions (row-major digits) in `grids`.
    pub(crate) keep: usize,
    pub(crate) grids: Vec<Vec<u8>>,
    pub(crate) found: u64,
    /// Digits tried in a cell (or cells tried for a digit): the nodes of the search.
    pub(crate) nodes: u64,
    pub(crate) max_nodes: u64,
    /// Candidates taken away by deductions (the search's updates).
    pub(crate) removed: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<&'a AtomicBool>,
    pub(crate) stopped: Option<StopReason>,
}

impl<'a> Run<'a> {
    pub(crate) fn new(limit: u64, keep: usize, max_nodes: u64) -> Run<'a> {
        Run {
            limit,
            keep,
            grids: Vec::new(),
            found: 0,
            nodes: 0,
            max_nodes,
            removed: 0,
            deadline: None,
            cancel: None,
            stopped: None,
        }
    }

    /// Counts a node, or says why the search must stop first.
    fn node(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.nodes >= self.max_nodes {
            self.stopped = Some(StopReason::NodeLimit);
            return false;
        }
        self.nodes += 1;
        if self.nodes % 256 == 0 {
            if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                self.stopped = Some(StopReason::Cancelled);
                return false;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(StopReason::Deadline);
                return false;
            }
        }
        true
    }
}

/// Candidates of a grid being filled.
#[derive(Debug, Clone)]
pub(crate) struct Candidates {
    /// Bit `d - 1` set: digit `d` is still possible in the cell.
    cand: Vec<u64>,
    /// The digit placed in each cell, 0 if open.
    value: Vec<u8>,
    /// Placements waiting to be made.
    queue: Vec<(u32, u8)>,
    /// Cells without a digit.
    open: usize,
    /// What is deduced at each node.
    deduce: Deduce,
    /// Candidates taken away since the last search began.
    removed: u64,
    /// Candidates and digits saved by the search, a level after another.
    saved_cand: Vec<u64>,
    saved_value: Vec<u8>,
    /// Candidates and digits saved during a probe.
    probe_cand: Vec<u64>,
    probe_value: Vec<u8>,
    /// Units whose cells changed since hidden singles last looked at them (a bit per unit).
    dirty_hidden: Vec<u64>,
    /// Units whose cells changed since locked candidates last looked at their meets.
    dirty_locked: Vec<u64>,
}

impl Candidates {
    pub(crate) fn new(layout: &Layout, deduce: Deduce) -> Self {
        let cells = layout.n * layout.n;
        Candidates {
            cand: vec![0; cells],
            value: vec![0; cells],
            queue: Vec::new(),
            open: cells,
            deduce,
            removed: 0,
            saved_cand: Vec::new(),
            saved_value: Vec::new(),
            probe_cand: Vec::new(),
            probe_value: Vec::new(),
            dirty_hidden: vec![0; layout.units.len().div_ceil(64)],
            dirty_locked: vec![0; layout.units.len().div_ceil(64)],
        }
    }

    /// Fills as much of the puzzle `cells` (row-major, 0 for a blank) as the deductions decide.
    pub(crate) fn singles(&mut self, layout: &Layout, cells: &[u8]) -> Singles {
        let n = layout.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        self.cand.fill(full);
        self.value.fill(0);
        self.queue.clear();
        self.queue.extend(
            cells
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != 0)
                .map(|(k, &d)| (k as u32, d)),
        );
        self.open = cells.len();
        self.removed = 0;
        for (k, w) in self.dirty_hidden.iter_mut().enumerate() {
            let units = layout.units.len() - 64 * k;
            *w = if units >= 64 {
                u64::MAX
            } else {
                (1 << units) - 1
            };
        }
        self.dirty_locked.copy_from_slice(&self.dirty_hidden);
        self.propagate(layout)
    }

    /// Marks the units of `cell` for another look: its candidates changed.
    #[inline]
    fn touch(&mut self, layout: &Layout, cell: usize) {
        for &u in &layout.cell_units[cell] {
            let (w, b) = (u as usize / 64, 1u64 << (u % 64));
            self.dirty_hidden[w] |= b;
            self.dirty_locked[w] |= b;
        }
    }

    /// Forgets what was marked: the state was put back to a fixpoint of the deductions.
    fn clean(&mut self) {
        self.dirty_hidden.fill(0);
        self.dirty_locked.fill(0);
        self.queue.clear();
    }

    /// Makes the queued placements and every deduction they lead to.
    fn propagate(&mut self, layout: &Layout) -> Singles {
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                match self.place(layout, cell as usize, d) {
                    Some(true) => self.open -= 1,
                    Some(false) => {}
                    None => {
                        self.clean();
                        return Singles::Contradiction;
                    }
                }
            }
            if self.open == 0 {
                self.clean();
                return Singles::Solved;
            }
            if !self.hidden_singles(layout) {
                self.clean();
                return Singles::Contradiction;
            }
            if !self.queue.is_empty() {
                continue;
            }
            match self.deduce {
                Deduce::Singles => return Singles::Stuck,
                Deduce::Probe => match self.locked(layout) {
                    None => {
                        self.clean();
                        return Singles::Contradiction;
                    }
                    Some(false) => return Singles::Stuck,
                    Some(true) => {}
                },
            }
        }
    }

    /// Hidden singles in the units marked: a digit with one place left in a unit is queued.
    /// False on a contradiction (a digit with no place, or a cell that must hold two).
    fn hidden_singles(&mut self, layout: &Layout) -> bool {
        let n = layout.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for w in 0..self.dirty_hidden.len() {
            while self.dirty_hidden[w] != 0 {
                let u = 64 * w + self.dirty_hidden[w].trailing_zeros() as usize;
                self.dirty_hidden[w] &= self.dirty_hidden[w] - 1;
                let unit = &layout.units[u];
                let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                for &c in unit {
                    let c = c as usize;
                    let m = self.cand[c];
                    if self.value[c] != 0 {
                        placed |= m;
                    } else {
                        twice |= once & m;
                        once |= m;
                    }
                }
                if (once | placed) != full {
                    return false;
                }
                let single = once & !twice & !placed;
                if single != 0 {
                    for &c in unit {
                        let hit = self.cand[c as usize] & single;
                        if self.value[c as usize] == 0 && hit != 0 {
                            if hit & (hit - 1) != 0 {
                                return false;
                            }
                            self.queue.push((c, hit.trailing_zeros() as u8 + 1));
                        }
                    }
                }
            }
        }
        true
    }

    /// Locked candidates, over the pairs of units that meet, where one of them was marked: a
    /// digit whose places in one of them all lie in the cells they share is taken from the
    /// rest of the other. `Some(true)` when a candidate went, `None` on a contradiction (a
    /// cell left without one).
    fn locked(&mut self, layout: &Layout) -> Option<bool> {
        let mut changed = false;
        for w in 0..self.dirty_locked.len() {
            while self.dirty_locked[w] != 0 {
                let u = 64 * w + self.dirty_locked[w].trailing_zeros() as usize;
                self.dirty_locked[w] &= self.dirty_locked[w] - 1;
                for &k in &layout.unit_meets[u] {
                    changed |= self.lock(layout, &layout.meets[k as usize])?;
                }
            }
        }
        Some(changed)
    }

    /// Locked candidates in one meet of two units.
    fn lock(&mut self, layout: &Layout, meet: &Meet) -> Option<bool> {
        let union = |cells: &[u32]| cells.iter().fold(0, |m, &c| m | self.cand[c as usize]);
        let both = union(&meet.both);
        if both & (both - 1) == 0 {
            return Some(false);
        }
        let (a, b) = (union(&meet.only_a), union(&meet.only_b));
        let mut changed = false;
        // Digits of the shared cells that the rest of `a` lacks go from the rest of `b`, and
        // the other way round.
        for (lacking, cells) in [(both & !a & b, &meet.only_b), (both & !b & a, &meet.only_a)] {
            if lacking == 0 {
                continue;
            }
            for &c in cells.iter() {
                let c = c as usize;
                let hit = self.cand[c] & lacking;
                if hit == 0 {
                    continue;
                }
                if self.value[c] != 0 {
                    // A placed digit is in its units alone: the shared cells cannot all hold
                    // it.
                    return None;
                }
                let left = self.cand[c] & !hit;
                self.cand[c] = left;
                self.removed += u64::from(hit.count_ones());
                self.touch(layout, c);
                changed = true;
                match left.count_ones() {
                    0 => return None,
                    1 => self.queue.push((c as u32, left.trailing_zeros() as u8 + 1)),
                    _ => {}
                }
            }
        }
        Some(changed)
    }

    /// Places `d` in `cell` and takes it from the peers' candidates, queueing naked singles:
    /// `Some(true)` when placed, `Some(false)` when it was there already, `None` on a
    /// contradiction.
    fn place(&mut self, layout: &Layout, cell: usize, d: u8) -> Option<bool> {
        if self.value[cell] == d {
            return Some(false);
        }
        let bit = 1u64 << (d - 1);
        if self.value[cell] != 0 || self.cand[cell] & bit == 0 {
            return None;
        }
        self.value[cell] = d;
        self.cand[cell] = bit;
        self.touch(layout, cell);
        for &p in &layout.peers[cell] {
            let p = p as usize;
            let c = self.cand[p];
            if c & bit != 0 {
                let left = c & !bit;
                self.cand[p] = left;
                self.removed += 1;
                self.touch(layout, p);
                if left == 0 {
                    return None;
                }
                if self.value[p] == 0 && left.count_ones() == 1 {
                    self.queue.push((p as u32, left.trailing_zeros() as u8 + 1));
                }
            }
        }
        Some(true)
    }

    /// Searches the puzzle `cells` for solutions, within the run's limits: the deductions at
    /// every node, then a branch on the fewest choices.
    pub(crate) fn solve(&mut self, layout: &Layout, cells: &[u8], run: &mut Run<'_>) {
        match self.singles(layout, cells) {
            Singles::Solved => self.found(run),
            Singles::Stuck => self.search(layout, run),
            Singles::Contradiction => {}
        }
        run.removed = self.removed;
    }

    fn found(&mut self, run: &mut Run<'_>) {
        run.found += 1;
        if run.grids.len() < run.keep {
            run.grids.push(self.value.clone());
        }
        if run.found >= run.limit {
            run.stopped = Some(StopReason::SolutionLimit);
        }
    }

    /// From where [`Candidates::singles`] stalled on a puzzle with a known solution: whether
    /// the puzzle has another, given that any other differs from `solution` in one of `cells`
    /// (the clues just taken away from a puzzle with one solution). Each other candidate of
    /// those cells is tried, and searched for a solution; `None` past `max_nodes` tries.
    pub(crate) fn another(
        &mut self,
        layout: &Layout,
        solution: &[u8],
        cells: &[usize],
        max_nodes: u64,
    ) -> Option<bool> {
        let mut run = Run::new(1, 0, max_nodes);
        for &cell in cells {
            if self.value[cell] != 0 {
                continue;
            }
            let mut digits = self.cand[cell] & !(1u64 << (solution[cell] - 1));
            while digits != 0 {
                let d = digits.trailing_zeros() as u8 + 1;
                digits &= digits - 1;
                self.try_digit(layout, cell, d, &mut run);
                if run.found > 0 {
                    return Some(true);
                }
                if run.stopped.is_some() {
                    return None;
                }
            }
        }
        Some(false)
    }

    /// Searches on with `d` in `cell` (one node), then puts the candidates back as they were.
    fn try_digit(&mut self, layout: &Layout, cell: usize, d: u8, run: &mut Run<'_>) {
        if !run.node() {
            return;
        }
        let size = self.cand.len();
        self.saved_cand.extend_from_slice(&self.cand);
        self.saved_value.extend_from_slice(&self.value);
        let open = self.open;
        self.queue.push((cell as u32, d));
        match self.propagate(layout) {
            Singles::Solved => self.found(run),
            Singles::Stuck => self.search(layout, run),
            Singles::Contradiction => {}
        }
        let at = self.saved_cand.len() - size;
        self.cand.copy_from_slice(&self.saved_cand[at..]);
        self.value.copy_from_slice(&self.saved_value[at..]);
        self.saved_cand.truncate(at);
        self.saved_value.truncate(at);
        self.open = open;
        self.clean();
    }

    /// Probes every cell with two candidates until none is taken away: each candidate is
    /// placed and propagated, and one that leads to a contradiction goes.
    fn probe(&mut self, layout: &Layout) -> Singles {
        loop {
            let mut changed = false;
            for cell in 0..self.cand.len() {
                if self.value[cell] != 0 || self.cand[cell].count_ones() != 2 {
                    continue;
                }
                let mut digits = self.cand[cell];
                while digits != 0 {
                    let d = digits.trailing_zeros() as u8 + 1;
                    digits &= digits - 1;
                    self.probe_cand.clear();
                    self.probe_cand.extend_from_slice(&self.cand);
                    self.probe_value.clear();
                    self.probe_value.extend_from_slice(&self.value);
                    let open = self.open;
                    self.queue.push((cell as u32, d));
                    // Singles alone in a probe: locked candidates there cost more time than
                    // the nodes they save (measured on 25x25 puzzles, docs/benchmarks.md).
                    self.deduce = Deduce::Singles;
                    let outcome = self.propagate(layout);
                    self.deduce = Deduce::Probe;
                    self.cand.copy_from_slice(&self.probe_cand);
                    self.value.copy_from_slice(&self.probe_value);
                    self.open = open;
                    self.clean();
                    if outcome == Singles::Contradiction {
                        let left = self.cand[cell] & !(1u64 << (d - 1));
                        self.cand[cell] = left;
                        self.removed += 1;
                        self.touch(layout, cell);
                        self.queue
                            .push((cell as u32, left.trailing_zeros() as u8 + 1));
                        match self.propagate(layout) {
                            Singles::Stuck => {}
                            done => return done,
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Singles::Stuck;
            }
        }
    }

    /// Branches on the open cell with the fewest candidates; when it has more than two, on a
    /// digit with two places left in a unit, if there is one.
    fn search(&mut self, layout: &Layout, run: &mut Run<'_>) {
        if self.deduce == Deduce::Probe {
            match self.probe(layout) {
                Singles::Stuck => {}
                Singles::Solved => return self.found(run),
                Singles::Contradiction => return,
            }
        }
        let Some(cell) = (0..self.cand.len())
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cand[c].count_ones())
        else {
            return;
        };
        if self.cand[cell].count_ones() > 2 {
            if let Some((unit, d)) = self.pair_of_places(layout) {
                let bit = 1u64 << (d - 1);
                for &c in &layout.units[unit] {
                    let c = c as usize;
                    if self.value[c] == 0 && self.cand[c] & bit != 0 {
                        self.try_digit(layout, c, d, run);
                        if run.stopped.is_some() {
                            return;
                        }
                    }
                }
                return;
            }
        }
        let mut digits = self.cand[cell];
        while digits != 0 {
            let d = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            self.try_digit(layout, cell, d, run);
            if run.stopped.is_some() {
                return;
            }
        }
    }

    /// The first unit and digit with exactly two places left.
    fn pair_of_places(&self, layout: &Layout) -> Option<(usize, u8)> {
        layout.units.iter().enumerate().find_map(|(u, unit)| {
            let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
            for &c in unit {
                let c = c as usize;
                if self.value[c] == 0 {
                    let m = self.cand[c];
                    thrice |= twice & m;
                    twice |= once & m;
                    once |= m;
                }
            }
            let two = twice & !thrice;
            (two != 0).then(|| (u, two.trailing_zeros() as u8 + 1))
        })
    }

    /// The digits placed, row-major (0 where open).
    #[cfg(test)]
    pub(crate) fn values(&self) -> &[u8] {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_solve_an_easy_puzzle_and_stall_on_a_hard_one() {
        let sudoku = Sudoku::classic();
        let layout = Layout::new(&sudoku);
        let mut c = Candidates::new(&layout, Deduce::Singles);
        // An easy puzzle (singles suffice), and its solution from the engine.
        let easy = crate::parse_line(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            None,
        )
        .unwrap();
        assert_eq!(c.singles(&layout, easy.cells()), Singles::Solved);
        let solved = sudoku.solve(&easy).unwrap().unwrap();
        assert_eq!(c.values(), solved.cells());
        // Norvig's hard one needs more than singles.
        let hard = crate::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            None,
        )
        .unwrap();
        assert_eq!(c.singles(&layout, hard.cells()), Singles::Stuck);
        // It has one solution: no other digit in an open cell leads to another.
        let solution = sudoku.solve(&hard).unwrap().unwrap();
        assert_eq!(
            c.another(&layout, solution.cells(), &[1, 2, 3], 1_000_000),
            Some(false)
        );
        // Its first clue is needed: without it, another solution differs there.
        let mut loose = hard.cells().to_vec();
        loose[0] = 0;
        assert_eq!(c.singles(&layout, &loose), Singles::Stuck);
        assert_eq!(
            c.another(&layout, solution.cells(), &[0], 1_000_000),
            Some(true)
        );
        assert_eq!(c.singles(&layout, &loose), Singles::Stuck);
        assert_eq!(c.another(&layout, solution.cells(), &[0], 3), None);
        // A cell the singles fill back is not a way to another solution.
        let mut one_less = solved.cells().to_vec();
        one_less[40] = 0;
        assert_eq!(c.singles(&layout, &one_less), Singles::Solved);
        // Two 1s in a row: a contradiction.
        let mut bad = vec![0u8; 81];
        bad[0] = 1;
        bad[5] = 1;
        assert_eq!(c.singles(&layout, &bad), Singles::Contradiction);
    }
}
