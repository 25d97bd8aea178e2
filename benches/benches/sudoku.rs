//! Sudoku: solve and prove uniqueness (count up to 2), one thread, puzzles parsed beforehand:
//! ours (one engine solver reused), the `sudoku` crate (bitboards), `dlx-rs` (exact cover).
//!
//! `cargo bench --manifest-path benches/Cargo.toml --bench sudoku`

#[path = "support/sudoku_peers.rs"]
mod sudoku_peers;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlx::ProblemBuilder;
use sudoku::{Sudoku, Uniqueness};

/// The other way to apply givens (Knuth's sudoku-dlx): per puzzle, build a matrix of only the
/// items the givens leave open and the options they allow, through the public builder, then
/// count up to 2. Returns the outcome, whose figures are dlx1's on Knuth's reduced files.
fn reduced_count(cells: &[u8]) -> dlx::Outcome {
    let (mut row, mut col, mut bx) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (k, &d) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
        let bit = 1 << d;
        row[k / 9] |= bit;
        col[k % 9] |= bit;
        bx[(k / 27) * 3 + (k % 9) / 3] |= bit;
    }
    let mut b = ProblemBuilder::new();
    // Items in Knuth's order: open cells, then the open row, column and box digits.
    for (k, _) in cells.iter().enumerate().filter(|(_, &d)| d == 0) {
        b.primary(format!("p{}{}", k / 9, k % 9)).unwrap();
    }
    for (prefix, used) in [('r', &row), ('c', &col), ('b', &bx)] {
        for (u, mask) in used.iter().enumerate() {
            for d in 1..=9 {
                if mask & (1 << d) == 0 {
                    b.primary(format!("{prefix}{u}{d}")).unwrap();
                }
            }
        }
    }
    for (k, _) in cells.iter().enumerate().filter(|(_, &d)| d == 0) {
        let (r, c, x) = (k / 9, k % 9, (k / 27) * 3 + (k % 9) / 3);
        for d in 1..=9 {
            if (row[r] | col[c] | bx[x]) & (1 << d) == 0 {
                let names = [
                    format!("p{r}{c}"),
                    format!("r{r}{d}"),
                    format!("c{c}{d}"),
                    format!("b{x}{d}"),
                ];
                b.option_by_names(names.iter().map(String::as_str)).unwrap();
            }
        }
    }
    match b.build() {
        Ok(problem) => problem.count_up_to(2),
        // A full grid leaves no item open: its one solution needs no search.
        Err(_) => dlx::Outcome::from_stats(&dlx::Stats::from_figures(1, 0, 0, 0, Vec::new()), None),
    }
}

fn uniqueness(c: &mut Criterion, name: &str, file: &str) {
    let lines = dlx_benches::sudoku_set(file, usize::MAX);
    let ours = Sudoku::classic();
    let grids: Vec<sudoku::Grid> = lines
        .iter()
        .map(|l| sudoku::parse_line(l, None).unwrap())
        .collect();
    let peers = sudoku_peers::Peers::new(&lines);

    // Same answers before timing: every puzzle unique for ours too (the peers checked theirs).
    let mut solver = ours.solver();
    for (k, g) in grids.iter().enumerate() {
        assert!(
            matches!(solver.uniqueness(g).unwrap(), Uniqueness::Unique(_)),
            "{file}:{}",
            k + 1
        );
    }

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    group.bench_function("dlx (ours)", |b| {
        b.iter(|| {
            grids
                .iter()
                .filter(|g| matches!(solver.uniqueness(g), Ok(Uniqueness::Unique(_))))
                .count()
        })
    });
    group.bench_function("dlx (ours, reduced matrix per puzzle)", |b| {
        b.iter(|| {
            grids
                .iter()
                .filter(|g| reduced_count(g.cells()).solutions == 1)
                .count()
        })
    });
    peers.bench(&mut group);
    group.finish();
}

fn seventeen(c: &mut Criterion) {
    uniqueness(c, "17-clue (first 2000)", "17-clue-first2000.txt");
}

fn magictour(c: &mut Criterion) {
    uniqueness(c, "magictour top1465", "magictour-top1465.txt");
}

fn forum(c: &mut Criterion) {
    uniqueness(
        c,
        "forum hardest 1905 11+ (first 500)",
        "forum-hardest-1905-11plus-first500.txt",
    );
}

criterion_group!(benches, seventeen, magictour, forum);
criterion_main!(benches);
