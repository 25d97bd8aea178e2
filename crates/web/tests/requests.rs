//! The page's requests answered natively: the same code the worker runs, checked against the
//! libraries and Knuth's figures.

use serde_json::{json, Value};

fn ask(request: Value) -> Value {
    let answer: Value = serde_json::from_str(&dlx_web::handle(&request.to_string(), |_, _| {}))
        .expect("the answer is JSON");
    answer
}

fn ok(request: Value) -> Value {
    let answer = ask(request);
    assert_eq!(answer["ok"], true, "{answer}");
    answer
}

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const SIMPLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn cells(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

#[test]
fn queens8_has_dlx1_figures() {
    let text = std::fs::read_to_string("../../data/instances/queens8.dlx").unwrap();
    let answer = ok(json!({ "op": "xc", "text": text, "task": "count" }));
    assert_eq!(answer["count"], "92");
    assert_eq!(
        (answer["nodes"].as_u64(), answer["updates"].as_u64()),
        (Some(1049), Some(16680))
    );
    assert_eq!(answer["program"], "dlx1");
    assert_eq!(answer["complete"], true);
}

#[test]
fn a_bad_file_is_refused_at_its_line_and_column() {
    let answer = ask(json!({ "op": "xc", "text": "a b c\na b\nb c:1 @\n", "task": "count" }));
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["error"]["field"], "text");
    assert_eq!(answer["error"]["line"], 3, "{answer}");
    assert!(answer["error"]["column"].as_u64().unwrap() > 1, "{answer}");
}

#[test]
fn puzzles_made_by_the_page_are_drawn_while_unchanged() {
    let spec = json!({ "kind": "queens", "n": 6 });
    let made = ok(json!({ "op": "xc.make", "puzzle": spec }));
    let text = made["text"].as_str().unwrap();
    let drawn = ok(json!({ "op": "xc", "text": text, "task": "list", "k": 4, "draw": spec }));
    assert_eq!(drawn["count"], "4");
    assert_eq!(drawn["solutions"].as_array().unwrap().len(), 4);
    assert!(drawn["svg"].as_str().unwrap().starts_with("<svg"));
    // An edited text is searched, not drawn.
    let edited = format!("{text}\n");
    let plain = ok(
        json!({ "op": "xc", "text": edited.replace("\n\n", "\n"), "task": "count", "draw": { "kind": "queens", "n": 7 } }),
    );
    assert_eq!(plain["count"], "4");
    assert!(plain.get("svg").is_none());
}

#[test]
fn cheapest_and_memo() {
    let text = std::fs::read_to_string("../../data/instances/memo/aztec_4.dlx").unwrap();
    let memo = ok(json!({ "op": "xc", "text": text, "task": "memo" }));
    assert_eq!(memo["count"], "1024");
    assert_eq!(memo["program"], "dlx6");
    let text = std::fs::read_to_string("../../data/instances/cost/cost_example.dlx").unwrap();
    let best = ok(json!({ "op": "xc", "text": text, "task": "cheapest", "k": 2 }));
    let costs: Vec<u64> = best["cheapest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["cost"].as_u64().unwrap())
        .collect();
    assert!(
        !costs.is_empty() && costs.windows(2).all(|w| w[0] <= w[1]),
        "{best}"
    );
}

#[test]
fn sudoku_solve_count_unique() {
    let solved = ok(json!({ "op": "sudoku.solve", "cells": cells(INKALA), "task": "solve" }));
    let solution: Vec<u8> = serde_json::from_value(solved["solution"].clone()).unwrap();
    let rules = sudoku::Sudoku::classic();
    let grid = sudoku::Grid::from_cells(sudoku::Shape::new(9).unwrap(), solution).unwrap();
    assert!(grid.is_full() && rules.check(&grid).is_ok());
    let unique = ok(json!({ "op": "sudoku.solve", "cells": cells(INKALA), "task": "unique" }));
    assert_eq!(unique["status"], "unique: exactly one solution");
    // Take two givens away: more than one solution, and the cells where two differ.
    let mut loose = cells(SIMPLE);
    for k in loose.iter_mut().filter(|d| **d != 0).take(12) {
        *k = 0;
    }
    let multiple = ok(json!({ "op": "sudoku.solve", "cells": loose, "task": "unique" }));
    assert_eq!(multiple["status"], "not unique: two solutions or more");
    assert!(!multiple["differ"].as_array().unwrap().is_empty());
    let count = ok(json!({ "op": "sudoku.solve", "cells": loose, "task": "count", "limit": 5 }));
    assert_eq!(count["count"], 5);
    assert_eq!(count["complete"], false);
}

#[test]
fn a_hint_names_its_technique_and_agrees_with_the_solution() {
    let answer =
        ok(json!({ "op": "sudoku.hint", "cells": cells(INKALA), "givens": cells(INKALA) }));
    let steps = answer["steps"].as_array().unwrap();
    let last = steps.last().unwrap();
    let placed = &last["placed"];
    let (row, col, digit) = (
        placed["row"].as_u64().unwrap() as usize,
        placed["col"].as_u64().unwrap() as usize,
        placed["digit"].as_u64().unwrap() as u8,
    );
    let rules = sudoku::Sudoku::classic();
    let puzzle = sudoku::parse_line(INKALA, None).unwrap();
    let solution = rules.solve(&puzzle).unwrap().unwrap();
    assert_eq!(solution.get(sudoku::Cell { row, col }), digit);
    assert!(last["text"]
        .as_str()
        .unwrap()
        .contains(last["technique"].as_str().unwrap()));
    assert!(!last["focus"].as_array().unwrap().is_empty());
    // A wrong digit on the board is named, not built on.
    let mut board = cells(INKALA);
    let k = board.iter().position(|&d| d == 0).unwrap();
    board[k] = if solution.cells()[k] == 1 { 2 } else { 1 };
    let wrong = ok(json!({ "op": "sudoku.hint", "cells": board, "givens": cells(INKALA) }));
    assert_eq!(wrong["wrong"], json!([[k / 9, k % 9]]));
}

#[test]
fn generated_puzzles_are_unique_and_repeat_by_seed() {
    let request = json!({ "op": "sudoku.generate", "size": 9, "symmetry": "rotate180", "seed": 5 });
    let a = ok(request.clone());
    let b = ok(request);
    assert_eq!(a["cells"], b["cells"]);
    let unique = ok(json!({ "op": "sudoku.solve", "cells": a["cells"], "task": "unique" }));
    assert_eq!(unique["status"], "unique: exactly one solution");
    assert!(a["grade"].is_string());
    assert_eq!(a["minimal"], true);
    assert_eq!(a["unproved"], 0);
    // Stopped early at a number of clues: still one solution, not minimal.
    let early = ok(
        json!({ "op": "sudoku.generate", "size": 16, "boxRows": 4, "boxCols": 4, "seed": 2, "clues": 160 }),
    );
    let clues = early["clues"].as_u64().unwrap();
    assert!((160..=161).contains(&clues), "{clues}");
    // Not minimal by the clue target, not by a proof that ran out: none kept unproved.
    assert_eq!(early["minimal"], false);
    assert_eq!(early["unproved"], 0);
    let unique = ok(
        json!({ "op": "sudoku.solve", "size": 16, "boxRows": 4, "boxCols": 4, "cells": early["cells"], "task": "unique" }),
    );
    assert_eq!(unique["status"], "unique: exactly one solution");
}

#[test]
fn reading_any_form_and_refusing_with_a_place() {
    let grid = "8 . . | . . . | . . .\n. . 3 | 6 . . | . . .\n. 7 . | . 9 . | 2 . .\n------+-------+------\n. 5 . | . . 7 | . . .\n. . . | . 4 5 | 7 . .\n. . . | 1 . . | . 3 .\n------+-------+------\n. . 1 | . . . | . 6 8\n. . 8 | 5 . . | . 1 .\n. 9 . | . . . | 4 . .\n";
    let read = ok(json!({ "op": "sudoku.read", "text": grid }));
    assert_eq!(read["cells"], json!(cells(INKALA)));
    let bad_line = format!("Grid 1\n{}Z.\n", &SIMPLE[..79]);
    let bad = ask(json!({ "op": "sudoku.read", "text": bad_line }));
    assert_eq!(bad["ok"], false);
    assert_eq!(
        (
            bad["error"]["line"].as_u64(),
            bad["error"]["column"].as_u64()
        ),
        (Some(2), Some(80)),
        "{bad}"
    );
    let sixteen = std::fs::read_to_string("../../data/sudoku/16x16-sample.txt").unwrap();
    let read = ok(json!({ "op": "sudoku.read", "text": sixteen }));
    assert_eq!(read["size"], 16);
    let regions = ask(json!({ "op": "sudoku.solve", "cells": cells(INKALA), "regions": "abc" }));
    assert_eq!(regions["error"]["field"], "regions");
}

#[test]
fn bad_requests_are_refused_not_panicked() {
    for request in [
        "not json",
        "{}",
        r#"{"op": "nothing"}"#,
        r#"{"op": "xc"}"#,
        r#"{"op": "xc", "text": "", "task": "count"}"#,
        r#"{"op": "xc", "text": "a\na\n", "task": "sideways"}"#,
        r#"{"op": "xc", "text": "a\na\n", "engine": "warp"}"#,
        r#"{"op": "sudoku.solve", "cells": [1, 2, 3]}"#,
        r#"{"op": "sudoku.solve", "cells": "x"}"#,
        r#"{"op": "sudoku.solve", "size": 7, "cells": []}"#,
        r#"{"op": "sudoku.generate", "size": 9, "grade": "impossible"}"#,
        r#"{"op": "sudoku.read", "text": ""}"#,
        r#"{"op": "xc.make", "puzzle": {"kind": "queens", "n": 0}}"#,
    ] {
        let answer: Value = serde_json::from_str(&dlx_web::handle(request, |_, _| {})).unwrap();
        assert_eq!(answer["ok"], false, "{request}: {answer}");
        assert!(answer["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
}

#[test]
fn solve_all_solves_a_file() {
    let text = std::fs::read_to_string("../../data/sudoku/norvig-top95.txt").unwrap();
    let answer = ok(json!({ "op": "sudoku.solveAll", "text": text }));
    assert_eq!(
        (answer["puzzles"].as_u64(), answer["solved"].as_u64()),
        (Some(95), Some(95))
    );
}
