//! Replays every input the fuzzers ever kept (`fuzz/regressions/<target>/`) through the same
//! checks the fuzz targets run, on stable and in `cargo test`.

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
    n
}

#[test]
fn text_reader_regressions() {
    assert!(
        replay("text_reader", checks::text_reader) > 0,
        "no regression inputs found"
    );
}

#[test]
fn oracle_regressions() {
    assert!(
        replay("oracle", checks::oracle) > 0,
        "no regression inputs found"
    );
}

#[test]
fn colored_oracle_regressions() {
    assert!(
        replay("colored_oracle", checks::colored_oracle) > 0,
        "no regression inputs found"
    );
}
