//! A puzzle being made, saved as it goes: a minimal 36x36 takes hours, longer than a batch
//! job's time limit or a laptop's evening, and a run stopped without a checkpoint starts again
//! from a full grid.
//!
//! The generator settles the symmetry orbits of one solved grid in a fixed order (the seed's);
//! where it stands is the orbits settled so far and the clues they left, so a [`Checkpoint`]
//! holds those, with the solved grid and what made it (the seed, the symmetry, the shape and
//! rules), and what tests of orbits past them found (on several threads, tests run ahead of the
//! orbit being settled); a generator given one goes on from it: the same puzzle, byte for
//! byte, as a run never stopped, on any number of threads ([`GenerateSettings::checkpoints`]).
//! Its text is a few `key value` lines ([`Checkpoint::to_text`], [`Checkpoint::read`]);
//! [`Checkpoints::file`] keeps one in a file, replaced whole after each orbit settled and each
//! test ahead that holds.
//!
//! ```
//! use sudoku::{Checkpoint, Checkpoints, GenerateSettings, Generator, Sudoku};
//! use std::sync::{Arc, Mutex};
//! let sudoku = Sudoku::classic();
//! // Save every checkpoint; stop the first run after 30 orbits (a save that fails stops it).
//! let saved = Arc::new(Mutex::new(Vec::<Checkpoint>::new()));
//! let to = Arc::clone(&saved);
//! let stopping = Checkpoints::new(None, move |c: &Checkpoint| {
//!     to.lock().unwrap().push(c.clone());
//!     if c.settled < 30 { Ok(()) } else { Err(std::io::Error::other("stopped at 30")) }
//! });
//! let settings = GenerateSettings::default().checkpoints(Some(stopping));
//! assert!(Generator::new(&sudoku, settings).generate(5).is_err());
//! let last = saved.lock().unwrap().last().cloned().unwrap();
//! assert_eq!(last.settled, 30);
//! // Its text read back, the next run goes on from it and makes the puzzle of seed 5.
//! let from = Checkpoint::read(&last.to_text(&sudoku), &sudoku)?;
//! let settings = GenerateSettings::default().checkpoints(Some(Checkpoints::new(Some(from), |_: &Checkpoint| Ok(()))));
//! let resumed = Generator::new(&sudoku, settings).generate(5)?;
//! let whole = Generator::new(&sudoku, GenerateSettings::default()).generate(5)?;
//! assert_eq!(resumed, whole);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::grid::Grid;
use crate::rules::Sudoku;
use crate::symmetry::Symmetry;
use crate::text::{parse_line, to_line, Symbols};

/// Where a puzzle being made stands: enough for a [`crate::Generator`] to go on from there
/// and make the same puzzle as a run never stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// The puzzle's seed, as [`crate::Generated::seed`] says it.
    pub seed: u64,
    /// The clue pattern's symmetry (the orbits and their order depend on it).
    pub symmetry: Symmetry,
    /// The solved grid the clues are taken from.
    pub solution: Grid,
    /// The puzzle as it stands: the solution's digits, blank where a clue went.
    pub puzzle: Grid,
    /// How many orbits are settled (taken away or kept), in the generator's order.
    pub settled: usize,
    /// How many orbits the puzzle has in all.
    pub orbits: usize,
    /// Whether every orbit kept so far was proved needed.
    pub minimal: bool,
    /// How many clues were kept so far without a proof that they are needed (their question
    /// ran past the node limit), as [`crate::Generated::unproved`] counts them.
    pub unproved: usize,
    /// Orbits past those settled (each its index from 0 in the generator's order) that a test
    /// made before the checkpoint found needed: the puzzle without one had a second solution,
    /// which it keeps as other clues go. Each stays when it is reached, without a test again.
    /// (With several threads, the tests run ahead of the orbit being settled; a run stopped
    /// during one long test keeps the others' work.)
    pub needed: Vec<usize>,
    /// Orbits past those settled that a test found can go from `puzzle` as it stands: each
    /// goes when it is reached if no orbit went before it, and is tested again otherwise.
    pub removable: Vec<usize>,
}

/// How far the puzzle has gone, as a run going on from it says: `856 of 1296 settled, 630
/// clues`, and `, 41 tested ahead` where tests past them are kept.
impl fmt::Display for Checkpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let clues = self.puzzle.givens().count();
        let (settled, orbits) = (self.settled, self.orbits);
        write!(f, "{settled} of {orbits} settled, {clues} clues")?;
        match self.needed.len() + self.removable.len() {
            0 => Ok(()),
            ahead => write!(f, ", {ahead} tested ahead"),
        }
    }
}

/// A checkpoint that cannot be read, or does not fit the puzzles being made: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct CheckpointError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The first line of a checkpoint's text.
const HEADER: &str =
    "# a sudoku being made (dlx sudoku generate --checkpoint): the same seed goes on from here";

/// The keys, in the order they are written; each once. `unproved` is written only where
/// clues were kept unproved, the last two only where they have orbits (a checkpoint without
/// them reads as it did before they were kept).
const KEYS: [&str; 11] = [
    "seed",
    "symmetry",
    "shape",
    "rules",
    "settled",
    "minimal",
    "unproved",
    "solution",
    "puzzle",
    "needed",
    "removable",
];

/// The rules a [`Sudoku`] has beyond its shape, as a checkpoint names them: `classic`, or
/// `diagonals`, `hyper` and the jigsaw's regions (each cell's, numbered in the order first
/// met).
fn rules(sudoku: &Sudoku) -> String {
    let variant = sudoku.variant();
    let mut parts = Vec::new();
    if variant.diagonals {
        parts.push("diagonals".to_string());
    }
    if variant.hyper {
        parts.push("hyper".to_string());
    }
    if let Some(regions) = &variant.regions {
        let of_cell: Vec<String> = regions.of_cell().map(|r| r.to_string()).collect();
        parts.push(format!("regions {}", of_cell.join(",")));
    }
    if parts.is_empty() {
        parts.push("classic".to_string());
    }
    parts.join(" ")
}

impl Checkpoint {
    /// The checkpoint as text, for [`Checkpoint::read`]: a header line, then one `key value`
    /// line each for the seed, the symmetry, the shape and rules of `sudoku` (whose puzzle
    /// this is), the orbits settled (`settled K of N`), whether it is minimal so far (and
    /// where clues were kept unproved, how many: `unproved K`), the solution and the puzzle (each on one line in the default symbols), and where tests ran
    /// ahead, the orbits found `needed` and `removable` (numbered from 1 in the generator's
    /// order, as messages name them).
    pub fn to_text(&self, sudoku: &Sudoku) -> String {
        self.text(&sudoku.shape().to_string(), &rules(sudoku))
    }

    /// [`Checkpoint::to_text`] with the shape and rules named.
    fn text(&self, shape: &str, rules: &str) -> String {
        let line = |grid: &Grid| to_line(grid, Symbols::Default);
        let minimal = if self.minimal { "yes" } else { "no" };
        let unproved = match self.unproved {
            0 => String::new(),
            k => format!("unproved {k}\n"),
        };
        let mut text = format!(
            "{HEADER}\nseed {}\nsymmetry {}\nshape {shape}\nrules {rules}\nsettled {} of {}\n\
             minimal {minimal}\n{unproved}solution {}\npuzzle {}\n",
            self.seed,
            self.symmetry.name(),
            self.settled,
            self.orbits,
            line(&self.solution),
            line(&self.puzzle),
        );
        for (key, orbits) in [("needed", &self.needed), ("removable", &self.removable)] {
            if !orbits.is_empty() {
                let numbers: Vec<String> = orbits.iter().map(|i| (i + 1).to_string()).collect();
                text.push_str(&format!("{key} {}\n", numbers.join(" ")));
            }
        }
        text
    }

    /// Reads a checkpoint that [`Checkpoint::to_text`] wrote for puzzles of `sudoku`: every
    /// key once, the shape and rules `sudoku`'s, the solution a solved grid of them, the
    /// puzzle the solution's digits with its symmetry. (That the orbits not yet settled are
    /// all given, and that the solution is the seed's, the generator checks: it knows their
    /// order.) Errors say the line and column.
    pub fn read(text: &str, sudoku: &Sudoku) -> Result<Checkpoint, CheckpointError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut values: [Option<(usize, &str)>; KEYS.len()] = [None; KEYS.len()];
        let mut last = 0;
        for (i, line) in text.lines().enumerate() {
            let (number, line) = (i + 1, line.trim_end());
            last = number;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let err = |message: String| CheckpointError {
                line: number,
                column: 1,
                message,
            };
            let Some(k) = KEYS.iter().position(|&k| k == key) else {
                return Err(err(format!(
                    "unknown key `{key}`: a checkpoint has {}",
                    KEYS.join(", ")
                )));
            };
            if let Some((first, _)) = values[k] {
                return Err(err(format!("`{key}` again (first on line {first})")));
            }
            values[k] = Some((number, value));
        }
        let mut got = values.into_iter().zip(KEYS);
        let mut next = || {
            let (value, key) = got.next().expect("one per key");
            value
                .map(|(line, v)| Field {
                    line,
                    key,
                    value: v,
                })
                .ok_or_else(|| CheckpointError {
                    line: last.max(1),
                    column: 1,
                    message: format!("no `{key}` line: not a whole checkpoint (cut short?)"),
                })
        };
        let (seed, symmetry, shape, rules_f) = (next()?, next()?, next()?, next()?);
        let (settled, minimal, unproved) = (next()?, next()?, next().ok());
        let (solution, puzzle) = (next()?, next()?);
        let (needed, removable) = (next().ok(), next().ok());
        let seed = seed
            .value
            .parse::<u64>()
            .map_err(|e| seed.error(e.to_string()))?;
        let symmetry =
            (symmetry.value.parse::<Symmetry>()).map_err(|e| symmetry.error(e.to_string()))?;
        let expected = sudoku.shape().to_string();
        if shape.value != expected {
            return Err(shape.error(format!(
                "written for {}; these puzzles are {expected}",
                shape.value
            )));
        }
        let expected = rules(sudoku);
        if rules_f.value != expected {
            return Err(rules_f.error(format!(
                "written for the rules `{}`; these puzzles' are `{expected}`",
                rules_f.value
            )));
        }
        let minimal = match minimal.value {
            "yes" => true,
            "no" => false,
            other => return Err(minimal.error(format!("`{other}`: expected yes or no"))),
        };
        let unproved = match &unproved {
            None => 0,
            Some(f) => match f.value.parse::<usize>() {
                Ok(0) | Err(_) => {
                    return Err(f.error(format!(
                        "`{}`: expected how many clues were kept unproved, 1 or more",
                        f.value
                    )))
                }
                Ok(_) if minimal => {
                    return Err(f.error(
                        "clues kept unproved, but `minimal yes`: a minimal puzzle has none"
                            .to_string(),
                    ))
                }
                Ok(k) => k,
            },
        };
        let grid = |f: &Field<'_>| {
            parse_line(f.value, Some(sudoku.shape())).map_err(|e| CheckpointError {
                line: f.line,
                column: f.key.len() + 1 + e.column,
                message: e.kind.to_string(),
            })
        };
        let (solution_grid, puzzle_grid) = (grid(&solution)?, grid(&puzzle)?);
        if let Some(k) = solution_grid.cells().iter().position(|&d| d == 0) {
            return Err(solution.error_at(k, "a blank in the solution".to_string()));
        }
        if let Err(e) = sudoku.check(&solution_grid) {
            return Err(solution.error(format!("not a solution: {e}")));
        }
        let pairs = puzzle_grid.cells().iter().zip(solution_grid.cells());
        if let Some(k) = pairs.clone().position(|(&p, &s)| p != 0 && p != s) {
            return Err(puzzle.error_at(k, "a clue that differs from the solution".to_string()));
        }
        if !symmetry.holds(&puzzle_grid) {
            return Err(puzzle.error(format!(
                "its clues do not have the symmetry {}",
                symmetry.name()
            )));
        }
        let orbits = symmetry.orbits(sudoku.shape().size()).len();
        let (settled_count, of) = settled
            .value
            .split_once(" of ")
            .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
            .filter(|&(k, n)| k <= n && n == orbits)
            .ok_or_else(|| {
                settled.error(format!(
                    "`{}`: expected `K of {orbits}`, K at most {orbits} (the orbits of this shape and symmetry)",
                    settled.value
                ))
            })?;
        let removable_line = removable.as_ref().map_or(last, |f| f.line);
        let needed = orbits_ahead(needed.as_ref(), settled_count, of)?;
        let removable = orbits_ahead(removable.as_ref(), settled_count, of)?;
        if let Some(both) = removable.iter().find(|i| needed.contains(i)) {
            return Err(CheckpointError {
                line: removable_line,
                column: 1,
                message: format!("orbit {} is both needed and removable", both + 1),
            });
        }
        Ok(Checkpoint {
            seed,
            symmetry,
            solution: solution_grid,
            puzzle: puzzle_grid,
            settled: settled_count,
            orbits: of,
            minimal,
            unproved,
            needed,
            removable,
        })
    }
}

/// The orbits of a `needed` or `removable` line (numbered from 1, each once, past the `settled`
/// of `orbits`), as indices from 0; none without the line.
fn orbits_ahead(
    field: Option<&Field<'_>>,
    settled: usize,
    orbits: usize,
) -> Result<Vec<usize>, CheckpointError> {
    let Some(field) = field else {
        return Ok(Vec::new());
    };
    let mut found: Vec<usize> = Vec::new();
    let mut column = field.key.len() + 2;
    for word in field.value.split(' ') {
        let at = |message: String| CheckpointError {
            line: field.line,
            column,
            message,
        };
        if !word.is_empty() {
            let number = word
                .parse::<usize>()
                .map_err(|e| at(format!("`{word}`: {e}")))?;
            if number <= settled || number > orbits {
                return Err(at(format!(
                    "orbit {number}: expected one past the {settled} settled, at most {orbits}"
                )));
            }
            if found.contains(&(number - 1)) {
                return Err(at(format!("orbit {number} again")));
            }
            found.push(number - 1);
        }
        column += word.chars().count() + 1;
    }
    Ok(found)
}

/// One `key value` line of a checkpoint's text.
struct Field<'t> {
    line: usize,
    key: &'static str,
    value: &'t str,
}

impl Field<'_> {
    /// An error about the whole value.
    fn error(&self, message: String) -> CheckpointError {
        CheckpointError {
            line: self.line,
            column: self.key.len() + 2,
            message,
        }
    }

    /// An error about cell `k` of a grid: at its column where the grid is written one
    /// character a cell, else at the value's start.
    fn error_at(&self, k: usize, message: String) -> CheckpointError {
        let cells = self.value.chars().filter(|c| !c.is_whitespace()).count();
        let column = if cells == self.value.chars().count() && !self.value.contains(',') {
            k + 1
        } else {
            1
        };
        CheckpointError {
            line: self.line,
            column: self.key.len() + 1 + column,
            message: format!("{message} (cell {k}, row-major from 0)"),
        }
    }
}

/// The function a generator gives each [`Checkpoint`] to save; an error stops the puzzle
/// ([`crate::GenerateError::Checkpoint`]).
pub type SaveCheckpoint = dyn Fn(&Checkpoint) -> io::Result<()> + Send + Sync;

/// What the generator goes on from and where it saves ([`GenerateSettings::checkpoints`]): a
/// checkpoint to start the puzzle of its seed from, if any, and a function given a checkpoint
/// after each orbit settled (and once when the puzzle's orbits are all settled), and on
/// several threads after each test ahead that holds. Two are equal
/// when they are the same (clones of one).
///
/// [`GenerateSettings::checkpoints`]: crate::GenerateSettings::checkpoints
#[derive(Clone)]
pub struct Checkpoints {
    from: Option<Checkpoint>,
    save: Arc<SaveCheckpoint>,
}

impl Checkpoints {
    /// Goes on from `from` (for the puzzle of its seed), and gives `save` each checkpoint.
    pub fn new(
        from: Option<Checkpoint>,
        save: impl Fn(&Checkpoint) -> io::Result<()> + Send + Sync + 'static,
    ) -> Checkpoints {
        Checkpoints {
            from,
            save: Arc::new(save),
        }
    }

    /// Keeps the checkpoints of puzzles of `sudoku` in the file `path`: goes on from the one
    /// it holds, if it exists, and replaces it whole with each new one (written beside it as
    /// `path.part`, then renamed over it, so that a run stopped at any moment leaves the last
    /// one whole). Fails when the file exists and cannot be read or is not a checkpoint of
    /// these puzzles; `seed` given, also when it holds a puzzle of another seed (without it,
    /// a puzzle of another seed starts afresh, and its checkpoints replace the file's).
    pub fn file(path: &Path, sudoku: &Sudoku, seed: Option<u64>) -> Result<Checkpoints, FileError> {
        let from = match std::fs::read_to_string(path) {
            Ok(text) => Some(Checkpoint::read(&text, sudoku).map_err(FileError::Read)?),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(FileError::Io(e.to_string())),
        };
        if let (Some(from), Some(seed)) = (&from, seed) {
            if from.seed != seed {
                return Err(FileError::Seed {
                    found: from.seed,
                    seed,
                });
            }
        }
        let path: PathBuf = path.to_path_buf();
        let mut part = path.clone().into_os_string();
        part.push(".part");
        let (shape, rules) = (sudoku.shape().to_string(), rules(sudoku));
        Ok(Checkpoints::new(from, move |c: &Checkpoint| {
            let mut file = std::fs::File::create(&part)?;
            io::Write::write_all(&mut file, c.text(&shape, &rules).as_bytes())?;
            // On the disk before it replaces the last one: a machine that goes down keeps one.
            file.sync_all()?;
            std::fs::rename(&part, &path)
        }))
    }

    /// The checkpoint gone on from, if any.
    pub fn from(&self) -> Option<&Checkpoint> {
        self.from.as_ref()
    }

    /// Saves `checkpoint`.
    pub(crate) fn save(&self, checkpoint: &Checkpoint) -> io::Result<()> {
        (self.save)(checkpoint)
    }
}

impl fmt::Debug for Checkpoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Checkpoints")
            .field("from", &self.from)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Checkpoints {
    fn eq(&self, other: &Checkpoints) -> bool {
        Arc::ptr_eq(&self.save, &other.save)
    }
}

impl Eq for Checkpoints {}

/// Why [`Checkpoints::file`] cannot go on from a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// It exists but cannot be read.
    #[error("cannot be read: {0}")]
    Io(String),
    /// It is not a checkpoint of these puzzles.
    #[error("{0}")]
    Read(CheckpointError),
    /// It holds a puzzle of another seed.
    #[error("holds the puzzle of another seed (its {found}, not {seed}): the seed of the run that wrote it goes on from it")]
    Seed {
        /// The seed in the file.
        found: u64,
        /// The seed asked for.
        seed: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GenerateError, GenerateSettings, Generated, Generator, Shape, Variant};
    use std::sync::Mutex;

    /// A solved grid of `shape` by the pattern (row i, column j) -> the digit
    /// `(cols * (i % rows) + i / rows + j) % n + 1`.
    fn pattern(shape: Shape) -> Grid {
        let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        let cells = (0..n * n)
            .map(|k| {
                let (i, j) = (k / n, k % n);
                ((cols * (i % rows) + i / rows + j) % n + 1) as u8
            })
            .collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    fn checkpoint_of(shape: Shape) -> (Sudoku, Checkpoint) {
        let sudoku = Sudoku::new(shape, Variant::default()).unwrap();
        let solution = pattern(shape);
        sudoku.check(&solution).unwrap();
        let mut cells = solution.cells().to_vec();
        for k in (0..cells.len()).step_by(3) {
            cells[k] = 0;
        }
        let n = shape.size();
        let settled = n * n / 2;
        let checkpoint = Checkpoint {
            seed: u64::MAX - 1,
            symmetry: Symmetry::None,
            puzzle: Grid::from_cells(shape, cells).unwrap(),
            solution,
            settled,
            orbits: n * n,
            minimal: false,
            unproved: 0,
            needed: vec![n * n - 1, settled + 1],
            removable: vec![settled],
        };
        (sudoku, checkpoint)
    }

    #[test]
    fn the_text_reads_back_at_every_size() {
        for (rows, cols) in [
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
            (8, 8),
        ] {
            let (sudoku, checkpoint) = checkpoint_of(Shape::with_box(rows, cols).unwrap());
            let text = checkpoint.to_text(&sudoku);
            assert_eq!(
                Checkpoint::read(&text, &sudoku),
                Ok(checkpoint.clone()),
                "{text}"
            );
            // Without tests ahead, no such lines (the text an earlier version wrote).
            let plain = Checkpoint {
                needed: Vec::new(),
                removable: Vec::new(),
                ..checkpoint
            };
            let text = plain.to_text(&sudoku);
            assert_eq!(text.lines().count(), 9, "{text}");
            assert_eq!(Checkpoint::read(&text, &sudoku), Ok(plain));
        }
    }

    #[test]
    fn the_tests_ahead_are_numbered_from_1_and_checked() {
        let (sudoku, checkpoint) = checkpoint_of(Shape::CLASSIC);
        let text = checkpoint.to_text(&sudoku);
        // Settled 40 of 81: orbit 41 (index 40) is the first that can be tested ahead.
        assert!(text.ends_with("\nneeded 81 42\nremovable 41\n"), "{text}");
        assert_eq!(
            checkpoint.to_string(),
            "40 of 81 settled, 54 clues, 3 tested ahead"
        );
        let at = |line: &str| {
            let e = Checkpoint::read(
                &format!("{text}{line}\n").replace("needed 81 42\n", ""),
                &sudoku,
            )
            .unwrap_err();
            (e.line, e.column, e.message)
        };
        let (l, c, m) = at("needed 42 40");
        assert_eq!((l, c), (11, 11));
        assert!(
            m.contains("orbit 40: expected one past the 40 settled"),
            "{m}"
        );
        let (_, c, m) = at("needed 82");
        assert_eq!(c, 8);
        assert!(m.contains("at most 81"), "{m}");
        let (_, c, m) = at("needed 50  50");
        assert_eq!(c, 12);
        assert!(m.contains("orbit 50 again"), "{m}");
        assert!(at("needed x").2.contains("`x`"));
        let (l, _, m) = at("needed 41");
        assert_eq!(l, 10, "the removable line");
        assert!(m.contains("orbit 41 is both needed and removable"), "{m}");
    }

    #[test]
    fn clues_kept_unproved_read_back_and_are_checked() {
        let (sudoku, checkpoint) = checkpoint_of(Shape::CLASSIC);
        let kept = Checkpoint {
            unproved: 3,
            ..checkpoint.clone()
        };
        let text = kept.to_text(&sudoku);
        assert!(
            text.contains("\nminimal no\nunproved 3\nsolution "),
            "{text}"
        );
        assert_eq!(Checkpoint::read(&text, &sudoku), Ok(kept));
        // None unproved: no line (as an earlier version wrote it, which reads as 0).
        assert!(!checkpoint.to_text(&sudoku).contains("unproved"));
        let at = |from: &str, to: &str| {
            let e = Checkpoint::read(&text.replace(from, to), &sudoku).unwrap_err();
            (e.line, e.column, e.message)
        };
        let (l, c, m) = at("unproved 3", "unproved 0");
        assert_eq!((l, c), (8, 10));
        assert!(m.contains("1 or more"), "{m}");
        assert!(at("unproved 3", "unproved some").2.contains("`some`"));
        let (l, _, m) = at("minimal no", "minimal yes");
        assert_eq!(l, 8);
        assert!(m.contains("a minimal puzzle has none"), "{m}");
    }

    /// The error reading `text` with its line `line` replaced by `by`.
    fn error_with(line: usize, by: &str) -> CheckpointError {
        let (sudoku, checkpoint) = checkpoint_of(Shape::CLASSIC);
        let text = checkpoint.to_text(&sudoku);
        let mut lines: Vec<&str> = text.lines().collect();
        lines[line - 1] = by;
        Checkpoint::read(&lines.join("\n"), &sudoku).unwrap_err()
    }

    #[test]
    fn a_bad_checkpoint_is_refused_at_its_line_and_column() {
        let (sudoku, checkpoint) = checkpoint_of(Shape::CLASSIC);
        let text = checkpoint.to_text(&sudoku);
        let solution = text.lines().nth(7).unwrap().to_string();
        let at = |e: CheckpointError| (e.line, e.column, e.message);
        let (l, c, m) = at(error_with(2, "seed -3"));
        assert_eq!((l, c), (2, 6));
        assert!(m.contains("invalid digit"), "{m}");
        let (l, c, m) = at(error_with(3, "symmetry spiral"));
        assert_eq!((l, c), (3, 10));
        assert!(m.contains("unknown symmetry `spiral`"), "{m}");
        assert_eq!(at(error_with(4, "shape 16x16 (boxes of 4x4)")).0, 4);
        let (l, _, m) = at(error_with(5, "rules diagonals"));
        assert_eq!(l, 5);
        assert!(m.contains("`diagonals`") && m.contains("`classic`"), "{m}");
        let (l, c, m) = at(error_with(6, "settled 90 of 81"));
        assert_eq!((l, c), (6, 9));
        assert!(m.contains("K of 81"), "{m}");
        assert!(at(error_with(7, "minimal maybe")).2.contains("yes or no"));
        // A blank in the solution: its column.
        let blank = solution.replacen(|c: char| c.is_ascii_digit(), ".", 1);
        let (l, c, m) = at(error_with(8, &blank));
        assert_eq!((l, c), (8, 10));
        assert!(m.contains("a blank in the solution (cell 0"), "{m}");
        // A clue that is not the solution's digit, at cell 4 (`puzzle ` is 7 columns).
        let mut puzzle: Vec<char> = text.lines().nth(8).unwrap().chars().collect();
        puzzle[7 + 4] = if puzzle[7 + 4] == '1' { '2' } else { '1' };
        let (l, c, m) = at(error_with(9, &puzzle.iter().collect::<String>()));
        assert_eq!((l, c), (9, 12));
        assert!(m.contains("differs from the solution (cell 4"), "{m}");
        assert!(at(error_with(9, "puzzle 123")).2.contains("81"));
        let (l, _, m) = at(error_with(2, "colour blue"));
        assert_eq!(l, 2);
        assert!(m.contains("unknown key `colour`"), "{m}");
        let (l, _, m) = at(error_with(3, "seed 5"));
        assert_eq!(l, 3);
        assert!(m.contains("`seed` again (first on line 2)"), "{m}");
        // Cut short: no puzzle line.
        let cut: Vec<&str> = text.lines().take(8).collect();
        let e = Checkpoint::read(&cut.join("\n"), &sudoku).unwrap_err();
        assert_eq!(e.line, 8);
        assert!(e.message.contains("no `puzzle` line"), "{}", e.message);
        assert!(Checkpoint::read("", &sudoku).is_err());
    }

    /// Makes the puzzle of `seed`, stopped by a failing save once `stop_at` orbits are settled,
    /// and returns the last checkpoint saved.
    fn stopped_at(
        sudoku: &Sudoku,
        settings: &GenerateSettings,
        threads: usize,
        seed: u64,
        stop_at: usize,
    ) -> Checkpoint {
        let saved = Arc::new(Mutex::new(None));
        let to = Arc::clone(&saved);
        let save = Checkpoints::new(None, move |c: &Checkpoint| {
            *to.lock().unwrap() = Some(c.clone());
            match c.settled < stop_at {
                true => Ok(()),
                false => Err(io::Error::other("full")),
            }
        });
        let settings = settings.clone().checkpoints(Some(save));
        let made = Generator::new(sudoku, settings)
            .threads(threads)
            .generate(seed);
        assert!(
            matches!(made, Err(GenerateError::Checkpoint(ref m)) if m.contains("full")),
            "{made:?}"
        );
        let last = saved.lock().unwrap().clone().unwrap();
        assert_eq!(last.settled, stop_at);
        last
    }

    fn go_on(
        sudoku: &Sudoku,
        settings: &GenerateSettings,
        threads: usize,
        seed: u64,
        from: Checkpoint,
    ) -> Result<Generated, GenerateError> {
        let from = Checkpoint::read(&from.to_text(sudoku), sudoku).unwrap();
        let settings = settings
            .clone()
            .checkpoints(Some(Checkpoints::new(Some(from), |_: &Checkpoint| Ok(()))));
        Generator::new(sudoku, settings)
            .threads(threads)
            .generate(seed)
    }

    #[test]
    fn a_run_stopped_anywhere_goes_on_to_the_same_puzzle_on_any_threads() {
        let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
        let settings = GenerateSettings::default().symmetry(Symmetry::Rotate180);
        let whole = Generator::new(&sudoku, settings.clone())
            .generate(3)
            .unwrap();
        assert!(whole.minimal);
        for (stop_at, threads, then) in
            [(1, 1, 2), (40, 2, 1), (77, 2, 2), (127, 1, 1), (128, 2, 1)]
        {
            let from = stopped_at(&sudoku, &settings, threads, 3, stop_at);
            assert_eq!(from.orbits, 128);
            let clues = from.puzzle.givens().count();
            assert!(stop_at < 40 || clues < 256, "{stop_at}: {clues} clues");
            assert_eq!(
                go_on(&sudoku, &settings, then, 3, from),
                Ok(whole.clone()),
                "stopped at {stop_at}"
            );
        }
    }

    #[test]
    fn the_tests_ahead_two_threads_saved_are_gone_on_from() {
        let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
        let settings = GenerateSettings::default();
        let whole = Generator::new(&sudoku, settings.clone())
            .generate(4)
            .unwrap();
        let saved = Arc::new(Mutex::new(Vec::new()));
        let to = Arc::clone(&saved);
        let save = Checkpoints::new(None, move |c: &Checkpoint| {
            to.lock().unwrap().push(c.clone());
            Ok(())
        });
        let on_two = Generator::new(&sudoku, settings.clone().checkpoints(Some(save)))
            .threads(2)
            .generate(4)
            .unwrap();
        assert_eq!(on_two, whole);
        let saved = saved.lock().unwrap().clone();
        let ahead: Vec<&Checkpoint> = saved
            .iter()
            .filter(|c| !c.needed.is_empty() || !c.removable.is_empty())
            .collect();
        assert!(
            !ahead.is_empty(),
            "no test ahead in {} checkpoints",
            saved.len()
        );
        for c in &ahead {
            assert!(c.needed.iter().chain(&c.removable).all(|&i| i >= c.settled));
        }
        // Some of them gone on from, on one thread and on two: the same puzzle.
        let step = ahead.len().div_ceil(4);
        for (k, c) in ahead.iter().step_by(step).enumerate() {
            let threads = 1 + k % 2;
            let made = go_on(&sudoku, &settings, threads, 4, (*c).clone());
            assert_eq!(made, Ok(whole.clone()), "from {c}, {threads} threads");
        }
    }

    #[test]
    fn the_tests_ahead_of_a_checkpoint_are_taken_as_found() {
        let sudoku = Sudoku::classic();
        let settings = GenerateSettings::default().symmetry(Symmetry::None);
        let from = stopped_at(&sudoku, &settings, 1, 5, 30);
        let clues = from.puzzle.givens().count();
        for threads in [1, 2] {
            // Every orbit left found needed: none is tested, and every clue stays.
            let kept = Checkpoint {
                needed: (30..81).collect(),
                ..from.clone()
            };
            let made = go_on(&sudoku, &settings, threads, 5, kept).unwrap();
            assert_eq!(made.puzzle, from.puzzle, "{threads} threads");
            // The next one found removable (untested here: the checkpoint is trusted, as its
            // puzzle is): its clue goes, the rest stay.
            let one_goes = Checkpoint {
                needed: (31..81).collect(),
                removable: vec![30],
                ..from.clone()
            };
            let made = go_on(&sudoku, &settings, threads, 5, one_goes).unwrap();
            assert_eq!(made.clues, clues - 1, "{threads} threads");
        }
        // A test ahead of an orbit settled (a checkpoint built by hand: its text would not
        // read) is refused.
        let settled = Checkpoint {
            needed: vec![29],
            ..from.clone()
        };
        let settings = (settings.clone())
            .checkpoints(Some(Checkpoints::new(Some(settled), |_: &Checkpoint| {
                Ok(())
            })));
        let e = Generator::new(&sudoku, settings).generate(5).unwrap_err();
        assert!(e.to_string().contains("orbit 30 is tested ahead"), "{e}");
    }

    #[test]
    fn a_puzzle_brought_to_a_clue_target_goes_on_to_minimal() {
        let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
        let settings = GenerateSettings::default();
        let whole = Generator::new(&sudoku, settings.clone())
            .generate(9)
            .unwrap();
        let last = Arc::new(Mutex::new(None));
        let to = Arc::clone(&last);
        let save = Checkpoints::new(None, move |c: &Checkpoint| {
            *to.lock().unwrap() = Some(c.clone());
            Ok(())
        });
        let staged = settings.clone().clues(Some(150)).checkpoints(Some(save));
        let first = Generator::new(&sudoku, staged).generate(9).unwrap();
        assert!(!first.minimal && first.clues <= 150);
        let from = last.lock().unwrap().clone().unwrap();
        assert!(
            from.minimal && from.settled < 256,
            "{} settled",
            from.settled
        );
        assert_eq!(go_on(&sudoku, &settings, 2, 9, from), Ok(whole));
    }

    #[test]
    fn a_checkpoint_that_does_not_fit_its_seed_is_refused() {
        let sudoku = Sudoku::classic();
        let settings = GenerateSettings::default();
        let from = stopped_at(&sudoku, &settings, 1, 5, 30);
        // Another solved grid: digits 1 and 2 swapped.
        let swap = |g: &Grid| {
            let cells = g
                .cells()
                .iter()
                .map(|&d| match d {
                    1 => 2,
                    2 => 1,
                    d => d,
                })
                .collect();
            Grid::from_cells(g.shape(), cells).unwrap()
        };
        let other = Checkpoint {
            solution: swap(&from.solution),
            puzzle: swap(&from.puzzle),
            ..from.clone()
        };
        let e = go_on(&sudoku, &settings, 1, 5, other).unwrap_err();
        assert!(
            matches!(&e, GenerateError::Checkpoint(m) if m.contains("not the one seed")),
            "{e}"
        );
        // Fewer orbits settled than its blanks say.
        let short = Checkpoint {
            settled: 3,
            ..from.clone()
        };
        let e = go_on(&sudoku, &settings, 1, 5, short).unwrap_err();
        assert!(
            matches!(&e, GenerateError::Checkpoint(m) if m.contains("was not taken away")),
            "{e}"
        );
        // Another symmetry.
        let e = go_on(
            &sudoku,
            &settings.clone().symmetry(Symmetry::Mirror),
            1,
            5,
            from.clone(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("its symmetry is none"), "{e}");
        // A checkpoint of another seed is not gone on from.
        let fresh = Generator::new(&sudoku, settings.clone())
            .generate(6)
            .unwrap();
        assert_eq!(go_on(&sudoku, &settings, 1, 6, from), Ok(fresh));
    }

    #[test]
    fn a_file_is_replaced_whole_and_read_back() {
        let sudoku = Sudoku::classic();
        let dir = std::env::temp_dir().join(format!("dlx-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("made.txt");
        let _ = std::fs::remove_file(&path);
        let fresh = Checkpoints::file(&path, &sudoku, Some(5)).unwrap();
        assert!(fresh.from().is_none());
        let settings = GenerateSettings::default().checkpoints(Some(fresh));
        let made = Generator::new(&sudoku, settings).generate(5).unwrap();
        // The last checkpoint: every orbit settled, the puzzle made.
        let again = Checkpoints::file(&path, &sudoku, Some(5)).unwrap();
        let last = again.from().unwrap();
        assert_eq!(
            (last.settled, &last.puzzle, last.minimal),
            (81, &made.puzzle, true)
        );
        assert!(!dir.join("made.txt.part").exists());
        let e = Checkpoints::file(&path, &sudoku, Some(6)).unwrap_err();
        assert!(matches!(e, FileError::Seed { found: 5, seed: 6 }), "{e}");
        std::fs::write(&path, "seed 5\n").unwrap();
        assert!(matches!(
            Checkpoints::file(&path, &sudoku, None),
            Err(FileError::Read(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
