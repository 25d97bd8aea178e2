//! Arbitrary bytes read as a ZDD file (`dlx zdd`, Knuth's zddread format): no panic, and a
//! diagram that reads is consistent and round-trips.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::zdd_reader(data));
