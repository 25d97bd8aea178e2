//! `dlx` with no subcommand: solve the bundled sample of sudoku puzzles, show a few, summarise,
//! and say how to go on.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use sudoku::batch::Task;
use sudoku::print::{Format, Job};
use sudoku::Symbols;

use crate::sudoku::flags::{Batch, ProgressMode};
use crate::sudoku::run::run_batch;

/// The sample, compiled into the binary: hard 9x9 puzzles and 16x16 ones.
const SAMPLE: &[(&str, &[u8])] = &[
    (
        "norvig-top95.txt",
        include_bytes!("../data/sudoku/norvig-top95.txt"),
    ),
    (
        "16x16-sample.txt",
        include_bytes!("../data/sudoku/16x16-sample.txt"),
    ),
];

/// How many solved grids are drawn.
const SHOWN: u64 = 3;

pub fn run() -> Result<()> {
    let jobs = crate::values::threads_to_use(None);
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(
        out,
        "Solving the bundled sample with Dancing Links: Norvig's 95 hard 9x9 puzzles and 100 16x16"
    )?;
    writeln!(
        out,
        "puzzles, proving each solution unique, on {jobs} thread{}. The first {SHOWN}:",
        if jobs == 1 { "" } else { "s" }
    )?;
    writeln!(out)?;
    let sources = SAMPLE
        .iter()
        .map(|&(name, bytes)| crate::files::Source::text(name, bytes))
        .collect();
    let mut job = Job::new(Task::Unique);
    job.settings = job
        .settings
        .symbols(Some(Symbols::Default))
        .strategy(sudoku::Strategy::Dlx);
    job.format = Some(Format::Pretty);
    job.threads = jobs;
    let batch = Batch {
        job,
        show: Some(SHOWN),
        progress: ProgressMode::Off,
    };
    let summary = run_batch(sudoku::print::Inputs::Puzzles(sources), &batch, &mut out)?.summary;
    writeln!(out)?;
    write!(out, "{summary}")?;
    writeln!(out)?;
    for line in [
        "Next:",
        "  dlx sudoku FILE...                 solve puzzles: one per line, grids, CSV or a LeetCode board",
        "  dlx sudoku FILE --unique --stats   check uniqueness, with a summary (nodes, puzzles/s)",
        "  dlx sudoku --help                  counting, variants, other sizes, --jobs, --format json",
        "  dlx sudoku --killer FILE           killer sudoku: cage maps with their sums",
        "  dlx words --size 3x3 --words FILE  word squares (or --grid FILE: fill a crossword)",
        "  dlx bench [FILE...]                backtracking, bitmasks, MRV... beside Dancing Links, node for node",
        "  dlx xc FILE                        any exact-cover problem in Knuth's text format",
        "  dlx check                          count the bundled instances, each against Knuth's figures",
    ] {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    if summary.puzzles != summary.unique {
        anyhow::bail!("the sample should be all unique puzzles");
    }
    Ok(())
}
