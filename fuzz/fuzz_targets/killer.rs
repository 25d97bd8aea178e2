//! See `fuzz/src/killer.rs`: any bytes through the killer sudoku readers, no panic, round trips hold.
#![no_main]

#[path = "../src/killer.rs"]
mod killer;

libfuzzer_sys::fuzz_target!(|data: &[u8]| killer::check(data));
