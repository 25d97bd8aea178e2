//! Reading Knuth's text format: a problem whose item line names n items, for n doubling from
//! 10,000 to 160,000. Linear reading shows as a constant time per item across the sizes (it once
//! took time quadratic in the line's length: 80,000 items in 28 s).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn long_item_lines(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse_long_item_line");
    group.sample_size(10);
    for n in [10_000usize, 20_000, 40_000, 80_000, 160_000] {
        let text = dlx_benches::long_item_line(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                dlx::text::parse(text)
                    .expect("well formed")
                    .problem
                    .num_items()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, long_item_lines);
criterion_main!(benches);
