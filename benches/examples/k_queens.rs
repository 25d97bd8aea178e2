//! Writes `k` queens per row and column of an `n x n` board (at most `k` per diagonal) in
//! Knuth's format with bounds: `k_queens N K`. `k_queens 7 2` rebuilds the shared
//! `data/instances/xcc/double_queens_7x7_2.dlx` byte for byte; `k_queens 8 2` is the 8x8 instance
//! of the benchmark table.

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("N and K are whole numbers"))
        .collect();
    let (n, k) = (
        args.first().copied().unwrap_or(7),
        args.get(1).copied().unwrap_or(2),
    );
    print!("{}", dlx_benches::k_queens(n, k));
}
