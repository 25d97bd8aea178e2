//! Killer sudoku: a sudoku whose cells are grouped into cages, each with the sum of its digits,
//! digits distinct within a cage (givens are allowed too).
//!
//! As exact cover with color controls, the way Knuth models it: the sudoku's `4n²` primary items
//! and `n³` options, each option also giving its cell's *value item* (a secondary item per caged
//! cell) the option's digit as its color; a primary item per cage, whose options are the
//! assignments of distinct digits to the cage's cells that reach its sum, each coloring the
//! cells' value items. A cell's digit and its cage's assignment must agree on the color, so every
//! solution is a grid that keeps the sudoku rules and every cage's sum.

use std::collections::{BTreeMap, BTreeSet};

use dlx::{ColorId, ItemId, Limits, Problem, ProblemBuilder};
use thiserror::Error;

use crate::grid::Grid;
use crate::rules::{Found, SearchStats};
use crate::shape::{Cell, Shape};

/// A cage: its label in the map, its cells and the sum of their digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// The label (a letter or digit of the map; for cages read from JSON, one given in order).
    pub label: char,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// The sum of the cells' digits.
    pub sum: u32,
}

/// A killer sudoku that cannot be read, or whose cages cannot all be met.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerError {
    /// The text is not a cage map with sums: line and column of what is wrong.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// A label of the map with no `LABEL=SUM` line.
    #[error("cage {label:?} (first in line {line}) has no sum: add a line {label}=SUM")]
    NoSum {
        /// The cage.
        label: char,
        /// The line of its first cell.
        line: usize,
    },
    /// A sum for a label that is not in the map.
    #[error("line {line}: {label}={sum} names no cage of the map")]
    NoCage {
        /// The label.
        label: char,
        /// The sum.
        sum: u32,
        /// Its line.
        line: usize,
    },
    /// A cage whose cells do not touch (side by side) as one group.
    #[error(
        "cage {label:?} is not connected: its cells {cells} fall in {parts} separate groups \
         (allow such cages with --allow-disconnected)"
    )]
    NotConnected {
        /// The cage.
        label: char,
        /// Its cells, `r1c1 r1c3`.
        cells: String,
        /// How many groups.
        parts: usize,
    },
    /// A cage with more cells than the digits it could hold.
    #[error("cage {label:?} has {cells} cells, but only {n} digits can differ in it")]
    TooManyCells {
        /// The cage.
        label: char,
        /// Its cells.
        cells: usize,
        /// The number of digits.
        n: usize,
    },
    /// A sum that no distinct digits of the cage's cells reach.
    #[error(
        "cage {label:?}: {cells} distinct digits from 1 to {n} cannot add up to {sum} \
         (they make {min} to {max})"
    )]
    Unreachable {
        /// The cage.
        label: char,
        /// The sum asked for.
        sum: u32,
        /// Its number of cells.
        cells: usize,
        /// The number of digits.
        n: usize,
        /// The least sum.
        min: u32,
        /// The greatest sum.
        max: u32,
    },
    /// A given that contradicts its cage (another cage's cell, a digit repeated in the cage, or
    /// one that leaves the sum out of reach) or the size.
    #[error("{0}")]
    Givens(String),
}

impl KillerError {
    /// The error for a person, at its place in the input named `name`: `FILE:LINE:COLUMN: ...`
    /// where the reader says where, else at the puzzle's first `line`.
    pub fn describe(&self, name: &str, line: usize) -> String {
        match self {
            KillerError::Syntax {
                line,
                column,
                message,
            } => format!("{name}:{line}:{column}: {message}"),
            e => format!("{name}:{line}: {e}"),
        }
    }
}

/// The rule a grid breaks, when it does not solve a [`Killer`] ([`Killer::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BrokenRule {
    /// The grid is not full (or not of the puzzle's shape).
    #[error("the grid is not full")]
    NotFull,
    /// A given is changed.
    #[error("{cell} is {found} but the given is {given}")]
    Given {
        /// The cell.
        cell: Cell,
        /// The given.
        given: u8,
        /// The grid's digit.
        found: u8,
    },
    /// A digit repeats in the row, column or box that starts at `first`.
    #[error("a digit repeats among {first}")]
    Repeat {
        /// The unit's first cell.
        first: Cell,
    },
    /// A cage's digits do not add up to its sum, or repeat.
    #[error("cage {label:?} holds {found} (sum {sum}), digits {}", if *distinct { "distinct" } else { "repeated" })]
    Cage {
        /// The cage.
        label: char,
        /// Its sum.
        sum: u32,
        /// What its digits add up to.
        found: u32,
        /// Whether they are distinct.
        distinct: bool,
    },
}

/// A killer sudoku: its shape, cages and givens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Killer {
    shape: Shape,
    cages: Vec<Cage>,
    givens: Grid,
}

/// The least and greatest sums of `k` distinct digits from 1 to `n`.
fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let (k, n) = (k as u32, n as u32);
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

impl Killer {
    /// A killer sudoku from its cages (checked: within the grid, no cell in two cages, sizes and
    /// sums possible, connected unless `allow_disconnected`) and givens (an empty grid for none).
    pub fn new(
        shape: Shape,
        cages: Vec<Cage>,
        givens: Grid,
        allow_disconnected: bool,
    ) -> Result<Killer, KillerError> {
        let n = shape.size();
        let mut owner: BTreeMap<Cell, char> = BTreeMap::new();
        for cage in &cages {
            for &cell in &cage.cells {
                if cell.row >= n || cell.col >= n {
                    return Err(KillerError::Givens(format!(
                        "cage {:?}: {cell} is outside the {n}x{n} grid",
                        cage.label
                    )));
                }
                if let Some(other) = owner.insert(cell, cage.label) {
                    return Err(KillerError::Givens(format!(
                        "{cell} is in cage {other:?} and in cage {:?}",
                        cage.label
                    )));
                }
            }
            if cage.cells.len() > n {
                return Err(KillerError::TooManyCells {
                    label: cage.label,
                    cells: cage.cells.len(),
                    n,
                });
            }
            let (min, max) = sum_range(cage.cells.len(), n);
            if !(min..=max).contains(&cage.sum) {
                return Err(KillerError::Unreachable {
                    label: cage.label,
                    sum: cage.sum,
                    cells: cage.cells.len(),
                    n,
                    min,
                    max,
                });
            }
            let parts = groups(&cage.cells);
            if parts > 1 && !allow_disconnected {
                let cells: Vec<String> = cage.cells.iter().map(Cell::to_string).collect();
                return Err(KillerError::NotConnected {
                    label: cage.label,
                    cells: cells.join(" "),
                    parts,
                });
            }
        }
        if givens.shape() != shape {
            return Err(KillerError::Givens(format!(
                "the givens are a {} grid, the cages a {shape} one",
                givens.shape()
            )));
        }
        Ok(Killer {
            shape,
            cages,
            givens,
        })
    }

    /// Reads a cage map and its sums: `n` rows of `n` labels (a letter or digit per cell,
    /// case-sensitive; `.` for a cell in no cage; spaces between labels are ignored), then
    /// `LABEL=SUM` for every cage (several to a line, separated by spaces or commas), and
    /// optionally a line `givens LINE` with the givens as one line of `n²` cells (`.` or `0`
    /// blank). Lines starting with `#` are comments. Line numbers count from `first_line`.
    pub fn parse(
        text: &str,
        first_line: usize,
        allow_disconnected: bool,
    ) -> Result<Killer, KillerError> {
        let syntax = |line: usize, column: usize, message: String| KillerError::Syntax {
            line,
            column,
            message,
        };
        let mut rows: Vec<(usize, Vec<(usize, char)>)> = Vec::new();
        let mut sums: BTreeMap<char, (u32, usize)> = BTreeMap::new();
        let mut givens_line: Option<(usize, &str)> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = first_line + i;
            let raw = if i == 0 {
                raw.strip_prefix('\u{feff}').unwrap_or(raw)
            } else {
                raw
            };
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("givens") {
                givens_line = Some((line, rest.trim()));
                continue;
            }
            if trimmed.contains('=') {
                let mut column = raw.len() - raw.trim_start().len() + 1;
                for token in trimmed.split([' ', ',', '\t']) {
                    if token.is_empty() {
                        column += 1;
                        continue;
                    }
                    let Some((label, sum)) = token.split_once('=') else {
                        return Err(syntax(
                            line,
                            column,
                            format!("expected LABEL=SUM, found {token:?}"),
                        ));
                    };
                    let mut chars = label.chars();
                    let (Some(l), None) = (chars.next(), chars.next()) else {
                        return Err(syntax(
                            line,
                            column,
                            format!("a cage label is one letter or digit, not {label:?}"),
                        ));
                    };
                    let Ok(sum) = sum.parse::<u32>() else {
                        return Err(syntax(
                            line,
                            column + label.len() + 1,
                            format!("the sum of cage {l:?} must be a number, not {sum:?}"),
                        ));
                    };
                    if sums.insert(l, (sum, line)).is_some() {
                        return Err(syntax(line, column, format!("cage {l:?} has two sums")));
                    }
                    column += token.len() + 1;
                }
                continue;
            }
            if !sums.is_empty() {
                return Err(syntax(
                    line,
                    1,
                    "a map row after the sums: the map comes first, then LABEL=SUM lines".into(),
                ));
            }
            let mut cells = Vec::new();
            for (c, ch) in raw.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                if !(ch.is_ascii_alphanumeric() || ch == '.') {
                    return Err(syntax(
                        line,
                        c + 1,
                        format!(
                            "{ch:?} is not a cage label: use a letter or digit per cell, '.' for \
                             a cell in no cage"
                        ),
                    ));
                }
                cells.push((c + 1, ch));
            }
            rows.push((line, cells));
        }
        let Some(&(first, _)) = rows.first() else {
            return Err(syntax(
                first_line,
                1,
                "no cage map: give n rows of n labels, then LABEL=SUM lines".into(),
            ));
        };
        let n = rows.len();
        let shape = Shape::new(n).map_err(|e| {
            syntax(
                first,
                1,
                format!("a map of {n} rows: {e} (a killer sudoku is n x n, 4x4 to 64x64)"),
            )
        })?;
        let mut cages: BTreeMap<char, (usize, Vec<Cell>)> = BTreeMap::new();
        for (r, (line, cells)) in rows.iter().enumerate() {
            if cells.len() != n {
                let column = cells
                    .get(n)
                    .map_or(cells.last().map_or(1, |c| c.0 + 1), |c| c.0);
                return Err(syntax(
                    *line,
                    column,
                    format!(
                        "this row has {} and the map has {n} rows: every row needs {n}",
                        crate::plural(cells.len(), "label")
                    ),
                ));
            }
            for (c, &(_, label)) in cells.iter().enumerate() {
                if label != '.' {
                    let entry = cages.entry(label).or_insert((*line, Vec::new()));
                    entry.1.push(Cell { row: r, col: c });
                }
            }
        }
        for (&label, &(sum, line)) in &sums {
            if !cages.contains_key(&label) {
                return Err(KillerError::NoCage { label, sum, line });
            }
        }
        let mut list = Vec::new();
        for (label, (line, cells)) in cages {
            let Some(&(sum, _)) = sums.get(&label) else {
                return Err(KillerError::NoSum { label, line });
            };
            list.push(Cage { label, cells, sum });
        }
        // Cages in the order their first cells come, row-major.
        list.sort_by_key(|cage| cage.cells[0]);
        let givens = match givens_line {
            None => Grid::empty(shape),
            Some((line, cells)) => {
                crate::parse_line(cells, Some(shape)).map_err(|e| KillerError::Syntax {
                    line,
                    column: e.column + "givens ".len(),
                    message: format!("givens: {}", e.kind),
                })?
            }
        };
        Killer::new(shape, list, givens, allow_disconnected)
    }

    /// Reads the JSON a program would write: `{"cages": [{"cells": [[row, col], ...], "sum":
    /// S}, ...]}` with rows and columns from 0, and optionally `"size": n` (else the size is
    /// found from the cells: the smallest that holds them all) and `"givens": "LINE"`. Cages get
    /// labels `A`..`Z`, `a`..`z`, `0`..`9` in order, for display.
    #[cfg(feature = "leetcode")]
    pub fn parse_json(text: &str, allow_disconnected: bool) -> Result<Killer, KillerError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| KillerError::Syntax {
                line: e.line(),
                column: e.column(),
                message: format!("not JSON: {e}"),
            })?;
        let bad = |message: String| KillerError::Syntax {
            line: 1,
            column: 1,
            message,
        };
        let Some(list) = value.get("cages").and_then(|c| c.as_array()) else {
            return Err(bad(
                "expected an object with \"cages\": [{\"cells\": [[row, col], ...], \"sum\": S}, ...]"
                    .into(),
            ));
        };
        const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let mut cages = Vec::new();
        let mut largest = 0;
        for (k, cage) in list.iter().enumerate() {
            let sum = cage
                .get("sum")
                .and_then(|s| s.as_u64())
                .ok_or_else(|| bad(format!("cage {k}: \"sum\" must be a number")))?;
            let cells = cage
                .get("cells")
                .and_then(|c| c.as_array())
                .ok_or_else(|| bad(format!("cage {k}: \"cells\" must be a list of [row, col]")))?;
            let mut out = Vec::new();
            for cell in cells {
                let pair = cell.as_array().filter(|p| p.len() == 2);
                let rc = pair.and_then(|p| Some((p[0].as_u64()?, p[1].as_u64()?)));
                let Some((row, col)) = rc else {
                    return Err(bad(format!(
                        "cage {k}: a cell is [row, col] from 0, not {cell}"
                    )));
                };
                largest = largest.max(row.max(col) as usize + 1);
                out.push(Cell {
                    row: row as usize,
                    col: col as usize,
                });
            }
            if out.is_empty() {
                return Err(bad(format!("cage {k} has no cell")));
            }
            out.sort();
            let label = LABELS.chars().nth(k % LABELS.len()).unwrap_or('?');
            cages.push(Cage {
                label,
                cells: out,
                sum: u32::try_from(sum).unwrap_or(u32::MAX),
            });
        }
        let n = match value.get("size") {
            Some(s) => s
                .as_u64()
                .ok_or_else(|| bad("\"size\" must be a number".into()))?
                as usize,
            None => (largest..=crate::MAX_SIZE)
                .find(|&n| Shape::new(n).is_ok())
                .unwrap_or(largest),
        };
        let shape = Shape::new(n).map_err(|e| bad(format!("size {n}: {e}")))?;
        let givens = match value.get("givens").and_then(|g| g.as_str()) {
            None => Grid::empty(shape),
            Some(line) => crate::parse_line(line, Some(shape))
                .map_err(|e| bad(format!("givens: {}", e.kind)))?,
        };
        Killer::new(shape, cages, givens, allow_disconnected)
    }

    /// A killer sudoku cut from a solved grid: cages grow from the first free cell (row-major)
    /// into free neighbours (right, down, left) whose digits are not in the cage yet, to a size
    /// drawn from `1..=max_cage`; the sums are the grid's. The same `seed` gives the same cages.
    /// The grid is a solution; whether it is the only one, a search says (many small cages make
    /// it likely). Labels are `A`..`Z`, `a`..`z`, `0`..`9`, and repeat after 62 cages (a map
    /// cannot hold such a puzzle: [`Killer::to_map`] says so). `None` if the grid is not full.
    pub fn from_solution(grid: &Grid, max_cage: usize, seed: u64) -> Option<Killer> {
        const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        if !grid.is_full() {
            return None;
        }
        let n = grid.shape().size();
        // xorshift64: small, and the same on every platform.
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        let digit = |i: usize| grid.cells()[i];
        let mut owner = vec![usize::MAX; n * n];
        let mut cages = Vec::new();
        for start in 0..n * n {
            if owner[start] != usize::MAX {
                continue;
            }
            let k = cages.len();
            let label = LABELS.chars().nth(k % LABELS.len()).unwrap_or('?');
            let size = 1 + next(max_cage.max(1));
            let mut cells = vec![start];
            owner[start] = k;
            while cells.len() < size {
                let mut near = Vec::new();
                for &c in &cells {
                    let (r, col) = (c / n, c % n);
                    let around = [
                        (r + 1 < n).then(|| c + n),
                        (col + 1 < n).then(|| c + 1),
                        (col > 0).then(|| c - 1),
                    ];
                    for i in around.into_iter().flatten() {
                        let repeats = cells.iter().any(|&x| digit(x) == digit(i));
                        if owner[i] == usize::MAX && !repeats && !near.contains(&i) {
                            near.push(i);
                        }
                    }
                }
                if near.is_empty() {
                    break;
                }
                let chosen = near[next(near.len())];
                owner[chosen] = k;
                cells.push(chosen);
            }
            cells.sort_unstable();
            cages.push(Cage {
                label,
                sum: cells.iter().map(|&i| u32::from(digit(i))).sum(),
                cells: cells
                    .iter()
                    .map(|&i| Cell {
                        row: i / n,
                        col: i % n,
                    })
                    .collect(),
            });
        }
        Killer::new(grid.shape(), cages, Grid::empty(grid.shape()), false).ok()
    }

    /// The puzzle as a cage map with its sums (and a `givens` line if it has givens), as
    /// [`Killer::parse`] reads it; `None` if two cages share a label.
    pub fn to_map(&self) -> Option<String> {
        let labels: BTreeSet<char> = self.cages.iter().map(|c| c.label).collect();
        if labels.len() != self.cages.len() {
            return None;
        }
        let mut out = String::new();
        for row in self.labels() {
            out.extend(row.iter().map(|l| l.unwrap_or('.')));
            out.push('\n');
        }
        let sums: Vec<String> = self
            .cages
            .iter()
            .map(|c| format!("{}={}", c.label, c.sum))
            .collect();
        out.push_str(&sums.join(" "));
        out.push('\n');
        if self.givens.givens().next().is_some() {
            out.push_str("givens ");
            out.push_str(&crate::to_line(&self.givens, crate::Symbols::Default));
            out.push('\n');
        }
        Some(out)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cages, in the order of their first cells.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The givens (an empty grid for none).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The label of each cell's cage (`None` for a cell in no cage), row by row.
    pub fn labels(&self) -> Vec<Vec<Option<char>>> {
        let n = self.shape.size();
        let mut out = vec![vec![None; n]; n];
        for cage in &self.cages {
            for cell in &cage.cells {
                out[cell.row][cell.col] = Some(cage.label);
            }
        }
        out
    }

    /// The puzzle drawn for a person: cage borders (`│` and `─` where two cages, or a cage and
    /// the edge, meet; `·` at the corners), each cage's sum in its first cell, and the digits of
    /// `grid` (a solution, or the givens when `None`).
    pub fn to_pretty(&self, grid: Option<&Grid>, symbols: crate::Symbols) -> String {
        let n = self.shape.size();
        let labels = self.labels();
        let shown = grid.unwrap_or(&self.givens);
        let line: Vec<char> = crate::to_line(shown, symbols).chars().collect();
        let mut sum_at: BTreeMap<Cell, u32> = BTreeMap::new();
        for cage in &self.cages {
            sum_at.insert(cage.cells[0], cage.sum);
        }
        let width = sum_at
            .values()
            .map(|s| s.to_string().len())
            .max()
            .unwrap_or(1)
            + 2;
        // A cell outside every cage is its own region for the borders.
        let region = |r: usize, c: usize| labels[r][c].map_or((r * n + c) as i64, |l| -(l as i64));
        crate::text::draw_regions(n, width, region, |r, c| {
            let sum = sum_at
                .get(&Cell { row: r, col: c })
                .map_or(String::new(), u32::to_string);
            let digit = line[r * n + c];
            let digit = if digit == '.' { ' ' } else { digit };
            format!("{sum:>w$} {digit}", w = width - 2)
        })
    }

    /// An SVG drawing: the puzzle (cages as dashed outlines, each sum in its cage's first cell,
    /// givens in bold), and beside it the solution if one is given.
    pub fn to_svg(&self, solution: Option<&Grid>, symbols: crate::Symbols) -> String {
        use std::fmt::Write as _;
        const CELL: usize = 36;
        const GAP: usize = 24;
        let n = self.shape.size();
        let side = n * CELL;
        let panels = if solution.is_some() { 2 } else { 1 };
        let (width, height) = (GAP + panels * (side + GAP), side + 2 * GAP);
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\">\n<title>killer sudoku, {n}x{n}</title>\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
        );
        let labels = self.labels();
        let region = |r: usize, c: usize| labels[r][c].map_or((r * n + c) as i64, |l| -(l as i64));
        let givens: Vec<char> = crate::to_line(&self.givens, symbols).chars().collect();
        let grids = [None, solution];
        for (panel, grid) in grids.iter().take(panels).enumerate() {
            let (x0, y0) = (GAP + panel * (side + GAP), GAP);
            let _ = writeln!(s, "<g transform=\"translate({x0},{y0})\">");
            // Thin cell lines, thick box lines.
            for k in 0..=n {
                let thick = k % self.shape.box_cols() == 0;
                let w = if thick { 2.5 } else { 0.6 };
                let x = k * CELL;
                let _ = writeln!(
                    s,
                    "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{side}\" stroke=\"#222\" stroke-width=\"{w}\"/>"
                );
                let thick = k % self.shape.box_rows() == 0;
                let w = if thick { 2.5 } else { 0.6 };
                let y = k * CELL;
                let _ = writeln!(
                    s,
                    "<line x1=\"0\" y1=\"{y}\" x2=\"{side}\" y2=\"{y}\" stroke=\"#222\" stroke-width=\"{w}\"/>"
                );
            }
            // Cage outlines, 4 pixels inside the cells, where the cage meets another or the edge.
            let inset = 4;
            for (r, row) in labels.iter().enumerate() {
                for (c, label) in row.iter().enumerate() {
                    if label.is_none() {
                        continue;
                    }
                    let (x, y) = (c * CELL, r * CELL);
                    let (left, top) = (x + inset, y + inset);
                    let (right, bottom) = (x + CELL - inset, y + CELL - inset);
                    let other = |rr: Option<usize>, cc: Option<usize>| match (rr, cc) {
                        (Some(rr), Some(cc)) if rr < n && cc < n => region(rr, cc) != region(r, c),
                        _ => true,
                    };
                    // Where a side is open, the outline runs on into the neighbouring cell: to
                    // the cell's edge where the cage's border goes on straight, and `inset`
                    // past it where the border turns round a corner of another cage (the
                    // diagonal cell across the open side is in this cage again).
                    let at = |dr: isize, dc: isize| {
                        other(r.checked_add_signed(dr), c.checked_add_signed(dc))
                    };
                    let same = |dr: isize, dc: isize| !at(dr, dc);
                    let (up, down, west, east) = (at(-1, 0), at(1, 0), at(0, -1), at(0, 1));
                    let start = |closed: bool, turns: bool, edge: usize, inner: usize| match () {
                        _ if closed => inner,
                        _ if turns => edge - inset,
                        _ => edge,
                    };
                    let end = |closed: bool, turns: bool, edge: usize, inner: usize| match () {
                        _ if closed => inner,
                        _ if turns => edge + inset,
                        _ => edge,
                    };
                    let mut side_line = |ax: usize, ay: usize, bx: usize, by: usize| {
                        let _ = writeln!(
                            s,
                            "<line x1=\"{ax}\" y1=\"{ay}\" x2=\"{bx}\" y2=\"{by}\" stroke=\"#c0392b\" \
                             stroke-width=\"1\" stroke-dasharray=\"3 2\"/>"
                        );
                    };
                    if up {
                        let x1 = start(west, same(-1, -1), x, left);
                        let x2 = end(east, same(-1, 1), x + CELL, right);
                        side_line(x1, top, x2, top);
                    }
                    if down {
                        let x1 = start(west, same(1, -1), x, left);
                        let x2 = end(east, same(1, 1), x + CELL, right);
                        side_line(x1, bottom, x2, bottom);
                    }
                    if west {
                        let y1 = start(up, same(-1, -1), y, top);
                        let y2 = end(down, same(1, -1), y + CELL, bottom);
                        side_line(left, y1, left, y2);
                    }
                    if east {
                        let y1 = start(up, same(-1, 1), y, top);
                        let y2 = end(down, same(1, 1), y + CELL, bottom);
                        side_line(right, y1, right, y2);
                    }
                }
            }
            for cage in &self.cages {
                let first = cage.cells[0];
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"9\" fill=\"#c0392b\">{}</text>",
                    first.col * CELL + inset + 1,
                    first.row * CELL + inset + 9,
                    cage.sum
                );
            }
            let digits: Vec<char> = match grid {
                Some(g) => crate::to_line(g, symbols).chars().collect(),
                None => givens.clone(),
            };
            for (i, &d) in digits.iter().enumerate() {
                if d == '.' {
                    continue;
                }
                let weight = if givens[i] != '.' { "bold" } else { "normal" };
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"18\" \
                     font-weight=\"{weight}\" text-anchor=\"middle\">{d}</text>",
                    (i % n) * CELL + CELL / 2,
                    (i / n) * CELL + CELL / 2 + 8
                );
            }
            s.push_str("</g>\n");
        }
        s.push_str("</svg>\n");
        s
    }

    /// Whether `grid` solves this puzzle: full, every row, column and box holding each digit
    /// once, the givens kept, and every cage's digits distinct with its sum. The rule it breaks
    /// if not.
    pub fn check(&self, grid: &Grid) -> Result<(), BrokenRule> {
        let n = self.shape.size();
        if grid.shape() != self.shape || !grid.is_full() {
            return Err(BrokenRule::NotFull);
        }
        for (cell, given) in self.givens.givens() {
            if grid.get(cell) != given {
                return Err(BrokenRule::Given {
                    cell,
                    given,
                    found: grid.get(cell),
                });
            }
        }
        let mut units: Vec<Vec<Cell>> = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|j| Cell { row: i, col: j }).collect());
            units.push((0..n).map(|j| Cell { row: j, col: i }).collect());
        }
        let mut boxes = vec![Vec::new(); n];
        for row in 0..n {
            for col in 0..n {
                boxes[self.shape.box_of(row, col)].push(Cell { row, col });
            }
        }
        units.extend(boxes);
        for unit in &units {
            let digits: BTreeSet<u8> = unit.iter().map(|&c| grid.get(c)).collect();
            if digits.len() != n {
                return Err(BrokenRule::Repeat { first: unit[0] });
            }
        }
        for cage in &self.cages {
            let digits: BTreeSet<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
            let found: u32 = cage.cells.iter().map(|&c| u32::from(grid.get(c))).sum();
            if digits.len() != cage.cells.len() || found != cage.sum {
                return Err(BrokenRule::Cage {
                    label: cage.label,
                    sum: cage.sum,
                    found,
                    distinct: digits.len() == cage.cells.len(),
                });
            }
        }
        Ok(())
    }

    /// The exact-cover problem with color controls (see the module's documentation).
    pub fn model(&self) -> Result<KillerModel, KillerError> {
        let n = self.shape.size();
        let build = |e: dlx::BuildError| KillerError::Givens(format!("cannot build: {e}"));
        let mut b = ProblemBuilder::new();
        let mut primary = |name: String| b.primary(name);
        let mut items = Vec::with_capacity(4 * n * n);
        for kind in ['p', 'r', 'c', 'b'] {
            for i in 0..n {
                for j in 0..n {
                    items.push(primary(format!("{kind}{i}_{j}")).map_err(build)?);
                }
            }
        }
        let cage_items = (0..self.cages.len())
            .map(|k| b.primary(format!("k{k}")))
            .collect::<Result<Vec<ItemId>, _>>()
            .map_err(build)?;
        let mut value: Vec<Option<ItemId>> = vec![None; n * n];
        for cage in &self.cages {
            for cell in &cage.cells {
                let name = format!("v{}_{}", cell.row, cell.col);
                value[cell.row * n + cell.col] = Some(b.secondary(name).map_err(build)?);
            }
        }
        let colors = (1..=n)
            .map(|d| b.color(d.to_string()))
            .collect::<Result<Vec<ColorId>, _>>()
            .map_err(build)?;
        // Each cage's assignments first: a caged cell then gets options only for the digits
        // some assignment gives it (the others could never agree with the cage's item), which
        // the choice of items sees at once.
        let mut cage_options: Vec<Vec<Vec<u8>>> = Vec::with_capacity(self.cages.len());
        let mut possible = vec![u64::MAX; n * n];
        for cage in &self.cages {
            let allowed: Vec<u8> = cage.cells.iter().map(|&c| self.givens.get(c)).collect();
            let mut found = Vec::new();
            let mut digits = Vec::with_capacity(cage.cells.len());
            assignments(n as u8, cage.sum, &allowed, &mut digits, &mut found);
            if found.is_empty() {
                return Err(KillerError::Givens(format!(
                    "cage {:?}: its givens leave no way to make {}",
                    cage.label, cage.sum
                )));
            }
            for (i, cell) in cage.cells.iter().enumerate() {
                let mask = found.iter().fold(0u64, |m, a| m | 1 << a[i]);
                possible[cell.row * n + cell.col] = mask;
            }
            cage_options.push(found);
        }
        let mut choices: Vec<Option<(Cell, u8)>> = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let cell = Cell { row, col };
                let given = self.givens.get(cell);
                for d in 1..=n {
                    if given != 0 && usize::from(given) != d {
                        continue;
                    }
                    if possible[row * n + col] & (1 << d) == 0 {
                        continue;
                    }
                    let bx = self.shape.box_of(row, col);
                    let mut option = vec![
                        (items[row * n + col], None),
                        (items[n * n + row * n + d - 1], None),
                        (items[2 * n * n + col * n + d - 1], None),
                        (items[3 * n * n + bx * n + d - 1], None),
                    ];
                    if let Some(v) = value[row * n + col] {
                        option.push((v, Some(colors[d - 1])));
                    }
                    b.option_colored(option).map_err(build)?;
                    choices.push(Some((cell, d as u8)));
                }
            }
        }
        for (k, (cage, found)) in self.cages.iter().zip(&cage_options).enumerate() {
            for digits in found {
                let mut option = vec![(cage_items[k], None)];
                for (cell, &d) in cage.cells.iter().zip(digits) {
                    let v = value[cell.row * n + cell.col].expect("a caged cell has a value item");
                    option.push((v, Some(colors[usize::from(d) - 1])));
                }
                b.option_colored(option).map_err(build)?;
                choices.push(None);
            }
        }
        Ok(KillerModel {
            shape: self.shape,
            problem: b.build().map_err(build)?,
            choices,
        })
    }
}

/// Pushes onto `out` every assignment of distinct digits `1..=n` to the cells (a given cell
/// keeps its digit, `allowed[i] != 0`) whose sum is `sum`, in lexicographic order; `digits`
/// holds the assignment so far.
fn assignments(n: u8, sum: u32, allowed: &[u8], digits: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    let k = digits.len();
    let so_far: u32 = digits.iter().map(|&d| u32::from(d)).sum();
    if k == allowed.len() {
        if so_far == sum {
            out.push(digits.clone());
        }
        return;
    }
    let left = (allowed.len() - k - 1) as u32;
    for d in 1..=n {
        if (allowed[k] != 0 && allowed[k] != d) || digits.contains(&d) {
            continue;
        }
        let total = so_far + u32::from(d);
        // The other cells need at least 1 + 2 + ... and at most n + (n - 1) + ...; a looser
        // bound is enough to cut the search.
        if total + left * (left + 1) / 2 > sum || total + left * u32::from(n) < sum {
            continue;
        }
        digits.push(d);
        assignments(n, sum, allowed, digits, out);
        digits.pop();
    }
}

/// How many groups of side-by-side cells `cells` fall in.
fn groups(cells: &[Cell]) -> usize {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut parts = 0;
    for &start in cells {
        if !seen.insert(start) {
            continue;
        }
        parts += 1;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            let near = [
                (c.row.wrapping_sub(1), c.col),
                (c.row + 1, c.col),
                (c.row, c.col.wrapping_sub(1)),
                (c.row, c.col + 1),
            ];
            for (row, col) in near {
                let next = Cell { row, col };
                if set.contains(&next) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
    }
    parts
}

/// A killer sudoku as an exact-cover problem, built once, searched as often as wanted.
#[derive(Debug, Clone)]
pub struct KillerModel {
    shape: Shape,
    problem: Problem,
    /// The cell and digit of each option (`None` for a cage's options).
    choices: Vec<Option<(Cell, u8)>>,
}

impl KillerModel {
    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Searches within `limits` (solutions, nodes, deadline, cancel), keeping the first `keep`
    /// grids. The statistics are those of `dlx2`, cleansings included.
    pub fn search(&self, keep: usize, limits: Limits) -> Found {
        let mut solver = self.problem.solver().with_limits(limits);
        let mut grids = Vec::new();
        let outcome = solver.search(|s| {
            if grids.len() < keep {
                let mut grid = Grid::empty(self.shape);
                for option in s.options() {
                    if let Some((cell, d)) = self.choices[option] {
                        grid.set(cell, d);
                    }
                }
                grids.push(grid);
            }
            std::ops::ControlFlow::Continue(())
        });
        Found {
            grids,
            count: outcome.solutions,
            stopped: outcome.stopped,
            stats: SearchStats {
                nodes: outcome.nodes,
                updates: outcome.updates,
                branch_depth: None,
                cleansings: outcome.cleansings,
            },
        }
    }

    /// The first solution, if any.
    pub fn solve(&self) -> Option<Grid> {
        self.search(1, Limits::none().solutions(1)).grids.pop()
    }
}
