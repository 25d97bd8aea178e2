//! The workers: each takes a chunk, solves its puzzles in order and writes their records into
//! bytes, so the writer only has to put chunks back in input order.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde::Serialize;
use sudoku::{
    Grade, Grid, Limits, Rater, Rating, Shape, StopReason, Strategy, Sudoku, SudokuSolver, Symbols,
    Technique, Variant,
};

use super::input::{Chunk, Entry, Form};
use super::stream::Work;
use super::{Mode, OutputFormat};

/// The settings every worker reads.
pub struct Settings {
    pub mode: Mode,
    /// `None`: detected per puzzle.
    pub symbols: Option<Symbols>,
    pub box_shape: Option<Shape>,
    pub verify: bool,
    pub max_nodes: Option<u64>,
    pub timeout: Option<Duration>,
    pub names: Vec<Arc<str>>,
    /// Workers of the batch.
    pub jobs: usize,
    /// How each puzzle is searched.
    pub strategy: Strategy,
    /// Workers waiting for a chunk: a count with many solutions takes them over (see
    /// [`PROBE_NODES`]).
    pub idle: AtomicUsize,
}

/// A count (`--count`) is first searched on its worker's thread for this many nodes; if it
/// needs more and other workers are idle (fewer puzzles than workers), it is searched again
/// on them too, with [`sudoku::SudokuSolver::count_parallel`] (the figures are the same).
const PROBE_NODES: u64 = 1 << 17;

/// The rules of every shape, built the first time a puzzle of that shape is met and shared by
/// all workers; a variant that does not fit a shape is kept as its message.
pub struct Rules {
    variant: Variant,
    table: Vec<OnceLock<Result<Sudoku, String>>>,
}

const SIDE: usize = sudoku::MAX_SIZE + 1;

impl Rules {
    pub fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            table: (0..SIDE * SIDE).map(|_| OnceLock::new()).collect(),
        }
    }

    pub fn get(&self, shape: Shape) -> &Result<Sudoku, String> {
        self.table[shape.box_rows() * SIDE + shape.box_cols()]
            .get_or_init(|| Sudoku::new(shape, self.variant.clone()).map_err(|e| e.to_string()))
    }
}

/// The outcome of one puzzle, for the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Solved,
    Unique,
    Multiple,
    Unsolvable,
    Invalid,
    Stopped,
    Mismatch,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Unsolvable => "unsolvable",
            Status::Invalid => "invalid",
            Status::Stopped => "stopped",
            Status::Mismatch => "mismatch",
        }
    }
}

/// One record's part in the summary: its status, and the nodes of its search (none for an
/// invalid puzzle, which is not searched).
#[derive(Debug, Clone, Copy)]
pub struct Tally {
    pub status: Status,
    pub nodes: Option<u64>,
    /// The grade, for a puzzle `dlx sudoku rate` graded.
    pub grade: Option<Grade>,
    /// The strategy that searched it.
    pub strategy: Option<Strategy>,
}

/// A chunk, solved.
pub struct Done {
    pub seq: u64,
    /// The records, one after another.
    pub out: Vec<u8>,
    /// Where each record ends in `out`.
    pub ends: Vec<usize>,
    pub tallies: Vec<Tally>,
    /// Ctrl-C came before the chunk was finished: the records are those before the first
    /// puzzle not finished.
    pub interrupted: bool,
    pub bytes_end: u64,
}

/// Takes chunks until there are none, or `stop` is set; sends each one solved.
pub fn worker(settings: &Settings, rules: &Rules, work: Work<'_, Chunk>) {
    let mut solvers = Solvers::default();
    loop {
        // A worker waiting, or done for want of chunks, is idle: its core is free.
        settings.idle.fetch_add(1, Ordering::Relaxed);
        let Some(chunk) = work.next() else { return };
        settings.idle.fetch_sub(1, Ordering::Relaxed);
        let solved = solve_chunk(settings, rules, &mut solvers, chunk, work.stop);
        if work.done.send(solved).is_err() {
            return;
        }
    }
}

/// A worker's engine states, one per shape met, and its graders (`dlx sudoku rate`).
#[derive(Default)]
pub struct Solvers<'r> {
    engines: HashMap<Shape, SudokuSolver<'r>>,
    raters: HashMap<Shape, Rater<'r>>,
}

/// The techniques a grading used, hardest last, as a JSON object of counts.
#[derive(Debug)]
struct Techniques([u64; 11]);

impl Serialize for Techniques {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let used = || {
            Technique::ALL
                .into_iter()
                .filter(|&t| self.0[t as usize] > 0)
        };
        let mut map = s.serialize_map(Some(used().count()))?;
        for t in used() {
            map.serialize_entry(t.id(), &self.0[t as usize])?;
        }
        map.end()
    }
}

/// The record of one puzzle, as `--format json` prints it.
#[derive(Debug, Serialize)]
struct Record<'a> {
    index: u64,
    file: &'a str,
    line_no: usize,
    input: &'a str,
    /// The title line before the puzzle (`Grid 01`).
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grids: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
    /// How deep the guesses of a proof of uniqueness nest (`--unique` and `rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    /// The strategy that searched: `dlx` or `propagate` (what `nodes` counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    solver: Option<&'static str>,
    /// What stopped the search: `max_nodes` or `timeout`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<&'static str>,
    /// Why the puzzle is invalid, or how its solution differs from the file's.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// `dlx sudoku rate`: the puzzle on one line, its grade, score, hardest technique (null
    /// for a puzzle with no blank), guesses, the steps of each technique, and with --explain
    /// the steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<Option<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<Techniques>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<String>>,
    /// A CSV line's other columns, passed through.
    #[serde(skip_serializing_if = "Columns::is_empty")]
    columns: Columns<'a>,
    /// The symbols the puzzle was read in, and its answers are written in.
    #[serde(skip)]
    symbols: Symbols,
}

/// The other columns of a CSV line, as a JSON object (in the file's order).
#[derive(Debug, Default)]
struct Columns<'a>(Vec<(&'a str, &'a str)>);

impl Columns<'_> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Columns<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

fn solve_chunk<'r>(
    settings: &Settings,
    rules: &'r Rules,
    solvers: &mut Solvers<'r>,
    chunk: Chunk,
    stop: &Arc<AtomicBool>,
) -> Done {
    let mut done = Done {
        seq: chunk.seq,
        out: Vec::with_capacity(chunk.entries.len() * 100),
        ends: Vec::with_capacity(chunk.entries.len()),
        tallies: Vec::with_capacity(chunk.entries.len()),
        interrupted: false,
        bytes_end: chunk.bytes_end,
    };
    for (k, entry) in chunk.entries.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            done.interrupted = true;
            break;
        }
        let index = chunk.first_index + k as u64;
        let Some(tally) = solve_entry(
            settings,
            rules,
            solvers,
            &chunk.text,
            entry,
            index,
            stop,
            &mut done.out,
        ) else {
            done.interrupted = true;
            break;
        };
        done.tallies.push(tally);
        done.ends.push(done.out.len());
    }
    done
}

/// Solves one puzzle and writes its record; `None` if Ctrl-C stopped its search.
#[allow(clippy::too_many_arguments)]
fn solve_entry<'r>(
    settings: &Settings,
    rules: &'r Rules,
    solvers: &mut Solvers<'r>,
    text: &str,
    entry: &Entry,
    index: u64,
    stop: &Arc<AtomicBool>,
    out: &mut Vec<u8>,
) -> Option<Tally> {
    let name: &str = &settings.names[entry.file];
    let puzzle = &text[entry.text.clone()];
    let mut record = Record {
        index,
        file: name,
        line_no: entry.line_no,
        input: puzzle.lines().next().unwrap_or("").trim_end(),
        title: entry.title.as_deref(),
        status: "invalid",
        solution: None,
        grids: None,
        count: None,
        complete: None,
        nodes: None,
        updates: None,
        depth: None,
        solver: None,
        stopped_by: None,
        error: None,
        puzzle: None,
        grade: None,
        score: None,
        hardest: None,
        guesses: None,
        techniques: None,
        steps: None,
        columns: Columns(
            entry
                .columns
                .iter()
                .map(|(k, r)| (&**k, &text[r.clone()]))
                .collect(),
        ),
        symbols: settings.symbols.unwrap_or_default(),
    };
    let parsed = parse(puzzle, entry, name, settings.box_shape, settings.symbols);
    if let Ok((_, symbols)) = &parsed {
        record.symbols = *symbols;
    }
    let mut status = Status::Invalid;
    let mut grade = None;
    let mut strategy = None;
    let mut grids = Vec::new();
    let mut drawn_by = None;
    match parsed {
        Err(e) => record.error = Some(e),
        Ok((grid, symbols)) => match rules.get(grid.shape()) {
            Err(e) => record.error = Some(format!("{name}:{}: {e}", entry.line_no)),
            Ok(sudoku) => {
                drawn_by = Some(sudoku);
                let solver = solvers.engines.entry(grid.shape()).or_insert_with(|| {
                    // A proof of uniqueness reports how deep its guesses nest; other
                    // searches run the engine's loop that does not count it.
                    let proof = matches!(settings.mode, Mode::Unique | Mode::Rate { .. });
                    sudoku
                        .solver()
                        .strategy(settings.strategy)
                        .branch_depth(proof)
                });
                let (limit, keep) = match settings.mode {
                    Mode::Solve => (1, 1),
                    Mode::Count(limit) => (limit, 1),
                    Mode::Unique | Mode::Rate { .. } => (2, 1),
                    Mode::All(limit) => (limit, usize::MAX),
                };
                let mut limits = Limits::none().cancel(Arc::clone(stop));
                limits.max_nodes = settings.max_nodes;
                limits.deadline = settings.timeout.map(|t| Instant::now() + t);
                let found = match settings.mode {
                    Mode::Count(limit) if settings.jobs > 1 => {
                        count(solver, &grid, limit, limits, settings)
                    }
                    _ => solver.search(&grid, limit, keep, limits),
                };
                match found {
                    Err(e) => record.error = Some(format!("{name}:{}: {e}", entry.line_no)),
                    Ok(found) => {
                        if found.stopped == Some(StopReason::Cancelled) {
                            return None;
                        }
                        record.nodes = Some(found.stats.nodes);
                        record.updates = Some(found.stats.updates);
                        // Of a whole proof only (a stopped search's is that of a part).
                        record.depth = found.stats.branch_depth.filter(|_| found.complete);
                        strategy = Some(solver.resolved());
                        record.solver = strategy.map(Strategy::name);
                        status = match (&settings.mode, found.count, found.stopped) {
                            (_, _, Some(StopReason::NodeLimit | StopReason::Deadline)) => {
                                Status::Stopped
                            }
                            (_, 0, _) => Status::Unsolvable,
                            (Mode::Unique | Mode::Rate { .. }, 1, _) => Status::Unique,
                            (Mode::Unique | Mode::Rate { .. }, _, _) => Status::Multiple,
                            _ => Status::Solved,
                        };
                        if let (Mode::Rate { explain }, Status::Unique) = (settings.mode, status) {
                            let rater = solvers
                                .raters
                                .entry(grid.shape())
                                .or_insert_with(|| sudoku.rater().explain(explain));
                            match rater.rate_with(&grid, &found.grids[0]) {
                                Ok(rating) => {
                                    rated(&mut record, &grid, &rating, explain);
                                    grade = Some(rating.grade);
                                }
                                Err(e) => {
                                    status = Status::Invalid;
                                    record.error = Some(format!(
                                        "{name}:{}: cannot grade: {e}",
                                        entry.line_no
                                    ));
                                }
                            }
                        }
                        if status == Status::Stopped {
                            record.stopped_by = found.stopped.map(StopReason::as_str);
                        }
                        if !matches!(settings.mode, Mode::Solve) {
                            record.count = Some(found.count);
                            record.complete = Some(found.complete);
                        }
                        if settings.verify {
                            if let (Some(extra), Some(ours)) = (&entry.extra, found.grids.first()) {
                                let theirs = &text[extra.clone()];
                                if !theirs.is_empty() {
                                    if let Some(why) = verify(sudoku, &grid, ours, theirs, symbols)
                                    {
                                        status = Status::Mismatch;
                                        record.error = Some(why);
                                    }
                                }
                            }
                        }
                        grids = found.grids;
                    }
                }
            }
        },
    }
    record.status = status.as_str();
    let tally = Tally {
        status,
        nodes: record.nodes,
        grade,
        strategy,
    };
    // Writing to a Vec cannot fail.
    let _ = write_record(out, &mut record, &grids, settings, entry.out, drawn_by);
    Some(tally)
}

/// Puts a grading into the record.
fn rated(record: &mut Record<'_>, grid: &Grid, rating: &Rating, explain: bool) {
    let symbols = record.symbols;
    record.puzzle = Some(sudoku::to_line(grid, symbols));
    record.grade = Some(rating.grade.name());
    record.score = Some(rating.score);
    record.hardest = Some(rating.hardest.map(Technique::id));
    record.guesses = Some(rating.guesses);
    record.techniques = Some(Techniques(rating.counts));
    if explain {
        record.steps = Some(rating.steps.iter().map(|s| s.explain(symbols)).collect());
    }
}

/// `--count` of one puzzle: on this worker's thread, or, past [`PROBE_NODES`] nodes while other
/// workers are idle, on them too.
fn count(
    solver: &mut SudokuSolver<'_>,
    grid: &Grid,
    limit: u64,
    limits: Limits,
    settings: &Settings,
) -> Result<sudoku::Found, sudoku::PuzzleError> {
    let mut probe = limits.clone();
    probe.max_nodes = Some(
        settings
            .max_nodes
            .map_or(PROBE_NODES, |m| m.min(PROBE_NODES)),
    );
    let found = solver.search(grid, limit, 1, probe)?;
    let probe_stopped = found.stopped == Some(StopReason::NodeLimit)
        && settings.max_nodes.is_none_or(|m| m > PROBE_NODES);
    if !probe_stopped {
        return Ok(found);
    }
    match settings.idle.load(Ordering::Relaxed) {
        0 => solver.search(grid, limit, 1, limits),
        idle => solver.count_parallel(grid, limit, limits, 1 + idle),
    }
}

/// Reads one puzzle in the form the reader found, errors placed at their line in the file
/// (`name:line:column: what`).
pub fn parse(
    puzzle: &str,
    entry: &Entry,
    name: &str,
    box_shape: Option<Shape>,
    symbols: Option<Symbols>,
) -> Result<(Grid, Symbols), String> {
    if let Some(bytes) = entry.too_long {
        let what = if entry.form == Form::Leetcode {
            format!(
                "the board is {bytes} bytes long; a LeetCode board of any size we solve is \
                 under 8 KiB"
            )
        } else {
            format!(
                "the line is {bytes} bytes long; a puzzle line has at most {} bytes",
                super::input::MAX_LINE
            )
        };
        return Err(format!("{name}:{}: {what}", entry.line_no));
    }
    if entry.stray {
        return Err(format!(
            "{name}:{}:1: `{}` is a line of text, not a puzzle (a title is read as one \
             only before a file's first puzzle, or before every puzzle)",
            entry.line_no,
            crate::quote(puzzle)
        ));
    }
    let parsed = match entry.form {
        Form::Leetcode => sudoku::parse_leetcode(puzzle, box_shape).map(|g| (g, Symbols::Default)),
        Form::Grid => match symbols {
            Some(s) => sudoku::parse_grid(puzzle, box_shape, s, entry.line_no).map(|g| (g, s)),
            None => sudoku::parse_grid_auto(puzzle, box_shape, entry.line_no),
        },
        Form::Line => match symbols {
            Some(s) => sudoku::parse_line_with(puzzle, box_shape, s).map(|g| (g, s)),
            None => sudoku::parse_line_auto(puzzle, box_shape),
        }
        .map_err(|e| sudoku::ParseError {
            line: entry.line_no,
            ..e
        }),
    };
    parsed.map_err(|e| {
        let what = match e.kind {
            sudoku::ParseErrorKind::CellCount { found, .. } if box_shape.is_none() => no_box(found),
            _ => None,
        };
        let mut what = what.unwrap_or_else(|| e.kind.to_string());
        if matches!(
            e.kind,
            sudoku::ParseErrorKind::CellCount { .. } | sudoku::ParseErrorKind::DigitTooLarge { .. }
        ) {
            // A count that fits no grid is what a file read in the wrong format gives: say how
            // it was read, and how to read it otherwise.
            what = format!("{what} ({})", entry.read_as);
        }
        format!("{name}:{}:{}: {what}", e.line, e.column)
    })
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

/// Compares our solution with the one the file gives; says how they differ, if they do.
fn verify(
    sudoku: &Sudoku,
    puzzle: &Grid,
    ours: &Grid,
    theirs: &str,
    symbols: Symbols,
) -> Option<String> {
    let given = match sudoku::parse_line_with(theirs, Some(ours.shape()), symbols) {
        Ok(g) => g,
        Err(e) => {
            return Some(format!(
                "the file's solution cannot be read: column {}: {}",
                e.column, e.kind
            ))
        }
    };
    if given == *ours {
        return None;
    }
    let n = ours.shape().size();
    let k = (0..n * n)
        .find(|&k| given.cells()[k] != ours.cells()[k])
        .expect("the grids differ");
    let cell = sudoku::Cell {
        row: k / n,
        col: k % n,
    };
    let sym = |d: u8| {
        if d == 0 {
            ".".to_string()
        } else {
            symbols.label(d)
        }
    };
    let mut why = format!(
        "the file's solution differs from ours at {cell} (file {}, ours {})",
        sym(given.get(cell)),
        sym(ours.get(cell))
    );
    // Is the file's grid a solution too (the puzzle has several), or wrong?
    let keeps_givens = puzzle.givens().all(|(c, d)| given.get(c) == d);
    let verdict = if !given.is_full() {
        "; it is not complete".to_string()
    } else if !keeps_givens {
        "; it changes a given".to_string()
    } else {
        match sudoku.check(&given) {
            Ok(()) => "; it is a solution too: the puzzle has more than one".to_string(),
            Err(e) => format!("; it breaks the rules: {e}"),
        }
    };
    why.push_str(&verdict);
    Some(why)
}

/// Writes one puzzle's record in the chosen format; `rules` draw a jigsaw's regions.
fn write_record(
    out: &mut Vec<u8>,
    record: &mut Record<'_>,
    grids: &[Grid],
    settings: &Settings,
    format: OutputFormat,
    rules: Option<&Sudoku>,
) -> io::Result<()> {
    let symbols = record.symbols;
    let mode = &settings.mode;
    if format == OutputFormat::Json {
        let lines: Vec<String> = grids.iter().map(|g| sudoku::to_line(g, symbols)).collect();
        record.solution = lines.first().cloned();
        if matches!(mode, Mode::All(_)) {
            record.grids = Some(lines);
        }
        serde_json::to_writer(&mut *out, &record)?;
        return out.write_all(b"\n");
    }
    // Grids and drawings are separated by a blank line (between records, not after).
    if record.index > 1 && matches!(format, OutputFormat::Grid | OutputFormat::Pretty) {
        writeln!(out)?;
    }
    // Text formats: a line `# status: reason` stands in for a puzzle with nothing to show.
    let reason = match (record.status, &record.error) {
        (_, Some(e)) => Some(e.clone()),
        ("unsolvable", _) => Some("no solution".to_string()),
        ("multiple", _) => Some("more than one solution".to_string()),
        ("stopped", _) => Some(stopped_reason(record, settings)),
        _ => None,
    };
    if let Mode::Rate { explain } = mode {
        return match (reason, record.grade) {
            (None, Some(grade)) => write_rating(out, record, grade, *explain),
            (reason, _) => writeln!(
                out,
                "# {}: {}",
                record.status,
                reason.unwrap_or_else(|| "no solution".to_string())
            ),
        };
    }
    if let Mode::Count(_) = mode {
        return match reason {
            Some(r) if matches!(record.status, "invalid" | "stopped") => {
                writeln!(out, "# {}: {r}", record.status)
            }
            _ => {
                let count = record.count.unwrap_or(0);
                let more = if record.complete == Some(false) {
                    "+"
                } else {
                    ""
                };
                writeln!(out, "{count}{more}")
            }
        };
    }
    let shown: &[Grid] = match mode {
        Mode::All(_) => grids,
        _ => &grids[..grids.len().min(1)],
    };
    // A solution is shown for `solved` and `unique`; anything else gets its `#` line.
    let has_answer = matches!(record.status, "solved" | "unique") && !shown.is_empty();
    if !has_answer {
        let reason = reason.unwrap_or_else(|| "no solution".to_string());
        return writeln!(out, "# {}: {reason}", record.status);
    }
    if let Mode::All(_) = mode {
        // Solutions of consecutive puzzles must not run together: a comment line (which every
        // reader skips) opens each puzzle's list.
        let count = record.count.unwrap_or(shown.len() as u64);
        let more = if record.complete == Some(false) {
            "+"
        } else {
            ""
        };
        writeln!(
            out,
            "# puzzle {} ({}:{}): {count}{more} solution{}",
            record.index,
            record.file,
            record.line_no,
            if count == 1 && more.is_empty() {
                ""
            } else {
                "s"
            }
        )?;
    }
    for (k, grid) in shown.iter().enumerate() {
        match format {
            OutputFormat::Line => writeln!(out, "{}", sudoku::to_line(grid, symbols))?,
            OutputFormat::Grid | OutputFormat::Pretty => {
                if k > 0 {
                    writeln!(out)?;
                }
                let text = match (format, rules) {
                    (OutputFormat::Grid, _) => sudoku::to_grid(grid, symbols),
                    (_, Some(rules)) => rules.to_pretty(grid, symbols),
                    (_, None) => sudoku::to_pretty(grid, symbols),
                };
                out.write_all(text.as_bytes())?;
            }
            OutputFormat::Leetcode => writeln!(out, "{}", sudoku::to_leetcode(grid, symbols))?,
            OutputFormat::Json => unreachable!("handled above"),
        }
    }
    Ok(())
}

/// A graded puzzle: `PUZZLE GRADE SCORE HARDEST GUESSES` on one line, or with --explain its
/// steps and a summary.
fn write_rating(
    out: &mut Vec<u8>,
    record: &Record<'_>,
    grade: &str,
    explain: bool,
) -> io::Result<()> {
    let puzzle = record.puzzle.as_deref().unwrap_or_default();
    let score = record.score.unwrap_or(0);
    let hardest = record.hardest.flatten();
    let guesses = record.guesses.unwrap_or(0);
    if !explain {
        let hardest = hardest.unwrap_or("none");
        return writeln!(out, "{puzzle} {grade} {score} {hardest} {guesses}");
    }
    if record.index > 1 {
        writeln!(out)?;
    }
    writeln!(
        out,
        "puzzle {} ({}:{}): {puzzle}",
        record.index, record.file, record.line_no
    )?;
    let steps = record.steps.as_deref().unwrap_or_default();
    let width = steps.len().to_string().len();
    for (k, step) in steps.iter().enumerate() {
        writeln!(out, "{:>width$}. {step}", k + 1)?;
    }
    let used: Vec<String> = record
        .techniques
        .as_ref()
        .map(|t| {
            Technique::ALL
                .into_iter()
                .filter(|&x| t.0[x as usize] > 0)
                .map(|x| format!("{} {}", x.name(), t.0[x as usize]))
                .collect()
        })
        .unwrap_or_default();
    let hardest = Technique::ALL
        .into_iter()
        .find(|t| Some(t.id()) == hardest)
        .map_or("none (no blank)", Technique::name);
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
fn stopped_reason(record: &Record<'_>, settings: &Settings) -> String {
    let nodes = record.nodes.unwrap_or(0);
    let found = match record.count {
        Some(c) if c > 0 => format!(", {c} solution{} found", if c == 1 { "" } else { "s" }),
        _ => String::new(),
    };
    match (record.stopped_by, settings.max_nodes, settings.timeout) {
        (Some("max_nodes"), Some(max), _) => {
            format!("the node limit ({max}) was reached{found}")
        }
        (Some("timeout"), _, Some(t)) => {
            format!(
                "the time limit ({} s) was reached after {}{found}",
                t.as_secs_f64(),
                crate::plural(nodes, "node")
            )
        }
        _ => format!("stopped after {}{found}", crate::plural(nodes, "node")),
    }
}
