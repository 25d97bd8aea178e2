//! Small colored problems with costs, searched for their cheapest solutions, against a
//! brute-force oracle.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::cost_oracle(data));
