//! Killer sudoku: the reader's errors, and puzzles cut from known solved grids solved back to
//! grids that keep every rule.

use sudoku::{Cell, Grid, Killer, KillerError, Shape, Sudoku};

/// A solved 9x9 grid: the unique solution of Norvig's first hard puzzle.
fn solved_9x9() -> Grid {
    let puzzle = sudoku::parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        None,
    )
    .unwrap();
    Sudoku::classic().solve(&puzzle).unwrap().unwrap()
}

#[test]
fn puzzles_cut_from_a_solved_grid_solve_back_to_grids_that_keep_every_rule() {
    let grid = solved_9x9();
    let mut unique = 0;
    let mut complete = 0;
    for round in 0..40 {
        // Cages of up to 2 to 5 cells, written as a map and read back.
        let cut = Killer::from_solution(&grid, 2 + round % 4, round as u64).unwrap();
        let killer = Killer::parse(&cut.to_map().unwrap(), 1, false).unwrap();
        assert_eq!(killer, cut, "round {round}: the map does not read back");
        killer.check(&grid).unwrap();
        let model = killer.model().unwrap();
        // Cuts with few large cages can need millions of nodes to finish (every solution of a
        // puzzle with several); a node limit keeps the test quick, and only finished searches
        // are held to finding the cut grid.
        let found = model.search(50, dlx::Limits::none().nodes(100_000).solutions(50));
        assert!(
            found.count >= 1 || !found.is_complete(),
            "round {round}: no solution"
        );
        for g in &found.grids {
            killer
                .check(g)
                .unwrap_or_else(|e| panic!("round {round}: {e}"));
        }
        if found.is_complete() {
            assert!(
                found.grids.contains(&grid),
                "round {round}: the cut grid was not found"
            );
            complete += 1;
        }
        if found.is_complete() && found.count == 1 {
            unique += 1;
        }
    }
    assert!(complete >= 30, "only {complete} of 40 searches finished");
    assert!(unique >= 8, "only {unique} of 40 cuts have one solution");
}

#[test]
fn a_sixteen_by_sixteen_and_a_six_by_six_killer() {
    for (n, clues) in [(6, "1"), (16, "")] {
        let shape = Shape::new(n).unwrap();
        let mut start = Grid::empty(shape);
        if !clues.is_empty() {
            start.set(Cell { row: 0, col: 0 }, 1);
        }
        let sudoku = Sudoku::new(shape, sudoku::Variant::default()).unwrap();
        let grid = sudoku.solve(&start).unwrap().unwrap();
        let cages = Killer::from_solution(&grid, 3, n as u64)
            .unwrap()
            .cages()
            .to_vec();
        // The 16x16 keeps its first four rows as givens, to stay quick.
        let mut givens = Grid::empty(shape);
        for (cell, d) in grid.givens().filter(|(c, _)| n == 16 && c.row < 4) {
            givens.set(cell, d);
        }
        let killer = Killer::new(shape, cages, givens, false).unwrap();
        let solution = killer.model().unwrap().solve().expect("a solution");
        killer.check(&solution).unwrap();
    }
}

#[test]
fn givens_are_kept_and_checked_against_their_cages() {
    let text = "AAB\nCDB\nCDD\n";
    // A 3x3 map is no sudoku size.
    let err = Killer::parse(text, 1, false).unwrap_err();
    assert!(matches!(err, KillerError::Syntax { line: 1, .. }), "{err}");
    let text = "AABB\nCCDD\nEEFF\nGGHH\nA=3 B=7 C=7 D=3 E=5 F=5 G=5 H=5\ngivens 1...............\n";
    let killer = Killer::parse(text, 1, false).unwrap();
    let found = killer
        .model()
        .unwrap()
        .search(100, dlx::Limits::none().solutions(100));
    assert!(found.is_complete() && found.count > 0);
    for g in &found.grids {
        killer.check(g).unwrap();
        assert_eq!(g.get(Cell { row: 0, col: 0 }), 1);
    }
    // A given that its cage cannot hold: A = 3 needs 1 and 2, so 4 in it leaves no way.
    let text = "AABB\nCCDD\nEEFF\nGGHH\nA=3 B=7 C=7 D=3 E=5 F=5 G=5 H=5\ngivens 4...............\n";
    let err = Killer::parse(text, 1, false).unwrap().model().unwrap_err();
    assert_eq!(
        err.to_string(),
        "cage 'A': its givens leave no way to make 3"
    );
}

#[test]
fn errors_name_the_line_and_the_cage() {
    let base = "AABB\nCCDD\nEEFF\nGGHH\n";
    let parse = |text: &str| Killer::parse(text, 1, false).unwrap_err().to_string();
    assert_eq!(
        parse(&format!("{base}A=3 B=7 C=7 D=3 E=5 F=5 G=5\n")),
        "cage 'H' (first in line 4) has no sum: add a line H=SUM"
    );
    assert_eq!(
        parse(&format!("{base}A=3 B=7 C=7 D=3 E=5 F=5 G=5 H=5\nZ=4\n")),
        "line 6: Z=4 names no cage of the map"
    );
    assert_eq!(
        parse(&format!("{base}A=3 B=7 C=7 D=3 E=5 F=5 G=5 H=9\n")),
        "cage 'H': 2 distinct digits from 1 to 4 cannot add up to 9 (they make 3 to 7)"
    );
    assert_eq!(
        parse(&format!("{base}A=3 B=7 C=7 D=3 E=5 F=5 G=5 H=x\n")),
        "line 5, column 31: the sum of cage 'H' must be a number, not \"x\""
    );
    assert_eq!(
        parse("AA?B\nCCDD\nEEFF\nGGHH\n"),
        "line 1, column 3: '?' is not a cage label: use a letter or digit per cell, '.' for a \
         cell in no cage"
    );
    assert_eq!(
        parse("AAB\nCCDD\nEEFF\nGGHH\n"),
        "line 1, column 4: this row has 3 labels and the map has 4 rows: every row needs 4"
    );
    assert_eq!(
        parse(&format!("{base}A=3 A=4\n")),
        "line 5, column 5: cage 'A' has two sums"
    );
    // Cells of one label that do not touch: refused unless asked for.
    let split = "ABAB\nCCDD\nEEFF\nGGHH\nA=4 B=6 C=7 D=3 E=5 F=5 G=5 H=5\n";
    assert_eq!(
        parse(split),
        "cage 'A' is not connected: its cells r1c1 r1c3 fall in 2 separate groups (allow such \
         cages with --allow-disconnected)"
    );
    assert!(Killer::parse(split, 1, true).is_ok());
    // Five cells in a 4x4 cage.
    let err = parse("AAAA\nACDD\nEEFF\nGGHH\nA=10 C=1 D=3 E=5 F=5 G=5 H=5\n");
    assert_eq!(
        err,
        "cage 'A' has 5 cells, but only 4 digits can differ in it"
    );
    // A blank map.
    assert!(matches!(
        Killer::parse("\n# nothing\n", 1, false),
        Err(KillerError::Syntax { .. })
    ));
}

#[test]
fn cages_from_json() {
    let text = r#"{"cages": [
        {"cells": [[0,0],[0,1]], "sum": 3}, {"cells": [[0,2],[0,3]], "sum": 7},
        {"cells": [[1,0],[1,1]], "sum": 7}, {"cells": [[1,2],[1,3]], "sum": 3},
        {"cells": [[2,0],[2,1]], "sum": 5}, {"cells": [[2,2],[2,3]], "sum": 5},
        {"cells": [[3,0],[3,1]], "sum": 5}, {"cells": [[3,2],[3,3]], "sum": 5}]}"#;
    let killer = Killer::parse_json(text, false).unwrap();
    assert_eq!(killer.shape().size(), 4);
    assert_eq!(killer.cages()[1].label, 'B');
    let solution = killer.model().unwrap().solve().unwrap();
    killer.check(&solution).unwrap();
    let err = Killer::parse_json(r#"{"cages": [{"cells": [[0]], "sum": 1}]}"#, false).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: cage 0: a cell is [row, col] from 0, not [0]"
    );
}

/// The cage outlines of the drawing are closed: every end of a dashed segment meets the end of
/// another, at straight runs and at both kinds of corner (an L-shaped cage turns round the
/// corner of another cage, where a gap once was), for every cut of a solved grid.
#[test]
fn cage_outlines_in_the_drawing_are_closed() {
    let grid = solved_9x9();
    for seed in 0..12 {
        let killer = Killer::from_solution(&grid, 2 + seed % 4, seed as u64).unwrap();
        let svg = killer.to_svg(None, sudoku::Symbols::default());
        let mut ends: std::collections::BTreeMap<(i64, i64), u32> = Default::default();
        let mut segments = 0;
        for line in svg.lines().filter(|l| l.contains("stroke-dasharray")) {
            let num = |key: &str| -> i64 {
                let at = line.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
                line[at..].split('"').next().unwrap().parse().unwrap()
            };
            *ends.entry((num("x1"), num("y1"))).or_default() += 1;
            *ends.entry((num("x2"), num("y2"))).or_default() += 1;
            segments += 1;
        }
        assert!(segments > 81, "seed {seed}: {segments} segments");
        let open: Vec<_> = ends.iter().filter(|(_, &n)| n % 2 == 1).collect();
        assert!(open.is_empty(), "seed {seed}: loose ends at {open:?}");
    }
}
