//! Running a batch of `dlx sudoku` or `dlx sudoku rate`: the inputs read a chunk at a time,
//! solved by the workers, whose records are written in input order (the library's job).

use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use anyhow::Result;
use sudoku::batch::Summary;
use sudoku::print::Inputs;
use sudoku::read::InputFormat;

use super::flags::{Batch, FLAG_NAMES};
use super::output;

/// What a batch ended with: its summary, the drawing of its first puzzle (killer sudoku with
/// `--svg`), and the first solution that broke the rules (never, unless a bug).
pub struct Ran {
    pub summary: Summary,
    pub drawing: Option<String>,
    pub broken: Option<String>,
}

/// Runs a batch: a reader thread cuts the inputs (plain puzzles, or killer sudokus) into
/// chunks, the workers solve them and write their records, and this thread writes them in
/// input order (the library's one driver), with the progress display.
pub fn run_batch(inputs: Inputs, batch: &Batch, out: &mut impl Write) -> Result<Ran> {
    let start = std::time::Instant::now();
    let total_bytes = inputs.total_len();
    let signals = crate::signals::signals();
    let mut job = batch.job.clone();
    job.settings.cancel = Some(Arc::clone(&signals.stop));
    let csv = job.read.column.is_some() || job.read.solution_column.is_some();
    let mut out = output::AroundBar {
        out,
        progress: output::Progress::new(batch.progress, total_bytes, false, start),
        tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let mut writer = output::writer(&mut out, batch.show);
    let ended = job.run(inputs, &mut writer, move |name, entry| {
        // `--column` and `--solution-column` speak of CSV: said once per input read
        // otherwise, rather than passed over in silence.
        if csv && entry.read_as.format != InputFormat::Csv {
            eprintln!(
                "dlx: warning: {name}: --column and --solution-column are for CSV input, and \
                 this input is not read as CSV ({}): they are not used",
                entry.read_as.explain(&FLAG_NAMES)
            );
        }
    });
    let (mut summary, drawing, broken) = output::finish(writer, start)?;
    summary.interrupted |= signals.interrupted.load(Ordering::Relaxed);
    match ended {
        Err(e) if !summary.interrupted => {
            crate::refuse(format!("{}: {}", e.name, e.error.message(&FLAG_NAMES)))
        }
        _ => Ok(Ran {
            summary,
            drawing,
            broken,
        }),
    }
}
