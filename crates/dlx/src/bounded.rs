//! Bounds on items: primary items with bounds `[lo, hi]` on how many chosen options cover them,
//! with color controls as in `dlx2`. Knuth's words for the same thing are *multiplicities*,
//! Algorithm M of TAOCP 7.2.2.1, the MCC problem (multiple covering with colors) and his
//! program `dlx3`; the code says *bounds* (`BoundedSearch`, `BoundedState`,
//! `ProblemBuilder::primary_bounded`, `Problem::has_bounds`). A search
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

use crate::arena::{Item, Links, Node, NodeLinks, NodeMeta, TrailCursor, CLEANSED, LANES};
use crate::control::Job;
use crate::control::{
    item_id, move_of, Move, ReplayError, Replayed, SelectError, StopReason, Visit,
};
use crate::control::{Algorithm, Checks, Control};
use crate::problem::{OptionId, Problem};

/// The ways a bounded search can stand between two calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Label {
    /// Enter a level: count a node, choose an item.
    Forward,
    /// Try the current option (or null move) of this level's item.
    Advance,
    /// Undo the move of the level below and go on with its next one.
    Backdown,
    /// The tree is exhausted (and the state of [`BoundedState::default`], which has no tree).
    #[default]
    Done,
}

/// What the choice of an item compares, packed so that the smallest key is the item `dlx3`
/// chooses, and kept up to date as the dance runs; the choice is then the minimum of the
/// primary items' keys, a scan without a branch on the data (vectorised with AVX2), where a walk
/// of the active list is a chain of dependent loads. The sign bit is clear (keys compare as
/// signed integers, which AVX2 does in one instruction); from the next bit down:
///
/// * inactive: set while the item is out of the active list (covered, or left by a null move);
/// * `t + T_OFF`, where `t = len + 1 - max(bound - slack, 0)`, the number of ways to go on
///   (`T_OFF` keeps it positive: `t` can fall to `1 - hi`);
/// * `s = min(slack, bound)`, the first tie-break (smaller first);
/// * `LEN_CAP - len`, the second (the longer column first);
/// * the item's index, the last (the leftmost first: the active list keeps the items in order).
///
/// Taking a node out of a column lowers `len` and so `t` by one and raises `LEN_CAP - len` by
/// one: one constant added to the key, as cheap as the length alone. A change of bound by one
/// adds a constant too (to `t` or to `s`).
///
/// The search takes the narrowest keys its problem fits: [`i32`] keys (eight to an AVX2
/// vector) hold up to 63 primary items, columns of up to 1,023 options and bounds up to 7;
/// [`i64`] keys up to 4,095 primary items, columns of 262,143 and bounds up to 4,095; [`i128`]
/// keys everything the builder accepts.
pub(crate) trait Key: Copy + Ord + Default + std::fmt::Debug {
    /// Bits of the index, of `LEN_CAP - len`, of `s`.
    const IDX: u32;
    const LEN: u32;
    const S: u32;
    /// The key's width in bits.
    const BITS: u32;
    /// Widens a `u64`.
    fn of(v: u64) -> Self;
    /// The low 64 bits of `self >> n`.
    fn field(self, n: u32) -> u64;
    fn or(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn add(self, other: Self) -> Self;
    fn sub(self, other: Self) -> Self;
    fn shl(self, n: u32) -> Self;
    /// The largest key.
    const MAX: Self;
    /// The smallest of the first `n` of `keys` (at least one), whose length is `n` rounded up
    /// to a multiple of [`LANES`]: whole vectors, the last one's lanes past `n` masked.
    #[inline(always)]
    fn min_of(keys: &[Self], n: usize) -> Self {
        debug_assert!(n >= 1 && keys.len() == n.next_multiple_of(LANES));
        let mut acc = [Self::MAX; LANES];
        let mut chunks = keys.chunks_exact(LANES);
        for chunk in (&mut chunks).take(n / LANES) {
            for (a, &k) in acc.iter_mut().zip(chunk) {
                *a = (*a).min(k);
            }
        }
        if let Some(last) = chunks.next() {
            let valid = n % LANES;
            for (j, (a, &k)) in acc.iter_mut().zip(last).enumerate() {
                *a = (*a).min(if j < valid { k } else { Self::MAX });
            }
        }
        acc.into_iter().fold(Self::MAX, Self::min)
    }
    /// [`Key::min_of`], called only where the CPU has AVX2: the same unless a key type has a
    /// form of its own.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline(always)]
    unsafe fn min_of_avx2(keys: &[Self], n: usize) -> Self {
        Self::min_of(keys, n)
    }
}

/// [`Key::min_of`] for `i32` keys in AVX2 intrinsics: one vector per eight keys, the last one
/// masked, then a reduction. The compiler's own vectorisation of the fold mixed scalar and
/// 128-bit minima.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn min_i32_avx2(keys: &[i32], n: usize) -> i32 {
    use std::arch::x86_64::*;
    debug_assert!(n >= 1 && keys.len() == n.next_multiple_of(LANES));
    let (full, rem) = (n / LANES, n % LANES);
    let max = _mm256_set1_epi32(i32::MAX);
    // SAFETY: vector `c <= full` lies within `keys`, whose length is `n` rounded up to whole
    // vectors.
    let load = |c: usize| unsafe { _mm256_loadu_si256(keys.as_ptr().add(c * LANES).cast()) };
    let mut acc = max;
    for c in 0..full {
        acc = _mm256_min_epi32(acc, load(c));
    }
    if rem != 0 {
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(rem as i32), lane);
        acc = _mm256_min_epi32(acc, _mm256_blendv_epi8(max, load(full), valid));
    }
    acc = _mm256_min_epi32(acc, _mm256_permute2x128_si256(acc, acc, 1));
    acc = _mm256_min_epi32(acc, _mm256_shuffle_epi32(acc, 0b01_00_11_10));
    acc = _mm256_min_epi32(acc, _mm256_shuffle_epi32(acc, 0b10_11_00_01));
    _mm256_cvtsi256_si32(acc)
}

macro_rules! key {
    ($t:ty, $idx:expr, $len:expr, $s:expr $(, $own:item)*) => {
        impl Key for $t {
            const IDX: u32 = $idx;
            const LEN: u32 = $len;
            const S: u32 = $s;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn of(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn field(self, n: u32) -> u64 {
                (self >> n) as u64
            }
            #[inline(always)]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline(always)]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline(always)]
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn sub(self, other: Self) -> Self {
                self.wrapping_sub(other)
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            const MAX: Self = <$t>::MAX;
            $($own)*
        }
    };
}
#[cfg(target_arch = "x86_64")]
key!(
    i32,
    6,
    10,
    3,
    #[inline(always)]
    unsafe fn min_of_avx2(keys: &[Self], n: usize) -> Self {
        // SAFETY: the caller's contract.
        unsafe { min_i32_avx2(keys, n) }
    }
);
#[cfg(not(target_arch = "x86_64"))]
key!(i32, 6, 10, 3);
key!(i64, 12, 18, 12);
key!(i128, 30, 30, 32);

/// The layout of a [`Key`] type, as shifts and masks.
trait Layout: Key {
    const LEN_SHIFT: u32 = Self::IDX;
    const S_SHIFT: u32 = Self::IDX + Self::LEN;
    const T_SHIFT: u32 = Self::IDX + Self::LEN + Self::S;
    const LEN_CAP: u64 = (1 << Self::LEN) - 1;
    const S_CAP: u64 = (1 << Self::S) - 1;
    const IDX_CAP: u64 = (1 << Self::IDX) - 1;
    /// Added to `t` so that it stays positive.
    const T_OFF: u64 = 1 << Self::S;
    const T_MASK: u64 = (1 << (Self::BITS - 2 - Self::T_SHIFT)) - 1;

    /// The inactive bit, below the sign bit (always clear: keys compare as signed integers,
    /// which AVX2 compares natively).
    fn inactive() -> Self {
        Self::of(1).shl(Self::BITS - 2)
    }

    /// Added to a key when its column loses a node.
    fn minus_one() -> Self {
        Self::of(1)
            .shl(Self::LEN_SHIFT)
            .sub(Self::of(1).shl(Self::T_SHIFT))
    }

    /// Whether problems with these bounds (lo, hi) and primary column lengths fit.
    fn fits(bounds: &[(u32, u32)], lens: &[u32]) -> bool {
        bounds.len() as u64 <= Self::IDX_CAP
            && bounds.iter().all(|&(_, hi)| u64::from(hi) <= Self::S_CAP)
            && lens
                .iter()
                .all(|&l| u64::from(l & !(1 << 30)) <= Self::LEN_CAP)
    }

    /// The key of item `index` with these figures.
    fn pack(index: u32, len: i64, bound: i64, slack: i64, active: bool) -> Self {
        let t = len + 1 - (bound - slack).max(0);
        let s = slack.min(bound);
        debug_assert!(0 <= len && len as u64 <= Self::LEN_CAP && 0 <= s);
        let key = Self::of((t + Self::T_OFF as i64) as u64)
            .shl(Self::T_SHIFT)
            .or(Self::of(s as u64).shl(Self::S_SHIFT))
            .or(Self::of(Self::LEN_CAP - len as u64).shl(Self::LEN_SHIFT))
            .or(Self::of(u64::from(index)));
        if active {
            key
        } else {
            key.or(Self::inactive())
        }
    }

    fn len(self) -> i64 {
        (Self::LEN_CAP - (self.field(Self::LEN_SHIFT) & Self::LEN_CAP)) as i64
    }

    /// `t`, the number of ways to go on.
    fn ways(self) -> i64 {
        (self.field(Self::T_SHIFT) & Self::T_MASK) as i64 - Self::T_OFF as i64
    }

    fn index(self) -> u32 {
        (self.field(0) & Self::IDX_CAP) as u32
    }

    fn is_inactive(self) -> bool {
        self.field(Self::BITS - 2) & 1 != 0
    }
}

impl<K: Key> Layout for K {}

/// The same expression for each width of keys.
macro_rules! each {
    ($self:expr, $m:ident => $e:expr) => {
        match $self {
            BoundedKeys::Small($m) => $e,
            BoundedKeys::Narrow($m) => $e,
            BoundedKeys::Wide($m) => $e,
        }
    };
}

/// A bounded search with the narrowest keys its problem fits.
#[derive(Debug, Clone)]
pub(crate) enum BoundedKeys {
    Small(Box<BoundedState<i32>>),
    Narrow(Box<BoundedState<i64>>),
    Wide(Box<BoundedState<i128>>),
}

impl BoundedKeys {
    /// A fresh search over `links` with `bounds` (lo, hi) for the primary items and the
    /// problem's node colors (empty if none).
    pub(crate) fn new(links: &Links, bounds: &[(u32, u32)], colors: &[u32]) -> BoundedKeys {
        let primary_lens = &links.lens[1..=links.num_primary as usize];
        if i32::fits(bounds, primary_lens) {
            BoundedKeys::Small(Box::new(BoundedState::new(links, bounds, colors)))
        } else if i64::fits(bounds, primary_lens) {
            BoundedKeys::Narrow(Box::new(BoundedState::new(links, bounds, colors)))
        } else {
            BoundedKeys::Wide(Box::new(BoundedState::new(links, bounds, colors)))
        }
    }

    pub(crate) fn label(&self) -> Label {
        each!(self, m => m.label)
    }

    /// [`BoundedState::moves`].
    pub(crate) fn moves(&self) -> Option<(u32, Vec<u32>)> {
        each!(self, m => m.moves())
    }

    /// [`BoundedState::replay`].
    pub(crate) fn replay(&mut self, k: usize, rest: bool) -> (u64, u64, u64) {
        each!(self, m => m.replay(k, rest))
    }

    /// [`BoundedState::donate`].
    pub(crate) fn donate(&mut self) -> Option<Vec<u32>> {
        each!(self, m => m.donate())
    }

    /// [`BoundedState::run`], with the keys of this problem and, for narrow ones, AVX2 where the CPU has
    /// it (the choice is then one vectorised minimum).
    pub(crate) fn run(
        &mut self,
        counters: &mut Counters<'_>,
        stop: impl FnMut(u64) -> bool,
        solution: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            BoundedKeys::Small(m) if m.avx2 => {
                // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
                unsafe { m.run_avx2(counters, stop, solution) }
            }
            BoundedKeys::Small(m) => m.run(counters, stop, solution),
            #[cfg(target_arch = "x86_64")]
            BoundedKeys::Narrow(m) if m.avx2 => {
                // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
                unsafe { m.run_avx2(counters, stop, solution) }
            }
            BoundedKeys::Narrow(m) => m.run(counters, stop, solution),
            BoundedKeys::Wide(m) => m.run(counters, stop, solution),
        }
    }
}

/// Dancing links with bounds on items (Knuth's `dlx3`, multiplicities): the engine of a
/// problem with bounds. Its levels offer a column's options and, when the lower bound is met,
/// the null move; it gives away the moves after the current one of a level as one job.
#[derive(Debug, Clone)]
pub(crate) struct BoundedSearch<'p> {
    problem: &'p Problem,
    state: BoundedKeys,
    /// The whole tree has been searched.
    exhausted: bool,
}

impl<'p> BoundedSearch<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        BoundedSearch {
            problem,
            state: BoundedKeys::new(problem.links(), problem.bounds(), problem.node_colors()),
            exhausted: false,
        }
    }
}

impl<'p> Algorithm<'p> for BoundedSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        let checks = Checks::new(&ctl, ctl.stats.solutions);
        if self.state.label() == Label::Done {
            self.exhausted = true;
            return None;
        }
        if checks.at_solution_limit() {
            return Some(StopReason::SolutionLimit);
        }
        let stats = ctl.stats;
        let mut counters = Counters {
            nodes: &mut stats.nodes,
            updates: &mut stats.updates,
            cleansings: &mut stats.cleansings,
            profile: &mut stats.profile,
        };
        let mut nodes = Vec::new();
        let stopped = self.state.run(
            &mut counters,
            |n| checks.node(n),
            |chosen| {
                nodes.clear();
                nodes.extend(chosen.iter().map(|&p| Node(p)));
                checks.solution(visit, &[], &nodes)
            },
        );
        self.exhausted = self.state.label() == Label::Done;
        checks.finish(stopped, stats, ctl.paused)
    }

    fn is_fresh(&self) -> bool {
        !self.exhausted
    }

    fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    fn select(&mut self, _: OptionId) -> Result<(), SelectError> {
        Err(SelectError::Bounds)
    }

    fn selected(&self) -> &[OptionId] {
        &[]
    }

    fn selected_nodes(&self) -> &[Node] {
        &[]
    }

    fn branches(&self) -> Option<Vec<Move>> {
        let (_, moves) = self.state.moves()?;
        let problem = self.problem;
        Some(moves.into_iter().map(|p| move_of(problem, p)).collect())
    }

    /// A move is an option of the item `dlx3`'s rule chooses or the null move.
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        let problem = self.problem;
        let (best, moves) = self.state.moves().ok_or(ReplayError::Solved)?;
        let k = moves.iter().position(|&p| move_of(problem, p) == mv);
        let k = match k {
            Some(k) if !(rest && k + 1 >= moves.len()) => k,
            _ => return Err(ReplayError::NotAChoice(item_id(problem, Item(best)))),
        };
        let (item_updates, rest_updates, cleansings) = self.state.replay(k, rest);
        Ok(Replayed {
            item_updates,
            rest_updates,
            cleansings,
            level: None,
        })
    }

    /// Ends the shallowest level that has moves left after its current one (it backs up after
    /// that move) and gives them away as one job: the moves made from the first level down to
    /// it, the current one there last, and the mark that the job takes the moves after it
    /// ([`crate::Solver::replay_rest`]).
    fn donate(&mut self, _: &Job) -> Vec<Job> {
        let problem = self.problem;
        match self.state.donate() {
            Some(path) => {
                let prefix = path.into_iter().map(|p| move_of(problem, p)).collect();
                vec![Job::rest_of(prefix)]
            }
            None => Vec::new(),
        }
    }

    fn levels_from_root(&self) -> bool {
        true
    }

    fn keeps_branch_depth(&self) -> bool {
        false
    }

    fn track_depth(&mut self, _: bool) {}

    fn reset(&mut self, _: u64) {
        // The bounded search starts again from a fresh state (its links are its own).
        *self = BoundedSearch::new(self.problem);
    }
}

/// The state of a bounded search: the links as the dance leaves them, the bounds, the colors,
/// and the stack. The default has nothing allocated: it stands in while [`BoundedState::run`] searches
/// on the state moved into a local.
#[derive(Debug, Clone, Default)]
pub(crate) struct BoundedState<K: Key> {
    /// The up and down links of each node, side by side (one cache line for an unlink).
    nodes: Vec<NodeLinks>,
    /// The item of each node, and the place of an option node (as in [`Links`]).
    meta: Vec<NodeMeta>,
    /// Per item (`0..N + 2`, the ends unused): its column's length and, for a primary item,
    /// everything the choice of an item compares, packed into one [`Key`].
    keys: Vec<K>,
    /// Per primary item (`1..=n1`): how many more options may cover it.
    bound: Vec<i64>,
    /// Per primary item: `hi - lo`.
    slack: Vec<i64>,
    /// Node colors: 0 none, [`CLEANSED`], or the color plus 1 (all 0 without colors).
    color: Vec<u32>,
    /// Whether any node has a color (else no node is ever cleansed, and hides need not look).
    colored: bool,
    /// Whether the CPU has AVX2 (for the narrow keys' choice).
    avx2: bool,
    /// Items `1..=n1` are primary.
    n1: u32,
    /// `N + 1`: the nodes below it are the column headers.
    headers: u32,
    /// The node tried at each level: an option node, or the item's header for a null move.
    choice: Vec<u32>,
    /// The moves of each level not yet begun (after its current one): a level ends when none
    /// is left, and a parallel search ends one early by giving its moves away.
    left: Vec<i64>,
    first_tweak: Vec<u32>,
    /// The nodes unlinked and not yet put back, in order (`trail[..top]`): undoing a cover, a
    /// purification or the hides of tweaks pops them, one flat loop where `dlx3` walks the
    /// columns and options again.
    trail: Vec<u32>,
    top: usize,
    /// The trail's top when each level chose its item, and when it covered the rest of its
    /// current option.
    level_mark: Vec<usize>,
    rest_mark: Vec<usize>,
    /// The option nodes of a solution, for its visitor.
    chosen: Vec<u32>,
    level: usize,
    /// The level the search began at, below a replayed prefix: backing down from it ends the
    /// search (0 for the whole tree).
    floor: usize,
    best: u32,
    cur: u32,
    label: Label,
}

impl<K: Key> BoundedState<K> {
    fn new(links: &Links, bounds: &[(u32, u32)], colors: &[u32]) -> BoundedState<K> {
        let n = links.nodes.len();
        let heads = links.heads.len(); // N + 2
        let n1 = links.num_primary;
        // Room for the choice's whole vectors past the last primary item.
        let mut keys = vec![K::of(0); heads.max(1 + (n1 as usize).next_multiple_of(LANES))];
        let mut bound = vec![0; n1 as usize + 1];
        let mut slack = vec![0; n1 as usize + 1];
        for i in 1..=n1 as usize {
            let (lo, hi) = bounds[i - 1];
            bound[i] = i64::from(hi);
            slack[i] = i64::from(hi - lo);
            let len = i64::from(links.lens[i] & !(1 << 30));
            keys[i] = K::pack(i as u32, len, bound[i], slack[i], true);
        }
        let color = if colors.is_empty() {
            vec![0; n]
        } else {
            colors.to_vec()
        };
        BoundedState {
            nodes: links.nodes.clone(),
            meta: links.meta.clone(),
            keys,
            bound,
            slack,
            colored: !colors.is_empty(),
            color,
            avx2: links.avx2,
            n1,
            headers: heads as u32 - 1,
            choice: vec![0; n + 1],
            left: vec![0; n + 1],
            first_tweak: vec![0; n + 1],
            trail: vec![0; n],
            top: 0,
            level_mark: vec![0; n + 1],
            rest_mark: vec![0; n + 1],
            chosen: Vec::new(),
            level: 0,
            floor: 0,
            best: 0,
            cur: 0,
            label: Label::Forward,
        }
    }

    /// Whether node `p` is a column header (items are `1..=N`, node 0 unused).
    fn is_header(&self, p: u32) -> bool {
        p < self.headers
    }

    /// The nodes of `p`'s option after `p`, wrapping round, `p` excluded.
    #[inline(always)]
    fn others(&self, p: u32) -> Others {
        others(&self.meta, p)
    }

    /// The length of item `c`'s column.
    #[inline(always)]
    fn len(&self, c: u32) -> i64 {
        self.keys[c as usize].len()
    }

    /// Lowers primary item `c`'s bound by one, and its key to match; returns the new bound.
    /// Above the slack, `max(bound - slack, 0)` falls and `t` rises by one; at or below it,
    /// `s = min(slack, bound)` falls by one. At 0 the item leaves the active list too (the
    /// caller covers it), in the same store: a second write to the key right after this one,
    /// of one byte of it, waited for the first.
    #[inline(always)]
    fn lower_bound(&mut self, c: u32) -> i64 {
        let i = c as usize;
        let bound = self.bound[i];
        self.bound[i] = bound - 1;
        let delta = if bound > self.slack[i] {
            K::of(1).shl(K::T_SHIFT)
        } else {
            K::of(0).sub(K::of(1).shl(K::S_SHIFT))
        };
        let off = if bound == 1 { K::inactive() } else { K::of(0) };
        self.keys[i] = self.keys[i].add(delta).or(off);
        debug_assert_eq!(
            self.keys[i],
            K::pack(
                c,
                self.len(c),
                bound - 1,
                self.slack[i],
                !self.keys[i].is_inactive()
            )
        );
        bound - 1
    }

    /// Undoes [`BoundedState::lower_bound`]; returns the new bound. Back from 0, the item returns to
    /// the active list, by a mask rather than a branch, which the predictor missed often.
    #[inline(always)]
    fn raise_bound(&mut self, c: u32) -> i64 {
        let i = c as usize;
        let bound = self.bound[i];
        self.bound[i] = bound + 1;
        let delta = if bound >= self.slack[i] {
            K::of(0).sub(K::of(1).shl(K::T_SHIFT))
        } else {
            K::of(1).shl(K::S_SHIFT)
        };
        let mask = if bound == 0 {
            K::inactive().sub(K::of(1))
        } else {
            K::of(0).sub(K::of(1))
        };
        self.keys[i] = self.keys[i].add(delta).and(mask);
        debug_assert_eq!(
            self.keys[i],
            K::pack(
                c,
                self.len(c),
                bound + 1,
                self.slack[i],
                !self.keys[i].is_inactive()
            )
        );
        bound + 1
    }

    /// The vectors the dance changes, borrowed for one operation, with the trail's top copied
    /// into the view (and back by the caller). A helper running a closure on the view, which
    /// would write the top back itself, measured slower (`docs/benchmarks.md`, "The engine's
    /// choices").
    #[inline(always)]
    fn dance(&mut self) -> Dance<'_, K> {
        Dance {
            nodes: &mut self.nodes,
            meta: &self.meta,
            keys: &mut self.keys,
            color: &mut self.color,
            colored: self.colored,
            // SAFETY: the top is at most the trail's length.
            trail: unsafe { TrailCursor::new(&mut self.trail, self.top) },
        }
    }

    /// Takes item `c` out of the active list (a mark in its key; secondary items have no list).
    #[inline(always)]
    fn deactivate(&mut self, c: u32) {
        let key = &mut self.keys[c as usize];
        *key = key.or(K::inactive());
    }

    /// Puts item `c` back in the active list; nothing changes if it is there (as relinking an
    /// item that is in a list leaves the list as it is: a null move's item is reactivated when
    /// the move is undone, and again when the item is uncovered).
    #[inline(always)]
    fn reactivate(&mut self, c: u32) {
        let key = &mut self.keys[c as usize];
        *key = key.and(K::inactive().sub(K::of(1)));
    }

    /// [`Dance::hide`].
    #[inline(always)]
    fn hide(&mut self, r: u32) -> u64 {
        let mut dance = self.dance();
        dance.hide(r);
        let top = dance.top();
        let updates = (top - self.top) as u64;
        self.top = top;
        updates
    }

    /// [`Dance::restore`].
    #[inline(always)]
    fn restore(&mut self, mark: usize) {
        let mut dance = self.dance();
        dance.restore(mark);
        self.top = dance.top();
    }

    /// Hides every option in `c`'s column; returns the updates (one for the item). A primary
    /// item left the active list already, when its bound reached 0 ([`BoundedState::lower_bound`]);
    /// secondary items have no list. Undone by [`BoundedState::restore`] and [`BoundedState::raise_bound`].
    #[inline(always)]
    fn cover(&mut self, c: u32) -> u64 {
        let mut dance = self.dance();
        dance.cover(c);
        let top = dance.top();
        let updates = 1 + (top - self.top) as u64;
        self.top = top;
        updates
    }

    /// [`Dance::purify`].
    #[inline(always)]
    fn purify(&mut self, p: u32) -> (u64, u64) {
        let mut dance = self.dance();
        let cleansings = dance.purify(p);
        let top = dance.top();
        let updates = (top - self.top) as u64;
        self.top = top;
        (updates, cleansings)
    }

    /// Gives the nodes `purify(p)` cleansed their color back: they are the cleansed nodes of
    /// the column (one purification of an item at a time), and cleansed nodes never leave it.
    #[inline(always)]
    fn unpurify(&mut self, p: u32) {
        let c = self.meta[p as usize].item;
        let x = self.color[p as usize];
        let mut r = self.nodes[c as usize].down;
        while r != c {
            if self.color[r as usize] == CLEANSED {
                self.color[r as usize] = x;
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Blocks option node `x`'s option (its other nodes leave their columns, onto the trail)
    /// and takes `x` out of its item's column; with `hide` false only the latter (the item was
    /// covered already). Returns the updates: one per node unlinked.
    #[inline(always)]
    fn tweak(&mut self, x: u32, hide: bool) -> u64 {
        let updates = if hide { self.hide(x) } else { 0 };
        let (c, d) = (self.meta[x as usize].item, self.nodes[x as usize].down);
        self.nodes[c as usize].down = d;
        self.nodes[d as usize].up = c;
        let key = &mut self.keys[c as usize];
        *key = key.add(K::minus_one());
        updates + 1
    }

    /// Puts back into column `c`, top-down, the options tweaked out of it since `x` was its top
    /// node (what their tweaks hid comes back from the trail).
    #[inline(always)]
    fn untweak(&mut self, c: u32, x: u32) {
        let z = self.nodes[c as usize].down;
        self.nodes[c as usize].down = x;
        let (mut r, mut q) = (x, c);
        // The key's change summed in a register and stored once: a store per option, each
        // reading the one before, made the loop wait on memory.
        let mut back = K::of(0);
        while r != z {
            self.nodes[r as usize].up = q;
            back = back.sub(K::minus_one());
            q = r;
            r = self.nodes[r as usize].down;
        }
        self.nodes[r as usize].up = q;
        let key = &mut self.keys[c as usize];
        *key = key.add(back);
    }

    /// The branching item, as `dlx3` chooses it: the active primary item with the fewest ways
    /// to go on, `len + 1 - max(bound - slack, 0)`; on ties the one with the smaller
    /// `min(slack, bound)`, then the longer column, then the leftmost: the smallest [`Key`].
    /// `None` when no primary item is active (a solution).
    #[inline(always)]
    fn choose(&self) -> Option<K> {
        let n1 = self.n1 as usize;
        let keys = &self.keys[1..1 + n1.next_multiple_of(LANES)];
        let key = if self.avx2 {
            // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
            unsafe { K::min_of_avx2(keys, n1) }
        } else {
            K::min_of(keys, n1)
        };
        (!key.is_inactive()).then_some(key)
    }

    /// Covers, or partly covers, the other items of option node `p`: a primary item's bound
    /// falls by one and the item is covered when it reaches 0; secondary items as in `dlx2`.
    #[inline(always)]
    fn cover_rest(&mut self, p: u32) -> (u64, u64) {
        let (mut updates, mut cleansings) = (0, 0);
        for q in self.others(p) {
            let c = self.meta[q as usize].item;
            if c <= self.n1 {
                if self.lower_bound(c) == 0 {
                    updates += self.cover(c);
                }
            } else {
                match self.color[q as usize] {
                    0 => updates += self.cover(c),
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

    /// Undoes [`BoundedState::cover_rest`] once the trail is back where it stood before: the bounds
    /// come back up (an item covered at 0 goes back into the active list) and the colors of
    /// purified items come back.
    #[inline(always)]
    fn uncover_rest(&mut self, p: u32) {
        for q in self.others(p) {
            let c = self.meta[q as usize].item;
            if c <= self.n1 {
                // Back in the active list when the bound comes back from 0 (it was covered).
                self.raise_bound(c);
            } else if self.colored {
                let x = self.color[q as usize];
                if x != 0 && x != CLEANSED {
                    self.unpurify(q);
                }
            }
        }
    }

    /// M4: prepares to branch on the item of `key` (chosen, with a way to go on) at this
    /// level: lowers its bound (covering it at 0) and counts its moves, `key.ways()` of them:
    /// the first options of its column, each tweaked out once tried while the item may take
    /// more options or fewer, as long as enough options are left for its lower bound, and then,
    /// when the lower bound is met already, the null move. Returns the updates.
    #[inline(always)]
    fn prepare(&mut self, key: K) -> u64 {
        let best = key.index();
        let b = best as usize;
        self.best = best;
        self.cur = self.nodes[b].down;
        self.choice[self.level] = self.cur;
        self.left[self.level] = key.ways() - 1;
        let bound = self.lower_bound(best);
        self.level_mark[self.level] = self.top;
        let updates = if bound == 0 { self.cover(best) } else { 0 };
        self.first_tweak[self.level] = if bound != 0 || self.slack[b] != 0 {
            self.cur
        } else {
            0
        };
        updates
    }

    /// M5, M6: tries this level's current move: the option of node `cur` (tweaked out of the
    /// column first, while the item may take more options or fewer), covering the rest of it;
    /// or the null move, which leaves the item with no more options. Returns the updates and
    /// cleansings.
    #[inline(always)]
    fn try_move(&mut self) -> (u64, u64) {
        let (best, b) = (self.best, self.best as usize);
        let cur = self.cur;
        let (bound, slack) = (self.bound[b], self.slack[b]);
        // The moves counted by `prepare` are those dlx3's tests allow: these.
        debug_assert!(if bound == 0 && slack == 0 {
            cur != best
        } else {
            self.len(best) > bound - slack
        });
        let mut updates = 0;
        if cur == best {
            if bound != 0 {
                self.deactivate(best);
            }
            return (0, 0);
        }
        if bound != 0 || slack != 0 {
            updates += self.tweak(cur, bound != 0);
        }
        self.rest_mark[self.level] = self.top;
        let (u, c) = self.cover_rest(cur);
        (updates + u, c)
    }

    /// The item the search is about to branch on, and its moves, in the order it tries them:
    /// option nodes, then the item's header for the null move; none at a dead end. `None` when
    /// no primary item is active (a solution).
    pub(crate) fn moves(&self) -> Option<(u32, Vec<u32>)> {
        debug_assert_eq!(self.label, Label::Forward);
        let key = self.choose()?;
        let ways = key.ways().max(0) as usize;
        let best = key.index();
        let mut out = Vec::with_capacity(ways);
        let mut p = self.nodes[best as usize].down;
        while out.len() < ways && p != best {
            out.push(p);
            p = self.nodes[p as usize].down;
        }
        if out.len() < ways {
            out.push(best);
        }
        debug_assert_eq!(out.len(), ways);
        Some((best, out))
    }

    /// Enters the level the search is about to enter and makes its move `k` (of
    /// [`BoundedState::moves`]) as the search would: the moves before it are tweaked out as trying them
    /// would have left them, then move `k` is tried. The search then goes on below the move
    /// and ends when it backs down to it. With `rest`, move `k` is also left as if tried (it
    /// must be an option), and the search goes on with the moves after it, at this level.
    /// Counts nothing; returns what the search would have counted for the level's item (the
    /// updates of its cover) and for move `k` (updates and cleansings).
    pub(crate) fn replay(&mut self, k: usize, rest: bool) -> (u64, u64, u64) {
        debug_assert_eq!(self.label, Label::Forward);
        let key = self.choose().expect("a level with moves");
        let ways = key.ways();
        debug_assert!((k as i64) < ways - i64::from(rest));
        let item_updates = self.prepare(key);
        let b = self.best as usize;
        let tweaking = self.bound[b] != 0 || self.slack[b] != 0;
        let tried = if rest { k + 1 } else { k };
        for _ in 0..tried {
            let cur = self.cur;
            debug_assert!(cur != self.best);
            if tweaking {
                self.tweak(cur, self.bound[b] != 0);
            }
            self.cur = self.nodes[cur as usize].down;
            self.choice[self.level] = self.cur;
        }
        self.left[self.level] = ways - 1 - tried as i64;
        if rest {
            self.floor = self.level;
            self.label = Label::Advance;
            return (item_updates, 0, 0);
        }
        let (u, c) = self.try_move();
        self.level += 1;
        self.floor = self.level;
        (item_updates, u, c)
    }

    /// Ends the shallowest level of this search that has moves left after its current one
    /// (that level then backs up after its current move) and returns the moves made at every
    /// level down to it, the root first, for another search to take its other moves (with
    /// [`BoundedState::replay`]'s `rest`). Call only where the search stopped before entering a level.
    pub(crate) fn donate(&mut self) -> Option<Vec<u32>> {
        debug_assert_eq!(self.label, Label::Forward);
        let l = (self.floor..self.level).find(|&l| self.left[l] > 0)?;
        self.left[l] = 0;
        Some(self.choice[..=l].to_vec())
    }

    /// [`BoundedState::run`] compiled for AVX2, so the choice is one vectorised minimum.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2(
        &mut self,
        counters: &mut Counters<'_>,
        stop: impl FnMut(u64) -> bool,
        solution: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        self.run(counters, stop, solution)
    }

    /// Runs the search from where it stands until it is exhausted (`false`), `stop` says so
    /// before a new node (it gets the node count), or `solution` says so after a solution (it
    /// gets the option nodes chosen, null moves left out); then `true`. Adds to the counters.
    ///
    /// The label only says where a call resumes. Within a call the steps follow one another in
    /// loops, as `dlx3`'s `goto`s do, where a `match` on a label at each step compiled to a jump
    /// through a table (the compiler did not thread them).
    #[inline(always)]
    fn run(
        &mut self,
        counters: &mut Counters<'_>,
        stop: impl FnMut(u64) -> bool,
        solution: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        let mut local = std::mem::take(self);
        let stopped = local.search(counters, stop, solution);
        *self = local;
        stopped
    }

    /// [`BoundedState::run`] on the state itself.
    #[inline(always)]
    fn search(
        &mut self,
        counters: &mut Counters<'_>,
        mut stop: impl FnMut(u64) -> bool,
        mut solution: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        let resumed = match self.label {
            Label::Done => return false,
            Label::Forward => true,
            Label::Advance => {
                self.advance(counters);
                true
            }
            Label::Backdown => self.backtrack(counters),
        };
        if !resumed {
            self.label = Label::Done;
            return false;
        }
        loop {
            // M2, M3: count the node; a solution when no primary item is left active; else
            // choose the item, and back up if it has no way to go on.
            if stop(*counters.nodes) {
                self.label = Label::Forward;
                return true;
            }
            *counters.nodes += 1;
            if counters.profile.len() <= self.level {
                counters.profile.resize(self.level + 1, 0);
            }
            counters.profile[self.level] += 1;
            match self.choose() {
                Some(key) if key.ways() > 0 => {
                    // M4: prepare to branch on the item, and try its first move.
                    *counters.updates += self.prepare(key);
                    self.advance(counters);
                    continue;
                }
                // A dead end, whichever item has it.
                Some(_) => {}
                None => {
                    self.chosen.clear();
                    let headers = self.headers;
                    let chosen = self.choice[..self.level].iter();
                    self.chosen.extend(chosen.filter(|&&p| p >= headers));
                    if solution(&self.chosen) {
                        self.label = Label::Backdown;
                        return true;
                    }
                }
            }
            if !self.backtrack(counters) {
                self.label = Label::Done;
                return false;
            }
        }
    }

    /// M5: possibly tweak; M6: try the current move, and go a level up.
    #[inline(always)]
    fn advance(&mut self, counters: &mut Counters<'_>) {
        let (u, c) = self.try_move();
        *counters.updates += u;
        *counters.cleansings += c;
        self.level += 1;
    }

    /// Backs down from a dead end or a solution until a level has a move left, and makes that
    /// move: `true`; `false` once back at the level the search began at.
    #[inline(always)]
    fn backtrack(&mut self, counters: &mut Counters<'_>) -> bool {
        loop {
            // M9: leave the level.
            if self.level == self.floor {
                return false;
            }
            self.level -= 1;
            let cur = self.choice[self.level];
            if self.is_header(cur) {
                // A null move, always a level's last: the item left the list; put it back.
                debug_assert_eq!(self.left[self.level], 0);
                self.best = cur;
                self.reactivate(cur);
            } else {
                // M7: undo the option, go on with the next move if one is left.
                self.best = self.meta[cur as usize].item;
                self.restore(self.rest_mark[self.level]);
                self.uncover_rest(cur);
                if self.left[self.level] != 0 {
                    self.left[self.level] -= 1;
                    self.cur = self.nodes[cur as usize].down;
                    self.choice[self.level] = self.cur;
                    self.advance(counters);
                    return true;
                }
            }
            self.backup();
        }
    }

    /// M8: restores this level's item `best`.
    #[inline(always)]
    fn backup(&mut self) {
        let (best, b) = (self.best, self.best as usize);
        let (bound, slack) = (self.bound[b], self.slack[b]);
        self.restore(self.level_mark[self.level]);
        if bound != 0 || slack != 0 {
            self.untweak(best, self.first_tweak[self.level]);
        }
        // Back in the active list if it was covered (at bound 0).
        self.raise_bound(best);
    }
}

/// The vectors of a [`BoundedState`] that the dance changes, borrowed as slices for one operation, and
/// the trail's top as a plain value. Through `&mut self` the compiler must assume that a store
/// into the links may change the vectors' pointers and the top, so it reloaded them after every
/// unlink and relink, and the top went through memory on every step of the loops; in this view
/// they are locals, kept in registers. The trail's top is a pointer that moves (one register
/// where an index needs two), and the updates are not counted as they happen: each is a node
/// unlinked, so on the trail, and the caller reads their number off the trail's growth.
struct Dance<'a, K> {
    nodes: &'a mut [NodeLinks],
    meta: &'a [NodeMeta],
    keys: &'a mut [K],
    color: &'a mut [u32],
    colored: bool,
    trail: TrailCursor<'a>,
}

impl<K: Key> Dance<'_, K> {
    /// The trail's top after the dance, for the caller to keep.
    #[inline(always)]
    fn top(&self) -> usize {
        self.trail.top()
    }

    /// Takes option node `q` out of its column.
    #[inline(always)]
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
            let key = self.keys.get_unchecked_mut(item);
            *key = key.add(K::minus_one());
        }
    }

    /// Puts option node `q` back between the neighbours it had.
    #[inline(always)]
    fn relink(&mut self, q: u32) {
        debug_assert!((q as usize) < self.nodes.len());
        // SAFETY: as in `unlink`.
        unsafe {
            let n = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(n.up as usize).down = q;
            self.nodes.get_unchecked_mut(n.down as usize).up = q;
            let item = self.meta.get_unchecked(q as usize).item as usize;
            let key = self.keys.get_unchecked_mut(item);
            *key = key.sub(K::minus_one());
        }
    }

    /// Takes the other nodes of option node `r`'s option out of their columns (cleansed ones
    /// stay), onto the trail.
    #[inline(always)]
    fn hide(&mut self, r: u32) {
        for q in others(self.meta, r) {
            if !(self.colored && self.color[q as usize] == CLEANSED) {
                self.unlink(q);
                // SAFETY: a node is on the trail at most once (an unlinked node is in no column
                // that a later hide walks), and the trail has room for every node.
                unsafe { self.trail.push(q) };
            }
        }
    }

    /// Puts back the nodes unlinked since the trail stood at `mark`, the latest first.
    #[inline(always)]
    fn restore(&mut self, mark: usize) {
        while let Some(q) = self.trail.pop(mark) {
            self.relink(q);
        }
    }

    /// Hides every option in `c`'s column (the caller counts the updates: one for the item and
    /// one per node unlinked).
    #[inline(always)]
    fn cover(&mut self, c: u32) {
        let mut r = self.nodes[c as usize].down;
        while r != c {
            self.hide(r);
            r = self.nodes[r as usize].down;
        }
    }

    /// `dlx2`'s purification of colored node `p`'s item: hides the options that give it
    /// another color, marks those that give it the same one cleansed; returns the cleansings
    /// (its updates are the nodes it unlinks, on the trail). Undone by [`BoundedState::restore`] and
    /// [`BoundedState::unpurify`].
    #[inline(always)]
    fn purify(&mut self, p: u32) -> u64 {
        let c = self.meta[p as usize].item;
        let x = self.color[p as usize];
        let mut cleansings = 1;
        let mut r = self.nodes[c as usize].down;
        while r != c {
            if self.color[r as usize] != x {
                self.hide(r);
            } else if r != p {
                self.color[r as usize] = CLEANSED;
                cleansings += 1;
            }
            r = self.nodes[r as usize].down;
        }
        cleansings
    }
}

/// The nodes of option node `p`'s option after `p`, wrapping round to those before it: one
/// loop counted by the option's length, so that its exits are as predictable as its length,
/// where a loop over the option testing each node against `p`, or two loops chained, missed a
/// branch at `p`.
#[inline(always)]
fn others(meta: &[NodeMeta], p: u32) -> Others {
    let place = meta[p as usize].place;
    let first = p - (place >> 16);
    Others {
        q: p,
        first,
        end: first + (place & 0xFFFF),
        left: (place & 0xFFFF) - 1,
    }
}

/// The iterator of [`others`].
struct Others {
    q: u32,
    first: u32,
    end: u32,
    left: u32,
}

impl Iterator for Others {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.q = if self.q + 1 == self.end {
            self.first
        } else {
            self.q + 1
        };
        Some(self.q)
    }
}

/// The figures a bounded search adds to.
pub(crate) struct Counters<'a> {
    pub(crate) nodes: &'a mut u64,
    pub(crate) updates: &'a mut u64,
    pub(crate) cleansings: &'a mut u64,
    pub(crate) profile: &'a mut Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solutions, nodes, updates, cleansings and the solutions' option nodes of a whole search.
    fn run_all<K: Key>(problem: &crate::Problem) -> (u64, u64, u64, Vec<Vec<u32>>) {
        let mut state: BoundedState<K> =
            BoundedState::new(problem.links(), problem.bounds(), problem.node_colors());
        let (mut nodes, mut updates, mut cleansings, mut profile) = (0, 0, 0, Vec::new());
        let mut counters = Counters {
            nodes: &mut nodes,
            updates: &mut updates,
            cleansings: &mut cleansings,
            profile: &mut profile,
        };
        let mut solutions = Vec::new();
        let stopped = state.run(
            &mut counters,
            |_| false,
            |chosen| {
                solutions.push(chosen.to_vec());
                false
            },
        );
        assert!(!stopped);
        (nodes, updates, cleansings, solutions)
    }

    /// The wide keys, which only problems too large for the narrow ones use, search the same
    /// tree: every bounded instance gives the same figures and solutions with both.
    #[test]
    fn wide_keys_search_the_same_tree_as_narrow_ones() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/instances/xcc");
        let (mut checked, mut small) = (0, 0);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".dlx") || name.contains("8x8") || name.contains("words") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let problem = crate::text::parse(&text).unwrap().problem;
            if !problem.has_bounds() {
                continue;
            }
            let narrow = run_all::<i64>(&problem);
            assert!(narrow.0 > 0, "{name}");
            assert_eq!(narrow, run_all::<i128>(&problem), "{name}");
            if i32::fits(
                problem.bounds(),
                &problem.links().lens[1..=problem.bounds().len()],
            ) {
                assert_eq!(narrow, run_all::<i32>(&problem), "{name}");
                small += 1;
            }
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} bounded instances found");
        assert!(small >= 1, "no instance fits the small keys");
    }

    /// The choice's minimum passes over the lanes past the primary items, which hold other
    /// items' keys (here smaller than any primary one), whatever the width and the CPU.
    #[test]
    fn minimum_of_keys_passes_over_the_padding() {
        fn check<K: Key>() {
            let mut state = 0x2545_f491_u32;
            for n in 1..=64_usize {
                for round in 0..20 {
                    let keys: Vec<K> = (0..n.next_multiple_of(LANES))
                        .map(|i| {
                            state ^= state << 13;
                            state ^= state >> 17;
                            state ^= state << 5;
                            let v = K::of(u64::from(state % 1000) + 10);
                            if i < n {
                                v
                            } else {
                                K::of(round)
                            }
                        })
                        .collect();
                    let expected = *keys[..n].iter().min().unwrap();
                    assert_eq!(K::min_of(&keys, n), expected, "n = {n}");
                    if crate::arena::cpu_has_avx2() {
                        // SAFETY: checked just above.
                        assert_eq!(unsafe { K::min_of_avx2(&keys, n) }, expected, "n = {n}");
                    }
                }
            }
        }
        check::<i32>();
        check::<i64>();
        check::<i128>();
    }

    /// The keys order items as `dlx3` chooses them, field by field.
    #[test]
    fn keys_order_items_by_ways_then_slack_then_length_then_index() {
        fn order<K: Key>() {
            // (index, len, bound, slack): t = len + 1 - max(bound - slack, 0).
            let key = |i, len, bound, slack| K::pack(i, len, bound, slack, true);
            // Fewer ways first, whatever the index.
            assert!(key(9, 2, 1, 0) < key(1, 3, 1, 0));
            // A bound above the slack lowers the ways: len 3, need 2 gives t = 2.
            assert!(key(9, 3, 2, 0) < key(1, 2, 1, 0));
            // Equal ways: the smaller min(slack, bound) first.
            assert!(key(9, 3, 2, 1) < key(1, 2, 2, 2));
            // Then the longer column.
            assert!(key(9, 4, 3, 1) < key(1, 3, 2, 1));
            // Then the leftmost.
            assert!(key(1, 3, 1, 0) < key(2, 3, 1, 0));
            // An inactive item after every active one.
            assert!(key(1, 1_000, 1, 0) < K::pack(1, 0, 5, 0, false));
            // Ways can fall below zero, and the fields read back.
            let k = key(7, 1, 4, 0);
            assert_eq!(
                (k.ways(), k.len(), k.index(), k.is_inactive()),
                (-2, 1, 7, false)
            );
            // Taking a node out of the column is one addition.
            assert_eq!(key(7, 5, 2, 1).add(K::minus_one()), key(7, 4, 2, 1));
        }
        order::<i32>();
        order::<i64>();
        order::<i128>();
    }
}
