//! The SAT strategy (`Strategy::Sat`) against dancing links: the same solutions, counts and
//! verdicts; its limits; and `auto` handing a search it has not finished on to it.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use sudoku::{Grid, Limits, Shape, StopReason, Strategy, Sudoku, Uniqueness, Variant};

fn search(sudoku: &Sudoku, strategy: Strategy, grid: &Grid, limit: u64) -> sudoku::Found {
    sudoku
        .solver()
        .strategy(strategy)
        .search(grid, limit as usize, Limits::none().solutions(limit))
        .unwrap()
}

/// Sorted cells of every grid: the same set, whatever the order of the search.
fn sorted(grids: &[Grid]) -> Vec<Vec<u8>> {
    let mut cells: Vec<Vec<u8>> = grids.iter().map(|g| g.cells().to_vec()).collect();
    cells.sort();
    cells
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Up to 12 solutions, each found once (a blocked solution never comes back), the same
    /// set as dancing links', the same count and the same verdict on whether that is all, on
    /// 4x4, 6x6 and 9x9 grids with few givens, wrong givens and the variants.
    #[test]
    fn solutions_agree_with_dancing_links(
        size in prop::sample::select(vec![4usize, 6, 9]),
        variant in 0..3u8,
        keep in prop::collection::vec(prop::bool::weighted(0.4), 81),
        noise in prop::collection::vec((0..81usize, 0..9u8), 0..2),
    ) {
        let shape = Shape::new(size).unwrap();
        let variant = match variant {
            1 => Variant { diagonals: true, ..Variant::default() },
            2 if size == 4 => Variant { hyper: true, ..Variant::default() },
            _ => Variant::default(),
        };
        let sudoku = Sudoku::new(shape, variant).unwrap();
        let full = sudoku.solve(&Grid::empty(shape)).unwrap().unwrap();
        let n = size * size;
        let mut cells: Vec<u8> = full
            .cells()
            .iter()
            .zip(&keep)
            .map(|(&d, &k)| if k { d } else { 0 })
            .collect();
        for &(k, d) in &noise {
            cells[k % n] = d % size as u8 + 1;
        }
        let puzzle = Grid::from_cells(shape, cells).unwrap();
        if sudoku.check(&puzzle).is_err() {
            return Ok(());
        }
        let limit = 12;
        let dlx = search(&sudoku, Strategy::Dlx, &puzzle, limit);
        let sat = search(&sudoku, Strategy::Sat, &puzzle, limit);
        prop_assert_eq!((sat.count, sat.is_complete()), (dlx.count, dlx.is_complete()));
        for solution in &sat.grids {
            prop_assert!(solution.is_full());
            sudoku.check(solution).unwrap();
            for (cell, d) in puzzle.givens() {
                prop_assert_eq!(solution.get(cell), d);
            }
        }
        let mut once = sorted(&sat.grids);
        once.dedup();
        prop_assert_eq!(once.len(), sat.grids.len());
        if dlx.is_complete() {
            prop_assert_eq!(sorted(&sat.grids), sorted(&dlx.grids));
        }
    }
}

#[test]
fn verdicts_and_the_strategy_that_answered() {
    let classic = Sudoku::classic();
    // Norvig's hardest: one solution, proved by clauses as by dancing links.
    let hard = sudoku::parse_line(
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        None,
    )
    .unwrap();
    let mut sat = classic.solver().strategy(Strategy::Sat);
    let theirs = classic.solver().strategy(Strategy::Dlx).uniqueness(&hard);
    assert_eq!(sat.uniqueness(&hard).unwrap(), theirs.unwrap());
    assert_eq!(sat.ran(), Strategy::Sat);
    assert!(sat.stats().branch_depth.is_none());
    // Several solutions (a given of the hardest taken away): the verdict of dancing links,
    // the first solution kept.
    let several = sudoku::parse_line(
        "8....24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        None,
    )
    .unwrap();
    let dlx = search(&classic, Strategy::Dlx, &several, 2);
    let found = search(&classic, Strategy::Sat, &several, 2);
    assert_eq!(
        (found.count, found.grids.len()),
        (dlx.count, dlx.count as usize)
    );
    assert!(matches!(
        sat.uniqueness(&several).unwrap(),
        Uniqueness::Multiple(_)
    ));
    // The root's deductions leave it open: splr decided (its nodes); CaDiCaL may find both
    // solutions without a conflict, and counts conflicts.
    if !cfg!(feature = "cadical") {
        assert!(sat.stats().nodes > 0);
    }
    // No solution, though no two givens clash: the first row's last cell can only be 9, and
    // its column has a 9.
    let wrong = format!("12345678.........9{}", ".".repeat(63));
    let wrong = sudoku::parse_line(&wrong, None).unwrap();
    assert_eq!(classic.check(&wrong), Ok(()));
    assert_eq!(sat.uniqueness(&wrong).unwrap(), Uniqueness::None);
    let found = search(&classic, Strategy::Sat, &wrong, 2);
    assert_eq!((found.count, found.is_complete()), (0, true));
    // A full grid: its one solution, with no clause to solve.
    let full = classic.solve(&hard).unwrap().unwrap();
    assert_eq!(sat.uniqueness(&full).unwrap(), Uniqueness::Unique(full));
}

#[test]
fn a_passed_deadline_and_a_raised_flag_stop_it() {
    let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let empty = Grid::empty(sudoku.shape());
    let mut solver = sudoku.solver().strategy(Strategy::Sat);
    let past = Limits::none()
        .solutions(3)
        .deadline(Instant::now() - Duration::from_millis(1));
    let found = solver.search(&empty, 1, past).unwrap();
    assert_eq!(found.stopped, Some(StopReason::Deadline));
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Limits::none().solutions(3).cancel(flag);
    let found = solver.search(&empty, 1, cancelled).unwrap();
    assert_eq!(
        (found.count, found.stopped),
        (0, Some(StopReason::Cancelled))
    );
    // Three solutions of an empty grid, each a different full grid.
    let found = solver
        .search(&empty, 3, Limits::none().solutions(3))
        .unwrap();
    assert_eq!(found.stopped, Some(StopReason::SolutionLimit));
    assert_eq!(sorted(&found.grids).len(), 3);
    let mut once = sorted(&found.grids);
    once.dedup();
    assert_eq!(once.len(), 3);
}

/// CaDiCaL asks the limits whether to stop while it runs, not only between runs: a clock that
/// never passes is asked more often than once per run, and one that has passed at the
/// solver's first question stops it with no solution found.
#[cfg(feature = "cadical")]
#[test]
fn cadical_asks_the_limits_while_it_runs() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let sudoku = Sudoku::new(Shape::new(25).unwrap(), Variant::default()).unwrap();
    let empty = Grid::empty(sudoku.shape());
    let mut solver = sudoku.solver().strategy(Strategy::Sat);
    let looks = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&looks);
    let never: dlx::Clock = Arc::new(move || {
        counted.fetch_add(1, Ordering::Relaxed);
        false
    });
    let limits = Limits::none().solutions(3).until(Some(never));
    let found = solver.search(&empty, 3, limits).unwrap();
    assert_eq!(found.count, 3);
    // Three runs, each looked at once before it starts: the rest were the solver's.
    let asked = looks.load(Ordering::Relaxed);
    assert!(asked > 3, "the clock was asked {asked} times");
    // Passed at the second look: the first is before the run, the second the solver's.
    let looks = Arc::new(AtomicU64::new(0));
    let passed: dlx::Clock = Arc::new(move || looks.fetch_add(1, Ordering::Relaxed) >= 1);
    let limits = Limits::none().solutions(3).until(Some(passed));
    let found = solver.search(&empty, 3, limits).unwrap();
    assert_eq!(
        (found.count, found.stopped),
        (0, Some(StopReason::Deadline))
    );
    // Its nodes are the clauses it learns: a proof of a sparse 25x25 learns some.
    let text = crate::data_text("25x25-generated300.txt");
    let puzzle = sudoku::parse_line(text.lines().next().unwrap(), None).unwrap();
    let theirs = sudoku
        .solver()
        .strategy(Strategy::Propagate)
        .uniqueness(&puzzle);
    assert_eq!(solver.uniqueness(&puzzle).unwrap(), theirs.unwrap());
    assert_eq!(solver.ran(), Strategy::Sat);
    assert!(solver.stats().nodes > 0);
}

/// The node limit bounds CaDiCaL's conflicts: a proof it cuts short stops at the limit
/// (`NodeLimit`, no answer), and one it does not reach runs exactly as unbounded, to the same
/// node count (the limit changes nothing but where the solver stops).
#[cfg(feature = "cadical")]
#[test]
fn cadical_stops_at_the_node_limit() {
    let sudoku = Sudoku::new(Shape::new(25).unwrap(), Variant::default()).unwrap();
    let text = crate::data_text("25x25-generated300.txt");
    let puzzle = sudoku::parse_line(text.lines().next().unwrap(), None).unwrap();
    let mut solver = sudoku.solver().strategy(Strategy::Sat);
    let mut prove = |nodes: Option<u64>| {
        let found = (solver.search(&puzzle, 0, Limits::none().solutions(2).nodes(nodes))).unwrap();
        (found.count, found.stopped, solver.stats().nodes)
    };
    let (count, stopped, all) = prove(None);
    assert_eq!((count, stopped), (1, None));
    assert!(all > 100, "the proof took {all} nodes");
    let half = all / 2;
    // Stopped before the proof's end (before its first solution, as it happens): no answer.
    let (count, stopped, nodes) = prove(Some(half));
    assert_eq!(stopped, Some(StopReason::NodeLimit));
    assert!(count < 2);
    assert!(nodes <= half, "{nodes} nodes past the limit {half}");
    assert_eq!(prove(Some(2 * all)), (1, None, all));
}

/// `auto` past its allowance of propagation: the SAT solver goes on with the solutions found so
/// far blocked, and answers as the others do; within a node limit no larger than the
/// allowance it never starts.
#[test]
fn auto_hands_what_propagation_has_not_finished_to_the_solver() {
    let text = crate::data_text("16x16-sample.txt");
    let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let mut propagate = sudoku.solver().strategy(Strategy::Propagate);
    // No node of propagation: every proof goes to the solver (after the root's deductions).
    let mut at_once = sudoku.solver().sat_after(0);
    // One node: searches for two solutions go on with the first one found blocked.
    let mut after_one = sudoku.solver().sat_after(1);
    let (mut proofs, mut handed) = (0, 0);
    for line in text.lines().take(10) {
        let puzzle = sudoku::parse_line(line, None).unwrap();
        let theirs = propagate.uniqueness(&puzzle).unwrap();
        assert_eq!(at_once.uniqueness(&puzzle).unwrap(), theirs, "{line}");
        // (A puzzle the root's deductions solve takes no node, and propagation answers.)
        proofs += u32::from(at_once.ran() == Strategy::Sat);
        // Several solutions: the puzzle less its givens but those of its first four rows.
        let mut cells = puzzle.cells().to_vec();
        cells[64..].fill(0);
        let open = Grid::from_cells(sudoku.shape(), cells).unwrap();
        let found = after_one
            .search(&open, 2, Limits::none().solutions(2))
            .unwrap();
        assert_eq!((found.count, found.grids.len()), (2, 2));
        assert_ne!(found.grids[0], found.grids[1]);
        for grid in &found.grids {
            assert!(grid.is_full() && sudoku.check(grid).is_ok());
            for (cell, d) in open.givens() {
                assert_eq!(grid.get(cell), d);
            }
        }
        handed += u32::from(after_one.ran() == Strategy::Sat);
    }
    // Most of these puzzles the root's deductions solve; one does not.
    assert!(proofs >= 1, "{proofs} of 10 proofs went to the solver");
    assert!(handed > 5, "{handed} of 10 searches went on to the solver");
    // A node limit within the allowance: propagation alone, stopped.
    let mut bounded = sudoku.solver().sat_after(1000);
    let puzzle = sudoku::parse_line(text.lines().next().unwrap(), None).unwrap();
    let mut cells = puzzle.cells().to_vec();
    cells[16..].fill(0);
    let open = Grid::from_cells(sudoku.shape(), cells).unwrap();
    let found = bounded
        .search(&open, 1, Limits::none().solutions(2).nodes(1))
        .unwrap();
    assert_eq!(found.stopped, Some(StopReason::NodeLimit));
    assert_eq!(bounded.ran(), Strategy::Propagate);
}
