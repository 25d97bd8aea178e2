//! Arbitrary small colored problems, built and searched, against a brute-force oracle.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::colored_oracle(data));
