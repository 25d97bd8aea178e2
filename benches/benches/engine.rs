//! Count-all on Knuth's instances: our engine, the classic layout, and the `dlx` crate, side by
//! side in one run, with our dancing-cells engine (Knuth's `ssxcc`, and `ssmcc` with bounds:
//! other trees) beside them.
//! Each group first checks that all of them count the same solutions, and those with dancing
//! links build the same tree.
//!
//! `cargo bench --manifest-path benches/Cargo.toml --bench engine`

use criterion::{criterion_group, criterion_main, Criterion};
#[path = "support/peer.rs"]
mod peer;

use dlx_benches::{classic::Classic, instance, ours_count};
use peer::{
    peer_bounded, peer_colored, peer_count, peer_count_bounded, peer_count_colored, peer_problem,
};

fn count_all(c: &mut Criterion, file: &str, samples: usize) {
    let text = instance(file);
    let ours = dlx::text::parse(&text).unwrap().problem;
    let mut classic = Classic::new(&ours);
    let mut peer = peer_problem(&text);

    let expected = ours_count(&ours);
    assert_eq!(
        classic.count(),
        expected,
        "{file}: classic layout builds another tree"
    );
    let theirs = peer_count(&mut peer);
    // Same tree: same solutions and nodes. (The peer skips the cover of an empty item at a dead
    // end, so its update count is lower by one per dead end.)
    assert_eq!(
        (theirs.solutions, theirs.nodes),
        (expected.solutions, expected.nodes),
        "{file}: peer"
    );

    let cells = |p: &dlx::Problem| p.solver_with(dlx::Engine::Cells).unwrap().count();
    assert_eq!(cells(&ours).solutions, expected.solutions, "{file}: cells");

    let mut group = c.benchmark_group(file.trim_end_matches(".dlx"));
    group.sample_size(samples);
    group.bench_function("dlx (ours)", |b| b.iter(|| ours_count(&ours)));
    group.bench_function("dancing cells (ours)", |b| b.iter(|| cells(&ours)));
    group.bench_function("classic layout", |b| b.iter(|| classic.count()));
    group.bench_function("dlx 0.8.5 (peer)", |b| b.iter(|| peer_count(&mut peer)));
    group.finish();
}

fn queens13(c: &mut Criterion) {
    count_all(c, "queens13.dlx", 20);
}

fn langford11(c: &mut Criterion) {
    count_all(c, "langford11.dlx", 20);
}

fn pentomino_6x10(c: &mut Criterion) {
    count_all(c, "pentomino_6x10.dlx", 10);
}

/// Count-all with color controls (`xcc/`): ours and the peer's `c` solver. Same solutions; the
/// peer counts nodes and updates by its own rules, so only the solutions are compared.
fn count_colored(c: &mut Criterion, file: &str, samples: usize) {
    let text = instance(file);
    let ours = dlx::text::parse(&text).unwrap().problem;
    assert!(ours.has_colors(), "{file}");
    let mut peer = peer_colored(&text);
    let expected = ours_count(&ours);
    let theirs = peer_count_colored(&mut peer);
    assert_eq!(theirs.solutions, expected.solutions, "{file}: peer");
    let cells = |p: &dlx::Problem| p.solver_with(dlx::Engine::Cells).unwrap().count();
    assert_eq!(cells(&ours).solutions, expected.solutions, "{file}: cells");

    let mut group = c.benchmark_group(file.trim_end_matches(".dlx"));
    group.sample_size(samples);
    group.bench_function("dlx (ours)", |b| b.iter(|| ours_count(&ours)));
    group.bench_function("dancing cells (ours)", |b| b.iter(|| cells(&ours)));
    group.bench_function("dlx 0.8.5 c (peer)", |b| {
        b.iter(|| peer_count_colored(&mut peer))
    });
    group.finish();
}

fn words_3x3(c: &mut Criterion) {
    count_colored(c, "xcc/words_3x3.dlx", 20);
}

fn words_3x4(c: &mut Criterion) {
    count_colored(c, "xcc/words_3x4.dlx", 10);
}

/// Count-all with multiplicities: ours and the peer's `mc` solver, the same solutions.
fn double_queens(c: &mut Criterion) {
    let file = "xcc/double_queens_7x7_2.dlx";
    let text = instance(file);
    let ours = dlx::text::parse(&text).unwrap().problem;
    assert!(ours.has_bounds());
    let mut peer = peer_bounded(&text);
    let expected = ours_count(&ours);
    assert_eq!(
        peer_count_bounded(&mut peer),
        expected.solutions,
        "{file}: peer"
    );
    // Dancing cells with bounds: Knuth's `ssmcc`.
    let cells = |p: &dlx::Problem| p.solver_with(dlx::Engine::Cells).unwrap().count();
    assert_eq!(cells(&ours).solutions, expected.solutions, "{file}: cells");
    let mut group = c.benchmark_group(file.trim_end_matches(".dlx"));
    group.sample_size(10);
    group.bench_function("dlx (ours)", |b| b.iter(|| ours_count(&ours)));
    group.bench_function("dancing cells (ours)", |b| b.iter(|| cells(&ours)));
    group.bench_function("dlx 0.8.5 mc (peer)", |b| {
        b.iter(|| peer_count_bounded(&mut peer))
    });
    group.finish();
}

criterion_group!(
    benches,
    double_queens,
    queens13,
    langford11,
    pentomino_6x10,
    words_3x3,
    words_3x4
);
criterion_main!(benches);
