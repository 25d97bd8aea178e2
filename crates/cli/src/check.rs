//! `dlx check`: count the bundled instances and check them against Knuth's figures.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{bail, Result};

use crate::{signals, Interrupted};

/// The instance files of `data/instances`, compiled into the binary.
const INSTANCES: &[(&str, &str)] = &[
    (
        "knuth_example_dlx1.dlx",
        include_str!("../../../data/instances/knuth_example_dlx1.dlx"),
    ),
    (
        "queens8.dlx",
        include_str!("../../../data/instances/queens8.dlx"),
    ),
    (
        "queens10.dlx",
        include_str!("../../../data/instances/queens10.dlx"),
    ),
    (
        "queens12.dlx",
        include_str!("../../../data/instances/queens12.dlx"),
    ),
    (
        "queens12_natural.dlx",
        include_str!("../../../data/instances/queens12_natural.dlx"),
    ),
    (
        "queens13.dlx",
        include_str!("../../../data/instances/queens13.dlx"),
    ),
    (
        "sudoku_leetcode.dlx",
        include_str!("../../../data/instances/sudoku_leetcode.dlx"),
    ),
    (
        "sudoku_leetcode_full.dlx",
        include_str!("../../../data/instances/sudoku_leetcode_full.dlx"),
    ),
    (
        "sudoku_inkala.dlx",
        include_str!("../../../data/instances/sudoku_inkala.dlx"),
    ),
    (
        "sudoku_inkala_full.dlx",
        include_str!("../../../data/instances/sudoku_inkala_full.dlx"),
    ),
    (
        "langford11_half.dlx",
        include_str!("../../../data/instances/langford11_half.dlx"),
    ),
    (
        "langford11.dlx",
        include_str!("../../../data/instances/langford11.dlx"),
    ),
    (
        "pentomino_6x10_sym.dlx",
        include_str!("../../../data/instances/pentomino_6x10_sym.dlx"),
    ),
    (
        "pentomino_6x10.dlx",
        include_str!("../../../data/instances/pentomino_6x10.dlx"),
    ),
];

/// What Knuth's dlx1 printed for each file: solutions, nodes, updates.
const FIGURES: &str = include_str!("../../../data/instances/figures.tsv");

fn figures(file: &str) -> Option<(u64, u64, u64)> {
    FIGURES.lines().find_map(|line| {
        let f: Vec<&str> = line.split('\t').collect();
        (f.len() == 4 && f[0] == file)
            .then(|| Some((f[1].parse().ok()?, f[2].parse().ok()?, f[3].parse().ok()?)))
            .flatten()
    })
}

pub fn run() -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Counting every solution of the bundled exact-cover instances and checking the"
    )?;
    writeln!(
        out,
        "figures against those Knuth's dlx1 printed for the same files."
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<26} {:>9} {:>10} {:>14} {:>9}  vs dlx1",
        "instance", "solutions", "nodes", "updates", "seconds"
    )?;
    let (mut agree, mut total_updates, mut total_secs) = (0, 0u64, 0f64);
    for &(file, text) in INSTANCES {
        let problem = dlx::text::parse(text)?.problem;
        let start = Instant::now();
        let limits = dlx::Limits::none().cancel(signals::stop_flag());
        let outcome = problem.solver().with_limits(limits).count();
        if outcome.stopped.is_some() {
            // Ctrl-C: the instances so far are printed; say how far it got.
            return Err(Interrupted(Some(format!(
                "during {file}, after {agree} of {} instances agreed with dlx1",
                INSTANCES.len()
            )))
            .into());
        }
        let secs = start.elapsed().as_secs_f64();
        let got = (outcome.solutions, outcome.nodes, outcome.updates);
        let verdict = match figures(file) {
            Some(expected) if expected == got => {
                agree += 1;
                "same"
            }
            Some(_) => "DIFFERENT",
            None => "(no figure)",
        };
        total_updates += outcome.updates;
        total_secs += secs;
        writeln!(
            out,
            "{:<26} {:>9} {:>10} {:>14} {:>9.3}  {verdict}",
            file, got.0, got.1, got.2, secs
        )?;
        out.flush()?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{agree} of {} instances agree with dlx1 exactly; {:.0} M updates in {:.2} s ({:.0} M updates/s).",
        INSTANCES.len(),
        total_updates as f64 / 1e6,
        total_secs,
        total_updates as f64 / 1e6 / total_secs,
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Next: `dlx xc FILE` prints the solutions of a problem in Knuth's text format;"
    )?;
    writeln!(
        out,
        "add --count, --limit N, --stats, --profile or --format json (see `dlx xc --help`)."
    )?;
    if agree != INSTANCES.len() {
        bail!("some figures differ from dlx1's");
    }
    Ok(())
}
