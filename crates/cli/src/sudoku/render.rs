//! Why a puzzle is invalid, in the words of this command line (`FILE:LINE:COLUMN: ...`, with
//! the flag that reads a file otherwise); the library's printer (`sudoku::print`) writes the
//! records.

use sudoku::batch::Problem;
use sudoku::read::{Because, Entry, EntryError, Form, InputFormat, NotAPuzzle, ReadAs};
use sudoku::Shape;

/// Why a record is invalid (or how its solution differs), as a message: `FILE:LINE: ...`.
pub fn describe(problem: &Problem, entry: &Entry, name: &str) -> String {
    let line = entry.line;
    match problem {
        Problem::Unreadable(e) => describe_entry(e, entry, name, None),
        Problem::Variant(e) => format!("{name}:{line}: {e}"),
        Problem::Givens(e) => format!("{name}:{line}: {e}"),
        Problem::Grade(e) => format!("{name}:{line}: cannot grade: {e}"),
        Problem::Mismatch(m) => m.to_string(),
        _ => format!("{name}:{line}: {problem}"),
    }
}

/// Why an entry does not read, with its place in the file, and for a count of cells that fits
/// no grid how the file was read and what to pass to read it otherwise.
pub fn describe_entry(
    e: &EntryError,
    entry: &Entry,
    name: &str,
    box_shape: Option<Shape>,
) -> String {
    let line = entry.line;
    let parse = match e {
        EntryError::NotAPuzzle(NotAPuzzle::TooLong { bytes }) => {
            let what = if entry.form == Form::Leetcode {
                format!(
                    "the board is {bytes} bytes long; a LeetCode board of any size we solve is \
                     under 8 KiB"
                )
            } else {
                format!(
                    "the line is {bytes} bytes long; a puzzle line has at most {} bytes",
                    sudoku::read::MAX_LINE
                )
            };
            return format!("{name}:{line}: {what}");
        }
        EntryError::NotAPuzzle(_) => {
            return format!(
                "{name}:{line}:1: `{}` is a line of text, not a puzzle (a title is read as one \
                 only before a file's first puzzle, or before every puzzle)",
                crate::quote(&entry.text)
            );
        }
        EntryError::Parse(parse) => parse,
        _ => return format!("{name}:{line}: {e}"),
    };
    let what = match parse.kind {
        sudoku::ParseErrorKind::CellCount { found, .. } if box_shape.is_none() => no_box(found),
        _ => None,
    };
    let mut what = what.unwrap_or_else(|| parse.kind.to_string());
    if matches!(
        parse.kind,
        sudoku::ParseErrorKind::CellCount { .. } | sudoku::ParseErrorKind::DigitTooLarge { .. }
    ) {
        // A count that fits no grid is what a file read in the wrong format gives: say how
        // it was read, and how to read it otherwise.
        what = format!("{what} ({})", read_as(entry.read_as));
    }
    format!("{name}:{}:{}: {what}", parse.line, parse.column)
}

/// How an input was read, and how to read it otherwise, in this command line's words.
pub fn read_as(read_as: ReadAs) -> &'static str {
    match (read_as.because, read_as.format) {
        (Because::Given, InputFormat::Grid) => "read as grids, as --input says",
        (Because::Given, InputFormat::Csv) => "read as CSV, as --input says",
        (Because::Given, InputFormat::Leetcode) => "read as a LeetCode board, as --input says",
        (Because::Given, _) => "read as one puzzle per line, as --input says",
        (Because::Bracket, _) => "read as a LeetCode board, since the input starts with `[`",
        (Because::Fields, _) => {
            "read as CSV, since the first line has commas between fields that are not single \
             cells, or starts with a quote; --input line or --input grid reads the file otherwise"
        }
        (Because::Rows, _) => {
            "read as grids, since the first lines are rows rather than whole puzzles; --input \
             line reads one puzzle per line"
        }
        _ => {
            "read as one puzzle per line, since the first lines hold whole puzzles; --input grid \
             reads grids"
        }
    }
}

/// For a count of cells that makes an n x n grid with no box by default (n prime: 5x5, 7x7),
/// how to say its shape.
fn no_box(cells: usize) -> Option<String> {
    // 4 or 9 cells are more likely a stray line than a 2x2 or 3x3 grid.
    let n = (5..=sudoku::MAX_SIZE).find(|n| n * n == cells)?;
    Some(format!(
        "{cells} cells make a {n}x{n} grid, which has no box by default ({n} is prime): give \
         its box shape with --box 1x{n}, or its regions with --regions FILE"
    ))
}
