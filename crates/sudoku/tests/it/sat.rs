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
    // The root's deductions leave it open: the solver decided (its nodes).
    assert!(sat.stats().nodes > 0);
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
