//! What every engine's loop shares with the search around it: the limits and what stops a
//! search, the figures, the signal of a parallel search, moves and jobs (places in the search
//! tree), and the `Algorithm` an engine implements. It sits below the engines, which the solver
//! and the parallel search drive.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::arena::{Item, Node};
use crate::problem::{ItemId, OptionId, Problem};

/// The deadline and cancel flag are looked at when the node count is a multiple of this, so the
/// hot loop pays one mask test per node.
pub(crate) const ASYNC_CHECK_MASK: u64 = 4096 - 1;

/// What an engine takes and gives, as it describes itself. Each algorithm's file holds the
/// `EngineInfo` of its engines; the code around the search (the thread rule, the ordered search, job
/// lines, `--stats`, the checks of Knuth's figures, the conformance suite) asks these rather
/// than naming engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct EngineInfo {
    /// What it is, in a few words: `dancing cells, weighted`.
    pub title: &'static str,
    /// Knuth's programs whose figures (solutions, nodes, updates; the order of the solutions)
    /// it gives: on a plain problem, with colors, with bounds on items.
    pub programs: [&'static str; 3],
    /// Whether a description names the program of the problem's class only ([`crate::Engine::describe`]);
    /// otherwise all of them.
    pub names_class_program: bool,
    /// Whether its figures on several threads, and in split jobs, are those of one thread (so a
    /// count can use every core by default, and the ordered search runs on every thread); if
    /// not, the threads find the same solutions, but each counts in its own order.
    pub same_figures_on_threads: bool,
    /// Whether it takes options selected before the search ([`crate::Solver::select`]) on a
    /// problem without bounds (with bounds no engine does yet).
    pub takes_selected: bool,
    /// Whether the searches that are not engines, the cheapest solutions (Knuth's `dlx5`) and
    /// the memoized count (`dlx6`), go with it: both are dancing links.
    pub best_and_memo: bool,
    /// What its job lines' fingerprint hashes in beside the problem's: `None` keeps the
    /// problem's own ([`crate::Parallel::fingerprint`]).
    pub job_tag: Option<&'static str>,
}

/// The threads a search set to `n` runs on: `n`, or one per core for 0; always 1 without the
/// `parallel` feature (there are no threads to start). The cores are counted once per process
/// (as rayon's global pool counts them): the count reads the scheduler's affinity and the
/// cgroup's quota, about 35 µs, more than a small problem's whole search.
pub(crate) fn threads_to_use(n: usize) -> usize {
    if !cfg!(feature = "parallel") {
        return 1;
    }
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    match n {
        0 => *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        n => n,
    }
}

/// A deadline on a clock the caller keeps ([`Limits::until`]): asked whether it has passed.
pub type Clock = Arc<dyn Fn() -> bool + Send + Sync>;

/// Limits on a search. The default has none; each is set, or cleared with `None`, by its
/// builder method, and read by its getter.
///
/// ```
/// use dlx::Limits;
/// let limits = Limits::none().solutions(10).nodes(1_000_000);
/// assert_eq!((limits.max_solutions(), limits.max_nodes()), (Some(10), Some(1_000_000)));
/// let limits = limits.nodes(None);
/// assert_eq!(limits.max_nodes(), None);
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct Limits {
    pub(crate) max_solutions: Option<u64>,
    pub(crate) max_nodes: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) until: Option<Clock>,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
}

impl std::fmt::Debug for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("max_solutions", &self.max_solutions)
            .field("max_nodes", &self.max_nodes)
            .field("deadline", &self.deadline)
            .field("until", &self.until.as_ref().map(|_| "a clock"))
            .field("cancel", &self.cancel)
            .finish()
    }
}

impl Limits {
    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }

    /// Stop after `n` solutions (`None`: no limit).
    pub fn solutions(mut self, n: impl Into<Option<u64>>) -> Self {
        self.max_solutions = n.into();
        self
    }

    /// Never count more than `n` nodes: stop before the count would exceed it (`None`: no
    /// limit).
    pub fn nodes(mut self, n: impl Into<Option<u64>>) -> Self {
        self.max_nodes = n.into();
        self
    }

    /// Stop at `deadline` (looked at every 4096 nodes; `None`: no deadline), on the system's
    /// clock. Where there is none (WebAssembly in a browser, where `Instant::now` panics), give
    /// a clock of your own with [`Limits::until`].
    pub fn deadline(mut self, deadline: impl Into<Option<Instant>>) -> Self {
        self.deadline = deadline.into();
        self
    }

    /// Stop once `passed` says the deadline has passed, on a clock the caller keeps: asked every
    /// 4096 nodes, with the cancel flag; the search stops as at a [`Limits::deadline`]
    /// ([`StopReason::Deadline`]). `None`: no such deadline.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    ///
    /// // A clock that ticks once per look: the deadline passes at the third look, after
    /// // 3 x 4096 nodes.
    /// let ticks = Arc::new(AtomicU64::new(0));
    /// let clock = Arc::clone(&ticks);
    /// let passed: dlx::Clock = Arc::new(move || clock.fetch_add(1, Ordering::Relaxed) >= 2);
    /// let limits = dlx::Limits::none().until(Some(passed));
    /// let problem = dlx::text::parse(include_str!("../../../data/instances/queens12.dlx"))?.problem;
    /// let outcome = problem.solver().with_limits(limits).count();
    /// assert_eq!(outcome.stopped, Some(dlx::StopReason::Deadline));
    /// assert_eq!((outcome.nodes, ticks.load(Ordering::Relaxed)), (3 * 4096, 3));
    /// # Ok::<(), dlx::text::ParseError>(())
    /// ```
    pub fn until(mut self, passed: Option<Clock>) -> Self {
        self.until = passed;
        self
    }

    /// Stop when `flag` is set (looked at every 4096 nodes; `None`: no flag).
    pub fn cancel(mut self, flag: impl Into<Option<Arc<AtomicBool>>>) -> Self {
        self.cancel = flag.into();
        self
    }

    /// The most solutions.
    pub fn max_solutions(&self) -> Option<u64> {
        self.max_solutions
    }

    /// The most nodes.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The deadline.
    pub fn deadline_at(&self) -> Option<Instant> {
        self.deadline
    }

    /// The cancel flag.
    pub fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// Whether a deadline or a cancel flag is set: what [`Limits::check_async`] looks at.
    pub(crate) fn watches(&self) -> bool {
        self.deadline.is_some() || self.until.is_some() || self.cancel.is_some()
    }

    /// Whether the cancel flag is set or the deadline has passed (the checks the engine makes
    /// every 4096 nodes), for other searches that honour the same limits.
    pub fn check_async(&self) -> Option<StopReason> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(StopReason::Cancelled);
            }
        }
        if let Some(passed) = &self.until {
            if passed() {
                return Some(StopReason::Deadline);
            }
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(StopReason::Deadline),
            _ => None,
        }
    }
}

/// Why a search stopped before it was exhausted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// [`Limits::max_solutions`] solutions were found.
    SolutionLimit,
    /// The next node would have exceeded [`Limits::max_nodes`].
    NodeLimit,
    /// [`Limits::deadline_at`] passed.
    Deadline,
    /// [`Limits::cancel_flag`] was set.
    Cancelled,
    /// The visitor returned [`ControlFlow::Break`] (or the iterator was not pulled to its end).
    Visitor,
    /// The ZDD of a memoized search passed its node limit
    /// ([`MemoSearch::max_zdd_nodes`](crate::zdd::MemoSearch::max_zdd_nodes)).
    ZddNodeLimit,
    /// A memoized search's cache and ZDD would have passed their memory budget
    /// ([`MemoSearch::max_memory`](crate::zdd::MemoSearch::max_memory)).
    MemoryLimit,
}

impl StopReason {
    /// Every reason.
    pub const ALL: [StopReason; 7] = [
        StopReason::SolutionLimit,
        StopReason::NodeLimit,
        StopReason::Deadline,
        StopReason::Cancelled,
        StopReason::Visitor,
        StopReason::ZddNodeLimit,
        StopReason::MemoryLimit,
    ];

    /// Its name in records (`stopped_by`): `limit`, `max_nodes`, `timeout`, `cancelled`,
    /// `visitor`, `max_zdd_nodes`, `memory`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::SolutionLimit => "limit",
            StopReason::NodeLimit => "max_nodes",
            StopReason::Deadline => "timeout",
            StopReason::Cancelled => "cancelled",
            StopReason::Visitor => "visitor",
            StopReason::ZddNodeLimit => "max_zdd_nodes",
            StopReason::MemoryLimit => "memory",
        }
    }

    /// The reason of a [name](StopReason::name).
    pub fn from_name(name: &str) -> Option<StopReason> {
        StopReason::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// What stopped a search, in words for a message (`the node limit`); a command line names
/// its own flags instead.
impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::SolutionLimit => "the solution limit",
            StopReason::NodeLimit => "the node limit",
            StopReason::Deadline => "the deadline",
            StopReason::Cancelled => "the cancel flag",
            StopReason::Visitor => "the visitor",
            StopReason::ZddNodeLimit => "the ZDD node limit",
            StopReason::MemoryLimit => "the memory budget",
        })
    }
}

/// Statistics with the definitions of Knuth's `dlx1`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes: one per level entered (dead ends included) plus one per solution.
    pub nodes: u64,
    /// One per item taken out of the item list, one per node unlinked from its column.
    pub updates: u64,
    /// With color controls (`dlx2`): one per purification (a chosen option's color given to a
    /// secondary item) and one per other node found to have that color. 0 for a plain problem.
    pub cleansings: u64,
    /// The most *branch nodes* on one path from the root: levels whose chosen item had two
    /// options or more when chosen (a guess; an item with one option is forced). How deep the
    /// guesses nest, a measure of a search's difficulty that its node count mixes with its
    /// width. `None` unless asked for
    /// ([`Solver::track_branch_depth`](crate::Solver::track_branch_depth)) and for problems
    /// with bounds; 0 when every choice was forced.
    pub branch_depth: Option<u32>,
    /// Nodes per level: `profile[0]` is the root; a solution found at depth `d` (after `d`
    /// choices) counts at level `d`. Trailing zero levels are trimmed by [`Stats::profile`].
    pub(crate) profile: Vec<u64>,
}

impl Stats {
    /// Statistics from their figures (as read back from a summary, to add up the jobs of a
    /// split search with [`crate::split::Tally`]).
    pub fn from_figures(
        solutions: u64,
        nodes: u64,
        updates: u64,
        cleansings: u64,
        profile: Vec<u64>,
    ) -> Self {
        Stats {
            solutions,
            nodes,
            updates,
            cleansings,
            branch_depth: None,
            profile,
        }
    }

    /// Adds `other`'s figures, its profile moved `shift` levels down. (The branch depth is not
    /// tracked by the searches that add up.)
    pub(crate) fn add_shifted(&mut self, other: &Stats, shift: usize) {
        self.solutions += other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
        let used = other.profile().len();
        if self.profile.len() < shift + used {
            self.profile.resize(shift + used, 0);
        }
        for (k, &n) in other.profile[..used].iter().enumerate() {
            self.profile[shift + k] += n;
        }
    }

    /// Nodes per level, from the root, without trailing empty levels.
    pub fn profile(&self) -> &[u64] {
        let used = self
            .profile
            .iter()
            .rposition(|&n| n != 0)
            .map_or(0, |k| k + 1);
        &self.profile[..used]
    }
}

/// What a parallel search tells the loops of its threads, looked at every 4096 nodes: whether a
/// thread is idle (so a busy one should pause and give it work), and whether to stop.
#[derive(Debug, Default)]
pub(crate) struct Signal {
    /// Threads of the search.
    pub(crate) threads: usize,
    /// Threads running a job.
    pub(crate) active: AtomicUsize,
    /// Jobs given away and not yet started.
    pub(crate) pending: AtomicUsize,
    /// Every thread should stop (a limit was reached, or the visitor broke).
    pub(crate) halt: AtomicBool,
}

impl Signal {
    /// Whether a running search should pause: to stop, or because a thread has nothing to do.
    #[inline]
    pub(crate) fn wants_pause(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
            || self.active.load(Ordering::Relaxed) + self.pending.load(Ordering::Relaxed)
                < self.threads
    }
}

/// One choice of a job's prefix, covered by [`Solver::replay`](crate::Solver::replay): the
/// updates a level of the search would have counted for it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Replayed {
    /// Updates of the cover of the item the MRV rule chose.
    pub(crate) item_updates: u64,
    /// Updates of the covers of the option's other items.
    pub(crate) rest_updates: u64,
    /// Cleansings of those covers.
    pub(crate) cleansings: u64,
    /// The level of the profile the move's node counts in, where it is not the move's place in
    /// the prefix (`ssmcc` counts its profile by options taken).
    pub(crate) level: Option<usize>,
}

/// Why a prefix does not describe a path of the search tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReplayError {
    /// Every primary item is covered already: the path ended in a solution.
    Solved,
    /// The option has no node in the column of the item the MRV rule chooses there, or that
    /// node was hidden by an earlier choice.
    NotAChoice(ItemId),
}

/// A move of the search at one level: an option of the item chosen there, or, in a problem
/// with bounds on items (Knuth's `dlx3`), the null move that leaves the item with no more
/// options (its lower bound is met), tried after every option; or, in dancing cells with
/// bounds (Knuth's `ssmcc`, whose tree branches in two), an option left out. Moves order as
/// the search tries them: options by number, the null move last (an option is taken before it
/// is left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Move {
    /// Choose this option.
    Option(OptionId),
    /// Take no more options for the level's item.
    Null,
    /// Leave this option out: the second branch of a node of `ssmcc`'s binary tree, whose first
    /// takes it.
    Skip(OptionId),
}

impl From<OptionId> for Move {
    fn from(option: OptionId) -> Move {
        Move::Option(option)
    }
}

impl std::fmt::Display for Move {
    /// An option's number, `n` for the null move, `-` and the number for an option left out
    /// (as job lines write them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Option(o) => write!(f, "{}", o.0),
            Move::Null => f.write_str("n"),
            Move::Skip(o) => write!(f, "-{}", o.0),
        }
    }
}

/// The move a node stands for in a bounded search: its option, or the null move for an item's
/// header.
pub(crate) fn move_of(problem: &Problem, p: u32) -> Move {
    if p < problem.links().heads.len() as u32 - 1 {
        Move::Null
    } else {
        Move::Option(problem.option_of_node(Node(p)))
    }
}

/// The public name of an internal item.
pub(crate) fn item_id(problem: &Problem, item: Item) -> ItemId {
    problem
        .items()
        .find(|&i| problem.internal_item(i) == item)
        .expect("the item exists")
}

/// Why [`Solver::select`](crate::Solver::select) refused an option.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectError {
    /// The option does not belong to the problem.
    #[error("{option} does not belong to this problem")]
    UnknownOption {
        /// The option.
        option: OptionId,
    },
    /// The search has begun; options can be selected only before it (or after a reset).
    #[error("options can be selected only before the search begins")]
    SearchStarted,
    /// The problem has bounds on items (multiplicities), whose search does not take selections
    /// yet.
    #[error("options cannot be selected in a problem with bounds on items (not supported yet)")]
    Bounds,
    /// The engine takes no selected options: dancing cells by weights or failure rates
    /// (Knuth's `ssmcc-wtd` and `ssmcc-frb`), on a problem without bounds too.
    #[error("options cannot be selected in a search by weighted dancing cells (--engine weighted or failrate)")]
    Engine,
    /// An item of the option is already covered by a selected option.
    #[error("{option} conflicts with {with}: both cover {item}")]
    Conflict {
        /// The refused option.
        option: OptionId,
        /// The item both cover.
        item: ItemId,
        /// The selected option that covers it.
        with: OptionId,
    },
}

/// What the search loop calls on each solution: the selected options and the chosen nodes. A
/// trait object, so that the loop is compiled once, in this crate, whatever the callers' closures
/// (it is called once per solution, never per node).
pub(crate) type Visit<'v> = dyn FnMut(&[OptionId], &[Node]) -> ControlFlow<()> + 'v;

/// What a run of an engine's loop shares with the search around it: the limits it honours,
/// the figures it adds to, and, in a parallel search, the signal it looks at (every
/// `check_mask + 1` nodes, with the deadline and the cancel flag) to pause so that its untried
/// moves can be given away.
pub(crate) struct Control<'a> {
    pub(crate) limits: &'a Limits,
    pub(crate) stats: &'a mut Stats,
    pub(crate) signal: Option<&'a Signal>,
    /// The node count at which the loop does not pause again (where it paused last).
    pub(crate) no_pause_at: u64,
    pub(crate) check_mask: u64,
    /// Set when the loop paused for the signal.
    pub(crate) paused: &'a mut bool,
}

/// What an engine's loop asks at each node it enters and at each solution it finds, from its
/// [`Control`]: the limits, the parallel search's signal and the visitor, written once for the
/// engines whose loops take a closure for each (`dlx3`'s, `ssxcc`'s, `ssmcc`'s). Interior
/// mutability, so that both closures can hold it.
pub(crate) struct Checks<'a> {
    limits: &'a Limits,
    signal: Option<&'a Signal>,
    no_pause_at: u64,
    check_mask: u64,
    max_nodes: u64,
    max_solutions: u64,
    /// The deadline, the cancel flag or the signal is to be looked at.
    watch: bool,
    solutions: std::cell::Cell<u64>,
    reason: std::cell::Cell<Option<StopReason>>,
    paused: std::cell::Cell<bool>,
}

impl<'a> Checks<'a> {
    /// The checks of `ctl`, the search having found `solutions` so far.
    pub(crate) fn new(ctl: &Control<'a>, solutions: u64) -> Self {
        let limits = ctl.limits;
        Checks {
            limits,
            signal: ctl.signal,
            no_pause_at: ctl.no_pause_at,
            check_mask: ctl.check_mask,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
            watch: limits.watches() || ctl.signal.is_some(),
            solutions: std::cell::Cell::new(solutions),
            reason: std::cell::Cell::new(None),
            paused: std::cell::Cell::new(false),
        }
    }

    /// Whether the search stops before entering node `n` (counted from 0): the node limit,
    /// and every `check_mask + 1` nodes the deadline, the cancel flag and the signal's pause.
    #[inline(always)]
    pub(crate) fn node(&self, n: u64) -> bool {
        if n >= self.max_nodes {
            self.reason.set(Some(StopReason::NodeLimit));
            return true;
        }
        if self.watch && n & self.check_mask == 0 {
            if let Some(r) = self.limits.check_async() {
                self.reason.set(Some(r));
                return true;
            }
            if self
                .signal
                .is_some_and(|s| n != self.no_pause_at && s.wants_pause())
            {
                self.paused.set(true);
                return true;
            }
        }
        false
    }

    /// Counts a solution and hands it to `visit` (the selected options, the nodes chosen on the
    /// way); whether the search stops after it (the visitor broke, or the solution limit).
    #[inline(always)]
    pub(crate) fn solution(
        &self,
        visit: &mut Visit<'_>,
        selected: &[OptionId],
        chosen: &[Node],
    ) -> bool {
        let solutions = self.solutions.get() + 1;
        self.solutions.set(solutions);
        if visit(selected, chosen).is_break() {
            self.reason.set(Some(StopReason::Visitor));
            return true;
        }
        if solutions >= self.max_solutions {
            self.reason.set(Some(StopReason::SolutionLimit));
            return true;
        }
        false
    }

    /// Whether the solution limit is already reached.
    pub(crate) fn at_solution_limit(&self) -> bool {
        self.solutions.get() >= self.max_solutions
    }

    /// After the loop: the solutions into `stats`, the pause into `paused`, and why it stopped
    /// (`None` if it was not stopped, or paused).
    pub(crate) fn finish(
        self,
        stopped: bool,
        stats: &mut Stats,
        paused: &mut bool,
    ) -> Option<StopReason> {
        stats.solutions = self.solutions.get();
        *paused |= self.paused.get();
        if stopped {
            self.reason.get()
        } else {
            None
        }
    }
}

/// A search algorithm (see the [module](self) documentation).
pub(crate) trait Algorithm<'p> {
    /// Runs or resumes the loop until the tree is exhausted (`None`), a limit stops it, the
    /// visitor breaks, or the signal asks it to pause (`None`, with `paused` set). The visitor
    /// gets the selected options and the nodes chosen on the way to each solution.
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason>;

    /// Whether no level has been entered since it was made or reset.
    fn is_fresh(&self) -> bool;

    /// Whether the whole tree has been searched.
    fn is_exhausted(&self) -> bool;

    /// Puts `option` in every solution before the search begins (the search is fresh).
    fn select(&mut self, option: OptionId) -> Result<(), SelectError>;

    /// The options selected, with a replayed prefix's after them, in order.
    fn selected(&self) -> &[OptionId];

    /// Their nodes, in order (the visitor's solutions start below them).
    fn selected_nodes(&self) -> &[Node];

    /// Where the search stands before its first level: `None` when every primary item is
    /// covered (a solution), else the moves the next level offers, in the order it tries them.
    fn branches(&self) -> Option<Vec<Move>>;

    /// Makes `mv` as the next level of the search would, before the search begins, and says
    /// what that level would have counted. With `rest`, an engine that gives away the rest of
    /// a level instead leaves `mv` as if its subtree were searched and goes on with the moves
    /// after it at that level, and ends there.
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError>;

    /// While paused: gives away moves not yet tried, as jobs for other threads (none if there
    /// are none), running `job` as it does; the search then goes on without them.
    fn donate(&mut self, job: &Job) -> Vec<Job>;

    /// Whether the engine's levels count from the root in a job (its prefix included), so that
    /// a job's profile is not shifted by the prefix's length.
    fn levels_from_root(&self) -> bool;

    /// Whether it can keep the branch depth ([`crate::Stats::branch_depth`]).
    fn keeps_branch_depth(&self) -> bool;

    /// Keeps the branch depth from the next search from the root, or not.
    fn track_depth(&mut self, on: bool);

    /// Back to the built state, the selections forgotten; `updates` are the search's so far
    /// (an engine may copy its data back rather than undo that much).
    fn reset(&mut self, updates: u64);
}

/// A subtree of the search tree, and the part of the way to it that it counts.
///
/// The job searches the subtree below its `prefix` and counts, as the one-thread search would:
/// the covers of the other items of the prefix's last option, everything below, and the
/// `carried` deepest nodes of the way (the node, the cover of the item chosen there, and the
/// covers of the option's other items that led on). The whole tree is the job with an empty
/// prefix. Cut at its node, a job becomes one job per option of the item chosen there: the first
/// carries the parent's nodes and the node itself (`carried + 1`), the others none; their
/// figures add up to the parent's exactly.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Job {
    /// The move made at each level on the way from the root: an option in the column of the
    /// item the MRV rule chooses at its level, or in a problem with bounds that item's null
    /// move ([`Move::Null`], which [`JobLine`](crate::split::JobLine) writes `n`).
    pub prefix: Vec<Move>,
    /// How many nodes of the way, the deepest first, this job counts (at most the prefix's
    /// length; the prefix's length for the job on the way of first options from the root).
    pub carried: u32,
    /// A part a bounded search gave away: the moves after the prefix's last one, at its level
    /// (only a parallel search makes such jobs; they are not split or written).
    pub(crate) rest: bool,
}

impl Job {
    /// The subtree below `prefix`, counting the `carried` deepest nodes of the way.
    pub fn new(prefix: Vec<Move>, carried: u32) -> Self {
        Job {
            prefix,
            carried,
            rest: false,
        }
    }

    /// The whole search tree.
    pub fn root() -> Self {
        Job::default()
    }

    /// The moves after the last one of `prefix`, at its level: a part a bounded search gives
    /// away.
    pub(crate) fn rest_of(prefix: Vec<Move>) -> Self {
        Job {
            prefix,
            carried: 0,
            rest: true,
        }
    }

    /// Where the job's solutions come in the one-thread order: after those of every job whose
    /// key is smaller.
    pub(crate) fn order_key(&self) -> Vec<Step> {
        let moves = self.prefix.iter().map(|&m| Step::Move(m));
        moves.chain(self.rest.then_some(Step::Rest)).collect()
    }
}

/// A step of a job's place in the one-thread order: a move, or the moves after the last one
/// (which come after everything below it).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Step {
    Move(Move),
    Rest,
}
