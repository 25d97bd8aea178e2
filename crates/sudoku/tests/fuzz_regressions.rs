//! Replays every input kept for the `sudoku_parsers` fuzz target through the same check, on
//! stable and in `cargo test` (see `fuzz/regressions/README.md`).

#[path = "../../../fuzz/src/sudoku_parsers.rs"]
mod sudoku_parsers;

#[test]
fn sudoku_parsers_regressions() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions/sudoku_parsers");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        sudoku_parsers::check(&std::fs::read(entry.unwrap().path()).unwrap());
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}
