//! `dlx queens`, `dlx polyomino`, `dlx langford`, `dlx words` end to end.

use crate::common;

/// The puzzle commands read no standard input.
fn run(args: &[&str]) -> common::Run {
    common::run(args, b"")
}

#[test]
fn queens_text_counts_and_distinct() {
    let r = run(&["queens", "4"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("queens4_text", r.stdout);
    assert_eq!(run(&["queens", "10", "--count"]).stdout, "724\n");
    assert_eq!(
        run(&["queens", "10", "--count", "--distinct"]).stdout,
        "92\n"
    );
    // The organ-pipe order's figures are those of Knuth's queens10.dlx; natural order needs more.
    let r = run(&["queens", "10", "--count", "--stats"]);
    assert!(
        r.stderr
            .starts_with("724 solutions, 11578 nodes, 198264 updates;"),
        "{}",
        r.stderr
    );
    let r = run(&["queens", "12", "--count", "--stats", "--order", "natural"]);
    assert!(
        r.stderr
            .starts_with("14200 solutions, 327813 nodes, 6285452 updates;"),
        "{}",
        r.stderr
    );
    let r = run(&["queens", "0"]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(r.stderr.contains("from 1 to 1000, not 0"), "{}", r.stderr);
}

#[test]
fn distinct_listing_and_its_limit() {
    // One board per class: 12 for 8 queens; --limit counts classes.
    let r = run(&["queens", "8", "--distinct", "--format", "json"]);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 13);
    let summary = &lines[12];
    assert_eq!(summary["distinct"], 12);
    assert_eq!(summary["symmetries"], 8);
    assert_eq!(summary["solutions"], 92);
    assert_eq!(summary["complete"], true);
    let r = run(&["queens", "8", "--distinct", "--limit", "3"]);
    assert_eq!(r.stdout.split("\n\n").count(), 3);
}

#[test]
fn langford_sequences() {
    let r = run(&["langford", "4"]);
    assert_eq!(r.stdout, "4 1 3 1 2 4 3 2\n\n2 3 4 2 1 3 1 4\n");
    let r = run(&["langford", "4", "--distinct"]);
    assert_eq!(r.stdout.lines().count(), 1);
    assert_eq!(
        run(&["langford", "8", "--count", "--distinct"]).stdout,
        "150\n"
    );
    let r = run(&["langford", "7", "--count", "--distinct", "--stats"]);
    assert!(
        r.stderr
            .contains("26 up to symmetry (2 symmetries): the pair of 7s"),
        "{}",
        r.stderr
    );
}

#[test]
fn polyomino_boards_pieces_and_errors() {
    let r = run(&["polyomino", "--board", "3x20", "--distinct", "--stats"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("pentomino_3x20_distinct", r.stdout);
    assert!(
        r.stderr.contains("2 up to symmetry (4 symmetries)"),
        "{}",
        r.stderr
    );
    let r = run(&[
        "polyomino",
        "--board",
        "5x12",
        "--count",
        "--distinct",
        "--stats",
    ]);
    assert_eq!(r.stdout, "1010\n");
    assert!(r.stderr.contains("fixed to"), "{}", r.stderr);
    // A board and pieces from files.
    let dir = std::env::temp_dir().join(format!("dlx-poly-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("ring.txt");
    std::fs::write(&board, "###\n#.#\n###\n").unwrap();
    let pieces = dir.join("dominoes.txt");
    std::fs::write(&pieces, "aa bb cc dd\n").unwrap();
    // The ring and the dominoes, with more flags.
    let (board_arg, pieces_arg) = (board.to_str().unwrap(), pieces.to_str().unwrap());
    let ring = |more: &[&str]| {
        let args = [
            &["polyomino", "--board", board_arg, "--pieces", pieces_arg],
            more,
        ]
        .concat();
        run(&args)
    };
    let r = ring(&["--format", "json", "--limit", "1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let first: serde_json::Value = serde_json::from_str(r.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["solution"].as_array().unwrap().len(), 4);
    assert_eq!(first["solution"][0]["cells"].as_array().unwrap().len(), 2);
    // 8 cells of a ring, 4 dominoes: 2 ways to pair the cells, times 4! names.
    assert_eq!(ring(&["--count"]).stdout, "48\n");
    let svg = dir.join("ring.svg");
    let r = ring(&["--count", "--svg", svg.to_str().unwrap(), "--limit", "3"]);
    assert_eq!(r.code, 0);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawn.matches("<g ").count(), 3);
    // Errors: a bad map character, a board too big for the pieces, a missing file.
    std::fs::write(&board, "##\n#%\n").unwrap();
    for (board, message) in [
        (board_arg, "ring.txt:2:2: unexpected character '%'"),
        (
            "8x8",
            "the board has 64 cells, and the 12 pieces cover only 60",
        ),
    ] {
        let r = run(&["polyomino", "--board", board]);
        assert_eq!(r.code, 2);
        assert!(r.stderr.contains(message), "{}", r.stderr);
    }
    let r = run(&["polyomino", "--board", "/nonexistent/board.txt"]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A word list or pattern of `data/words`.
fn words_data(name: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/words");
    path.join(name).display().to_string()
}

#[test]
fn word_squares_count_with_dlx2_figures() {
    let list = words_data("three-letter-400.txt");
    let r = run(&[
        "words", "--size", "3x3", "--words", &list, "--count", "--stats",
    ]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "16540\n"));
    // The list's figures, then the search's: dlx2's for words_3x3.dlx, cleansings included.
    let mut lines = r.stderr.lines();
    assert!(
        lines.next().unwrap().ends_with(
            "three-letter-400.txt: 400 words; 0 lines skipped (not letters only), 0 words repeated"
        ),
        "{}",
        r.stderr
    );
    assert!(
        lines.next().unwrap().starts_with(
            "16540 solutions, 106394 nodes, 13119164 updates, 433581 cleansings; search complete;"
        ),
        "{}",
        r.stderr
    );
    // No word twice: fewer squares (a square whose rows are its columns repeats all three).
    let distinct = run(&[
        "words",
        "--size",
        "3x3",
        "--words",
        &list,
        "--count",
        "--distinct",
    ]);
    let n: u64 = distinct.stdout.trim().parse().unwrap();
    assert!(0 < n && n < 16540, "{n}");
}

#[test]
fn word_rectangles_print_as_rows_and_json() {
    let dir = std::env::temp_dir().join(format!("dlx-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("list.txt");
    // "it's" and "a b" are skipped; words with capitals too, as crossword tools do, unless
    // --capitals keeps them, case folded ("AB" then repeats "ab").
    std::fs::write(&list, "ab\nBA\nAB\nit's\na b\n").unwrap();
    let list = list.display().to_string();
    let r = run(&["words", "--size", "2x2", "--words", &list, "--count"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "0\n"));
    assert!(
        r.stderr.contains(
            "1 word; 2 lines skipped (not letters only), 2 words with capitals skipped \
             (--capitals keeps them), 0 words repeated"
        ),
        "{}",
        r.stderr
    );
    let r = run(&["words", "--size", "2x2", "--words", &list, "--capitals"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "ab\nba\n\nba\nab\n"));
    let r = run(&[
        "words",
        "--size",
        "2x2",
        "--words",
        &list,
        "--capitals",
        "--stats",
        "--count",
    ]);
    assert!(
        r.stderr
            .contains("2 words; 2 lines skipped (not letters only), 1 word repeated"),
        "{}",
        r.stderr
    );
    // Two rows and two columns from two words: no filling uses each word once.
    let r = run(&[
        "words",
        "--size",
        "2x2",
        "--words",
        &list,
        "--capitals",
        "--no-repeats",
        "--count",
    ]);
    assert_eq!(r.stdout, "0\n");
    // The old spelling still reads, with a note: elsewhere --distinct means up to symmetry.
    let r = run(&[
        "words",
        "--size",
        "2x2",
        "--words",
        &list,
        "--capitals",
        "--distinct",
        "--count",
    ]);
    assert_eq!(r.stdout, "0\n");
    assert!(r.stderr.contains("--no-repeats"), "{}", r.stderr);
    let r = run(&[
        "words",
        "--size",
        "2x2",
        "--words",
        &list,
        "--capitals",
        "--format",
        "json",
        "--limit",
        "1",
    ]);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solution"], serde_json::json!(["ab", "ba"]));
    assert_eq!(
        lines[0]["words"][0],
        serde_json::json!({"slot": "across", "row": 1, "col": 1, "word": "ab"})
    );
    assert_eq!(lines[1]["solutions"], 1);
    // A length the list lacks, named; a pattern's bad square, placed.
    let r = run(&["words", "--size", "2x3", "--words", &list]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr
            .contains("no word of 3 letters, which the across slot at row 1, column 1 needs"),
        "{}",
        r.stderr
    );
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "..\n.*\n").unwrap();
    let r = run(&[
        "words",
        "--grid",
        &grid.display().to_string(),
        "--words",
        &list,
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("grid.txt:2:2: '*' is not a square"),
        "{}",
        r.stderr
    );
    let r = run(&["words", "--size", "0x2", "--words", &list]);
    assert_eq!(r.code, 2);
    let r = run(&["words", "--words", &list]);
    assert_eq!(r.code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn crossword_fill_keeps_the_pattern_and_emits_knuths_format() {
    let (list, pattern) = (words_data("short-words.txt"), words_data("pattern-4x4.txt"));
    let r = run(&["words", "--grid", &pattern, "--words", &list, "--count"]);
    assert_eq!(r.stdout, "51626\n");
    let r = run(&[
        "words", "--grid", &pattern, "--words", &list, "--limit", "3",
    ]);
    let fills: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(fills.len(), 3);
    for fill in fills {
        let rows: Vec<&str> = fill.lines().collect();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[1].chars().nth(1), Some('#'));
        assert_eq!(rows[3].chars().nth(2), Some('#'));
    }
    // The problem in Knuth's format reads back as the same problem: `dlx xc` counts the same.
    let r = run(&["words", "--grid", &pattern, "--words", &list, "--emit-xcc"]);
    assert!(r.stdout.contains(" | x0_0 "), "{}", &r.stdout[..200]);
    let dir = std::env::temp_dir().join(format!("dlx-xcc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fill.dlx");
    std::fs::write(&file, &r.stdout).unwrap();
    let r = run(&["xc", &file.display().to_string(), "--count"]);
    assert_eq!(r.stdout, "51626\n");
    // The drawing is well-formed SVG with a square per cell.
    let svg = dir.join("fill.svg");
    let r = run(&[
        "words",
        "--grid",
        &pattern,
        "--words",
        &list,
        "--limit",
        "2",
        "--svg",
        &svg.display().to_string(),
    ]);
    assert_eq!(r.code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let squares = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("stroke") == Some("#888"))
        .count();
    assert_eq!(squares, 2 * 16);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `words --best K` with a scored list: the fillings of highest total score, best first, each
/// after `# score S`; the JSON summary lists the scores; a node limit exits 3 and says so.
#[test]
fn words_best_fills_with_the_highest_scores() {
    let dir = std::env::temp_dir().join(format!("dlx-words-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("scored.txt");
    std::fs::write(&list, "ab;10\ncd;50\nac;20\nbd;40\nad;5\nbc;1\n").unwrap();
    let list = list.display().to_string();
    let r = run(&["words", "--size", "2x2", "--words", &list, "--best", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // ab/cd (rows) with ac/bd (columns): 10 + 50 + 20 + 40; its transpose scores the same
    // (equal scores in the order the search found them).
    assert_eq!(r.stdout, "# score 120\nac\nbd\n\n# score 120\nab\ncd\n");
    let r = run(&[
        "words", "--size", "2x2", "--words", &list, "--best", "1", "--format", "json",
    ]);
    let last: serde_json::Value = serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["best_scores"], serde_json::json!([120]));
    assert_eq!(last["complete"], true);
    let first: serde_json::Value = serde_json::from_str(r.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["score"], 120);

    let big = words_data("three-letter-400.txt");
    let r = run(&[
        "words",
        "--size",
        "3x3",
        "--words",
        &big,
        "--best",
        "1000",
        "--max-nodes",
        "50",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stderr.contains("not proved the best"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
