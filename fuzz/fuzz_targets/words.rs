//! See `fuzz/src/words.rs`: any bytes through the word-list and pattern readers and the
//! crossword search; no panic, and the fillings keep the rules.
#![no_main]

#[path = "../src/words.rs"]
mod words;

libfuzzer_sys::fuzz_target!(|data: &[u8]| words::check(data));
