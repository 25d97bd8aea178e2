//! Reading and writing puzzles: symbols, the line, grid and LeetCode formats, and the renderings.

use std::fmt::Write as _;

use crate::grid::Grid;
use crate::shape::{Shape, MAX_SIZE};

/// How digits are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symbols {
    /// `1-9`, then `A-Z` for 10 to 35 (`0` is a blank); for a 36x36 grid, `0-9` then `A-Z`
    /// as [`Symbols::Hex`] (see [`Symbols::for_size`]).
    #[default]
    Default,
    /// `0-9`, then `A-Z`: digit 1 is written `0` (hex sudoku, 16x16 as `0-F`).
    Hex,
    /// `A-Z`: digit 1 is `A` (`A-P` for 16x16, `A-Y` for 25x25; `0` is a blank).
    Letters,
}

impl Symbols {
    /// The symbols that write a grid of size `n`: `Default` is [`Symbols::Hex`] for 36x36 (36
    /// symbols, `0-9` then `A-Z`, as other solvers write them), itself otherwise.
    pub fn for_size(self, n: usize) -> Symbols {
        if self == Symbols::Default && n == 36 {
            Symbols::Hex
        } else {
            self
        }
    }

    /// The symbol of digit `d` (`1..=n`).
    pub fn symbol(self, d: u8) -> char {
        let d = u32::from(d);
        let k = match self {
            Symbols::Default => d,
            Symbols::Hex => d - 1,
            Symbols::Letters => d + 9,
        };
        char::from_digit(k, 36).map_or('?', |c| c.to_ascii_uppercase())
    }

    /// The digit a character stands for (letters in either case), if any.
    pub fn digit(self, c: char) -> Option<u8> {
        let k = c.to_digit(36)? as u8;
        match self {
            Symbols::Default => (k >= 1).then_some(k),
            Symbols::Hex => Some(k + 1),
            Symbols::Letters => (k >= 10).then(|| k - 9),
        }
    }

    /// Whether a character is a blank: `.`, `_`, `-`, `?`, `*`, and `0` unless it is a symbol.
    pub fn is_blank(self, c: char) -> bool {
        matches!(c, '.' | '_' | '-' | '?' | '*') || (c == '0' && self != Symbols::Hex)
    }
}

/// What went wrong reading a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The number of cells is not that of a supported grid.
    #[error("{}: expected {expected}", crate::plural(*found, "cell"))]
    CellCount {
        /// Cells found.
        found: usize,
        /// What sizes would fit, said for a person.
        expected: String,
    },
    /// A character that is neither a symbol nor a blank.
    #[error("unexpected character {ch:?}: expected a symbol or a blank (. 0 _ - ? *)")]
    UnknownChar {
        /// The character.
        ch: char,
    },
    /// A symbol for a digit larger than the grid's size.
    #[error("symbol {ch:?} stands for {digit}, beyond the {n} digits of a {n}x{n} grid")]
    DigitTooLarge {
        /// The symbol.
        ch: char,
        /// Its digit.
        digit: u8,
        /// The grid's size.
        n: usize,
    },
    /// A LeetCode board that is not an array of arrays of one-character strings.
    #[error("not a LeetCode board: {reason}")]
    Board {
        /// What is wrong.
        reason: String,
    },
}

/// A reading error, with where it happened (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line within the text given.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The sizes a count of cells could have been meant for, for the error message.
fn expected_sizes(shape: Option<Shape>) -> String {
    match shape {
        Some(s) => format!("{} for {s}", s.cells()),
        None => "81 for 9x9, or n² for another size: 16 (4x4), 36 (6x6), 64 (8x8), 144 (12x12), \
                 256 (16x16), 625 (25x25), up to 1296 (36x36)"
            .to_string(),
    }
}

/// Builds a grid from cells read with their positions.
fn grid_from(
    mut cells: Vec<(u8, char, usize, usize)>,
    shape: Option<Shape>,
    symbols: Symbols,
    end: (usize, usize),
) -> Result<Grid, ParseError> {
    let found = cells.len();
    let shape = match shape {
        Some(s) if s.cells() == found => s,
        None if Shape::from_cells(found).is_some() => Shape::from_cells(found).expect("checked"),
        _ => {
            let kind = ParseErrorKind::CellCount {
                found,
                expected: expected_sizes(shape),
            };
            return Err(ParseError {
                line: end.0,
                column: end.1,
                kind,
            });
        }
    };
    let n = shape.size();
    if symbols.for_size(n) != symbols {
        // 36x36 in the default symbols: `0-9A-Z`, `0` a digit (read as a blank until the size
        // was known).
        let hex = symbols.for_size(n);
        for cell in &mut cells {
            if !hex.is_blank(cell.1) {
                cell.0 = hex.digit(cell.1).expect("a symbol of 0-9A-Z");
            }
        }
    }
    if let Some(&(digit, ch, line, column)) = cells.iter().find(|c| c.0 as usize > n) {
        let kind = ParseErrorKind::DigitTooLarge { ch, digit, n };
        return Err(ParseError { line, column, kind });
    }
    Ok(Grid::from_cells(shape, cells.into_iter().map(|c| c.0).collect()).expect("checked"))
}

/// Reads one puzzle written on one line: `n²` symbols or blanks; anything after whitespace or
/// `#` is a comment. The size comes from the count unless `shape` is given.
pub fn parse_line(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    parse_line_with(text, shape, Symbols::Default)
}

/// [`parse_line`] with other symbols.
pub fn parse_line_with(
    text: &str,
    shape: Option<Shape>,
    symbols: Symbols,
) -> Result<Grid, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cells = Vec::new();
    let mut column = 0;
    for c in text.chars() {
        column += 1;
        if c.is_whitespace() || c == '#' {
            break;
        }
        let digit = read_cell(c, symbols, 1, column)?;
        cells.push((digit, c, 1, column));
    }
    grid_from(cells, shape, symbols, (1, column.max(1)))
}

fn read_cell(c: char, symbols: Symbols, line: usize, column: usize) -> Result<u8, ParseError> {
    if symbols.is_blank(c) {
        Ok(0)
    } else if let Some(d) = symbols.digit(c).filter(|&d| (d as usize) <= MAX_SIZE) {
        Ok(d)
    } else {
        Err(ParseError {
            line,
            column,
            kind: ParseErrorKind::UnknownChar { ch: c },
        })
    }
}

/// Whether a line of a grid is a separator (only `-`, `+`, `|`, `=` and blanks).
fn is_separator(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '|' | '=' | ' ' | '\t'))
}

/// Reads one puzzle drawn as a grid: rows of symbols with optional spaces and `|`, separator
/// lines of `-`, `+` and `|` (the HDU-1426 form, `7 1 2 ? 6 ? 3 5 8`, is one). `first_line` is
/// the line number of the first line of `text`, for messages.
pub fn parse_grid(
    text: &str,
    shape: Option<Shape>,
    symbols: Symbols,
    first_line: usize,
) -> Result<Grid, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cells = Vec::new();
    let mut end = (first_line, 1);
    for (k, line) in text.lines().enumerate() {
        let line_no = first_line + k;
        if line.trim().is_empty() || is_separator(line) {
            continue;
        }
        for (col, c) in line.chars().enumerate() {
            if c.is_whitespace() || c == '|' {
                continue;
            }
            let digit = read_cell(c, symbols, line_no, col + 1)?;
            cells.push((digit, c, line_no, col + 1));
        }
        end = (line_no, line.chars().count() + 1);
    }
    grid_from(cells, shape, symbols, end)
}

/// Reads a LeetCode board: a JSON array of `n` arrays of `n` one-character strings, `"."` for a
/// blank. (Feature `leetcode`, on by default.)
#[cfg(feature = "leetcode")]
pub fn parse_leetcode(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let board = |reason: String| ParseError {
        line: 1,
        column: 1,
        kind: ParseErrorKind::Board { reason },
    };
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ParseError {
        line: e.line(),
        column: e.column(),
        kind: ParseErrorKind::Board {
            reason: e.to_string(),
        },
    })?;
    let rows = value
        .as_array()
        .ok_or_else(|| board("expected an array of rows".into()))?;
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| board(format!("row {} is not an array", r + 1)))?;
        for (c, cell) in row.iter().enumerate() {
            let s = cell
                .as_str()
                .filter(|s| s.chars().count() == 1)
                .ok_or_else(|| {
                    board(format!(
                        "row {}, cell {} is not a one-character string",
                        r + 1,
                        c + 1
                    ))
                })?;
            let ch = s.chars().next().expect("one character");
            let digit = read_cell(ch, Symbols::Default, r + 1, c + 1)?;
            cells.push((digit, ch, r + 1, c + 1));
        }
    }
    grid_from(cells, shape, Symbols::Default, (1, 1))
}

/// The grid as one line of symbols, `.` for a blank.
pub fn to_line(grid: &Grid, symbols: Symbols) -> String {
    let symbols = symbols.for_size(grid.shape().size());
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { symbols.symbol(d) })
        .collect()
}

/// The grid as rows of space-separated symbols (as HDU-1426 prints it), each row ending in a
/// newline.
pub fn to_grid(grid: &Grid, symbols: Symbols) -> String {
    let n = grid.shape().size();
    let symbols = symbols.for_size(n);
    let mut out = String::new();
    for row in grid.cells().chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&d| if d == 0 { '.' } else { symbols.symbol(d) }.to_string())
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// The grid drawn with box-drawing characters, for a person.
pub fn to_pretty(grid: &Grid, symbols: Symbols) -> String {
    let shape = grid.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let symbols = symbols.for_size(n);
    let segment = "─".repeat(2 * bc + 1);
    let rule = |left: &str, mid: &str, right: &str| {
        let mut s = String::from(left);
        for k in 0..n / bc {
            if k > 0 {
                s.push_str(mid);
            }
            s.push_str(&segment);
        }
        s.push_str(right);
        s.push('\n');
        s
    };
    let mut out = rule("┌", "┬", "┐");
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r > 0 && r % br == 0 {
            out.push_str(&rule("├", "┼", "┤"));
        }
        out.push('│');
        for (c, &d) in row.iter().enumerate() {
            if c > 0 && c % bc == 0 {
                out.push_str(" │");
            }
            let _ = write!(out, " {}", if d == 0 { '.' } else { symbols.symbol(d) });
        }
        out.push_str(" │\n");
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

/// The grid as a LeetCode board (JSON), on one line. (Feature `leetcode`, on by default.)
#[cfg(feature = "leetcode")]
pub fn to_leetcode(grid: &Grid, symbols: Symbols) -> String {
    let n = grid.shape().size();
    let symbols = symbols.for_size(n);
    let rows: Vec<Vec<String>> = grid
        .cells()
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&d| {
                    if d == 0 {
                        ".".to_string()
                    } else {
                        symbols.symbol(d).to_string()
                    }
                })
                .collect()
        })
        .collect();
    serde_json::to_string(&rows).expect("strings serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for symbols in [Symbols::Default, Symbols::Hex, Symbols::Letters] {
            let top = if symbols == Symbols::Letters { 26 } else { 35 };
            for d in 1..=top {
                let c = symbols.symbol(d);
                assert_eq!(symbols.digit(c), Some(d), "{symbols:?} {d} {c}");
                assert_eq!(symbols.digit(c.to_ascii_lowercase()), Some(d));
                assert!(!symbols.is_blank(c));
            }
        }
        assert!(Symbols::Default.is_blank('0') && !Symbols::Hex.is_blank('0'));
        // Found by the fuzz target: digits are not letters (and must not underflow).
        assert_eq!(Symbols::Letters.digit('2'), None);
        assert_eq!(Symbols::Default.digit('%'), None);
    }

    #[test]
    fn line_errors_have_columns() {
        let e = parse_line("1234%", None).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 5, ParseErrorKind::UnknownChar { ch: '%' })
        );
        let e = parse_line("123", None).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::CellCount { found: 3, .. }));
        let e = parse_line("5...............", None).unwrap_err();
        assert_eq!(e.column, 1);
        assert!(matches!(
            e.kind,
            ParseErrorKind::DigitTooLarge { digit: 5, n: 4, .. }
        ));
    }
}
