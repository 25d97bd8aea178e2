//! The memoized search (`dlx::zdd`, Knuth's `dlx6`) beside the dancing-links count, in one run,
//! on problems where the memo wins (domino tilings of a board: 12,988,816 of them for 8x8) and
//! where it does not (Langford pairs, word rectangles). Each group first checks that both count
//! the same. Knuth's `dlx6` is a C program, compared whole process in `docs/benchmarks.md`.
//!
//! `cargo bench --manifest-path benches/Cargo.toml --bench memo`

use criterion::{criterion_group, criterion_main, Criterion};

use dlx_benches::instance;

fn memo_and_links(c: &mut Criterion, file: &str, samples: usize, links: bool) {
    let problem = dlx::text::parse(&instance(file)).unwrap().problem;
    let memo = problem.memo().run();
    let count = memo.count().expect("complete").to_u64();
    let name = file
        .rsplit('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".dlx");
    let mut group = c.benchmark_group(format!("memo/{name}"));
    group.sample_size(samples);
    group.bench_function("memo (ours)", |b| {
        b.iter(|| problem.memo().run().stats.nodes)
    });
    if links {
        assert_eq!(Some(problem.count().solutions), count, "{file}");
        group.bench_function("dancing links (ours)", |b| {
            b.iter(|| problem.count().solutions)
        });
    }
    group.finish();
}

fn dominoes(c: &mut Criterion) {
    memo_and_links(c, "memo/dominoes_8x8.dlx", 10, true);
    memo_and_links(c, "memo/dominoes_12x12.dlx", 20, false);
    memo_and_links(c, "memo/aztec_8.dlx", 20, false);
}

fn others(c: &mut Criterion) {
    memo_and_links(c, "langford11.dlx", 10, true);
    memo_and_links(c, "xcc/words_3x3.dlx", 10, true);
}

criterion_group!(benches, dominoes, others);
criterion_main!(benches);
