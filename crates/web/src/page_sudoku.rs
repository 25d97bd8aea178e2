//! Sudoku on the page: the board travels as its size, box and cells (0 a blank); a pasted text
//! is read by the library's reader, in any form it reads.

use std::io::Cursor;

use serde_json::{json, Value};
use sudoku::read::{ReadSettings, Reader};
use sudoku::{
    Cell, GenerateSettings, Generator, Grade, Grid, RateError, Regions, Shape, Step, Sudoku,
    Symbols, Symmetry, Uniqueness, Unit, Variant,
};

use crate::{watched, Answer, Fields, Progress, Refusal};

/// The largest board the page offers (the library goes to 64x64; a page of inputs past 25x25
/// is not a board a person types into).
const MAX_PAGE_SIZE: usize = 25;

/// The symbols a request names (those of the puzzle as read: `1-9A-P`, `0-F`, `A-Y`, numbers).
fn symbols(fields: &Fields<'_>) -> Result<Symbols, Refusal> {
    Ok(match fields.str_or("symbols", "default")? {
        "default" => Symbols::Default,
        "hex" => Symbols::Hex,
        "letters" => Symbols::Letters,
        "numbers" => Symbols::Numbers,
        other => return Err(Refusal::new(format!("unknown symbols `{other}`"))),
    })
}

fn symbols_name(symbols: Symbols) -> &'static str {
    match symbols {
        Symbols::Hex => "hex",
        Symbols::Letters => "letters",
        Symbols::Numbers => "numbers",
        _ => "default",
    }
}

/// The variant rules a request sets: `diagonals`, `hyper`, `regions` (a map of letters).
fn variant(fields: &Fields<'_>) -> Result<Variant, Refusal> {
    let regions = match fields.str_or("regions", "")?.trim() {
        "" => None,
        map => Some(Regions::from_map(map).map_err(|e| Refusal::new(e).in_field("regions"))?),
    };
    Ok(Variant {
        diagonals: fields.bool_or("diagonals", false)?,
        hyper: fields.bool_or("hyper", false)?,
        regions,
    })
}

/// The shape a request names: `size`, and `boxRows` x `boxCols` when given.
fn shape(fields: &Fields<'_>) -> Result<Shape, Refusal> {
    let size = fields.u64_or("size", 9)? as usize;
    let rows = fields.u64_or("boxRows", 0)? as usize;
    let cols = fields.u64_or("boxCols", 0)? as usize;
    let shape = if rows > 0 && cols > 0 {
        Shape::with_box(rows, cols)
    } else {
        Shape::new(size)
    }
    .map_err(Refusal::new)?;
    if shape.size() != size {
        return Err(Refusal::new(format!(
            "boxes of {rows} x {cols} make a {}x{0} grid, not {size}x{size}",
            shape.size()
        )));
    }
    Ok(shape)
}

fn rules(shape: Shape, fields: &Fields<'_>) -> Result<Sudoku, Refusal> {
    Sudoku::new(shape, variant(fields)?).map_err(|e| Refusal::new(e).in_field("regions"))
}

/// The board a request carries as `key`: its cells, row-major, 0 a blank.
fn grid(fields: &Fields<'_>, key: &str, shape: Shape) -> Result<Grid, Refusal> {
    let cells = fields
        .get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| Refusal::new(format!("the request has no `{key}` list")))?;
    let n = shape.size() as u64;
    let cells: Vec<u8> = cells
        .iter()
        .map(|c| c.as_u64().filter(|&d| d <= n).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| Refusal::new(format!("`{key}` holds a cell that is not 0 to {n}")))?;
    Grid::from_cells(shape, cells).ok_or_else(|| {
        Refusal::new(format!(
            "`{key}` must hold {} cells for a {n}x{n} grid",
            shape.cells()
        ))
    })
}

fn cell_json(cell: Cell) -> Value {
    json!([cell.row, cell.col])
}

/// The labels of the digits `1..=n`, as the page shows and reads them.
fn labels(symbols: Symbols, n: usize) -> Vec<String> {
    let symbols = symbols.for_size(n);
    (1..=n as u8).map(|d| symbols.label(d)).collect()
}

/// `sudoku.read`: the first puzzle of `text`, in any form the library reads.
pub(crate) fn read(fields: &Fields<'_>) -> Answer {
    let text = fields.str("text")?;
    let reader = Reader::new(
        Cursor::new(text.as_bytes().to_vec()),
        ReadSettings::default(),
    );
    let mut puzzles = 0usize;
    let mut first = None;
    for entry in reader {
        let entry = entry.map_err(|e| Refusal::new(e).in_field("text"))?;
        if entry.not_a_puzzle.is_some() && first.is_none() {
            // Stray text is an error where a puzzle was expected.
            let line = entry.line;
            let err = entry.parse(None, None).expect_err("not a puzzle");
            return Err(Refusal::at(err, line, 1).in_field("text"));
        }
        if entry.not_a_puzzle.is_some() {
            continue;
        }
        puzzles += 1;
        if first.is_none() {
            let parsed = entry.parse(None, None).map_err(|e| match e {
                sudoku::read::EntryError::Parse(p) => {
                    Refusal::at(p.kind, p.line, p.column).in_field("text")
                }
                other => Refusal::at(other, entry.line, 1).in_field("text"),
            })?;
            first = Some((parsed, entry.line));
        }
    }
    let Some(((grid, symbols), line)) = first else {
        return Err(Refusal::at("no puzzle in the text", 1, 1).in_field("text"));
    };
    let shape = grid.shape();
    if shape.size() > MAX_PAGE_SIZE {
        return Err(Refusal::at(
            format!(
                "a {0}x{0} puzzle: the page's board goes to {MAX_PAGE_SIZE}x{MAX_PAGE_SIZE} (the `dlx` command reads it)",
                shape.size()
            ),
            line,
            1,
        )
        .in_field("text"));
    }
    let symbols = symbols.for_size(shape.size());
    Ok(json!({
        "size": shape.size(),
        "boxRows": shape.box_rows(),
        "boxCols": shape.box_cols(),
        "cells": grid.cells(),
        "symbols": symbols_name(symbols),
        "labels": labels(symbols, shape.size()),
        "puzzles": puzzles,
        "line": line,
    }))
}

/// `sudoku.solve`: `task` `solve`, `count` (up to `limit`) or `unique`.
pub(crate) fn solve(fields: &Fields<'_>, progress: Progress) -> Answer {
    let shape = shape(fields)?;
    let rules = rules(shape, fields)?;
    let puzzle = grid(fields, "cells", shape)?;
    let task = fields.str_or("task", "solve")?;
    let (keep, limit) = match task {
        "solve" => (1, 1),
        "unique" => (2, 2),
        "count" => (1, fields.u64_or("limit", 1000)?.max(1)),
        other => {
            return Err(Refusal::new(format!(
                "unknown task `{other}` (solve, count or unique)"
            )))
        }
    };
    let mut solver = rules.solver();
    let found = solver
        .search(&puzzle, keep, watched(progress).solutions(limit))
        .map_err(Refusal::new)?;
    let complete = found.is_complete();
    let count = found.count;
    let status = match (task, count, complete) {
        (_, 0, true) => "no solution".to_string(),
        ("solve", _, _) => "solved".to_string(),
        ("unique", 1, true) => "unique: exactly one solution".to_string(),
        ("unique", _, _) => "not unique: two solutions or more".to_string(),
        (_, 1, true) => "exactly one solution".to_string(),
        (_, c, true) => format!("{c} solutions"),
        (_, c, false) => format!("{c} solutions or more (the count stopped at {limit})"),
    };
    let mut answer = json!({
        "status": status,
        "count": count,
        "complete": complete,
        "nodes": found.stats.nodes,
        "strategy": solver.ran().name(),
    });
    if let Some(solution) = found.grids.first() {
        answer["solution"] = json!(solution.cells());
    }
    if let [a, b, ..] = found.grids.as_slice() {
        // Where the two solutions differ: the cells a person must look at.
        let n = shape.size();
        answer["differ"] = a
            .cells()
            .iter()
            .zip(b.cells())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(k, _)| json!([k / n, k % n]))
            .collect();
        answer["second"] = json!(b.cells());
    }
    Ok(answer)
}

/// The cells a step rests on, for the board to mark.
fn focus(rules: &Sudoku, step: &Step) -> Vec<Cell> {
    let meet = |a: Unit, b: Unit| -> Vec<Cell> {
        let other = rules.cells_of(b);
        rules
            .cells_of(a)
            .into_iter()
            .filter(|c| other.contains(c))
            .collect()
    };
    match step {
        Step::NakedSingle { cell, .. } | Step::Guess { cell, .. } => vec![*cell],
        Step::HiddenSingle { unit, .. } => rules.cells_of(*unit),
        Step::Locked { unit, other, .. } => meet(*unit, *other),
        Step::Subset { cells, .. } => cells.clone(),
        Step::Fish {
            rows, base, cover, ..
        } => {
            let mut cells = Vec::new();
            for &b in base {
                for &c in cover {
                    cells.push(match rows {
                        true => Cell { row: b, col: c },
                        false => Cell { row: c, col: b },
                    });
                }
            }
            cells
        }
        _ => step.placed().map(|(c, _)| vec![c]).unwrap_or_default(),
    }
}

/// `sudoku.hint`: the grader's next deductions on the board (`cells`) of the puzzle
/// (`givens`), up to the first that places a digit.
pub(crate) fn hint(fields: &Fields<'_>) -> Answer {
    let shape = shape(fields)?;
    let rules = rules(shape, fields)?;
    let symbols = symbols(fields)?;
    let givens = grid(fields, "givens", shape)?;
    let board = grid(fields, "cells", shape)?;
    let solution = match rules.uniqueness(&givens).map_err(Refusal::new)? {
        Uniqueness::Unique(solution) => solution,
        Uniqueness::None => return Err(Refusal::new("the puzzle has no solution: no hint")),
        _ => {
            return Err(Refusal::new(
                "the puzzle has more than one solution: no deduction can choose between them",
            ))
        }
    };
    let n = shape.size();
    let wrong: Vec<Value> = (0..n * n)
        .filter(|&k| board.cells()[k] != 0 && board.cells()[k] != solution.cells()[k])
        .map(|k| json!([k / n, k % n]))
        .collect();
    if !wrong.is_empty() {
        let cells = wrong.len();
        return Ok(json!({
            "wrong": wrong,
            "text": match cells {
                1 => "one digit on the board is not the solution's: it is marked".to_string(),
                _ => format!("{cells} digits on the board are not the solution's: they are marked"),
            },
        }));
    }
    let steps = rules
        .rater()
        .hint(&board, &solution)
        .map_err(|e: RateError| Refusal::new(e))?;
    let steps: Vec<Value> = steps
        .iter()
        .map(|step| {
            json!({
                "technique": step.technique().name(),
                "text": step.explain(symbols),
                "placed": step.placed().map(|(c, d)| json!({ "row": c.row, "col": c.col, "digit": d })),
                "focus": focus(&rules, step).into_iter().map(cell_json).collect::<Vec<_>>(),
                "removed": step.removed().into_iter().map(|(c, d)| json!([c.row, c.col, d])).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(json!({ "steps": steps }))
}

/// `sudoku.generate`: a puzzle with one solution, minimal, rated by the grader.
pub(crate) fn generate(fields: &Fields<'_>, _progress: Progress) -> Answer {
    let shape = shape(fields)?;
    let rules = rules(shape, fields)?;
    let symmetry: Symmetry = fields
        .str_or("symmetry", "none")?
        .parse()
        .map_err(Refusal::new)?;
    let grade: Option<Grade> = match fields.str_or("grade", "any")? {
        "any" | "" => None,
        name => Some(name.parse().map_err(Refusal::new)?),
    };
    let seed = fields.u64_or("seed", 1)?;
    // Stop taking clues away at this many (quicker on big boards; then not minimal).
    let clues = match fields.u64_or("clues", 0)? {
        0 => None,
        n => Some(n as usize),
    };
    let settings = GenerateSettings::default()
        .symmetry(symmetry)
        .clues(clues)
        .rate(true)
        .grade(grade)
        .max_tries(fields.u64_or("maxTries", 200)?.clamp(1, 100_000) as u32);
    let made = Generator::new(&rules, settings)
        .generate(seed)
        .map_err(Refusal::new)?;
    let rating = made.rating.as_ref();
    let labels = labels(Symbols::Default, shape.size());
    let line: String = sudoku::to_line(&made.puzzle, Symbols::Default);
    Ok(json!({
        "size": shape.size(),
        "boxRows": shape.box_rows(),
        "boxCols": shape.box_cols(),
        "cells": made.puzzle.cells(),
        "line": line,
        "labels": labels,
        "symbols": "default",
        "clues": made.clues,
        "minimal": made.minimal,
        "unproved": made.unproved,
        "seed": made.seed,
        "tries": made.tries,
        "nodes": made.nodes,
        "grade": rating.map(|r| r.grade.name()),
        "score": rating.map(|r| r.score),
        "hardest": rating.and_then(|r| r.hardest).map(|t| t.name()),
        "gradeMet": grade.is_none_or(|g| rating.is_some_and(|r| r.grade == g)),
    }))
}

/// `sudoku.solveAll`: every puzzle of `text` solved, one after another on this thread (the
/// batch the browser test times against the native library).
pub(crate) fn solve_all(fields: &Fields<'_>) -> Answer {
    let text = fields.str("text")?;
    let reader = Reader::new(
        Cursor::new(text.as_bytes().to_vec()),
        ReadSettings::default(),
    );
    let mut rules: Option<Sudoku> = None;
    let (mut puzzles, mut solved, mut nodes) = (0u64, 0u64, 0u64);
    let mut lines = Vec::new();
    for entry in reader {
        let entry = entry.map_err(Refusal::new)?;
        if entry.not_a_puzzle.is_some() {
            continue;
        }
        let (grid, symbols) = entry
            .parse(None, None)
            .map_err(|e| Refusal::at(e, entry.line, 1).in_field("text"))?;
        if rules.as_ref().is_none_or(|r| r.shape() != grid.shape()) {
            rules = Some(Sudoku::new(grid.shape(), Variant::default()).map_err(Refusal::new)?);
        }
        let rules = rules.as_ref().expect("made above");
        let mut solver = rules.solver();
        let found = solver
            .search(&grid, 1, dlx::Limits::none().solutions(1))
            .map_err(Refusal::new)?;
        puzzles += 1;
        nodes += found.stats.nodes;
        if let Some(solution) = found.grids.first() {
            solved += 1;
            if lines.len() < 3 {
                lines.push(sudoku::to_line(solution, symbols));
            }
        }
    }
    Ok(json!({ "puzzles": puzzles, "solved": solved, "nodes": nodes, "first": lines }))
}
