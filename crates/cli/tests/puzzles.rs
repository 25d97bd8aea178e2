//! `dlx queens`, `dlx polyomino`, `dlx langford` end to end.

mod common;

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
        (board_arg, "line 2, column 2: unexpected character '%'"),
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
