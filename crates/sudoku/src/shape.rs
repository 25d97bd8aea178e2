//! Shapes: the size `n` of the grid and the `r x c` boxes that tile it.

use std::fmt;

/// The largest size supported: 64 (8x8 boxes; candidates are 64-bit sets). Up to 36 a digit is
/// one symbol (`1-9` then `A-Z`; 36x36 in `0-9A-Z`); beyond, a number (see
/// [`Symbols::Numbers`](crate::Symbols::Numbers)).
pub const MAX_SIZE: usize = 64;

/// Why a shape is not possible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// The size is outside `1..=64`.
    #[error("a {n}x{n} grid is not supported: sizes go from 1 to 64")]
    Size {
        /// The size asked for.
        n: usize,
    },
    /// No box of at least 2 x 2 tiles a grid of this size (its size is prime): name one.
    #[error("no box fits a {n}x{n} grid by default ({n} is prime); give one, such as 1x{n}")]
    NoDefaultBox {
        /// The size.
        n: usize,
    },
    /// The box does not tile the grid.
    #[error("boxes of {rows}x{cols} do not tile a grid: the size would be {rows}x{cols} = {n}, beyond 64")]
    BadBox {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// Their product.
        n: usize,
    },
    /// A box written otherwise than `ROWSxCOLS` ([`Shape::parse_box`]).
    #[error("{0}")]
    NotABox(String),
}

/// A sudoku shape: an `n x n` grid tiled by boxes of `box_rows x box_cols`, `n = box_rows *
/// box_cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    n: u8,
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        n: 9,
        box_rows: 3,
        box_cols: 3,
    };

    /// The shape of size `n` with the most square box `r x c`, `r <= c`, `r >= 2` (6 gives 2x3,
    /// 12 gives 3x4). Sizes with no such box (primes) need [`Shape::with_box`].
    pub fn new(n: usize) -> Result<Shape, ShapeError> {
        if !(1..=MAX_SIZE).contains(&n) {
            return Err(ShapeError::Size { n });
        }
        let r = (2..=n)
            .take_while(|r| r * r <= n)
            .filter(|r| n % r == 0)
            .last();
        match r {
            Some(r) => Shape::with_box(r, n / r),
            None => Err(ShapeError::NoDefaultBox { n }),
        }
    }

    /// The shape with boxes of `rows x cols`.
    pub fn with_box(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        let n = rows * cols;
        if rows == 0 || cols == 0 || n > MAX_SIZE {
            return Err(ShapeError::BadBox { rows, cols, n });
        }
        Ok(Shape {
            n: n as u8,
            box_rows: rows as u8,
            box_cols: cols as u8,
        })
    }

    /// The shape whose grid has `cells` cells, if `cells` is `n²` for a size with a default box.
    pub fn from_cells(cells: usize) -> Option<Shape> {
        let n = (1..=MAX_SIZE).find(|n| n * n == cells)?;
        Shape::new(n).ok()
    }

    /// The number of rows, columns, boxes and symbols.
    pub fn size(self) -> usize {
        self.n as usize
    }

    /// The number of cells, `n²`.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The shape whose boxes are written `ROWSxCOLS` (`2x3` makes 6x6 grids), as a person
    /// writes them (`dlx sudoku --box 2x3`).
    pub fn parse_box(s: &str) -> Result<Shape, ShapeError> {
        let not = |why: String| ShapeError::NotABox(why);
        let (r, c) = s
            .split_once(['x', 'X'])
            .ok_or_else(|| not(format!("`{s}` is not ROWSxCOLS, such as 2x3")))?;
        let rows = r.trim().parse();
        let rows = rows.map_err(|_| not(format!("`{r}` is not a number of rows")))?;
        let cols = c.trim().parse();
        let cols = cols.map_err(|_| not(format!("`{c}` is not a number of columns")))?;
        Shape::with_box(rows, cols)
    }

    /// Rows of a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The box of a cell, numbered row-major from 0.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.box_rows()) * (self.size() / self.box_cols()) + col / self.box_cols()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{n}x{n} (boxes of {}x{})",
            self.box_rows,
            self.box_cols,
            n = self.n
        )
    }
}

/// A cell, by 0-based row and column; displayed 1-based as `r1c1`, as players write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes_are_the_most_square() {
        let boxes = |n| Shape::new(n).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(boxes(4), Ok((2, 2)));
        assert_eq!(boxes(6), Ok((2, 3)));
        assert_eq!(boxes(8), Ok((2, 4)));
        assert_eq!(boxes(9), Ok((3, 3)));
        assert_eq!(boxes(12), Ok((3, 4)));
        assert_eq!(boxes(16), Ok((4, 4)));
        assert_eq!(boxes(25), Ok((5, 5)));
        assert_eq!(boxes(35), Ok((5, 7)));
        assert_eq!(boxes(7), Err(ShapeError::NoDefaultBox { n: 7 }));
        assert_eq!(boxes(36), Ok((6, 6)));
        assert_eq!(boxes(37), Err(ShapeError::NoDefaultBox { n: 37 }));
        assert_eq!(boxes(49), Ok((7, 7)));
        assert_eq!(boxes(64), Ok((8, 8)));
        assert_eq!(boxes(65), Err(ShapeError::Size { n: 65 }));
        assert_eq!(Shape::with_box(1, 7).map(Shape::size), Ok(7));
        assert_eq!(Shape::parse_box(" 2X3"), Shape::with_box(2, 3));
        for bad in ["2", "ax3", "2xb", "9x9"] {
            assert!(Shape::parse_box(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn boxes_are_numbered_row_major() {
        let s = Shape::new(6).unwrap(); // 2 rows x 3 columns per box: 3 box rows, 2 box columns
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
    }
}
