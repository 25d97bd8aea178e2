//! The propagating search (`Strategy::Propagate`) against dancing links: the same solutions,
//! counts and verdicts on every kind of puzzle, limits honoured, and large puzzles finished.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use proptest::prelude::*;
use sudoku::{
    Found, Grid, Limits, Shape, StopReason, Strategy, Sudoku, Symbols, Uniqueness, Variant,
};

fn data(name: &str) -> Vec<String> {
    crate::data_text(name).lines().map(str::to_string).collect()
}

fn search(sudoku: &Sudoku, strategy: Strategy, grid: &Grid, limit: u64) -> Found {
    sudoku
        .solver()
        .strategy(strategy)
        .search(grid, limit as usize, Limits::none().solutions(limit))
        .unwrap()
}

/// A full grid that keeps the puzzle's givens and breaks no rule.
fn assert_solves(sudoku: &Sudoku, puzzle: &Grid, solution: &Grid) {
    assert!(solution.is_full());
    sudoku.check(solution).unwrap();
    for (cell, d) in puzzle.givens() {
        assert_eq!(solution.get(cell), d, "the given at {cell}");
    }
}

#[test]
fn auto_is_dlx_up_to_9x9_and_propagation_above() {
    let at = |n| Strategy::Auto.resolve(Shape::new(n).unwrap());
    assert_eq!(at(4), Strategy::Dlx);
    assert_eq!(at(9), Strategy::Dlx);
    assert_eq!(at(12), Strategy::Propagate);
    assert_eq!(at(25), Strategy::Propagate);
    assert_eq!(
        Strategy::Dlx.resolve(Shape::new(25).unwrap()),
        Strategy::Dlx
    );
    assert_eq!("propagate".parse::<Strategy>(), Ok(Strategy::Propagate));
    assert!("fast".parse::<Strategy>().is_err());
}

#[test]
fn hard_9x9_and_16x16_sets_get_the_same_solutions() {
    let classic = Sudoku::classic();
    let sixteen = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    for (sudoku, file) in [
        (&classic, "forum-hardest-1106.txt"),
        (&classic, "norvig-top95.txt"),
        (&sixteen, "16x16-sample.txt"),
    ] {
        let mut dlx = sudoku.solver().strategy(Strategy::Dlx);
        let mut propagate = sudoku.solver().strategy(Strategy::Propagate);
        for line in data(file) {
            let puzzle = sudoku::parse_line(&line, None).unwrap();
            let theirs = dlx.uniqueness(&puzzle).unwrap();
            let ours = propagate.uniqueness(&puzzle).unwrap();
            assert!(matches!(ours, Uniqueness::Unique(_)), "{file}: {line}");
            assert_eq!(ours, theirs, "{file}: {line}");
        }
    }
}

/// Puzzles from the first solution of an empty grid: some of its digits, and some wrong ones.
fn puzzle_from(sudoku: &Sudoku, keep: &[bool], noise: &[(usize, u8)]) -> Grid {
    let shape = sudoku.shape();
    let full = sudoku.solve(&Grid::empty(shape)).unwrap().unwrap();
    let n = shape.size();
    let mut cells: Vec<u8> = full
        .cells()
        .iter()
        .zip(keep)
        .map(|(&d, &k)| if k { d } else { 0 })
        .collect();
    for &(k, d) in noise {
        cells[k % (n * n)] = d % n as u8 + 1;
    }
    Grid::from_cells(shape, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Counts (every solution, up to a limit) agree with dancing links on 4x4, 6x6 and 8x8
    /// grids with few givens (many solutions), wrong givens (none), and the variants: a wrong
    /// deduction would lose or invent solutions.
    #[test]
    fn counts_agree_with_dancing_links(
        size in prop::sample::select(vec![4usize, 6, 8]),
        variant in 0..3u8,
        keep in prop::collection::vec(prop::bool::weighted(0.35), 64),
        noise in prop::collection::vec((0..64usize, 0..8u8), 0..2),
    ) {
        let shape = Shape::new(size).unwrap();
        let variant = match variant {
            0 => Variant::default(),
            1 => Variant { diagonals: true, ..Variant::default() },
            _ if size == 4 => Variant { hyper: true, ..Variant::default() },
            _ => Variant::default(),
        };
        let sudoku = Sudoku::new(shape, variant).unwrap();
        let puzzle = puzzle_from(&sudoku, &keep, &noise);
        if sudoku.check(&puzzle).is_err() {
            return Ok(());
        }
        let limit = 500;
        let dlx = search(&sudoku, Strategy::Dlx, &puzzle, limit);
        let ours = search(&sudoku, Strategy::Propagate, &puzzle, limit);
        prop_assert_eq!((ours.count, ours.is_complete()), (dlx.count, dlx.is_complete()));
        for solution in &ours.grids {
            assert_solves(&sudoku, &puzzle, solution);
        }
        // Every solution once: all of them are different.
        let mut seen = ours.grids.clone();
        seen.sort_by(|a, b| a.cells().cmp(b.cells()));
        seen.dedup();
        prop_assert_eq!(seen.len(), ours.grids.len());
        if dlx.is_complete() {
            let mut theirs = dlx.grids.clone();
            theirs.sort_by(|a, b| a.cells().cmp(b.cells()));
            prop_assert_eq!(seen, theirs);
        }
    }
}

#[test]
fn large_puzzles_finish_in_few_nodes() {
    // 25x25 with 266 givens at random (several solutions each): the plain rule of dancing
    // links runs past millions of nodes on 8 of these 20, and the propagating search before
    // the lookahead (branching on the fewest candidates) took up to 17,988 (docs/benchmarks.md).
    let sudoku = Sudoku::new(Shape::new(25).unwrap(), Variant::default()).unwrap();
    let mut solver = sudoku.solver();
    assert_eq!(solver.resolved(), Strategy::Propagate);
    for line in data("25x25-random266.txt") {
        let puzzle = sudoku::parse_line(&line, None).unwrap();
        let found = solver
            .search(&puzzle, 1, Limits::none().nodes(1_000).solutions(1))
            .unwrap();
        assert_eq!(found.count, 1, "{line}");
        assert_solves(&sudoku, &puzzle, &found.grids[0]);
    }
    // The two generated puzzles with one solution, proved so (23,622 and 168 nodes before).
    for line in data("25x25-generated300.txt") {
        let puzzle = sudoku::parse_line(&line, None).unwrap();
        match solver.uniqueness(&puzzle).unwrap() {
            Uniqueness::Unique(solution) => assert_solves(&sudoku, &puzzle, &solution),
            other => panic!("expected one solution: {other:?}"),
        }
        assert!(solver.stats().nodes < 1_000, "{}", solver.stats().nodes);
    }
    // 36x36 with 700 givens at random: the last took 43,691 nodes before; now propagation
    // hands it on to CaDiCaL past 1,000 nodes, which takes 5,889 conflicts (CaDiCaL builds),
    // and the node limit bounds those too.
    let sudoku = Sudoku::new(Shape::new(36).unwrap(), Variant::default()).unwrap();
    let mut solver = sudoku.solver();
    for line in data("36x36-random700.txt") {
        let puzzle = sudoku::parse_line(&line, None).unwrap();
        let found = solver
            .search(&puzzle, 1, Limits::none().nodes(10_000).solutions(1))
            .unwrap();
        assert_eq!(found.count, 1, "{line}");
        assert_solves(&sudoku, &puzzle, &found.grids[0]);
    }
}

#[test]
fn thirty_six_by_thirty_six_reads_0_to_z() {
    let line = &data("36x36-random700.txt")[0];
    let puzzle = sudoku::parse_line(line, None).unwrap();
    assert_eq!(puzzle.shape(), Shape::new(36).unwrap());
    // `0` is a digit (the first), `.` a blank.
    let zero = line.find('0').expect("a 0 in the puzzle");
    assert_eq!(puzzle.cells()[zero], 1);
    let z = line.find('Z').expect("a Z in the puzzle");
    assert_eq!(puzzle.cells()[z], 36);
    assert_eq!(sudoku::to_line(&puzzle, Symbols::Default), *line);
    let sudoku = Sudoku::new(puzzle.shape(), Variant::default()).unwrap();
    let solution = sudoku.solve(&puzzle).unwrap().unwrap();
    assert_solves(&sudoku, &puzzle, &solution);
    let written = sudoku::to_line(&solution, Symbols::Default);
    assert!(written.contains('0') && written.contains('Z') && !written.contains('?'));
    assert_eq!(sudoku::parse_line(&written, None).unwrap(), solution);
    // Two `0`s in a row clash, named by their symbol.
    let mut bad = vec!['.'; 36 * 36];
    bad[0] = '0';
    bad[5] = '0';
    let bad: String = bad.into_iter().collect();
    let e = sudoku
        .check(&sudoku::parse_line(&bad, None).unwrap())
        .unwrap_err();
    assert!(e.to_string().starts_with("0 appears twice in row 1"), "{e}");
}

#[test]
fn limits_stop_the_propagating_search() {
    let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let empty = Grid::empty(sudoku.shape());
    let mut solver = sudoku.solver().strategy(Strategy::Propagate);
    // An empty grid: solutions without end; the limits say which stopped it.
    let found = solver
        .search(&empty, 3, Limits::none().solutions(3))
        .unwrap();
    assert_eq!(
        (found.count, found.is_complete(), found.stopped),
        (3, false, Some(StopReason::SolutionLimit))
    );
    let found = solver
        .search(&empty, 0, Limits::none().nodes(40).solutions(u64::MAX))
        .unwrap();
    assert_eq!(found.stopped, Some(StopReason::NodeLimit));
    assert_eq!(found.stats.nodes, 40);
    assert!(!found.is_complete());
    let cancel = Arc::new(AtomicBool::new(true));
    let found = solver
        .search(&empty, 0, Limits::none().cancel(cancel).solutions(u64::MAX))
        .unwrap();
    assert_eq!(found.stopped, Some(StopReason::Cancelled));
    // An unsolvable puzzle: a complete search with no solution.
    let mut cells = vec![0u8; 256];
    // Row 1 holds 1..15 in its first 15 cells; its last cell shares a box with the 16 of row
    // 2, so row 1 has no place for 16 (and no two givens clash).
    for (k, cell) in cells.iter_mut().enumerate().take(15) {
        *cell = k as u8 + 1;
    }
    cells[16 + 12] = 16;
    let puzzle = Grid::from_cells(sudoku.shape(), cells).unwrap();
    let found = solver
        .search(&puzzle, 1, Limits::none().solutions(1))
        .unwrap();
    assert_eq!((found.count, found.is_complete()), (0, true));
}
