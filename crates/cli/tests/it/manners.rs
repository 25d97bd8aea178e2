//! What a careless or hostile user meets, command by command: no silent wrong answer, bounded
//! cost on absurd input, and the same manners everywhere (limits, stopped searches, Ctrl-C,
//! messages). Each case checks the exit status, the first line of standard error and what
//! standard output holds.

use std::io::{BufRead, Read};

use crate::common;
use common::{finish, instance, interrupt, run, spawn, sudoku_data};

/// A file in a fresh temporary directory (kept until the test ends).
struct TempFile {
    _dir: tempdir::Dir,
    path: String,
}

mod tempdir {
    /// A directory under the system's temporary one, removed when dropped.
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> TempFile {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dlx-manners-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    TempFile {
        path: path.display().to_string(),
        _dir: tempdir::Dir(dir),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// A limit of 0 cannot mean anything: refused before any work, on every command that takes
/// one (a `--count --limit 0` once reported every solvable puzzle `unsolvable`).
#[test]
fn zero_and_negative_limits_are_refused() {
    let q8 = instance("queens8.dlx");
    let norvig = sudoku_data("norvig-top95.txt");
    let cases: &[(&[&str], &str)] = &[
        (
            &["sudoku", &norvig, "--count", "--limit", "0"],
            "'--limit <N>': 0 would do nothing",
        ),
        (
            &["sudoku", &norvig, "--all", "--limit", "0"],
            "'--limit <N>': 0 would do nothing",
        ),
        (
            &["sudoku", &norvig, "--max-nodes", "0"],
            "'--max-nodes <N>': 0 would do nothing",
        ),
        (
            &["sudoku", &norvig, "--timeout", "0"],
            "'--timeout <SECONDS>': a time limit of 0 seconds",
        ),
        (
            &["sudoku", &norvig, "--jobs", "-2"],
            "'--jobs <N>': `-2` is negative",
        ),
        (
            &["xc", &q8, "--limit", "0"],
            "'--limit <N>': 0 would do nothing",
        ),
        (
            &["xc", &q8, "--limit", "-1"],
            "'--limit <N>': `-1` is negative: give a whole number of at least 1",
        ),
        (
            &["xc", &q8, "--max-nodes", "0"],
            "'--max-nodes <N>': 0 would do nothing",
        ),
        (
            &["xc", &q8, "--timeout", "0"],
            "'--timeout <SECONDS>': a time limit of 0 seconds",
        ),
        (
            &["xc", &q8, "--timeout", "-1"],
            "'--timeout <SECONDS>': `-1` is negative",
        ),
        (
            &["xc", &q8, "--timeout", "-0.5"],
            "'--timeout <SECONDS>': `-0.5` is negative",
        ),
        (
            &["xc", &q8, "--limit", "x"],
            "'--limit <N>': `x` is not a whole number",
        ),
        (
            &["queens", "8", "--limit", "0"],
            "'--limit <N>': 0 would do nothing",
        ),
        (&["queens", "-8"], "'<N>': `-8` is negative"),
        (
            &["langford", "7", "--max-nodes", "-5"],
            "'--max-nodes <N>': `-5` is negative",
        ),
        (
            &["polyomino", "--timeout", "0"],
            "'--timeout <SECONDS>': a time limit of 0",
        ),
        (
            &["bench", "--timeout", "0"],
            "'--timeout <SECONDS>': a time limit of 0",
        ),
        (
            &["bench", "--timeout", "-1"],
            "'--timeout <SECONDS>': `-1` is negative",
        ),
        (
            &["sudoku", "generate", "-n", "0"],
            "'--number <N>': 0 would do nothing",
        ),
        (
            &["sudoku", "generate", "--jobs", "-1"],
            "'--jobs <N>': `-1` is negative",
        ),
        (
            &["xc", &q8, "--split", "0"],
            "'--split <K>': 0 would do nothing",
        ),
    ];
    for (args, says) in cases {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        let line = first_line(&r.stderr);
        assert!(
            line.starts_with("dlx: error: invalid value "),
            "{args:?}: {line}"
        );
        assert!(line.contains(says), "{args:?}: {line}");
    }
}

/// A byte-order mark before a pieces or board drawing is no piece and no cell: the same count
/// as without it (it once became a one-cell piece, and 0 tilings).
#[test]
fn a_byte_order_mark_changes_nothing() {
    // Two dominoes and an L tromino tile a 2x... board; a bar of four: 2 ways with I and O.
    let pieces = "AA.BB\n";
    let board = "####\n";
    let plain_pieces = temp_file("pieces.txt", pieces.as_bytes());
    let plain_board = temp_file("board.txt", board.as_bytes());
    let bom = |text: &str| [&b"\xEF\xBB\xBF"[..], text.as_bytes()].concat();
    let bom_pieces = temp_file("pieces.txt", &bom(pieces));
    let bom_board = temp_file("board.txt", &bom(&board.replace('\n', "\r\n")));
    let count = |board: &str, pieces: &str| {
        let r = run(
            &["polyomino", "--board", board, "--pieces", pieces, "--count"],
            b"",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    let plain = count(&plain_board.path, &plain_pieces.path);
    assert_eq!(plain, "2\n");
    assert_eq!(count(&plain_board.path, &bom_pieces.path), plain);
    assert_eq!(count(&bom_board.path, &bom_pieces.path), plain);
    assert_eq!(count(&bom_board.path, &plain_pieces.path), plain);
}

/// A title line before one-line puzzles is a title, not a puzzle: no record of its own, and
/// JSON records carry it (the title once made the whole file one puzzle of 7,706 cells, then
/// cost an `invalid` record). A line that is no title (`%%%`) costs one `invalid` record.
#[test]
fn a_title_line_is_a_title() {
    let norvig = std::fs::read_to_string(sudoku_data("norvig-top95.txt")).unwrap();
    for (title, records) in [("Norvig top95", 95), ("hello world", 95), ("%%% 1", 96)] {
        let file = temp_file("titled.txt", format!("{title}\n{norvig}").as_bytes());
        let r = run(&["sudoku", &file.path, "--stats"], b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), records, "{title}");
        let solved = &lines[records - 95..];
        assert!(solved.iter().all(|l| l.len() == 81));
        if records == 96 {
            assert!(lines[0].starts_with("# invalid: "), "{}", lines[0]);
            assert!(lines[0].contains("titled.txt:1:"), "{}", lines[0]);
        }
        assert!(
            r.stderr
                .starts_with(&format!("{records} puzzles: 95 solved")),
            "{}",
            r.stderr
        );
        let json = run(&["sudoku", &file.path, "--format", "json"], b"");
        let first = json.stdout.lines().next().unwrap();
        if records == 95 {
            assert!(first.contains(&format!("\"title\":\"{title}\"")), "{first}");
        }
        assert_eq!(
            json.stdout.matches("\"title\"").count(),
            usize::from(records == 95)
        );
        let bench = run(
            &["bench", &file.path, "--methods", "dlx", "--format", "csv"],
            b"",
        );
        assert_eq!(bench.code, 0, "{}", bench.stderr);
        assert!(
            bench.stdout.lines().nth(1).unwrap().contains(",dlx,95,95,"),
            "{}",
            bench.stdout
        );
    }
    // Grids stacked with a title before each (Project Euler 96): the grids are solved, the
    // titles go with them.
    let grid = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";
    let file = format!("Grid 01\n{grid}Grid 02\n{grid}");
    let r = run(&["sudoku", "--format", "line"], file.as_bytes());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert_eq!(lines[0], lines[1]);
    assert_eq!(lines[0].len(), 81);
    let r = run(&["sudoku", "--format", "json"], file.as_bytes());
    let titles: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.contains("\"title\":\"Grid 0"))
        .collect();
    assert_eq!(titles.len(), 2, "{}", r.stdout);
    assert!(titles[1].contains("\"line_no\":12"), "{}", titles[1]);
}

/// A line of text among one-line puzzles, where the file puts no title before every puzzle, is
/// a stray line: an `invalid` record at its line in every format, so that the output has one
/// record per input line that is not blank or a comment, in order. Titles before every puzzle
/// stay titles.
#[test]
fn no_line_of_input_vanishes() {
    let norvig = std::fs::read_to_string(sudoku_data("norvig-top95.txt")).unwrap();
    let puzzles: Vec<&str> = norvig.lines().take(4).collect();
    // Lines 1, 2: puzzles; 3: stray text; 4, 5: puzzles; 6: a comment; 7: stray text at the end.
    let input = format!(
        "{}\n{}\nhello world\n{}\n{}\n# a comment\nthe end\n",
        puzzles[0], puzzles[1], puzzles[2], puzzles[3]
    );
    let r = run(&["sudoku", "--format", "line"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", r.stdout);
    for k in [0, 1, 3, 4] {
        assert_eq!(lines[k].len(), 81, "{}", lines[k]);
    }
    assert_eq!(
        lines[2],
        "# invalid: <stdin>:3:1: `hello world` is a line of text, not a puzzle (a title is read \
         as one only before a file's first puzzle, or before every puzzle)"
    );
    assert!(lines[5].starts_with("# invalid: <stdin>:7:1: `the end` is a line"));
    let json = run(&["sudoku", "--format", "json"], input.as_bytes());
    let records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("summary").is_none())
        .collect();
    let at: Vec<(u64, &str)> = records
        .iter()
        .map(|r| {
            (
                r["line_no"].as_u64().unwrap(),
                r["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            (1, "solved"),
            (2, "solved"),
            (3, "invalid"),
            (4, "solved"),
            (5, "solved"),
            (7, "invalid")
        ]
    );
    assert!(records.iter().all(|r| r.get("title").is_none()));
    let grid = run(&["sudoku", "--format", "grid"], input.as_bytes());
    assert_eq!(grid.stdout.matches("# invalid: ").count(), 2);
    assert_eq!(grid.stdout.split("\n\n").count(), 6, "{}", grid.stdout);

    // A title before every puzzle: titles, no stray lines.
    let titled = format!(
        "Puzzle 1\n{}\nPuzzle 2\n{}\nPuzzle 3\n{}\n",
        puzzles[0], puzzles[1], puzzles[2]
    );
    let json = run(&["sudoku", "--format", "json"], titled.as_bytes());
    assert_eq!(json.stdout.matches("\"title\":\"Puzzle ").count(), 3);
    assert!(!json.stdout.contains("\"status\":\"invalid\""));
    // Two title lines in a row: the first has no puzzle after it.
    let two = format!("Puzzles\nPuzzle 1\n{}\n", puzzles[0]);
    let r = run(&["sudoku", "--format", "line"], two.as_bytes());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert!(lines[0].starts_with("# invalid: <stdin>:1:1: `Puzzles`"));
}

/// `--all` output splits back into puzzles: a comment line opens each puzzle's solutions.
#[test]
fn all_solutions_of_each_puzzle_are_marked() {
    let input = b"......2..3.1....\n.4..3..2.1......\n12..34..21....1.\n";
    for format in ["line", "grid", "pretty", "leetcode"] {
        let r = run(&["sudoku", "--all", "--format", format], input);
        assert_eq!(r.code, 0, "{format}");
        let headers: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with("# ")).collect();
        assert_eq!(
            headers,
            [
                "# puzzle 1 (<stdin>:1): 3 solutions",
                "# unsolvable: no solution",
                "# puzzle 3 (<stdin>:3): 2 solutions"
            ],
            "{format}"
        );
    }
    // Read back, the marked output is five solutions, the comment lines skipped.
    let r = run(&["sudoku", "--all", "--format", "line"], input);
    let back = run(&["sudoku", "--format", "line"], r.stdout.as_bytes());
    assert_eq!(back.stdout.lines().count(), 5);
    assert!(back.stdout.lines().all(|l| l.len() == 16));
}

/// An error about a huge token quotes its start, not the whole token.
#[test]
fn errors_quote_a_few_dozen_characters() {
    let name = "x".repeat(1_000_000);
    let r = run(&["xc", "-"], format!("A {name}\nA\n").as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 300, "{} bytes on stderr", r.stderr.len());
    assert!(
        r.stderr.starts_with(
            "dlx: error: <stdin>:1:3: item name `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...` is 1000000 characters long"
        ),
        "{}",
        r.stderr
    );
    let r = run(&["xc", "-"], format!("A B:{name}\nA\n").as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 300, "{} bytes on stderr", r.stderr.len());
}

/// A sudoku line far longer than any puzzle is one `invalid` record that says how long it was;
/// the lines after it are read as usual.
#[test]
fn an_over_long_line_is_one_record() {
    let mut input = ".".repeat(300_000);
    input.push('\n');
    input.push_str(&".".repeat(16));
    input.push('\n');
    let r = run(&["sudoku", "--format", "json"], input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["status"], "invalid");
    assert_eq!(
        records[0]["error"],
        "<stdin>:1: the line is 300001 bytes long; a puzzle line has at most 65536 bytes"
    );
    assert!(records[0]["input"].as_str().unwrap().len() <= 64);
    assert_eq!(records[1]["status"], "solved");
    assert_eq!(records[2]["puzzles"], 2);
}

/// Asking for far more workers than cores is harmless: the same records.
#[test]
fn many_jobs_are_capped() {
    let norvig = sudoku_data("norvig-top95.txt");
    let two = run(&["sudoku", &norvig, "-j", "2"], b"");
    let many = run(&["sudoku", &norvig, "-j", "100000"], b"");
    assert_eq!((many.code, &many.stdout), (0, &two.stdout));
}

/// Outputs are opened before the search: a path that cannot be written fails at once, with
/// nothing printed.
#[test]
fn unwritable_outputs_fail_before_the_search() {
    let cases: &[&[&str]] = &[
        &["polyomino", "--svg", "/nonexistent/dir/x.svg"],
        &["queens", "8", "--svg", "/nonexistent/dir/x.svg"],
        &["langford", "7", "--svg", "/nonexistent/dir/x.svg"],
        &["bench", "--plot", "/nonexistent/dir/x.svg"],
    ];
    for args in cases {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            first_line(&r.stderr).starts_with("dlx: error: cannot write /nonexistent/dir/x.svg"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

/// A count that a limit on effort stopped is never printed as if complete: `K+`, a line on
/// stderr saying what stopped it, status 3. A count stopped at `--limit` (what was asked for)
/// is `K+` with status 0.
#[test]
fn stopped_counts_say_so() {
    let pentomino = instance("pentomino_6x10.dlx");
    let cases: &[&[&str]] = &[
        &["xc", &pentomino, "--count", "--max-nodes", "1000"],
        &["queens", "30", "--count", "--max-nodes", "1000"],
        &["polyomino", "--count", "--max-nodes", "1000"],
        &["langford", "16", "--count", "--max-nodes", "1000"],
        &[
            "queens",
            "30",
            "--count",
            "--distinct",
            "--max-nodes",
            "1000",
        ],
    ];
    for args in cases {
        let r = run(args, b"");
        assert_eq!(r.code, 3, "{args:?}: {}", r.stderr);
        assert!(r.stdout.ends_with("+\n"), "{args:?}: {}", r.stdout);
        assert!(
            first_line(&r.stderr).starts_with(
                "dlx: stopped: the node limit (--max-nodes 1000) was reached after 1000 nodes and "
            ),
            "{args:?}: {}",
            r.stderr
        );
    }
    let r = run(&["xc", &pentomino, "--count", "--timeout", "0.2"], b"");
    assert_eq!(r.code, 3);
    assert!(r.stdout.ends_with("+\n"));
    assert!(first_line(&r.stderr)
        .starts_with("dlx: stopped: the time limit (--timeout 0.2) was reached"));
    let r = run(&["queens", "8", "--count", "--limit", "5"], b"");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (0, "5+\n", "")
    );
    let r = run(&["queens", "8", "--count"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "92\n"));
    // JSON keeps `complete: false`.
    let r = run(
        &[
            "xc",
            &pentomino,
            "--count",
            "--max-nodes",
            "10",
            "--format",
            "json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(first_line(&r.stdout)).unwrap();
    assert_eq!((v["complete"].clone(), r.code), (false.into(), 3));
}

/// `--distinct --limit` says it stopped at the limit, in the words of the flag.
#[test]
fn distinct_limit_speaks_of_the_limit() {
    let r = run(
        &["queens", "6", "--distinct", "--limit", "1", "--stats"],
        b"",
    );
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("stopped by --limit"), "{}", r.stderr);
    assert!(!r.stderr.contains("visitor"), "{}", r.stderr);
    assert!(r.stderr.contains("of the 1 solution under"), "{}", r.stderr);
}

/// Ctrl-C: every command writes whole lines only, then says it was interrupted, with the
/// partial figures, and exits 130.
#[cfg(unix)]
#[test]
fn ctrl_c_is_the_same_everywhere() {
    let pentomino = instance("pentomino_6x10.dlx");
    let many = sudoku_data("magictour-top1465.txt");
    let aztec = instance("memo/aztec_12.dlx");
    let dominoes = instance("memo/dominoes_10x10.dlx");
    let cases: &[(&[&str], &str)] = &[
        (&["xc", &pentomino], "dlx: interrupted: after "),
        (&["xc", &pentomino, "--count"], "dlx: interrupted: after "),
        (&["queens", "40", "--count"], "dlx: interrupted: after "),
        (&["queens", "14"], "dlx: interrupted: after "),
        (&["polyomino", "--count"], "dlx: interrupted: after "),
        (&["langford", "20", "--count"], "dlx: interrupted: after "),
        (
            &["bench", &many, "--methods", "backtrack"],
            "dlx: interrupted: during backtrack",
        ),
        (&["check"], "dlx: interrupted: during "),
        // The memoized search: the count, and a listing of its ZDD's 258,584,046,368 tilings.
        (
            &["xc", &aztec, "--count", "--memo"],
            "dlx: interrupted: after ",
        ),
        (&["xc", &dominoes, "--memo"], "dlx: interrupted: after "),
    ];
    for (args, says) in cases {
        let (child, mut stdout) = spawn(args);
        // Wait for the first line (the search is under way), or give the search a moment
        // (a count, and bench, print nothing before the end).
        let mut text = String::new();
        if !args.contains(&"--count") && args[0] != "bench" {
            stdout.read_line(&mut text).unwrap();
        } else {
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
        interrupt(&child);
        stdout.read_to_string(&mut text).unwrap();
        let (status, stderr) = finish(child);
        assert_eq!(status, Some(130), "{args:?}: {stderr}");
        assert!(
            stderr.lines().any(|l| l.starts_with(says)),
            "{args:?}: {stderr}"
        );
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "{args:?}: a cut line"
        );
        if args.contains(&"--count") {
            assert!(text.ends_with("+\n"), "{args:?}: {text}");
        }
    }
}

/// Ctrl-C while one big puzzle is made (a 25x25 takes a minute of one core; on two threads,
/// its removals tested on both) stops it within the search's next few hundred tries, not when
/// the puzzle is done: exit 130, nothing written, and the summary says none was made.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_big_puzzle_being_made() {
    for jobs in ["1", "2"] {
        let args = [
            "sudoku", "generate", "--box", "5x5", "--seed", "7", "-n", "1", "-j", jobs,
        ];
        let (child, mut stdout) = spawn(&args);
        std::thread::sleep(std::time::Duration::from_millis(500));
        let asked = std::time::Instant::now();
        interrupt(&child);
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        let (status, stderr) = finish(child);
        let took = asked.elapsed();
        assert_eq!(status, Some(130), "-j {jobs}: {stderr}");
        assert!(
            stderr.contains("dlx: interrupted: 0 puzzles of 1 made"),
            "-j {jobs}: {stderr}"
        );
        assert_eq!(text, "", "-j {jobs}");
        // The whole puzzle takes 40 s or more: 10 s is slack for a loaded machine.
        assert!(took.as_secs() < 10, "-j {jobs}: {took:?}");
    }
}

/// Ctrl-C on a batch, many times over, at any moment and sent twice at once (as `timeout -s INT`
/// does, to the command and to its group): every run exits 130 with the partial summary on
/// stderr, and a count stopped in the middle is written `K+`. (Once it printed nothing in about
/// one run of twelve: the second signal ended the process before the summary.)
#[cfg(unix)]
#[test]
fn ctrl_c_on_a_batch_always_says_what_it_had() {
    let empty = format!("{}\n", ".".repeat(81));
    let dir = std::env::temp_dir().join(format!("dlx-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = dir.join("empty.txt");
    std::fs::write(&grid, &empty).unwrap();
    let grid = grid.display().to_string();
    // Killer sudokus enough to take seconds.
    let sample = std::fs::read_to_string(sudoku_data("killer-sample.txt")).unwrap();
    let killers = dir.join("killers.txt");
    std::fs::write(&killers, format!("{sample}\n").repeat(300)).unwrap();
    let killers = killers.display().to_string();
    let cases: [(&[&str], &str); 3] = [
        (
            &["sudoku", "--count", &grid],
            "interrupted: the records written",
        ),
        (
            &["sudoku", "generate", "-n", "1000000"],
            "dlx: interrupted: ",
        ),
        (
            &["sudoku", "--killer", &killers],
            "interrupted: the records written",
        ),
    ];
    for round in 0..8u64 {
        for (args, says) in &cases {
            let (child, mut stdout) = spawn(args);
            std::thread::sleep(std::time::Duration::from_millis(20 + 37 * round));
            interrupt(&child);
            interrupt(&child);
            let mut text = String::new();
            stdout.read_to_string(&mut text).unwrap();
            let (status, stderr) = finish(child);
            assert_eq!(status, Some(130), "{args:?} round {round}: {stderr}");
            assert!(stderr.contains(says), "{args:?} round {round}: {stderr:?}");
            if args[1] == "--count" && text.is_empty() {
                // Stopped before the line was read (a loaded machine, the first rounds): no
                // record, and the summary says none was read.
                assert!(
                    stderr.starts_with("0 puzzles: "),
                    "{args:?} round {round}: {stderr}"
                );
            } else if args[1] == "--count" {
                assert!(text.ends_with("+\n"), "{args:?} round {round}: {text:?}");
                assert!(stderr.starts_with("1 puzzle: 0 solved"), "{stderr}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Messages: one prefix for every error, clap's too; singular and plural right; help about
/// help; help texts that describe what each command prints.
#[test]
fn messages_and_help_texts() {
    let r = run(&["queens", "--bogus"], b"");
    assert_eq!(r.code, 2);
    assert!(first_line(&r.stderr).starts_with("dlx: error: unexpected argument '--bogus'"));
    let r = run(&["help", "--help"], b"");
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("Usage: dlx"), "{}", r.stdout);
    // One piece of one cell cannot cover two cells.
    let pieces = temp_file("one.txt", b"A\n");
    let r = run(
        &["polyomino", "--board", "1x2", "--pieces", &pieces.path],
        b"",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        first_line(&r.stderr),
        "dlx: error: the board has 2 cells, and the 1 piece covers only 1 cell"
    );
    // A prime size is told how to give its box.
    let r = run(&["sudoku"], ".".repeat(49).as_bytes());
    assert!(
        r.stdout.contains("49 cells make a 7x7 grid, which has no box by default (7 is prime): give its box shape with --box 1x7"),
        "{}",
        r.stdout
    );
    for cmd in ["queens", "polyomino", "langford"] {
        let help = run(&[cmd, "--help"], b"").stdout;
        assert!(!help.contains("option lines"), "{cmd}: {help}");
    }
    let help = run(&["langford", "--help"], b"").stdout;
    assert!(help.contains("reversal for Langford pairs"), "{help}");
    let help = run(&["bench", "--help"], b"").stdout;
    assert!(!help.contains("--verify"), "{help}");
}

/// Every subcommand speaks one dialect about what they share: `--jobs 0` is one thread per core;
/// a negative duration is named so; an output that cannot be written fails before any work,
/// saying so the same way; an empty batch says so on stderr and is no error, while an empty
/// single problem is; a directory given as input is refused in the same words.
#[test]
fn every_subcommand_speaks_one_dialect() {
    let q8 = instance("queens8.dlx");
    let norvig = sudoku_data("norvig-top95.txt");
    let killer = sudoku_data("killer-sample.txt");
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data");
    let words = root.join("words/short-words.txt").display().to_string();
    let dir = std::env::temp_dir().display().to_string();
    let empty = temp_file("dialect-empty.txt", b"");
    let svg = "/nonexistent/dialect/x.svg";

    // --jobs 0: one per core.
    let jobs: &[&[&str]] = &[
        &["xc", &q8, "--count", "--jobs", "0"],
        &["queens", "6", "--count", "--jobs", "0"],
        &["polyomino", "--board", "3x5", "--count", "--jobs", "0"],
        &["langford", "7", "--count", "--jobs", "0"],
        &[
            "words", "--size", "2x3", "--words", &words, "--count", "--jobs", "0",
        ],
        &["sudoku", &norvig, "--jobs", "0"],
        &["sudoku", "rate", &norvig, "--jobs", "0"],
        &["sudoku", "--killer", &killer, "--jobs", "0"],
        &["sudoku", "generate", "-n", "2", "--jobs", "0"],
    ];
    for args in jobs {
        let r = run(args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(!r.stdout.is_empty(), "{args:?}");
    }

    // A negative duration.
    let timeouts: &[&[&str]] = &[
        &["xc", &q8],
        &["queens", "6"],
        &["polyomino"],
        &["langford", "7"],
        &["words", "--size", "2x3", "--words", &words],
        &["sudoku", &norvig],
        &["sudoku", "rate", &norvig],
        &["sudoku", "--killer", &killer],
        &["bench", &norvig],
    ];
    for args in timeouts {
        let mut args = args.to_vec();
        args.extend(["--timeout", "-1"]);
        let r = run(&args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            first_line(&r.stderr).ends_with("`-1` is negative: give a number of seconds above 0"),
            "{args:?}: {}",
            r.stderr
        );
    }

    // An output that cannot be written: refused before the work.
    let outputs: &[&[&str]] = &[
        &["queens", "6", "--svg", svg],
        &["polyomino", "--board", "3x5", "--svg", svg],
        &["langford", "7", "--svg", svg],
        &["sudoku", "--killer", &killer, "--svg", svg],
        &["sudoku", "generate", "-n", "2", "--plot", svg],
        &["bench", &norvig, "--plot", svg],
    ];
    for args in outputs {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            first_line(&r.stderr).starts_with(&format!("dlx: error: cannot write {svg}: ")),
            "{args:?}: {}",
            r.stderr
        );
    }

    // An empty input: a batch says it had no puzzles; a single problem cannot be read.
    let batches: &[&[&str]] = &[
        &["sudoku", &empty.path],
        &["sudoku", "rate", &empty.path],
        &["sudoku", "--killer", &empty.path],
        &["bench", &empty.path],
    ];
    for args in batches {
        let r = run(args, b"");
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, ""),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(
            first_line(&r.stderr),
            format!("dlx: warning: no puzzles in {}", empty.path),
            "{args:?}"
        );
    }
    let singles: &[&[&str]] = &[&["xc", &empty.path], &["merge", &empty.path]];
    for args in singles {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            first_line(&r.stderr).starts_with("dlx: error: "),
            "{args:?}"
        );
    }

    // A directory as input.
    let inputs: &[&[&str]] = &[
        &["xc", &dir],
        &["merge", &dir],
        &["sudoku", &dir],
        &["sudoku", "rate", &dir],
        &["sudoku", "--killer", &dir],
        &["sudoku", &norvig, "--regions", &dir],
        &["bench", &dir],
        &["polyomino", "--board", &dir],
        &["words", "--size", "2x2", "--words", &dir],
    ];
    for args in inputs {
        let r = run(args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(
            first_line(&r.stderr),
            format!("dlx: error: cannot read {dir}: it is a directory"),
            "{args:?}"
        );
    }
}
