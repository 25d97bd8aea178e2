//! The cheapest solutions: min-cost exact cover by branch and bound, with the rules and the
//! figures of Knuth's `dlx5`.
//!
//! Every option has a nonnegative cost ([`ProblemBuilder::set_cost`](crate::ProblemBuilder::set_cost),
//! or `|n` entries in the text format); a solution costs the sum of its options' costs.
//! [`Problem::best`] finds the `k` cheapest solutions:
//!
//! * **Taxes.** Each primary item in turn is taxed the least cost of the options that contain
//!   it, and that tax is taken off the cost of each of them: every item then has an option of
//!   net cost 0, no net cost is negative, and every solution's net cost is its cost less the
//!   total tax, which is the same for all. An option whose net cost is large is cut off early.
//! * **Sorted lists.** Each item's options are kept in order of net cost (the order of the
//!   input among equal costs), so the options of a list that are cheap enough to matter are a
//!   prefix of it, and covering or purifying an item stops at the first option that costs too
//!   much (Garfinkel and Nemhauser's cutoff rule, 1969).
//! * **The bound.** The `k` best net costs found so far are kept; a partial solution whose net
//!   cost, plus the option tried next, is not below the `k`-th of them is abandoned. Every
//!   solution the search reaches improves on the `k` best, so [`Stats::solutions`] counts the
//!   improvements, as `dlx5` does.
//! * **The branching item.** The primary item with the fewest options cheap enough to be
//!   used (counted up to 10 down its list, then taken as its whole length), the one whose
//!   cheapest option costs most among equals, then the leftmost.
//!
//! Nodes, updates and cleansings are counted as `dlx5` counts them (an update per item taken
//! out of the item list and per node unlinked; a cleansing per purification and per node given
//! the chosen color), and the `k` best costs equal the costs it prints. Its `Z` and `z`
//! heuristics, which bound the cost of what is left from prefixes of item names, are not
//! implemented. Problems with bounds on items (`dlx3`'s multiplicities) are refused: Knuth's
//! programs do not combine them with costs, and the taxes assume each primary item is covered
//! exactly once (only then is the total tax the same for every solution).

use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::arena::{Node, NodeLinks, NodeMeta};
use crate::control::{Limits, Stats, StopReason};
use crate::problem::{OptionId, Problem};

/// The deadline and the cancel flag are looked at when the node count is a multiple of this.
const CHECK_EVERY: u64 = 4096;

/// How far down an item's list the branching rule counts usable options before it takes the
/// list's length instead (`dlx5`'s `lenthresh`, its default).
const LEN_THRESHOLD: u32 = 10;

/// Marks a trail entry as a node cleansed rather than unlinked (nodes are below 2^30).
const CLEANSED: u32 = 1 << 31;

/// Set in an item's length while it is covered (lengths stay below 2^30): the bit survives the
/// counts of nodes unlinked from its list meanwhile, and keeps it out of the least length.
const COVERED: u32 = 1 << 30;

/// "Infinite" cost: the bound before `k` solutions are known.
const INF: u64 = u64::MAX;

/// Why [`Problem::best`] refused a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BestError {
    /// The problem has bounds on items, which the cost search does not combine with costs.
    #[error(
        "a search for the cheapest solutions takes no bounds on items (multiplicities): Knuth's \
         dlx5 rules assume each primary item is covered exactly once"
    )]
    Bounds,
    /// `k` was 0.
    #[error("the number of cheapest solutions to find must be at least 1")]
    ZeroK,
}

/// A solution with its cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Costed {
    /// Its total cost: the sum of its options' costs.
    pub cost: u64,
    /// Its options, in the order the search chose them.
    pub options: Vec<OptionId>,
}

/// What a search for the cheapest solutions found.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Best {
    /// The cheapest solutions found, at most `k`, cheapest first (equal costs in the order
    /// they were found). Optimal only if [`Best::is_complete`].
    pub solutions: Vec<Costed>,
    /// The figures: `solutions` counts every solution the search reached, each one an
    /// improvement on the `k` best known when it was found (as `dlx5` counts them).
    pub stats: Stats,
    /// What stopped the search before it was exhausted (`None`: the costs are the optimum).
    pub stopped: Option<StopReason>,
    /// The sum of the taxes taken off the options' costs (`dlx5`'s total tax).
    pub total_tax: u64,
}

impl Best {
    /// The costs of [`Best::solutions`], cheapest first.
    pub fn costs(&self) -> Vec<u64> {
        self.solutions.iter().map(|s| s.cost).collect()
    }

    /// Whether the search was exhausted, so that the solutions are the `k` cheapest there are
    /// (or all solutions, if there are fewer).
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A search for the `k` cheapest solutions of a problem ([`Problem::best`]).
///
/// ```
/// let parsed = dlx::text::parse("A B C\nA B |3\nC |1\nA |2\nB |1\nA C |5\nB C |4\n").unwrap();
/// let best = parsed.problem.best(2)?.run();
/// assert!(best.is_complete());
/// assert_eq!(best.costs(), [4, 4]); // {A B, C} and {A, B, C}
/// // dlx5 k2 prints the same: 2 solutions, 6 nodes, 9 updates.
/// assert_eq!((best.stats.solutions, best.stats.nodes, best.stats.updates), (2, 6, 9));
/// # Ok::<(), dlx::best::BestError>(())
/// ```
#[derive(Debug, Clone)]
pub struct BestSearch<'p> {
    problem: &'p Problem,
    k: usize,
    limits: Limits,
    threads: usize,
    /// The options every solution starts with (a job of [`BestSearch::split`]).
    prefix: Vec<OptionId>,
    /// On several threads, keep the solutions one thread would.
    ordered: bool,
    /// Only solutions that cost less than this are looked for.
    bound: Option<u64>,
}

/// Why [`BestSearch::job`] refused a prefix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JobError {
    /// An option of the prefix is not an option of the problem.
    #[error("option #{option} of the prefix does not belong to this problem")]
    UnknownOption {
        /// The option's number.
        option: u32,
    },
    /// An option of the prefix cannot be chosen with those before it (it shares an item
    /// with one, or gives a secondary item another color).
    #[error("option #{option} of the prefix cannot be chosen with the options before it")]
    Conflict {
        /// The option's number.
        option: u32,
    },
    /// A job of another search has a null move, which a search for the cheapest never makes.
    #[error("a null move; the jobs of a search for the cheapest choose options only")]
    NullMove,
}

impl Problem {
    /// A search for the `k` cheapest solutions (Knuth's `dlx5`; see [`crate::best`]). Refuses
    /// a problem with bounds on items, and `k = 0`.
    pub fn best(&self, k: usize) -> Result<BestSearch<'_>, BestError> {
        if self.has_bounds() {
            return Err(BestError::Bounds);
        }
        if k == 0 {
            return Err(BestError::ZeroK);
        }
        Ok(BestSearch {
            problem: self,
            k,
            limits: Limits::none(),
            threads: 1,
            prefix: Vec::new(),
            bound: None,
            ordered: false,
        })
    }
}

impl<'p> BestSearch<'p> {
    /// Stops the search at these limits: a node limit, a deadline, a cancel flag, or a number
    /// of improving solutions. A stopped search says so ([`Best::stopped`]); its solutions are
    /// the best found so far, not proved optimal.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Searches on `n` threads (0: one per core; 1, the default, is `dlx5`'s search with its
    /// figures). The threads share out the top of the tree as jobs and share the `k`-th best
    /// cost as their bound, so the `k` best costs are those of one thread; which of several
    /// solutions of equal cost are reported, and the figures, depend on the threads' timing. A
    /// node limit makes the search run on one thread, so that it stops at exactly that node;
    /// so does a [`BestSearch::job`] (the jobs are the unit of work shared out), and
    /// [`BestSearch::run_with`] always runs on one.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// Makes the solutions reported the same on any number of threads and in any run: among
    /// solutions of equal cost, those whose options, sorted by number, come first; each
    /// solution's options are reported sorted. The search then also follows partial solutions
    /// that tie with the bound, so it takes longer, and its figures are not `dlx5`'s. (Without
    /// it, one thread reports `dlx5`'s solutions, those it reaches first; several threads the
    /// same costs, but of solutions of equal cost whichever their timing gives.)
    pub fn ordered(mut self, on: bool) -> Self {
        self.ordered = on;
        self
    }

    /// Looks only for solutions that cost less than `cost` (a total cost, as [`Costed::cost`]):
    /// a bound known from elsewhere (an earlier run, another job) that prunes from the start.
    /// The `k` best found are then the `k` best below it.
    pub fn bound(mut self, cost: u64) -> Self {
        self.bound = Some(cost);
        self
    }

    /// Cuts the search into at least `n` jobs where the tree allows (fewer where it is
    /// small), the jobs of [`crate::split`], to number as [`JobLine`](crate::split::JobLine)s
    /// and run with [`BestSearch::job`] anywhere: prefixes of options, the first levels of the
    /// tree as the search would take them with no bound yet, in the order it would search them;
    /// subtrees with no solution are left out. The jobs' searches cover every solution once; the
    /// `k` best of all their solutions are the `k` best of the problem.
    pub fn split(&self, n: usize) -> Vec<crate::split::Job> {
        self.prefixes(n)
            .into_iter()
            .map(|prefix| {
                crate::split::Job::new(prefix.into_iter().map(crate::Move::Option).collect(), 0)
            })
            .collect()
    }

    /// Searches only below `job` (one of [`BestSearch::split`], or read back from its line):
    /// the solutions that contain its options. Refuses options that are not the problem's, or
    /// that cannot be chosen together, and moves other than options.
    pub fn job(self, job: &crate::split::Job) -> Result<Self, JobError> {
        let prefix = job
            .prefix
            .iter()
            .map(|m| match m {
                crate::Move::Option(o) => Ok(*o),
                _ => Err(JobError::NullMove),
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.with_prefix(prefix)
    }

    /// The prefixes of options of [`BestSearch::split`].
    fn prefixes(&self, n: usize) -> Vec<Vec<OptionId>> {
        let mut dance = Dance::new(self.problem);
        dance
            .split(n.max(1))
            .into_iter()
            .map(|job| {
                job.into_iter()
                    .map(|p| self.problem.option_of_node(Node(p)))
                    .collect()
            })
            .collect()
    }

    /// Searches only below `prefix`, the options of a job.
    fn with_prefix(mut self, prefix: Vec<OptionId>) -> Result<Self, JobError> {
        let mut dance = Dance::new(self.problem);
        for &option in &prefix {
            let Some(Node(p)) = self.problem.select_node(option) else {
                return Err(JobError::UnknownOption { option: option.0 });
            };
            if !dance.choosable(p) {
                return Err(JobError::Conflict { option: option.0 });
            }
            dance.select_any(p, INF);
        }
        self.prefix = prefix;
        Ok(self)
    }

    /// The prefix's options as the nodes the search selects them by.
    fn prefix_nodes(&self) -> Vec<u32> {
        self.prefix
            .iter()
            .map(|&o| self.problem.select_node(o).expect("checked by `job`").0)
            .collect()
    }

    /// The net cost a solution must beat at the start.
    fn initial_cutoff(&self, total_tax: u64) -> u64 {
        match self.bound {
            None => INF,
            Some(cost) => cost.saturating_sub(total_tax),
        }
    }

    /// Runs the search to its end or a limit.
    pub fn run(self) -> Best {
        let threads = crate::control::threads_to_use(self.threads);
        if threads > 1 && self.limits.max_nodes().is_none() && self.prefix.is_empty() {
            return self.run_parallel(threads);
        }
        self.run_with(|_| ControlFlow::Continue(()))
    }

    /// Runs the search on one thread, showing `visit` each solution as it is found (each one
    /// improves on the `k` best known, as `dlx5` prints them); the visitor may stop the search
    /// ([`StopReason::Visitor`]).
    pub fn run_with(self, visit: impl FnMut(&Costed) -> ControlFlow<()>) -> Best {
        let mut dance = Dance::new(self.problem);
        let mut stats = Stats::default();
        let max_solutions = self.limits.max_solutions().unwrap_or(u64::MAX);
        let mut bound = Local {
            kept: Kept::new(self.k),
            visit,
            max_solutions,
            cutoff: self.initial_cutoff(dance.total_tax),
            total_tax: dance.total_tax,
            ordered: self.ordered,
            limit: self.initial_cutoff(dance.total_tax),
        };
        let prefix = self.prefix_nodes();
        let stopped = dance.search(&self.limits, &mut stats, &mut bound, &prefix);
        let total_tax = dance.total_tax;
        Best {
            solutions: bound.kept.into_sorted(total_tax),
            stats,
            stopped,
            total_tax,
        }
    }

    /// [`BestSearch::run`] on `threads` threads: the top levels of the tree cut into jobs (a
    /// prefix of choices each), taken in order by whichever thread is free; one bound for all.
    fn run_parallel(self, threads: usize) -> Best {
        let mut dance = Dance::new(self.problem);
        let total_tax = dance.total_tax;
        let jobs = dance.split(threads * 32);
        drop(dance);
        let shared = Shared {
            kept: Mutex::new(Kept::new(self.k)),
            cutoff: AtomicU64::new(self.initial_cutoff(total_tax)),
            stop: AtomicBool::new(false),
            max_solutions: self.limits.max_solutions().unwrap_or(u64::MAX),
            ordered: self.ordered,
            limit: self.initial_cutoff(total_tax),
        };
        let next_job = AtomicUsize::new(0);
        let problem = self.problem;
        let limits = &self.limits;
        let results: Vec<(Stats, Option<StopReason>)> = crate::pool::on_workers(threads, || {
            let (shared, next_job, jobs) = (&shared, &next_job, &jobs);
            let mut dance = Dance::new(problem);
            let mut total = Stats::default();
            let mut bound = SharedBound {
                shared,
                reached: 0,
                job: 0,
                in_job: 0,
            };
            loop {
                let j = next_job.fetch_add(1, Ordering::Relaxed);
                let Some(prefix) = jobs.get(j) else {
                    return (total, None);
                };
                (bound.job, bound.in_job) = (j as u64, 0);
                let mut stats = Stats::default();
                let stopped = dance.search(limits, &mut stats, &mut bound, prefix);
                total.nodes += stats.nodes;
                total.updates += stats.updates;
                total.cleansings += stats.cleansings;
                if stopped.is_some() {
                    shared.stop.store(true, Ordering::Relaxed);
                    total.solutions = bound.reached;
                    return (total, stopped);
                }
                total.solutions = bound.reached;
            }
        });
        let mut stats = Stats::default();
        let mut stopped = None;
        for (s, why) in results {
            stats.solutions += s.solutions;
            stats.nodes += s.nodes;
            stats.updates += s.updates;
            stats.cleansings += s.cleansings;
            // A thread that stopped because another did says nothing of its own.
            stopped = stopped.or(why.filter(|&w| w != StopReason::Visitor));
        }
        let kept = shared.kept.into_inner().unwrap_or_else(|e| e.into_inner());
        Best {
            solutions: kept.into_sorted(total_tax),
            stats,
            stopped,
            total_tax,
        }
    }
}

/// The `k` best solutions found so far, the most costly on top.
struct Kept {
    k: usize,
    /// `(net cost, place, options)`: the greatest is the most costly, the latest among equals,
    /// and leaves first. The place is the order found on one thread (the order of the search
    /// tree), and `(job, order within the job)` on several, the jobs being in tree order.
    heap: BinaryHeap<(u64, (u64, u64), Vec<OptionId>)>,
    found: u64,
}

impl Kept {
    fn new(k: usize) -> Kept {
        Kept {
            k,
            heap: BinaryHeap::new(),
            found: 0,
        }
    }

    /// The net cost a solution must beat: the `k`-th best so far, or infinity.
    fn cutoff(&self) -> u64 {
        if self.heap.len() < self.k {
            INF
        } else {
            self.heap.peek().map_or(INF, |top| top.0)
        }
    }

    /// Keeps a solution whose net cost beats [`Kept::cutoff`], dropping the most costly, at
    /// the place in the tree `place` (see `heap`).
    fn add(&mut self, net: u64, place: (u64, u64), options: Vec<OptionId>) {
        if self.heap.len() == self.k {
            self.heap.pop();
        }
        self.heap.push((net, place, options));
        self.found += 1;
    }

    /// Whether a solution is among the `k` least of those kept and itself, by net cost, then
    /// place, then options (ordered: the place is `(0, 0)` and the options are sorted).
    fn would_keep(&self, net: u64, place: (u64, u64), options: &[OptionId]) -> bool {
        self.heap.len() < self.k
            || self
                .heap
                .peek()
                .is_some_and(|top| (net, place, options) < (top.0, top.1, &top.2[..]))
    }

    /// The solutions, cheapest first, with their costs: net costs plus the total tax.
    fn into_sorted(self, total_tax: u64) -> Vec<Costed> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|(net, _, options)| Costed {
                cost: total_tax + net,
                options,
            })
            .collect()
    }
}

/// Where the search's solutions go, and the bound they set: one thread's own `k` best, or
/// those every thread shares.
trait Bound {
    /// The net cost a solution must beat.
    fn cutoff(&self) -> u64;
    /// Whether another thread stopped the search.
    fn stopped(&self) -> bool;
    /// A solution reached, of net cost `net` and these options: keeps it if it still beats
    /// the bound. `Some` stops the search.
    fn found(&mut self, net: u64, options: Vec<OptionId>) -> Option<StopReason>;
}

/// One thread's bound: its `k` best, and a visitor that sees each solution.
struct Local<V> {
    kept: Kept,
    visit: V,
    max_solutions: u64,
    cutoff: u64,
    total_tax: u64,
    /// Ties broken by the sorted options ([`BestSearch::ordered`]); the bound given, net.
    ordered: bool,
    limit: u64,
}

impl<V: FnMut(&Costed) -> ControlFlow<()>> Bound for Local<V> {
    #[inline(always)]
    fn cutoff(&self) -> u64 {
        self.cutoff
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
    fn found(&mut self, net: u64, mut options: Vec<OptionId>) -> Option<StopReason> {
        let place = if self.ordered {
            options.sort_unstable();
            if !self.kept.would_keep(net, (0, 0), &options) {
                return None;
            }
            (0, 0)
        } else {
            (0, self.kept.found)
        };
        let solution = Costed {
            cost: self.total_tax + net,
            options,
        };
        let flow = (self.visit)(&solution);
        self.kept.add(net, place, solution.options);
        self.cutoff = match self.kept.cutoff() {
            c if self.ordered && c != INF => (c + 1).min(self.limit),
            c => self.cutoff.min(c),
        };
        if flow.is_break() {
            return Some(StopReason::Visitor);
        }
        (self.kept.found >= self.max_solutions).then_some(StopReason::SolutionLimit)
    }
}

/// What the threads of a parallel search share: the `k` best, the bound they set (read
/// without the lock), and a flag that stops them all.
struct Shared {
    kept: Mutex<Kept>,
    cutoff: AtomicU64,
    stop: AtomicBool,
    max_solutions: u64,
    /// Ties broken by the sorted options ([`BestSearch::ordered`]).
    ordered: bool,
    /// The bound given ([`BestSearch::bound`]), net, or infinity: never let through.
    limit: u64,
}

/// One thread's view of the [`Shared`] bound, and the solutions it reached.
struct SharedBound<'a> {
    shared: &'a Shared,
    reached: u64,
    /// The job it runs, and the solutions it reached in that job: a solution's place.
    job: u64,
    in_job: u64,
}

impl Bound for SharedBound<'_> {
    /// Ordered, a solution that ties with the bound may still come first by its options: the
    /// bound lets it through (one more), and [`Kept::would_keep`] decides.
    #[inline(always)]
    fn cutoff(&self) -> u64 {
        let c = self.shared.cutoff.load(Ordering::Relaxed);
        if self.shared.ordered && c != INF {
            (c + 1).min(self.shared.limit)
        } else {
            c
        }
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }
    fn found(&mut self, net: u64, mut options: Vec<OptionId>) -> Option<StopReason> {
        self.reached += 1;
        let mut place = (self.job, self.in_job);
        self.in_job += 1;
        if self.shared.ordered {
            options.sort_unstable();
            place = (0, 0);
        }
        let mut kept = self.shared.kept.lock().unwrap_or_else(|e| e.into_inner());
        // Another thread may have lowered the bound since this one read it.
        let keep = if self.shared.ordered {
            net < self.cutoff() && kept.would_keep(net, place, &options)
        } else {
            net < kept.cutoff() && net < self.cutoff()
        };
        if keep {
            kept.add(net, place, options);
            self.shared
                .cutoff
                .fetch_min(kept.cutoff(), Ordering::Relaxed);
        }
        (kept.found >= self.shared.max_solutions).then_some(StopReason::SolutionLimit)
    }
}

/// The data `dlx5` dances on, in the engine's layout (`arena`): headers `1..=n` (primary items
/// first), then each option's nodes contiguously; a node's place in its option comes from the
/// problem's `meta` rather than from spacers. The item lists are re-linked in order of net
/// cost.
///
/// Invariant (as the arena's I1): every link value and every `meta` item is a valid index into
/// `links` (an item's header is node `item`), and each option node's place describes its
/// option's run of nodes inside `links`; `prev`, `next` and `len` have an entry for every item
/// and the two roots. The unchecked reads below rely on it.
struct Dance<'p> {
    /// Item list links: root 0 for the primary items, `n + 1` for the secondary ones.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Options left in each item's list (kept for secondary items too, but only read for
    /// primary ones).
    len: Vec<u32>,
    links: Vec<NodeLinks>,
    meta: &'p [NodeMeta],
    /// The color of each node (0 for none, -1 once cleansed, else the color's id plus 1);
    /// empty for a problem without colors.
    color: Vec<i32>,
    /// The net cost of each node's option.
    cost: Vec<u64>,
    /// Nodes up to this are headers.
    last_header: u32,
    /// The colors as built, to restore a cleansed node's.
    built_color: &'p [u32],
    /// Every node unlinked, and every node cleansed (with [`CLEANSED`]), not yet undone, in
    /// order: the search undoes a level's work by popping it (as the engine's `arena::Trail`).
    trail: Vec<u32>,
    /// The number of entries on the trail.
    top: usize,
    problem: &'p Problem,
    total_tax: u64,
}

/// The first node of option node `p`'s option and one past its last.
#[inline(always)]
fn option_bounds(p: u32, place: u32) -> (u32, u32) {
    let first = p - (place >> 16);
    (first, first + (place & 0xFFFF))
}

impl<'p> Dance<'p> {
    fn new(problem: &'p Problem) -> Dance<'p> {
        let built = problem.links();
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let mut prev = vec![0u32; n + 2];
        let mut next = vec![0u32; n + 2];
        for (root, first, last) in [(0, 1, n1), (n + 1, n1 + 1, n)] {
            // root, first, ..., last, and round to the root.
            let ring: Vec<usize> = std::iter::once(root).chain(first..=last).collect();
            for (k, &i) in ring.iter().enumerate() {
                let j = ring[(k + 1) % ring.len()];
                next[i] = j as u32;
                prev[j] = i as u32;
            }
        }

        // Each option's net cost: its cost less the taxes of its primary items, taxed item by
        // item (an item's tax is its cheapest option's net cost so far).
        let meta = &built.meta[..];
        let nodes = meta.len();
        let option_of = |p: usize| problem.option_of_node(Node(p as u32)).index();
        let mut net: Vec<u64> = (0..problem.num_options())
            .map(|o| problem.option_cost(OptionId(o as u32)))
            .collect();
        // Each item's list in input order (the built links).
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        for (i, list) in lists.iter_mut().enumerate().skip(1) {
            let mut p = built.nodes[i].down;
            while p as usize != i {
                list.push(p);
                p = built.nodes[p as usize].down;
            }
        }
        let mut total_tax = 0u64;
        for list in &lists[1..=n1] {
            let Some(min) = list.iter().map(|&p| net[option_of(p as usize)]).min() else {
                continue;
            };
            if min > 0 {
                total_tax += min;
                for &p in list {
                    net[option_of(p as usize)] -= min;
                }
            }
        }
        let cost: Vec<u64> = (0..nodes)
            .map(|p| if p <= n { 0 } else { net[option_of(p)] })
            .collect();

        // Each item's list in order of net cost, the input's order among equals.
        let mut links = built.nodes.clone();
        let mut len = vec![0u32; n + 2];
        for (i, list) in lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&p| cost[p as usize]);
            let mut last = i as u32;
            for &p in list.iter() {
                links[last as usize].down = p;
                links[p as usize].up = last;
                last = p;
            }
            links[last as usize].down = i as u32;
            links[i].up = last;
            len[i] = list.len() as u32;
        }
        let color = problem.node_colors().iter().map(|&c| c as i32).collect();
        Dance {
            prev,
            next,
            len,
            links,
            meta,
            color,
            cost,
            last_header: n as u32,
            built_color: problem.node_colors(),
            // A node is unlinked at most once and cleansed at most once at a time.
            trail: vec![0; 2 * nodes],
            top: 0,
            problem,
            total_tax,
        }
    }

    #[inline(always)]
    fn link(&self, p: u32) -> NodeLinks {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: `p` was read from a link or a place (the invariant).
        unsafe { *self.links.get_unchecked(p as usize) }
    }

    #[inline(always)]
    fn set_up(&mut self, p: u32, up: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as `link`.
        unsafe { self.links.get_unchecked_mut(p as usize).up = up }
    }

    #[inline(always)]
    fn set_down(&mut self, p: u32, down: u32) {
        debug_assert!((p as usize) < self.links.len());
        // SAFETY: as `link`.
        unsafe { self.links.get_unchecked_mut(p as usize).down = down }
    }

    #[inline(always)]
    fn meta(&self, p: u32) -> NodeMeta {
        debug_assert!((p as usize) < self.meta.len());
        // SAFETY: as `link`; `meta` is parallel to `links`.
        unsafe { *self.meta.get_unchecked(p as usize) }
    }

    #[inline(always)]
    fn cost(&self, p: u32) -> u64 {
        debug_assert!((p as usize) < self.cost.len());
        // SAFETY: as `link`; `cost` is parallel to `links`.
        unsafe { *self.cost.get_unchecked(p as usize) }
    }

    /// A node's color (only with colors: `color` is parallel to `links` then).
    #[inline(always)]
    fn color(&self, p: u32) -> i32 {
        debug_assert!((p as usize) < self.color.len());
        // SAFETY: as `link`.
        unsafe { *self.color.get_unchecked(p as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!((item as usize) < self.len.len());
        // SAFETY: items read from `meta` are headers, which `len` covers.
        unsafe { self.len.get_unchecked_mut(item as usize) }
    }

    /// Records `e` on the trail at `top`.
    #[inline(always)]
    fn record(&mut self, top: &mut usize, e: u32) {
        debug_assert!(*top < self.trail.len(), "trail overflow");
        // SAFETY: the trail has room for every node twice, and a node is on it at most once
        // unlinked and once cleansed (a hidden option is in no active list).
        unsafe { *self.trail.get_unchecked_mut(*top) = e };
        *top += 1;
    }

    /// Undoes every unlinking and cleansing since the trail's top was `mark`, the latest first.
    fn restore(&mut self, mark: usize) {
        let mut top = self.top;
        while top > mark {
            top -= 1;
            // SAFETY: `top` is below the trail's top, within the trail.
            let e = unsafe { *self.trail.get_unchecked(top) };
            if e & CLEANSED != 0 {
                let q = (e & !CLEANSED) as usize;
                self.color[q] = self.built_color[q] as i32;
                continue;
            }
            let NodeLinks { up, down } = self.link(e);
            self.set_down(up, e);
            self.set_up(down, e);
            *self.len_mut(self.meta(e).item) += 1;
        }
        self.top = top;
    }

    /// Puts item `c` back into its item list (covers are undone in the reverse order).
    fn relink_item(&mut self, c: u32) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
        self.len[c as usize] &= !COVERED;
    }

    /// Undoes [`Dance::cover_others`] for the option of `p`: its nodes back from the trail,
    /// then the items it covered, right to left (nodes and items are separate lists, so the
    /// order between them does not matter).
    fn uncover_others<const COLORS: bool>(&mut self, p: u32, mark: usize) {
        self.restore(mark);
        let (first, end) = option_bounds(p, self.meta(p).place);
        for q in (first..p).rev().chain((p + 1..end).rev()) {
            if !COLORS || self.color(q) == 0 {
                self.relink_item(self.meta(q).item);
            }
        }
    }

    /// Unlinks the other nodes of `r`'s option from their lists (but not cleansed ones), after
    /// `r` and round, recording them on the trail at `top`; returns how many.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, r: u32, top: &mut usize) -> u64 {
        let (first, end) = option_bounds(r, self.meta(r).place);
        let mut q = r;
        let mut unlinked = 0;
        for _ in 1..end - first {
            q += 1;
            q = if q == end { first } else { q };
            if COLORS && self.color(q) < 0 {
                continue;
            }
            let NodeLinks { up, down } = self.link(q);
            self.set_down(up, down);
            self.set_up(down, up);
            *self.len_mut(self.meta(q).item) -= 1;
            self.record(top, q);
            unlinked += 1;
        }
        unlinked
    }

    /// Covers item `c`, hiding only the options of its list whose net cost is below `thresh`.
    fn cover<const COLORS: bool>(&mut self, c: u32, thresh: u64, updates: &mut u64) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        self.len[c as usize] |= COVERED;
        let mut top = self.top;
        let mut n = 1;
        let mut rr = self.link(c).down;
        while rr > self.last_header && self.cost(rr) < thresh {
            n += self.hide::<COLORS>(rr, &mut top);
            rr = self.link(rr).down;
        }
        self.top = top;
        *updates += n;
    }

    /// Gives node `p`'s item its color: hides the cheap options that give the item another
    /// color, and marks those that give it the same one as cleansed.
    fn purify(&mut self, p: u32, thresh: u64, updates: &mut u64, cleansings: &mut u64) {
        let (c, x) = (self.meta(p).item, self.color(p));
        *cleansings += 1;
        let mut top = self.top;
        let mut rr = self.link(c).down;
        while rr > self.last_header && self.cost(rr) < thresh {
            if self.color(rr) != x {
                *updates += self.hide::<true>(rr, &mut top);
            } else if rr != p {
                *cleansings += 1;
                self.color[rr as usize] = -1;
                self.record(&mut top, rr | CLEANSED);
            }
            rr = self.link(rr).down;
        }
        self.top = top;
    }

    /// Covers or purifies item `q`'s of a chosen option.
    #[inline(always)]
    fn cover_one<const COLORS: bool>(
        &mut self,
        q: u32,
        thresh: u64,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        let c = self.meta(q).item;
        if !COLORS || self.color(q) == 0 {
            self.cover::<COLORS>(c, thresh, updates);
        } else if self.color(q) > 0 {
            self.purify(q, thresh, updates, cleansings);
        }
    }

    /// Covers or purifies the other items of `p`'s option, left to right from `p`, round.
    fn cover_others<const COLORS: bool>(
        &mut self,
        p: u32,
        thresh: u64,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        let (first, end) = option_bounds(p, self.meta(p).place);
        for q in (p + 1..end).chain(first..p) {
            self.cover_one::<COLORS>(q, thresh, updates, cleansings);
        }
    }

    /// The item to branch on: fewest usable options (net cost below `room`), counted up to
    /// [`LEN_THRESHOLD`] and then taken as the list's length; among equals the one whose
    /// cheapest option costs most, then the leftmost. `(0, item)` when an item has no usable
    /// option.
    fn choose(&self, room: u64) -> (u32, u32) {
        let mut t = u32::MAX;
        let mut best = 0;
        let mut best_min = 0;
        let mut k = self.next[0];
        while k != 0 {
            let mut p = self.link(k).down;
            if p == k {
                return (0, k);
            }
            let min = self.cost(p);
            if min >= room {
                return (0, k);
            }
            let mut s = 1;
            p = self.link(p).down;
            let s = loop {
                if p <= self.last_header || self.cost(p) >= room {
                    break Some(s);
                }
                if s == t {
                    break None;
                }
                if s >= LEN_THRESHOLD {
                    break Some(self.len[k as usize]);
                }
                p = self.link(p).down;
                s += 1;
            };
            if let Some(s) = s {
                if s < t || (s == t && min > best_min) {
                    (t, best, best_min) = (s, k, min);
                }
            }
            k = self.next[k as usize];
        }
        (t, best)
    }

    /// [`Dance::choose`] while there is no bound yet (fewer than `k` solutions found): every
    /// cover so far hid every option of its list (an option's cost and the path's add up to
    /// less than infinity), so each list's length counts exactly its usable options, and the
    /// rule is the fewest options, then the costliest cheapest option, then the leftmost, with
    /// no walk down the lists (the same item, and `0` for an empty list, as `choose` gives).
    fn choose_unbounded(&self) -> (u32, u32) {
        // A covered item's length carries COVERED, so a scan of the primary lengths (one pass
        // the compiler vectorises, as signed values: all are below 2^31) finds the least.
        let lens = &self.len[1..=self.problem.num_primary()];
        let least = lens.iter().fold(i32::MAX, |m, &l| m.min(l as i32)) as u32;
        debug_assert!(least < COVERED, "no item left to choose");
        let mut ties = lens
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l == least)
            .map(|(i, _)| i as u32 + 1);
        let first = ties.next().expect("the least is some item's");
        if least == 0 {
            return (0, first);
        }
        let (mut best, mut best_min) = (first, self.cost(self.link(first).down));
        for k in ties {
            let min = self.cost(self.link(k).down);
            if min > best_min {
                (best, best_min) = (k, min);
            }
        }
        (least, best)
    }

    /// The search, with colors or without (chosen once).
    fn search(
        &mut self,
        limits: &Limits,
        stats: &mut Stats,
        bound: &mut impl Bound,
        prefix: &[u32],
    ) -> Option<StopReason> {
        if self.color.is_empty() {
            self.run::<false>(limits, stats, bound, prefix)
        } else {
            self.run::<true>(limits, stats, bound, prefix)
        }
    }

    /// Whether the option of node `p` can be chosen now: every node of it still in its list,
    /// and the item of each uncolored one not covered. (An option that shares an item with a
    /// chosen one, or gives a purified item another color, was hidden: some node of it is out
    /// of its list, or its item is covered.) Checked with no bound, when every option of a
    /// covered list is hidden.
    fn choosable(&self, p: u32) -> bool {
        let (first, end) = option_bounds(p, self.meta(p).place);
        (first..end).all(|q| {
            let NodeLinks { up, .. } = self.link(q);
            let linked = self.link(up).down == q;
            let item = self.meta(q).item as usize;
            let active = self.next[self.prev[item] as usize] as usize == item;
            let colored = !self.color.is_empty() && self.color(q) != 0;
            linked && (colored || active)
        })
    }

    /// Chooses option node `p` as the next level would: covers its item, then the rest of its
    /// option, with the threshold `room` (the bound less the cost so far, `p`'s included).
    /// Returns the trail's marks before each.
    fn select<const COLORS: bool>(&mut self, p: u32, room: u64) -> (usize, usize) {
        let (mut updates, mut cleansings) = (0, 0);
        let mark0 = self.top;
        self.cover::<COLORS>(self.meta(p).item, room, &mut updates);
        let mark = self.top;
        self.cover_others::<COLORS>(p, room, &mut updates, &mut cleansings);
        (mark0, mark)
    }

    /// [`Dance::select`] with colors or without, as the problem has them (outside the loop).
    fn select_any(&mut self, p: u32, room: u64) -> (usize, usize) {
        if self.color.is_empty() {
            self.select::<false>(p, room)
        } else {
            self.select::<true>(p, room)
        }
    }

    /// [`Dance::unselect`] with colors or without, as the problem has them.
    fn unselect_any(&mut self, p: u32, marks: (usize, usize)) {
        if self.color.is_empty() {
            self.unselect::<false>(p, marks)
        } else {
            self.unselect::<true>(p, marks)
        }
    }

    /// Undoes [`Dance::select`].
    fn unselect<const COLORS: bool>(&mut self, p: u32, (mark0, mark): (usize, usize)) {
        self.uncover_others::<COLORS>(p, mark);
        self.restore(mark0);
        self.relink_item(self.meta(p).item);
    }

    /// Cuts the top of the tree into at least `target` jobs where it can: prefixes of choices
    /// (option nodes), level by level in the order the search takes them (no bound yet), the
    /// subtrees with no solution left out. A prefix may be a whole solution.
    fn split(&mut self, target: usize) -> Vec<Vec<u32>> {
        let mut jobs: Vec<Vec<u32>> = vec![Vec::new()];
        for _depth in 0..4 {
            if jobs.len() >= target {
                break;
            }
            let mut deeper = Vec::new();
            for job in jobs {
                let mut cost = 0u64;
                let mut marks = Vec::with_capacity(job.len());
                for &p in &job {
                    cost += self.cost(p);
                    marks.push(self.select_any(p, INF - cost));
                }
                if self.next[0] == 0 {
                    deeper.push(job.clone());
                } else {
                    let (t, item) = self.choose(INF - cost);
                    if t > 0 {
                        let mut p = self.link(item).down;
                        while p != item {
                            let mut next = job.clone();
                            next.push(p);
                            deeper.push(next);
                            p = self.link(p).down;
                        }
                    }
                }
                for (&p, &m) in job.iter().zip(&marks).rev() {
                    self.unselect_any(p, m);
                }
            }
            jobs = deeper;
        }
        jobs
    }

    /// `dlx5`'s search, to its end or a limit.
    fn run<const COLORS: bool>(
        &mut self,
        limits: &Limits,
        stats: &mut Stats,
        bound: &mut impl Bound,
        prefix: &[u32],
    ) -> Option<StopReason> {
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
            Recover,
        }
        let max_nodes = limits.max_nodes().unwrap_or(u64::MAX);
        let async_checks = limits.watches();
        let (mut nodes, mut updates, mut cleansings) = (0u64, 0u64, 0u64);
        let mut profile: Vec<u64> = vec![0];
        // Per level: the node chosen, the net cost before it, the trail's length before the
        // branching item was covered and before the chosen option's other items were.
        let mut choice: Vec<u32> = Vec::new();
        let mut part_cost: Vec<u64> = Vec::new();
        let mut mark0: Vec<usize> = Vec::new();
        let mut mark: Vec<usize> = Vec::new();
        let (mut cur_cost, mut next_cost) = (0u64, 0u64);
        let mut cutoff = bound.cutoff();
        let (mut cur, mut best) = (0u32, 0u32);
        let mut reached = 0u64;
        // A job's prefix, chosen as the search would choose it (its levels not counted); a
        // prefix already too costly for the bound has nothing to search.
        let mut step = Step::Forward;
        let mut prefix_marks = Vec::with_capacity(prefix.len());
        for &p in prefix {
            next_cost = cur_cost + self.cost(p);
            if next_cost >= cutoff {
                step = Step::Backdown;
                break;
            }
            prefix_marks.push(self.select::<COLORS>(p, cutoff - next_cost));
            cur_cost = next_cost;
        }
        let base = prefix_marks.len();
        choice.extend_from_slice(&prefix[..base]);
        part_cost.resize(base, 0);
        mark0.resize(base, 0);
        mark.resize(base, 0);
        let mut level = base;
        profile.resize(base + 1, 0);
        if base == prefix.len() && base > 0 && self.next[0] == 0 {
            // The prefix is a whole solution.
            step = Step::Backdown;
            nodes += 1;
            profile[base] += 1;
            reached += 1;
            let options = prefix
                .iter()
                .map(|&p| self.problem.option_of_node(Node(p)))
                .collect();
            if let Some(reason) = bound.found(cur_cost, options) {
                *stats = Stats::from_figures(reached, nodes, 0, 0, Vec::new());
                return Some(reason);
            }
        }
        let stopped = loop {
            match step {
                Step::Forward => {
                    if nodes >= max_nodes {
                        break Some(StopReason::NodeLimit);
                    }
                    if bound.stopped() {
                        break Some(StopReason::Visitor);
                    }
                    // Another thread may have lowered the bound below the cost so far: then
                    // nothing here can beat it. (Never on one thread: the level was entered
                    // below the bound, which only this search lowers, at solutions.) The room
                    // must not wrap: an option too costly for the covers above must stay too
                    // costly here, or it could be chosen with an item already covered.
                    cutoff = bound.cutoff();
                    if cur_cost >= cutoff {
                        step = Step::Backdown;
                        continue;
                    }
                    // At the root too: a flag set before the search stops it with nothing done.
                    if async_checks && nodes % CHECK_EVERY == 0 {
                        if let Some(reason) = limits.check_async() {
                            break Some(reason);
                        }
                    }
                    nodes += 1;
                    if profile.len() <= level {
                        profile.resize(level + 1, 0);
                    }
                    profile[level] += 1;
                    let (t, item) = if cutoff == INF {
                        self.choose_unbounded()
                    } else {
                        self.choose(cutoff - cur_cost)
                    };
                    if t == 0 {
                        step = Step::Backdown;
                        continue;
                    }
                    best = item;
                    if choice.len() <= level {
                        let more = level + 1 - choice.len();
                        part_cost.extend(std::iter::repeat_n(0, more));
                        mark0.extend(std::iter::repeat_n(0, more));
                        mark.extend(std::iter::repeat_n(0, more));
                        choice.extend(std::iter::repeat_n(0, more));
                    }
                    part_cost[level] = cur_cost;
                    cur = self.links[best as usize].down;
                    choice[level] = cur;
                    next_cost = cur_cost + self.cost[cur as usize];
                    mark0[level] = self.top;
                    self.cover::<COLORS>(best, cutoff - next_cost, &mut updates);
                    step = Step::Advance;
                }
                Step::Advance => {
                    mark[level] = self.top;
                    let thresh = cutoff - next_cost;
                    self.cover_others::<COLORS>(cur, thresh, &mut updates, &mut cleansings);
                    if self.next[0] != 0 {
                        level += 1;
                        cur_cost = next_cost;
                        step = Step::Forward;
                        continue;
                    }
                    // A solution, and a node: it beats the k-th best known.
                    if nodes >= max_nodes {
                        break Some(StopReason::NodeLimit);
                    }
                    nodes += 1;
                    if profile.len() <= level + 1 {
                        profile.resize(level + 2, 0);
                    }
                    profile[level + 1] += 1;
                    let options: Vec<OptionId> = choice[..=level]
                        .iter()
                        .map(|&p| self.problem.option_of_node(Node(p)))
                        .collect();
                    reached += 1;
                    if let Some(reason) = bound.found(next_cost, options) {
                        break Some(reason);
                    }
                    cutoff = bound.cutoff();
                    step = Step::Recover;
                }
                Step::Backup => {
                    self.restore(mark0[level]);
                    self.relink_item(best);
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == base {
                        break None;
                    }
                    level -= 1;
                    cur = choice[level];
                    best = self.meta(cur).item;
                    cur_cost = part_cost[level];
                    step = Step::Recover;
                }
                Step::Recover => {
                    self.uncover_others::<COLORS>(cur, mark[level]);
                    cur = self.links[cur as usize].down;
                    choice[level] = cur;
                    if cur == best {
                        step = Step::Backup;
                        continue;
                    }
                    next_cost = cur_cost + self.cost[cur as usize];
                    cutoff = bound.cutoff();
                    step = if next_cost >= cutoff {
                        Step::Backup
                    } else {
                        Step::Advance
                    };
                }
            }
        };
        if stopped.is_none() {
            // The job's subtree is searched and undone: undo its prefix too.
            for (&p, &m) in prefix.iter().zip(&prefix_marks).rev() {
                self.unselect::<COLORS>(p, m);
            }
        }
        while profile.last() == Some(&0) && profile.len() > 1 {
            profile.pop();
        }
        *stats = Stats::from_figures(reached, nodes, updates, cleansings, profile);
        stopped
    }
}
