//! Grading by technique: the deductions a person makes, simplest first, each step explained.

use std::fmt;

use crate::geometry::{Unit, UnitKind};
use crate::grid::Grid;
use crate::logic::Layout;
use crate::rules::{PuzzleError, Sudoku, SudokuSolver, Uniqueness};
use crate::shape::Cell;
use crate::text::Symbols;

/// A way to make progress, from the simplest; the order is the order they are tried in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a unit.
    HiddenSingle,
    /// In a box (or region, or window), a digit's places all lie in one line: the rest of the
    /// line cannot have it (locked candidates, type 1).
    Pointing,
    /// In a line, a digit's places all lie in one box: the rest of the box cannot have it
    /// (locked candidates, type 2; qqwing's box/line reduction).
    Claiming,
    /// Two cells of a unit with the same two candidates: the rest of the unit has neither.
    NakedPair,
    /// Two digits with the same two places in a unit: those cells hold nothing else.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits between them.
    NakedTriple,
    /// Three digits whose places in a unit are three cells between them.
    HiddenTriple,
    /// A digit whose places in two rows lie in the same two columns (or the other way round):
    /// the rest of those columns cannot have it.
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
    /// None of the above applies: an open cell with the fewest candidates takes the
    /// solution's digit.
    Guess,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 11] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Guess,
    ];

    /// Its name in JSON and in the line output: `naked_single`, `x_wing`, `guess`.
    pub fn id(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
            Technique::Guess => "guess",
        }
    }

    /// Its name for a person: `naked single`, `X-wing`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::Guess => "guess",
        }
    }

    /// The grade of a puzzle that needs this technique and none harder.
    pub fn grade(self) -> Grade {
        match self {
            Technique::NakedSingle => Grade::Simple,
            Technique::HiddenSingle => Grade::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair => Grade::Intermediate,
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::Swordfish
            | Technique::Guess => Grade::Expert,
        }
    }

    /// What one step with it adds to the [`Rating::score`].
    pub fn weight(self) -> u64 {
        match self {
            Technique::NakedSingle => 1,
            Technique::HiddenSingle => 2,
            Technique::Pointing | Technique::Claiming => 5,
            Technique::NakedPair => 8,
            Technique::HiddenPair => 10,
            Technique::NakedTriple => 14,
            Technique::HiddenTriple => 16,
            Technique::XWing => 20,
            Technique::Swordfish => 30,
            Technique::Guess => 50,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is for a person, on qqwing's four grades.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive, parse_err_ty = crate::UnknownName, parse_err_fn = unknown_grade)]
#[non_exhaustive]
pub enum Grade {
    /// Naked singles alone solve it.
    Simple,
    /// Hidden singles are needed.
    Easy,
    /// Locked candidates or pairs are needed.
    Intermediate,
    /// Triples, X-wing, swordfish or guessing are needed.
    Expert,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: &'static [Grade] = <Grade as strum::VariantArray>::VARIANTS;

    /// Its name: `simple`, `easy`, `intermediate`, `expert`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

fn unknown_grade(name: &str) -> crate::UnknownName {
    crate::UnknownName::of::<Grade>("grade", name)
}

/// One step of the solving path: what it placed or removed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// `cell` had one candidate left, `digit`.
    NakedSingle {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
    },
    /// `digit` had one place left in `unit`: `cell`.
    HiddenSingle {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// The unit with no other place for it.
        unit: Unit,
    },
    /// In `unit`, `digit` can only go where `unit` meets `other`: the rest of `other` cannot
    /// have it ([`Technique::Pointing`] from a box, [`Technique::Claiming`] from a line).
    Locked {
        /// Pointing or claiming.
        technique: Technique,
        /// The digit.
        digit: u8,
        /// The unit whose places for the digit are all in `other`.
        unit: Unit,
        /// The unit the digit is taken from, outside `unit`.
        other: Unit,
        /// The cells that lose the candidate.
        removed: Vec<Cell>,
    },
    /// A naked or hidden pair or triple in `unit`.
    Subset {
        /// Which one.
        technique: Technique,
        /// The unit.
        unit: Unit,
        /// The subset's cells.
        cells: Vec<Cell>,
        /// The subset's digits.
        digits: Vec<u8>,
        /// The candidates removed, cell by cell.
        removed: Vec<(Cell, u8)>,
    },
    /// An X-wing or swordfish on `digit`: its places in the `base` rows (or columns) lie in the
    /// `cover` columns (or rows).
    Fish {
        /// X-wing or swordfish.
        technique: Technique,
        /// The digit.
        digit: u8,
        /// The base lines are rows (and the cover lines columns), or the other way round.
        rows: bool,
        /// The base lines, from 0.
        base: Vec<usize>,
        /// The cover lines, from 0.
        cover: Vec<usize>,
        /// The cells that lose the candidate.
        removed: Vec<Cell>,
    },
    /// No technique applied: `cell`, among the open cells with the fewest candidates, took the
    /// solution's `digit`.
    Guess {
        /// The cell.
        cell: Cell,
        /// The solution's digit.
        digit: u8,
        /// The cell's candidates when guessed.
        candidates: Vec<u8>,
    },
}

impl Step {
    /// The technique.
    pub fn technique(&self) -> Technique {
        match self {
            Step::NakedSingle { .. } => Technique::NakedSingle,
            Step::HiddenSingle { .. } => Technique::HiddenSingle,
            Step::Locked { technique, .. }
            | Step::Subset { technique, .. }
            | Step::Fish { technique, .. } => *technique,
            Step::Guess { .. } => Technique::Guess,
        }
    }

    /// The digit placed, if the step places one.
    pub fn placed(&self) -> Option<(Cell, u8)> {
        match *self {
            Step::NakedSingle { cell, digit }
            | Step::HiddenSingle { cell, digit, .. }
            | Step::Guess { cell, digit, .. } => Some((cell, digit)),
            _ => None,
        }
    }

    /// The candidates the step removes (none for a step that places a digit: placing takes
    /// the digit from the cell's peers as a matter of course).
    pub fn removed(&self) -> Vec<(Cell, u8)> {
        match self {
            Step::Locked { digit, removed, .. } | Step::Fish { digit, removed, .. } => {
                removed.iter().map(|&c| (c, *digit)).collect()
            }
            Step::Subset { removed, .. } => removed.clone(),
            _ => Vec::new(),
        }
    }

    /// The step as a person reads it, digits written with `symbols`:
    /// `r3c5 = 7: the only place for 7 in box 2 (hidden single)`.
    pub fn explain(&self, symbols: Symbols) -> String {
        let sym = |d: u8| symbols.label(d);
        let digits = |ds: &[u8], word: &str| list(ds.iter().map(|&d| sym(d)).collect(), word);
        let cells = |cs: &[Cell]| list(cs.iter().map(Cell::to_string).collect(), "and");
        let name = self.technique().name();
        match self {
            Step::NakedSingle { cell, digit } => {
                format!(
                    "{cell} = {}: the only candidate left in {cell} ({name})",
                    sym(*digit)
                )
            }
            Step::HiddenSingle { cell, digit, unit } => {
                let d = sym(*digit);
                format!("{cell} = {d}: the only place for {d} in {unit} ({name})")
            }
            Step::Locked {
                digit,
                unit,
                other,
                removed,
                ..
            } => {
                let d = sym(*digit);
                format!(
                    "{} cannot be {d}: in {unit}, {d} can only go in {other} ({name})",
                    cells(removed)
                )
            }
            Step::Subset {
                technique,
                unit,
                cells: subset,
                digits: ds,
                removed,
            } => {
                let effect = removals(removed, &sym);
                if matches!(technique, Technique::NakedPair | Technique::NakedTriple) {
                    format!(
                        "{effect}: in {unit}, {} can only hold {} ({name})",
                        cells(subset),
                        digits(ds, "and")
                    )
                } else {
                    format!(
                        "{effect}: in {unit}, {} can only go in {} ({name})",
                        digits(ds, "and"),
                        cells(subset)
                    )
                }
            }
            Step::Fish {
                digit,
                rows,
                base,
                cover,
                removed,
                ..
            } => {
                let d = sym(*digit);
                let lines = |ks: &[usize], row: bool| {
                    let word = if row { "rows" } else { "columns" };
                    let ks = list(ks.iter().map(|k| (k + 1).to_string()).collect(), "and");
                    format!("{word} {ks}")
                };
                format!(
                    "{} cannot be {d}: in {}, {d} can only go in {} ({name})",
                    cells(removed),
                    lines(base, *rows),
                    lines(cover, !*rows)
                )
            }
            Step::Guess {
                cell,
                digit,
                candidates,
            } => format!(
                "{cell} = {}: no technique applies; {cell} could be {}, and the solution has {} \
                 ({name})",
                sym(*digit),
                digits(candidates, "or"),
                sym(*digit)
            ),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: Vec<String>, word: &str) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.into_iter().next().expect("one item"),
        k => format!("{} {word} {}", items[..k - 1].join(", "), items[k - 1]),
    }
}

/// `r1c7 cannot be 3; r1c8 and r1c9 cannot be 3 or 8`: removals grouped by cell, cells with
/// the same digits together, in cell order.
fn removals(removed: &[(Cell, u8)], sym: &dyn Fn(u8) -> String) -> String {
    let mut sorted = removed.to_vec();
    sorted.sort_unstable();
    // Each cell's digits, then the cells of each set of digits, in order of first cell.
    let mut by_cell: Vec<(Cell, Vec<u8>)> = Vec::new();
    for (cell, d) in sorted {
        match by_cell.last_mut() {
            Some((c, ds)) if *c == cell => ds.push(d),
            _ => by_cell.push((cell, vec![d])),
        }
    }
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for (cell, ds) in by_cell {
        match groups.iter_mut().find(|(g, _)| *g == ds) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((ds, vec![cell])),
        }
    }
    groups
        .into_iter()
        .map(|(ds, cells)| {
            format!(
                "{} cannot be {}",
                list(cells.iter().map(Cell::to_string).collect(), "and"),
                list(ds.into_iter().map(sym).collect(), "or")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What grading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The grade: that of the hardest technique needed.
    pub grade: Grade,
    /// The hardest technique needed (none for a puzzle with no blank).
    pub hardest: Option<Technique>,
    /// The sum of the steps' weights ([`Technique::weight`]).
    pub score: u64,
    /// How many guesses the path needed (0 when the techniques solve it).
    pub guesses: u64,
    /// Steps of each technique, in the order of [`Technique::ALL`].
    pub counts: [u64; 11],
    /// The steps, in order, when asked for ([`Rater::explain`]); empty otherwise.
    pub steps: Vec<Step>,
    /// The engine's search nodes for the proof of uniqueness (a count up to 2), when
    /// [`Rater::rate`] made it.
    pub nodes: Option<u64>,
    /// How deep the guesses of that proof nest ([`crate::SearchStats::branch_depth`]): 0 when
    /// every step of the proof was forced. With `nodes`.
    pub branch_depth: Option<u32>,
    /// The solution.
    pub solution: Grid,
}

impl Rating {
    /// How many steps used `technique`.
    pub fn count(&self, technique: Technique) -> u64 {
        self.counts[technique as usize]
    }
}

/// Why a puzzle could not be graded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The puzzle is not valid (its shape, or a digit twice in a unit).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// No solution.
    #[error("no solution")]
    Unsolvable,
    /// More than one solution: no deduction can decide between them.
    #[error("more than one solution")]
    Multiple,
    /// The grid given to [`Rater::rate_with`] is not the puzzle's one solution.
    #[error("{0}")]
    NotTheSolution(String),
}

/// Grades puzzles of one [`Sudoku`], one after another, by technique.
///
/// A [`Rater`] solves a puzzle the way a person with pencil marks does. At every step it looks
/// for the simplest technique that places a digit or removes a candidate, applies it, and
/// starts again from the simplest: naked and hidden singles, locked candidates (pointing and
/// claiming), naked and hidden pairs, naked and hidden triples, X-wing and swordfish
/// ([`Technique`], in that order). When none applies it guesses: the open cell with the fewest
/// candidates takes the solution's digit (the grader knows the solution, so a guess is never
/// undone, and [`Rating::guesses`] counts the guesses the path needed, not the wrong ones a
/// person may make).
///
/// Every technique works on the units of any [`Sudoku`]: rows, columns, boxes or irregular
/// regions, and the variants' diagonals and windows; X-wing and swordfish on rows and columns.
///
/// The hardest technique used gives the [`Grade`], on qqwing's scale: naked singles alone are
/// *simple*; hidden singles make it *easy*; locked candidates and pairs, *intermediate*;
/// anything beyond (triples, fish, guesses) *expert*, where qqwing, which knows no triples or
/// fish, guesses. The [`Rating::score`] is finer: the sum over the steps of each technique's
/// weight ([`Technique::weight`]).
///
/// ```
/// use sudoku::{Grade, Sudoku, Technique};
/// let sudoku = Sudoku::classic();
/// let puzzle = sudoku::parse_line(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
///     None,
/// )?;
/// let rating = sudoku.rater().explain(true).rate(&puzzle)?;
/// assert_eq!(rating.grade, Grade::Simple);
/// assert_eq!(rating.hardest, Some(Technique::NakedSingle));
/// assert_eq!(rating.steps.len(), 49); // one per blank
/// assert!(rating.steps[0].explain(sudoku::Symbols::Default).ends_with("(naked single)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Rater<'s> {
    sudoku: &'s Sudoku,
    solver: SudokuSolver<'s>,
    layout: &'s Layout,
    /// The units: box-like ones (boxes, regions, windows) first, then the lines.
    order: Vec<usize>,
    /// How many of `order` are box-like.
    boxes: usize,
    /// For each unit, the units meeting it in two cells or more: (the other unit, where they
    /// meet as positions in this unit, and as positions in the other).
    meets: Vec<Vec<(usize, u64, u64)>>,
    /// The unit of each row and of each column.
    row_unit: Vec<usize>,
    col_unit: Vec<usize>,
    explain: bool,
    /// Open cells.
    open: usize,
    /// `places[u * n + d - 1]`: where digit `d` can go in unit `u`, as positions in the unit
    /// (bit `i`: its `i`-th cell), for the step being looked for.
    places: Vec<u64>,
    /// Bit `d - 1`: digit `d` still possible in the cell (the digit alone once placed).
    cand: Vec<u64>,
    /// The digit in each cell, 0 if open.
    value: Vec<u8>,
}

impl Sudoku {
    /// A grader for puzzles of these rules.
    pub fn rater(&self) -> Rater<'_> {
        let units = self.units();
        let boxy = |u: &Unit| matches!(u.kind, UnitKind::Box | UnitKind::Region | UnitKind::Window);
        let mut order: Vec<usize> = (0..units.len()).filter(|&u| boxy(&units[u])).collect();
        let boxes = order.len();
        order.extend((0..units.len()).filter(|&u| !boxy(&units[u])));
        let cells = self.shape().cells();
        let n = self.shape().size();
        let layout = self.layout();
        // The pairs of units that meet (the search's locked candidates use the same), as
        // positions in each unit, from both sides.
        let position = |u: u32, cell: u32| {
            layout.units[u as usize]
                .iter()
                .position(|&c| c == cell)
                .expect("a shared cell is in both units")
        };
        let mut meets: Vec<Vec<(usize, u64, u64)>> = vec![Vec::new(); units.len()];
        for meet in &layout.meets {
            let (mut in_a, mut in_b) = (0u64, 0u64);
            for &c in &meet.both {
                in_a |= 1 << position(meet.a, c);
                in_b |= 1 << position(meet.b, c);
            }
            meets[meet.a as usize].push((meet.b as usize, in_a, in_b));
            meets[meet.b as usize].push((meet.a as usize, in_b, in_a));
        }
        for list in &mut meets {
            list.sort_unstable_by_key(|m| m.0);
        }
        let unit_of = |kind: UnitKind, k: usize| {
            units
                .iter()
                .position(|u| u.kind == kind && u.index == k)
                .expect("every row and column is a unit")
        };
        Rater {
            sudoku: self,
            solver: self.solver().branch_depth(true),
            order,
            boxes,
            meets,
            row_unit: (0..n).map(|r| unit_of(UnitKind::Row, r)).collect(),
            col_unit: (0..n).map(|c| unit_of(UnitKind::Column, c)).collect(),
            explain: false,
            open: 0,
            places: vec![0; units.len() * n],
            cand: vec![0; cells],
            value: vec![0; cells],
            layout,
        }
    }
}

/// What one pass of the techniques found.
enum Found {
    Step(Step),
    /// Every cell holds a digit.
    Solved,
}

impl<'s> Rater<'s> {
    /// Keep the steps in [`Rating::steps`] (off by default: grading is faster without).
    pub fn explain(mut self, on: bool) -> Self {
        self.explain = on;
        self
    }

    /// Grades a puzzle: the engine proves it has one solution (or says why not), then the
    /// techniques solve it.
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, RateError> {
        let solution = match self.solver.uniqueness(puzzle)? {
            Uniqueness::Unique(g) => g,
            Uniqueness::None => return Err(RateError::Unsolvable),
            Uniqueness::Multiple(_) => return Err(RateError::Multiple),
        };
        let stats = self.solver.stats();
        let mut rating = self.rate_with(puzzle, &solution)?;
        rating.nodes = Some(stats.nodes);
        rating.branch_depth = stats.branch_depth;
        Ok(rating)
    }

    /// Grades a puzzle whose one solution is known (proved by the caller): the guesses take
    /// its digits. A grid that is not a solution of the puzzle, or a puzzle with another
    /// solution that a deduction rules it out by, is [`RateError::NotTheSolution`].
    pub fn rate_with(&mut self, puzzle: &Grid, solution: &Grid) -> Result<Rating, RateError> {
        self.start(puzzle, solution)?;
        let mut rating = Rating {
            grade: Grade::Simple,
            hardest: None,
            score: 0,
            guesses: 0,
            counts: [0; 11],
            steps: Vec::new(),
            nodes: None,
            branch_depth: None,
            solution: solution.clone(),
        };
        while let Some(step) = self.advance(solution)? {
            let technique = step.technique();
            rating.counts[technique as usize] += 1;
            rating.score += technique.weight();
            rating.hardest = rating.hardest.max(Some(technique));
            if self.explain {
                rating.steps.push(step);
            }
        }
        rating.guesses = rating.count(Technique::Guess);
        rating.grade = rating.hardest.map_or(Grade::Simple, Technique::grade);
        Ok(rating)
    }

    /// The next deductions on `board` (a puzzle with some of its blanks filled in, as a person
    /// solving it has them), up to and including the first that places a digit: what a hint
    /// shows. The steps that only remove candidates come first, as the grader takes them.
    /// Empty when the board is full. `solution` is the puzzle's one solution, as for
    /// [`Rater::rate_with`]; a board whose digits are not the solution's is
    /// [`RateError::NotTheSolution`].
    ///
    /// ```
    /// use sudoku::{Sudoku, Step, Technique, Uniqueness};
    /// let sudoku = Sudoku::classic();
    /// let puzzle = sudoku::parse_line(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ///     None,
    /// )?;
    /// let Uniqueness::Unique(solution) = sudoku.uniqueness(&puzzle)? else { panic!() };
    /// let steps = sudoku.rater().hint(&puzzle, &solution)?;
    /// assert_eq!(steps.len(), 1);
    /// assert_eq!(steps[0].technique(), Technique::NakedSingle);
    /// let (cell, digit) = steps[0].placed().unwrap();
    /// assert_eq!(solution.get(cell), digit);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&mut self, board: &Grid, solution: &Grid) -> Result<Vec<Step>, RateError> {
        self.start(board, solution)?;
        let mut steps = Vec::new();
        while let Some(step) = self.advance(solution)? {
            let places = step.placed().is_some();
            steps.push(step);
            if places {
                break;
            }
        }
        Ok(steps)
    }

    /// Checks the puzzle and its solution and sets the candidates from the givens.
    fn start(&mut self, puzzle: &Grid, solution: &Grid) -> Result<(), RateError> {
        self.sudoku.check(puzzle)?;
        let n = self.layout.n;
        if solution.shape() != puzzle.shape() || !solution.is_full() {
            return Err(RateError::NotTheSolution(
                "the solution given is not a full grid of the puzzle's shape".into(),
            ));
        }
        if let Some((cell, d)) = puzzle.givens().find(|&(c, d)| solution.get(c) != d) {
            return Err(RateError::NotTheSolution(format!(
                "the solution given has {} at {cell}, where the puzzle gives {}",
                solution.get(cell),
                d
            )));
        }
        self.sudoku.check(solution).map_err(|e| {
            RateError::NotTheSolution(format!("the solution given breaks a rule: {e}"))
        })?;
        let full = crate::logic::all_digits(n);
        self.cand.fill(full);
        self.value.fill(0);
        self.open = self.value.len();
        for (cell, d) in puzzle.givens() {
            self.place(cell.row * n + cell.col, d);
        }
        Ok(())
    }

    /// Finds the simplest step and applies it (`None` once the grid is full).
    fn advance(&mut self, solution: &Grid) -> Result<Option<Step>, RateError> {
        let n = self.layout.n;
        let sol = solution.cells();
        let step = match self.next_step(sol) {
            Found::Solved => return Ok(None),
            Found::Step(step) => step,
        };
        // Every deduction must agree with the solution: a wrong one is a bug, or a puzzle
        // with another solution.
        if let Some((cell, d)) = step.placed() {
            let k = cell.row * n + cell.col;
            if sol[k] != d {
                return Err(disagrees(&step, cell, sol[k]));
            }
            self.place(k, d);
        }
        for (cell, d) in step.removed() {
            let k = cell.row * n + cell.col;
            if sol[k] == d {
                return Err(disagrees(&step, cell, d));
            }
            self.cand[k] &= !(1u64 << (d - 1));
        }
        Ok(Some(step))
    }

    /// Places `d` in cell `k` and takes it from the peers' candidates.
    fn place(&mut self, k: usize, d: u8) {
        let bit = 1u64 << (d - 1);
        self.value[k] = d;
        self.cand[k] = bit;
        self.open -= 1;
        for &p in &self.layout.peers[k] {
            self.cand[p as usize] &= !bit;
        }
    }

    fn cell(&self, k: usize) -> Cell {
        Cell {
            row: k / self.layout.n,
            col: k % self.layout.n,
        }
    }

    fn unit(&self, u: usize) -> Unit {
        self.sudoku.units()[u]
    }

    /// The simplest step that makes progress.
    fn next_step(&mut self, solution: &[u8]) -> Found {
        if self.open == 0 {
            return Found::Solved;
        }
        if let Some(step) = self.naked_single().or_else(|| self.hidden_single()) {
            return Found::Step(step);
        }
        self.find_places();
        let step = self
            .locked(true)
            .or_else(|| self.locked(false))
            .or_else(|| self.naked(2))
            .or_else(|| self.hidden(2))
            .or_else(|| self.naked(3))
            .or_else(|| self.hidden(3))
            .or_else(|| self.fish(2))
            .or_else(|| self.fish(3))
            .unwrap_or_else(|| self.guess(solution));
        Found::Step(step)
    }

    /// Where each digit can go in each unit.
    fn find_places(&mut self) {
        let n = self.layout.n;
        self.places.fill(0);
        for (u, cells) in self.layout.units.iter().enumerate() {
            let places = &mut self.places[u * n..(u + 1) * n];
            for (i, &c) in cells.iter().enumerate() {
                let c = c as usize;
                if self.value[c] == 0 {
                    for d in bits(self.cand[c]) {
                        places[d] |= 1 << i;
                    }
                }
            }
        }
    }

    /// Where digit `d` can go in unit `u`.
    fn places(&self, u: usize, d: u8) -> u64 {
        self.places[u * self.layout.n + d as usize - 1]
    }

    fn naked_single(&self) -> Option<Step> {
        (0..self.value.len())
            .find(|&k| self.value[k] == 0 && self.cand[k].count_ones() == 1)
            .map(|k| Step::NakedSingle {
                cell: self.cell(k),
                digit: self.cand[k].trailing_zeros() as u8 + 1,
            })
    }

    /// A digit with one place left in a unit: the units are scanned until one has it (before
    /// the table of places is made, which the harder techniques need and this one does not).
    fn hidden_single(&self) -> Option<Step> {
        for &u in &self.order {
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in &self.layout.units[u] {
                let c = c as usize;
                if self.value[c] == 0 {
                    twice |= once & self.cand[c];
                    once |= self.cand[c];
                }
            }
            let single = once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let k = self.layout.units[u]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.value[c] == 0 && self.cand[c] & bit != 0)
                    .expect("the digit's one place");
                return Some(Step::HiddenSingle {
                    cell: self.cell(k),
                    digit: bit.trailing_zeros() as u8 + 1,
                    unit: self.unit(u),
                });
            }
        }
        None
    }

    /// Locked candidates from the box-like units (pointing) or from the lines (claiming).
    fn locked(&self, from_boxes: bool) -> Option<Step> {
        let units = if from_boxes {
            &self.order[..self.boxes]
        } else {
            &self.order[self.boxes..]
        };
        let n = self.layout.n as u8;
        for &u in units {
            for d in 1..=n {
                let places = self.places(u, d);
                if places.count_ones() < 2 {
                    continue;
                }
                for &(other, in_u, in_other) in &self.meets[u] {
                    let outside = self.places(other, d) & !in_other;
                    if places & !in_u != 0 || outside == 0 {
                        continue;
                    }
                    return Some(Step::Locked {
                        technique: if from_boxes {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        digit: d,
                        unit: self.unit(u),
                        other: self.unit(other),
                        removed: bits(outside)
                            .map(|i| self.cell(self.layout.units[other][i] as usize))
                            .collect(),
                    });
                }
            }
        }
        None
    }

    /// A naked pair (`k` 2) or triple (3): `k` cells of a unit with `k` candidates between
    /// them.
    fn naked(&self, k: usize) -> Option<Step> {
        let technique = if k == 2 {
            Technique::NakedPair
        } else {
            Technique::NakedTriple
        };
        let mut small = Vec::new();
        for &u in &self.order {
            let cells = &self.layout.units[u];
            small.clear();
            small.extend(cells.iter().map(|&c| c as usize).filter(|&c| {
                self.value[c] == 0 && (2..=k as u32).contains(&self.cand[c].count_ones())
            }));
            let open = cells
                .iter()
                .filter(|&&c| self.value[c as usize] == 0)
                .count();
            if small.len() < k || open <= k {
                continue;
            }
            let found = combinations(small.len(), k, |pick| {
                let union = pick.iter().fold(0, |m, &i| m | self.cand[small[i]]);
                if union.count_ones() as usize != k {
                    return None;
                }
                let subset: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
                self.subset(technique, u, &subset, union, |c| {
                    if subset.contains(&c) {
                        0
                    } else {
                        union
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The step of a naked or hidden subset (`cells` holding `digits` in unit `u`), if it
    /// removes anything: from each open cell `c` of the unit, the candidates in `remove(c)`.
    fn subset(
        &self,
        technique: Technique,
        u: usize,
        cells: &[usize],
        digits: u64,
        remove: impl Fn(usize) -> u64,
    ) -> Option<Step> {
        let mut removed = Vec::new();
        for &c in &self.layout.units[u] {
            let c = c as usize;
            if self.value[c] == 0 {
                for d in digits_of(self.cand[c] & remove(c)) {
                    removed.push((self.cell(c), d));
                }
            }
        }
        (!removed.is_empty()).then(|| Step::Subset {
            technique,
            unit: self.unit(u),
            cells: cells.iter().map(|&c| self.cell(c)).collect(),
            digits: digits_of(digits),
            removed,
        })
    }

    /// A hidden pair (`k` 2) or triple (3): `k` digits with `k` places between them in a
    /// unit.
    fn hidden(&self, k: usize) -> Option<Step> {
        let technique = if k == 2 {
            Technique::HiddenPair
        } else {
            Technique::HiddenTriple
        };
        let n = self.layout.n;
        let mut few = Vec::new();
        for &u in &self.order {
            let cells = &self.layout.units[u];
            let places = &self.places[u * n..(u + 1) * n];
            few.clear();
            few.extend((0..n).filter(|&d| (2..=k as u32).contains(&places[d].count_ones())));
            if few.len() < k {
                continue;
            }
            let found = combinations(few.len(), k, |pick| {
                let spots = pick.iter().fold(0u64, |m, &i| m | places[few[i]]);
                if spots.count_ones() as usize != k {
                    return None;
                }
                let digit_mask = pick.iter().fold(0u64, |m, &i| m | 1 << few[i]);
                let subset: Vec<usize> = bits(spots).map(|i| cells[i] as usize).collect();
                self.subset(technique, u, &subset, digit_mask, |c| {
                    if subset.contains(&c) {
                        !digit_mask
                    } else {
                        0
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// An X-wing (`k` 2) or swordfish (3) on rows, then on columns.
    fn fish(&self, k: usize) -> Option<Step> {
        let technique = if k == 2 {
            Technique::XWing
        } else {
            Technique::Swordfish
        };
        let n = self.layout.n;
        let mut lines = Vec::new();
        for d in 1..=n as u8 {
            let bit = 1u64 << (d - 1);
            for rows in [true, false] {
                let at =
                    |line: usize, pos: usize| if rows { line * n + pos } else { pos * n + line };
                // Each base line with 2..=k places for d, and where they are (a row's
                // positions are its columns; a column's, its rows).
                lines.clear();
                for line in 0..n {
                    let unit = if rows {
                        self.row_unit[line]
                    } else {
                        self.col_unit[line]
                    };
                    let mask = self.places(unit, d);
                    if (2..=k as u32).contains(&mask.count_ones()) {
                        lines.push((line, mask));
                    }
                }
                if lines.len() < k {
                    continue;
                }
                let found = combinations(lines.len(), k, |pick| {
                    let cover = pick.iter().fold(0u64, |m, &i| m | lines[i].1);
                    if cover.count_ones() as usize != k {
                        return None;
                    }
                    let base: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let mut removed = Vec::new();
                    for pos in bits(cover) {
                        for line in (0..n).filter(|l| !base.contains(l)) {
                            let c = at(line, pos);
                            if self.value[c] == 0 && self.cand[c] & bit != 0 {
                                removed.push(self.cell(c));
                            }
                        }
                    }
                    if removed.is_empty() {
                        return None;
                    }
                    removed.sort_unstable();
                    Some(Step::Fish {
                        technique,
                        digit: d,
                        rows,
                        base,
                        cover: bits(cover).collect(),
                        removed,
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The first open cell with the fewest candidates takes the solution's digit.
    fn guess(&self, solution: &[u8]) -> Step {
        let k = (0..self.value.len())
            .filter(|&k| self.value[k] == 0)
            .min_by_key(|&k| self.cand[k].count_ones())
            .expect("an open cell");
        Step::Guess {
            cell: self.cell(k),
            digit: solution[k],
            candidates: digits_of(self.cand[k]),
        }
    }
}

/// The error of a deduction that disagrees with the solution given.
fn disagrees(step: &Step, cell: Cell, d: u8) -> RateError {
    RateError::NotTheSolution(format!(
        "a {} contradicts the solution given at {cell} (digit {d}): the puzzle has another \
         solution, or the grid given is not its solution",
        step.technique()
    ))
}

/// The digits of a candidate mask, increasing.
fn digits_of(mask: u64) -> Vec<u8> {
    bits(mask).map(|b| b as u8 + 1).collect()
}

/// The set bits of a mask, increasing.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

/// The first `f(pick)` that is something, over the `k`-subsets of `0..len` (`k` 2 or 3) in
/// lexicographic order.
fn combinations<T>(len: usize, k: usize, mut f: impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    match k {
        2 => (0..len).find_map(|i| (i + 1..len).find_map(|j| f(&[i, j]))),
        3 => (0..len)
            .find_map(|i| (i + 1..len).find_map(|j| (j + 1..len).find_map(|l| f(&[i, j, l])))),
        _ => unreachable!("pairs and triples only"),
    }
}
