//! Any bytes through the sudoku readers (line, grid, LeetCode): no panic, and round trips hold.
#![no_main]

#[path = "../src/sudoku_parsers.rs"]
mod sudoku_parsers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_parsers::check(data));
