//! The fuzz targets' checks on stable, in `cargo test`: every input kept for the
//! `sudoku_parsers` and `killer` targets (`fuzz/regressions/<target>/`), then arbitrary bytes
//! and valid puzzles with a few edits (proptest).

#[path = "../../../fuzz/src/killer.rs"]
mod killer;
#[path = "../../../fuzz/src/sudoku_parsers.rs"]
mod sudoku_parsers;
#[path = "../../../fuzz/src/support.rs"]
mod support;

use proptest::prelude::*;

#[test]
fn sudoku_parsers_regressions() {
    support::replay("sudoku_parsers", sudoku_parsers::check);
}

#[test]
fn killer_regressions() {
    support::replay("killer", killer::check);
}

/// Puzzles as lines, grids and LeetCode boards.
const PUZZLES: &[&[u8]] = &[
    b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    b"1...\n..2.\n.3..\n...4\n",
    b"+-------+\n| 1 . | . 2 |\n| . . | 3 . |\n+-------+\n",
    b"[[\"5\",\"3\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"]]",
    b"A.......\n..B.....\n",
];

/// Killer sudokus: a 4x4 map with its sums (the first byte picks the reader), and JSON.
const KILLERS: &[&[u8]] = &[
    b"\x00AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=7 D=5\nE=5 F=7 G=1 H=3\n",
    b"\x01# a comment\nAABB\nCDDB\nCEFF\nGEHH\nA=3,B=9,C=7,D=5,E=5,F=7,G=1,H=3\ngivens 1...............\n",
    b"\x02{\"size\": 4, \"cages\": [{\"cells\": [[0,0],[0,1]], \"sum\": 3}, {\"cells\": [[3,3]], \"sum\": 4}]}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_sudoku_readers_take_any_bytes(data in support::bytes(200)) {
        sudoku_parsers::check(&data);
    }

    #[test]
    fn the_sudoku_readers_take_edited_puzzles(data in support::mutated(PUZZLES)) {
        sudoku_parsers::check(&data);
    }

    #[test]
    fn the_killer_readers_take_any_bytes(data in support::bytes(200)) {
        killer::check(&data);
    }

    #[test]
    fn the_killer_readers_take_edited_puzzles(data in support::mutated(KILLERS)) {
        killer::check(&data);
    }
}
