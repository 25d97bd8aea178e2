//! Dancing cells: Knuth's `ssxcc`, exact cover with colors on sparse sets.
//!
//! Where dancing links unlink a node from a doubly linked column and put it back by its two
//! links, dancing cells keep each item's active options as a *sparse set*: the options sit in
//! one run of an array, the active ones first, and an option leaves the set by swapping places
//! with the last active one and shortening the run by one. Nothing needs undoing in reverse:
//! a level saves the sizes of the active items, and backing up writes them back (the removed
//! options are still there, past the end, in another order). The items are a sparse set too:
//! an item leaves the active list by swapping with the last active one.
//!
//! This is Knuth's program `ssxcc` (after Christine Solnon's dancing cells, with her forced
//! moves of 2023) step for step: the same choice of item (fewest options, then the leftmost;
//! an item with one option left is a *forced move*, taken at once without saving sizes), the
//! same orders (sets and the item list are permuted as his are, so the options of a level are
//! tried in his order), and the same figures: a node per level entered, an update per option
//! taken out of a set and per item swapped out of the active list.
//!
//! Layout, as in `ssxcc`: `set` holds, per item, two header words (its position in `item`, the
//! size of its set) and then its options, each as a node index. `nd` holds the options one after
//! another, a spacer after each (`itm` = minus the option's length, so a walk around an option
//! wraps), each node with its item's place in `set`, the node's place in that item's set
//! (`loc`), its color, and its option's number.
//!
//! Because backing up restores sizes but not order, the state at a node of the tree depends on
//! the path *and* on the subtrees searched before it. A job of a parallel or split search
//! replays its way from the root, so it stands in the same problem (the same active items and
//! options, in other orders): its solutions are the same, but where the order of forced moves
//! differs its nodes and updates can differ a little from the one-thread search's.

use crate::arena::Node;
use crate::control::Job;
use crate::control::{item_id, Move, ReplayError, Replayed, SelectError, StopReason, Visit};
use crate::control::{Algorithm, Checks, Control};
use crate::problem::{OptionId, Problem};

/// A node of `ssxcc`'s `nd` array: the two fields the dance reads together (8 bytes; his
/// nodes have the color too, and 16 bytes, but the color is read once per option hidden, and
/// half the bytes keep more of the nodes in the first-level cache).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Nd {
    /// The item's place in `set`; in a spacer, minus the length of the option before it.
    pub(crate) itm: i32,
    /// The node's place in its item's set.
    pub(crate) loc: i32,
}

/// Words of `set` before each item's options: its position in `item`, and its size.
const EXTRA: i32 = 2;

/// Where a resumed search goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Enter a level (count a node, choose an item).
    Forward,
    /// Back up from a solution.
    Backup,
    /// The tree is exhausted.
    Done,
}

/// What a level does, found by [`Cells::pick`].
enum Pick {
    /// A forced move: the item has one option left.
    Forced(i32),
    /// Branch on the item.
    Branch(i32),
    /// Every primary item is covered.
    Solution,
    /// A primary item has no option left.
    Dead,
}

/// The sparse sets and the search's stack.
#[derive(Debug, Clone)]
struct Cells {
    nd: Vec<Nd>,
    /// Each node's color: 0 for none, else the color plus 1.
    clr: Vec<u32>,
    /// Each node's option.
    opt: Vec<u32>,
    set: Vec<i32>,
    /// The items, the active ones first.
    item: Vec<i32>,
    /// Items whose place in `set` is below this are primary.
    second: i32,
    active: usize,
    /// `active` before the current level swapped out its items.
    oactive: usize,
    /// Primary items known to have one option left.
    force: Vec<i32>,
    /// The saved sizes: (item, size).
    save: Vec<(i32, i32)>,
    /// `save`'s length at the start of each level (level + 1 at its end).
    saved: Vec<usize>,
    /// The node chosen at each level.
    choice: Vec<i32>,
    /// The end of each level's choices in its item's set (one past the last to try).
    last: Vec<i32>,
    level: usize,
    /// The levels below the search: a job's replayed way.
    floor: usize,
    label: Label,
    /// A primary item has no option: nothing to search.
    dead: bool,
}

/// The arrays of dancing cells as Knuth's `ssxcc` and `ssmcc` build them from the problem,
/// before their headers are filled in: `extra` words of `set` before each item's options (the
/// position in `item` and the size last), each option's nodes in `nd` followed by a spacer, and
/// each node's color and option beside it.
pub(crate) struct Layout {
    /// Options per internal item (`1..=n`).
    pub(crate) size: Vec<i32>,
    /// Each item's place in `set`.
    pub(crate) x: Vec<i32>,
    pub(crate) set: Vec<i32>,
    pub(crate) item: Vec<i32>,
    /// The place of the first secondary item (the end of `set` if none).
    pub(crate) second: i32,
    pub(crate) nd: Vec<Nd>,
    pub(crate) clr: Vec<u32>,
    pub(crate) opt: Vec<u32>,
}

impl Layout {
    pub(crate) fn new(problem: &Problem, extra: i32) -> Layout {
        let links = problem.links();
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let mut size = vec![0i32; n + 1];
        for m in &links.meta[n + 1..] {
            size[m.item as usize] += 1;
        }
        let mut x = vec![0i32; n + 1];
        let mut at = 0i32;
        for i in 1..=n {
            at += extra;
            x[i] = at;
            at += size[i];
        }
        let mut set = vec![0i32; at as usize];
        let mut item = Vec::with_capacity(n);
        for (k, &xi) in x[1..].iter().enumerate() {
            set[xi as usize - 2] = k as i32;
            item.push(xi);
        }
        let second = if n1 < n { x[n1 + 1] } else { at };
        let colors = problem.node_colors();
        let num_options = problem.num_options();
        let mut nd = Vec::with_capacity(links.meta.len() - n + num_options + 1);
        let mut clr = Vec::with_capacity(nd.capacity());
        let mut opt = Vec::with_capacity(nd.capacity());
        nd.push(Nd::default());
        clr.push(0);
        opt.push(0);
        let mut fill = vec![0i32; n + 1];
        for o in 0..num_options {
            let first = problem.first_node(OptionId(o as u32)).expect("an option").0 as usize;
            let end = if o + 1 < num_options {
                problem
                    .first_node(OptionId(o as u32 + 1))
                    .expect("an option")
                    .0 as usize
            } else {
                links.meta.len()
            };
            for p in first..end {
                let i = links.meta[p].item as usize;
                let loc = x[i] + fill[i];
                fill[i] += 1;
                set[loc as usize] = nd.len() as i32;
                nd.push(Nd { itm: x[i], loc });
                clr.push(colors.get(p).copied().unwrap_or(0));
                opt.push(o as u32);
            }
            nd.push(Nd {
                itm: -((end - first) as i32),
                loc: 0,
            });
            clr.push(0);
            opt.push(o as u32);
        }
        Layout {
            size,
            x,
            set,
            item,
            second,
            nd,
            clr,
            opt,
        }
    }
}

impl Cells {
    fn new(problem: &Problem) -> Cells {
        let n = problem.num_items();
        let n1 = problem.num_primary();
        let Layout {
            size,
            x,
            mut set,
            item,
            second,
            nd,
            clr,
            opt,
        } = Layout::new(problem, EXTRA);
        for i in 1..=n {
            set[x[i] as usize - 1] = size[i];
        }
        let dead = (1..=n1).any(|i| size[i] == 0);
        Cells {
            nd,
            clr,
            opt,
            set,
            item,
            second,
            active: n,
            oactive: n,
            force: Vec::new(),
            save: Vec::new(),
            saved: vec![0; n1 + 2],
            choice: vec![0; n1 + 1],
            last: vec![0; n1 + 1],
            level: 0,
            floor: 0,
            label: Label::Forward,
            dead,
        }
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
        let p = self.active - 1;
        self.active = p;
        let pp = self.pos(x);
        let cc = self.item[p];
        self.item[p] = x;
        self.item[pp] = cc;
        self.set[cc as usize - 2] = pp as i32;
        self.set[x as usize - 2] = p as i32;
    }

    /// `ssxcc`'s `hide`: takes the options of item `c` that do not have color `color` (all of
    /// them for 0) out of the other sets they are in. With `CHECK`, fails if an active primary
    /// item is left with no option, and puts one left with one option on the force stack.
    #[inline(always)]
    fn hide<const CHECK: bool>(&mut self, c: i32, color: u32, updates: &mut u64) -> bool {
        let at = Hide {
            nd: self.nd.as_mut_ptr(),
            set: self.set.as_mut_ptr(),
            clr: self.clr.as_ptr(),
            oactive: self.oactive as i32,
            active: self.active as i32,
            second: self.second,
        };
        // SAFETY: `at` points into this state's arrays, which `hide` indexes only as the
        // module's invariants allow (see `Hide`).
        let (u, ok) = unsafe { at.hide::<CHECK>(c, color, &mut self.force) };
        *updates += u;
        ok
    }

    /// What the level entered now does: a forced move left on the stack, else the scan of the
    /// active primary items (which puts those with one option on the stack).
    #[inline(always)]
    fn pick(&mut self) -> Pick {
        while let Some(b) = self.force.pop() {
            if self.pos(b) < self.active {
                return Pick::Forced(b);
            }
        }
        let mut t = i32::MAX;
        let mut best = 0;
        let mut dead = false;
        for &x in &self.item[..self.active] {
            if x < self.second {
                let s = self.set[x as usize - 1];
                if s <= 1 {
                    if s == 0 {
                        dead = true;
                    } else {
                        self.force.push(x);
                    }
                } else if s < t || (s == t && x < best) {
                    best = x;
                    t = s;
                }
            }
        }
        if dead {
            self.force.clear();
            return Pick::Dead;
        }
        if let Some(b) = self.force.pop() {
            return Pick::Forced(b);
        }
        if t == i32::MAX {
            Pick::Solution
        } else {
            Pick::Branch(best)
        }
    }

    /// What [`Cells::pick`] would do, without doing it: the item and whether it is forced.
    fn peek(&self) -> Pick {
        if self.dead {
            return Pick::Dead;
        }
        if let Some(&b) = self
            .force
            .iter()
            .rev()
            .find(|&&b| self.pos(b) < self.active)
        {
            return Pick::Forced(b);
        }
        let mut t = i32::MAX;
        let mut best = 0;
        let mut one = None;
        for &x in &self.item[..self.active] {
            if x < self.second {
                let s = self.size(x);
                if s == 0 {
                    return Pick::Dead;
                } else if s == 1 {
                    one = Some(x);
                } else if s < t || (s == t && x < best) {
                    best = x;
                    t = s;
                }
            }
        }
        match one {
            Some(b) => Pick::Forced(b),
            None if t == i32::MAX => Pick::Solution,
            None => Pick::Branch(best),
        }
    }

    /// Swaps item `best` out and hides its options: the start of a level; returns the updates.
    #[inline(always)]
    fn take_item(&mut self, best: i32) -> u64 {
        let mut updates = 1;
        self.swap_out(best);
        self.oactive = self.active;
        self.hide::<false>(best, 0, &mut updates);
        updates
    }

    /// Saves the sizes of the active items, for the level's other choices.
    #[inline(always)]
    fn save_sizes(&mut self) {
        let set = &self.set;
        let sizes = self.item[..self.active]
            .iter()
            .map(|&x| (x, set[x as usize - 1]));
        self.save.extend(sizes);
        self.saved[self.level + 1] = self.save.len();
    }

    /// Tries the option at `cur_choice` of the level's item: swaps out its other items and
    /// hides their other options. Fails (with `CHECK`) where a primary item is left with none.
    #[inline(always)]
    fn try_choice<const CHECK: bool>(&mut self, cur_choice: i32, updates: &mut u64) -> bool {
        let cur_node = self.set[cur_choice as usize];
        self.choice[self.level] = cur_node;
        let mut p = self.active;
        self.oactive = p;
        let mut q = cur_node + 1;
        while q != cur_node {
            let c = self.nd[q as usize].itm;
            if c < 0 {
                q += c;
                continue;
            }
            let pp = self.pos(c);
            if pp < p {
                p -= 1;
                let cc = self.item[p];
                self.item[p] = c;
                self.item[pp] = cc;
                self.set[cc as usize - 2] = pp as i32;
                self.set[c as usize - 2] = p as i32;
                *updates += 1;
            }
            q += 1;
        }
        self.active = p;
        let mut q = cur_node + 1;
        while q != cur_node {
            let (cc, clr) = (self.nd[q as usize].itm, self.clr[q as usize]);
            if cc < 0 {
                q += cc;
                continue;
            }
            let ok = if cc < self.second {
                self.hide::<CHECK>(cc, 0, updates)
            } else {
                self.pos(cc) >= self.oactive || self.hide::<CHECK>(cc, clr, updates)
            };
            if !ok {
                self.force.clear();
                return false;
            }
            q += 1;
        }
        true
    }

    /// Writes back the sizes the current level saved.
    #[inline(always)]
    fn restore(&mut self) {
        let (base, top) = (self.saved[self.level], self.saved[self.level + 1]);
        self.save.truncate(top);
        self.active = top - base;
        for &(x, s) in &self.save[base..top] {
            self.set[x as usize - 1] = s;
        }
    }

    /// `ssxcc`'s `abort`: the next choice of the current level after `cur_choice`, backing up
    /// as far as needed; `None` when the search is back at its floor.
    #[inline(always)]
    fn next_choice(&mut self, mut cur_choice: i32) -> Option<i32> {
        loop {
            if cur_choice + 1 < self.last[self.level] {
                self.restore();
                return Some(cur_choice + 1);
            }
            if self.level == self.floor {
                return None;
            }
            self.level -= 1;
            cur_choice = self.nd[self.choice[self.level] as usize].loc;
        }
    }

    /// `ssxcc`'s `backup`: from a level with no choice (a solution, a dead end).
    #[inline(always)]
    fn backup(&mut self) -> Option<i32> {
        if self.level == self.floor {
            return None;
        }
        self.level -= 1;
        let cur = self.nd[self.choice[self.level] as usize].loc;
        self.next_choice(cur)
    }

    /// Runs the search from where it stands until it is exhausted (`false`), `stop` says so
    /// before a new node (it gets the node count), or `solution` says so after a solution (it
    /// gets the chosen nodes of the levels above the floor); then `true`.
    fn run(
        &mut self,
        nodes: &mut u64,
        updates: &mut u64,
        profile: &mut Vec<u64>,
        mut stop: impl FnMut(u64) -> bool,
        mut solution: impl FnMut(&Cells) -> bool,
    ) -> bool {
        let mut next = match self.label {
            Label::Done => return false,
            Label::Forward if self.dead => {
                self.label = Label::Done;
                return false;
            }
            Label::Forward => None,
            Label::Backup => match self.backup() {
                Some(c) => Some(c),
                None => {
                    self.label = Label::Done;
                    return false;
                }
            },
        };
        let mut u = 0u64;
        loop {
            let mut cur_choice = match next.take() {
                Some(c) => c,
                None => {
                    // Enter a level.
                    if stop(*nodes) {
                        self.label = Label::Forward;
                        *updates += u;
                        return true;
                    }
                    *nodes += 1;
                    if profile.len() <= self.level {
                        profile.resize(self.level + 1, 0);
                    }
                    profile[self.level] += 1;
                    let step = match self.pick() {
                        Pick::Forced(b) => {
                            u += self.take_item(b);
                            self.saved[self.level + 1] = self.save.len();
                            self.last[self.level] = b + 1;
                            Some(b)
                        }
                        Pick::Branch(b) => {
                            u += self.take_item(b);
                            self.save_sizes();
                            self.last[self.level] = b + self.size(b);
                            Some(b)
                        }
                        Pick::Solution => {
                            if solution(self) {
                                self.label = Label::Backup;
                                *updates += u;
                                return true;
                            }
                            None
                        }
                        Pick::Dead => None,
                    };
                    match step {
                        Some(c) => c,
                        None => match self.backup() {
                            Some(c) => c,
                            None => break,
                        },
                    }
                }
            };
            // Try the level's choices until one goes on.
            loop {
                if self.try_choice::<true>(cur_choice, &mut u) {
                    self.level += 1;
                    break;
                }
                match self.next_choice(cur_choice) {
                    Some(c) => cur_choice = c,
                    None => {
                        self.label = Label::Done;
                        *updates += u;
                        return false;
                    }
                }
            }
        }
        self.label = Label::Done;
        *updates += u;
        false
    }

    /// The node of option `o` in item `x`'s set, if `o` has `x`.
    fn node_in(&self, first: i32, x: i32) -> Option<i32> {
        let mut q = first;
        loop {
            let itm = self.nd[q as usize].itm;
            if itm < 0 {
                return None;
            }
            if itm == x {
                return Some(q);
            }
            q += 1;
        }
    }

    /// Whether node `q` is among its item's active options.
    fn in_set(&self, q: i32) -> bool {
        let Nd { itm, loc } = self.nd[q as usize];
        loc < itm + self.size(itm)
    }
}

/// What `ssxcc`'s `hide` reads and writes, as raw pointers and values, in a function of its own:
/// inlined into the search loop, its counters and bounds did not all fit in registers and were
/// kept in memory, with a chain of loads and stores through memory per update.
///
/// Every index it uses is an item's place in `set` (at least 2, its two header words before
/// it), a place in an item's run of `set`, or a node of `nd`, as [`Cells::new`] builds them and
/// the swaps keep them (they only exchange such values); a walk around an option stays within
/// it, turned back by the spacer after it.
struct Hide {
    nd: *mut Nd,
    set: *mut i32,
    clr: *const u32,
    oactive: i32,
    active: i32,
    second: i32,
}

impl Hide {
    /// Takes the options of item `c` that do not have color `color` (all of them for 0) out of
    /// the other sets they are in; returns the updates and, with `CHECK`, `false` where an
    /// active primary item is left with no option (stopping there), after putting those left
    /// with one on `force`.
    ///
    /// # Safety
    /// The pointers are those of one [`Cells`] state, `c` one of its items.
    #[inline(never)]
    unsafe fn hide<const CHECK: bool>(
        &self,
        c: i32,
        color: u32,
        force: &mut Vec<i32>,
    ) -> (u64, bool) {
        let Hide {
            nd, set, oactive, ..
        } = *self;
        let mut u = 0u64;
        // SAFETY: the indices are the state's own (see the type's documentation).
        unsafe {
            let c = c as usize;
            let end = c + *set.add(c - 1) as usize;
            for rr in c..end {
                let tt = *set.add(rr) as usize;
                #[cfg(target_arch = "x86_64")]
                if rr + 1 < end {
                    // The next option's nodes, loaded while this one's are dealt with.
                    let next = *set.add(rr + 1) as usize;
                    std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                        nd.add(next) as *const i8,
                    );
                }
                if color != 0 && *self.clr.add(tt) == color {
                    continue;
                }
                let mut nn = tt + 1;
                while nn != tt {
                    let Nd { itm, loc: vv } = *nd.add(nn);
                    if itm < 0 {
                        nn = nn.wrapping_add(itm as isize as usize);
                        continue;
                    }
                    let uu = itm as usize;
                    let pos = *set.add(uu - 2);
                    if pos < oactive {
                        let ss = *set.add(uu - 1) - 1;
                        if CHECK && ss <= 1 && itm < self.second && pos < self.active {
                            if ss == 0 {
                                return (u, false);
                            }
                            force.push(itm);
                        }
                        let last = uu + ss as usize;
                        let nnp = *set.add(last);
                        *set.add(uu - 1) = ss;
                        *set.add(last) = nn as i32;
                        *set.add(vv as usize) = nnp;
                        (*nd.add(nn)).loc = last as i32;
                        (*nd.add(nnp as usize)).loc = vv;
                        u += 1;
                    }
                    nn += 1;
                }
            }
        }
        (u, true)
    }
}

/// What dancing cells take and give ([`crate::Engine::Cells`]; with bounds on items the loop of
/// [`crate::mcells`], `ssmcc`). Their order depends on the subtrees searched before, so threads
/// find the same solutions with nodes of their own.
pub(crate) const INFO: crate::control::EngineInfo = crate::control::EngineInfo {
    title: "dancing cells",
    programs: ["ssxcc", "ssxcc", "ssmcc"],
    names_class_program: true,
    same_figures_on_threads: false,
    takes_selected: true,
    best_and_memo: false,
    job_tag: Some("cells"),
};

/// Dancing cells (Knuth's `ssxcc`): the engine of [`crate::Engine::Cells`], for problems with
/// or without colors (not bounds).
#[derive(Debug, Clone)]
pub(crate) struct CellsSearch<'p> {
    problem: &'p Problem,
    cells: Cells,
    /// The built state, for a reset.
    built: std::sync::Arc<Cells>,
    /// The first node of each option in `nd`.
    first: Vec<i32>,
    selected: Vec<OptionId>,
    selected_nodes: Vec<Node>,
    /// The search has run.
    started: bool,
    /// The chosen nodes of a solution, as the problem's nodes.
    chosen: Vec<Node>,
}

impl<'p> CellsSearch<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        let cells = Cells::new(problem);
        let mut first = Vec::with_capacity(problem.num_options());
        let mut q = 1;
        for o in 0..problem.num_options() {
            first.push(q);
            q += problem.option_items(OptionId(o as u32)).len() as i32 + 1;
        }
        CellsSearch {
            problem,
            built: std::sync::Arc::new(cells.clone()),
            cells,
            first,
            selected: Vec::new(),
            selected_nodes: Vec::new(),
            started: false,
            chosen: Vec::new(),
        }
    }

    /// The problem's node for node `q` of `nd`.
    fn node(&self, q: i32) -> Node {
        node_of(self.problem, &self.cells.opt, q)
    }

    fn move_of(&self, q: i32) -> Move {
        Move::Option(OptionId(self.cells.opt[q as usize]))
    }

    /// Makes `option` at the next level, as a forced move or a branch would (its updates: of
    /// the item, of the rest), leaving the state dead if it fails.
    fn make(&mut self, best: i32, q: i32) -> (u64, u64) {
        let c = &mut self.cells;
        let item_updates = c.take_item(best);
        c.saved[c.level + 1] = c.save.len();
        let cur_choice = c.nd[q as usize].loc;
        c.last[c.level] = cur_choice + 1;
        let mut rest = 0;
        if !c.try_choice::<true>(cur_choice, &mut rest) {
            c.dead = true;
        }
        c.level += 1;
        c.floor = c.level;
        c.force.clear();
        (item_updates, rest)
    }
}

/// The problem's node for node `q` of a [`Cells`] `nd`: the problem numbers its headers first
/// and has no spacers.
fn node_of(problem: &Problem, opt: &[u32], q: i32) -> Node {
    let opt = opt[q as usize];
    Node((q as u32) + problem.num_items() as u32 - opt)
}

impl<'p> Algorithm<'p> for CellsSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        self.started = true;
        if self.cells.label == Label::Done {
            return None;
        }
        let checks = Checks::new(&ctl, ctl.stats.solutions);
        if checks.at_solution_limit() {
            return Some(StopReason::SolutionLimit);
        }
        if self.cells.dead && self.cells.label == Label::Forward {
            // No node to count (as `ssxcc` counts none when an item has no option), but a
            // cancelled or late search is stopped before it does anything.
            if let Some(r) = ctl.limits.check_async() {
                return Some(r);
            }
        }
        let problem = self.problem;
        let selected = &self.selected;
        let chosen = &mut self.chosen;
        let stats = ctl.stats;
        let stopped = self.cells.run(
            &mut stats.nodes,
            &mut stats.updates,
            &mut stats.profile,
            |n| checks.node(n),
            |c| {
                chosen.clear();
                chosen.extend(
                    c.choice[c.floor..c.level]
                        .iter()
                        .map(|&q| node_of(problem, &c.opt, q)),
                );
                checks.solution(visit, selected, chosen)
            },
        );
        checks.finish(stopped, stats, ctl.paused)
    }

    fn is_fresh(&self) -> bool {
        !self.started
    }

    fn is_exhausted(&self) -> bool {
        self.cells.label == Label::Done
    }

    /// Puts `option` in every solution before the search: its items leave the active list and
    /// the options that clash with it leave the sets, counted in no statistic. A primary item
    /// left with no option makes the search a dead end.
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        if option.index() >= self.problem.num_options() {
            return Err(SelectError::UnknownOption { option });
        }
        if self.cells.floor > 0 {
            return Err(SelectError::SearchStarted);
        }
        let c = &self.cells;
        let first = self.first[option.index()];
        let mut q = first;
        let mut alive = true;
        let mut best = None;
        while c.nd[q as usize].itm >= 0 {
            let x = c.nd[q as usize].itm;
            let active = c.pos(x) < c.active;
            if x < c.second {
                best.get_or_insert(q);
                alive &= active;
            }
            alive &= !active || c.in_set(q);
            q += 1;
        }
        if !alive {
            let problem = self.problem;
            let entries: Vec<_> = problem.option_entries(option).collect();
            let clash = self.selected.iter().find_map(|&o| {
                problem.option_entries(o).find_map(|(j, d)| {
                    entries
                        .iter()
                        .find(|&&(i, c)| i == j && (c.is_none() || d.is_none() || c != d))
                        .map(|&(i, _)| (o, i))
                })
            });
            let (with, item) = clash.expect("only a selected option excludes an option");
            return Err(SelectError::Conflict { option, item, with });
        }
        let q = best.expect("every option has a primary item");
        let c = &mut self.cells;
        let x = c.nd[q as usize].itm;
        c.take_item(x);
        let mut ignored = 0;
        c.try_choice::<false>(c.nd[q as usize].loc, &mut ignored);
        c.saved[0] = c.save.len();
        self.selected.push(option);
        self.selected_nodes.push(self.node(q));
        Ok(())
    }

    fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    fn selected_nodes(&self) -> &[Node] {
        &self.selected_nodes
    }

    fn branches(&self) -> Option<Vec<Move>> {
        let c = &self.cells;
        match c.peek() {
            Pick::Dead => Some(Vec::new()),
            Pick::Solution => None,
            Pick::Forced(b) => Some(vec![self.move_of(c.set[b as usize])]),
            Pick::Branch(b) => Some(
                (b..b + c.size(b))
                    .map(|r| self.move_of(c.set[r as usize]))
                    .collect(),
            ),
        }
    }

    /// Makes `mv` as the next level would: an option of the item with the fewest options, or,
    /// where a primary item has one option left, that option of any such item (a job replayed
    /// from the root may meet its forced moves in another order than the search that gave it).
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        debug_assert!(!rest, "no level is given away as a rest");
        let c = &self.cells;
        let problem = self.problem;
        let pick = c.peek();
        let chosen_item = match pick {
            Pick::Solution => return Err(ReplayError::Solved),
            Pick::Forced(b) | Pick::Branch(b) => b,
            Pick::Dead => {
                // The item with no option.
                let x = c.item[..c.active]
                    .iter()
                    .copied()
                    .find(|&x| x < c.second && c.size(x) == 0)
                    .unwrap_or(c.item[0]);
                return Err(ReplayError::NotAChoice(self.item_id(x)));
            }
        };
        let not_a_choice = || ReplayError::NotAChoice(self.item_id(chosen_item));
        let Move::Option(option) = mv else {
            return Err(not_a_choice());
        };
        if option.index() >= problem.num_options() {
            return Err(not_a_choice());
        }
        let first = self.first[option.index()];
        let found = match pick {
            Pick::Forced(_) => {
                // Any primary item of the option with one option left, that one.
                let mut q = first;
                let mut found = None;
                while c.nd[q as usize].itm >= 0 {
                    let x = c.nd[q as usize].itm;
                    if x < c.second
                        && c.pos(x) < c.active
                        && c.size(x) == 1
                        && c.set[x as usize] == q
                    {
                        found = Some((x, q));
                        break;
                    }
                    q += 1;
                }
                found
            }
            _ => c
                .node_in(first, chosen_item)
                .filter(|&q| c.in_set(q))
                .map(|q| (chosen_item, q)),
        };
        let (best, q) = found.ok_or_else(not_a_choice)?;
        let (item_updates, rest_updates) = self.make(best, q);
        self.selected.push(option);
        self.selected_nodes.push(self.node(q));
        Ok(Replayed {
            item_updates,
            rest_updates,
            cleansings: 0,
            level: None,
        })
    }

    /// Gives away the untried options of the shallowest level that has some, each as a job;
    /// that level then ends after its current option.
    fn donate(&mut self, job: &Job) -> Vec<Job> {
        let c = &self.cells;
        let Some(l) = (c.floor..c.level).find(|&l| c.nd[c.choice[l] as usize].loc + 1 < c.last[l])
        else {
            return Vec::new();
        };
        let mut head = job.prefix.clone();
        head.extend(c.choice[c.floor..l].iter().map(|&q| self.move_of(q)));
        let cur = c.nd[c.choice[l] as usize].loc;
        let given = (cur + 1..c.last[l])
            .map(|r| {
                let mut prefix = head.clone();
                prefix.push(self.move_of(c.set[r as usize]));
                Job::new(prefix, 0)
            })
            .collect();
        self.cells.last[l] = cur + 1;
        given
    }

    fn levels_from_root(&self) -> bool {
        true
    }

    fn keeps_branch_depth(&self) -> bool {
        false
    }

    fn track_depth(&mut self, _: bool) {}

    fn reset(&mut self, _: u64) {
        self.cells.clone_from(&self.built);
        self.selected.clear();
        self.selected_nodes.clear();
        self.started = false;
    }
}

impl CellsSearch<'_> {
    /// The public name of the item at `x` in `set`.
    fn item_id(&self, x: i32) -> crate::problem::ItemId {
        let internal = self.built.pos(x) + 1;
        item_id(self.problem, crate::arena::Item(internal as u32))
    }
}
