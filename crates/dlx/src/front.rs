//! One front door to every search of a problem: [`Search`] says what to do (list, count, the
//! `k` cheapest, the memoized count and its ZDD), by which engine, on how many threads, under
//! which limits, the whole problem or one job of a split, preprocessed first or not; its
//! [`Search::run`] composes the engine's solver, the parallel search, the search for the
//! cheapest solutions, the memoized search and the preprocessor, with the engine and the
//! thread rule chosen once, inside, and gives one [`Found`].
//!
//! ```
//! use std::time::{Duration, Instant};
//! use dlx::{Limits, Task};
//!
//! let problem = dlx::text::parse(include_str!("../../../data/instances/queens8.dlx"))?.problem;
//! let found = problem
//!     .search()
//!     .task(Task::Count)
//!     .limits(Limits::none().deadline(Instant::now() + Duration::from_secs(10)))
//!     .run(|_| std::ops::ControlFlow::Continue(()))?; // on every core: a count by dancing links
//! assert!(found.is_complete());
//! println!("{} solutions, {} nodes, {} updates", found.count, found.stats.nodes, found.stats.updates);
//! assert_eq!((found.stats.nodes, found.stats.updates), (1049, 16680)); // dlx1's figures
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use crate::best::{Best, BestError};
use crate::control::{Job, Limits, Stats, StopReason};
use crate::engine::{Engine, EngineError};
use crate::parallel::{ForeignJob, JobError, JobLine, Parallel, Report};
use crate::pre::{PreError, Reduced};
use crate::problem::{OptionId, Problem};
use crate::search::{Outcome, Solver};
use crate::zdd::{Count, Memo, MemoError};

/// What a [`Search`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Task {
    /// Every solution, each to the visitor as it is found (up to the limits).
    #[default]
    List,
    /// Count the solutions (the visitor sees none).
    Count,
    /// The `k` cheapest solutions (Knuth's `dlx5`; options carry costs), in
    /// [`Found::cheapest`].
    Cheapest {
        /// How many.
        k: usize,
    },
    /// The memoized search (Knuth's `dlx6`): the count, exact at any size ([`Found::count`]),
    /// and for a complete search the ZDD of every solution ([`Found::memo`]).
    Memo,
}

impl Task {
    /// The task in words, for a message.
    fn describe(self) -> &'static str {
        match self {
            Task::List => "a listing",
            Task::Count => "a count",
            Task::Cheapest { .. } => "the cheapest solutions (Knuth's dlx5)",
            Task::Memo => "the memoized search (Knuth's dlx6)",
        }
    }
}

/// Every search of a problem, set up once and run with [`Search::run`]: made by
/// [`Problem::search`]; the settings are builder methods, each with a default (list every
/// solution, by [`Engine::Auto`], on the threads the engine's rule gives, without limits).
#[derive(Debug, Clone)]
pub struct Search<'p> {
    problem: &'p Problem,
    task: Task,
    engine: Engine,
    threads: Option<usize>,
    ordered: bool,
    limits: Limits,
    preprocess: bool,
    job: Option<Job>,
    bound: Option<u64>,
    max_zdd_nodes: Option<u64>,
    max_memory: Option<u64>,
    components: bool,
    keep_zdd: bool,
    here_first: u64,
}

/// What [`Search::run`] found: the figures of the search (those of Knuth's program for its
/// engine and task), the exact count, what stopped it if anything did, and what the task gives
/// besides.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Found {
    /// The engine that searched (resolved: never [`Engine::Auto`]; the cheapest solutions and
    /// the memoized search are dancing links').
    pub engine: Engine,
    /// Nodes, updates, cleansings and the nodes per level. Its `solutions` is the count where
    /// that fits in 64 bits ([`u64::MAX`] past it: [`Found::count`] is exact); for the
    /// cheapest solutions, the improvements found, as `dlx5` counts them.
    pub stats: Stats,
    /// The solutions found (for the cheapest solutions, the improvements), exact at any size.
    pub count: Count,
    /// `None` when the whole search was done; otherwise what stopped it.
    pub stopped: Option<StopReason>,
    /// Threads the search ran on.
    pub threads: usize,
    /// Jobs run: 1 for the whole tree, plus one per subtree a busy thread gave away.
    pub jobs: u64,
    /// With [`Task::Cheapest`]: the solutions, cheapest first, their costs, the figures.
    pub cheapest: Option<Best>,
    /// With [`Task::Memo`]: the memoized search's figures (ZDD nodes, memos, hits, memory)
    /// and, for a complete search, the ZDD.
    pub memo: Option<Memo>,
    /// With [`Search::preprocess`]: what Knuth's preprocessor took out (the figures are of
    /// the reduced problem's search).
    pub preprocessed: Option<Preprocessed>,
}

/// What the preprocessor took out before the search ([`Found::preprocessed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Preprocessed {
    /// Options that can never be used.
    pub options_removed: usize,
    /// Items forced, or in no option.
    pub items_removed: usize,
    /// Rounds over the items.
    pub rounds: usize,
}

impl Found {
    /// Whether the search was done to its end: the count is exact and complete.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// The totals as an [`Outcome`] (its `solutions` as [`Found::stats`] has it).
    pub fn outcome(&self) -> Outcome {
        Outcome::from_stats(&self.stats, self.stopped)
    }

    /// The totals with the threads and jobs, as a parallel search reports them.
    pub fn report(&self) -> Report {
        Report {
            outcome: self.outcome(),
            stats: self.stats.clone(),
            jobs: self.jobs,
            threads: self.threads,
        }
    }
}

/// Why a [`Search`] cannot run as set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The engine does not take the problem, or an option selected before.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine does not do the task: the cheapest solutions and the memoized search are
    /// dancing links' ([`crate::EngineInfo::best_and_memo`]).
    #[error("the {engine} engine does not search for {task}, which runs by dancing links")]
    EngineTask {
        /// The engine asked for.
        engine: Engine,
        /// The task, in words.
        task: &'static str,
    },
    /// The search for the cheapest solutions does not take the problem, or `k` is 0.
    #[error(transparent)]
    Cheapest(#[from] BestError),
    /// The memoized search does not take the limits.
    #[error(transparent)]
    Memo(#[from] MemoError),
    /// The preprocessor does not take the problem.
    #[error(transparent)]
    Pre(#[from] PreError),
    /// The job is not a subtree of this search.
    #[error(transparent)]
    Job(#[from] JobError),
    /// The job is not one of the cheapest solutions' jobs.
    #[error(transparent)]
    CheapestJob(#[from] crate::best::JobError),
    /// The job line is of another problem, or was split by another engine.
    #[error(transparent)]
    Foreign(#[from] ForeignJob),
    /// Two settings that do not go together, and why.
    #[error("{what}: {why}")]
    Settings {
        /// The settings.
        what: &'static str,
        /// Why not.
        why: &'static str,
    },
}

impl Problem {
    /// Every search of this problem, through one door: see [`Search`].
    pub fn search(&self) -> Search<'_> {
        Search::new(self)
    }
}

impl<'p> Search<'p> {
    /// A search of `problem` with the defaults: list every solution, by [`Engine::Auto`], on
    /// the threads the engine's rule gives, without limits.
    pub fn new(problem: &'p Problem) -> Self {
        Search {
            problem,
            task: Task::default(),
            engine: Engine::Auto,
            threads: None,
            ordered: false,
            limits: Limits::none(),
            preprocess: false,
            job: None,
            bound: None,
            max_zdd_nodes: None,
            max_memory: None,
            components: false,
            keep_zdd: true,
            here_first: 0,
        }
    }

    /// What to do ([`Task::List`] by default).
    pub fn task(mut self, task: Task) -> Self {
        self.task = task;
        self
    }

    /// The engine ([`Engine::Auto`] by default).
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Threads (0: one per core). `None`, the default, is the engine's rule: a count by an
    /// engine whose figures are the same on any number of threads
    /// ([`crate::EngineInfo::same_figures_on_threads`]) on every core, anything else on one.
    pub fn threads(mut self, n: impl Into<Option<usize>>) -> Self {
        self.threads = n.into();
        self
    }

    /// A count on several threads first runs alone on the calling thread for up to `nodes`
    /// nodes, and goes on on the threads from where it stands only if it did not end within
    /// them ([`Parallel::here_first`]); 0, the default, starts on the threads at once. For a
    /// caller that counts many small problems, each too small to be worth waking threads for.
    pub fn here_first(mut self, nodes: u64) -> Self {
        self.here_first = nodes;
        self
    }

    /// On several threads, visit solutions in the order one thread finds them (else as they
    /// are found); for the cheapest solutions, the same solutions on any number of threads.
    pub fn ordered(mut self, on: bool) -> Self {
        self.ordered = on;
        self
    }

    /// The limits: solutions (for the cheapest solutions, improvements; the memoized search
    /// takes none), nodes, a deadline, a cancel flag.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Search the problem as Knuth's `dlx-pre` reduces it; each solution is visited as
    /// options of this problem, and the figures are the reduced problem's.
    pub fn preprocess(mut self, on: bool) -> Self {
        self.preprocess = on;
        self
    }

    /// Run one job of a split ([`Search::split`]) instead of the whole search: a count, or a
    /// search for the cheapest solutions.
    pub fn job(mut self, job: Job) -> Self {
        self.job = Some(job);
        self
    }

    /// With [`Task::Cheapest`], look only for solutions that cost less than `cost`.
    pub fn bound(mut self, cost: impl Into<Option<u64>>) -> Self {
        self.bound = cost.into();
        self
    }

    /// With the memoized search, stop once the ZDD has more than `n` nodes.
    pub fn max_zdd_nodes(mut self, n: impl Into<Option<u64>>) -> Self {
        self.max_zdd_nodes = n.into();
        self
    }

    /// With the memoized search, the most bytes its cache and ZDD may take.
    pub fn max_memory(mut self, bytes: impl Into<Option<u64>>) -> Self {
        self.max_memory = bytes.into();
        self
    }

    /// With the memoized search: count by components ([`crate::zdd::MemoSearch::components`]), each
    /// group of the items left that no option joins on its own; a count and figures of its
    /// own, no ZDD. One thread, no job, no bounds: [`Search::check`] refuses the others.
    pub fn components(mut self, on: bool) -> Self {
        self.components = on;
        self
    }

    /// With the memoized search: whether its ZDD is kept in [`Found::memo`] (yes by default;
    /// no when only the count is wanted, which on threads is then faster:
    /// [`crate::zdd::MemoSearch::keep_zdd`]).
    pub fn keep_zdd(mut self, on: bool) -> Self {
        self.keep_zdd = on;
        self
    }

    /// The problem searched.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The engine that will search: [`Engine::Auto`] resolved, and checked against the
    /// problem and the task.
    pub fn resolved(&self) -> Result<Engine, SearchError> {
        let engine = self.engine.resolve(self.problem)?;
        let special = matches!(self.task, Task::Cheapest { .. } | Task::Memo);
        if special && !engine.info().best_and_memo {
            return Err(SearchError::EngineTask {
                engine,
                task: self.task.describe(),
            });
        }
        Ok(engine)
    }

    /// Checks the settings against each other and against the problem, as [`Search::run`] does
    /// before it searches: the engine that will search, or why the search cannot run as set.
    pub fn check(&self) -> Result<Engine, SearchError> {
        let engine = self.resolved()?;
        let settings = |what, why| Err(SearchError::Settings { what, why });
        let bounded = "the memoized search of a problem with bounds is not split into jobs";
        if self.components {
            let why = match self.task {
                Task::Memo if self.job.is_some() => Some((
                    "counting by components and a job",
                    "a job's options are searched as one problem; count the whole by components",
                )),
                Task::Memo if self.threads.is_some_and(|n| n != 1) => Some((
                    "counting by components and threads",
                    "the count by components runs on one thread",
                )),
                Task::Memo if self.problem.declares_bounds() => Some((
                    "counting by components and bounds",
                    "a problem with bounds is searched by options in and out, not by components",
                )),
                Task::Memo => None,
                _ => Some((
                    "counting by components and this task",
                    "components are the memoized count's",
                )),
            };
            if let Some((what, why)) = why {
                return settings(what, why);
            }
        }
        match self.task {
            Task::List | Task::Count if self.preprocess && self.job.is_some() => settings(
                "the preprocessor and a job",
                "a job is a subtree of the problem as it is",
            ),
            Task::List if self.job.is_some() => {
                settings("a job and a listing", "a job of a split is counted")
            }
            Task::Cheapest { .. } | Task::Memo if self.preprocess => settings(
                "the preprocessor and this task",
                "a problem is preprocessed to be listed or counted",
            ),
            Task::Memo if self.job.is_some() && self.problem.declares_bounds() => {
                settings("the memoized search and a job", bounded)
            }
            _ => Ok(engine),
        }
    }

    /// The threads the search will run on.
    pub fn num_threads(&self) -> usize {
        self.parallel(
            self.problem,
            self.engine.resolve(self.problem).unwrap_or_default(),
        )
        .map_or(1, |p| p.num_threads())
    }

    /// The parallel search of `problem` (this one's, or its reduction) by `engine`, on the
    /// threads the rule gives.
    fn parallel<'q>(
        &self,
        problem: &'q Problem,
        engine: Engine,
    ) -> Result<Parallel<'q>, EngineError> {
        let counts = self.task == Task::Count;
        let every_core = counts && engine.info().same_figures_on_threads;
        let threads = self.threads.unwrap_or(if every_core { 0 } else { 1 });
        problem
            .parallel()
            .threads(threads)
            .here_first(self.here_first)
            .with_limits(self.limits.clone())
            .with_engine(engine)
    }

    /// A one-thread solver of the search, for a caller that pulls solutions one at a time
    /// ([`Solver::solutions`]): the engine resolved, the limits set. Refused for a search that
    /// is not a listing of the whole problem as it is (preprocessed, a job, the cheapest
    /// solutions, the memoized search).
    pub fn solver(&self) -> Result<Solver<'p>, SearchError> {
        if self.task != Task::List || self.preprocess || self.job.is_some() {
            return Err(SearchError::Settings {
                what: "a solver of one thread",
                why: "it lists the solutions of the whole problem as it is",
            });
        }
        let engine = self.resolved()?;
        Ok(self
            .problem
            .solver_with(engine)?
            .with_limits(self.limits.clone()))
    }

    /// Checks that `line` is a job of this search (its problem and engine), and runs that job
    /// from here on.
    pub fn job_line(self, line: &JobLine) -> Result<Self, SearchError> {
        let engine = self.resolved()?;
        self.problem
            .parallel()
            .with_engine(engine)?
            .check_line(line)?;
        Ok(self.job(line.job.clone()))
    }

    /// The fingerprint of this search's job lines: the problem's, with the engine's tag.
    pub fn fingerprint(&self) -> Result<u64, SearchError> {
        Ok(self
            .problem
            .parallel()
            .with_engine(self.resolved()?)?
            .fingerprint())
    }

    /// Cuts the search into at least `k` jobs, one line each, numbered from 1, to run anywhere
    /// with [`Search::job_line`] and add up with [`crate::split::Tally`]: a count's (or a
    /// listing's) jobs, those of the search for the cheapest solutions, or the memoized
    /// count's (dancing links' jobs, each counted by the memoized search from its options on:
    /// their counts add up, exact at any size; not for a problem with bounds).
    pub fn split(&self, k: usize) -> Result<Vec<JobLine>, SearchError> {
        let engine = self.resolved()?;
        match self.task {
            Task::Cheapest { k: best } => {
                let search = self.problem.best(best)?;
                Ok(JobLine::number(self.problem, search.split(k)))
            }
            Task::Memo if self.problem.declares_bounds() => Err(SearchError::Settings {
                what: "the memoized search and a split",
                why: "the memoized search of a problem with bounds is not split into jobs",
            }),
            Task::Memo if self.components => Err(SearchError::Settings {
                what: "counting by components and a split",
                why: "a job's options are searched as one problem; count the whole by components",
            }),
            // A job is the subtree of dancing links' tree below its options: the solutions
            // that have them, which the memoized search counts as well.
            Task::Memo | Task::List | Task::Count => {
                let parallel = self.problem.parallel().with_engine(engine)?;
                Ok(parallel.job_lines(parallel.split(k)?))
            }
        }
    }

    /// Knuth's estimate of the size of the search tree ([`Parallel::estimate_nodes`]) of the
    /// engine that will search.
    pub fn estimate_nodes(&self) -> Result<f64, SearchError> {
        let parallel = self.problem.parallel().with_engine(self.resolved()?)?;
        Ok(parallel.estimate_nodes()?)
    }

    /// The searches that compare the engines on this problem (`dlx xc --engine all`): a count
    /// by every engine that takes it ([`Engine::each`]), then the memoized count; each with
    /// this search's threads (one unless set), limits and memory settings.
    pub fn every_engine(&self) -> Vec<Search<'p>> {
        let count = self
            .clone()
            .task(Task::Count)
            .threads(self.threads.unwrap_or(1));
        let engines = Engine::each()
            .filter(|e| e.resolve(self.problem).is_ok())
            .map(|e| count.clone().engine(e));
        let memo = count
            .clone()
            .task(Task::Memo)
            .engine(Engine::Auto)
            .threads(1);
        engines.chain([memo]).collect()
    }

    /// Runs the search. With [`Task::List`], `visit` sees each solution's options (of this
    /// problem, also when it was preprocessed), one solution at a time, as they are found (in
    /// the one-thread order with [`Search::ordered`]), and may stop the search; the other
    /// tasks visit nothing.
    pub fn run<F>(&self, visit: F) -> Result<Found, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        let engine = self.check()?;
        match self.task {
            Task::Cheapest { k } => self.cheapest(engine, k),
            Task::Memo => self.memo(engine),
            Task::List | Task::Count => self.by_engine(engine, visit),
        }
    }

    /// A listing or a count, by the engine's solver or the parallel search.
    fn by_engine<F>(&self, engine: Engine, mut visit: F) -> Result<Found, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        let reduced: Option<Reduced> = match self.preprocess {
            true => Some(self.problem.preprocess()?),
            false => None,
        };
        let searched = reduced.as_ref().map_or(self.problem, Reduced::problem);
        let parallel = self.parallel(searched, engine)?;
        let mut options = Vec::new();
        // Each solution as options of this problem.
        let mut visit = |found: &mut dyn Iterator<Item = OptionId>| {
            options.clear();
            options.extend(found.map(|o| reduced.as_ref().map_or(o, |r| r.origin(o))));
            visit(&options)
        };
        let report = if let Some(job) = &self.job {
            parallel.count_job(job)?
        } else if self.task == Task::Count {
            parallel.count()
        } else if parallel.num_threads() == 1 {
            let mut solver = searched
                .solver_with(engine)?
                .with_limits(self.limits.clone());
            solver.search(|s| visit(&mut s.options()));
            Report::single(solver.outcome(), solver.stats().clone())
        } else {
            parallel.search_each(self.ordered, |found| visit(&mut found.iter().copied()))
        };
        Ok(Found {
            engine,
            count: Count::from(report.outcome.solutions),
            stats: report.stats,
            stopped: report.outcome.stopped,
            threads: report.threads,
            jobs: report.jobs,
            cheapest: None,
            memo: None,
            preprocessed: reduced.map(|r| r.preprocessed()),
        })
    }

    /// The `k` cheapest solutions (Knuth's `dlx5`).
    fn cheapest(&self, engine: Engine, k: usize) -> Result<Found, SearchError> {
        let mut search = self.problem.best(k)?;
        if let Some(job) = &self.job {
            search = search.job(job)?;
        }
        if let Some(bound) = self.bound {
            search = search.bound(bound);
        }
        let threads = self.threads.unwrap_or(1);
        let best = search
            .with_limits(self.limits.clone())
            .threads(threads)
            .ordered(self.ordered)
            .run();
        Ok(Found {
            engine,
            count: Count::from(best.stats.solutions),
            stats: best.stats.clone(),
            stopped: best.stopped,
            threads: crate::control::threads_to_use(threads),
            jobs: 1,
            cheapest: Some(best),
            memo: None,
            preprocessed: None,
        })
    }

    /// The memoized count and its ZDD (Knuth's `dlx6`).
    fn memo(&self, engine: Engine) -> Result<Found, SearchError> {
        let mut prefix = Vec::new();
        if let Some(job) = &self.job {
            // A way from the root of dancing links' tree (checked so), of options only: a
            // problem without bounds has no other moves.
            self.problem.parallel().with_engine(engine)?.check(job)?;
            for mv in &job.prefix {
                match mv {
                    crate::Move::Option(o) => prefix.push(*o),
                    _ => return Err(SearchError::Settings {
                        what: "the memoized search and a job",
                        why: "the memoized search of a problem with bounds is not split into jobs",
                    }),
                }
            }
        }
        // One thread unless asked for more (a job runs on one).
        let threads = match self.job {
            Some(_) => 1,
            None => self.threads.unwrap_or(1),
        };
        let memo = self
            .problem
            .memo()
            .prefix(prefix)
            .threads(threads)
            .with_limits(self.limits.clone())?
            .max_zdd_nodes(self.max_zdd_nodes)
            .max_memory(self.max_memory)
            .components(self.components)
            .keep_zdd(self.keep_zdd)
            .run();
        let count = memo.found().clone();
        let s = &memo.stats;
        let solutions = count.to_u64().unwrap_or(u64::MAX);
        let stats = Stats::from_figures(
            solutions,
            s.nodes,
            s.updates,
            s.cleansings,
            s.profile.clone(),
        );
        Ok(Found {
            engine,
            count,
            stats,
            stopped: memo.stopped,
            threads: if cfg!(feature = "parallel") && !self.problem.has_bounds() {
                crate::control::threads_to_use(threads)
            } else {
                1
            },
            jobs: 1,
            cheapest: None,
            memo: Some(memo),
            preprocessed: None,
        })
    }
}
