//! Reading puzzles as a stream: files or standard input, line by line, cut into chunks.
//!
//! Nothing here holds more than one chunk of input: a chunk goes to the workers when it holds
//! [`CHUNK`] puzzles, or sooner when the next read would wait for more input (so a person typing
//! puzzles at a terminal gets each answer at once).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::Arc;

use sudoku::Shape;

use super::{InputFormat, OutputFormat};

/// The puzzles in one chunk: a chunk is sent once it holds this many (one more when a stray
/// line's record comes with the record after it).
pub const CHUNK: usize = 256;

/// One input, opened.
pub struct Source {
    /// As records and messages name it: the path, or `<stdin>`.
    pub name: Arc<str>,
    reader: Box<dyn Read + Send>,
    /// Its size in bytes, when known (a regular file).
    pub len: Option<u64>,
}

impl Source {
    /// Opens a file, or standard input for `None` or `-`. Fails before anything is read, so an
    /// unreadable file stops the run before any output.
    pub fn open(path: Option<&Path>) -> io::Result<Source> {
        match path {
            None => Ok(Source::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Source::stdin()),
            Some(p) => {
                let file = File::open(p)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::other("is a directory"));
                }
                Ok(Source {
                    name: p.display().to_string().into(),
                    reader: Box::new(file),
                    len: meta.is_file().then_some(meta.len()),
                })
            }
        }
    }

    fn stdin() -> Source {
        Source {
            name: "<stdin>".into(),
            reader: Box::new(io::stdin()),
            len: None,
        }
    }

    /// Puzzles held in memory (the bundled sample set).
    pub fn bytes(name: &str, bytes: &'static [u8]) -> Source {
        Source {
            name: name.into(),
            reader: Box::new(bytes),
            len: Some(bytes.len() as u64),
        }
    }
}

/// How one puzzle is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Line,
    Grid,
    Leetcode,
}

/// One puzzle of a chunk: where it came from, and where its text lies in the chunk's buffer.
#[derive(Debug, Clone)]
pub struct Entry {
    pub file: usize,
    pub line_no: usize,
    pub form: Form,
    pub out: OutputFormat,
    pub text: Range<usize>,
    /// The second column of a CSV line (a solution to check with `--verify`).
    pub extra: Option<Range<usize>>,
    /// The line was longer than [`MAX_LINE`] (or the board than any board): its length in
    /// bytes. `text` then holds only its start.
    pub too_long: Option<u64>,
    /// The title line before the puzzle (`Grid 01`), if any.
    pub title: Option<Box<str>>,
    /// A line of text that is no title (the file does not put one before its first puzzle or
    /// before every puzzle): an `invalid` record of its own, so that no line goes unaccounted.
    pub stray: bool,
    /// A CSV line's other columns: each one's name (from the header, or its number) and value.
    pub columns: Vec<(Arc<str>, Range<usize>)>,
    /// How the source was read, and why, for messages about puzzles that did not read.
    pub read_as: &'static str,
}

/// A run of consecutive puzzles, solved by one worker.
pub struct Chunk {
    /// Position in the sequence of chunks, from 0.
    pub seq: u64,
    /// The record index of the first puzzle, from 1.
    pub first_index: u64,
    pub text: String,
    pub entries: Vec<Entry>,
    /// Input bytes read up to the end of this chunk, over all sources (for progress).
    pub bytes_end: u64,
}

/// What the reader needs from the run's settings.
pub struct ReadSettings {
    pub input: InputFormat,
    pub format: Option<OutputFormat>,
    pub box_shape: Option<Shape>,
    /// CSV: the puzzle's column (`--column`), and the solution's (`--solution-column`).
    pub column: Option<Column>,
    pub solution_column: Option<Column>,
}

/// A CSV column, by its name in the header or its number (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    Name(String),
    Number(usize),
}

impl std::str::FromStr for Column {
    type Err = String;
    fn from_str(s: &str) -> Result<Column, String> {
        let s = s.trim();
        match s.parse::<usize>() {
            Ok(0) => Err("columns are numbered from 1".into()),
            Ok(k) => Ok(Column::Number(k)),
            Err(_) if s.is_empty() => Err("expected a column name or number".into()),
            Err(_) => Ok(Column::Name(s.to_string())),
        }
    }
}

/// A read failure: which source, and what.
#[derive(Debug)]
pub struct ReadError {
    pub name: Arc<str>,
    pub error: io::Error,
}

/// Reads every source in turn, sending chunks until the input ends or `stop` is set. Each send
/// first takes a token from `tokens` (the writer returns one per chunk written), which bounds the
/// chunks in flight and so the memory, however long the input.
pub fn read_all(
    sources: Vec<Source>,
    settings: &ReadSettings,
    chunks: &SyncSender<Chunk>,
    tokens: &Receiver<()>,
    stop: &AtomicBool,
) -> Result<(), ReadError> {
    let mut cutter = Cutter {
        chunk: new_chunk(0, 1),
        chunks,
        tokens,
        bytes: 0,
        closed: false,
    };
    for (file, source) in sources.into_iter().enumerate() {
        let name = source.name.clone();
        let mut reader = BufReader::with_capacity(1 << 16, source.reader);
        read_source(&mut reader, file, settings, &mut cutter, stop)
            .map_err(|error| ReadError { name, error })?;
        if cutter.closed || stop.load(Ordering::Relaxed) {
            return Ok(());
        }
    }
    cutter.flush();
    Ok(())
}

/// Reads every source to its end and returns all its chunks (for `dlx bench`, which holds its
/// puzzles in memory to run each method over them).
pub fn read_to_end(sources: Vec<Source>, settings: &ReadSettings) -> Result<Vec<Chunk>, ReadError> {
    let (chunk_tx, chunk_rx) = std::sync::mpsc::sync_channel::<Chunk>(1);
    let (token_tx, token_rx) = std::sync::mpsc::sync_channel::<()>(1);
    token_tx.send(()).expect("the channel has room");
    let never = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || read_all(sources, settings, &chunk_tx, &token_rx, &never));
        let mut chunks = Vec::new();
        for chunk in chunk_rx {
            chunks.push(chunk);
            // The reader may be done and gone: then the token is not needed.
            let _ = token_tx.send(());
        }
        reader.join().expect("the reader does not panic")?;
        Ok(chunks)
    })
}

fn new_chunk(seq: u64, first_index: u64) -> Chunk {
    Chunk {
        seq,
        first_index,
        text: String::new(),
        entries: Vec::with_capacity(CHUNK),
        bytes_end: 0,
    }
}

/// Builds chunks and sends them.
struct Cutter<'a> {
    chunk: Chunk,
    chunks: &'a SyncSender<Chunk>,
    tokens: &'a Receiver<()>,
    bytes: u64,
    /// The other end has gone (the run is stopping).
    closed: bool,
}

impl Cutter<'_> {
    fn push(&mut self, entry: Entry) {
        self.chunk.entries.push(entry);
    }

    /// Sends the chunk if it is full, or if `idle` (the next read may wait) and it holds any.
    fn maybe_flush(&mut self, idle: bool) {
        let n = self.chunk.entries.len();
        if n >= CHUNK || (idle && n > 0) {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.chunk.entries.is_empty() || self.closed {
            return;
        }
        let next = new_chunk(
            self.chunk.seq + 1,
            self.chunk.first_index + self.chunk.entries.len() as u64,
        );
        let mut chunk = std::mem::replace(&mut self.chunk, next);
        chunk.bytes_end = self.bytes;
        if self.tokens.recv().is_err() || self.chunks.send(chunk).is_err() {
            self.closed = true;
        }
    }
}

/// The longest line read as a puzzle, in bytes: a 64x64 puzzle on one line is about 12 KiB, a CSV
/// line with its solution and a few more columns under 30 KiB. Longer lines become one `invalid`
/// record each, read past in constant memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The most lines one grid block holds: 64 rows, separator and blank lines between bands, and
/// slack. A block that grows past it is cut there (and is invalid), so no input grows a chunk
/// unboundedly.
const MAX_BLOCK_LINES: usize = 160;

/// The most bytes of a LeetCode board (a 36x36 board is under 8 KiB).
const MAX_BOARD: u64 = 1 << 20;

/// The non-blank, non-comment lines looked at to tell one-line puzzles from grids.
const LOOKAHEAD: usize = 8;

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
    t.is_empty() || sudoku::is_comment(t)
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
    let cells = sudoku::line_cells(line);
    let first = line
        .split_whitespace()
        .next()
        .map_or(0, |t| t.chars().filter(|&c| c != '|').count());
    // A row of a 16x16 grid drawn without spaces has 16 symbols, as a 4x4 puzzle: it is one
    // only if its symbols are a 4x4's.
    cells > sudoku::MAX_SIZE
        || (fits(cells, shape)
            && first == cells
            && !line.contains(',')
            && sudoku::parse_line_auto(line, shape).is_ok())
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

/// The format of a source from its first lines that are neither blank nor comments, and why,
/// for messages: `[` first is a LeetCode board, a comma between fields that are not single
/// cells a CSV file; else one-line puzzles if at least half of the lines (up to [`LOOKAHEAD`])
/// look like whole puzzles, grids otherwise. A title line (`Grid 01`, `Hard puzzles`) is not
/// counted.
fn detect(lines: &[&str], shape: Option<Shape>) -> (InputFormat, &'static str) {
    let Some(first) = lines.first().map(|l| l.trim()) else {
        return (InputFormat::Line, LINE_DETECTED);
    };
    if first.starts_with('[') {
        return (
            InputFormat::Leetcode,
            "read as a LeetCode board, since the input starts with `[`",
        );
    }
    if (first.contains(',') && !is_comma_row(first)) || first.starts_with('"') {
        return (
            InputFormat::Csv,
            "read as CSV, since the first line has commas between fields that are not single \
             cells, or starts with a quote; --input line or --input grid reads the file otherwise",
        );
    }
    let counted: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !sudoku::is_title(l) || looks_like_line(l, shape))
        .collect();
    let whole = counted.iter().filter(|l| looks_like_line(l, shape)).count();
    if counted.is_empty() || 2 * whole >= counted.len() {
        (InputFormat::Line, LINE_DETECTED)
    } else {
        (
            InputFormat::Grid,
            "read as grids, since the first lines are rows rather than whole puzzles; \
             --input line reads one puzzle per line",
        )
    }
}

const LINE_DETECTED: &str = "read as one puzzle per line, since the first lines hold whole \
                             puzzles; --input grid reads grids";

/// How a source read with `--input` was read, for messages.
fn read_as_given(input: InputFormat) -> &'static str {
    match input {
        InputFormat::Line | InputFormat::Auto => "read as one puzzle per line, as --input says",
        InputFormat::Grid => "read as grids, as --input says",
        InputFormat::Csv => "read as CSV, as --input says",
        InputFormat::Leetcode => "read as a LeetCode board, as --input says",
    }
}

/// The fields of a CSV line: separated by commas, blanks around each removed, double quotes
/// around a field removed (a comma inside them is no separator, `""` is a quote).
fn csv_split(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field).trim().to_string()),
            _ => field.push(c),
        }
    }
    fields.push(field.trim().to_string());
    fields
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

/// One line as read: its number, its text (at most [`MAX_LINE`] bytes of it), and its length
/// in bytes when it was longer.
struct Line {
    no: usize,
    text: String,
    too_long: Option<u64>,
}

/// The state of one source being read once its format is known.
struct SourceReader<'s> {
    file: usize,
    format: InputFormat,
    settings: &'s ReadSettings,
    /// An open grid block.
    block: Option<Block>,
    /// CSV: the columns, once the header (or the first line) has said them.
    csv: Option<CsvLayout>,
    /// CSV: the header's names, while the first data line has not come.
    header: Option<Vec<String>>,
    /// No CSV line has come yet (a header may only come first).
    csv_first: bool,
    /// A title line waiting for the next record, and its line number: whether it is the
    /// record's title is decided when the record comes.
    title: Option<(usize, Box<str>)>,
    /// A record (other than a stray line's) has been read from this source.
    records: bool,
    /// The last such record had a title.
    last_titled: bool,
    read_as: &'static str,
}

struct Block {
    /// The line number of its first line, and where its text starts in the chunk.
    first: usize,
    start: usize,
    lines: usize,
    /// Lines with cells (not separators).
    rows: usize,
    /// The cells of its first and second rows.
    widths: [usize; 2],
    /// Where its second row starts: line number, offset in the chunk, lines before it.
    second: Option<(usize, usize, usize)>,
}

impl Block {
    /// The cells of its rows (the second row's, once there is one: a first row may be a title).
    fn width(&self) -> usize {
        self.widths[usize::from(self.rows >= 2)]
    }
}

impl SourceReader<'_> {
    fn out(&self) -> OutputFormat {
        self.settings.format.unwrap_or(match self.format {
            InputFormat::Grid => OutputFormat::Grid,
            InputFormat::Leetcode => OutputFormat::Leetcode,
            _ => OutputFormat::Line,
        })
    }

    fn entry(&self, line_no: usize, form: Form, text: Range<usize>) -> Entry {
        Entry {
            file: self.file,
            line_no,
            form,
            out: self.out(),
            text,
            extra: None,
            too_long: None,
            title: None,
            stray: false,
            columns: Vec::new(),
            read_as: self.read_as,
        }
    }

    /// Sends an entry on, with the title that came before it. A title line goes with the record
    /// after it where the file uses titles: before its first record, or before every record so
    /// far (Project Euler's `Grid 01` before each grid). Elsewhere a line of text among the
    /// puzzles is no title but a stray line, and gets an `invalid` record of its own first, so
    /// that output lines stay beside the input lines they answer.
    fn push(&mut self, cutter: &mut Cutter<'_>, mut entry: Entry) {
        if let Some((line_no, text)) = self.title.take() {
            if !self.records || self.last_titled {
                entry.title = Some(text);
            } else {
                self.push_stray(cutter, line_no, &text);
            }
        }
        self.records = true;
        self.last_titled = entry.title.is_some();
        cutter.push(entry);
    }

    /// Holds a title line until the record after it decides what it is; a title already
    /// waiting had no record after it, and is a stray line.
    fn hold_title(&mut self, cutter: &mut Cutter<'_>, line_no: usize, text: &str) {
        if let Some((no, before)) = self.title.replace((line_no, text.into())) {
            self.push_stray(cutter, no, &before);
        }
    }

    /// The `invalid` record of a line of text that is neither a puzzle nor a title.
    fn push_stray(&mut self, cutter: &mut Cutter<'_>, line_no: usize, text: &str) {
        let start = cutter.chunk.text.len();
        cutter.chunk.text.push_str(text);
        let mut entry = self.entry(line_no, Form::Line, start..cutter.chunk.text.len());
        entry.stray = true;
        // What decides titles is the file's puzzles: a stray line changes nothing there.
        cutter.push(entry);
    }

    /// At the end of the source: a title with no record after it is a stray line.
    fn finish(&mut self, cutter: &mut Cutter<'_>) {
        self.close_block(cutter);
        if let Some((line_no, text)) = self.title.take() {
            self.push_stray(cutter, line_no, &text);
        }
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

    /// Takes one line. Returns `true` when the source is done (a LeetCode board takes the rest).
    fn take(
        &mut self,
        line: Line,
        reader: &mut impl BufRead,
        cutter: &mut Cutter<'_>,
    ) -> io::Result<bool> {
        let skipped = is_skipped(&line.text);
        if let Some(bytes) = line.too_long {
            // Too long for any puzzle or grid row: one record of its own, its start kept to
            // show what it was.
            self.close_block(cutter);
            let base = cutter.chunk.text.len();
            let mut end = line.text.len().min(64);
            while !line.text.is_char_boundary(end) {
                end -= 1;
            }
            cutter.chunk.text.push_str(&line.text[..end]);
            let mut entry = self.entry(line.no, Form::Line, base..base + end);
            entry.too_long = Some(bytes);
            self.push(cutter, entry);
            return Ok(false);
        }
        match self.format {
            InputFormat::Leetcode if !skipped => {
                // One board per source: the rest of it is the board.
                let start = cutter.chunk.text.len();
                cutter.chunk.text.push_str(&line.text);
                cutter.chunk.text.push('\n');
                let mut rest = Vec::new();
                let n = reader.take(MAX_BOARD).read_to_end(&mut rest)?;
                cutter.bytes += n as u64;
                cutter.chunk.text.push_str(&String::from_utf8_lossy(&rest));
                let end = cutter.chunk.text.len();
                let mut entry = self.entry(line.no, Form::Leetcode, start..end);
                let more = reader.fill_buf()?.len();
                if more > 0 {
                    // A board is never this long: count the rest, keep none of it.
                    let left = io::copy(reader, &mut io::sink())?;
                    cutter.bytes += left;
                    cutter.chunk.text.truncate(start + 64.min(end - start));
                    while !cutter.chunk.text.is_char_boundary(cutter.chunk.text.len()) {
                        cutter.chunk.text.pop();
                    }
                    entry.text = start..cutter.chunk.text.len();
                    entry.too_long = Some(line.text.len() as u64 + 1 + n as u64 + left);
                }
                self.push(cutter, entry);
                return Ok(true);
            }
            InputFormat::Grid => {
                if !skipped {
                    self.grid_line(&line, cutter);
                } else if self.band_gap() {
                    // Between bands: the block goes on (its text keeps the line, so that line
                    // numbers in messages stay right).
                    cutter.chunk.text.push_str(&line.text);
                    cutter.chunk.text.push('\n');
                    if let Some(b) = &mut self.block {
                        b.lines += 1;
                    }
                } else {
                    self.close_block(cutter);
                }
            }
            InputFormat::Csv if !skipped => self.csv_line(&line, cutter)?,
            InputFormat::Line | InputFormat::Auto if !skipped => {
                let t = line.text.trim();
                if sudoku::is_title(t) && !fits(sudoku::line_cells(t), self.settings.box_shape) {
                    // `Hard puzzles` before the puzzles: a title (or a stray line of text, as
                    // the record after it decides).
                    self.hold_title(cutter, line.no, t);
                    return Ok(false);
                }
                let base = cutter.chunk.text.len();
                let lead = line.text.len() - line.text.trim_start().len();
                cutter.chunk.text.push_str(&line.text);
                let entry = self.entry(line.no, Form::Line, base + lead..base + lead + t.len());
                self.push(cutter, entry);
            }
            _ => {}
        }
        Ok(false)
    }

    /// A CSV line: the header (the first line, if none of its fields is a puzzle and one has a
    /// letter), or a puzzle with its solution and other columns.
    fn csv_line(&mut self, line: &Line, cutter: &mut Cutter<'_>) -> io::Result<()> {
        let fields = csv_split(&line.text);
        let shape = self.settings.box_shape;
        let is_puzzle = |f: &String| fits(sudoku::line_cells(f), shape);
        if std::mem::take(&mut self.csv_first)
            && !fields.iter().any(is_puzzle)
            && fields
                .iter()
                .any(|f| f.chars().any(|c| c.is_ascii_alphabetic()))
        {
            self.header = Some(fields);
            return Ok(());
        }
        if self.csv.is_none() {
            self.csv = Some(self.csv_layout(&fields)?);
        }
        let layout = self.csv.as_ref().expect("set");
        let base = cutter.chunk.text.len();
        let mut push = |text: &str| {
            let start = cutter.chunk.text.len();
            cutter.chunk.text.push_str(text);
            start..cutter.chunk.text.len()
        };
        let puzzle = push(fields.get(layout.puzzle).map_or("", |f| f.as_str()));
        let extra = layout
            .solution
            .map(|k| push(fields.get(k).map_or("", |f| f.as_str())));
        let mut columns = Vec::new();
        for (k, field) in fields.iter().enumerate() {
            if k != layout.puzzle && Some(k) != layout.solution {
                let name = layout
                    .names
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| (k + 1).to_string().into());
                columns.push((name, push(field)));
            }
        }
        debug_assert!(puzzle.start == base);
        let mut entry = self.entry(line.no, Form::Line, puzzle);
        entry.extra = extra;
        entry.columns = columns;
        self.push(cutter, entry);
        Ok(())
    }

    /// The columns of a CSV source, from `--column` and `--solution-column`, the header's names,
    /// or the first line (its first field that holds a puzzle, and the next one).
    fn csv_layout(&self, first: &[String]) -> io::Result<CsvLayout> {
        let header = self.header.as_deref();
        let shape = self.settings.box_shape;
        let find = |column: &Column, what: &str| -> io::Result<usize> {
            match column {
                Column::Number(k) => Ok(k - 1),
                Column::Name(name) => {
                    let Some(h) = header else {
                        return Err(io::Error::other(format!(
                            "{what} `{name}`: the file has no header line naming its columns; \
                             give the column's number instead"
                        )));
                    };
                    h.iter()
                        .position(|f| f.eq_ignore_ascii_case(name))
                        .ok_or_else(|| {
                            io::Error::other(format!(
                                "{what} `{name}`: no such column in the header ({})",
                                h.join(", ")
                            ))
                        })
                }
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
                .is_some_and(|f| fits(sudoku::line_cells(f), shape))
        };
        let puzzle = match &self.settings.column {
            Some(c) => find(c, "--column")?,
            None => named(&PUZZLE_NAMES)
                .or_else(|| (0..first.len()).find(holds_puzzle))
                .unwrap_or(0),
        };
        let solution = match &self.settings.solution_column {
            Some(c) => Some(find(c, "--solution-column")?),
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
    /// title if it reads as one (`Grid 01`), else a record of its own.
    fn grid_line(&mut self, line: &Line, cutter: &mut Cutter<'_>) {
        let cells = sudoku::row_cells(&line.text);
        let start = cutter.chunk.text.len();
        cutter.chunk.text.push_str(&line.text);
        cutter.chunk.text.push('\n');
        let block = self.block.get_or_insert(Block {
            first: line.no,
            start,
            lines: 0,
            rows: 0,
            widths: [0; 2],
            second: None,
        });
        block.lines += 1;
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
                    let (no, at, before) = block.second.expect("a second row");
                    title = Some(Block {
                        lines: before,
                        rows: 1,
                        second: None,
                        ..*block
                    });
                    *block = Block {
                        first: no,
                        start: at,
                        lines: block.lines - before,
                        rows: 2,
                        widths: [cells, cells],
                        second: None,
                    };
                }
                _ => {}
            }
        }
        let width = block.width();
        let full = block.rows == width && width > 1 && fits(width * width, self.settings.box_shape);
        let too_many = block.lines >= MAX_BLOCK_LINES;
        if let Some(t) = title {
            // The title's text lies before the block's.
            let end = self.block.as_ref().expect("open").start;
            let text = cutter.chunk.text[t.start..end].trim();
            if sudoku::is_title(text) {
                let text = text.to_string();
                self.hold_title(cutter, t.first, &text);
            } else {
                let entry = self.entry(t.first, Form::Grid, t.start..end);
                self.push(cutter, entry);
            }
        }
        if full || too_many {
            self.close_block(cutter);
        }
    }

    /// Ends an open grid block: one puzzle, or the title of the next one (a block of one line
    /// that reads as a title, followed by a blank line).
    fn close_block(&mut self, cutter: &mut Cutter<'_>) {
        if let Some(b) = self.block.take() {
            let end = cutter.chunk.text.len();
            let text = cutter.chunk.text[b.start..end].trim();
            if b.rows == 0 {
                // Only separator lines (the bottom rule of a drawn grid): no puzzle.
                return;
            }
            if b.rows == 1 && sudoku::is_title(text) && !text.contains('\n') {
                let text = text.to_string();
                self.hold_title(cutter, b.first, &text);
                return;
            }
            let entry = self.entry(b.first, Form::Grid, b.start..end);
            self.push(cutter, entry);
        }
    }
}

fn read_source(
    reader: &mut BufReader<Box<dyn Read + Send>>,
    file: usize,
    settings: &ReadSettings,
    cutter: &mut Cutter<'_>,
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut state = SourceReader {
        file,
        format: settings.input,
        settings,
        block: None,
        csv: None,
        header: None,
        csv_first: true,
        title: None,
        records: false,
        last_titled: false,
        read_as: read_as_given(settings.input),
    };
    // With `--input auto`, the lines read before the format is known.
    let mut pending: Vec<Line> = Vec::new();
    let mut deciding = settings.input == InputFormat::Auto;
    let mut buf = Vec::new();
    let mut line_no = 0;
    let mut done = false;
    while !done {
        if stop.load(Ordering::Relaxed) || cutter.closed {
            return Ok(());
        }
        buf.clear();
        let (read, cut) = read_line(reader, &mut buf)?;
        if read == 0 {
            break;
        }
        cutter.bytes += read as u64;
        line_no += 1;
        let line = Line {
            no: line_no,
            text: line_text(&buf, line_no == 1),
            too_long: cut.then_some(read as u64),
        };
        if deciding {
            pending.push(line);
            let seen: Vec<&str> = pending
                .iter()
                .filter(|l| !is_skipped(&l.text) && l.too_long.is_none())
                .map(|l| l.text.as_str())
                .collect();
            let first = seen.first().map(|l| l.trim_start());
            // Decide early when the next read would wait (a person typing puzzles gets each
            // answer at once); a file is buffered, so its first lines are all looked at.
            let decided = first
                .is_some_and(|f| f.starts_with('[') || (f.contains(',') && !is_comma_row(f)))
                || seen.len() >= LOOKAHEAD
                || (!seen.is_empty() && reader.buffer().is_empty());
            if !decided {
                continue;
            }
            (state.format, state.read_as) = detect(&seen, settings.box_shape);
            deciding = false;
            for line in pending.drain(..) {
                if state.take(line, reader, cutter)? {
                    done = true;
                    break;
                }
            }
        } else {
            done = state.take(line, reader, cutter)?;
        }
        // Cut only between puzzles, never inside a grid block.
        if state.block.is_none() {
            cutter.maybe_flush(reader.buffer().is_empty());
        }
    }
    if deciding {
        let seen: Vec<&str> = pending
            .iter()
            .filter(|l| !is_skipped(&l.text) && l.too_long.is_none())
            .map(|l| l.text.as_str())
            .collect();
        (state.format, state.read_as) = detect(&seen, settings.box_shape);
        for line in pending.drain(..) {
            if state.take(line, reader, cutter)? {
                break;
            }
        }
    }
    state.finish(cutter);
    cutter.maybe_flush(true);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::mpsc::sync_channel;

    /// Reads `bytes` as one source (cut into sources at `\x00`) and returns the chunks.
    fn read(bytes: &[u8], input: InputFormat) -> Vec<Chunk> {
        let sources: Vec<Source> = bytes
            .split(|&b| b == 0)
            .map(|part| Source {
                name: "t".into(),
                reader: Box::new(io::Cursor::new(part.to_vec())),
                len: Some(part.len() as u64),
            })
            .collect();
        let settings = ReadSettings {
            input,
            format: None,
            box_shape: None,
            column: None,
            solution_column: None,
        };
        let (tx, rx) = sync_channel(bytes.len() + 2);
        let (token_tx, token_rx) = sync_channel(bytes.len() + 2);
        for _ in 0..bytes.len() + 2 {
            token_tx.send(()).unwrap();
        }
        read_all(sources, &settings, &tx, &token_rx, &AtomicBool::new(false)).unwrap();
        drop(tx);
        rx.into_iter().collect()
    }

    fn check(bytes: &[u8], input: InputFormat) -> Vec<(usize, usize, String)> {
        let chunks = read(bytes, input);
        let mut seen = Vec::new();
        let mut index = 1;
        for (seq, chunk) in chunks.iter().enumerate() {
            assert_eq!(chunk.seq, seq as u64);
            assert_eq!(chunk.first_index, index);
            assert!(!chunk.entries.is_empty() && chunk.entries.len() <= CHUNK + 1);
            index += chunk.entries.len() as u64;
            for e in &chunk.entries {
                // Ranges lie on character boundaries of the chunk's text.
                let text = chunk.text.get(e.text.clone()).expect("a valid range");
                if let Some(extra) = &e.extra {
                    chunk.text.get(extra.clone()).expect("a valid range");
                }
                seen.push((e.file, e.line_no, text.to_string()));
            }
        }
        // In order: by source, then by line.
        assert!(seen.windows(2).all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)));
        seen
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
            check(&bytes, input);
        }

        /// One-line puzzles: every line that is not blank or a comment is one entry, whatever
        /// the line ends, and entries hold the line's text; but a title line (`aa 1`) goes with
        /// the record after it, where the file puts titles before its first record or before
        /// every one (else it is an entry of its own, a stray line).
        #[test]
        fn every_line_is_kept(
            lines in proptest::collection::vec("[.1-9#a ]{0,20}", 0..700),
            crlf in any::<bool>(),
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|l| format!("{l}{end}")).collect();
            let got = check(text.as_bytes(), InputFormat::Line);
            let mut want = Vec::new();
            let mut pending: Option<(usize, usize, String)> = None;
            let (mut records, mut last_titled) = (false, false);
            for (k, l) in lines.iter().enumerate() {
                if is_skipped(l) {
                    continue;
                }
                let here = (0, k + 1, l.trim().to_string());
                if sudoku::is_title(l) && !fits(sudoku::line_cells(l), None) {
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
        assert_eq!(detect(&["[[\"5\"]]"], None).0, InputFormat::Leetcode);
        assert_eq!(detect(&["quizzes,solutions"], None).0, InputFormat::Csv);
        assert_eq!(detect(&[&".".repeat(81)], None).0, InputFormat::Line);
        // A bad first line (80 symbols) is still a line, not the start of a grid.
        assert_eq!(detect(&[&".".repeat(80)], None).0, InputFormat::Line);
        assert_eq!(detect(&["7 1 2 ? 6 ? 3 5 8"], None).0, InputFormat::Grid);
        assert_eq!(
            detect(&["53..7....", "6..195..."], None).0,
            InputFormat::Grid
        );
        // A title before one-line puzzles: the puzzles decide.
        let puzzle = ".".repeat(81);
        let titled = ["Norvig top95", &puzzle, &puzzle, &puzzle];
        assert_eq!(detect(&titled, None).0, InputFormat::Line);
        assert_eq!(detect(&["hello world", &puzzle], None).0, InputFormat::Line);
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
}
