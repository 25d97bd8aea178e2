//! `dlx bench`: the table, JSON and CSV agree with each other and with the definitions, slow
//! methods stop at the timeout and say so, bad lines are named and left out, and the plot is a
//! well-formed SVG with a curve per method.

use crate::common;

use common::{run, sudoku_data};
use serde_json::Value;

const KEYS: [&str; 11] = [
    "file",
    "method",
    "puzzles",
    "solved",
    "per_second",
    "nodes_mean",
    "nodes_median",
    "nodes_max",
    "timeouts",
    "ratio_nodes",
    "ratio_time",
];

fn json_rows(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn json_has_a_row_per_method_with_every_key() {
    let out = run(&["bench", "--first", "40", "--format", "json"], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows = json_rows(&out.stdout);
    let methods: Vec<&str> = rows.iter().map(|r| r["method"].as_str().unwrap()).collect();
    assert_eq!(
        methods,
        ["backtrack", "bitmask", "singles", "mrv", "forward", "dlx"]
    );
    for row in &rows {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = KEYS.to_vec();
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(row["file"], "kaggle-first500.txt");
        assert_eq!(
            (row["puzzles"].as_u64(), row["solved"].as_u64()),
            (Some(40), Some(40))
        );
        assert_eq!(row["timeouts"], 0);
        let (mean, median, max) = (
            row["nodes_mean"].as_f64().unwrap(),
            row["nodes_median"].as_f64().unwrap(),
            row["nodes_max"].as_f64().unwrap(),
        );
        assert!(1.0 <= median && median <= max && mean <= max, "{row}");
    }
    let by = |m: &str| rows.iter().find(|r| r["method"] == m).unwrap();
    assert_eq!(by("dlx")["ratio_nodes"], 1.0);
    assert_eq!(by("dlx")["ratio_time"], 1.0);
    // The same tree: the same nodes. Fewer for forward checking than for MRV; far fewer for
    // Dancing Links than for plain backtracking.
    assert_eq!(by("backtrack")["nodes_mean"], by("bitmask")["nodes_mean"]);
    assert!(by("forward")["nodes_mean"].as_f64() < by("mrv")["nodes_mean"].as_f64());
    assert!(by("backtrack")["ratio_nodes"].as_f64().unwrap() > 100.0);
    // Ratios are the quotients of the means.
    let mrv = by("mrv");
    let quotient = mrv["nodes_mean"].as_f64().unwrap() / by("dlx")["nodes_mean"].as_f64().unwrap();
    assert!((mrv["ratio_nodes"].as_f64().unwrap() - quotient).abs() < 0.01 * quotient);
}

#[test]
fn table_and_csv_show_the_same_rows() {
    let file = sudoku_data("norvig-top95.txt");
    let args = ["bench", &file, "--methods", "mrv,dlx", "--first", "10"];
    let table = run(&args, b"");
    assert_eq!(table.code, 0, "{}", table.stderr);
    let lines: Vec<&str> = table.stdout.lines().collect();
    assert!(lines[0].starts_with(&format!(
        "{file}: 10 puzzles, each solved and proved unique"
    )));
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "method",
            "solved",
            "timeouts",
            "puzzles/s",
            "nodes",
            "mean",
            "median",
            "max",
            "nodes/dlx",
            "time/dlx"
        ]
    );
    assert!(lines[2].starts_with("mrv "));
    assert!(lines[3].starts_with("dlx "));
    assert!(table.stdout.contains("Nodes: one per search level entered"));

    let csv = run(&[&args[..], &["--format", "csv"]].concat(), b"");
    let rows: Vec<Vec<&str>> = csv.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0], KEYS);
    assert_eq!(rows.len(), 3);
    for row in &rows[1..] {
        assert_eq!(row.len(), KEYS.len());
        assert_eq!(
            (row[0], row[2], row[3], row[8]),
            (file.as_str(), "10", "10", "0")
        );
    }
    // Node figures do not depend on the clock: the table's match the CSV's.
    let dlx_table: Vec<&str> = lines[3].split_whitespace().collect();
    let max: u64 = dlx_table[6].replace(',', "").parse().unwrap();
    assert_eq!(rows[2][7], max.to_string());
}

#[test]
fn the_timeout_stops_slow_methods_and_is_counted() {
    // Norvig's hardest for plain backtracking: millions of nodes.
    let file = sudoku_data("norvig-top95.txt");
    let out = run(
        &[
            "bench",
            &file,
            "--methods",
            "backtrack,dlx",
            "--first",
            "3",
            "--timeout",
            "0.02",
            "--format",
            "json",
        ],
        b"",
    );
    // The timeout stopped searches: the table counts them, and the exit status is 3, as for
    // every command whose search a limit stopped.
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.contains("stopped by --timeout 0.02"),
        "{}",
        out.stderr
    );
    let rows = json_rows(&out.stdout);
    assert_eq!(rows[0]["method"], "backtrack");
    let timeouts = rows[0]["timeouts"].as_u64().unwrap();
    assert!(timeouts >= 1);
    assert_eq!(rows[0]["solved"].as_u64().unwrap() + timeouts, 3);
    assert_eq!(
        (rows[1]["solved"].as_u64(), rows[1]["timeouts"].as_u64()),
        (Some(3), Some(0))
    );
}

#[test]
fn bad_lines_are_named_and_left_out() {
    let dir = std::env::temp_dir().join(format!("dlx-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.txt");
    let good = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let clash = format!("55{}", &good[2..]);
    let bad_char = format!("{}%{}", &good[..10], &good[11..]);
    std::fs::write(&path, format!("{good}\n{clash}\n{bad_char}\n{good}\n")).unwrap();
    let name = path.display().to_string();
    let out = run(
        &["bench", &name, "--methods", "dlx", "--format", "csv"],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!("{name}:2: ")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("5 appears twice in row 1"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(&format!("{name}:3:11: ")),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.matches("(left out)").count(), 2);
    let row: Vec<&str> = out.stdout.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((row[2], row[3]), ("2", "2"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_plot_has_a_curve_and_a_legend_per_method() {
    let dir = std::env::temp_dir().join(format!("dlx-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("nodes.svg");
    let top95 = sudoku_data("norvig-top95.txt");
    let out = run(
        &[
            "bench",
            "--first",
            "20",
            "--methods",
            "singles,mrv,forward,dlx",
            "--timeout",
            "0.05",
            &top95,
            &sudoku_data("plb-hard20.txt"),
            "--plot",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    // Some searches may meet the timeout (status 3); the plot is written either way.
    assert!(matches!(out.code, 0 | 3), "{}", out.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let paths: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .collect();
    // Two files, four methods each (singles may time out everywhere: then no curve).
    assert!(paths.len() >= 6 && paths.len() <= 8, "{}", paths.len());
    let texts: String = doc
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("\n");
    for name in [
        "norvig-top95.txt (20 puzzles)",
        "plb-hard20.txt (20 puzzles)",
        "forward",
        "median",
    ] {
        assert!(texts.contains(name), "{name} in\n{texts}");
    }
    // Every curve climbs: its vertical moves go up the page, never down.
    for path in &paths {
        let d = path.attribute("d").unwrap();
        let ys: Vec<f64> = d
            .split('V')
            .skip(1)
            .map(|v| v.split('H').next().unwrap().parse().unwrap())
            .collect();
        assert!(!ys.is_empty());
        assert!(ys.windows(2).all(|w| w[1] <= w[0]), "{d}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_methods_and_missing_files_are_errors() {
    for (args, message) in [
        (
            ["bench", "--methods", "mrv,dancing"],
            "unknown method `dancing`",
        ),
        (
            ["bench", "no/such/file.txt", "--first=1"],
            "cannot read no/such/file.txt",
        ),
    ] {
        let out = run(&args, b"");
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(message), "{}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn solve_only_stops_at_the_first_solution() {
    let file = sudoku_data("plb-hard20.txt");
    let args = ["bench", &file, "--methods", "mrv,dlx", "--format", "json"];
    let proved = json_rows(&run(&args, b"").stdout);
    let solved = run(&[&args[..], &["--solve"]].concat(), b"");
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let solved = json_rows(&solved.stdout);
    for (p, s) in proved.iter().zip(&solved) {
        assert_eq!(p["method"], s["method"]);
        assert_eq!(s["solved"], 20);
        // Finding a solution is part of proving it unique: never more nodes, here fewer.
        assert!(
            s["nodes_mean"].as_f64() < p["nodes_mean"].as_f64(),
            "{s} {p}"
        );
    }
    let table = run(&["bench", &file, "--methods", "dlx", "--solve"], b"");
    assert!(table
        .stdout
        .contains(", each solved (the first solution only), one thread"));
}
