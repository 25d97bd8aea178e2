//! N-queens, polyomino tilings, Langford pairs, word rectangles and crossword fill as exact
//! cover, on the `dlx` engine.
//!
//! Each puzzle builds a [`dlx::Problem`] once and decodes the engine's solutions into its own
//! types: queen columns ([`Queens`]), a [`Tiling`] of piece placements ([`Polyomino`]), a
//! Langford sequence ([`Langford`]), a filled grid ([`Crossword`], with color controls: each
//! cell a secondary item colored by its letter, as in Knuth's word rectangles). Each can count its solutions up to the symmetries of the
//! board ([`Distinct`]), and [`svg`] draws them.
//!
//! ```
//! use puzzles::{Order, Puzzle, Queens};
//! let queens = Queens::new(8, Order::OrganPipe)?;
//! assert_eq!(queens.problem().solver().count().solutions, 92);
//! assert_eq!(queens.count_distinct(dlx::Limits::none()).count, 12);
//! let first = queens.first().expect("8 queens can be placed");
//! assert_eq!(first.len(), 8);
//! # Ok::<(), puzzles::Error>(())
//! ```

#![warn(missing_docs)]

/// The crate README's example (shown on crates.io), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod langford;
mod polyomino;
mod queens;
pub mod run;
pub mod svg;
mod symmetry;
mod words;

pub use langford::Langford;
pub use polyomino::{Board, Piece, Placement, Polyomino, Tiling};
pub use queens::{Order, Queens};
pub use symmetry::Symmetry;
pub use words::{
    parse_rect, parse_size, Capitals, Crossword, Fill, Pattern, Slot, Square, WordList, MAX_GRID,
};

use std::ops::ControlFlow;

use dlx::{Limits, OptionId, Outcome, Problem};

/// What the puzzles share: an exact-cover problem built once, and a way to read its
/// solutions as the puzzle's own type.
pub trait Puzzle {
    /// A decoded solution: queen columns, a [`Tiling`], a Langford sequence.
    type Solution;

    /// The exact-cover problem.
    fn problem(&self) -> &Problem;

    /// The solution made of these options (as the engine reports them).
    fn decode(&self, options: impl Iterator<Item = OptionId>) -> Self::Solution;

    /// Visits solutions until `visit` breaks or `limits` stop the search.
    fn search(
        &self,
        limits: Limits,
        mut visit: impl FnMut(Self::Solution) -> ControlFlow<()>,
    ) -> Outcome {
        let mut solver = self.problem().solver().with_limits(limits);
        solver.search(|s| visit(self.decode(s.options())))
    }

    /// [`Puzzle::search`] by the engine `engine` names ([`dlx::Engine::Cells`]: dancing
    /// cells, with Knuth's `ssxcc`'s order and figures); an error if it does not take the
    /// problem.
    fn search_with(
        &self,
        engine: dlx::Engine,
        limits: Limits,
        mut visit: impl FnMut(Self::Solution) -> ControlFlow<()>,
    ) -> Result<Outcome, dlx::EngineError> {
        let mut solver = self.problem().solver_with(engine)?.with_limits(limits);
        Ok(solver.search(|s| visit(self.decode(s.options()))))
    }

    /// A solution drawn as text, as `dlx queens` and the other commands print it: a board of
    /// `Q` and `.`, a map of piece letters, a Langford sequence, a filled grid.
    fn to_text(&self, solution: &Self::Solution) -> String;

    /// Solutions drawn side by side in one SVG document ([`svg`]).
    fn to_svg(&self, solutions: &[Self::Solution]) -> String;

    /// A solution as a JSON object: `{"solution": ...}` (the `serde` feature).
    #[cfg(feature = "serde")]
    fn to_json(&self, solution: &Self::Solution) -> serde_json::Value;

    /// Counts solutions up to the puzzle's symmetries, visiting one solution of each class
    /// ([`Error::NoSymmetries`] where the puzzle has no such count).
    fn distinct(
        &self,
        limits: Limits,
        visit: &mut dyn FnMut(Self::Solution) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        let _ = (limits, visit);
        Err(Error::NoSymmetries)
    }

    /// The first solution, if any.
    fn first(&self) -> Option<Self::Solution> {
        let mut found = None;
        self.search(Limits::none().solutions(1), |s| {
            found = Some(s);
            ControlFlow::Break(())
        });
        found
    }
}

/// What cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A size out of range.
    #[error("{what} must be from {min} to {max}, not {found}")]
    Size {
        /// What the size is of.
        what: &'static str,
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
        /// What was asked for.
        found: usize,
    },
    /// The puzzle has no count of solutions up to symmetry ([`Puzzle::distinct`]).
    #[error("this puzzle has no count of solutions up to symmetry")]
    NoSymmetries,
    /// A board or piece drawing that cannot be read.
    #[error("line {line}, column {column}: {message}")]
    Drawing {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Pieces and board that cannot fit.
    #[error("{0}")]
    Mismatch(String),
    /// The exact-cover problem could not be built (too large).
    #[error("the exact-cover problem cannot be built: {0}")]
    Build(#[from] dlx::BuildError),
    /// The engine asked for does not take the puzzle's problem ([`run::run`]).
    #[error("{0}")]
    Engine(#[from] dlx::EngineError),
    /// The search cannot run as set ([`run::run`]).
    #[error("{0}")]
    Search(dlx::SearchError),
}

impl From<dlx::SearchError> for Error {
    fn from(e: dlx::SearchError) -> Error {
        match e {
            dlx::SearchError::Engine(e) => Error::Engine(e),
            e => Error::Search(e),
        }
    }
}

impl Error {
    /// The error as said of the file `name` it comes from: `FILE:LINE:COLUMN: message` for a
    /// drawing that does not read, `FILE: message` otherwise.
    pub fn in_file(&self, name: &str) -> String {
        match self {
            Error::Drawing {
                line,
                column,
                message,
            } => format!("{name}:{line}:{column}: {message}"),
            other => format!("{name}: {other}"),
        }
    }
}

pub(crate) use dlx::text::plural;

/// `n` if it lies in `1..=max`, else the [`Error::Size`] saying so.
pub(crate) fn check_size(what: &'static str, n: usize, max: usize) -> Result<usize, Error> {
    if (1..=max).contains(&n) {
        Ok(n)
    } else {
        Err(Error::Size {
            what,
            min: 1,
            max,
            found: n,
        })
    }
}

/// How a count up to symmetry was made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// The board has no symmetry but the identity: every solution is distinct.
    NoSymmetry,
    /// One piece kept to one placement of each class of placements under the board's
    /// symmetries (Knuth's way with the X pentomino). Exact because no symmetry maps any
    /// placement of that piece to itself, so each class of solutions is met exactly once.
    FixedPiece {
        /// The piece.
        piece: String,
        /// Placements kept.
        kept: usize,
        /// Placements in all.
        of: usize,
    },
    /// One pair of a Langford sequence kept in the left half (a sequence and its reversal are
    /// met once: the pair's value is odd, so it is never symmetric about the middle).
    FixedPair {
        /// The value of the pair.
        value: usize,
    },
    /// Every solution found, and the classes of their canonical forms counted (exact whatever
    /// the board; solutions that are their own images are counted once).
    Orbits {
        /// Solutions enumerated.
        solutions: u64,
    },
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Method::NoSymmetry => {
                f.write_str("the board has no symmetry: every solution is distinct")
            }
            Method::FixedPiece { piece, kept, of } => write!(
                f,
                "piece {piece} fixed to {kept} of its {of} placements, one per class under the \
                 board's symmetries (exact: no symmetry maps a placement of {piece} to itself)"
            ),
            Method::FixedPair { value } => write!(
                f,
                "the pair of {value}s kept in the left half (exact: {value} is odd, so no \
                 sequence is its own reversal)"
            ),
            Method::Orbits { solutions } => write!(
                f,
                "classes of the canonical forms of {} under the board's symmetries",
                match solutions {
                    1 => "the 1 solution".to_string(),
                    n => format!("all {n} solutions"),
                }
            ),
        }
    }
}

/// A count of solutions up to symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distinct {
    /// Solutions up to symmetry (exact if `outcome` is complete).
    pub count: u64,
    /// The order of the symmetry group used.
    pub symmetries: usize,
    /// How it was counted.
    pub method: Method,
    /// The engine's figures for the search that was made.
    pub outcome: Outcome,
}
