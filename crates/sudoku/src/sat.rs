//! [`Strategy::Sat`](crate::Strategy::Sat): a puzzle as clauses for a CDCL SAT solver: CaDiCaL
//! 1.9.5 (C++, the `cadical` feature) or `splr` (pure Rust), [`crate::SAT_SOLVER`].
//!
//! The puzzle's exact cover, reduced by what the propagating search deduces at its root (the
//! givens, singles, locked candidates, probes): every option that meets an item a placed digit
//! covers is gone, and so is every candidate taken away; each option left is a variable. Each
//! open item is covered exactly once: one clause of its options (at least one) and one clause
//! per pair of them (at most one). A solution found is blocked by a clause (not all of its
//! options again), and the solver runs again (CaDiCaL incrementally, keeping what it learnt;
//! `splr` from the start): unsatisfiable is a proof that no other solution exists. Clause
//! learning is what the propagating search lacks: on the sparsest published 25x25 puzzles it
//! proves in a fraction of a second what that search does not finish in minutes
//! (`docs/benchmarks.md`).

use dlx::{Limits, OptionId, Problem, StopReason};

/// What [`search`] found: solutions (all of them kept up to `keep`), whether a limit stopped
/// it, decisions and propagations summed over the solver's runs.
pub(crate) struct SatFound {
    pub(crate) grids: Vec<Vec<u8>>,
    pub(crate) count: u64,
    pub(crate) stopped: Option<StopReason>,
    pub(crate) decisions: u64,
    pub(crate) propagations: u64,
}

impl SatFound {
    /// No solution but the `known` ones.
    pub(crate) fn none(known: Known<'_>) -> SatFound {
        SatFound {
            grids: Vec::new(),
            count: known.count(),
            stopped: None,
            decisions: 0,
            propagations: 0,
        }
    }

    /// Counts a solution found, kept if fewer than `keep` are.
    fn add(&mut self, solution: Vec<u8>, keep: usize) {
        self.count += 1;
        if self.grids.len() < keep {
            self.grids.push(solution);
        }
    }
}

/// The solutions of a puzzle found already, which [`search`] counts and does not find again.
#[derive(Clone, Copy)]
pub(crate) enum Known<'a> {
    /// Full grids (as cells), each blocked by a clause: not all of its open cells' digits
    /// again.
    Solutions(&'a [Vec<u8>]),
    /// One full grid, `solution`, and `cells` in one of which any other solution differs from
    /// it: the clues just taken away from a puzzle whose one solution it was (a generator's
    /// question). Blocked by the clause of those cells alone, which is shorter and stronger:
    /// with one cell, a unit clause that takes a variable away.
    Apart {
        solution: &'a [u8],
        cells: &'a [usize],
    },
}

impl Known<'_> {
    /// How many solutions are known.
    fn count(self) -> u64 {
        match self {
            Known::Solutions(solutions) => solutions.len() as u64,
            Known::Apart { .. } => 1,
        }
    }
}

/// Searches the puzzle `cells` (of a `n`x`n` grid, 0 for an open cell, its digits
/// compatible), whose open cells may hold only their digits of `possible` (bit `d - 1` for
/// digit `d`), for solutions other than those `known`, up to `limits.max_solutions()`
/// solutions in all (counting the known ones), keeping up to `keep` new ones. `None` when the
/// solver failed for a reason of its own (neither an answer nor a limit): the caller searches
/// another way.
///
/// CaDiCaL stops at the node limit (its conflicts, summed over its runs) and whenever the
/// deadline passes or the cancel flag is set (it asks while it runs). `splr` has no bound on
/// its conflicts: a deadline bounds each of its runs to the second above the time left (it
/// counts whole seconds), the cancel flag is read between runs, and the node limit does not
/// apply.
pub(crate) fn search(
    problem: &Problem,
    n: usize,
    cells: &[u8],
    possible: &[u64],
    known: Known<'_>,
    keep: usize,
    limits: &Limits,
) -> Option<SatFound> {
    let limit = limits.max_solutions().unwrap_or(u64::MAX);
    let option_of = |cell: usize, digit: u8| (cell * n + digit as usize - 1) as u32;
    let mut found = SatFound::none(known);
    // Items the givens cover, then a variable (from 1) for every option left.
    let mut covered = vec![false; problem.num_items()];
    for (cell, &d) in cells.iter().enumerate() {
        if d != 0 {
            for item in problem.option_items(OptionId::new(option_of(cell, d))) {
                covered[item.index()] = true;
            }
        }
    }
    // Each option's literal: its variable, or with CaDiCaL for a generator's question
    // (`Known::Apart`) the variable negated where the known solution leaves the option out. That
    // solution is then every variable true, which is CaDiCaL's first phase (its `phase`
    // option): its search starts there, and finds a second solution apart in a few cells
    // sooner (`docs/benchmarks.md`, "A minimal 36x36"). `splr` keeps the variables as they
    // are: the same start made its search slower.
    let apart_from = match known {
        Known::Apart { solution, .. } if cfg!(feature = "cadical") => Some(solution),
        _ => None,
    };
    let mut lit_of = vec![0i32; problem.num_options()];
    let mut option_of_var = vec![0u32];
    let mut of_item: Vec<Vec<i32>> = vec![Vec::new(); problem.num_items()];
    for o in 0..problem.num_options() as u32 {
        let option = OptionId::new(o);
        let (cell, digit) = (o as usize / n, o as usize % n);
        if cells[cell] != 0
            || possible[cell] & (1 << digit) == 0
            || problem.option_items(option).any(|i| covered[i.index()])
        {
            continue;
        }
        let var = option_of_var.len() as i32;
        option_of_var.push(o);
        let left_out = apart_from.is_some_and(|s| s[cell] as usize != digit + 1);
        let lit = if left_out { -var } else { var };
        lit_of[o as usize] = lit;
        for item in problem.option_items(option) {
            of_item[item.index()].push(lit);
        }
    }
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for item in problem.items() {
        if covered[item.index()] {
            continue;
        }
        let options = std::mem::take(&mut of_item[item.index()]);
        if problem.is_primary(item) && options.is_empty() {
            // An open item no option can cover: no solution (the solver refuses empty clauses).
            return Some(found);
        }
        for (k, &x) in options.iter().enumerate() {
            for &y in &options[k + 1..] {
                clauses.push(vec![-x, -y]);
            }
        }
        if problem.is_primary(item) {
            clauses.push(options);
        }
    }
    let formula = Formula {
        n,
        cells,
        lit_of: &lit_of,
        option_of_var: &option_of_var,
    };
    match known {
        // A solution using an option the formula left out cannot be found again anyway.
        Known::Solutions(solutions) => {
            clauses.extend(
                solutions
                    .iter()
                    .filter_map(|solution| formula.block(solution)),
            );
        }
        Known::Apart { solution, cells } => match formula.apart(solution, cells) {
            Some(clause) if clause.is_empty() => return Some(found),
            Some(clause) => clauses.push(clause),
            None => {}
        },
    }
    if option_of_var.len() == 1 {
        // Nothing open: the givens are the one solution, unless it is known already.
        if known.count() == 0 && limit > 0 {
            found.count = 1;
            if keep > 0 {
                found.grids.push(cells.to_vec());
            }
        }
        return Some(found);
    }
    #[cfg(feature = "cadical")]
    let question = apart_from.is_some();
    #[cfg(feature = "cadical")]
    return cadical(&formula, clauses, found, limit, keep, limits, question);
    #[cfg(not(feature = "cadical"))]
    return splr(&formula, clauses, found, limit, keep, limits);
}

/// The formula's variables, to read a solution off a model and block it.
struct Formula<'a> {
    n: usize,
    cells: &'a [u8],
    /// Each option's literal (0 for an option left out): its variable, or the variable negated.
    lit_of: &'a [i32],
    option_of_var: &'a [u32],
}

impl Formula<'_> {
    /// The grid whose options are the literals `is_true` holds; `None` if a cell is left open
    /// (not a solution: the solver's fault, not the puzzle's).
    fn solution(&self, is_true: impl Fn(i32) -> bool) -> Option<Vec<u8>> {
        let mut solution = self.cells.to_vec();
        for &option in self.option_of_var.iter().skip(1) {
            let option = option as usize;
            if is_true(self.lit_of[option]) {
                solution[option / self.n] = (option % self.n) as u8 + 1;
            }
        }
        (!solution.contains(&0)).then_some(solution)
    }

    /// The clause that blocks `solution`: not all of its open cells' options again; `None`
    /// if one of them is not a variable.
    fn block(&self, solution: &[u8]) -> Option<Vec<i32>> {
        let lit = |cell: usize| self.lit_of[cell * self.n + solution[cell] as usize - 1];
        let open = (0..self.cells.len()).filter(|&c| self.cells[c] == 0);
        let clause: Vec<i32> = open.map(|c| -lit(c)).collect();
        (!clause.contains(&0)).then_some(clause)
    }

    /// The clause that a solution differs from `solution` in one of `cells`: empty when
    /// none can (each of them holds its digit of `solution`), `None` when every solution
    /// does already (one of them cannot hold that digit, or holds another).
    fn apart(&self, solution: &[u8], cells: &[usize]) -> Option<Vec<i32>> {
        let mut clause = Vec::with_capacity(cells.len());
        for &c in cells {
            let d = solution[c];
            if self.cells[c] != 0 {
                if self.cells[c] != d {
                    return None;
                }
                continue;
            }
            match self.lit_of[c * self.n + d as usize - 1] {
                0 => return None,
                lit => clause.push(-lit),
            }
        }
        Some(clause)
    }
}

/// The loop on CaDiCaL (C++, the `cadical` feature): one incremental solver, each solution
/// blocked by a clause added to it and the solver run again; the limits' deadline, clock and
/// cancel flag read whenever the solver asks whether to stop, the node limit its limit on
/// conflicts. Its nodes are the clauses it learns (one per conflict), counted through its
/// learner; it counts no propagations.
///
/// A generator's `question` (`Known::Apart`) runs CaDiCaL's `sat` configuration (the stable
/// mode alone, which keeps to the phases it saves, starting from the known solution; less
/// effort on elimination and subsumption): on the expensive questions of a 36x36's sparse
/// clues it was faster both where a second solution exists and where it proves none
/// (`docs/benchmarks.md`, "A minimal 36x36"). A whole puzzle's proof keeps the default:
/// `sat` was slower on the sparsest published 36x36 (`minimal6`, 114.5 s against 89.4 s).
#[cfg(feature = "cadical")]
fn cadical(
    formula: &Formula<'_>,
    clauses: Vec<Vec<i32>>,
    mut found: SatFound,
    limit: u64,
    keep: usize,
    limits: &Limits,
    question: bool,
) -> Option<SatFound> {
    /// What the solver asks while it runs: whether to stop (and why), and each clause learnt.
    struct Watch {
        limits: Limits,
        stopped: Option<StopReason>,
        learned: u64,
    }
    impl cadical::Callbacks for Watch {
        fn terminate(&mut self) -> bool {
            self.stopped = self.limits.check_async();
            self.stopped.is_some()
        }
        fn max_length(&self) -> i32 {
            i32::MAX
        }
        fn learn(&mut self, _clause: &[i32]) {
            self.learned += 1;
        }
    }
    let mut solver: cadical::Solver<Watch> = if question {
        // A configuration CaDiCaL knows by this name: it cannot fail.
        cadical::Solver::with_config("sat").ok()?
    } else {
        cadical::Solver::new()
    };
    for clause in clauses {
        solver.add_clause(clause);
    }
    solver.set_callbacks(Some(Watch {
        limits: limits.clone(),
        stopped: None,
        learned: 0,
    }));
    while found.count < limit {
        if let Some(reason) = limits.check_async() {
            found.stopped = Some(reason);
            return Some(found);
        }
        // The node limit as CaDiCaL's limit on conflicts, which holds for one run: what the
        // runs before it have not spent. Deterministic: the same formula and limit stop at the
        // same point on any machine (a generator's question gives the same answer anywhere).
        let bounded = match limits.max_nodes() {
            Some(max) => {
                let left = max.saturating_sub(found.decisions);
                if left == 0 {
                    found.stopped = Some(StopReason::NodeLimit);
                    return Some(found);
                }
                // A limit CaDiCaL knows by this name, in its range: it cannot fail.
                let left = i32::try_from(left).unwrap_or(i32::MAX);
                solver.set_limit("conflicts", left).ok()?;
                true
            }
            None => false,
        };
        let answer = solver.solve();
        let watch = solver.get_callbacks().expect("set above");
        found.decisions = watch.learned;
        match answer {
            Some(true) => {}
            Some(false) => return Some(found),
            None => {
                // Not stopped by the limits' flag or clock: by the limit on conflicts, or for
                // no reason of ours (the solver's own failure).
                found.stopped = watch.stopped.or(bounded.then_some(StopReason::NodeLimit));
                return found.stopped.is_some().then_some(found);
            }
        }
        // A literal holds when its variable has the literal's sign.
        let solution = formula.solution(|lit| solver.value(lit.abs()) == Some(lit > 0))?;
        solver.add_clause(formula.block(&solution)?);
        found.add(solution, keep);
    }
    found.stopped = Some(StopReason::SolutionLimit);
    Some(found)
}

/// The loop on `splr` (pure Rust, where CaDiCaL is not built): a solver made for each run from
/// the clauses, each solution blocked by one more; a deadline bounds each run to the second
/// above the time left (the solver counts whole seconds), the cancel flag is read between
/// runs.
#[cfg(not(feature = "cadical"))]
fn splr(
    formula: &Formula<'_>,
    mut clauses: Vec<Vec<i32>>,
    mut found: SatFound,
    limit: u64,
    keep: usize,
    limits: &Limits,
) -> Option<SatFound> {
    use splr::assign::property::Tusize;
    use splr::{Certificate, Config, PropertyDereference, SolveIF, Solver, SolverError};
    use std::sync::atomic::Ordering;
    use std::time::Instant;
    while found.count < limit {
        if limits
            .cancel_flag()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            found.stopped = Some(StopReason::Cancelled);
            return Some(found);
        }
        let mut config = Config::default();
        if let Some(deadline) = limits.deadline_at() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                found.stopped = Some(StopReason::Deadline);
                return Some(found);
            }
            config.c_timeout = left.as_secs_f64().ceil();
        }
        let mut solver = match Solver::try_from((config, clauses.as_slice())) {
            Ok(solver) => solver,
            Err(Ok(Certificate::UNSAT)) => return Some(found),
            Err(_) => return None,
        };
        let answer = solver.solve();
        found.decisions += solver.asg.derefer(Tusize::NumDecision) as u64;
        found.propagations += solver.asg.derefer(Tusize::NumPropagation) as u64;
        let model = match answer {
            Ok(Certificate::SAT(model)) => model,
            Ok(Certificate::UNSAT) => return Some(found),
            Err(SolverError::TimeOut) => {
                found.stopped = Some(StopReason::Deadline);
                return Some(found);
            }
            Err(SolverError::OutOfMemory) => {
                found.stopped = Some(StopReason::MemoryLimit);
                return Some(found);
            }
            Err(_) => return None,
        };
        let true_vars: std::collections::HashSet<i32> =
            model.iter().filter(|&&l| l > 0).copied().collect();
        let solution = formula.solution(|lit| true_vars.contains(&lit.abs()) == (lit > 0))?;
        clauses.push(formula.block(&solution)?);
        found.add(solution, keep);
    }
    found.stopped = Some(StopReason::SolutionLimit);
    Some(found)
}
