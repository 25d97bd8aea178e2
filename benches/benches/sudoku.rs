//! Sudoku: solve and prove uniqueness (count up to 2), one thread, puzzles parsed beforehand:
//! ours (one engine solver reused), the `sudoku` crate (bitboards), `dlx-rs` (exact cover).
//!
//! `cargo bench -p dlx-benches --bench sudoku`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku::{Sudoku, Uniqueness};

fn set(name: &str) -> Vec<String> {
    let path = dlx_benches::instances_dir().join("../sudoku").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn uniqueness(c: &mut Criterion, name: &str, file: &str) {
    let lines = set(file);
    let ours = Sudoku::classic();
    let grids: Vec<sudoku::Grid> = lines
        .iter()
        .map(|l| sudoku::parse_line(l, None).unwrap())
        .collect();
    let theirs: Vec<sudoku_peer::Sudoku> = lines
        .iter()
        .map(|l| sudoku_peer::Sudoku::from_str_line(l).unwrap())
        .collect();
    let inputs: Vec<Vec<usize>> = grids
        .iter()
        .map(|g| g.cells().iter().map(|&d| usize::from(d)).collect())
        .collect();

    // Same answers before timing: every puzzle unique for all three.
    let mut solver = ours.solver();
    for (k, g) in grids.iter().enumerate() {
        assert!(
            matches!(solver.uniqueness(g).unwrap(), Uniqueness::Unique(_)),
            "{file}:{}",
            k + 1
        );
        assert_eq!(theirs[k].solutions_count_up_to(2), 1);
    }
    assert_eq!(
        dlx_rs::sudoku::Sudoku::new_from_input(&inputs[0])
            .take(2)
            .count(),
        1
    );

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
    group.bench_function("sudoku 0.8 (bitboard peer)", |b| {
        b.iter(|| {
            theirs
                .iter()
                .filter(|s| s.solutions_count_up_to(2) == 1)
                .count()
        })
    });
    group.bench_function("dlx-rs 1.3 (peer)", |b| {
        b.iter(|| {
            inputs
                .iter()
                .filter(|v| dlx_rs::sudoku::Sudoku::new_from_input(v).take(2).count() == 1)
                .count()
        })
    });
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
