//! A puzzle searched as the commands search it: by the engine asked for, on one thread or
//! several, every solution or one of each class up to symmetry, under limits; the solutions
//! decoded and handed to a visitor, or only counted.
//!
//! ```
//! use puzzles::run::{run, Run};
//! use puzzles::{Order, Queens};
//!
//! let queens = Queens::new(8, Order::OrganPipe)?;
//! let mut boards = 0;
//! let how = Run::default().distinct(true);
//! let ran = run(&queens, &how, &mut |_| {
//!     boards += 1;
//!     std::ops::ControlFlow::Continue(())
//! })?;
//! assert_eq!((boards, ran.distinct.map(|d| d.count)), (12, Some(12)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use dlx::{Engine, Limits, Report, Task};

use crate::{Distinct, Error, Puzzle};

/// How [`run`] searches: made by [`Run::default`] and its builder methods.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Run {
    /// The engine ([`Engine::Auto`] by default).
    pub engine: Engine,
    /// Threads (0: one per core); `None`: every core for a count by dancing links (whose
    /// figures are the same on any number), else one.
    pub threads: Option<usize>,
    /// On several threads, visit solutions in the order one thread finds them (else as found).
    pub ordered: bool,
    /// Only count: no solution is decoded or visited (unless `distinct`, which visits one of
    /// each class).
    pub count: bool,
    /// Count and visit solutions up to the puzzle's symmetries ([`Puzzle::distinct`]), on one
    /// thread.
    pub distinct: bool,
    /// Stop after this many solutions (classes, with `distinct`).
    pub limit: Option<u64>,
    /// The other limits (nodes, time, a cancel flag); their solution limit is `limit`'s.
    pub limits: Limits,
}

impl Run {
    /// The engine.
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Threads (0: one per core; `None`: the engine's rule).
    pub fn threads(mut self, n: Option<usize>) -> Self {
        self.threads = n;
        self
    }

    /// On several threads, visit solutions in the one-thread order.
    pub fn ordered(mut self, on: bool) -> Self {
        self.ordered = on;
        self
    }

    /// Only count.
    pub fn count(mut self, on: bool) -> Self {
        self.count = on;
        self
    }

    /// Count and visit solutions up to the puzzle's symmetries.
    pub fn distinct(mut self, on: bool) -> Self {
        self.distinct = on;
        self
    }

    /// Stop after this many solutions (classes, with `distinct`).
    pub fn limit(mut self, n: Option<u64>) -> Self {
        self.limit = n;
        self
    }

    /// The other limits (nodes, time, a cancel flag).
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
}

/// What [`run`] did.
#[derive(Debug, Clone)]
pub struct Ran {
    /// The engine that searched.
    pub engine: Engine,
    /// The search's figures, threads and jobs.
    pub report: Report,
    /// With [`Run::distinct`], the count up to symmetry.
    pub distinct: Option<Distinct>,
}

impl Ran {
    /// The number of solutions found, of classes with [`Run::distinct`].
    pub fn count(&self) -> u64 {
        self.distinct
            .as_ref()
            .map_or(self.report.outcome.solutions, |d| d.count)
    }
}

/// The summary object that ends a run's JSON lines (`dlx queens --format json`): the keys of
/// `dlx xc`'s ([`report::Summary`]), and the count up to symmetry or the scores of the best
/// fillings where there are some.
#[cfg(feature = "serde")]
#[derive(Debug, Clone, serde::Serialize)]
pub struct Summary {
    /// The search's figures.
    #[serde(flatten)]
    pub search: report::Summary,
    /// With [`Run::distinct`]: the number of classes up to symmetry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct: Option<u64>,
    /// With [`Run::distinct`]: the number of symmetries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<usize>,
    /// With [`Run::distinct`]: how the classes were counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Of the best fillings of a crossword ([`crate::Crossword::best`]): their total scores,
    /// best first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_scores: Option<Vec<u64>>,
}

#[cfg(feature = "serde")]
impl Summary {
    /// The summary of a search with these figures, and nothing more.
    pub fn new(search: report::Summary) -> Summary {
        Summary {
            search,
            distinct: None,
            symmetries: None,
            method: None,
            best_scores: None,
        }
    }

    /// The summary of a search for the best fillings of a crossword ([`crate::Crossword::best`]):
    /// its figures and costs, and the fillings' `scores`, best first.
    pub fn best_fills(best: &dlx::best::Best, scores: Vec<u64>) -> Summary {
        let outcome = dlx::Outcome::from_stats(&best.stats, best.stopped);
        let search = report::Summary::new(&outcome).best(best.costs(), None);
        Summary {
            best_scores: Some(scores),
            ..Summary::new(search)
        }
    }
}

#[cfg(feature = "serde")]
impl Ran {
    /// The run's [`Summary`]: with `shared`, the threads' and jobs' figures; the engine named
    /// where `engine` is given.
    pub fn summary(&self, shared: bool, engine: Option<Engine>) -> Summary {
        let search = report::Summary::new(&self.report.outcome);
        let search = if shared {
            search.shared(&self.report)
        } else {
            search
        };
        let d = self.distinct.as_ref();
        Summary {
            distinct: d.map(|d| d.count),
            symmetries: d.map(|d| d.symmetries),
            method: d.map(|d| d.method.to_string()),
            ..Summary::new(search.engine(engine))
        }
    }
}

/// Writes a run's solutions as the puzzle commands print them ([`Puzzle::to_text`], a blank
/// line between solutions, or a [`Puzzle::to_json`] line each), keeping the first few for a
/// drawing; its [`Writer::visit`] is [`run`]'s visitor. A write that fails stops the search
/// and is kept in [`Writer::failed`].
#[cfg(feature = "serde")]
#[derive(Debug)]
pub struct Writer<'a, P: Puzzle, W> {
    puzzle: &'a P,
    out: &'a mut W,
    json: bool,
    quiet: bool,
    keep: usize,
    /// Solutions visited (written, unless [`Writer::quiet`]).
    pub visited: u64,
    /// The first solutions, as many as [`Writer::keep`] asks.
    pub kept: Vec<P::Solution>,
    /// The error of the write that failed, if one did.
    pub failed: Option<std::io::Error>,
}

#[cfg(feature = "serde")]
impl<'a, P: Puzzle, W: std::io::Write> Writer<'a, P, W> {
    /// A writer of `puzzle`'s solutions to `out`: JSON lines with `json`, else text.
    pub fn new(puzzle: &'a P, out: &'a mut W, json: bool) -> Self {
        Writer {
            puzzle,
            out,
            json,
            quiet: false,
            keep: 0,
            visited: 0,
            kept: Vec::new(),
            failed: None,
        }
    }

    /// With `on`, count and keep solutions without writing them (a count).
    pub fn quiet(mut self, on: bool) -> Self {
        self.quiet = on;
        self
    }

    /// Keep the first `n` solutions (to draw them).
    pub fn keep(mut self, n: usize) -> Self {
        self.keep = n;
        self
    }

    /// Writes a solution (unless quiet) and keeps it if it is among the first; breaks when the
    /// write fails.
    pub fn visit(&mut self, solution: P::Solution) -> ControlFlow<()> {
        if !self.quiet {
            let written = if self.json {
                serde_json::to_writer(&mut *self.out, &self.puzzle.to_json(&solution))
                    .map_err(std::io::Error::from)
                    .and_then(|()| self.out.write_all(b"\n"))
            } else {
                let sep = if self.visited > 0 { "\n" } else { "" };
                write!(self.out, "{sep}{}", self.puzzle.to_text(&solution))
            };
            if let Err(e) = written {
                self.failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        self.visited += 1;
        if self.kept.len() < self.keep {
            self.kept.push(solution);
        }
        ControlFlow::Continue(())
    }
}

/// Searches `puzzle` as `how` says, handing each decoded solution (one of each class with
/// [`Run::distinct`]) to `visit`, one at a time, until it breaks or a limit stops the search.
/// An error if the engine does not take the problem, or the puzzle has no count up to
/// symmetry.
pub fn run<P>(
    puzzle: &P,
    how: &Run,
    visit: &mut (dyn FnMut(P::Solution) -> ControlFlow<()> + Send),
) -> Result<Ran, Error>
where
    P: Puzzle + Sync,
    P::Solution: Send,
{
    let engine = how.engine.resolve(puzzle.problem())?;
    let limits = how.limits.clone();
    // With `distinct` the limit counts classes (the visitor stops), not the engine's solutions.
    let limits = limits.solutions(how.limit.filter(|_| !how.distinct));
    let (report, distinct) = if how.distinct {
        let mut classes = 0;
        let d = puzzle.distinct(limits, &mut |s| {
            classes += 1;
            visit(s)?;
            match how.limit {
                Some(l) if classes >= l => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        })?;
        (Report::single(d.outcome, dlx::Stats::default()), Some(d))
    } else {
        // The library's front door: the thread rule is the engine's (a count by dancing links
        // on every core), unless `threads` says.
        let task = if how.count { Task::Count } else { Task::List };
        let found = puzzle
            .problem()
            .search()
            .task(task)
            .engine(engine)
            .threads(how.threads)
            .ordered(how.ordered)
            .limits(limits)
            .run(|options| visit(puzzle.decode(options.iter().copied())))?;
        (found.report(), None)
    };
    Ok(Ran {
        engine,
        report,
        distinct,
    })
}
