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
//! programs do not combine them with costs, and the rule that bounds the cost of what is left
//! assumes each primary item is covered once.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use crate::problem::{OptionId, Problem};
use crate::search::{Limits, Stats, StopReason};

/// The deadline and the cancel flag are looked at when the node count is a multiple of this.
const CHECK_EVERY: u64 = 4096;

/// How far down an item's list the branching rule counts usable options before it takes the
/// list's length instead (`dlx5`'s `lenthresh`, its default).
const LEN_THRESHOLD: u32 = 10;

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

    /// Runs the search to its end or a limit.
    pub fn run(self) -> Best {
        self.run_with(|_| ControlFlow::Continue(()))
    }

    /// Runs the search, showing `visit` each solution as it is found (each one improves on
    /// the `k` best known, as `dlx5` prints them); the visitor may stop the search
    /// ([`StopReason::Visitor`]).
    pub fn run_with(self, mut visit: impl FnMut(&Costed) -> ControlFlow<()>) -> Best {
        let mut dance = Dance::new(self.problem);
        let mut kept = Kept::new(self.k);
        let mut stats = Stats::default();
        let stopped = dance.search(&self.limits, &mut stats, &mut kept, &mut visit);
        let total_tax = dance.total_tax;
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
    /// `(net cost, order found, options)`: the greatest is the most costly, the latest found
    /// among equals, and leaves first.
    heap: BinaryHeap<(u64, u64, Vec<OptionId>)>,
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

    /// Keeps a solution whose net cost beats [`Kept::cutoff`], dropping the most costly.
    fn add(&mut self, net: u64, options: Vec<OptionId>) {
        if self.heap.len() == self.k {
            self.heap.pop();
        }
        self.heap.push((net, self.found, options));
        self.found += 1;
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

/// Up and down links of a node.
#[derive(Debug, Clone, Copy, Default)]
struct Link {
    up: u32,
    down: u32,
}

/// The data `dlx5` dances on, in its layout: headers `1..=n` (primary items first), a spacer
/// at `n + 1`, then each option's nodes followed by a spacer. A spacer's `item` is `<= 0`, its
/// `up` the first node of the option before it, its `down` the last node of the option after
/// it.
struct Dance {
    /// Item list links: `prev`/`next`, root 0 for the primary items, `n + 1` for the secondary.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Options left in each primary item's list.
    len: Vec<u32>,
    links: Vec<Link>,
    /// The item of each node (`<= 0` for a spacer; the header's own index for a header).
    item: Vec<i32>,
    /// The color of each node: 0 for none, -1 once cleansed, else the color's id plus 1.
    color: Vec<i32>,
    /// The net cost of each node's option.
    cost: Vec<u64>,
    /// The option of each node (`u32::MAX` for headers and spacers).
    option: Vec<u32>,
    /// The first spacer: nodes below it are headers.
    first_spacer: u32,
    /// The first secondary item.
    second: u32,
    total_tax: u64,
}

impl Dance {
    fn new(problem: &Problem) -> Dance {
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let first_spacer = n + 1;
        let mut prev = vec![0u32; n + 2];
        let mut next = vec![0u32; n + 2];
        let mut ring = |root: usize, first: usize, last: usize| {
            // root, first, ..., last, and round to the root.
            let ring: Vec<usize> = std::iter::once(root).chain(first..=last).collect();
            for (k, &i) in ring.iter().enumerate() {
                let j = ring[(k + 1) % ring.len()];
                next[i] = j as u32;
                prev[j] = i as u32;
            }
        };
        ring(0, 1, n1);
        ring(n + 1, n1 + 1, n);

        // Each option's net cost: its cost less the taxes of its primary items.
        let num_options = problem.num_options();
        let mut net: Vec<u64> = (0..num_options)
            .map(|o| problem.option_cost(OptionId(o as u32)))
            .collect();
        let mut item = Vec::with_capacity(first_spacer + 1);
        let mut color = Vec::with_capacity(first_spacer + 1);
        let mut option = Vec::with_capacity(first_spacer + 1);
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        item.extend((0..=n as i32).map(|i| i.max(0)));
        color.resize(n + 1, 0);
        option.resize(n + 1, u32::MAX);
        let mut spacer_up = Vec::with_capacity(num_options + 1);
        let mut spacer_down = Vec::with_capacity(num_options + 1);
        // The first spacer.
        item.push(0);
        color.push(0);
        option.push(u32::MAX);
        spacer_up.push(0u32);
        for o in 0..num_options {
            let first = item.len() as u32;
            for (declared, c) in problem.option_entries(OptionId(o as u32)) {
                let i = problem.internal_item(declared).0;
                lists[i as usize].push(item.len() as u32);
                item.push(i as i32);
                color.push(c.map_or(0, |c| c.0 as i32 + 1));
                option.push(o as u32);
            }
            spacer_down.push(item.len() as u32 - 1);
            item.push(-(o as i32) - 1);
            color.push(0);
            option.push(u32::MAX);
            spacer_up.push(first);
        }
        // The last spacer's `down` is never followed; it points at itself.
        spacer_down.push(item.len() as u32 - 1);

        // Taxes, item by item: an item's tax is its cheapest option's net cost so far.
        let mut total_tax = 0u64;
        for list in &lists[1..=n1] {
            let Some(min) = list.iter().map(|&p| net[option[p as usize] as usize]).min() else {
                continue;
            };
            if min > 0 {
                total_tax += min;
                for &p in list {
                    net[option[p as usize] as usize] -= min;
                }
            }
        }
        let cost: Vec<u64> = option
            .iter()
            .map(|&o| if o == u32::MAX { 0 } else { net[o as usize] })
            .collect();

        // Each item's list in order of net cost, the input's order among equals.
        let mut links = vec![Link::default(); item.len()];
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
        // Spacers: `up` is the first node of the option before, `down` the last of the next.
        let mut s = first_spacer;
        for (k, (&up, &down)) in spacer_up.iter().zip(&spacer_down).enumerate() {
            links[s] = Link { up, down };
            if k < num_options {
                s = down as usize + 1;
            }
        }
        Dance {
            prev,
            next,
            len,
            links,
            item,
            color,
            cost,
            option,
            first_spacer: first_spacer as u32,
            second: n1 as u32 + 1,
            total_tax,
        }
    }

    /// Unlinks the other nodes of `r`'s option from their lists (but not cleansed ones).
    #[inline]
    fn hide(&mut self, r: u32, updates: &mut u64) {
        let mut q = r + 1;
        while q != r {
            let qi = q as usize;
            if self.color[qi] >= 0 {
                let Link { up, down } = self.links[qi];
                let c = self.item[qi];
                if c <= 0 {
                    q = up;
                    continue;
                }
                self.links[up as usize].down = down;
                self.links[down as usize].up = up;
                *updates += 1;
                if (c as u32) < self.second {
                    self.len[c as usize] -= 1;
                }
            }
            q += 1;
        }
    }

    /// Links back what [`Dance::hide`] unlinked.
    #[inline]
    fn unhide(&mut self, r: u32) {
        let mut q = r + 1;
        while q != r {
            let qi = q as usize;
            if self.color[qi] >= 0 {
                let Link { up, down } = self.links[qi];
                let c = self.item[qi];
                if c <= 0 {
                    q = up;
                    continue;
                }
                self.links[up as usize].down = q;
                self.links[down as usize].up = q;
                if (c as u32) < self.second {
                    self.len[c as usize] += 1;
                }
            }
            q += 1;
        }
    }

    /// Covers item `c`, hiding only the options of its list whose net cost is below `thresh`.
    fn cover(&mut self, c: u32, thresh: u64, updates: &mut u64) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        *updates += 1;
        let mut rr = self.links[c as usize].down;
        while rr >= self.first_spacer && self.cost[rr as usize] < thresh {
            self.hide(rr, updates);
            rr = self.links[rr as usize].down;
        }
    }

    /// Undoes [`Dance::cover`] with the same threshold (the options go back in the same order
    /// they were hidden, which `dlx5` shows is harmless).
    fn uncover(&mut self, c: u32, thresh: u64) {
        let mut rr = self.links[c as usize].down;
        while rr >= self.first_spacer && self.cost[rr as usize] < thresh {
            self.unhide(rr);
            rr = self.links[rr as usize].down;
        }
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
    }

    /// Gives node `p`'s item its color: hides the cheap options that give the item another
    /// color, and marks those that give it the same one as cleansed.
    fn purify(&mut self, p: u32, thresh: u64, updates: &mut u64, cleansings: &mut u64) {
        let (c, x) = (self.item[p as usize] as u32, self.color[p as usize]);
        *cleansings += 1;
        let mut rr = self.links[c as usize].down;
        while rr >= self.first_spacer && self.cost[rr as usize] < thresh {
            if self.color[rr as usize] != x {
                self.hide(rr, updates);
            } else if rr != p {
                *cleansings += 1;
                self.color[rr as usize] = -1;
            }
            rr = self.links[rr as usize].down;
        }
    }

    /// Undoes [`Dance::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, thresh: u64) {
        let (c, x) = (self.item[p as usize] as u32, self.color[p as usize]);
        let mut rr = self.links[c as usize].down;
        while rr >= self.first_spacer && self.cost[rr as usize] < thresh {
            if self.color[rr as usize] < 0 {
                self.color[rr as usize] = x;
            } else if rr != p {
                self.unhide(rr);
            }
            rr = self.links[rr as usize].down;
        }
    }

    /// Covers or purifies the other items of `p`'s option, left to right.
    fn cover_others(&mut self, p: u32, thresh: u64, updates: &mut u64, cleansings: &mut u64) {
        let mut q = p + 1;
        while q != p {
            let c = self.item[q as usize];
            if c <= 0 {
                q = self.links[q as usize].up;
                continue;
            }
            match self.color[q as usize] {
                0 => self.cover(c as u32, thresh, updates),
                x if x > 0 => self.purify(q, thresh, updates, cleansings),
                _ => {}
            }
            q += 1;
        }
    }

    /// Undoes [`Dance::cover_others`], right to left.
    fn uncover_others(&mut self, p: u32, thresh: u64) {
        let mut q = p - 1;
        while q != p {
            let c = self.item[q as usize];
            if c <= 0 {
                q = self.links[q as usize].down;
                continue;
            }
            match self.color[q as usize] {
                0 => self.uncover(c as u32, thresh),
                x if x > 0 => self.unpurify(q, thresh),
                _ => {}
            }
            q -= 1;
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
            let mut p = self.links[k as usize].down;
            if p == k {
                return (0, k);
            }
            let min = self.cost[p as usize];
            if min >= room {
                return (0, k);
            }
            let mut s = 1;
            p = self.links[p as usize].down;
            let s = loop {
                if p < self.first_spacer || self.cost[p as usize] >= room {
                    break Some(s);
                }
                if s == t {
                    break None;
                }
                if s >= LEN_THRESHOLD {
                    break Some(self.len[k as usize]);
                }
                p = self.links[p as usize].down;
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

    /// `dlx5`'s search, to its end or a limit.
    fn search(
        &mut self,
        limits: &Limits,
        stats: &mut Stats,
        kept: &mut Kept,
        visit: &mut impl FnMut(&Costed) -> ControlFlow<()>,
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
        let max_solutions = limits.max_solutions().unwrap_or(u64::MAX);
        let async_checks = limits.deadline_at().is_some() || limits.cancel_flag().is_some();
        let (mut nodes, mut updates, mut cleansings) = (0u64, 0u64, 0u64);
        let mut profile: Vec<u64> = vec![0];
        // Per level: the node chosen, the net cost before it, the thresholds its cover used.
        let mut choice: Vec<u32> = Vec::new();
        let mut part_cost: Vec<u64> = Vec::new();
        let mut thresh0: Vec<u64> = Vec::new();
        let mut thresh: Vec<u64> = Vec::new();
        let mut level = 0usize;
        let (mut cur_cost, mut next_cost) = (0u64, 0u64);
        let mut cutoff = kept.cutoff();
        let (mut cur, mut best) = (0u32, 0u32);
        let mut step = Step::Forward;
        let stopped = loop {
            match step {
                Step::Forward => {
                    if nodes >= max_nodes {
                        break Some(StopReason::NodeLimit);
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
                    let (t, item) = self.choose(cutoff - cur_cost);
                    if t == 0 {
                        step = Step::Backdown;
                        continue;
                    }
                    best = item;
                    if choice.len() <= level {
                        let more = level + 1 - choice.len();
                        for v in [&mut part_cost, &mut thresh0, &mut thresh] {
                            v.extend(std::iter::repeat_n(0, more));
                        }
                        choice.extend(std::iter::repeat_n(0, more));
                    }
                    part_cost[level] = cur_cost;
                    cur = self.links[best as usize].down;
                    choice[level] = cur;
                    next_cost = cur_cost + self.cost[cur as usize];
                    thresh0[level] = cutoff - next_cost;
                    self.cover(best, thresh0[level], &mut updates);
                    step = Step::Advance;
                }
                Step::Advance => {
                    thresh[level] = cutoff - next_cost;
                    self.cover_others(cur, thresh[level], &mut updates, &mut cleansings);
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
                        .map(|&p| OptionId(self.option[p as usize]))
                        .collect();
                    let solution = Costed {
                        cost: self.total_tax + next_cost,
                        options,
                    };
                    let flow = visit(&solution);
                    kept.add(next_cost, solution.options);
                    cutoff = kept.cutoff();
                    if flow.is_break() {
                        break Some(StopReason::Visitor);
                    }
                    if kept.found >= max_solutions {
                        break Some(StopReason::SolutionLimit);
                    }
                    step = Step::Recover;
                }
                Step::Backup => {
                    self.uncover(best, thresh0[level]);
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == 0 {
                        break None;
                    }
                    level -= 1;
                    cur = choice[level];
                    best = self.item[cur as usize] as u32;
                    cur_cost = part_cost[level];
                    step = Step::Recover;
                }
                Step::Recover => {
                    self.uncover_others(cur, thresh[level]);
                    cur = self.links[cur as usize].down;
                    choice[level] = cur;
                    if cur == best {
                        step = Step::Backup;
                        continue;
                    }
                    next_cost = cur_cost + self.cost[cur as usize];
                    step = if next_cost >= cutoff {
                        Step::Backup
                    } else {
                        Step::Advance
                    };
                }
            }
        };
        while profile.last() == Some(&0) && profile.len() > 1 {
            profile.pop();
        }
        *stats = Stats::from_figures(kept.found, nodes, updates, cleansings, profile);
        stopped
    }
}
