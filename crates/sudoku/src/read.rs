//! Reading puzzle files as people keep them: the format detected from the first lines (one
//! puzzle per line, grids, CSV, a LeetCode board), then one [`Entry`] per puzzle, streamed in
//! constant memory however long the input.
//!
//! A [`Reader`] is an iterator of entries over anything that reads (a file, standard input,
//! bytes). Nothing is lost: every line that is not blank or a comment ends up in an entry (a
//! puzzle, a title that goes with the next puzzle, or an entry that says why it is no puzzle),
//! and every entry says where it came from.
//!
//! ```
//! use sudoku::read::{Reader, ReadSettings};
//!
//! let file = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n\
//!             002609500\n800203009\n005010300\n";
//! let entries: Vec<_> = Reader::new(file.as_bytes(), ReadSettings::default())
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(entries.len(), 1);
//! assert_eq!((entries[0].line, entries[0].title.as_deref()), (2, Some("Grid 01")));
//! let (grid, _symbols) = entries[0].parse(None, None)?;
//! assert_eq!(grid.givens().count(), 32);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;

use crate::grid::Grid;
use crate::killer::{Killer, KillerError};
use crate::shape::Shape;
use crate::text::{ParseError, PuzzleReader, Symbols};

/// How puzzles are written in an input (`Auto`: detected from the first lines, see [`Reader`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum InputFormat {
    /// Detect per file: `[` starts a LeetCode board; a first line of n² symbols means one
    /// puzzle per line; otherwise grids separated by blank lines.
    #[default]
    Auto,
    /// One puzzle per line (`#` or whitespace starts a comment).
    Line,
    /// Grids of rows, separated by blank lines (spaces, `|` and separator lines allowed).
    Grid,
    /// A LeetCode board: a JSON array of arrays of one-character strings.
    Leetcode,
    /// Comma-separated, the puzzle first (Kaggle's `quizzes,solutions`), a solution maybe
    /// second; a header line names the columns.
    Csv,
}

/// A CSV column, by its name in the header or its number (from 1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Column {
    /// The column of this name in the header (any case).
    Name(String),
    /// The column of this number, from 1.
    Number(usize),
}

/// A column that is neither a number from 1 nor a name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColumnError {
    /// `0`: columns are numbered from 1.
    #[error("columns are numbered from 1")]
    Zero,
    /// Nothing but blanks.
    #[error("expected a column name or number")]
    Empty,
}

impl std::str::FromStr for Column {
    type Err = ColumnError;

    fn from_str(s: &str) -> Result<Column, ColumnError> {
        let s = s.trim();
        match s.parse::<usize>() {
            Ok(0) => Err(ColumnError::Zero),
            Ok(k) => Ok(Column::Number(k)),
            Err(_) if s.is_empty() => Err(ColumnError::Empty),
            Err(_) => Ok(Column::Name(s.to_string())),
        }
    }
}

/// Why a [`Reader`] stopped: the input failed, or a CSV column asked for is not there.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Reading the input failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A column asked for by name that the CSV header does not have (or there is no header).
    #[error("the {which}'s column `{name}`: {}", match header {
        None => "the file has no header line naming its columns; give the column's number instead".to_string(),
        Some(h) => format!("no such column in the header ({})", h.join(", ")),
    })]
    NoSuchColumn {
        /// Which column was asked for.
        which: Which,
        /// Its name.
        name: String,
        /// The header's names, if the file has a header.
        header: Option<Vec<String>>,
    },
}

impl ReadError {
    /// The error for a person, naming the column settings as `names` does (`--column `x`: no
    /// such column in the header (quizzes, solutions)`).
    pub fn message(&self, names: &SettingNames) -> String {
        match self {
            ReadError::NoSuchColumn {
                which,
                name,
                header,
            } => {
                let setting = match which {
                    Which::Puzzle => names.column,
                    Which::Solution => names.solution_column,
                };
                match header {
                    None => format!(
                        "{setting} `{name}`: the file has no header line naming its columns; give \
                         the column's number instead"
                    ),
                    Some(h) => format!(
                        "{setting} `{name}`: no such column in the header ({})",
                        h.join(", ")
                    ),
                }
            }
            e => e.to_string(),
        }
    }
}

/// The two columns of a CSV file that [`ReadSettings`] can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Which {
    /// The puzzle's column.
    Puzzle,
    /// The solution's column.
    Solution,
}

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Which::Puzzle => "puzzle",
            Which::Solution => "solution",
        })
    }
}

/// How a [`Reader`] reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadSettings {
    /// The format, or [`InputFormat::Auto`] to detect it.
    pub input: InputFormat,
    /// The shape, when known (it decides what a whole puzzle is; the size comes from the number
    /// of cells otherwise).
    pub box_shape: Option<Shape>,
    /// CSV: the puzzle's column (default: one named `puzzle`, `quizzes`, ..., else the first
    /// that holds a puzzle).
    pub column: Option<Column>,
    /// CSV: the solution's column (default: one named `solution`, `answer`, ..., else the next
    /// that holds a grid).
    pub solution_column: Option<Column>,
}

impl ReadSettings {
    /// The format, or `Auto` to detect it.
    pub fn input(mut self, input: InputFormat) -> Self {
        self.input = input;
        self
    }

    /// The shape of the puzzles, or `None` to find it from each puzzle's cells.
    pub fn box_shape(mut self, shape: Option<Shape>) -> Self {
        self.box_shape = shape;
        self
    }

    /// CSV: the puzzle's column, or `None` to find it.
    pub fn column(mut self, column: Option<Column>) -> Self {
        self.column = column;
        self
    }

    /// CSV: the solution's column, or `None` to find it.
    pub fn solution_column(mut self, column: Option<Column>) -> Self {
        self.solution_column = column;
        self
    }
}

/// How an input was read, and why: what a message about a puzzle that did not read says, so
/// that a person can read the file otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadAs {
    /// The format.
    pub format: InputFormat,
    /// Why.
    pub because: Because,
}

/// How messages name the settings a person changes to read an input otherwise: a command line
/// names its flags (`--input`, `--box`), a program these types ([`SettingNames::LIBRARY`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingNames {
    /// The input format, said before a format's name (`--input`, as in `--input grid`).
    pub input: &'static str,
    /// The box shape, said before `RxC` (`--box`).
    pub box_shape: &'static str,
    /// A map of irregular regions (`--regions FILE`).
    pub regions: &'static str,
    /// The puzzle's CSV column (`--column`).
    pub column: &'static str,
    /// The solution's CSV column (`--solution-column`).
    pub solution_column: &'static str,
    /// The node limit of one puzzle's search (`--max-nodes`).
    pub max_nodes: &'static str,
    /// The time limit of one puzzle's search, in seconds (`--timeout`).
    pub timeout: &'static str,
}

impl SettingNames {
    /// The names of this library's settings.
    pub const LIBRARY: SettingNames = SettingNames {
        input: "ReadSettings::input",
        box_shape: "ReadSettings::box_shape",
        regions: "Regions::from_map",
        column: "ReadSettings::column",
        solution_column: "ReadSettings::solution_column",
        max_nodes: "Settings::max_nodes",
        timeout: "Settings::timeout",
    };
}

impl Default for SettingNames {
    fn default() -> Self {
        SettingNames::LIBRARY
    }
}

impl ReadAs {
    /// How the input was read, and how to read it otherwise, naming the settings as `names`
    /// does: `read as grids, since the first lines are rows rather than whole puzzles; --input
    /// line reads one puzzle per line`.
    pub fn explain(self, names: &SettingNames) -> String {
        let input = names.input;
        match (self.because, self.format) {
            (Because::Given, InputFormat::Grid) => format!("read as grids, as {input} says"),
            (Because::Given, InputFormat::Csv) => format!("read as CSV, as {input} says"),
            (Because::Given, InputFormat::Leetcode) => {
                format!("read as a LeetCode board, as {input} says")
            }
            (Because::Given, _) => format!("read as one puzzle per line, as {input} says"),
            (Because::Bracket, _) => {
                "read as a LeetCode board, since the input starts with `[`".to_string()
            }
            (Because::Fields, _) => format!(
                "read as CSV, since the first line has commas between fields that are not single \
                 cells, or starts with a quote; {input} line or {input} grid reads the file \
                 otherwise"
            ),
            (Because::Rows, _) => format!(
                "read as grids, since the first lines are rows rather than whole puzzles; \
                 {input} line reads one puzzle per line"
            ),
            _ => format!(
                "read as one puzzle per line, since the first lines hold whole puzzles; {input} \
                 grid reads grids"
            ),
        }
    }
}

/// Why an input was read in its format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Because {
    /// The settings said so.
    Given,
    /// The input starts with `[` (a LeetCode board).
    Bracket,
    /// The first line has commas between fields that are not single cells, or starts with a
    /// quote (CSV).
    Fields,
    /// The first lines hold whole puzzles (one per line).
    WholePuzzles,
    /// The first lines are rows rather than whole puzzles (grids).
    Rows,
}

/// How one puzzle is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// On one line (a CSV field too).
    Line,
    /// A grid of rows.
    Grid,
    /// A LeetCode board.
    Leetcode,
}

/// Why an entry holds no puzzle to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotAPuzzle {
    /// The line (or the board) was longer than any puzzle: its length in bytes. The entry's
    /// text holds only its start.
    TooLong {
        /// Its length in bytes.
        bytes: u64,
    },
    /// A line of text where the file puts no title (not before its first puzzle, nor before
    /// every puzzle), or a title with no puzzle after it.
    Stray,
}

/// One puzzle of an input, as written, with where it came from. [`Entry::parse`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The line it starts on, from 1.
    pub line: usize,
    /// How it is written.
    pub form: Form,
    /// Its text: a line, a grid's lines, a board.
    pub text: String,
    /// The solution a CSV line gives beside the puzzle, if any.
    pub solution: Option<String>,
    /// The title line before it (`Grid 01`), if any.
    pub title: Option<String>,
    /// A CSV line's other columns: each one's name (from the header, or its number) and value.
    pub columns: Vec<(Arc<str>, String)>,
    /// Why the entry holds no puzzle, when it does not.
    pub not_a_puzzle: Option<NotAPuzzle>,
    /// How the input was read.
    pub read_as: ReadAs,
}

/// Why an entry's puzzle does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// The entry holds no puzzle (see [`NotAPuzzle`]).
    #[error("{}", match .0 {
        NotAPuzzle::TooLong { bytes } => format!("{bytes} bytes: longer than any puzzle"),
        NotAPuzzle::Stray => "a line of text, not a puzzle".to_string(),
    })]
    NotAPuzzle(NotAPuzzle),
    /// The puzzle's text does not read; the error's line counts in the input.
    #[error(transparent)]
    Parse(ParseError),
}

impl Entry {
    /// Reads the puzzle in the symbols given (`None` to detect them) and, when known, the
    /// shape. The error's line is the input's.
    pub fn parse(
        &self,
        box_shape: Option<Shape>,
        symbols: Option<Symbols>,
    ) -> Result<(Grid, Symbols), EntryError> {
        if let Some(why) = self.not_a_puzzle {
            return Err(EntryError::NotAPuzzle(why));
        }
        let text = &self.text;
        let parsed = match self.form {
            Form::Leetcode => leetcode(text, box_shape),
            Form::Grid => PuzzleReader::new()
                .shape(box_shape)
                .symbols(symbols)
                .first_line(self.line)
                .grid(text),
            Form::Line => PuzzleReader::new()
                .shape(box_shape)
                .symbols(symbols)
                .first_line(self.line)
                .line(text),
        };
        parsed.map_err(EntryError::Parse)
    }
}

#[cfg(feature = "leetcode")]
fn leetcode(text: &str, shape: Option<Shape>) -> Result<(Grid, Symbols), ParseError> {
    PuzzleReader::new().shape(shape).leetcode(text)
}

#[cfg(not(feature = "leetcode"))]
fn leetcode(_: &str, _: Option<Shape>) -> Result<(Grid, Symbols), ParseError> {
    Err(ParseError {
        line: 1,
        column: 1,
        kind: crate::text::ParseErrorKind::Board {
            reason: "LeetCode boards are read with the `leetcode` feature".into(),
        },
    })
}

/// The longest line read as a puzzle, in bytes: a 64x64 puzzle on one line is about 12 KiB, a CSV
/// line with its solution and a few more columns under 30 KiB. Longer lines become one entry
/// each ([`NotAPuzzle::TooLong`]), read past in constant memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The most lines one grid block holds: 64 rows, separator and blank lines between bands, and
/// slack. A block that grows past it is cut there (and does not read), so no input grows an
/// entry unboundedly.
pub const MAX_BLOCK_LINES: usize = 160;

/// The most bytes of a LeetCode board (a 36x36 board is under 8 KiB).
pub const MAX_BOARD: u64 = 1 << 20;

/// The non-blank, non-comment lines looked at to tell one-line puzzles from grids.
const LOOKAHEAD: usize = 8;

/// Reads puzzles from an input, one [`Entry`] per puzzle, in input order.
///
/// With [`InputFormat::Auto`], the format comes from the first eight lines that are neither
/// blank nor comments (or fewer, when the input pauses before them: a person typing puzzles
/// gets each answer at once): `[` first is a LeetCode board; a comma between fields that are
/// not single cells, or a quote first, CSV; else one puzzle per line if at least half of those
/// lines hold a whole puzzle, grids otherwise. A title line (`Grid 01`) is not counted.
///
/// The input is read through a buffer of its own. An error reading it ends the iteration
/// with that error.
pub struct Reader<R> {
    input: BufReader<R>,
    state: State,
    /// With `Auto`, the lines read before the format is known.
    pending: Vec<Line>,
    deciding: bool,
    out: VecDeque<Entry>,
    buf: Vec<u8>,
    line_no: usize,
    bytes: u64,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R, settings: ReadSettings) -> Self {
        let deciding = settings.input == InputFormat::Auto;
        Reader {
            input: BufReader::with_capacity(1 << 16, input),
            state: State::new(settings),
            pending: Vec::new(),
            deciding,
            out: VecDeque::new(),
            buf: Vec::new(),
            line_no: 0,
            bytes: 0,
            done: false,
        }
    }

    /// The bytes read so far (for progress).
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// How the input is read, once that is known (after the first entry, at the latest).
    pub fn read_as(&self) -> Option<ReadAs> {
        (!self.deciding).then_some(self.state.read_as)
    }

    /// Whether the next entry may have to wait for more input: nothing is buffered. A batch
    /// cut here reaches its workers without waiting (a person typing puzzles gets each answer
    /// at once).
    pub fn would_wait(&self) -> bool {
        self.out.is_empty() && self.input.buffer().is_empty()
    }

    /// Batches of up to `size` entries, each cut early where the input would wait: what an
    /// ordered parallel pipeline ([`crate::pipeline`]) hands to its workers. Each batch comes
    /// with the bytes read up to its end.
    pub fn batches(self, size: usize) -> Batches<R> {
        Batches {
            reader: self,
            size: size.max(1),
            error: None,
            failed: false,
        }
    }

    /// Reads lines until an entry is ready or the input ends.
    fn fill(&mut self) -> Result<(), ReadError> {
        while self.out.is_empty() && !self.done {
            self.buf.clear();
            let (read, cut) = read_line(&mut self.input, &mut self.buf)?;
            if read == 0 {
                self.finish()?;
                break;
            }
            self.bytes += read as u64;
            self.line_no += 1;
            let line = Line {
                no: self.line_no,
                text: line_text(&self.buf, self.line_no == 1),
                too_long: cut.then_some(read as u64),
            };
            if !self.deciding {
                self.take(line)?;
                continue;
            }
            self.pending.push(line);
            let seen = seen(&self.pending);
            let first = seen.first().map(|l| l.trim_start());
            // Decide early when the next read would wait; a file is buffered, so its first
            // lines are all looked at.
            let decided = first
                .is_some_and(|f| f.starts_with('[') || (f.contains(',') && !is_comma_row(f)))
                || seen.len() >= LOOKAHEAD
                || (!seen.is_empty() && self.input.buffer().is_empty());
            if decided {
                self.decide()?;
            }
        }
        Ok(())
    }

    /// Detects the format from the lines read so far, then reads them.
    fn decide(&mut self) -> Result<(), ReadError> {
        self.state
            .set_format(detect(&seen(&self.pending), self.state.settings.box_shape));
        self.deciding = false;
        for line in std::mem::take(&mut self.pending) {
            self.take(line)?;
            if self.done {
                break;
            }
        }
        Ok(())
    }

    fn take(&mut self, line: Line) -> Result<(), ReadError> {
        let Reader {
            state,
            input,
            out,
            bytes,
            ..
        } = self;
        if state.take(line, input, out, bytes)? {
            self.done = true;
        }
        Ok(())
    }

    /// At the end of the input: the lines still waiting for a format, the open grid, a title
    /// with no puzzle after it.
    fn finish(&mut self) -> Result<(), ReadError> {
        if self.deciding {
            self.decide()?;
        }
        self.state.finish(&mut self.out)?;
        self.done = true;
        Ok(())
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Result<Entry, ReadError>> {
        if let Err(e) = self.fill() {
            self.done = true;
            self.out.clear();
            return Some(Err(e));
        }
        self.out.pop_front().map(Ok)
    }
}

/// The entries of a [`Reader`] in batches ([`Reader::batches`]).
pub struct Batches<R> {
    reader: Reader<R>,
    size: usize,
    /// An error met after some entries of a batch, given after that batch.
    error: Option<ReadError>,
    failed: bool,
}

/// A batch of entries, and the bytes of input read up to its end.
#[derive(Debug, Clone)]
pub struct Batch {
    /// The entries, in input order.
    pub entries: Vec<Entry>,
    /// The bytes read up to the end of this batch.
    pub bytes_read: u64,
}

impl<R: Read> Iterator for Batches<R> {
    type Item = Result<Batch, ReadError>;

    fn next(&mut self) -> Option<Result<Batch, ReadError>> {
        if let Some(e) = self.error.take() {
            return Some(Err(e));
        }
        if self.failed {
            return None;
        }
        let mut entries = Vec::new();
        while entries.len() < self.size {
            match self.reader.next() {
                Some(Ok(entry)) => entries.push(entry),
                Some(Err(e)) => {
                    self.failed = true;
                    // The entries before the error are not lost: they come first.
                    if entries.is_empty() {
                        return Some(Err(e));
                    }
                    self.error = Some(e);
                    break;
                }
                None => break,
            }
            if self.reader.would_wait() {
                break;
            }
        }
        let bytes_read = self.reader.bytes;
        (!entries.is_empty()).then_some(Ok(Batch {
            entries,
            bytes_read,
        }))
    }
}

/// One line as read: its number, its text (at most [`MAX_LINE`] bytes of it), and its length
/// in bytes when it was longer.
struct Line {
    no: usize,
    text: String,
    too_long: Option<u64>,
}

/// The lines that count for detection: not blank, not comments, not too long.
fn seen(lines: &[Line]) -> Vec<&str> {
    lines
        .iter()
        .filter(|l| !is_skipped(&l.text) && l.too_long.is_none())
        .map(|l| l.text.as_str())
        .collect()
}

/// Reads one line into `buf` (its end included), at most [`MAX_LINE`] bytes of it: the rest of a
/// longer line is read and dropped. Returns the bytes the line took in the input (0 at the end)
/// and whether it was cut.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let mut taken = 0;
    let mut cut = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((taken, cut));
        }
        let (used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(k) => (k + 1, true),
            None => (available.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(buf.len());
        if room >= used {
            buf.extend_from_slice(&available[..used]);
        } else {
            buf.extend_from_slice(&available[..room]);
            cut = true;
        }
        reader.consume(used);
        taken += used;
        if done {
            return Ok((taken, cut || buf.len() > MAX_LINE + 1));
        }
    }
}

/// The line just read, without its end, as text (invalid UTF-8 becomes U+FFFD, which the
/// puzzle reader then reports with its column).
fn line_text(buf: &[u8], first: bool) -> String {
    let mut end = buf.len();
    while end > 0 && matches!(buf[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    let mut bytes = &buf[..end];
    if first {
        bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    }
    String::from_utf8_lossy(bytes).into_owned()
}

fn is_skipped(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || crate::is_comment(t)
}

fn fits(cells: usize, shape: Option<Shape>) -> bool {
    match shape {
        Some(s) => s.cells() == cells,
        None => Shape::from_cells(cells).is_some(),
    }
}

/// Whether a line looks like a whole puzzle on one line rather than a grid row: its first token
/// reads as a puzzle (`53..7....6..`), or it holds more cells than any grid row (81 cells
/// separated by spaces or commas). A row of 16 cells written with spaces is a 16x16 row, not a
/// 4x4 puzzle.
fn looks_like_line(line: &str, shape: Option<Shape>) -> bool {
    let cells = crate::line_cells(line);
    let first = line
        .split_whitespace()
        .next()
        .map_or(0, |t| t.chars().filter(|&c| c != '|').count());
    // A row of a 16x16 grid drawn without spaces has 16 symbols, as a 4x4 puzzle: it is one
    // only if its symbols are a 4x4's.
    cells > crate::MAX_SIZE
        || (fits(cells, shape)
            && first == cells
            && !line.contains(',')
            && PuzzleReader::new().shape(shape).line(line).is_ok())
}

/// Whether a line with commas is a row of cells (`7,8,0,4,...`, `,,3,,`), not CSV: four fields
/// or more, each empty, one character, or a number.
fn is_comma_row(line: &str) -> bool {
    let fields: Vec<&str> = line
        .split(',')
        .map(|f| f.trim_matches([' ', '\t', '"']))
        .collect();
    fields.len() >= 4
        && fields.iter().all(|f| {
            f.chars().count() <= 1 || (f.len() <= 3 && f.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// The format of an input from its first lines that are neither blank nor comments (see
/// [`Reader`]).
fn detect(lines: &[&str], shape: Option<Shape>) -> ReadAs {
    let read_as = |format, because| ReadAs { format, because };
    let Some(first) = lines.first().map(|l| l.trim()) else {
        return read_as(InputFormat::Line, Because::WholePuzzles);
    };
    if first.starts_with('[') {
        return read_as(InputFormat::Leetcode, Because::Bracket);
    }
    if (first.contains(',') && !is_comma_row(first)) || first.starts_with('"') {
        return read_as(InputFormat::Csv, Because::Fields);
    }
    let counted: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !crate::is_title(l) || looks_like_line(l, shape))
        .collect();
    let whole = counted.iter().filter(|l| looks_like_line(l, shape)).count();
    if counted.is_empty() || 2 * whole >= counted.len() {
        read_as(InputFormat::Line, Because::WholePuzzles)
    } else {
        read_as(InputFormat::Grid, Because::Rows)
    }
}

/// A CSV record being read: its first line, its fields' bytes so far and where each ends.
struct CsvRecord {
    line: usize,
    out: Vec<u8>,
    ends: Vec<usize>,
    nout: usize,
    nends: usize,
}

/// Feeds `input` (lines, each with its line end; empty at the end of the input) to a CSV
/// reader, the state machine of the `csv` crate; the fields of the record it completes, each
/// with its blanks trimmed, and the line it began on; `None` while a quoted field runs on past
/// the line's end.
fn csv_feed(
    reader: &mut csv_core::Reader,
    open: &mut Option<CsvRecord>,
    line: usize,
    mut input: &[u8],
) -> Option<(usize, Vec<String>)> {
    use csv_core::ReadRecordResult as R;
    let rec = open.get_or_insert_with(|| CsvRecord {
        line,
        out: vec![0; input.len() + 16],
        ends: vec![0; 8],
        nout: 0,
        nends: 0,
    });
    loop {
        let (result, nin, nout, nends) =
            reader.read_record(input, &mut rec.out[rec.nout..], &mut rec.ends[rec.nends..]);
        input = &input[nin..];
        rec.nout += nout;
        rec.nends += nends;
        match result {
            R::InputEmpty => return None,
            R::OutputFull => rec.out.resize(2 * rec.out.len(), 0),
            R::OutputEndsFull => rec.ends.resize(2 * rec.ends.len(), 0),
            R::Record => break,
            // Only after the end of the input, with no record open.
            R::End => {
                *open = None;
                return None;
            }
        }
    }
    let rec = open.take()?;
    let mut start = 0;
    let fields = rec.ends[..rec.nends]
        .iter()
        .map(|&end| {
            let field = String::from_utf8_lossy(&rec.out[start..end])
                .trim()
                .to_string();
            start = end;
            field
        })
        .collect();
    Some((rec.line, fields))
}

/// The fields of one CSV line (as [`csv_feed`] reads them).
#[cfg(test)]
fn csv_split(line: &str) -> Vec<String> {
    let mut reader = csv_core::Reader::new();
    let mut open = None;
    let text = format!("{line}\n");
    csv_feed(&mut reader, &mut open, 1, text.as_bytes())
        .or_else(|| csv_feed(&mut reader, &mut open, 1, b""))
        .map(|(_, fields)| fields)
        .unwrap_or_default()
}

/// The column names a CSV header may give the puzzle, and the solution.
const PUZZLE_NAMES: [&str; 8] = [
    "puzzle",
    "puzzles",
    "quizzes",
    "quiz",
    "question",
    "questions",
    "sudoku",
    "problem",
];
const SOLUTION_NAMES: [&str; 5] = ["solution", "solutions", "answer", "answers", "solved"];

/// Where a CSV file keeps its puzzles: the puzzle's column, the solution's, and the name of
/// every column (from the header, or its number).
struct CsvLayout {
    puzzle: usize,
    solution: Option<usize>,
    names: Vec<Arc<str>>,
}

/// An open grid block.
struct Block {
    /// The line number of its first line.
    first: usize,
    /// Its lines, each ended by `\n`.
    text: String,
    lines: usize,
    /// Lines with cells (not separators).
    rows: usize,
    /// The cells of its first and second rows.
    widths: [usize; 2],
    /// Where its second row starts: line number, offset in `text`, lines before it.
    second: Option<(usize, usize, usize)>,
}

impl Block {
    /// The cells of its rows (the second row's, once there is one: a first row may be a title).
    fn width(&self) -> usize {
        self.widths[usize::from(self.rows >= 2)]
    }
}

/// The state of an input being read, once its format is known.
struct State {
    settings: ReadSettings,
    format: InputFormat,
    read_as: ReadAs,
    /// An open grid block.
    block: Option<Block>,
    /// CSV: the columns, once the header (or the first line) has said them.
    csv: Option<CsvLayout>,
    /// CSV: the header's names, while the first data line has not come.
    header: Option<Vec<String>>,
    /// No CSV line has come yet (a header may only come first).
    csv_first: bool,
    /// CSV: the record reader, and the record it is in the middle of (a quoted field that
    /// runs on over a line end).
    csv_reader: csv_core::Reader,
    csv_open: Option<CsvRecord>,
    /// A title line waiting for the next entry, and its line number: whether it is the entry's
    /// title is decided when the entry comes.
    title: Option<(usize, String)>,
    /// An entry (other than a stray line's) has been read.
    records: bool,
    /// The last such entry had a title.
    last_titled: bool,
}

impl State {
    fn new(settings: ReadSettings) -> State {
        let format = settings.input;
        State {
            settings,
            format,
            read_as: ReadAs {
                format,
                because: Because::Given,
            },
            block: None,
            csv: None,
            header: None,
            csv_first: true,
            csv_reader: csv_core::Reader::new(),
            csv_open: None,
            title: None,
            records: false,
            last_titled: false,
        }
    }

    fn set_format(&mut self, read_as: ReadAs) {
        self.format = read_as.format;
        self.read_as = read_as;
    }

    fn entry(&self, line: usize, form: Form, text: String) -> Entry {
        Entry {
            line,
            form,
            text,
            solution: None,
            title: None,
            columns: Vec::new(),
            not_a_puzzle: None,
            read_as: self.read_as,
        }
    }

    /// Sends an entry on, with the title that came before it. A title line goes with the entry
    /// after it where the file uses titles: before its first entry, or before every entry so
    /// far (Project Euler's `Grid 01` before each grid). Elsewhere a line of text among the
    /// puzzles is no title but a stray line, and gets an entry of its own first, so that
    /// answers stay beside the input lines they answer.
    fn push(&mut self, out: &mut VecDeque<Entry>, mut entry: Entry) {
        if let Some((line, text)) = self.title.take() {
            if !self.records || self.last_titled {
                entry.title = Some(text);
            } else {
                self.push_stray(out, line, text);
            }
        }
        self.records = true;
        self.last_titled = entry.title.is_some();
        out.push_back(entry);
    }

    /// Holds a title line until the entry after it decides what it is; a title already
    /// waiting had no entry after it, and is a stray line.
    fn hold_title(&mut self, out: &mut VecDeque<Entry>, line: usize, text: String) {
        if let Some((no, before)) = self.title.replace((line, text)) {
            self.push_stray(out, no, before);
        }
    }

    /// The entry of a line of text that is neither a puzzle nor a title. What decides titles
    /// is the file's puzzles: a stray line changes nothing there.
    fn push_stray(&mut self, out: &mut VecDeque<Entry>, line: usize, text: String) {
        let mut entry = self.entry(line, Form::Line, text);
        entry.not_a_puzzle = Some(NotAPuzzle::Stray);
        out.push_back(entry);
    }

    /// At the end of the input: a CSV record whose quote was never closed, the open block, and
    /// a title with no entry after it.
    fn finish(&mut self, out: &mut VecDeque<Entry>) -> Result<(), ReadError> {
        if self.csv_open.is_some() {
            if let Some((no, fields)) = csv_feed(&mut self.csv_reader, &mut self.csv_open, 0, b"") {
                self.csv_record(no, fields, out)?;
            }
        }
        self.close_block(out);
        if let Some((line, text)) = self.title.take() {
            self.push_stray(out, line, text);
        }
        Ok(())
    }

    /// Whether a blank or comment line inside an open block leaves it open: between bands of a
    /// grid (the rows so far make whole bands, and fewer than a grid).
    fn band_gap(&self) -> bool {
        let Some(b) = &self.block else { return false };
        let width = b.width();
        let band = match self.settings.box_shape {
            Some(s) if s.size() == width => s.box_rows(),
            Some(_) => return false,
            None => match Shape::from_cells(width * width) {
                Some(s) => s.box_rows(),
                None => return false,
            },
        };
        b.rows > 0 && b.rows < width && b.rows % band == 0
    }

    /// Takes one line. Returns `true` when the input is done (a LeetCode board takes the rest).
    fn take(
        &mut self,
        line: Line,
        reader: &mut impl BufRead,
        out: &mut VecDeque<Entry>,
        bytes: &mut u64,
    ) -> Result<bool, ReadError> {
        let skipped = is_skipped(&line.text);
        if let Some(len) = line.too_long {
            // Too long for any puzzle or grid row: an entry of its own, its start kept to show
            // what it was.
            self.close_block(out);
            let mut end = line.text.len().min(64);
            while !line.text.is_char_boundary(end) {
                end -= 1;
            }
            let mut entry = self.entry(line.no, Form::Line, line.text[..end].to_string());
            entry.not_a_puzzle = Some(NotAPuzzle::TooLong { bytes: len });
            self.push(out, entry);
            return Ok(false);
        }
        match self.format {
            InputFormat::Leetcode if !skipped => {
                // One board per input: the rest of it is the board.
                let first_len = line.text.len();
                let mut text = line.text;
                text.push('\n');
                let mut rest = Vec::new();
                let n = reader.take(MAX_BOARD).read_to_end(&mut rest)?;
                *bytes += n as u64;
                text.push_str(&String::from_utf8_lossy(&rest));
                let board_len = text.len();
                let mut entry = self.entry(line.no, Form::Leetcode, String::new());
                if !reader.fill_buf()?.is_empty() {
                    // A board is never this long: count the rest, keep none of it.
                    let left = io::copy(reader, &mut io::sink())?;
                    *bytes += left;
                    let mut end = board_len.min(64);
                    while !text.is_char_boundary(end) {
                        end -= 1;
                    }
                    text.truncate(end);
                    entry.not_a_puzzle = Some(NotAPuzzle::TooLong {
                        bytes: first_len as u64 + 1 + n as u64 + left,
                    });
                }
                entry.text = text;
                self.push(out, entry);
                return Ok(true);
            }
            InputFormat::Grid => {
                if !skipped {
                    self.grid_line(&line, out);
                } else if self.band_gap() {
                    // Between bands: the block goes on (its text keeps the line, so that line
                    // numbers in messages stay right).
                    if let Some(b) = &mut self.block {
                        b.text.push_str(&line.text);
                        b.text.push('\n');
                        b.lines += 1;
                    }
                } else {
                    self.close_block(out);
                }
            }
            // (Inside a quoted field, a blank line or a `#` is the field's.)
            InputFormat::Csv if !skipped || self.csv_open.is_some() => {
                let mut text = line.text.into_bytes();
                text.push(b'\n');
                let read = csv_feed(&mut self.csv_reader, &mut self.csv_open, line.no, &text);
                if let Some((no, fields)) = read {
                    self.csv_record(no, fields, out)?;
                }
            }
            InputFormat::Line | InputFormat::Auto if !skipped => {
                let t = line.text.trim();
                if crate::is_title(t) && !fits(crate::line_cells(t), self.settings.box_shape) {
                    // `Hard puzzles` before the puzzles: a title (or a stray line of text, as
                    // the entry after it decides).
                    self.hold_title(out, line.no, t.to_string());
                    return Ok(false);
                }
                let entry = self.entry(line.no, Form::Line, t.to_string());
                self.push(out, entry);
            }
            _ => {}
        }
        Ok(false)
    }

    /// A CSV record: the header (the first, if none of its fields is a puzzle and one has a
    /// letter), or a puzzle with its solution and other columns.
    fn csv_record(
        &mut self,
        line: usize,
        mut fields: Vec<String>,
        out: &mut VecDeque<Entry>,
    ) -> Result<(), ReadError> {
        let shape = self.settings.box_shape;
        let is_puzzle = |f: &String| fits(crate::line_cells(f), shape);
        if std::mem::take(&mut self.csv_first)
            && !fields.iter().any(is_puzzle)
            && fields
                .iter()
                .any(|f| f.chars().any(|c| c.is_ascii_alphabetic()))
        {
            self.header = Some(fields);
            return Ok(());
        }
        let layout = match self.csv.take() {
            Some(layout) => layout,
            None => self.csv_layout(&fields)?,
        };
        let mut take = |k: usize| fields.get_mut(k).map(std::mem::take).unwrap_or_default();
        let puzzle = take(layout.puzzle);
        let solution = layout.solution.map(&mut take);
        let mut columns = Vec::new();
        for (k, field) in fields.into_iter().enumerate() {
            if k != layout.puzzle && Some(k) != layout.solution {
                let name = layout
                    .names
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| (k + 1).to_string().into());
                columns.push((name, field));
            }
        }
        self.csv = Some(layout);
        let mut entry = self.entry(line, Form::Line, puzzle);
        entry.solution = solution;
        entry.columns = columns;
        self.push(out, entry);
        Ok(())
    }

    /// The columns of a CSV input, from the settings, the header's names, or the first line
    /// (its first field that holds a puzzle, and the next one).
    fn csv_layout(&self, first: &[String]) -> Result<CsvLayout, ReadError> {
        let header = self.header.as_deref();
        let shape = self.settings.box_shape;
        let find = |column: &Column, which: Which| -> Result<usize, ReadError> {
            match column {
                Column::Number(k) => Ok(k - 1),
                Column::Name(name) => header
                    .and_then(|h| h.iter().position(|f| f.eq_ignore_ascii_case(name)))
                    .ok_or_else(|| ReadError::NoSuchColumn {
                        which,
                        name: name.clone(),
                        header: header.map(<[String]>::to_vec),
                    }),
            }
        };
        let named = |names: &[&str]| {
            header.and_then(|h| {
                h.iter()
                    .position(|f| names.iter().any(|n| f.eq_ignore_ascii_case(n)))
            })
        };
        let holds_puzzle = |k: &usize| {
            first
                .get(*k)
                .is_some_and(|f| fits(crate::line_cells(f), shape))
        };
        let puzzle = match &self.settings.column {
            Some(c) => find(c, Which::Puzzle)?,
            None => named(&PUZZLE_NAMES)
                .or_else(|| (0..first.len()).find(holds_puzzle))
                .unwrap_or(0),
        };
        let solution = match &self.settings.solution_column {
            Some(c) => Some(find(c, Which::Solution)?),
            None => named(&SOLUTION_NAMES).or_else(|| {
                if header.is_some() {
                    // A header without a solution's name: the column after the puzzle only if
                    // it holds a grid.
                    Some(puzzle + 1).filter(holds_puzzle)
                } else {
                    (puzzle + 1..first.len()).find(holds_puzzle)
                }
            }),
        };
        let names = match header {
            Some(h) => h.iter().map(|n| Arc::from(n.as_str())).collect(),
            None => Vec::new(),
        };
        Ok(CsvLayout {
            puzzle,
            solution: solution.filter(|&k| k != puzzle),
            names,
        })
    }

    /// A line of a grid. A block ends at a blank line (unless it falls between bands), when it
    /// holds n rows of n cells (grids stacked with no blank line between them), or at
    /// [`MAX_BLOCK_LINES`]. A first row whose width differs from the two rows after it is a
    /// title if it reads as one (`Grid 01`), else an entry of its own.
    fn grid_line(&mut self, line: &Line, out: &mut VecDeque<Entry>) {
        let cells = crate::row_cells(&line.text);
        let block = self.block.get_or_insert(Block {
            first: line.no,
            text: String::new(),
            lines: 0,
            rows: 0,
            widths: [0; 2],
            second: None,
        });
        let start = block.text.len();
        block.text.push_str(&line.text);
        block.text.push('\n');
        block.lines += 1;
        // The first line, cut off when rows 2 and 3 agree and it does not.
        let mut title = None;
        if cells > 0 {
            block.rows += 1;
            match block.rows {
                1 => block.widths[0] = cells,
                2 => {
                    block.widths[1] = cells;
                    block.second = Some((line.no, start, block.lines - 1));
                }
                3 if cells == block.widths[1] && block.widths[0] != cells => {
                    // Rows 2 and 3 agree, row 1 does not: row 1 is no row of this grid.
                    let (no, at, before) = block.second.take().unwrap_or((line.no, start, 0));
                    let rest = block.text.split_off(at);
                    title = Some((block.first, std::mem::replace(&mut block.text, rest)));
                    block.first = no;
                    block.lines -= before;
                    block.rows = 2;
                    block.widths = [cells, cells];
                }
                _ => {}
            }
        }
        let width = block.width();
        let full = block.rows == width && width > 1 && fits(width * width, self.settings.box_shape);
        let too_many = block.lines >= MAX_BLOCK_LINES;
        if let Some((first, text)) = title {
            let trimmed = text.trim();
            if crate::is_title(trimmed) {
                let trimmed = trimmed.to_string();
                self.hold_title(out, first, trimmed);
            } else {
                let entry = self.entry(first, Form::Grid, text);
                self.push(out, entry);
            }
        }
        if full || too_many {
            self.close_block(out);
        }
    }

    /// Ends an open grid block: one puzzle, or the title of the next one (a block of one line
    /// that reads as a title, followed by a blank line).
    fn close_block(&mut self, out: &mut VecDeque<Entry>) {
        if let Some(b) = self.block.take() {
            if b.rows == 0 {
                // Only separator lines (the bottom rule of a drawn grid): no puzzle.
                return;
            }
            let trimmed = b.text.trim();
            if b.rows == 1 && crate::is_title(trimmed) && !trimmed.contains('\n') {
                let trimmed = trimmed.to_string();
                self.hold_title(out, b.first, trimmed);
                return;
            }
            let entry = self.entry(b.first, Form::Grid, b.text);
            self.push(out, entry);
        }
    }
}

/// One killer sudoku of a file: the line it starts on, and the puzzle or why it does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct KillerEntry {
    /// The line it starts on, from 1 (1 for the puzzles of a JSON file).
    pub line: usize,
    /// The puzzle, or why it does not read.
    pub killer: Result<Killer, KillerError>,
}

/// Reads a file of killer sudokus, one [`KillerEntry`] per puzzle, in file order: cage maps with
/// their sums ([`Killer::parse`]) separated by blank lines (a block of comments alone is no
/// puzzle), streamed a puzzle at a time; or JSON ([`Killer::parse_json`], feature `leetcode`):
/// one object, or a list of them.
pub struct KillerReader<R> {
    input: BufReader<R>,
    allow_disconnected: bool,
    out: VecDeque<KillerEntry>,
    /// The open block: its text, first line, and whether it holds more than comments.
    block: String,
    start: usize,
    has_content: bool,
    line_no: usize,
    done: bool,
}

impl<R: Read> KillerReader<R> {
    /// A reader of `input`; `allow_disconnected` accepts cages whose cells do not all touch.
    pub fn new(input: R, allow_disconnected: bool) -> Self {
        KillerReader {
            input: BufReader::with_capacity(1 << 16, input),
            allow_disconnected,
            out: VecDeque::new(),
            block: String::new(),
            start: 0,
            has_content: false,
            line_no: 0,
            done: false,
        }
    }

    /// The one killer sudoku of the input (named `name` in messages), as its exact-cover
    /// problem with colors (`dlx sudoku --killer FILE --emit-xcc`); a message for a person,
    /// with the line and column, when the input does not read, holds no puzzle or more than
    /// one, or its puzzle breaks the rules.
    pub fn only_model(self, name: &str) -> Result<crate::killer::KillerModel, String> {
        let list: Vec<KillerEntry> = self
            .collect::<io::Result<_>>()
            .map_err(|e| format!("{name}: {e}"))?;
        let [entry] = &list[..] else {
            return Err(match list.len() {
                0 => format!("{name}: no killer sudoku in the file"),
                n => {
                    format!("{name}: --emit-xcc writes one problem, and the file holds {n} puzzles")
                }
            });
        };
        let model = entry.killer.clone().and_then(|k| k.model());
        model.map_err(|e| e.describe(name, entry.line))
    }

    /// The block read so far, as a puzzle (if it holds more than comments).
    fn close(&mut self) {
        if self.has_content {
            let killer = Killer::parse(&self.block, self.start, self.allow_disconnected);
            self.out.push_back(KillerEntry {
                line: self.start,
                killer,
            });
        }
        self.block.clear();
        self.has_content = false;
    }

    /// Reads lines until a puzzle is ready or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        let mut buf = Vec::new();
        while self.out.is_empty() && !self.done {
            buf.clear();
            let (read, _) = read_line(&mut self.input, &mut buf)?;
            if read == 0 {
                self.close();
                self.done = true;
                break;
            }
            self.line_no += 1;
            let line = line_text(&buf, self.line_no == 1);
            let trimmed = line.trim();
            if trimmed.is_empty() {
                self.close();
                continue;
            }
            if self.start == 0 && trimmed.starts_with(['{', '[']) {
                // The first line that is not blank opens JSON: the whole input is one object
                // or a list of them.
                let mut rest = Vec::new();
                self.input.read_to_end(&mut rest)?;
                let text = format!("{line}\n{}", String::from_utf8_lossy(&rest));
                self.out
                    .extend(json_killers(&text, self.allow_disconnected));
                self.done = true;
                break;
            }
            if self.block.is_empty() {
                self.start = self.line_no;
            }
            self.has_content |= !line.trim_start().starts_with('#');
            self.block.push_str(&line);
            self.block.push('\n');
        }
        Ok(())
    }
}

impl<R: Read> Iterator for KillerReader<R> {
    type Item = io::Result<KillerEntry>;

    fn next(&mut self) -> Option<io::Result<KillerEntry>> {
        if let Err(e) = self.fill() {
            self.done = true;
            self.out.clear();
            return Some(Err(e));
        }
        self.out.pop_front().map(Ok)
    }
}

/// The puzzles of a JSON text: one object, or a list of them.
#[cfg(feature = "leetcode")]
fn json_killers(text: &str, allow_disconnected: bool) -> Vec<KillerEntry> {
    let entry = |line, killer| KillerEntry { line, killer };
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        return vec![entry(1, Killer::parse_json(trimmed, allow_disconnected))];
    }
    match serde_json::from_str::<Vec<serde_json::Value>>(trimmed) {
        Ok(list) => list
            .iter()
            .map(|v| entry(1, Killer::parse_json(&v.to_string(), allow_disconnected)))
            .collect(),
        Err(e) => vec![entry(
            e.line(),
            Err(KillerError::Syntax {
                line: e.line(),
                column: e.column(),
                message: format!("not JSON: {e}"),
            }),
        )],
    }
}

#[cfg(not(feature = "leetcode"))]
fn json_killers(_: &str, _: bool) -> Vec<KillerEntry> {
    vec![KillerEntry {
        line: 1,
        killer: Err(KillerError::Syntax {
            line: 1,
            column: 1,
            message: "killer sudokus in JSON are read with the `leetcode` feature".into(),
        }),
    }]
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputFormat::Auto => "auto",
            InputFormat::Line => "line",
            InputFormat::Grid => "grid",
            InputFormat::Leetcode => "leetcode",
            InputFormat::Csv => "csv",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads `bytes` in batches and returns every entry, checking the batches on the way.
    fn read(bytes: &[u8], input: InputFormat) -> Vec<Entry> {
        let settings = ReadSettings::default().input(input);
        let mut all = Vec::new();
        for batch in Reader::new(bytes, settings).batches(256) {
            let batch = batch.unwrap();
            assert!(!batch.entries.is_empty() && batch.entries.len() <= 256);
            assert!(batch.bytes_read <= bytes.len() as u64);
            all.extend(batch.entries);
        }
        // In order.
        assert!(all.windows(2).all(|w| w[0].line < w[1].line));
        all
    }

    fn lines_of(bytes: &[u8], input: InputFormat) -> Vec<(usize, String)> {
        read(bytes, input)
            .into_iter()
            .map(|e| (e.line, e.text))
            .collect()
    }

    proptest! {
        #[test]
        fn any_bytes_read_without_panic(
            bytes in proptest::collection::vec(
                prop_oneof![
                    Just(b'\n'), Just(b'\r'), Just(b'.'), Just(b','), Just(b'#'), Just(b'['),
                    Just(b' '), Just(b'"'), Just(0u8), Just(0xef), Just(0xbb), Just(0xbf),
                    b'0'..=b'9', any::<u8>()
                ],
                0..600,
            ),
            input in prop_oneof![
                Just(InputFormat::Auto), Just(InputFormat::Line), Just(InputFormat::Grid),
                Just(InputFormat::Csv), Just(InputFormat::Leetcode)
            ],
        ) {
            let settings = ReadSettings::default().input(input);
            for entry in Reader::new(&bytes[..], settings).flatten() {
                let _ = entry.parse(None, None);
            }
        }

        /// One-line puzzles: every line that is not blank or a comment is one entry, whatever
        /// the line ends, and entries hold the line's text; but a title line (`aa 1`) goes with
        /// the entry after it, where the file puts titles before its first entry or before
        /// every one (else it is an entry of its own, a stray line).
        #[test]
        fn every_line_is_kept(
            lines in proptest::collection::vec("[.1-9#a ]{0,20}", 0..700),
            crlf in any::<bool>(),
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|l| format!("{l}{end}")).collect();
            let got = lines_of(text.as_bytes(), InputFormat::Line);
            let mut want = Vec::new();
            let mut pending: Option<(usize, String)> = None;
            let (mut records, mut last_titled) = (false, false);
            for (k, l) in lines.iter().enumerate() {
                if is_skipped(l) {
                    continue;
                }
                let here = (k + 1, l.trim().to_string());
                if crate::is_title(l) && !fits(crate::line_cells(l), None) {
                    want.extend(pending.replace(here));
                    continue;
                }
                let titled = match pending.take() {
                    Some(_) if !records || last_titled => true,
                    Some(stray) => {
                        want.push(stray);
                        false
                    }
                    None => false,
                };
                want.push(here);
                (records, last_titled) = (true, titled);
            }
            want.extend(pending);
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn detection() {
        let format = |lines: &[&str]| detect(lines, None).format;
        assert_eq!(format(&["[[\"5\"]]"]), InputFormat::Leetcode);
        assert_eq!(format(&["quizzes,solutions"]), InputFormat::Csv);
        assert_eq!(format(&[&".".repeat(81)]), InputFormat::Line);
        // A bad first line (80 symbols) is still a line, not the start of a grid.
        assert_eq!(format(&[&".".repeat(80)]), InputFormat::Line);
        assert_eq!(format(&["7 1 2 ? 6 ? 3 5 8"]), InputFormat::Grid);
        assert_eq!(format(&["53..7....", "6..195..."]), InputFormat::Grid);
        // A title before one-line puzzles: the puzzles decide.
        let puzzle = ".".repeat(81);
        let titled = ["Norvig top95", &puzzle, &puzzle, &puzzle];
        assert_eq!(format(&titled), InputFormat::Line);
        assert_eq!(format(&["hello world", &puzzle]), InputFormat::Line);
    }

    #[test]
    fn csv_fields_trim_blanks_and_quotes() {
        assert_eq!(csv_split("\"12.4\" , 1234,rest"), ["12.4", "1234", "rest"]);
        assert_eq!(csv_split("abc"), ["abc"]);
        assert_eq!(csv_split("x,"), ["x", ""]);
        assert_eq!(
            csv_split("\"a,b\",\"say \"\"hi\"\"\""),
            ["a,b", "say \"hi\""]
        );
    }

    /// A quoted field may run over line ends (a note in a column beside the puzzle): the record
    /// is one entry, numbered by its first line, and the lines after it keep their numbers; a
    /// quote never closed ends at the end of the input.
    #[test]
    fn a_quoted_field_runs_over_line_ends() {
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let text = format!(
            "id,puzzle,note\n1,{puzzle},\"two\n\n# lines, \"\"quoted\"\"\"\n2,{puzzle},plain\n3,{puzzle},\"open\n"
        );
        let got = read(text.as_bytes(), InputFormat::Auto);
        let lines: Vec<usize> = got.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 5, 6]);
        assert!(got.iter().all(|e| e.text == puzzle));
        let note = |k: usize| {
            got[k]
                .columns
                .iter()
                .find(|(n, _)| &**n == "note")
                .unwrap()
                .1
                .clone()
        };
        assert_eq!(note(0), "two\n\n# lines, \"quoted\"");
        assert_eq!(
            (note(1), note(2)),
            ("plain".to_string(), "open".to_string())
        );
    }

    #[test]
    fn a_board_too_long_counts_its_bytes() {
        let mut board = b"[[\"5\"".to_vec();
        board.extend(std::iter::repeat_n(b' ', MAX_BOARD as usize + 10));
        board.extend(b"]]\n");
        let entries = read(&board, InputFormat::Auto);
        assert_eq!(entries.len(), 1);
        assert_eq!(
            entries[0].not_a_puzzle,
            Some(NotAPuzzle::TooLong {
                bytes: board.len() as u64
            })
        );
        assert!(entries[0].text.len() <= 64);
    }

    #[test]
    fn an_error_reading_ends_the_entries_after_those_before_it() {
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::other("the disk is gone"));
                }
                self.0 -= 1;
                let line = b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
                buf[..line.len()].copy_from_slice(line);
                Ok(line.len())
            }
        }
        let got: Vec<Result<Entry, ReadError>> =
            Reader::new(Failing(3), ReadSettings::default()).collect();
        assert_eq!(got.len(), 4);
        assert!(got[..3].iter().all(Result::is_ok));
        assert_eq!(got[3].as_ref().unwrap_err().to_string(), "the disk is gone");
    }
}
