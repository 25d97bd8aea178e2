//! The integration tests of the package, one binary: each module is what was a test file.

mod counts;
mod fuzz_regressions;
mod render;
mod run;
mod words;
