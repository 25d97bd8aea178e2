//! Writes killer sudoku puzzles with one solution each, cut from the solved grids of a puzzle
//! file: `killer_gen FILE COUNT [MAX_CAGE] [SEED]` solves the file's puzzles in turn, cuts each
//! solution into cages of 1 to MAX_CAGE cells (default 4) with `Killer::from_solution`, keeps
//! the cut if the engine proves its solution unique (within 100,000 nodes), else tries the next
//! seed (up to 8 tries per grid), and prints COUNT puzzles as cage maps with their sums,
//! separated by blank lines. `data/sudoku/killer-sample.txt` was made with
//! `killer_gen data/sudoku/17-clue-first2000.txt 20`.

use sudoku::{Killer, Sudoku};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a puzzle file");
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let max_cage: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let classic = Sudoku::classic();
    let mut made = 0;
    println!("# killer sudoku cut from the solutions of {path}, cages of 1 to {max_cage} cells");
    for (k, line) in text.lines().enumerate() {
        if made == count {
            break;
        }
        let Ok(puzzle) = sudoku::parse_line(line.trim(), None) else {
            continue;
        };
        let Ok(Some(solved)) = classic.solve(&puzzle) else {
            continue;
        };
        for attempt in 0..8 {
            let s = seed
                .wrapping_mul(1_000_003)
                .wrapping_add((k * 8 + attempt) as u64);
            let Some(killer) = Killer::from_solution(&solved, max_cage, s) else {
                continue;
            };
            let Some(map) = killer.to_map() else {
                continue;
            };
            let model = killer.model().expect("a cut grid builds");
            let found = model.search(0, dlx::Limits::none().nodes(100_000).solutions(2));
            if found.is_complete() && found.count == 1 {
                println!();
                print!("{map}");
                made += 1;
                break;
            }
        }
    }
    eprintln!("{made} puzzles");
}
