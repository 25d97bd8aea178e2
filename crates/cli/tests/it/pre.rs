//! Knuth's preprocessor from the command line: `dlx pre` writes what his `dlx-pre` writes, and
//! `dlx xc --preprocess` solves the reduced problem, printing solutions as options of the file.

use crate::common::{instance, run, solutions};

#[test]
fn pre_writes_what_dlx_pre_writes() {
    let r = run(
        &["pre", "--origins", "--stats"],
        b"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        " A B E\n A\n| (from 4)\n B\n| (from 5)\n E\n| (from 1)\n"
    );
    assert!(
        r.stderr
            .starts_with("removed 3 options and 4 items in 3 rounds; 3 options and 3 items left"),
        "{}",
        r.stderr
    );
    // A primary item no option can cover: the problem is that item, and a note says so.
    let r = run(&["pre"], b"A B\nA\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "B\n"));
    assert!(r.stderr.contains("item B is in no option"), "{}", r.stderr);
    // Bounds are refused, with the file's name.
    let r = run(&["pre", &instance("xcc/mult101.dlx")], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("takes no bounds"), "{}", r.stderr);
}

#[test]
fn preprocess_finds_the_same_solutions_as_options_of_the_file() {
    for file in [
        "sudoku_inkala_full.dlx",
        "xcc/knuth_example_dlx2.dlx",
        "queens8.dlx",
    ] {
        let plain = run(&["xc", &instance(file)], b"");
        let pre = run(&["xc", &instance(file), "--preprocess"], b"");
        assert_eq!(pre.code, 0, "{file}: {}", pre.stderr);
        assert_eq!(solutions(&pre.stdout), solutions(&plain.stdout), "{file}");
    }
    // A count, with what was removed.
    let r = run(
        &[
            "xc",
            &instance("sudoku_leetcode_full.dlx"),
            "--count",
            "--preprocess",
            "--stats",
        ],
        b"",
    );
    assert_eq!(r.stdout, "1\n");
    assert!(
        r.stderr
            .contains("preprocessed: 408 options and 243 items removed in 3 rounds"),
        "{}",
        r.stderr
    );
    let r = run(
        &[
            "xc",
            &instance("queens8.dlx"),
            "--preprocess",
            "--best",
            "1",
        ],
        b"",
    );
    assert_eq!(r.code, 2, "--preprocess does not go with --best");
}
