//! `dlx sudoku`: solve, count or check puzzles from files or standard input, one record each.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use sudoku::{Grid, Regions, Shape, Sudoku, SudokuSolver, Symbols, Variant};

use crate::InputError;

/// How puzzles are written in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Detect per file: `[` starts a LeetCode board; a first line of n² symbols means one
    /// puzzle per line; otherwise grids separated by blank lines.
    Auto,
    /// One puzzle per line (`#` or whitespace starts a comment).
    Line,
    /// Grids of rows, separated by blank lines (spaces, `|` and separator lines allowed).
    Grid,
    /// A LeetCode board: a JSON array of arrays of one-character strings.
    Leetcode,
}

/// How results are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
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

/// The symbol sets of `--symbols`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SymbolSet {
    /// `1-9`, then `A-Z`.
    Default,
    /// `0-9`, then `A-Z` (`0-F` for 16x16).
    Hex,
    /// `A-Z` (`A-P` for 16x16, `A-Y` for 25x25).
    Letters,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Puzzle files; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
    /// Count the solutions (all, or up to --limit) instead of solving.
    #[arg(long, group = "mode")]
    pub count: bool,
    /// Say whether each puzzle has no, one, or several solutions (counts up to 2).
    #[arg(long, group = "mode")]
    pub unique: bool,
    /// Print every solution (up to --limit).
    #[arg(long, group = "mode")]
    pub all: bool,
    /// The most solutions --count and --all look for.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Print a summary on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Both main diagonals hold each digit once (X-sudoku).
    #[arg(long)]
    pub diagonals: bool,
    /// The four extra windows of hyper sudoku hold each digit once.
    #[arg(long)]
    pub hyper: bool,
    /// Irregular regions instead of boxes: a file with an n x n map of region letters.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// The box shape, ROWSxCOLS (default: the most square, e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<Shape>,
    /// The symbols of the digits.
    #[arg(long, value_enum, default_value_t = SymbolSet::Default)]
    pub symbols: SymbolSet,
    /// The input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub input: InputFormat,
    /// The output format (default: as the input: lines, grids, or a LeetCode board).
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
}

fn parse_box(s: &str) -> Result<Shape, String> {
    let (r, c) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{s}` is not ROWSxCOLS, such as 2x3"))?;
    let r: usize = r
        .trim()
        .parse()
        .map_err(|_| format!("`{r}` is not a number of rows"))?;
    let c: usize = c
        .trim()
        .parse()
        .map_err(|_| format!("`{c}` is not a number of columns"))?;
    Shape::with_box(r, c).map_err(|e| e.to_string())
}

/// One puzzle as found in the input.
struct Puzzle<'a> {
    line_no: usize,
    text: &'a str,
}

/// The format of a whole file, from its first puzzle.
fn detect(text: &str, shape: Option<Shape>) -> InputFormat {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('[') {
        return InputFormat::Leetcode;
    }
    let first = t
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = first else {
        return InputFormat::Line;
    };
    let symbols = first
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '#')
        .count();
    let fits = match shape {
        Some(s) => s.cells() == symbols,
        None => Shape::from_cells(symbols).is_some(),
    };
    if fits {
        InputFormat::Line
    } else {
        InputFormat::Grid
    }
}

/// Splits a file into its puzzles.
fn puzzles(text: &str, format: InputFormat) -> Vec<Puzzle<'_>> {
    match format {
        InputFormat::Leetcode => vec![Puzzle { line_no: 1, text }],
        InputFormat::Line | InputFormat::Auto => text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let t = l.trim_start_matches('\u{feff}').trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .map(|(k, l)| Puzzle {
                line_no: k + 1,
                text: l.trim_start_matches('\u{feff}').trim(),
            })
            .collect(),
        InputFormat::Grid => {
            // Blocks of non-blank lines; comment lines are skipped, as blank.
            let mut out = Vec::new();
            let mut start: Option<(usize, usize)> = None; // (line number, byte offset)
            let mut offset = 0;
            let mut end = 0;
            for (k, line) in text.split_inclusive('\n').enumerate() {
                let t = line.trim();
                let blank = t.is_empty() || t.starts_with('#');
                match (blank, start) {
                    (false, None) => start = Some((k + 1, offset)),
                    (true, Some((n, s))) => {
                        out.push(Puzzle {
                            line_no: n,
                            text: &text[s..end],
                        });
                        start = None;
                    }
                    _ => {}
                }
                offset += line.len();
                if !blank {
                    end = offset;
                }
            }
            if let Some((n, s)) = start {
                out.push(Puzzle {
                    line_no: n,
                    text: &text[s..end],
                });
            }
            out
        }
    }
}

/// The record of one puzzle, as `--format json` prints it.
#[derive(Debug, Clone, Serialize)]
struct Record<'a> {
    index: usize,
    file: &'a str,
    line_no: usize,
    input: &'a str,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Totals for `--stats`.
#[derive(Debug, Default)]
struct Totals {
    puzzles: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    unsolvable: u64,
    invalid: u64,
    nodes: u64,
}

enum Mode {
    Solve,
    Count(u64),
    Unique,
    All(u64),
}

pub fn run(args: &Args) -> Result<()> {
    let symbols = match args.symbols {
        SymbolSet::Default => Symbols::Default,
        SymbolSet::Hex => Symbols::Hex,
        SymbolSet::Letters => Symbols::Letters,
    };
    let regions = match &args.regions {
        Some(path) => {
            let (name, bytes) = crate::xc::read_input(Some(path))?;
            let text = String::from_utf8_lossy(&bytes);
            Some(Regions::from_map(&text).map_err(|e| InputError(format!("{name}: {e}")))?)
        }
        None => None,
    };
    let variant = Variant {
        diagonals: args.diagonals,
        hyper: args.hyper,
        regions,
    };
    // The rules of each shape met, built once, failures kept with their message (a variant that
    // does not fit a shape makes every puzzle of that shape invalid, saying why).
    let mut rules: HashMap<Shape, Result<Sudoku, String>> = HashMap::new();
    let mode = if args.count {
        Mode::Count(args.limit.unwrap_or(u64::MAX))
    } else if args.unique {
        Mode::Unique
    } else if args.all {
        Mode::All(args.limit.unwrap_or(u64::MAX))
    } else {
        Mode::Solve
    };

    // Read every input first: an unreadable file is an error before anything is printed.
    let files: Vec<Option<&PathBuf>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(Some).collect()
    };
    let mut inputs = Vec::new();
    for file in files {
        let (name, bytes) = crate::xc::read_input(file)?;
        inputs.push((name, String::from_utf8_lossy(&bytes).into_owned()));
    }

    let start = Instant::now();
    // Pass 1: split and parse every puzzle, noting its record.
    struct Item<'a> {
        record: Record<'a>,
        grid: Option<Grid>,
        format: OutputFormat,
    }
    let mut items: Vec<Item<'_>> = Vec::new();
    for (name, text) in &inputs {
        let input_format = match args.input {
            InputFormat::Auto => detect(text, args.box_shape),
            other => other,
        };
        let format = args.format.unwrap_or(match input_format {
            InputFormat::Grid => OutputFormat::Grid,
            InputFormat::Leetcode => OutputFormat::Leetcode,
            _ => OutputFormat::Line,
        });
        for puzzle in puzzles(text, input_format) {
            let first_line = puzzle.text.lines().next().unwrap_or("").trim_end();
            let mut record = Record {
                index: items.len() + 1,
                file: name,
                line_no: puzzle.line_no,
                input: first_line,
                status: "invalid",
                solution: None,
                grids: None,
                count: None,
                complete: None,
                nodes: None,
                updates: None,
                error: None,
            };
            let parsed = match input_format {
                InputFormat::Leetcode => sudoku::parse_leetcode(puzzle.text, args.box_shape),
                InputFormat::Grid => {
                    sudoku::parse_grid(puzzle.text, args.box_shape, symbols, puzzle.line_no)
                }
                _ => sudoku::parse_line_with(puzzle.text, args.box_shape, symbols).map_err(|e| {
                    sudoku::ParseError {
                        line: puzzle.line_no,
                        ..e
                    }
                }),
            };
            let grid = match parsed {
                Ok(grid) => Some(grid),
                Err(e) => {
                    record.error = Some(format!("{name}:{}:{}: {}", e.line, e.column, e.kind));
                    None
                }
            };
            items.push(Item {
                record,
                grid,
                format,
            });
        }
    }
    for grid in items.iter().filter_map(|item| item.grid.as_ref()) {
        rules.entry(grid.shape()).or_insert_with(|| {
            Sudoku::new(grid.shape(), variant.clone()).map_err(|e| e.to_string())
        });
    }
    // One engine solver per shape, reused for all its puzzles.
    let rules = rules;
    let mut solvers: HashMap<Shape, SudokuSolver<'_>> = HashMap::new();

    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut totals = Totals::default();
    for Item {
        mut record,
        grid,
        format,
    } in items
    {
        let mut grids_out: Vec<Grid> = Vec::new();
        if let Some(grid) = grid {
            let shape = grid.shape();
            match &rules[&shape] {
                Err(e) => {
                    record.error = Some(format!("{}:{}: {e}", record.file, record.line_no));
                }
                Ok(sudoku) => {
                    let solver = solvers.entry(shape).or_insert_with(|| sudoku.solver());
                    match solve_one(solver, &grid, &mode, &mut record) {
                        Ok(grids) => grids_out = grids,
                        Err(e) => {
                            record.error = Some(format!("{}:{}: {e}", record.file, record.line_no))
                        }
                    }
                }
            }
        }
        tally(&mut totals, &record);
        // Grids and drawings are separated by a blank line (between cases, not after).
        if record.index > 1 && matches!(format, OutputFormat::Grid | OutputFormat::Pretty) {
            writeln!(out)?;
        }
        write_record(&mut out, &record, &grids_out, &mode, format, symbols)?;
    }
    out.flush()?;
    if args.stats {
        let t = &totals;
        eprintln!(
            "{} puzzles: {} solved, {} unique, {} multiple, {} unsolvable, {} invalid; {} nodes; {:.3} s",
            t.puzzles, t.solved, t.unique, t.multiple, t.unsolvable, t.invalid, t.nodes,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// Runs one puzzle in the chosen mode; fills the record and returns the grids to print.
fn solve_one(
    solver: &mut SudokuSolver<'_>,
    grid: &Grid,
    mode: &Mode,
    record: &mut Record<'_>,
) -> Result<Vec<Grid>, sudoku::PuzzleError> {
    let (limit, keep) = match *mode {
        Mode::Solve => (1, 1),
        Mode::Count(limit) => (limit, 1),
        Mode::Unique => (2, 1),
        Mode::All(limit) => (limit, usize::MAX),
    };
    let found = solver.search(grid, limit, keep, dlx::Limits::none())?;
    record.nodes = Some(found.stats.nodes);
    record.updates = Some(found.stats.updates);
    record.status = match (mode, found.count) {
        (_, 0) => "unsolvable",
        (Mode::Unique, 1) => "unique",
        (Mode::Unique, _) => "multiple",
        _ => "solved",
    };
    if !matches!(mode, Mode::Solve) {
        record.count = Some(found.count);
        record.complete = Some(found.complete);
    }
    Ok(found.grids)
}

fn tally(totals: &mut Totals, record: &Record<'_>) {
    totals.puzzles += 1;
    totals.nodes += record.nodes.unwrap_or(0);
    match record.status {
        "solved" => totals.solved += 1,
        "unique" => totals.unique += 1,
        "multiple" => totals.multiple += 1,
        "unsolvable" => totals.unsolvable += 1,
        _ => totals.invalid += 1,
    }
}

/// Writes one puzzle's record in the chosen format.
fn write_record(
    out: &mut impl Write,
    record: &Record<'_>,
    grids: &[Grid],
    mode: &Mode,
    format: OutputFormat,
    symbols: Symbols,
) -> io::Result<()> {
    if format == OutputFormat::Json {
        let mut record = record.clone();
        let lines: Vec<String> = grids.iter().map(|g| sudoku::to_line(g, symbols)).collect();
        record.solution = lines.first().cloned();
        if matches!(mode, Mode::All(_)) {
            record.grids = Some(lines);
        }
        serde_json::to_writer(&mut *out, &record)?;
        return out.write_all(b"\n");
    }
    // Text formats: a line `# status: reason` stands in for a puzzle with nothing to show.
    let reason = match (record.status, &record.error) {
        (_, Some(e)) => Some(e.clone()),
        ("unsolvable", _) => Some("no solution".to_string()),
        ("multiple", _) => Some("more than one solution".to_string()),
        _ => None,
    };
    if let Mode::Count(_) = mode {
        return match reason {
            Some(r) if record.status == "invalid" => writeln!(out, "# invalid: {r}"),
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
    for (k, grid) in shown.iter().enumerate() {
        match format {
            OutputFormat::Line => writeln!(out, "{}", sudoku::to_line(grid, symbols))?,
            OutputFormat::Grid | OutputFormat::Pretty => {
                if k > 0 {
                    writeln!(out)?;
                }
                let text = if format == OutputFormat::Grid {
                    sudoku::to_grid(grid, symbols)
                } else {
                    sudoku::to_pretty(grid, symbols)
                };
                out.write_all(text.as_bytes())?;
            }
            OutputFormat::Leetcode => writeln!(out, "{}", sudoku::to_leetcode(grid, symbols))?,
            OutputFormat::Json => unreachable!("handled above"),
        }
    }
    Ok(())
}
