//! The geometry of a puzzle: its units (rows, columns, boxes or irregular regions, and the
//! variants' diagonals and windows), which cells each holds, and each cell's peers. Both the
//! exact-cover matrix ([`crate::rules`]) and the deductions ([`crate::logic`]) are built on it.

use std::fmt;

use crate::shape::Shape;

/// A kind of unit: a set of `n` cells that holds each digit exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// An irregular region (jigsaw), replacing the boxes.
    Region,
    /// The main diagonal, top left to bottom right (X-sudoku).
    Diagonal,
    /// The anti-diagonal, top right to bottom left (X-sudoku).
    AntiDiagonal,
    /// An extra window (hyper sudoku, windoku).
    Window,
}

/// A unit: its kind and its number (from 0; displayed from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The kind.
    pub kind: UnitKind,
    /// Which one, from 0.
    pub index: usize,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.index + 1;
        match self.kind {
            UnitKind::Row => write!(f, "row {k}"),
            UnitKind::Column => write!(f, "column {k}"),
            UnitKind::Box => write!(f, "box {k}"),
            UnitKind::Region => write!(f, "region {k}"),
            UnitKind::Diagonal => write!(f, "the main diagonal"),
            UnitKind::AntiDiagonal => write!(f, "the anti-diagonal"),
            UnitKind::Window => write!(f, "window {k}"),
        }
    }
}

/// Irregular regions (jigsaw sudoku): each cell's region, `0..n`, each region `n` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    of_cell: Vec<u8>,
}

/// Why a region map or a variant was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The map does not have one letter per cell.
    #[error("the region map has {}; a {n}x{n} grid has {cells}", crate::plural(*found, "cell"), cells = n * n)]
    MapSize {
        /// Cells found.
        found: usize,
        /// The grid's size.
        n: usize,
    },
    /// The map names a number of regions other than `n`.
    #[error("the region map names {}; a {n}x{n} grid needs {n}", crate::plural(*found, "region"))]
    RegionCount {
        /// Regions found.
        found: usize,
        /// The grid's size.
        n: usize,
    },
    /// A region does not have `n` cells.
    #[error("region `{name}` has {}; each region needs {n}", crate::plural(*found, "cell"))]
    RegionSize {
        /// The region's letter.
        name: char,
        /// Its cells.
        found: usize,
        /// The grid's size.
        n: usize,
    },
    /// The regions were drawn for another size.
    #[error("the regions are for a {found}x{found} grid, the puzzle is {n}x{n}")]
    RegionsShape {
        /// The regions' size.
        found: usize,
        /// The grid's size.
        n: usize,
    },
    /// Hyper windows need square boxes.
    #[error("hyper windows need square boxes; {shape} has none")]
    Hyper {
        /// The shape.
        shape: Shape,
    },
}

impl Regions {
    /// Reads a map of `n` rows of `n` region letters (any non-blank characters; blanks and `|`
    /// are ignored, so a map may be spaced out). Letters are numbered in order of appearance.
    pub fn from_map(text: &str) -> Result<Regions, VariantError> {
        let letters: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|' && *c != '\u{feff}')
            .collect();
        let n = (1..=crate::shape::MAX_SIZE).find(|n| n * n == letters.len());
        let Some(n) = n else {
            let n = (letters.len() as f64).sqrt().round() as usize;
            return Err(VariantError::MapSize {
                found: letters.len(),
                n,
            });
        };
        let mut names: Vec<char> = Vec::new();
        let mut of_cell = Vec::with_capacity(letters.len());
        for &c in &letters {
            let k = names.iter().position(|&x| x == c).unwrap_or_else(|| {
                names.push(c);
                names.len() - 1
            });
            of_cell.push(k as u8);
        }
        if names.len() != n {
            return Err(VariantError::RegionCount {
                found: names.len(),
                n,
            });
        }
        for (k, &name) in names.iter().enumerate() {
            let found = of_cell.iter().filter(|&&r| r as usize == k).count();
            if found != n {
                return Err(VariantError::RegionSize { name, found, n });
            }
        }
        Ok(Regions { of_cell })
    }

    /// The region of each cell, row-major, numbered from 0 in the order the map first names
    /// them.
    pub fn of_cell(&self) -> impl Iterator<Item = usize> + '_ {
        self.of_cell.iter().map(|&r| usize::from(r))
    }

    /// The grid size the regions were drawn for.
    pub fn size(&self) -> usize {
        (1..=crate::shape::MAX_SIZE)
            .find(|n| n * n == self.of_cell.len())
            .unwrap_or(0)
    }

    /// The shape of the grid the regions were drawn for: the regions replace its boxes, so its
    /// box is the default one of that size, or `1 x n` for a prime size (a 7x7 jigsaw).
    pub fn shape(&self) -> Shape {
        let n = self.size();
        Shape::new(n)
            .or_else(|_| Shape::with_box(1, n))
            .expect("a map has 1 to 64 rows")
    }
}

/// The variant rules: extra units, or regions instead of boxes. The default is classic sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Both main diagonals hold each digit once (X-sudoku).
    pub diagonals: bool,
    /// The extra windows of hyper sudoku hold each digit once.
    pub hyper: bool,
    /// Irregular regions replace the boxes (jigsaw sudoku).
    pub regions: Option<Regions>,
}

impl Variant {
    /// The shape of puzzles made by these rules: `box_shape` where given, else the squarest
    /// boxes of `size` ([`Shape::new`]), else the regions' shape (a jigsaw's map says its
    /// size), else 9x9.
    pub fn shape(
        &self,
        box_shape: Option<Shape>,
        size: Option<usize>,
    ) -> Result<Shape, crate::shape::ShapeError> {
        match (box_shape, size, &self.regions) {
            (Some(shape), _, _) => Ok(shape),
            (None, Some(n), _) => Shape::new(n),
            (None, None, Some(r)) => Ok(r.shape()),
            (None, None, None) => Ok(Shape::CLASSIC),
        }
    }
}

/// The units of one shape and variant: what the matrix's items and the deductions' units are.
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    pub(crate) variant: Variant,
    /// The units, in the order their items follow the cell items.
    pub(crate) units: Vec<Unit>,
    /// The units of each cell, in unit order.
    pub(crate) cell_units: Vec<Vec<u32>>,
}

impl Geometry {
    /// Rows, then columns, then boxes (or the regions), then the variant's diagonals and
    /// windows; refused if the variant does not fit the shape.
    pub(crate) fn new(shape: Shape, variant: Variant) -> Result<Geometry, VariantError> {
        let n = shape.size();
        if let Some(regions) = &variant.regions {
            if regions.size() != n {
                return Err(VariantError::RegionsShape {
                    found: regions.size(),
                    n,
                });
            }
        }
        if variant.hyper && (shape.box_rows() != shape.box_cols() || shape.box_rows() < 2) {
            return Err(VariantError::Hyper { shape });
        }
        let mut units = Vec::new();
        let mut cell_units = vec![Vec::new(); n * n];
        let mut add = |kind, index, cells: &mut dyn Iterator<Item = usize>| {
            let u = units.len() as u32;
            units.push(Unit { kind, index });
            for cell in cells {
                cell_units[cell].push(u);
            }
        };
        for r in 0..n {
            add(UnitKind::Row, r, &mut (0..n).map(|c| r * n + c));
        }
        for c in 0..n {
            add(UnitKind::Column, c, &mut (0..n).map(|r| r * n + c));
        }
        match &variant.regions {
            Some(regions) => {
                for k in 0..n {
                    add(
                        UnitKind::Region,
                        k,
                        &mut (0..n * n).filter(|&cell| regions.of_cell[cell] as usize == k),
                    );
                }
            }
            None => {
                for b in 0..n {
                    add(
                        UnitKind::Box,
                        b,
                        &mut (0..n * n).filter(|&cell| shape.box_of(cell / n, cell % n) == b),
                    );
                }
            }
        }
        if variant.diagonals {
            add(UnitKind::Diagonal, 0, &mut (0..n).map(|k| k * n + k));
            add(
                UnitKind::AntiDiagonal,
                1,
                &mut (0..n).map(|k| k * n + (n - 1 - k)),
            );
        }
        if variant.hyper {
            // Windows one cell in from the edges, one cell apart: for 9x9 the four of hyper
            // sudoku at rows and columns 2-4 and 6-8.
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            let mut index = 0;
            for wr in 0..bc - 1 {
                for wc in 0..br - 1 {
                    let (top, left) = (1 + wr * (br + 1), 1 + wc * (bc + 1));
                    add(
                        UnitKind::Window,
                        index,
                        &mut (0..n).map(|k| (top + k / bc) * n + left + k % bc),
                    );
                    index += 1;
                }
            }
        }

        Ok(Geometry {
            variant,
            units,
            cell_units,
        })
    }

    /// The cells of each unit, in unit order, each row-major.
    pub(crate) fn unit_cells(&self) -> Vec<Vec<usize>> {
        let mut unit_cells = vec![Vec::new(); self.units.len()];
        for (cell, units) in self.cell_units.iter().enumerate() {
            for &u in units {
                unit_cells[u as usize].push(cell);
            }
        }
        unit_cells
    }

    /// The peers of each cell: the other cells of its units, once each, row-major.
    pub(crate) fn peers(&self, unit_cells: &[Vec<usize>]) -> Vec<Vec<usize>> {
        (0..self.cell_units.len())
            .map(|cell| {
                let mut peers: Vec<usize> = self.cell_units[cell]
                    .iter()
                    .flat_map(|&u| unit_cells[u as usize].iter().copied())
                    .filter(|&p| p != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect()
    }
}
