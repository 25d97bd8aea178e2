//! The memoized search (Knuth's `dlx6`, after Nishino, Yasuda, Minato and Nagata's "Dancing
//! with decision diagrams", 2017): Algorithm X that remembers, for every remaining problem it
//! has solved, the ZDD node of its solutions, so a problem met again under another partial
//! solution is not searched again. Its product is a [`Zdd`] of every solution.
//!
//! The rules are `dlx6`'s, so the figures are too:
//!
//! * **The state.** What is left to solve after a partial solution is told by which primary
//!   items are still uncovered and, for each secondary item that some remaining option still
//!   uses, whether it is still free or has been given a color (and which). That is the
//!   *signature*: one bit per primary item, a few bits per secondary item (its code: 0 gone, 1
//!   free, `1 + c` purified to its `c`-th color). Two partial solutions with the same signature
//!   leave the same options, so the same solutions.
//! * **The dance.** `dlx2`'s, except that a secondary item leaves the list of active items as
//!   soon as no remaining option uses it (its length reaches 0; a purified item's length counts
//!   the options of its color that are left), so it drops out of the signature, and a purified
//!   item's nodes stay in their list (only its length changes).
//! * **The cache.** At every node the signature is looked up: found, the node's solutions are
//!   the ZDD node cached with it (none if it had none) and the search backs up at once (a
//!   *hit*); not found, it is stored (a *memo*) and the level runs as usual, its ZDD node cached
//!   when the level ends with solutions.
//! * **The ZDD.** A level that found solutions for its `k`-th option makes a node
//!   `(~k ? lo : hi)`: `hi` the ZDD of what was below that option, `lo` the node made for the
//!   options tried before it on the same level (the bottom sink if none). The top sink stands
//!   for a solution completed.
//!
//! Figures, as `dlx6` prints them: a search node per level entered (hits included) and per
//! solution, updates and cleansings as in its `cover` and `purify`, ZDD nodes (the two sinks
//! and every node made; 1 when there is no solution), memos (signatures stored; `dlx6` prints
//! them as `memos-goodmemos+goodmemos+1`) and hits (a solution counts as one, at the level
//! below it).
//!
//! Where `dlx6` keeps its signatures in a fixed table of 2^30 slots and 2·10^9 words, ours
//! grow with the problem and stop, with [`StopReason::MemoryLimit`], at the budget asked for.

use foldhash::fast::RandomState;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use super::diagram::{Count, Zdd, ZddNode};
use crate::control::{Limits, StopReason};
use crate::problem::{OptionId, Problem};

#[path = "components.rs"]
mod components;

/// [`MemoStats::zdd_nodes`] of a diagram of `nodes` nodes whose root is `root`: the two sinks
/// and every node; without a node, the bottom sink, and the top one when it is the root (a
/// job's options are a solution).
fn zdd_figure(nodes: usize, root: u32) -> u64 {
    if nodes == 0 {
        1 + u64::from(root == 1)
    } else {
        nodes as u64 + 2
    }
}

/// What stops a search that has counted `nodes` nodes before it counts another: the node limit,
/// and every [`CHECK_EVERY`] nodes the deadline, the clock and the cancel flag.
#[inline]
fn node_limits(limits: &Limits, nodes: u64) -> Option<StopReason> {
    if limits.max_nodes().is_some_and(|m| nodes >= m) {
        return Some(StopReason::NodeLimit);
    }
    if nodes % CHECK_EVERY == 0 {
        return limits.check_async();
    }
    None
}

/// The deadline and the cancel flag are looked at when the node count is a multiple of this.
const CHECK_EVERY: u64 = 4096;

/// Set in a primary item's length while it is covered (lengths stay below 2^30): its list is
/// left alone meanwhile, so the bit survives, and keeps it out of the shortest.
const COVERED: i32 = 1 << 30;

/// Why a memoized search refused its limits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// A solution limit was set: the memoized search finds solutions in groups (a hit adds
    /// all the solutions of a remaining problem at once), so it counts all or stops by nodes,
    /// time, memory or ZDD nodes.
    #[error("the memoized search counts every solution; it takes no solution limit")]
    SolutionLimit,
}

/// The figures of a memoized search, with the definitions of Knuth's `dlx6`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Search-tree nodes: one per level entered (cache hits included) and one per solution.
    pub nodes: u64,
    /// One per item taken out of the item list, one per node taken out of an item's list
    /// (or, in a purified item, counted out of its length).
    pub updates: u64,
    /// With colors: one per purification and one per node found to have the chosen color.
    pub cleansings: u64,
    /// Nodes of the ZDD as `dlx6` counts them: the two sinks and every node made, or 1 (the
    /// bottom sink alone) when there is no solution. Its dummy root is not counted.
    pub zdd_nodes: u64,
    /// Signatures stored in the cache (the remaining problems searched).
    pub memos: u64,
    /// Of those, the ones that had solutions.
    pub good_memos: u64,
    /// Signatures found in the cache, plus one per solution (as `dlx6` counts them).
    pub hits: u64,
    /// The count by components ([`MemoSearch::components`]): the times the items left fell into two or
    /// more components (0 for the plain search).
    pub splits: u64,
    /// The nodes on each level (the root's level first), hits and solutions included (empty
    /// for the count by components).
    pub profile: Vec<u64>,
    /// The memory the cache and the ZDD held at the end, in bytes.
    pub memory: u64,
}

/// A memoized search of a [`Problem`], set up by [`Problem::memo`] and run by
/// [`MemoSearch::run`].
///
/// ```
/// let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n")?.problem;
/// let memo = problem.memo().run();
/// assert!(memo.is_complete());
/// assert_eq!(memo.count().unwrap().to_u64(), Some(2));
/// let zdd = memo.zdd().unwrap();
/// let mut all: Vec<Vec<u32>> = zdd.solutions().collect();
/// all.sort();
/// assert_eq!(all, [vec![1, 2], vec![3, 4]]); // options a b + c, and a + b c
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MemoSearch<'p> {
    problem: &'p Problem,
    limits: Limits,
    max_zdd_nodes: Option<u64>,
    max_memory: Option<u64>,
    /// Options taken before the search starts (a job of a split): it counts the solutions
    /// that have them, and its ZDD is of the rest of each.
    prefix: Vec<OptionId>,
    /// Threads (0: one per core).
    threads: usize,
    /// Count by components ([`MemoSearch::components`]).
    components: bool,
    /// Keep the ZDD ([`MemoSearch::keep_zdd`]).
    keep_zdd: bool,
}

/// What a memoized search found.
#[derive(Debug, Clone)]
pub struct Memo {
    /// The figures.
    pub stats: MemoStats,
    /// Why it stopped before the end, if it did.
    pub stopped: Option<StopReason>,
    zdd: Zdd,
    found: Count,
    /// Counted by components: no ZDD.
    by_components: bool,
    /// The ZDD kept ([`MemoSearch::keep_zdd`]; never when counted by components).
    zdd_kept: bool,
}

impl Memo {
    /// Whether the search ran to the end: only then are the count and the ZDD every solution.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// The number of solutions, exact at any size; `None` when the search stopped before the
    /// end (see [`Memo::found`]).
    pub fn count(&self) -> Option<&Count> {
        self.is_complete().then_some(&self.found)
    }

    /// The solutions found: every solution when the search is complete, and when it stopped
    /// those of the subtrees it had finished (a lower bound).
    pub fn found(&self) -> &Count {
        &self.found
    }

    /// The ZDD of every solution; `None` when the search stopped before the end, counted by
    /// components, or was asked not to keep it ([`MemoSearch::keep_zdd`]).
    pub fn zdd(&self) -> Option<&Zdd> {
        self.has_zdd().then_some(&self.zdd)
    }

    /// The ZDD, if the search is complete, kept it, and did not count by components.
    pub fn into_zdd(self) -> Option<Zdd> {
        self.has_zdd().then_some(self.zdd)
    }

    fn has_zdd(&self) -> bool {
        self.is_complete() && self.zdd_kept
    }

    /// Whether it counted by components ([`MemoSearch::components`]): a count and its own figures, no
    /// ZDD.
    pub fn by_components(&self) -> bool {
        self.by_components
    }
}

impl Problem {
    /// A memoized search of this problem (Knuth's `dlx6`): every solution as a [`Zdd`], with
    /// its exact count, without visiting the solutions one by one. See [`crate::zdd`].
    ///
    /// A problem with bounds on items (`dlx3`'s multiplicities), which `dlx6` does not take,
    /// is searched by options in and out, with the same cache.
    pub fn memo(&self) -> MemoSearch<'_> {
        MemoSearch {
            problem: self,
            limits: Limits::none(),
            max_zdd_nodes: None,
            max_memory: None,
            prefix: Vec::new(),
            threads: 1,
            components: false,
            keep_zdd: true,
        }
    }
}

impl<'p> MemoSearch<'p> {
    /// Stop at these limits: nodes, a deadline or a cancel flag (looked at every 4096 nodes).
    ///
    /// # Errors
    /// [`MemoError::SolutionLimit`] if the limits have a solution limit.
    pub fn with_limits(mut self, limits: Limits) -> Result<Self, MemoError> {
        if limits.max_solutions().is_some() {
            return Err(MemoError::SolutionLimit);
        }
        self.limits = limits;
        Ok(self)
    }

    /// Stop once the ZDD has more than `n` nodes, counted as [`MemoStats::zdd_nodes`] counts
    /// them (Knuth's `Z<n>`; `None`: no limit).
    pub fn max_zdd_nodes(mut self, n: impl Into<Option<u64>>) -> Self {
        self.max_zdd_nodes = n.into();
        self
    }

    /// Stop before the cache and the ZDD would hold more than `bytes` (`None`: no limit).
    pub fn max_memory(mut self, bytes: impl Into<Option<u64>>) -> Self {
        self.max_memory = bytes.into();
        self
    }

    /// Takes these options before the search starts, so that it counts the solutions that
    /// have them (a job of a split: the options on its way from the root of dancing links'
    /// tree, which the caller has checked to be such a way). Not for a problem with bounds.
    pub(crate) fn prefix(mut self, options: Vec<OptionId>) -> Self {
        self.prefix = options;
        self
    }

    /// Searches on `n` threads (0: one per core; 1, the default: this one) sharing one cache,
    /// each subproblem searched by one thread, its owner, the others taking its options nobody
    /// has tried yet, so the count and the ZDD (its nodes, numbered as one thread numbers them)
    /// are those of one thread; the other figures are the threads' together.
    /// Without the `parallel` feature, and for a problem with bounds, the search runs on this
    /// thread.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// Counts by components (DXD's components): where the primary items left fall into groups
    /// that no option joins (nor a secondary item not yet given a color), each group is counted
    /// on its own, and the counts multiplied; each group's count is kept in the cache. Faster
    /// where the problem is groups from the start (two boards side by side: 57 times fewer
    /// nodes); elsewhere the walk that looks for the groups at every state stored costs 2.6 to
    /// 6.3 times the time, even where groups appear on the way (`docs/benchmarks.md`). A count only, with figures of its own ([`MemoStats::splits`]),
    /// and no ZDD ([`Memo::zdd`] is `None`); on one thread, whatever [`MemoSearch::threads`]
    /// says, without options taken first, and not for a problem with bounds (searched by
    /// options in and out as always). Stopped by a limit, it has found 0 (a count of a part
    /// is kept only when it is whole).
    pub fn components(mut self, on: bool) -> Self {
        self.components = on;
        self
    }

    /// Whether the ZDD is wanted (yes by default); without it [`Memo::zdd`] is `None`, and the
    /// count and the figures are the same. On threads the count is then taken from the nodes
    /// where each thread made them, on as many threads, not after numbering them as one thread
    /// does (`aztec_11` on two threads: 0.12 s of numbering and counting -> 0.03 s).
    pub fn keep_zdd(mut self, on: bool) -> Self {
        self.keep_zdd = on;
        self
    }

    /// Runs the search.
    pub fn run(&self) -> Memo {
        if self.components && !self.problem.has_bounds() {
            return self.run_by_components();
        }
        #[cfg(feature = "parallel")]
        if self.threads != 1 && !self.problem.has_bounds() && self.prefix.is_empty() {
            return self.run_on_threads(crate::control::threads_to_use(self.threads));
        }
        let new_run = |words| Run {
            limits: &self.limits,
            max_zdd: self.max_zdd_nodes.unwrap_or(u64::MAX),
            max_memory: self.max_memory.unwrap_or(u64::MAX),
            stats: MemoStats::default(),
            zdd: Vec::new(),
            cache: Cache::new(words),
            shared: None,
            chunks: Vec::new(),
            local: Local::new(0),
        };
        let (run, (stopped, pending)) = if self.problem.has_bounds() {
            let mut subsets = Subsets::new(self.problem);
            let mut run = new_run(subsets.words);
            let result = run.search_subsets(&mut subsets);
            (run, result)
        } else {
            let mut dance = Dance::new(self.problem);
            let mut run = new_run(dance.words);
            let result = if dance.take(self.problem, &self.prefix) {
                // The options taken cover every primary item: one solution, the empty rest.
                (None, vec![1])
            } else {
                run.search(&mut dance)
            };
            (run, result)
        };
        let Run {
            mut stats,
            zdd,
            cache,
            ..
        } = run;
        stats.zdd_nodes = zdd_figure(zdd.len(), pending.last().copied().unwrap_or(0));
        stats.memory = cache.bytes() + (zdd.capacity() * std::mem::size_of::<ZddNode>()) as u64;
        // Its memory goes before the count takes more.
        drop(cache);
        let zdd = Zdd::from_search(zdd, pending.last().copied().unwrap_or(0), self.problem);
        // Complete, the last pending node is the root; stopped, the solutions found are those
        // of every pending node (each level's options finished so far), which are disjoint.
        let found = zdd.count_of_roots(&pending);
        let zdd = if self.keep_zdd {
            zdd
        } else {
            Zdd::from_search(Vec::new(), 0, self.problem)
        };
        Memo {
            stats,
            stopped,
            zdd,
            found,
            by_components: false,
            zdd_kept: self.keep_zdd,
        }
    }

    /// [`MemoSearch::run`] by components: the recursion on a thread whose stack holds a level per
    /// primary item (on this one for small problems).
    fn run_by_components(&self) -> Memo {
        let mut dance = Dance::new(self.problem);
        let max_memory = self.max_memory.unwrap_or(u64::MAX);
        let levels = dance.n1 as usize;
        let mut work = || {
            let mut search = components::Components::new(&dance, &self.limits, max_memory);
            let result = if dance.pn[0][1] == 0 {
                Ok(Count::from(1u64))
            } else {
                search.count(&mut dance)
            };
            let bytes = search.bytes();
            (search.stats, bytes, result)
        };
        let (mut stats, bytes, result) = if levels <= 1000 {
            work()
        } else {
            std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .name("dlx-components".into())
                    .stack_size((1 << 20) + levels * 2048)
                    .spawn_scoped(scope, work)
                    .expect("a thread for the count by components")
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        };
        stats.memory = bytes;
        let (found, stopped) = match result {
            Ok(count) => (count, None),
            Err(reason) => (Count::from(0u64), Some(reason)),
        };
        Memo {
            stats,
            stopped,
            zdd: Zdd::from_search(Vec::new(), 0, self.problem),
            found,
            by_components: true,
            zdd_kept: false,
        }
    }
}

/// The links, `dlx6`'s layout: nodes `1..=n` head the items' lists, then each option's nodes
/// follow a spacer (whose `item` is minus the number of options before it), and a last
/// spacer ends them. A spacer's `up` is the first node of the option before it, its `down`
/// the last node of the option after it, so an option is walked round from any of its nodes.
#[derive(Clone)]
struct Dance {
    /// `up`, `down` of each node (of each header: the ends of its list).
    ud: Vec<[u32; 2]>,
    /// The item of each node (a header: unused); at a spacer, minus the options before it.
    itm: Vec<i32>,
    /// The color code of each node (0 none, else 1, 2, ... per item); -1 once cleansed.
    /// Empty for a problem without colors.
    color: Vec<i32>,
    /// Each item's list length; -1 marks a purified item that no option of its color was
    /// left in (so it was taken out of the active list, and goes back when unpurified).
    len: Vec<i32>,
    /// The color code a purified secondary item has (0 when it is not purified).
    icolor: Vec<i32>,
    /// `prev`, `next` in the circular lists of active items: `0` heads the primary items
    /// `1..=n1`, `n + 1` the secondary ones.
    pn: Vec<[u32; 2]>,
    /// Primary items are `1..=n1`, secondary ones after them.
    n1: u32,
    /// Each item's place in the signature: its word, its shift.
    word: Vec<u32>,
    shift: Vec<u32>,
    /// Each item's current code in the signature (0 gone, 1 free, `1 + c` purified).
    code: Vec<u32>,
    /// The signature of the current state, kept up to date by every change of an item.
    sig: Vec<u64>,
    words: usize,
}

impl Dance {
    fn new(problem: &Problem) -> Dance {
        let n = problem.num_items() as u32;
        let n1 = problem.num_primary() as u32;
        let colored = problem.has_colors();
        let heads = n as usize + 1;
        let entries: usize = (0..problem.num_options())
            .map(|o| problem.option_items(OptionId(o as u32)).len())
            .sum();
        let total = heads + entries + problem.num_options() + 1;
        let mut d = Dance {
            ud: Vec::with_capacity(total),
            itm: Vec::with_capacity(total),
            color: Vec::new(),
            len: vec![0; heads + 1],
            icolor: vec![0; heads + 1],
            pn: vec![[0, 0]; heads + 1],
            n1,
            word: vec![0; heads + 1],
            shift: vec![0; heads + 1],
            code: vec![0; heads + 1],
            sig: Vec::new(),
            words: 0,
        };
        // Headers (node 0 unused), then the first spacer.
        for i in 0..heads as u32 {
            d.ud.push([i, i]);
            d.itm.push(0);
        }
        d.ud.push([0, 0]);
        d.itm.push(0);
        let mut raw_color: Vec<u32> = Vec::new();
        if colored {
            raw_color.resize(heads + 1, 0);
        }
        for o in 0..problem.num_options() {
            let spacer = d.ud.len() - 1;
            for (item, color) in problem.option_entries(OptionId(o as u32)) {
                let k = problem.internal_item(item).0;
                let p = d.ud.len() as u32;
                let last = d.ud[k as usize][0];
                d.ud.push([last, k]);
                d.ud[last as usize][1] = p;
                d.ud[k as usize][0] = p;
                d.itm.push(k as i32);
                d.len[k as usize] += 1;
                if colored {
                    raw_color.push(color.map_or(0, |c| c.0 + 1));
                }
            }
            let end = d.ud.len() as u32 - 1;
            d.ud[spacer][1] = end;
            d.ud.push([spacer as u32 + 1, 0]);
            d.itm.push(-(o as i32 + 1));
            if colored {
                raw_color.push(0);
            }
        }
        // The active lists: primary 1..=n1 under 0; secondary items that some option uses
        // under n + 1 (an unused one is gone from the start, as in dlx6).
        let link = |pn: &mut Vec<[u32; 2]>, list: &[u32], head: u32| {
            let mut prev = head;
            for &k in list {
                pn[prev as usize][1] = k;
                pn[k as usize][0] = prev;
                prev = k;
            }
            pn[prev as usize][1] = head;
            pn[head as usize][0] = prev;
        };
        let primary: Vec<u32> = (1..=n1).collect();
        let secondary: Vec<u32> = (n1 + 1..=n).filter(|&k| d.len[k as usize] > 0).collect();
        link(&mut d.pn, &primary, 0);
        link(&mut d.pn, &secondary, n + 1);
        // Colors renumbered per item, 1, 2, ... in the order its list meets them.
        let mut colors_of = vec![0u32; heads + 1];
        if colored {
            d.color = vec![0; d.ud.len()];
            let mut seen: std::collections::HashMap<u32, i32> = std::collections::HashMap::new();
            for k in n1 + 1..=n {
                seen.clear();
                let mut p = d.ud[k as usize][1];
                while p != k {
                    let c = raw_color[p as usize];
                    if c != 0 {
                        let next = seen.len() as i32 + 1;
                        d.color[p as usize] = *seen.entry(c).or_insert(next);
                    }
                    p = d.ud[p as usize][1];
                }
                colors_of[k as usize] = seen.len() as u32;
            }
        }
        // Signature fields, as dlx6 lays them out: from the last item to the first, a bit for
        // a primary item, enough bits for codes 0..=colors+1 for a used secondary one, none
        // crossing a word.
        let (mut w, mut r) = (0u32, 0u32);
        for k in (1..=n).rev() {
            let bits = if k <= n1 {
                1
            } else if d.len[k as usize] == 0 {
                continue;
            } else {
                32 - (colors_of[k as usize] + 1).leading_zeros()
            };
            if r + bits > 64 {
                w += 1;
                r = 0;
            }
            d.word[k as usize] = w;
            d.shift[k as usize] = r;
            r += bits;
        }
        d.words = w as usize + 1;
        d.sig = vec![0; d.words];
        for k in 1..=n {
            if k <= n1 || d.len[k as usize] > 0 {
                d.set_code(k, 1);
            }
        }
        d
    }

    /// Gives item `k` a new code in the signature.
    #[inline]
    fn set_code(&mut self, k: u32, code: u32) {
        let k = k as usize;
        let old = self.code[k];
        self.code[k] = code;
        self.sig[self.word[k] as usize] ^= u64::from(old ^ code) << self.shift[k];
    }

    /// Takes item `k` out of its active list.
    #[inline]
    fn unlink_item(&mut self, k: u32) {
        let [l, r] = self.pn[k as usize];
        self.pn[l as usize][1] = r;
        self.pn[r as usize][0] = l;
        if k <= self.n1 {
            self.len[k as usize] |= COVERED;
        }
        self.set_code(k, 0);
    }

    /// Puts item `k` back into its active list.
    #[inline]
    fn relink_item(&mut self, k: u32) {
        let [l, r] = self.pn[k as usize];
        self.pn[l as usize][1] = k;
        self.pn[r as usize][0] = k;
        let code = if k <= self.n1 {
            self.len[k as usize] &= !COVERED;
            1
        } else {
            1 + self.icolor[k as usize] as u32
        };
        self.set_code(k, code);
    }

    /// Hides the options in item `c`'s list from the other lists (`dlx6`'s `cover`). Its loop
    /// over an option's nodes is written out again in `purify` (and `uncover`'s in `unpurify`):
    /// one `#[inline(always)]` helper for both measured 12% slower on `pentomino_6x10_sym`
    /// (hyperfine means of 8, 1.89 against 2.15 s).
    fn cover<const C: bool>(&mut self, c: u32, updates: &mut u64) {
        self.unlink_item(c);
        *updates += 1;
        // SAFETY (here and in `uncover`): every link and item stored is an index the builder
        // made valid for its vector, and the dance stores only values it read from links or
        // the index of the node it stands on (dlx6's invariants; `debug_assert`ed by `at`).
        let mut rr = at(&self.ud, c)[1];
        while rr != c {
            let mut nn = rr + 1;
            while nn != rr {
                let cc = *at(&self.itm, nn);
                if cc <= 0 {
                    nn = at(&self.ud, nn)[0];
                    continue;
                }
                if !C || *at(&self.color, nn) >= 0 {
                    let [u, d] = *at(&self.ud, nn);
                    at_mut(&mut self.ud, u)[1] = d;
                    at_mut(&mut self.ud, d)[0] = u;
                }
                *updates += 1;
                let t = *at(&self.len, cc as u32) - 1;
                *at_mut(&mut self.len, cc as u32) = t;
                if t == 0 && cc as u32 > self.n1 {
                    self.unlink_item(cc as u32);
                }
                nn += 1;
            }
            rr = at(&self.ud, rr)[1];
        }
    }

    /// Undoes [`Dance::cover`].
    fn uncover<const C: bool>(&mut self, c: u32) {
        let mut rr = at(&self.ud, c)[0];
        while rr != c {
            let mut nn = rr - 1;
            while nn != rr {
                let cc = *at(&self.itm, nn);
                if cc <= 0 {
                    nn = at(&self.ud, nn)[1];
                    continue;
                }
                if !C || *at(&self.color, nn) >= 0 {
                    let [u, d] = *at(&self.ud, nn);
                    at_mut(&mut self.ud, u)[1] = nn;
                    at_mut(&mut self.ud, d)[0] = nn;
                }
                let t = *at(&self.len, cc as u32) + 1;
                *at_mut(&mut self.len, cc as u32) = t;
                if t == 1 && cc as u32 > self.n1 {
                    self.relink_item(cc as u32);
                }
                nn -= 1;
            }
            rr = at(&self.ud, rr)[0];
        }
        self.relink_item(c);
    }

    /// Gives the item of node `p` the color of `p`: hides the options of other colors, marks
    /// those of the same color cleansed (`dlx6`'s `purify`).
    fn purify(&mut self, p: u32, updates: &mut u64, cleansings: &mut u64) {
        let item = *at(&self.itm, p) as u32;
        let x = *at(&self.color, p);
        self.icolor[item as usize] = x;
        let mut tt = *at(&self.len, item);
        *cleansings += 1;
        let mut rr = at(&self.ud, item)[1];
        while rr != item {
            if *at(&self.color, rr) != x {
                tt -= 1;
                let mut nn = rr + 1;
                while nn != rr {
                    let cc = *at(&self.itm, nn);
                    if cc <= 0 {
                        nn = at(&self.ud, nn)[0];
                        continue;
                    }
                    if *at(&self.color, nn) >= 0 {
                        let [u, d] = *at(&self.ud, nn);
                        at_mut(&mut self.ud, u)[1] = d;
                        at_mut(&mut self.ud, d)[0] = u;
                    }
                    *updates += 1;
                    let t = *at(&self.len, cc as u32) - 1;
                    *at_mut(&mut self.len, cc as u32) = t;
                    if t == 0 && cc as u32 > self.n1 {
                        self.unlink_item(cc as u32);
                    }
                    nn += 1;
                }
            } else {
                *cleansings += 1;
                *at_mut(&mut self.color, rr) = -1;
            }
            rr = at(&self.ud, rr)[1];
        }
        if tt > 0 {
            *at_mut(&mut self.len, item) = tt;
            self.set_code(item, 1 + x as u32);
        } else {
            *at_mut(&mut self.len, item) = -1;
            self.unlink_item(item);
        }
    }

    /// Undoes [`Dance::purify`].
    fn unpurify(&mut self, p: u32) {
        let item = *at(&self.itm, p) as u32;
        let x = *at(&self.color, p);
        self.icolor[item as usize] = 0;
        let mut tt = *at(&self.len, item);
        if tt < 0 {
            tt = 0;
            self.relink_item(item);
        } else {
            self.set_code(item, 1);
        }
        let mut rr = at(&self.ud, item)[0];
        while rr != item {
            if *at(&self.color, rr) < 0 {
                *at_mut(&mut self.color, rr) = x;
            } else {
                tt += 1;
                let mut nn = rr - 1;
                while nn != rr {
                    let cc = *at(&self.itm, nn);
                    if cc <= 0 {
                        nn = at(&self.ud, nn)[1];
                        continue;
                    }
                    if *at(&self.color, nn) >= 0 {
                        let [u, d] = *at(&self.ud, nn);
                        at_mut(&mut self.ud, u)[1] = nn;
                        at_mut(&mut self.ud, d)[0] = nn;
                    }
                    let t = *at(&self.len, cc as u32) + 1;
                    *at_mut(&mut self.len, cc as u32) = t;
                    if t == 1 && cc as u32 > self.n1 {
                        self.relink_item(cc as u32);
                    }
                    nn -= 1;
                }
            }
            rr = at(&self.ud, rr)[0];
        }
        *at_mut(&mut self.len, item) = tt;
    }

    /// Covers or purifies the items of `cur`'s option other than the one it was chosen for,
    /// left to right round the option.
    fn select<const C: bool>(&mut self, cur: u32, updates: &mut u64, cleansings: &mut u64) {
        let mut pp = cur + 1;
        while pp != cur {
            let cc = self.itm[pp as usize];
            if cc <= 0 {
                pp = self.ud[pp as usize][0];
                continue;
            }
            let cc = cc as u32;
            if cc <= self.n1 || self.len[cc as usize] != 0 {
                if !C || self.color[pp as usize] == 0 {
                    self.cover::<C>(cc, updates);
                } else if self.color[pp as usize] > 0 {
                    self.purify(pp, updates, cleansings);
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Dance::select`], right to left; returns the option's number (1-based).
    fn unselect<const C: bool>(&mut self, cur: u32) -> u32 {
        let mut option = 0;
        let mut pp = cur - 1;
        while pp != cur {
            let cc = self.itm[pp as usize];
            if cc <= 0 {
                option = (1 - cc) as u32;
                pp = self.ud[pp as usize][1];
                continue;
            }
            let cc = cc as u32;
            if cc <= self.n1 || self.len[cc as usize] != 0 {
                if !C || self.color[pp as usize] == 0 {
                    self.uncover::<C>(cc);
                } else if self.color[pp as usize] > 0 {
                    self.unpurify(pp);
                }
            }
            pp -= 1;
        }
        option
    }

    /// The active primary item with the shortest list, the leftmost on ties (the list of
    /// active items is in the items' order): a scan of the lengths, where a covered item's
    /// carries [`COVERED`], rather than a walk of the list.
    /// Takes the options `prefix` (disjoint, as the options on a way from the root are), each
    /// by covering one of its primary items and selecting it there; true when no primary item
    /// is left to cover.
    fn take(&mut self, problem: &Problem, prefix: &[OptionId]) -> bool {
        if prefix.is_empty() {
            return false;
        }
        // Option `o`'s nodes follow the spacer after the headers and the options before it.
        let mut first = Vec::with_capacity(problem.num_options());
        let mut p = self.len.len() as u32;
        for o in 0..problem.num_options() {
            first.push(p);
            p += problem.option_items(OptionId(o as u32)).len() as u32 + 1;
        }
        let (mut updates, mut cleansings) = (0, 0);
        for &o in prefix {
            let start = first[o.0 as usize];
            let len = problem.option_items(o).len() as u32;
            let node = (start..start + len)
                .find(|&q| (self.itm[q as usize] as u32) <= self.n1)
                .expect("an option has a primary item");
            let item = self.itm[node as usize] as u32;
            if self.color.is_empty() {
                self.cover::<false>(item, &mut updates);
                self.select::<false>(node, &mut updates, &mut cleansings);
            } else {
                self.cover::<true>(item, &mut updates);
                self.select::<true>(node, &mut updates, &mut cleansings);
            }
        }
        self.pn[0][1] == 0
    }

    fn best_item(&self) -> u32 {
        let lens = &self.len[1..=self.n1 as usize];
        let least = lens.iter().copied().fold(i32::MAX, i32::min);
        lens.iter()
            .position(|&l| l == least)
            .expect("an active item") as u32
            + 1
    }
}

/// `v[i]` without a bounds check: the dance's links are valid indices (see `Dance::cover`).
#[inline(always)]
fn at<T>(v: &[T], i: u32) -> &T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: the callers index with links, which the builder made valid and the dance keeps
    // valid (it stores only links it read, or the index of the node it stands on).
    unsafe { v.get_unchecked(i as usize) }
}

/// `v[i]` for writing, without a bounds check (see [`at`]).
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: as for `at`.
    unsafe { v.get_unchecked_mut(i as usize) }
}

/// `n` zeros, their pages written to: zeroed memory fresh from the system is mapped to one
/// page of zeros until written, so a table read before it is written (the cache's slots) would
/// map that page, and the first store would fault again and, on threads, make every other
/// thread's processor drop its mappings (the kernel's TLB shootdowns: 3,070 on `langford_12`
/// on two threads, 79 with the pages written first).
fn written_zeros<T: Copy + Default>(n: usize) -> Vec<T> {
    let mut v = vec![T::default(); n];
    for page in v.chunks_mut((4096 / std::mem::size_of::<T>()).max(1)) {
        // SAFETY: a valid, aligned place of the vector, written with the value it holds.
        unsafe { std::ptr::write_volatile(&mut page[0], T::default()) };
    }
    v
}

/// The signatures met so far, each with the ZDD node of its solutions: open addressing over
/// a table of slots (each a tag of the hash and an entry's number), the signatures in one
/// flat vector.
struct Cache {
    words: usize,
    keys: Vec<u64>,
    zref: Vec<u32>,
    slots: Vec<u64>,
    hasher: RandomState,
}

impl Cache {
    /// An empty cache of 2^12 slots.
    fn new(words: usize) -> Cache {
        Cache {
            words,
            keys: Vec::new(),
            zref: Vec::new(),
            slots: written_zeros(1 << 12),
            hasher: RandomState::default(),
        }
    }

    fn bytes(&self) -> u64 {
        (self.keys.capacity() * 8 + self.zref.capacity() * 4 + self.slots.len() * 8) as u64
    }

    fn hash(&self, sig: &[u64]) -> u64 {
        self.hasher.hash_one(sig)
    }

    /// The entry of `sig`: `Ok(Err(e))` found at entry `e`, `Ok(Ok(e))` stored as new entry
    /// `e`; `Err(())` if storing it would pass `budget` bytes.
    fn find_or_insert(&mut self, sig: &[u64], budget: u64) -> Result<Result<u32, u32>, ()> {
        let h = self.hash(sig);
        self.find_or_insert_hashed(sig, h, budget)
    }

    /// [`Cache::find_or_insert`] of a signature whose hash is `h`.
    #[inline(always)]
    fn find_or_insert_hashed(
        &mut self,
        sig: &[u64],
        h: u64,
        budget: u64,
    ) -> Result<Result<u32, u32>, ()> {
        let tag = h & 0xffff_ffff_0000_0000;
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                break;
            }
            if s & 0xffff_ffff_0000_0000 == tag {
                let e = (s as u32 - 1) as usize;
                if &self.keys[e * self.words..(e + 1) * self.words] == sig {
                    return Ok(Err(e as u32));
                }
            }
            i = (i + 1) & mask;
        }
        let e = self.zref.len();
        if e >= u32::MAX as usize - 1 {
            return Err(());
        }
        // Room for the new entry, and a table at most half full, within the budget.
        let grow_keys = self.keys.len() + self.words > self.keys.capacity();
        let grow_slots = 2 * (e + 1) > self.slots.len();
        if grow_keys || grow_slots {
            let keys = if grow_keys {
                (self.keys.capacity() + self.keys.capacity() / 2).max(self.words * 1024)
            } else {
                self.keys.capacity()
            };
            let slots = if grow_slots {
                self.slots.len() * 2
            } else {
                self.slots.len()
            };
            let zref = keys / self.words;
            // While the slots are rehashed, the old table and the new one are both held.
            let old_slots = if grow_slots { self.slots.len() } else { 0 };
            let need = (keys * 8 + zref * 4 + (slots + old_slots) * 8) as u64;
            if need > budget {
                return Err(());
            }
            if grow_keys {
                self.keys.reserve_exact(keys - self.keys.len());
                self.zref.reserve_exact(zref - self.zref.len());
            }
            if grow_slots {
                self.rehash(slots);
                return self.find_or_insert_hashed(sig, h, budget);
            }
        }
        self.keys.extend_from_slice(sig);
        self.zref.push(0);
        self.slots[i] = tag | (e as u64 + 1);
        Ok(Ok(e as u32))
    }

    fn rehash(&mut self, size: usize) {
        let mut slots = written_zeros(size);
        let mask = size - 1;
        for e in 0..self.zref.len() {
            let h = self.hash(&self.keys[e * self.words..(e + 1) * self.words]);
            let mut i = (h as usize) & mask;
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = (h & 0xffff_ffff_0000_0000) | (e as u64 + 1);
        }
        self.slots = slots;
    }
}

/// One run: the limits, the figures, the ZDD made so far and the cache.
struct Run<'l> {
    limits: &'l Limits,
    max_zdd: u64,
    max_memory: u64,
    stats: MemoStats,
    zdd: Vec<ZddNode>,
    cache: Cache,
    /// On threads: the cache they share (then `cache` and `zdd` are unused), and this
    /// thread's ZDD nodes, in chunks of [`ZDD_CHUNK`] ids each with its first id (each its own
    /// allocation: a vector grown chunk by chunk was moved, and its pages mapped again, every
    /// time, which stops the other threads while the kernel tells them).
    shared: Option<&'l Shared>,
    chunks: Vec<(u32, Vec<ZddNode>)>,
    local: Local,
}

impl Run<'_> {
    /// The search; returns why it stopped, if it did, and the ZDD nodes pending on each level
    /// (complete: the root alone).
    fn search(&mut self, d: &mut Dance) -> (Option<StopReason>, Vec<u32>) {
        match (!d.color.is_empty(), self.shared.is_some()) {
            (true, false) => self.search_with::<true>(d),
            (false, false) => self.search_with::<false>(d),
            (true, true) => self.search_shared::<true>(d),
            (false, true) => self.search_shared::<false>(d),
        }
    }

    fn profile(&mut self, level: usize) {
        if self.stats.profile.len() <= level {
            self.stats.profile.resize(level + 1, 0);
        }
        self.stats.profile[level] += 1;
    }

    /// Whether another node may be counted.
    fn may_count_node(&self) -> Option<StopReason> {
        node_limits(self.limits, self.stats.nodes)
    }

    /// [`Run::may_count_node`] on threads: every [`CHECK_EVERY`] nodes this thread's nodes are
    /// added to the threads' total, which the node limit bounds, and the limits and whether
    /// another thread stopped are looked at; a stop is told to every thread.
    fn may_count_node_shared(&self) -> Option<StopReason> {
        let shared = self.shared.expect("a shared search");
        if self.stats.nodes % CHECK_EVERY != 0 {
            return None;
        }
        // Looked at on each run's first node too, as on one thread.
        let add = if self.stats.nodes == 0 {
            0
        } else {
            CHECK_EVERY
        };
        let total = shared.nodes.fetch_add(add, Ordering::Relaxed) + add;
        let reason = shared.stopped().or_else(|| {
            if self.limits.max_nodes().is_some_and(|m| total >= m) {
                Some(StopReason::NodeLimit)
            } else {
                self.limits.check_async()
            }
        })?;
        Some(shared.stop(reason))
    }

    /// [`Run::make_node`] on threads: ids are taken from the threads' counter a chunk at a
    /// time; nothing is made when a limit would be passed.
    fn make_node_shared(&mut self, var: u32, lo: u32, hi: u32) -> Result<u32, StopReason> {
        let shared = self.shared.expect("a shared search");
        if self.chunks.last().is_none_or(|(_, c)| c.len() == ZDD_CHUNK) {
            let base = shared
                .next_id
                .fetch_add(ZDD_CHUNK as u64, Ordering::Relaxed);
            if base + ZDD_CHUNK as u64 >= u64::from(u32::MAX) || base + 2 > self.max_zdd {
                return Err(shared.stop(StopReason::ZddNodeLimit));
            }
            let bytes = (ZDD_CHUNK * std::mem::size_of::<ZddNode>()) as u64;
            if shared.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.max_memory {
                return Err(shared.stop(StopReason::MemoryLimit));
            }
            self.chunks
                .push((base as u32, Vec::with_capacity(ZDD_CHUNK)));
        }
        let (base, chunk) = self.chunks.last_mut().expect("a chunk");
        chunk.push(ZddNode { var, lo, hi });
        Ok(*base + chunk.len() as u32 - 1)
    }

    /// A new ZDD node; `Err` when it passes the ZDD node limit or the memory budget.
    fn make_node(&mut self, var: u32, lo: u32, hi: u32) -> Result<u32, StopReason> {
        // Node ids are 32 bits, the sinks 0 and 1 among them (dlx6 stops there too).
        if self.zdd.len() >= u32::MAX as usize - 2 {
            return Err(StopReason::ZddNodeLimit);
        }
        if self.zdd.len() == self.zdd.capacity() {
            let more = self.zdd.capacity().max(1024);
            let bytes = self.cache.bytes()
                + ((self.zdd.capacity() + more) * std::mem::size_of::<ZddNode>()) as u64;
            if bytes > self.max_memory {
                return Err(StopReason::MemoryLimit);
            }
            self.zdd.reserve_exact(more);
        }
        self.zdd.push(ZddNode { var, lo, hi });
        let id = self.zdd.len() as u32 + 1;
        if self.zdd.len() as u64 + 2 > self.max_zdd {
            return Err(StopReason::ZddNodeLimit);
        }
        Ok(id)
    }

    /// The search on one thread, on its own cache.
    fn search_with<const C: bool>(&mut self, d: &mut Dance) -> (Option<StopReason>, Vec<u32>) {
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
            Recover,
        }
        let mut level = 0usize;
        // Per level: the node chosen, the ZDD node made so far, the cache entry.
        let mut choice: Vec<u32> = Vec::new();
        let mut savez: Vec<u32> = Vec::new();
        let mut entry: Vec<u32> = Vec::new();
        let mut best = 0u32;
        let mut cur = 0u32;
        let mut znode = 0u32;
        let mut zsol = 0u32;
        let mut step = Step::Forward;
        let stopped = loop {
            match step {
                Step::Forward => {
                    if let Some(reason) = self.may_count_node() {
                        // Nothing found on this level yet (`znode` is the level above's).
                        znode = 0;
                        break Some(reason);
                    }
                    self.stats.nodes += 1;
                    self.profile(level);
                    let budget = self.max_memory.saturating_sub(
                        (self.zdd.capacity() * std::mem::size_of::<ZddNode>()) as u64,
                    );
                    match self.cache.find_or_insert(&d.sig, budget) {
                        Err(()) => {
                            znode = 0;
                            break Some(StopReason::MemoryLimit);
                        }
                        Ok(Err(e)) => {
                            znode = self.cache.zref[e as usize];
                            self.stats.hits += 1;
                            step = Step::Backdown;
                            continue;
                        }
                        Ok(Ok(e)) => {
                            self.stats.memos += 1;
                            if entry.len() <= level {
                                entry.resize(level + 1, 0);
                                choice.resize(level + 1, 0);
                                savez.resize(level + 1, 0);
                            }
                            entry[level] = e;
                        }
                    }
                    znode = 0;
                    best = d.best_item();
                    d.cover::<C>(best, &mut self.stats.updates);
                    cur = d.ud[best as usize][1];
                    choice[level] = cur;
                    step = Step::Advance;
                }
                Step::Advance => {
                    if cur == best {
                        step = Step::Backup;
                        continue;
                    }
                    d.select::<C>(cur, &mut self.stats.updates, &mut self.stats.cleansings);
                    if d.pn[0][1] == 0 {
                        // A solution: a node, and a hit, at the level below.
                        if let Some(reason) = self.may_count_node() {
                            break Some(reason);
                        }
                        self.stats.nodes += 1;
                        self.stats.hits += 1;
                        self.profile(level + 1);
                        zsol = 1;
                        step = Step::Recover;
                        continue;
                    }
                    savez[level] = znode;
                    level += 1;
                    step = Step::Forward;
                }
                Step::Backup => {
                    d.uncover::<C>(best);
                    if znode != 0 {
                        self.cache.zref[entry[level] as usize] = znode;
                        self.stats.good_memos += 1;
                    }
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == 0 {
                        break None;
                    }
                    level -= 1;
                    cur = choice[level];
                    best = d.itm[cur as usize] as u32;
                    zsol = znode;
                    znode = savez[level];
                    step = Step::Recover;
                }
                Step::Recover => {
                    let option = d.unselect::<C>(cur);
                    if zsol != 0 {
                        match self.make_node(option, znode, zsol) {
                            Ok(id) => znode = id,
                            Err(reason) => {
                                savez.truncate(level);
                                savez.push(self.zdd.len() as u32 + 1);
                                return (Some(reason), savez);
                            }
                        }
                    }
                    cur = d.ud[cur as usize][1];
                    choice[level] = cur;
                    step = Step::Advance;
                }
            }
        };
        match stopped {
            None => (None, vec![znode]),
            Some(reason) => {
                // Pending: each level's node for the options it finished, and this level's.
                savez.truncate(level);
                savez.push(znode);
                (Some(reason), savez)
            }
        }
    }

    /// The search of a thread among others on the cache they share (`self.shared`); every
    /// thread runs it from the root. A subproblem is searched by the thread that stores its
    /// signature (its *owner*), which alone makes its ZDD nodes, so the diagram is one
    /// thread's. A thread that meets a subproblem another is searching goes on with the next
    /// option and comes back to it once the level's other options are done: if it is still
    /// being searched, the thread *helps*, searching it without owning it (its options that
    /// nobody has taken yet, the subproblems below them its own), and then waits for the owner
    /// to finish it (the owner's children are then all searched, so the wait is short).
    /// Threads so spread over the untried options nearest the root, and an idle thread takes
    /// the next untried option of a busy one's way, as the links engine's threads do.
    ///
    /// No wait goes round: a thread waits only for a subproblem below its deepest own one,
    /// whose owner's deepest own one is that subproblem or below it, and each level covers a
    /// primary item. Returns why it stopped, if it did, and the ZDD nodes of what this thread
    /// owns and has finished (complete: the root's node, or none for a thread that only helped
    /// at the root).
    fn search_shared<const C: bool>(&mut self, d: &mut Dance) -> (Option<StopReason>, Vec<u32>) {
        /// A level entered: its item, the option tried, the entry it owns (`None`: helping),
        /// where its options' results start in `recs`, and, once its options are all tried,
        /// the result it is resolving.
        struct Level {
            best: u32,
            cur: u32,
            owner: Option<u32>,
            base: usize,
            resolving: Option<usize>,
        }
        /// An option of a level with solutions (`z` its node), or whose subproblem another
        /// thread was searching (`z` is [`BUSY`]; its entry, and whether this thread helped).
        #[derive(Clone, Copy)]
        struct Rec {
            option: u32,
            node: u32,
            z: u32,
            entry: u32,
            helped: bool,
        }
        /// What a level that ended gives the level above.
        enum Res {
            Done(u32),
            Busy(u32),
            Helped,
        }
        enum Step {
            Forward(bool),
            Advance,
            Return(Res),
            Recover(Res),
            Resolve,
        }
        let shared = self.shared.expect("a shared search");
        let mut levels: Vec<Level> = Vec::new();
        let mut recs: Vec<Rec> = Vec::new();
        // The root: owned by the first thread, helped by the others.
        let mut step = Step::Forward(true);
        let stopped = loop {
            match step {
                Step::Forward(help) => {
                    if let Some(reason) = self.may_count_node_shared() {
                        break Some(reason);
                    }
                    self.stats.nodes += 1;
                    self.profile(levels.len());
                    let owner = match shared.claim(&mut self.local, &d.sig) {
                        Err(reason) => break Some(reason),
                        Ok(Claim::Done(z)) => {
                            self.stats.hits += 1;
                            step = Step::Return(Res::Done(z));
                            continue;
                        }
                        Ok(Claim::Busy(e)) if !help => {
                            step = Step::Return(Res::Busy(e));
                            continue;
                        }
                        Ok(Claim::Busy(_)) => None,
                        Ok(Claim::Mine(e)) => {
                            self.stats.memos += 1;
                            Some(e)
                        }
                    };
                    let best = d.best_item();
                    d.cover::<C>(best, &mut self.stats.updates);
                    levels.push(Level {
                        best,
                        cur: d.ud[best as usize][1],
                        owner,
                        base: recs.len(),
                        resolving: None,
                    });
                    step = Step::Advance;
                }
                Step::Advance => {
                    let l = levels.last().expect("a level");
                    if l.cur == l.best {
                        step = Step::Resolve;
                        continue;
                    }
                    d.select::<C>(l.cur, &mut self.stats.updates, &mut self.stats.cleansings);
                    if d.pn[0][1] == 0 {
                        // A solution: a node, and a hit, at the level below.
                        if let Some(reason) = self.may_count_node_shared() {
                            break Some(reason);
                        }
                        self.stats.nodes += 1;
                        self.stats.hits += 1;
                        self.profile(levels.len());
                        step = Step::Recover(Res::Done(1));
                        continue;
                    }
                    step = Step::Forward(false);
                }
                Step::Return(res) => {
                    if levels.is_empty() {
                        // The root's result.
                        let z = match res {
                            Res::Done(z) => vec![z],
                            _ => Vec::new(),
                        };
                        return (None, z);
                    }
                    step = Step::Recover(res);
                }
                Step::Recover(res) => {
                    let l = levels.last_mut().expect("a level");
                    let option = d.unselect::<C>(l.cur);
                    match l.resolving {
                        None => {
                            match res {
                                Res::Done(0) => {}
                                Res::Done(z) => recs.push(Rec {
                                    option,
                                    node: l.cur,
                                    z,
                                    entry: 0,
                                    helped: false,
                                }),
                                Res::Busy(entry) => recs.push(Rec {
                                    option,
                                    node: l.cur,
                                    z: BUSY,
                                    entry,
                                    helped: false,
                                }),
                                Res::Helped => unreachable!("helping is asked for when resolving"),
                            }
                            l.cur = d.ud[l.cur as usize][1];
                            step = Step::Advance;
                        }
                        Some(i) => {
                            match res {
                                Res::Done(z) => recs[i].z = z,
                                Res::Helped => recs[i].helped = true,
                                Res::Busy(_) => unreachable!("a level helped is entered"),
                            }
                            step = Step::Resolve;
                        }
                    }
                }
                Step::Resolve => {
                    // The options whose subproblems others were searching, in order: done
                    // now, helped (then waited for), or waited for once helped.
                    let l = levels.last_mut().expect("a level");
                    let mut i = l.resolving.unwrap_or(l.base);
                    let mut help = None;
                    let mut stop = None;
                    let mut spins = 0u32;
                    while i < recs.len() {
                        let r = recs[i];
                        if r.z != BUSY {
                            i += 1;
                            continue;
                        }
                        match shared.status(r.entry) {
                            Some(z) => {
                                recs[i].z = z;
                                i += 1;
                            }
                            None if !r.helped => {
                                help = Some(r.node);
                                break;
                            }
                            None => {
                                if let Some(reason) = shared.stopped() {
                                    stop = Some(reason);
                                    break;
                                }
                                spins += 1;
                                if spins < 64 {
                                    std::hint::spin_loop();
                                } else {
                                    std::thread::yield_now();
                                }
                            }
                        }
                    }
                    l.resolving = Some(i);
                    if let Some(reason) = stop {
                        break Some(reason);
                    }
                    if let Some(node) = help {
                        l.cur = node;
                        d.select::<C>(node, &mut self.stats.updates, &mut self.stats.cleansings);
                        step = Step::Forward(true);
                        continue;
                    }
                    // Every option's result is known: the level ends, its node made in the
                    // options' order (`(~k ? lo : hi)`, `lo` the options before `k`).
                    let (owner, base) = (l.owner, l.base);
                    let res = match owner {
                        None => Res::Helped,
                        Some(e) => {
                            let mut z = 0;
                            let mut failed = None;
                            for r in &recs[base..] {
                                if r.z != 0 {
                                    match self.make_node_shared(r.option, z, r.z) {
                                        Ok(id) => z = id,
                                        Err(reason) => {
                                            failed = Some(reason);
                                            break;
                                        }
                                    }
                                }
                            }
                            if let Some(reason) = failed {
                                break Some(reason);
                            }
                            shared.finish(e, z);
                            self.stats.good_memos += u64::from(z != 0);
                            Res::Done(z)
                        }
                    };
                    let l = levels.pop().expect("a level");
                    d.uncover::<C>(l.best);
                    recs.truncate(base);
                    step = Step::Return(res);
                }
            }
        };
        // Stopped: the solutions found are those of the options this thread's own levels
        // finished (or found finished), which no other thread's own levels hold.
        let mut found = Vec::new();
        for (k, l) in levels.iter().enumerate() {
            if l.owner.is_none() {
                continue;
            }
            let end = levels.get(k + 1).map_or(recs.len(), |next| next.base);
            for r in &recs[l.base..end] {
                let z = if r.z == BUSY {
                    shared.status(r.entry).unwrap_or(0)
                } else {
                    r.z
                };
                if z != 0 {
                    found.push(z);
                }
            }
        }
        (stopped, found)
    }
}

/// The memoized search of a problem with bounds on items (`dlx3`'s multiplicities), which
/// `dlx6` does not take: a search by options in and out. At each node the primary item that
/// still needs the most help (the fewest options left among those short of their lower bound,
/// the leftmost on ties; or, when every lower bound is met, any option left) gives its first
/// option left, `x`; the solutions are those with `x` (its items counted, an item at its upper
/// bound covered, its secondary items taken or given its colors) and those without (`x`
/// dropped), and the node of the ZDD is `(~x ? without : with)`. The state is the set of
/// options left and, for each primary item, how many more it needs and may still take (at
/// most the options left on it): the options left carry the colors already given, since an
/// option of another color is dropped when a color is given. Its figures are its own (no
/// program of Knuth's searches so); its solutions are checked against the brute-force oracle.
struct Subsets {
    n1: usize,
    /// The bounds of each primary item (internal order, from 0).
    bounds: Vec<(u32, u32)>,
    /// The options' entries: internal item (from 0) and color (0 none).
    start: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// Each item's options with the color they give it.
    lists: Vec<Vec<(u32, u32)>>,
    alive: Vec<u64>,
    left: Vec<u32>,
    used: Vec<u32>,
    trail: Vec<u32>,
    /// Bits per primary item in the signature, for each of its two numbers.
    width: Vec<u32>,
    words: usize,
    sig: Vec<u64>,
}

impl Subsets {
    fn new(problem: &Problem) -> Subsets {
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let m = problem.num_options();
        let bounds: Vec<(u32, u32)> = (0..n1)
            .map(|i| problem.bounds().get(i).copied().unwrap_or((1, 1)))
            .collect();
        let mut start = vec![0u32];
        let mut entries = Vec::new();
        let mut lists = vec![Vec::new(); n];
        let mut left = vec![0u32; n1];
        for o in 0..m {
            for (item, color) in problem.option_entries(OptionId(o as u32)) {
                let k = problem.internal_item(item).0 - 1;
                let c = color.map_or(0, |c| c.0 + 1);
                entries.push((k, c));
                lists[k as usize].push((o as u32, c));
                if (k as usize) < n1 {
                    left[k as usize] += 1;
                }
            }
            start.push(entries.len() as u32);
        }
        let option_words = m.div_ceil(64);
        let mut alive = vec![0u64; option_words];
        for o in 0..m {
            alive[o / 64] |= 1 << (o % 64);
        }
        let width: Vec<u32> = bounds
            .iter()
            .map(|&(_, hi)| 32 - hi.leading_zeros())
            .collect();
        let field_bits: u64 = width.iter().map(|&w| 2 * u64::from(w)).sum();
        let words = option_words + field_bits.div_ceil(64) as usize + 1;
        Subsets {
            n1,
            bounds,
            start,
            entries,
            lists,
            alive,
            left,
            used: vec![0; n1],
            trail: Vec::new(),
            width,
            words,
            sig: vec![0; words],
        }
    }

    fn is_alive(&self, o: u32) -> bool {
        self.alive[o as usize / 64] & (1 << (o % 64)) != 0
    }

    /// Drops option `o`, on the trail.
    fn drop_option(&mut self, o: u32, updates: &mut u64) {
        self.alive[o as usize / 64] &= !(1 << (o % 64));
        for k in self.start[o as usize]..self.start[o as usize + 1] {
            let item = self.entries[k as usize].0 as usize;
            if item < self.n1 {
                self.left[item] -= 1;
            }
        }
        self.trail.push(o);
        *updates += 1;
    }

    /// Brings back the options dropped since the trail had `mark` entries.
    fn restore(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let o = self.trail.pop().expect("above the mark");
            self.alive[o as usize / 64] |= 1 << (o % 64);
            for k in self.start[o as usize]..self.start[o as usize + 1] {
                let item = self.entries[k as usize].0 as usize;
                if item < self.n1 {
                    self.left[item] += 1;
                }
            }
        }
    }

    /// Takes option `x` (already dropped from the options left): counts its primary items,
    /// drops the options of an item that reached its upper bound, of a secondary item taken
    /// without a color, and of another color than the one `x` gives.
    fn take(&mut self, x: u32, updates: &mut u64, cleansings: &mut u64) {
        for k in self.start[x as usize]..self.start[x as usize + 1] {
            let (item, color) = self.entries[k as usize];
            let item = item as usize;
            if item < self.n1 {
                self.used[item] += 1;
                if self.used[item] < self.bounds[item].1 {
                    continue;
                }
            } else if color != 0 {
                *cleansings += 1;
            }
            for j in 0..self.lists[item].len() {
                let (o, c) = self.lists[item][j];
                if (color == 0 || c != color) && self.is_alive(o) {
                    self.drop_option(o, updates);
                }
            }
        }
    }

    fn untake(&mut self, x: u32) {
        for k in self.start[x as usize]..self.start[x as usize + 1] {
            let item = self.entries[k as usize].0 as usize;
            if item < self.n1 {
                self.used[item] -= 1;
            }
        }
    }

    /// What to do at this state: `Err(sink)` when it is decided (0: no solution, 1: the
    /// empty one), else the option to branch on.
    fn choose(&self) -> Result<u32, u32> {
        let mut best: Option<(u32, usize)> = None;
        for i in 0..self.n1 {
            let need = self.bounds[i].0.saturating_sub(self.used[i]);
            if need == 0 {
                continue;
            }
            if self.left[i] < need {
                return Err(0);
            }
            if best.is_none_or(|(l, _)| self.left[i] < l) {
                best = Some((self.left[i], i));
            }
        }
        match best {
            Some((_, i)) => Ok(self.lists[i]
                .iter()
                .map(|&(o, _)| o)
                .find(|&o| self.is_alive(o))
                .expect("an item short of its bound has options left")),
            None => {
                for (w, &bits) in self.alive.iter().enumerate() {
                    if bits != 0 {
                        return Ok((w * 64) as u32 + bits.trailing_zeros());
                    }
                }
                Err(1)
            }
        }
    }

    /// The signature of this state: the options left, then each primary item's need and
    /// room (at most its options left).
    fn signature(&mut self) {
        let option_words = self.alive.len();
        self.sig[..option_words].copy_from_slice(&self.alive);
        for w in &mut self.sig[option_words..] {
            *w = 0;
        }
        let (mut w, mut r) = (option_words, 0u32);
        for i in 0..self.n1 {
            let (lo, hi) = self.bounds[i];
            let need = lo.saturating_sub(self.used[i]);
            let room = (hi - self.used[i]).min(self.left[i]);
            for value in [need, room] {
                let bits = self.width[i];
                if r + bits > 64 {
                    w += 1;
                    r = 0;
                }
                self.sig[w] |= u64::from(value) << r;
                r += bits;
            }
        }
    }
}

impl Run<'_> {
    fn search_subsets(&mut self, s: &mut Subsets) -> (Option<StopReason>, Vec<u32>) {
        struct Frame {
            entry: u32,
            x: u32,
            mark: usize,
            /// The ZDD of the solutions with `x`, once they are known.
            with: Option<u32>,
        }
        let mut frames: Vec<Frame> = Vec::new();
        // The result of the state just left, to hand to the frame below.
        let mut result: Option<u32> = None;
        let stopped = loop {
            let Some(value) = result.take() else {
                // Enter a state.
                if let Some(reason) = self.may_count_node() {
                    break Some(reason);
                }
                self.stats.nodes += 1;
                self.profile(frames.len());
                let x = match s.choose() {
                    Err(sink) => {
                        if sink == 1 {
                            self.stats.hits += 1;
                        }
                        result = Some(sink);
                        continue;
                    }
                    Ok(x) => x,
                };
                s.signature();
                let budget = self
                    .max_memory
                    .saturating_sub((self.zdd.capacity() * std::mem::size_of::<ZddNode>()) as u64);
                let entry = match self.cache.find_or_insert(&s.sig, budget) {
                    Err(()) => break Some(StopReason::MemoryLimit),
                    Ok(Err(e)) => {
                        self.stats.hits += 1;
                        result = Some(self.cache.zref[e as usize]);
                        continue;
                    }
                    Ok(Ok(e)) => e,
                };
                self.stats.memos += 1;
                // With x first.
                let mark = s.trail.len();
                s.drop_option(x, &mut self.stats.updates);
                s.take(x, &mut self.stats.updates, &mut self.stats.cleansings);
                frames.push(Frame {
                    entry,
                    x,
                    mark,
                    with: None,
                });
                continue;
            };
            let Some(top) = frames.last_mut() else {
                // The root's result.
                frames.clear();
                return (None, vec![value]);
            };
            match top.with {
                None => {
                    // The solutions with x are known: now those without.
                    top.with = Some(value);
                    let (x, mark) = (top.x, top.mark);
                    s.untake(x);
                    s.restore(mark);
                    s.drop_option(x, &mut self.stats.updates);
                }
                Some(with) => {
                    let (x, mark, entry) = (top.x, top.mark, top.entry);
                    frames.pop();
                    s.restore(mark);
                    let node = if with == 0 {
                        value
                    } else {
                        match self.make_node(x + 1, value, with) {
                            Ok(id) => id,
                            Err(reason) => {
                                let mut pending: Vec<u32> =
                                    frames.iter().filter_map(|f| f.with).collect();
                                pending.push(self.zdd.len() as u32 + 1);
                                return (Some(reason), pending);
                            }
                        }
                    };
                    if node != 0 {
                        self.cache.zref[entry as usize] = node;
                        self.stats.good_memos += 1;
                    }
                    result = Some(node);
                }
            }
        };
        // Stopped: the solutions with x are known on the frames past that half.
        let pending = frames.iter().filter_map(|f| f.with).collect();
        (stopped, pending)
    }
}

/// Ids of ZDD nodes a thread takes from the threads' counter at a time.
const ZDD_CHUNK: usize = 4096;

/// The value of a cache entry whose subproblem a thread is searching (no ZDD node has it).
const BUSY: u32 = u32::MAX;

/// What a thread finds for a signature in the shared cache.
enum Claim {
    /// Searched: the ZDD node of its solutions (0: none).
    Done(u32),
    /// New: this thread searches it, and tells its node at the end ([`Shared::finish`]) in
    /// this entry.
    Mine(u32),
    /// Being searched by another thread, which will tell its node in this entry
    /// ([`Shared::status`]).
    Busy(u32),
}

/// On cache lines of its own: a store of one thread does not move the line of its neighbour
/// away from another.
#[repr(align(128))]
struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Entries of the shared cache a block holds: entry `e` is in block `e / BLOCK`.
const BLOCK: usize = 1 << 12;

/// The blocks of entries the directory has room for (entries are numbered in 32 bits).
const BLOCKS: usize = 1 << 20;

/// A block of entries: their signatures, and the ZDD node of each ([`BUSY`] while searched).
/// Written by the thread that took it, read by all once an entry is in a table.
struct Block {
    keys: Box<[AtomicU64]>,
    zref: Box<[AtomicU32]>,
}

/// A shard's table: open addressing, each slot 0 (empty) or `tag << 32 | entry + 1`, the tag
/// being bits 24 to 55 of the signature's hash (the shard is the 8 above), whose first `bits` bits give the slot to start
/// from: a table doubles without reading a signature again.
struct Table {
    bits: u32,
    slots: Box<[AtomicU64]>,
}

impl Table {
    fn new(bits: u32) -> Box<Table> {
        let slots: Box<[AtomicU64]> = (0..1usize << bits).map(|_| AtomicU64::new(0)).collect();
        // Written, not left mapped to the page of zeros (see `written_zeros`).
        for page in slots.chunks(512) {
            page[0].store(0, Ordering::Relaxed);
        }
        Box::new(Table { bits, slots })
    }

    fn bytes(bits: u32) -> u64 {
        8 << bits
    }

    fn start(&self, tag: u32) -> usize {
        (tag >> (32 - self.bits)) as usize
    }
}

/// A shard of the shared cache: its table, replaced when it doubles while no thread is in
/// it, how many entries it holds (added a few at a time by each thread), and whether it is
/// doubling.
struct Shard {
    table: std::sync::atomic::AtomicPtr<Table>,
    growing: std::sync::atomic::AtomicBool,
    /// Held by the thread that doubles the table, from making the new one to freeing the old.
    doubling: std::sync::atomic::AtomicBool,
    /// Apart from the two read at every look-up.
    filled: Padded<std::sync::atomic::AtomicUsize>,
}

/// What a thread of the shared search keeps for itself: its number, the block it fills and
/// how far, an entry it wrote and did not get into a table (another thread stored the same
/// signature first), and the entries it stored in each shard and has not yet added to the
/// shard's count.
struct Local {
    thread: usize,
    block: u32,
    used: usize,
    spare: Option<u32>,
    unsaid: [u32; Shared::SHARDS],
}

impl Local {
    fn new(thread: usize) -> Local {
        Local {
            thread,
            block: 0,
            used: BLOCK,
            spare: None,
            unsaid: [0; Shared::SHARDS],
        }
    }
}

/// The cache the threads of a memoized search share, without locks: a signature is looked
/// up and stored with loads and one compare-and-swap in its shard's table (the shard given by
/// the top bits of its hash, one hasher for all), into entries each thread writes in blocks
/// of its own; an entry is [`BUSY`] while its owner searches its subproblem (see
/// [`Run::search_shared`]), and its node is then stored there. A lock taken at every node
/// moved its cache line from one processor to the other about every other time, which took
/// an eighth of the threads' time on `aztec_11`. A thread in a shard says so in a flag of its
/// own, and a table's slots are copied into one twice its size once no flag is up, the
/// threads that come meanwhile waiting (256 shards, so that they seldom do: 5.6 ms of waits on
/// `aztec_11` against 81 ms with 64 whose new tables were made while they waited).
struct Shared {
    words: usize,
    hasher: RandomState,
    shards: Box<[Padded<Shard>]>,
    /// The blocks by number, and the next number to take.
    blocks: Box<[std::sync::atomic::AtomicPtr<Block>]>,
    next_block: AtomicU32,
    /// Per thread, a flag per shard: up while the thread is in that shard's table.
    inside: Box<[Padded<[std::sync::atomic::AtomicBool; Shared::SHARDS]>]>,
    /// The threads' nodes so far (added every [`CHECK_EVERY`]), the bytes of the tables, the
    /// blocks and the ZDD chunks, and the next ZDD id to hand out (the sinks are 0 and 1).
    nodes: AtomicU64,
    bytes: AtomicU64,
    next_id: AtomicU64,
    max_memory: u64,
    /// Why the search stopped, once a thread stopped it.
    stop: Mutex<Option<StopReason>>,
    stopping: std::sync::atomic::AtomicBool,
}

impl Shared {
    const SHARDS: usize = 256;
    /// A shard's first table: 2^6 slots.
    #[cfg(feature = "parallel")]
    const FIRST_BITS: u32 = 6;

    #[cfg(feature = "parallel")]
    fn new(words: usize, max_memory: u64, threads: usize) -> Shared {
        use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize};
        let shards = (0..Self::SHARDS)
            .map(|_| {
                Padded(Shard {
                    table: AtomicPtr::new(Box::into_raw(Table::new(Self::FIRST_BITS))),
                    growing: AtomicBool::new(false),
                    doubling: AtomicBool::new(false),
                    filled: Padded(AtomicUsize::new(0)),
                })
            })
            .collect();
        // Left zeroed, the directory's pages are mapped only where blocks are stored.
        let layout = std::alloc::Layout::array::<AtomicPtr<Block>>(BLOCKS).expect("a small array");
        // SAFETY: the layout's size is not zero.
        let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicPtr<Block>>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // SAFETY: `BLOCKS` pointers allocated by the global allocator with the layout of that
        // array, as a box of them is; zero bits are a null pointer, a valid `AtomicPtr`.
        let blocks = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, BLOCKS)) };
        let inside = (0..threads.max(1))
            .map(|_| Padded(std::array::from_fn(|_| AtomicBool::new(false))))
            .collect();
        let bytes = Self::SHARDS as u64 * Table::bytes(Self::FIRST_BITS);
        Shared {
            words: words.max(1),
            hasher: RandomState::default(),
            shards,
            blocks,
            next_block: AtomicU32::new(0),
            inside,
            nodes: AtomicU64::new(0),
            bytes: AtomicU64::new(bytes),
            next_id: AtomicU64::new(2),
            max_memory,
            stop: Mutex::new(None),
            stopping: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Why the search stopped, if a thread stopped it.
    fn stopped(&self) -> Option<StopReason> {
        if !self.stopping.load(Ordering::Relaxed) {
            return None;
        }
        *self.stop.lock().expect("not poisoned")
    }

    /// Stops every thread; the first reason given is the search's.
    fn stop(&self, reason: StopReason) -> StopReason {
        let mut stop = self.stop.lock().expect("not poisoned");
        let first = *stop.get_or_insert(reason);
        self.stopping.store(true, Ordering::Relaxed);
        first
    }

    /// Adds `bytes` to the memory held; `Err` (the search stopped) if that passes the budget.
    fn take_bytes(&self, bytes: u64) -> Result<(), StopReason> {
        if self.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.max_memory {
            self.bytes.fetch_sub(bytes, Ordering::Relaxed);
            return Err(self.stop(StopReason::MemoryLimit));
        }
        Ok(())
    }

    fn block(&self, e: u32) -> &Block {
        let p = self.blocks[e as usize / BLOCK].load(Ordering::Acquire);
        // SAFETY: an entry is read only once it is in a table, stored after its block was
        // put in the directory (this load synchronises with that store), and blocks are
        // freed only with the cache.
        unsafe { &*p }
    }

    /// The entry of this thread to store `sig` in (its signature written, its node [`BUSY`]).
    fn new_entry(&self, me: &mut Local, sig: &[u64]) -> Result<u32, StopReason> {
        let e = match me.spare {
            Some(e) => e,
            None => {
                if me.used == BLOCK {
                    let b = self.next_block.fetch_add(1, Ordering::Relaxed);
                    if b as usize >= BLOCKS - 1 {
                        return Err(self.stop(StopReason::MemoryLimit));
                    }
                    self.take_bytes((BLOCK * (self.words * 8 + 4)) as u64)?;
                    let block = Box::new(Block {
                        keys: (0..BLOCK * self.words).map(|_| AtomicU64::new(0)).collect(),
                        zref: (0..BLOCK).map(|_| AtomicU32::new(BUSY)).collect(),
                    });
                    self.blocks[b as usize].store(Box::into_raw(block), Ordering::Release);
                    (me.block, me.used) = (b, 0);
                }
                me.used += 1;
                let e = me.block * BLOCK as u32 + me.used as u32 - 1;
                me.spare = Some(e);
                e
            }
        };
        let block = self.block(e);
        let at = (e as usize % BLOCK) * self.words;
        for (k, w) in block.keys[at..at + self.words].iter().zip(sig) {
            k.store(*w, Ordering::Relaxed);
        }
        Ok(e)
    }

    fn same(&self, e: u32, sig: &[u64]) -> bool {
        let block = self.block(e);
        let at = (e as usize % BLOCK) * self.words;
        block.keys[at..at + self.words]
            .iter()
            .zip(sig)
            .all(|(k, w)| k.load(Ordering::Relaxed) == *w)
    }

    /// Raises this thread's flag in shard `k`, once the shard is not doubling.
    fn enter(&self, me: &Local, k: usize) {
        let flag = &self.inside[me.thread][k];
        let growing = &self.shards[k].growing;
        loop {
            flag.store(true, Ordering::SeqCst);
            if !growing.load(Ordering::SeqCst) {
                return;
            }
            flag.store(false, Ordering::SeqCst);
            let mut spins = 0u32;
            while growing.load(Ordering::Acquire) {
                spins += 1;
                if spins < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
    }

    fn leave(&self, me: &Local, k: usize) {
        self.inside[me.thread][k].store(false, Ordering::Release);
    }

    /// The entry of `sig`: searched, being searched, or this thread's to search (stored
    /// [`BUSY`] if new). `Err` when storing it would pass the memory budget.
    fn claim(&self, me: &mut Local, sig: &[u64]) -> Result<Claim, StopReason> {
        let h = self.hasher.hash_one(sig);
        let k = (h >> 56) as usize;
        let tag = (h >> 24) as u32;
        let shard = &self.shards[k];
        loop {
            self.enter(me, k);
            // SAFETY: a table is freed only while no thread's flag is up in its shard, and
            // this thread's is.
            let table = unsafe { &*shard.table.load(Ordering::Acquire) };
            let mask = table.slots.len() - 1;
            let mut i = table.start(tag);
            let mut found = None;
            for _ in 0..=mask {
                let mut s = table.slots[i].load(Ordering::Acquire);
                if s == 0 {
                    let e = match self.new_entry(me, sig) {
                        Ok(e) => e,
                        Err(reason) => {
                            self.leave(me, k);
                            return Err(reason);
                        }
                    };
                    let slot = u64::from(tag) << 32 | (u64::from(e) + 1);
                    match table.slots[i].compare_exchange(
                        0,
                        slot,
                        Ordering::AcqRel,
                        Ordering::Acquire,
                    ) {
                        Ok(_) => {
                            me.spare = None;
                            found = Some(Ok(e));
                            break;
                        }
                        Err(now) => s = now,
                    }
                }
                if (s >> 32) as u32 == tag {
                    let e = (s as u32) - 1;
                    if self.same(e, sig) {
                        found = Some(Err(e));
                        break;
                    }
                }
                i = (i + 1) & mask;
            }
            self.leave(me, k);
            match found {
                Some(Ok(e)) => {
                    // Told a few at a time: at most a sixteenth of the slots between the
                    // threads, so a table doubles by the time it is 9/16 full.
                    me.unsaid[k] += 1;
                    let every = ((1u32 << table.bits) / 16 / self.inside.len() as u32).max(1);
                    if me.unsaid[k] >= every {
                        let add = std::mem::take(&mut me.unsaid[k]) as usize;
                        let filled = shard.filled.fetch_add(add, Ordering::Relaxed) + add;
                        if 2 * filled > 1 << table.bits {
                            self.grow(me, k, table.bits)?;
                        }
                    }
                    return Ok(Claim::Mine(e));
                }
                Some(Err(e)) => {
                    return Ok(
                        match self.block(e).zref[e as usize % BLOCK].load(Ordering::Acquire) {
                            BUSY => Claim::Busy(e),
                            z => Claim::Done(z),
                        },
                    )
                }
                // Full: doubled, then looked up again.
                None => self.grow(me, k, table.bits)?,
            }
        }
    }

    /// Doubles shard `k`'s table if it still has `bits` bits; this thread is not in it. The
    /// new table is made, and the old one freed, while the other threads go on; they wait
    /// (in [`Shared::enter`]) only while the slots are copied.
    fn grow(&self, me: &Local, k: usize, bits: u32) -> Result<(), StopReason> {
        let shard = &self.shards[k];
        if shard
            .doubling
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
            .is_err()
        {
            // Another thread doubles it.
            return Ok(());
        }
        let old = shard.table.load(Ordering::Acquire);
        // SAFETY: only the thread that holds `doubling` replaces and frees a table.
        let old_bits = unsafe { (*old).bits };
        if old_bits != bits || bits >= 26 {
            // Doubled already (or as large as the tags allow: probing goes on).
            shard.doubling.store(false, Ordering::Release);
            return Ok(());
        }
        if let Err(reason) = self.take_bytes(Table::bytes(bits + 1)) {
            shard.doubling.store(false, Ordering::Release);
            return Err(reason);
        }
        let new = Table::new(bits + 1);
        shard.growing.store(true, Ordering::SeqCst);
        for (t, flags) in self.inside.iter().enumerate() {
            let mut spins = 0u32;
            while t != me.thread && flags[k].load(Ordering::SeqCst) {
                spins += 1;
                if spins < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
        let mask = new.slots.len() - 1;
        // SAFETY: no other thread is in the shard, and none enters until `growing` is down.
        for slot in unsafe { (*old).slots.iter() } {
            let s = slot.load(Ordering::Relaxed);
            if s != 0 {
                let mut i = new.start((s >> 32) as u32);
                while new.slots[i].load(Ordering::Relaxed) != 0 {
                    i = (i + 1) & mask;
                }
                new.slots[i].store(s, Ordering::Relaxed);
            }
        }
        shard.table.store(Box::into_raw(new), Ordering::Release);
        shard.growing.store(false, Ordering::SeqCst);
        // SAFETY: the old table came from `Box::into_raw`; no thread is in it, and those that
        // enter now find the new one.
        drop(unsafe { Box::from_raw(old) });
        self.bytes.fetch_sub(Table::bytes(bits), Ordering::Relaxed);
        shard.doubling.store(false, Ordering::Release);
        Ok(())
    }

    /// The ZDD node of an entry once its owner has told it; `None` while it is searched.
    fn status(&self, e: u32) -> Option<u32> {
        match self.block(e).zref[e as usize % BLOCK].load(Ordering::Acquire) {
            BUSY => None,
            z => Some(z),
        }
    }

    /// Tells the ZDD node of an entry this thread owns.
    fn finish(&self, e: u32, z: u32) {
        self.block(e).zref[e as usize % BLOCK].store(z, Ordering::Release);
    }

    /// Gives the tables' and the blocks' memory back, once no thread searches: the cache is not
    /// looked at again.
    fn free(&self) {
        for shard in self.shards.iter() {
            let table = shard.table.swap(std::ptr::null_mut(), Ordering::AcqRel);
            if !table.is_null() {
                // SAFETY: from `Box::into_raw`, and no thread looks at it any more.
                drop(unsafe { Box::from_raw(table) });
            }
        }
        let taken = (self.next_block.load(Ordering::Acquire) as usize).min(BLOCKS);
        for b in &self.blocks[..taken] {
            let block = b.swap(std::ptr::null_mut(), Ordering::AcqRel);
            if !block.is_null() {
                // SAFETY: as above.
                drop(unsafe { Box::from_raw(block) });
            }
        }
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        self.free();
    }
}

#[cfg(feature = "parallel")]
impl MemoSearch<'_> {
    /// The search on `threads` threads sharing one cache, each from the root
    /// ([`Run::search_shared`]). The ZDD nodes of the threads are put in one diagram in the
    /// order a one-thread search makes them, children first.
    fn run_on_threads(&self, threads: usize) -> Memo {
        let template = Dance::new(self.problem);
        let words = template.words;
        let max_memory = self.max_memory.unwrap_or(u64::MAX);
        let shared = Shared::new(words, max_memory, threads);
        let next_thread = std::sync::atomic::AtomicUsize::new(0);
        // Each thread's run (its figures and ZDD nodes) and what it found.
        let mut runs: Vec<(Run<'_>, Option<StopReason>, Vec<u32>)> =
            crate::pool::on_workers(threads, || {
                // A thread that panics stops the others, which would wait for its entries.
                struct StopOnPanic<'s>(&'s Shared);
                impl Drop for StopOnPanic<'_> {
                    fn drop(&mut self) {
                        if std::thread::panicking() {
                            self.0.stop(StopReason::Cancelled);
                        }
                    }
                }
                let _guard = StopOnPanic(&shared);
                let thread = next_thread.fetch_add(1, Ordering::Relaxed);
                let mut run = Run {
                    limits: &self.limits,
                    max_zdd: self.max_zdd_nodes.unwrap_or(u64::MAX),
                    max_memory,
                    stats: MemoStats::default(),
                    zdd: Vec::new(),
                    cache: Cache::new(1),
                    shared: Some(&shared),
                    chunks: Vec::new(),
                    local: Local::new(thread),
                };
                let mut dance = template.clone();
                let (stopped, found) = run.search(&mut dance);
                (run, stopped, found)
            });
        // Complete, a thread that owned the root or found it done has its node.
        let root = runs
            .iter()
            .find(|(_, stopped, found)| stopped.is_none() && !found.is_empty())
            .map(|(_, _, found)| found[0]);
        let stopped = shared.stopped();
        // Counted where the nodes lie ([`count_in_place`]), or numbered as one thread does.
        let in_place = stopped.is_none() && root.is_some() && !self.keep_zdd;
        if !in_place {
            // The cache is done with: its memory goes before the diagram is put together,
            // which holds the nodes twice for a while (by id, then children first).
            shared.free();
        }
        let ids = shared.next_id.load(Ordering::Relaxed) as usize;
        let mut stats = MemoStats::default();
        let mut pending_roots = Vec::new();
        for (run, _, pending) in &runs {
            let s = &run.stats;
            stats.nodes += s.nodes;
            stats.updates += s.updates;
            stats.cleansings += s.cleansings;
            stats.memos += s.memos;
            stats.good_memos += s.good_memos;
            stats.hits += s.hits;
            if stats.profile.len() < s.profile.len() {
                stats.profile.resize(s.profile.len(), 0);
            }
            for (a, b) in stats.profile.iter_mut().zip(&s.profile) {
                *a += b;
            }
            pending_roots.extend_from_slice(pending);
        }
        stats.memory = shared.bytes.load(Ordering::Relaxed);
        // Every node by its id: the threads' chunks by their first ids, which the counter gave
        // out one after another from 2 (ids a chunk left unused hold nothing); and each
        // thread's chunks in the order it filled them.
        let mut all: Vec<Vec<ZddNode>> = Vec::new();
        all.resize_with((ids - 2).div_ceil(ZDD_CHUNK), Vec::new);
        let mut streams = Vec::with_capacity(runs.len());
        for (run, ..) in &mut runs {
            let mut stream = Vec::with_capacity(run.chunks.len());
            for (base, chunk) in std::mem::take(&mut run.chunks) {
                let c = (base as usize - 2) / ZDD_CHUNK;
                all[c] = chunk;
                stream.push(c);
            }
            streams.push(stream);
        }
        if let (true, Some(root)) = (in_place, root) {
            // Every node made is in the diagram: one thread's nodes, each made once.
            let made: usize = all.iter().map(Vec::len).sum();
            stats.zdd_nodes = zdd_figure(made, root);
            // The count takes no memory; the cache's goes after it (given back beside it, each
            // of its frees stopped the counting threads to drop their mappings: 75 to 87 ms
            // for the two, 29 and 25 ms one after the other on `aztec_11`).
            let found = count_in_place(&mut all, &streams, root);
            shared.free();
            return Memo {
                stats,
                stopped: None,
                zdd: Zdd::from_search(Vec::new(), 0, self.problem),
                found,
                by_components: false,
                zdd_kept: false,
            };
        }
        match (stopped, root) {
            (None, Some(root)) => {
                let (nodes, root, counted) = children_first_counted(&mut all, root);
                drop(all);
                stats.zdd_nodes = zdd_figure(nodes.len(), root);
                let zdd = Zdd::from_search(nodes, root, self.problem);
                let found = counted.unwrap_or_else(|| zdd.count_of_roots(&[root]));
                Memo {
                    stats,
                    stopped: None,
                    zdd,
                    found,
                    by_components: false,
                    zdd_kept: self.keep_zdd,
                }
            }
            (stopped, _) => {
                // Stopped: what the threads' own levels finished (disjoint parts of the
                // solutions: `Run::search_shared`), counted on every node made.
                let mut nodes = Vec::new();
                let roots = children_first(&mut all, &pending_roots, |n| nodes.push(n));
                drop(all);
                stats.zdd_nodes = nodes.len() as u64 + 2;
                let found = Zdd::from_search(nodes, 0, self.problem).count_of_roots(&roots);
                Memo {
                    stats,
                    stopped: Some(stopped.unwrap_or(StopReason::Cancelled)),
                    zdd: Zdd::from_search(Vec::new(), 0, self.problem),
                    found,
                    by_components: false,
                    zdd_kept: self.keep_zdd,
                }
            }
        }
    }
}

/// The nodes reachable from `roots` in `all` (node `id` at `id - 2` counted through the chunks
/// of [`ZDD_CHUNK`] ids), numbered again so that each comes after its children, as one thread
/// makes them: each given to `put` in that order, its children's new ids in it (the sinks 0
/// and 1, the `k`-th node put `k + 2`); returns the roots' new ids. A node put out is
/// overwritten with its new id, so that a child is looked at in one place (its new id in a
/// table apart cost a second miss of the processor's cache at every child).
#[cfg(feature = "parallel")]
fn children_first(
    all: &mut [Vec<ZddNode>],
    roots: &[u32],
    mut put: impl FnMut(ZddNode),
) -> Vec<u32> {
    /// The `var` of a node put out; its `lo` is then its new id.
    const OUT: u32 = u32::MAX;
    fn at(all: &mut [Vec<ZddNode>], id: u32) -> &mut ZddNode {
        let k = id as usize - 2;
        &mut all[k / ZDD_CHUNK][k % ZDD_CHUNK]
    }
    let mut next = 2u32;
    // Depth first, each node put out once both its children are.
    let mut stack: Vec<(u32, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    while let Some((id, expanded)) = stack.pop() {
        if id < 2 {
            continue;
        }
        let node = *at(all, id);
        if node.var == OUT {
            continue;
        }
        if expanded {
            let mut map = |z: u32| if z < 2 { z } else { at(all, z).lo };
            let (lo, hi) = (map(node.lo), map(node.hi));
            put(ZddNode {
                var: node.var,
                lo,
                hi,
            });
            *at(all, id) = ZddNode {
                var: OUT,
                lo: next,
                hi: 0,
            };
            next += 1;
        } else {
            stack.push((id, true));
            // Only the children not yet put out.
            for z in [node.hi, node.lo] {
                if z >= 2 && at(all, z).var != OUT {
                    stack.push((z, false));
                }
            }
        }
    }
    roots
        .iter()
        .map(|&r| if r < 2 { r } else { at(all, r).lo })
        .collect()
}

/// The solutions under `root`, counted where the threads left their nodes (`all`, node `id`
/// at `id - 2` through the chunks of [`ZDD_CHUNK`] ids), each node overwritten by its count,
/// without numbering them as one thread does. `streams` lists each thread's chunks in the
/// order it filled them: a thread's nodes are in the order it made them, and a node is made
/// after its children (on whichever thread made them), so each stream can be counted in its
/// order, a child of another stream waited for until that stream has gone past it. A stream
/// waits only on nodes made before its own next one, so the one whose next node was made first
/// never waits: a thread per stream, each node read once in the order it was written, and no
/// memory taken but for counts past 95 bits. Where a thread cannot be had, one walk finishes
/// what is left, going on along one stream until its next node waits on another, and then
/// along that one.
#[cfg(feature = "parallel")]
fn count_in_place(all: &mut [Vec<ZddNode>], streams: &[Vec<usize>], root: u32) -> Count {
    if root < 2 {
        return Count::from(u64::from(root));
    }
    let walk = InPlace::new(all, streams);
    #[cfg(test)]
    let on_threads = !tests::ONE_WALK.load(Ordering::Relaxed);
    #[cfg(not(test))]
    let on_threads = true;
    if streams.len() > 1 && on_threads {
        // A thread that panics makes the others give up rather than wait for it.
        struct GiveUpOnPanic<'w>(&'w std::sync::atomic::AtomicBool);
        impl Drop for GiveUpOnPanic<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.store(true, Ordering::Release);
                }
            }
        }
        let stream = |t| {
            let _guard = GiveUpOnPanic(&walk.give_up);
            walk.stream(t, true)
        };
        std::thread::scope(|scope| {
            for t in 1..streams.len() {
                let stream = &stream;
                let thread = std::thread::Builder::new()
                    .name("dlx-memo-count".into())
                    .spawn_scoped(scope, move || stream(t));
                if thread.is_err() {
                    // The threads running give up where they would wait.
                    walk.give_up.store(true, Ordering::Release);
                    break;
                }
            }
            stream(0);
        });
    }
    walk.finish();
    // SAFETY: every node is counted, and no thread is left.
    walk.count_of(unsafe { walk.read(root) })
}

/// The threads' nodes as [`count_in_place`] counts them: where each chunk lies, whose it is,
/// and how far each stream has gone.
#[cfg(feature = "parallel")]
struct InPlace<'a> {
    /// The chunks' nodes (null where no thread filled a chunk) and how many each holds.
    chunks: Vec<(*mut ZddNode, usize)>,
    /// The stream of each chunk, and its place in the stream.
    owner: Vec<(u32, u32)>,
    streams: &'a [Vec<usize>],
    /// Per stream, the id of its next node to count (every node before it in the stream is
    /// counted), or [`InPlace::DONE`].
    next: Vec<Padded<AtomicU32>>,
    /// Per stream, its counts past 95 bits.
    big: Vec<Mutex<Vec<Count>>>,
    give_up: std::sync::atomic::AtomicBool,
    _nodes: std::marker::PhantomData<&'a mut [Vec<ZddNode>]>,
}

// SAFETY: the chunks' nodes are written by their stream's thread alone, each once, and read by
// another only once that stream's `next` (stored with `Release`, loaded with `Acquire`) has
// gone past it; `all` is borrowed mutably for as long.
#[cfg(feature = "parallel")]
unsafe impl Sync for InPlace<'_> {}

#[cfg(feature = "parallel")]
impl<'a> InPlace<'a> {
    const DONE: u32 = u32::MAX;
    /// A count in a node's place: under 2^95 in its 96 bits, or (`hi` this bit and the
    /// stream) the place of a larger one in the stream's list (`lo` and `var`).
    const BIG: u32 = 1 << 31;

    fn new(all: &'a mut [Vec<ZddNode>], streams: &'a [Vec<usize>]) -> InPlace<'a> {
        let chunks = all.iter_mut().map(|c| (c.as_mut_ptr(), c.len())).collect();
        let mut owner = vec![(u32::MAX, 0); all.len()];
        for (t, chunks) in streams.iter().enumerate() {
            for (k, &c) in chunks.iter().enumerate() {
                owner[c] = (t as u32, k as u32);
            }
        }
        let mut walk = InPlace {
            chunks,
            owner,
            streams,
            next: Vec::new(),
            big: streams.iter().map(|_| Mutex::new(Vec::new())).collect(),
            give_up: std::sync::atomic::AtomicBool::new(false),
            _nodes: std::marker::PhantomData,
        };
        walk.next = (0..streams.len())
            .map(|t| Padded(AtomicU32::new(walk.id_at(t, 0, 0))))
            .collect();
        walk
    }

    /// The id of stream `t`'s node `k` of its chunk `c` (from 0), or the next chunk's first,
    /// or [`InPlace::DONE`].
    fn id_at(&self, t: usize, c: usize, k: usize) -> u32 {
        let chunks = &self.streams[t];
        match chunks.get(c) {
            Some(&chunk) if k < self.chunks[chunk].1 => (chunk * ZDD_CHUNK + k + 2) as u32,
            Some(_) => self.id_at(t, c + 1, 0),
            None => Self::DONE,
        }
    }

    /// The stream of node `id` (not a sink).
    fn stream_of(&self, id: u32) -> usize {
        self.owner[(id as usize - 2) / ZDD_CHUNK].0 as usize
    }

    /// Node `id` (a sink: its count).
    ///
    /// # Safety
    /// No other thread may write it meanwhile: it is this thread's stream's, or counted.
    unsafe fn read(&self, id: u32) -> ZddNode {
        match id {
            0 | 1 => ZddNode {
                var: id,
                lo: 0,
                hi: 0,
            },
            _ => {
                let k = id as usize - 2;
                // SAFETY: a node the search made (the caller's contract for the rest).
                unsafe { self.chunks[k / ZDD_CHUNK].0.add(k % ZDD_CHUNK).read() }
            }
        }
    }

    fn small(n: ZddNode) -> Option<u128> {
        (n.hi & Self::BIG == 0)
            .then(|| u128::from(n.var) | u128::from(n.lo) << 32 | u128::from(n.hi) << 64)
    }

    /// The count a counted node holds.
    fn count_of(&self, n: ZddNode) -> Count {
        match Self::small(n) {
            Some(c) => Count::from(c),
            None => {
                let list = self.big[(n.hi & !Self::BIG) as usize]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                list[(u64::from(n.lo) << 32 | u64::from(n.var)) as usize].clone()
            }
        }
    }

    /// Counts node `id` of stream `t`, whose children are counted.
    ///
    /// # Safety
    /// `id` must be stream `t`'s next node, counted by this thread alone.
    unsafe fn count(&self, t: usize, id: u32, node: ZddNode) {
        // SAFETY: the children are counted (the caller's contract).
        let (lo, hi) = unsafe { (self.read(node.lo), self.read(node.hi)) };
        let sum = match (Self::small(lo), Self::small(hi)) {
            (Some(a), Some(b)) if (a + b) >> 95 == 0 => {
                let c = a + b;
                ZddNode {
                    var: c as u32,
                    lo: (c >> 32) as u32,
                    hi: (c >> 64) as u32,
                }
            }
            _ => {
                let c = self.count_of(lo) + self.count_of(hi);
                let mut list = self.big[t].lock().unwrap_or_else(|e| e.into_inner());
                list.push(c);
                let i = list.len() as u64 - 1;
                ZddNode {
                    var: i as u32,
                    lo: (i >> 32) as u32,
                    hi: Self::BIG | t as u32,
                }
            }
        };
        let k = id as usize - 2;
        // SAFETY: this thread's node to write (the caller's contract).
        unsafe { self.chunks[k / ZDD_CHUNK].0.add(k % ZDD_CHUNK).write(sum) };
    }

    /// The child of a node further on in the chunk of `id`, asked of the memory while this one
    /// is counted: the children are anywhere, and their loads are what the walk waits on.
    fn prefetch_ahead(&self, id: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let k = id as usize - 2;
            let (p, len) = self.chunks[k / ZDD_CHUNK];
            if k % ZDD_CHUNK + 16 < len {
                // SAFETY: inside the chunk; only `hi` is read, which no thread writes before it
                // counts this node (`id`'s thread's next nodes are its own).
                let hi = unsafe { std::ptr::addr_of!((*p.add(k % ZDD_CHUNK + 16)).hi).read() };
                if hi >= 2 {
                    let z = hi as usize - 2;
                    let q = self.chunks[z / ZDD_CHUNK].0.wrapping_add(z % ZDD_CHUNK);
                    // SAFETY: a prefetch reads nothing (an address outside is no fault).
                    unsafe {
                        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                            q.cast(),
                        );
                    }
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = id;
    }

    /// Counts stream `t` from where it stands, on a thread of its own: waits for the children
    /// of other streams (`wait`), or stops at the first such child not yet counted.
    fn stream(&self, t: usize, wait: bool) -> bool {
        // What this thread has seen of each stream's `next`: a child below it is counted.
        let mut seen: Vec<u32> = self
            .next
            .iter()
            .map(|n| n.load(Ordering::Acquire))
            .collect();
        let mut id = self.next[t].load(Ordering::Relaxed);
        while id != Self::DONE {
            // SAFETY: this stream's next node, which only this thread writes.
            let node = unsafe { self.read(id) };
            self.prefetch_ahead(id);
            for z in [node.lo, node.hi] {
                if z < 2 {
                    continue;
                }
                let u = self.stream_of(z);
                if u == t || z < seen[u] {
                    continue;
                }
                let mut spins = 0u32;
                loop {
                    seen[u] = self.next[u].load(Ordering::Acquire);
                    if z < seen[u] {
                        break;
                    }
                    if !wait || self.give_up.load(Ordering::Acquire) {
                        return false;
                    }
                    spins += 1;
                    if spins < 64 {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
            }
            // SAFETY: stream `t`'s next node, its children counted (above).
            unsafe { self.count(t, id, node) };
            let k = id as usize - 2;
            let (_, place) = self.owner[k / ZDD_CHUNK];
            id = self.id_at(t, place as usize, k % ZDD_CHUNK + 1);
            self.next[t].store(id, Ordering::Release);
        }
        true
    }

    /// Counts what the streams left, on this thread alone: along one stream until it stops on
    /// a child of another, then along that one.
    fn finish(&self) {
        let mut t = 0;
        loop {
            if self.stream(t, false) {
                // This stream is done: any other that is not, or the end.
                match (0..self.streams.len())
                    .find(|&u| self.next[u].load(Ordering::Relaxed) != Self::DONE)
                {
                    Some(u) => t = u,
                    None => return,
                }
            } else {
                // Stopped on a child of a stream not past it: that one's next node was made
                // before this one's, so going on along it gets nearer the first made.
                let id = self.next[t].load(Ordering::Relaxed);
                // SAFETY: stream `t`'s next node, and no other thread is left.
                let node = unsafe { self.read(id) };
                t = [node.hi, node.lo]
                    .into_iter()
                    .filter(|&z| z >= 2)
                    .map(|z| (z, self.stream_of(z)))
                    .find(|&(z, u)| z >= self.next[u].load(Ordering::Relaxed))
                    .expect("a child not yet counted")
                    .1;
            }
        }
    }
}

/// [`children_first`] of one root, with its solutions counted on another thread as the nodes
/// come (in batches), unless the count passes 128 bits: the two walks take about as long, and
/// counting after numbering left a processor idle.
#[cfg(feature = "parallel")]
fn children_first_counted(
    all: &mut [Vec<ZddNode>],
    root: u32,
) -> (Vec<ZddNode>, u32, Option<Count>) {
    /// Nodes a batch holds (under glibc's threshold for memory of its own from the system,
    /// whose return would stop the other processor).
    const BATCH: usize = 8192;
    let made: usize = all.iter().map(Vec::len).sum();
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::channel::<Vec<ZddNode>>();
        let counter = std::thread::Builder::new()
            .name("dlx-memo-count".into())
            .spawn_scoped(scope, move || {
                let mut out: Vec<ZddNode> = Vec::with_capacity(made);
                let mut counts: Vec<u128> = Vec::with_capacity(made + 2);
                counts.extend([0, 1]);
                let mut fits = true;
                for batch in receive {
                    for n in &batch {
                        if fits {
                            match counts[n.lo as usize].checked_add(counts[n.hi as usize]) {
                                Some(c) => counts.push(c),
                                None => fits = false,
                            }
                        }
                    }
                    out.extend_from_slice(&batch);
                }
                (out, fits.then_some(counts))
            });
        let Ok(counter) = counter else {
            // No thread to be had: numbered here, counted later.
            let mut out = Vec::with_capacity(made);
            let root = children_first(all, &[root], |n| out.push(n))[0];
            return (out, root, None);
        };
        let mut batch = Vec::with_capacity(BATCH);
        let root = children_first(all, &[root], |n| {
            batch.push(n);
            if batch.len() == BATCH {
                // The counter ends only when this sender is dropped.
                let _ = send.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
            }
        })[0];
        let _ = send.send(batch);
        drop(send);
        let (out, counts) = counter
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let found = counts.map(|c| Count::from(c[root as usize]));
        (out, root, found)
    })
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use crate::problem::Problem;
    use std::sync::atomic::Ordering;

    /// Set, [`count_in_place`] counts on this thread alone, as it finishes where a thread
    /// could not be had.
    pub(super) static ONE_WALK: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(false);

    /// The tilings of an `n` by `n` board by dominoes.
    fn dominoes(n: usize) -> Problem {
        let mut text = String::new();
        for r in 0..n {
            for c in 0..n {
                text.push_str(&format!("c{r}_{c} "));
            }
        }
        text.push('\n');
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n {
                    text.push_str(&format!("c{r}_{c} c{r}_{}\n", c + 1));
                }
                if r + 1 < n {
                    text.push_str(&format!("c{r}_{c} c{}_{c}\n", r + 1));
                }
            }
        }
        crate::text::parse(&text).unwrap().problem
    }

    /// 2^130 solutions: 130 items, each covered by either of two options (counts past 95
    /// and 128 bits).
    fn pairs() -> Problem {
        let mut text = (0..130).map(|i| format!("x{i} ")).collect::<String>();
        text.push('\n');
        for i in 0..130 {
            text.push_str(&format!("x{i}\nx{i}\n"));
        }
        crate::text::parse(&text).unwrap().problem
    }

    /// The walk alone from the start: every stream's nodes counted by going along one until it
    /// needs another's, the count and the ZDD's figure one thread's.
    #[test]
    fn one_walk_counts_every_threads_nodes() {
        ONE_WALK.store(true, Ordering::Relaxed);
        for problem in [dominoes(8), dominoes(10), pairs()] {
            let one = problem.memo().run();
            for threads in [2, 3, 16] {
                let alone = problem.memo().threads(threads).keep_zdd(false).run();
                assert_eq!(alone.count(), one.count(), "{threads}");
                assert_eq!(alone.stats.zdd_nodes, one.stats.zdd_nodes, "{threads}");
            }
        }
        ONE_WALK.store(false, Ordering::Relaxed);
    }
}
