//! Exact cover by Knuth's Algorithm X with Dancing Links.
//!
//! An exact-cover problem has *items* and *options*, each option a set of items. A solution is a
//! set of options that covers every *primary* item exactly once and every *secondary* item at
//! most once. This crate finds them with Dancing Links over flat `u32` arenas, branching on the
//! primary item with the fewest remaining options (the leftmost on ties), and counts nodes and
//! updates exactly as Knuth's `dlx1` does, so its figures can be compared with his.
//!
//! Secondary items may also carry *colors* in options (Knuth's `dlx2`): options that give an item
//! the same color may all be chosen, an option that uses it without a color excludes every other
//! ([`ProblemBuilder::color`], [`ProblemBuilder::option_colored`]). A problem with colors is
//! searched by the same loop compiled with color controls, chosen once when the search runs, and
//! counts nodes, updates and cleansings as `dlx2` does; a problem without them pays nothing.
//! Primary items may have *bounds* (Knuth's `dlx3` multiplicities,
//! [`ProblemBuilder::primary_bounded`]): covered at least `lo` and at most `hi` times; such a
//! problem is searched by `dlx3`'s rules, with its figures. Each class has its engine, chosen
//! once when a solver is made; the solver, the limits, the parallel search and the split jobs
//! are the same for all ([`Move`] names a step of any of them). Options may have *costs*
//! ([`ProblemBuilder::set_cost`]): [`Problem::best`] finds the `k` cheapest solutions by
//! Knuth's `dlx5` (see [`best`]).
//!
//! Build a [`Problem`] once with a [`ProblemBuilder`] (or read Knuth's text format with
//! [`text::parse`]), then search it as often as you like, each time with a [`Solver`]: iterate
//! [`Solver::solutions`], give [`Solver::search`] a visitor that can stop early, or count with
//! [`Solver::count`] and [`Solver::count_up_to`]. [`Limits`] bound a search by solutions, nodes,
//! a deadline or a cancel flag, and every [`Outcome`] says whether the search was exhausted.
//!
//! ```
//! use dlx::{Limits, ProblemBuilder};
//!
//! // Knuth's example: cover A..E exactly once, F and G at most once.
//! let mut b = ProblemBuilder::new();
//! for name in ["A", "B", "C", "D", "E"] {
//!     b.primary(name)?;
//! }
//! for name in ["F", "G"] {
//!     b.secondary(name)?;
//! }
//! for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
//!     b.option_by_names(option.split(' '))?;
//! }
//! let problem = b.build()?;
//!
//! let mut solver = problem.solver();
//! let solution = solver.next_solution().expect("one solution");
//! let names: Vec<String> = solution
//!     .options()
//!     .iter()
//!     .map(|&o| problem.option_items(o).map(|i| problem.item_name(i)).collect::<Vec<_>>().join(" "))
//!     .collect();
//! assert_eq!(names, ["A D", "C E F", "B G"]);
//!
//! // The rest of the search finds nothing more; the figures are dlx1's.
//! let outcome = solver.count();
//! assert!(outcome.is_complete());
//! assert_eq!((outcome.solutions, outcome.nodes, outcome.updates), (1, 6, 30));
//!
//! // The same problem, searched again with a node limit.
//! let stopped = problem.solver().with_limits(Limits::none().nodes(3)).count();
//! assert!(!stopped.is_complete() && stopped.nodes == 3);
//! # Ok::<(), dlx::BuildError>(())
//! ```
//!
//! See `docs/design/engine.md` in the repository for the arena layout and the invariants of the dance.
#![deny(missing_docs)]
#![warn(unsafe_op_in_unsafe_fn)]

mod arena;
pub mod best;
mod bits;
mod bounded;
mod cells;
mod control;
mod engine;
mod fnv;
mod front;
mod links;
mod mcells;
mod names;
mod parallel;
mod pool;
pub mod pre;
mod problem;
pub mod rng;
mod search;
pub mod text;
pub mod zdd;

/// The crate README's example (shown on crates.io), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The workspace README's library example, compiled and run as a doctest too (only in the
/// workspace: a packed crate has no such file, and doctests are not built from one).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadmeDoctests;

pub use control::EngineInfo;
pub use engine::{Engine, EngineError, UnknownEngine};
pub use front::{Found, Preprocessed, Search, SearchError, Task};
pub use parallel::{Parallel, Report};

/// A search split into jobs, to run anywhere and add up: the [`Job`](split::Job)s of
/// [`Parallel::split`], their text form as [`JobLine`](split::JobLine)s (one per line, for a
/// job array), and the [`Tally`](split::Tally) that adds their figures back up, checking that
/// every job was counted once and none was stopped (see `docs/parallel.md`).
pub mod split {
    pub use crate::control::Job;
    pub use crate::parallel::{ForeignJob, JobError, JobLine, JobLineError, Tally, TallyError};
}
pub use problem::{BuildError, ColorId, ItemId, OptionId, Problem, ProblemBuilder};

/// The most items one option may have (an option's place in it is kept in 16 bits).
pub const MAX_OPTION_LEN: usize = arena::MAX_OPTION_LEN;

/// The environment variable that switches the engine's AVX2 forms off: set to anything but
/// empty or `0`, every search of the process takes the portable scans and loops, as a CPU
/// without AVX2 (and every CPU that is not x86-64) does. The figures are the same either way;
/// the tests and CI run both to prove it.
pub const NO_AVX2_VAR: &str = arena::NO_AVX2_VAR;

/// The environment variable that keeps dancing links on their links: set to anything but empty
/// or `0`, a plain problem small enough for Algorithm X on bitsets (at most 128 primary items
/// and 4,096 options, no colors, no bounds) is searched by the links' own loop instead. The
/// tree, the figures and the order of solutions are the same either way (the tests prove it);
/// the switch is for measuring the links. Read once per process.
pub const NO_BITS_VAR: &str = bits::NO_BITS_VAR;

/// Whether this process searches dense plain problems on bitsets ([`NO_BITS_VAR`] not set), in
/// words for `dlx --version`: `on bitsets`, or `on the links (bitsets switched off by
/// DLX_NO_BITS)`.
pub fn dense_loops() -> String {
    if bits::switched_on() {
        "on bitsets".to_string()
    } else {
        format!("on the links (bitsets switched off by {NO_BITS_VAR})")
    }
}

/// Whether this process's searches take the AVX2 forms of the engine's scans and loops: an
/// x86-64 CPU with AVX2, found when the first problem is built, unless [`NO_AVX2_VAR`] switches
/// them off. A problem takes the answer when it is built and chooses its loop from it once.
pub fn uses_avx2() -> bool {
    arena::has_avx2()
}

/// Which forms of the engine's scans and loops this process runs, in words, so that a figure
/// or a time can be traced to the path that gave it (as ripgrep's `--version` says which SIMD
/// it found): `AVX2 (found on this CPU at run time)`, or `portable (...)` and why.
pub fn search_loops() -> String {
    if uses_avx2() {
        "AVX2 (found on this CPU at run time)".to_string()
    } else if cfg!(target_arch = "x86_64")
        && std::env::var_os(NO_AVX2_VAR).is_some_and(|v| !v.is_empty() && v != "0")
    {
        format!("portable (AVX2 switched off by {NO_AVX2_VAR})")
    } else if cfg!(target_arch = "x86_64") {
        "portable (this CPU has no AVX2)".to_string()
    } else {
        format!("portable ({})", std::env::consts::ARCH)
    }
}

pub use control::{Clock, Limits, Move, SelectError, Stats, StopReason};
pub use search::{Outcome, Solution, SolutionRef, Solutions, Solver};
