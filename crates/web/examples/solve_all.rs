//! The native side of the page's speed figure: the same request the page's worker answers
//! (`sudoku.solveAll`), through the same code, natively on one thread.
//!
//! `cargo run --release --example solve_all -- data/sudoku/17-clue-first2000.txt [RUNS]` prints
//! `{"puzzles":..,"solved":..,"nodes":..,"ms":..}`, `ms` the median of RUNS runs (5 unless
//! given). The browser test runs it between its runs in the page, so that both see the same
//! machine.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: solve_all FILE [RUNS]");
    let runs: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("RUNS: a number"));
    let text = std::fs::read_to_string(&path).expect("reading the puzzles");
    let request = serde_json::json!({ "op": "sudoku.solveAll", "text": text }).to_string();
    let mut times = Vec::new();
    let mut answer = String::new();
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        answer = dlx_web::handle(&request, |_, _| {});
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["ok"], true, "{answer}");
    println!(
        "{}",
        serde_json::json!({
            "puzzles": answer["puzzles"],
            "solved": answer["solved"],
            "nodes": answer["nodes"],
            "ms": times[times.len() / 2],
        })
    );
}
