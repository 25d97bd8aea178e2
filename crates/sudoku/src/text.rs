//! Reading and writing puzzles: symbols, the line, grid and LeetCode formats, and the renderings.

use std::fmt::Write as _;

use crate::grid::Grid;
use crate::shape::Shape;

/// How digits are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symbols {
    /// `1-9`, then `A-Z` for 10 to 35 (`0` is a blank); for a 36x36 grid, `0-9` then `A-Z`
    /// as [`Symbols::Hex`] (see [`Symbols::for_size`]).
    #[default]
    Default,
    /// `0-9`, then `A-Z`: digit 1 is written `0` (hex sudoku, 16x16 as `0-F`).
    Hex,
    /// `A-Z`: digit 1 is `A` (`A-P` for 16x16, `A-Y` for 25x25; `0` is a blank).
    Letters,
    /// Numbers, one token per cell (`1 0 13 16`, `0` a blank): how grids beyond 36x36 are
    /// written, and any size on request.
    Numbers,
}

impl Symbols {
    /// The symbols that write a grid of size `n`: `Default` is [`Symbols::Hex`] for 36x36 (36
    /// symbols, `0-9` then `A-Z`, as other solvers write them); a set with fewer symbols than
    /// `n` (`Default` beyond 36, `Letters` beyond 26) is [`Symbols::Numbers`]; else itself.
    pub fn for_size(self, n: usize) -> Symbols {
        match self {
            Symbols::Default if n == 36 => Symbols::Hex,
            Symbols::Default | Symbols::Hex if n > 36 => Symbols::Numbers,
            Symbols::Letters if n > 26 => Symbols::Numbers,
            s => s,
        }
    }

    /// Digit `d` as written: its symbol, or its number for [`Symbols::Numbers`] (or a digit
    /// beyond the set).
    pub fn label(self, d: u8) -> String {
        match self {
            Symbols::Numbers => d.to_string(),
            _ => match self.symbol(d) {
                '?' => d.to_string(),
                c => c.to_string(),
            },
        }
    }

    /// The symbol of digit `d` (`1..=n`).
    pub fn symbol(self, d: u8) -> char {
        let d = u32::from(d);
        let k = match self {
            Symbols::Default => d,
            Symbols::Hex => d - 1,
            Symbols::Letters => d + 9,
            Symbols::Numbers if d < 10 => d,
            Symbols::Numbers => return '?',
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
            Symbols::Numbers => (1..10).contains(&k).then_some(k),
        }
    }

    /// Whether a character is a blank: `.`, `_`, `-`, `?`, `*`, and `0` unless it is a symbol.
    /// (`x` and `X` are blanks too where the size makes them no symbol: the readers see to it.)
    pub fn is_blank(self, c: char) -> bool {
        is_blank_char(c) || (c == '0' && self != Symbols::Hex)
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
    #[error("unexpected character {ch:?}: expected a symbol or a blank (. _ - ? * x, and 0 below 36x36)")]
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
    /// A token that is not one cell, in a row written one cell per token.
    #[error("`{token}` is not one cell: in a row written one cell per token (comma-separated, or numbers), each is a symbol, a blank or a number")]
    Token {
        /// The token.
        token: String,
    },
    /// A number larger than the grid's size.
    #[error("{number} is beyond the {n} digits of a {n}x{n} grid")]
    NumberTooLarge {
        /// The number.
        number: u32,
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
                 256 (16x16), 625 (25x25), 1296 (36x36), up to 4096 (64x64)"
            .to_string(),
    }
}

/// One cell as written, before the size and symbols are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// `.`, `_`, `-`, `?`, `*`, or an empty field of a comma-separated row.
    Blank,
    /// A letter or a decimal digit: a symbol, or a blank (`0`, `x`) where it cannot be one.
    Char(char),
    /// A number of two or more digits, in a row written one cell per token (`10 0 3 16`).
    Number(u32),
}

/// A cell read, with where it was (1-based line and column, in characters).
#[derive(Clone, Copy, Debug)]
struct Raw {
    tok: Tok,
    line: usize,
    column: usize,
}

/// `|` and the box-drawing characters (`│`, `┼`, what [`to_pretty`] draws): lines between
/// boxes, not cells.
fn is_rule(c: char) -> bool {
    c == '|' || ('\u{2500}'..='\u{257f}').contains(&c)
}

fn is_blank_char(c: char) -> bool {
    matches!(c, '.' | '_' | '-' | '?' | '*')
}

fn is_cell_char(c: char) -> bool {
    is_blank_char(c) || c.is_ascii_alphanumeric()
}

/// Where a comment starts in a line (`#`, `;` or `//`), as a byte offset; the length if none.
fn comment_start(line: &str) -> usize {
    let b = line.as_bytes();
    (0..b.len())
        .find(|&i| b[i] == b'#' || b[i] == b';' || (b[i] == b'/' && b.get(i + 1) == Some(&b'/')))
        .unwrap_or(b.len())
}

/// Whether a line is a comment: its first non-blank characters are `#`, `;` or `//`.
pub fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    !t.is_empty() && comment_start(t) == 0
}

/// The whitespace-separated tokens of `body`, each with the 1-based column of its first
/// character; tokens made only of `|` are left out (box separators inside a row).
fn tokens(body: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    let mut start_col = 0;
    for (i, c) in body.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((start_col, &body[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
            start_col = column;
        }
    }
    if let Some(s) = start {
        out.push((start_col, &body[s..]));
    }
    out.retain(|(_, t)| !t.chars().all(is_rule));
    out
}

/// Whether a token after a row's cells starts a comment written without `#`: it starts with a
/// character that cannot be in a row (`<-`, `(row 1)`), or it is a word (two letters in a row,
/// one of them lower case, not only `x`) in a row whose first token has no lower case letter
/// (so `row 3` ends a row of digits, while rows written in lower case letters stay whole).
fn is_comment_word(token: &str, first_lower: bool) -> bool {
    let Some(c0) = token.chars().next() else {
        return false;
    };
    if !is_cell_char(c0) && !is_rule(c0) {
        return true;
    }
    if first_lower {
        return false;
    }
    let b = token.as_bytes();
    b.windows(2).any(|w| {
        w[0].is_ascii_alphabetic()
            && w[1].is_ascii_alphabetic()
            && (w[0].is_ascii_lowercase() || w[1].is_ascii_lowercase())
            && !(w[0].eq_ignore_ascii_case(&b'x') && w[1].eq_ignore_ascii_case(&b'x'))
    })
}

/// A decimal number of two digits without a leading zero: one cell of a row written one token
/// per cell (`10`, `16`). Three digits are never one cell (the largest grid has 64 digits), but
/// a box of a row written with spaces between boxes (`293 468 157`).
fn is_number(token: &str) -> bool {
    token.len() == 2 && token.bytes().all(|b| b.is_ascii_digit()) && !token.starts_with('0')
}

/// One cell written as one token (a field of a comma-separated row, or a token of a row of
/// numbers): a blank, a symbol, or a number.
fn token_cell(token: &str, line: usize, column: usize) -> Result<Raw, ParseError> {
    let raw = |tok| Raw { tok, line, column };
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(raw(Tok::Blank)),
        (Some(c), None) => char_cell(c, line, column),
        _ if token.len() <= 3 && token.bytes().all(|b| b.is_ascii_digit()) => {
            let v: u32 = token.parse().expect("digits");
            Ok(raw(if v < 10 {
                Tok::Char(char::from_digit(v, 10).expect("a digit"))
            } else {
                Tok::Number(v)
            }))
        }
        _ => Err(ParseError {
            line,
            column,
            kind: ParseErrorKind::Token {
                token: token.to_string(),
            },
        }),
    }
}

fn char_cell(c: char, line: usize, column: usize) -> Result<Raw, ParseError> {
    let tok = if is_blank_char(c) {
        Tok::Blank
    } else if c.is_ascii_alphanumeric() {
        Tok::Char(c)
    } else {
        return Err(ParseError {
            line,
            column,
            kind: ParseErrorKind::UnknownChar { ch: c },
        });
    };
    Ok(Raw { tok, line, column })
}

/// Whether `cells` cells make a grid of a size we read (`n²`, `n` from 4 to [`MAX_SIZE`]).
///
/// [`MAX_SIZE`]: crate::MAX_SIZE
fn is_square_count(cells: usize) -> bool {
    (4..=crate::MAX_SIZE).any(|n| n * n == cells)
}

/// The puzzle in a one-line token: the whole token, or, when the whole does not count the cells
/// of a grid, its longest part before a `|` or a `,` that does (`<81 cells>|comment`,
/// `<81 cells>,comment`: the delimiter and what follows are a comment, while a `|` between
/// boxes, `..3|.2.|6..`, stays inside the puzzle).
fn puzzle_token(token: &str) -> &str {
    let mut cells = 0;
    let mut longest = None;
    for (at, c) in token.char_indices() {
        if c == '|' || c == ',' {
            if is_square_count(cells) {
                longest = Some(at);
            }
            if c == ',' {
                break;
            }
        } else {
            cells += 1;
        }
    }
    match longest {
        Some(at) if !is_square_count(cells) || token.contains(',') => &token[..at],
        _ => token,
    }
}

/// Reads the cells of one row of a grid, or of a puzzle on one line (`one_line`), into `out`:
/// what follows `#`, `;` or `//` is a comment, and so is text after the cells (see
/// [`is_comment_word`]). A row holding a comma is read one cell per field (an empty field is a
/// blank); a row of numbers, some of two digits, one cell per token. On one line, the puzzle is
/// its first token (the rest is a comment), unless that token is a single cell and at least
/// four follow: then each token is a cell (`5 3 0 0 7 0 ...`).
fn scan_row(
    line: &str,
    line_no: usize,
    one_line: bool,
    out: &mut Vec<Raw>,
) -> Result<(), ParseError> {
    let body = &line[..comment_start(line)];
    if one_line {
        // The common case, a puzzle as one token of two characters or more (`53..7....6..`):
        // its characters, the rest of the line a comment. (A single cell first may be the
        // start of a puzzle written one token per cell: below.) A first field of more than
        // three characters before a comma is such a token too, not a cell of a comma-separated
        // row: `53..7....6..,comment`.
        let t = body.trim_start();
        let first = t.split(char::is_whitespace).next().unwrap_or("");
        let field = first.split(',').next().unwrap_or("");
        if (!body.contains(',') && first.len() > 1) || field.chars().count() > 3 {
            let lead = body[..body.len() - t.len()].chars().count();
            for (k, c) in puzzle_token(first).chars().enumerate() {
                if !is_rule(c) {
                    out.push(char_cell(c, line_no, lead + k + 1)?);
                }
            }
            return Ok(());
        }
    }
    if body.contains(',') {
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut column = 1;
        for field in body.split(',') {
            let lead = field.len() - field.trim_start_matches([' ', '\t', '"', '|']).len();
            let t = field.trim_matches([' ', '\t', '"', '|', '\r']);
            fields.push((column + field[..lead].chars().count(), t));
            column += field.chars().count() + 1;
        }
        // `7,8,0,` as a program prints rows: the field after the last comma is no cell, unless
        // the row has other empty fields (a spreadsheet's empty cells).
        if fields.len() > 1
            && fields.last().is_some_and(|f| f.1.is_empty())
            && fields[..fields.len() - 1].iter().all(|f| !f.1.is_empty())
        {
            fields.pop();
        }
        if fields.len() == 1 && fields[0].1.is_empty() {
            return Ok(());
        }
        for (column, field) in fields {
            out.push(token_cell(field, line_no, column)?);
        }
        return Ok(());
    }
    let mut toks = tokens(body);
    let Some(first) = toks.first() else {
        return Ok(());
    };
    let first_lower = first.1.bytes().any(|b| b.is_ascii_lowercase());
    if !one_line && first.1.trim_matches(is_rule).contains(is_rule) {
        // `__3|_2_|6__ a comment`: a row drawn with `|` between its boxes and no space is its
        // first token; what follows is a comment (the block format of the `sudoku` crate).
        toks.truncate(1);
    } else if let Some(k) = (1..toks.len()).find(|&k| is_comment_word(toks[k].1, first_lower)) {
        toks.truncate(k);
    }
    let one_cell = |t: &str| t.chars().count() == 1;
    let by_token = if one_line {
        toks.len() >= 5 && (one_cell(toks[0].1) || is_number(toks[0].1))
    } else {
        // A row of one token is its characters (`12` is two cells, not the number twelve).
        toks.len() > 1
            && toks.iter().any(|t| is_number(t.1))
            && toks.iter().all(|t| is_number(t.1) || one_cell(t.1))
    };
    if by_token {
        for (column, t) in toks {
            out.push(token_cell(t, line_no, column)?);
        }
        return Ok(());
    }
    if one_line {
        toks.truncate(1);
    }
    for (start, t) in toks {
        for (k, c) in t.chars().enumerate() {
            if !is_rule(c) {
                out.push(char_cell(c, line_no, start + k)?);
            }
        }
    }
    Ok(())
}

/// The cells of a puzzle written on one line, as [`parse_line`] reads it (0 if it cannot be
/// read): for readers that tell one-line puzzles from grid rows.
pub fn line_cells(line: &str) -> usize {
    let mut out = Vec::new();
    scan_row(line, 1, true, &mut out).map_or(0, |_| out.len())
}

/// The cells of a line as a row of a grid, as [`PuzzleReader::grid`] reads it: 0 for a blank line, a
/// comment or a separator line (`-`, `+`, `|`, `=`); for a line with a bad character, a cell per
/// character (at least 1: a bad line is a bad row, not nothing).
pub fn row_cells(line: &str) -> usize {
    if is_separator(line) {
        return 0;
    }
    let mut out = Vec::new();
    match scan_row(line, 1, false, &mut out) {
        Ok(_) => out.len(),
        // A row, if a bad one (its reader will say what is wrong): a cell per character, as
        // wide as it would be with the bad one mended.
        Err(_) => line[..comment_start(line)]
            .chars()
            .filter(|&c| !c.is_whitespace() && !is_rule(c))
            .count()
            .max(1),
    }
}

/// Whether a line reads as a title rather than a row (`Grid 01`, `Puzzle 3: hard`): it holds a
/// word (two letters in a row, one lower case, not only `x`) and starts with a letter. A reader
/// takes it as a title only where its width differs from the rows after it.
pub fn is_title(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(|c: char| c.is_ascii_alphabetic())
        && t.split_whitespace().any(|w| {
            w.starts_with(|c: char| c.is_ascii_alphanumeric()) && is_comment_word(w, false)
        })
}

/// The symbols a puzzle of size `n` was written in, from the characters of its cells: letters
/// and no digit `1-9` are [`Symbols::Letters`] (`A-P` for 16x16); `0` beside another blank
/// (`.`) is [`Symbols::Hex`] (`0-F`), from 10x10 up, and so is a full grid in which each of
/// `0` to the `n`-th symbol appears `n` times; 36x36 is `0-9A-Z`; beyond 36, numbers; else the
/// default. A reading that would put a symbol beyond `n` is not chosen.
fn detect_symbols(cells: &[Raw], n: usize) -> Symbols {
    let (mut digits, mut zero, mut letters, mut blank, mut numbers) =
        (false, false, false, false, false);
    for cell in cells {
        match cell.tok {
            Tok::Blank => blank = true,
            Tok::Number(_) => numbers = true,
            Tok::Char('0') => zero = true,
            Tok::Char('1'..='9') => digits = true,
            Tok::Char('x' | 'X') => {}
            Tok::Char(_) => letters = true,
        }
    }
    if n > 36 {
        return Symbols::Numbers;
    }
    if numbers {
        return Symbols::Default;
    }
    if n == 36 {
        return Symbols::Hex;
    }
    // The largest digit a reading gives, and how often each symbol appears in hex.
    let fits = |symbols: Symbols| {
        cells.iter().all(|cell| match cell.tok {
            Tok::Char('x' | 'X') | Tok::Blank | Tok::Number(_) => true,
            Tok::Char(c) => symbols.digit(c).is_some_and(|d| usize::from(d) <= n),
        })
    };
    if letters && !digits && fits(Symbols::Letters) {
        return Symbols::Letters;
    }
    if zero && n >= 10 && fits(Symbols::Hex) {
        let full = || {
            let mut counts = [0usize; 37];
            for cell in cells {
                if let Tok::Char(c) = cell.tok {
                    counts[usize::from(Symbols::Hex.digit(c).unwrap_or(0))] += 1;
                }
            }
            counts[1..=n].iter().all(|&k| k == n)
        };
        if blank || full() {
            return Symbols::Hex;
        }
    }
    Symbols::Default
}

/// Builds a grid from cells read with their positions, in `symbols` or those detected.
fn grid_from(
    cells: Vec<Raw>,
    shape: Option<Shape>,
    symbols: Option<Symbols>,
    end: (usize, usize),
) -> Result<(Grid, Symbols), ParseError> {
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
    let symbols = match symbols {
        Some(s) => s.for_size(n),
        None => detect_symbols(&cells, n),
    };
    let mut digits = Vec::with_capacity(found);
    for cell in cells {
        let too_large = |ch, digit| ParseError {
            line: cell.line,
            column: cell.column,
            kind: ParseErrorKind::DigitTooLarge { ch, digit, n },
        };
        let d = match cell.tok {
            Tok::Blank => 0,
            Tok::Number(v) if v as usize > n => {
                return Err(ParseError {
                    line: cell.line,
                    column: cell.column,
                    kind: ParseErrorKind::NumberTooLarge { number: v, n },
                })
            }
            Tok::Number(v) => v as u8,
            Tok::Char(c) => match symbols.digit(c) {
                // `x` is a blank where it is no symbol of this size.
                _ if matches!(c, 'x' | 'X')
                    && symbols.digit(c).is_none_or(|d| usize::from(d) > n) =>
                {
                    0
                }
                _ if symbols.is_blank(c) => 0,
                Some(d) if usize::from(d) > n => return Err(too_large(c, d)),
                Some(d) => d,
                None => {
                    return Err(ParseError {
                        line: cell.line,
                        column: cell.column,
                        kind: ParseErrorKind::UnknownChar { ch: c },
                    })
                }
            },
        };
        digits.push(d);
    }
    Ok((Grid::from_cells(shape, digits).expect("checked"), symbols))
}

/// Reads one puzzle's text: on one line, as a grid, or as a LeetCode board; in the symbols and
/// shape given, or those found. (Whole files of puzzles, their format detected, are
/// [`crate::read::Reader`]'s.)
///
/// ```
/// use sudoku::{PuzzleReader, Symbols};
/// // Symbols detected: letters only are `A-Z` (`A` is 1), and the answer is written in them.
/// let (grid, symbols) = PuzzleReader::new().line("A...B.....C..D..")?;
/// assert_eq!((grid.cells()[0], symbols), (1, Symbols::Letters));
/// // A grid, its rows numbered from line 10 in messages.
/// let e = PuzzleReader::new().first_line(10).grid("12\n3x\n").unwrap_err();
/// assert_eq!(e.line, 11);
/// # Ok::<(), sudoku::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleReader {
    shape: Option<Shape>,
    symbols: Option<Symbols>,
    first_line: usize,
}

impl Default for PuzzleReader {
    fn default() -> Self {
        PuzzleReader::new()
    }
}

impl PuzzleReader {
    /// A reader that finds the shape from the number of cells and detects the symbols.
    pub fn new() -> PuzzleReader {
        PuzzleReader {
            shape: None,
            symbols: None,
            first_line: 1,
        }
    }

    /// The shape (`None`: from the number of cells, `n²`).
    pub fn shape(mut self, shape: Option<Shape>) -> PuzzleReader {
        self.shape = shape;
        self
    }

    /// The symbols (`None`: detected from the puzzle where that is unambiguous: letters only
    /// are `A-Z`; `0` beside `.` blanks from 10x10 up, `0-9A-Z`; else the default).
    pub fn symbols(mut self, symbols: Option<Symbols>) -> PuzzleReader {
        self.symbols = symbols;
        self
    }

    /// The line number of the text's first line, for messages (1 by default).
    pub fn first_line(mut self, line: usize) -> PuzzleReader {
        self.first_line = line;
        self
    }

    /// Reads one puzzle written on one line: `n²` symbols or blanks (`|` between boxes
    /// allowed); anything after whitespace, `#`, `;` or `//` is a comment, and so is what
    /// follows a `|` or `,` right after a whole puzzle. Or one token per cell: `n²` tokens
    /// separated by commas (an empty field is a blank), or by spaces (`5 3 0 0 7 ...`; numbers
    /// of two digits for sizes from 10). Returns the grid and the symbols it was read in.
    pub fn line(&self, text: &str) -> Result<(Grid, Symbols), ParseError> {
        read_line(text, self.shape, self.symbols).map_err(|e| ParseError {
            line: e.line + self.first_line - 1,
            ..e
        })
    }

    /// Reads one puzzle drawn as a grid: rows of symbols with optional spaces and `|`,
    /// separator lines of `-`, `+` and `|` (the HDU-1426 form, `7 1 2 ? 6 ? 3 5 8`, is one),
    /// blank and comment lines anywhere (between bands too), rows of comma-separated cells
    /// (`7,8,0,...`) or of numbers (`10 0 3 16 ...`), a comment after a row (`#`, `;`, `//`, or
    /// words: `row 3`), and a title line first (`Grid 01`).
    pub fn grid(&self, text: &str) -> Result<(Grid, Symbols), ParseError> {
        read_grid(text, self.shape, self.symbols, self.first_line)
    }

    /// Reads a LeetCode board: a JSON array of `n` arrays of `n` one-character strings, `"."`
    /// for a blank, in the default symbols. (Feature `leetcode`, on by default.)
    #[cfg(feature = "leetcode")]
    pub fn leetcode(&self, text: &str) -> Result<(Grid, Symbols), ParseError> {
        read_leetcode(text, self.shape).map_err(|e| ParseError {
            line: e.line + self.first_line - 1,
            ..e
        })
    }
}

/// Reads one puzzle written on one line in the default symbols ([`PuzzleReader::line`], which
/// takes other symbols and detects them). The size comes from the count unless `shape` is given.
pub fn parse_line(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    read_line(text, shape, Some(Symbols::Default)).map(|(g, _)| g)
}

fn read_line(
    text: &str,
    shape: Option<Shape>,
    symbols: Option<Symbols>,
) -> Result<(Grid, Symbols), ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.lines().next().unwrap_or("");
    if let Some(read) = read_plain_line(text, shape, symbols) {
        return Ok(read);
    }
    let mut cells = Vec::with_capacity(81);
    scan_row(text, 1, true, &mut cells)?;
    let end = cells.last().map_or(1, |c| c.column);
    grid_from(cells, shape, symbols, (1, end))
}

/// The common case of [`read_line`] in one pass: a puzzle of up to 9x9 written in `0-9` and
/// `.`, the rest of the line blank or a comment. `None` for anything else (and for any error),
/// which the general reader then reads, with the same result.
fn read_plain_line(
    text: &str,
    shape: Option<Shape>,
    symbols: Option<Symbols>,
) -> Option<(Grid, Symbols)> {
    if matches!(symbols, Some(Symbols::Hex | Symbols::Letters)) {
        return None;
    }
    let b = text.trim_start().as_bytes();
    let len = b
        .iter()
        .position(|c| !matches!(c, b'0'..=b'9' | b'.'))
        .unwrap_or(b.len());
    if b.get(len)
        .is_some_and(|&c| !c.is_ascii_whitespace() && c != b'#' && c != b';')
    {
        return None;
    }
    let shape = match shape {
        Some(s) if s.cells() == len => s,
        None if len <= 81 => Shape::from_cells(len)?,
        _ => return None,
    };
    let n = shape.size() as u8;
    let mut digits = Vec::with_capacity(len);
    for &c in &b[..len] {
        let d = if c == b'.' { 0 } else { c - b'0' };
        if d > n {
            return None;
        }
        digits.push(d);
    }
    let symbols = symbols.unwrap_or_default().for_size(shape.size());
    Some((Grid::from_cells(shape, digits)?, symbols))
}

/// Whether a line of a grid is a separator: only `-`, `+`, `|`, `=`, box-drawing characters
/// and blanks; or a first token of those followed by a comment (`---+---+--- band 2`, as the
/// `sudoku` crate's block format allows), where the token holds a `+` or `=` or the comment is
/// words (a run of `-` alone could be a row of blanks).
fn is_separator(line: &str) -> bool {
    let t = line.trim();
    let rule = |c: char| matches!(c, '-' | '+' | '=') || is_rule(c);
    if t.is_empty() {
        return false;
    }
    if t.chars().all(|c| rule(c) || c == ' ' || c == '\t') {
        return true;
    }
    let mut words = t.split_whitespace();
    let first = words.next().unwrap_or("");
    first.chars().all(rule)
        && (first.contains(['+', '=']) || words.next().is_some_and(|w| is_comment_word(w, false)))
}

fn read_grid(
    text: &str,
    shape: Option<Shape>,
    symbols: Option<Symbols>,
    first_line: usize,
) -> Result<(Grid, Symbols), ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (first_line + k, l))
        .filter(|(_, l)| !l.trim().is_empty() && !is_separator(l) && !is_comment(l))
        .collect();
    // A title first: a line that reads as one, as wide as no row after it.
    let skip = usize::from(
        rows.len() > 1
            && is_title(rows[0].1)
            && rows[1..]
                .iter()
                .all(|r| row_cells(r.1) != row_cells(rows[0].1)),
    );
    let mut cells = Vec::new();
    let mut end = (first_line, 1);
    for &(line_no, line) in &rows[skip..] {
        scan_row(line, line_no, false, &mut cells)?;
        end = (line_no, line.chars().count() + 1);
    }
    grid_from(cells, shape, symbols, end)
}

/// [`PuzzleReader::leetcode`].
#[cfg(feature = "leetcode")]
fn read_leetcode(text: &str, shape: Option<Shape>) -> Result<(Grid, Symbols), ParseError> {
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
                .filter(|s| (1..=3).contains(&s.chars().count()))
                .ok_or_else(|| {
                    board(format!(
                        "row {}, cell {} is not a string of one symbol (or a number)",
                        r + 1,
                        c + 1
                    ))
                })?;
            // A cell is one symbol, or a number beyond 36x36 (`"12"`).
            cells.push(token_cell(s, r + 1, c + 1)?);
        }
    }
    grid_from(cells, shape, Some(Symbols::Default), (1, 1))
}

/// The grid as one line of symbols, `.` for a blank; in [`Symbols::Numbers`] (beyond 36x36),
/// numbers separated by spaces, `0` for a blank.
pub fn to_line(grid: &Grid, symbols: Symbols) -> String {
    let symbols = symbols.for_size(grid.shape().size());
    if symbols == Symbols::Numbers {
        let cells: Vec<String> = grid.cells().iter().map(|d| d.to_string()).collect();
        return cells.join(" ");
    }
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { symbols.symbol(d) })
        .collect()
}

/// The grid as rows of space-separated symbols (as HDU-1426 prints it), each row ending in a
/// newline; in [`Symbols::Numbers`], numbers aligned in columns, `0` for a blank.
pub fn to_grid(grid: &Grid, symbols: Symbols) -> String {
    let n = grid.shape().size();
    let symbols = symbols.for_size(n);
    let width = n.to_string().len();
    let mut out = String::new();
    for row in grid.cells().chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&d| match symbols {
                Symbols::Numbers => format!("{d:>width$}"),
                _ if d == 0 => ".".to_string(),
                _ => symbols.symbol(d).to_string(),
            })
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
    let width = if symbols == Symbols::Numbers {
        n.to_string().len()
    } else {
        1
    };
    let segment = "─".repeat((width + 1) * bc + 1);
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
            let label = if d == 0 {
                ".".to_string()
            } else {
                symbols.label(d)
            };
            let _ = write!(out, " {label:>width$}");
        }
        out.push_str(" │\n");
    }
    out.push_str(&rule("└", "┴", "┘"));
    out
}

/// A grid drawn with the borders of its regions (a jigsaw's regions, a killer's cages): `│` and
/// `─` where two regions, or a region and the edge, meet, `·` at the corners; each cell
/// `width` characters wide, its text from `cell`.
pub(crate) fn draw_regions(
    n: usize,
    width: usize,
    region: impl Fn(usize, usize) -> i64,
    cell: impl Fn(usize, usize) -> String,
) -> String {
    let mut out = String::new();
    for r in 0..=n {
        // The rule above row r.
        for c in 0..n {
            out.push('·');
            let differs = r == 0 || r == n || region(r - 1, c) != region(r, c);
            out.push_str(&if differs { "─" } else { " " }.repeat(width));
        }
        out.push_str("·\n");
        if r == n {
            break;
        }
        for c in 0..=n {
            let differs = c == 0 || c == n || region(r, c - 1) != region(r, c);
            out.push(if differs { '│' } else { ' ' });
            if c == n {
                break;
            }
            out.push_str(&cell(r, c));
        }
        out.push('\n');
    }
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
                        symbols.label(d)
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

    #[test]
    fn x_is_a_blank_where_it_is_no_symbol() {
        let line = "x".repeat(81);
        assert_eq!(parse_line(&line, None).unwrap().givens().count(), 0);
        // In a 36x36 grid, X is 33 (0-9A-Z): a symbol.
        let mut big = ".".repeat(1296);
        big.replace_range(0..1, "X");
        let (grid, symbols) = PuzzleReader::new().line(&big).unwrap();
        assert_eq!((grid.cells()[0], symbols), (34, Symbols::Hex));
    }

    #[test]
    fn rows_lose_their_comments() {
        let rows = |line: &str| row_cells(line);
        assert_eq!(rows("5 3 . | . 7 . | . . .   row 1"), 9);
        assert_eq!(rows("53..7....  <- first"), 9);
        assert_eq!(rows("53..7.... ; first"), 9);
        assert_eq!(rows("53..7....// first"), 9);
        assert_eq!(rows("53. .7. ...   # first"), 9);
        // `x` blanks and lower case symbols are cells, not words.
        assert_eq!(rows("123 x7x xxx"), 9);
        assert_eq!(rows("abcd efgh ijkl mnop"), 16);
        assert_eq!(rows("7,8,0,4,0,0,1,2,0"), 9);
        assert_eq!(rows("7,8,0,4,0,0,1,2,0,"), 9);
        assert_eq!(rows(",,3,,,,,,"), 9);
        assert_eq!(rows("1 0 13 0 0 0 0 4 0 10 5 8 0 0 0 0"), 16);
        assert_eq!(rows("-----+-----+-----"), 0);
        assert_eq!(rows("│ 8 1 2 │ 7 5 3 │ 6 4 9 │"), 9);
        assert_eq!(line_cells(&"5 ".repeat(81)), 81);
        assert_eq!(line_cells(&format!("{} easy", ".".repeat(81))), 81);
        assert!(is_title("Grid 01") && is_title("Hard puzzles"));
        assert!(!is_title("53..7....") && !is_title("a #") && !is_title("ABCD EFGH"));
        assert!(is_comment("  // note") && is_comment("; note") && !is_comment("1/2"));
    }

    /// The layouts people keep that once read as several records or none: boxes spaced apart
    /// with full rows of digits, the `sudoku` crate's block format with comments after rows
    /// and separators, and a one-line puzzle followed by a delimiter and a comment.
    #[test]
    fn rows_and_lines_with_their_delimiters() {
        let rows = |line: &str| row_cells(line);
        // Three digits are a box of three cells, never one number (64 is the largest digit).
        assert_eq!(rows("293 468 157"), 9);
        // The count is of the cells read: a lone `12` is two cells.
        assert_eq!(rows("12"), 2);
        assert_eq!(rows("123"), 3);
        assert_eq!(rows("x93 468 157"), 9);
        assert_eq!(rows("10 16 3 0 0 0 0 4 0 10 5 8 0 0 0 0"), 16);
        assert_eq!(rows("__3|_2_|6__ some comment"), 9);
        assert_eq!(rows("__3|_2_|6__ a b"), 9);
        assert_eq!(rows("---+---+--- a dash line comment"), 0);
        assert_eq!(rows("----------- comment"), 0);
        assert_eq!(rows("==========="), 0);
        // A run of `-` before cells is a row of blanks, not a separator.
        assert_eq!(rows("--- 1 2 3 4 5 6"), 9);
        let puzzle =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let want = parse_line(puzzle, None).unwrap();
        for delimiter in [" ", "\t", ";", ",", "|", " | ", ", "] {
            let line = format!("{puzzle}{delimiter}comment, with | more");
            assert_eq!(parse_line(&line, None).unwrap(), want, "{line:?}");
            assert_eq!(line_cells(&line), 81, "{line:?}");
        }
        // `|` between boxes stays inside the puzzle, with a comment after it or not.
        let boxed: String = puzzle
            .as_bytes()
            .chunks(3)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join("|");
        assert_eq!(parse_line(&boxed, None).unwrap(), want);
        assert_eq!(parse_line(&format!("{boxed}|hard"), None).unwrap(), want);
        assert_eq!(parse_line(&format!("{boxed},hard"), None).unwrap(), want);
        // A comma-separated row of cells is still read one cell per field.
        assert_eq!(line_cells(&"5,".repeat(81)), 81);
    }

    #[test]
    fn tokens_that_are_no_cell_are_named() {
        let e = parse_line("1,2,34,..,5", None).unwrap_err();
        assert_eq!(e.column, 8);
        assert_eq!(e.kind, ParseErrorKind::Token { token: "..".into() });
        let mut row = vec!["0"; 16];
        row[3] = "17";
        let text = (0..16).map(|_| row.join(" ") + "\n").collect::<String>();
        let e = PuzzleReader::new()
            .symbols(Some(Symbols::Default))
            .grid(&text)
            .unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 7, ParseErrorKind::NumberTooLarge { number: 17, n: 16 })
        );
    }

    #[test]
    fn symbols_are_detected_only_when_unambiguous() {
        let with = |givens: &str| {
            let mut line = ".".repeat(256);
            line.replace_range(0..givens.len(), givens);
            PuzzleReader::new().line(&line).unwrap().1
        };
        assert_eq!(with("ABP"), Symbols::Letters);
        assert_eq!(with("1AG"), Symbols::Default);
        assert_eq!(with("0AF"), Symbols::Hex);
        // G is no symbol of 0-F: the default, 0 a blank.
        assert_eq!(with("0AG"), Symbols::Default);
        // Z is no letter of a 16x16 grid: read in the default symbols, it is beyond 16.
        let mut line = ".".repeat(256);
        line.replace_range(0..3, "ABZ");
        let e = PuzzleReader::new().line(&line).unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::DigitTooLarge { ch: 'Z', .. }
        ));
        // Only 0 as a blank: the default.
        let zeros = "0".repeat(256);
        assert_eq!(
            PuzzleReader::new().line(&zeros).unwrap().1,
            Symbols::Default
        );
    }

    #[test]
    fn numbers_write_and_read_back_at_every_size() {
        for n in [4usize, 9, 16, 49, 64] {
            let shape = Shape::new(n).unwrap();
            let cells: Vec<u8> = (0..n * n)
                .map(|k| ((k * 7 + k / n) % (n + 1)) as u8)
                .collect();
            let grid = Grid::from_cells(shape, cells).unwrap();
            let line = to_line(&grid, Symbols::Numbers);
            assert_eq!(
                PuzzleReader::new()
                    .symbols(Some(Symbols::Numbers))
                    .line(&line)
                    .unwrap()
                    .0,
                grid
            );
            let (again, symbols) = PuzzleReader::new()
                .grid(&to_grid(&grid, Symbols::Numbers))
                .unwrap();
            assert_eq!(again, grid);
            if n > 36 {
                // Beyond 36 every set writes numbers, and they are detected.
                assert_eq!(to_line(&grid, Symbols::Default), line);
                assert_eq!(symbols, Symbols::Numbers);
                assert_eq!(PuzzleReader::new().line(&line).unwrap().0, grid);
            }
        }
        assert_eq!(Symbols::Numbers.label(12), "12");
        assert_eq!(Symbols::Default.for_size(49), Symbols::Numbers);
        assert_eq!(Symbols::Letters.for_size(30), Symbols::Numbers);
    }
}
