//! Arbitrary small matrices, built and searched, against a brute-force oracle.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::oracle(data));
