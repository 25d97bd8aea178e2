//! Sudoku as exact cover, on the `dlx` engine.
//!
//! A puzzle of size `n` (boxes of `r x c`, `n = r * c`, from 4x4 to 64x64) becomes `4n²` primary
//! items, one per cell, row-digit, column-digit and box-digit (324 for 9x9), in the order of
//! Knuth's sudoku-dlx, and `n³` options, one per cell and digit. Variants add items: both
//! diagonals (X-sudoku), the windows of hyper sudoku, or irregular regions instead of boxes
//! (jigsaw). The matrix is built once per shape and variant ([`Sudoku`]); each puzzle's givens
//! are applied by selecting their options, so the engine's statistics are those of the search
//! proper, equal to Knuth's on his reduced matrices.
//!
//! Beside it, [`Method`] names the classic ways to solve sudoku (plain backtracking, bitmasks,
//! naked singles, minimum remaining values, forward checking), as reference solvers whose node
//! counts compare with the engine's: see [`Sudoku::method_solver`].
//!
//! ```
//! let sudoku = sudoku::Sudoku::classic();
//! let puzzle = sudoku::parse_line(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//!     None,
//! )?;
//! let solution = sudoku.solve(&puzzle)?.expect("a solution");
//! assert!(solution.is_full());
//! assert_eq!(&sudoku::to_line(&solution, sudoku::Symbols::Default)[..9], "812753649");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Files of puzzles as people keep them are read by [`read::Reader`] (every layout detected),
//! solved on every core in input order by [`batch::solve_all`] (or the parts under it:
//! [`pipeline`], [`batch::Solver`]), their records added up by [`batch::Summary`]; puzzles are
//! made on every core, in the order of their seeds, by [`generate_all`].
//!
//! Features: `leetcode` (default) reads and writes LeetCode boards and killer sudoku in JSON;
//! `serde` serializes batch records and summaries; `print` (default, with both) writes records in
//! every format and puts a batch's chunks back in order ([`print`](mod@print)).
#![deny(missing_docs)]

/// The crate README's example (shown on crates.io), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod batch;
pub mod chart;
mod checkpoint;
pub mod compare;
mod generate;
mod geometry;
mod grid;
mod killer;
mod logic;
mod methods;
pub mod pipeline;
#[cfg(feature = "print")]
pub mod print;
mod rate;
pub mod read;
mod rules;
mod sat;
mod shape;
mod symmetry;
mod text;

/// The CDCL SAT solver behind [`Strategy::Sat`] in this build: `CaDiCaL 1.9.5` (C++, the
/// `cadical` feature) or `splr 0.17.2` (pure Rust).
pub const SAT_SOLVER: &str = if cfg!(feature = "cadical") {
    "CaDiCaL 1.9.5"
} else {
    "splr 0.17.2"
};

pub use checkpoint::{Checkpoint, CheckpointError, Checkpoints, FileError, SaveCheckpoint};
/// The engine's search limits and stop reasons, as [`SudokuSolver::search`] takes and
/// [`Found`] reports them.
pub use dlx::{Limits, StopReason};
#[cfg(feature = "serde")]
pub use generate::GeneratedJson;
pub use generate::{
    generate_all, median, puzzle_seed, GenerateError, GenerateRun, GenerateSettings,
    GenerateSummary, Generated, Generator, Settled,
};
pub use geometry::{Regions, Unit, UnitKind, Variant, VariantError};
pub use grid::Grid;
pub use killer::{BrokenRule, Cage, Killer, KillerError, KillerModel};
pub use methods::{Method, MethodSolver};
pub use rate::{Grade, RateError, Rater, Rating, Step, Technique};
pub use rules::{Found, PuzzleError, SearchStats, Strategy, Sudoku, SudokuSolver, Uniqueness};
pub use shape::{Cell, Shape, ShapeError, MAX_SIZE};
pub use symmetry::Symmetry;
#[cfg(feature = "leetcode")]
pub use text::to_leetcode;
pub use text::{
    is_comment, is_title, line_cells, parse_line, row_cells, to_grid, to_line, to_pretty,
    ParseError, ParseErrorKind, PuzzleReader, Symbols,
};

/// A name that is none of a kind's names: of a [`Method`], a [`Grade`], a [`Symmetry`] or a
/// [`Strategy`], which read their names in either case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{name}`: expected one of {}", expected.join(", "))]
pub struct UnknownName {
    /// What was named: `method`, `grade`, ...
    pub kind: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are.
    pub expected: &'static [&'static str],
}

impl UnknownName {
    /// The error of `name` among the names of `T`.
    pub(crate) fn of<T: strum::VariantNames>(kind: &'static str, name: &str) -> UnknownName {
        UnknownName {
            kind,
            name: name.to_string(),
            expected: T::VARIANTS,
        }
    }
}

pub(crate) use dlx::text::plural;
