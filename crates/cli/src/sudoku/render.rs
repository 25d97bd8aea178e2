//! The records of `dlx sudoku` and `dlx sudoku rate` as people and programs read them: each
//! worker turns the library's typed records into the bytes of the chosen format (so that the
//! writer only puts chunks back in order), and says why a puzzle is invalid in the words of
//! this command line (`FILE:LINE:COLUMN: ...`, with the flag that reads a file otherwise).

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

use sudoku::batch::{self, Problem, Record, RecordJson, Status, Tally, Task};
use sudoku::read::{Because, Entry, EntryError, Form, InputFormat, NotAPuzzle, ReadAs};
use sudoku::{Grid, Rating, Shape, StopReason, Technique};

use super::flags::OutputFormat;

/// A run of consecutive puzzles of one input, solved by one worker.
pub struct Chunk {
    /// The record index of the first puzzle, from 1.
    pub first_index: u64,
    /// Which input.
    pub file: usize,
    pub entries: Vec<Entry>,
    /// Input bytes read up to the end of this chunk, over all inputs (for progress).
    pub bytes_end: u64,
}

/// A chunk, solved.
pub struct Done {
    /// The records, one after another.
    pub out: Vec<u8>,
    /// Where each record ends in `out`.
    pub ends: Vec<usize>,
    pub tallies: Vec<Tally>,
    /// Ctrl-C came before the chunk was finished: the records are those before the first
    /// puzzle not finished.
    pub interrupted: bool,
    pub bytes_end: u64,
    /// Killer sudoku `--svg`: the drawing of the chunk's first puzzle that was read.
    pub drawing: Option<String>,
    /// A solution that breaks the rules (an internal error, reported once the run is over).
    pub broken: Option<String>,
}

/// What every worker needs to write records: the names of the inputs, the output format (none:
/// as each input was read), and the limits (which a stopped record names).
pub struct Render {
    pub names: Vec<Arc<str>>,
    pub format: Option<OutputFormat>,
    pub max_nodes: Option<u64>,
    pub timeout: Option<Duration>,
}

impl Render {
    /// The format of the records of an input read as `read_as`.
    fn format(&self, read_as: ReadAs) -> OutputFormat {
        self.format.unwrap_or(match read_as.format {
            InputFormat::Grid => OutputFormat::Grid,
            InputFormat::Leetcode => OutputFormat::Leetcode,
            _ => OutputFormat::Line,
        })
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
    pub format: OutputFormat,
    /// Why the record is invalid (or mismatched), in full.
    pub error: Option<String>,
    /// Draws a solution for `--format pretty` (a jigsaw's regions, a killer's cages).
    pub pretty: &'a dyn Fn(&Grid) -> String,
}

/// Solves a chunk and writes its records; stops at the first puzzle Ctrl-C stopped.
pub fn solve_chunk(
    solver: &mut batch::Solver<'_>,
    render: &Render,
    task: Task,
    chunk: Chunk,
) -> Done {
    let mut done = Done {
        out: Vec::with_capacity(chunk.entries.len() * 100),
        ends: Vec::with_capacity(chunk.entries.len()),
        tallies: Vec::with_capacity(chunk.entries.len()),
        interrupted: false,
        bytes_end: chunk.bytes_end,
        drawing: None,
        broken: None,
    };
    let name = &render.names[chunk.file];
    for (k, entry) in chunk.entries.iter().enumerate() {
        let index = chunk.first_index + k as u64;
        let record = solver.solve(entry, index);
        let rules = record
            .puzzle
            .as_ref()
            .and_then(|g| solver.rules().get(g.shape()).ok());
        let symbols = record.symbols;
        let input = record.input_line(entry);
        let pretty = |grid: &Grid| match rules {
            Some(rules) => rules.to_pretty(grid, symbols),
            None => sudoku::to_pretty(grid, symbols),
        };
        let about = About {
            name,
            line: entry.line,
            input: Some(&input),
            title: entry.title.as_deref(),
            columns: &entry.columns,
            format: render.format(entry.read_as),
            error: record
                .problem
                .as_ref()
                .map(|p| describe(p, entry, name, None)),
            pretty: &pretty,
        };
        // Writing to a Vec cannot fail.
        let _ = write_record(&mut done.out, &record, &about, render, task);
        done.tallies.push(record.tally());
        done.ends.push(done.out.len());
        if record.cancelled() {
            // Ctrl-C: this record, stopped with what it found, is the last.
            done.interrupted = true;
            break;
        }
    }
    done
}

/// Why a record is invalid (or how its solution differs), as a message: `FILE:LINE: ...`.
pub fn describe(problem: &Problem, entry: &Entry, name: &str, box_shape: Option<Shape>) -> String {
    let line = entry.line;
    match problem {
        Problem::Unreadable(e) => describe_entry(e, entry, name, box_shape),
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

/// Writes one puzzle's record in the chosen format.
pub fn write_record(
    out: &mut Vec<u8>,
    record: &Record,
    about: &About<'_>,
    render: &Render,
    task: Task,
) -> io::Result<()> {
    let (format, name, symbols) = (about.format, about.name, record.symbols);
    let error = about.error.clone();
    let rating = record
        .rating
        .as_ref()
        .filter(|_| record.status == Status::Unique);
    if format == OutputFormat::Json {
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
    if record.index > 1 && matches!(format, OutputFormat::Grid | OutputFormat::Pretty) {
        writeln!(out)?;
    }
    // Text formats: a line `# status: reason` stands in for a puzzle with nothing to show.
    let reason = match (record.status, error) {
        (_, Some(e)) => Some(e),
        (Status::Unsolvable, _) => Some("no solution".to_string()),
        (Status::Multiple, _) => Some("more than one solution".to_string()),
        (Status::Stopped, _) => Some(stopped_reason(record, render)),
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
        // A count Ctrl-C stopped is what it found so far, `K+`, as `dlx xc` prints it.
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
            OutputFormat::Line => writeln!(out, "{}", sudoku::to_line(grid, symbols))?,
            OutputFormat::Grid | OutputFormat::Pretty => {
                if k > 0 {
                    writeln!(out)?;
                }
                let text = match format {
                    OutputFormat::Grid => sudoku::to_grid(grid, symbols),
                    _ => (about.pretty)(grid),
                };
                out.write_all(text.as_bytes())?;
            }
            OutputFormat::Leetcode => writeln!(out, "{}", sudoku::to_leetcode(grid, symbols))?,
            OutputFormat::Json => {}
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

/// A record's count as `--count` writes it: `K`, or `K+` when the search did not finish.
fn count_text(record: &Record) -> String {
    let count = record.count.unwrap_or(0);
    let more = if record.complete == Some(false) {
        "+"
    } else {
        ""
    };
    format!("{count}{more}")
}

/// A graded puzzle: `PUZZLE GRADE SCORE HARDEST GUESSES` on one line, or with --explain its
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
        .map(|g| sudoku::to_line(g, symbols))
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
fn stopped_reason(record: &Record, render: &Render) -> String {
    let nodes = record.nodes.unwrap_or(0);
    let found = match record.count {
        Some(c) if c > 0 => format!(", {c} solution{} found", if c == 1 { "" } else { "s" }),
        _ => String::new(),
    };
    if record.cancelled() {
        return format!("interrupted after {}{found}", crate::plural(nodes, "node"));
    }
    match (record.stopped, render.max_nodes, render.timeout) {
        (Some(StopReason::NodeLimit), Some(max), _) => {
            format!("the node limit ({max}) was reached{found}")
        }
        (Some(StopReason::Deadline), _, Some(t)) => {
            format!(
                "the time limit ({} s) was reached after {}{found}",
                t.as_secs_f64(),
                crate::plural(nodes, "node")
            )
        }
        _ => format!("stopped after {}{found}", crate::plural(nodes, "node")),
    }
}
