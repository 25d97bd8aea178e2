//! The search: the [`Solver`] every engine runs under (the ways to consume a search: an
//! iterator, a visitor that can stop it, counting; limits; Knuth's statistics), and the
//! dancing-links engine (`LinksSearch`): Algorithm X with the MRV rule in one explicit-stack
//! loop, for plain and colored problems.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use smallvec::SmallVec;

use crate::arena::{Colors, Item, Links, Node, Trail, ROOT};
use crate::engine::{Algorithm, Control, Engines};
use crate::problem::{ColorId, ItemId, OptionId, Problem};

/// The deadline and cancel flag are looked at when the node count is a multiple of this, so the
/// hot loop pays one mask test per node.
const ASYNC_CHECK_MASK: u64 = 4096 - 1;

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
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Limits {
    pub(crate) max_solutions: Option<u64>,
    pub(crate) max_nodes: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
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

    /// Stop at `deadline` (looked at every 4096 nodes; `None`: no deadline).
    pub fn deadline(mut self, deadline: impl Into<Option<Instant>>) -> Self {
        self.deadline = deadline.into();
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

    /// Whether the cancel flag is set or the deadline has passed (the checks the engine makes
    /// every 4096 nodes), for other searches that honour the same limits.
    pub fn check_async(&self) -> Option<StopReason> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(StopReason::Cancelled);
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
    /// width. `None` unless asked for ([`Solver::track_branch_depth`]) and for problems with
    /// bounds; 0 when every choice was forced.
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

/// How a search ended: its totals so far, and whether it was exhausted or stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// Solutions found.
    pub solutions: u64,
    /// Nodes, as [`Stats::nodes`].
    pub nodes: u64,
    /// Updates, as [`Stats::updates`].
    pub updates: u64,
    /// Cleansings, as [`Stats::cleansings`].
    pub cleansings: u64,
    /// `None` when the whole tree was searched; otherwise what stopped it.
    pub stopped: Option<StopReason>,
}

impl Outcome {
    /// The outcome of a search with the figures of `stats`, stopped by `stopped` (`None`: it
    /// was exhausted), as a merge of jobs run elsewhere makes it.
    pub fn from_stats(stats: &Stats, stopped: Option<StopReason>) -> Outcome {
        Outcome {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
            stopped,
        }
    }

    /// Whether the search was exhausted, so `solutions` is the exact total.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A solution: the chosen options, in the order the search chose them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Solution {
    /// The chosen options (kept inline up to 16, so that most solutions are one allocation
    /// less).
    options: SmallVec<[OptionId; 16]>,
}

impl Solution {
    /// The options, in the order the search chose them (selected ones first).
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The colors the solution gives its secondary items (color controls): each colored item
    /// once, with its color, in the order the options name them. Empty for a problem without
    /// colors.
    ///
    /// ```
    /// let problem = dlx::text::parse("A B | X Y\nA X:red\nB X:red Y\n")?.problem;
    /// let solution = problem.first().unwrap();
    /// let colors: Vec<(&str, &str)> = solution
    ///     .colors(&problem)
    ///     .into_iter()
    ///     .map(|(i, c)| (problem.item_name(i), problem.color_name(c)))
    ///     .collect();
    /// assert_eq!(colors, [("X", "red")]);
    /// # Ok::<(), dlx::text::ParseError>(())
    /// ```
    pub fn colors(&self, problem: &Problem) -> Vec<(ItemId, ColorId)> {
        colors_of(problem, self.options.iter().copied())
    }

    /// The options sorted by id, to compare solutions regardless of choice order.
    pub fn sorted(&self) -> Vec<OptionId> {
        let mut v = self.options.to_vec();
        v.sort_unstable();
        v
    }
}

/// A solution as the visitor sees it, borrowed from the search stack.
#[derive(Clone, Copy)]
pub struct SolutionRef<'a> {
    problem: &'a Problem,
    selected: &'a [OptionId],
    chosen: &'a [Node],
}

impl<'a> SolutionRef<'a> {
    /// A solution of `problem`: the `selected` options, then the options of the `chosen` nodes.
    pub(crate) fn new(problem: &'a Problem, selected: &'a [OptionId], chosen: &'a [Node]) -> Self {
        SolutionRef {
            problem,
            selected,
            chosen,
        }
    }

    /// The options of the solution: those given to [`Solver::select`] first, then those the
    /// search chose, in the order it chose them.
    pub fn options(&self) -> impl Iterator<Item = OptionId> + 'a {
        let problem = self.problem;
        let chosen = self.chosen.iter().map(move |&p| problem.option_of_node(p));
        self.selected.iter().copied().chain(chosen)
    }

    /// The options the search chose (without the selected ones), in the order it chose them.
    pub fn chosen(&self) -> impl ExactSizeIterator<Item = OptionId> + 'a {
        let problem = self.problem;
        self.chosen.iter().map(move |&p| problem.option_of_node(p))
    }

    /// Number of options in the solution, selected ones included.
    pub fn len(&self) -> usize {
        self.selected.len() + self.chosen.len()
    }

    /// Whether the solution has no option (never the case: a problem has a primary item).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The colors the solution gives its secondary items, as [`Solution::colors`].
    pub fn colors(&self) -> Vec<(ItemId, ColorId)> {
        colors_of(self.problem, self.options())
    }

    /// An owned copy.
    pub fn to_solution(&self) -> Solution {
        Solution {
            options: self.options().collect(),
        }
    }
}

/// Each colored item the options give a color, once, with that color.
fn colors_of(problem: &Problem, options: impl Iterator<Item = OptionId>) -> Vec<(ItemId, ColorId)> {
    let mut out: Vec<(ItemId, ColorId)> = Vec::new();
    for option in options {
        for (item, color) in problem.option_entries(option) {
            if let Some(color) = color {
                if !out.iter().any(|&(i, _)| i == item) {
                    out.push((item, color));
                }
            }
        }
    }
    out
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

/// One choice of a job's prefix, covered by [`Solver::replay`]: the updates a level of the
/// search would have counted for it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Replayed {
    /// Updates of the cover of the item the MRV rule chose.
    pub(crate) item_updates: u64,
    /// Updates of the covers of the option's other items.
    pub(crate) rest_updates: u64,
    /// Cleansings of those covers.
    pub(crate) cleansings: u64,
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
/// options (its lower bound is met), tried after every option. Moves order as the search tries
/// them: options by number, the null move last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Choose this option.
    Option(OptionId),
    /// Take no more options for the level's item.
    Null,
}

impl From<OptionId> for Move {
    fn from(option: OptionId) -> Move {
        Move::Option(option)
    }
}

impl std::fmt::Display for Move {
    /// An option's number, or `n` for the null move (as job lines write them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Option(o) => write!(f, "{}", o.0),
            Move::Null => f.write_str("n"),
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

/// Where the search loop resumes: the labels of Knuth's Algorithm X.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// Enter a new level: count a node, choose an item, cover it (X2–X4).
    Forward,
    /// Every primary item is covered: count the solution node and report it.
    Solution,
    /// Undo `choice[level]` and move to the next option of the item (X6).
    Recover,
    /// The tree is exhausted and the links are back in their built state.
    Exhausted,
}

/// The mutable state of one search over a [`Problem`]: the engine chosen for its class, with
/// its own copy of the links and its stack of choices, the limits and the statistics. Iterate
/// it for solutions, or call [`Solver::search`], [`Solver::count`] and friends;
/// [`Solver::reset`] makes it ready for a new search.
///
/// ```
/// let problem = dlx::text::parse("a b | c\na c\nb\na\nb c\n")?.problem;
/// let mut solver = problem.solver();
/// let solutions: Vec<_> = solver.solutions().collect();
/// assert_eq!(solutions.len(), 3);
/// assert!(solver.outcome().is_complete());
/// # Ok::<(), dlx::text::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    problem: &'p Problem,
    /// The algorithm, chosen once for the problem ([`crate::engine::choose`]).
    engine: Engines<'p>,
    limits: Limits,
    stats: Stats,
    stopped: Option<StopReason>,
    /// Set by a parallel search: asks the loop to pause (checked with the deadline, every 4096
    /// nodes) so that its untried options can be given to idle threads.
    signal: Option<Arc<Signal>>,
    /// Whether the last run stopped because `signal` asked it to.
    paused: bool,
    /// The node count at which the loop does not pause again (where it paused last).
    no_pause_at: u64,
    /// The loop looks at the deadline, the cancel flag and the signal when the node count
    /// `& check_mask` is 0 ([`ASYNC_CHECK_MASK`] unless a parallel search asks for another).
    check_mask: u64,
    /// Whether the branch depth is tracked from the next search from the root
    /// ([`Solver::track_branch_depth`]); the current search tracks it when
    /// `stats.branch_depth` is `Some`.
    want_depth: bool,
}

/// Dancing links for problems without bounds on items: Knuth's `dlx1`, and `dlx2` with color
/// controls; its loop is compiled once per class (colors or not, the branch depth kept or not)
/// and for the CPU, and chosen once per run.
#[derive(Debug, Clone)]
pub(crate) struct LinksSearch<'p> {
    problem: &'p Problem,
    links: Links,
    /// `choice[l]` is the node tried at level `l` (the item's header once its options run out).
    choice: Vec<Node>,
    /// `left[l]` is the number of options of level `l`'s item not yet tried, `choice[l]`'s
    /// included: the loop over a column is counted, so its exit waits on no load.
    left: Vec<u32>,
    /// The nodes unlinked and not yet relinked, for uncovering.
    trail: Trail,
    /// The color of each node, changed by purification (empty for a plain problem).
    colors: Colors,
    /// The trail's top when the search began (after the selections): level 0 covers its item
    /// from there.
    root_mark: u32,
    /// `rest_mark[l]` is the trail's top before level `l` covered the rest of its current
    /// option. (Level `l + 1` covers its item from where that cover ended.)
    rest_mark: Vec<u32>,
    level: usize,
    resume: Resume,
    /// Options covered by [`Solver::select`] before the search, in order (with a parallel
    /// job's prefix after them).
    selected: Vec<OptionId>,
    /// The node of each selected option whose item was covered first (undone in reverse).
    selected_nodes: Vec<Node>,
    /// While the branch depth is tracked, `forks[l]` is the number of branch nodes above level
    /// `l` on the current path (`forks[0] = 0`); empty until it first is.
    forks: Vec<u32>,
    /// The updates those selections made (undone by a reset).
    selected_updates: u64,
    /// The cleansings those selections made.
    selected_cleansings: u64,
}

/// Why [`Solver::select`] refused an option.
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

impl<'p> Solver<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        Self::with_engines(problem, crate::engine::choose(problem))
    }

    /// A solver running `engine`.
    pub(crate) fn with_engines(problem: &'p Problem, engine: Engines<'p>) -> Self {
        // Each level covers at least one primary item, so there are at most `num_primary`
        // levels of choices, and solutions are counted one level deeper.
        let depth = problem.num_primary();
        Solver {
            problem,
            engine,
            limits: Limits::default(),
            stats: Stats {
                profile: vec![0; depth + 1],
                ..Stats::default()
            },
            stopped: None,
            signal: None,
            paused: false,
            no_pause_at: u64::MAX,
            check_mask: ASYNC_CHECK_MASK,
            want_depth: false,
        }
    }

    /// Sets the limits (builder style).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the limits for the rest of the search.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Tracks [`Stats::branch_depth`] (or stops tracking it): at once if the search has not
    /// begun, otherwise from the next [`Solver::reset`]. Off by default; the search loop is
    /// chosen by it, once per run, so a search that does not track it pays nothing. Not
    /// tracked for problems with bounds.
    pub fn track_branch_depth(&mut self, on: bool) {
        self.want_depth = on;
        if self.is_fresh() {
            self.start_depth();
        }
    }

    /// Applies `want_depth`: from here the search starts from the root.
    fn start_depth(&mut self) {
        let track = self.want_depth && self.engine.keeps_branch_depth();
        self.stats.branch_depth = track.then_some(0);
        self.engine.track_depth(track);
    }

    /// Whether the search has not begun (since the solver was made or last reset).
    fn is_fresh(&self) -> bool {
        self.engine.is_fresh() && self.stats.nodes == 0
    }

    /// The problem being searched.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The engine that runs the search (never [`crate::Engine::Auto`]).
    pub fn engine(&self) -> crate::Engine {
        match self.engine {
            Engines::Cells(_) | Engines::MultiCells(_) => crate::Engine::Cells,
            _ => crate::Engine::Links,
        }
    }

    /// Statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The totals so far, and what stopped the search last (if anything did).
    pub fn outcome(&self) -> Outcome {
        // Not exhausted and nothing stopped it: a fresh solver, or an iterator that was not
        // pulled to its end.
        let stopped =
            (!self.engine.is_exhausted()).then(|| self.stopped.unwrap_or(StopReason::Visitor));
        Outcome::from_stats(&self.stats, stopped)
    }

    /// Whether the whole tree has been searched.
    pub fn is_exhausted(&self) -> bool {
        self.engine.is_exhausted()
    }

    /// Runs (or resumes) the search, calling `visit` on each solution, until the tree is
    /// exhausted, a limit is reached, or `visit` breaks. A stopped search can be resumed by
    /// calling again (after raising the limit that stopped it).
    pub fn search<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(SolutionRef<'_>) -> ControlFlow<()>,
    {
        let problem = self.problem;
        self.stopped = self.run(&mut |selected, chosen| {
            visit(SolutionRef {
                problem,
                selected,
                chosen,
            })
        });
        self.outcome()
    }

    /// Counts the remaining solutions (up to [`Limits::max_solutions`], if set).
    pub fn count(&mut self) -> Outcome {
        self.stopped = self.run(&mut |_, _| ControlFlow::Continue(()));
        self.outcome()
    }

    /// Counts solutions until there are `limit` of them (or the other limits stop it first):
    /// `count_up_to(2)` tells none, unique and multiple apart.
    pub fn count_up_to(&mut self, limit: u64) -> Outcome {
        let old = self.limits.max_solutions;
        self.limits.max_solutions = Some(old.map_or(limit, |m| m.min(limit)));
        let outcome = self.count();
        self.limits.max_solutions = old;
        outcome
    }

    /// The next solution, if any; `None` when the search is exhausted or a limit stopped it
    /// (see [`Solver::outcome`]).
    pub fn next_solution(&mut self) -> Option<Solution> {
        let problem = self.problem;
        let mut found = None;
        let stopped = self.run(&mut |selected, chosen| {
            found = Some(
                SolutionRef {
                    problem,
                    selected,
                    chosen,
                }
                .to_solution(),
            );
            ControlFlow::Break(())
        });
        // Pausing after each solution is how iteration works; `outcome` still says the search
        // is unfinished until the iterator is pulled to its end.
        self.stopped = stopped;
        found
    }

    /// The next solution, if any: [`Solver::next_solution`] on a fresh solver gives the first.
    pub fn first(&mut self) -> Option<Solution> {
        self.next_solution()
    }

    /// A lazy iterator over the remaining solutions. The solver keeps the statistics, so
    /// [`Solver::outcome`] tells afterwards whether the iterator reached the end.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        Solutions { solver: self }
    }

    /// Puts `option` in every solution: covers its items before the search begins, as the
    /// givens of a puzzle are applied. The covers count in no statistic, and [`Solver::reset`]
    /// undoes them. Fails, changing nothing, if the search has begun or if an item of the option
    /// is already covered by a selected option (two clashing givens).
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        if !self.is_fresh() {
            return Err(SelectError::SearchStarted);
        }
        self.engine.select(option)
    }

    /// Makes `mv` as the search would at the next level, before the search begins: like a
    /// selection it counts in no statistic; it says what a level of the search would have
    /// counted, for a parallel job to count what is its own.
    pub(crate) fn replay(&mut self, mv: Move) -> Result<Replayed, ReplayError> {
        debug_assert!(self.is_fresh());
        self.engine.replay(mv, false)
    }

    /// For an engine that gives away the rest of a level ([`Algorithm::donate`]): enters the next
    /// level as [`Solver::replay`] does, leaves `mv` as if its subtree had been searched, and
    /// makes the search go on with the moves after it at that level, and end there. Counts
    /// nothing: the moves after it are the search's.
    pub(crate) fn replay_rest(&mut self, mv: Move) -> Result<Replayed, ReplayError> {
        self.engine.replay(mv, true).map(|_| Replayed::default())
    }

    /// Where the search stands before its first level (after the selections and replays):
    /// `None` when every primary item is covered (a solution), else the moves the next level
    /// offers, in the order the search tries them (none: a dead end).
    pub(crate) fn branches(&self) -> Option<Vec<Move>> {
        self.engine.branches()
    }

    /// The nodes of the selections and replays, in order.
    pub(crate) fn selected_nodes(&self) -> &[Node] {
        self.engine.selected_nodes()
    }

    /// While paused: moves not yet tried, given away as jobs for other threads (`job` is the
    /// one this solver runs); the search goes on without them.
    pub(crate) fn donate(&mut self, job: &crate::parallel::Job) -> Vec<crate::parallel::Job> {
        self.engine.donate(job)
    }

    /// The dancing-links engine, for tests that look at its links.
    #[cfg(test)]
    fn links_engine(&self) -> &LinksSearch<'p> {
        match &self.engine {
            Engines::Links(e) => e,
            _ => panic!("a problem searched by dancing links"),
        }
    }

    /// Whether the engine counts a job's levels from the root (its prefix included).
    pub(crate) fn levels_from_root(&self) -> bool {
        self.engine.levels_from_root()
    }

    /// Sets what a parallel search tells this loop, and how often (a power of two of nodes)
    /// the loop looks at it.
    pub(crate) fn set_signal(&mut self, signal: Option<Arc<Signal>>, every: u64) {
        debug_assert!(every.is_power_of_two());
        self.signal = signal;
        self.check_mask = every - 1;
    }

    /// Whether the last run paused for the signal; clears it, and keeps the loop from pausing
    /// again at the same node.
    pub(crate) fn take_pause(&mut self) -> bool {
        let paused = std::mem::take(&mut self.paused);
        if paused {
            self.no_pause_at = self.stats.nodes;
        }
        paused
    }

    /// The options given to [`Solver::select`], in order (with a parallel job's prefix after
    /// them).
    pub fn selected(&self) -> &[OptionId] {
        self.engine.selected()
    }

    /// Puts the links back in their built state, forgets the selected options and clears the
    /// statistics, so the solver can search again. Cheap: it undoes only the covers on the
    /// current stack and the selections, or, when that is more work than copying the links
    /// (as after a sudoku's givens and search), copies the problem's links back.
    pub fn reset(&mut self) {
        self.engine.reset(self.stats.updates);
        self.stopped = None;
        self.paused = false;
        self.no_pause_at = u64::MAX;
        self.stats.solutions = 0;
        self.stats.nodes = 0;
        self.stats.updates = 0;
        self.stats.cleansings = 0;
        self.stats.profile.fill(0);
        self.start_depth();
    }

    /// The search loop of the engine, under the limits, the figures and the signal of this
    /// solver. Returns what stopped it, or `None` once exhausted (or paused for the signal).
    pub(crate) fn run(&mut self, visit: &mut Visit<'_>) -> Option<StopReason> {
        let ctl = Control {
            limits: &self.limits,
            stats: &mut self.stats,
            signal: self.signal.as_deref(),
            no_pause_at: self.no_pause_at,
            check_mask: self.check_mask,
            paused: &mut self.paused,
        };
        self.engine.run(ctl, visit)
    }
}

impl<'p> LinksSearch<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        let depth = problem.num_primary();
        LinksSearch {
            problem,
            links: problem.links().clone(),
            choice: vec![Node(0); depth],
            left: vec![0; depth],
            trail: Trail::new(problem.links()),
            colors: Colors::new(problem.node_colors()),
            root_mark: 0,
            rest_mark: vec![0; depth],
            level: 0,
            resume: Resume::Forward,
            selected: Vec::new(),
            selected_nodes: Vec::new(),
            forks: Vec::new(),
            selected_updates: 0,
            selected_cleansings: 0,
        }
    }

    /// Puts the links and colors back in their built state and forgets the selections.
    fn reset_links(&mut self, updates: u64) {
        // Undoing costs about one random access per update made and not yet undone, and the
        // updates so far bound them; copying costs a sequential pass over every node, which
        // wins once the updates are half the nodes (as after a sudoku's givens and search:
        // `docs/benchmarks.md`, "The engine's choices").
        let pending = self.selected_updates + updates;
        if pending.saturating_mul(2) >= self.links.nodes.len() as u64 {
            self.links.restore_from(self.problem.links());
            self.colors.restore_from(self.problem.node_colors());
            self.trail.clear();
        } else {
            self.undo_all();
        }
        debug_assert!(
            self.colors == Colors::new(self.problem.node_colors()),
            "reset left colors changed"
        );
        self.selected.clear();
        self.selected_nodes.clear();
        self.selected_updates = 0;
        self.selected_cleansings = 0;
        self.root_mark = 0;
        debug_assert!(
            self.links == *self.problem.links(),
            "reset left the links changed"
        );
    }

    /// Undoes the covers on the stack, from the top, then the selections, in reverse.
    fn undo_all(&mut self) {
        let links = &mut self.links;
        // SAFETY (this block): every node on the trail was unlinked by the covers of the search
        // and the selections, none relinked yet, so one pass relinks them all, the latest first
        // (I2). Then the items go back in their lists in reverse of the order they were covered:
        // for each level from the top, the rest of its option, then its item; then the
        // selections, each as a level. The nodes on the stack below `full` are option nodes.
        unsafe {
            links.relink_to(&mut self.trail, 0);
            // Levels below `full` have their item and the rest of their option covered.
            let full = match self.resume {
                Resume::Forward => self.level,
                Resume::Solution | Resume::Recover => self.level + 1,
                Resume::Exhausted => 0,
            };
            let selected = self.selected_nodes.iter().rev().copied();
            let colored = !self.colors.is_empty();
            for p in self.choice[..full].iter().rev().copied().chain(selected) {
                if colored {
                    links.restore_rest_colored(p, &mut self.colors);
                } else {
                    links.restore_rest(p);
                }
                links.restore_item(links.item_of(p));
            }
        }
    }

    /// [`Algorithm::run`]: the loop for the problem's class (colors or not), whether the branch
    /// depth is kept, and the CPU, chosen here once per call, never per node.
    fn run_class(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        let depth = ctl.stats.branch_depth.is_some();
        match (self.links.avx2, self.colors.is_empty(), depth) {
            // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
            (true, true, false) => unsafe { self.run_avx2::<false, false>(ctl, visit) },
            (true, false, false) => unsafe { self.run_avx2::<true, false>(ctl, visit) },
            (true, true, true) => unsafe { self.run_avx2::<false, true>(ctl, visit) },
            (true, false, true) => unsafe { self.run_avx2::<true, true>(ctl, visit) },
            (false, true, false) => self.run_with::<false, false>(ctl, visit),
            (false, false, false) => self.run_with::<true, false>(ctl, visit),
            (false, true, true) => self.run_with::<false, true>(ctl, visit),
            (false, false, true) => self.run_with::<true, true>(ctl, visit),
        }
    }

    /// [`LinksSearch::run_with`] compiled for AVX2, so the MRV scan is inlined into the loop.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<COLORED, DEPTH>(ctl, visit)
    }

    /// Stands in for the AVX2 loop where there is no such thing; never called.
    #[cfg(not(target_arch = "x86_64"))]
    unsafe fn run_avx2<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<COLORED, DEPTH>(ctl, visit)
    }

    /// The loop itself: plain exact cover (`dlx1`), or with color controls (`dlx2`) when
    /// `COLORED`, which changes only what a cover, a cover of an option's other items and their
    /// undoing do. With `DEPTH`, each node also counts the branch nodes on its path
    /// ([`Stats::branch_depth`]).
    #[inline(always)]
    fn run_with<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        let links = &mut self.links;
        let selected = &self.selected;
        let choice = &mut self.choice;
        let left = &mut self.left;
        let trail = &mut self.trail;
        let colors = &mut self.colors;
        let root_mark = self.root_mark;
        let rest_mark = &mut self.rest_mark;
        let Control {
            limits,
            stats,
            signal,
            no_pause_at,
            check_mask,
            paused,
        } = ctl;
        let profile = &mut stats.profile;
        let forks = &mut self.forks;
        let mut branch_depth = stats.branch_depth.unwrap_or(0);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        let async_checks = limits.deadline.is_some() || limits.cancel.is_some() || signal.is_some();
        let mut nodes = stats.nodes;
        let mut updates = stats.updates;
        let mut cleansings = stats.cleansings;
        let mut solutions = stats.solutions;
        let mut level = self.level;
        let entry = self.resume;
        if solutions >= max_solutions && entry != Resume::Exhausted {
            return Some(StopReason::SolutionLimit);
        }

        // The entry of a per-level vector at `$l`, without a bounds check in release builds.
        // SAFETY (every use): `choice` and `left` have `num_primary` entries and `profile` one
        // more (as `forks` has when `DEPTH`); a level covers at least one primary item, so the search never stands deeper than
        // `num_primary - 1` with an item chosen, and counts solutions at most one level deeper.
        macro_rules! at {
            ($v:expr, $l:expr) => {{
                let l = $l;
                debug_assert!(l < $v.len(), "level {l} out of range");
                unsafe { $v.get_unchecked_mut(l) }
            }};
        }
        // Leaves the loop, saving where to resume.
        macro_rules! stop {
            ($search:lifetime, $resume:expr, $reason:expr) => {{
                self.resume = $resume;
                break $search $reason;
            }};
        }
        // X6: undo the option tried at this level and move to the next option of its item.
        // SAFETY: `choice[level]`'s option was the last thing covered and not yet undone.
        macro_rules! recover {
            () => {{
                let cur = *at!(choice, level);
                let mark = *at!(rest_mark, level);
                // Read before the relink loop, whose exit the predictor often misses: `cur` is
                // in a covered column, so its links do not change (I3).
                let next = links.down(cur);
                unsafe {
                    if COLORED {
                        links.relink_to(trail, mark);
                        links.restore_rest_colored(cur, colors);
                    } else {
                        links.uncover_rest(cur, trail, mark);
                    }
                }
                *at!(choice, level) = next;
                *at!(left, level) -= 1;
            }};
        }
        // Every primary item is covered: count the solution node and report it. Leaves the
        // loop if a limit or the visitor says so; otherwise the caller recovers.
        macro_rules! solution {
            ($search:lifetime) => {{
                if nodes >= max_nodes {
                    stop!($search, Resume::Solution, Some(StopReason::NodeLimit));
                }
                nodes += 1;
                *at!(profile, level + 1) += 1;
                solutions += 1;
                if visit(selected, &choice[..=level]).is_break() {
                    stop!($search, Resume::Recover, Some(StopReason::Visitor));
                }
                if solutions >= max_solutions {
                    stop!($search, Resume::Recover, Some(StopReason::SolutionLimit));
                }
            }};
        }

        let stopped = 'search: {
            // Finish the interrupted step; `enter_level` says whether to start at X2 or to go on
            // with the current level's options.
            let mut enter_level = match entry {
                Resume::Exhausted => break 'search None,
                Resume::Forward if level == 0 && links.first_primary() == ROOT => {
                    // Selected options cover every primary item: the empty choice is the one
                    // solution, a single node at the root. (Only possible before the search.)
                    if nodes >= max_nodes {
                        stop!('search, Resume::Forward, Some(StopReason::NodeLimit));
                    }
                    nodes += 1;
                    profile[0] += 1;
                    solutions += 1;
                    let flow = visit(selected, &[]);
                    let reason = flow.is_break().then_some(StopReason::Visitor);
                    stop!('search, Resume::Exhausted, reason);
                }
                Resume::Forward => true,
                Resume::Recover => {
                    recover!();
                    false
                }
                Resume::Solution => {
                    solution!('search);
                    recover!();
                    false
                }
            };
            loop {
                if enter_level {
                    // X2-X4: count the node, choose an item, cover it, start on its options.
                    if nodes >= max_nodes {
                        stop!('search, Resume::Forward, Some(StopReason::NodeLimit));
                    }
                    if async_checks && nodes & check_mask == 0 {
                        if let Some(reason) = limits.check_async() {
                            stop!('search, Resume::Forward, Some(reason));
                        }
                        if signal.is_some_and(|s| nodes != no_pause_at && s.wants_pause()) {
                            *paused = true;
                            stop!('search, Resume::Forward, None);
                        }
                    }
                    nodes += 1;
                    *at!(profile, level) += 1;
                    let (best, len) = links.choose_mrv();
                    if len == 0 {
                        // A dead end: dlx1 covers the empty item (one update) and uncovers it
                        // at once. Count it so, without touching the links, and back up.
                        updates += 1;
                        if level == 0 {
                            stop!('search, Resume::Exhausted, None);
                        }
                        level -= 1;
                        recover!();
                        enter_level = false;
                        continue;
                    }
                    if DEPTH {
                        let f = *at!(forks, level) + u32::from(len > 1);
                        *at!(forks, level + 1) = f;
                        branch_depth = branch_depth.max(f);
                    }
                    // SAFETY: a primary item is active here (otherwise the last level would
                    // have been a solution), so `best` is an item.
                    updates += unsafe {
                        if COLORED {
                            links.cover_colored(best, trail, &mut colors.of)
                        } else {
                            links.cover(best, trail)
                        }
                    };
                    *at!(rest_mark, level) = trail.top();
                    *at!(choice, level) = links.down(best.header());
                    *at!(left, level) = len;
                }
                // X5, X7, X8: try the current option of this level's item, or back up.
                loop {
                    let cur = *at!(choice, level);
                    if *at!(left, level) == 0 {
                        // `cur` is the header, whose item is the item itself (or, after
                        // the options below were given to another thread, the first of them,
                        // whose item is the same).
                        let best = links.item_of(cur);
                        if level == 0 {
                            // SAFETY: `best` was covered at this level from `root_mark`, and
                            // everything covered since has been undone.
                            unsafe { links.uncover(best, trail, root_mark) };
                            stop!('search, Resume::Exhausted, None);
                        }
                        // X6 at the level above, with this level's uncover: the nodes this
                        // level's item unlinked lie on the trail right above those the option
                        // tried there unlinked, so one loop relinks both. Then the items go
                        // back in their lists, the latest covered first.
                        level -= 1;
                        let cur = *at!(choice, level);
                        let mark = *at!(rest_mark, level);
                        let next = links.down(cur);
                        // SAFETY: `best` and then the rest of `cur`'s option were the last
                        // covers not yet undone, and `mark` is where the latter began.
                        unsafe {
                            links.relink_to(trail, mark);
                            links.restore_item(best);
                            if COLORED {
                                links.restore_rest_colored(cur, colors);
                            } else {
                                links.restore_rest(cur);
                            }
                        }
                        *at!(choice, level) = next;
                        *at!(left, level) -= 1;
                        continue;
                    }
                    // SAFETY: `cur` is a node of `best`'s column other than its header.
                    if COLORED {
                        let (u, c) = unsafe { links.cover_rest_colored(cur, trail, colors) };
                        updates += u;
                        cleansings += c;
                    } else {
                        updates += unsafe { links.cover_rest(cur, trail) };
                    }
                    if links.first_primary() != ROOT {
                        level += 1;
                        enter_level = true;
                        break;
                    }
                    solution!('search);
                    recover!();
                }
            }
        };
        stats.nodes = nodes;
        stats.updates = updates;
        stats.cleansings = cleansings;
        stats.solutions = solutions;
        if DEPTH {
            stats.branch_depth = Some(branch_depth);
        }
        self.level = level;
        stopped
    }
}

impl<'p> Algorithm<'p> for LinksSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        self.run_class(ctl, visit)
    }

    fn is_fresh(&self) -> bool {
        self.resume == Resume::Forward && self.level == 0
    }

    fn is_exhausted(&self) -> bool {
        self.resume == Resume::Exhausted
    }

    /// Puts `option` in every solution: covers its items before the search begins, as the
    /// givens of a puzzle are applied. The covers count in no statistic, and [`Solver::reset`]
    /// undoes them. Fails, changing nothing, if the search has begun or if an item of the option
    /// is already covered by a selected option (two clashing givens).
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        let Some(first) = self.problem.first_node(option) else {
            return Err(SelectError::UnknownOption { option });
        };
        let colored = self.problem.has_colors();
        for (k, (item, color)) in self.problem.option_entries(option).enumerate() {
            // An uncolored item must be active; with colors, every node must also still be in
            // its column (a purification hides the options of another color).
            let node = crate::arena::Node(first.0 + k as u32);
            let free = if color.is_none() {
                self.links.is_active(self.problem.internal_item(item))
            } else {
                true
            };
            let linked = !colored || self.links.is_linked(node);
            if !(free && linked) {
                let clash = |o: OptionId| {
                    self.problem
                        .option_entries(o)
                        .any(|(i, c)| i == item && (c.is_none() || c != color))
                };
                // With colors, the clash may lie on another item of the option: name the first
                // selected option that shares an item with it in a way that excludes it.
                let found = self
                    .selected
                    .iter()
                    .copied()
                    .find(|&o| clash(o))
                    .or_else(|| {
                        self.selected.iter().copied().find(|&o| {
                            self.problem.option_entries(option).any(|(i, c)| {
                                self.problem
                                    .option_entries(o)
                                    .any(|(j, d)| i == j && (c.is_none() || d.is_none() || c != d))
                            })
                        })
                    });
                let with =
                    found.expect("only a selected option excludes an option before the search");
                let item = self
                    .problem
                    .option_entries(with)
                    .map(|(i, _)| i)
                    .find(|&i| self.problem.option_items(option).any(|j| j == i))
                    .unwrap_or(item);
                return Err(SelectError::Conflict { option, item, with });
            }
        }
        // SAFETY: `first` is an option node and its items are all active (with colors: every
        // node in its column): covering its item and then the rest of its option is what a
        // search level does.
        let first = self.problem.select_node(option).expect("the option exists");
        unsafe {
            let item = self.links.item_of(first);
            if colored {
                let colors = &mut self.colors;
                self.selected_updates +=
                    self.links
                        .cover_colored(item, &mut self.trail, &mut colors.of);
                let (u, c) = self
                    .links
                    .cover_rest_colored(first, &mut self.trail, colors);
                self.selected_updates += u;
                self.selected_cleansings += c;
            } else {
                self.selected_updates += self.links.cover(item, &mut self.trail);
                self.selected_updates += self.links.cover_rest(first, &mut self.trail);
            }
        }
        self.root_mark = self.trail.top();
        self.selected.push(option);
        self.selected_nodes.push(first);
        Ok(())
    }

    fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    fn selected_nodes(&self) -> &[Node] {
        &self.selected_nodes
    }

    /// Where the search stands before its first level (after the selections and replays):
    /// `None` when every primary item is covered (a solution), else the options of the item
    /// the MRV rule chooses there, in the order the search tries them (none: a dead end).
    fn branches(&self) -> Option<Vec<Move>> {
        if self.links.first_primary() == ROOT {
            return None;
        }
        let (best, len) = self.links.choose_mrv();
        let mut p = best.header();
        let mut out = Vec::with_capacity(len as usize);
        for _ in 0..len {
            p = self.links.down(p);
            out.push(Move::Option(self.problem.option_of_node(p)));
        }
        Some(out)
    }

    /// Covers `option` as the search would choose it at the next level, before the search
    /// begins: the item the MRV rule chooses now must be one of the option's, and the option
    /// must still be in its column. Like a selection it counts in no statistic; it says what a
    /// level of the search would have counted, for a parallel job to count what is its own.
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        debug_assert!(self.level == 0 && !rest, "no level is given away as a rest");
        if self.links.first_primary() == ROOT {
            return Err(ReplayError::Solved);
        }
        let (best, _) = self.links.choose_mrv();
        let not_a_choice = || ReplayError::NotAChoice(item_id(self.problem, best));
        let Move::Option(option) = mv else {
            return Err(not_a_choice());
        };
        let first = self.problem.first_node(option).ok_or_else(not_a_choice)?;
        let k = self
            .problem
            .option_entries(option)
            .position(|(i, _)| self.problem.internal_item(i) == best);
        let Some(k) = k else {
            return Err(ReplayError::NotAChoice(item_id(self.problem, best)));
        };
        let node = Node(first.0 + k as u32);
        if !self.links.is_linked(node) {
            return Err(ReplayError::NotAChoice(item_id(self.problem, best)));
        }
        let mut step = Replayed::default();
        // SAFETY: `best` is an active primary item and `node` an option node in its column, as
        // at a level of the search.
        unsafe {
            if self.colors.is_empty() {
                step.item_updates = self.links.cover(best, &mut self.trail);
                step.rest_updates = self.links.cover_rest(node, &mut self.trail);
            } else {
                let colors = &mut self.colors;
                step.item_updates = self
                    .links
                    .cover_colored(best, &mut self.trail, &mut colors.of);
                let (u, c) = self.links.cover_rest_colored(node, &mut self.trail, colors);
                step.rest_updates = u;
                step.cleansings = c;
            }
        }
        self.selected_updates += step.item_updates + step.rest_updates;
        self.selected_cleansings += step.cleansings;
        self.root_mark = self.trail.top();
        self.selected.push(option);
        self.selected_nodes.push(node);
        Ok(step)
    }

    /// Gives away the untried options of the shallowest level that has some, each as a job
    /// for another thread; that level then ends after its current option.
    fn donate(&mut self, job: &crate::parallel::Job) -> Vec<crate::parallel::Job> {
        debug_assert!(self.resume == Resume::Forward);
        let Some(l) = (0..self.level).find(|&l| self.left[l] > 1) else {
            return Vec::new();
        };
        let mut head = job.prefix.clone();
        head.extend(
            self.choice[..l]
                .iter()
                .map(|&p| Move::Option(self.problem.option_of_node(p))),
        );
        let mut given = Vec::with_capacity(self.left[l] as usize - 1);
        let mut p = self.choice[l];
        for _ in 1..self.left[l] {
            p = self.links.down(p);
            let mut prefix = head.clone();
            prefix.push(Move::Option(self.problem.option_of_node(p)));
            given.push(crate::parallel::Job::new(prefix, 0));
        }
        self.left[l] = 1;
        given
    }

    fn levels_from_root(&self) -> bool {
        false
    }

    fn keeps_branch_depth(&self) -> bool {
        true
    }

    fn track_depth(&mut self, on: bool) {
        if on && self.forks.is_empty() {
            self.forks = vec![0; self.choice.len() + 1];
        }
    }

    fn reset(&mut self, updates: u64) {
        self.reset_links(updates);
        self.level = 0;
        self.resume = Resume::Forward;
    }
}

/// An iterator over the solutions of a [`Solver`], from [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    /// The next solution; `None` when the search is exhausted or a limit stopped it (see
    /// [`Solver::outcome`]).
    fn next(&mut self) -> Option<Solution> {
        self.solver.next_solution()
    }
}

impl Problem {
    /// A fresh search over this problem, without limits.
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(self)
    }

    /// A fresh search over this problem by the engine `engine` names (see [`crate::Engine`]);
    /// an error if that engine does not take the problem.
    ///
    /// ```
    /// use dlx::Engine;
    ///
    /// let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n")?.problem;
    /// let links = problem.solver().count();
    /// let cells = problem.solver_with(Engine::Cells)?.count();
    /// assert_eq!((links.solutions, cells.solutions), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver_with(&self, engine: crate::Engine) -> Result<Solver<'_>, crate::EngineError> {
        Ok(Solver::with_engines(
            self,
            crate::engine::choose_with(self, engine)?,
        ))
    }

    /// Counts all solutions: the outcome of a whole search, as [`Solver::count`] gives it.
    pub fn count(&self) -> Outcome {
        self.solver().count()
    }

    /// Counts solutions up to `limit`; the outcome says whether the count is complete.
    pub fn count_up_to(&self, limit: u64) -> Outcome {
        self.solver().count_up_to(limit)
    }

    /// The first solution, if there is one.
    pub fn first(&self) -> Option<Solution> {
        self.solver().next_solution()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    /// Knuth's example from "Dancing Links": one solution, 6 nodes, 30 updates in dlx1.
    fn knuth_example() -> Problem {
        let mut b = ProblemBuilder::new();
        for name in ["A", "B", "C", "D", "E"] {
            b.primary(name).unwrap();
        }
        for name in ["F", "G"] {
            b.secondary(name).unwrap();
        }
        for opt in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
            b.option_by_names(opt.split(' ')).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn knuth_example_matches_dlx1_figures() {
        let p = knuth_example();
        let mut s = p.solver();
        let sols: Vec<_> = s.solutions().collect();
        assert_eq!(sols.len(), 1);
        assert_eq!(
            sols[0].sorted(),
            vec![OptionId(0), OptionId(3), OptionId(4)]
        );
        let st = s.stats();
        assert_eq!((st.nodes, st.updates), (6, 30));
        assert_eq!(st.profile().iter().sum::<u64>(), st.nodes);
        assert!(s.outcome().is_complete());
    }

    #[test]
    fn reset_restores_links_after_any_stop() {
        let p = knuth_example();
        for max_nodes in 0..8 {
            let mut s = p.solver().with_limits(Limits::none().nodes(max_nodes));
            let out = s.count();
            assert!(out.nodes <= max_nodes);
            s.reset();
            assert_eq!(s.links_engine().links, *p.links());
            // The reset solver searches the whole tree again.
            s.set_limits(Limits::none());
            let again = s.count();
            assert_eq!((again.solutions, again.nodes, again.updates), (1, 6, 30));
        }
    }

    /// Every pair of 30 items as an option: 435 options, a perfect matching per solution.
    fn pairs() -> Problem {
        let mut b = ProblemBuilder::new();
        for k in 0..30 {
            b.primary(format!("i{k}")).unwrap();
        }
        for i in 0..30u32 {
            for j in i + 1..30 {
                b.option([ItemId(i), ItemId(j)]).unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn reset_undoes_or_copies_and_both_restore_the_links() {
        let p = pairs();
        let pending = |s: &Solver| s.links_engine().selected_updates + s.stats.updates;
        let mut ways = Vec::new();
        for max_nodes in [0, 1, 2, 5, 50, 5000] {
            let mut s = p.solver().with_limits(Limits::none().nodes(max_nodes));
            s.select(OptionId(0)).unwrap();
            s.select(OptionId(100)).unwrap();
            s.count();
            // Few updates: undone in place; many: the links are copied back.
            ways.push(pending(&s) * 2 < s.links_engine().links.nodes.len() as u64);
            s.reset();
            assert_eq!(s.links_engine().links, *p.links(), "{max_nodes}");
            assert_eq!(pending(&s), 0);
            s.set_limits(Limits::none().nodes(20_000));
            let again = s.count();
            let fresh = p.solver().with_limits(Limits::none().nodes(20_000)).count();
            assert_eq!(
                (again.solutions, again.nodes, again.updates),
                (fresh.solutions, fresh.nodes, fresh.updates)
            );
        }
        // Few updates were undone in place, many copied back: both ways were taken.
        assert!(ways.contains(&true) && ways.contains(&false), "{ways:?}");
    }

    #[test]
    fn node_limit_stops_and_resumes_to_the_same_totals() {
        let p = knuth_example();
        let mut s = p.solver().with_limits(Limits::none().nodes(3));
        let out = s.count();
        assert_eq!(out.stopped, Some(StopReason::NodeLimit));
        assert_eq!(out.nodes, 3);
        s.set_limits(Limits::none());
        let out = s.count();
        assert_eq!((out.solutions, out.nodes, out.updates), (1, 6, 30));
        assert!(out.is_complete());
    }

    #[test]
    fn cancel_flag_stops_at_the_first_check() {
        let p = knuth_example();
        let flag = Arc::new(AtomicBool::new(true));
        let out = p.solver().with_limits(Limits::none().cancel(flag)).count();
        assert_eq!(out.stopped, Some(StopReason::Cancelled));
        assert_eq!(out.nodes, 0);
    }

    #[test]
    fn past_deadline_stops_at_the_first_check() {
        let p = knuth_example();
        let out = p
            .solver()
            .with_limits(Limits::none().deadline(Instant::now()))
            .count();
        assert_eq!(out.stopped, Some(StopReason::Deadline));
    }
}
