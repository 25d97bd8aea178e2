//! Deductions a person makes before guessing, over the units of any [`Sudoku`]: candidates per
//! cell as bit sets, the singles (a cell with one candidate left; a digit with one place left
//! in a unit) and locked candidates (a digit whose places in one unit all lie where it meets
//! another: it can go nowhere else in the other). On them, a search that propagates at every
//! node, probes every two-way choice and branches on the one whose probes took the most away
//! (a lookahead): the stronger solver of large puzzles ([`crate::Strategy::Propagate`]), and
//! the generator's cheap proof of uniqueness.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use dlx::StopReason;

use crate::geometry::Geometry;

/// The cells of each unit, the peers of each cell, and where units meet.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    /// The cells of each unit, row-major.
    pub(crate) units: Vec<Vec<u32>>,
    /// The peers of each cell, row-major.
    pub(crate) peers: Vec<Vec<u32>>,
    /// Every pair of units meeting in two cells or more (a box and a row, say), once.
    pub(crate) meets: Vec<Meet>,
    /// For each unit, the meets it is part of (indices into `meets`).
    pub(crate) unit_meets: Vec<Vec<u32>>,
    /// The units of each cell.
    cell_units: Vec<Vec<u32>>,
    /// `peers` and `cell_units` in one vector each, for the counted propagation's inner loops
    /// (faster on large grids; the vectors of vectors are, on 9x9, for the other).
    flat_peers: Lists,
    flat_cell_units: Lists,
}

/// The candidate bits of every digit of an `n`-digit grid (`n` up to 64).
pub(crate) fn all_digits(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Lists of numbers in one vector: list `k` is `items[span[k].0..span[k].1]`.
#[derive(Debug, Clone)]
struct Lists {
    span: Vec<(u32, u32)>,
    items: Vec<u32>,
}

impl Lists {
    fn new(lists: &[Vec<u32>]) -> Lists {
        let mut span = Vec::with_capacity(lists.len());
        let mut items = Vec::new();
        for list in lists {
            let at = items.len() as u32;
            items.extend_from_slice(list);
            span.push((at, items.len() as u32));
        }
        Lists { span, items }
    }

    #[inline]
    fn get(&self, k: usize) -> &[u32] {
        let (a, b) = self.span[k];
        &self.items[a as usize..b as usize]
    }
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
    pub(crate) fn new(geometry: &Geometry) -> Layout {
        let n = (1..=crate::MAX_SIZE)
            .find(|n| n * n == geometry.cell_units.len())
            .unwrap_or(0);
        let small = |lists: Vec<Vec<usize>>| -> Vec<Vec<u32>> {
            lists
                .into_iter()
                .map(|l| l.into_iter().map(|x| x as u32).collect())
                .collect()
        };
        let unit_cells = geometry.unit_cells();
        let peers = small(geometry.peers(&unit_cells));
        let units = small(unit_cells);
        // The cells two units share, from the units of each cell.
        let mut shared: std::collections::BTreeMap<(u32, u32), Vec<u32>> = Default::default();
        for (cell, cell_units) in geometry.cell_units.iter().enumerate() {
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
            flat_peers: Lists::new(&peers),
            flat_cell_units: Lists::new(&geometry.cell_units),
            cell_units: geometry.cell_units.clone(),
            units,
            peers,
            meets,
            unit_meets,
        }
    }
}

/// What the propagation made of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Every cell filled: the puzzle's one solution. With a goal
    /// ([`Candidates::singles_from`]): every cell of the goal filled, the rest perhaps not (on
    /// a puzzle known to have a solution, those cells hold the same digits in all of them).
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
    /// meet; before each branch, probes: each side of every two-way choice (a cell with two
    /// candidates, a digit with two places in a unit) is placed and propagated by singles, and
    /// one that leads to a contradiction is taken away; the branch is the choice whose sides
    /// took the most away.
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
    /// Branches open on the current path, and the most there were on one path: every branch
    /// has two ways or more (a cell with one candidate, or a digit with one place, is placed
    /// by the deductions).
    pub(crate) depth: u32,
    pub(crate) max_depth: u32,
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
            depth: 0,
            max_depth: 0,
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

/// One change to a cell, kept so that it can be undone: what the cell held before.
#[derive(Debug, Clone, Copy)]
struct Change {
    cell: u32,
    value: u8,
    cand: u64,
}

/// Candidates of a grid being filled.
///
/// Every change to a cell goes through [`Candidates::place`] or [`Candidates::remove`].
/// `COUNTED` chooses, once per use, how hidden singles are found and how changes are undone:
///
/// - `true` (the propagating search, whose probes make and undo a few changes at a time on
///   large grids): the places of each digit in each unit are counted as candidates go (a count
///   of one is a hidden single, of none a contradiction), and what each changed cell held goes
///   on a trail; going back undoes the trail, in time proportional to what changed since.
/// - `false` (the generator, which propagates small grids whole, from what the clues leave:
///   [`Candidates::singles_from`]): the units whose cells changed are marked and scanned when
///   the placements run out, and going back copies every cell back. Counting cost this use
///   more than it saved (docs/benchmarks.md).
#[derive(Debug, Clone)]
pub(crate) struct Candidates<const COUNTED: bool> {
    n: usize,
    /// Bit `d - 1` set: digit `d` is still possible in the cell (a placed digit's bit stays).
    cand: Vec<u64>,
    /// The digit placed in each cell, 0 if open.
    value: Vec<u8>,
    /// `count[u * n + d - 1]`: the cells of unit `u` where `d` is possible (or placed).
    count: Vec<u8>,
    /// The cells' former states, the latest last (`COUNTED`).
    trail: Vec<Change>,
    /// Copies of every cell's candidates and digit, a level after another (not `COUNTED`).
    saved_cand: Vec<u64>,
    saved_value: Vec<u8>,
    /// Placements waiting to be made.
    queue: Vec<(u32, u8)>,
    /// Cells without a digit.
    open: usize,
    /// What is deduced at each node.
    deduce: Deduce,
    /// Set by a count falling to zero: a digit with no place left in a unit.
    broken: bool,
    /// Candidates taken away since the last search began.
    removed: u64,
    /// Units whose cells changed since hidden singles last looked at them (not `COUNTED`).
    dirty_hidden: Vec<u64>,
    /// Units whose cells changed since locked candidates last looked at their meets.
    dirty_locked: Vec<u64>,
    /// The two-way choice whose sides' probes took the most away (the product of what each
    /// took), from the last pass of probes, the side that took less first: the branch.
    best: Option<[(u32, u8); 2]>,
    /// The pass of probes now running (see `stamp`).
    pass: u32,
    /// `stamp[cell * n + d - 1] == pass`: placing `d` in `cell` was probed in this pass and
    /// took `took[...]` candidates away.
    stamp: Vec<u32>,
    took: Vec<u32>,
    /// A solved grid whose digits the branches try first (empty: none). The search for
    /// another solution sets it to the one known: the other one mostly agrees with it.
    hint: Vec<u8>,
    /// `goal[cell]`: a cell whose placement [`Candidates::singles_from`] waits for, and how
    /// many of them are still open (0: none waited for, the propagation runs to its end).
    goal: Vec<bool>,
    goal_left: usize,
}

impl<const COUNTED: bool> Candidates<COUNTED> {
    pub(crate) fn new(layout: &Layout, deduce: Deduce) -> Self {
        let n = layout.n;
        let cells = n * n;
        Candidates {
            n,
            cand: vec![0; cells],
            value: vec![0; cells],
            count: vec![0; layout.units.len() * n],
            trail: Vec::new(),
            saved_cand: Vec::new(),
            saved_value: Vec::new(),
            queue: Vec::new(),
            open: cells,
            deduce,
            broken: false,
            removed: 0,
            dirty_hidden: vec![0; layout.units.len().div_ceil(64)],
            dirty_locked: vec![0; layout.units.len().div_ceil(64)],
            best: None,
            pass: 0,
            stamp: vec![0; cells * n],
            took: vec![0; cells * n],
            hint: Vec::new(),
            goal: vec![false; cells],
            goal_left: 0,
        }
    }

    /// The units of `cell`, from the tables that suit `COUNTED`.
    #[inline(always)]
    fn units_of<'l>(&self, layout: &'l Layout, cell: usize) -> &'l [u32] {
        if COUNTED {
            layout.flat_cell_units.get(cell)
        } else {
            &layout.cell_units[cell]
        }
    }

    /// The peers of `cell`, from the tables that suit `COUNTED`.
    #[inline(always)]
    fn peers_of<'l>(&self, layout: &'l Layout, cell: usize) -> &'l [u32] {
        if COUNTED {
            layout.flat_peers.get(cell)
        } else {
            &layout.peers[cell]
        }
    }

    /// Fills as much of the puzzle `cells` (row-major, 0 for a blank) as the deductions decide.
    pub(crate) fn singles(&mut self, layout: &Layout, cells: &[u8]) -> Singles {
        let n = layout.n;
        let full = all_digits(n);
        self.cand.fill(full);
        self.value.fill(0);
        if COUNTED {
            for (u, unit) in layout.units.iter().enumerate() {
                self.count[u * n..(u + 1) * n].fill(unit.len() as u8);
            }
        }
        self.trail.clear();
        self.queue.clear();
        self.queue.extend(
            cells
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != 0)
                .map(|(k, &d)| (k as u32, d)),
        );
        self.open = cells.len();
        self.broken = false;
        self.removed = 0;
        self.mark_every_unit(layout);
        self.propagate(layout)
    }

    /// Marks every unit for the deductions to look at (locked candidates; hidden singles too
    /// where they are not counted).
    fn mark_every_unit(&mut self, layout: &Layout) {
        for (k, w) in self.dirty_locked.iter_mut().enumerate() {
            let units = layout.units.len() - 64 * k;
            *w = if units >= 64 {
                u64::MAX
            } else {
                (1 << units) - 1
            };
        }
        if !COUNTED {
            self.dirty_hidden.copy_from_slice(&self.dirty_locked);
        }
    }

    /// Takes the digits of `hit` from the places counted in the units of `cell` (whose
    /// candidates have just lost them), queueing the hidden singles this leaves; a count
    /// falling to zero sets `broken`.
    #[inline(always)]
    fn uncount(&mut self, layout: &Layout, cell: usize, hit: u64) {
        let n = self.n;
        for &u in self.units_of(layout, cell) {
            let u = u as usize;
            self.dirty_locked[u / 64] |= 1 << (u % 64);
            if !COUNTED {
                self.dirty_hidden[u / 64] |= 1 << (u % 64);
                continue;
            }
            let mut bits = hit;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = &mut self.count[u * n + d];
                *k -= 1;
                match *k {
                    0 => self.broken = true,
                    1 => self.hidden_single(layout, u, d),
                    _ => {}
                }
            }
        }
    }

    /// Queues the one place left for digit `d + 1` in unit `u`, unless it is placed there.
    #[inline(never)]
    fn hidden_single(&mut self, layout: &Layout, u: usize, d: usize) {
        let bit = 1u64 << d;
        for &c in &layout.units[u] {
            let c = c as usize;
            if self.cand[c] & bit != 0 {
                if self.value[c] == 0 {
                    self.queue.push((c as u32, d as u8 + 1));
                }
                return;
            }
        }
    }

    /// Takes the digits of `hit` (candidates of `cell`) from an open `cell`, queueing a
    /// naked single. False on a contradiction (no candidate left, or a digit with no place).
    #[inline(always)]
    fn remove(&mut self, layout: &Layout, cell: usize, hit: u64) -> bool {
        let old = self.cand[cell];
        // Every caller takes candidates the cell has.
        debug_assert!(hit != 0 && old & hit == hit);
        if COUNTED {
            self.trail.push(Change {
                cell: cell as u32,
                value: self.value[cell],
                cand: old,
            });
        }
        let left = old & !hit;
        self.cand[cell] = left;
        self.removed += u64::from(hit.count_ones());
        self.uncount(layout, cell, hit);
        if left == 0 || (COUNTED && self.broken) {
            return false;
        }
        if left & (left - 1) == 0 && self.value[cell] == 0 {
            self.queue
                .push((cell as u32, left.trailing_zeros() as u8 + 1));
        }
        true
    }

    /// Where to come back to with [`Candidates::restore`]: the trail's length, or (not
    /// `COUNTED`, where grids are small or propagated whole) a copy of every cell.
    #[inline]
    fn save(&mut self) -> usize {
        if COUNTED {
            self.trail.len()
        } else {
            let at = self.saved_cand.len();
            self.saved_cand.extend_from_slice(&self.cand);
            self.saved_value.extend_from_slice(&self.value);
            at
        }
    }

    /// Puts every cell back as it was at [`Candidates::save`].
    #[inline]
    fn restore(&mut self, layout: &Layout, mark: usize) {
        if COUNTED {
            self.undo(layout, mark);
        } else {
            self.cand.copy_from_slice(&self.saved_cand[mark..]);
            self.value.copy_from_slice(&self.saved_value[mark..]);
            self.saved_cand.truncate(mark);
            self.saved_value.truncate(mark);
        }
    }

    /// Puts every cell back as it was when the trail was `mark` long, and the counts with it.
    fn undo(&mut self, layout: &Layout, mark: usize) {
        let n = self.n;
        while self.trail.len() > mark {
            let Change { cell, value, cand } = self.trail.pop().expect("longer than mark");
            let c = cell as usize;
            let back = cand & !self.cand[c];
            if COUNTED && back != 0 {
                for &u in self.units_of(layout, c) {
                    let base = u as usize * n;
                    let mut bits = back;
                    while bits != 0 {
                        self.count[base + bits.trailing_zeros() as usize] += 1;
                        bits &= bits - 1;
                    }
                }
            }
            self.cand[c] = cand;
            self.value[c] = value;
        }
        self.broken = false;
    }

    /// Forgets what was marked: the state was put back to a fixpoint of the deductions.
    fn clean(&mut self) {
        if !COUNTED {
            self.dirty_hidden.fill(0);
        }
        self.dirty_locked.fill(0);
        self.queue.clear();
    }

    /// Makes the queued placements and every deduction they lead to.
    fn propagate(&mut self, layout: &Layout) -> Singles {
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                match self.place(layout, cell as usize, d) {
                    Some(true) => {
                        self.open -= 1;
                        if self.goal_left != 0 && self.goal[cell as usize] {
                            self.goal_left -= 1;
                            if self.goal_left == 0 {
                                self.clean();
                                return Singles::Solved;
                            }
                        }
                    }
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
            if !COUNTED {
                if !self.hidden_singles(layout) {
                    self.clean();
                    return Singles::Contradiction;
                }
                if !self.queue.is_empty() {
                    continue;
                }
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
        let full = all_digits(n);
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
                changed = true;
                if !self.remove(layout, c, hit) {
                    return None;
                }
            }
        }
        Some(changed)
    }

    /// Places `d` in `cell` and takes it from the peers' candidates, queueing naked and hidden
    /// singles: `Some(true)` when placed, `Some(false)` when it was there already, `None` on a
    /// contradiction.
    fn place(&mut self, layout: &Layout, cell: usize, d: u8) -> Option<bool> {
        if self.value[cell] == d {
            return Some(false);
        }
        let bit = 1u64 << (d - 1);
        let old = self.cand[cell];
        if self.value[cell] != 0 || old & bit == 0 {
            return None;
        }
        if COUNTED {
            self.trail.push(Change {
                cell: cell as u32,
                value: 0,
                cand: old,
            });
        }
        self.value[cell] = d;
        self.cand[cell] = bit;
        if old != bit {
            self.uncount(layout, cell, old & !bit);
        } else {
            for &u in self.units_of(layout, cell) {
                self.dirty_locked[u as usize / 64] |= 1 << (u % 64);
                if !COUNTED {
                    self.dirty_hidden[u as usize / 64] |= 1 << (u % 64);
                }
            }
        }
        if COUNTED && self.broken {
            return None;
        }
        for &p in self.peers_of(layout, cell) {
            let p = p as usize;
            if self.cand[p] & bit != 0 && !self.remove(layout, p, bit) {
                return None;
            }
        }
        Some(true)
    }

    /// The puzzle `cells` after the deductions and probes of the root: each cell's candidates
    /// (bit `d - 1` for digit `d`) and its digit (0 if open); `None` on a contradiction (no
    /// solution).
    pub(crate) fn root(&mut self, layout: &Layout, cells: &[u8]) -> Option<(Vec<u64>, Vec<u8>)> {
        let mut state = self.singles(layout, cells);
        if state == Singles::Stuck && self.deduce == Deduce::Probe {
            state = self.probe(layout);
        }
        match state {
            Singles::Contradiction => None,
            _ => Some((self.cand.clone(), self.value.clone())),
        }
    }

    /// Searches the puzzle `cells` for solutions, within the run's limits: the deductions at
    /// every node, then a branch ([`Candidates::search`]).
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
    /// those cells is tried, and searched for a solution, every branch trying `solution`'s
    /// digit first (another solution mostly agrees with it: it differs only in an unavoidable
    /// set); `None` past `max_nodes` tries.
    pub(crate) fn another(
        &mut self,
        layout: &Layout,
        solution: &[u8],
        cells: &[usize],
        max_nodes: u64,
        cancel: Option<&AtomicBool>,
    ) -> Option<bool> {
        let mut run = Run::new(1, 0, max_nodes);
        run.cancel = cancel;
        self.hint.clear();
        self.hint.extend_from_slice(solution);
        let found = self.another_in(layout, solution, cells, &mut run);
        self.hint.clear();
        found
    }

    /// [`Candidates::another`] with the hint set.
    fn another_in(
        &mut self,
        layout: &Layout,
        solution: &[u8],
        cells: &[usize],
        run: &mut Run<'_>,
    ) -> Option<bool> {
        for &cell in cells {
            if self.value[cell] != 0 {
                continue;
            }
            let mut digits = self.cand[cell] & !(1u64 << (solution[cell] - 1));
            while digits != 0 {
                let d = digits.trailing_zeros() as u8 + 1;
                digits &= digits - 1;
                self.try_digit(layout, cell, d, run);
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
        let mark = self.save();
        let open = self.open;
        self.queue.push((cell as u32, d));
        match self.propagate(layout) {
            Singles::Solved => self.found(run),
            Singles::Stuck => self.search(layout, run),
            Singles::Contradiction => {}
        }
        self.restore(layout, mark);
        self.open = open;
        self.clean();
    }

    /// Probes every two-way choice until none gives way: a cell with two candidates, and a
    /// digit with two places left in a unit. Each side is placed and propagated by singles;
    /// a side that leads to a contradiction is taken away (and the other follows). In the
    /// last pass, where nothing gave way, the choice whose sides took the most away (the
    /// product of the two) is kept in `best`, the side that took less first: the branch a
    /// lookahead solver makes.
    fn probe(&mut self, layout: &Layout) -> Singles {
        loop {
            self.pass = self.pass.wrapping_add(1);
            if self.pass == 0 {
                self.stamp.fill(0);
                self.pass = 1;
            }
            let mut changed = false;
            self.best = None;
            let mut best_score = 0;
            for cell in 0..self.cand.len() {
                if self.value[cell] != 0 || self.cand[cell].count_ones() != 2 {
                    continue;
                }
                let m = self.cand[cell];
                let (d1, d2) = (m.trailing_zeros() as u8 + 1, 64 - m.leading_zeros() as u8);
                let pair = [(cell as u32, d1), (cell as u32, d2)];
                match self.probe_pair(layout, pair) {
                    Ok(score) => self.consider(pair, score, &mut best_score),
                    Err(Singles::Stuck) => changed = true,
                    Err(done) => return done,
                }
            }
            for (u, unit) in layout.units.iter().enumerate() {
                let mut two = self.two_places(unit);
                while two != 0 {
                    let d = two.trailing_zeros() as usize;
                    two &= two - 1;
                    let bit = 1u64 << d;
                    let mut places = layout.units[u].iter().filter(|&&c| {
                        self.value[c as usize] == 0 && self.cand[c as usize] & bit != 0
                    });
                    let (Some(&c1), Some(&c2)) = (places.next(), places.next()) else {
                        // An earlier probe of this pass changed the unit.
                        continue;
                    };
                    let pair = [(c1, d as u8 + 1), (c2, d as u8 + 1)];
                    match self.probe_pair(layout, pair) {
                        Ok(score) => self.consider(pair, score, &mut best_score),
                        Err(Singles::Stuck) => changed = true,
                        Err(done) => return done,
                    }
                }
            }
            if !changed {
                return Singles::Stuck;
            }
        }
    }

    /// Keeps `pair` as the branch if its score beats the best so far, the side that took
    /// less first.
    fn consider(&mut self, pair: [(u32, u8); 2], (score, swap): (u64, bool), best: &mut u64) {
        if score > *best {
            *best = score;
            self.best = Some(if swap { [pair[1], pair[0]] } else { pair });
        }
    }

    /// Probes both sides of a two-way choice (each once a pass): `Ok` with the product of
    /// what each took away (plus one) and whether the second took less; `Err` when a side led
    /// to a contradiction and was taken away, with what propagating that gave.
    fn probe_pair(
        &mut self,
        layout: &Layout,
        pair: [(u32, u8); 2],
    ) -> Result<(u64, bool), Singles> {
        let n = self.n;
        let mut took = [0u64; 2];
        for (side, &(cell, d)) in pair.iter().enumerate() {
            let k = cell as usize * n + d as usize - 1;
            if self.stamp[k] == self.pass {
                took[side] = u64::from(self.took[k]);
                continue;
            }
            let mark = self.save();
            let open = self.open;
            self.queue.push((cell, d));
            // Singles alone in a probe: locked candidates there cost more time than the
            // nodes they save (measured on 25x25 puzzles, docs/benchmarks.md).
            self.deduce = Deduce::Singles;
            let removed = self.removed;
            let outcome = self.propagate(layout);
            self.deduce = Deduce::Probe;
            took[side] = self.removed - removed;
            self.restore(layout, mark);
            self.open = open;
            self.clean();
            if outcome == Singles::Contradiction {
                if !self.remove(layout, cell as usize, 1u64 << (d - 1)) {
                    self.clean();
                    return Err(Singles::Contradiction);
                }
                return Err(self.propagate(layout));
            }
            self.stamp[k] = self.pass;
            self.took[k] = took[side].min(u64::from(u32::MAX)) as u32;
        }
        Ok(((took[0] + 1).saturating_mul(took[1] + 1), took[1] < took[0]))
    }

    /// Probes (with [`Deduce::Probe`]) and branches on the choice the probes chose; without
    /// one (singles alone, or no two-way choice left), on the open cell with the fewest
    /// candidates, or when it has more than two, on a digit with two places left in a unit.
    fn search(&mut self, layout: &Layout, run: &mut Run<'_>) {
        if self.deduce == Deduce::Probe {
            match self.probe(layout) {
                Singles::Stuck => {}
                Singles::Solved => return self.found(run),
                Singles::Contradiction => return,
            }
        }
        run.depth += 1;
        run.max_depth = run.max_depth.max(run.depth);
        self.branch(layout, run);
        run.depth -= 1;
    }

    /// The branch of [`Candidates::search`], after the probes.
    fn branch(&mut self, layout: &Layout, run: &mut Run<'_>) {
        if let Some(pair) = self.best.take() {
            return self.try_pair(layout, pair, run);
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
                let mut places = layout.units[unit]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.value[c] == 0 && self.cand[c] & bit != 0);
                let mut pair = [(0, d); 2];
                for side in &mut pair {
                    side.0 = places.next().expect("two places") as u32;
                }
                return self.try_pair(layout, pair, run);
            }
        }
        let mut digits = self.cand[cell];
        if let Some(&h) = self.hint.get(cell) {
            let bit = 1u64 << (h - 1);
            if digits & bit != 0 {
                digits &= !bit;
                self.try_digit(layout, cell, h, run);
                if run.stopped.is_some() {
                    return;
                }
            }
        }
        while digits != 0 {
            let d = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            self.try_digit(layout, cell, d, run);
            if run.stopped.is_some() {
                return;
            }
        }
    }

    /// Tries both sides of a two-way choice, the hint's first if it is one of them.
    fn try_pair(&mut self, layout: &Layout, mut pair: [(u32, u8); 2], run: &mut Run<'_>) {
        if self.hinted(pair[1]) {
            pair.swap(0, 1);
        }
        for (cell, d) in pair {
            self.try_digit(layout, cell as usize, d, run);
            if run.stopped.is_some() {
                return;
            }
        }
    }

    /// Whether the hint (see `hint`) puts `d` in `cell`.
    #[inline]
    fn hinted(&self, (cell, d): (u32, u8)) -> bool {
        self.hint.get(cell as usize) == Some(&d)
    }

    /// The digits with exactly two places left among the open cells of `unit` (a bit each).
    fn two_places(&self, unit: &[u32]) -> u64 {
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
        twice & !thrice
    }

    /// The first unit and digit with exactly two places left.
    fn pair_of_places(&self, layout: &Layout) -> Option<(usize, u8)> {
        layout.units.iter().enumerate().find_map(|(u, unit)| {
            let two = self.two_places(unit);
            (two != 0).then(|| (u, two.trailing_zeros() as u8 + 1))
        })
    }

    /// The digits placed, row-major (0 where open).
    #[cfg(test)]
    pub(crate) fn values(&self) -> &[u8] {
        &self.value
    }
}

impl Candidates<false> {
    /// [`Candidates::singles`] on the puzzle `cells`, started from what its clues alone leave
    /// each cell (`clues`, kept for `cells`) rather than from placing them, and stopped as soon
    /// as every cell of `goal` (open in `cells`) is filled: on a puzzle known to have a
    /// solution, [`Singles::Solved`] then says those cells hold the same digits in all of them.
    /// Where it does not stop, the candidates end as [`Candidates::singles`] leaves them (the
    /// deductions reach one fixpoint in any order).
    pub(crate) fn singles_from(
        &mut self,
        layout: &Layout,
        cells: &[u8],
        clues: &ClueCandidates,
        goal: &[usize],
    ) -> Singles {
        self.queue.clear();
        self.open = 0;
        // The goal's cells that the clues alone fill settle it at once.
        if !goal.is_empty() && goal.iter().all(|&k| clues.forced(layout, cells, k)) {
            return Singles::Solved;
        }
        for (k, &d) in cells.iter().enumerate() {
            if d != 0 {
                self.cand[k] = 1 << (d - 1);
                continue;
            }
            let free = clues.free[k];
            self.cand[k] = free;
            self.open += 1;
            if free & free.wrapping_sub(1) == 0 {
                if free == 0 {
                    return Singles::Contradiction;
                }
                self.queue.push((k as u32, free.trailing_zeros() as u8 + 1));
            }
        }
        self.value.copy_from_slice(cells);
        self.broken = false;
        self.removed = 0;
        self.mark_every_unit(layout);
        for &k in goal {
            self.goal[k] = true;
        }
        self.goal_left = goal.len();
        let found = self.propagate(layout);
        for &k in goal {
            self.goal[k] = false;
        }
        self.goal_left = 0;
        found
    }
}

/// What the clues of a puzzle alone leave each open cell: the digits no peer holds as a clue,
/// kept up to date as clues are taken away and put back (a generator's puzzle changes by a
/// clue or a few at a time, and propagating from here skips placing the clues again).
#[derive(Debug, Clone)]
pub(crate) struct ClueCandidates {
    n: usize,
    /// `count[cell * n + d - 1]`: the peers of `cell` holding `d` as a clue.
    count: Vec<u8>,
    /// Bit `d - 1` set: no peer of the cell holds `d`.
    free: Vec<u64>,
}

impl ClueCandidates {
    /// The candidates the clues of `cells` (row-major, 0 for a blank) leave.
    pub(crate) fn new(layout: &Layout, cells: &[u8]) -> ClueCandidates {
        let n = layout.n;
        let full = all_digits(n);
        let mut clues = ClueCandidates {
            n,
            count: vec![0; cells.len() * n],
            free: vec![full; cells.len()],
        };
        for (k, &d) in cells.iter().enumerate() {
            if d != 0 {
                clues.put(layout, k, d);
            }
        }
        clues
    }

    /// Whether the clues of `cells` alone fill the open `cell`: one digit left to it (a naked
    /// single), or one of its digits left nowhere else in one of its units (a hidden single).
    fn forced(&self, layout: &Layout, cells: &[u8], cell: usize) -> bool {
        let free = self.free[cell];
        if free & free.wrapping_sub(1) == 0 {
            return true;
        }
        let units = &layout.cell_units[cell];
        units.iter().any(|&u| {
            let mut elsewhere = 0;
            for &c in &layout.units[u as usize] {
                let c = c as usize;
                if c != cell && cells[c] == 0 {
                    elsewhere |= self.free[c];
                }
            }
            free & !elsewhere != 0
        })
    }

    /// Digit `d` becomes a clue in `cell`.
    pub(crate) fn put(&mut self, layout: &Layout, cell: usize, d: u8) {
        let d = usize::from(d - 1);
        for &p in &layout.peers[cell] {
            let at = p as usize * self.n + d;
            if self.count[at] == 0 {
                self.free[p as usize] &= !(1 << d);
            }
            self.count[at] += 1;
        }
    }

    /// The clue `d` in `cell` is taken away.
    pub(crate) fn take(&mut self, layout: &Layout, cell: usize, d: u8) {
        let d = usize::from(d - 1);
        for &p in &layout.peers[cell] {
            let at = p as usize * self.n + d;
            self.count[at] -= 1;
            if self.count[at] == 0 {
                self.free[p as usize] |= 1 << d;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Sudoku;

    #[test]
    fn singles_solve_an_easy_puzzle_and_stall_on_a_hard_one() {
        let sudoku = Sudoku::classic();
        let layout = sudoku.layout().clone();
        let mut c = Candidates::<false>::new(&layout, Deduce::Singles);
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
            c.another(&layout, solution.cells(), &[1, 2, 3], 1_000_000, None),
            Some(false)
        );
        // Its first clue is needed: without it, another solution differs there.
        let mut loose = hard.cells().to_vec();
        loose[0] = 0;
        assert_eq!(c.singles(&layout, &loose), Singles::Stuck);
        assert_eq!(
            c.another(&layout, solution.cells(), &[0], 1_000_000, None),
            Some(true)
        );
        assert_eq!(c.singles(&layout, &loose), Singles::Stuck);
        assert_eq!(c.another(&layout, solution.cells(), &[0], 3, None), None);
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

    /// Puzzles of `sudoku` with their solution: the engine's first solution of the empty grid
    /// with its digits relabelled at random, `grids` times, each grid cut to random parts of
    /// it, from the full grid down to a quarter of its cells.
    fn puzzles_of(sudoku: &Sudoku, grids: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let empty = crate::Grid::empty(sudoku.shape());
        let first = sudoku.solve(&empty).unwrap().unwrap();
        let n = sudoku.shape().size();
        let mut out = Vec::new();
        for _ in 0..grids {
            let mut label: Vec<u8> = (1..=n as u8).collect();
            for i in (1..n).rev() {
                label.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let solution: Vec<u8> = first
                .cells()
                .iter()
                .map(|&d| label[d as usize - 1])
                .collect();
            for keep in [100, 70, 50, 40, 35, 30, 25] {
                let cells = solution
                    .iter()
                    .map(|&d| if next() % 100 < keep { d } else { 0 })
                    .collect();
                out.push((cells, solution.clone()));
            }
        }
        out
    }

    #[test]
    fn clue_candidates_follow_clues_taken_and_put_back() {
        let sudoku = Sudoku::classic();
        let layout = sudoku.layout().clone();
        for (cells, _) in puzzles_of(&sudoku, 20) {
            let mut left = ClueCandidates::new(&layout, &cells);
            // What the clues leave: every digit no peer holds.
            for (k, &free) in left.free.iter().enumerate() {
                let held = layout.peers[k]
                    .iter()
                    .filter(|&&p| cells[p as usize] != 0)
                    .fold(0u64, |m, &p| m | 1 << (cells[p as usize] - 1));
                assert_eq!(free, 0x1ff & !held, "cell {k}");
            }
            // Taking every other clue away and putting half of them back is building anew.
            let mut now = cells.clone();
            let clues: Vec<usize> = (0..81).filter(|&k| cells[k] != 0).collect();
            for &k in clues.iter().step_by(2) {
                left.take(&layout, k, now[k]);
                now[k] = 0;
            }
            for &k in clues.iter().step_by(4) {
                now[k] = cells[k];
                left.put(&layout, k, now[k]);
            }
            let anew = ClueCandidates::new(&layout, &now);
            assert_eq!(left.free, anew.free);
            assert_eq!(left.count, anew.count);
        }
    }

    #[test]
    fn singles_from_the_clues_end_where_singles_from_scratch_do() {
        // Classic 9x9 and 12x12, X-sudoku, hyper sudoku.
        let kinds = [
            (9, false, false),
            (12, false, false),
            (9, true, false),
            (9, false, true),
        ];
        let shapes = kinds.map(|(n, diagonals, hyper)| {
            let variant = crate::Variant {
                diagonals,
                hyper,
                regions: None,
            };
            Sudoku::new(crate::Shape::new(n).unwrap(), variant).unwrap()
        });
        let (mut stuck, mut forced) = (0, 0);
        for sudoku in &shapes {
            let layout = sudoku.layout().clone();
            let mut scratch = Candidates::<false>::new(&layout, Deduce::Singles);
            let mut seeded = Candidates::<false>::new(&layout, Deduce::Singles);
            for (cells, solution) in puzzles_of(sudoku, 30) {
                let left = ClueCandidates::new(&layout, &cells);
                let whole = scratch.singles(&layout, &cells);
                // No goal: the same fixpoint, cell for cell.
                assert_eq!(seeded.singles_from(&layout, &cells, &left, &[]), whole);
                assert_eq!(seeded.cand, scratch.cand);
                assert_eq!(seeded.value, scratch.value);
                assert_eq!(seeded.open, scratch.open);
                if whole == Singles::Stuck {
                    stuck += 1;
                }
                // A goal of up to three open cells: settled exactly when the fixpoint fills
                // them, and then with the solution's digits; otherwise the same fixpoint.
                let open: Vec<usize> = (0..cells.len()).filter(|&k| cells[k] == 0).collect();
                for goal in open.chunks(3).take(6) {
                    let filled = goal.iter().all(|&k| scratch.value[k] != 0);
                    let found = seeded.singles_from(&layout, &cells, &left, goal);
                    assert_eq!(found == Singles::Solved, filled, "goal {goal:?}");
                    if filled {
                        forced += 1;
                        assert!(goal.iter().all(|&k| scratch.value[k] == solution[k]));
                    } else {
                        assert_eq!(found, Singles::Stuck);
                        assert_eq!(seeded.cand, scratch.cand);
                        assert_eq!(seeded.value, scratch.value);
                    }
                }
            }
        }
        // The cases above all occurred.

        assert!(stuck > 20 && forced > 100, "{stuck} {forced}");
    }

    /// Every count agrees with the candidates it counts, and `open` with the digits placed.
    fn assert_consistent(c: &Candidates<true>, layout: &Layout) {
        for (u, unit) in layout.units.iter().enumerate() {
            for d in 0..layout.n {
                let places = unit
                    .iter()
                    .filter(|&&k| c.cand[k as usize] & (1 << d) != 0)
                    .count();
                assert_eq!(
                    usize::from(c.count[u * layout.n + d]),
                    places,
                    "unit {u}, {d}"
                );
            }
        }
        assert_eq!(c.open, c.value.iter().filter(|&&v| v == 0).count());
    }

    #[test]
    fn a_search_undoes_its_changes_and_their_counts() {
        let sudoku =
            Sudoku::new(crate::Shape::new(16).unwrap(), crate::Variant::default()).unwrap();
        let layout = sudoku.layout().clone();
        let mut c = Candidates::<true>::new(&layout, Deduce::Probe);
        let line = "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E";
        let full = crate::parse_line(line, None).unwrap();
        // Every third given kept: many solutions, a search that branches and backs up.
        let mut kept = 0;
        let cells: Vec<u8> = full
            .cells()
            .iter()
            .map(|&d| {
                kept += usize::from(d != 0);
                if d != 0 && kept % 3 == 0 {
                    d
                } else {
                    0
                }
            })
            .collect();
        assert_eq!(c.singles(&layout, &cells), Singles::Stuck);
        assert_consistent(&c, &layout);
        let before = (c.cand.clone(), c.value.clone());
        let mut run = Run::new(20, 20, u64::MAX);
        c.search(&layout, &mut run);
        assert_eq!(run.found, 20);
        assert!(
            run.nodes > 20,
            "{} nodes: a search that backs up",
            run.nodes
        );
        assert_consistent(&c, &layout);
        // Back at the root: the candidates are the root's (less what probes there took away,
        // every one of them a deduction), the digits placed still placed.
        for (k, (&now, &then)) in c.cand.iter().zip(&before.0).enumerate() {
            assert_eq!(now & !then, 0, "cell {k} gained a candidate");
            assert!(before.1[k] == 0 || c.value[k] == before.1[k], "cell {k}");
        }
        // Twenty different solutions, each keeping the givens and breaking no rule.
        let mut grids = run.grids.clone();
        grids.sort();
        grids.dedup();
        assert_eq!(grids.len(), 20);
        for g in &run.grids {
            let grid = crate::Grid::from_cells(sudoku.shape(), g.clone()).unwrap();
            assert!(grid.is_full());
            sudoku.check(&grid).unwrap();
            assert!(cells.iter().zip(g).all(|(&a, &b)| a == 0 || a == b));
        }
    }
}
