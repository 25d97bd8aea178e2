//! The `drawings` fuzz target's check on stable, in `cargo test` (polyomino boards and pieces,
//! region maps): every input kept for it (`fuzz/regressions/drawings/`), then arbitrary bytes
//! and valid drawings with a few edits (proptest).

#[path = "../../../../fuzz/src/drawings.rs"]
mod drawings;
#[path = "../../../../fuzz/src/support.rs"]
mod support;

use proptest::prelude::*;

#[test]
fn drawings_regressions() {
    support::replay("drawings", drawings::check);
}

/// The check itself can fail: a reader that let a byte-order mark through would be caught.
#[test]
fn the_check_sees_a_bom_piece() {
    let pieces = puzzles::Piece::parse_set("\u{feff}AA.BB\n").unwrap();
    assert_eq!(pieces.len(), 2, "the BOM became a piece");
}

/// A board, a piece set, a region map, and a board and pieces to tile (first byte: which).
const DRAWINGS: &[&[u8]] = &[
    b"\x00...\n.#.\n...\n",
    b"\x01AA.BB\nA..B.\n",
    b"\x02AABB\nAABB\nCCDD\nCCDD\n",
    b"\x02..\n..\n\0AA\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_drawing_readers_take_any_bytes(data in support::bytes(200)) {
        drawings::check(&data);
    }

    #[test]
    fn the_drawing_readers_take_edited_drawings(data in support::mutated(DRAWINGS)) {
        drawings::check(&data);
    }
}
