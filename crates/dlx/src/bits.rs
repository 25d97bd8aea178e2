//! Algorithm X on bitsets (`BitsSearch`): dancing links' search tree, figures and order, for
//! plain problems small enough that a level's whole state fits in a few cache lines.
//!
//! Dancing links keep, per item, a doubly linked column of the options still possible, and
//! pay for each option they take out with two stores into a node found by a chain of loads:
//! on a polyomino packing (340 updates a node) that is most of the time. Here the state at a
//! level is two small arrays: the *live* options as a bitset (one bit per option), and the
//! *counts*, for each primary item, of its live options (16-bit lanes, covered items at the
//! top value). Taking an option ANDs the live set with the complement of the options that
//! share an item with it (the OR of those items' rows, a bitset per item), and subtracts, for
//! each option so killed, its row of ones from the counts: a few vector subtractions, no
//! stores. A level writes its successor's state into the next slot of a stack, so backing up
//! is free; nothing is undone.
//!
//! The tree is dancing links' (`dlx1`) step for step: the item with the fewest live options,
//! the first in the item order on a tie (items are never reordered: uncovering puts an item
//! back where it was); its options in the order of the column (by number); the same nodes,
//! solutions and order. `dlx1`'s updates are counted as it counts them: covering an item is
//! one update and one per other node of each option it hides, so taking an option counts one
//! per item covered and, per option killed, one per node but the one in the covering column.
//! Which options are killed does not depend on the order of the covers, so the figures are
//! the same.
//!
//! Taken, once per problem, where it wins (`docs/benchmarks.md`, "Algorithm X on bitsets"): no
//! colors, no bounds, at most [`MAX_PRIMARY`] primary items and [`MAX_OPTIONS`] options, and
//! dense ([`MIN_DENSITY`]: each option shares items with many others, as in polyomino
//! packings). `DLX_NO_BITS` ([`NO_BITS_VAR`]) sends every problem to the links.

use std::sync::Arc;

use crate::arena::Node;
use crate::control::{
    item_id, Algorithm, Control, Job, Move, ReplayError, Replayed, SelectError, StopReason, Visit,
};
use crate::problem::{OptionId, Problem};

/// The most primary items the counts hold: eight vectors of sixteen lanes.
pub(crate) const MAX_PRIMARY: usize = LANES * MAX_VECTORS;

/// The most options: the live set is at most 64 words (a level's copy stays within the
/// first-level cache), and a count (at most this) stays below [`COVERED`].
pub(crate) const MAX_OPTIONS: usize = 4096;

/// Lanes of a counts vector.
const LANES: usize = 16;

/// The most vectors of counts (the loop is compiled once for each number up to this).
const MAX_VECTORS: usize = 8;

/// The count of a covered item (and of a lane that holds no primary item): above every count,
/// so the fewest-options rule never chooses it.
const COVERED: u16 = u16::MAX;

/// The environment variable that sends every problem to the dancing links' own loop
/// (`dlx::NO_BITS_VAR`): for measuring the links, and for tests.
pub(crate) const NO_BITS_VAR: &str = "DLX_NO_BITS";

/// Sixteen counts: a vector register's worth with AVX2.
type Vector = [u16; LANES];

/// One option's row of ones over the counts' lanes, sixteen lanes to a vector.
type Ones = [u8; LANES];

/// The least density (the options an option shares an item with, on average, counted once per
/// item shared) at which the bitsets search: below it, on Langford pairs (44 to 49) and the
/// queens (36 to 40), they run as fast as the links, no faster; from polyomino packings (700 to
/// 1,350: three to four times as fast) down to `xc550` (456: twice) they win
/// (`docs/benchmarks.md`, "Algorithm X on bitsets").
pub(crate) const MIN_DENSITY: u64 = 100;

/// Whether the bitset loop searches `problem` for dancing links: a plain problem (no colors,
/// no bounds) within the sizes, dense enough to gain, and [`NO_BITS_VAR`] not set (read once
/// per process).
pub(crate) fn takes(problem: &Problem) -> bool {
    switched_on() && fits(problem) && density(problem) >= MIN_DENSITY
}

/// Whether [`NO_BITS_VAR`] leaves the bitsets on (read once per process).
pub(crate) fn switched_on() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    !*OFF.get_or_init(|| std::env::var_os(NO_BITS_VAR).is_some_and(|v| !v.is_empty() && v != "0"))
}

/// The options an option shares an item with, on average over the options, counted once per
/// item they share: the sum over items of `len * (len - 1)`, over the number of options. What
/// taking an option kills, and so what dancing links pay per node and the bitsets do not.
pub(crate) fn density(problem: &Problem) -> u64 {
    // The items' lengths as the problem was built (every item's options, headers 1 to n).
    let lens = &problem.links().lens[1..=problem.num_items()];
    let pairs: u64 = lens
        .iter()
        .map(|&l| u64::from(l) * u64::from(l.saturating_sub(1)))
        .sum();
    pairs / problem.num_options().max(1) as u64
}

/// Whether `problem` is of the class and size the bitset loop takes (whatever the switch).
pub(crate) fn fits(problem: &Problem) -> bool {
    !problem.has_colors()
        && !problem.declares_bounds()
        && problem.num_primary() <= MAX_PRIMARY
        && problem.num_options() <= MAX_OPTIONS
        && problem.num_items() <= usize::from(u16::MAX)
}

/// What the search reads and never changes, made once per problem and shared by the threads.
#[derive(Debug)]
struct Tables {
    /// Words of a bitset over the options.
    words: usize,
    /// Vectors of counts (`ceil(primary / 16)`, at least one).
    vectors: usize,
    /// Per item (internal order, from 0: primary items first), the options that hold it:
    /// `words` words each.
    rows: Vec<u64>,
    /// Where each option's items start in `items` (one more entry than options).
    start: Vec<u32>,
    /// The options' items (internal order, from 0), each option's in its nodes' order.
    items: Vec<u16>,
    /// Per option, its row of ones over the primary items: `vectors` vectors each.
    ones: Vec<Ones>,
    /// Per option, its number of items less one: the updates a hide of it counts.
    others: Vec<u32>,
    /// Per option, its first node (the node of its `k`-th item is `k` after it).
    first: Vec<u32>,
    /// The live set before the search: every option.
    live: Vec<u64>,
    /// The counts before the search.
    counts: Vec<Vector>,
}

impl Tables {
    fn new(problem: &Problem) -> Tables {
        let n = problem.num_options();
        let np = problem.num_primary();
        let words = n.div_ceil(64).max(1);
        let vectors = np.div_ceil(LANES).max(1);
        let mut rows = vec![0u64; problem.num_items() * words];
        let mut start = Vec::with_capacity(n + 1);
        let mut items = Vec::new();
        let mut ones = vec![[0u8; LANES]; n * vectors];
        let mut others = Vec::with_capacity(n);
        let mut first = Vec::with_capacity(n);
        let mut counts = vec![[COVERED; LANES]; vectors];
        for lane in counts.as_flattened_mut()[..np].iter_mut() {
            *lane = 0;
        }
        start.push(0);
        for o in 0..n {
            let option = OptionId(o as u32);
            let mut size = 0u32;
            for item in problem.option_items(option) {
                // Internal items count from 1 (0 is the arena's root).
                let i = problem.internal_item(item).0 as usize - 1;
                rows[i * words + o / 64] |= 1 << (o % 64);
                if i < np {
                    counts[i / LANES][i % LANES] += 1;
                    ones[o * vectors + i / LANES][i % LANES] = 1;
                }
                items.push(i as u16);
                size += 1;
            }
            start.push(items.len() as u32);
            others.push(size - 1);
            first.push(problem.first_node(option).expect("the option exists").0);
        }
        let mut live = vec![0u64; words];
        for o in 0..n {
            live[o / 64] |= 1 << (o % 64);
        }
        Tables {
            words,
            vectors,
            rows,
            start,
            items,
            ones,
            others,
            first,
            live,
            counts,
        }
    }

    /// The items of option `o`.
    #[inline(always)]
    fn items_of(&self, o: usize) -> &[u16] {
        &self.items[self.start[o] as usize..self.start[o + 1] as usize]
    }

    /// Item `i`'s row of options.
    #[inline(always)]
    fn row(&self, i: usize) -> &[u64] {
        &self.rows[i * self.words..(i + 1) * self.words]
    }

    /// [`Tables::items_of`] without the bounds checks, for the loop (2% of its instructions).
    ///
    /// # Safety
    /// `o` must be an option.
    #[inline(always)]
    unsafe fn items_unchecked(&self, o: usize) -> &[u16] {
        debug_assert!(o + 1 < self.start.len());
        // SAFETY: `o` is an option (the caller's contract), so `start` has entries `o` and
        // `o + 1`, and they bound its items within `items`.
        unsafe {
            let s = *self.start.get_unchecked(o) as usize;
            let e = *self.start.get_unchecked(o + 1) as usize;
            self.items.get_unchecked(s..e)
        }
    }

    /// [`Tables::row`] without the bounds checks, for the loop.
    ///
    /// # Safety
    /// `i` must be an item.
    #[inline(always)]
    unsafe fn row_unchecked(&self, i: usize) -> &[u64] {
        debug_assert!((i + 1) * self.words <= self.rows.len());
        // SAFETY: `i` is an item (the caller's contract), so its row lies within `rows`.
        unsafe {
            self.rows
                .get_unchecked(i * self.words..(i + 1) * self.words)
        }
    }
}

/// The first of the items with the fewest live options, and that number; [`COVERED`] when
/// every primary item is covered (a solution).
#[inline(always)]
fn first_min<const V: usize>(c: &[Vector; V]) -> (usize, u16) {
    let mut m = c[0];
    for lane in &c[1..] {
        for k in 0..LANES {
            m[k] = m[k].min(lane[k]);
        }
    }
    // Halving, so that the reduction stays in vector registers (a fold went lane by lane).
    for half in [8, 4, 2, 1] {
        for k in 0..half {
            m[k] = m[k].min(m[k + half]);
        }
    }
    let t = m[0];
    if t == COVERED {
        return (0, COVERED);
    }
    for (v, lane) in c.iter().enumerate() {
        let mut hits = 0u32;
        for (k, &x) in lane.iter().enumerate() {
            hits |= u32::from(x == t) << k;
        }
        if hits != 0 {
            return (v * LANES + hits.trailing_zeros() as usize, t);
        }
    }
    unreachable!("the least count is some lane's")
}

/// Takes an option's row of ones from the counts.
#[inline(always)]
fn subtract<const V: usize>(c: &mut [Vector; V], ones: &[Ones; V]) {
    for v in 0..V {
        for k in 0..LANES {
            c[v][k] = c[v][k].wrapping_sub(u16::from(ones[v][k]));
        }
    }
}

/// Covers the lanes of an option's row of ones: their counts become [`COVERED`].
#[inline(always)]
fn cover_lanes<const V: usize>(c: &mut [Vector; V], ones: &[Ones; V]) {
    for v in 0..V {
        for k in 0..LANES {
            c[v][k] |= u16::from(ones[v][k]).wrapping_neg();
        }
    }
}

/// Whether every lane is [`COVERED`]: every primary item is covered.
#[inline(always)]
fn all_covered<const V: usize>(c: &[Vector; V]) -> bool {
    let mut all = COVERED;
    for lane in c {
        for &x in lane {
            all &= x;
        }
    }
    all == COVERED
}

/// Calls `f(o)` for each option `o` whose bit is set in `word`, the `q`-th word of a set.
#[inline(always)]
fn each_bit(q: usize, mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        let o = q * 64 + word.trailing_zeros() as usize;
        word &= word - 1;
        f(o);
    }
}

/// Where the search loop resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// Enter the level: count a node; a solution, a dead end, or choose and cover an item.
    Forward,
    /// Try the next option of the level's item, or back up.
    Next,
    /// Count the solution the level's current option completed (a node limit stopped the
    /// search before it), then go on as [`Resume::Next`].
    Solution,
    /// The tree is exhausted.
    Exhausted,
}

/// The per-level state of the search: the slots of the stack.
#[derive(Debug, Clone)]
struct State {
    /// Level `l`'s live set (`words` words from `l * words`): as it entered, then, once its item
    /// is covered, without that item's options.
    live: Vec<u64>,
    /// Level `l`'s counts (`vectors` vectors from `l * vectors`), likewise.
    counts: Vec<Vector>,
    /// Level `l`'s options not yet tried.
    cand: Vec<u64>,
    /// `cursor[l]`: the words of `cand` at level `l` before this one are empty.
    cursor: Vec<u32>,
    /// The item covered at level `l`.
    best: Vec<u32>,
    /// The bitset a taken option kills, before the live set masks it.
    kill: Vec<u64>,
}

impl Tables {
    /// Option `o`'s row of ones, `V` (the tables' `vectors`) vectors.
    ///
    /// # Safety
    /// `o` must be an option and `V` the tables' `vectors`.
    #[inline(always)]
    unsafe fn ones_of<const V: usize>(&self, o: usize) -> &[Ones; V] {
        debug_assert!(V == self.vectors && (o + 1) * V <= self.ones.len());
        // SAFETY: option `o`'s `V` vectors lie within `ones` (the caller's contract).
        unsafe { &*(self.ones.as_ptr().add(o * V) as *const [Ones; V]) }
    }

    /// The node of option `o` in item `i`'s column.
    #[inline(always)]
    fn node_of(&self, o: usize, i: usize) -> Node {
        let k = self
            .items_of(o)
            .iter()
            .position(|&j| usize::from(j) == i)
            .expect("the option holds the item");
        Node(self.first[o] + k as u32)
    }
}

impl State {
    /// Level `l`'s counts.
    #[inline(always)]
    fn counts_at<const V: usize>(&self, l: usize) -> [Vector; V] {
        debug_assert!(self.counts.len() >= (l + 1) * V);
        // SAFETY: level `l` has a slot of `V` vectors of counts (asserted above).
        unsafe { *(self.counts.as_ptr().add(l * V) as *const [Vector; V]) }
    }

    /// Sets level `l`'s counts.
    #[inline(always)]
    fn set_counts<const V: usize>(&mut self, l: usize, c: [Vector; V]) {
        debug_assert!(self.counts.len() >= (l + 1) * V);
        // SAFETY: as in `counts_at`.
        unsafe { *(self.counts.as_mut_ptr().add(l * V) as *mut [Vector; V]) = c }
    }

    /// Covers level `l`'s item `best`: its options leave the live set (kept as the level's
    /// options to try) and the counts. Returns `dlx1`'s updates for the cover.
    ///
    /// # Safety
    /// `l` must be a level a choice is made at (below `num_primary`), `best` an item (primary,
    /// but for a selection's first item), and `V` the tables' `vectors`.
    #[inline(always)]
    unsafe fn cover<const V: usize>(&mut self, t: &Tables, l: usize, best: usize) -> u64 {
        let w = t.words;
        debug_assert!(self.live.len() >= (l + 1) * w && self.cand.len() >= (l + 1) * w);
        let mut c = self.counts_at::<V>(l);
        let mut updates = 1;
        // SAFETY (this block): level `l` is one a choice is made at (the caller's contract), so
        // its slots of `live` and `cand` exist (asserted above); `best` is an item, and `o` runs
        // over options.
        unsafe {
            let live = self.live.get_unchecked_mut(l * w..(l + 1) * w);
            let cand = self.cand.get_unchecked_mut(l * w..(l + 1) * w);
            let row = t.row_unchecked(best);
            for q in 0..w {
                let hit = *live.get_unchecked(q) & *row.get_unchecked(q);
                *cand.get_unchecked_mut(q) = hit;
                *live.get_unchecked_mut(q) &= !hit;
                let mut bits = hit;
                while bits != 0 {
                    let o = q * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    subtract::<V>(&mut c, t.ones_of::<V>(o));
                    updates += u64::from(*t.others.get_unchecked(o));
                }
            }
            *self.cursor.get_unchecked_mut(l) = 0;
            *self.best.get_unchecked_mut(l) = best as u32;
        }
        // Item `best`'s count is now 0, not [`COVERED`]: only `take` reads these counts, and it
        // covers the lanes of the option it takes, `best`'s among them.
        self.set_counts::<V>(l, c);
        updates
    }

    /// Takes option `o` at level `l`, whose item `best` is covered: level `l + 1`'s state is
    /// level `l`'s without the options that share an item with `o`'s others, those items
    /// covered. Returns `dlx1`'s updates for the covers of `o`'s other items, and whether every
    /// primary item is now covered (a solution).
    ///
    /// # Safety
    /// `l` must be a level a choice is made at, `o` an option and `V` the tables' `vectors`.
    #[inline(always)]
    unsafe fn take<const V: usize>(
        &mut self,
        t: &Tables,
        l: usize,
        o: usize,
        best: usize,
    ) -> (u64, bool) {
        let w = t.words;
        debug_assert!(self.live.len() >= (l + 2) * w);
        // SAFETY: `o` is an option (the caller's contract).
        let items = unsafe { t.items_unchecked(o) };
        let mut c = self.counts_at::<V>(l);
        // The options `o`'s other items have: one item's row as it is, two or more OR-ed
        // together (the first two in one pass: a copy of the first was a call of `memcpy` per
        // option taken).
        // SAFETY: `j` is an item of an option.
        let row = |j: u16| unsafe { t.row_unchecked(usize::from(j)) };
        let mut others = items.iter().copied().filter(|&j| usize::from(j) != best);
        let kill: &[u64] = match (others.next(), others.next()) {
            (Some(a), None) => row(a),
            (Some(a), Some(b)) => {
                let kill = self.kill.as_mut_slice();
                for ((k, x), y) in kill.iter_mut().zip(row(a)).zip(row(b)) {
                    *k = x | y;
                }
                for j in others {
                    for (k, r) in kill.iter_mut().zip(row(j)) {
                        *k |= r;
                    }
                }
                kill
            }
            _ => {
                self.kill.fill(0);
                &self.kill
            }
        };
        let mut updates = u64::from(t.others[o]);
        let (from, to) = self.live.split_at_mut((l + 1) * w);
        let from = &from[l * w..];
        let to = &mut to[..w];
        for q in 0..w {
            // SAFETY: `q` is below `w`, the length of all three; the options are options.
            unsafe {
                let (lq, kq) = (*from.get_unchecked(q), *kill.get_unchecked(q));
                *to.get_unchecked_mut(q) = lq & !kq;
                let mut bits = lq & kq;
                while bits != 0 {
                    let x = q * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    subtract::<V>(&mut c, t.ones_of::<V>(x));
                    updates += u64::from(*t.others.get_unchecked(x));
                }
            }
        }
        // SAFETY: `o` is an option.
        cover_lanes::<V>(&mut c, unsafe { t.ones_of::<V>(o) });
        self.set_counts::<V>(l + 1, c);
        (updates, all_covered::<V>(&c))
    }

    /// The next option to try at level `l`, taken off its set; `None` when none is left.
    #[inline(always)]
    fn next_option(&mut self, w: usize, l: usize) -> Option<usize> {
        // SAFETY: level `l` has slots in `cand` and `cursor`; the cursor stays within `w`.
        unsafe {
            let cand = self.cand.get_unchecked_mut(l * w..(l + 1) * w);
            let cursor = self.cursor.get_unchecked_mut(l);
            let mut q = *cursor as usize;
            while q < w {
                let word = *cand.get_unchecked(q);
                if word != 0 {
                    *cand.get_unchecked_mut(q) = word & (word - 1);
                    *cursor = q as u32;
                    return Some(q * 64 + word.trailing_zeros() as usize);
                }
                q += 1;
            }
            *cursor = w as u32;
            None
        }
    }

    /// Covers option `o` at level 0 as a level would, item `best` first, and makes the state
    /// that follows level 0's. Returns the updates of the item's cover and of the rest.
    fn cover_at_root<const V: usize>(&mut self, t: &Tables, o: usize, best: usize) -> (u64, u64) {
        assert!(V == t.vectors && o + 1 < t.start.len() && t.items_of(o).contains(&(best as u16)));
        let w = t.words;
        // SAFETY: level 0 is one a choice is made at (every problem has a primary item), `best`
        // is an item of option `o`, and `V` the tables' (asserted above).
        let (item, (rest, _)) =
            unsafe { (self.cover::<V>(t, 0, best), self.take::<V>(t, 0, o, best)) };
        self.live.copy_within(w..2 * w, 0);
        self.counts.copy_within(V..2 * V, 0);
        (item, rest)
    }
}

/// Algorithm X on bitsets (see the [module](self) documentation).
#[derive(Debug, Clone)]
pub(crate) struct BitsSearch<'p> {
    problem: &'p Problem,
    t: Arc<Tables>,
    s: State,
    /// The option tried at level `l`.
    choice: Vec<u32>,
    /// The nodes of a solution's path, made from `choice` and `best` when one is found.
    path: Vec<Node>,
    /// While the branch depth is tracked, `forks[l]` is the number of branch nodes above level
    /// `l` on the current path; empty until it first is.
    forks: Vec<u32>,
    level: usize,
    resume: Resume,
    selected: Vec<OptionId>,
    selected_nodes: Vec<Node>,
}

impl<'p> BitsSearch<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        debug_assert!(fits(problem));
        let t = Arc::new(Tables::new(problem));
        let depth = problem.num_primary();
        let (w, v) = (t.words, t.vectors);
        let mut live = vec![0u64; (depth + 1) * w];
        live[..w].copy_from_slice(&t.live);
        let mut counts = vec![[COVERED; LANES]; (depth + 1) * v];
        counts[..v].copy_from_slice(&t.counts);
        let s = State {
            live,
            counts,
            cand: vec![0; depth * w],
            cursor: vec![0; depth],
            best: vec![0; depth],
            kill: vec![0; w],
        };
        BitsSearch {
            problem,
            s,
            choice: vec![0; depth],
            path: Vec::with_capacity(depth),
            forks: Vec::new(),
            level: 0,
            resume: Resume::Forward,
            selected: Vec::new(),
            selected_nodes: Vec::new(),
            t,
        }
    }

    /// The item the fewest-options rule chooses at level 0, and its count ([`COVERED`]: none,
    /// a solution).
    fn root_choice(&self) -> (usize, u16) {
        let v = self.t.vectors;
        let mut c = [[COVERED; LANES]; MAX_VECTORS];
        c[..v].copy_from_slice(&self.s.counts[..v]);
        first_min::<MAX_VECTORS>(&c)
    }

    /// Whether option `o` is live at level 0 (every one of its items uncovered).
    fn is_live(&self, o: usize) -> bool {
        self.s.live[o / 64] >> (o % 64) & 1 == 1
    }

    /// The options of level 0's live set that hold item `i`, by number.
    fn live_options_of(&self, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (q, (&l, &r)) in self.s.live.iter().zip(self.t.row(i)).enumerate() {
            each_bit(q, l & r, |o| out.push(o));
        }
        out
    }

    /// Covers option `o` at level 0 before the search, its item `best` first, as a level would:
    /// level 0's state becomes what level 1's would be. Returns the two covers' updates.
    fn cover_at_root(&mut self, o: usize, best: usize) -> (u64, u64) {
        macro_rules! by_vectors {
            ($($v:literal)*) => {
                match self.t.vectors {
                    $($v => self.s.cover_at_root::<$v>(&self.t, o, best),)*
                    _ => unreachable!("at most {MAX_VECTORS} vectors of counts"),
                }
            };
        }
        by_vectors!(1 2 3 4 5 6 7 8)
    }
    /// [`Algorithm::run`]: the loop for the number of count vectors and the CPU, chosen once
    /// per call.
    fn run_class(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        let avx2 = self.problem.links().avx2;
        macro_rules! by_vectors {
            ($($v:literal)*) => {
                match self.t.vectors {
                    $($v => if avx2 {
                        // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
                        unsafe { self.run_avx2::<$v>(ctl, visit) }
                    } else {
                        self.run_with::<$v>(ctl, visit)
                    },)*
                    _ => unreachable!("at most {MAX_VECTORS} vectors of counts"),
                }
            };
        }
        by_vectors!(1 2 3 4 5 6 7 8)
    }

    /// [`BitsSearch::run_with`] compiled for AVX2: sixteen counts to a register.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2<const V: usize>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<V>(ctl, visit)
    }

    /// Stands in for the AVX2 loop where there is no such thing; never called.
    #[cfg(not(target_arch = "x86_64"))]
    unsafe fn run_avx2<const V: usize>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<V>(ctl, visit)
    }

    /// The loop, for `V` vectors of counts.
    #[inline(always)]
    fn run_with<const V: usize>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        let Control {
            limits,
            stats,
            signal,
            no_pause_at,
            check_mask,
            paused,
        } = ctl;
        let t = &*self.t;
        let s = &mut self.s;
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        let async_checks = limits.watches() || signal.is_some();
        let depth = stats.branch_depth.is_some() && !self.forks.is_empty();
        let mut branch_depth = stats.branch_depth.unwrap_or(0);
        let mut nodes = stats.nodes;
        let mut updates = stats.updates;
        let mut solutions = stats.solutions;
        let mut level = self.level;
        if solutions >= max_solutions && self.resume != Resume::Exhausted {
            return Some(StopReason::SolutionLimit);
        }
        // The entry of a per-level vector at `$l`, without a bounds check in release builds.
        // SAFETY (every use): `choice`, `best` and `forks` have the entries of every level the
        // search stands at (at most `num_primary` choices; `profile` and `forks` one more).
        macro_rules! at {
            ($v:expr, $l:expr) => {{
                let l = $l;
                debug_assert!(l < $v.len(), "level {l} out of range");
                unsafe { $v.get_unchecked_mut(l) }
            }};
        }
        macro_rules! stop {
            ($search:lifetime, $resume:expr, $reason:expr) => {{
                self.resume = $resume;
                break $search $reason;
            }};
        }
        // Back up to the level above (to try its next option), or end at the root.
        macro_rules! back_up {
            ($search:lifetime, $reason:expr) => {{
                if level == 0 {
                    stop!($search, Resume::Exhausted, $reason);
                }
                level -= 1;
            }};
        }

        // Every primary item is covered below level `level`'s current option: count the
        // solution's node and report it, as dancing links do (without looking at the clock:
        // they look only on entering a level). Leaves the loop if a limit or the visitor says
        // so; otherwise the level goes on with its next option.
        macro_rules! solution {
            ($search:lifetime) => {{
                if nodes >= max_nodes {
                    stop!($search, Resume::Solution, Some(StopReason::NodeLimit));
                }
                nodes += 1;
                *at!(stats.profile, level + 1) += 1;
                solutions += 1;
                self.path.clear();
                for l in 0..=level {
                    let (o, i) = (*at!(self.choice, l), *at!(s.best, l));
                    self.path.push(t.node_of(o as usize, i as usize));
                }
                if visit(&self.selected, &self.path).is_break() {
                    stop!($search, Resume::Next, Some(StopReason::Visitor));
                }
                if solutions >= max_solutions {
                    stop!($search, Resume::Next, Some(StopReason::SolutionLimit));
                }
            }};
        }

        let stopped = 'search: {
            let mut enter = match self.resume {
                Resume::Exhausted => break 'search None,
                Resume::Forward => true,
                Resume::Next => false,
                Resume::Solution => {
                    solution!('search);
                    false
                }
            };
            loop {
                if enter {
                    if nodes >= max_nodes {
                        stop!('search, Resume::Forward, Some(StopReason::NodeLimit));
                    }
                    let (best, len) = first_min::<V>(&s.counts_at::<V>(level));
                    if len == COVERED {
                        // Only at the root, where selected options cover every primary item:
                        // the empty choice is the one solution, a single node.
                        debug_assert_eq!(level, 0);
                        nodes += 1;
                        *at!(stats.profile, level) += 1;
                        solutions += 1;
                        let flow = visit(&self.selected, &[]);
                        let reason = flow.is_break().then_some(StopReason::Visitor);
                        stop!('search, Resume::Exhausted, reason);
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
                    *at!(stats.profile, level) += 1;
                    if len == 0 {
                        // A dead end: dlx1 covers the empty item (one update) and uncovers it.
                        updates += 1;
                        back_up!('search, None);
                        enter = false;
                        continue;
                    }
                    if depth {
                        let f = *at!(self.forks, level) + u32::from(len > 1);
                        *at!(self.forks, level + 1) = f;
                        branch_depth = branch_depth.max(f);
                    }
                    // SAFETY: `level` is below `num_primary` (a primary item is left), `best` is
                    // the primary item chosen, and `V` is the tables' (`run_class`).
                    updates += unsafe { s.cover::<V>(t, level, best) };
                }
                // Try the level's next option, or back up.
                let Some(o) = s.next_option(t.words, level) else {
                    back_up!('search, None);
                    continue;
                };
                let best = *at!(s.best, level) as usize;
                *at!(self.choice, level) = o as u32;
                // SAFETY: as for the cover, and `o` is an option of the level's set.
                let (u, solved) = unsafe { s.take::<V>(t, level, o, best) };
                updates += u;
                if solved {
                    solution!('search);
                    enter = false;
                } else {
                    level += 1;
                    enter = true;
                }
            }
        };
        stats.nodes = nodes;
        stats.updates = updates;
        stats.solutions = solutions;
        if depth {
            stats.branch_depth = Some(branch_depth);
        }
        self.level = level;
        stopped
    }
}

impl<'p> Algorithm<'p> for BitsSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        self.run_class(ctl, visit)
    }

    fn is_fresh(&self) -> bool {
        self.resume == Resume::Forward && self.level == 0
    }

    fn is_exhausted(&self) -> bool {
        self.resume == Resume::Exhausted
    }

    /// Puts `option` in every solution, as dancing links do (the same errors, the same node).
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        let Some(node) = self.problem.select_node(option) else {
            return Err(SelectError::UnknownOption { option });
        };
        let o = option.index();
        if !self.is_live(o) {
            // An item of the option is covered (the first such, in the option's order, as the
            // links find it): named as the links name it.
            let problem = self.problem;
            let item = problem
                .option_items(option)
                .find(|&i| {
                    self.selected
                        .iter()
                        .any(|&s| problem.option_items(s).any(|j| j == i))
                })
                .expect("only a selected option kills an option before the search");
            return Err(crate::links::conflict(
                problem,
                &self.selected,
                option,
                item,
                None,
            ));
        }
        // A plain problem's selection covers the item of the option's first node first.
        let best = usize::from(self.t.items_of(o)[0]);
        debug_assert_eq!(node, self.t.node_of(o, best));
        self.cover_at_root(o, best);
        self.selected.push(option);
        self.selected_nodes.push(node);
        Ok(())
    }

    fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    fn selected_nodes(&self) -> &[Node] {
        &self.selected_nodes
    }

    fn branches(&self) -> Option<Vec<Move>> {
        let (best, len) = self.root_choice();
        if len == COVERED {
            return None;
        }
        let out: Vec<Move> = self
            .live_options_of(best)
            .into_iter()
            .map(|o| Move::Option(OptionId(o as u32)))
            .collect();
        debug_assert_eq!(out.len(), usize::from(len));
        Some(out)
    }

    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        debug_assert!(self.level == 0 && !rest, "no level is given away as a rest");
        let (best, len) = self.root_choice();
        if len == COVERED {
            return Err(ReplayError::Solved);
        }
        let not_a_choice =
            || ReplayError::NotAChoice(item_id(self.problem, crate::arena::Item(best as u32 + 1)));
        let Move::Option(option) = mv else {
            return Err(not_a_choice());
        };
        let o = option.index();
        if o >= self.problem.num_options()
            || !self.is_live(o)
            || !self.t.items_of(o).iter().any(|&j| usize::from(j) == best)
        {
            return Err(not_a_choice());
        }
        let node = self.t.node_of(o, best);
        let (item_updates, rest_updates) = self.cover_at_root(o, best);
        self.selected.push(option);
        self.selected_nodes.push(node);
        Ok(Replayed {
            item_updates,
            rest_updates,
            ..Replayed::default()
        })
    }

    /// Gives away the untried options of the shallowest level that has some, each as a job
    /// for another thread; that level then ends after its current option.
    fn donate(&mut self, job: &Job) -> Vec<Job> {
        debug_assert!(self.resume == Resume::Forward);
        let w = self.t.words;
        let untried = |l: usize| self.s.cand[l * w..(l + 1) * w].iter().any(|&x| x != 0);
        let Some(l) = (0..self.level).find(|&l| untried(l)) else {
            return Vec::new();
        };
        let mut head = job.prefix.clone();
        head.extend(self.choice[..l].iter().map(|&o| Move::Option(OptionId(o))));
        let mut given = Vec::new();
        for (q, word) in self.s.cand[l * w..(l + 1) * w].iter_mut().enumerate() {
            each_bit(q, *word, |o| {
                let mut prefix = head.clone();
                prefix.push(Move::Option(OptionId(o as u32)));
                given.push(Job::new(prefix, 0));
            });
            *word = 0;
        }
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

    fn reset(&mut self, _updates: u64) {
        let (w, v) = (self.t.words, self.t.vectors);
        self.s.live[..w].copy_from_slice(&self.t.live);
        self.s.counts[..v].copy_from_slice(&self.t.counts);
        self.selected.clear();
        self.selected_nodes.clear();
        self.level = 0;
        self.resume = Resume::Forward;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::{ItemId, Limits, ProblemBuilder, Solver};
    use proptest::prelude::*;

    /// A random plain problem: `np` primary and `ns` secondary items, `n` options of one to
    /// four primary items and up to two secondary ones (repeats dropped; an option the builder
    /// refuses is left out).
    fn random_problem(seed: u64, np: usize, ns: usize, n: usize) -> Problem {
        let mut rng = SplitMix64::new(seed);
        let mut b = ProblemBuilder::new();
        for k in 0..np {
            b.primary(format!("p{k}")).unwrap();
        }
        for k in 0..ns {
            b.secondary(format!("s{k}")).unwrap();
        }
        for _ in 0..n {
            let mut items: Vec<u32> = (0..1 + rng.below(4))
                .map(|_| rng.below(np) as u32)
                .collect();
            if ns > 0 {
                items.extend((0..rng.below(3)).map(|_| (np + rng.below(ns)) as u32));
            }
            let mut seen = Vec::new();
            items.retain(|&i| {
                !seen.contains(&i) && {
                    seen.push(i);
                    true
                }
            });
            let _ = b.option(items.into_iter().map(ItemId));
        }
        b.build().unwrap()
    }

    /// Everything a whole search gives: each solution's options in the order chosen, the figures
    /// and the profile.
    fn whole(mut s: Solver<'_>) -> (Vec<Vec<OptionId>>, [u64; 3], Vec<u64>, Option<u32>) {
        s.track_branch_depth(true);
        let sols = s.solutions().map(|x| x.options().to_vec()).collect();
        let st = s.stats();
        assert!(s.outcome().is_complete());
        let figures = [st.solutions, st.nodes, st.updates];
        (sols, figures, st.profile().to_vec(), st.branch_depth)
    }

    fn on_bits(p: &Problem) -> Solver<'_> {
        let s = Solver::on_bits(p);
        assert!(s.runs_on_bits());
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The same tree as the links: every solution in the same order, the same nodes,
        /// updates, profile and branch depth; across the lanes' and words' edges (16 and 32
        /// primary items, 64 options).
        #[test]
        fn the_tree_and_figures_are_the_links(
            seed in any::<u64>(), np in 1usize..40, ns in 0usize..4, n in 1usize..90,
        ) {
            let p = random_problem(seed, np, ns, n);
            prop_assert_eq!(whole(on_bits(&p)), whole(Solver::on_links(&p)));
        }

        /// Stopped by a node limit again and again and resumed, or after selections (clashing
        /// ones refused alike), the bitsets end where the links do.
        #[test]
        fn limits_and_selections_as_the_links(
            seed in any::<u64>(), np in 1usize..20, ns in 0usize..3, n in 1usize..40,
            step in 1u64..20, picks in proptest::collection::vec(0usize..40, 0..4),
        ) {
            let p = random_problem(seed, np, ns, n);
            let mut bits = on_bits(&p);
            let mut links = Solver::on_links(&p);
            for &k in &picks {
                let o = OptionId((k % p.num_options()) as u32);
                prop_assert_eq!(bits.select(o), links.select(o));
            }
            let mut limit = 0;
            loop {
                limit += step;
                bits.set_limits(Limits::none().nodes(limit));
                links.set_limits(Limits::none().nodes(limit));
                let (a, b) = (bits.count(), links.count());
                prop_assert_eq!(
                    (a.solutions, a.nodes, a.updates, a.stopped),
                    (b.solutions, b.nodes, b.updates, b.stopped)
                );
                if a.is_complete() {
                    break;
                }
            }
            // A reset forgets the selections and searches the whole tree again.
            bits.reset();
            bits.set_limits(Limits::none());
            let fresh = Solver::on_links(&p).count();
            let again = bits.count();
            prop_assert_eq!(
                (again.solutions, again.nodes, again.updates),
                (fresh.solutions, fresh.nodes, fresh.updates)
            );
        }
    }

    /// The problems the bitsets take: plain ones within the sizes.
    #[test]
    fn fits_plain_problems_within_the_sizes() {
        assert!(fits(&random_problem(1, 128, 2, 50)));
        assert!(!fits(&random_problem(1, 129, 0, 50)));
        assert!(fits(&random_problem(2, 10, 0, MAX_OPTIONS)));
        assert!(!fits(&random_problem(2, 10, 0, MAX_OPTIONS + 1)));
        let colored = crate::text::parse("a | x\na x:R\na x:B\n").unwrap().problem;
        assert!(!fits(&colored));
        let bounded = crate::text::parse("2|a b\na\na b\nb\n").unwrap().problem;
        assert!(!fits(&bounded));
    }
}
