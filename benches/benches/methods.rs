//! The sudoku methods side by side: the fast classic ones (bitmask MRV, forward checking, and on
//! the easy set plain bitmask and singles), Dancing Links, and two peers from crates.io, on the
//! same puzzles in one run; solve and prove uniqueness (count up to 2), one thread. Subsets are
//! cut so that the slowest member takes about a second per pass.
//!
//! `cargo bench --manifest-path benches/Cargo.toml --bench methods`

#[path = "support/sudoku_peers.rs"]
mod sudoku_peers;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

use sudoku::{compare, Grid, Method, Sudoku};

fn group(c: &mut Criterion, name: &str, file: &str, take: usize, methods: &[Method]) {
    let lines = dlx_benches::sudoku_set(file, take);
    let sudoku = Sudoku::classic();
    let grids: Vec<Grid> = lines
        .iter()
        .map(|l| sudoku::parse_line(l, None).unwrap())
        .collect();
    let peers = sudoku_peers::Peers::new(&lines);

    // The same answers before any timing, as `dlx bench` checks them: the methods agree, and
    // every puzzle has one solution.
    let mut puzzles = compare::Puzzles::new();
    for (k, g) in grids.iter().enumerate() {
        puzzles.push(k + 1, g.clone()).unwrap();
    }
    let settings = compare::Settings::new(Duration::from_secs(60));
    let runs: Vec<compare::Run> = methods
        .iter()
        .map(|&m| compare::run(&puzzles, m, &settings, |_| {}).unwrap())
        .collect();
    assert_eq!(compare::disagreements(&puzzles, &runs), [], "{file}");
    for run in &runs {
        assert!(
            run.attempts.iter().all(|a| a.count == 1),
            "{} on {file}",
            run.method
        );
    }
    let mut solvers: Vec<_> = methods.iter().map(|&m| sudoku.method_solver(m)).collect();

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    for solver in &mut solvers {
        let id = format!("{} (ours)", solver.method());
        group.bench_function(id, |b| {
            b.iter(|| {
                grids
                    .iter()
                    .filter(|g| matches!(solver.count(g, 2), Ok(f) if f.count == 1))
                    .count()
            })
        });
    }
    peers.bench(&mut group);
    group.finish();
}

const FAST: [Method; 3] = [Method::Mrv, Method::Forward, Method::Dlx];

fn kaggle(c: &mut Criterion) {
    let methods = [
        Method::Bitmask,
        Method::Singles,
        Method::Mrv,
        Method::Forward,
        Method::Dlx,
    ];
    group(
        c,
        "methods: kaggle (first 500)",
        "kaggle-first500.txt",
        500,
        &methods,
    );
}

fn seventeen(c: &mut Criterion) {
    group(
        c,
        "methods: 17-clue (first 100)",
        "17-clue-first2000.txt",
        100,
        &FAST,
    );
}

fn magictour(c: &mut Criterion) {
    group(
        c,
        "methods: magictour top1465 (first 200)",
        "magictour-top1465.txt",
        200,
        &FAST,
    );
}

fn forum(c: &mut Criterion) {
    group(
        c,
        "methods: forum hardest 1905 11+ (first 200)",
        "forum-hardest-1905-11plus-first500.txt",
        200,
        &FAST,
    );
}

criterion_group!(benches, kaggle, seventeen, magictour, forum);
criterion_main!(benches);
