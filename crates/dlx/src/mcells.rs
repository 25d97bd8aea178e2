//! Dancing cells with multiplicities: Knuth's `ssmcc` (after Filip Stappers, 2023), exact
//! cover with colors and with bounds `[lo, hi]` on how many chosen options cover a primary item
//! (`dlx3`'s input), on sparse sets.
//!
//! The sets are those of `ssxcc` ([`crate::cells`]): each item's active options in one run of
//! `set`, an option leaving by a swap with the last active one; a level saves the active items'
//! sizes (and here their bounds) and backing up writes them back. What differs is the tree:
//! it *branches in two*. A node names an item and the first option of its set; the left child
//! takes the option (the item's bound goes down by one; at 0 the item is covered and the other
//! options with it leave), the right child leaves the option out and chooses again. An item is
//! chosen by its *degree* `size + min(slack, bound) - bound + 1` (the ways to go on: with
//! bound `b` left, slack `s`, and `l` options), ties to the smaller slack, then to the larger
//! set, then to the leftmost item; an item of degree 1 is *forced*, its `lo` remaining options
//! taken one after another without saving anything.
//!
//! Figures as `ssmcc` counts them: a node per node of the binary tree entered, an update per
//! option swapped out of a set (items leaving the active list are not counted, unlike
//! `ssxcc`); the profile is by *stage*, the number of options taken. Solutions come in his
//! order.
//!
//! Shared out as the other engines are ([`crate::Parallel`], split jobs): a job's prefix is
//! the moves of the binary tree, options taken ([`Move::Option`]) and left out
//! ([`Move::Skip`]), and a search that is asked for work gives away the second branch of its
//! shallowest node in whose first branch it is. A replaying search has its own order in the
//! sets (and, weighted, its own weights), so threads and jobs find the same solutions as one
//! thread with nodes and updates that can differ a little.

use crate::arena::Node;
use crate::control::Job;
use crate::control::{item_id, Move, ReplayError, Replayed, SelectError, StopReason, Visit};
use crate::control::{Algorithm, Checks, Control};
use crate::problem::{OptionId, Problem};

use crate::cells::{Layout, Nd};

/// Words of `set` before each item's options: slack, bound, position in `item`, size.
const EXTRA: i32 = 4;

/// No item to branch on: a solution.
const INF: i32 = i32::MAX;

/// Where a resumed search goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Enter a node.
    Forward,
    /// Back up from a solution.
    Backup,
    /// The tree is exhausted.
    Done,
}

/// What the next node does ([`Mc::peek`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Peek {
    /// Nothing: the search is over, or a primary item cannot be covered.
    Dead,
    /// Every primary item is covered.
    Solution,
    /// Takes the first option of this item (of degree 1).
    Forced(i32),
    /// Branches on this item (of this degree): its first option taken, or left out.
    Branch(i32, i32),
}

/// The steps of `ssmcc`'s loop, its labels.
#[derive(Debug, Clone, Copy)]
enum Step {
    Forward,
    Advance,
    PreBackup,
    Backup,
    PurgeIt,
}

#[derive(Debug, Clone)]
struct Mc {
    nd: Vec<Nd>,
    /// Each node's color: 0 for none, else the color plus 1.
    clr: Vec<u32>,
    /// Each node's option.
    opt: Vec<u32>,
    set: Vec<i32>,
    item: Vec<i32>,
    second: i32,
    active: usize,
    /// Items of degree 1, an entry per option they must still take.
    force: Vec<i32>,
    /// Saved (item, size, bound).
    save: Vec<(i32, i32, i32)>,
    saveptr: usize,
    /// `saveptr` at the start of each stage.
    saved: Vec<usize>,
    /// The node chosen at each level.
    choice: Vec<i32>,
    /// Its item's degree.
    deg: Vec<i32>,
    /// The latest level of each stage.
    levelstage: Vec<usize>,
    /// The stage of each level.
    stagelevel: Vec<usize>,
    level: usize,
    stage: usize,
    /// The item and degree of the node being left (`ssmcc`'s `best_itm` and `score`).
    best: i32,
    score: i32,
    label: Label,
    /// A primary item has fewer options than its lower bound.
    dead: bool,
    /// Each primary item's divisor of its degree, by its place in `set`: `ssmcc-wtd`'s weight
    /// `wt` (1, plus 1 each time taking an option failed because the item could no longer be
    /// covered), or `ssmcc-frb`'s `failrate` (0.5 at first). Unused by plain `ssmcc`.
    wt: Vec<f32>,
    /// `ssmcc-frb`'s `assigns`: 1, plus 1 each time an option of the item was tried.
    assigns: Vec<f32>,
    /// The stage and level where the search's own tree begins: 0, or after a job's prefix;
    /// backing up to this stage ends the search.
    floor: usize,
    floor_level: usize,
}

/// What dancing cells branching by weights take and give ([`crate::Engine::Weighted`], Knuth's
/// `ssmcc-wtd`, on every problem).
pub(crate) const WEIGHTED: crate::control::EngineInfo = crate::control::EngineInfo {
    title: "dancing cells, weighted",
    programs: ["ssmcc-wtd"; 3],
    names_class_program: true,
    same_figures_on_threads: false,
    takes_selected: false,
    best_and_memo: false,
    job_tag: Some("weighted"),
};

/// What dancing cells branching by failure rates take and give ([`crate::Engine::FailRate`],
/// Knuth's `ssmcc-frb`, on every problem).
pub(crate) const FAILRATE: crate::control::EngineInfo = crate::control::EngineInfo {
    title: "dancing cells, by failure rate",
    programs: ["ssmcc-frb"; 3],
    names_class_program: true,
    same_figures_on_threads: false,
    takes_selected: false,
    best_and_memo: false,
    job_tag: Some("failrate"),
};

/// How [`MultiCellsSearch`] chooses the item to branch on: the `const` parameter of its loop.
pub(crate) mod heuristic {
    /// `ssmcc`: the least degree.
    pub const PLAIN: u8 = 0;
    /// `ssmcc-wtd`: the least degree over weight.
    pub const WEIGHTS: u8 = 1;
    /// `ssmcc-frb`: the least degree over failure rate.
    pub const FAILRATES: u8 = 2;
}

impl Mc {
    fn new(problem: &Problem) -> Mc {
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let bounds = problem.bounds();
        let bound = |i: usize| bounds.get(i - 1).copied().unwrap_or((1, 1));
        let Layout {
            size,
            x,
            set,
            item,
            second,
            nd,
            clr,
            opt,
        } = Layout::new(problem, EXTRA);
        let mut mc = Mc {
            nd,
            clr,
            opt,
            set,
            item,
            second,
            active: n,
            force: Vec::new(),
            save: Vec::new(),
            saveptr: 0,
            saved: vec![0; 2],
            choice: vec![0; 1],
            deg: vec![0; 1],
            levelstage: vec![0; 1],
            stagelevel: vec![0; 1],
            level: 0,
            stage: 0,
            best: 0,
            score: 0,
            label: Label::Forward,
            dead: false,
            wt: Vec::new(),
            assigns: Vec::new(),
            floor: 0,
            floor_level: 0,
        };
        // From the last item to the first, as `ssmcc` reads them: sizes and bounds, and the
        // items with no option (or too few) noted.
        for i in (1..=n).rev() {
            let xi = x[i];
            mc.set[xi as usize - 1] = size[i];
            if i <= n1 {
                let (lo, hi) = bound(i);
                mc.set[xi as usize - 3] = hi as i32;
                mc.set[xi as usize - 4] = (hi - lo) as i32;
                if size[i] < lo as i32 {
                    mc.dead = true;
                } else if size[i] == 0 {
                    mc.force.push(xi);
                }
            } else if size[i] == 0 {
                mc.force.push(xi);
            }
        }
        // Items with no option leave the active list (a primary one has lower bound 0).
        while let Some(j) = mc.force.pop() {
            mc.swap_out(j);
        }
        mc
    }

    #[inline(always)]
    fn size(&self, x: i32) -> i32 {
        self.set[x as usize - 1]
    }

    #[inline(always)]
    fn pos(&self, x: i32) -> usize {
        self.set[x as usize - 2] as usize
    }

    /// Swaps item `x` out of the active list.
    #[inline(always)]
    fn swap_out(&mut self, x: i32) {
        self.active -= 1;
        let p = self.active;
        let pp = self.pos(x);
        let cc = self.item[p];
        self.item[p] = x;
        self.item[pp] = cc;
        self.set[x as usize - 2] = p as i32;
        self.set[cc as usize - 2] = pp as i32;
    }

    /// The arrays the dance writes, as raw pointers ([`Raw`]).
    #[inline(always)]
    fn raw(&mut self) -> Raw {
        Raw {
            nd: self.nd.as_mut_ptr(),
            set: self.set.as_mut_ptr(),
            item: self.item.as_mut_ptr(),
            clr: self.clr.as_ptr(),
            second: self.second,
        }
    }

    /// Takes the option of node `optp` out of the sets of its items (not those of purified
    /// secondary items); `false` where a primary item would be left with fewer options than it
    /// needs (then the force stack is cleared, as `ssmcc` does when `clear` says so).
    #[inline(always)]
    fn remove(&mut self, optp: i32, clear: bool, updates: &mut u64) -> bool {
        let raw = self.raw();
        // SAFETY: `raw` points into this state's arrays, indexed as `Raw` says.
        let ok = unsafe { raw.remove(optp, &mut self.active, updates) } == 0;
        if !ok && clear {
            self.force.clear();
        }
        ok
    }

    /// `ssmcc`'s `include_option`: takes the option of node `opt` into the solution; 0, or
    /// where that would leave a primary item uncoverable that item (`tough_itm`; the force
    /// stack then cleared).
    fn include(&mut self, opt: i32, updates: &mut u64) -> i32 {
        let raw = self.raw();
        // SAFETY: as in `remove`.
        let tough = unsafe { raw.include(opt, &mut self.active, updates) };
        if tough != 0 {
            self.force.clear();
        }
        tough
    }

    /// `ssmcc-wtd`'s "increase the weight of `tough_itm`", with his increment of 1. (His
    /// rescaling of every weight past 1e32 cannot happen with that increment: a weight of 2^24
    /// plus 1 is 2^24 in single precision, so the weights stop growing there, as he notes.)
    #[cold]
    fn bump(&mut self, tough: i32) {
        self.wt[tough as usize] += 1.0;
    }

    /// `ssmcc-frb`'s account of an option of item `x` tried: a failure (it left another
    /// item uncoverable) or not. His `1.0 - failrate` is a `double`, so the failure's sum is.
    #[inline(always)]
    fn tried(&mut self, x: i32, failed: bool) {
        let x = x as usize;
        self.assigns[x] += 1.0;
        let (rate, assigns) = (self.wt[x], self.assigns[x]);
        self.wt[x] = if failed {
            (f64::from(rate) + (1.0 - f64::from(rate)) / f64::from(assigns)) as f32
        } else {
            rate - rate / assigns
        };
    }

    /// The scan for the item to branch on: sets `score` and `best`, and puts the items of
    /// degree 1 on the force stack, one entry per option they must still take. With weights
    /// or failure rates ([`heuristic`]): the rule of `ssmcc-wtd` and `ssmcc-frb`, the degree
    /// divided by the item's weight or failure rate (in single precision, as his `float`s),
    /// the same ties after it.
    fn scan<const H: u8>(&mut self) {
        /// Puts an item of degree 1 on the force stack, once per option it must still take.
        #[cold]
        #[inline(never)]
        fn push(force: &mut Vec<i32>, x: i32, times: i32) {
            for _ in 0..times {
                force.push(x);
            }
        }
        let (mut score, mut best, mut best_s, mut best_l) = (INF, 0, 0, 0);
        // `ssmcc-wtd`'s `fscore`, from his `infty` (twice `dangerous`).
        let mut fscore = 2e32f32;
        let second = self.second;
        let set = &self.set[..];
        for &x in &self.item[..self.active] {
            if x >= second {
                continue;
            }
            let at = x as usize - 4;
            let (slack, b, l) = (set[at], set[at + 1], set[at + 3]);
            let s = slack.min(b);
            let t = l + s - b + 1;
            if t == 1 {
                push(&mut self.force, x, b - slack);
            } else if H != heuristic::PLAIN {
                let mut tscore = t as f32 / self.wt[x as usize];
                if tscore >= 2e32 {
                    tscore = 1e32;
                }
                if tscore <= fscore
                    && (tscore < fscore
                        || (s <= best_s
                            && (s < best_s || (l >= best_l && (l > best_l || x < best)))))
                {
                    (fscore, score, best, best_s, best_l) = (tscore, t, x, s, l);
                }
            } else if t <= score
                && (t < score
                    || (s <= best_s && (s < best_s || (l >= best_l && (l > best_l || x < best)))))
            {
                (score, best, best_s, best_l) = (t, x, s, l);
            }
        }
        (self.score, self.best) = (score, best);
    }

    /// What the next node would do, changing nothing: take the option of a forced item, branch
    /// on an item (of the least degree, the leftmost of those: a job's way down is any way
    /// down the tree, `replay` takes any open option), or report a solution.
    fn peek(&self) -> Peek {
        if self.dead || self.label == Label::Done {
            return Peek::Dead;
        }
        // The force stack's top active entry, as the loop pops them.
        if let Some(&b) = self
            .force
            .iter()
            .rev()
            .find(|&&b| self.pos(b) < self.active)
        {
            return Peek::Forced(b);
        }
        let mut branch = Peek::Solution;
        for &x in &self.item[..self.active] {
            if x >= self.second {
                continue;
            }
            let at = x as usize - 4;
            let (slack, b, l) = (self.set[at], self.set[at + 1], self.set[at + 3]);
            let t = l + slack.min(b) - b + 1;
            match branch {
                // The loop's forced item is the last of degree 1 with an option to take; any
                // will do.
                _ if t == 1 && b > slack => return Peek::Forced(x),
                Peek::Branch(_, d) if d <= t => {}
                _ if t > 1 => branch = Peek::Branch(x, t),
                _ => {}
            }
        }
        branch
    }

    /// Saves the active items' sizes and bounds for the stage.
    fn save_state(&mut self) {
        self.saved[self.stage] = self.saveptr;
        let need = self.saveptr + self.active;
        if self.save.len() < need {
            self.save.resize(need, (0, 0, 0));
        }
        // A secondary item's bound word is never written: saved and written back all the same.
        let (set, items) = (&self.set, &self.item[..self.active]);
        for (slot, &x) in self.save[self.saveptr..need].iter_mut().zip(items) {
            *slot = (x, set[x as usize - 1], set[x as usize - 3]);
        }
        self.saveptr = need;
    }

    /// Writes back the sizes and bounds the stage saved.
    fn restore(&mut self) {
        let base = self.saved[self.stage];
        self.active = self.saveptr - base;
        self.saveptr = base;
        for &(x, s, b) in &self.save[base..base + self.active] {
            self.set[x as usize - 1] = s;
            self.set[x as usize - 3] = b;
        }
    }

    /// `ssmcc`'s "increase level": the level's stage noted.
    fn next_level(&mut self) {
        self.level += 1;
        if self.stagelevel.len() <= self.level {
            self.stagelevel.resize(self.level + 1, 0);
            self.choice.resize(self.level + 1, 0);
            self.deg.resize(self.level + 1, 0);
        }
        self.stagelevel[self.level] = self.stage;
        self.levelstage[self.stage] = self.level;
    }

    fn next_stage(&mut self) {
        self.stage += 1;
        if self.levelstage.len() <= self.stage {
            self.levelstage.resize(self.stage + 1, 0);
            self.saved.resize(self.stage + 2, 0);
        }
    }

    /// The options of the current solution taken below the floor, as nodes, stage by stage.
    fn solution(&self) -> impl Iterator<Item = i32> + '_ {
        (self.floor..self.stage).map(|k| self.choice[self.levelstage[k]])
    }

    /// Whether the option of node `q` can still be taken or left out: it has a primary item,
    /// every primary item of it is active, and each active item of it has it in its set.
    fn is_open(&self, q: i32) -> bool {
        let mut p = q;
        while self.nd[p as usize - 1].itm > 0 {
            p -= 1;
        }
        let mut primary = false;
        while let Nd { itm: x @ 1.., loc } = self.nd[p as usize] {
            if self.pos(x) < self.active {
                primary |= x < self.second;
                if loc >= x + self.size(x) {
                    return false;
                }
            } else if x < self.second {
                return false;
            }
            p += 1;
        }
        primary
    }

    /// Runs the search from where it stands until it is exhausted (`false`), `stop` says so
    /// before a new node (it gets the node count), or `solution` says so after a solution;
    /// then `true`. `H` ([`heuristic`]): plain `ssmcc`, or `ssmcc-wtd` (the weighted scan,
    /// and a weight bumped when taking an option fails), or `ssmcc-frb` (the scan by failure
    /// rate, and the rate of the item branched on updated at each option tried).
    fn run<const H: u8>(
        &mut self,
        nodes: &mut u64,
        updates: &mut u64,
        profile: &mut Vec<u64>,
        mut stop: impl FnMut(u64) -> bool,
        mut solution: impl FnMut(&Mc) -> bool,
    ) -> bool {
        let mut step = match self.label {
            Label::Done => return false,
            Label::Forward if self.dead => {
                self.label = Label::Done;
                return false;
            }
            Label::Forward => Step::Forward,
            Label::Backup => Step::Backup,
        };
        let mut u = 0u64;
        let stopped = loop {
            match step {
                Step::Forward => {
                    if stop(*nodes) {
                        self.label = Label::Forward;
                        break true;
                    }
                    *nodes += 1;
                    if profile.len() <= self.stage {
                        profile.resize(self.stage + 1, 0);
                    }
                    profile[self.stage] += 1;
                    let mut forced = None;
                    while let Some(b) = self.force.pop() {
                        if self.pos(b) < self.active {
                            forced = Some(b);
                            break;
                        }
                    }
                    if forced.is_none() {
                        self.scan::<H>();
                        forced = self.force.pop();
                    }
                    if let Some(b) = forced {
                        self.best = b;
                        self.saved[self.stage] = self.saveptr;
                        self.score = 1;
                    } else if self.score == INF {
                        if solution(self) {
                            self.label = Label::Backup;
                            break true;
                        }
                        step = Step::Backup;
                        continue;
                    } else {
                        self.save_state();
                    }
                    step = Step::Advance;
                }
                Step::Advance => {
                    let cur = self.set[self.best as usize];
                    self.choice[self.level] = cur;
                    self.deg[self.level] = self.score;
                    let tough = self.include(cur, &mut u);
                    if H == heuristic::FAILRATES {
                        self.tried(self.best, tough != 0);
                    }
                    if tough != 0 {
                        if H == heuristic::WEIGHTS {
                            self.bump(tough);
                        }
                        step = if self.score == 1 {
                            Step::PreBackup
                        } else {
                            Step::PurgeIt
                        };
                        continue;
                    }
                    self.next_stage();
                    self.next_level();
                    step = Step::Forward;
                }
                Step::PreBackup => {
                    self.saveptr = self.saved[self.stage];
                    step = Step::Backup;
                }
                Step::Backup => {
                    if self.stage == self.floor {
                        self.label = Label::Done;
                        break false;
                    }
                    self.stage -= 1;
                    self.level = self.levelstage[self.stage];
                    step = Step::PurgeIt;
                }
                Step::PurgeIt => {
                    if self.deg[self.level] == 1 {
                        step = Step::PreBackup;
                        continue;
                    }
                    self.restore();
                    let cur = self.choice[self.level];
                    if !self.remove(cur, false, &mut u) {
                        step = Step::PreBackup;
                        continue;
                    }
                    self.next_level();
                    step = Step::Forward;
                }
            }
        };
        *updates += u;
        stopped
    }
}

/// What the dance reads and writes, as raw pointers: behind `&mut self` the arrays' pointers
/// and lengths were loaded again after every store (as in [`crate::cells`], whose `hide` is
/// written the same way), and `active` kept in memory.
///
/// Every index is an item's place in `set` (at least 4, its header words before it), a place in
/// an item's run of `set`, a node of `nd`, or a place in `item` below the number of items, as
/// [`Mc::new`] builds them and the swaps keep them; a walk along an option stays within it,
/// stopped by the spacers around it.
#[derive(Clone, Copy)]
struct Raw {
    nd: *mut Nd,
    set: *mut i32,
    item: *mut i32,
    clr: *const u32,
    second: i32,
}

impl Raw {
    #[inline(always)]
    unsafe fn get(self, x: i32) -> i32 {
        // SAFETY: see the type's documentation.
        unsafe { *self.set.add(x as usize) }
    }

    #[inline(always)]
    unsafe fn put(self, x: i32, v: i32) {
        // SAFETY: see the type's documentation.
        unsafe { *self.set.add(x as usize) = v }
    }

    #[inline(always)]
    unsafe fn node(self, q: i32) -> Nd {
        // SAFETY: see the type's documentation.
        unsafe { *self.nd.add(q as usize) }
    }

    /// Swaps item `x` out of the active list.
    #[inline(always)]
    unsafe fn swap_out(self, x: i32, active: &mut usize) {
        // SAFETY: see the type's documentation.
        unsafe {
            *active -= 1;
            let p = *active;
            let pp = self.get(x - 2) as usize;
            let cc = *self.item.add(p);
            *self.item.add(p) = x;
            *self.item.add(pp) = cc;
            self.put(x - 2, p as i32);
            self.put(cc - 2, pp as i32);
        }
    }

    /// Swaps node `nn` (at `p` in item `ii`'s set) out of the set, whose size becomes `ss`.
    #[inline(always)]
    unsafe fn swap_node(self, ii: i32, nn: i32, p: i32, ss: i32) {
        // SAFETY: see the type's documentation.
        unsafe {
            let last = ii + ss;
            let nnp = self.get(last);
            self.put(ii - 1, ss);
            self.put(last, nn);
            self.put(p, nnp);
            (*self.nd.add(nn as usize)).loc = last;
            (*self.nd.add(nnp as usize)).loc = p;
        }
    }

    /// The first node of the option of node `q`.
    #[inline(always)]
    unsafe fn start(self, mut q: i32) -> i32 {
        // SAFETY: see the type's documentation.
        unsafe {
            while self.node(q - 1).itm > 0 {
                q -= 1;
            }
        }
        q
    }

    /// [`Mc::remove`], the force stack left to the caller: 0, or the item left uncoverable.
    #[inline(always)]
    unsafe fn remove(self, optp: i32, active: &mut usize, updates: &mut u64) -> i32 {
        // SAFETY: see the type's documentation.
        unsafe {
            let mut nn = self.start(optp);
            loop {
                let Nd { itm: ii, loc: p } = self.node(nn);
                if ii <= 0 {
                    return 0;
                }
                if p >= self.second && self.get(ii - 2) as usize >= *active {
                    nn += 1;
                    continue;
                }
                let ss = self.get(ii - 1) - 1;
                if p < self.second {
                    if ss < self.get(ii - 3) - self.get(ii - 4) {
                        return ii;
                    }
                    if ss == 0 {
                        self.swap_out(ii, active);
                    }
                }
                if ss > 0 {
                    self.swap_node(ii, nn, p, ss);
                    *updates += 1;
                }
                nn += 1;
            }
        }
    }

    /// [`Mc::include`], the force stack left to the caller: 0, or the item left uncoverable.
    #[inline(never)]
    unsafe fn include(self, opt: i32, active_at: &mut usize, updates_at: &mut u64) -> i32 {
        let (mut active, mut updates) = (*active_at, 0u64);
        // SAFETY: see the type's documentation.
        let tough = unsafe {
            let mut opt = self.start(opt);
            'option: loop {
                let Nd { itm: ii, loc: pp } = self.node(opt);
                if ii <= 0 {
                    break 0;
                }
                let p = self.get(ii - 2) as usize;
                if p >= active {
                    debug_assert!(
                        ii >= self.second,
                        "a primary item of an active option is active"
                    );
                    opt += 1;
                    continue;
                }
                if ii < self.second {
                    self.put(ii - 3, self.get(ii - 3) - 1);
                }
                if ii >= self.second || self.get(ii - 3) == 0 {
                    let ss = self.get(ii - 1);
                    let c = if ii < self.second {
                        0
                    } else {
                        *self.clr.add(opt as usize)
                    };
                    for s in (ii..ii + ss).rev() {
                        if s != pp {
                            let optp = self.get(s);
                            if c == 0 || *self.clr.add(optp as usize) != c {
                                let tough = self.remove(optp, &mut active, &mut updates);
                                if tough != 0 {
                                    break 'option tough;
                                }
                            }
                        }
                    }
                    self.swap_out(ii, &mut active);
                } else {
                    let ss = self.get(ii - 1) - 1;
                    if ss < self.get(ii - 3) - self.get(ii - 4) {
                        break ii;
                    }
                    if ss == 0 {
                        self.swap_out(ii, &mut active);
                    } else {
                        self.swap_node(ii, opt, pp, ss);
                        updates += 1;
                    }
                }
                opt += 1;
            }
        };
        *active_at = active;
        *updates_at += updates;
        tough
    }
}

/// Dancing cells with multiplicities (Knuth's `ssmcc`): the engine of [`crate::Engine::Cells`]
/// for problems with bounds on items.
#[derive(Debug, Clone)]
pub(crate) struct MultiCellsSearch<'p> {
    problem: &'p Problem,
    mc: Mc,
    /// The built state, for a reset.
    built: std::sync::Arc<Mc>,
    /// Always empty: bounds take no selection.
    selected: Vec<OptionId>,
    selected_nodes: Vec<Node>,
    started: bool,
    chosen: Vec<Node>,
    /// How the item to branch on is chosen ([`heuristic`]).
    heuristic: u8,
    /// Each option's first node in `nd`.
    first: Vec<i32>,
}

/// The problem's node for node `q` of `nd` (as in [`crate::cells`]).
fn node_of(problem: &Problem, opt: &[u32], q: i32) -> Node {
    Node((q as u32) + problem.num_items() as u32 - opt[q as usize])
}

impl<'p> MultiCellsSearch<'p> {
    /// Knuth's `ssmcc` (`heuristic::PLAIN`), or his `ssmcc-wtd` (`WEIGHTS`: the item chosen by
    /// its degree divided by its weight, a weight growing each time taking an option fails for
    /// want of that item's options), or his `ssmcc-frb` (`FAILRATES`: divided by the rate at
    /// which trying the item's options left another item uncoverable).
    pub(crate) fn new(problem: &'p Problem, heuristic: u8) -> Self {
        let mut mc = Mc::new(problem);
        if heuristic != heuristic::PLAIN {
            let first = if heuristic == heuristic::WEIGHTS {
                1.0
            } else {
                0.5
            };
            mc.wt = vec![first; mc.set.len()];
            mc.assigns = vec![1.0; mc.set.len()];
        }
        let mut first = vec![0; problem.num_options()];
        for q in (1..mc.nd.len()).rev() {
            if mc.nd[q].itm > 0 {
                first[mc.opt[q] as usize] = q as i32;
            }
        }
        MultiCellsSearch {
            problem,
            first,
            built: std::sync::Arc::new(mc.clone()),
            mc,
            selected: Vec::new(),
            selected_nodes: Vec::new(),
            started: false,
            chosen: Vec::new(),
            heuristic,
        }
    }
}

impl<'p> Algorithm<'p> for MultiCellsSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        self.started = true;
        if self.mc.label == Label::Done {
            return None;
        }
        let checks = Checks::new(&ctl, ctl.stats.solutions);
        if checks.at_solution_limit() {
            return Some(StopReason::SolutionLimit);
        }
        if self.mc.dead && self.mc.label == Label::Forward {
            if let Some(r) = ctl.limits.check_async() {
                return Some(r);
            }
        }
        let problem = self.problem;
        let selected = &self.selected;
        let chosen = &mut self.chosen;
        let stats = ctl.stats;
        let mut solution = |m: &Mc| {
            chosen.clear();
            chosen.extend(m.solution().map(|q| node_of(problem, &m.opt, q)));
            checks.solution(visit, selected, chosen)
        };
        // The loop is chosen here, once per call: the plain one has no weights in it.
        let (nodes, updates, profile) = (&mut stats.nodes, &mut stats.updates, &mut stats.profile);
        let node = |n| checks.node(n);
        let stopped = match self.heuristic {
            heuristic::WEIGHTS => {
                self.mc
                    .run::<{ heuristic::WEIGHTS }>(nodes, updates, profile, node, &mut solution)
            }
            heuristic::FAILRATES => self.mc.run::<{ heuristic::FAILRATES }>(
                nodes,
                updates,
                profile,
                node,
                &mut solution,
            ),
            _ => self
                .mc
                .run::<{ heuristic::PLAIN }>(nodes, updates, profile, node, &mut solution),
        };
        checks.finish(stopped, stats, ctl.paused)
    }

    fn is_fresh(&self) -> bool {
        !self.started
    }

    fn is_exhausted(&self) -> bool {
        self.mc.label == Label::Done
    }

    /// Refused, as by dancing links with bounds ([`SelectError::Bounds`]): a given with bounds
    /// would need to say how many of an item's options it takes; and without bounds, since the
    /// weighted loops (which run on every problem) take none ([`SelectError::Engine`]).
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        if option.index() >= self.problem.num_options() {
            return Err(SelectError::UnknownOption { option });
        }
        match self.problem.declares_bounds() {
            true => Err(SelectError::Bounds),
            false => Err(SelectError::Engine),
        }
    }

    fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    fn selected_nodes(&self) -> &[Node] {
        &self.selected_nodes
    }

    /// The next node's moves: its forced item's first option, or its item's first option taken
    /// and then left out.
    fn branches(&self) -> Option<Vec<Move>> {
        let m = &self.mc;
        let first = |b: i32| OptionId(m.opt[m.set[b as usize] as usize]);
        match m.peek() {
            Peek::Dead => Some(Vec::new()),
            Peek::Solution => None,
            Peek::Forced(b) => Some(vec![Move::Option(first(b))]),
            Peek::Branch(b, _) => Some(vec![Move::Option(first(b)), Move::Skip(first(b))]),
        }
    }

    /// Takes an option (`Move::Option`) or leaves it out (`Move::Skip`) as a node of the tree
    /// would. Any option still open is accepted, not only the first of the item the node would
    /// choose: the sets' order and the weights depend on the subtrees searched before, which a
    /// replaying search has not seen, and taking or leaving out any open option splits the
    /// solutions in two all the same. A move that leaves an item uncoverable ends the search
    /// there (no node below it), as the loop does.
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        debug_assert!(!rest, "no level is given away as a rest");
        let problem = self.problem;
        let m = &mut self.mc;
        let branch = match m.peek() {
            Peek::Solution => return Err(ReplayError::Solved),
            Peek::Forced(b) | Peek::Branch(b, _) => b,
            Peek::Dead => m.item.first().copied().unwrap_or(EXTRA),
        };
        // `ssmcc` has no null move: no option to take or leave out.
        let (take, option) = match mv {
            Move::Option(o) => (true, Some(o)),
            Move::Skip(o) => (false, Some(o)),
            Move::Null => (false, None),
        };
        let open = option
            .filter(|o| o.index() < problem.num_options() && !m.dead)
            .map(|o| (o, self.first[o.index()]))
            .filter(|&(_, q)| m.is_open(q));
        let Some((option, q)) = open else {
            let internal = self.built.pos(branch) + 1;
            let item = item_id(problem, crate::arena::Item(internal as u32));
            return Err(ReplayError::NotAChoice(item));
        };
        let stage = m.stage;
        let mut updates = 0;
        m.choice[m.level] = q;
        if take {
            m.dead = m.include(q, &mut updates) != 0;
            m.next_stage();
            self.selected.push(option);
            self.selected_nodes.push(node_of(problem, &m.opt, q));
        } else {
            m.dead = !m.remove(q, false, &mut updates);
        }
        m.force.clear();
        m.next_level();
        (m.floor, m.floor_level) = (m.stage, m.level);
        Ok(Replayed {
            item_updates: 0,
            rest_updates: updates,
            cleansings: 0,
            level: Some(stage),
        })
    }

    /// Gives away the second branch (the option left out) of the shallowest node of its own
    /// tree whose first branch it is in; it backs up past that node then.
    fn donate(&mut self, _: &Job) -> Vec<Job> {
        let m = &mut self.mc;
        let took = |l: usize| m.stagelevel[l + 1] > m.stagelevel[l];
        let Some(at) = (m.floor_level..m.level).find(|&l| took(l) && m.deg[l] > 1) else {
            return Vec::new();
        };
        let option = |l: usize| OptionId(m.opt[m.choice[l] as usize]);
        let mut prefix: Vec<Move> = (0..at)
            .map(|l| match took(l) {
                true => Move::Option(option(l)),
                false => Move::Skip(option(l)),
            })
            .collect();
        prefix.push(Move::Skip(option(at)));
        m.deg[at] = 1;
        vec![Job::new(prefix, 0)]
    }

    fn levels_from_root(&self) -> bool {
        true
    }

    fn keeps_branch_depth(&self) -> bool {
        false
    }

    fn track_depth(&mut self, _: bool) {}

    fn reset(&mut self, _: u64) {
        self.mc.clone_from(&self.built);
        self.selected.clear();
        self.selected_nodes.clear();
        self.started = false;
    }
}
