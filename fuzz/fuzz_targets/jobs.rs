//! Job lines into the split search and the tally: no panic, round trips hold, a split adds up.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::jobs(data));
