//! The library's single-thread rate on a file of one-line puzzles, the yardstick of the batch
//! command's `--jobs 1` figure: read the lines, then (timed) parse each and prove it unique with
//! one reused solver, as `dlx sudoku --unique` does per puzzle.
//!
//! `cargo run --release --manifest-path benches/Cargo.toml --example library_rate -- FILE [REPEATS]`
//! prints the median rate over REPEATS runs (default 5).

use std::time::Instant;

use sudoku::Sudoku;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "../shared/data/17-clue.txt".to_string());
    let repeats: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let sudoku = Sudoku::classic();
    let mut rates = Vec::new();
    let mut nodes = 0;
    for _ in 0..repeats {
        let mut solver = sudoku.solver();
        nodes = 0;
        let start = Instant::now();
        for line in &lines {
            let grid = sudoku::parse_line(line, None).expect("a puzzle");
            let found = solver
                .search(&grid, 1, sudoku::Limits::none().solutions(2))
                .expect("valid");
            assert_eq!(found.count, 1);
            nodes += found.stats.nodes;
        }
        rates.push(lines.len() as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{path}: {} puzzles, {nodes} nodes; library, one thread: median {:.0} puzzles/s over {repeats} runs (min {:.0}, max {:.0})",
        lines.len(),
        rates[rates.len() / 2],
        rates[0],
        rates[rates.len() - 1]
    );
}
