//! The fuzz targets' checks on stable, in `cargo test`: every input the fuzzers ever kept
//! (`fuzz/regressions/<target>/`), then arbitrary bytes and valid inputs with a few edits
//! (proptest), so the next input that panics is met without nightly.

#[path = "../../../../fuzz/src/lib.rs"]
mod checks;
#[path = "../../../../fuzz/src/support.rs"]
mod support;

use proptest::prelude::*;

#[test]
fn text_reader_regressions() {
    support::replay("text_reader", checks::text_reader);
}

#[test]
fn oracle_regressions() {
    support::replay("oracle", checks::oracle);
}

#[test]
fn colored_oracle_regressions() {
    support::replay("colored_oracle", checks::colored_oracle);
}

#[test]
fn cost_oracle_regressions() {
    support::replay("cost_oracle", checks::cost_oracle);
}

#[test]
fn zdd_reader_regressions() {
    support::replay("zdd_reader", checks::zdd_reader);
}

#[test]
fn jobs_regressions() {
    support::replay("jobs", checks::jobs);
}

#[test]
fn engines_regressions() {
    support::replay("engines", checks::engines);
}

/// Valid problems in Knuth's format: plain, colored, with bounds, with comments and CRLF.
const PROBLEMS: &[&[u8]] = &[
    b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    b"| colors\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
    b"2|A 0:2|B C | X\nA B\nA C X\nB C\nA X:red\nB\nC\n",
    b"\xef\xbb\xbfA B\r\n\r\nA\r\nB\r\nA B\r\n",
    b"A B C | X\nA B |3\nC |1\nA |2\nB X |1 |1\nA C |5\nB C X |4\n",
];

/// Job lines as `--split` writes them, for the small problems of `checks::jobs`.
const JOB_LINES: &[&[u8]] = &[
    b"\x00\
      0123456789abcdef:1/3:1:0\n0123456789abcdef:2/3:0:3\n0123456789abcdef:3/3:0:-\n",
    b"\x01\
      0123456789abcdef:1/4:2:0,n\n0123456789abcdef:2/4:0:n\n0123456789abcdef:3/4:0:1,2\n",
];

/// ZDD files: dlx6's form, ours with option lines, and one with a child after its parent.
const ZDDS: &[&[u8]] = &[
    b"2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n",
    b"#o 1 a b\n#o 2 c\n#o 3 a\n#o 4 b c\n2: (~2?0:1)\n3: (~1?0:2)\n4: (~4?0:1)\n\
      5: (~3?3:4)\n6: (~0?0:5)\n",
    b"5: (~1?6:1)\n6: (~3?0:1)\n7: (~2?5:6)\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_zdd_reader_takes_any_bytes(data in support::bytes(200)) {
        checks::zdd_reader(&data);
    }

    #[test]
    fn the_zdd_reader_takes_edited_files(data in support::mutated(ZDDS)) {
        checks::zdd_reader(&data);
    }

    #[test]
    fn the_text_reader_takes_any_bytes(data in support::bytes(200)) {
        checks::text_reader(&data);
    }

    #[test]
    fn the_text_reader_takes_edited_problems(data in support::mutated(PROBLEMS)) {
        checks::text_reader(&data);
    }

    #[test]
    fn costed_problems_match_the_oracle(data in support::bytes(40)) {
        checks::cost_oracle(&data);
    }

    #[test]
    fn the_two_engines_find_the_same_solutions(data in support::bytes(121)) {
        checks::engines(&data);
    }

    #[test]
    fn job_lines_take_any_bytes(data in support::bytes(120)) {
        checks::jobs(&data);
    }

    #[test]
    fn job_lines_take_edited_lines(data in support::mutated(JOB_LINES)) {
        checks::jobs(&data);
    }
}
