//! Dancing cells (`Engine::Cells`, Knuth's `ssxcc`, and his `ssmcc` with bounds on items; and
//! `Engine::Weighted` and `Engine::FailRate`, his `ssmcc-wtd` and `ssmcc-frb`): what his
//! programs printed for every bundled file they accept (`cells/figures.tsv`, `weighted.tsv`,
//! `failrate.tsv`: solutions, nodes, updates, and a hash of the solutions in the order found,
//! each as its options in the order they were taken).

use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::{Engine, Problem};

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances")
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// An option as `make.py` writes it: its items (with `:color`) sorted, joined by spaces.
fn option_text(problem: &Problem, option: dlx::OptionId) -> String {
    let mut items: Vec<String> = problem
        .option_entries(option)
        .map(|(i, c)| match c {
            Some(c) => format!("{}:{}", problem.item_name(i), problem.color_name(c)),
            None => problem.item_name(i).to_string(),
        })
        .collect();
    items.sort();
    items.join(" ")
}

/// Solutions, nodes, updates and the hash of the solutions in order, by `engine`.
fn run(problem: &Problem, engine: Engine) -> (u64, u64, u64, u64) {
    let mut solver = problem.solver_with(engine).unwrap();
    let mut text = String::new();
    let outcome = solver.search(|s| {
        for o in s.options() {
            text.push_str(&option_text(problem, o));
            text.push('\n');
        }
        text.push('\n');
        ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    (
        outcome.solutions,
        outcome.nodes,
        outcome.updates,
        fnv1a64(text.as_bytes()),
    )
}

#[test]
fn figures_equal_ssxcc_and_ssmcc() {
    let checked = figures_equal("cells/figures.tsv", Engine::Cells);
    assert!(
        checked >= 30,
        "cells/figures.tsv lists the files ssxcc accepts"
    );
}

#[test]
fn weighted_figures_equal_ssmcc_wtd() {
    let checked = figures_equal("cells/weighted.tsv", Engine::Weighted);
    assert!(
        checked >= 30,
        "cells/weighted.tsv lists the files ssmcc-wtd accepts"
    );
}

#[test]
fn failrate_figures_equal_ssmcc_frb() {
    let checked = figures_equal("cells/failrate.tsv", Engine::FailRate);
    assert!(
        checked >= 30,
        "cells/failrate.tsv lists the files ssmcc-frb accepts"
    );
}

/// Every row of the table `tsv` not too large for a test, searched by `engine`: the figures
/// and the solutions' order of the program the row names. The rows checked.
fn figures_equal(tsv: &str, engine: Engine) -> usize {
    let figures = std::fs::read_to_string(instances().join(tsv)).unwrap();
    let mut checked = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        checked += 1;
        // The largest (pentominoes, 3x4 word rectangles, the 12-pair Langford problem and the
        // Aztec diamond of order 6: over 20 million updates or 100,000 solutions each) are left
        // to the benchmarks (`docs/benchmarks.md`); the rest take a second together.
        if f[3].parse::<u64>().unwrap() > 20_000_000 || f[1].parse::<u64>().unwrap() > 100_000 {
            continue;
        }
        let text = std::fs::read(instances().join(f[0])).unwrap();
        let problem = dlx::text::parse_bytes(&text).unwrap().problem;
        let (solutions, nodes, updates, hash) = run(&problem, engine);
        // The engine names the program whose figures it gives.
        assert!(
            engine
                .describe(&problem)
                .ends_with(&format!("(Knuth's {})", f[5])),
            "{}",
            f[0]
        );
        assert_eq!(
            (solutions, nodes, updates),
            (
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap()
            ),
            "{}: solutions, nodes, updates",
            f[0]
        );
        assert_eq!(
            format!("{hash:016x}"),
            f[4],
            "{}: the solutions' order",
            f[0]
        );
    }
    checked
}
