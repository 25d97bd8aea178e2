//! The integration tests of the package, one binary: each module is what was a test file.

mod best;
mod cells;
mod colors;
mod common;
mod conformance;
mod engine;
mod front;
mod fuzz_regressions;
mod memo;
mod parallel;
mod pre;
