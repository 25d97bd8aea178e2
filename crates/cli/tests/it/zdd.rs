//! The memoized search from the command line (`dlx xc --memo`, `--zdd`, the puzzles'
//! `--memo`) and `dlx zdd count|sample|list`: what they print, their figures, their errors.

use std::collections::BTreeSet;

use crate::common::{instance, run};

/// A file in a folder of this test run's own.
fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dlx-zdd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).display().to_string()
}

#[test]
fn memo_counts_past_64_bits_with_dlx6s_figures() {
    let r = run(
        &[
            "xc",
            &instance("memo/dominoes_10x10.dlx"),
            "--count",
            "--memo",
            "--stats",
        ],
        b"",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "258584046368\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.starts_with(
            "258584046368 solutions, 13562 nodes, 63405 updates; 13552 ZDD nodes, 9539 memos, \
             4023 hits,"
        ),
        "{}",
        r.stderr
    );
    // Colors: cleansings too; and JSON with the count as an integer.
    let r = run(
        &[
            "xc",
            &instance("xcc/words_3x3.dlx"),
            "--count",
            "--memo",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(
        r.stdout,
        "{\"solutions\":16540,\"nodes\":56305,\"updates\":14212635,\"cleansings\":353780,\
         \"zdd_nodes\":18025,\"memos\":21387,\"hits\":34918,\"complete\":true,\
         \"stopped_by\":null}\n"
    );
    let ladder = {
        let mut text = String::new();
        let n = 100;
        for c in 0..n {
            text.push_str(&format!("a{c} b{c} "));
        }
        text.push('\n');
        for c in 0..n {
            text.push_str(&format!("a{c} b{c}\n"));
            if c + 1 < n {
                text.push_str(&format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1));
            }
        }
        text
    };
    // The 2 x 100 board: F(101) tilings, past 2^64.
    let r = run(
        &["xc", "-", "--count", "--memo", "--format", "json"],
        ladder.as_bytes(),
    );
    assert!(
        r.stdout
            .starts_with("{\"solutions\":573147844013817084101,"),
        "{}",
        r.stdout
    );
}

#[test]
fn memo_lists_what_the_search_lists() {
    for file in ["queens8.dlx", "xcc/color104.dlx"] {
        let plain = run(&["xc", &instance(file)], b"");
        let memo = run(&["xc", &instance(file), "--memo"], b"");
        assert_eq!(memo.code, 0);
        assert_eq!(memo.stdout, plain.stdout, "{file}");
    }
}

#[test]
fn zdd_files_count_sample_and_list() {
    let q8 = instance("queens8.dlx");
    let file = temp("q8.zdd");
    let r = run(&["xc", &q8, "--zdd", &file], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
    // On standard output, the same bytes.
    let out = run(&["xc", &q8, "--zdd", "-"], b"");
    assert_eq!(out.stdout, std::fs::read_to_string(&file).unwrap());
    assert!(out
        .stdout
        .starts_with("# A ZDD of 481 nodes over 64 options"));

    assert_eq!(run(&["zdd", "count", &file], b"").stdout, "92\n");
    assert_eq!(
        run(&["zdd", "count", &file, "--by-size"], b"").stdout,
        "8 92\n"
    );
    assert_eq!(
        run(&["zdd", "count", &file, "--format", "json"], b"").stdout,
        "{\"solutions\":92,\"zdd_nodes\":481}\n"
    );
    // Every solution, as `dlx xc` prints them.
    let listed = run(&["zdd", "list", &file], b"");
    assert_eq!(listed.stdout, run(&["xc", &q8], b"").stdout);
    let two = run(&["zdd", "list", &file, "--limit", "2"], b"");
    assert_eq!(two.stdout.split("\n\n").count(), 2);
    // Samples: solutions, the same for the same seed.
    let all: BTreeSet<&str> = listed.stdout.split("\n\n").map(str::trim_end).collect();
    let sample = run(&["zdd", "sample", &file, "-n", "5", "--seed", "3"], b"");
    assert_eq!(sample.code, 0);
    let drawn: Vec<&str> = sample.stdout.split("\n\n").map(str::trim_end).collect();
    assert_eq!(drawn.len(), 5);
    assert!(drawn.iter().all(|s| all.contains(s)));
    let again = run(&["zdd", "sample", &file, "-n", "5", "--seed", "3"], b"");
    assert_eq!(again.stdout, sample.stdout);
    let json = run(&["zdd", "sample", &file, "--format", "json"], b"");
    assert!(
        json.stdout.starts_with("{\"solution\":[[\"r"),
        "{}",
        json.stdout
    );

    // Knuth's own file: no option lines, so option numbers.
    let knuth = instance("memo/queens8_dlx6.zdd");
    assert_eq!(run(&["zdd", "count", &knuth], b"").stdout, "92\n");
    let numbers = run(&["zdd", "list", &knuth, "--limit", "1"], b"");
    let first: Vec<u32> = numbers
        .stdout
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(first.len(), 8);
    // Standard input.
    let piped = run(&["zdd", "count"], std::fs::read(&knuth).unwrap().as_slice());
    assert_eq!(piped.stdout, "92\n");
}

#[test]
fn limits_stop_with_a_lower_bound_and_say_which() {
    let q13 = instance("queens13.dlx");
    let r = run(
        &["xc", &q13, "--count", "--memo", "--max-nodes", "1000"],
        b"",
    );
    assert_eq!(r.code, 3);
    assert!(r.stdout.ends_with("+\n"), "{}", r.stdout);
    assert!(
        r.stderr.starts_with(
            "dlx: stopped: the node limit (--max-nodes 1000) was reached after 1000 nodes and"
        ),
        "{}",
        r.stderr
    );
    let file = temp("stopped.zdd");
    let r = run(&["xc", &q13, "--zdd", &file, "--memory", "64K"], b"");
    assert_eq!(r.code, 3);
    assert!(
        r.stderr
            .contains("the memory budget (--memory 64K, 65536 bytes)"),
        "{}",
        r.stderr
    );
    assert!(!std::path::Path::new(&file).exists(), "no ZDD written");
    let r = run(
        &[
            "xc",
            &q13,
            "--count",
            "--memo",
            "--max-zdd-nodes",
            "10",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(r.code, 3);
    assert!(r
        .stdout
        .contains("\"complete\":false,\"stopped_by\":\"max_zdd_nodes\""));
}

#[test]
fn what_does_not_go_together_is_refused() {
    let q8 = instance("queens8.dlx");
    let refused: &[(&[&str], &str)] = &[
        (&["xc", &q8, "--memo", "--limit", "2"], "--memo and --limit"),
        (
            &["xc", &q8, "--memo", "--best", "2"],
            "--memo and --ordered or --best",
        ),
        (
            &["xc", &q8, "--zdd", "-", "--count"],
            "both would be written on standard output",
        ),
        (&["xc", &q8, "--count", "--memory", "1G"], "add --memo"),
        (
            &["xc", &q8, "--zdd", "x.zdd", "--split", "4"],
            "--memo and --zdd with --split or --job",
        ),
        (
            &["xc", &q8, "--memo", "--job", "1457802848f20c52:1/2:1:0"],
            "--job with --memo runs one job of a split count: add --count",
        ),
        (
            &[
                "xc",
                &instance("xcc/double_queens_7x7_2.dlx"),
                "--memo",
                "--split",
                "4",
            ],
            "the memoized search of a problem with bounds is not split into jobs",
        ),
        (&["xc", &q8, "--memo", "--memory", "0"], "a size of 0"),
        (&["xc", &q8, "--memo", "--memory", "12Q"], "is not a size"),
        (
            &["xc", &q8, "--zdd", "/nonexistent/dir/x.zdd"],
            "cannot write /nonexistent",
        ),
        (&["queens", "8", "--memo"], "--memo counts: add --count"),
        (
            &["queens", "8", "--count", "--memo", "--distinct"],
            "no --distinct",
        ),
    ];
    for (args, says) in refused {
        let r = run(args, b"");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (2, ""),
            "{args:?}: {}",
            r.stderr
        );
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn a_bad_zdd_file_is_named_where_it_is_wrong() {
    let bad = temp("bad.zdd");
    std::fs::write(&bad, "2: (~1?0:1)\n3: (~2?2:9)\n4: (~0?0:3)\n").unwrap();
    let r = run(&["zdd", "count", &bad], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert_eq!(
        r.stderr,
        format!("dlx: error: {bad}:2:1: node 9 is used here but never defined\n")
    );
    let r = run(&["zdd", "list", "-"], b"hello\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("<stdin>:1:1: expected a node `ID: (~OPTION?LO:HI)`"),
        "{}",
        r.stderr
    );
}

#[test]
fn puzzles_count_through_the_memo() {
    for args in [
        &["queens", "9"][..],
        &["langford", "8"],
        &["polyomino", "--board", "3x20"],
    ] {
        let mut plain = args.to_vec();
        plain.push("--count");
        let want = run(&plain, b"");
        let mut memo = plain.clone();
        memo.push("--memo");
        let got = run(&memo, b"");
        assert_eq!((got.code, &got.stdout), (0, &want.stdout), "{args:?}");
        assert_eq!(want.code, 0, "{args:?}");
    }
    // A problem with bounds on items: counted by options in and out.
    let dq = instance("xcc/double_queens_7x7_2.dlx");
    let r = run(&["xc", &dq, "--count", "--memo"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "19448\n"));
}

/// `--count --memo --components`: the same counts (the puzzles' too), its splits in --stats
/// and JSON where the ZDD's nodes would be, and the flags it does not go with refused by name.
#[test]
fn components_count_the_same() {
    // Two 4x4 boards side by side: 36 x 36 tilings, in two components from the start.
    let mut text = String::new();
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    let cells: Vec<(usize, usize)> = (0..4)
        .flat_map(|r| (0..9).filter(|&c| c != 4).map(move |c| (r, c)))
        .collect();
    let names: Vec<String> = cells.iter().map(|&(r, c)| cell(r, c)).collect();
    text.push_str(&names.join(" "));
    text.push('\n');
    for &(r, c) in &cells {
        for (r2, c2) in [(r, c + 1), (r + 1, c)] {
            if cells.contains(&(r2, c2)) {
                text.push_str(&format!("{} {}\n", cell(r, c), cell(r2, c2)));
            }
        }
    }
    let r = run(
        &["xc", "-", "--count", "--memo", "--components", "--stats"],
        text.as_bytes(),
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "1296\n"), "{}", r.stderr);
    assert!(r.stderr.starts_with("1296 solutions, "), "{}", r.stderr);
    assert!(r.stderr.contains(" split"), "{}", r.stderr);
    assert!(!r.stderr.contains("ZDD"), "{}", r.stderr);
    let r = run(
        &[
            "xc",
            "-",
            "--count",
            "--memo",
            "--components",
            "--format",
            "json",
        ],
        text.as_bytes(),
    );
    assert!(
        r.stdout.starts_with("{\"solutions\":1296,")
            && r.stdout.contains("\"components\":true,\"splits\":")
            && !r.stdout.contains("zdd_nodes"),
        "{}",
        r.stdout
    );
    for file in [
        "memo/dominoes_8x8.dlx",
        "langford11.dlx",
        "xcc/words_3x3.dlx",
    ] {
        let plain = run(&["xc", &instance(file), "--count", "--memo"], b"");
        let parts = run(
            &["xc", &instance(file), "--count", "--memo", "--components"],
            b"",
        );
        assert_eq!((parts.code, &parts.stdout), (0, &plain.stdout), "{file}");
    }
    let plain = run(&["langford", "9", "--count"], b"");
    let parts = run(&["langford", "9", "--count", "--memo", "--components"], b"");
    assert_eq!((parts.code, &parts.stdout), (0, &plain.stdout));
    // Refused: what it does not do, by the flag's name.
    let aztec = instance("memo/aztec_4.dlx");
    let dq = instance("xcc/double_queens_7x7_2.dlx");
    for (args, says) in [
        (
            &["xc", &aztec, "--count", "--components"][..],
            "add --count --memo",
        ),
        (&["xc", &aztec, "--memo", "--components"], "no --count"),
        (
            &[
                "xc",
                &aztec,
                "--count",
                "--memo",
                "--components",
                "--zdd",
                "-",
            ],
            "--zdd",
        ),
        (
            &["xc", &aztec, "--count", "--memo", "--components", "-j", "2"],
            "--jobs",
        ),
        (
            &["xc", &aztec, "--memo", "--components", "--split", "3"],
            "--split",
        ),
        (&["xc", &dq, "--count", "--memo", "--components"], "bounds"),
        (
            &["queens", "6", "--count", "--components"],
            "add --count --memo",
        ),
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
}

/// The memoized count split into jobs (`--memo --split K`), each counted with `--count --memo
/// --job LINE`, in another order, and added up by `dlx merge`: the 573,147,844,013,817,084,101
/// (Fibonacci's 101st) domino tilings of a 2x100 strip exactly, as text and JSON (CI's
/// end-to-end step does the same for the Aztec diamond of order 11 through GNU parallel); a
/// missing, repeated or stopped job is refused, and so are jobs of the memoized count mixed
/// with those of an engine's count.
#[test]
fn memoized_jobs_merge_to_the_exact_count_past_64_bits() {
    let strip = instance("memo/dominoes_2x100.dlx");
    let split = run(&["xc", &strip, "--memo", "--split", "5"], b"");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let mut lines: Vec<&str> = split.stdout.lines().collect();
    assert!(lines.len() >= 5, "{}", split.stdout);
    lines.reverse();
    let mut summaries = Vec::new();
    for line in &lines {
        let r = run(
            &[
                "xc", &strip, "--count", "--memo", "--format", "json", "--job", line,
            ],
            b"",
        );
        assert_eq!(r.code, 0, "{line}: {}", r.stderr);
        assert!(
            r.stdout.contains(&format!("\"job\":\"{line}\"")),
            "{}",
            r.stdout
        );
        summaries.push(r.stdout);
    }
    let all = summaries.concat();
    let text = run(&["merge"], all.as_bytes());
    assert_eq!(
        (text.code, text.stdout.as_str()),
        (0, "573147844013817084101\n"),
        "{}",
        text.stderr
    );
    let json = run(&["merge", "--format", "json"], all.as_bytes());
    assert!(
        json.stdout
            .starts_with("{\"solutions\":573147844013817084101,"),
        "{}",
        json.stdout
    );
    assert!(
        json.stdout.contains(&format!("\"jobs\":{},", lines.len())),
        "{}",
        json.stdout
    );
    let missing = run(&["merge"], summaries[1..].concat().as_bytes());
    assert!(
        missing.code == 2 && missing.stderr.contains("jobs missing"),
        "{}",
        missing.stderr
    );
    let twice = run(&["merge"], format!("{all}{}", summaries[0]).as_bytes());
    assert!(
        twice.code == 2 && twice.stderr.contains("counted twice"),
        "{}",
        twice.stderr
    );
    let stopped = run(
        &[
            "xc",
            &strip,
            "--count",
            "--memo",
            "--format",
            "json",
            "--max-nodes",
            "10",
            "--job",
            lines[0],
        ],
        b"",
    );
    assert_eq!(stopped.code, 3, "{}", stopped.stderr);
    let with_stopped = format!("{}{}", stopped.stdout, summaries[1..].concat());
    let r = run(&["merge"], with_stopped.as_bytes());
    assert!(
        r.code == 2 && r.stderr.contains("was stopped"),
        "{}",
        r.stderr
    );
    // Queens: a job counted by dancing links among memoized ones.
    let q8 = instance("queens8.dlx");
    let q = run(&["xc", &q8, "--memo", "--split", "3"], b"").stdout;
    let mut mixed = String::new();
    for (k, line) in q.lines().enumerate() {
        let memo: &[&str] = if k == 0 { &[] } else { &["--memo"] };
        let args = [
            &[
                "xc",
                q8.as_str(),
                "--count",
                "--format",
                "json",
                "--job",
                line,
            ][..],
            memo,
        ]
        .concat();
        mixed += &run(&args, b"").stdout;
    }
    let r = run(&["merge"], mixed.as_bytes());
    assert!(
        r.code == 2 && r.stderr.contains("mixed with jobs of another count"),
        "{}",
        r.stderr
    );
}
