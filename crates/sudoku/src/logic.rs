//! Deductions a person makes before guessing, over the units of any [`Sudoku`]: candidates per
//! cell as bit sets, and the singles (a cell with one candidate left; a digit with one place
//! left in a unit). The generator uses them as a cheap proof of uniqueness: a puzzle that the
//! singles fill completely has exactly one solution, each digit forced by the ones before it.

use crate::rules::Sudoku;

/// The cells of each unit, and the peers of each cell (the cells sharing a unit with it).
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    /// The cells of each unit, row-major.
    pub(crate) units: Vec<Vec<u32>>,
    /// The peers of each cell, row-major.
    pub(crate) peers: Vec<Vec<u32>>,
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
        Layout {
            n,
            units: small(unit_cells),
            peers,
        }
    }
}

/// What the singles made of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Every cell filled: the puzzle's one solution.
    Solved,
    /// Some cells left open: the singles alone do not decide.
    Stuck,
    /// A cell with no candidate, or a digit with no place in a unit: no solution.
    Contradiction,
}

/// Candidates of a grid being filled by singles.
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
    /// Candidates and digits saved by the search, a level after another.
    saved_cand: Vec<u64>,
    saved_value: Vec<u8>,
}

impl Candidates {
    pub(crate) fn new(layout: &Layout) -> Self {
        let cells = layout.n * layout.n;
        Candidates {
            cand: vec![0; cells],
            value: vec![0; cells],
            queue: Vec::new(),
            open: cells,
            saved_cand: Vec::new(),
            saved_value: Vec::new(),
        }
    }

    /// Fills as much of the puzzle `cells` (row-major, 0 for a blank) as naked and hidden
    /// singles decide.
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
        self.propagate(layout)
    }

    /// Makes the queued placements and every single they lead to.
    fn propagate(&mut self, layout: &Layout) -> Singles {
        let n = layout.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                match self.place(layout, cell as usize, d) {
                    Some(true) => self.open -= 1,
                    Some(false) => {}
                    None => {
                        self.queue.clear();
                        return Singles::Contradiction;
                    }
                }
            }
            if self.open == 0 {
                return Singles::Solved;
            }
            // Hidden singles: a digit with one place left in a unit.
            for unit in &layout.units {
                let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                for &c in unit {
                    let c = c as usize;
                    if self.value[c] != 0 {
                        placed |= 1 << (self.value[c] - 1);
                    } else {
                        twice |= once & self.cand[c];
                        once |= self.cand[c];
                    }
                }
                if (once | placed) != full {
                    self.queue.clear();
                    return Singles::Contradiction;
                }
                let single = once & !twice & !placed;
                if single != 0 {
                    for &c in unit {
                        let hit = self.cand[c as usize] & single;
                        if self.value[c as usize] == 0 && hit != 0 {
                            if hit.count_ones() > 1 {
                                self.queue.clear();
                                return Singles::Contradiction;
                            }
                            self.queue.push((c, hit.trailing_zeros() as u8 + 1));
                        }
                    }
                }
            }
            if self.queue.is_empty() {
                return Singles::Stuck;
            }
        }
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
        for &p in &layout.peers[cell] {
            let p = p as usize;
            let c = self.cand[p];
            if c & bit != 0 {
                let left = c & !bit;
                self.cand[p] = left;
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
        let mut nodes = 0;
        for &cell in cells {
            if self.value[cell] != 0 {
                continue;
            }
            let mut digits = self.cand[cell] & !(1u64 << (solution[cell] - 1));
            while digits != 0 {
                let d = digits.trailing_zeros() as u8 + 1;
                digits &= digits - 1;
                if self.try_digit(layout, cell, d, 1, &mut nodes, max_nodes)? > 0 {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// Counts up to `limit` solutions with `d` in `cell` (one try), then puts the candidates
    /// back as they were; `None` past `max_nodes` tries.
    fn try_digit(
        &mut self,
        layout: &Layout,
        cell: usize,
        d: u8,
        limit: u64,
        nodes: &mut u64,
        max_nodes: u64,
    ) -> Option<u64> {
        *nodes += 1;
        if *nodes > max_nodes {
            return None;
        }
        let size = self.cand.len();
        self.saved_cand.extend_from_slice(&self.cand);
        self.saved_value.extend_from_slice(&self.value);
        let open = self.open;
        self.queue.push((cell as u32, d));
        let found = match self.propagate(layout) {
            Singles::Solved => Some(1),
            Singles::Stuck => self.search(layout, limit, nodes, max_nodes),
            Singles::Contradiction => Some(0),
        };
        let at = self.saved_cand.len() - size;
        self.cand.copy_from_slice(&self.saved_cand[at..]);
        self.value.copy_from_slice(&self.saved_value[at..]);
        self.saved_cand.truncate(at);
        self.saved_value.truncate(at);
        self.open = open;
        found
    }

    fn search(
        &mut self,
        layout: &Layout,
        limit: u64,
        nodes: &mut u64,
        max_nodes: u64,
    ) -> Option<u64> {
        let cell = (0..self.cand.len())
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cand[c].count_ones())?;
        let mut found = 0;
        let mut digits = self.cand[cell];
        while digits != 0 && found < limit {
            let d = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            found += self.try_digit(layout, cell, d, limit - found, nodes, max_nodes)?;
        }
        Some(found)
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
        let mut c = Candidates::new(&layout);
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
