//! The integration tests of the package, one binary: each module is what was a test file.

mod fuzz_regressions;
mod generate;
mod killer;
mod methods;
mod propagate;
mod rate;
mod sat;
mod sudoku;
