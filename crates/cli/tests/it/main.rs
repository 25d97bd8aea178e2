//! The integration tests of the package, one binary: each module is what was a test file.

mod batch;
mod bench;
mod cli;
mod common;
mod engines;
mod formats;
mod fuzz_regressions;
mod imports;
mod manners;
mod pre;
mod puzzles;
mod readme;
mod zdd;
