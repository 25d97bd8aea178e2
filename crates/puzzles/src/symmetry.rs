//! The eight symmetries of a rectangle's grid (the dihedral group D4), as maps of cells.

/// A symmetry of a `rows x cols` grid: transpose first (bit 2), then flip the rows (bit 0),
/// then flip the columns (bit 1). `0` is the identity. Transposing symmetries only map the
/// grid onto itself when it is square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// All eight.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Whether it swaps rows and columns.
    pub fn transposes(self) -> bool {
        self.0 & 4 != 0
    }

    /// Where the cell `(r, c)` of a `rows x cols` grid goes (in the grid of `cols x rows` if
    /// the symmetry transposes).
    pub fn apply(self, (r, c): (usize, usize), rows: usize, cols: usize) -> (usize, usize) {
        let (mut r, mut c, rows, cols) = if self.transposes() {
            (c, r, cols, rows)
        } else {
            (r, c, rows, cols)
        };
        if self.0 & 1 != 0 {
            r = rows - 1 - r;
        }
        if self.0 & 2 != 0 {
            c = cols - 1 - c;
        }
        (r, c)
    }

    /// The same on signed coordinates with no grid (for shapes, normalized afterwards).
    pub fn apply_free(self, (r, c): (i32, i32)) -> (i32, i32) {
        let (mut r, mut c) = if self.transposes() { (c, r) } else { (r, c) };
        if self.0 & 1 != 0 {
            r = -r;
        }
        if self.0 & 2 != 0 {
            c = -c;
        }
        (r, c)
    }
}

/// The symmetries of a `rows x cols` grid that map a set of its cells onto itself
/// (`inside(r, c)` says whether a cell is in the set).
pub fn symmetries_of(
    rows: usize,
    cols: usize,
    inside: impl Fn(usize, usize) -> bool,
) -> Vec<Symmetry> {
    Symmetry::ALL
        .into_iter()
        .filter(|s| !s.transposes() || rows == cols)
        .filter(|s| {
            (0..rows).all(|r| {
                (0..cols).all(|c| {
                    let (r2, c2) = s.apply((r, c), rows, cols);
                    inside(r, c) == inside(r2, c2)
                })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_maps_of_a_square_and_four_of_a_rectangle() {
        let images: std::collections::HashSet<Vec<(usize, usize)>> = Symmetry::ALL
            .iter()
            .map(|s| {
                (0..3)
                    .flat_map(|r| (0..3).map(move |c| (r, c)))
                    .map(|p| s.apply(p, 3, 3))
                    .collect()
            })
            .collect();
        assert_eq!(images.len(), 8);
        assert_eq!(symmetries_of(6, 10, |_, _| true).len(), 4);
        assert_eq!(symmetries_of(8, 8, |_, _| true).len(), 8);
        // An L-shaped region of a square: only the diagonal reflection keeps it.
        let l = |r: usize, c: usize| r == 0 || c == 0;
        assert_eq!(symmetries_of(3, 3, l), vec![Symmetry(0), Symmetry(4)]);
    }
}
