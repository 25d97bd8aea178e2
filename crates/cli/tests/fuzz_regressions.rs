//! Replays every input kept for the `drawings` fuzz target (polyomino boards and pieces, region
//! maps) through the same check, on stable and in `cargo test` (see `fuzz/regressions/README.md`).

#[path = "../../../fuzz/src/drawings.rs"]
mod drawings;

#[test]
fn drawings_regressions() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions/drawings");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        drawings::check(&std::fs::read(entry.unwrap().path()).unwrap());
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}

/// The check itself can fail: a reader that let a byte-order mark through would be caught.
#[test]
fn the_check_sees_a_bom_piece() {
    let pieces = puzzles::Piece::parse_set("\u{feff}AA.BB\n").unwrap();
    assert_eq!(pieces.len(), 2, "the BOM became a piece");
}
