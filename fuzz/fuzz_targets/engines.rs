//! Arbitrary problems with colors: dancing links and dancing cells find the same solutions.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::engines(data));
