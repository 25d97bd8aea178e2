//! `--engine` from the command line: dancing cells with Knuth's `ssxcc`'s figures and order,
//! the table of every engine (`--engine all`), the puzzle commands, and the refusals.

use crate::common::{instance, run, solutions};

#[test]
fn cells_counts_as_ssxcc_and_names_itself() {
    // ssxcc: 92 solutions, 857 nodes, 15736 updates (cells/figures.tsv); dancing links 1049.
    let r = run(
        &[
            "xc",
            &instance("queens8.dlx"),
            "--count",
            "--stats",
            "--engine",
            "cells",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "92\n");
    assert!(
        r.stderr
            .starts_with("92 solutions, 857 nodes, 15736 updates; search complete"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("engine: cells, dancing cells"),
        "{}",
        r.stderr
    );
    // The default engine says nothing new; asked for by name, it is named.
    let r = run(&["xc", &instance("queens8.dlx"), "--count", "--stats"], b"");
    assert!(!r.stderr.contains("engine:"), "{}", r.stderr);
    let r = run(
        &[
            "xc",
            &instance("queens8.dlx"),
            "--count",
            "--stats",
            "--engine",
            "links",
        ],
        b"",
    );
    assert!(r.stderr.contains("1049 nodes"), "{}", r.stderr);
    assert!(r.stderr.contains("engine: links"), "{}", r.stderr);
    // The JSON summary names it too (and says nothing new by default).
    for (engine, want) in [(None, None), (Some("cells"), Some("cells"))] {
        let mut args = vec!["xc", "--count", "--format", "json"];
        args.extend(engine.map(|e| ["--engine", e]).into_iter().flatten());
        let file = instance("queens8.dlx");
        args.push(&file);
        let r = run(&args, b"");
        let summary: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
        assert_eq!(summary["engine"].as_str(), want, "{}", r.stdout);
    }
}

#[test]
fn cells_lists_the_same_solutions() {
    for file in [
        "queens8.dlx",
        "xcc/color108.dlx",
        "xcc/knuth_example_dlx2.dlx",
    ] {
        let links = run(&["xc", &instance(file)], b"");
        let cells = run(&["xc", &instance(file), "--engine", "cells"], b"");
        assert_eq!(cells.code, 0, "{file}: {}", cells.stderr);
        assert_eq!(solutions(&cells.stdout), solutions(&links.stdout), "{file}");
        // On threads, in the one-thread order.
        let ordered = run(
            &[
                "xc",
                &instance(file),
                "--engine",
                "cells",
                "-j",
                "3",
                "--ordered",
            ],
            b"",
        );
        assert_eq!(ordered.stdout, cells.stdout, "{file}");
    }
}

#[test]
fn engine_all_prints_a_row_per_engine() {
    let r = run(
        &[
            "xc",
            &instance("xcc/color104.dlx"),
            "--count",
            "--engine",
            "all",
            "--format",
            "csv",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows: Vec<Vec<&str>> = r.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "engine",
            "solutions",
            "nodes",
            "updates",
            "seconds",
            "complete"
        ]
    );
    let figures: Vec<(&str, &str, &str, &str, &str)> = rows[1..]
        .iter()
        .map(|r| (r[0], r[1], r[2], r[3], r[5]))
        .collect();
    // dlx2's, ssxcc's, ssmcc-wtd's, ssmcc-frb's and dlx6's figures.
    assert_eq!(
        figures,
        [
            ("links", "6318", "12397", "33133", "true"),
            ("cells", "6318", "12251", "36407", "true"),
            ("weighted", "6318", "18470", "33080", "true"),
            ("failrate", "6318", "19183", "34609", "true"),
            ("memo", "6318", "1811", "17050", "true"),
        ]
    );
    // JSON rows; with bounds, dancing cells by ssmcc.
    let r = run(
        &[
            "xc",
            &instance("xcc/mult101.dlx"),
            "--count",
            "--engine",
            "all",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let engines: Vec<String> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["engine"].to_string())
        .collect();
    assert_eq!(
        engines,
        [
            "\"links\"",
            "\"cells\"",
            "\"weighted\"",
            "\"failrate\"",
            "\"memo\""
        ]
    );
    // The puzzle commands take the same flag.
    let r = run(&["queens", "8", "--count", "--engine", "all"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 6, "{}", r.stdout);
    assert!(
        r.stdout.lines().nth(2).unwrap().starts_with("cells"),
        "{}",
        r.stdout
    );
    // And its CSV: a header, then a row per engine.
    let r = run(
        &[
            "langford", "7", "--count", "--engine", "all", "--format", "csv",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows: Vec<Vec<&str>> = r.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0][..3],
        ["engine", "solutions", "nodes"],
        "{}",
        r.stdout
    );
    let engines: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(
        engines,
        [
            ("links", "52"),
            ("cells", "52"),
            ("weighted", "52"),
            ("failrate", "52"),
            ("memo", "52")
        ]
    );
    let r = run(&["langford", "7", "--count", "--engine", "cells"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "52\n"), "{}", r.stderr);
}

/// Weighted branching: Knuth's `ssmcc-wtd`, with his figures (`cells/weighted.tsv`: double
/// queens 7x7, 19,448 solutions in 219,781 nodes where `ssmcc` takes 305,849) on one thread;
/// on two, the same solutions, the engine named and the threads said.
#[test]
fn weighted_branching_is_ssmcc_wtd() {
    let file = instance("xcc/double_queens_7x7_2.dlx");
    for jobs in ["1", "2"] {
        let args = [
            "xc", &file, "--engine", "weighted", "--count", "--stats", "--jobs", jobs,
        ];
        let r = run(&args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (0, "19448\n"), "{}", r.stderr);
        assert!(r.stderr.contains("Knuth's ssmcc-wtd"), "{}", r.stderr);
        let knuth = "19448 solutions, 219781 nodes, 1575220 updates, ";
        match jobs {
            "1" => assert!(r.stderr.starts_with(knuth), "{}", r.stderr),
            _ => assert!(r.stderr.contains("on 2 threads"), "{}", r.stderr),
        }
    }
}

/// Bounds on items: dancing cells by Knuth's `ssmcc`, with his figures (`cells/figures.tsv`:
/// 32 solutions, 70 nodes, 443 updates) on one thread; on two, the same solutions.
/// A file whose bounds are all 1 is read as dlx3 and ssmcc read it, with their figures; the
/// same problem written without bounds gets dlx2's and ssxcc's (xcc/figures.tsv,
/// cells/figures.tsv, and dlx2 and ssxcc run here on the file without its bounds).
#[test]
fn bounds_that_are_all_one_give_the_figures_of_dlx3_and_ssmcc() {
    let file = instance("xcc/ones101.dlx");
    let text = std::fs::read_to_string(&file).unwrap();
    let plain = text.replace("1:1|", "").replace("1|", "");
    for (input, engine, figures, program) in [
        (
            &text,
            "links",
            "238 nodes, 3769 updates, 107 cleansings",
            "dlx1, dlx2, dlx3",
        ),
        (&text, "cells", "261 nodes, 4671 updates", "ssmcc"),
        (
            &plain,
            "links",
            "238 nodes, 3839 updates, 107 cleansings",
            "dlx1, dlx2, dlx3",
        ),
        (&plain, "cells", "168 nodes, 3641 updates", "ssxcc"),
    ] {
        let r = run(
            &[
                "xc", "-", "--engine", engine, "--count", "--stats", "-j", "1",
            ],
            input.as_bytes(),
        );
        assert_eq!((r.code, r.stdout.as_str()), (0, "25\n"), "{}", r.stderr);
        let want = format!("25 solutions, {figures}");
        assert!(r.stderr.starts_with(&want), "{engine}: {}", r.stderr);
        assert!(r.stderr.contains(program), "{engine}: {}", r.stderr);
    }
}

#[test]
fn cells_take_bounds_by_ssmcc() {
    let file = instance("xcc/mult102.dlx");
    for jobs in ["1", "2"] {
        let r = run(
            &[
                "xc", &file, "--engine", "cells", "--count", "--stats", "--jobs", jobs,
            ],
            b"",
        );
        assert_eq!((r.code, r.stdout.as_str()), (0, "32\n"), "{}", r.stderr);
        assert!(r.stderr.contains("Knuth's ssmcc"), "{}", r.stderr);
        if jobs == "1" {
            let knuth = "32 solutions, 70 nodes, 443 updates, ";
            assert!(r.stderr.starts_with(knuth), "{}", r.stderr);
            assert!(!r.stderr.contains("threads"), "{}", r.stderr);
        }
    }
    // Listed, the same solutions as dancing links.
    let sorted = |engine: &str| {
        let r = run(&["xc", &file, "--engine", engine], b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        let mut solutions: Vec<Vec<&str>> = r
            .stdout
            .split("\n\n")
            .map(|s| {
                let mut options: Vec<&str> = s.lines().collect();
                options.sort();
                options
            })
            .collect();
        solutions.sort();
        solutions.iter().map(|s| s.join("\n")).collect::<Vec<_>>()
    };
    assert_eq!(sorted("cells"), sorted("links"));
}

#[test]
fn engines_are_refused_where_they_do_not_go() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["xc", "QUEENS", "--engine", "all", "--count", "--job", "x"],
            "--job",
        ),
        (
            &["xc", "QUEENS", "--engine", "cells", "--memo", "--count"],
            "--memo",
        ),
        (&["xc", "QUEENS", "--engine", "all"], "add --count"),
        (&["xc", "QUEENS", "--format", "csv"], "--engine all"),
        (&["queens", "6", "--format", "csv"], "--engine all"),
        (
            &["langford", "7", "--count", "--memo", "--format", "csv"],
            "--engine all",
        ),
        (
            &["queens", "8", "--engine", "cells", "--distinct", "--count"],
            "--distinct",
        ),
    ];
    for (args, want) in cases {
        let args: Vec<String> = args
            .iter()
            .map(|a| match *a {
                "QUEENS" => instance("queens8.dlx"),
                a => a.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, b"");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(want), "{args:?}: {}", r.stderr);
    }
}

/// Dancing cells split into jobs too: each line carries the engine in its fingerprint, runs
/// with the same `--engine` and is refused by another, and the summaries merge into every
/// solution (the double queens 7x7 by failure rates, Knuth's `ssmcc-frb`).
#[test]
fn dancing_cells_split_into_jobs_that_merge() {
    let file = instance("xcc/double_queens_7x7_2.dlx");
    let split = run(&["xc", &file, "--engine", "failrate", "--split", "5"], b"");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let lines: Vec<&str> = split.stdout.lines().collect();
    assert!(lines.len() >= 5, "{}", split.stdout);
    assert!(
        lines.iter().any(|l| l.contains(",-")),
        "no option left out: {}",
        split.stdout
    );
    let mut summaries = String::new();
    for line in &lines {
        let args = [
            "xc", &file, "--count", "--format", "json", "--engine", "failrate", "--job", line,
        ];
        let r = run(&args, b"");
        assert_eq!(r.code, 0, "{line}: {}", r.stderr);
        summaries += &r.stdout;
    }
    let merged = run(&["merge"], summaries.as_bytes());
    assert_eq!(
        (merged.code, merged.stdout.as_str()),
        (0, "19448\n"),
        "{}",
        merged.stderr
    );
    for engine in ["links", "cells"] {
        let args = [
            "xc", &file, "--count", "--engine", engine, "--job", lines[0],
        ];
        let r = run(&args, b"");
        assert_eq!(r.code, 2, "{engine}");
        assert!(
            r.stderr.contains("split by the failrate engine"),
            "{}",
            r.stderr
        );
    }
}
