//! Records as people and programs read them, as ripgrep's printer is to its searcher: each
//! worker of a batch turns the typed records of [`batch`](mod@crate::batch) into the bytes of a
//! [`Format`] ([`solve_chunk`], [`solve_killer_chunk`], [`write_record`], [`write_generated`]),
//! and a [`Writer`] (the batch's [`Sink`]) puts the chunks back in input order, keeps the
//! [`Summary`] and reports progress through a callback.
//!
//! A batch of puzzles from a file, solved on every core, written as lines in input order (a
//! [`Job`] is what `dlx sudoku` runs; [`solve_chunk`] and the pipeline are the parts under it):
//!
//! ```
//! use sudoku::batch::Task;
//! use sudoku::print::{self, Input, Job, Writer};
//!
//! let text = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
//! let input = Input::text("hard.txt", text);
//! let (mut out, job) = (Vec::new(), Job::new(Task::Unique));
//! let mut writer = Writer::new(&mut out);
//! job.run(print::Inputs::Puzzles(vec![input]), &mut writer, |_, _| {}).expect("readable");
//! assert_eq!(writer.summary.unique, 1);
//! drop(writer);
//! assert!(String::from_utf8(out)?.starts_with("812753649"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use crate::batch::{self, Record, RecordError, RecordJson, Status, Summary, Tally, Task};
use crate::pipeline::Sink;
use crate::read::{
    Entry, EntryError, Form, InputFormat, KillerEntry, NotAPuzzle, ReadAs, ReadError, Reader,
    SettingNames,
};
use crate::text::ParseErrorKind;
use crate::{
    Generated, GeneratedJson, Grid, Rating, Shape, StopReason, Sudoku, Symbols, Technique,
};

/// How records are written (`Pretty` draws a jigsaw's regions and a killer's cages; `Json`
/// writes a [`RecordJson`] per record).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Format {
    /// The solved grid on one line.
    Line,
    /// Rows of space-separated symbols, a blank line between puzzles (as HDU-1426 prints).
    Grid,
    /// Box-drawing characters, for a person.
    Pretty,
    /// The board as LeetCode's JSON.
    Leetcode,
    /// One JSON object per puzzle.
    Json,
}

/// A run of consecutive puzzles of one input, solved by one worker.
#[derive(Debug)]
pub struct Chunk {
    /// The record index of the first puzzle, from 1.
    pub first_index: u64,
    /// Which input (an index into [`Printer::names`]).
    pub file: usize,
    /// The puzzles.
    pub entries: Vec<Entry>,
    /// Input bytes read up to the end of this chunk, over all inputs (for progress).
    pub bytes_end: u64,
}

/// The chunks of one input read by `reader`, `size` puzzles each, numbered from 1, as input
/// `file` of the batch (what [`Job::run`] solves, numbered across its inputs).
pub fn chunks<R: io::Read>(
    reader: Reader<R>,
    file: usize,
    size: usize,
) -> impl Iterator<Item = Result<Chunk, ReadError>> {
    let mut next = 1u64;
    reader.batches(size).map(move |batch| {
        batch.map(|b| {
            let first_index = next;
            next += b.entries.len() as u64;
            Chunk {
                first_index,
                file,
                entries: b.entries,
                bytes_end: b.bytes_read,
            }
        })
    })
}

/// An input of a [`Job`]: its name, its bytes, and their number if known (for progress).
pub struct Input {
    /// The name records and messages give it.
    pub name: Arc<str>,
    /// Its bytes.
    pub reader: Box<dyn io::Read + Send>,
    /// How many bytes, if known.
    pub len: Option<u64>,
}

impl Input {
    /// Text held in memory (or a sample compiled into a program), named `name`.
    pub fn text(name: &str, text: impl Into<Vec<u8>>) -> Input {
        let bytes = text.into();
        Input {
            name: Arc::from(name),
            len: Some(bytes.len() as u64),
            reader: Box::new(io::Cursor::new(bytes)),
        }
    }

    /// Standard input, named `<stdin>`.
    pub fn stdin() -> Input {
        Input {
            name: Arc::from("<stdin>"),
            reader: Box::new(io::stdin()),
            len: None,
        }
    }

    /// The file at `path`, named as the path is written; its length is known when it is a
    /// plain file. A directory is an error ([`io::ErrorKind::IsADirectory`], `it is a
    /// directory`), found before anything is read.
    pub fn file(path: &std::path::Path) -> io::Result<Input> {
        let file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            ));
        }
        Ok(Input {
            name: path.display().to_string().into(),
            reader: Box::new(file),
            len: meta.is_file().then_some(meta.len()),
        })
    }
}

/// A batch as `dlx sudoku` runs it: how each puzzle is searched and by which rules, how the
/// inputs are read and the records written, on how many threads.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Job {
    /// The task, the limits and the strategy; its cancel flag stops the whole batch.
    pub settings: batch::Settings,
    /// The rules (a variant of sudoku).
    pub variant: crate::Variant,
    /// How the inputs are read.
    pub read: crate::read::ReadSettings,
    /// How the records are written (none: as each input was read).
    pub format: Option<Format>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// How an invalid record's message names the settings that read an input otherwise.
    pub setting_names: SettingNames,
}

/// An input of a [`Job`] that could not be read: its name, and why.
#[derive(Debug)]
pub struct InputError {
    /// The input's name.
    pub name: Arc<str>,
    /// Why.
    pub error: ReadError,
}

impl Job {
    /// A job doing `task` by the classic rules, inputs read in any layout, records in the
    /// layout read, on every core.
    pub fn new(task: Task) -> Job {
        Job {
            settings: batch::Settings::new(task),
            variant: crate::Variant::default(),
            read: crate::read::ReadSettings::default(),
            format: None,
            threads: 0,
            setting_names: SettingNames::LIBRARY,
        }
    }

    /// Reads the inputs in turn, a chunk of puzzles at a time, solves them on the threads and
    /// has `writer` write the records in input order, numbered across the inputs (the batch's
    /// one driver, [`batch::drive`]); `first` hears the first puzzle of each input of plain
    /// puzzles (how it was read). Stops at an input that cannot be read, or when the cancel flag
    /// is set.
    pub fn run<W: Write>(
        &self,
        inputs: Inputs,
        writer: &mut Writer<'_, W>,
        first: impl FnMut(&str, &Entry) + Send + 'static,
    ) -> Result<(), InputError> {
        let names: Vec<Arc<str>> = match &inputs {
            Inputs::Puzzles(inputs) => inputs.iter().map(|i| Arc::clone(&i.name)).collect(),
            Inputs::Killer { input, .. } => vec![Arc::clone(&input.name)],
        };
        let format = match &inputs {
            Inputs::Killer { .. } => Some(self.format.unwrap_or(Format::Line)),
            Inputs::Puzzles(_) => self.format,
        };
        let printer = Printer::new(names)
            .format(format)
            .limits(self.settings.max_nodes, self.settings.timeout)
            .setting_names(self.setting_names);
        let rules = batch::Rules::new(self.variant.clone());
        let task = self.settings.task;
        let chunks: Box<dyn Iterator<Item = Result<Work, InputError>> + Send> = match inputs {
            Inputs::Puzzles(inputs) => Box::new(
                self.puzzle_chunks(inputs, first)
                    .map(|c| c.map(Work::Puzzles)),
            ),
            Inputs::Killer {
                input,
                allow_disconnected,
                draw,
            } => Box::new(killer_chunks(input, allow_disconnected, draw)),
        };
        batch::drive(
            chunks,
            &self.settings,
            &rules,
            self.threads,
            |solver, work| match work {
                Work::Puzzles(chunk) => solve_chunk(solver, &printer, task, chunk),
                Work::Killer {
                    first_index,
                    entries,
                    draw,
                } => solve_killer_chunk(solver, &printer, task, first_index, &entries, draw),
            },
            writer,
        )
        .map(|_| ())
    }

    /// The chunks of plain puzzles of the inputs in turn, numbered across them.
    fn puzzle_chunks(
        &self,
        inputs: Vec<Input>,
        first: impl FnMut(&str, &Entry) + Send + 'static,
    ) -> impl Iterator<Item = Result<Chunk, InputError>> + Send + 'static {
        // Each input's chunks call it in turn, on the reading thread.
        let first = Arc::new(std::sync::Mutex::new(first));
        let read = self.read.clone();
        let mut bytes_before = 0u64;
        let chunks = inputs
            .into_iter()
            .enumerate()
            .flat_map(move |(file, input)| {
                let (name, base) = (input.name, bytes_before);
                bytes_before += input.len.unwrap_or(0);
                let (mut told, first) = (false, Arc::clone(&first));
                let reader = Reader::new(input.reader, read.clone());
                chunks(reader, file, CHUNK).map(move |chunk| {
                    let chunk = chunk.map_err(|error| InputError {
                        name: Arc::clone(&name),
                        error,
                    })?;
                    if let Some(entry) = chunk.entries.first().filter(|_| !told) {
                        told = true;
                        (first.lock().unwrap_or_else(|e| e.into_inner()))(&name, entry);
                    }
                    Ok(Chunk {
                        bytes_end: base + chunk.bytes_end,
                        ..chunk
                    })
                })
            });
        // Records are numbered across the inputs.
        chunks.scan(1u64, |next, chunk| {
            Some(chunk.map(|chunk| {
                let first_index = *next;
                *next += chunk.entries.len() as u64;
                Chunk {
                    first_index,
                    ..chunk
                }
            }))
        })
    }
}

/// What a batch reads ([`Job::run`]): plain puzzles from inputs in any layout the job's
/// [`ReadSettings`](crate::read::ReadSettings) read, or killer sudokus from one input
/// ([`crate::read::KillerReader`]: cage maps with their sums, or JSON; cages that do not all
/// touch accepted with `allow_disconnected`; with `draw`, the drawing of the first puzzle that
/// reads kept in the writer).
#[non_exhaustive]
pub enum Inputs {
    /// Plain puzzles (and their variants).
    Puzzles(Vec<Input>),
    /// Killer sudokus.
    Killer {
        /// The input.
        input: Input,
        /// Accept cages whose cells do not all touch.
        allow_disconnected: bool,
        /// Keep the drawing of the first puzzle.
        draw: bool,
    },
}

impl Inputs {
    /// The bytes of plain puzzles' inputs, for progress as a share: `None` when one input's
    /// length is unknown (a pipe), and for killer sudokus, whose progress is the puzzles done.
    pub fn total_len(&self) -> Option<u64> {
        match self {
            Inputs::Puzzles(inputs) => inputs.iter().try_fold(0u64, |t, i| Some(t + i.len?)),
            Inputs::Killer { .. } => None,
        }
    }
}

/// A chunk of either kind, for the workers.
enum Work {
    Puzzles(Chunk),
    Killer {
        first_index: u64,
        entries: Vec<KillerEntry>,
        draw: bool,
    },
}

/// The chunks of killer sudokus of `input`, numbered from 1.
fn killer_chunks(
    input: Input,
    allow_disconnected: bool,
    draw: bool,
) -> impl Iterator<Item = Result<Work, InputError>> + Send + 'static {
    let name = Arc::clone(&input.name);
    let mut reader = crate::read::KillerReader::new(input.reader, allow_disconnected);
    let mut next = 1u64;
    std::iter::from_fn(move || {
        let entries = match reader
            .by_ref()
            .take(KILLER_CHUNK)
            .collect::<io::Result<Vec<_>>>()
        {
            Ok(entries) => entries,
            Err(e) => {
                return Some(Err(InputError {
                    name: Arc::clone(&name),
                    error: ReadError::Io(e),
                }))
            }
        };
        let first_index = next;
        next += entries.len() as u64;
        (!entries.is_empty()).then_some(Ok(Work::Killer {
            first_index,
            entries,
            draw,
        }))
    })
}

/// The most puzzles in a chunk of work.
const CHUNK: usize = 256;
/// The most killer sudokus in a chunk (each is a search of its own, and slower).
const KILLER_CHUNK: usize = 64;

/// A chunk, solved: its records' bytes and tallies.
#[derive(Debug, Default)]
pub struct Done {
    /// The records, one after another.
    pub out: Vec<u8>,
    /// Where each record ends in `out`.
    pub ends: Vec<usize>,
    /// Each record's tally, for the summary.
    pub tallies: Vec<Tally>,
    /// A cancel flag came before the chunk was finished: the records are those before the
    /// first puzzle not finished.
    pub interrupted: bool,
    /// Input bytes read up to the end of the chunk, for progress.
    pub bytes_end: u64,
    /// Killer sudoku: the drawing (SVG) of the chunk's first puzzle that was read, if asked.
    pub drawing: Option<String>,
    /// A solution that breaks the rules (an internal error, to report once the run is over).
    pub broken: Option<String>,
}

impl Done {
    fn with_capacity(records: usize, bytes_end: u64) -> Done {
        Done {
            out: Vec::with_capacity(records * 100),
            ends: Vec::with_capacity(records),
            tallies: Vec::with_capacity(records),
            bytes_end,
            ..Done::default()
        }
    }

    /// Adds a record in its format; whether it is the last (a cancel stopped its search: it
    /// holds what it found, and the records after it are not written).
    fn record(
        &mut self,
        record: &Record,
        about: &About<'_>,
        printer: &Printer,
        task: Task,
    ) -> bool {
        self.push(record.tally(), |out| {
            write_record(out, record, about, printer, task)
        });
        self.interrupted = record.cancelled();
        self.interrupted
    }

    /// Adds a record written by `write` (into memory, which cannot fail).
    fn push(&mut self, tally: Tally, write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) {
        let _ = write(&mut self.out);
        self.tallies.push(tally);
        self.ends.push(self.out.len());
    }
}

/// What every worker needs to write records: the names of the inputs, the format (none: as
/// each input was read), the limits (which a stopped record names), and how an invalid record
/// is described.
#[derive(Debug, Clone)]
pub struct Printer {
    /// The inputs' names, as [`Chunk::file`] numbers them.
    pub names: Vec<Arc<str>>,
    /// The format; none: as each input was read (grids as grids, boards as boards, else lines).
    pub format: Option<Format>,
    /// The node limit the searches ran under, named when it stops one.
    pub max_nodes: Option<u64>,
    /// The time limit the searches ran under, named when it stops one.
    pub timeout: Option<Duration>,
    /// How an invalid record's message names the settings ([`describe`]).
    pub setting_names: SettingNames,
}

impl Printer {
    /// A printer of records from inputs of these names, in the formats they were read in.
    pub fn new(names: Vec<Arc<str>>) -> Printer {
        Printer {
            names,
            format: None,
            max_nodes: None,
            timeout: None,
            setting_names: SettingNames::LIBRARY,
        }
    }

    /// With the output format (none: as read).
    pub fn format(mut self, format: Option<Format>) -> Printer {
        self.format = format;
        self
    }

    /// With the limits the searches ran under.
    pub fn limits(mut self, max_nodes: Option<u64>, timeout: Option<Duration>) -> Printer {
        self.max_nodes = max_nodes;
        self.timeout = timeout;
        self
    }

    /// With the names of the settings an invalid record's message gives.
    pub fn setting_names(mut self, names: SettingNames) -> Printer {
        self.setting_names = names;
        self
    }

    /// The format of the records of an input read as `read_as`.
    fn format_of(&self, read_as: ReadAs) -> Format {
        self.format.unwrap_or(match read_as.format {
            InputFormat::Grid => Format::Grid,
            InputFormat::Leetcode => Format::Leetcode,
            _ => Format::Line,
        })
    }
}

/// Why a record is invalid (or how its solution differs), for a person: `FILE:LINE:COLUMN:
/// message` where the reader says where, `FILE:LINE: message` otherwise; for a count of cells
/// that fits no grid, how the input was read and how to read it otherwise, naming the settings
/// as `names` does.
pub fn describe(problem: &RecordError, entry: &Entry, name: &str, names: &SettingNames) -> String {
    let line = entry.line;
    match problem {
        RecordError::Unreadable(e) => describe_entry(e, entry, name, names),
        RecordError::Grade(e) => format!("{name}:{line}: cannot grade: {e}"),
        RecordError::Mismatch(m) => m.to_string(),
        _ => format!("{name}:{line}: {problem}"),
    }
}

/// Why an entry does not read, as [`describe`] says it.
pub fn describe_entry(e: &EntryError, entry: &Entry, name: &str, names: &SettingNames) -> String {
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
                    crate::read::MAX_LINE
                )
            };
            return format!("{name}:{line}: {what}");
        }
        EntryError::NotAPuzzle(_) => {
            return format!(
                "{name}:{line}:1: `{}` is a line of text, not a puzzle (a title is read as one \
                 only before a file's first puzzle, or before every puzzle)",
                quote(&entry.text)
            );
        }
        EntryError::Parse(parse) => parse,
    };
    let mut what = match parse.kind {
        ParseErrorKind::CellCount { found, .. } => no_box(found, names),
        _ => None,
    }
    .unwrap_or_else(|| parse.kind.to_string());
    if matches!(
        parse.kind,
        ParseErrorKind::CellCount { .. } | ParseErrorKind::DigitTooLarge { .. }
    ) {
        // A count that fits no grid is what a file read in the wrong format gives: say how it
        // was read, and how to read it otherwise.
        what = format!("{what} ({})", entry.read_as.explain(names));
    }
    format!("{name}:{}:{}: {what}", parse.line, parse.column)
}

/// For a count of cells that makes an n x n grid with no box by default (n prime: 5x5, 7x7),
/// how to say its shape.
fn no_box(cells: usize, names: &SettingNames) -> Option<String> {
    // 4 or 9 cells are more likely a stray line than a 2x2 or 3x3 grid.
    let n = (5..=crate::MAX_SIZE).find(|n| n * n == cells)?;
    Shape::new(n).is_err().then(|| {
        format!(
            "{cells} cells make a {n}x{n} grid, which has no box by default ({n} is prime): give \
             its box shape with {} 1x{n}, or its regions with {}",
            names.box_shape, names.regions
        )
    })
}

/// At most 40 characters of a line a message quotes, and how long it was if it was cut.
fn quote(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}... ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// What a record is written with besides the record: where its puzzle came from, and how it is
/// drawn.
pub struct About<'a> {
    /// The input's name.
    pub name: &'a str,
    /// The line the puzzle starts on.
    pub line: usize,
    /// The puzzle as read, on one line (JSON `input`), if it has one.
    pub input: Option<&'a str>,
    /// The title line before it.
    pub title: Option<&'a str>,
    /// A CSV line's other columns.
    pub columns: &'a [(Arc<str>, String)],
    /// The format.
    pub format: Format,
    /// Why the record is invalid (or mismatched), in full.
    pub error: Option<String>,
    /// Draws a solution for [`Format::Pretty`] (a jigsaw's regions, a killer's cages).
    pub pretty: &'a dyn Fn(&Grid) -> String,
}

/// Solves a chunk and writes its records; stops at the first puzzle a cancel flag stopped.
pub fn solve_chunk(
    solver: &mut batch::Solver<'_>,
    printer: &Printer,
    task: Task,
    chunk: Chunk,
) -> Done {
    let mut done = Done::with_capacity(chunk.entries.len(), chunk.bytes_end);
    let name = &printer.names[chunk.file];
    for (k, entry) in chunk.entries.iter().enumerate() {
        let record = solver.solve(entry, chunk.first_index + k as u64);
        let rules = record
            .puzzle
            .as_ref()
            .and_then(|g| solver.rules().get(g.shape()).ok());
        let symbols = record.symbols;
        let input = record.input_line(entry);
        let pretty = |grid: &Grid| match rules {
            Some(rules) => rules.to_pretty(grid, symbols),
            None => crate::to_pretty(grid, symbols),
        };
        let about = About {
            name,
            line: entry.line,
            input: Some(&input),
            title: entry.title.as_deref(),
            columns: &entry.columns,
            format: printer.format_of(entry.read_as),
            error: record
                .error
                .as_ref()
                .map(|p| describe(p, entry, name, &printer.setting_names)),
            pretty: &pretty,
        };
        if done.record(&record, &about, printer, task) {
            break;
        }
    }
    done
}

/// Searches a chunk of killer sudoku (numbered from `first_index`, of input 0) and writes
/// their records; with `draw`, the drawing of its first puzzle that was read.
pub fn solve_killer_chunk(
    solver: &mut batch::Solver<'_>,
    printer: &Printer,
    task: Task,
    first_index: u64,
    entries: &[KillerEntry],
    draw: bool,
) -> Done {
    let mut done = Done::with_capacity(entries.len(), 0);
    let name = &printer.names[0];
    for (k, entry) in entries.iter().enumerate() {
        let record = solver.solve_killer(entry, first_index + k as u64);
        let symbols = record.symbols;
        let killer = entry
            .killer
            .as_ref()
            .ok()
            .filter(|_| record.nodes.is_some());
        if let Some(killer) = killer {
            if done.broken.is_none() {
                done.broken = record
                    .grids
                    .iter()
                    .find_map(|g| killer.check(g).err())
                    .map(|e| e.to_string());
            }
            if draw && done.drawing.is_none() {
                done.drawing = Some(killer.to_svg(record.grids.first(), symbols));
            }
        }
        let pretty = |grid: &Grid| match killer {
            Some(killer) => killer.to_pretty(Some(grid), symbols),
            None => crate::to_pretty(grid, symbols),
        };
        let about = About {
            name,
            line: entry.line,
            input: None,
            title: None,
            columns: &[],
            format: printer.format.unwrap_or(Format::Line),
            error: record
                .error
                .as_ref()
                .map(|p| describe_killer(p, name, entry.line)),
            pretty: &pretty,
        };
        if done.record(&record, &about, printer, task) {
            break;
        }
    }
    done
}

/// Why a killer sudoku is invalid: `FILE:LINE:COLUMN: ...` where the reader says where, else
/// at the puzzle's first `line`.
pub fn describe_killer(problem: &RecordError, name: &str, line: usize) -> String {
    match problem {
        RecordError::Killer(e) => e.describe(name, line),
        problem => format!("{name}:{line}: {problem}"),
    }
}

/// Writes one puzzle's record in the chosen format.
pub fn write_record(
    out: &mut Vec<u8>,
    record: &Record,
    about: &About<'_>,
    printer: &Printer,
    task: Task,
) -> io::Result<()> {
    let (format, name, symbols) = (about.format, about.name, record.symbols);
    let error = about.error.clone();
    let rating = record
        .rating
        .as_ref()
        .filter(|_| record.status == Status::Unique);
    if format == Format::Json {
        let json = RecordJson::new(record)
            .file(name)
            .input(about.input)
            .title(about.title)
            .columns(about.columns)
            .error(error.as_deref());
        serde_json::to_writer(&mut *out, &json)?;
        return out.write_all(b"\n");
    }
    // Grids and drawings are separated by a blank line (between records, not after).
    if record.index > 1 && matches!(format, Format::Grid | Format::Pretty) {
        writeln!(out)?;
    }
    // Text formats: a line `# status: reason` stands in for a puzzle with nothing to show.
    let reason = match (record.status, error) {
        (_, Some(e)) => Some(e),
        (Status::Unsolvable, _) => Some("no solution".to_string()),
        (Status::Multiple, _) => Some("more than one solution".to_string()),
        (Status::Stopped, _) => Some(stopped_reason(record, printer)),
        _ => None,
    };
    if let Task::Rate { explain } = task {
        return match (reason, rating) {
            (None, Some(rating)) => write_rating(out, record, about, rating, explain),
            (reason, _) => writeln!(
                out,
                "# {}: {}",
                record.status,
                reason.unwrap_or_else(|| "no solution".to_string())
            ),
        };
    }
    if let Task::Count(_) = task {
        // A count a cancel stopped is what it found so far, `K+`, as `dlx xc` prints it.
        return match reason {
            Some(r) if record.status == Status::Invalid => {
                writeln!(out, "# {}: {r}", record.status)
            }
            Some(r) if record.status == Status::Stopped && !record.cancelled() => {
                writeln!(out, "# {}: {r}", record.status)
            }
            _ => writeln!(out, "{}", count_text(record)),
        };
    }
    let shown: &[Grid] = match task {
        Task::All(_) => &record.grids,
        _ => &record.grids[..record.grids.len().min(1)],
    };
    // A solution is shown for `solved` and `unique`; anything else gets its `#` line.
    let has_answer = matches!(record.status, Status::Solved | Status::Unique) && !shown.is_empty();
    if !has_answer {
        let reason = reason.unwrap_or_else(|| "no solution".to_string());
        return writeln!(out, "# {}: {reason}", record.status);
    }
    if let Task::All(_) = task {
        // Solutions of consecutive puzzles must not run together: a comment line (which every
        // reader skips) opens each puzzle's list.
        let count = record.count.unwrap_or(shown.len() as u64);
        let more = record.complete == Some(false);
        writeln!(
            out,
            "# puzzle {} ({name}:{}): {}",
            record.index,
            about.line,
            solutions(count, more)
        )?;
    }
    for (k, grid) in shown.iter().enumerate() {
        match format {
            Format::Line => writeln!(out, "{}", crate::to_line(grid, symbols))?,
            Format::Grid | Format::Pretty => {
                if k > 0 {
                    writeln!(out)?;
                }
                let text = match format {
                    Format::Grid => crate::to_grid(grid, symbols),
                    _ => (about.pretty)(grid),
                };
                out.write_all(text.as_bytes())?;
            }
            Format::Leetcode => writeln!(out, "{}", crate::to_leetcode(grid, symbols))?,
            Format::Json => {}
        }
    }
    Ok(())
}

/// `K solutions`, `K+ solutions` (a count that stopped), `1 solution`.
pub fn solutions(count: u64, more: bool) -> String {
    let plus = if more { "+" } else { "" };
    let s = if count == 1 && !more { "" } else { "s" };
    format!("{count}{plus} solution{s}")
}

/// A record's count as a count is written: `K`, or `K+` when the search did not finish.
fn count_text(record: &Record) -> String {
    let count = record.count.unwrap_or(0);
    let more = if record.complete == Some(false) {
        "+"
    } else {
        ""
    };
    format!("{count}{more}")
}

/// A graded puzzle: `PUZZLE GRADE SCORE HARDEST GUESSES` on one line, or with `explain` its
/// steps and a summary.
fn write_rating(
    out: &mut Vec<u8>,
    record: &Record,
    about: &About<'_>,
    rating: &Rating,
    explain: bool,
) -> io::Result<()> {
    let symbols = record.symbols;
    let puzzle = record
        .puzzle
        .as_ref()
        .map(|g| crate::to_line(g, symbols))
        .unwrap_or_default();
    let (grade, score, guesses) = (rating.grade.name(), rating.score, rating.guesses);
    if !explain {
        let hardest = rating.hardest.map_or("none", Technique::id);
        return writeln!(out, "{puzzle} {grade} {score} {hardest} {guesses}");
    }
    if record.index > 1 {
        writeln!(out)?;
    }
    writeln!(
        out,
        "puzzle {} ({}:{}): {puzzle}",
        record.index, about.name, about.line
    )?;
    let steps: Vec<String> = rating.steps.iter().map(|s| s.explain(symbols)).collect();
    let width = steps.len().to_string().len();
    for (k, step) in steps.iter().enumerate() {
        writeln!(out, "{:>width$}. {step}", k + 1)?;
    }
    let used: Vec<String> = Technique::ALL
        .into_iter()
        .filter(|&x| rating.counts[x as usize] > 0)
        .map(|x| format!("{} {}", x.name(), rating.counts[x as usize]))
        .collect();
    let hardest = rating.hardest.map_or("none (no blank)", Technique::name);
    writeln!(
        out,
        "grade: {grade}, score {score}; hardest: {hardest}; steps: {}",
        if used.is_empty() {
            "none".to_string()
        } else {
            used.join(", ")
        }
    )
}

/// Says which limit stopped a search, for a person.
fn stopped_reason(record: &Record, printer: &Printer) -> String {
    let nodes = record.nodes.unwrap_or(0);
    let found = match record.count {
        Some(c) if c > 0 => format!(", {c} solution{} found", if c == 1 { "" } else { "s" }),
        _ => String::new(),
    };
    let after = crate::plural(nodes as usize, "node");
    if record.cancelled() {
        return format!("interrupted after {after}{found}");
    }
    match (record.stopped, printer.max_nodes, printer.timeout) {
        (Some(StopReason::NodeLimit), Some(max), _) => {
            format!("the node limit ({max}) was reached{found}")
        }
        (Some(StopReason::Deadline), _, Some(t)) => format!(
            "the time limit ({} s) was reached after {after}{found}",
            t.as_secs_f64()
        ),
        _ => format!("stopped after {after}{found}"),
    }
}

/// The record of a generated puzzle (number `index`, or the error that stopped it), as a
/// chunk of its own, in `format` ([`Format::Leetcode`] writes lines).
pub fn write_generated(
    index: u64,
    made: &Result<Generated, crate::GenerateError>,
    format: Format,
    symbols: Symbols,
    rules: &Sudoku,
) -> Done {
    let mut done = Done::with_capacity(1, index);
    let tally = match made {
        Ok(g) => Tally {
            status: Status::Unique,
            nodes: g.nodes,
            grade: g.rating.as_ref().map(|r| r.grade),
            strategy: g.nodes.map(|_| g.strategy),
        },
        Err(_) => Tally {
            status: Status::Stopped,
            nodes: None,
            grade: None,
            strategy: None,
        },
    };
    done.push(tally, |out| match (made, format) {
        (Err(e), Format::Json) => {
            let record =
                serde_json::json!({"index": index, "status": "stopped", "error": e.to_string()});
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")
        }
        (Err(e), _) => writeln!(out, "# stopped: puzzle {index}: {e}"),
        (Ok(g), Format::Grid) => writeln!(out, "{}", crate::to_grid(&g.puzzle, symbols)),
        (Ok(g), Format::Pretty) => writeln!(out, "{}", rules.to_pretty(&g.puzzle, symbols)),
        (Ok(made), Format::Json) => {
            let json = GeneratedJson {
                index,
                made,
                symbols,
            };
            serde_json::to_writer(&mut *out, &json)?;
            writeln!(out)
        }
        (Ok(g), _) => writeln!(out, "{}", crate::to_line(&g.puzzle, symbols)),
    });
    done
}

/// A [`Sink`] for [`crate::generate_all`]: each puzzle made (or not) written as it comes, in
/// order, through a [`Writer`] ([`write_generated`]).
pub struct GeneratedSink<'o, 's, W: Write> {
    /// The writer, with the summary of the puzzles made.
    pub writer: Writer<'o, W>,
    /// The format.
    pub format: Format,
    /// The symbols of the digits.
    pub symbols: Symbols,
    /// The rules the puzzles are made by (for [`Format::Pretty`]).
    pub rules: &'s Sudoku,
    /// The cells settled, given to [`crate::GenerateSettings::settled`]: when given, the
    /// progress's position is their count rather than the puzzles made, so that one big
    /// puzzle shows how far it has gone.
    pub settled: Option<crate::Settled>,
}

impl<W: Write> Sink<(u64, Result<Generated, crate::GenerateError>)> for GeneratedSink<'_, '_, W> {
    fn take(
        &mut self,
        (index, made): (u64, Result<Generated, crate::GenerateError>),
    ) -> ControlFlow<()> {
        let mut done = write_generated(index, &made, self.format, self.symbols, self.rules);
        if let Some(settled) = &self.settled {
            done.bytes_end = settled.get();
        }
        self.writer.take(done)
    }

    fn idle(&mut self) {
        if let Some(settled) = &self.settled {
            self.writer.bytes_done = settled.get();
        }
        self.writer.idle();
    }
}

/// Progress, as a [`Writer`] reports it: input bytes read, and records written.
pub type Progress<'p> = Box<dyn FnMut(u64, u64) + 'p>;

/// Writes the solved chunks, which the pipeline hands over in input order: the records (the
/// first `show` of them, if limited), the summary's counts, and the progress.
pub struct Writer<'o, W: Write> {
    out: &'o mut W,
    /// Write only the first records; the rest are counted.
    show: Option<u64>,
    progress: Option<Progress<'o>>,
    /// The totals of the records taken.
    pub summary: Summary,
    written: u64,
    bytes_done: u64,
    /// A write failed: the error (the pipeline was told to stop).
    pub failed: Option<io::Error>,
    /// The first chunk's drawing, in input order.
    pub drawing: Option<String>,
    /// The first solution that broke the rules.
    pub broken: Option<String>,
}

impl<'o, W: Write> Writer<'o, W> {
    /// A writer to `out` of every record.
    pub fn new(out: &'o mut W) -> Self {
        Writer {
            out,
            show: None,
            progress: None,
            summary: Summary::default(),
            written: 0,
            bytes_done: 0,
            failed: None,
            drawing: None,
            broken: None,
        }
    }

    /// Writes only the first `show` records (all if none); the others are counted.
    pub fn show(mut self, show: Option<u64>) -> Self {
        self.show = show;
        self
    }

    /// Calls `progress` with the bytes read and the records done after each chunk, and while
    /// waiting for one.
    pub fn progress(mut self, progress: Option<Progress<'o>>) -> Self {
        self.progress = progress;
        self
    }

    /// The output.
    pub fn out(&mut self) -> &mut W {
        self.out
    }

    fn report(&mut self) {
        if let Some(progress) = &mut self.progress {
            progress(self.bytes_done, self.summary.puzzles);
        }
    }
}

impl<W: Write> Sink<Done> for Writer<'_, W> {
    fn take(&mut self, d: Done) -> ControlFlow<()> {
        if self.drawing.is_none() {
            self.drawing = d.drawing;
        }
        if self.broken.is_none() {
            self.broken = d.broken;
        }
        for tally in &d.tallies {
            self.summary.add(*tally);
        }
        // The records shown are a prefix of the whole output, so a prefix of each chunk.
        let take = match self.show {
            Some(show) => (show.saturating_sub(self.written) as usize).min(d.tallies.len()),
            None => d.tallies.len(),
        };
        self.written += take as u64;
        let bytes = &d.out[..if take == 0 { 0 } else { d.ends[take - 1] }];
        if !bytes.is_empty() {
            if let Err(e) = self.out.write_all(bytes) {
                self.failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        self.bytes_done = d.bytes_end;
        self.report();
        if d.interrupted {
            self.summary.interrupted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn idle(&mut self) {
        // Flush before waiting, so output keeps up with slow input; progress goes on while a
        // slow chunk holds up the output.
        if let Err(e) = self.out.flush() {
            self.failed.get_or_insert(e);
        }
        self.report();
    }
}
