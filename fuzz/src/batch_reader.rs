//! The check behind the `batch_reader` fuzz target, shared with the regression test in
//! `crates/sudoku/tests/it/fuzz_regressions.rs`: any bytes through the batch reader
//! (`sudoku::read::Reader`: format detection, one-line puzzles, grids, CSV, LeetCode boards),
//! never a panic. Entries come in line order, the killer reader takes the same bytes, and a
//! puzzle that reads writes back as a line that the reader reads as the same puzzle.

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
}
