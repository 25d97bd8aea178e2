//! Knuth's figures, checked: every bundled exact-cover instance counted by every engine, the
//! cheapest solutions of the files with costs and the memoized search, each against what Knuth's
//! program printed for it (`dlx1`, `dlx2`, `dlx3`, `dlx5`, `dlx6`, `ssxcc`, `ssmcc`,
//! `ssmcc-wtd`, `ssmcc-frb`), in tables (`dlx check`). The instances and the figures are compiled
//! in, so the check runs anywhere the crate does.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use dlx::Engine;

/// Why a check did not end with every figure agreeing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// Writing the tables failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The cancel flag stopped it: where, and how far it got.
    #[error("{0}")]
    Cancelled(String),
    /// Some figures differ from Knuth's (the tables say which).
    #[error("some figures differ from Knuth's")]
    Differ,
    /// A bundled file did not read, or a search refused it (a bug: the files are fixed).
    #[error("{0}")]
    Bundled(String),
}

/// Instance files of `data/instances`, compiled into the binary, listed by folder: each name
/// (`xcc/color101.dlx`) and its text.
macro_rules! instances {
    ($($folder:literal: $($file:ident)*;)*) => {
        &[$($((
            concat!($folder, stringify!($file), ".dlx"),
            include_str!(concat!("../data/instances/", $folder, stringify!($file), ".dlx")),
        ),)*)*]
    };
}

/// The files counted by dancing links, with what Knuth's dlx1 (plain) or dlx2 and dlx3 (`xcc/`)
/// printed for them.
const INSTANCES: &[(&str, &str)] = instances![
    "": knuth_example_dlx1 queens8 queens10 queens12 queens12_natural queens13 sudoku_leetcode
        sudoku_leetcode_full sudoku_inkala sudoku_inkala_full langford11_half langford11
        pentomino_6x10_sym pentomino_6x10;
    "xcc/": knuth_example_dlx2 color101 color102 color103 color104 color105 color106 color107
        color108 color109 color110 words_3x3 knuth_example_dlx3 mult101 mult102 mult103 mult104
        mult105 mult106 mult107 mult108 mult109 mult110 ones101 ones102 ones103 ones104
        ones105 ones106 double_queens_7x7_2;
];

/// The files of `data/instances/cost`, with costs on their options, and what Knuth's dlx5
/// printed for each with k = 1 and k = 10.
const COST_INSTANCES: &[(&str, &str)] = instances![
    "cost/": cost_example knuth_example_dlx2_s2_h9 queens8_s1_h9 queens10_s2_h1000
        langford11_s1_h9 langford11_s1_h1000 sudoku_inkala_s1_h9 color101_s1_h9 color105_s1_h9
        color106_s1_h1000 words_3x3_s1_h9;
];
const COST_FIGURES: &str = include_str!("../data/instances/cost/figures.tsv");

/// The instances the memoized search is checked on (those of [`INSTANCES`] with dlx6's
/// figures, up to about a million search nodes, and domino tilings from `data/instances/memo`),
/// and what Knuth's dlx6 printed for each: solutions, search nodes, updates, cleansings, ZDD
/// nodes, memos, hits.
const MEMO_INSTANCES: &[(&str, &str)] = instances![
    "": knuth_example_dlx1 queens8 queens10 queens12 queens13 sudoku_inkala langford11
        pentomino_6x10_sym;
    "xcc/": knuth_example_dlx2 color104 color108 words_3x3;
    "memo/": dominoes_8x8 dominoes_12x12 aztec_10;
];
const MEMO_FIGURES: &str = include_str!("../data/instances/memo/figures.tsv");

/// What Knuth's dlx2 and dlx3 printed for the files of `data/instances/xcc`: solutions, nodes,
/// updates, cleansings, and which program.
const XCC_FIGURES: &str = include_str!("../data/instances/xcc/figures.tsv");

/// What Knuth's ssxcc (dancing cells), or his ssmcc for bounds on items, and his ssmcc-wtd and
/// ssmcc-frb (weighted branching) printed for the files they accept: solutions, nodes,
/// updates, a hash of the solutions in order, and the program. Each engine but the default
/// (checked against dlx1, dlx2 and dlx3 above) is checked against the file of its programs.
const ENGINE_FIGURES: [&str; 3] = [SSXCC, WTD, FRB];

/// Searches Knuth's program took more updates for are left to the engine's tests (the weighted
/// runs of the 6x10 pentominoes take half a minute; the symmetric file stands for them here).
const MAX_UPDATES: u64 = 1_100_000_000;
const SSXCC: &str = include_str!("../data/instances/cells/figures.tsv");
const WTD: &str = include_str!("../data/instances/cells/weighted.tsv");
const FRB: &str = include_str!("../data/instances/cells/failrate.tsv");

/// What Knuth's dlx1 printed for each file: solutions, nodes, updates.
const FIGURES: &str = include_str!("../data/instances/figures.tsv");

/// What the check says before its tables.
pub const INTRO: &str =
    "Counting every solution of the bundled exact-cover instances and checking the
figures against those Knuth's dlx1 (plain), dlx2 (colors), dlx3 (bounds), dlx5
(the cheapest solutions of options with costs), dlx6 (the memoized search),
ssxcc, ssmcc, ssmcc-wtd and ssmcc-frb (dancing cells) printed.
";

/// The figures checked so far: how many agree, and the totals.
#[derive(Default)]
struct Tally {
    agree: usize,
    updates: u64,
    secs: f64,
}

impl Tally {
    /// The verdict on a search's figures (`got`, a line as the program's figures file has it)
    /// against the line of `figures` that starts with `key`, if any; `program` `None` takes
    /// the program's name from the line's last field.
    fn verdict(&mut self, figures: &str, key: &str, got: &str, program: Option<&str>) -> String {
        let Some(line) = figures.lines().find(|l| l.starts_with(key)) else {
            return "(no figure)".to_string();
        };
        let program = program.unwrap_or_else(|| line.rsplit('\t').next().unwrap_or_default());
        if line == got || line.starts_with(&format!("{got}\t")) {
            self.agree += 1;
            format!("same as {program}")
        } else {
            format!("DIFFERENT from {program}")
        }
    }

    /// Counts a search of `updates` in `secs` seconds.
    fn add(&mut self, updates: u64, secs: f64) -> f64 {
        (self.updates, self.secs) = (self.updates + updates, self.secs + secs);
        secs
    }
}

/// Runs the check, writing its tables to `out` (after [`INTRO`]) and its last line, the searches
/// that agree and the updates a second; `cancel` stops it (Ctrl-C), with where it was.
pub fn check(out: &mut impl Write, cancel: Arc<AtomicBool>) -> Result<(), CheckError> {
    writeln!(out, "{INTRO}")?;
    writeln!(
        out,
        "{:<26} {:>9} {:>10} {:>14} {:>10} {:>9}  vs Knuth",
        "instance", "solutions", "nodes", "updates", "cleansings", "seconds"
    )?;
    let mut tally = Tally::default();
    let cancel = || dlx::Limits::none().cancel(Some(Arc::clone(&cancel)));
    let interrupted = |during: String| Err(CheckError::Cancelled(during));
    let bundled = |e: &dyn std::fmt::Display| CheckError::Bundled(e.to_string());
    for &(file, text) in INSTANCES {
        let problem = dlx::text::parse(text).map_err(|e| bundled(&e))?.problem;
        let start = Instant::now();
        let o = problem.solver().with_limits(cancel()).count();
        if o.stopped.is_some() {
            // Ctrl-C: the instances so far are printed; say how far it got.
            let n = INSTANCES.len();
            return interrupted(format!(
                "during {file}, after {} of {n} instances agreed with dlx1",
                tally.agree
            ));
        }
        let secs = tally.add(o.updates, start.elapsed().as_secs_f64());
        let (s, n, u, c) = (o.solutions, o.nodes, o.updates, o.cleansings);
        let verdict = match file.strip_prefix("xcc/") {
            Some(name) => {
                let got = format!("{name}\t{s}\t{n}\t{u}\t{c}");
                tally.verdict(XCC_FIGURES, &format!("{name}\t"), &got, None)
            }
            None => {
                let got = format!("{file}\t{s}\t{n}\t{u}");
                let key = format!("{file}\t");
                tally.verdict(FIGURES, &key, &got, Some("dlx1"))
            }
        };
        writeln!(
            out,
            "{file:<26} {s:>9} {n:>10} {u:>14} {c:>10} {secs:>9.3}  {verdict}"
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
        let problem = dlx::text::parse(text).map_err(|e| bundled(&e))?.problem;
        let name = file.trim_start_matches("cost/");
        for k in [1usize, 10] {
            let start = Instant::now();
            let best = problem
                .best(k)
                .map_err(|e| bundled(&e))?
                .with_limits(cancel())
                .run();
            if best.stopped.is_some() {
                return interrupted(format!("during {file} with k = {k}"));
            }
            let st = &best.stats;
            let secs = tally.add(st.updates, start.elapsed().as_secs_f64());
            let (s, n, u, c) = (st.solutions, st.nodes, st.updates, st.cleansings);
            let costs: Vec<String> = best.costs().iter().map(u64::to_string).collect();
            let costs = if costs.is_empty() {
                "-".to_string()
            } else {
                costs.join(",")
            };
            // The file's line: the figures, then the costs of the solutions reached.
            let got = format!("{name}\t{k}\t{s}\t{n}\t{u}\t{c}\t{costs}");
            let verdict =
                tally.verdict(COST_FIGURES, &format!("{name}\t{k}\t"), &got, Some("dlx5"));
            writeln!(
                out,
                "{name:<28} {k:>3} {s:>9} {n:>10} {u:>14} {c:>10} {secs:>9.3}  {verdict}"
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
        let problem = dlx::text::parse(text).map_err(|e| bundled(&e))?.problem;
        let start = Instant::now();
        let memo = problem
            .memo()
            .with_limits(cancel())
            .map_err(|e| bundled(&e))?
            .run();
        let Some(count) = memo.count() else {
            return interrupted(format!("during {file} (--memo)"));
        };
        let s = &memo.stats;
        let secs = tally.add(s.updates, start.elapsed().as_secs_f64());
        let (n, u, z) = (s.nodes, s.updates, s.zdd_nodes);
        let got = format!(
            "{file}\t{count}\t{n}\t{u}\t{}\t{z}\t{}\t{}",
            s.cleansings, s.memos, s.hits
        );
        let verdict = tally.verdict(MEMO_FIGURES, &format!("{file}\t"), &got, Some("dlx6"));
        writeln!(
            out,
            "{file:<26} {count:>17} {n:>10} {u:>12} {z:>9} {secs:>9.3}  {verdict}"
        )?;
        out.flush()?;
    }
    // Dancing cells: the figures of each of Knuth's programs, on the instances it accepts.
    let mut checked = INSTANCES.len() + 2 * COST_INSTANCES.len() + MEMO_INSTANCES.len();
    for engine in Engine::each().filter(|&e| e != Engine::DEFAULT) {
        // The file of the engine's program: every engine has one, or the check fails.
        let program = |line: &str| {
            let last = line.rsplit('\t').next().unwrap_or_default();
            engine.info().programs.contains(&last)
        };
        let Some(figures) = ENGINE_FIGURES.into_iter().find(|f| f.lines().any(program)) else {
            return Err(CheckError::Bundled(format!(
                "no figures of Knuth's for --engine {engine} (its programs: {:?})",
                engine.info().programs
            )));
        };
        let title = format!("{engine} (--engine {engine})");
        writeln!(
            out,
            "\n{title:<26} solutions      nodes        updates              seconds  vs Knuth"
        )?;
        let key = |file: &str| format!("{file}\t");
        let updates = |line: &str| line.split('\t').nth(3).and_then(|u| u.parse::<u64>().ok());
        let cells: Vec<_> = INSTANCES
            .iter()
            .filter(|(file, _)| {
                let line = figures.lines().find(|l| l.starts_with(&key(file)));
                line.and_then(updates).is_some_and(|u| u <= MAX_UPDATES)
            })
            .collect();
        for &&(file, text) in &cells {
            let problem = dlx::text::parse(text).map_err(|e| bundled(&e))?.problem;
            let start = Instant::now();
            let o = problem
                .solver_with(engine)
                .map_err(|e| bundled(&e))?
                .with_limits(cancel())
                .count();
            if o.stopped.is_some() {
                return interrupted(format!("during {file} (--engine {engine})"));
            }
            let secs = tally.add(o.updates, start.elapsed().as_secs_f64());
            let (s, n, u) = (o.solutions, o.nodes, o.updates);
            let got = format!("{file}\t{s}\t{n}\t{u}");
            let verdict = tally.verdict(figures, &key(file), &got, None);
            writeln!(
                out,
                "{file:<26} {s:>9} {n:>10} {u:>14}            {secs:>9.3}  {verdict}"
            )?;
            out.flush()?;
        }
        checked += cells.len();
    }
    let (agree, m, secs) = (tally.agree, tally.updates as f64 / 1e6, tally.secs);
    writeln!(
        out,
        "\n{agree} of {checked} searches agree with Knuth's programs exactly; {m:.0} M updates \
         in {secs:.2} s ({:.0} M updates/s).",
        m / secs,
    )?;
    if agree != checked {
        return Err(CheckError::Differ);
    }
    Ok(())
}
