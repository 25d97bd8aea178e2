//! `dlx check`: count the bundled instances and check them against Knuth's figures.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{bail, Result};

use crate::{signals, Interrupted};

/// The instance files of `data/instances`, compiled into the binary: each name and its text.
macro_rules! instances {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../data/instances/", $file)))),*]
    };
}

const INSTANCES: &[(&str, &str)] = instances![
    "knuth_example_dlx1.dlx",
    "queens8.dlx",
    "queens10.dlx",
    "queens12.dlx",
    "queens12_natural.dlx",
    "queens13.dlx",
    "sudoku_leetcode.dlx",
    "sudoku_leetcode_full.dlx",
    "sudoku_inkala.dlx",
    "sudoku_inkala_full.dlx",
    "langford11_half.dlx",
    "langford11.dlx",
    "pentomino_6x10_sym.dlx",
    "pentomino_6x10.dlx",
    "xcc/knuth_example_dlx2.dlx",
    "xcc/color101.dlx",
    "xcc/color102.dlx",
    "xcc/color103.dlx",
    "xcc/color104.dlx",
    "xcc/color105.dlx",
    "xcc/color106.dlx",
    "xcc/color107.dlx",
    "xcc/color108.dlx",
    "xcc/color109.dlx",
    "xcc/color110.dlx",
    "xcc/words_3x3.dlx",
    "xcc/knuth_example_dlx3.dlx",
    "xcc/mult101.dlx",
    "xcc/mult102.dlx",
    "xcc/mult103.dlx",
    "xcc/mult104.dlx",
    "xcc/mult105.dlx",
    "xcc/mult106.dlx",
    "xcc/mult107.dlx",
    "xcc/mult108.dlx",
    "xcc/mult109.dlx",
    "xcc/mult110.dlx",
    "xcc/double_queens_7x7_2.dlx",
];

/// The files of `data/instances/cost`, with costs on their options, and what Knuth's dlx5
/// printed for each with k = 1 and k = 10.
const COST_INSTANCES: &[(&str, &str)] = instances![
    "cost/cost_example.dlx",
    "cost/knuth_example_dlx2_s2_h9.dlx",
    "cost/queens8_s1_h9.dlx",
    "cost/queens10_s2_h1000.dlx",
    "cost/langford11_s1_h9.dlx",
    "cost/langford11_s1_h1000.dlx",
    "cost/sudoku_inkala_s1_h9.dlx",
    "cost/color101_s1_h9.dlx",
    "cost/color105_s1_h9.dlx",
    "cost/color106_s1_h1000.dlx",
    "cost/words_3x3_s1_h9.dlx",
];
const COST_FIGURES: &str = include_str!("../data/instances/cost/figures.tsv");

/// The instances the memoized search is checked on (those of [`INSTANCES`] with dlx6's
/// figures, up to about a million search nodes, and domino tilings from `data/instances/memo`),
/// and what Knuth's dlx6 printed for each: solutions, search nodes, updates, cleansings, ZDD
/// nodes, memos, hits.
const MEMO_INSTANCES: &[(&str, &str)] = instances![
    "knuth_example_dlx1.dlx",
    "queens8.dlx",
    "queens10.dlx",
    "queens12.dlx",
    "queens13.dlx",
    "sudoku_inkala.dlx",
    "langford11.dlx",
    "pentomino_6x10_sym.dlx",
    "xcc/knuth_example_dlx2.dlx",
    "xcc/color104.dlx",
    "xcc/color108.dlx",
    "xcc/words_3x3.dlx",
    "memo/dominoes_8x8.dlx",
    "memo/dominoes_12x12.dlx",
    "memo/aztec_10.dlx",
];
const MEMO_FIGURES: &str = include_str!("../data/instances/memo/figures.tsv");

/// What Knuth's dlx2 and dlx3 printed for the files of `data/instances/xcc`: solutions, nodes,
/// updates, cleansings, and which program.
const XCC_FIGURES: &str = include_str!("../data/instances/xcc/figures.tsv");

/// What Knuth's ssxcc (dancing cells) printed for the files it accepts: solutions, nodes,
/// updates, and a hash of the solutions in order.
const CELLS_FIGURES: &str = include_str!("../data/instances/cells/figures.tsv");

/// What Knuth's dlx1 printed for each file: solutions, nodes, updates.
const FIGURES: &str = include_str!("../data/instances/figures.tsv");

/// Solutions, nodes, updates, cleansings.
type Figures = (u64, u64, u64, u64);

/// Knuth's figures for a file (cleansings 0 for dlx1), and the program that printed them.
fn figures(file: &str) -> Option<(Figures, &'static str)> {
    if let Some(name) = file.strip_prefix("xcc/") {
        return XCC_FIGURES.lines().find_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |k: usize| f[k].parse::<u64>().ok();
            (f.len() == 6 && f[0] == name)
                .then(|| Some(((n(1)?, n(2)?, n(3)?, n(4)?), f[5])))
                .flatten()
        });
    }
    FIGURES.lines().find_map(|line| {
        let f: Vec<&str> = line.split('\t').collect();
        let n = |k: usize| f[k].parse::<u64>().ok();
        (f.len() == 4 && f[0] == file)
            .then(|| Some(((n(1)?, n(2)?, n(3)?, 0), "dlx1")))
            .flatten()
    })
}

/// What `dlx check` says before its tables, and after them.
const INTRO: &str = "Counting every solution of the bundled exact-cover instances and checking the
figures against those Knuth's dlx1 (plain), dlx2 (colors), dlx3 (bounds), dlx5
(the cheapest solutions of options with costs), dlx6 (the memoized search) and
ssxcc (dancing cells) printed.
";
const NEXT: &str = "Next: `dlx xc FILE` prints the solutions of a problem in Knuth's text format;
add --count, --limit N, --stats, --profile or --format json (see `dlx xc --help`).";

/// The verdict on a search's figures (`got`, a line of the program's figures file) against
/// the line of `figures` that starts as `key` does, if any.
fn verdict(figures: &str, key: &str, got: &str, program: &str, agree: &mut usize) -> String {
    match figures.lines().find(|l| l.starts_with(key)) {
        Some(line) if line == got || line.starts_with(&format!("{got}\t")) => {
            *agree += 1;
            format!("same as {program}")
        }
        Some(_) => format!("DIFFERENT from {program}"),
        None => "(no figure)".to_string(),
    }
}

pub fn run() -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{INTRO}")?;
    writeln!(
        out,
        "{:<26} {:>9} {:>10} {:>14} {:>10} {:>9}  vs Knuth",
        "instance", "solutions", "nodes", "updates", "cleansings", "seconds"
    )?;
    let (mut agree, mut total_updates, mut total_secs) = (0, 0u64, 0f64);
    let cancel = || dlx::Limits::none().cancel(signals::stop_flag());
    for &(file, text) in INSTANCES {
        let problem = dlx::text::parse(text)?.problem;
        let start = Instant::now();
        let outcome = problem.solver().with_limits(cancel()).count();
        if outcome.stopped.is_some() {
            // Ctrl-C: the instances so far are printed; say how far it got.
            return Err(Interrupted(Some(format!(
                "during {file}, after {agree} of {} instances agreed with dlx1",
                INSTANCES.len()
            )))
            .into());
        }
        let secs = start.elapsed().as_secs_f64();
        let got = (
            outcome.solutions,
            outcome.nodes,
            outcome.updates,
            outcome.cleansings,
        );
        let verdict = match figures(file) {
            Some((expected, program)) if expected == got => {
                agree += 1;
                format!("same as {program}")
            }
            Some((_, program)) => format!("DIFFERENT from {program}"),
            None => "(no figure)".to_string(),
        };
        total_updates += outcome.updates;
        total_secs += secs;
        writeln!(
            out,
            "{:<26} {:>9} {:>10} {:>14} {:>10} {:>9.3}  {verdict}",
            file, got.0, got.1, got.2, got.3, secs
        )?;
        out.flush()?;
    }
    // The cheapest solutions: dlx5's figures and costs, k = 1 and k = 10.
    writeln!(
        out,
        "\n{:<28} {:>3} {:>9} {:>10} {:>14} {:>10} {:>9}  vs Knuth",
        "with costs (--best k)", "k", "improved", "nodes", "updates", "cleansings", "seconds"
    )?;
    for &(file, text) in COST_INSTANCES {
        let problem = dlx::text::parse(text)?.problem;
        let name = file.trim_start_matches("cost/");
        for k in [1usize, 10] {
            let start = Instant::now();
            let best = problem.best(k)?.with_limits(cancel()).run();
            if best.stopped.is_some() {
                return Err(Interrupted(Some(format!("during {file} with k = {k}"))).into());
            }
            let secs = start.elapsed().as_secs_f64();
            let s = &best.stats;
            let costs: Vec<String> = best.costs().iter().map(u64::to_string).collect();
            let costs = if costs.is_empty() {
                "-".to_string()
            } else {
                costs.join(",")
            };
            // The file's line: the figures, then the costs of the solutions reached.
            let got = format!(
                "{name}\t{k}\t{}\t{}\t{}\t{}\t{costs}",
                s.solutions, s.nodes, s.updates, s.cleansings
            );
            let key = format!("{name}\t{k}\t");
            let verdict = verdict(COST_FIGURES, &key, &got, "dlx5", &mut agree);
            total_updates += s.updates;
            total_secs += secs;
            writeln!(
                out,
                "{name:<28} {k:>3} {:>9} {:>10} {:>14} {:>10} {secs:>9.3}  {verdict}",
                s.solutions, s.nodes, s.updates, s.cleansings
            )?;
            out.flush()?;
        }
    }
    // The memoized search: dlx6's figures.
    writeln!(
        out,
        "\n{:<26} {:>17} {:>10} {:>12} {:>9} {:>9}  vs Knuth",
        "memoized (--memo)", "solutions", "nodes", "updates", "ZDD nodes", "seconds"
    )?;
    for &(file, text) in MEMO_INSTANCES {
        let problem = dlx::text::parse(text)?.problem;
        let start = Instant::now();
        let memo = problem.memo().with_limits(cancel())?.run();
        let Some(count) = memo.count() else {
            return Err(Interrupted(Some(format!("during {file} (--memo)"))).into());
        };
        let secs = start.elapsed().as_secs_f64();
        let s = &memo.stats;
        let got = format!(
            "{file}\t{count}\t{}\t{}\t{}\t{}\t{}\t{}",
            s.nodes, s.updates, s.cleansings, s.zdd_nodes, s.memos, s.hits
        );
        let verdict = verdict(MEMO_FIGURES, &format!("{file}\t"), &got, "dlx6", &mut agree);
        total_updates += s.updates;
        total_secs += secs;
        writeln!(
            out,
            "{file:<26} {count:>17} {:>10} {:>12} {:>9} {secs:>9.3}  {verdict}",
            s.nodes, s.updates, s.zdd_nodes
        )?;
        out.flush()?;
    }
    // Dancing cells: ssxcc's figures, on the instances it accepts.
    writeln!(
        out,
        "\n{:<26} {:>9} {:>10} {:>14} {:>10} {:>9}  vs Knuth",
        "cells (--engine cells)", "solutions", "nodes", "updates", "", "seconds"
    )?;
    let mut cells = 0;
    for &(file, text) in INSTANCES {
        let Some(want) = CELLS_FIGURES
            .lines()
            .find(|l| l.starts_with(&format!("{file}\t")))
        else {
            continue;
        };
        let problem = dlx::text::parse(text)?.problem;
        let start = Instant::now();
        let outcome = problem
            .solver_with(dlx::Engine::Cells)?
            .with_limits(cancel())
            .count();
        if outcome.stopped.is_some() {
            return Err(Interrupted(Some(format!("during {file} (--engine cells)"))).into());
        }
        let secs = start.elapsed().as_secs_f64();
        let (n, u) = (outcome.nodes, outcome.updates);
        let got = format!("{file}\t{}\t{n}\t{u}", outcome.solutions);
        let verdict = verdict(want, &format!("{file}\t"), &got, "ssxcc", &mut agree);
        total_updates += u;
        total_secs += secs;
        cells += 1;
        let blank = "";
        writeln!(
            out,
            "{file:<26} {:>9} {n:>10} {u:>14} {blank:>10} {secs:>9.3}  {verdict}",
            outcome.solutions
        )?;
        out.flush()?;
    }
    let checked = INSTANCES.len() + 2 * COST_INSTANCES.len() + MEMO_INSTANCES.len() + cells;
    writeln!(
        out,
        "\n{agree} of {checked} searches agree with Knuth's programs exactly; {:.0} M updates in \
         {:.2} s ({:.0} M updates/s).\n\n{NEXT}",
        total_updates as f64 / 1e6,
        total_secs,
        total_updates as f64 / 1e6 / total_secs,
    )?;
    if agree != checked {
        bail!("some figures differ from Knuth's");
    }
    Ok(())
}
