//! The search on several threads, and the search cut into jobs for several machines.
//!
//! Both rest on one idea: a subtree of the search tree is named by the options chosen on the way
//! to it (a [`Job`]'s prefix). A thread that covers those options, as the search would have at
//! each level, stands where the one-thread search stood when it entered the subtree, with the
//! same links in the same order, so it searches the same subtree: the same choices, nodes and
//! updates. (Dancing cells are the exception: their order depends on the subtrees searched
//! before, so a replayed subtree has the same solutions in another order; see
//! [`Parallel::with_engine`].) Covering the prefix again counts nothing, except the part of the way the job owns
//! ([`Job::carried`]); so the figures of the jobs add up to the figures of the whole search.
//!
//! On one machine, [`Parallel`] starts with the whole tree as one job, and whenever a thread is
//! idle, a busy thread (looking every 4096 nodes) gives away the untried options of its
//! shallowest level, each as a job. Across machines, [`Parallel::split`] cuts the tree into jobs
//! ahead of time, [`JobLine`] writes each as one line, [`Parallel::count_job`] runs one, and
//! [`Tally`] adds their summaries up, refusing a missing, repeated, foreign or stopped job.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use crate::arena::Node;
use crate::control::{
    Job, Limits, Move, ReplayError, SelectError, Signal, Stats, Step, StopReason,
};
use crate::engine::{Engine, EngineError};
use crate::problem::{ItemId, OptionId, Problem};
use crate::search::{Outcome, Solution, SolutionRef, Solver};

/// What a parallel search did: its totals (equal to the one-thread search's when complete),
/// how it ended, and how it was shared out.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Report {
    /// Totals, and what stopped the search (if anything did).
    pub outcome: Outcome,
    /// The same totals with the nodes per level ([`Stats::profile`]).
    pub stats: Stats,
    /// Jobs run: 1 for the whole tree, plus one per subtree a busy thread gave away.
    pub jobs: u64,
    /// Threads the search ran on.
    pub threads: usize,
}

impl Report {
    /// The report of a search run on one thread as one job, with its figures.
    pub fn single(outcome: Outcome, stats: Stats) -> Report {
        Report {
            outcome,
            stats,
            jobs: 1,
            threads: 1,
        }
    }
}

/// Why a job line is not of a search ([`Parallel::check_line`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ForeignJob {
    /// The problem is the same, but the job was split by another engine.
    #[error("the job was split by the {0} engine")]
    Engine(Engine),
    /// The job is of another problem.
    #[error("the job is of another problem (fingerprint {line:016x}; this one has {this:016x})")]
    Problem {
        /// The line's fingerprint.
        line: u64,
        /// This search's.
        this: u64,
    },
}

/// Why a job cannot be split or run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JobError {
    /// An option of the prefix does not belong to the problem.
    #[error("{option} of the prefix (level {level}) does not belong to this problem")]
    UnknownOption {
        /// The level.
        level: usize,
        /// The option.
        option: OptionId,
    },
    /// The prefix goes on past a solution.
    #[error("the prefix goes on past a solution at level {level}")]
    PastSolution {
        /// The level where every primary item was covered.
        level: usize,
    },
    /// A move of the prefix is not among the moves the search tries at its level.
    #[error(
        "{} of the prefix is not a choice at level {level}: the search branches on {item} there",
        match .mv {
            Move::Option(o) => o.to_string(),
            Move::Null => "the null move".to_string(),
            Move::Skip(o) => format!("the move that leaves {o} out"),
        }
    )]
    NotAChoice {
        /// The level.
        level: usize,
        /// The move.
        mv: Move,
        /// The item the MRV rule chooses at that level.
        item: ItemId,
    },
    /// `carried` is more than the prefix's length.
    #[error("the job carries {carried} nodes of a way of {len}")]
    Carried {
        /// The job's `carried`.
        carried: u32,
        /// The prefix's length.
        len: usize,
    },
}

/// A search over several threads, with totals identical to the one-thread search (by dancing
/// links; by dancing cells the same solutions, see [`Parallel::with_engine`]).
///
/// ```
/// use dlx::{Limits, Parallel};
///
/// // Exact covers of 8 items by the 28 pairs of them: 7 x 5 x 3 = 105 perfect matchings.
/// let mut text = String::from("a b c d e f g h\n");
/// let items = ["a", "b", "c", "d", "e", "f", "g", "h"];
/// for i in 0..8 {
///     for j in i + 1..8 {
///         text.push_str(&format!("{} {}\n", items[i], items[j]));
///     }
/// }
/// let problem = dlx::text::parse(&text)?.problem;
/// let one = problem.solver().count();
/// let four = Parallel::new(&problem).threads(4).count();
/// assert_eq!(four.outcome, one);
/// assert_eq!(four.outcome.solutions, 105);
///
/// // A limit of 10 solutions stops every thread at exactly 10.
/// let ten = Parallel::new(&problem).threads(4).with_limits(Limits::none().solutions(10)).count();
/// assert_eq!(ten.outcome.solutions, 10);
/// assert!(!ten.outcome.is_complete());
/// # Ok::<(), dlx::text::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Parallel<'p> {
    problem: &'p Problem,
    threads: usize,
    poll: u64,
    /// Nodes a count on several threads runs alone on the calling thread first (0: none).
    here_first: u64,
    limits: Limits,
    selected: Vec<OptionId>,
    /// The selections covered, made at the first [`Parallel::select`].
    checker: Option<Solver<'p>>,
    /// The engine every thread runs (resolved: never [`Engine::Auto`]).
    engine: Engine,
}

/// How often (in nodes) a worker asks for more of a node limit shared by the threads.
const NODE_CHUNK: u64 = 1 << 14;

impl<'p> Parallel<'p> {
    /// A search of `problem` on every core (as many threads as the machine runs at once).
    pub fn new(problem: &'p Problem) -> Self {
        Parallel {
            problem,
            threads: 0,
            poll: 4096,
            here_first: 0,
            limits: Limits::none(),
            selected: Vec::new(),
            checker: None,
            engine: Engine::Auto
                .resolve(problem)
                .expect("the default engine takes every problem"),
        }
    }

    /// Runs `engine` on every thread (see [`Engine`]); an error if it does not take the
    /// problem or an option selected before. With dancing cells ([`Engine::Cells`], [`Engine::Weighted`],
    /// [`Engine::FailRate`]) the threads and split jobs find the same solutions as one thread,
    /// but the nodes and updates they count can differ a little from one thread's, and
    /// [`Parallel::search_ordered`] runs on one thread: dancing cells leave each item's options
    /// in an order (and a weighted search its weights) that depends on every subtree searched
    /// before, which a thread given a subtree does not have. With bounds on items their jobs'
    /// prefixes take options and leave them out ([`Move::Skip`]).
    pub fn with_engine(mut self, engine: Engine) -> Result<Self, EngineError> {
        self.engine = engine.resolve(self.problem)?;
        self.checker = None;
        let selected = std::mem::take(&mut self.selected);
        for option in selected {
            self.select(option)
                .map_err(|_| EngineError::Selected { option })?;
        }
        Ok(self)
    }

    /// The engine the threads run (never [`Engine::Auto`]).
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The fingerprint its job lines carry ([`JobLine`]): the problem's
    /// ([`Problem::fingerprint`]) for dancing links, and for another engine that hashed on with
    /// the engine's name, since a job's prefix is a way down one engine's tree: a job split by
    /// one engine is not run by another.
    pub fn fingerprint(&self) -> u64 {
        self.engine.fingerprint(self.problem.fingerprint())
    }

    /// The lines of `jobs` (a split of this search), numbered from 1 in their order, with this
    /// search's fingerprint ([`Parallel::fingerprint`]).
    pub fn job_lines(&self, jobs: Vec<Job>) -> Vec<JobLine> {
        let mut lines = JobLine::number(self.problem, jobs);
        let fingerprint = self.fingerprint();
        lines.iter_mut().for_each(|l| l.fingerprint = fingerprint);
        lines
    }

    /// Whether `line` names a job of this search: its fingerprint is this search's, else why
    /// not (another engine's split of the same problem, or another problem).
    pub fn check_line(&self, line: &JobLine) -> Result<(), ForeignJob> {
        let this = self.fingerprint();
        if line.fingerprint == this {
            return Ok(());
        }
        let of_problem = self.problem.fingerprint();
        match Engine::each().find(|e| e.fingerprint(of_problem) == line.fingerprint) {
            Some(engine) => Err(ForeignJob::Engine(engine)),
            None => Err(ForeignJob::Problem {
                line: line.fingerprint,
                this,
            }),
        }
    }

    /// A fresh solver running the engine.
    fn solver(&self) -> Solver<'p> {
        self.problem
            .solver_with(self.engine)
            .expect("the engine was checked against the problem")
    }

    /// Searches on `n` threads; 0 means one per core.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// How often, in nodes, a busy thread looks whether another is idle (and at the deadline
    /// and the cancel flag): 4096 by default, rounded up to a power of two. Looking more often
    /// shares small trees out sooner, at a cost on every look.
    pub fn poll_every(mut self, nodes: u64) -> Self {
        self.poll = nodes.max(1).next_power_of_two();
        self
    }

    /// A count on several threads first runs alone on the calling thread, for up to `nodes`
    /// nodes (0, the default: it starts on the threads at once). A count that ends within
    /// them never wakes the pool (for a program that counts many small problems, a few
    /// microseconds each); one that does not goes on on the threads from where it stands,
    /// nothing searched twice. The figures are the same either way; [`Report::jobs`] is 1
    /// for a count that ended alone. While the threads search, a clock of the limits
    /// ([`Limits::until`]) is asked on the calling thread as well, about every 5 ms (the
    /// caller may keep one that answers on its own thread only, such as a look for Ctrl-C).
    pub fn here_first(mut self, nodes: u64) -> Self {
        self.here_first = nodes;
        self
    }

    /// The threads a search will use (1 without the `parallel` feature).
    pub fn num_threads(&self) -> usize {
        crate::control::threads_to_use(self.threads)
    }

    /// Sets the limits. A solution limit stops every thread once that many solutions were
    /// reported; a node limit is shared by the threads (the total never exceeds it); the
    /// deadline and the cancel flag stop every thread within 4096 nodes.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Puts `option` in every solution, as [`Solver::select`] does (the givens of a puzzle).
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        // One solver holds the selections so far, to check each new one against them (a
        // refused selection changes nothing).
        let (problem, engine) = (self.problem, self.engine);
        self.checker
            .get_or_insert_with(|| {
                problem
                    .solver_with(engine)
                    .expect("the engine was checked against the problem")
            })
            .select(option)?;
        self.selected.push(option);
        Ok(())
    }

    /// Counts the solutions.
    pub fn count(&self) -> Report {
        self.drive(Job::root(), &CountSink, self.limits.max_solutions)
    }

    /// Counts the solutions of one job (a part of [`Parallel::split`]), with the figures it owns.
    pub fn count_job(&self, job: &Job) -> Result<Report, JobError> {
        self.check(job)?;
        Ok(self.drive(job.clone(), &CountSink, self.limits.max_solutions))
    }

    /// Calls `visit` on each solution, from the threads that find them, in no fixed order. The
    /// search stops (every thread) when `visit` breaks or a limit is reached.
    pub fn search<F>(&self, visit: F) -> Report
    where
        F: Fn(SolutionRef<'_>) -> ControlFlow<()> + Sync,
    {
        self.drive(
            Job::root(),
            &VisitSink { visit: &visit },
            self.limits.max_solutions,
        )
    }

    /// Calls `visit` on each solution's options, one solution at a time: in the order of the
    /// one-thread search with `ordered` ([`Parallel::search_ordered`]), else as the threads
    /// find them ([`Parallel::search`], the visits taking turns). For a caller that writes
    /// solutions to one output either way.
    pub fn search_each<F>(&self, ordered: bool, visit: F) -> Report
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        if ordered {
            let mut visit = visit;
            return self.search_ordered(|s| visit(s.options()));
        }
        // One buffer for the options, reused under the lock.
        let shared = std::sync::Mutex::new((visit, Vec::new()));
        self.search(|s| {
            let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
            let (visit, options) = &mut *guard;
            options.clear();
            options.extend(s.options());
            visit(options)
        })
    }

    /// Calls `visit` on each solution in the order of the one-thread search, on the calling
    /// thread, while the threads search ahead: a subtree's solutions wait until every solution
    /// before them has been visited. Stops when `visit` breaks or a limit is reached; the
    /// solutions visited are then the first ones of the one-thread order.
    pub fn search_ordered<F>(&self, mut visit: F) -> Report
    where
        F: FnMut(&Solution) -> ControlFlow<()>,
    {
        if !self.engine.info().same_figures_on_threads && self.num_threads() > 1 {
            // Only one thread searches in such an engine's own order (dancing cells').
            return self.clone().threads(1).search_ordered(visit);
        }
        if self.num_threads() == 1 {
            // One thread's order is its own: visited as found, on this thread.
            let mut solver = self.solver();
            self.stand_at(&mut solver, &[], false)
                .expect("the selections were checked");
            solver.set_limits(self.limits.clone());
            solver.search(|s| visit(&s.to_solution()));
            return Report::single(solver.outcome(), solver.stats().clone());
        }
        let max = self.limits.max_solutions.unwrap_or(u64::MAX);
        let signal = Arc::new(Signal {
            threads: self.num_threads(),
            ..Signal::default()
        });
        let (tx, rx) = mpsc::channel::<Message>();
        let mut emitted = 0u64;
        let mut ended: Option<StopReason> = None;
        let mut report = std::thread::scope(|threads| {
            let signal2 = Arc::clone(&signal);
            let searching = threads.spawn(move || {
                let sink = OrderedSink { tx };
                self.drive_with(Job::root(), &sink, None, signal2)
            });
            // The subtrees not yet visited, in the one-thread order: a job's solutions come
            // before those of the subtrees it gave away, which come in the order of their
            // prefixes (options later in a column come later), so sorting by prefix is the
            // one-thread order. A job is registered before it can send anything.
            let mut waiting: BTreeMap<Vec<Step>, Waiting> = BTreeMap::new();
            waiting.insert(Vec::new(), Waiting::default());
            for message in rx {
                match message {
                    Message::Gave(prefix) => {
                        waiting.insert(prefix, Waiting::default());
                    }
                    Message::Found(prefix, solutions, done) => {
                        let w = waiting.get_mut(&prefix).expect("a registered job");
                        w.solutions.extend(solutions);
                        w.done |= done;
                    }
                }
                while let Some(mut first) = waiting.first_entry() {
                    for solution in first.get_mut().solutions.drain(..) {
                        if ended.is_some() {
                            break;
                        }
                        emitted += 1;
                        if visit(&solution).is_break() {
                            ended = Some(StopReason::Visitor);
                        } else if emitted >= max {
                            ended = Some(StopReason::SolutionLimit);
                        }
                        if ended.is_some() {
                            signal.halt.store(true, Ordering::Relaxed);
                        }
                    }
                    if !first.get().done {
                        break;
                    }
                    first.remove();
                }
            }
            searching
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e))
        });
        // Solutions found beyond the first stop were not visited: the count is what was.
        report.outcome.solutions = emitted;
        report.stats.solutions = emitted;
        if ended.is_some() {
            report.outcome.stopped = ended;
        }
        report
    }

    /// Cuts the search into at least `k` jobs (fewer only if the whole tree has fewer leaves),
    /// in the one-thread order; their figures add up to the whole search's. Run each with
    /// [`Parallel::count_job`].
    ///
    /// To make jobs of similar size, the job whose subtree looks largest is cut first: the size
    /// of each is estimated by Knuth's random probes (walks from the job's node to a leaf, each
    /// at an option picked at random at every level, each giving the product of the numbers of
    /// options on its way as an estimate). The probes are seeded by the job's prefix, so the
    /// same problem and `k` always give the same jobs.
    pub fn split(&self, k: usize) -> Result<Vec<Job>, JobError> {
        let mut solver = self.solver();
        // Jobs that can be cut, by estimated size (then by prefix, for a fixed order).
        let mut heap = std::collections::BinaryHeap::new();
        let mut leaves = Vec::new();
        let root = Job::root();
        let size = self.estimate(&mut solver, &root.prefix)?;
        heap.push(Sized(size, root));
        while heap.len() + leaves.len() < k {
            let Some(Sized(_, job)) = heap.pop() else {
                break;
            };
            self.stand_at(&mut solver, &job.prefix, false)?;
            match solver.branches() {
                Some(moves) if !moves.is_empty() => {
                    for (i, mv) in moves.into_iter().enumerate() {
                        let mut prefix = job.prefix.clone();
                        prefix.push(mv);
                        let carried = if i == 0 { job.carried + 1 } else { 0 };
                        let size = self.estimate(&mut solver, &prefix)?;
                        heap.push(Sized(size, Job::new(prefix, carried)));
                    }
                }
                // A solution or a dead end: a leaf, searched as it is.
                _ => leaves.push(job),
            }
        }
        let mut jobs: Vec<Job> = leaves
            .into_iter()
            .chain(heap.into_iter().map(|Sized(_, job)| job))
            .collect();
        jobs.sort_by(|a, b| a.prefix.cmp(&b.prefix));
        Ok(jobs)
    }

    /// Knuth's estimate of the size of the whole search tree, in nodes (TAOCP 7.2.2, after
    /// Knuth 1975): the mean over 64 random walks from the root to a leaf of 1 + d1 + d1 d2 +
    /// ..., where d1, d2, ... are the numbers of options on the way. Unbiased, with a heavy tail:
    /// a guide to how long a count will take, not a count. The same problem gives the same
    /// estimate (the walks are seeded).
    pub fn estimate_nodes(&self) -> Result<f64, JobError> {
        self.estimate(&mut self.solver(), &[])
    }

    /// Knuth's estimate of the number of nodes below `prefix`: the mean over random walks to a
    /// leaf of 1 + d1 + d1 d2 + ..., where d1, d2, ... are the numbers of options on the way.
    fn estimate(&self, solver: &mut Solver<'p>, prefix: &[Move]) -> Result<f64, JobError> {
        const PROBES: u32 = 64;
        // A xorshift generator seeded by the prefix: the same job, the same estimate (the null
        // move hashed as the number it had when it was one).
        let mut x = prefix.iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, m| {
            let n = match m {
                Move::Option(o) => o.0,
                Move::Null => u32::MAX - 1,
                Move::Skip(o) => !o.0,
            };
            crate::fnv::step(h, u64::from(n))
        }) | 1;
        let mut total = 0.0;
        for _ in 0..PROBES {
            self.stand_at(solver, prefix, false)?;
            let (mut size, mut weight) = (1.0, 1.0);
            while let Some(options) = solver.branches() {
                if options.is_empty() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                weight *= options.len() as f64;
                size += weight;
                let pick = options[(x % options.len() as u64) as usize];
                solver.replay(pick).expect("an option of the chosen item");
            }
            total += size;
        }
        Ok(total / f64::from(PROBES))
    }

    /// Checks that `job` is a subtree of this search.
    pub(crate) fn check(&self, job: &Job) -> Result<(), JobError> {
        if job.carried as usize > job.prefix.len() {
            return Err(JobError::Carried {
                carried: job.carried,
                len: job.prefix.len(),
            });
        }
        self.stand_at(&mut self.solver(), &job.prefix, job.rest)?;
        Ok(())
    }

    /// Resets `solver`, applies the selections and covers `prefix` (with `rest`, a bounded
    /// search's gift: the moves after its last one), returning what each level of the prefix
    /// would have counted.
    fn stand_at(
        &self,
        solver: &mut Solver<'p>,
        prefix: &[Move],
        rest: bool,
    ) -> Result<Vec<crate::control::Replayed>, JobError> {
        solver.reset();
        for &o in &self.selected {
            solver.select(o).expect("checked when selected");
        }
        let rest = rest && self.problem.declares_bounds();
        let mut steps = Vec::with_capacity(prefix.len());
        for (level, &mv) in prefix.iter().enumerate() {
            if let Move::Option(option) | Move::Skip(option) = mv {
                if option.index() >= self.problem.num_options() {
                    return Err(JobError::UnknownOption { level, option });
                }
            }
            let step = if rest && level + 1 == prefix.len() {
                solver.replay_rest(mv)
            } else {
                solver.replay(mv)
            };
            let step = step.map_err(|e| match e {
                ReplayError::Solved => JobError::PastSolution { level },
                ReplayError::NotAChoice(item) => JobError::NotAChoice { level, mv, item },
            })?;
            steps.push(step);
        }
        Ok(steps)
    }

    fn drive<S: Sink>(&self, root: Job, sink: &S, max_solutions: Option<u64>) -> Report {
        let signal = Arc::new(Signal {
            threads: self.num_threads(),
            ..Signal::default()
        });
        self.drive_with(root, sink, max_solutions, signal)
    }

    /// Runs `root` and every job given away from it on the threads, then adds up their figures.
    fn drive_with<S: Sink>(
        &self,
        root: Job,
        sink: &S,
        max_solutions: Option<u64>,
        signal: Arc<Signal>,
    ) -> Report {
        let threads = signal.threads;
        let run = Run {
            parallel: self,
            sink,
            signal,
            max_solutions,
            reported: AtomicU64::new(0),
            budget: self.limits.max_nodes.map(AtomicU64::new),
            reason: Mutex::new(None),
            slots: (0..threads).map(|_| Mutex::new(Slot::default())).collect(),
            jobs: AtomicU64::new(0),
        };
        run.signal.pending.store(1, Ordering::Relaxed);
        // One thread never gives work away (no other is idle to take it): it runs here,
        // on the calling thread, with no pool (a job counted per process, a fuzz run).
        if threads == 1 {
            run.run_job(&Here, root);
        } else if self.here_first > 0 && S::ALONE_FIRST {
            // Alone first: the other threads' places are held (none is idle, so the loop
            // gives nothing away) until the grace is spent.
            run.signal.pending.fetch_add(threads - 1, Ordering::Relaxed);
            let state = run
                .open_job(root, Some(self.here_first))
                .and_then(|state| run.drive_job(&Here, state));
            run.signal.pending.fetch_sub(threads - 1, Ordering::Relaxed);
            if let Some(state) = state {
                run.on_threads(threads, state);
            }
        } else {
            #[cfg(feature = "parallel")]
            crate::pool::scope(threads, |s| run.run_job(s, root));
            #[cfg(not(feature = "parallel"))]
            unreachable!("one thread without the parallel feature");
        }
        let mut stats = Stats::from_figures(0, 0, 0, 0, vec![0; self.problem.num_primary() + 1]);
        for slot in run.slots {
            let slot = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            stats.add_shifted(&slot.stats, 0);
        }
        let reason = run.reason.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut stopped = reason;
        if let Some(max) = max_solutions {
            if stats.solutions >= max {
                // Threads may have found a few more before they stopped; they were not reported.
                stats.solutions = max;
                stopped = Some(StopReason::SolutionLimit);
            }
        }
        Report {
            outcome: Outcome {
                solutions: stats.solutions,
                nodes: stats.nodes,
                updates: stats.updates,
                cleansings: stats.cleansings,
                stopped,
            },
            stats,
            jobs: run.jobs.into_inner(),
            threads,
        }
    }
}

impl Problem {
    /// A search of this problem on every core; see [`Parallel`].
    pub fn parallel(&self) -> Parallel<'_> {
        Parallel::new(self)
    }

    /// A 64-bit fingerprint of the problem (FNV-1a of its text, as
    /// [`crate::text::write_problem`] writes it): the same problem gives the same fingerprint on
    /// every machine and in every version that writes it the same way, so a job can name the
    /// problem it belongs to.
    pub fn fingerprint(&self) -> u64 {
        let mut h = crate::fnv::Writer(crate::fnv::OFFSET);
        crate::text::write_problem(self, &mut h).expect("hashing cannot fail");
        h.0
    }
}

/// A job and its estimated size, ordered by size (then by prefix, so the order is total).
struct Sized(f64, Job);

impl PartialEq for Sized {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl Eq for Sized {}

impl PartialOrd for Sized {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Sized {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0
            .total_cmp(&other.0)
            .then_with(|| other.1.prefix.cmp(&self.1.prefix))
    }
}

/// What a job does with the solutions it finds.
trait Sink: Sync {
    /// What one job keeps while it runs (moved to a thread of the pool with the job that
    /// began on the calling thread).
    type Local: Send;
    /// Whether solutions are looked at (if not, they are only counted).
    const LOOKS: bool;
    /// Whether the search may begin alone on the calling thread ([`Parallel::here_first`]).
    const ALONE_FIRST: bool = false;
    fn open(&self, job: &Job) -> Self::Local;
    fn found(&self, local: &mut Self::Local, solution: SolutionRef<'_>) -> ControlFlow<()>;
    fn gave(&self, local: &mut Self::Local, job: &Job);
    fn close(&self, local: Self::Local);
}

struct CountSink;

impl Sink for CountSink {
    type Local = ();
    const LOOKS: bool = false;
    const ALONE_FIRST: bool = true;
    fn open(&self, _: &Job) {}
    fn found(&self, _: &mut (), _: SolutionRef<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn gave(&self, _: &mut (), _: &Job) {}
    fn close(&self, _: ()) {}
}

struct VisitSink<'v, F> {
    visit: &'v F,
}

impl<F> Sink for VisitSink<'_, F>
where
    F: Fn(SolutionRef<'_>) -> ControlFlow<()> + Sync,
{
    type Local = ();
    const LOOKS: bool = true;
    fn open(&self, _: &Job) {}
    fn found(&self, _: &mut (), solution: SolutionRef<'_>) -> ControlFlow<()> {
        (self.visit)(solution)
    }
    fn gave(&self, _: &mut (), _: &Job) {}
    fn close(&self, _: ()) {}
}

/// From the threads to the thread that visits in order.
enum Message {
    /// A job was given away (sent before it can start).
    Gave(Vec<Step>),
    /// Solutions of a job, and whether it is done.
    Found(Vec<Step>, Vec<Solution>, bool),
}

#[derive(Default)]
struct Waiting {
    solutions: Vec<Solution>,
    done: bool,
}

struct OrderedSink {
    tx: mpsc::Sender<Message>,
}

/// Solutions a job sends at a time in the ordered search.
const BATCH: usize = 1024;

impl Sink for OrderedSink {
    type Local = (Vec<Step>, Vec<Solution>);
    const LOOKS: bool = true;
    fn open(&self, job: &Job) -> Self::Local {
        (job.order_key(), Vec::new())
    }
    fn found(&self, local: &mut Self::Local, solution: SolutionRef<'_>) -> ControlFlow<()> {
        local.1.push(solution.to_solution());
        if local.1.len() >= BATCH {
            let batch = std::mem::take(&mut local.1);
            // The receiver goes only when the search is over.
            let _ = self.tx.send(Message::Found(local.0.clone(), batch, false));
        }
        ControlFlow::Continue(())
    }
    fn gave(&self, _: &mut Self::Local, job: &Job) {
        let _ = self.tx.send(Message::Gave(job.order_key()));
    }
    fn close(&self, local: Self::Local) {
        let _ = self.tx.send(Message::Found(local.0, local.1, true));
    }
}

/// Where a job given away runs: a task of the thread pool, or, where one thread runs the whole
/// search (and so never gives work away), at once on this thread.
trait Spawn<'s>: std::marker::Sized {
    fn spawn_job<F: FnOnce(&Self) + Send + 's>(&self, job: F);
}

#[cfg(feature = "parallel")]
impl<'s> Spawn<'s> for rayon::Scope<'s> {
    fn spawn_job<F: FnOnce(&Self) + Send + 's>(&self, job: F) {
        self.spawn(job);
    }
}

/// The calling thread, for a search on one thread.
struct Here;

impl<'s> Spawn<'s> for Here {
    fn spawn_job<F: FnOnce(&Self) + Send + 's>(&self, job: F) {
        job(self);
    }
}

/// A thread's solver (kept from job to job) and the figures of the jobs it ran.
#[derive(Default)]
struct Slot<'p> {
    solver: Option<Solver<'p>>,
    stats: Stats,
}

/// The state the threads share during one parallel search.
struct Run<'a, 'p, S> {
    parallel: &'a Parallel<'p>,
    sink: &'a S,
    signal: Arc<Signal>,
    max_solutions: Option<u64>,
    /// Solutions reported, with a solution limit.
    reported: AtomicU64,
    /// What is left of the node limit.
    budget: Option<AtomicU64>,
    /// What stopped the search first.
    reason: Mutex<Option<StopReason>>,
    slots: Vec<Mutex<Slot<'p>>>,
    jobs: AtomicU64,
}

/// A job under way on a thread: its solver, and what it keeps until its figures are added.
struct JobState<'p, S: Sink> {
    job: Job,
    solver: Solver<'p>,
    /// The figures of the part of the way the job owns.
    own: Stats,
    /// The length of its prefix.
    d: usize,
    limits: Limits,
    /// The nodes this job took from a shared node limit.
    cap: u64,
    /// Nodes it may run before the threads take over, where it runs alone first.
    grace: Option<u64>,
    prefix_nodes: Vec<Node>,
    chosen: Vec<Node>,
    local: S::Local,
}

impl<S: Sink> JobState<'_, S> {
    /// Sets the solver's node limit: what the job took from a shared limit (`budgeted`), and
    /// no more than its grace while it runs alone first.
    fn limit_nodes(&mut self, budgeted: bool) {
        let cap = budgeted.then_some(self.cap);
        self.limits.max_nodes = match (cap, self.grace) {
            (Some(cap), Some(grace)) => Some(cap.min(grace)),
            (cap, grace) => cap.or(grace),
        };
        self.solver.set_limits(self.limits.clone());
    }
}

/// A lock that a panicking thread left poisoned is taken all the same (its figures are lost
/// with it, and the search reports what the others found).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Takes up to `want` from `budget`; returns what it took.
fn take(budget: &AtomicU64, want: u64) -> u64 {
    let mut left = budget.load(Ordering::Relaxed);
    loop {
        let got = left.min(want);
        match budget.compare_exchange_weak(left, left - got, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return got,
            Err(now) => left = now,
        }
    }
}

impl<'a, 'p, S: Sink> Run<'a, 'p, S> {
    /// Records why the search stops (the first reason wins) and stops every thread.
    fn stop(&self, reason: StopReason) {
        let mut r = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        r.get_or_insert(reason);
        self.signal.halt.store(true, Ordering::Relaxed);
    }

    fn slot(&self) -> &Mutex<Slot<'p>> {
        #[cfg(feature = "parallel")]
        let k = rayon::current_thread_index().unwrap_or(0);
        #[cfg(not(feature = "parallel"))]
        let k = 0;
        &self.slots[k % self.slots.len()]
    }

    /// Runs one job, giving parts of it away while threads are idle.
    fn run_job<'s, P: Spawn<'s>>(&'s self, scope: &P, job: Job) {
        if let Some(state) = self.open_job(job, None) {
            let suspended = self.drive_job(scope, state);
            debug_assert!(
                suspended.is_none(),
                "only the first job waits for the threads"
            );
        }
    }

    /// Starts one job: its solver stands at its prefix, with the figures of the part of the
    /// way the job owns and its limits set (a node limit of `grace` at most, where the job
    /// runs alone on the calling thread first); `None` when the search stopped already.
    fn open_job(&self, job: Job, grace: Option<u64>) -> Option<JobState<'p, S>> {
        self.signal.pending.fetch_sub(1, Ordering::Relaxed);
        if self.signal.halt.load(Ordering::Relaxed) {
            return None;
        }
        self.signal.active.fetch_add(1, Ordering::Relaxed);
        self.jobs.fetch_add(1, Ordering::Relaxed);
        let parallel = self.parallel;
        let mut solver = lock(self.slot()).solver.take().unwrap_or_else(|| {
            let mut s = parallel.solver();
            s.set_signal(Some(Arc::clone(&self.signal)), parallel.poll);
            s
        });
        let steps = parallel
            .stand_at(&mut solver, &job.prefix, job.rest)
            .expect("a job's prefix was checked, or found by the search");
        // The part of the way the job owns.
        let d = steps.len();
        let carried = job.carried as usize;
        let edges_from = if carried == d { 0 } else { d - carried - 1 };
        let mut own = Stats::from_figures(0, 0, 0, 0, vec![0; d + 1]);
        for (level, step) in steps.iter().enumerate() {
            if level >= d - carried {
                own.nodes += 1;
                own.profile[step.level.unwrap_or(level)] += 1;
                own.updates += step.item_updates;
            }
            if level >= edges_from {
                own.updates += step.rest_updates;
                own.cleansings += step.cleansings;
            }
        }
        let mut limits = parallel.limits.clone();
        limits.max_solutions = None;
        let mut cap = u64::MAX;
        if let Some(budget) = &self.budget {
            if take(budget, own.nodes) < own.nodes {
                self.stop(StopReason::NodeLimit);
                self.finish(solver, None);
                return None;
            }
            cap = take(budget, NODE_CHUNK);
        }
        let base = parallel.selected.len();
        let prefix_nodes: Vec<Node> = solver.selected_nodes()[base..].to_vec();
        let chosen = prefix_nodes.clone();
        let local = self.sink.open(&job);
        let mut state = JobState {
            job,
            solver,
            own,
            d,
            limits,
            cap,
            grace,
            prefix_nodes,
            chosen,
            local,
        };
        state.limit_nodes(self.budget.is_some());
        Some(state)
    }

    /// Runs a started job to its end, giving parts of it away while threads are idle; or,
    /// where it runs alone first, until its grace of nodes is spent: then it is handed back,
    /// to go on on the threads from where it stands.
    fn drive_job<'s, P: Spawn<'s>>(
        &'s self,
        scope: &P,
        mut state: JobState<'p, S>,
    ) -> Option<JobState<'p, S>> {
        let parallel = self.parallel;
        let problem = parallel.problem;
        let base_options = &parallel.selected[..];
        let stop = loop {
            let JobState {
                job,
                solver,
                chosen,
                prefix_nodes,
                local,
                ..
            } = &mut state;
            let mut beyond_limit = false;
            let mut at_limit = false;
            let r = solver.run(&mut |_, path| {
                if let Some(max) = self.max_solutions {
                    let k = self.reported.fetch_add(1, Ordering::Relaxed);
                    if k >= max {
                        beyond_limit = true;
                        return ControlFlow::Break(());
                    }
                    if k + 1 == max {
                        at_limit = true;
                    }
                }
                let mut flow = ControlFlow::Continue(());
                if S::LOOKS {
                    chosen.truncate(prefix_nodes.len());
                    chosen.extend_from_slice(path);
                    flow = self
                        .sink
                        .found(local, SolutionRef::new(problem, base_options, chosen));
                }
                if at_limit {
                    return ControlFlow::Break(());
                }
                flow
            });
            if solver.take_pause() {
                if self.signal.halt.load(Ordering::Relaxed) {
                    break None;
                }
                for part in solver.donate(job) {
                    self.sink.gave(local, &part);
                    self.signal.pending.fetch_add(1, Ordering::Relaxed);
                    scope.spawn_job(move |s: &P| self.run_job(s, part));
                }
                continue;
            }
            match r {
                None => break None,
                Some(StopReason::NodeLimit)
                    if state.grace.is_some_and(|g| state.solver.stats().nodes >= g) =>
                {
                    // Alone long enough: the threads take over from here.
                    state.grace = None;
                    state.limit_nodes(self.budget.is_some());
                    return Some(state);
                }
                Some(StopReason::NodeLimit) if self.budget.is_some() => {
                    let more = take(self.budget.as_ref().expect("a budget"), NODE_CHUNK);
                    if more == 0 {
                        break Some(StopReason::NodeLimit);
                    }
                    state.cap += more;
                    state.limit_nodes(true);
                }
                // Another thread reached the solution limit first: this solution is not reported.
                Some(StopReason::Visitor) if beyond_limit => break None,
                Some(StopReason::Visitor) if at_limit => break Some(StopReason::SolutionLimit),
                Some(reason) => break Some(reason),
            }
        };
        if let Some(reason) = stop {
            self.stop(reason);
        }
        let JobState {
            solver,
            mut own,
            d,
            cap,
            local,
            ..
        } = state;
        if let Some(budget) = &self.budget {
            budget.fetch_add(cap - solver.stats().nodes, Ordering::Relaxed);
        }
        // An engine may count its levels from the root, prefix included.
        let shift = if solver.levels_from_root() { 0 } else { d };
        own.add_shifted(solver.stats(), shift);
        self.sink.close(local);
        self.finish(solver, Some(own));
        None
    }

    /// Goes on with a job begun on the calling thread on the pool of `threads`, where idle
    /// threads take parts of it. With a clock in the limits, the calling thread asks it
    /// meanwhile and stops the search when it says so.
    fn on_threads(&self, threads: usize, state: JobState<'p, S>) {
        #[cfg(feature = "parallel")]
        {
            let go = move || {
                crate::pool::scope(threads, |s| {
                    let left = self.drive_job(s, state);
                    debug_assert!(left.is_none(), "the grace is spent");
                });
            };
            let Some(passed) = self.parallel.limits.until.clone() else {
                return go();
            };
            std::thread::scope(|t| {
                let (done, wait) = mpsc::channel::<()>();
                t.spawn(move || {
                    go();
                    let _ = done.send(());
                });
                while let Err(mpsc::RecvTimeoutError::Timeout) =
                    wait.recv_timeout(std::time::Duration::from_millis(5))
                {
                    if passed() {
                        self.stop(StopReason::Deadline);
                    }
                }
            });
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = (threads, state);
            unreachable!("one thread without the parallel feature");
        }
    }

    /// Puts the thread's solver back and adds a job's figures.
    fn finish(&self, solver: Solver<'p>, figures: Option<Stats>) {
        let mut slot = self.slot().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = figures {
            slot.stats.add_shifted(&f, 0);
        }
        slot.solver.get_or_insert(solver);
        drop(slot);
        self.signal.active.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A job as one line of text, for a batch system to hand to another process or machine: the
/// problem's [fingerprint](Problem::fingerprint), the job's number among all (from 1), its
/// `carried` count and its prefix (option numbers from 0, `n` for the null move of a problem
/// with bounds, or `-` for the root): `3f9a0c1d2e4b5a67:5/64:0:12,40,7`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JobLine {
    /// The fingerprint of the problem the job belongs to.
    pub fingerprint: u64,
    /// The job's number, from 1.
    pub index: usize,
    /// How many jobs the search was split into.
    pub total: usize,
    /// The job.
    pub job: Job,
}

impl JobLine {
    /// The lines of the jobs of a split of `problem`, numbered from 1 in their order.
    pub fn number(problem: &Problem, jobs: Vec<Job>) -> Vec<JobLine> {
        let (fingerprint, total) = (problem.fingerprint(), jobs.len());
        jobs.into_iter()
            .enumerate()
            .map(|(i, job)| JobLine {
                fingerprint,
                index: i + 1,
                total,
                job,
            })
            .collect()
    }
}

impl fmt::Display for JobLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:016x}:{}/{}:{}:",
            self.fingerprint, self.index, self.total, self.job.carried
        )?;
        if self.job.prefix.is_empty() {
            return f.write_str("-");
        }
        for (k, m) in self.job.prefix.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Why a job line cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a job line: {0} (expected FINGERPRINT:INDEX/TOTAL:CARRIED:PREFIX, as --split writes)")]
pub struct JobLineError(String);

impl FromStr for JobLine {
    type Err = JobLineError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |what: &str| JobLineError(what.to_string());
        let mut parts = s.trim().split(':');
        let (Some(fp), Some(place), Some(carried), Some(prefix), None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(err("it does not have four fields separated by `:`"));
        };
        if fp.len() != 16 {
            return Err(err("the fingerprint is not 16 hexadecimal digits"));
        }
        let fingerprint = u64::from_str_radix(fp, 16)
            .map_err(|_| err("the fingerprint is not 16 hexadecimal digits"))?;
        let (index, total) = place
            .split_once('/')
            .ok_or_else(|| err("the second field is not INDEX/TOTAL"))?;
        let index: usize = index
            .parse()
            .map_err(|_| err("the job's index is not a whole number"))?;
        let total: usize = total
            .parse()
            .map_err(|_| err("the number of jobs is not a whole number"))?;
        if index == 0 || index > total {
            return Err(err("the job's index is not from 1 to the number of jobs"));
        }
        let carried: u32 = carried
            .parse()
            .map_err(|_| err("the carried count is not a whole number"))?;
        let prefix = if prefix == "-" {
            Vec::new()
        } else {
            prefix
                .split(',')
                .map(|o| match o {
                    "n" => Ok(Move::Null),
                    _ => match o.strip_prefix('-') {
                        Some(o) => o.parse().map(|n| Move::Skip(OptionId(n))).map_err(|_| ()),
                        None => o.parse().map(|n| Move::Option(OptionId(n))).map_err(|_| ()),
                    },
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(|()| {
                    err("the prefix is not option numbers (`n` for a null move, `-N` for option N left out) separated by `,`")
                })?
        };
        if carried as usize > prefix.len() {
            return Err(err("the carried count is more than the prefix's length"));
        }
        Ok(JobLine {
            fingerprint,
            index,
            total,
            job: Job::new(prefix, carried),
        })
    }
}

/// Why the summaries of a split search do not add up to the whole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TallyError {
    /// No summary was given.
    #[error("no job summary to add up")]
    Empty,
    /// A summary of another problem (or another split).
    #[error(
        "job {index} is of another problem or split (fingerprint {found:016x}, {found_total} \
         jobs) than the first (fingerprint {expected:016x}, {expected_total} jobs)"
    )]
    Foreign {
        /// The job's index.
        index: usize,
        /// The first summary's fingerprint.
        expected: u64,
        /// This summary's fingerprint.
        found: u64,
        /// The first summary's number of jobs.
        expected_total: usize,
        /// This summary's number of jobs.
        found_total: usize,
    },
    /// The same job twice.
    #[error("job {index} of {total} is counted twice")]
    Twice {
        /// The job's index.
        index: usize,
        /// The number of jobs.
        total: usize,
    },
    /// A job whose search was stopped by a limit: its count is not its subtree's.
    #[error("job {index} of {total} was stopped by {reason}: run it again without limits")]
    Stopped {
        /// The job's index.
        index: usize,
        /// The number of jobs.
        total: usize,
        /// What stopped it.
        reason: StopReason,
    },
    /// Jobs with no summary.
    #[error("{count} of {total} jobs missing: {}", list(missing, *count))]
    Missing {
        /// The first of their indices, at most 20, in order.
        missing: Vec<usize>,
        /// How many are missing.
        count: usize,
        /// The number of jobs.
        total: usize,
    },
    /// Totals past what 64 bits hold: the jobs' figures cannot be added up exactly.
    #[error("job {index} of {total} takes the totals past 2^64: they cannot be added up")]
    Overflow {
        /// The job's index.
        index: usize,
        /// The number of jobs.
        total: usize,
    },
}

/// The numbers shown of `count` (at most [`MISSING_SHOWN`]), then how many more.
fn list(shown: &[usize], count: usize) -> String {
    let mut s: Vec<String> = shown.iter().map(usize::to_string).collect();
    if count > shown.len() {
        s.push(format!("and {} more", count - shown.len()));
    }
    s.join(", ")
}

/// How many missing jobs [`TallyError::Missing`] names.
const MISSING_SHOWN: usize = 20;

/// `a + b`, every figure and level of the profile, or `None` if any sum passes 64 bits.
fn checked_sum(a: &Stats, b: &Stats) -> Option<Stats> {
    let mut sum = a.clone();
    sum.solutions = a.solutions.checked_add(b.solutions)?;
    sum.nodes = a.nodes.checked_add(b.nodes)?;
    sum.updates = a.updates.checked_add(b.updates)?;
    sum.cleansings = a.cleansings.checked_add(b.cleansings)?;
    let levels = b.profile();
    if sum.profile.len() < levels.len() {
        sum.profile.resize(levels.len(), 0);
    }
    for (level, &n) in sum.profile.iter_mut().zip(levels) {
        *level = level.checked_add(n)?;
    }
    Some(sum)
}

/// Adds up the summaries of the jobs of a split search, checking that each job of one split of
/// one problem is there exactly once and complete: the totals are then the whole search's.
///
/// What it keeps grows with the jobs added, not with the number of jobs a line claims: a line
/// that says `1/99999999999` costs no more than `1/2`.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    first: Option<(u64, usize)>,
    /// Each added job's nodes, by index.
    nodes: std::collections::BTreeMap<usize, u64>,
    stats: Stats,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one job's figures; `stopped` is what stopped its search, if anything did.
    pub fn add(
        &mut self,
        line: &JobLine,
        stats: &Stats,
        stopped: Option<StopReason>,
    ) -> Result<(), TallyError> {
        let (fp, total) = *self.first.get_or_insert((line.fingerprint, line.total));
        if (fp, total) != (line.fingerprint, line.total) {
            return Err(TallyError::Foreign {
                index: line.index,
                expected: fp,
                found: line.fingerprint,
                expected_total: total,
                found_total: line.total,
            });
        }
        if let Some(reason) = stopped {
            return Err(TallyError::Stopped {
                index: line.index,
                total,
                reason,
            });
        }
        if self.nodes.contains_key(&line.index) {
            return Err(TallyError::Twice {
                index: line.index,
                total,
            });
        }
        // The figures come from outside (files of summaries): added with a check, so that a
        // sum past 64 bits is an error rather than a wrapped total that looks right.
        let sum = checked_sum(&self.stats, stats).ok_or(TallyError::Overflow {
            index: line.index,
            total,
        })?;
        self.stats = sum;
        self.nodes.insert(line.index, stats.nodes);
        Ok(())
    }

    /// The totals, once every job is there.
    pub fn finish(&self) -> Result<&Stats, TallyError> {
        let Some((_, total)) = self.first else {
            return Err(TallyError::Empty);
        };
        // Every added index is in 1..=total, so the count is exact; the first missing ones
        // are found by walking the added ones in order, not all `total` indices.
        let count = total - self.nodes.len();
        if count > 0 {
            let mut missing = Vec::new();
            let mut next = 1;
            for &k in self.nodes.keys().chain(std::iter::once(&(total + 1))) {
                missing.extend((next..k).take(MISSING_SHOWN - missing.len()));
                next = k + 1;
                if missing.len() == MISSING_SHOWN {
                    break;
                }
            }
            return Err(TallyError::Missing {
                missing,
                count,
                total,
            });
        }
        Ok(&self.stats)
    }

    /// The nodes of each job added, in the order of their indices.
    pub fn job_nodes(&self) -> Vec<u64> {
        self.nodes.values().copied().collect()
    }
}
