//! The classic methods beside Dancing Links on the same puzzles ([`Method`]): each method's
//! nodes and time per puzzle, one thread, and every puzzle on which two methods disagree.
//! What `dlx bench` prints as a table, and the benchmarks check before they time.
//!
//! ```
//! use std::time::Duration;
//! use sudoku::compare::{self, Puzzles, Settings};
//! use sudoku::Method;
//!
//! let mut puzzles = Puzzles::new();
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! puzzles.push(1, sudoku::parse_line(line, None)?)?;
//! let settings = Settings::new(Duration::from_secs(5));
//! let runs: Vec<_> = [Method::Mrv, Method::Dlx]
//!     .into_iter()
//!     .map(|m| compare::run(&puzzles, m, &settings, |_| {}).expect("not cancelled"))
//!     .collect();
//! assert!(compare::disagreements(&puzzles, &runs).is_empty());
//! assert_eq!(runs[1].attempts[0].count, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx::{Limits, StopReason};

use crate::grid::Grid;
use crate::methods::Method;
use crate::read::{Entry, EntryError, ReadError, ReadSettings, Reader};
use crate::rules::{PuzzleError, Sudoku};
use crate::shape::Shape;

/// How each method searches each puzzle.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// The solutions each search looks for: 2 proves a solution unique, 1 stops at the first.
    pub limit: u64,
    /// The longest one method may take on one puzzle.
    pub timeout: Duration,
    /// Stops the method running (Ctrl-C): its run is then not returned.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Settings {
    /// Proving each solution unique (counting to 2), within `timeout` per puzzle.
    pub fn new(timeout: Duration) -> Settings {
        Settings {
            limit: 2,
            timeout,
            cancel: None,
        }
    }

    /// The solutions each search looks for.
    pub fn limit(mut self, limit: u64) -> Settings {
        self.limit = limit;
        self
    }

    /// The cancel flag (`None` for none).
    pub fn cancel(mut self, cancel: Option<Arc<AtomicBool>>) -> Settings {
        self.cancel = cancel;
        self
    }
}

/// The puzzles to compare on, each with its line in the input, and the rules of each shape
/// among them (built once, used by every method).
#[derive(Debug, Default)]
pub struct Puzzles {
    rules: HashMap<Shape, Sudoku>,
    list: Vec<(usize, Grid)>,
}

impl Puzzles {
    /// No puzzle yet.
    pub fn new() -> Puzzles {
        Puzzles::default()
    }

    /// Adds a puzzle read at `line`, if its givens keep the rules (a puzzle whose givens
    /// clash is refused: no method could be compared on it).
    pub fn push(&mut self, line: usize, grid: Grid) -> Result<(), PuzzleError> {
        let shape = grid.shape();
        let sudoku = match self.rules.entry(shape) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                // `Sudoku::new` refuses only variants that do not fit the shape; classic rules
                // fit every shape.
                e.insert(Sudoku::new(shape, crate::Variant::default()).expect("classic rules"))
            }
        };
        sudoku.check(&grid)?;
        self.list.push((line, grid));
        Ok(())
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Each puzzle's line in the input.
    pub fn lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.list.iter().map(|(line, _)| *line)
    }

    /// The first `first` puzzles of an input, in any layout [`Reader`] reads; those that do
    /// not read or whose givens clash are left out, and returned with why.
    pub fn read(
        input: impl std::io::Read,
        settings: ReadSettings,
        first: usize,
    ) -> Result<(Puzzles, Vec<LeftOut>), ReadError> {
        let mut puzzles = Puzzles::new();
        let mut left_out = Vec::new();
        for entry in Reader::new(input, settings).take(first) {
            let entry = entry?;
            match entry.parse(None, Some(crate::Symbols::Default)) {
                Err(e) => left_out.push(LeftOut::Unreadable(entry, e)),
                Ok((grid, _)) => {
                    if let Err(e) = puzzles.push(entry.line, grid) {
                        left_out.push(LeftOut::Clash(entry, e));
                    }
                }
            }
        }
        Ok((puzzles, left_out))
    }
}

/// A puzzle [`Puzzles::read`] left out, and why.
#[derive(Debug)]
pub enum LeftOut {
    /// It does not read.
    Unreadable(Entry, EntryError),
    /// Its givens clash.
    Clash(Entry, PuzzleError),
}

#[cfg(feature = "print")]
impl LeftOut {
    /// Why it was left out, at its place in the input called `name` (`FILE:LINE: ...`), the
    /// settings that read it named by `names`.
    pub fn describe(&self, name: &str, names: &crate::read::SettingNames) -> String {
        match self {
            LeftOut::Unreadable(entry, e) => crate::print::describe_entry(e, entry, name, names),
            LeftOut::Clash(entry, e) => format!("{name}:{}: {e}", entry.line),
        }
    }
}

/// One method on one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The nodes it searched (until the timeout, if that stopped it).
    pub nodes: u64,
    /// The solutions it found, up to the limit.
    pub count: u64,
    /// The timeout stopped it: its figures are lower bounds.
    pub timed_out: bool,
    /// The solution, when it proved it the only one.
    pub unique: Option<Grid>,
}

/// One method over every puzzle, in order.
#[derive(Debug, Clone)]
pub struct Run {
    /// The method.
    pub method: Method,
    /// The time its searches took, in seconds.
    pub seconds: f64,
    /// Its attempt on each puzzle.
    pub attempts: Vec<Attempt>,
}

impl Run {
    /// Puzzles it found a solution of within the timeout.
    pub fn solved(&self) -> usize {
        self.attempts
            .iter()
            .filter(|a| !a.timed_out && a.count > 0)
            .count()
    }

    /// Puzzles the timeout stopped.
    pub fn timeouts(&self) -> usize {
        self.attempts.iter().filter(|a| a.timed_out).count()
    }

    /// Puzzles per second.
    pub fn per_second(&self) -> f64 {
        self.attempts.len() as f64 / self.seconds.max(1e-9)
    }

    /// The mean nodes per puzzle.
    pub fn mean_nodes(&self) -> f64 {
        let total: u64 = self.attempts.iter().map(|a| a.nodes).sum();
        total as f64 / self.attempts.len().max(1) as f64
    }

    /// The median nodes per puzzle (the mean of the middle two of an even count).
    pub fn median_nodes(&self) -> f64 {
        let mut nodes: Vec<u64> = self.attempts.iter().map(|a| a.nodes).collect();
        nodes.sort_unstable();
        match nodes.len() {
            0 => 0.0,
            len if len % 2 == 1 => nodes[len / 2] as f64,
            len => (nodes[len / 2 - 1] + nodes[len / 2]) as f64 / 2.0,
        }
    }

    /// The most nodes of one puzzle.
    pub fn max_nodes(&self) -> u64 {
        self.attempts.iter().map(|a| a.nodes).max().unwrap_or(0)
    }
}

/// How a comparison is written ([`FileRuns::write`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Format {
    /// An aligned table per file, for a person.
    #[default]
    Table,
    /// One JSON object per method and file.
    Json,
    /// The same rows as comma-separated values, with a header line.
    Csv,
}

/// One file's comparison: its puzzles' lines and every method's run over them.
#[derive(Debug)]
pub struct FileRuns {
    /// The file's name.
    pub name: String,
    /// The line of each puzzle.
    pub line_nos: Vec<usize>,
    /// Each method's run.
    pub runs: Vec<Run>,
}

impl FileRuns {
    /// Runs each method in turn over the puzzles of the file `name`; `progress` hears the
    /// method and how many puzzles it has done. The methods that finished, and the first that a
    /// cancel stopped, if any.
    pub fn run(
        name: &str,
        puzzles: &Puzzles,
        methods: &[Method],
        settings: &Settings,
        mut progress: impl FnMut(Method, usize),
    ) -> (FileRuns, Option<Method>) {
        let mut runs = Vec::with_capacity(methods.len());
        let mut cancelled = None;
        for &method in methods {
            match run(puzzles, method, settings, |k| progress(method, k)) {
                Some(run) => runs.push(run),
                None => {
                    cancelled = Some(method);
                    break;
                }
            }
        }
        let file = FileRuns {
            name: name.to_string(),
            line_nos: puzzles.lines().collect(),
            runs,
        };
        (file, cancelled)
    }

    /// Each run as a row, with its ratios to Dancing Links.
    pub fn rows(&self) -> Vec<Row<'_>> {
        let dlx = self.runs.iter().find(|r| r.method == Method::Dlx);
        self.runs
            .iter()
            .map(|r| Row::new(r, &self.name, dlx))
            .collect()
    }

    /// The rows as an aligned table ([`table`]).
    pub fn table(&self, task: &str, timeout: Duration) -> String {
        table(&self.name, self.line_nos.len(), &self.rows(), task, timeout)
    }

    /// Writes the runs in `format`: the table ([`FileRuns::table`]), a JSON line per run, or a
    /// line of CSV per run (under [`CSV_HEADER`], which the caller writes once).
    #[cfg(feature = "print")]
    pub fn write(
        &self,
        format: Format,
        (task, timeout): (&str, Duration),
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        if format == Format::Table {
            return write!(out, "{}", self.table(task, timeout));
        }
        for row in self.rows() {
            match format {
                Format::Json => serde_json::to_writer(&mut *out, &row)?,
                _ => write!(out, "{}", row.csv())?,
            }
            writeln!(out)?;
        }
        Ok(())
    }

    /// Searches the timeout stopped, and searches in all, over the runs of `files`.
    pub fn timeouts(files: &[FileRuns]) -> (usize, usize) {
        let runs = files.iter().flat_map(|f| &f.runs);
        runs.fold((0, 0), |(t, n), run| {
            (t + run.timeouts(), n + run.attempts.len())
        })
    }
}

/// Runs one method over every puzzle, one after another on this thread, each within the
/// timeout; `progress` hears how many puzzles are done, now and then. `None` if the cancel
/// flag stopped it (a run over some of the puzzles would not compare).
///
/// # Panics
/// Never for puzzles added with [`Puzzles::push`], which checked them.
pub fn run(
    puzzles: &Puzzles,
    method: Method,
    settings: &Settings,
    mut progress: impl FnMut(usize),
) -> Option<Run> {
    let mut solvers: HashMap<Shape, _> = puzzles
        .rules
        .iter()
        .map(|(&shape, sudoku)| (shape, sudoku.method_solver(method)))
        .collect();
    let mut attempts = Vec::with_capacity(puzzles.len());
    let mut seconds = 0.0;
    for (k, (_, grid)) in puzzles.list.iter().enumerate() {
        // Every puzzle's shape has its rules, and its givens were checked when it was added.
        let solver = solvers.get_mut(&grid.shape())?;
        let start = Instant::now();
        let mut limits = Limits::none().deadline(start + settings.timeout);
        limits = limits.cancel(settings.cancel.clone());
        let found = solver
            .search(grid, 1, limits.solutions(settings.limit))
            .ok()?;
        if found.stopped == Some(StopReason::Cancelled) {
            return None;
        }
        seconds += start.elapsed().as_secs_f64();
        let complete = found.is_complete();
        let mut grids = found.grids;
        attempts.push(Attempt {
            nodes: found.stats.nodes,
            count: found.count,
            timed_out: found.stopped == Some(StopReason::Deadline),
            unique: if found.count == 1 && complete {
                grids.pop()
            } else {
                None
            },
        });
        if k % 64 == 0 {
            progress(k);
        }
    }
    progress(puzzles.len());
    Some(Run {
        method,
        seconds,
        attempts,
    })
}

/// The run the others are compared with: Dancing Links, or the first without it.
pub fn reference(runs: &[Run]) -> Option<&Run> {
    runs.iter()
        .find(|r| r.method == Method::Dlx)
        .or(runs.first())
}

/// A puzzle on which a method found another count (or another unique solution) than the
/// reference ([`reference()`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The puzzle's line in the input.
    pub line: usize,
    /// The method.
    pub method: Method,
    /// The solutions it found.
    pub count: u64,
    /// The reference method.
    pub reference: Method,
    /// The solutions the reference found.
    pub reference_count: u64,
}

/// `singles found 0 solutions, dlx found 1 solution`: what each found (the puzzle's place is
/// the caller's to say).
impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} found {}, {} found {}",
            self.method,
            crate::plural(self.count, "solution"),
            self.reference,
            self.reference_count
        )
    }
}

/// Every puzzle on which a method found what the reference did not, where both finished:
/// another count (up to the limit), or another solution when it is unique.
pub fn disagreements(puzzles: &Puzzles, runs: &[Run]) -> Vec<Disagreement> {
    let Some(reference) = reference(runs) else {
        return Vec::new();
    };
    let mut bad = Vec::new();
    for (k, line) in puzzles.lines().enumerate() {
        let theirs = &reference.attempts[k];
        for run in runs {
            let ours = &run.attempts[k];
            if ours.timed_out || theirs.timed_out {
                continue;
            }
            if ours.count != theirs.count || ours.unique != theirs.unique {
                bad.push(Disagreement {
                    line,
                    method: run.method,
                    count: ours.count,
                    reference: reference.method,
                    reference_count: theirs.count,
                });
            }
        }
    }
    bad
}

/// What the footnote of [`table`] says (and `dlx bench` prints under its tables).
pub const NOTE: &str = "\
Nodes: one per search level entered (the root and dead ends included) plus one per solution, as
the engine and Knuth's dlx1 count them. Values filled in by naked singles and digits that forward
checking rejects are not nodes. nodes/dlx, time/dlx: mean nodes and time per puzzle over dlx's. A
puzzle stopped by the timeout counts with the nodes searched until then: its method's figures
are lower bounds.";

/// The header line of [`Row::csv`].
pub const CSV_HEADER: &str = "file,method,puzzles,solved,per_second,nodes_mean,nodes_median,nodes_max,timeouts,ratio_nodes,ratio_time";

/// A method's figures on a file, as a row of a table (and a JSON object with the `serde`
/// feature): rounded for people, with its ratios to Dancing Links'.
#[derive(Debug, Clone, PartialEq)]
pub struct Row<'a> {
    /// The file's name.
    pub file: &'a str,
    /// The method's name.
    pub method: &'static str,
    /// Puzzles run.
    pub puzzles: usize,
    /// Puzzles solved within the timeout.
    pub solved: usize,
    /// Puzzles per second, to 0.1.
    pub per_second: f64,
    /// Mean nodes per puzzle, to 0.1.
    pub nodes_mean: f64,
    /// Median nodes per puzzle.
    pub nodes_median: f64,
    /// The most nodes of one puzzle.
    pub nodes_max: u64,
    /// Puzzles the timeout stopped.
    pub timeouts: usize,
    /// Mean nodes over Dancing Links' (to 0.001), when it ran.
    pub ratio_nodes: Option<f64>,
    /// Time over Dancing Links', when it ran.
    pub ratio_time: Option<f64>,
}

impl<'a> Row<'a> {
    /// The row of `run` on `file`, with its ratios to `dlx`'s run, if there is one.
    pub fn new(run: &Run, file: &'a str, dlx: Option<&Run>) -> Row<'a> {
        let ratio = |ours: f64, theirs: f64| (theirs > 0.0).then(|| round(ours / theirs, 3));
        Row {
            file,
            method: run.method.name(),
            puzzles: run.attempts.len(),
            solved: run.solved(),
            per_second: round(run.per_second(), 1),
            nodes_mean: round(run.mean_nodes(), 1),
            nodes_median: run.median_nodes(),
            nodes_max: run.max_nodes(),
            timeouts: run.timeouts(),
            ratio_nodes: dlx.and_then(|d| ratio(run.mean_nodes(), d.mean_nodes())),
            ratio_time: dlx.and_then(|d| ratio(run.seconds, d.seconds)),
        }
    }

    /// The row as a line of comma-separated values under [`CSV_HEADER`] (no line end); the
    /// file's name is quoted when it holds a comma, a quote or a line break.
    pub fn csv(&self) -> String {
        let opt = |x: Option<f64>| x.map_or(String::new(), |x| x.to_string());
        let file = if self.file.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", self.file.replace('"', "\"\""))
        } else {
            self.file.to_string()
        };
        format!(
            "{file},{},{},{},{},{},{},{},{},{},{}",
            self.method,
            self.puzzles,
            self.solved,
            self.per_second,
            self.nodes_mean,
            self.nodes_median,
            self.nodes_max,
            self.timeouts,
            opt(self.ratio_nodes),
            opt(self.ratio_time)
        )
    }
}

/// A row as a JSON object, its fields in order (written out, as the batch records are: the
/// crate's serde needs no derive).
#[cfg(feature = "serde")]
impl serde::Serialize for Row<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut row = s.serialize_struct("Row", 11)?;
        row.serialize_field("file", self.file)?;
        row.serialize_field("method", self.method)?;
        row.serialize_field("puzzles", &self.puzzles)?;
        row.serialize_field("solved", &self.solved)?;
        row.serialize_field("per_second", &self.per_second)?;
        row.serialize_field("nodes_mean", &self.nodes_mean)?;
        row.serialize_field("nodes_median", &self.nodes_median)?;
        row.serialize_field("nodes_max", &self.nodes_max)?;
        row.serialize_field("timeouts", &self.timeouts)?;
        row.serialize_field("ratio_nodes", &self.ratio_nodes)?;
        row.serialize_field("ratio_time", &self.ratio_time)?;
        row.end()
    }
}

fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// `1234567.25` as `1,234,567.3` (with one decimal place).
pub fn thousands(x: f64, places: usize) -> String {
    let fixed = format!("{x:.places$}");
    let (int, frac) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut grouped = String::new();
    for (k, ch) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    if frac.is_empty() {
        grouped
    } else {
        format!("{grouped}.{frac}")
    }
}

/// A file's rows as an aligned table for a person, under a title line that names the file, the
/// number of puzzles, what each search did (`task`) and the timeout; a blank line after it.
pub fn table(
    file: &str,
    puzzles: usize,
    rows: &[Row<'_>],
    task: &str,
    timeout: Duration,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{file}: {puzzles} puzzle{}, {task}, one thread, timeout {} s",
        if puzzles == 1 { "" } else { "s" },
        timeout.as_secs_f64()
    );
    let header = [
        "method",
        "solved",
        "timeouts",
        "puzzles/s",
        "nodes mean",
        "median",
        "max",
        "nodes/dlx",
        "time/dlx",
    ];
    let mut cells: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    let ratio = |x: Option<f64>| match x {
        None => "-".to_string(),
        Some(x) if x >= 100.0 => thousands(x, 0),
        Some(x) if x >= 10.0 => format!("{x:.1}"),
        Some(x) => format!("{x:.2}"),
    };
    for r in rows {
        cells.push(vec![
            r.method.to_string(),
            r.solved.to_string(),
            r.timeouts.to_string(),
            thousands(r.per_second, 0),
            thousands(r.nodes_mean, 1),
            thousands(
                r.nodes_median,
                if r.nodes_median.fract() == 0.0 { 0 } else { 1 },
            ),
            thousands(r.nodes_max as f64, 0),
            ratio(r.ratio_nodes),
            ratio(r.ratio_time),
        ]);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| cells.iter().map(|row| row[c].len()).max().unwrap_or(0))
        .collect();
    for row in &cells {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c == 0 {
                let _ = write!(line, "{cell:<w$}", w = widths[c]);
            } else {
                let _ = write!(line, "  {cell:>w$}", w = widths[c]);
            }
        }
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_agrees_and_a_wrong_run_is_caught() {
        let mut puzzles = Puzzles::new();
        for (line, p) in [
            // Easy enough for every method (Norvig's hardest keeps plain backtracking busy
            // past any timeout a test can afford, and a timeout is no agreement).
            "....7..3......3.2..562...89....64..1..7.......9..8...59....5.......3791.28.......",
            "......2..3.1....",
            "1...............",
        ]
        .iter()
        .enumerate()
        {
            puzzles
                .push(line + 1, crate::parse_line(p, None).unwrap())
                .unwrap();
        }
        assert!(puzzles
            .push(9, crate::parse_line("11..............", None).unwrap())
            .is_err());
        let settings = Settings::new(Duration::from_secs(10));
        let mut runs: Vec<Run> = Method::ALL
            .iter()
            .map(|&m| run(&puzzles, m, &settings, |_| {}).unwrap())
            .collect();
        assert!(disagreements(&puzzles, &runs).is_empty());
        for r in &runs {
            assert_eq!((r.solved(), r.timeouts()), (3, 0), "{:?}", r.method);
        }
        let dlx = reference(&runs).unwrap();
        assert_eq!(dlx.method, Method::Dlx);
        assert_eq!(
            dlx.attempts.iter().map(|a| a.count).collect::<Vec<_>>(),
            [1, 2, 2]
        );
        assert_eq!((dlx.solved(), dlx.timeouts()), (3, 0));
        // A method that miscounts is named, with the reference's count.
        runs[0].attempts[1].count = 1;
        let bad = disagreements(&puzzles, &runs);
        assert_eq!(bad.len(), 1);
        assert_eq!(
            (bad[0].line, bad[0].count, bad[0].reference_count),
            (2, 1, 2)
        );
    }

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0.0, 0), "0");
        assert_eq!(thousands(999.0, 0), "999");
        assert_eq!(thousands(1000.0, 0), "1,000");
        assert_eq!(thousands(1234567.25, 1), "1,234,567.2");
        assert_eq!(thousands(58.66, 1), "58.7");
    }

    #[test]
    fn csv_quotes_a_file_name_when_needed() {
        let run = Run {
            method: Method::Dlx,
            seconds: 0.5,
            attempts: vec![Attempt {
                nodes: 3,
                count: 1,
                timed_out: false,
                unique: None,
            }],
        };
        let csv = |file: &str| Row::new(&run, file, Some(&run)).csv();
        assert_eq!(csv("a.txt"), "a.txt,dlx,1,1,2,3,3,3,0,1,1");
        assert!(csv("a,b.txt").starts_with("\"a,b.txt\","));
        assert!(csv("say \"x\"").starts_with("\"say \"\"x\"\"\","));
    }
}
