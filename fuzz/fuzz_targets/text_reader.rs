//! Any bytes into the text reader: never a panic; what it accepts prints and reads back the same,
//! and searches (briefly) without breaking the links.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::text_reader(data));
