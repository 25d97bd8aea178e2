//! See `fuzz/src/batch_reader.rs`: any bytes through the batch reader (format detection and
//! every layout) and the killer file reader; no panic, and round trips hold.
#![no_main]

#[path = "../src/batch_reader.rs"]
mod batch_reader;

libfuzzer_sys::fuzz_target!(|data: &[u8]| batch_reader::check(data));
