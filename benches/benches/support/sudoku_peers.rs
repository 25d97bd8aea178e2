//! The two sudoku peers from crates.io, checked and benched the same way in every group of the
//! sudoku and methods benches (`#[path]`-included by both): count up to 2, one thread.

use criterion::measurement::WallTime;
use criterion::BenchmarkGroup;

/// The puzzles as each peer takes them.
pub struct Peers {
    /// The `sudoku` crate 0.8 (bitboards).
    bitboard: Vec<sudoku_peer::Sudoku>,
    /// `dlx-rs` 1.3 (exact cover): cells as numbers, 0 for a blank.
    cells: Vec<Vec<usize>>,
}

impl Peers {
    /// Reads the puzzles (one line each) for both peers, and checks that both find every one
    /// unique before anything is timed.
    pub fn new(lines: &[String]) -> Peers {
        let bitboard: Vec<sudoku_peer::Sudoku> = lines
            .iter()
            .map(|l| sudoku_peer::Sudoku::from_str_line(l).unwrap())
            .collect();
        let cells: Vec<Vec<usize>> = lines
            .iter()
            .map(|l| {
                l.bytes()
                    .map(|b| match b {
                        b'1'..=b'9' => usize::from(b - b'0'),
                        _ => 0,
                    })
                    .collect()
            })
            .collect();
        let peers = Peers { bitboard, cells };
        for k in 0..lines.len() {
            assert_eq!(
                peers.bitboard[k].solutions_count_up_to(2),
                1,
                "line {}",
                k + 1
            );
            assert!(peers.dlx_rs_unique(&peers.cells[k]), "line {}", k + 1);
        }
        peers
    }

    fn dlx_rs_unique(&self, cells: &[usize]) -> bool {
        dlx_rs::sudoku::Sudoku::new_from_input(cells)
            .take(2)
            .count()
            == 1
    }

    /// Adds both peers to a group.
    pub fn bench(&self, group: &mut BenchmarkGroup<'_, WallTime>) {
        group.bench_function("sudoku 0.8 (bitboard peer)", |b| {
            b.iter(|| {
                self.bitboard
                    .iter()
                    .filter(|s| s.solutions_count_up_to(2) == 1)
                    .count()
            })
        });
        group.bench_function("dlx-rs 1.3 (exact-cover peer)", |b| {
            b.iter(|| self.cells.iter().filter(|c| self.dlx_rs_unique(c)).count())
        });
    }
}
