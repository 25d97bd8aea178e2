//! The `dlx` binary end to end: what it prints, its exit status, and every error message.

use crate::common;
use common::{instance, run, sudoku_data};

/// The `--stats` line ends with the time taken, which varies: replace it.
fn without_time(text: &str) -> String {
    text.lines()
        .map(|line| match line.rfind("; ") {
            Some(k) if line.ends_with(" s") => format!("{}; <time> s", &line[..k]),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn knuth_example_prints_its_solution() {
    let r = run(&["xc", &instance("knuth_example_dlx1.dlx"), "--stats"], b"");
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("knuth_example_stdout", r.stdout);
    insta::assert_snapshot!("knuth_example_stats", without_time(&r.stderr));
}

#[test]
fn solutions_are_separated_by_blank_lines() {
    let r = run(&["xc", "-", "--limit", "3"], b"a b | s\na s\nb\na\nb s\n");
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("three_solutions", r.stdout);
}

#[test]
fn count_and_profile() {
    let r = run(
        &["xc", &instance("queens8.dlx"), "--count", "--profile"],
        b"",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "92\n"));
    insta::assert_snapshot!("queens8_profile", without_time(&r.stderr));
}

#[test]
fn json_lines_with_a_limit() {
    let r = run(
        &[
            "xc",
            &instance("queens8.dlx"),
            "--format",
            "json",
            "--limit",
            "2",
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["solution"].as_array().unwrap().len(), 8);
    assert_eq!(
        lines[2],
        serde_json::json!({"solutions": 2, "nodes": 13, "updates": 261, "cleansings": 0,
                           "complete": false, "stopped_by": "limit"})
    );
    insta::assert_snapshot!("queens8_json_limit2", r.stdout);
}

/// Knuth's example by hand: the root branches on A; under `A D G`, B then a dead end at E;
/// under `A D`, E then B, then the solution node: levels 1, 2, 2, 1.
#[test]
fn json_summary_of_a_complete_count_with_profile() {
    let r = run(
        &[
            "xc",
            &instance("knuth_example_dlx1.dlx"),
            "--format",
            "json",
            "--count",
            "--profile",
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    let first = r.stdout.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"solutions": 1, "nodes": 6, "updates": 30, "cleansings": 0, "complete": true,
                           "stopped_by": null, "profile": [1, 2, 2, 1]})
    );
}

#[test]
fn max_nodes_is_never_exceeded() {
    for limit in ["1", "500", "1049", "5000"] {
        let r = run(
            &[
                "xc",
                &instance("queens8.dlx"),
                "--count",
                "--max-nodes",
                limit,
                "--format",
                "json",
            ],
            b"",
        );
        let first = r.stdout.lines().next().unwrap();
        let v: serde_json::Value = serde_json::from_str(first).unwrap();
        let limit: u64 = limit.parse().unwrap();
        assert!(v["nodes"].as_u64().unwrap() <= limit);
        let complete = limit >= 1049;
        assert_eq!(v["complete"], complete, "limit {limit}");
        // A search the limit stopped exits 3 and says so; a complete one exits 0.
        assert_eq!(r.code, if complete { 0 } else { 3 }, "limit {limit}");
        assert_eq!(
            v["stopped_by"],
            if complete {
                serde_json::json!(null)
            } else {
                "max_nodes".into()
            }
        );
    }
}

#[test]
fn timeout_stops_a_long_search() {
    let r = run(
        &[
            "xc",
            &instance("pentomino_6x10.dlx"),
            "--count",
            "--timeout",
            "0.05",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(r.code, 3);
    assert!(
        r.stderr
            .starts_with("dlx: stopped: the time limit (--timeout 0.05) was reached after "),
        "{}",
        r.stderr
    );
    let first = r.stdout.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(
        (v["complete"].clone(), v["stopped_by"].clone()),
        (false.into(), "timeout".into())
    );
}

#[test]
fn no_solution_is_not_an_error() {
    let r = run(&["xc", "--count"], b"a b\na\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "0\n"));
}

#[test]
fn option_without_primary_warns_and_goes_on() {
    let r = run(&["xc"], b"a | s\ns\na s\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "a s\n"));
    insta::assert_snapshot!("warning_no_primary", r.stderr);
}

/// Every parse error: a message with file:line:column, exit status 2, nothing on stdout.
/// An item line of 70,000 items and an option naming them all.
fn option_too_long() -> Vec<u8> {
    let names: Vec<String> = (0..70_000).map(|k| format!("i{k}")).collect();
    format!("{}\n{}\n", names.join(" "), names.join(" ")).into_bytes()
}

#[test]
fn every_error_message() {
    let cases: &[(&str, &[u8])] = &[
        ("unknown_item", b"A B | C\nA  X\n"),
        ("color", b"A B:red\nA\n"),
        ("no_items", b"| only a comment\n\n"),
        ("empty", b""),
        ("repeated_item", b"A B\nA B A\n"),
        ("duplicate_item", b"A B C B\nA\n"),
        ("second_separator", b"A | B | C\n"),
        ("bar_in_name", b"A B|C\n"),
        ("separator_in_option", b"A B\nA | B\n"),
        ("name_too_long", b"A abcdefghi\n"),
        ("bad_char", "A \u{e9}t\u{e9}\n".as_bytes()),
        ("control_char", b"A B\x01\n"),
        ("not_utf8", b"A \xff\n"),
        ("crlf_unknown", b"\xef\xbb\xbfA B\r\n\r\nA C\r\n"),
        ("color_on_primary", b"A B | X\nA:1 X\n"),
        ("empty_color", b"A | X\nA X:\n"),
        ("bad_color_char", b"A | X\nA X:r|d\n"),
        ("color_of_unknown_item", b"A | X\nA Y:1\n"),
        (
            "color_too_long",
            b"A | X\nA X:abcdefghijklmnopqrstuvwxyz0123456789\n",
        ),
        ("bounds_on_secondary", b"A | 2|X\nA\n"),
        ("bounds_low_above_high", b"3:2|A\nA\n"),
        ("bounds_zero", b"0|A\nA\n"),
        ("bounds_syntax", b":|A\nA\n"),
        ("bounds_without_name", b"13|"),
        ("bounds_before_a_vertical_tab", b"A 1|\x0bB\nA\n"),
        ("bounds_before_a_carriage_return", b"1|\r\n"),
        ("color_without_name", b"A | X\nA :1\n"),
        ("option_too_long", &option_too_long()),
    ];
    let mut all = String::new();
    for (name, input) in cases {
        let r = run(&["xc", "-"], input);
        assert_eq!(r.code, 2, "{name}");
        assert_eq!(r.stdout, "", "{name}: nothing on stdout");
        assert!(
            r.stderr.starts_with("dlx: error: <stdin>:"),
            "{name}: {}",
            r.stderr
        );
        all.push_str(&format!("{name}: {}", r.stderr));
    }
    insta::assert_snapshot!("parse_errors", all);
}

#[test]
fn unreadable_file_and_bad_flags() {
    let r = run(&["xc", "/nonexistent/problem.dlx"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    insta::assert_snapshot!("unreadable_file", r.stderr);
    let r = run(&["xc", "--limit", "many"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    let r = run(&["xc", "--timeout", "soon"], b"");
    assert_eq!(r.code, 2);
    insta::assert_snapshot!("bad_timeout", r.stderr);
}

const HDU: &str = "7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n\
                   5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n\
                   8 5 9 ? 4 ? ? 2 3\n";

/// The HDU-1426 sample, twice: grids in, grids out, a blank line between the cases.
#[test]
fn sudoku_hdu_grids_in_and_out() {
    let input = format!("{HDU}\n{HDU}");
    let r = run(&["sudoku"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("sudoku_hdu_twice", r.stdout);
}

/// One record per puzzle, in order, whatever happens to each: solved, invalid (clash, wrong
/// size, bad character), unsolvable, multiple.
#[test]
fn sudoku_mixed_lines_one_record_each() {
    let input = "\u{feff}# a comment line\r\n\
        ......2..3.1....\r\n\
        55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\r\n\
        1234\r\n\
        \r\n\
        12..............\r\n\
        1.2.34..........\r\n\
        8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. # Inkala\r\n\
        ..%.............\r\n";
    let text = run(&["sudoku", "--unique"], input.as_bytes());
    assert_eq!(text.code, 0);
    insta::assert_snapshot!("sudoku_mixed_unique_text", text.stdout);
    let json = run(
        &["sudoku", "--unique", "--format", "json"],
        input.as_bytes(),
    );
    let mut records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The summary object comes last.
    let summary = records.pop().unwrap();
    assert_eq!(summary["summary"], true);
    assert_eq!(
        [
            &summary["puzzles"],
            &summary["solved"],
            &summary["unique"],
            &summary["multiple"]
        ],
        [7, 3, 1, 2]
    );
    assert_eq!(
        [
            &summary["unsolvable"],
            &summary["invalid"],
            &summary["stopped"]
        ],
        [1, 3, 0]
    );
    assert_eq!(records.len(), 7);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "multiple",
            "invalid",
            "invalid",
            "multiple",
            "unsolvable",
            "unique",
            "invalid"
        ]
    );
    let line_nos: Vec<u64> = records
        .iter()
        .map(|r| r["line_no"].as_u64().unwrap())
        .collect();
    assert_eq!(line_nos, [2, 3, 4, 6, 7, 8, 9]);
    assert_eq!(records[5]["nodes"], 2720);
    assert_eq!(records[5]["updates"], 48760);
    let records_only: Vec<&str> = json.stdout.lines().take(7).collect();
    insta::assert_snapshot!("sudoku_mixed_unique_json", records_only.join("\n") + "\n");
}

#[test]
fn sudoku_count_all_and_leetcode() {
    let r = run(
        &["sudoku", "--all", "--format", "line"],
        b"......2..3.1....\n",
    );
    // A header line, then the three solutions.
    assert_eq!(r.stdout.lines().count(), 4);
    assert_eq!(
        r.stdout.lines().next(),
        Some("# puzzle 1 (<stdin>:1): 3 solutions")
    );
    let r = run(
        &["sudoku", "--count", "--format", "json"],
        b"................\n",
    );
    let first = r.stdout.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(288), Some(true))
    );
    let r = run(
        &["sudoku", "--count", "--limit", "10"],
        b"................\n",
    );
    assert_eq!(r.stdout, "10+\n");
    let board = br#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    let r = run(&["sudoku"], board);
    assert!(
        r.stdout
            .starts_with(r#"[["5","3","4","6","7","8","9","1","2"]"#),
        "{}",
        r.stdout
    );
}

#[test]
fn sudoku_files_stats_and_unreadable_input() {
    let r = run(
        &[
            "sudoku",
            &sudoku_data("plb-hard20.txt"),
            &sudoku_data("norvig-hardest.txt"),
            "--stats",
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout.lines().count(), 31);
    assert!(
        r.stderr
            .starts_with("31 puzzles: 31 solved, 0 unsolvable, 0 invalid, 0 stopped\n"),
        "{}",
        r.stderr
    );
    let r = run(&["sudoku", "/nonexistent/puzzles.txt"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    let r = run(&["sudoku", "--box", "7"], b"");
    assert_eq!(r.code, 2);
    let r = run(&["sudoku", "--count", "--unique"], b"");
    assert_eq!(r.code, 2);
}

/// A variant that does not fit a shape makes each puzzle of that shape invalid, saying why.
#[test]
fn sudoku_variant_that_does_not_fit_the_shape() {
    let six = ".".repeat(36);
    let input = format!("{six}\n{six}\n");
    let r = run(&["sudoku", "--hyper"], input.as_bytes());
    assert_eq!(r.code, 0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(
            *line,
            format!("# invalid: <stdin>:{}: hyper windows need square boxes; 6x6 (boxes of 2x3) has none", k + 1)
        );
    }
}

/// `dlx` alone (the README's first command): the bundled sample solved, three grids drawn, the
/// summary, and what to do next.
#[test]
fn main_job_solves_the_bundled_sample() {
    let r = run(&[], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.matches('┌').count(), 3, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("195 puzzles: 195 solved (195 unique, 0 multiple), 0 unsolvable"),
        "{}",
        r.stdout
    );
    // The first puzzle of Norvig's top95, solved.
    assert!(
        r.stdout.contains("│ 4 1 7 │ 3 6 9 │ 8 2 5 │"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Next:"));
}

/// The figures of a JSON summary line.
fn figures(line: &str) -> (u64, u64, u64, Vec<u64>) {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let profile = v["profile"]
        .as_array()
        .map(|a| a.iter().map(|n| n.as_u64().unwrap()).collect())
        .unwrap_or_default();
    (
        v["solutions"].as_u64().unwrap(),
        v["nodes"].as_u64().unwrap(),
        v["updates"].as_u64().unwrap(),
        profile,
    )
}

/// A problem with bounds (dlx3's multiplicities) splits too: its job lines name null moves
/// `n`, and the merged jobs give the figures Knuth's `dlx3` printed, as does a count on three
/// threads.
#[test]
fn bounded_problems_split_and_merge_to_dlx3_figures() {
    // Two queens in every row and column of a 7x7 board.
    let file = instance("xcc/double_queens_7x7_2.dlx");
    let knuth = "{\"solutions\":19448,\"nodes\":466219,\"updates\":3728466,\"cleansings\":0,";
    let three = run(
        &["xc", &file, "--count", "--format", "json", "-j", "3"],
        b"",
    );
    assert!(three.stdout.starts_with(knuth), "{}", three.stdout);
    let split = run(&["xc", &file, "--split", "8"], b"");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let lines: Vec<&str> = split.stdout.lines().collect();
    assert!(lines.len() >= 8);
    assert!(split.stdout.contains(",n"), "{}", split.stdout);
    let mut all = String::new();
    for line in lines.iter().rev() {
        let r = run(
            &["xc", &file, "--count", "--format", "json", "--job", line],
            b"",
        );
        assert_eq!(r.code, 0, "{line}: {}", r.stderr);
        all += &r.stdout;
    }
    let merged = run(&["merge", "--format", "json"], all.as_bytes());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert!(merged.stdout.starts_with(knuth), "{}", merged.stdout);
}

/// `--split K`, each job counted with `--job`, in a shuffled order, and `dlx merge`: the totals
/// and the profile of the unsplit count; a missing, repeated, foreign or stopped job is refused.
#[test]
fn split_jobs_merge_to_the_whole_count() {
    let file = instance("queens10.dlx");
    let whole = run(
        &[
            "xc",
            &file,
            "--count",
            "--format",
            "json",
            "--profile",
            "-j",
            "1",
        ],
        b"",
    );
    let want = figures(whole.stdout.lines().next().unwrap());
    assert_eq!((want.0, want.1, want.2), (724, 11578, 198264));
    for k in ["1", "7", "40"] {
        let split = run(&["xc", &file, "--split", k], b"");
        assert_eq!(split.code, 0, "{}", split.stderr);
        let mut lines: Vec<&str> = split.stdout.lines().collect();
        assert!(lines.len() >= k.parse().unwrap());
        lines.reverse();
        let third = lines.len() / 3;
        lines.rotate_left(third);
        let mut summaries = Vec::new();
        for line in &lines {
            let r = run(
                &["xc", &file, "--count", "--format", "json", "--job", line],
                b"",
            );
            assert_eq!(r.code, 0, "{line}: {}", r.stderr);
            let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
            assert_eq!(v["job"], *line);
            summaries.push(r.stdout);
        }
        let all = summaries.concat();
        let merged = run(&["merge", "--format", "json", "-"], all.as_bytes());
        assert_eq!(merged.code, 0, "{}", merged.stderr);
        assert_eq!(figures(merged.stdout.trim()), want, "k = {k}");
        let v: serde_json::Value = serde_json::from_str(merged.stdout.trim()).unwrap();
        assert_eq!(v["jobs"], lines.len());
        assert_eq!(v["complete"], true);
        let text = run(&["merge"], all.as_bytes());
        assert_eq!(text.stdout, "724\n");

        if lines.len() > 2 {
            // One job left out.
            let missing: String = summaries[1..].concat();
            let r = run(&["merge"], missing.as_bytes());
            assert_eq!(r.code, 2);
            assert!(
                r.stderr.contains("1 of") && r.stderr.contains("jobs missing"),
                "{}",
                r.stderr
            );
            // One job twice.
            let twice = format!("{all}{}", summaries[0]);
            let r = run(&["merge"], twice.as_bytes());
            assert_eq!(r.code, 2);
            assert!(r.stderr.contains("counted twice"), "{}", r.stderr);
        }
    }
    // A job of another problem, to merge or to run.
    let other = instance("queens8.dlx");
    let line = run(&["xc", &other, "--split", "3"], b"").stdout;
    let line = line.lines().next().unwrap();
    let r = run(&["xc", &file, "--count", "--job", line], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("another problem"), "{}", r.stderr);
    let ours = run(&["xc", &file, "--split", "3"], b"").stdout;
    let mut mixed = String::new();
    for (l, f) in [(ours.lines().next().unwrap(), &file), (line, &other)] {
        mixed += &run(&["xc", f, "--count", "--format", "json", "--job", l], b"").stdout;
    }
    let r = run(&["merge"], mixed.as_bytes());
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("another problem or split"),
        "{}",
        r.stderr
    );
    // A stopped job.
    let first = ours.lines().nth(1).unwrap();
    let stopped = run(
        &[
            "xc",
            &file,
            "--count",
            "--format",
            "json",
            "--job",
            first,
            "--max-nodes",
            "2",
        ],
        b"",
    );
    assert_eq!(stopped.code, 3);
    let r = run(&["merge"], stopped.stdout.as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("was stopped (max_nodes)"), "{}", r.stderr);
    // Not a summary at all.
    let r = run(&["merge"], b"{\"solution\": []}\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("dlx: error: <stdin>:1: "),
        "{}",
        r.stderr
    );
    let r = run(&["xc", &file, "--count", "--job", "12:1/2:0:-"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a job line"), "{}", r.stderr);
}

/// On two threads a listing prints every solution once (as found), or in the one-thread order
/// with --ordered; a count gives the same figures.
#[test]
fn threads_list_and_count_the_same() {
    let file = instance("queens8.dlx");
    let one = run(&["xc", &file, "--format", "json"], b"");
    let two = run(&["xc", &file, "--format", "json", "-j", "2"], b"");
    let ordered = run(
        &["xc", &file, "--format", "json", "-j", "2", "--ordered"],
        b"",
    );
    let solutions = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.starts_with("{\"solution\""))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(solutions(&one.stdout).len(), 92);
    assert_eq!(solutions(&ordered.stdout), solutions(&one.stdout));
    let mut a = solutions(&one.stdout);
    let mut b = solutions(&two.stdout);
    a.sort();
    b.sort();
    assert_eq!(a, b);
    let last = |s: &str| figures(s.lines().last().unwrap());
    assert_eq!(last(&two.stdout), last(&one.stdout));
    for j in ["1", "2", "3"] {
        let r = run(&["queens", "9", "--count", "-j", j], b"");
        assert_eq!(r.stdout, "352\n");
    }
}

/// `--best K`: the K cheapest solutions, cheapest first, each after `# cost C`, with dlx5's
/// figures in the JSON summary; a node limit exits 3 and says the costs are not proved optimal.
#[test]
fn best_prints_the_cheapest_solutions() {
    let file = instance("cost/cost_example.dlx");
    let r = run(&["xc", &file, "--best", "2"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // An option's costs are written as one sum (`B X |1 |1` in the file).
    assert_eq!(
        r.stdout,
        "# cost 4\nA B |3\nC |1\n\n# cost 5\nA |2\nB X |2\nC |1\n"
    );
    let r = run(&["xc", &file, "--best", "10", "--format", "json"], b"");
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["cost"], 4);
    assert_eq!(lines[0]["solution"], serde_json::json!([["A", "B"], ["C"]]));
    let summary = &lines[4];
    assert_eq!(summary["best_costs"], serde_json::json!([4, 5, 6, 7]));
    // dlx5 k10 on this file: 4 solutions, 9 nodes, 22 updates, 0 cleansings.
    assert_eq!(
        (
            &summary["solutions"],
            &summary["nodes"],
            &summary["updates"]
        ),
        (&4.into(), &9.into(), &22.into())
    );
    assert_eq!(summary["complete"], true);

    let big = instance("cost/langford11_s1_h9.dlx");
    let r = run(
        &["xc", &big, "--best", "3", "--max-nodes", "100", "--stats"],
        b"",
    );
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stderr.contains("not proved optimal"), "{}", r.stderr);
    assert!(r.stderr.contains("--max-nodes 100"), "{}", r.stderr);

    // Bounds and costs together are refused with a message, not a wrong answer.
    let r = run(&["xc", "-", "--best", "1"], b"2|a b\na |1\nb\n");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("multiplicities"), "{}", r.stderr);
}

/// `--best K --split N`, each job run with `--job`, `dlx merge`: the K cheapest of all jobs
/// are those of one search; `--bound C` keeps only what costs less; jobs of another K or of a
/// count are refused.
#[test]
fn best_jobs_split_run_and_merge() {
    let file = instance("cost/setpart_36_300_s2.dlx");
    let one = run(&["xc", &file, "--best", "4", "--format", "json"], b"");
    let last = |out: &str| -> serde_json::Value {
        serde_json::from_str(out.lines().last().unwrap()).unwrap()
    };
    let want = last(&one.stdout)["best_costs"].clone();
    assert_eq!(want, serde_json::json!([368, 376, 376, 379]));

    let split = run(&["xc", &file, "--best", "4", "--split", "6"], b"");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let jobs: Vec<&str> = split.stdout.lines().collect();
    assert!(jobs.len() >= 6, "{}", split.stdout);
    let mut outputs = String::new();
    // In reverse: the merge does not depend on the order of the jobs.
    for job in jobs.iter().rev() {
        let r = run(
            &["xc", &file, "--best", "4", "--format", "json", "--job", job],
            b"",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(last(&r.stdout)["job"], *job);
        outputs.push_str(&r.stdout);
    }
    let merged = run(&["merge", "-", "--format", "json"], outputs.as_bytes());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(last(&merged.stdout)["best_costs"], want);
    let text = run(&["merge", "-"], outputs.as_bytes());
    assert!(text.stdout.starts_with("# cost 368\n"), "{}", text.stdout);

    // A job missing is an error, not a smaller answer.
    let short: String = outputs
        .lines()
        .skip_while(|l| !l.contains("\"job\""))
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    let r = run(&["merge", "-"], short.as_bytes());
    assert_eq!(r.code, 2, "{}", r.stdout);

    let bounded = run(
        &[
            "xc", &file, "--best", "4", "--bound", "377", "--format", "json",
        ],
        b"",
    );
    assert_eq!(
        last(&bounded.stdout)["best_costs"],
        serde_json::json!([368, 376, 376])
    );

    // A job line of clashing options is refused with its number.
    let fingerprint = jobs[0].split(':').next().unwrap();
    let bad = format!("{fingerprint}:1/1:0:0,0");
    let r = run(&["xc", &file, "--best", "1", "--job", &bad], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot be chosen"), "{}", r.stderr);
}

/// `--best K --ordered`: the same solutions, byte for byte, on any number of threads.
#[test]
fn best_ordered_is_the_same_on_any_number_of_threads() {
    let file = instance("cost/setpart_36_300_s2.dlx");
    let out = |j: &str| run(&["xc", &file, "--best", "5", "--ordered", "-j", j], b"").stdout;
    let one = out("1");
    assert!(one.starts_with("# cost 368\n"), "{one}");
    assert_eq!(out("2"), one);
    assert_eq!(out("3"), one);
}

/// `dlx --version` says which forms of the engine's loops run, and the switch that turns AVX2
/// off (which CI uses to run the figures on the portable paths) is honoured.
#[test]
fn version_names_the_search_loops_and_the_avx2_switch() {
    let version = |off: Option<&str>| {
        let mut cmd = assert_cmd::Command::cargo_bin("dlx").unwrap();
        cmd.arg("--version").env_remove(dlx::NO_BITS_VAR);
        match off {
            Some(value) => cmd.env(dlx::NO_AVX2_VAR, value),
            None => cmd.env_remove(dlx::NO_AVX2_VAR),
        };
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let on = version(None);
    assert!(
        on.starts_with(concat!("dlx ", env!("CARGO_PKG_VERSION"), "\n")),
        "{on}"
    );
    #[cfg(target_arch = "x86_64")]
    let avx2 = std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    let avx2 = false;
    assert_eq!(on.contains("search loops: AVX2"), avx2, "{on}");
    // The SAT solver behind `--solver sat` this build has: CaDiCaL by default.
    let sat = if cfg!(feature = "cadical") {
        "sudoku's SAT solver: CaDiCaL 1.9.5\n"
    } else {
        "sudoku's SAT solver: splr 0.17.2\n"
    };
    assert!(on.ends_with(sat), "{on}");
    for off in ["1", "yes"] {
        let text = version(Some(off));
        assert!(text.contains("search loops: portable"), "{text}");
    }
    // Empty or 0 leaves AVX2 on.
    assert_eq!(version(Some("0")), on);
    assert_eq!(version(Some("")), on);
    // Dense plain problems on bitsets, unless DLX_NO_BITS keeps them on the links.
    assert!(on.contains("\ndense plain problems: on bitsets\n"), "{on}");
    let mut cmd = assert_cmd::Command::cargo_bin("dlx").unwrap();
    let out = cmd
        .arg("--version")
        .env(dlx::NO_BITS_VAR, "1")
        .output()
        .unwrap();
    let links = String::from_utf8(out.stdout).unwrap();
    assert!(
        links.contains("dense plain problems: on the links (bitsets switched off by DLX_NO_BITS)"),
        "{links}"
    );
}
