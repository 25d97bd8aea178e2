//! The fuzz targets' checks on stable, in `cargo test`: every input kept for the
//! `sudoku_parsers` and `killer` targets (`fuzz/regressions/<target>/`, a generator's
//! checkpoint among them), then arbitrary bytes and valid puzzles with a few edits (proptest).

#[path = "../../../../fuzz/src/batch_reader.rs"]
mod batch_reader;
#[path = "../../../../fuzz/src/killer.rs"]
mod killer;
#[path = "../../../../fuzz/src/sudoku_parsers.rs"]
mod sudoku_parsers;
#[path = "../../../../fuzz/src/support.rs"]
mod support;

use proptest::prelude::*;

#[test]
fn sudoku_parsers_regressions() {
    support::replay("sudoku_parsers", sudoku_parsers::check);
}

#[test]
fn batch_reader_regressions() {
    support::replay("batch_reader", batch_reader::check);
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

/// Files as people keep them (the first byte picks the format: 0 detects it).
const FILES: &[&[u8]] = &[
    b"\x00Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n",
    b"\x00......2..3.1....\nhello world\n.4..3..2.1......\n# comment\n12..34..21....1.|note\n",
    b"\x00id,puzzle,solution\n1,......2..3.1....,4132...\n2,\"12..34..21....1.\",x\n",
    b"\x00__3|_2_|6__ a\n9__|3_5|__1\n__1|8_6|4__\n---+---+--- b\n__8|1_2|9__\n7__|___|__8\n__6|7_8|2__\n---+---+---\n__2|6_9|5__\n8__|2_3|__9\n__5|_1_|3__\n",
    b"\x00x93 468 157\nx4x x79 x68\nxxx xx2 xxx\n\nxx7 xx5 9xx\n",
    b"\x04[[\"5\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\"1\"]]",
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
    fn the_batch_reader_takes_any_bytes(data in support::bytes(300)) {
        batch_reader::check(&data);
    }

    #[test]
    fn the_batch_reader_takes_edited_files(data in support::mutated(FILES)) {
        batch_reader::check(&data);
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
