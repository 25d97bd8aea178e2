//! Times solving an empty grid, then a third of its cells as givens, for each size:
//! `cargo run --release -p sudoku-dlx --example sizes`.
use std::time::Instant;
use sudoku::{Cell, Grid, Shape, Sudoku, Variant};
fn main() {
    for (r, c) in [
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 4),
        (5, 5),
        (1, 5),
        (5, 7),
    ] {
        let shape = Shape::with_box(r, c).unwrap();
        let sudoku = Sudoku::new(shape, Variant::default()).unwrap();
        let t = Instant::now();
        let empty = Grid::empty(shape);
        let found = sudoku.count(&empty, 1).unwrap();
        let full = &found.grids[0];
        let t1 = t.elapsed();
        let mut puzzle = Grid::empty(shape);
        for (k, &d) in full.cells().iter().enumerate().filter(|(k, _)| k % 3 == 0) {
            puzzle.set(
                Cell {
                    row: k / shape.size(),
                    col: k % shape.size(),
                },
                d,
            );
        }
        let t = Instant::now();
        let again = sudoku.count(&puzzle, 1).unwrap();
        println!(
            "{r}x{c}: empty {:?} ({} nodes), third {:?} ({} nodes)",
            t1,
            found.stats.nodes,
            t.elapsed(),
            again.stats.nodes
        );
    }
}
