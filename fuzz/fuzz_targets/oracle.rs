//! Arbitrary small matrices, built and searched, against a brute-force oracle.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::oracle(data));
