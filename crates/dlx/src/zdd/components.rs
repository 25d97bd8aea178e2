//! The memoized count by components
//! ([`MemoSearch::components`](super::MemoSearch::components)): where the primary items left
//! fall into groups that no option joins, each group (a component) is counted on its own and
//! the counts multiplied (the components of DXD, Fang et al., SAT 2026, and of model counters
//! before it). Counts only: the product of two components' solutions is no node of a ZDD, so
//! none is made.
//!
//! * **Components.** Two active primary items are in one component when an active option has
//!   both, or when active options meet them through a free secondary item (one not yet given a
//!   color: a color given leaves the options of that color, which go together). An option of a
//!   component has its primary items in it, so covering items of one component never touches
//!   another's lists, and a component is searched as a problem of its own in the same links.
//! * **The state of a component** is its primary items (all uncovered) and the codes of the
//!   secondary items: its active options are those whose primary items are in it, whatever
//!   else is covered. Its key is the signature with the bits of the other primary items
//!   cleared, so the whole problem's key is the plain search's signature.
//! * **The search.** A component is looked up; found, its count is known (a hit). Not found,
//!   its items are split (a split when they fall into two or more components, each counted,
//!   the product stored); else the item with the fewest options (the leftmost on ties) is
//!   covered and each of its options taken in turn, the items left counted as a component
//!   (which may split).
//! * **Figures**, its own: a node per component entered (hits included) and per solution,
//!   updates and cleansings as the plain search's, memos (components stored), hits, splits.
//!   No ZDD nodes, no profile.
//!
//! The search recurses, one call per component entered: a problem has at most as many levels
//! as primary items, and the recursion runs on a thread of its own with a stack to match.

use super::{node_limits, Cache, Dance, Limits, MemoStats, StopReason, COVERED};
use crate::zdd::Count;

/// One run of the count by components.
pub(super) struct Components<'l> {
    limits: &'l Limits,
    max_memory: u64,
    pub(super) stats: MemoStats,
    pub(super) cache: Cache,
    /// The count of each cache entry, by its `zref`.
    counts: Vec<Count>,
    count_bytes: u64,
    /// The bits of every primary item in a signature.
    primary: Vec<u64>,
    /// Scratch: the key of a part, each item's mark in a split, the queue of a split.
    key: Vec<u64>,
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl<'l> Components<'l> {
    pub(super) fn new(d: &Dance, limits: &'l Limits, max_memory: u64) -> Components<'l> {
        let mut primary = vec![0u64; d.words];
        for k in 1..=d.n1 {
            primary[d.word[k as usize] as usize] |= 1 << d.shift[k as usize];
        }
        Components {
            limits,
            max_memory,
            stats: MemoStats::default(),
            cache: Cache::new(d.words),
            counts: Vec::new(),
            count_bytes: 0,
            primary,
            key: vec![0; d.words],
            mark: vec![0; d.len.len()],
            stamp: 0,
            queue: Vec::new(),
        }
    }

    /// The bytes the cache and the counts take.
    pub(super) fn bytes(&self) -> u64 {
        self.cache.bytes() + self.count_bytes
    }

    /// Counts the solutions of the active primary items of `d` (at least one).
    pub(super) fn count(&mut self, d: &mut Dance) -> Result<Count, StopReason> {
        let mut items = Vec::new();
        let mut k = d.pn[0][1];
        while k != 0 {
            items.push(k);
            k = d.pn[k as usize][1];
        }
        if d.color.is_empty() {
            self.part::<false>(d, items)
        } else {
            self.part::<true>(d, items)
        }
    }

    /// Whether another node may be counted.
    fn may_count_node(&self) -> Result<(), StopReason> {
        node_limits(self.limits, self.stats.nodes).map_or(Ok(()), Err)
    }

    /// The count of the part `items` (uncovered primary items, in the items' order).
    fn part<const C: bool>(&mut self, d: &mut Dance, items: Vec<u32>) -> Result<Count, StopReason> {
        self.may_count_node()?;
        self.stats.nodes += 1;
        for (key, (&sig, &primary)) in self.key.iter_mut().zip(d.sig.iter().zip(&self.primary)) {
            *key = sig & !primary;
        }
        for &k in &items {
            self.key[d.word[k as usize] as usize] |= 1 << d.shift[k as usize];
        }
        let budget = self.max_memory.saturating_sub(self.count_bytes);
        let entry = match self.cache.find_or_insert(&self.key, budget) {
            Err(()) => return Err(StopReason::MemoryLimit),
            Ok(Err(e)) => {
                self.stats.hits += 1;
                return Ok(self.counts[self.cache.zref[e as usize] as usize].clone());
            }
            Ok(Ok(e)) => e,
        };
        self.stats.memos += 1;
        let parts = self.split(d, &items);
        let total = if parts.len() > 1 {
            self.stats.splits += 1;
            let mut product = Count::from(1u64);
            for part in parts {
                let count = self.part::<C>(d, part)?;
                if count.is_zero() {
                    // No solution in one part: none in all (the others are not searched).
                    product = count;
                    break;
                }
                product = product * count;
            }
            product
        } else {
            self.options::<C>(d, items)?
        };
        if !total.is_zero() {
            self.stats.good_memos += 1;
        }
        self.count_bytes += 32 + total.bits() / 8;
        self.cache.zref[entry as usize] = self.counts.len() as u32;
        self.counts.push(total.clone());
        Ok(total)
    }

    /// The count of the part `items`, one part: by the options of its item with the fewest.
    fn options<const C: bool>(
        &mut self,
        d: &mut Dance,
        items: Vec<u32>,
    ) -> Result<Count, StopReason> {
        let best = *items
            .iter()
            .min_by_key(|&&k| d.len[k as usize])
            .expect("a part has items");
        d.cover::<C>(best, &mut self.stats.updates);
        let mut total = Count::from(0u64);
        let mut cur = d.ud[best as usize][1];
        while cur != best {
            d.select::<C>(cur, &mut self.stats.updates, &mut self.stats.cleansings);
            let rest: Vec<u32> = items
                .iter()
                .copied()
                .filter(|&k| d.len[k as usize] < COVERED)
                .collect();
            let count = if rest.is_empty() {
                // A solution: a node, and a hit, at the level below (as the plain search).
                self.may_count_node()?;
                self.stats.nodes += 1;
                self.stats.hits += 1;
                Count::from(1u64)
            } else {
                self.part::<C>(d, rest)?
            };
            total = total + count;
            d.unselect::<C>(cur);
            cur = d.ud[cur as usize][1];
        }
        d.uncover::<C>(best);
        Ok(total)
    }

    /// The parts of the uncovered primary items `items`, each in the items' order: one when
    /// they all go together.
    fn split(&mut self, d: &Dance, items: &[u32]) -> Vec<Vec<u32>> {
        if items.len() < 2 {
            return vec![items.to_vec()];
        }
        // Stamps: each search's marks differ from every earlier one's (part ids counted on).
        if self.stamp > u32::MAX - items.len() as u32 - 2 {
            self.mark.fill(0);
            self.stamp = 0;
        }
        let first = self.stamp + 1;
        let mut parts = 0u32;
        let mut reached = 0usize;
        for &start in items {
            if self.mark[start as usize] >= first {
                continue;
            }
            parts += 1;
            let id = first + parts - 1;
            self.mark[start as usize] = id;
            self.queue.clear();
            self.queue.push(start);
            while let Some(x) = self.queue.pop() {
                reached += usize::from(x <= d.n1);
                let mut p = d.ud[x as usize][1];
                while p != x {
                    let mut q = p + 1;
                    while q != p {
                        let y = d.itm[q as usize];
                        if y <= 0 {
                            q = d.ud[q as usize][0];
                            continue;
                        }
                        let y = y as u32;
                        // A free secondary item joins its options; one given a color does not.
                        let joins = y <= d.n1 || d.code[y as usize] == 1;
                        if joins && self.mark[y as usize] < first {
                            self.mark[y as usize] = id;
                            self.queue.push(y);
                        }
                        q += 1;
                    }
                    p = d.ud[p as usize][1];
                }
            }
            if parts == 1 && reached == items.len() {
                self.stamp = id;
                return vec![items.to_vec()];
            }
        }
        self.stamp = first + parts;
        let mut out = vec![Vec::new(); parts as usize];
        for &k in items {
            out[(self.mark[k as usize] - first) as usize].push(k);
        }
        out
    }
}
