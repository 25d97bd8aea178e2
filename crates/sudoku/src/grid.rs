//! The grid: a shape and a digit (or a blank) per cell.

use crate::shape::{Cell, Shape};

/// A grid of a [`Shape`]: each cell blank (0) or a digit `1..=n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells, row-major, 0 for a blank. `None` if the count is not `n²` or a
    /// digit exceeds `n`.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let ok =
            cells.len() == shape.cells() && cells.iter().all(|&d| (d as usize) <= shape.size());
        ok.then_some(Grid { shape, cells })
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at a cell (0 for a blank).
    pub fn get(&self, cell: Cell) -> u8 {
        self.cells[cell.row * self.shape.size() + cell.col]
    }

    /// Sets the digit at a cell (0 for a blank).
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit exceeds `n`.
    pub fn set(&mut self, cell: Cell, digit: u8) {
        assert!(
            (digit as usize) <= self.shape.size(),
            "digit {digit} in a {}",
            self.shape
        );
        let n = self.shape.size();
        self.cells[cell.row * n + cell.col] = digit;
    }

    /// The givens: every non-blank cell and its digit.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        let n = self.shape.size();
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .map(move |(k, &d)| {
                (
                    Cell {
                        row: k / n,
                        col: k % n,
                    },
                    d,
                )
            })
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }
}
