//! How long reading a problem with one long item line takes, by phase: `parse_items N`.

use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let text = dlx_benches::long_item_line(n);
    let start = Instant::now();
    let parsed = dlx::text::parse(&text).expect("well formed");
    let parse = start.elapsed();
    let start = Instant::now();
    let outcome = parsed.problem.solver().count();
    let search = start.elapsed();
    println!(
        "{n} items, {} bytes: parse and build {:.3} s, count {:.3} s ({} solutions)",
        text.len(),
        parse.as_secs_f64(),
        search.as_secs_f64(),
        outcome.solutions
    );
}
