//! Multiplicities (Knuth's `dlx3`, Algorithm M of TAOCP 7.2.2.1): primary items with bounds
//! `[lo, hi]` on how many chosen options cover them, with color controls as in `dlx2`. A search
//! of its own, chosen once per run for problems that have a bound other than `[1, 1]`; plain and
//! colored problems never come here.
//!
//! Each item keeps its remaining `bound` (how many more options may cover it) and its `slack`
//! (`hi - lo`). The branching item minimises `len + 1 - max(bound - slack, 0)`, the number of
//! ways to go on. Branching on it lowers its bound; at 0 the item is covered as in `dlx1`.
//! While the item may take more options, or fewer, the search *tweaks* it: tries its options one
//! at a time from the top, taking each out of the column once tried, and, when the lower bound
//! allows, a *null move* that leaves the item with no more options. A solution is found when no
//! primary item is active. Nodes, updates and cleansings are counted as `dlx3` counts them (the
//! 12 instances of `data/instances/xcc` with bounds give its figures exactly).
//!
//! The links are those of the problem (contiguous options, `place` giving their bounds); the
//! dance walks columns and options as `dlx3` does, since an untweak relinks a column top-down.

use crate::arena::{Links, NodeLinks, NodeMeta, CLEANSED};

/// The ways a bounded search can stand between two calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Label {
    /// Enter a level: count a node, choose an item.
    Forward,
    /// Try the current option (or null move) of this level's item.
    Advance,
    /// This level's item has no more moves: restore it, then back down.
    Backup,
    /// Undo the move of the level below and go on with its next one.
    Backdown,
    /// The tree is exhausted.
    Done,
}

/// The state of a bounded search: the links as the dance leaves them, the bounds, the colors,
/// and the stack.
#[derive(Debug, Clone)]
pub(crate) struct Mcc {
    /// The up and down links of each node, side by side (one cache line for an unlink).
    nodes: Vec<NodeLinks>,
    /// The item of each node, and the place of an option node (as in [`Links`]).
    meta: Vec<NodeMeta>,
    /// Per item (`1..=N`; 0 is the root of the active primary list): its column's length, its
    /// links in the active list, its bound and slack, side by side, so the choice of an item
    /// reads one entry per active item.
    items: Vec<ItemState>,
    /// Node colors: 0 none, [`CLEANSED`], or the color plus 1 (all 0 without colors).
    color: Vec<u32>,
    /// Whether any node has a color (else no node is ever cleansed, and hides need not look).
    colored: bool,
    /// Items `1..=n1` are primary.
    n1: u32,
    /// The node tried at each level: an option node, or the item's header for a null move.
    pub(crate) choice: Vec<u32>,
    first_tweak: Vec<u32>,
    pub(crate) level: usize,
    best: u32,
    cur: u32,
    pub(crate) label: Label,
}

impl Mcc {
    /// A fresh search over `links` with `bounds` (lo, hi) for primary items `1..=n1` and the
    /// problem's node colors (empty if none).
    pub(crate) fn new(links: &Links, bounds: &[(u32, u32)], colors: &[u32]) -> Mcc {
        let n = links.nodes.len();
        let heads = links.heads.len(); // N + 2
        let n1 = links.num_primary;
        let mut items: Vec<ItemState> = links
            .heads
            .iter()
            .enumerate()
            .map(|(i, h)| ItemState {
                len: if i == 0 || i == heads - 1 {
                    0
                } else {
                    i64::from(links.lens[i] & !(1 << 30))
                },
                bound: 0,
                slack: 0,
                prev: h.prev,
                next: h.next,
            })
            .collect();
        for i in 1..=n1 as usize {
            let (lo, hi) = bounds[i - 1];
            items[i].bound = i64::from(hi);
            items[i].slack = i64::from(hi - lo);
        }
        let color = if colors.is_empty() {
            vec![0; n]
        } else {
            colors.to_vec()
        };
        Mcc {
            nodes: links.nodes.clone(),
            meta: links.meta.clone(),
            items,
            colored: !colors.is_empty(),
            color,
            n1,
            choice: vec![0; n + 1],
            first_tweak: vec![0; n + 1],
            level: 0,
            best: 0,
            cur: 0,
            label: Label::Forward,
        }
    }

    /// Whether node `p` is a column header (items are `1..=N`, node 0 unused).
    fn is_header(&self, p: u32) -> bool {
        (p as usize) < self.items.len() - 1
    }

    /// The nodes of `p`'s option after `p`, wrapping round, `p` excluded.
    fn others(&self, p: u32) -> impl Iterator<Item = u32> {
        let place = self.meta[p as usize].place;
        let first = p - (place >> 16);
        let end = first + (place & 0xFFFF);
        let m = end - first;
        (1..m).map(move |k| {
            let q = p + k;
            if q >= end {
                q - m
            } else {
                q
            }
        })
    }

    /// The nodes of `p`'s option before `p`, going left and wrapping round, `p` excluded.
    fn others_rev(&self, p: u32) -> impl Iterator<Item = u32> {
        let place = self.meta[p as usize].place;
        let first = p - (place >> 16);
        let end = first + (place & 0xFFFF);
        let m = end - first;
        (1..m).map(move |k| if p >= first + k { p - k } else { p + m - k })
    }

    /// Takes option node `q` out of its column.
    fn unlink(&mut self, q: u32) {
        debug_assert!((q as usize) < self.nodes.len());
        // SAFETY: `q` is an option node, read from a link or an option's bounds, and every link
        // and item of a node is a valid index (invariant I1 of `arena`, which these links are a
        // copy of; the dance stores only values read from links or the node it stands on).
        unsafe {
            let n = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(n.up as usize).down = n.down;
            self.nodes.get_unchecked_mut(n.down as usize).up = n.up;
            let item = self.meta.get_unchecked(q as usize).item as usize;
            self.items.get_unchecked_mut(item).len -= 1;
        }
    }

    /// Puts option node `q` back between the neighbours it had.
    fn relink(&mut self, q: u32) {
        debug_assert!((q as usize) < self.nodes.len());
        // SAFETY: as in `unlink`.
        unsafe {
            let n = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(n.up as usize).down = q;
            self.nodes.get_unchecked_mut(n.down as usize).up = q;
            let item = self.meta.get_unchecked(q as usize).item as usize;
            self.items.get_unchecked_mut(item).len += 1;
        }
    }

    /// Whether node `q` is cleansed (passed over by hides); never, without colors.
    fn cleansed(&self, q: u32) -> bool {
        self.colored && self.color[q as usize] == CLEANSED
    }

    fn deactivate(&mut self, c: u32) {
        let (l, r) = (self.items[c as usize].prev, self.items[c as usize].next);
        self.items[l as usize].next = r;
        self.items[r as usize].prev = l;
    }

    fn reactivate(&mut self, c: u32) {
        let (l, r) = (self.items[c as usize].prev, self.items[c as usize].next);
        self.items[l as usize].next = c;
        self.items[r as usize].prev = c;
    }

    /// Hides the other nodes of every option in `c`'s column (cleansed ones stay), after
    /// taking `c` out of the active list if `deact`; returns the updates (one for the item).
    fn cover(&mut self, c: u32, deact: bool) -> u64 {
        if deact {
            self.deactivate(c);
        }
        let mut updates = 1;
        let mut r = self.nodes[c as usize].down;
        while r != c {
            for q in self.others(r) {
                if !self.cleansed(q) {
                    self.unlink(q);
                    updates += 1;
                }
            }
            r = self.nodes[r as usize].down;
        }
        updates
    }

    fn uncover(&mut self, c: u32, deact: bool) {
        let mut r = self.nodes[c as usize].down;
        while r != c {
            for q in self.others(r) {
                if !self.cleansed(q) {
                    self.relink(q);
                }
            }
            r = self.nodes[r as usize].down;
        }
        if deact {
            self.reactivate(c);
        }
    }

    /// `dlx2`'s purification of colored node `p`'s item; returns (updates, cleansings).
    fn purify(&mut self, p: u32) -> (u64, u64) {
        let c = self.meta[p as usize].item;
        let x = self.color[p as usize];
        let (mut updates, mut cleansings) = (0, 1);
        let mut r = self.nodes[c as usize].down;
        while r != c {
            if self.color[r as usize] != x {
                for q in self.others(r) {
                    if !self.cleansed(q) {
                        self.unlink(q);
                        updates += 1;
                    }
                }
            } else if r != p {
                self.color[r as usize] = CLEANSED;
                cleansings += 1;
            }
            r = self.nodes[r as usize].down;
        }
        (updates, cleansings)
    }

    fn unpurify(&mut self, p: u32) {
        let c = self.meta[p as usize].item;
        let x = self.color[p as usize];
        let mut r = self.nodes[c as usize].up;
        while r != c {
            if self.color[r as usize] == CLEANSED {
                self.color[r as usize] = x;
            } else if r != p {
                for q in self.others_rev(r) {
                    if !self.cleansed(q) {
                        self.relink(q);
                    }
                }
            }
            r = self.nodes[r as usize].up;
        }
    }

    /// Blocks option node `x`'s option (its other nodes leave their columns) and takes `x` out
    /// of its item's column; with `hide` false only the latter (the item was covered already).
    /// Returns the updates: one per node unlinked.
    fn tweak(&mut self, x: u32, hide: bool) -> u64 {
        let mut updates = 0;
        if hide {
            for q in self.others(x) {
                if !self.cleansed(q) {
                    self.unlink(q);
                    updates += 1;
                }
            }
        }
        let (c, d) = (self.meta[x as usize].item, self.nodes[x as usize].down);
        self.nodes[c as usize].down = d;
        self.nodes[d as usize].up = c;
        self.items[c as usize].len -= 1;
        updates + 1
    }

    /// Puts back the options tweaked out of column `c` since `x` was its top node, top-down;
    /// with `unhide` false their other nodes were not hidden by the tweaks.
    fn untweak(&mut self, c: u32, x: u32, unhide: bool) {
        let z = self.nodes[c as usize].down;
        self.nodes[c as usize].down = x;
        let (mut r, mut q, mut k) = (x, c, 0);
        while r != z {
            self.nodes[r as usize].up = q;
            k += 1;
            if unhide {
                for p in self.others(r) {
                    if !self.cleansed(p) {
                        self.relink(p);
                    }
                }
            }
            q = r;
            r = self.nodes[r as usize].down;
        }
        self.nodes[r as usize].up = q;
        self.items[c as usize].len += k;
    }

    /// The branching item, as `dlx3` chooses it: the active primary item with the fewest ways
    /// to go on, `len + 1 - max(bound - slack, 0)`; on ties the one with the smaller
    /// `min(slack, bound)`, then the longer column, then the leftmost. Returns it and that
    /// number.
    fn choose(&self) -> (u32, i64) {
        let (mut score, mut best) = (i64::MAX, 0);
        let (mut best_s, mut best_l) = (0, 0);
        let mut k = self.items[0].next;
        while k != 0 {
            let item = &self.items[k as usize];
            let (len, bound, slack) = (item.len, item.bound, item.slack);
            let t = len + 1 - (bound - slack).max(0);
            if t <= 0 {
                // A dead end whichever item has it: the level backs up without looking further
                // (the figures do not depend on which such item is found).
                return (k, t);
            }
            let s = slack.min(bound);
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_l))) {
                (score, best, best_s, best_l) = (t, k, s, len);
            }
            k = item.next;
        }
        (best, score)
    }

    /// Covers, or partly covers, the other items of option node `p`: a primary item's bound
    /// falls by one and the item is covered when it reaches 0; secondary items as in `dlx2`.
    fn cover_rest(&mut self, p: u32) -> (u64, u64) {
        let (mut updates, mut cleansings) = (0, 0);
        for q in self.others(p) {
            let c = self.meta[q as usize].item;
            if c <= self.n1 {
                self.items[c as usize].bound -= 1;
                if self.items[c as usize].bound == 0 {
                    updates += self.cover(c, true);
                }
            } else {
                match self.color[q as usize] {
                    0 => updates += self.cover(c, true),
                    CLEANSED => {}
                    _ => {
                        let (u, k) = self.purify(q);
                        updates += u;
                        cleansings += k;
                    }
                }
            }
        }
        (updates, cleansings)
    }

    fn uncover_rest(&mut self, p: u32) {
        for q in self.others_rev(p) {
            let c = self.meta[q as usize].item;
            if c <= self.n1 {
                self.items[c as usize].bound += 1;
                if self.items[c as usize].bound == 1 {
                    self.uncover(c, true);
                }
            } else {
                match self.color[q as usize] {
                    0 => self.uncover(c, true),
                    CLEANSED => {}
                    _ => self.unpurify(q),
                }
            }
        }
    }

    /// The option nodes chosen so far (null moves left out).
    pub(crate) fn chosen(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.choice[..self.level]
                .iter()
                .copied()
                .filter(|&p| !self.is_header(p)),
        );
    }

    /// Runs the search from where it stands until it is exhausted (`false`), `stop` says so
    /// before a new node (it gets the node count), or `solution` says so after a solution (it
    /// gets the search, to read the chosen options); then `true`. Adds to the counters.
    pub(crate) fn run(
        &mut self,
        counters: &mut Counters<'_>,
        mut stop: impl FnMut(u64) -> bool,
        mut solution: impl FnMut(&Mcc) -> bool,
    ) -> bool {
        loop {
            match self.label {
                Label::Done => return false,
                Label::Forward => {
                    // M2, M3: count the node; a solution when no primary item is left active;
                    // else choose the item, and back up if it has no way to go on.
                    if stop(*counters.nodes) {
                        return true;
                    }
                    *counters.nodes += 1;
                    if counters.profile.len() <= self.level {
                        counters.profile.resize(self.level + 1, 0);
                    }
                    counters.profile[self.level] += 1;
                    if self.items[0].next == 0 {
                        self.label = Label::Backdown;
                        if solution(self) {
                            return true;
                        }
                        continue;
                    }
                    let (best, score) = self.choose();
                    if score <= 0 {
                        self.label = Label::Backdown;
                        continue;
                    }
                    // M4: prepare to branch on `best`.
                    let b = best as usize;
                    self.best = best;
                    self.cur = self.nodes[b].down;
                    self.choice[self.level] = self.cur;
                    self.items[b].bound -= 1;
                    if self.items[b].bound == 0 {
                        *counters.updates += self.cover(best, true);
                    }
                    self.first_tweak[self.level] =
                        if self.items[b].bound != 0 || self.items[b].slack != 0 {
                            self.cur
                        } else {
                            0
                        };
                    self.label = Label::Advance;
                }
                Label::Advance => {
                    // M5: possibly tweak; M6: try the option (or the null move).
                    let (best, b) = (self.best, self.best as usize);
                    let cur = self.cur;
                    if self.items[b].bound == 0 && self.items[b].slack == 0 {
                        if cur == best {
                            self.label = Label::Backup;
                            continue;
                        }
                    } else if self.items[b].len <= self.items[b].bound - self.items[b].slack {
                        self.label = Label::Backup;
                        continue;
                    } else if cur != best {
                        let hide = self.items[b].bound != 0;
                        *counters.updates += self.tweak(cur, hide);
                    } else if self.items[b].bound != 0 {
                        self.deactivate(best);
                    }
                    if cur != best {
                        let (u, c) = self.cover_rest(cur);
                        *counters.updates += u;
                        *counters.cleansings += c;
                    }
                    self.level += 1;
                    self.label = Label::Forward;
                }
                Label::Backup => {
                    // M8: restore `best`.
                    let (best, b) = (self.best, self.best as usize);
                    if self.items[b].bound == 0 && self.items[b].slack == 0 {
                        self.uncover(best, true);
                    } else if self.items[b].bound == 0 {
                        self.untweak(best, self.first_tweak[self.level], false);
                        self.uncover(best, true);
                    } else {
                        self.untweak(best, self.first_tweak[self.level], true);
                    }
                    self.items[b].bound += 1;
                    self.label = Label::Backdown;
                }
                Label::Backdown => {
                    // M9: leave the level.
                    if self.level == 0 {
                        self.label = Label::Done;
                        return false;
                    }
                    self.level -= 1;
                    let cur = self.choice[self.level];
                    if self.is_header(cur) {
                        // A null move: the item left the list; put it back.
                        self.best = cur;
                        self.reactivate(cur);
                        self.label = Label::Backup;
                        continue;
                    }
                    // M7: undo the option, go on with the next.
                    self.best = self.meta[cur as usize].item;
                    self.uncover_rest(cur);
                    self.cur = self.nodes[cur as usize].down;
                    self.choice[self.level] = self.cur;
                    self.label = Label::Advance;
                }
            }
        }
    }
}

/// One item's state in a bounded search.
#[derive(Debug, Clone, Copy)]
struct ItemState {
    len: i64,
    bound: i64,
    slack: i64,
    prev: u32,
    next: u32,
}

/// The figures a bounded search adds to.
pub(crate) struct Counters<'a> {
    pub(crate) nodes: &'a mut u64,
    pub(crate) updates: &'a mut u64,
    pub(crate) cleansings: &'a mut u64,
    pub(crate) profile: &'a mut Vec<u64>,
}
