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
//! (`docs/design/engine.md`, "Engines, and adding an algorithm").
//!
//! Today's engines: [`LinksSearch`] (`dlx1`, and `dlx2` with colors: one loop, specialised at
//! compile time per class and for the CPU), [`BoundedSearch`] (`dlx3`, bounds on items),
//! [`CellsSearch`] (`ssxcc`, dancing cells, with or without colors) and [`MultiCellsSearch`]
//! (`ssmcc`, dancing cells with bounds, and `ssmcc-wtd` and `ssmcc-frb`, its branching by
//! weights and by failure rates). A caller names one with the public [`Engine`], or
//! leaves the choice to [`Engine::Auto`].

use crate::arena::Node;
use crate::bits::BitsSearch;
use crate::bounded::BoundedSearch;
use crate::cells::CellsSearch;
use crate::control::{
    Algorithm, Control, Move, ReplayError, Replayed, SelectError, StopReason, Visit,
};
use crate::control::{EngineInfo, Job};
use crate::links::LinksSearch;
use crate::mcells::{heuristic, MultiCellsSearch};
use crate::problem::{OptionId, Problem};

/// The algorithms, one of which runs each search: a loop each (one per solver, made once and
/// never moved in a loop: its size does not matter, and a box would add a load to every call).
/// Several [`Engine`]s can share a loop ([`Engine::Weighted`] and [`Engine::FailRate`] are
/// `MultiCells` with another branching rule).
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyAlgorithm<'p> {
    Links(LinksSearch<'p>),
    Bits(BitsSearch<'p>),
    Bounded(BoundedSearch<'p>),
    Cells(CellsSearch<'p>),
    MultiCells(MultiCellsSearch<'p>),
}

/// Calls the algorithm's method, whichever it is: one branch per call, never per node.
macro_rules! each {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            AnyAlgorithm::Links($x) => $body,
            AnyAlgorithm::Bits($x) => $body,
            AnyAlgorithm::Bounded($x) => $body,
            AnyAlgorithm::Cells($x) => $body,
            AnyAlgorithm::MultiCells($x) => $body,
        }
    };
}

/// Which algorithm searches a problem: [`Problem::solver_with`], [`crate::Parallel::with_engine`].
///
/// Every engine finds the same solutions and counts its nodes and updates as Knuth's program
/// for it does; they differ in the order they try options and in how many nodes they need
/// (`ssxcc` takes forced moves first, which can cut the tree), and so in speed, problem by
/// problem (`docs/design/engine.md`, "Dancing cells"). What each takes and gives is its [`EngineInfo`]:
/// the code around the search asks that, never which engine it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Engine {
    /// The engine that suits the problem (today: dancing links).
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(
            help = "The engine that suits the problem (today dancing links; see docs/design.md)"
        )
    )]
    Auto,
    /// Dancing links: Knuth's `dlx1`, `dlx2` with colors, `dlx3` with bounds on items.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Dancing links: Knuth's dlx1, dlx2 with colors, dlx3 with bounds, with their figures"
        )
    )]
    Links,
    /// Dancing cells: Knuth's `ssxcc` (sparse sets, forced moves), with or without colors, and
    /// his `ssmcc` for bounds on items (binary branching).
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Dancing cells: Knuth's ssxcc (sparse sets, forced moves first), with its figures and solution order; with bounds on items his ssmcc (binary branching). On several threads (--jobs) the same solutions, and nodes that can differ a little from one thread's"
        )
    )]
    Cells,
    /// Dancing cells with weighted branching: Knuth's `ssmcc-wtd` (his `ssmcc` with the change
    /// file after Boussemart, Hemery, Lecoutre and Sais, 2004), on every problem: an item is
    /// chosen by its degree divided by its weight, and an item's weight grows by one each time
    /// taking an option fails because that item could no longer be covered. Fewer nodes than
    /// `ssmcc` where bounds make conflicts recur (double queens: a third fewer), more on most
    /// plain problems (`docs/benchmarks.md`).
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Dancing cells branching by degree over weight: Knuth's ssmcc-wtd (threads as cells)"
        )
    )]
    Weighted,
    /// Dancing cells branching by failure rate: Knuth's `ssmcc-frb` (his `ssmcc` with the
    /// change file after Li, Yin and Li, 2021): an item is chosen by its degree divided by the
    /// rate at which trying its options left another item uncoverable (0.5 at first). Fewest
    /// nodes of the three on the double queens, more than `ssmcc` on most plain problems
    /// (`docs/benchmarks.md`).
    #[cfg_attr(
        feature = "clap",
        value(
            name = "failrate",
            help = "Dancing cells branching by degree over failure rate: Knuth's ssmcc-frb (threads as cells)"
        )
    )]
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

    /// The engine [`Engine::Auto`] runs where nothing about the problem decides otherwise
    /// (today: on every problem).
    pub const DEFAULT: Engine = Engine::Links;

    /// Every engine a search can run: [`Engine::ALL`] without [`Engine::Auto`], which resolves
    /// to one of them.
    pub fn each() -> impl Iterator<Item = Engine> {
        Engine::ALL.into_iter().filter(|&e| e != Engine::Auto)
    }

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

    /// What the engine takes and gives (for [`Engine::Auto`], the engine it resolves to on
    /// any problem today).
    pub fn info(self) -> &'static EngineInfo {
        match self {
            Engine::Auto => Engine::DEFAULT.info(),
            Engine::Links => &crate::links::INFO,
            Engine::Cells => &crate::cells::INFO,
            Engine::Weighted => &crate::mcells::WEIGHTED,
            Engine::FailRate => &crate::mcells::FAILRATE,
        }
    }

    /// Knuth's program whose figures the engine gives on `problem`: `dlx1`, `dlx2` or `dlx3`
    /// for dancing links, as the problem has colors or bounds; `ssxcc` or `ssmcc` for dancing
    /// cells.
    pub fn program(self, problem: &Problem) -> &'static str {
        let [plain, colors, bounds] = self.info().programs;
        if problem.declares_bounds() {
            bounds
        } else if problem.has_colors() {
            colors
        } else {
            plain
        }
    }

    /// What the engine is, and whose figures it gives, when it searches `problem`: `dancing
    /// cells (Knuth's ssmcc)` for dancing cells on a problem with bounds.
    pub fn describe(self, problem: &Problem) -> String {
        let info = self.resolve(problem).unwrap_or(self).info();
        let programs = if info.names_class_program {
            self.program(problem).to_string()
        } else {
            let mut all: Vec<&str> = info.programs.to_vec();
            all.dedup();
            all.join(", ")
        };
        format!("{} (Knuth's {programs})", info.title)
    }

    /// The engine that searches `problem` when this one is asked for: [`Engine::Auto`]
    /// resolved; an error if the engine does not take the problem.
    pub fn resolve(self, problem: &Problem) -> Result<Engine, EngineError> {
        // Every engine takes every problem today (dancing cells take bounds by `ssmcc`).
        let _ = problem;
        match self {
            Engine::Auto => Ok(Engine::DEFAULT),
            engine => Ok(engine),
        }
    }

    /// The fingerprint of the job lines of a search by this engine (resolved) of a problem whose
    /// fingerprint is `problem`: its [`EngineInfo::job_tag`] hashed in, so that a job split by one
    /// engine is not run by another.
    pub(crate) fn fingerprint(self, problem: u64) -> u64 {
        match self.info().job_tag {
            None => problem,
            Some(tag) => crate::fnv::bytes(problem, tag.as_bytes()),
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

/// The loop for `problem` when `engine` (resolved) is asked for: chosen here, once per solver.
/// Dancing links take bounds by their own loop (`dlx3`), and so do dancing cells (`ssmcc`); a
/// small plain problem's dancing links run on bitsets ([`crate::bits`]: the same tree, figures
/// and order).
pub(crate) fn choose(problem: &Problem, engine: Engine) -> AnyAlgorithm<'_> {
    let bounded = problem.declares_bounds();
    match engine {
        Engine::Auto | Engine::Links if bounded => {
            AnyAlgorithm::Bounded(BoundedSearch::new(problem))
        }
        Engine::Auto | Engine::Links if crate::bits::takes(problem) => {
            AnyAlgorithm::Bits(BitsSearch::new(problem))
        }
        Engine::Auto | Engine::Links => AnyAlgorithm::Links(LinksSearch::new(problem)),
        Engine::Cells if bounded => {
            AnyAlgorithm::MultiCells(MultiCellsSearch::new(problem, heuristic::PLAIN))
        }
        Engine::Cells => AnyAlgorithm::Cells(CellsSearch::new(problem)),
        Engine::Weighted => {
            AnyAlgorithm::MultiCells(MultiCellsSearch::new(problem, heuristic::WEIGHTS))
        }
        Engine::FailRate => {
            AnyAlgorithm::MultiCells(MultiCellsSearch::new(problem, heuristic::FAILRATES))
        }
    }
}

impl<'p> Algorithm<'p> for AnyAlgorithm<'p> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `Engine::ALL` lists every engine, each with a name that reads back and a fingerprint of
    /// its own for its job lines. (The match is exhaustive: a new variant does not compile
    /// here until it is listed, and then this test says whether `ALL` has it.)
    #[test]
    fn all_lists_every_engine_and_each_describes_itself() {
        let listed = |e: Engine| match e {
            Engine::Auto | Engine::Links | Engine::Cells | Engine::Weighted | Engine::FailRate => {
                Engine::ALL.contains(&e)
            }
        };
        let every = [
            Engine::Auto,
            Engine::Links,
            Engine::Cells,
            Engine::Weighted,
            Engine::FailRate,
        ];
        assert!(every.into_iter().all(listed));
        assert_eq!(Engine::ALL.len(), every.len());
        let mut fingerprints = std::collections::BTreeSet::new();
        for e in Engine::each() {
            assert_eq!(e.name().parse::<Engine>(), Ok(e));
            assert!(e.info().programs.iter().all(|p| !p.is_empty()));
            assert!(fingerprints.insert(e.fingerprint(0x1234)), "{e}");
        }
        assert_eq!(Engine::Auto.info(), Engine::DEFAULT.info());
    }
}
