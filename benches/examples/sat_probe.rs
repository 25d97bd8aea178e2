//! How a SAT solver fares on puzzles our searches find hard: each puzzle of a file, as the exact
//! cover the sudoku crate builds for it (any shape, any variant), reduced by its givens (their
//! items covered, the options that meet those items gone) and encoded as CNF (one variable per
//! option left; each open primary item covered exactly once: one clause of its options, and one
//! clause per pair of them), solved by `splr` (pure-Rust CDCL), then solved again with that
//! solution blocked: unsatisfiable is a proof of uniqueness.
//!
//! `cargo run --release --manifest-path benches/Cargo.toml --example sat_probe -- FILE [--box RxC]`

use std::time::Instant;

use splr::{Certificate, Config, SolveIF, Solver};
use sudoku::{PuzzleReader, Shape, Sudoku, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("a file of one-line puzzles");
    let shape = args
        .iter()
        .position(|a| a == "--box")
        .and_then(|k| args.get(k + 1))
        .map(|b| {
            let (r, c) = b.split_once('x').expect("RxC");
            Shape::with_box(r.parse().unwrap(), c.parse().unwrap()).unwrap()
        });
    let text = std::fs::read_to_string(path).unwrap();
    for (k, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (grid, _) = PuzzleReader::new()
            .shape(shape)
            .line(line.trim())
            .unwrap_or_else(|e| panic!("puzzle {}: {e}", k + 1));
        let rules = Sudoku::new(grid.shape(), Variant::default()).unwrap();
        let problem = rules.problem();
        let n = grid.shape().size();
        // Variable `o + 1` for option `o`; option (cell, digit) is `cell * n + digit - 1`.
        // The givens' options are chosen: every item they cover is done, and every other option
        // on such an item can never be chosen. What is left is one variable per option still
        // possible, and for each item still open its options, exactly one of them.
        let given: Vec<u32> = grid
            .givens()
            .map(|(cell, d)| ((cell.row * n + cell.col) * n + d as usize - 1) as u32)
            .collect();
        let mut covered = vec![false; problem.num_items()];
        for &o in &given {
            for item in problem.option_items(dlx::OptionId::new(o)) {
                covered[item.index()] = true;
            }
        }
        let mut of_item: Vec<Vec<i32>> = vec![Vec::new(); problem.num_items()];
        let mut kept = vec![false; problem.num_options() + 1];
        let mut vars = 0;
        for o in 0..problem.num_options() as u32 {
            let items: Vec<_> = problem.option_items(dlx::OptionId::new(o)).collect();
            if items.iter().any(|i| covered[i.index()]) {
                continue;
            }
            vars += 1;
            kept[o as usize + 1] = true;
            for item in items {
                of_item[item.index()].push(o as i32 + 1);
            }
        }
        let mut cnf: Vec<Vec<i32>> = Vec::new();
        for item in problem
            .items()
            .filter(|&i| problem.is_primary(i) && !covered[i.index()])
        {
            let options = std::mem::take(&mut of_item[item.index()]);
            for (a, &x) in options.iter().enumerate() {
                for &y in &options[a + 1..] {
                    cnf.push(vec![-x, -y]);
                }
            }
            cnf.push(options);
        }
        let clauses = cnf.len();
        let start = Instant::now();
        let first = solve(&cnf);
        let one = start.elapsed().as_secs_f64();
        let verdict = match first {
            Some(model) => {
                // Blocked over the options left only: the solver sets the others as it likes.
                let chosen = model.iter().filter(|&&l| l > 0 && kept[l as usize]);
                cnf.push(chosen.map(|&l| -l).collect());
                match solve(&cnf) {
                    Some(_) => "two solutions at least",
                    None => "unique",
                }
            }
            None => "no solution",
        };
        println!(
            "puzzle {} ({n}x{n}, {} givens; {vars} variables, {clauses} clauses): solved in \
             {one:.2} s, {verdict} in {:.2} s",
            k + 1,
            given.len(),
            start.elapsed().as_secs_f64()
        );
    }
}

/// A model, or `None` when the formula is unsatisfiable.
fn solve(cnf: &[Vec<i32>]) -> Option<Vec<i32>> {
    let mut solver = Solver::try_from((Config::default(), cnf)).ok()?;
    match solver.solve() {
        Ok(Certificate::SAT(model)) => Some(model),
        Ok(Certificate::UNSAT) => None,
        Err(e) => panic!("splr: {e:?}"),
    }
}
