//! The Dancing Links arena: flat `u32` vectors and the cover/uncover dance on them.
//!
//! The layout follows Knuth's `dlx1`, with changes measured to be faster on the same search
//! tree (`docs/design/engine.md` has the figures):
//!
//! * `heads` (length `N + 2`) holds the item list. Entry 0 is the root of the circular list of
//!   active *primary* items; entries `1..=N` are the items, primary first; entry `N + 1` is the
//!   root of the separate circular list of secondary items.
//! * `lens` (length `N + 2`, or more: slack for whole vectors) holds the number of options in
//!   each item's column (dlx1 keeps it in the header node), with the [`COVERED`] bit set while
//!   the item is covered. A covered item's column is frozen (I3), so the bit survives, and the
//!   MRV rule is a vectorised scan of `lens[1..=N1]` rather than a walk of the list (except on a
//!   CPU without AVX2, for up to 48 primary items). The column loops are counted by these
//!   lengths, so their exit branches wait on no load.
//! * `nodes` holds the columns: `up`/`down` links, 8 bytes a node, the only part of a node the
//!   dance changes. Nodes `1..=N` are the column headers (node `i` heads item `i`; node 0 is
//!   unused), and then every option lies contiguously.
//! * `meta`, parallel to `nodes`, holds what never changes: a node's `item`, and its `place`:
//!   its position `k` within its option and the option's length `m`, packed as `k << 16 | m`.
//!   Where dlx1 puts a spacer node between options and tests every node for it, `place` gives
//!   the option's bounds, so `hide` is one counted loop over contiguous nodes. Two vectors of
//!   8-byte entries rather than one of 16 are indexed without a shift (x86-64 scales an index by
//!   at most 8), and a reset copies only `nodes`.
//! * The [`Trail`], kept by the search, records every node `hide` unlinks, in order. `dlx1`'s
//!   uncover walks the covered columns upwards and the hidden options leftwards to visit the
//!   same nodes in reverse; ours pops them off the trail.
//!
//! Invariants the unchecked indexing below relies on:
//!
//! * **(I1)** every value stored in a link field (`prev`, `next`, `up`, `down`, `item`) is a valid
//!   index into the vector it is used with, and every option node's `place` describes the
//!   contiguous run of nodes of its option, which lies inside `nodes`. The builder establishes
//!   this; the dance only stores values it read from links (or the index of the node it is
//!   standing on), and `place` never changes.
//! * **(I2)** `uncover` undoes `cover` only when called in exact reverse order of the covers
//!   since the links were last in their built state; the search guarantees it with its stack.
//!   It relinks the nodes on the [`Trail`] above the mark taken before the cover, the latest
//!   first: a node goes back between the neighbours it had when it was unlinked, which are its
//!   neighbours again once everything unlinked after it is back. An item goes back into its
//!   list after the nodes; the two touch different vectors (and different lengths, by I3), so
//!   their order between them does not matter.
//! * **(I3)** the columns of covered items are never changed while they are covered: covering
//!   item `j` hides every option that contains `j` from the other columns, so no later hide
//!   reaches a node in `j`'s column.

/// The root of the primary item list.
pub(crate) const ROOT: Item = Item(0);

/// Set in `lens[i]` while item `i` is covered, so the MRV scan passes over it. Lengths never
/// reach it (the builder keeps every count below 2^30).
const COVERED: u32 = 1 << 30;

/// Above this many primary items the MRV rule scans the length array in blocks
/// ([`first_min_by_blocks`]) instead of walking the active list, where the small AVX2 scan does
/// not apply: the walk is a chain of dependent loads, cheap over a few dozen items and costly
/// over hundreds, where the scan runs at the speed of memory (measured on queens13, langford11,
/// pentomino and the 17-clue sudoku set: `docs/benchmarks.md`, "The engine's choices").
const SCAN_FROM: usize = 48;

/// The longest option [`NodeMeta::place`] can describe.
pub(crate) const MAX_OPTION_LEN: usize = u16::MAX as usize;

/// The index of the first smallest value. Lengths stay below 2^30 and [`COVERED`] is 2^30, so
/// the values compare as `i32`: the baseline x86-64 target (SSE2) vectorises a signed minimum
/// but has no unsigned one.
#[inline]
fn first_min(lens: &[u32]) -> usize {
    first_min_by_blocks(lens, |block| {
        block.iter().fold(i32::MAX, |m, &l| m.min(l as i32)) as u32
    })
}

/// [`first_min`] compiled for AVX2: eight lanes and a native unsigned minimum.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn first_min_avx2(lens: &[u32]) -> usize {
    first_min_by_blocks(lens, |block| block.iter().fold(u32::MAX, |m, &l| m.min(l)))
}

/// Lanes of the small scan: one AVX2 vector of `u32`.
pub(crate) const LANES: usize = 8;

/// Up to this many primary items, on a CPU with AVX2 (and with no column of [`KEY_CAP`] options
/// or more), the MRV rule is [`first_min_small_avx2`] over a slice padded to a multiple of
/// [`LANES`]: the walk of the item list is a chain of dependent loads, the scan one
/// vectorised pass (faster on queens13 and langford11: `docs/benchmarks.md`, "The engine's
/// choices").
pub(crate) const SMALL_SCAN_MAX: usize = 64;

/// Lengths at or above this are all alike to [`first_min_small_avx2`], which packs a length
/// (26 bits) and an index (6 bits) into one `u32`; a problem with a primary column this long
/// uses another form of the MRV rule.
pub(crate) const KEY_CAP: u32 = (1 << 26) - 1;

/// The first smallest value among the first `n` of `lens`, whose length is a multiple of
/// [`LANES`] and at most 64, as a key `value << 6 | index`; the values at `n..` (other items'
/// lengths, or slack) are passed over. Values at or above [`KEY_CAP`] (covered items among
/// them) count as `KEY_CAP`.
///
/// AVX2 intrinsics, without a branch on the data: each value is capped and shifted left and its
/// index put in the low bits, so the smallest key is the smallest value at its first index, and
/// one reduction finds both. The key gives the length too, sparing the search a dependent load:
/// this is the start of every node's critical path (faster than a scan for the minimum followed
/// by a mask of the lanes holding it and a load of the length: `docs/benchmarks.md`, "The
/// engine's choices").
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn first_min_small_avx2(lens: &[u32], n: usize) -> u32 {
    use std::arch::x86_64::*;
    debug_assert!(lens.len() % LANES == 0 && lens.len() <= 64 && n <= lens.len());
    let (full, rem) = (n / LANES, n % LANES);
    let cap = _mm256_set1_epi32(KEY_CAP as i32);
    let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // SAFETY: chunk `c <= full` lies within `lens`, whose length is `n` rounded up to whole
    // vectors.
    let key = |c: usize| unsafe {
        let v = _mm256_loadu_si256(lens.as_ptr().add(c * LANES).cast());
        let index = _mm256_add_epi32(lane, _mm256_set1_epi32((c * LANES) as i32));
        _mm256_or_si256(_mm256_slli_epi32(_mm256_min_epu32(v, cap), 6), index)
    };
    let mut acc = _mm256_set1_epi32(-1);
    for c in 0..full {
        acc = _mm256_min_epu32(acc, key(c));
    }
    if rem != 0 {
        let valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(rem as i32), lane);
        acc = _mm256_min_epu32(
            acc,
            _mm256_blendv_epi8(_mm256_set1_epi32(-1), key(full), valid),
        );
    }
    acc = _mm256_min_epu32(acc, _mm256_permute2x128_si256(acc, acc, 1));
    acc = _mm256_min_epu32(acc, _mm256_shuffle_epi32(acc, 0b01_00_11_10));
    acc = _mm256_min_epu32(acc, _mm256_shuffle_epi32(acc, 0b10_11_00_01));
    _mm256_cvtsi256_si32(acc) as u32
}

/// Values per block of the MRV scan: 32 measured best, against 8, 16 and 64 (`docs/benchmarks.md`,
/// "The engine's choices").
const BLOCK: usize = 32;

/// The index of the first smallest value, in one pass: the minimum of each block of [`BLOCK`]
/// values (`min_of`, a branch-free fold the compiler vectorises), keeping the first block with
/// the smallest (stopping at a block holding 0, which nothing beats), then the first index of
/// that minimum within its block: one pass instead of a pass for the minimum and a second for
/// its first index (a plain `position` is a scalar loop: the compiler does not vectorise an early
/// exit). Faster on the 17-clue set, with the same nodes (`docs/benchmarks.md`, "The engine's
/// choices").
#[inline(always)]
fn first_min_by_blocks(lens: &[u32], min_of: impl Fn(&[u32]) -> u32) -> usize {
    let mut blocks = lens.chunks_exact(BLOCK);
    let (mut best, mut best_block) = (u32::MAX, 0);
    for (k, block) in (&mut blocks).enumerate() {
        let m = min_of(block);
        if m < best {
            (best, best_block) = (m, k);
            if m == 0 {
                break;
            }
        }
    }
    let tail = blocks.remainder();
    let tail_min = min_of(tail);
    if tail_min < best || lens.len() < BLOCK {
        return lens.len() - tail.len() + first_equal(tail, tail_min);
    }
    let start = best_block * BLOCK;
    start + first_equal(&lens[start..start + BLOCK], best)
}

/// The index of the first value equal to `value` in at most [`BLOCK`] values (0 if none),
/// through a mask built without branches.
#[inline(always)]
fn first_equal(values: &[u32], value: u32) -> usize {
    debug_assert!(values.len() <= BLOCK);
    let mut mask = 0u32;
    for (i, &v) in values.iter().enumerate() {
        mask |= u32::from(v == value) << i;
    }
    if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    }
}

/// [`first_min_small_avx2`] in portable Rust: the same key, `value << 6 | index` with values
/// capped at [`KEY_CAP`], the smallest among the first `n` of `lens`. It stands in for the AVX2
/// scan where there is none (never called there: `small_scan` needs AVX2), and is the scan's
/// oracle in the tests on every CPU.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn first_min_small(lens: &[u32], n: usize) -> u32 {
    lens[..n]
        .iter()
        .zip(0u32..)
        .fold(u32::MAX, |acc, (&len, i)| {
            acc.min(len.min(KEY_CAP) << 6 | i)
        })
}

/// Stands in for the AVX2 scan where there is no such thing; never called, as `avx2` is false.
#[cfg(not(target_arch = "x86_64"))]
unsafe fn first_min_avx2(lens: &[u32]) -> usize {
    first_min(lens)
}

/// Stands in for the small AVX2 scan where there is no such thing; never called.
#[cfg(not(target_arch = "x86_64"))]
unsafe fn first_min_small_avx2(lens: &[u32], n: usize) -> u32 {
    first_min_small(lens, n)
}

/// Whether the CPU supports AVX2 (the AVX2 forms of the scans and loops can run).
pub(crate) fn cpu_has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The environment variable that switches the AVX2 paths off (`dlx::NO_AVX2_VAR`).
pub(crate) const NO_AVX2_VAR: &str = "DLX_NO_AVX2";

/// Whether searches use AVX2: the CPU supports it and [`NO_AVX2_VAR`] does not switch it off.
/// Read once per process; a problem takes the answer when it is built, and its search chooses
/// its loop from it once, never per node.
pub(crate) fn has_avx2() -> bool {
    static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVX2.get_or_init(|| {
        let off = std::env::var_os(NO_AVX2_VAR).is_some_and(|v| !v.is_empty() && v != "0");
        cpu_has_avx2() && !off
    })
}

/// Index of a node (a column header or an option node) in [`Links::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Node(pub(crate) u32);

/// Internal (1-based) index of an item in [`Links::heads`]; 0 and `N + 1` are list roots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Item(pub(crate) u32);

impl Item {
    /// The column header node of this item: node `i` heads item `i`.
    #[inline(always)]
    pub(crate) fn header(self) -> Node {
        Node(self.0)
    }
}

/// The links of one node of the column lists: all that the dance changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct NodeLinks {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// What never changes about a node, beside its links in a separate vector: both are 8 bytes
/// per node, which x86-64 addresses by scaling the index, with no shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct NodeMeta {
    /// The item of an option node; the item itself for a header.
    pub(crate) item: u32,
    /// For an option node, `k << 16 | m`: its position `k` in its option of `m` nodes
    /// (see [`place`]); 0 for a header.
    pub(crate) place: u32,
}

/// Packs position `k` within an option of `m` nodes.
pub(crate) fn place(k: usize, m: usize) -> u32 {
    debug_assert!(k < m && m <= MAX_OPTION_LEN);
    ((k as u32) << 16) | m as u32
}

/// The first node of option node `p`'s option and one past its last.
#[inline(always)]
fn bounds(p: u32, place: u32) -> (u32, u32) {
    let first = p - (place >> 16);
    (first, first + (place & 0xFFFF))
}

/// One entry of the item list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct HeadLinks {
    pub(crate) prev: u32,
    pub(crate) next: u32,
}

/// The option nodes unlinked from their columns and not yet relinked, in the order they were
/// unlinked: what `uncover` must put back, in exact reverse order (I2).
///
/// `dlx1` finds that order again by walking each covered column upwards and each hidden option
/// leftwards; reading it off this stack is one flat loop of relinks instead of a loop per column
/// and per option, whose exits the branch predictor cannot know; the search tree and every
/// figure are the same. A trail of the hidden options only (one entry per hide, each unhidden by
/// a loop over its option) gained less (`docs/benchmarks.md`, "The engine's choices").
#[derive(Clone, Debug)]
pub(crate) struct Trail {
    unlinked: Vec<u32>,
    top: u32,
}

impl Trail {
    /// An empty trail with room for every option node of `links`: a node is unlinked at most
    /// once at a time (only `hide` unlinks, and a hidden option is in no active column, I3).
    pub(crate) fn new(links: &Links) -> Self {
        Trail {
            unlinked: vec![0; links.nodes.len()],
            top: 0,
        }
    }

    /// The number of entries: the mark an uncover goes back to.
    #[inline(always)]
    pub(crate) fn top(&self) -> u32 {
        self.top
    }

    /// Forgets every entry, when the links are copied back to their built state.
    pub(crate) fn clear(&mut self) {
        self.top = 0;
    }

    /// # Safety
    /// `q` must be an option node just unlinked, so there is room (see [`Trail::new`]).
    #[inline(always)]
    unsafe fn push(&mut self, q: u32) {
        debug_assert!((self.top as usize) < self.unlinked.len(), "trail overflow");
        // SAFETY: the caller guarantees room.
        unsafe { *self.unlinked.get_unchecked_mut(self.top as usize) = q };
        self.top += 1;
    }
}

/// A trail's top as a pointer that moves, for the dances that run on borrowed slices
/// ([`ColorDance`] and the bounded one): one register in their loops, where a base and an index
/// need two. The caller reads the top back with [`TrailCursor::top`] when the dance ends.
pub(crate) struct TrailCursor<'a> {
    base: *mut u32,
    next: *mut u32,
    len: usize,
    _trail: std::marker::PhantomData<&'a mut [u32]>,
}

impl<'a> TrailCursor<'a> {
    /// A cursor on `trail` standing at `top`.
    ///
    /// # Safety
    /// `top` must be at most `trail.len()`.
    #[inline(always)]
    pub(crate) unsafe fn new(trail: &'a mut [u32], top: usize) -> Self {
        debug_assert!(top <= trail.len());
        let base = trail.as_mut_ptr();
        TrailCursor {
            base,
            // SAFETY: the caller's contract.
            next: unsafe { base.add(top) },
            len: trail.len(),
            _trail: std::marker::PhantomData,
        }
    }

    /// The number of entries.
    #[inline(always)]
    pub(crate) fn top(&self) -> usize {
        // SAFETY: `next` stays within the trail or one past its end (`new`, `push`, `pop`).
        let top = unsafe { self.next.offset_from(self.base) };
        debug_assert!(top >= 0 && top as usize <= self.len);
        top as usize
    }

    /// Records node `q`.
    ///
    /// # Safety
    /// There must be room: the top below the trail's length (a trail has an entry per node, and
    /// a node is on it at most once).
    #[inline(always)]
    pub(crate) unsafe fn push(&mut self, q: u32) {
        debug_assert!(self.top() < self.len, "trail overflow");
        // SAFETY: the caller's contract.
        unsafe {
            self.next.write(q);
            self.next = self.next.add(1);
        }
    }

    /// Takes off the latest entry while the top is above `mark`; `None` at `mark`.
    #[inline(always)]
    pub(crate) fn pop(&mut self, mark: usize) -> Option<u32> {
        debug_assert!(mark <= self.top());
        if self.top() <= mark {
            return None;
        }
        // SAFETY: the top is above `mark`, so there is an entry below `next`.
        unsafe {
            self.next = self.next.sub(1);
            Some(self.next.read())
        }
    }
}

/// The mutable state of the dance: the links of every node and item, and the column lengths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    pub(crate) nodes: Vec<NodeLinks>,
    /// The item and place of each node, parallel to `nodes`; never changed by the dance.
    pub(crate) meta: Vec<NodeMeta>,
    pub(crate) heads: Vec<HeadLinks>,
    pub(crate) lens: Vec<u32>,
    /// Number of primary items, `N1`: they are items `1..=N1`.
    pub(crate) num_primary: u32,
    /// Whether the CPU supports AVX2 (found once, when the problem is built), for the MRV scan.
    pub(crate) avx2: bool,
    /// Whether the MRV rule is [`first_min_small_avx2`]: AVX2, at most [`SMALL_SCAN_MAX`]
    /// primary items, and no primary column of [`KEY_CAP`] options.
    pub(crate) small_scan: bool,
}

impl Links {
    /// Reads a node without a bounds check in release builds.
    ///
    /// # Safety
    /// `p` must be a valid index into `nodes`: one read from a link (I1) or checked.
    #[inline(always)]
    unsafe fn nd(&self, p: u32) -> NodeLinks {
        debug_assert!((p as usize) < self.nodes.len(), "node {p} out of range");
        // SAFETY: the caller guarantees `p` is in bounds.
        unsafe { *self.nodes.get_unchecked(p as usize) }
    }

    /// Reads a node's item and place without a bounds check in release builds.
    ///
    /// # Safety
    /// As for [`Links::nd`] (`meta` and `nodes` have the same length).
    #[inline(always)]
    unsafe fn meta(&self, p: u32) -> NodeMeta {
        debug_assert!((p as usize) < self.meta.len(), "node {p} out of range");
        // SAFETY: the caller guarantees `p` is in bounds.
        unsafe { *self.meta.get_unchecked(p as usize) }
    }

    /// # Safety
    /// As for [`Links::nd`].
    #[inline(always)]
    unsafe fn nd_mut(&mut self, p: u32) -> &mut NodeLinks {
        debug_assert!((p as usize) < self.nodes.len(), "node {p} out of range");
        // SAFETY: the caller guarantees `p` is in bounds.
        unsafe { self.nodes.get_unchecked_mut(p as usize) }
    }

    /// # Safety
    /// `i` must be a valid item index (read from a link, I1, or checked).
    #[inline(always)]
    unsafe fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.lens.len(), "item {i} out of range");
        // SAFETY: the caller guarantees `i` is in bounds.
        unsafe { self.lens.get_unchecked_mut(i as usize) }
    }

    /// Copies back the parts of `built` the dance changes (links, item lists, lengths), for
    /// links of the same problem; the items and places are the same already.
    pub(crate) fn restore_from(&mut self, built: &Links) {
        debug_assert!(
            self.meta == built.meta,
            "restore from another problem's links"
        );
        self.nodes.copy_from_slice(&built.nodes);
        self.heads.copy_from_slice(&built.heads);
        self.lens.copy_from_slice(&built.lens);
    }

    /// The first item of the active primary list, or [`ROOT`] when every primary item is covered.
    #[inline(always)]
    pub(crate) fn first_primary(&self) -> Item {
        Item(self.heads[0].next)
    }

    /// The item of a node (the item itself for a header node).
    #[inline(always)]
    pub(crate) fn item_of(&self, p: Node) -> Item {
        Item(self.meta[p.0 as usize].item)
    }

    /// Whether item `i` is in its item list (not covered).
    pub(crate) fn is_active(&self, i: Item) -> bool {
        let h = self.heads[i.0 as usize];
        self.heads[h.prev as usize].next == i.0
    }

    /// The node below `p` in its column.
    #[inline(always)]
    pub(crate) fn down(&self, p: Node) -> Node {
        Node(self.nodes[p.0 as usize].down)
    }

    /// The MRV rule: the active primary item with the fewest options, the leftmost on ties
    /// (the choice of dlx1), and its number of options. Call only while a primary item is
    /// active.
    ///
    /// Equivalent ways, chosen by size and CPU: scan `lens[1..=N1]` as a contiguous array, where
    /// covered items carry [`COVERED`]: the first index holding the minimum is the leftmost
    /// active item with the fewest options, since the list is never reordered. Up to 64 primary
    /// items, one AVX2 pass ([`first_min_small_avx2`]); above 48, by blocks ([`first_min`]);
    /// otherwise (no AVX2, up to 48 items) walk the active list and stop early only at length
    /// 0, as dlx1 does. The scans are branch-free and vectorised; the walk is a chain of
    /// dependent loads.
    #[inline(always)]
    pub(crate) fn choose_mrv(&self) -> (Item, u32) {
        let n1 = self.num_primary as usize;
        if self.small_scan {
            let lens = &self.lens[1..1 + n1.next_multiple_of(LANES)];
            // SAFETY: `small_scan` is set only where the CPU was found to support AVX2.
            let key = unsafe { first_min_small_avx2(lens, n1) };
            let (k, len) = ((key & 63) as usize, key >> 6);
            debug_assert!(
                lens[k] < KEY_CAP && lens[k] == len,
                "choose_mrv with every primary item covered"
            );
            return (Item(k as u32 + 1), len);
        }
        if self.num_primary as usize > SCAN_FROM {
            let lens = &self.lens[1..=self.num_primary as usize];
            let k = if self.avx2 {
                // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
                unsafe { first_min_avx2(lens) }
            } else {
                first_min(lens)
            };
            debug_assert!(
                lens[k] < COVERED,
                "choose_mrv with every primary item covered"
            );
            return (Item(k as u32 + 1), lens[k]);
        }
        let mut best = ROOT.0;
        let mut t = u32::MAX;
        let mut k = self.heads[0].next;
        while k != ROOT.0 {
            debug_assert!((k as usize) < self.heads.len());
            // SAFETY: `k` was read from an item link (I1), and `heads` and `lens` have the same
            // length.
            let (len, next) = unsafe {
                (
                    *self.lens.get_unchecked(k as usize),
                    self.heads.get_unchecked(k as usize).next,
                )
            };
            if len < t {
                best = k;
                t = len;
                if t == 0 {
                    break;
                }
            }
            k = next;
        }
        (Item(best), t)
    }

    /// Covers item `i`: takes it out of its item list and hides every option in its column,
    /// recording the nodes it unlinks on `trail`. Returns the number of updates, as `dlx1`
    /// counts them: one for the item, one per node unlinked from its column.
    ///
    /// # Safety
    /// `i` must be an item, `1..=N`: one read from a link (I1), such as the choice of
    /// [`Links::choose_mrv`] or the item of an option node.
    #[inline]
    pub(crate) unsafe fn cover(&mut self, i: Item, trail: &mut Trail) -> u64 {
        let i = i.0;
        debug_assert!(
            i != ROOT.0 && (i as usize) < self.heads.len() - 1,
            "cover of a non-item"
        );
        let mut updates = 1;
        // SAFETY: `i` is an item (the caller's contract); every other index is read from a
        // link (I1), and `r` runs over the option nodes of `i`'s column.
        unsafe {
            let h = *self.heads.get_unchecked(i as usize);
            self.heads.get_unchecked_mut(h.prev as usize).next = h.next;
            self.heads.get_unchecked_mut(h.next as usize).prev = h.prev;
            debug_assert!(*self.len_mut(i) & COVERED == 0, "item {i} covered twice");
            let len = *self.len_mut(i);
            *self.len_mut(i) = len | COVERED;
            // Counted by the column's length rather than by reaching the header again: the
            // loop's exit branch then waits on no load.
            let mut r = i;
            for _ in 0..len {
                r = self.nd(r).down;
                updates += self.hide(r, trail);
            }
            debug_assert_eq!(self.nd(r).down, i, "item {i}'s length is not its column's");
        }
        updates
    }

    /// Undoes [`Links::cover`] of item `i`: relinks the nodes unlinked since `trail` stood at
    /// `mark`, in reverse (I2), then puts `i` back in its item list.
    ///
    /// # Safety
    /// As for [`Links::cover`], the cover of `i` must be the latest not yet undone (I2), and
    /// `mark` the trail's top when it began.
    #[inline]
    pub(crate) unsafe fn uncover(&mut self, i: Item, trail: &mut Trail, mark: u32) {
        // SAFETY: as in `cover`.
        unsafe {
            self.relink_to(trail, mark);
            self.restore_item(i);
        }
    }

    /// Relinks the nodes on `trail` above `mark`, the latest first (I2), and pops them.
    ///
    /// # Safety
    /// The entries above `mark` must be the nodes unlinked since the trail stood there, none
    /// relinked yet.
    #[inline(always)]
    pub(crate) unsafe fn relink_to(&mut self, trail: &mut Trail, mark: u32) {
        debug_assert!(mark <= trail.top);
        // The vectors as local slices: through `self` and `trail`, the compiler reloaded the
        // trail's pointer after every store into the links.
        let (nodes, meta, lens) = (&mut self.nodes[..], &self.meta[..], &mut self.lens[..]);
        let unlinked = &trail.unlinked[..];
        // SAFETY: each entry is an option node unlinked and not yet relinked (the caller's
        // contract), whose neighbours are as when it was unlinked, since everything unlinked
        // after it has been relinked already; `k` stays below the top; `up`, `down` and `item`
        // of an option node are links (I1).
        unsafe {
            for k in (mark..trail.top).rev() {
                let q = *unlinked.get_unchecked(k as usize);
                let n = *nodes.get_unchecked(q as usize);
                nodes.get_unchecked_mut(n.up as usize).down = q;
                nodes.get_unchecked_mut(n.down as usize).up = q;
                *lens.get_unchecked_mut(meta.get_unchecked(q as usize).item as usize) += 1;
            }
        }
        trail.top = mark;
    }

    /// Puts covered item `i`, whose column is as when it was covered (I3), back in its item
    /// list.
    ///
    /// # Safety
    /// `i` must be an item whose cover is the latest not yet undone among the items of its list.
    #[inline(always)]
    pub(crate) unsafe fn restore_item(&mut self, i: Item) {
        let i = i.0;
        debug_assert!(
            i != ROOT.0 && (i as usize) < self.heads.len() - 1,
            "uncover of a non-item"
        );
        // SAFETY: `i` is an item, and its item links are links (I1).
        unsafe {
            debug_assert!(*self.len_mut(i) & COVERED != 0, "item {i} is not covered");
            *self.len_mut(i) &= !COVERED;
            let h = *self.heads.get_unchecked(i as usize);
            self.heads.get_unchecked_mut(h.prev as usize).next = i;
            self.heads.get_unchecked_mut(h.next as usize).prev = i;
        }
    }

    /// Takes option node `q` out of its column.
    ///
    /// # Safety
    /// `q` must be an option node.
    #[inline(always)]
    unsafe fn unlink(&mut self, q: u32) {
        // SAFETY: `up`, `down` and `item` of an option node are links (I1).
        unsafe {
            let n = self.nd(q);
            self.nd_mut(n.up).down = n.down;
            self.nd_mut(n.down).up = n.up;
            *self.len_mut(self.meta(q).item) -= 1;
        }
    }

    /// Unlinks every node of `r`'s option other than `r` from its column, recording each on
    /// `trail`; returns how many.
    ///
    /// # Safety
    /// `r` must be an option node (read from a column link), so its `place` bounds a run of
    /// option nodes inside `nodes` whose links are valid (I1).
    #[inline(always)]
    unsafe fn hide(&mut self, r: u32, trail: &mut Trail) -> u64 {
        // SAFETY: `r` is an option node, so `q` stays within its option (I1).
        unsafe {
            // The nodes after `r`, then those before it: one loop of `m - 1` steps (a trip
            // count the branch predictor learns), wrapping by a select rather than a branch.
            let (first, end) = bounds(r, self.meta(r).place);
            let mut q = r;
            for _ in 1..end - first {
                q += 1;
                q = if q == end { first } else { q };
                self.unlink(q);
                trail.push(q);
            }
            u64::from(end - first - 1)
        }
    }

    /// Covers every item of `p`'s option except `p`'s own: those after `p`, then those before.
    ///
    /// # Safety
    /// `p` must be an option node (read from a column link, I1).
    #[inline]
    pub(crate) unsafe fn cover_rest(&mut self, p: Node, trail: &mut Trail) -> u64 {
        let mut updates = 0;
        // SAFETY: `p` is an option node, so `q` stays within its option and its items are
        // items (I1).
        unsafe {
            let (first, end) = bounds(p.0, self.meta(p.0).place);
            let step = |q: u32| if q + 1 == end { first } else { q + 1 };
            let mut q = step(p.0);
            let mut item = self.meta(q).item;
            for _ in 1..end - first {
                // The next item is read before this cover, whose column loop ends in a branch
                // the predictor often misses: the read then survives the flush.
                q = step(q);
                let next = self.meta(q).item;
                updates += self.cover(Item(item), trail);
                item = next;
            }
        }
        updates
    }

    /// Undoes [`Links::cover_rest`] of `p`: relinks the nodes unlinked since `trail` stood at
    /// `mark`, in reverse, then puts the items back in their lists in reverse order (I2).
    ///
    /// # Safety
    /// As for [`Links::cover_rest`], that cover must be the latest not yet undone (I2), and
    /// `mark` the trail's top when it began.
    #[inline]
    pub(crate) unsafe fn uncover_rest(&mut self, p: Node, trail: &mut Trail, mark: u32) {
        // SAFETY: as in `cover_rest`.
        unsafe {
            self.relink_to(trail, mark);
            self.restore_rest(p);
        }
    }

    /// Puts the items [`Links::cover_rest`] covered back in their lists, in reverse order;
    /// their columns must be as when they were covered (the nodes relinked).
    ///
    /// # Safety
    /// `p` must be an option node, and its `cover_rest` the latest cover not yet undone among
    /// the items of its lists.
    #[inline(always)]
    pub(crate) unsafe fn restore_rest(&mut self, p: Node) {
        // SAFETY: `p` is an option node, so `q` stays within its option and its items are
        // items (I1).
        unsafe {
            let (first, end) = bounds(p.0, self.meta(p.0).place);
            let mut q = p.0;
            for _ in 1..end - first {
                q = if q == first { end } else { q };
                q -= 1;
                self.restore_item(Item(self.meta(q).item));
            }
        }
    }
}

/// The color of a node that a purification found to agree with the chosen color (Knuth's
/// `color = -1`): the node stays in its column, and no later hide unlinks it (I4).
pub(crate) const CLEANSED: u32 = u32::MAX;

/// The colors of a colored search: each node's color as the dance sees it (0 for none,
/// [`CLEANSED`], or the color's number), and a stack of the nodes each purification cleansed,
/// each purification's nodes followed by their count. Undoing a purification pops its nodes and
/// gives them their color back, where `dlx2` walks the whole column again: the column holds every
/// node of another color too, often ten times as many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Colors {
    pub(crate) of: Vec<u32>,
    cleansed: Vec<u32>,
}

impl Colors {
    /// The colors of a problem as built (empty for a plain problem).
    pub(crate) fn new(built: &[u32]) -> Colors {
        Colors {
            of: built.to_vec(),
            cleansed: Vec::with_capacity(built.len()),
        }
    }

    /// Whether the problem has no colors (the plain search runs).
    pub(crate) fn is_empty(&self) -> bool {
        self.of.is_empty()
    }

    /// Back to the built colors, nothing cleansed.
    pub(crate) fn restore_from(&mut self, built: &[u32]) {
        self.of.copy_from_slice(built);
        self.cleansed.clear();
    }
}

/// The dance with color controls (Knuth's `dlx2`). `colors[p]` is node `p`'s color: 0 for none,
/// [`CLEANSED`] while a purification holds it, else the color's number. The plain dance above is
/// this one with every color 0, without the tests; the colored unlinks run in a [`ColorDance`].
///
/// **(I4)** A secondary item purified with color `x` (an option that gives it `x` was chosen)
/// keeps its column as it was: the options there with another color (none among them) are hidden
/// but for their node in this column, and those with `x` are [`CLEANSED`], which every hide
/// passes over. So, as for a covered item (I3), nothing unlinks a node of its column while it is
/// purified, and the unpurification finds the same nodes to give their color back.
impl Links {
    /// Gives back the color of the nodes [`ColorDance::purify`] of `p` cleansed; the nodes it
    /// unlinked must be relinked already, so the column is as it was then (I4).
    ///
    /// # Safety
    /// As for [`ColorDance::purify`], whose purification of `p` this undoes.
    #[inline]
    unsafe fn unpurify(&mut self, p: u32, colors: &mut Colors) {
        let Colors {
            of: colors,
            cleansed,
        } = colors;
        // SAFETY: the nodes on the stack are option nodes, pushed by the purification of `p`
        // (the latest not undone); `colors` has an entry per node.
        unsafe {
            let x = *colors.get_unchecked(p as usize);
            let n = cleansed.pop().expect("a purification's count") as usize;
            debug_assert!(n <= cleansed.len());
            for &r in &cleansed[cleansed.len() - n..] {
                debug_assert_eq!(self.meta(r).item, self.meta(p).item);
                *colors.get_unchecked_mut(r as usize) = x;
            }
            cleansed.truncate(cleansed.len() - n);
        }
    }

    /// [`Links::cover_rest`] with colors: each other node of `p`'s option covers its item if
    /// it has no color, purifies it if it has one, and does nothing if it was cleansed (an
    /// earlier choice gave its item the same color). Returns the updates and the cleansings.
    ///
    /// # Safety
    /// As for [`Links::cover_rest`].
    #[inline]
    pub(crate) unsafe fn cover_rest_colored(
        &mut self,
        p: Node,
        trail: &mut Trail,
        colors: &mut Colors,
    ) -> (u64, u64) {
        let (mut covers, mut cleansings) = (0, 0);
        let start = trail.top;
        let mut dance = ColorDance::new(self, trail, &mut colors.of);
        // SAFETY: as in `cover_rest`.
        unsafe {
            let (first, end) = bounds(p.0, dance.meta(p.0).place);
            let mut q = p.0;
            for _ in 1..end - first {
                q = if q + 1 == end { first } else { q + 1 };
                match *dance.colors.get_unchecked(q as usize) {
                    0 => {
                        dance.cover(dance.meta(q).item);
                        covers += 1;
                    }
                    CLEANSED => {}
                    _ => cleansings += dance.purify(q, &mut colors.cleansed),
                }
            }
        }
        trail.top = dance.top();
        // Every unlink is an update, and is on the trail; so is every cover of an item.
        (covers + u64::from(trail.top - start), cleansings)
    }

    /// [`Links::cover`] for a colored problem (`colors` parallel to `nodes`): the cover of
    /// `dlx2`, which passes over cleansed nodes, through a [`ColorDance`].
    ///
    /// # Safety
    /// As for [`Links::cover`].
    #[inline]
    pub(crate) unsafe fn cover_colored(
        &mut self,
        i: Item,
        trail: &mut Trail,
        colors: &mut [u32],
    ) -> u64 {
        let start = trail.top;
        let mut dance = ColorDance::new(self, trail, colors);
        // SAFETY: the caller's contract.
        unsafe { dance.cover(i.0) };
        trail.top = dance.top();
        // The item, and each node unlinked (on the trail).
        1 + u64::from(trail.top - start)
    }

    /// [`Links::restore_rest`] with colors: in reverse order, the items the option's uncolored
    /// nodes covered go back in their lists, and the colors its purifications cleansed come
    /// back. The nodes must be relinked already.
    ///
    /// # Safety
    /// As for [`Links::restore_rest`], for a [`Links::cover_rest_colored`].
    #[inline]
    pub(crate) unsafe fn restore_rest_colored(&mut self, p: Node, colors: &mut Colors) {
        // SAFETY: as in `restore_rest`.
        unsafe {
            let (first, end) = bounds(p.0, self.meta(p.0).place);
            let mut q = p.0;
            for _ in 1..end - first {
                q = if q == first { end } else { q };
                q -= 1;
                match *colors.of.get_unchecked(q as usize) {
                    0 => self.restore_item(Item(self.meta(q).item)),
                    CLEANSED => {}
                    _ => self.unpurify(q, colors),
                }
            }
        }
    }

    /// Whether option node `q` is in its column.
    pub(crate) fn is_linked(&self, q: Node) -> bool {
        let n = self.nodes[q.0 as usize];
        self.nodes[n.up as usize].down == q.0
    }
}

/// The colored dance on borrowed slices, with the trail's top as a plain value (written back by
/// the caller). Through `&mut Links` and `&mut Trail` the compiler had to assume that a store
/// into the links could change the vectors' pointers and the top, so the loops reloaded them
/// and stored the top at every unlink; in this view they are locals, kept in registers. The
/// updates are not counted as they happen: each is a node unlinked, so on the trail, and the
/// caller reads their number off the trail's growth.
struct ColorDance<'a> {
    nodes: &'a mut [NodeLinks],
    meta: &'a [NodeMeta],
    heads: &'a mut [HeadLinks],
    lens: &'a mut [u32],
    colors: &'a mut [u32],
    trail: TrailCursor<'a>,
}

impl<'a> ColorDance<'a> {
    #[inline(always)]
    fn new(links: &'a mut Links, trail: &'a mut Trail, colors: &'a mut [u32]) -> Self {
        ColorDance {
            nodes: &mut links.nodes,
            meta: &links.meta,
            heads: &mut links.heads,
            lens: &mut links.lens,
            colors,
            // SAFETY: a trail's top is at most its length.
            trail: unsafe { TrailCursor::new(&mut trail.unlinked, trail.top as usize) },
        }
    }

    /// The trail's top after the dance, for the caller to store in its [`Trail`].
    #[inline(always)]
    fn top(&self) -> u32 {
        self.trail.top() as u32
    }

    /// # Safety
    /// `p` must be a valid index into `meta` (read from a link, I1).
    #[inline(always)]
    unsafe fn meta(&self, p: u32) -> NodeMeta {
        debug_assert!((p as usize) < self.meta.len());
        // SAFETY: the caller's contract.
        unsafe { *self.meta.get_unchecked(p as usize) }
    }

    /// [`Links::unlink`], onto the trail.
    ///
    /// # Safety
    /// `q` must be an option node in its column (I1).
    #[inline(always)]
    unsafe fn unlink(&mut self, q: u32) {
        // SAFETY: `up`, `down` and `item` of an option node are links (I1); a node is on the
        // trail at most once, and the trail has room for every node.
        unsafe {
            let n = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(n.up as usize).down = n.down;
            self.nodes.get_unchecked_mut(n.down as usize).up = n.up;
            *self.lens.get_unchecked_mut(self.meta(q).item as usize) -= 1;
            self.trail.push(q);
        }
    }

    /// [`Links::hide`] with colors, as `dlx2` hides: unlinks every node of `r`'s option but
    /// `r` and the cleansed ones.
    ///
    /// # Safety
    /// `r` must be an option node.
    #[inline(always)]
    unsafe fn hide(&mut self, r: u32) {
        // SAFETY: `r` is an option node, so `q` stays within its option (I1).
        unsafe {
            let (first, end) = bounds(r, self.meta(r).place);
            let mut q = r;
            for _ in 1..end - first {
                q += 1;
                q = if q == end { first } else { q };
                if *self.colors.get_unchecked(q as usize) != CLEANSED {
                    self.unlink(q);
                }
            }
        }
    }

    /// [`Links::cover`] with colors: the hides pass over cleansed nodes.
    ///
    /// # Safety
    /// As for [`Links::cover`].
    #[inline(always)]
    unsafe fn cover(&mut self, i: u32) {
        debug_assert!(i != ROOT.0 && (i as usize) < self.heads.len() - 1);
        // SAFETY: as in `Links::cover`.
        unsafe {
            let h = *self.heads.get_unchecked(i as usize);
            self.heads.get_unchecked_mut(h.prev as usize).next = h.next;
            self.heads.get_unchecked_mut(h.next as usize).prev = h.prev;
            let len = *self.lens.get_unchecked(i as usize);
            debug_assert!(len & COVERED == 0, "item {i} covered twice");
            *self.lens.get_unchecked_mut(i as usize) = len | COVERED;
            let mut r = i;
            for _ in 0..len {
                r = self.nodes.get_unchecked(r as usize).down;
                self.hide(r);
            }
            debug_assert_eq!(self.nodes[r as usize].down, i);
        }
    }

    /// Purifies the item of colored node `p`: hides every option of its column whose color
    /// there is not `p`'s (but for that node, I4), and cleanses the others but `p`, pushing them
    /// on `cleansed` ([`Colors`]'s stack) and then their count. Returns the cleansings: one for
    /// the purification and one per node cleansed, as `dlx2` counts them (its updates are the
    /// nodes it unlinks, on the trail).
    ///
    /// # Safety
    /// `p` must be an option node with a color (not cleansed) whose item is not purified.
    #[inline(always)]
    unsafe fn purify(&mut self, p: u32, cleansed: &mut Vec<u32>) -> u64 {
        let mark = cleansed.len();
        // SAFETY: `p` is an option node, so its item is an item and the column's nodes are
        // option nodes (I1); `colors` has an entry per node.
        unsafe {
            let c = self.meta(p).item;
            let x = *self.colors.get_unchecked(p as usize);
            debug_assert!(x != 0 && x != CLEANSED);
            // The column does not change while it is walked: hides leave its nodes in it.
            let len = *self.lens.get_unchecked(c as usize) & !COVERED;
            let mut r = c;
            for _ in 0..len {
                r = self.nodes.get_unchecked(r as usize).down;
                let color = *self.colors.get_unchecked(r as usize);
                if color != x {
                    debug_assert!(color != CLEANSED, "a purified column purified again");
                    self.hide(r);
                } else if r != p {
                    *self.colors.get_unchecked_mut(r as usize) = CLEANSED;
                    cleansed.push(r);
                }
            }
        }
        let n = cleansed.len() - mark;
        cleansed.push(n as u32);
        1 + n as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scans return the first index of the minimum (the small one with the minimum, while
    /// some item is active), whatever the CPU runs.
    #[test]
    fn scans_find_the_first_minimum() {
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        // Many zeros (the early stop), no zeros (the minimum in any block, ties across
        // blocks), and mostly covered items (one or two active ones, anywhere).
        for (len, kind) in (1..400usize).flat_map(|len| (0..3).map(move |kind| (len, kind))) {
            let lens: Vec<u32> = (0..len)
                .map(|_| match (kind, next() % 5) {
                    (0, 0) => COVERED | (next() % 8),
                    (0, _) => next() % 6,
                    (1, 0) => COVERED,
                    (1, _) => 1 + next() % 40,
                    (_, _) if next() % 64 == 0 => 1 + next() % 3,
                    _ => COVERED,
                })
                .collect();
            let min = *lens.iter().min().unwrap();
            let expected = lens.iter().position(|&l| l == min).unwrap();
            assert_eq!(first_min(&lens), expected, "{lens:?}");
            // Padded to whole vectors with values that must be passed over (0 among them, as
            // a secondary item's length can be).
            let mut padded = lens.clone();
            padded.resize(len.next_multiple_of(LANES), 0);
            let small = len <= SMALL_SCAN_MAX && min < KEY_CAP;
            if small {
                let key = first_min_small(&padded, len);
                assert_eq!((key & 63, key >> 6), (expected as u32, min), "{lens:?}");
            }
            // The CPU's own answer, not the switch's: the AVX2 forms are checked wherever
            // they can run.
            if cpu_has_avx2() {
                // SAFETY: checked just above.
                assert_eq!(unsafe { first_min_avx2(&lens) }, expected, "{lens:?}");
                if small {
                    // SAFETY: checked above.
                    let key = unsafe { first_min_small_avx2(&padded, len) };
                    assert_eq!((key & 63, key >> 6), (expected as u32, min), "{lens:?}");
                }
            }
        }
    }
}
