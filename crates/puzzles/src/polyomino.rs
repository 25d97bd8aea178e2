//! Polyomino tilings: every cell of a board covered by exactly one piece, each piece used once.

use std::collections::HashSet;
use std::ops::ControlFlow;

use dlx::{Limits, OptionId, Problem, ProblemBuilder};

use crate::symmetry::{symmetries_of, Symmetry};
use crate::{Distinct, Error, Method, Puzzle};

/// The largest board side.
pub const MAX_SIDE: usize = 256;

/// A piece: a name (one character, as drawn) and its cells, normalized to start at `(0, 0)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    name: char,
    cells: Vec<(i32, i32)>,
}

/// Cells moved so the smallest row and column are 0, sorted.
fn normalize(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut cells {
        *c = (c.0 - r0, c.1 - c0);
    }
    cells.sort_unstable();
    cells
}

const PENTOMINOES: &str = "\
.FF I L   N  PP TTT U.U V   W   .X. Y  ZZ
FF. I L   N  PP .T. UUU V   WW  XXX YY .Z
.F. I L  NN  P. .T.     VVV .WW .X. Y  .ZZ
    I LL N              .        .  Y
    I
";

const TETROMINOES: &str = "\
I OO TTT .SS L
I OO .T. SS. L
I            LL
I
";

impl Piece {
    /// The piece's name, as drawn.
    pub fn name(&self) -> char {
        self.name
    }

    /// Its cells (row, column), from `(0, 0)`.
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }

    /// Reads pieces drawn in ASCII: every character other than `.` and blanks marks a cell of
    /// the piece it names, so pieces can be drawn side by side or one under another. A leading
    /// byte-order mark is skipped and CRLF line ends read as LF, as every reader here does.
    pub fn parse_set(text: &str) -> Result<Vec<Piece>, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut pieces: Vec<(char, Vec<(i32, i32)>)> = Vec::new();
        for (r, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '.' || ch.is_whitespace() {
                    continue;
                }
                if ch.is_control() {
                    return Err(Error::Drawing {
                        line: r + 1,
                        column: c + 1,
                        message: format!(
                            "unexpected character {ch:?}: a piece is named by a visible character"
                        ),
                    });
                }
                let cell = (r as i32, c as i32);
                match pieces.iter_mut().find(|p| p.0 == ch) {
                    Some(p) => p.1.push(cell),
                    None => pieces.push((ch, vec![cell])),
                }
            }
        }
        if pieces.is_empty() {
            return Err(Error::Drawing {
                line: 1,
                column: 1,
                message: "no pieces: draw each piece's cells with its letter, `.` for nothing"
                    .into(),
            });
        }
        Ok(pieces
            .into_iter()
            .map(|(name, cells)| Piece {
                name,
                cells: normalize(cells),
            })
            .collect())
    }

    /// The 12 pentominoes, named F I L N P T U V W X Y Z.
    pub fn pentominoes() -> Vec<Piece> {
        let mut set = Piece::parse_set(PENTOMINOES).expect("the pentominoes are well drawn");
        set.sort_by_key(|p| p.name);
        set
    }

    /// The 5 tetrominoes, named I L O S T.
    pub fn tetrominoes() -> Vec<Piece> {
        let mut set = Piece::parse_set(TETROMINOES).expect("the tetrominoes are well drawn");
        set.sort_by_key(|p| p.name);
        set
    }

    /// Its distinct orientations (rotations and reflections), each normalized.
    pub fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
        for s in Symmetry::ALL {
            let image = normalize(self.cells.iter().map(|&c| s.apply_free(c)).collect());
            if !out.contains(&image) {
                out.push(image);
            }
        }
        out
    }
}

/// A board: the cells of a `rows x cols` rectangle that are to be covered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

impl Board {
    /// The full `rows x cols` rectangle.
    pub fn rect(rows: usize, cols: usize) -> Result<Board, Error> {
        crate::check_size("the board's rows", rows, MAX_SIDE)?;
        crate::check_size("the board's columns", cols, MAX_SIDE)?;
        Ok(Board {
            rows,
            cols,
            cells: vec![true; rows * cols],
        })
    }

    /// Reads a map: `#` or any letter or digit marks a cell to cover, `.` or a blank a hole.
    /// Blank lines before and after are ignored; shorter lines are padded with holes. A leading
    /// byte-order mark is skipped and CRLF line ends read as LF.
    pub fn parse(text: &str) -> Result<Board, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty());
        let last = lines.iter().rposition(|l| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(Error::Drawing {
                line: 1,
                column: 1,
                message: "an empty board: mark cells with `#` or letters, holes with `.`".into(),
            });
        };
        let rows = last - first + 1;
        let cols = lines[first..=last]
            .iter()
            .map(|l| l.trim_end().chars().count())
            .max()
            .unwrap_or(0);
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::Size {
                what: "a board's side",
                min: 1,
                max: MAX_SIDE,
                found: rows.max(cols),
            });
        }
        let mut cells = vec![false; rows * cols];
        for (r, line) in lines[first..=last].iter().enumerate() {
            for (c, ch) in line.trim_end().chars().enumerate() {
                cells[r * cols + c] = match ch {
                    '#' => true,
                    ch if ch.is_ascii_alphanumeric() => true,
                    '.' | ' ' | '\t' => false,
                    ch => {
                        return Err(Error::Drawing {
                            line: first + r + 1,
                            column: c + 1,
                            message: format!(
                                "unexpected character {ch:?}: expected `#` or a letter for a cell, `.` or a blank for a hole"
                            ),
                        })
                    }
                };
            }
        }
        Ok(Board { rows, cols, cells })
    }

    /// Rows of the bounding rectangle.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the bounding rectangle.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `(r, c)` is a cell to cover.
    pub fn contains(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.cells[r * self.cols + c]
    }

    /// How many cells there are to cover.
    pub fn num_cells(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// The symmetries of the bounding rectangle that keep the board's cells.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        symmetries_of(self.rows, self.cols, |r, c| self.contains(r, c))
    }
}

/// A piece placed on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The piece's name.
    pub piece: char,
    /// The cells it covers, sorted.
    pub cells: Vec<(usize, usize)>,
}

/// A solution: the pieces placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    /// Rows of the board's rectangle.
    pub rows: usize,
    /// Columns of the board's rectangle.
    pub cols: usize,
    /// The placements, in the order the search chose them.
    pub placements: Vec<Placement>,
}

impl Tiling {
    /// The piece covering each cell of the rectangle (`None` for holes).
    pub fn grid(&self) -> Vec<Vec<Option<char>>> {
        let mut grid = vec![vec![None; self.cols]; self.rows];
        for p in &self.placements {
            for &(r, c) in &p.cells {
                grid[r][c] = Some(p.piece);
            }
        }
        grid
    }

    /// Rows of piece names, `.` for holes.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for row in self.grid() {
            s.extend(row.iter().map(|c| c.unwrap_or('.')));
            s.push('\n');
        }
        s
    }
}

/// A tiling problem, built once.
#[derive(Debug, Clone)]
pub struct Polyomino {
    board: Board,
    pieces: Vec<Piece>,
    /// The piece and cells of each option.
    options: Vec<(usize, Vec<usize>)>,
    problem: Problem,
    /// Pieces must all be used (board cells = piece cells), or each at most once.
    pieces_primary: bool,
    /// The piece kept to one placement per class, if this problem is the reduced one.
    fixed: Option<(usize, usize, usize)>,
}

impl Polyomino {
    /// Every tiling of `board` by `pieces`. If the pieces have more cells than the board, each
    /// is used at most once (secondary items); fewer is an error.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Result<Polyomino, Error> {
        Self::build(board, pieces, None)
    }

    fn build(board: Board, pieces: Vec<Piece>, fix: Option<usize>) -> Result<Polyomino, Error> {
        let piece_cells: usize = pieces.iter().map(|p| p.cells.len()).sum();
        let board_cells = board.num_cells();
        if piece_cells < board_cells {
            let (n, cells) = (pieces.len(), piece_cells);
            return Err(Error::Mismatch(format!(
                "the board has {}, and {} only {}",
                crate::plural(board_cells, "cell"),
                if n == 1 {
                    "the 1 piece covers".to_string()
                } else {
                    format!("the {n} pieces cover")
                },
                crate::plural(cells, "cell"),
            )));
        }
        let mut names = HashSet::new();
        if let Some(p) = pieces.iter().find(|p| !names.insert(p.name)) {
            return Err(Error::Mismatch(format!("two pieces are named {}", p.name)));
        }
        let pieces_primary = piece_cells == board_cells;
        let (rows, cols) = (board.rows, board.cols);
        let mut b = ProblemBuilder::new();
        let mut cell_item = vec![None; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                if board.contains(r, c) {
                    cell_item[r * cols + c] = Some(b.primary(format!("r{r}c{c}"))?);
                }
            }
        }
        let piece_items = pieces
            .iter()
            .map(|p| {
                let name = p.name.to_string();
                if pieces_primary {
                    b.primary(name)
                } else {
                    b.secondary(name)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let symmetries = board.symmetries();
        let mut options = Vec::new();
        let mut fixed = None;
        for (k, piece) in pieces.iter().enumerate() {
            let mut all = placements(&board, piece);
            if fix == Some(k) {
                let of = all.len();
                all.retain(|p| is_representative(p, &symmetries, rows, cols));
                fixed = Some((k, all.len(), of));
            }
            for cells in all {
                let items = std::iter::once(piece_items[k])
                    .chain(cells.iter().map(|&i| cell_item[i].expect("a board cell")));
                b.option(items)?;
                options.push((k, cells));
            }
        }
        Ok(Polyomino {
            board,
            pieces,
            options,
            problem: b.build()?,
            pieces_primary,
            fixed,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Whether every piece must be used (else each at most once).
    pub fn uses_every_piece(&self) -> bool {
        self.pieces_primary
    }

    /// The canonical form of a tiling under the board's symmetries: the smallest image of its
    /// grid of piece names.
    pub fn canonical(&self, tiling: &Tiling, symmetries: &[Symmetry]) -> Vec<u32> {
        let (rows, cols) = (self.board.rows, self.board.cols);
        let grid = tiling.grid();
        symmetries
            .iter()
            .map(|s| {
                let mut image = vec![0u32; rows * cols];
                for (r, row) in grid.iter().enumerate() {
                    for (c, cell) in row.iter().enumerate() {
                        let (r2, c2) = s.apply((r, c), rows, cols);
                        image[r2 * cols + c2] = cell.map_or(0, u32::from);
                    }
                }
                image
            })
            .min()
            .expect("the identity at least")
    }

    /// Visits one tiling of each class under the board's symmetries, and counts the classes.
    /// Where some piece has no placement that a symmetry maps to itself, that piece is kept to
    /// one placement per class (a smaller search, exact); otherwise every tiling is enumerated
    /// and the classes of canonical forms are counted. [`Distinct::method`] says which.
    pub fn distinct_with(
        &self,
        limits: Limits,
        mut visit: impl FnMut(Tiling) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        let symmetries = self.board.symmetries();
        if symmetries.len() == 1 {
            let outcome = self.search(limits, visit);
            return Ok(Distinct {
                count: outcome.solutions,
                symmetries: 1,
                method: Method::NoSymmetry,
                outcome,
            });
        }
        if let Some((k, _, _)) = self.fixed {
            let outcome = self.search(limits, visit);
            let (_, kept, of) = self.fixed.expect("fixed");
            return Ok(Distinct {
                count: outcome.solutions,
                symmetries: symmetries.len(),
                method: Method::FixedPiece {
                    piece: self.pieces[k].name.to_string(),
                    kept,
                    of,
                },
                outcome,
            });
        }
        if self.pieces_primary {
            if let Some(k) = self.piece_to_fix(&symmetries) {
                let reduced = Polyomino::build(self.board.clone(), self.pieces.clone(), Some(k))?;
                return reduced.distinct_with(limits, visit);
            }
        }
        let mut seen = HashSet::new();
        let outcome = self.search(limits, |tiling| {
            if seen.insert(self.canonical(&tiling, &symmetries)) {
                return visit(tiling);
            }
            ControlFlow::Continue(())
        });
        Ok(Distinct {
            count: seen.len() as u64,
            symmetries: symmetries.len(),
            method: Method::Orbits {
                solutions: outcome.solutions,
            },
            outcome,
        })
    }

    /// [`Polyomino::distinct_with`] without a visitor.
    pub fn count_distinct(&self, limits: Limits) -> Result<Distinct, Error> {
        self.distinct_with(limits, |_| ControlFlow::Continue(()))
    }

    /// The piece with the fewest placements among those no symmetry maps to themselves.
    fn piece_to_fix(&self, symmetries: &[Symmetry]) -> Option<usize> {
        let (rows, cols) = (self.board.rows, self.board.cols);
        self.pieces
            .iter()
            .enumerate()
            .filter_map(|(k, piece)| {
                let all = placements(&self.board, piece);
                let free = all.iter().all(|p| {
                    symmetries
                        .iter()
                        .filter(|s| s.0 != 0)
                        .all(|s| image(p, *s, rows, cols) != *p)
                });
                (free && !all.is_empty()).then_some((all.len(), k))
            })
            .min()
            .map(|(_, k)| k)
    }
}

impl Puzzle for Polyomino {
    type Solution = Tiling;

    /// The exact-cover problem.
    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The tiling of a solution's options.
    fn decode(&self, options: impl Iterator<Item = OptionId>) -> Tiling {
        let cols = self.board.cols;
        Tiling {
            rows: self.board.rows,
            cols,
            placements: options
                .into_iter()
                .map(|o| {
                    let (k, cells) = &self.options[o];
                    Placement {
                        piece: self.pieces[*k].name,
                        cells: cells.iter().map(|&i| (i / cols, i % cols)).collect(),
                    }
                })
                .collect(),
        }
    }
    fn to_text(&self, tiling: &Tiling) -> String {
        tiling.to_text()
    }

    fn to_svg(&self, tilings: &[Tiling]) -> String {
        let b = &self.board;
        let title = format!("polyomino tilings of a {}x{} board", b.rows, b.cols);
        crate::svg::tilings(tilings, &title)
    }

    #[cfg(feature = "serde")]
    fn to_json(&self, tiling: &Tiling) -> serde_json::Value {
        let pieces: Vec<serde_json::Value> = tiling
            .placements
            .iter()
            .map(|p| serde_json::json!({ "piece": p.piece.to_string(), "cells": p.cells }))
            .collect();
        serde_json::json!({ "solution": pieces })
    }

    fn distinct(
        &self,
        limits: Limits,
        visit: &mut dyn FnMut(Tiling) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        self.distinct_with(limits, visit)
    }
}

/// Every placement of a piece on the board, as sorted cell indices.
fn placements(board: &Board, piece: &Piece) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for shape in piece.orientations() {
        let h = shape.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
        let w = shape.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
        if h > board.rows || w > board.cols {
            continue;
        }
        for dr in 0..=board.rows - h {
            for dc in 0..=board.cols - w {
                let cells: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&(r, c)| {
                        let (r, c) = (r as usize + dr, c as usize + dc);
                        board.contains(r, c).then_some(r * board.cols + c)
                    })
                    .collect();
                if let Some(mut cells) = cells {
                    cells.sort_unstable();
                    out.push(cells);
                }
            }
        }
    }
    out
}

/// A placement's image under a symmetry, sorted.
fn image(cells: &[usize], s: Symmetry, rows: usize, cols: usize) -> Vec<usize> {
    let mut out: Vec<usize> = cells
        .iter()
        .map(|&i| {
            let (r, c) = s.apply((i / cols, i % cols), rows, cols);
            r * cols + c
        })
        .collect();
    out.sort_unstable();
    out
}

/// Whether a placement is the smallest of its class.
fn is_representative(cells: &[usize], symmetries: &[Symmetry], rows: usize, cols: usize) -> bool {
    symmetries
        .iter()
        .all(|&s| image(cells, s, rows, cols).as_slice() >= cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_counts() {
        let counts: Vec<(char, usize)> = Piece::pentominoes()
            .iter()
            .map(|p| (p.name(), p.orientations().len()))
            .collect();
        assert_eq!(
            counts,
            [
                ('F', 8),
                ('I', 2),
                ('L', 8),
                ('N', 8),
                ('P', 8),
                ('T', 4),
                ('U', 4),
                ('V', 4),
                ('W', 4),
                ('X', 1),
                ('Y', 8),
                ('Z', 4)
            ]
        );
        let counts: Vec<(char, usize)> = Piece::tetrominoes()
            .iter()
            .map(|p| (p.name(), p.orientations().len()))
            .collect();
        assert_eq!(counts, [('I', 2), ('L', 8), ('O', 1), ('S', 4), ('T', 4)]);
        assert!(Piece::pentominoes().iter().all(|p| p.cells().len() == 5));
    }

    #[test]
    fn boards_and_their_errors() {
        let b = Board::parse("\n##.\n#A\n\n").unwrap();
        assert_eq!((b.rows(), b.cols(), b.num_cells()), (2, 3, 4));
        assert!(!b.contains(0, 2) && !b.contains(1, 2));
        let e = Board::parse("##\n#%\n").unwrap_err();
        assert_eq!(e.to_string().split(':').next(), Some("line 2, column 2"));
        assert!(e.in_file("b.txt").starts_with("b.txt:2:2: "), "{e}");
        let e = Board::rect(0, 3).unwrap_err();
        assert_eq!(e.in_file("b.txt"), format!("b.txt: {e}"));
        assert!(Board::parse("  \n").is_err());
        assert!(Board::rect(0, 3).is_err());
    }
}
