//! The check behind the `batch_reader` fuzz target, shared with the regression test in
//! `crates/sudoku/tests/it/fuzz_regressions.rs`: any bytes through the batch reader
//! (`sudoku::read::Reader`: format detection, one-line puzzles, grids, CSV, LeetCode boards),
//! never a panic. Entries come in line order, the killer reader takes the same bytes, and a
//! puzzle that reads writes back as a line that the reader reads as the same puzzle. Then the
//! batch's worker (`sudoku::batch::Solver`) takes every entry, as `dlx sudoku` and `dlx sudoku
//! rate` do, with the task the first byte picks (solve, prove unique, grade, count) and the
//! file's solutions compared: its record says what it found, and every solution it gives keeps
//! the givens and the rules.

use sudoku::batch::{Rules, Settings, Solver, Status, Task};
use sudoku::read::{Entry, InputFormat, KillerReader, ReadSettings, Reader};

const FORMATS: [InputFormat; 5] = [
    InputFormat::Auto,
    InputFormat::Line,
    InputFormat::Grid,
    InputFormat::Csv,
    InputFormat::Leetcode,
];

/// Runs the check for one input: the first byte picks the format; the rest is the file.
pub fn check(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let settings = ReadSettings::default().input(FORMATS[usize::from(mode) % FORMATS.len()]);
    let mut last = 0;
    let entries: Vec<Entry> = Reader::new(rest, settings).map_while(Result::ok).collect();
    for entry in &entries {
        assert!(
            entry.line > last,
            "entries out of order: line {}",
            entry.line
        );
        last = entry.line;
        let Ok((grid, symbols)) = entry.parse(None, None) else {
            continue;
        };
        let line = sudoku::to_line(&grid, symbols);
        let again: Vec<Entry> = Reader::new(line.as_bytes(), ReadSettings::default())
            .map_while(Result::ok)
            .collect();
        let [one] = &again[..] else {
            panic!("{line:?} reads as {} entries", again.len());
        };
        let read = one
            .parse(Some(grid.shape()), Some(symbols))
            .unwrap_or_else(|e| panic!("{line:?} does not read back: {e}"));
        assert_eq!(read.0, grid, "line round trip");
    }
    for entry in KillerReader::new(rest, mode & 8 != 0).map_while(Result::ok) {
        assert!(entry.line >= 1);
    }
    records(&entries, mode);
}

/// Every entry through the batch's worker: a record whose status, count and solutions agree.
fn records(entries: &[Entry], mode: u8) {
    let task = match (mode >> 4) & 3 {
        0 => Task::Solve,
        1 => Task::Unique,
        2 => Task::Rate {
            explain: mode & 0x40 != 0,
        },
        _ => Task::Count(3),
    };
    let settings = Settings::new(task).max_nodes(Some(20_000)).verify(true);
    let rules = Rules::default();
    let mut solver = Solver::new(&settings, &rules);
    for (k, entry) in entries.iter().enumerate() {
        let record = solver.solve(entry, k as u64 + 1);
        assert_eq!(record.line, entry.line);
        match record.status {
            Status::Invalid => assert!(record.error.is_some(), "an invalid record says why"),
            Status::Unique => assert_eq!(record.count, Some(1)),
            Status::Multiple => assert!(record.count.is_some_and(|c| c >= 2)),
            Status::Unsolvable => assert!(record.grids.is_empty()),
            Status::Solved | Status::Mismatch => assert!(!record.grids.is_empty()),
            _ => {}
        }
        if record.rating.is_some() {
            assert_eq!(
                record.status,
                Status::Unique,
                "only a unique puzzle is graded"
            );
        }
        let Some(puzzle) = &record.puzzle else {
            continue;
        };
        let Ok(sudoku) = rules.get(puzzle.shape()) else {
            continue;
        };
        for grid in &record.grids {
            assert!(grid.is_full(), "a solution with a blank");
            assert!(
                puzzle.givens().all(|(c, d)| grid.get(c) == d),
                "a solution that changes a given"
            );
            sudoku
                .check(grid)
                .unwrap_or_else(|e| panic!("a solution that breaks the rules: {e}"));
        }
    }
}
