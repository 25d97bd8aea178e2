//! The symmetry of a clue pattern: which cells are given or blank together, as the generator
//! takes clues away an orbit at a time.

use crate::grid::Grid;

/// Which cells must be given or blank together: the clue pattern's symmetry.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive, parse_err_ty = crate::UnknownName, parse_err_fn = unknown_symmetry)]
#[non_exhaustive]
pub enum Symmetry {
    /// Any pattern (the default, as qqwing's).
    #[default]
    None,
    /// The pattern turned half a turn is the same (the newspapers' favourite): (r, c) with
    /// (n-1-r, n-1-c).
    Rotate180,
    /// The pattern turned a quarter turn is the same: orbits of up to four cells.
    Rotate90,
    /// The pattern mirrored left to right is the same: (r, c) with (r, n-1-c).
    Mirror,
    /// The pattern mirrored in the main diagonal is the same: (r, c) with (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: &'static [Symmetry] = <Symmetry as strum::VariantArray>::VARIANTS;

    /// The name `--symmetry` takes: `none`, `rotate180`, `rotate90`, `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The cells that go with cell `k` (row-major in a grid of side `n`), `k` included, in
    /// increasing order without repeats.
    pub fn orbit(self, n: usize, k: usize) -> Vec<usize> {
        let (r, c) = (k / n, k % n);
        let m = n - 1;
        let mut cells = match self {
            Symmetry::None => vec![k],
            Symmetry::Rotate180 => vec![k, (m - r) * n + (m - c)],
            Symmetry::Rotate90 => vec![k, c * n + (m - r), (m - r) * n + (m - c), (m - c) * n + r],
            Symmetry::Mirror => vec![k, r * n + (m - c)],
            Symmetry::Diagonal => vec![k, c * n + r],
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Every orbit of a grid of side `n`, each once, sorted (by first cell).
    pub(crate) fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut orbits: Vec<Vec<usize>> = (0..n * n).map(|k| self.orbit(n, k)).collect();
        orbits.sort();
        orbits.dedup();
        orbits
    }

    /// Whether a grid's clue pattern (which cells are given) has this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.shape().size();
        let cells = grid.cells();
        (0..n * n).all(|k| {
            self.orbit(n, k)
                .iter()
                .all(|&j| (cells[j] != 0) == (cells[k] != 0))
        })
    }
}

fn unknown_symmetry(name: &str) -> crate::UnknownName {
    crate::UnknownName::of::<Symmetry>("symmetry", name)
}
