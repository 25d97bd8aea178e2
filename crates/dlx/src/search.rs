//! The search: the [`Solver`] every engine runs under (the ways to consume a search: an
//! iterator, a visitor that can stop it, counting; limits; Knuth's statistics), its
//! [`Outcome`] and its solutions.

use std::ops::ControlFlow;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::arena::Node;
use crate::control::{
    Algorithm, Control, Limits, Move, ReplayError, Replayed, SelectError, Signal, Stats,
    StopReason, Visit, ASYNC_CHECK_MASK,
};
use crate::engine::{AnyAlgorithm, Engine};
use crate::problem::{ColorId, ItemId, OptionId, Problem};

/// How a search ended: its totals so far, and whether it was exhausted or stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// Solutions found.
    pub solutions: u64,
    /// Nodes, as [`Stats::nodes`].
    pub nodes: u64,
    /// Updates, as [`Stats::updates`].
    pub updates: u64,
    /// Cleansings, as [`Stats::cleansings`].
    pub cleansings: u64,
    /// `None` when the whole tree was searched; otherwise what stopped it.
    pub stopped: Option<StopReason>,
}

impl Outcome {
    /// The outcome of a search with the figures of `stats`, stopped by `stopped` (`None`: it
    /// was exhausted), as a merge of jobs run elsewhere makes it.
    pub fn from_stats(stats: &Stats, stopped: Option<StopReason>) -> Outcome {
        Outcome {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
            stopped,
        }
    }

    /// Whether the search was exhausted, so `solutions` is the exact total.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A solution: the chosen options, in the order the search chose them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Solution {
    /// The chosen options (kept inline up to 16, so that most solutions are one allocation
    /// less).
    options: SmallVec<[OptionId; 16]>,
}

impl Solution {
    /// The options, in the order the search chose them (selected ones first).
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The colors the solution gives its secondary items (color controls): each colored item
    /// once, with its color, in the order the options name them. Empty for a problem without
    /// colors.
    ///
    /// ```
    /// let problem = dlx::text::parse("A B | X Y\nA X:red\nB X:red Y\n")?.problem;
    /// let solution = problem.first().unwrap();
    /// let colors: Vec<(&str, &str)> = solution
    ///     .colors(&problem)
    ///     .into_iter()
    ///     .map(|(i, c)| (problem.item_name(i), problem.color_name(c)))
    ///     .collect();
    /// assert_eq!(colors, [("X", "red")]);
    /// # Ok::<(), dlx::text::ParseError>(())
    /// ```
    pub fn colors(&self, problem: &Problem) -> Vec<(ItemId, ColorId)> {
        colors_of(problem, self.options.iter().copied())
    }

    /// The options sorted by id, to compare solutions regardless of choice order.
    pub fn sorted(&self) -> Vec<OptionId> {
        let mut v = self.options.to_vec();
        v.sort_unstable();
        v
    }
}

/// A solution as the visitor sees it, borrowed from the search stack.
#[derive(Clone, Copy)]
pub struct SolutionRef<'a> {
    problem: &'a Problem,
    selected: &'a [OptionId],
    chosen: &'a [Node],
}

impl<'a> SolutionRef<'a> {
    /// A solution of `problem`: the `selected` options, then the options of the `chosen` nodes.
    pub(crate) fn new(problem: &'a Problem, selected: &'a [OptionId], chosen: &'a [Node]) -> Self {
        SolutionRef {
            problem,
            selected,
            chosen,
        }
    }

    /// The options of the solution: those given to [`Solver::select`] first, then those the
    /// search chose, in the order it chose them.
    pub fn options(&self) -> impl Iterator<Item = OptionId> + 'a {
        let problem = self.problem;
        let chosen = self.chosen.iter().map(move |&p| problem.option_of_node(p));
        self.selected.iter().copied().chain(chosen)
    }

    /// The options the search chose (without the selected ones), in the order it chose them.
    pub fn chosen(&self) -> impl ExactSizeIterator<Item = OptionId> + 'a {
        let problem = self.problem;
        self.chosen.iter().map(move |&p| problem.option_of_node(p))
    }

    /// Number of options in the solution, selected ones included.
    pub fn len(&self) -> usize {
        self.selected.len() + self.chosen.len()
    }

    /// Whether the solution has no option (never the case: a problem has a primary item).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The colors the solution gives its secondary items, as [`Solution::colors`].
    pub fn colors(&self) -> Vec<(ItemId, ColorId)> {
        colors_of(self.problem, self.options())
    }

    /// An owned copy.
    pub fn to_solution(&self) -> Solution {
        Solution {
            options: self.options().collect(),
        }
    }
}

/// Each colored item the options give a color, once, with that color.
fn colors_of(problem: &Problem, options: impl Iterator<Item = OptionId>) -> Vec<(ItemId, ColorId)> {
    let mut out: Vec<(ItemId, ColorId)> = Vec::new();
    for option in options {
        for (item, color) in problem.option_entries(option) {
            if let Some(color) = color {
                if !out.iter().any(|&(i, _)| i == item) {
                    out.push((item, color));
                }
            }
        }
    }
    out
}

/// The mutable state of one search over a [`Problem`]: the engine chosen for its class, with
/// its own copy of the links and its stack of choices, the limits and the statistics. Iterate
/// it for solutions, or call [`Solver::search`], [`Solver::count`] and friends;
/// [`Solver::reset`] makes it ready for a new search.
///
/// ```
/// let problem = dlx::text::parse("a b | c\na c\nb\na\nb c\n")?.problem;
/// let mut solver = problem.solver();
/// let solutions: Vec<_> = solver.solutions().collect();
/// assert_eq!(solutions.len(), 3);
/// assert!(solver.outcome().is_complete());
/// # Ok::<(), dlx::text::ParseError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    problem: &'p Problem,
    /// The algorithm, chosen once for the problem ([`crate::engine::choose`]).
    algorithm: AnyAlgorithm<'p>,
    /// The engine it runs for (resolved: never [`Engine::Auto`]).
    engine: Engine,
    limits: Limits,
    stats: Stats,
    stopped: Option<StopReason>,
    /// Set by a parallel search: asks the loop to pause (checked with the deadline, every 4096
    /// nodes) so that its untried options can be given to idle threads.
    signal: Option<Arc<Signal>>,
    /// Whether the last run stopped because `signal` asked it to.
    paused: bool,
    /// The node count at which the loop does not pause again (where it paused last).
    no_pause_at: u64,
    /// The loop looks at the deadline, the cancel flag and the signal when the node count
    /// `& check_mask` is 0 ([`ASYNC_CHECK_MASK`] unless a parallel search asks for another).
    check_mask: u64,
    /// Whether the branch depth is tracked from the next search from the root
    /// ([`Solver::track_branch_depth`]); the current search tracks it when
    /// `stats.branch_depth` is `Some`.
    want_depth: bool,
}

impl<'p> Solver<'p> {
    pub(crate) fn new(problem: &'p Problem) -> Self {
        let engine = Engine::Auto
            .resolve(problem)
            .expect("the default engine takes every problem");
        Self::with_engine(problem, engine)
    }

    /// A solver running `engine` (resolved).
    pub(crate) fn with_engine(problem: &'p Problem, engine: Engine) -> Self {
        let algorithm = crate::engine::choose(problem, engine);
        // Each level covers at least one primary item, so there are at most `num_primary`
        // levels of choices, and solutions are counted one level deeper.
        let depth = problem.num_primary();
        Solver {
            problem,
            algorithm,
            engine,
            limits: Limits::default(),
            stats: Stats {
                profile: vec![0; depth + 1],
                ..Stats::default()
            },
            stopped: None,
            signal: None,
            paused: false,
            no_pause_at: u64::MAX,
            check_mask: ASYNC_CHECK_MASK,
            want_depth: false,
        }
    }

    /// Sets the limits (builder style).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the limits for the rest of the search.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Tracks [`Stats::branch_depth`] (or stops tracking it): at once if the search has not
    /// begun, otherwise from the next [`Solver::reset`]. Off by default; the search loop is
    /// chosen by it, once per run, so a search that does not track it pays nothing. Not
    /// tracked for problems with bounds.
    pub fn track_branch_depth(&mut self, on: bool) {
        self.want_depth = on;
        if self.is_fresh() {
            self.start_depth();
        }
    }

    /// Applies `want_depth`: from here the search starts from the root.
    fn start_depth(&mut self) {
        let track = self.want_depth && self.algorithm.keeps_branch_depth();
        self.stats.branch_depth = track.then_some(0);
        self.algorithm.track_depth(track);
    }

    /// Whether the search has not begun (since the solver was made or last reset).
    fn is_fresh(&self) -> bool {
        self.algorithm.is_fresh() && self.stats.nodes == 0
    }

    /// The problem being searched.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The engine that runs the search (never [`crate::Engine::Auto`]).
    pub fn engine(&self) -> crate::Engine {
        self.engine
    }

    /// Statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The totals so far, and what stopped the search last (if anything did).
    pub fn outcome(&self) -> Outcome {
        // Not exhausted and nothing stopped it: a fresh solver, or an iterator that was not
        // pulled to its end.
        let stopped =
            (!self.algorithm.is_exhausted()).then(|| self.stopped.unwrap_or(StopReason::Visitor));
        Outcome::from_stats(&self.stats, stopped)
    }

    /// Whether the whole tree has been searched.
    pub fn is_exhausted(&self) -> bool {
        self.algorithm.is_exhausted()
    }

    /// Runs (or resumes) the search, calling `visit` on each solution, until the tree is
    /// exhausted, a limit is reached, or `visit` breaks. A stopped search can be resumed by
    /// calling again (after raising the limit that stopped it).
    pub fn search<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(SolutionRef<'_>) -> ControlFlow<()>,
    {
        let problem = self.problem;
        self.stopped = self.run(&mut |selected, chosen| {
            visit(SolutionRef {
                problem,
                selected,
                chosen,
            })
        });
        self.outcome()
    }

    /// Counts the remaining solutions (up to [`Limits::max_solutions`], if set).
    pub fn count(&mut self) -> Outcome {
        self.stopped = self.run(&mut |_, _| ControlFlow::Continue(()));
        self.outcome()
    }

    /// Counts solutions until there are `limit` of them (or the other limits stop it first):
    /// `count_up_to(2)` tells none, unique and multiple apart.
    pub fn count_up_to(&mut self, limit: u64) -> Outcome {
        let old = self.limits.max_solutions;
        self.limits.max_solutions = Some(old.map_or(limit, |m| m.min(limit)));
        let outcome = self.count();
        self.limits.max_solutions = old;
        outcome
    }

    /// The next solution, if any; `None` when the search is exhausted or a limit stopped it
    /// (see [`Solver::outcome`]).
    pub fn next_solution(&mut self) -> Option<Solution> {
        let problem = self.problem;
        let mut found = None;
        let stopped = self.run(&mut |selected, chosen| {
            found = Some(
                SolutionRef {
                    problem,
                    selected,
                    chosen,
                }
                .to_solution(),
            );
            ControlFlow::Break(())
        });
        // Pausing after each solution is how iteration works; `outcome` still says the search
        // is unfinished until the iterator is pulled to its end.
        self.stopped = stopped;
        found
    }

    /// The next solution, if any: [`Solver::next_solution`] on a fresh solver gives the first.
    pub fn first(&mut self) -> Option<Solution> {
        self.next_solution()
    }

    /// A lazy iterator over the remaining solutions. The solver keeps the statistics, so
    /// [`Solver::outcome`] tells afterwards whether the iterator reached the end.
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        Solutions { solver: self }
    }

    /// Puts `option` in every solution: covers its items before the search begins, as the
    /// givens of a puzzle are applied. The covers count in no statistic, and [`Solver::reset`]
    /// undoes them. Fails, changing nothing, if the search has begun or if an item of the option
    /// is already covered by a selected option (two clashing givens).
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        if !self.is_fresh() {
            return Err(SelectError::SearchStarted);
        }
        self.algorithm.select(option)
    }

    /// Makes `mv` as the search would at the next level, before the search begins: like a
    /// selection it counts in no statistic; it says what a level of the search would have
    /// counted, for a parallel job to count what is its own.
    pub(crate) fn replay(&mut self, mv: Move) -> Result<Replayed, ReplayError> {
        debug_assert!(self.is_fresh());
        self.algorithm.replay(mv, false)
    }

    /// For an engine that gives away the rest of a level ([`Algorithm::donate`]): enters the next
    /// level as [`Solver::replay`] does, leaves `mv` as if its subtree had been searched, and
    /// makes the search go on with the moves after it at that level, and end there. Counts
    /// nothing: the moves after it are the search's.
    pub(crate) fn replay_rest(&mut self, mv: Move) -> Result<Replayed, ReplayError> {
        self.algorithm.replay(mv, true).map(|_| Replayed::default())
    }

    /// Where the search stands before its first level (after the selections and replays):
    /// `None` when every primary item is covered (a solution), else the moves the next level
    /// offers, in the order the search tries them (none: a dead end).
    pub(crate) fn branches(&self) -> Option<Vec<Move>> {
        self.algorithm.branches()
    }

    /// The nodes of the selections and replays, in order.
    pub(crate) fn selected_nodes(&self) -> &[Node] {
        self.algorithm.selected_nodes()
    }

    /// While paused: moves not yet tried, given away as jobs for other threads (`job` is the
    /// one this solver runs); the search goes on without them.
    pub(crate) fn donate(&mut self, job: &crate::control::Job) -> Vec<crate::control::Job> {
        self.algorithm.donate(job)
    }

    /// A solver on the dancing links' own loop whatever the problem (a small plain one would
    /// run on bitsets), for tests of the links and of the bitsets against them.
    #[cfg(test)]
    pub(crate) fn on_links(problem: &'p Problem) -> Self {
        let mut s = Self::with_engine(problem, Engine::Links);
        s.algorithm = AnyAlgorithm::Links(crate::links::LinksSearch::new(problem));
        s
    }

    /// A solver on bitsets whatever the problem's density (it must fit them), for tests of the
    /// bitsets against the links.
    #[cfg(test)]
    pub(crate) fn on_bits(problem: &'p Problem) -> Self {
        assert!(crate::bits::fits(problem));
        let mut s = Self::with_engine(problem, Engine::Links);
        s.algorithm = AnyAlgorithm::Bits(crate::bits::BitsSearch::new(problem));
        s
    }

    /// Whether the search runs on bitsets ([`crate::bits`]).
    #[cfg(test)]
    pub(crate) fn runs_on_bits(&self) -> bool {
        matches!(self.algorithm, AnyAlgorithm::Bits(_))
    }

    /// The dancing-links engine, for tests that look at its links.
    #[cfg(test)]
    fn links_engine(&self) -> &crate::links::LinksSearch<'p> {
        match &self.algorithm {
            AnyAlgorithm::Links(e) => e,
            _ => panic!("a problem searched by dancing links"),
        }
    }

    /// Whether the engine counts a job's levels from the root (its prefix included).
    pub(crate) fn levels_from_root(&self) -> bool {
        self.algorithm.levels_from_root()
    }

    /// Sets what a parallel search tells this loop, and how often (a power of two of nodes)
    /// the loop looks at it.
    pub(crate) fn set_signal(&mut self, signal: Option<Arc<Signal>>, every: u64) {
        debug_assert!(every.is_power_of_two());
        self.signal = signal;
        self.check_mask = every - 1;
    }

    /// Whether the last run paused for the signal; clears it, and keeps the loop from pausing
    /// again at the same node.
    pub(crate) fn take_pause(&mut self) -> bool {
        let paused = std::mem::take(&mut self.paused);
        if paused {
            self.no_pause_at = self.stats.nodes;
        }
        paused
    }

    /// The options given to [`Solver::select`], in order (with a parallel job's prefix after
    /// them).
    pub fn selected(&self) -> &[OptionId] {
        self.algorithm.selected()
    }

    /// Puts the links back in their built state, forgets the selected options and clears the
    /// statistics, so the solver can search again. Cheap: it undoes only the covers on the
    /// current stack and the selections, or, when that is more work than copying the links
    /// (as after a sudoku's givens and search), copies the problem's links back.
    pub fn reset(&mut self) {
        self.algorithm.reset(self.stats.updates);
        self.stopped = None;
        self.paused = false;
        self.no_pause_at = u64::MAX;
        self.stats.solutions = 0;
        self.stats.nodes = 0;
        self.stats.updates = 0;
        self.stats.cleansings = 0;
        self.stats.profile.fill(0);
        self.start_depth();
    }

    /// The search loop of the engine, under the limits, the figures and the signal of this
    /// solver. Returns what stopped it, or `None` once exhausted (or paused for the signal).
    pub(crate) fn run(&mut self, visit: &mut Visit<'_>) -> Option<StopReason> {
        let ctl = Control {
            limits: &self.limits,
            stats: &mut self.stats,
            signal: self.signal.as_deref(),
            no_pause_at: self.no_pause_at,
            check_mask: self.check_mask,
            paused: &mut self.paused,
        };
        self.algorithm.run(ctl, visit)
    }
}

/// An iterator over the solutions of a [`Solver`], from [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    /// The next solution; `None` when the search is exhausted or a limit stopped it (see
    /// [`Solver::outcome`]).
    fn next(&mut self) -> Option<Solution> {
        self.solver.next_solution()
    }
}

impl Problem {
    /// A fresh search over this problem, without limits.
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(self)
    }

    /// A fresh search over this problem by the engine `engine` names (see [`crate::Engine`]);
    /// an error if that engine does not take the problem.
    ///
    /// ```
    /// use dlx::Engine;
    ///
    /// let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n")?.problem;
    /// let links = problem.solver().count();
    /// let cells = problem.solver_with(Engine::Cells)?.count();
    /// assert_eq!((links.solutions, cells.solutions), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver_with(&self, engine: crate::Engine) -> Result<Solver<'_>, crate::EngineError> {
        Ok(Solver::with_engine(self, engine.resolve(self)?))
    }

    /// Counts all solutions: the outcome of a whole search, as [`Solver::count`] gives it.
    pub fn count(&self) -> Outcome {
        self.solver().count()
    }

    /// Counts solutions up to `limit`; the outcome says whether the count is complete.
    pub fn count_up_to(&self, limit: u64) -> Outcome {
        self.solver().count_up_to(limit)
    }

    /// The first solution, if there is one.
    pub fn first(&self) -> Option<Solution> {
        self.solver().next_solution()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    use super::*;
    use crate::ProblemBuilder;

    /// Knuth's example from "Dancing Links": one solution, 6 nodes, 30 updates in dlx1.
    fn knuth_example() -> Problem {
        let mut b = ProblemBuilder::new();
        for name in ["A", "B", "C", "D", "E"] {
            b.primary(name).unwrap();
        }
        for name in ["F", "G"] {
            b.secondary(name).unwrap();
        }
        for opt in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
            b.option_by_names(opt.split(' ')).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn knuth_example_matches_dlx1_figures() {
        let p = knuth_example();
        let mut s = p.solver();
        let sols: Vec<_> = s.solutions().collect();
        assert_eq!(sols.len(), 1);
        assert_eq!(
            sols[0].sorted(),
            vec![OptionId(0), OptionId(3), OptionId(4)]
        );
        let st = s.stats();
        assert_eq!((st.nodes, st.updates), (6, 30));
        assert_eq!(st.profile().iter().sum::<u64>(), st.nodes);
        assert!(s.outcome().is_complete());
    }

    #[test]
    fn reset_restores_links_after_any_stop() {
        let p = knuth_example();
        for max_nodes in 0..8 {
            let mut s = Solver::on_links(&p).with_limits(Limits::none().nodes(max_nodes));
            let out = s.count();
            assert!(out.nodes <= max_nodes);
            s.reset();
            assert_eq!(s.links_engine().links, *p.links());
            // The reset solver searches the whole tree again.
            s.set_limits(Limits::none());
            let again = s.count();
            assert_eq!((again.solutions, again.nodes, again.updates), (1, 6, 30));
        }
    }

    /// Every pair of 30 items as an option: 435 options, a perfect matching per solution.
    fn pairs() -> Problem {
        let mut b = ProblemBuilder::new();
        for k in 0..30 {
            b.primary(format!("i{k}")).unwrap();
        }
        for i in 0..30u32 {
            for j in i + 1..30 {
                b.option([ItemId(i), ItemId(j)]).unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn reset_undoes_or_copies_and_both_restore_the_links() {
        let p = pairs();
        let pending = |s: &Solver| s.links_engine().selected_updates + s.stats.updates;
        let mut ways = Vec::new();
        for max_nodes in [0, 1, 2, 5, 50, 5000] {
            let mut s = Solver::on_links(&p).with_limits(Limits::none().nodes(max_nodes));
            s.select(OptionId(0)).unwrap();
            s.select(OptionId(100)).unwrap();
            s.count();
            // Few updates: undone in place; many: the links are copied back.
            ways.push(pending(&s) * 2 < s.links_engine().links.nodes.len() as u64);
            s.reset();
            assert_eq!(s.links_engine().links, *p.links(), "{max_nodes}");
            assert_eq!(pending(&s), 0);
            s.set_limits(Limits::none().nodes(20_000));
            let again = s.count();
            let fresh = p.solver().with_limits(Limits::none().nodes(20_000)).count();
            assert_eq!(
                (again.solutions, again.nodes, again.updates),
                (fresh.solutions, fresh.nodes, fresh.updates)
            );
        }
        // Few updates were undone in place, many copied back: both ways were taken.
        assert!(ways.contains(&true) && ways.contains(&false), "{ways:?}");
    }

    #[test]
    fn node_limit_stops_and_resumes_to_the_same_totals() {
        let p = knuth_example();
        let mut s = p.solver().with_limits(Limits::none().nodes(3));
        let out = s.count();
        assert_eq!(out.stopped, Some(StopReason::NodeLimit));
        assert_eq!(out.nodes, 3);
        s.set_limits(Limits::none());
        let out = s.count();
        assert_eq!((out.solutions, out.nodes, out.updates), (1, 6, 30));
        assert!(out.is_complete());
    }

    #[test]
    fn cancel_flag_stops_at_the_first_check() {
        let p = knuth_example();
        let flag = Arc::new(AtomicBool::new(true));
        let out = p.solver().with_limits(Limits::none().cancel(flag)).count();
        assert_eq!(out.stopped, Some(StopReason::Cancelled));
        assert_eq!(out.nodes, 0);
    }

    #[test]
    fn past_deadline_stops_at_the_first_check() {
        let p = knuth_example();
        let out = p
            .solver()
            .with_limits(Limits::none().deadline(Instant::now()))
            .count();
        assert_eq!(out.stopped, Some(StopReason::Deadline));
    }
}
