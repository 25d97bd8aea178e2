//! The check behind the `sudoku_parsers` fuzz target, shared with the regression test in
//! `crates/sudoku/tests/it/fuzz_regressions.rs`: any bytes through every sudoku reader (and a
//! generator's checkpoint), never a panic; what a reader accepts prints and reads back the
//! same, and small grids are checked and searched (briefly) without a panic, by every method,
//! which must agree with Dancing Links wherever both finish.

use sudoku::{Method, PuzzleReader, Sudoku, Symbols, Variant};

/// Runs every reader over `data`.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // The readers that detect the symbols: what they read writes back, in the symbols they
    // found, and reads back the same (as a line and as a grid).
    let detected = [
        PuzzleReader::new().line(&text).ok(),
        PuzzleReader::new().grid(&text).ok(),
    ];
    for (grid, symbols) in detected.into_iter().flatten() {
        let line = sudoku::to_line(&grid, symbols);
        let read = PuzzleReader::new()
            .shape(Some(grid.shape()))
            .symbols(Some(symbols));
        let again = read
            .line(&line)
            .unwrap_or_else(|e| panic!("{line:?} does not read back: {e}"))
            .0;
        assert_eq!(again, grid, "detected line round trip");
        let drawn = sudoku::to_grid(&grid, symbols);
        let again = read
            .grid(&drawn)
            .unwrap_or_else(|e| panic!("{drawn:?} does not read back: {e}"))
            .0;
        assert_eq!(again, grid, "detected grid round trip");
    }
    for symbols in [Symbols::Default, Symbols::Hex, Symbols::Letters] {
        let read = PuzzleReader::new().symbols(Some(symbols));
        let grids = [
            read.line(&text).ok().map(|(g, _)| g),
            read.grid(&text).ok().map(|(g, _)| g),
        ];
        for grid in grids.into_iter().flatten() {
            let line = sudoku::to_line(&grid, symbols);
            let again = read
                .shape(Some(grid.shape()))
                .line(&line)
                .unwrap_or_else(|e| panic!("{line:?} does not read back: {e}"))
                .0;
            assert_eq!(again, grid, "line round trip");
            if grid.shape().size() <= 9 {
                let rules = Sudoku::new(grid.shape(), Variant::default()).expect("default rules");
                let mut solver = rules.solver();
                let limits = dlx::Limits::none().nodes(10_000);
                match rules.check(&grid) {
                    Ok(()) => {
                        let found = solver
                            .search(&grid, 2, limits.clone().solutions(2))
                            .expect("checked");
                        assert!(found.grids.len() as u64 <= found.count);
                        for &method in Method::ALL {
                            let theirs = rules
                                .method_solver(method)
                                .search(&grid, 2, limits.clone().solutions(2))
                                .expect("checked");
                            assert!(theirs.stats.nodes <= 10_000, "{method}");
                            let finished = |f: &sudoku::Found| {
                                f.is_complete()
                                    || f.stopped == Some(sudoku::StopReason::SolutionLimit)
                            };
                            if finished(&found) && finished(&theirs) {
                                assert_eq!(theirs.count, found.count, "{method}");
                                if found.count == 1 {
                                    assert_eq!(theirs.grids, found.grids, "{method}");
                                }
                            }
                        }
                    }
                    Err(_) => assert!(solver.search(&grid, 2, limits.solutions(2)).is_err()),
                }
            }
        }
    }
    if let Ok((grid, _)) = PuzzleReader::new().leetcode(&text) {
        let board = sudoku::to_leetcode(&grid, Symbols::Default);
        assert_eq!(
            PuzzleReader::new().leetcode(&board).ok().map(|(g, _)| g),
            Some(grid),
            "board round trip"
        );
    }
    // A generator's checkpoint (of classic 9x9 puzzles): what reads writes back the same.
    let classic = Sudoku::classic();
    if let Ok(checkpoint) = sudoku::Checkpoint::read(&text, &classic) {
        let again = sudoku::Checkpoint::read(&checkpoint.to_text(&classic), &classic);
        assert_eq!(again, Ok(checkpoint), "checkpoint round trip");
    }
}
