//! Any bytes through the polyomino board and piece readers and the sudoku region maps: no panic,
//! a byte-order mark and CRLF change nothing, what reads searches.
#![no_main]

#[path = "../src/drawings.rs"]
mod drawings;

libfuzzer_sys::fuzz_target!(|data: &[u8]| drawings::check(data));
