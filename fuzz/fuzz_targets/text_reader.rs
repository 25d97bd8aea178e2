//! Any bytes into the text reader: never a panic; what it accepts prints and reads back the same,
//! and searches (briefly) without breaking the links.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::text_reader(data));
