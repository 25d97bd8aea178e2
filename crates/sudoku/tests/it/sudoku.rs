//! The sudoku front end: the seeds' cases verbatim, Knuth's figures, every size, the variants,
//! and every solution checked against the rules by a checker that knows nothing of exact cover.

use std::collections::HashSet;

use proptest::prelude::*;
use sudoku::{
    parse_line, to_grid, to_leetcode, to_line, to_pretty, Cell, Grid, PuzzleError, PuzzleReader,
    Regions, Shape, Sudoku, Symbols, Uniqueness, Unit, UnitKind, Variant,
};

use crate::data_text as data;

/// Every unit of the rules, as lists of cells, computed directly from the definitions.
fn units(shape: Shape, variant: &Variant, regions_map: Option<&str>) -> Vec<Vec<(usize, usize)>> {
    let n = shape.size();
    let mut units: Vec<Vec<(usize, usize)>> = Vec::new();
    for k in 0..n {
        units.push((0..n).map(|c| (k, c)).collect());
        units.push((0..n).map(|r| (r, k)).collect());
    }
    match regions_map {
        Some(map) => {
            let letters: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
            let mut names: Vec<char> = letters.clone();
            names.sort_unstable();
            names.dedup();
            for name in names {
                units.push(
                    (0..n * n)
                        .filter(|&k| letters[k] == name)
                        .map(|k| (k / n, k % n))
                        .collect(),
                );
            }
        }
        None => {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    units.push((0..n).map(|k| (top + k / bc, left + k % bc)).collect());
                }
            }
        }
    }
    if variant.diagonals {
        units.push((0..n).map(|k| (k, k)).collect());
        units.push((0..n).map(|k| (k, n - 1 - k)).collect());
    }
    if variant.hyper {
        for top in [1, 5] {
            for left in [1, 5] {
                units.push((0..9).map(|k| (top + k / 3, left + k % 3)).collect());
            }
        }
    }
    units
}

/// A solution is full, keeps every given, and has each digit once in every unit.
fn assert_solves(solution: &Grid, puzzle: &Grid, variant: &Variant, regions_map: Option<&str>) {
    let shape = puzzle.shape();
    assert_eq!(solution.shape(), shape);
    assert!(
        solution.is_full(),
        "not full:\n{}",
        to_grid(solution, Symbols::Default)
    );
    for (cell, d) in puzzle.givens() {
        assert_eq!(solution.get(cell), d, "given at {cell} changed");
    }
    for unit in units(shape, variant, regions_map) {
        let digits: HashSet<u8> = unit
            .iter()
            .map(|&(row, col)| solution.get(Cell { row, col }))
            .collect();
        assert_eq!(digits.len(), shape.size(), "a digit repeats in {unit:?}");
    }
}

#[test]
fn knuth_figures_for_the_leetcode_and_inkala_puzzles() {
    let sudoku = Sudoku::classic();
    for (puzzle, nodes, updates) in [
        (
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            52,
            663,
        ),
        (
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            2720,
            48760,
        ),
    ] {
        let grid = parse_line(puzzle, None).unwrap();
        let found = sudoku.count(&grid, 2).unwrap();
        assert_eq!((found.count, found.is_complete()), (1, true));
        assert_eq!(
            (found.stats.nodes, found.stats.updates),
            (nodes, updates),
            "{puzzle}"
        );
        assert_solves(&found.grids[0], &grid, &Variant::default(), None);
    }
}

#[test]
fn hdu_1426_sample_in_and_out() {
    let input = "7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n\
                 5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n\
                 8 5 9 ? 4 ? ? 2 3\n";
    let expected = "7 1 2 4 6 9 3 5 8\n3 6 5 2 8 7 1 9 4\n4 9 8 5 1 3 6 7 2\n9 2 4 1 5 6 8 3 7\n\
                    5 7 6 3 9 8 2 4 1\n1 8 3 7 2 4 9 6 5\n2 3 1 9 7 5 4 8 6\n6 4 7 8 3 2 5 1 9\n\
                    8 5 9 6 4 1 7 2 3\n";
    let grid = PuzzleReader::new()
        .symbols(Some(Symbols::Default))
        .grid(input)
        .unwrap()
        .0;
    let solved = Sudoku::classic().solve(&grid).unwrap().unwrap();
    assert_eq!(to_grid(&solved, Symbols::Default), expected);
}

#[test]
fn leetcode_37_board() {
    let board = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],
        [".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],
        ["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],
        [".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],
        [".",".",".",".","8",".",".","7","9"]]"#;
    let grid = PuzzleReader::new().leetcode(board).unwrap().0;
    let solved = Sudoku::classic().solve(&grid).unwrap().unwrap();
    assert_eq!(
        to_leetcode(&solved, Symbols::Default),
        r#"[["5","3","4","6","7","8","9","1","2"],["6","7","2","1","9","5","3","4","8"],["1","9","8","3","4","2","5","6","7"],["8","5","9","7","6","1","4","2","3"],["4","2","6","8","5","3","7","9","1"],["7","1","3","9","2","4","8","5","6"],["9","6","1","5","3","7","2","8","4"],["2","8","7","4","1","9","6","3","5"],["3","4","5","2","8","6","1","7","9"]]"#
    );
}

#[test]
fn the_4x4_with_three_solutions_prints_them_all() {
    let grid = parse_line("......2..3.1....", None).unwrap();
    let sudoku = Sudoku::new(grid.shape(), Variant::default()).unwrap();
    let found = sudoku.solutions(&grid, 100).unwrap();
    assert_eq!(
        (found.count, found.is_complete(), found.grids.len()),
        (3, true, 3)
    );
    let distinct: HashSet<String> = found
        .grids
        .iter()
        .map(|g| to_line(g, Symbols::Default))
        .collect();
    assert_eq!(distinct.len(), 3);
    for g in &found.grids {
        assert_solves(g, &grid, &Variant::default(), None);
    }
    insta::assert_snapshot!(
        "three_4x4_solutions",
        found
            .grids
            .iter()
            .map(|g| to_grid(g, Symbols::Default))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn two_equal_digits_in_a_row_is_invalid() {
    let grid = parse_line(
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        None,
    )
    .unwrap();
    let err = Sudoku::classic().check(&grid).unwrap_err();
    assert_eq!(
        err,
        PuzzleError::Clash {
            digit: 5,
            symbol: "5".into(),
            first: Cell { row: 0, col: 0 },
            second: Cell { row: 0, col: 1 },
            unit: Unit {
                kind: UnitKind::Row,
                index: 0
            },
        }
    );
    assert_eq!(
        err.to_string(),
        "5 appears twice in row 1: at r1c1 and at r1c2"
    );
    // Invalid is not unsolvable: solving reports the clash rather than "no solution".
    assert!(Sudoku::classic().solve(&grid).is_err());
}

/// A 9x9 line with digit 1 at the given cells.
fn ones_at(cells: &[(usize, usize)]) -> String {
    let mut line = vec!['.'; 81];
    for &(r, c) in cells {
        line[r * 9 + c] = '1';
    }
    line.into_iter().collect()
}

#[test]
fn clashes_in_columns_boxes_and_diagonals_name_the_unit() {
    let classic = Variant::default();
    let x = Variant {
        diagonals: true,
        ..Variant::default()
    };
    let mut messages = Vec::new();
    for (line, variant) in [
        (ones_at(&[(0, 0), (5, 0)]), &classic),
        (ones_at(&[(0, 0), (1, 1)]), &classic),
        (ones_at(&[(0, 0), (4, 4)]), &x),
        (ones_at(&[(0, 8), (8, 0)]), &x),
        (".".repeat(106), &classic),
        (format!("{}%", ".".repeat(80)), &classic),
    ] {
        let message = match parse_line(&line, None) {
            Ok(grid) => {
                let sudoku = Sudoku::new(grid.shape(), variant.clone()).unwrap();
                sudoku.check(&grid).unwrap_err().to_string()
            }
            Err(e) => e.to_string(),
        };
        messages.push(message);
    }
    insta::assert_snapshot!("clash_and_count_messages", messages.join("\n"));
}

#[test]
fn norvig_and_plb_sets_solve_uniquely() {
    let sudoku = Sudoku::classic();
    let mut solver = sudoku.solver();
    for file in ["norvig-top95.txt", "norvig-hardest.txt", "plb-hard20.txt"] {
        for line in data(file).lines().filter(|l| !l.trim().is_empty()) {
            let grid = parse_line(line, None).unwrap();
            match solver.uniqueness(&grid).unwrap() {
                Uniqueness::Unique(solution) => {
                    assert_solves(&solution, &grid, &Variant::default(), None)
                }
                other => panic!("{file}: {line}: {other:?}"),
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_sample() {
    let mut solver_rules = None;
    for line in data("16x16-sample.txt").lines().take(20) {
        let grid = parse_line(line, None).unwrap();
        assert_eq!(grid.shape().size(), 16);
        let sudoku = solver_rules
            .get_or_insert_with(|| Sudoku::new(grid.shape(), Variant::default()).unwrap());
        let found = sudoku.count(&grid, 2).unwrap();
        assert_eq!(found.count, 1, "{line}");
        assert_solves(&found.grids[0], &grid, &Variant::default(), None);
        // Written back in the same symbols, the solution keeps the givens' characters.
        let out = to_line(&found.grids[0], Symbols::Default);
        for (a, b) in line.chars().zip(out.chars()) {
            assert!(a == '.' || a == b);
        }
    }
}

/// A valid solution for any box shape: `(c * (row % r) + row / r + col) % n + 1`.
fn pattern(shape: Shape) -> Grid {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let cells = (0..n * n)
        .map(|k| ((c * ((k / n) % r) + (k / n) / r + k % n) % n + 1) as u8)
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

#[test]
fn every_size_solves() {
    for (r, c) in [
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 4),
        (5, 5),
        (1, 5),
        (5, 7),
    ] {
        let shape = Shape::with_box(r, c).unwrap();
        let sudoku = Sudoku::new(shape, Variant::default()).unwrap();
        let full = pattern(shape);
        assert_solves(&full, &full, &Variant::default(), None);
        // A full grid as the puzzle: its one solution is itself.
        let found = sudoku.count(&full, 2).unwrap();
        assert_eq!(
            (found.count, found.is_complete(), &found.grids[0]),
            (1, true, &full)
        );
        // Blank every third cell: the solver fills them in, and the answer fits the rules.
        let mut puzzle = full.clone();
        for k in (0..shape.cells()).step_by(3) {
            puzzle.set(
                Cell {
                    row: k / shape.size(),
                    col: k % shape.size(),
                },
                0,
            );
        }
        let solved = sudoku.solve(&puzzle).unwrap().unwrap();
        assert_solves(&solved, &puzzle, &Variant::default(), None);
        // Small grids also solve from empty.
        if shape.size() <= 16 {
            let empty = Grid::empty(shape);
            assert_solves(
                &sudoku.solve(&empty).unwrap().unwrap(),
                &empty,
                &Variant::default(),
                None,
            );
        }
    }
}

#[test]
fn variants_diagonals_hyper_and_jigsaw() {
    let shape = Shape::CLASSIC;
    for variant in [
        Variant {
            diagonals: true,
            ..Variant::default()
        },
        Variant {
            hyper: true,
            ..Variant::default()
        },
        Variant {
            diagonals: true,
            hyper: true,
            ..Variant::default()
        },
    ] {
        let sudoku = Sudoku::new(shape, variant.clone()).unwrap();
        let solution = sudoku.solve(&Grid::empty(shape)).unwrap().unwrap();
        assert_solves(&solution, &Grid::empty(shape), &variant, None);
    }
    let map = "AAAB\nCABB\nCCDB\nCDDD\n";
    let regions = Regions::from_map(map).unwrap();
    let variant = Variant {
        regions: Some(regions),
        ..Variant::default()
    };
    let sudoku = Sudoku::new(Shape::new(4).unwrap(), variant.clone()).unwrap();
    let empty = Grid::empty(sudoku.shape());
    let found = sudoku.solutions(&empty, 1000).unwrap();
    assert!(found.is_complete() && found.count > 0);
    for g in &found.grids {
        assert_solves(g, &empty, &variant, Some(map));
    }
    // The classic boxes drawn as regions give the classic count.
    let boxes = Regions::from_map("AABB\nAABB\nCCDD\nCCDD").unwrap();
    let as_regions = Sudoku::new(
        Shape::new(4).unwrap(),
        Variant {
            regions: Some(boxes),
            ..Variant::default()
        },
    )
    .unwrap();
    let classic = Sudoku::new(Shape::new(4).unwrap(), Variant::default()).unwrap();
    assert_eq!(as_regions.count(&empty, 1000).unwrap().count, 288);
    assert_eq!(classic.count(&empty, 1000).unwrap().count, 288);
    insta::assert_snapshot!(
        "region_map_errors",
        [
            Regions::from_map("AAB\nABB\nCCC\nD")
                .unwrap_err()
                .to_string(),
            Regions::from_map("AAAA\nAABB\nCCDD\nCCDD")
                .unwrap_err()
                .to_string(),
            Regions::from_map("AABB\nAABB\nCCDD\nCCEE")
                .unwrap_err()
                .to_string(),
        ]
        .join("\n")
    );
}

#[test]
fn renderings() {
    let grid = parse_line("......2..3.1....", None).unwrap();
    insta::assert_snapshot!("pretty_4x4", to_pretty(&grid, Symbols::Default));
    let six = Sudoku::new(Shape::new(6).unwrap(), Variant::default()).unwrap();
    let solved = six.solve(&Grid::empty(six.shape())).unwrap().unwrap();
    insta::assert_snapshot!("pretty_6x6", to_pretty(&solved, Symbols::Default));
    insta::assert_snapshot!("grid_6x6", to_grid(&solved, Symbols::Default));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Relabelling digits and permuting rows within a band keep the solution count, and every
    /// format we write reads back to the same grid.
    #[test]
    fn symmetries_keep_the_count(givens in prop::collection::vec((0usize..16, 1u8..=4), 0..7),
                                 perm in Just((1u8..=4).collect::<Vec<_>>()).prop_shuffle(),
                                 swap_band in 0usize..2) {
        let shape = Shape::new(4).unwrap();
        let mut grid = Grid::empty(shape);
        for (k, d) in givens {
            grid.set(Cell { row: k / 4, col: k % 4 }, d);
        }
        let sudoku = Sudoku::new(shape, Variant::default()).unwrap();
        let count = |g: &Grid| match sudoku.count(g, 1000) {
            Ok(f) => Some(f.count),
            Err(_) => None,
        };
        let base = count(&grid);
        let mut relabelled = Grid::empty(shape);
        let mut swapped = Grid::empty(shape);
        for (cell, d) in grid.givens() {
            relabelled.set(cell, perm[d as usize - 1]);
            let row = if cell.row / 2 == swap_band { cell.row ^ 1 } else { cell.row };
            swapped.set(Cell { row, col: cell.col }, d);
        }
        prop_assert_eq!(count(&relabelled), base);
        prop_assert_eq!(count(&swapped), base);

        for symbols in [Symbols::Default, Symbols::Hex, Symbols::Letters] {
            let line = to_line(&grid, symbols);
            let read = PuzzleReader::new().symbols(Some(symbols));
            prop_assert_eq!(&read.line(&line).unwrap().0, &grid);
            let drawn = to_grid(&grid, symbols);
            prop_assert_eq!(&read.grid(&drawn).unwrap().0, &grid);
            let pretty = to_pretty(&grid, symbols);
            let pretty: String = pretty.chars().filter(|c| !"┌┬┐├┼┤└┴┘─│".contains(*c)).collect();
            prop_assert_eq!(&read.grid(&pretty).unwrap().0, &grid);
        }
        prop_assert_eq!(&PuzzleReader::new().leetcode(&to_leetcode(&grid, Symbols::Default)).unwrap().0, &grid);
    }
}

/// A count on several threads gives the one-thread count, nodes, updates and first solution,
/// with and without givens, and stops at a solution limit.
#[test]
fn count_parallel_equals_one_thread() {
    use sudoku::{Grid, Limits, Shape, Sudoku, Variant};
    let four = Sudoku::new(Shape::new(4).unwrap(), Variant::default()).unwrap();
    let six = Sudoku::new(Shape::new(6).unwrap(), Variant::default()).unwrap();
    let mut given = Grid::empty(six.shape());
    given.set(sudoku::Cell { row: 0, col: 0 }, 1);
    given.set(sudoku::Cell { row: 1, col: 4 }, 2);
    given.set(sudoku::Cell { row: 3, col: 2 }, 5);
    given.set(sudoku::Cell { row: 5, col: 5 }, 3);
    for (sudoku, grid) in [(&four, Grid::empty(four.shape())), (&six, given.clone())] {
        let one = sudoku
            .solver()
            .search(&grid, 1, Limits::none().solutions(u64::MAX))
            .unwrap();
        assert!(one.is_complete() && one.count > 1);
        for threads in [1, 2, 3] {
            let many = sudoku
                .solver()
                .count_parallel(&grid, Limits::none(), threads)
                .unwrap();
            assert_eq!(
                (
                    many.count,
                    many.stats.nodes,
                    many.stats.updates,
                    many.is_complete()
                ),
                (one.count, one.stats.nodes, one.stats.updates, true)
            );
            assert_eq!(many.grids, one.grids);
            let ten = sudoku
                .solver()
                .count_parallel(&grid, Limits::none().solutions(10), threads)
                .unwrap();
            assert_eq!((ten.count, ten.is_complete()), (10, false));
        }
    }
}

/// The records of lines that do not read say how the input was read and how to read it
/// otherwise, naming the settings as the caller names them; a count of cells that fits a grid
/// with a default box is not sent to look for a box when the box given is another.
#[test]
fn invalid_records_name_the_callers_settings() {
    use sudoku::batch::Task;
    use sudoku::print::{Input, Job, Writer};
    use sudoku::read::{ReadSettings, SettingNames};
    let run = |text: &str, job: &Job| {
        let input = Input::text("in.txt", text);
        let mut out = Vec::new();
        let mut writer = Writer::new(&mut out);
        job.run(
            sudoku::print::Inputs::Puzzles(vec![input]),
            &mut writer,
            |_, _| {},
        )
        .expect("readable");
        drop(writer);
        String::from_utf8(out).unwrap()
    };
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("{line}\n{}\n{}\n", &line[..80], ".".repeat(49));
    let mut job = Job::new(Task::Solve);
    job.threads = 1;
    let library = run(&text, &job);
    assert!(
        library.contains("in.txt:2:80: 80 cells: expected 81 for 9x9")
            && library.contains(
                "since the first lines hold whole puzzles; ReadSettings::input grid reads grids"
            ),
        "{library}"
    );
    assert!(library.contains(
        "in.txt:3:49: 49 cells make a 7x7 grid, which has no box by default (7 is prime): give \
         its box shape with ReadSettings::box_shape 1x7, or its regions with Regions::from_map"
    ));
    job.setting_names = SettingNames {
        input: "--input",
        box_shape: "--box",
        ..SettingNames::LIBRARY
    };
    job.read = ReadSettings::default().box_shape(Some(Shape::with_box(2, 3).unwrap()));
    job.settings = job.settings.box_shape(Some(Shape::with_box(2, 3).unwrap()));
    let flags = run(&text, &job);
    assert!(
        flags.contains(
            "in.txt:1:81: 81 cells: expected 36 for 6x6 (boxes of 2x3) (read as one \
             puzzle per line, since the first lines hold whole puzzles; --input grid reads grids)"
        ),
        "{flags}"
    );
    assert!(
        flags.contains("give its box shape with --box 1x7"),
        "{flags}"
    );
}
