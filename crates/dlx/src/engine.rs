//! One interface for a search algorithm, so that everything around a search is written once.
//!
//! An [`Algorithm`] is one of Knuth's exact-cover algorithms over a [`Problem`]: its own copy of
//! the data it dances on, and its loop. What it must do is small: run (or resume) its loop
//! under the shared [`Control`] (limits, figures, the parallel search's signal), say which
//! moves the next level offers, replay a move as the search would make it, give away the
//! moves of a level it has not tried, and reset. [`choose`] picks the engine once, when a
//! search is made, from the problem's class; the [`Solver`](crate::Solver) (limits, the
//! iterator, the visitor, counting, the branch depth switch), [`Parallel`](crate::Parallel)
//! (threads, split jobs, the ordered search) and the per-level profile are written once,
//! against this trait, so a new algorithm gets them all by implementing it
//! (`docs/design.md`, "Adding an algorithm").
//!
//! Today's engines: [`LinksSearch`] (`dlx1`, and `dlx2` with colors: one loop, specialised at
//! compile time per class and for the CPU), [`BoundedSearch`] (`dlx3`, bounds on items),
//! [`CellsSearch`] (`ssxcc`, dancing cells, with or without colors) and [`MultiCellsSearch`]
//! (`ssmcc`, dancing cells with bounds, and `ssmcc-wtd` and `ssmcc-frb`, its branching by
//! weights and by failure rates). A caller names one with the public [`Engine`], or
//! leaves the choice to [`Engine::Auto`].

use crate::arena::Node;
use crate::bounded::BoundedSearch;
use crate::cells::CellsSearch;
use crate::control::Job;
use crate::control::{
    Algorithm, Control, Move, ReplayError, Replayed, SelectError, StopReason, Visit,
};
use crate::links::LinksSearch;
use crate::mcells::{heuristic, MultiCellsSearch};
use crate::problem::{OptionId, Problem};

/// The engines, one of which runs each search. (One per solver, made once and never moved in a
/// loop: its size does not matter, and a box would add a load to every call.)
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Engines<'p> {
    Links(LinksSearch<'p>),
    Bounded(BoundedSearch<'p>),
    Cells(CellsSearch<'p>),
    MultiCells(MultiCellsSearch<'p>),
}

/// Calls the engine's method, whichever it is: one branch per call, never per node.
macro_rules! each {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            Engines::Links($x) => $body,
            Engines::Bounded($x) => $body,
            Engines::Cells($x) => $body,
            Engines::MultiCells($x) => $body,
        }
    };
}

/// Which algorithm searches a problem: [`Problem::solver_with`], [`crate::Parallel::with_engine`].
///
/// Both engines find the same solutions and count their nodes and updates as Knuth's programs
/// do; they differ in the order they try options and in how many nodes they need (`ssxcc`
/// takes forced moves first, which can cut the tree), and so in speed, problem by problem
/// (`docs/design.md`, "Dancing cells").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The engine that suits the problem (today: dancing links).
    #[default]
    Auto,
    /// Dancing links: Knuth's `dlx1`, `dlx2` with colors, `dlx3` with bounds on items.
    Links,
    /// Dancing cells: Knuth's `ssxcc` (sparse sets, forced moves), with or without colors, and
    /// his `ssmcc` for bounds on items (binary branching).
    Cells,
    /// Dancing cells with weighted branching: Knuth's `ssmcc-wtd` (his `ssmcc` with the change
    /// file after Boussemart, Hemery, Lecoutre and Sais, 2004), on every problem: an item is
    /// chosen by its degree divided by its weight, and an item's weight grows by one each time
    /// taking an option fails because that item could no longer be covered. Fewer nodes than
    /// `ssmcc` where bounds make conflicts recur (double queens: a third fewer), more on most
    /// plain problems (`docs/benchmarks.md`).
    Weighted,
    /// Dancing cells branching by failure rate: Knuth's `ssmcc-frb` (his `ssmcc` with the
    /// change file after Li, Yin and Li, 2021): an item is chosen by its degree divided by the
    /// rate at which trying its options left another item uncoverable (0.5 at first). Fewest
    /// nodes of the three on the double queens, more than `ssmcc` on most plain problems
    /// (`docs/benchmarks.md`).
    FailRate,
}

impl Engine {
    /// The engines a caller can name, [`Engine::Auto`] first.
    pub const ALL: [Engine; 5] = [
        Engine::Auto,
        Engine::Links,
        Engine::Cells,
        Engine::Weighted,
        Engine::FailRate,
    ];

    /// The engine's name: `auto`, `links`, `cells`, `weighted`, `failrate`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Links => "links",
            Engine::Cells => "cells",
            Engine::Weighted => "weighted",
            Engine::FailRate => "failrate",
        }
    }

    /// What the engine is, and whose figures it gives, when it searches `problem`: `dancing
    /// cells (Knuth's ssmcc)` for dancing cells on a problem with bounds.
    pub fn describe(self, problem: &Problem) -> &'static str {
        match self.resolve(problem) {
            Ok(Engine::Cells) if problem.declares_bounds() => "dancing cells (Knuth's ssmcc)",
            Ok(Engine::Cells) => "dancing cells (Knuth's ssxcc)",
            Ok(Engine::Weighted) => "dancing cells, weighted (Knuth's ssmcc-wtd)",
            Ok(Engine::FailRate) => "dancing cells, by failure rate (Knuth's ssmcc-frb)",
            _ => "dancing links (Knuth's dlx1, dlx2, dlx3)",
        }
    }

    /// The engine that searches `problem` when this one is asked for: [`Engine::Auto`]
    /// resolved; an error if the engine does not take the problem.
    pub fn resolve(self, problem: &Problem) -> Result<Engine, EngineError> {
        // Every engine takes every problem today (dancing cells take bounds by `ssmcc`).
        let _ = problem;
        match self {
            Engine::Auto | Engine::Links => Ok(Engine::Links),
            Engine::Cells => Ok(Engine::Cells),
            Engine::Weighted => Ok(Engine::Weighted),
            Engine::FailRate => Ok(Engine::FailRate),
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Engine {
    type Err = UnknownEngine;

    /// An engine by its name, in any case.
    fn from_str(s: &str) -> Result<Engine, UnknownEngine> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownEngine(s.to_string()))
    }
}

/// A name that is not an [`Engine`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine `{0}` (auto, links, cells, weighted or failrate)")]
pub struct UnknownEngine(String);

/// Why an engine does not take a search. (Every engine takes every problem today: dancing
/// cells take bounds on items by Knuth's `ssmcc`.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// An option selected before ([`crate::Parallel::select`]) that the engine does not take:
    /// dancing cells by weights or failure rates take no selected options.
    #[error("{option}, selected before, is not taken by this engine (dancing cells with weighted branching take no selected options)")]
    Selected {
        /// The option.
        option: crate::problem::OptionId,
    },
}

/// The engine for `problem`: dancing links with bounds for a problem declared with bounds on
/// items (even all 1, as `dlx3` reads it), plain or colored dancing links otherwise. Chosen
/// here, once per solver.
pub(crate) fn choose(problem: &Problem) -> Engines<'_> {
    if problem.declares_bounds() {
        Engines::Bounded(BoundedSearch::new(problem))
    } else {
        Engines::Links(LinksSearch::new(problem))
    }
}

/// The engine `engine` names for `problem`.
pub(crate) fn choose_with(problem: &Problem, engine: Engine) -> Result<Engines<'_>, EngineError> {
    Ok(match engine.resolve(problem)? {
        Engine::Cells if problem.declares_bounds() => {
            Engines::MultiCells(MultiCellsSearch::new(problem, heuristic::PLAIN))
        }
        Engine::Cells => Engines::Cells(CellsSearch::new(problem)),
        Engine::Weighted => Engines::MultiCells(MultiCellsSearch::new(problem, heuristic::WEIGHTS)),
        Engine::FailRate => {
            Engines::MultiCells(MultiCellsSearch::new(problem, heuristic::FAILRATES))
        }
        _ => choose(problem),
    })
}

impl<'p> Algorithm<'p> for Engines<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        each!(self, e => e.run(ctl, visit))
    }
    fn is_fresh(&self) -> bool {
        each!(self, e => e.is_fresh())
    }
    fn is_exhausted(&self) -> bool {
        each!(self, e => e.is_exhausted())
    }
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        each!(self, e => e.select(option))
    }
    fn selected(&self) -> &[OptionId] {
        each!(self, e => e.selected())
    }
    fn selected_nodes(&self) -> &[Node] {
        each!(self, e => e.selected_nodes())
    }
    fn branches(&self) -> Option<Vec<Move>> {
        each!(self, e => e.branches())
    }
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        each!(self, e => e.replay(mv, rest))
    }
    fn donate(&mut self, job: &Job) -> Vec<Job> {
        each!(self, e => e.donate(job))
    }
    fn levels_from_root(&self) -> bool {
        each!(self, e => e.levels_from_root())
    }
    fn keeps_branch_depth(&self) -> bool {
        each!(self, e => e.keeps_branch_depth())
    }
    fn track_depth(&mut self, on: bool) {
        each!(self, e => e.track_depth(on))
    }
    fn reset(&mut self, updates: u64) {
        each!(self, e => e.reset(updates))
    }
}
