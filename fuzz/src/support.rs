//! What the stable tests around the fuzz targets share (included by each package's
//! `tests/it/fuzz_regressions.rs`): replaying the inputs kept under `fuzz/regressions/<target>/`,
//! and the proptest strategies that feed a target's check with arbitrary bytes and with valid
//! files changed by a few edits, so that plain `cargo test` meets the next input that panics
//! even where nightly and cargo-fuzz are not installed.

use proptest::prelude::*;

/// Runs `check` on every input kept for `target`; fails if there are none.
pub fn replay(target: &str, check: fn(&[u8])) {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        check(&std::fs::read(&path).unwrap());
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}

/// Arbitrary bytes, up to `max` of them, biased toward the bytes that mean something to the
/// readers (separators, line ends, a byte-order mark's first byte) as well as any byte at all.
pub fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        2 => prop::sample::select(SPECIAL),
        3 => prop::sample::select(b"0123456789abcABC.#".as_slice()),
    ];
    prop::collection::vec(byte, 0..max)
}

/// Bytes that mean something to one reader or another.
const SPECIAL: &[u8] = b"\n\r\t \x0b\x0c\0|:,;=-+*#.'\"[]{}\xef\xbb\xbf\xff";

/// One of `seeds` (valid inputs) with one to five edits: a byte replaced, inserted or removed,
/// a span deleted or repeated, the end cut off.
pub fn mutated(seeds: &'static [&'static [u8]]) -> impl Strategy<Value = Vec<u8>> {
    let edit = (
        0u8..7,
        any::<prop::sample::Index>(),
        prop_oneof![any::<u8>(), prop::sample::select(SPECIAL)],
        1usize..12,
    );
    (
        prop::sample::select(seeds),
        prop::collection::vec(edit, 1..6),
    )
        .prop_map(|(seed, edits)| {
            let mut v = seed.to_vec();
            for (op, at, byte, len) in edits {
                let k = at.index(v.len() + 1);
                let end = (k + len).min(v.len());
                match op {
                    0 if k < v.len() => v[k] = byte,
                    1 | 2 => v.insert(k, byte),
                    3 => {
                        v.drain(k..end);
                    }
                    4 => {
                        let span = v[k..end].to_vec();
                        v.splice(k..k, span);
                    }
                    5 => v.truncate(k),
                    _ if k < v.len() => {
                        v.remove(k);
                    }
                    _ => {}
                }
            }
            v
        })
}
