//! The classic methods beside Dancing Links: the same solutions and counts on every test
//! puzzle, node counts that keep the relations the definitions imply, and the engine's limits.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use sudoku::{
    parse_line, Cell, Found, Grid, Limits, Method, PuzzleError, Regions, Shape, StopReason, Sudoku,
    Variant,
};

fn data(name: &str) -> Vec<Grid> {
    crate::data_text(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_line(l, None).unwrap())
        .collect()
}

/// Every solution, sorted, or `None` when there are more than `limit`.
fn all_solutions(sudoku: &Sudoku, method: Method, grid: &Grid, limit: u64) -> Option<Vec<Grid>> {
    let found = sudoku
        .method_solver(method)
        .search(
            grid,
            limit as usize + 1,
            Limits::none().solutions(limit + 1),
        )
        .unwrap();
    assert_eq!(found.count, found.grids.len() as u64, "{method}");
    let whole = found.is_complete() && found.count <= limit;
    let mut grids = found.grids;
    grids.sort_by(|a, b| a.cells().cmp(b.cells()));
    whole.then_some(grids)
}

/// Every method finds the same solutions (the same set, each once) as Dancing Links.
fn assert_same_solutions(sudoku: &Sudoku, grid: &Grid, limit: u64) -> Option<usize> {
    let expected = all_solutions(sudoku, Method::Dlx, grid, limit);
    for &method in Method::ALL {
        assert_eq!(
            all_solutions(sudoku, method, grid, limit),
            expected,
            "{method} on {}",
            sudoku::to_line(grid, sudoku::Symbols::Default)
        );
    }
    expected.map(|e| e.len())
}

fn uniqueness(sudoku: &Sudoku, method: Method, grid: &Grid) -> Found {
    sudoku.method_solver(method).count(grid, 2).unwrap()
}

/// Names round trip in either case, for every kind of name, and an unknown one lists them.
#[test]
fn names_round_trip_and_unknown_names_are_named() {
    for &method in Method::ALL {
        assert_eq!(method.name().parse::<Method>(), Ok(method));
        assert_eq!(method.name().to_uppercase().parse::<Method>(), Ok(method));
        assert_eq!(method.to_string(), method.name());
    }
    for &grade in sudoku::Grade::ALL {
        assert_eq!(grade.name().parse::<sudoku::Grade>(), Ok(grade));
    }
    for &symmetry in sudoku::Symmetry::ALL {
        assert_eq!(
            symmetry.to_string().parse::<sudoku::Symmetry>(),
            Ok(symmetry)
        );
    }
    for &strategy in sudoku::Strategy::ALL {
        assert_eq!(
            strategy.to_string().parse::<sudoku::Strategy>(),
            Ok(strategy)
        );
    }
    assert_eq!(
        "Rotate90".parse::<sudoku::Symmetry>(),
        Ok(sudoku::Symmetry::Rotate90)
    );
    assert_eq!(
        "hard".parse::<sudoku::Grade>().unwrap_err().to_string(),
        "unknown grade `hard`: expected one of simple, easy, intermediate, expert"
    );
    let err = "dancing".parse::<Method>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown method `dancing`: expected one of backtrack, bitmask, singles, mrv, forward, dlx"
    );
}

#[test]
fn the_4x4_with_three_solutions() {
    let sudoku = Sudoku::new(Shape::new(4).unwrap(), Variant::default()).unwrap();
    let grid = parse_line("......2..3.1....", None).unwrap();
    assert_eq!(assert_same_solutions(&sudoku, &grid, 10), Some(3));
    // The empty 4x4 has 288 solutions, by every method.
    assert_eq!(
        assert_same_solutions(&sudoku, &Grid::empty(sudoku.shape()), 300),
        Some(288)
    );
}

#[test]
fn unique_puzzles_agree_and_dlx_needs_the_fewest_nodes() {
    let sudoku = Sudoku::classic();
    // Plain backtracking takes millions of nodes on the hard sets: it gets the easy ones.
    let hard: Vec<Grid> = data("norvig-top95.txt")
        .into_iter()
        .chain(data("17-clue-first2000.txt").into_iter().take(40))
        .collect();
    let easy: Vec<Grid> = data("kaggle-first500.txt").into_iter().take(50).collect();
    let mut totals = [0u64; 6];
    for (k, grid) in hard.iter().chain(&easy).enumerate() {
        let dlx = uniqueness(&sudoku, Method::Dlx, grid);
        assert_eq!((dlx.count, dlx.is_complete()), (1, true));
        let solved = sudoku.method_solver(Method::Forward).solve(grid).unwrap();
        assert_eq!(solved.as_ref(), dlx.grids.first());
        for (m, method) in Method::ALL.iter().copied().enumerate() {
            let slow = matches!(
                method,
                Method::Backtrack | Method::Bitmask | Method::Singles
            );
            if slow && k < hard.len() {
                continue;
            }
            let found = uniqueness(&sudoku, method, grid);
            assert_eq!(
                (found.count, found.is_complete(), &found.grids),
                (1, true, &dlx.grids),
                "{method}, puzzle {k}"
            );
            totals[m] += found.stats.nodes;
        }
    }
    let [_, _, _, mrv, forward, dlx] = totals;
    // Forward checking only removes MRV's dead ends; Dancing Links also sees hidden singles.
    assert!(forward < mrv, "forward {forward}, mrv {mrv}");
    assert!(dlx * 5 < forward, "dlx {dlx}, forward {forward}");
}

#[test]
fn backtrack_and_bitmask_build_the_same_tree_and_forward_prunes_mrv() {
    let sudoku = Sudoku::classic();
    let mut total = 0;
    for grid in data("kaggle-first500.txt").iter().take(50) {
        let scan = uniqueness(&sudoku, Method::Backtrack, grid);
        let bits = uniqueness(&sudoku, Method::Bitmask, grid);
        assert_eq!(scan.stats.nodes, bits.stats.nodes);
        total += scan.stats.nodes;
        let mrv = uniqueness(&sudoku, Method::Mrv, grid);
        let forward = uniqueness(&sudoku, Method::Forward, grid);
        assert!(forward.stats.nodes <= mrv.stats.nodes);
        let singles = uniqueness(&sudoku, Method::Singles, grid);
        assert!(singles.stats.nodes <= bits.stats.nodes);
        // Only Dancing Links counts updates.
        assert_eq!(mrv.stats.updates, 0);
        assert!(uniqueness(&sudoku, Method::Dlx, grid).stats.updates > 0);
    }
    assert!(total > 50 * 1000, "{total}");
}

#[test]
fn a_full_grid_is_one_node_and_a_dead_root_is_one_node() {
    let sudoku = Sudoku::new(Shape::new(4).unwrap(), Variant::default()).unwrap();
    let full = parse_line("1234341221434321", None).unwrap();
    // No clash among the givens, yet cell (1,1) has no candidate: 1, 2 (box), 3, 4 (row).
    let dead = parse_line("1...3.2..4......", None).unwrap();
    for &method in Method::ALL {
        let found = uniqueness(&sudoku, method, &full);
        assert_eq!((found.count, found.stats.nodes), (1, 1), "{method}");
        let found = uniqueness(&sudoku, method, &dead);
        assert_eq!((found.count, found.is_complete()), (0, true), "{method}");
        match method {
            // Row-major order meets the dead cell only at its turn.
            Method::Backtrack | Method::Bitmask => assert!(found.stats.nodes > 1, "{method}"),
            // The engine may pick a row-digit item first; the others see the empty cell.
            Method::Dlx => {}
            _ => assert_eq!(found.stats.nodes, 1, "{method}"),
        }
    }
}

#[test]
fn clashing_givens_are_invalid_for_every_method() {
    let sudoku = Sudoku::classic();
    let mut line: Vec<u8> = b".".repeat(81);
    line[3] = b'5';
    line[7] = b'5';
    let grid = parse_line(std::str::from_utf8(&line).unwrap(), None).unwrap();
    for &method in Method::ALL {
        let err = sudoku.method_solver(method).count(&grid, 2).unwrap_err();
        assert!(
            matches!(err, PuzzleError::Clash { digit: 5, .. }),
            "{method}: {err}"
        );
    }
}

#[test]
fn limits_stop_every_method() {
    let sudoku = Sudoku::classic();
    // An easy puzzle that every method finishes, in more than 50 nodes.
    let grid = &data("kaggle-first500.txt")[0];
    for &method in Method::ALL {
        let mut solver = sudoku.method_solver(method);
        let found = solver
            .search(grid, 1, Limits::none().nodes(50).solutions(2))
            .unwrap();
        assert_eq!(
            (found.stats.nodes, found.is_complete(), found.stopped),
            (50, false, Some(StopReason::NodeLimit)),
            "{method}"
        );
        let past = Instant::now() - Duration::from_millis(1);
        let found = solver
            .search(grid, 1, Limits::none().deadline(past).solutions(2))
            .unwrap();
        assert_eq!(found.stopped, Some(StopReason::Deadline), "{method}");
        assert_eq!(found.stats.nodes, 0, "{method}");
        // A solution limit below the count: stopped by it, not complete.
        let empty = Grid::empty(Shape::CLASSIC);
        let found = solver
            .search(&empty, 3, Limits::none().solutions(3))
            .unwrap();
        assert_eq!(
            (found.count, found.grids.len(), found.stopped),
            (3, 3, Some(StopReason::SolutionLimit)),
            "{method}"
        );
        // The solver is reused: a second search starts afresh.
        let again = solver.search(grid, 1, Limits::none().solutions(2)).unwrap();
        assert_eq!((again.count, again.is_complete()), (1, true), "{method}");
    }
}

#[test]
fn other_sizes_and_variants() {
    let sixteen = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    // MRV and forward checking need a million nodes on the first (Dancing Links 4,435), and
    // ten times that on some others: the first only.
    for grid in data("16x16-sample.txt").iter().take(1) {
        let dlx = uniqueness(&sixteen, Method::Dlx, grid);
        for method in [Method::Mrv, Method::Forward] {
            let found = uniqueness(&sixteen, method, grid);
            assert_eq!((found.count, &found.grids), (1, &dlx.grids), "{method}");
        }
    }
    // 6x6 (2x3 boxes) from empty, by every method: the first two solutions agree.
    let six = Sudoku::new(Shape::new(6).unwrap(), Variant::default()).unwrap();
    let dlx = uniqueness(&six, Method::Dlx, &Grid::empty(six.shape()));
    assert_eq!(dlx.count, 2);
    for &method in Method::ALL {
        let found = uniqueness(&six, method, &Grid::empty(six.shape()));
        assert_eq!((found.count, found.stopped), (2, dlx.stopped), "{method}");
        assert_eq!(uniqueness(&six, Method::Dlx, &found.grids[0]).count, 1);
    }
    // 25x25 with every third cell blank. Row-major backtracking never finishes these, and only
    // Dancing Links solves an empty 25x25 in good time; singles, MRV and forward checking agree.
    let shape = Shape::new(25).unwrap();
    let big = Sudoku::new(shape, Variant::default()).unwrap();
    let mut puzzle = Grid::from_cells(
        shape,
        (0..625)
            .map(|k| ((5 * ((k / 25) % 5) + (k / 25) / 5 + k % 25) % 25 + 1) as u8)
            .collect(),
    )
    .unwrap();
    let solution = puzzle.clone();
    for k in (0..625).step_by(3) {
        puzzle.set(
            Cell {
                row: k / 25,
                col: k % 25,
            },
            0,
        );
    }
    for method in [Method::Singles, Method::Mrv, Method::Forward, Method::Dlx] {
        let found = uniqueness(&big, method, &puzzle);
        assert_eq!((found.count, &found.grids[0]), (1, &solution), "{method}");
    }
    // X-sudoku, hyper, and a jigsaw on 4x4: same solution sets.
    for variant in [
        Variant {
            diagonals: true,
            ..Variant::default()
        },
        Variant {
            regions: Some(Regions::from_map("AAAB\nCABB\nCCDB\nCDDD\n").unwrap()),
            ..Variant::default()
        },
    ] {
        let sudoku = Sudoku::new(Shape::new(4).unwrap(), variant).unwrap();
        let count = assert_same_solutions(&sudoku, &Grid::empty(sudoku.shape()), 1000);
        assert!(count.unwrap() > 0);
    }
    let hyper = Sudoku::new(
        Shape::CLASSIC,
        Variant {
            hyper: true,
            diagonals: true,
            ..Variant::default()
        },
    )
    .unwrap();
    let empty = Grid::empty(Shape::CLASSIC);
    let first = sudoku::Sudoku::solve(&hyper, &empty).unwrap().unwrap();
    // Half the cells of a solution blanked: every method finds the same set of completions.
    let mut puzzle = first.clone();
    for k in (0..81).step_by(2) {
        puzzle.set(
            Cell {
                row: k / 9,
                col: k % 9,
            },
            0,
        );
    }
    assert!(assert_same_solutions(&hyper, &puzzle, 500).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random 9x9 puzzles from a solved grid (30 to 60 givens, so most have several
    /// solutions), and random 6x6 ones: every method finds the same set of solutions.
    #[test]
    fn random_puzzles_have_the_same_solutions(keep in prop::collection::vec(any::<bool>(), 81),
                                              extra in 0usize..30,
                                              six in prop::collection::vec((0usize..36, 1u8..=6), 0..8)) {
        let sudoku = Sudoku::classic();
        let base = parse_line(
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
            None,
        ).unwrap();
        let mut puzzle = base.clone();
        for (k, &blank) in keep.iter().enumerate() {
            if blank && k % 3 != extra % 3 {
                puzzle.set(Cell { row: k / 9, col: k % 9 }, 0);
            }
        }
        assert_same_solutions(&sudoku, &puzzle, 2000);

        let shape = Shape::new(6).unwrap();
        let small = Sudoku::new(shape, Variant::default()).unwrap();
        let mut grid = Grid::empty(shape);
        for (k, d) in six {
            grid.set(Cell { row: k / 6, col: k % 6 }, d);
        }
        if small.check(&grid).is_ok() {
            // Up to 10,000 solutions: the sets agree, or every method says "more".
            assert_same_solutions(&small, &grid, 10_000);
        }
    }
}
