//! The integration tests of the package, one binary: each module is what was a test file.

mod fuzz_regressions;
mod generate;
mod killer;
mod methods;
mod propagate;
mod rate;
mod sat;
mod sudoku;

/// The text of the file `name` in the repository's `data/sudoku` (a test's panic names the path).
fn data_text(name: &str) -> String {
    let path = format!("{}/../cli/data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
