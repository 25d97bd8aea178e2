//! Every puzzle file people keep reads as the puzzles it holds (issue 14): one file per format in
//! `tests/formats/`, each holding the puzzles of `reference-9x9.txt` or `reference-16x16.txt`
//! written that way, read with no flag but the file; and round trips (read, write in the same
//! format, read again).

use crate::common;

use std::path::PathBuf;

use common::run;

fn file(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/formats")
        .join(name)
        .display()
        .to_string()
}

fn lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(file(name))
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// A JSON record's string value for `key`.
fn value(record: &serde_json::Value, key: &str) -> String {
    record[key].as_str().unwrap_or_default().to_string()
}

/// The records `dlx sudoku rate --format json FILE ARGS` writes (the summary left out): each
/// carries the puzzle as read, on one line.
fn rated(name: &str, args: &[&str]) -> Vec<serde_json::Value> {
    let path = file(name);
    let mut all = vec!["sudoku", "rate", "--format", "json", &path];
    all.extend_from_slice(args);
    let r = run(&all, b"");
    assert_eq!(r.code, 0, "{name}: {}", r.stderr);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("summary").is_none())
        .collect()
}

/// The puzzles of a file as read, each on one line in the symbols it was written in.
fn puzzles(name: &str, args: &[&str]) -> Vec<String> {
    rated(name, args)
        .iter()
        .map(|r| {
            assert_eq!(value(r, "status"), "unique", "{name}: {r}");
            value(r, "puzzle")
        })
        .collect()
}

/// A 16x16 puzzle of the reference file (`1-9A-G`) in other symbols.
fn in_symbols(puzzle: &str, symbols: &str) -> String {
    const DEFAULT: &str = "123456789ABCDEFG";
    puzzle
        .chars()
        .map(|c| match DEFAULT.find(c) {
            Some(k) => symbols.as_bytes()[k] as char,
            None => c,
        })
        .collect()
}

#[test]
fn nine_by_nine_formats_read_as_their_puzzles() {
    let want = lines("reference-9x9.txt");
    assert_eq!(want.len(), 3);
    for name in [
        "euler.txt",
        "stacked.txt",
        "bands.txt",
        "comma-grid.txt",
        "spaced-line.txt",
        "comments.txt",
        "kaggle-3m.csv",
        "named-columns.csv",
        "spaced-boxes-x.txt",
        "block-sudoku-crate.txt",
        "line-comment-space.txt",
        "line-comment-tab.txt",
        "line-comment-semicolon.txt",
        "line-comment-comma.txt",
        "line-comment-bar.txt",
    ] {
        assert_eq!(puzzles(name, &[]), want, "{name}");
    }
}

/// A record carries its whole puzzle on one line, whatever the input's layout, so that it can
/// be fed back (the input of a grid was once only its first row).
#[test]
fn records_carry_the_whole_puzzle_on_one_line() {
    let want = lines("reference-9x9.txt");
    for name in ["euler.txt", "bands.txt", "block-sudoku-crate.txt"] {
        let r = run(&["sudoku", &file(name), "--format", "json"], b"");
        let inputs: Vec<String> = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v.get("summary").is_none())
            .map(|v| value(&v, "input"))
            .collect();
        assert_eq!(inputs, want, "{name}");
    }
}

#[test]
fn titles_go_with_their_puzzles() {
    let records = rated("euler.txt", &[]);
    let titles: Vec<String> = records.iter().map(|r| value(r, "title")).collect();
    assert_eq!(titles, ["Grid 01", "Grid 02", "Grid 03"]);
    // Each record starts at its grid's first row, after the title.
    let starts: Vec<u64> = records
        .iter()
        .map(|r| r["line_no"].as_u64().unwrap())
        .collect();
    assert_eq!(starts, [2, 12, 22]);
    let records = rated("comments.txt", &[]);
    assert_eq!(
        value(&records[0], "title"),
        "Puzzles from Project Euler and Norvig"
    );
    assert!(records[1].get("title").is_none());
}

/// `--column` on input that is not CSV is said, not passed over in silence.
#[test]
fn column_flags_on_other_input_are_said() {
    let r = run(
        &["sudoku", &file("reference-9x9.txt"), "--column", "2"],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 3);
    assert!(
        r.stderr
            .contains("--column and --solution-column are for CSV input"),
        "{}",
        r.stderr
    );
    let r = run(
        &["sudoku", &file("kaggle-3m.csv"), "--column", "puzzle"],
        b"",
    );
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
}

#[test]
fn csv_columns_are_chosen_by_name_or_number_and_the_rest_pass_through() {
    let records = rated("kaggle-3m.csv", &[]);
    assert_eq!(records.len(), 3);
    assert_eq!(
        records[1]["columns"],
        serde_json::json!({"id": "2", "clues": "17", "difficulty": "2.5"})
    );
    // --verify checks the solution column: all agree (and a wrong one would be a mismatch).
    let path = file("kaggle-3m.csv");
    let r = run(&["sudoku", &path, "--verify", "--stats"], b"");
    assert!(r.stderr.contains("0 invalid"), "{}", r.stderr);
    assert!(!r.stdout.contains("mismatch"), "{}", r.stdout);
    let wrong = std::fs::read_to_string(&path)
        .unwrap()
        .replace(",483921657", ",483921675");
    let r = run(
        &["sudoku", "--verify", "--format", "json"],
        wrong.as_bytes(),
    );
    assert_eq!(
        r.stdout.matches("\"status\":\"mismatch\"").count(),
        1,
        "{}",
        r.stdout
    );

    // Named and numbered columns give the same puzzles; the notes' quoted comma stays inside.
    let want = lines("reference-9x9.txt");
    for args in [
        &["--column", "grid", "--solution-column", "answer"][..],
        &["--column", "3", "--solution-column", "4"],
        &["--column", "GRID"],
    ] {
        assert_eq!(puzzles("named-columns.csv", args), want, "{args:?}");
    }
    let records = rated("named-columns.csv", &[]);
    assert_eq!(
        records[0]["columns"],
        serde_json::json!({"name": "puzzle 1", "notes": "from a book, page 10"})
    );
    // A column the header does not name stops the run, saying which there are.
    let path = file("named-columns.csv");
    let r = run(&["sudoku", &path, "--column", "quiz"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("--column `quiz`: no such column in the header (name, notes, grid, answer)"),
        "{}",
        r.stderr
    );
    let r = run(&["sudoku", "--column", "0"], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn symbol_sets_are_detected_and_answers_keep_them() {
    let want = lines("reference-16x16.txt");
    assert_eq!(puzzles("numbers-16x16.txt", &[]), want);
    let letters: Vec<String> = want
        .iter()
        .map(|p| in_symbols(p, "ABCDEFGHIJKLMNOP"))
        .collect();
    assert_eq!(puzzles("letters-16x16.txt", &[]), letters);
    let hex: Vec<String> = want
        .iter()
        .map(|p| in_symbols(p, "0123456789ABCDEF"))
        .collect();
    assert_eq!(puzzles("hex-16x16.txt", &[]), hex);
    // The solutions are written in the puzzle's symbols, and are the same grids.
    let solve = |name: &str| {
        let r = run(&["sudoku", &file(name), "--format", "line"], b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout.lines().map(String::from).collect::<Vec<_>>()
    };
    let default = solve("reference-16x16.txt");
    let as_letters: Vec<String> = default
        .iter()
        .map(|p| in_symbols(p, "ABCDEFGHIJKLMNOP"))
        .collect();
    assert_eq!(solve("letters-16x16.txt"), as_letters);
    let as_hex: Vec<String> = default
        .iter()
        .map(|p| in_symbols(p, "0123456789ABCDEF"))
        .collect();
    assert_eq!(solve("hex-16x16.txt"), as_hex);
    // --symbols says otherwise: the letters read as 1-9A-Z are beyond 16 (P is 25).
    let r = run(
        &["sudoku", &file("letters-16x16.txt"), "--symbols", "default"],
        b"",
    );
    assert!(r.stdout.starts_with("# invalid: ") && r.stdout.contains("beyond the 16 digits"));
}

/// Read, write in the same format, read again: the solutions written in each output format
/// read back as themselves (a full grid is its own solution), from every input format.
#[test]
fn round_trips() {
    for name in [
        "euler.txt",
        "bands.txt",
        "comma-grid.txt",
        "spaced-line.txt",
        "kaggle-3m.csv",
        "hex-16x16.txt",
        "letters-16x16.txt",
        "numbers-16x16.txt",
    ] {
        for format in ["line", "grid", "pretty"] {
            let first = run(&["sudoku", &file(name), "--format", format], b"");
            assert_eq!(first.code, 0, "{name} {format}: {}", first.stderr);
            assert!(
                !first.stdout.contains("# "),
                "{name} {format}: {}",
                first.stdout
            );
            let again = run(&["sudoku", "--format", format], first.stdout.as_bytes());
            assert_eq!(again.stdout, first.stdout, "{name} {format}");
        }
    }
    // A LeetCode board is one per file.
    let board = run(
        &["sudoku", "--format", "leetcode"],
        lines("reference-9x9.txt")[0].as_bytes(),
    );
    let again = run(&["sudoku"], board.stdout.as_bytes());
    assert_eq!(again.stdout, board.stdout);
}

#[test]
fn a_misread_file_says_how_it_was_read_and_what_to_pass() {
    // A 16x16 grid drawn without spaces: its rows have 16 symbols, as a 4x4 puzzle on one line,
    // but symbols beyond 4: grids.
    let grid: String = lines("reference-16x16.txt")[0]
        .as_bytes()
        .chunks(16)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let r = run(&["sudoku", "--stats"], grid.as_bytes());
    assert!(r.stderr.starts_with("1 puzzle: 1 solved"), "{}", r.stderr);
    // Read as lines, as --input says: the message says so.
    let r = run(&["sudoku", "--input", "line"], grid.as_bytes());
    assert!(
        r.stdout
            .contains("read as one puzzle per line, as --input says"),
        "{}",
        r.stdout
    );
    // A grid cut short reads as grids, and says why and what reads it otherwise.
    let r = run(&["sudoku"], b"53..7....\n6..195...\n\n.98....6.\n");
    assert!(
        r.stdout
            .contains("read as grids, since the first lines are rows")
            && r.stdout.contains("--input line"),
        "{}",
        r.stdout
    );
}

#[test]
fn regions_alone_give_the_shape_prime_sizes_included() {
    let map = file("jigsaw-7x7-regions.txt");
    let r = run(
        &[
            "sudoku",
            &file("jigsaw-7x7.txt"),
            "--regions",
            &map,
            "--unique",
            "--stats",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("2 puzzles: 2 solved (2 unique"),
        "{}",
        r.stderr
    );
    // Each solution keeps the givens and holds each digit once per row and per region.
    let regions: Vec<char> = std::fs::read_to_string(&map)
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect();
    for (puzzle, solution) in lines("jigsaw-7x7.txt").iter().zip(r.stdout.lines()) {
        let s: Vec<char> = solution.chars().collect();
        assert_eq!(s.len(), 49);
        assert!(puzzle.chars().zip(&s).all(|(p, &c)| p == '.' || p == c));
        for region in 'A'..='G' {
            let mut digits: Vec<char> = (0..49)
                .filter(|&k| regions[k] == region)
                .map(|k| s[k])
                .collect();
            digits.sort_unstable();
            assert_eq!(
                digits.iter().collect::<String>(),
                "1234567",
                "region {region}"
            );
        }
        for row in s.chunks(7) {
            let mut digits = row.to_vec();
            digits.sort_unstable();
            assert_eq!(digits.iter().collect::<String>(), "1234567");
        }
    }
    // Drawn for a person, a jigsaw shows its regions, not boxes: the first row's border
    // falls between the regions A (4 cells) and B, the second row's between A (3) and B.
    let pretty = run(
        &[
            "sudoku",
            &file("jigsaw-7x7.txt"),
            "--regions",
            &map,
            "--format",
            "pretty",
        ],
        b"",
    );
    let drawn: Vec<&str> = pretty.stdout.lines().take(5).collect();
    assert_eq!(drawn[0], "·───·───·───·───·───·───·───·");
    assert_eq!(drawn[1], "│ 3   1   2   4 │ 7   6   5 │");
    assert_eq!(drawn[2], "·   ·   ·   ·───·   ·   ·   ·");
    assert_eq!(drawn[3], "│ 7   6   5 │ 2   3   4   1 │");
    assert_eq!(drawn[4], "·───·───·───·───·───·───·───·");
    // generate takes the shape from the map too.
    let g = run(
        &[
            "sudoku",
            "generate",
            "--regions",
            &map,
            "--count",
            "1",
            "--seed",
            "3",
        ],
        b"",
    );
    assert_eq!(g.code, 0, "{}", g.stderr);
    assert_eq!(g.stdout.trim().len(), 49);
}

/// A bad line is a bad record, never nothing: a grid with a bad character is one `invalid`
/// record naming it (the rows around it stay one grid), and a quoted one-column CSV reads.
#[test]
fn bad_lines_are_records_not_silence() {
    let rows = [
        "53..7....",
        "6..1%5...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ];
    let r = run(&["sudoku"], (rows.join("\n") + "\n").as_bytes());
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    assert!(
        r.stdout
            .starts_with("# invalid: <stdin>:2:5: unexpected character '%'"),
        "{}",
        r.stdout
    );
    let mut quoted = rows.to_vec();
    quoted[1] = "\"bad\"";
    let r = run(&["sudoku"], (quoted.join("\n") + "\n").as_bytes());
    assert!(
        r.stdout
            .starts_with("# invalid: <stdin>:2:1: unexpected character '\"'"),
        "{}",
        r.stdout
    );
    let csv = format!("\"puzzle\"\n\"{}\"\n", lines("reference-9x9.txt")[1]);
    let r = run(&["sudoku", "--stats"], csv.as_bytes());
    assert!(r.stderr.starts_with("1 puzzle: 1 solved"), "{}", r.stderr);
}

/// The numbers of a grid written one token per cell (`0` or `.` a blank).
fn numbers(text: &str) -> Vec<usize> {
    text.split_whitespace()
        .filter(|t| !t.chars().all(|c| "│┌┐└┘├┤┬┴┼─|".contains(c)))
        .map(|t| t.parse().unwrap_or(0))
        .collect()
}

/// Whether `solution` (n x n, boxes b x b) holds each number once per row, column and box and
/// keeps the givens of `puzzle`.
fn solves(puzzle: &[usize], solution: &[usize], b: usize) -> bool {
    let n = b * b;
    let whole = |cells: Vec<usize>| {
        let mut v: Vec<usize> = cells.iter().map(|&k| solution[k]).collect();
        v.sort_unstable();
        v == (1..=n).collect::<Vec<_>>()
    };
    solution.len() == n * n
        && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
        && (0..n).all(|r| whole((0..n).map(|c| r * n + c).collect()))
        && (0..n).all(|c| whole((0..n).map(|r| r * n + c).collect()))
        && (0..n).all(|k| {
            let (r0, c0) = (k / b * b, k % b * b);
            whole((0..n).map(|i| (r0 + i / b) * n + c0 + i % b).collect())
        })
}

/// Beyond 36x36: numbers, one token per cell, as grid rows (49x49) or on one line (64x64);
/// solved, written and read back in every text format.
#[test]
fn sizes_beyond_36_read_and_write_as_numbers() {
    for (name, b) in [("numbers-49x49.txt", 7), ("line-64x64.txt", 8)] {
        let path = file(name);
        let puzzle = numbers(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(puzzle.len(), b * b * b * b);
        for format in ["line", "grid", "pretty"] {
            let r = run(&["sudoku", &path, "--format", format], b"");
            assert_eq!(r.code, 0, "{name}: {}", r.stderr);
            assert!(
                solves(&puzzle, &numbers(&r.stdout), b),
                "{name} {format}: {}",
                r.stdout
            );
            let again = run(&["sudoku", "--format", format], r.stdout.as_bytes());
            assert_eq!(again.stdout, r.stdout, "{name} {format}");
        }
    }
}
