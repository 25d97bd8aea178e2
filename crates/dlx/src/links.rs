//! The dancing-links engine for problems without bounds on items (`LinksSearch`): Algorithm X
//! with the MRV rule in one explicit-stack loop, Knuth's `dlx1`, and `dlx2` with colors.

use crate::arena::{Colors, Links, Node, Trail, ROOT};
use crate::control::{
    item_id, Algorithm, Control, Move, ReplayError, Replayed, SelectError, StopReason, Visit,
};
use crate::problem::{ColorId, ItemId, OptionId, Problem};

/// What dancing links take and give ([`crate::Engine::Links`]; with bounds on items the loop of
/// [`crate::bounded`], `dlx3`).
pub(crate) const INFO: crate::control::EngineInfo = crate::control::EngineInfo {
    title: "dancing links",
    programs: ["dlx1", "dlx2", "dlx3"],
    names_class_program: false,
    same_figures_on_threads: true,
    takes_selected: true,
    best_and_memo: true,
    job_tag: None,
};

/// Where the search loop resumes: the labels of Knuth's Algorithm X.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resume {
    /// Enter a new level: count a node, choose an item, cover it (X2–X4).
    Forward,
    /// Every primary item is covered: count the solution node and report it.
    Solution,
    /// Undo `choice[level]` and move to the next option of the item (X6).
    Recover,
    /// The tree is exhausted and the links are back in their built state.
    Exhausted,
}

/// Dancing links for problems without bounds on items: Knuth's `dlx1`, and `dlx2` with color
/// controls; its loop is compiled once per class (colors or not, the branch depth kept or not)
/// and for the CPU, and chosen once per run.
#[derive(Debug, Clone)]
pub(crate) struct LinksSearch<'p> {
    problem: &'p Problem,
    pub(crate) links: Links,
    /// `choice[l]` is the node tried at level `l` (the item's header once its options run out).
    choice: Vec<Node>,
    /// `left[l]` is the number of options of level `l`'s item not yet tried, `choice[l]`'s
    /// included: the loop over a column is counted, so its exit waits on no load.
    left: Vec<u32>,
    /// The nodes unlinked and not yet relinked, for uncovering.
    trail: Trail,
    /// The color of each node, changed by purification (empty for a plain problem).
    colors: Colors,
    /// The trail's top when the search began (after the selections): level 0 covers its item
    /// from there.
    root_mark: u32,
    /// `rest_mark[l]` is the trail's top before level `l` covered the rest of its current
    /// option. (Level `l + 1` covers its item from where that cover ended.)
    rest_mark: Vec<u32>,
    level: usize,
    resume: Resume,
    /// Options covered by [`Solver::select`](crate::Solver::select) before the search, in
    /// order (with a parallel job's prefix after them).
    selected: Vec<OptionId>,
    /// The node of each selected option whose item was covered first (undone in reverse).
    selected_nodes: Vec<Node>,
    /// While the branch depth is tracked, `forks[l]` is the number of branch nodes above level
    /// `l` on the current path (`forks[0] = 0`); empty until it first is.
    forks: Vec<u32>,
    /// The updates those selections made (undone by a reset).
    pub(crate) selected_updates: u64,
    /// The cleansings those selections made.
    selected_cleansings: u64,
}

impl<'p> LinksSearch<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        let depth = problem.num_primary();
        LinksSearch {
            problem,
            links: problem.links().clone(),
            choice: vec![Node(0); depth],
            left: vec![0; depth],
            trail: Trail::new(problem.links()),
            colors: Colors::new(problem.node_colors()),
            root_mark: 0,
            rest_mark: vec![0; depth],
            level: 0,
            resume: Resume::Forward,
            selected: Vec::new(),
            selected_nodes: Vec::new(),
            forks: Vec::new(),
            selected_updates: 0,
            selected_cleansings: 0,
        }
    }

    /// Puts the links and colors back in their built state and forgets the selections.
    fn reset_links(&mut self, updates: u64) {
        // Undoing costs about one random access per update made and not yet undone, and the
        // updates so far bound them; copying costs a sequential pass over every node, which
        // wins once the updates are half the nodes (as after a sudoku's givens and search:
        // `docs/benchmarks.md`, "The engine's choices").
        let pending = self.selected_updates + updates;
        if pending.saturating_mul(2) >= self.links.nodes.len() as u64 {
            self.links.restore_from(self.problem.links());
            self.colors.restore_from(self.problem.node_colors());
            self.trail.clear();
        } else {
            self.undo_all();
        }
        debug_assert!(
            self.colors == Colors::new(self.problem.node_colors()),
            "reset left colors changed"
        );
        self.selected.clear();
        self.selected_nodes.clear();
        self.selected_updates = 0;
        self.selected_cleansings = 0;
        self.root_mark = 0;
        debug_assert!(
            self.links == *self.problem.links(),
            "reset left the links changed"
        );
    }

    /// Undoes the covers on the stack, from the top, then the selections, in reverse.
    fn undo_all(&mut self) {
        let links = &mut self.links;
        // SAFETY (this block): every node on the trail was unlinked by the covers of the search
        // and the selections, none relinked yet, so one pass relinks them all, the latest first
        // (I2). Then the items go back in their lists in reverse of the order they were covered:
        // for each level from the top, the rest of its option, then its item; then the
        // selections, each as a level. The nodes on the stack below `full` are option nodes.
        unsafe {
            links.relink_to(&mut self.trail, 0);
            // Levels below `full` have their item and the rest of their option covered.
            let full = match self.resume {
                Resume::Forward => self.level,
                Resume::Solution | Resume::Recover => self.level + 1,
                Resume::Exhausted => 0,
            };
            let selected = self.selected_nodes.iter().rev().copied();
            let colored = !self.colors.is_empty();
            for p in self.choice[..full].iter().rev().copied().chain(selected) {
                if colored {
                    links.restore_rest_colored(p, &mut self.colors);
                } else {
                    links.restore_rest(p);
                }
                links.restore_item(links.item_of(p));
            }
        }
    }

    /// [`Algorithm::run`]: the loop for the problem's class (colors or not), whether the branch
    /// depth is kept, and the CPU, chosen here once per call, never per node.
    fn run_class(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        let depth = ctl.stats.branch_depth.is_some();
        match (self.links.avx2, self.colors.is_empty(), depth) {
            // SAFETY: `avx2` is set only where the CPU was found to support AVX2.
            (true, true, false) => unsafe { self.run_avx2::<false, false>(ctl, visit) },
            (true, false, false) => unsafe { self.run_avx2::<true, false>(ctl, visit) },
            (true, true, true) => unsafe { self.run_avx2::<false, true>(ctl, visit) },
            (true, false, true) => unsafe { self.run_avx2::<true, true>(ctl, visit) },
            (false, true, false) => self.run_with::<false, false>(ctl, visit),
            (false, false, false) => self.run_with::<true, false>(ctl, visit),
            (false, true, true) => self.run_with::<false, true>(ctl, visit),
            (false, false, true) => self.run_with::<true, true>(ctl, visit),
        }
    }

    /// [`LinksSearch::run_with`] compiled for AVX2, so the MRV scan is inlined into the loop.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<COLORED, DEPTH>(ctl, visit)
    }

    /// Stands in for the AVX2 loop where there is no such thing; never called.
    #[cfg(not(target_arch = "x86_64"))]
    unsafe fn run_avx2<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        self.run_with::<COLORED, DEPTH>(ctl, visit)
    }

    /// The loop itself: plain exact cover (`dlx1`), or with color controls (`dlx2`) when
    /// `COLORED`, which changes only what a cover, a cover of an option's other items and their
    /// undoing do. With `DEPTH`, each node also counts the branch nodes on its path
    /// ([`Stats::branch_depth`](crate::Stats::branch_depth)).
    #[inline(always)]
    fn run_with<const COLORED: bool, const DEPTH: bool>(
        &mut self,
        ctl: Control<'_>,
        visit: &mut Visit<'_>,
    ) -> Option<StopReason> {
        let links = &mut self.links;
        let selected = &self.selected;
        let choice = &mut self.choice;
        let left = &mut self.left;
        let trail = &mut self.trail;
        let colors = &mut self.colors;
        let root_mark = self.root_mark;
        let rest_mark = &mut self.rest_mark;
        let Control {
            limits,
            stats,
            signal,
            no_pause_at,
            check_mask,
            paused,
        } = ctl;
        let profile = &mut stats.profile;
        let forks = &mut self.forks;
        let mut branch_depth = stats.branch_depth.unwrap_or(0);
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        let async_checks = limits.watches() || signal.is_some();
        let mut nodes = stats.nodes;
        let mut updates = stats.updates;
        let mut cleansings = stats.cleansings;
        let mut solutions = stats.solutions;
        let mut level = self.level;
        let entry = self.resume;
        if solutions >= max_solutions && entry != Resume::Exhausted {
            return Some(StopReason::SolutionLimit);
        }

        // The entry of a per-level vector at `$l`, without a bounds check in release builds.
        // SAFETY (every use): `choice` and `left` have `num_primary` entries and `profile` one
        // more (as `forks` has when `DEPTH`); a level covers at least one primary item, so the search never stands deeper than
        // `num_primary - 1` with an item chosen, and counts solutions at most one level deeper.
        macro_rules! at {
            ($v:expr, $l:expr) => {{
                let l = $l;
                debug_assert!(l < $v.len(), "level {l} out of range");
                unsafe { $v.get_unchecked_mut(l) }
            }};
        }
        // Leaves the loop, saving where to resume.
        macro_rules! stop {
            ($search:lifetime, $resume:expr, $reason:expr) => {{
                self.resume = $resume;
                break $search $reason;
            }};
        }
        // X6: undo the option tried at this level and move to the next option of its item.
        // SAFETY: `choice[level]`'s option was the last thing covered and not yet undone.
        macro_rules! recover {
            () => {{
                let cur = *at!(choice, level);
                let mark = *at!(rest_mark, level);
                // Read before the relink loop, whose exit the predictor often misses: `cur` is
                // in a covered column, so its links do not change (I3).
                let next = links.down(cur);
                unsafe {
                    if COLORED {
                        links.relink_to(trail, mark);
                        links.restore_rest_colored(cur, colors);
                    } else {
                        links.uncover_rest(cur, trail, mark);
                    }
                }
                *at!(choice, level) = next;
                *at!(left, level) -= 1;
            }};
        }
        // Every primary item is covered: count the solution node and report it. Leaves the
        // loop if a limit or the visitor says so; otherwise the caller recovers.
        macro_rules! solution {
            ($search:lifetime) => {{
                if nodes >= max_nodes {
                    stop!($search, Resume::Solution, Some(StopReason::NodeLimit));
                }
                nodes += 1;
                *at!(profile, level + 1) += 1;
                solutions += 1;
                if visit(selected, &choice[..=level]).is_break() {
                    stop!($search, Resume::Recover, Some(StopReason::Visitor));
                }
                if solutions >= max_solutions {
                    stop!($search, Resume::Recover, Some(StopReason::SolutionLimit));
                }
            }};
        }

        let stopped = 'search: {
            // Finish the interrupted step; `enter_level` says whether to start at X2 or to go on
            // with the current level's options.
            let mut enter_level = match entry {
                Resume::Exhausted => break 'search None,
                Resume::Forward if level == 0 && links.first_primary() == ROOT => {
                    // Selected options cover every primary item: the empty choice is the one
                    // solution, a single node at the root. (Only possible before the search.)
                    if nodes >= max_nodes {
                        stop!('search, Resume::Forward, Some(StopReason::NodeLimit));
                    }
                    nodes += 1;
                    profile[0] += 1;
                    solutions += 1;
                    let flow = visit(selected, &[]);
                    let reason = flow.is_break().then_some(StopReason::Visitor);
                    stop!('search, Resume::Exhausted, reason);
                }
                Resume::Forward => true,
                Resume::Recover => {
                    recover!();
                    false
                }
                Resume::Solution => {
                    solution!('search);
                    recover!();
                    false
                }
            };
            loop {
                if enter_level {
                    // X2-X4: count the node, choose an item, cover it, start on its options.
                    if nodes >= max_nodes {
                        stop!('search, Resume::Forward, Some(StopReason::NodeLimit));
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
                    *at!(profile, level) += 1;
                    let (best, len) = links.choose_mrv();
                    if len == 0 {
                        // A dead end: dlx1 covers the empty item (one update) and uncovers it
                        // at once. Count it so, without touching the links, and back up.
                        updates += 1;
                        if level == 0 {
                            stop!('search, Resume::Exhausted, None);
                        }
                        level -= 1;
                        recover!();
                        enter_level = false;
                        continue;
                    }
                    if DEPTH {
                        let f = *at!(forks, level) + u32::from(len > 1);
                        *at!(forks, level + 1) = f;
                        branch_depth = branch_depth.max(f);
                    }
                    // SAFETY: a primary item is active here (otherwise the last level would
                    // have been a solution), so `best` is an item.
                    updates += unsafe {
                        if COLORED {
                            links.cover_colored(best, trail, &mut colors.of)
                        } else {
                            links.cover(best, trail)
                        }
                    };
                    *at!(rest_mark, level) = trail.top();
                    *at!(choice, level) = links.down(best.header());
                    *at!(left, level) = len;
                }
                // X5, X7, X8: try the current option of this level's item, or back up.
                loop {
                    let cur = *at!(choice, level);
                    if *at!(left, level) == 0 {
                        // `cur` is the header, whose item is the item itself (or, after
                        // the options below were given to another thread, the first of them,
                        // whose item is the same).
                        let best = links.item_of(cur);
                        if level == 0 {
                            // SAFETY: `best` was covered at this level from `root_mark`, and
                            // everything covered since has been undone.
                            unsafe { links.uncover(best, trail, root_mark) };
                            stop!('search, Resume::Exhausted, None);
                        }
                        // X6 at the level above, with this level's uncover: the nodes this
                        // level's item unlinked lie on the trail right above those the option
                        // tried there unlinked, so one loop relinks both. Then the items go
                        // back in their lists, the latest covered first.
                        level -= 1;
                        let cur = *at!(choice, level);
                        let mark = *at!(rest_mark, level);
                        let next = links.down(cur);
                        // SAFETY: `best` and then the rest of `cur`'s option were the last
                        // covers not yet undone, and `mark` is where the latter began.
                        unsafe {
                            links.relink_to(trail, mark);
                            links.restore_item(best);
                            if COLORED {
                                links.restore_rest_colored(cur, colors);
                            } else {
                                links.restore_rest(cur);
                            }
                        }
                        *at!(choice, level) = next;
                        *at!(left, level) -= 1;
                        continue;
                    }
                    // SAFETY: `cur` is a node of `best`'s column other than its header.
                    if COLORED {
                        let (u, c) = unsafe { links.cover_rest_colored(cur, trail, colors) };
                        updates += u;
                        cleansings += c;
                    } else {
                        updates += unsafe { links.cover_rest(cur, trail) };
                    }
                    if links.first_primary() != ROOT {
                        level += 1;
                        enter_level = true;
                        break;
                    }
                    solution!('search);
                    recover!();
                }
            }
        };
        stats.nodes = nodes;
        stats.updates = updates;
        stats.cleansings = cleansings;
        stats.solutions = solutions;
        if DEPTH {
            stats.branch_depth = Some(branch_depth);
        }
        self.level = level;
        stopped
    }
}

impl<'p> Algorithm<'p> for LinksSearch<'p> {
    fn run(&mut self, ctl: Control<'_>, visit: &mut Visit<'_>) -> Option<StopReason> {
        self.run_class(ctl, visit)
    }

    fn is_fresh(&self) -> bool {
        self.resume == Resume::Forward && self.level == 0
    }

    fn is_exhausted(&self) -> bool {
        self.resume == Resume::Exhausted
    }

    /// Puts `option` in every solution: covers its items before the search begins, as the
    /// givens of a puzzle are applied. The covers count in no statistic, and
    /// [`Solver::reset`](crate::Solver::reset) undoes them. Fails, changing nothing, if the search has begun or if an item of the option
    /// is already covered by a selected option (two clashing givens).
    fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        let Some(first) = self.problem.first_node(option) else {
            return Err(SelectError::UnknownOption { option });
        };
        let colored = self.problem.has_colors();
        for (k, (item, color)) in self.problem.option_entries(option).enumerate() {
            // An uncolored item must be active; with colors, every node must also still be in
            // its column (a purification hides the options of another color).
            let node = crate::arena::Node(first.0 + k as u32);
            let free = if color.is_none() {
                self.links.is_active(self.problem.internal_item(item))
            } else {
                true
            };
            let linked = !colored || self.links.is_linked(node);
            if !(free && linked) {
                return Err(conflict(self.problem, &self.selected, option, item, color));
            }
        }
        // SAFETY: `first` is an option node and its items are all active (with colors: every
        // node in its column): covering its item and then the rest of its option is what a
        // search level does.
        let first = self.problem.select_node(option).expect("the option exists");
        unsafe {
            let item = self.links.item_of(first);
            if colored {
                let colors = &mut self.colors;
                self.selected_updates +=
                    self.links
                        .cover_colored(item, &mut self.trail, &mut colors.of);
                let (u, c) = self
                    .links
                    .cover_rest_colored(first, &mut self.trail, colors);
                self.selected_updates += u;
                self.selected_cleansings += c;
            } else {
                self.selected_updates += self.links.cover(item, &mut self.trail);
                self.selected_updates += self.links.cover_rest(first, &mut self.trail);
            }
        }
        self.root_mark = self.trail.top();
        self.selected.push(option);
        self.selected_nodes.push(first);
        Ok(())
    }

    fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    fn selected_nodes(&self) -> &[Node] {
        &self.selected_nodes
    }

    /// Where the search stands before its first level (after the selections and replays):
    /// `None` when every primary item is covered (a solution), else the options of the item
    /// the MRV rule chooses there, in the order the search tries them (none: a dead end).
    fn branches(&self) -> Option<Vec<Move>> {
        if self.links.first_primary() == ROOT {
            return None;
        }
        let (best, len) = self.links.choose_mrv();
        let mut p = best.header();
        let mut out = Vec::with_capacity(len as usize);
        for _ in 0..len {
            p = self.links.down(p);
            out.push(Move::Option(self.problem.option_of_node(p)));
        }
        Some(out)
    }

    /// Covers `option` as the search would choose it at the next level, before the search
    /// begins: the item the MRV rule chooses now must be one of the option's, and the option
    /// must still be in its column. Like a selection it counts in no statistic; it says what a
    /// level of the search would have counted, for a parallel job to count what is its own.
    fn replay(&mut self, mv: Move, rest: bool) -> Result<Replayed, ReplayError> {
        debug_assert!(self.level == 0 && !rest, "no level is given away as a rest");
        if self.links.first_primary() == ROOT {
            return Err(ReplayError::Solved);
        }
        let (best, _) = self.links.choose_mrv();
        let not_a_choice = || ReplayError::NotAChoice(item_id(self.problem, best));
        let Move::Option(option) = mv else {
            return Err(not_a_choice());
        };
        let first = self.problem.first_node(option).ok_or_else(not_a_choice)?;
        let k = self
            .problem
            .option_entries(option)
            .position(|(i, _)| self.problem.internal_item(i) == best);
        let Some(k) = k else {
            return Err(ReplayError::NotAChoice(item_id(self.problem, best)));
        };
        let node = Node(first.0 + k as u32);
        if !self.links.is_linked(node) {
            return Err(ReplayError::NotAChoice(item_id(self.problem, best)));
        }
        let mut step = Replayed::default();
        // SAFETY: `best` is an active primary item and `node` an option node in its column, as
        // at a level of the search.
        unsafe {
            if self.colors.is_empty() {
                step.item_updates = self.links.cover(best, &mut self.trail);
                step.rest_updates = self.links.cover_rest(node, &mut self.trail);
            } else {
                let colors = &mut self.colors;
                step.item_updates = self
                    .links
                    .cover_colored(best, &mut self.trail, &mut colors.of);
                let (u, c) = self.links.cover_rest_colored(node, &mut self.trail, colors);
                step.rest_updates = u;
                step.cleansings = c;
            }
        }
        self.selected_updates += step.item_updates + step.rest_updates;
        self.selected_cleansings += step.cleansings;
        self.root_mark = self.trail.top();
        self.selected.push(option);
        self.selected_nodes.push(node);
        Ok(step)
    }

    /// Gives away the untried options of the shallowest level that has some, each as a job
    /// for another thread; that level then ends after its current option.
    fn donate(&mut self, job: &crate::control::Job) -> Vec<crate::control::Job> {
        debug_assert!(self.resume == Resume::Forward);
        let Some(l) = (0..self.level).find(|&l| self.left[l] > 1) else {
            return Vec::new();
        };
        let mut head = job.prefix.clone();
        head.extend(
            self.choice[..l]
                .iter()
                .map(|&p| Move::Option(self.problem.option_of_node(p))),
        );
        let mut given = Vec::with_capacity(self.left[l] as usize - 1);
        let mut p = self.choice[l];
        for _ in 1..self.left[l] {
            p = self.links.down(p);
            let mut prefix = head.clone();
            prefix.push(Move::Option(self.problem.option_of_node(p)));
            given.push(crate::control::Job::new(prefix, 0));
        }
        self.left[l] = 1;
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

    fn reset(&mut self, updates: u64) {
        self.reset_links(updates);
        self.level = 0;
        self.resume = Resume::Forward;
    }
}

/// Why `option` cannot be selected, its `item` (with `color`) being taken by an option of
/// `selected`: the first selected option that excludes it there (with colors, if none does, the
/// first that excludes it on another item), and the first item of that option the two share.
/// Dancing links and the bitsets name a clash alike.
pub(crate) fn conflict(
    problem: &Problem,
    selected: &[OptionId],
    option: OptionId,
    item: ItemId,
    color: Option<ColorId>,
) -> SelectError {
    let clash = |o: OptionId| {
        problem
            .option_entries(o)
            .any(|(i, c)| i == item && (c.is_none() || c != color))
    };
    // With colors, the clash may lie on another item of the option: name the first selected
    // option that shares an item with it in a way that excludes it.
    let found = selected.iter().copied().find(|&o| clash(o)).or_else(|| {
        selected.iter().copied().find(|&o| {
            problem.option_entries(option).any(|(i, c)| {
                problem
                    .option_entries(o)
                    .any(|(j, d)| i == j && (c.is_none() || d.is_none() || c != d))
            })
        })
    });
    let with = found.expect("only a selected option excludes an option before the search");
    let item = problem
        .option_entries(with)
        .map(|(i, _)| i)
        .find(|&i| problem.option_items(option).any(|j| j == i))
        .unwrap_or(item);
    SelectError::Conflict { option, item, with }
}
