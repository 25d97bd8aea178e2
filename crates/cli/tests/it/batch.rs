//! `dlx sudoku` as a batch tool, end to end: order with several jobs, nothing lost, CSV and
//! `--verify`, per-puzzle limits, the summary, streaming, a closed pipe, Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command as Process, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;

use crate::common;
use common::{finish, interrupt, run, spawn, sudoku_data as data};

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The records are the same bytes whatever the number of jobs, in input order, one per puzzle
/// over several files (many chunks, puzzles of very different difficulty).
#[test]
fn records_are_identical_and_in_order_with_any_number_of_jobs() {
    let files = [
        data("forum-hardest-1106.txt"),
        data("17-clue-first2000.txt"),
        data("16x16-sample.txt"),
    ];
    let mut outputs = Vec::new();
    for jobs in ["1", "2", "5"] {
        let mut args = vec!["sudoku", "--unique", "--format", "json", "--jobs", jobs];
        args.extend(files.iter().map(String::as_str));
        let r = run(&args, b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        // Everything but the summary (its last line, with timings).
        let (records, summary) = r.stdout.trim_end().rsplit_once('\n').unwrap();
        let summary: serde_json::Value = serde_json::from_str(summary).unwrap();
        assert_eq!(summary["puzzles"], 375 + 2000 + 100);
        assert_eq!(summary["unique"], 375 + 2000 + 100);
        outputs.push(records.to_string());
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    let records = json_lines(&outputs[0]);
    for (k, record) in records.iter().enumerate() {
        assert_eq!(record["index"], k as u64 + 1);
    }
    // Line numbers restart with each file, and follow it.
    assert_eq!(records[374]["line_no"], 375);
    assert_eq!(records[375]["line_no"], 1);
    assert_eq!(records[375]["file"], files[1].as_str());
    assert_eq!(records[2474]["line_no"], 100);
}

/// Kaggle's CSV: a header, `0` for blanks, the solution second; `--verify` checks it.
#[test]
fn csv_with_header_and_verify() {
    let puzzle =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    let solution =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
    let mut wrong = solution.to_string();
    wrong.replace_range(0..2, "68"); // swaps two cells: breaks a given (r1c2... is blank) or a rule
    let input = format!(
        "\u{feff}quizzes,solutions\r\n{puzzle},{solution}\r\n{puzzle},{wrong}\r\n00430,{solution}\r\n\
         {puzzle}\r\n"
    );
    let r = run(
        &["sudoku", "--verify", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records = json_lines(&r.stdout);
    assert_eq!(records.len(), 5);
    let statuses: Vec<&str> = records[..4]
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "mismatch", "invalid", "solved"]);
    let lines: Vec<u64> = records[..4]
        .iter()
        .map(|r| r["line_no"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3, 4, 5]);
    assert_eq!(records[0]["solution"], solution);
    assert_eq!(records[1]["input"], puzzle);
    let why = records[1]["error"].as_str().unwrap();
    assert!(
        why.starts_with("the file's solution differs from ours at r1c1 (file 6, ours 8)"),
        "{why}"
    );
    assert!(why.contains("breaks the rules"), "{why}");
    assert_eq!(records[4]["mismatch"], 1);
    assert_eq!(records[4]["solved"], 3);
    // Without --verify the second column is not looked at.
    let r = run(&["sudoku"], input.as_bytes());
    assert_eq!(r.stdout.lines().filter(|l| *l == solution).count(), 3);
}

/// `--max-nodes` and `--timeout` mark a puzzle `stopped`; the batch goes on.
#[test]
fn per_puzzle_limits_mark_a_puzzle_stopped() {
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let input = format!("{hard}\n{easy}\n");
    // The easy one needs a node per blank cell and one for the solution (50), the hard one 2720.
    let r = run(
        &["sudoku", "--max-nodes", "100", "--stats"],
        input.as_bytes(),
    );
    // A stopped search is no answer: exit status 3, and a line on stderr says so.
    assert_eq!(r.code, 3);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "# stopped: the node limit (100) was reached");
    assert_eq!(lines[1].len(), 81);
    assert!(r.stderr.contains(", 1 stopped"), "{}", r.stderr);
    assert!(
        r.stderr.lines().last().unwrap().starts_with(
            "dlx: stopped: 1 of 2 puzzles stopped by --max-nodes 100 before the search finished"
        ),
        "{}",
        r.stderr
    );
    // An empty 16x16 grid has astronomically many solutions: only the clock stops the count.
    let empty = ".".repeat(256);
    let r = run(
        &["sudoku", "--count", "--timeout", "0.2", "--format", "json"],
        format!("{empty}\n").as_bytes(),
    );
    let records = json_lines(&r.stdout);
    assert_eq!(records[0]["status"], "stopped");
    assert_eq!(records[0]["stopped_by"], "timeout");
    assert_eq!(records[0]["complete"], false);
    assert!(records[0]["count"].as_u64().unwrap() > 0);
    assert_eq!(records[1]["stopped"], 1);
    // CaDiCaL stops at the node limit too (its conflicts; its proof of this 25x25 takes 1,300),
    // where `splr` (without the `cadical` feature) cannot be bounded by it.
    if cfg!(feature = "cadical") {
        let data = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/sudoku");
        let text = std::fs::read_to_string(data.join("25x25-generated300.txt")).unwrap();
        let first = format!("{}\n", text.lines().next().unwrap());
        let solve = ["sudoku", "--solver", "sat", "--unique", "--format", "json"];
        let r = run(&solve, first.as_bytes());
        assert_eq!(
            (r.code, &json_lines(&r.stdout)[0]["status"]),
            (0, &"unique".into())
        );
        let r = run(
            &[&solve[..], &["--max-nodes", "100"]].concat(),
            first.as_bytes(),
        );
        assert_eq!(r.code, 3, "{}", r.stderr);
        assert_eq!(json_lines(&r.stdout)[0]["stopped_by"], "max_nodes");
    }
}

/// The summary for a person, on standard error (timings masked).
#[test]
fn summary_text() {
    let input = "......2..3.1....\n\
        55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
        1.2.34..........\n\
        8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
    let r = run(
        &["sudoku", "--unique", "--stats", "-j", "2"],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0);
    insta::with_settings!({filters => vec![
        (r"time: [0-9.]+ s, [0-9]+ puzzles per second", "time: [wall] s, [rate] puzzles per second"),
    ]}, {
        insta::assert_snapshot!("summary_text", r.stderr);
    });
}

/// Output starts before the input ends: one line in, its answer out, stdin still open.
#[test]
fn answers_come_while_input_is_still_open() {
    let mut child = Process::cargo_bin("dlx")
        .unwrap()
        .args(["sudoku", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        while let Some(Ok(line)) = lines.next() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    stdin.write_all(b"......2..3.1....\n").unwrap();
    stdin.flush().unwrap();
    let first = rx.recv_timeout(Duration::from_secs(20));
    stdin.write_all(b"1.2.34..........\n").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    // The first of the puzzle's three solutions, in the engine's order.
    assert_eq!(
        first.as_deref(),
        Ok("3214142323414132"),
        "no answer while stdin was open"
    );
    assert!(status.success());
}

/// `| head -1`: output to a closed pipe ends the run quietly, with status 0.
#[test]
fn closed_pipe_ends_quietly() {
    let file = data("17-clue-first2000.txt");
    let (child, mut stdout) = spawn(&["sudoku", "--format", "json", &file, &file]);
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("{\"index\":1,"), "{first}");
    drop(stdout);
    let (status, stderr) = finish(child);
    assert_eq!((status, stderr.as_str()), (Some(0), ""));
}

/// Ctrl-C: the records of the puzzles before the first unfinished one, the summary so far, and
/// status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_flushes_a_prefix_and_the_summary() {
    let file = data("17-clue-first2000.txt");
    // 200,000 puzzles: far more than can be solved before the signal arrives.
    let mut args = vec!["sudoku", "--format", "json", "--jobs", "2"];
    args.extend(std::iter::repeat_n(file.as_str(), 100));
    let (child, mut stdout) = spawn(&args);
    let mut text = String::new();
    stdout.read_line(&mut text).unwrap();
    interrupt(&child);
    stdout.read_to_string(&mut text).unwrap();
    let (status, stderr) = finish(child);
    assert_eq!(status, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let mut records = json_lines(&text);
    let summary = records.pop().unwrap();
    assert_eq!(summary["interrupted"], true);
    assert_eq!(summary["puzzles"], records.len() as u64);
    assert!(records.len() < 200_000, "the run was not interrupted");
    for (k, record) in records.iter().enumerate() {
        assert_eq!(record["index"], k as u64 + 1);
        // The last may be the puzzle whose search Ctrl-C stopped: a stopped record.
        if k + 1 < records.len() || record["status"] != "stopped" {
            assert_eq!(record["status"], "solved");
        } else {
            assert_eq!(record["stopped_by"], "cancelled");
        }
    }
}

/// Ctrl-C during `generate`: the puzzles made before it, in order and whole (a prefix of what
/// the seed makes), "N of M made" on stderr, and status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_generate_with_a_prefix() {
    let (child, mut stdout) = spawn(&[
        "sudoku", "generate", "-n", "10000000", "--seed", "3", "-j", "2",
    ]);
    let mut text = String::new();
    stdout.read_line(&mut text).unwrap();
    interrupt(&child);
    stdout.read_to_string(&mut text).unwrap();
    let (status, stderr) = finish(child);
    assert_eq!(status, Some(130), "{stderr}");
    assert!(stderr.contains("of 10000000 made"), "{stderr}");
    let made = text.lines().count();
    assert!((1..10_000_000).contains(&made));
    let again = run(
        &["sudoku", "generate", "-n", &made.to_string(), "--seed", "3"],
        b"",
    );
    assert_eq!(again.stdout, text);
}

#[test]
fn bad_jobs_and_timeout_values_are_usage_errors() {
    for args in [
        &["sudoku", "--jobs", "-1"][..],
        &["sudoku", "--timeout", "-1"],
        &["sudoku", "--timeout", "soon"],
    ] {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
    }
}

/// Killer sudoku (`--killer FILE`): every format, the modes, and a bad puzzle that gets its
/// record while the batch goes on.
#[test]
fn killer_sudoku_batches() {
    let sample = common::sudoku_data("killer-sample.txt");
    let r = common::run(&["sudoku", "--killer", &sample], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|l| l.len() == 81));
    let r = common::run(
        &[
            "sudoku", "--killer", &sample, "--unique", "--format", "json",
        ],
        b"",
    );
    let records = json_lines(&r.stdout);
    let (summary, records) = records.split_last().unwrap();
    assert_eq!(
        (summary["puzzles"].as_u64(), summary["unique"].as_u64()),
        (Some(20), Some(20))
    );
    for v in records {
        assert_eq!(v["status"], "unique");
        assert!(v["cleansings"].as_u64().unwrap() > 0);
        assert!(v["cages"].as_u64().unwrap() > 0);
    }
    let r = common::run(&["sudoku", "--killer", &sample, "--count"], b"");
    assert_eq!(r.stdout, "1\n".repeat(20));
    // The summary reads as the sudoku one: every record counted, by status.
    let r = common::run(&["sudoku", "--killer", &sample, "--unique", "--stats"], b"");
    assert!(
        r.stderr.starts_with(
            "20 puzzles: 20 solved (20 unique, 0 multiple), 0 unsolvable, 0 invalid, 0 stopped\n\
             solver: dlx\nnodes per puzzle searched: mean "
        ),
        "{}",
        r.stderr
    );
    // Every flag is used or refused, never passed over: the search is dancing links, so the
    // other solvers are refused, and so are the flags of CSV input; --progress is taken.
    for solver in ["sat", "propagate"] {
        let r = common::run(&["sudoku", "--killer", &sample, "--solver", solver], b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{solver}");
        assert!(
            r.stderr
                .contains(&format!("--solver {solver} does not take killer sudoku")),
            "{}",
            r.stderr
        );
    }
    let r = common::run(
        &["sudoku", "--killer", &sample, "--solver", "dlx", "--count"],
        b"",
    );
    assert_eq!((r.code, r.stdout), (0, "1\n".repeat(20)), "{}", r.stderr);
    for flag in ["--column", "--solution-column"] {
        let r = common::run(&["sudoku", "--killer", &sample, flag, "2"], b"");
        assert_eq!(r.code, 2, "{flag}");
        assert!(r.stderr.contains("cannot be used with"), "{}", r.stderr);
    }
    let r = common::run(
        &["sudoku", "--killer", &sample, "--progress", "--count"],
        b"",
    );
    assert_eq!((r.code, r.stdout), (0, "1\n".repeat(20)), "{}", r.stderr);
    // Workers change nothing in what is written, nor its order.
    let one = common::run(
        &[
            "sudoku", "--killer", &sample, "--jobs", "1", "--format", "json",
        ],
        b"",
    );
    let two = common::run(
        &[
            "sudoku", "--killer", &sample, "--jobs", "2", "--format", "json",
        ],
        b"",
    );
    // Everything but the summary (its last line, with timings).
    let records = |s: &str| s.trim_end().rsplit_once('\n').unwrap().0.to_string();
    assert_eq!(records(&one.stdout), records(&two.stdout));
    // The drawing: the first puzzle, then its solution, as well-formed SVG; the 81 digits of
    // the solution among its texts.
    let svg = std::env::temp_dir().join(format!("dlx-killer-{}.svg", std::process::id()));
    let r = common::run(
        &[
            "sudoku",
            "--killer",
            &sample,
            "--svg",
            &svg.display().to_string(),
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let digits = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("18"))
        .count();
    assert_eq!(digits, 81, "no givens, so only the solution's digits");
    // A file with a good puzzle, a bad one and a good one.
    let dir = std::env::temp_dir().join(format!("dlx-killer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.txt");
    let good = "AABB\nCCDD\nEEFF\nGGHH\nA=3 B=7 C=7 D=3 E=5 F=5 G=5 H=5\ngivens 12..............\n";
    let bad = "AABB\nCCDD\nEEFF\nGGHH\nA=3 B=7 C=7 D=3 E=5 F=5 G=5\n";
    std::fs::write(&file, format!("{good}\n{bad}\n{good}")).unwrap();
    let path = file.display().to_string();
    let r = common::run(&["sudoku", "--killer", &path], b"");
    assert_eq!(r.code, 0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(lines[0], lines[2]);
    assert!(lines[0].starts_with("12"), "{}", lines[0]);
    assert_eq!(
        lines[1],
        format!("# invalid: {path}:8: cage 'H' (first in line 11) has no sum: add a line H=SUM")
    );
    // The exact cover problem of one puzzle, in Knuth's format: `dlx xc` reads it back to the
    // same search (figures of `--killer --count`); a file of three puzzles, or a bad one, is
    // refused.
    let one = dir.join("one.txt");
    std::fs::write(&one, good).unwrap();
    let one = one.display().to_string();
    let r = common::run(&["sudoku", "--killer", &one, "--emit-xcc"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(" | "), "{}", r.stdout);
    let xcc = dir.join("one.dlx");
    std::fs::write(&xcc, &r.stdout).unwrap();
    let xcc = xcc.display().to_string();
    let back = common::run(&["xc", &xcc, "--count", "--format", "json", "-j", "1"], b"");
    let back: serde_json::Value = serde_json::from_str(back.stdout.trim()).unwrap();
    let direct = common::run(
        &["sudoku", "--killer", &one, "--count", "--format", "json"],
        b"",
    );
    let direct: serde_json::Value =
        serde_json::from_str(direct.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(back["solutions"], direct["count"]);
    assert_eq!(direct["count"], 4);
    for key in ["nodes", "updates", "cleansings"] {
        assert_eq!(back[key], direct[key], "{key}");
    }
    let r = common::run(&["sudoku", "--killer", &path, "--emit-xcc"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(r.stderr.contains("holds 3 puzzles"), "{}", r.stderr);
    let bad_one = dir.join("bad.txt");
    std::fs::write(&bad_one, bad).unwrap();
    let r = common::run(
        &[
            "sudoku",
            "--killer",
            &bad_one.display().to_string(),
            "--emit-xcc",
        ],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("has no sum"), "{}", r.stderr);
    // The drawing shows the cage borders and sums with the digits.
    let r = common::run(&["sudoku", "--killer", &path, "--format", "pretty"], b"");
    assert!(
        r.stdout
            .starts_with("·───·───·───·───·\n│3 1   2│7 3   4│\n"),
        "{}",
        r.stdout
    );
    // JSON input, and a cage that does not touch, refused then allowed.
    let json = dir.join("k.json");
    std::fs::write(
        &json,
        r#"{"cages": [{"cells": [[0,0],[0,1]], "sum": 3}, {"cells": [[0,2],[0,3]], "sum": 7},
            {"cells": [[1,0],[1,1]], "sum": 7}, {"cells": [[1,2],[1,3]], "sum": 3},
            {"cells": [[2,0],[3,1]], "sum": 3}, {"cells": [[2,2],[2,3]], "sum": 5},
            {"cells": [[3,0],[2,1]], "sum": 7}, {"cells": [[3,2],[3,3]], "sum": 5}]}"#,
    )
    .unwrap();
    let path = json.display().to_string();
    let r = common::run(&["sudoku", "--killer", &path], b"");
    assert!(
        r.stdout.starts_with("# invalid") && r.stdout.contains("is not connected"),
        "{}",
        r.stdout
    );
    let r = common::run(
        &[
            "sudoku",
            "--killer",
            &path,
            "--allow-disconnected",
            "--count",
        ],
        b"",
    );
    assert!(r.stdout.trim().parse::<u64>().unwrap() > 0, "{}", r.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dlx sudoku generate`: the same seed makes the same puzzles on one thread or two; every
/// puzzle, fed back to `dlx sudoku --unique`, has one solution, the one its JSON record gives;
/// a clue target out of reach is said on stderr.
#[test]
fn generated_puzzles_are_the_same_on_any_threads_and_unique() {
    let one = common::run(
        &["sudoku", "generate", "-n", "30", "--seed", "5", "-j", "1"],
        b"",
    );
    let two = common::run(
        &["sudoku", "generate", "-n", "30", "--seed", "5", "-j", "2"],
        b"",
    );
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout.lines().count(), 30);
    let json = common::run(
        &[
            "sudoku", "generate", "-n", "30", "--seed", "5", "--format", "json",
        ],
        b"",
    );
    let checked = common::run(
        &["sudoku", "--unique", "--format", "json"],
        one.stdout.as_bytes(),
    );
    let records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for ((line, made), back) in one.stdout.lines().zip(&records).zip(checked.stdout.lines()) {
        assert_eq!(made["puzzle"], line);
        assert_eq!(made["minimal"], true);
        assert_eq!(made["unproved"], 0);
        let back: serde_json::Value = serde_json::from_str(back).unwrap();
        assert_eq!(back["status"], "unique");
        assert_eq!(back["solution"], made["solution"]);
        let clues = line.chars().filter(|&c| c != '.').count();
        assert_eq!(made["clues"], clues);
        // The grades by search are those of the check's own proof.
        assert_eq!(back["nodes"], made["nodes"]);
        assert_eq!(back["depth"], made["depth"]);
        // No guess on dancing links exactly when singles solve it.
        let singles = matches!(
            made["hardest"].as_str(),
            Some("naked_single" | "hidden_single")
        );
        assert_eq!(made["depth"] == 0, singles, "{made}");
    }
    // Symmetric patterns, and another size.
    let r = common::run(
        &[
            "sudoku",
            "generate",
            "-n",
            "5",
            "--seed",
            "1",
            "--symmetry",
            "rotate180",
        ],
        b"",
    );
    for line in r.stdout.lines() {
        let given: Vec<bool> = line.chars().map(|c| c != '.').collect();
        assert!((0..81).all(|k| given[k] == given[80 - k]), "{line}");
    }
    let r = common::run(
        &[
            "sudoku", "generate", "-n", "3", "--box", "2x3", "--format", "grid",
        ],
        b"",
    );
    assert_eq!(r.stdout.split("\n\n").filter(|g| !g.is_empty()).count(), 3);
    let r = common::run(
        &[
            "sudoku", "generate", "-n", "2", "--seed", "1", "--clues", "10",
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    assert!(
        r.stderr
            .contains("2 of 2 puzzles could not be brought down to 10 clues"),
        "{}",
        r.stderr
    );
}

/// `dlx sudoku rate`: one record per puzzle in input order on any number of jobs, the
/// puzzles that cannot be graded say why, the summary counts the grades, and --explain
/// writes the steps.
#[test]
fn rate_grades_each_puzzle_and_explains() {
    let file = data("norvig-top95.txt");
    let one = run(&["sudoku", "rate", "-j", "1", &file], b"");
    let two = run(&["sudoku", "rate", "-j", "2", &file], b"");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(lines.len(), 95);
    let puzzles = std::fs::read_to_string(&file).unwrap();
    for (line, puzzle) in lines.iter().zip(puzzles.lines()) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert_eq!(fields[0], puzzle.trim());
        assert!(["simple", "easy", "intermediate", "expert"].contains(&fields[1]));
        let score: u64 = fields[2].parse().unwrap();
        let guesses: u64 = fields[4].parse().unwrap();
        assert!(score >= 50 * guesses);
        assert_eq!(guesses > 0, fields[3] == "guess", "{line}");
    }
    // A good puzzle, one with several solutions, one with a clash, one unreadable.
    let input =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
        .................................................................................\n\
        11...............................................................................\n\
        4.....8.5.3..%.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let r = run(&["sudoku", "rate", "--stats"], input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert!(
        lines[0].ends_with(" intermediate 109 pointing 0"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "# multiple: more than one solution");
    assert!(
        lines[2].starts_with("# invalid: ") && lines[2].contains("1"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("# invalid: <stdin>:4:14"),
        "{}",
        lines[3]
    );
    assert!(
        r.stderr
            .contains("grades: 0 simple, 0 easy, 1 intermediate, 0 expert"),
        "{}",
        r.stderr
    );
    // JSON: grade, score, hardest, guesses, the steps of each technique, and the summary's
    // grades.
    let r = run(&["sudoku", "rate", "--format", "json"], input);
    let records = json_lines(&r.stdout);
    assert_eq!(records.len(), 5);
    assert_eq!(records[0]["grade"], "intermediate");
    assert_eq!(records[0]["score"], 109);
    assert_eq!(records[0]["hardest"], "pointing");
    assert_eq!(records[0]["techniques"]["naked_single"], 54);
    assert_eq!(records[0]["techniques"]["hidden_single"], 10);
    assert_eq!(records[0]["techniques"]["pointing"], 7);
    assert!(records[0]["nodes"].as_u64().unwrap() > 0);
    // Pointing is needed: dancing links must guess.
    assert!(records[0]["depth"].as_u64().unwrap() > 0);
    assert_eq!(records[1]["status"], "multiple");
    assert!(
        records[1].get("depth").is_none(),
        "a part of a search has no depth"
    );
    assert!(records[1].get("grade").is_none());
    assert_eq!(records[2]["status"], "invalid");
    assert_eq!(records[4]["grades"]["intermediate"], 1);
    // --explain: the steps, numbered, and the summary line.
    let r = run(&["sudoku", "rate", "--explain"], &input[..82]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("rate_explain", r.stdout);
    let r = run(
        &["sudoku", "rate", "--explain", "--format", "json"],
        &input[..82],
    );
    let record = &json_lines(&r.stdout)[0];
    assert_eq!(record["steps"].as_array().unwrap().len(), 71);
    assert_eq!(
        record["steps"][0],
        "r6c2 = 4: the only place for 4 in box 4 (hidden single)"
    );
}

/// `dlx sudoku generate --checkpoint FILE`: a puzzle brought to a clue target leaves its
/// checkpoint, and the run without the target goes on from it to the puzzle a run never stopped
/// makes, then removes it; a file that does not fit, or more than one puzzle, is refused.
#[test]
fn generate_goes_on_from_a_checkpoint() {
    let dir = std::env::temp_dir().join(format!("dlx-checkpoint-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("made.txt");
    let path = file.display().to_string();
    let args = |more: &[&'static str]| {
        let mut args = vec!["sudoku", "generate", "--size", "16", "--seed", "4"];
        args.extend_from_slice(more);
        args
    };
    let whole = run(&args(&[]), b"");
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let mut staged = args(&["--clues", "160", "--checkpoint"]);
    staged.push(&path);
    let first = run(&staged, b"");
    assert_eq!(first.code, 0, "{}", first.stderr);
    let clues = first.stdout.trim().chars().filter(|&c| c != '.').count();
    assert!(clues <= 160, "{}", first.stdout);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("\nseed ") && saved.contains(" of 256\n"),
        "{saved}"
    );
    let mut again = args(&["--checkpoint"]);
    again.push(&path);
    let rest = run(&again, b"");
    assert_eq!(
        (rest.code, &rest.stdout),
        (0, &whole.stdout),
        "{}",
        rest.stderr
    );
    assert!(
        rest.stderr
            .starts_with(&format!("dlx: going on from {path}: "))
            && rest.stderr.contains(&format!("{clues} clues")),
        "{}",
        rest.stderr
    );
    assert!(!file.exists());
    // Refused: another seed's file, a file that is not a checkpoint, two puzzles, no seed.
    let first = run(&staged, b"");
    assert_eq!(first.code, 0, "{}", first.stderr);
    let mut other = vec![
        "sudoku",
        "generate",
        "--size",
        "16",
        "--seed",
        "5",
        "--checkpoint",
    ];
    other.push(&path);
    let r = run(&other, b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("holds the puzzle of another seed"),
        "{}",
        r.stderr
    );
    std::fs::write(&file, "seed 4\nsettled all\n").unwrap();
    let r = run(&again, b"");
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr, format!("dlx: error: {path}: line 2, column 1: no `symmetry` line: not a whole checkpoint (cut short?)\n"));
    again.extend(["-n", "2"]);
    let r = run(&again, b"");
    assert!(
        r.code == 2 && r.stderr.contains("--checkpoint saves one puzzle"),
        "{}",
        r.stderr
    );
    let r = run(&["sudoku", "generate", "--checkpoint", &path], b"");
    assert!(r.code == 2 && r.stderr.contains("--seed"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dlx sudoku generate --difficulty`: every puzzle has the grade asked for, as `rate` grades
/// it; the same on one thread or two; JSON records carry the grade.
#[test]
fn generate_to_a_difficulty() {
    for grade in ["easy", "intermediate", "expert"] {
        let args = |jobs| {
            vec![
                "sudoku",
                "generate",
                "-n",
                "12",
                "--seed",
                "9",
                "--difficulty",
                grade,
                "-j",
                jobs,
            ]
        };
        let one = run(&args("1"), b"");
        let two = run(&args("2"), b"");
        assert_eq!(one.code, 0, "{}", one.stderr);
        assert_eq!(one.stdout, two.stdout);
        let rated = run(&["sudoku", "rate"], one.stdout.as_bytes());
        assert_eq!(rated.stdout.lines().count(), 12);
        for line in rated.stdout.lines() {
            assert_eq!(line.split(' ').nth(1), Some(grade), "{line}");
        }
    }
    let r = run(
        &[
            "sudoku", "generate", "-n", "3", "--seed", "2", "--format", "json",
        ],
        b"",
    );
    for record in json_lines(&r.stdout) {
        assert!(record["grade"].is_string());
        assert!(record["score"].as_u64().unwrap() > 0);
        assert_eq!(record["tries"], 1);
    }
    // --plot draws the clues, nodes and grades of the puzzles made.
    let svg = std::env::temp_dir().join(format!("dlx-generate-{}.svg", std::process::id()));
    let r = run(
        &[
            "sudoku",
            "generate",
            "-n",
            "40",
            "--seed",
            "4",
            "--plot",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("Grades by technique"));
    assert!(drawn.contains("40 puzzles 9x9"), "{drawn}");
    std::fs::remove_file(&svg).unwrap();
    // --minimal is the default said aloud; with --clues it is a usage error.
    let minimal = run(
        &["sudoku", "generate", "-n", "4", "--seed", "2", "--minimal"],
        b"",
    );
    let plain = run(&["sudoku", "generate", "-n", "4", "--seed", "2"], b"");
    assert_eq!((minimal.code, &minimal.stdout), (0, &plain.stdout));
    let both = run(&["sudoku", "generate", "--minimal", "--clues", "30"], b"");
    assert_eq!(both.code, 2, "{}", both.stderr);
    // A puzzle that cannot be made (no solved grid within --max-nodes) gets a record saying so,
    // the others go on, and the exit status is 3.
    let r = run(&["sudoku", "generate", "-n", "3", "--max-nodes", "1"], b"");
    assert_eq!(r.code, 3, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(
        lines[0].starts_with("# stopped: puzzle 1: no solved grid found within 1 nodes"),
        "{}",
        lines[0]
    );
    assert!(
        r.stderr.contains("3 of 3 puzzles stopped by --max-nodes 1"),
        "{}",
        r.stderr
    );
    // 4x4 puzzles are never expert: the tries run out, and stderr says so.
    let r = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "4",
            "-n",
            "2",
            "--difficulty",
            "expert",
            "--max-tries",
            "20",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("2 of 2 puzzles not expert: none of 20 tries"),
        "{}",
        r.stderr
    );
}

#[test]
fn large_puzzles_propagate_and_say_so() {
    // Three 25x25 puzzles: auto propagates, and each record and the summary say so.
    let file = data("25x25-random266.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let three: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    let r = run(&["sudoku", "--format", "json", "--stats"], three.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    for record in &records[..3] {
        assert_eq!(record["status"], "solved");
        assert_eq!(record["solver"], "propagate");
    }
    assert_eq!(records[3]["solver"]["propagate"], 3);
    assert_eq!(records[3]["solver"]["dlx"], 0);
    assert!(r.stderr.contains("\nsolver: propagate\n"), "{}", r.stderr);
    // Dancing links, asked for, meets the heavy tail of the third: stopped, exit status 3.
    let third = format!("{}\n", text.lines().nth(2).unwrap());
    let r = run(
        &[
            "sudoku",
            "--solver",
            "dlx",
            "--max-nodes",
            "100000",
            "--stats",
        ],
        third.as_bytes(),
    );
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stderr.contains("\nsolver: dlx\n"), "{}", r.stderr);
    assert!(r.stdout.starts_with("# stopped"), "{}", r.stdout);
    // An unknown solver is a usage error that names the choices.
    let r = run(&["sudoku", "--solver", "fast"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("auto, dlx, propagate"), "{}", r.stderr);
}
