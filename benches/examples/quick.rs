//! A quick min-of-N timing of count-all, ours against the peer in the same run, for trying
//! changes to the hot loop between criterion runs:
//! `cargo run --release --manifest-path benches/Cargo.toml --example quick [REPEATS] [NAME]` (only the instances
//! whose file name contains NAME).

#[path = "../benches/support/peer.rs"]
mod peer;

use std::time::Instant;

fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..reps {
        let start = Instant::now();
        std::hint::black_box(f());
        best = best.min(start.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let files = [
        ("queens13.dlx", repeats),
        ("langford11.dlx", repeats),
        ("pentomino_6x10_sym.dlx", repeats.div_ceil(3)),
    ];
    let only = std::env::args().nth(2).unwrap_or_default();
    for file in ["xcc/double_queens_7x7_2.dlx", "xcc/double_queens_8x8_2.dlx"]
        .into_iter()
        .filter(|f| f.contains(&only))
    {
        let text = dlx_benches::instance(file);
        let problem = dlx::text::parse(&text).unwrap().problem;
        let mut theirs = peer::peer_bounded(&text);
        assert_eq!(
            dlx_benches::ours_count(&problem).solutions,
            peer::peer_count_bounded(&mut theirs)
        );
        let ours = best_of(repeats, || dlx_benches::ours_count(&problem));
        let peer = best_of(repeats, || peer::peer_count_bounded(&mut theirs));
        println!(
            "{file:<24} ours {:>8.1} ms  peer {:>8.1} ms  ratio {:.2} (min of {repeats})",
            ours * 1e3,
            peer * 1e3,
            peer / ours
        );
    }
    for file in ["xcc/words_3x3.dlx", "xcc/words_3x4.dlx"]
        .into_iter()
        .filter(|f| f.contains(&only))
    {
        let text = dlx_benches::instance(file);
        let problem = dlx::text::parse(&text).unwrap().problem;
        let mut theirs = peer::peer_colored(&text);
        assert_eq!(
            dlx_benches::ours_count(&problem).solutions,
            peer::peer_count_colored(&mut theirs).solutions
        );
        let ours = best_of(repeats, || dlx_benches::ours_count(&problem));
        let peer = best_of(repeats, || peer::peer_count_colored(&mut theirs));
        println!(
            "{file:<24} ours {:>8.1} ms  peer {:>8.1} ms  ratio {:.2} (min of {repeats})",
            ours * 1e3,
            peer * 1e3,
            peer / ours
        );
    }
    for (file, reps) in files.into_iter().filter(|(f, _)| f.contains(&only)) {
        let text = dlx_benches::instance(file);
        let problem = dlx::text::parse(&text).unwrap().problem;
        let mut theirs = peer::peer_problem(&text);
        let ours = best_of(reps, || dlx_benches::ours_count(&problem));
        let peer = best_of(reps, || peer::peer_count(&mut theirs));
        println!(
            "{file:<24} ours {:>8.1} ms  peer {:>8.1} ms  ratio {:.2} (min of {reps})",
            ours * 1e3,
            peer * 1e3,
            peer / ours
        );
    }
}
