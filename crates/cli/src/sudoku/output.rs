//! Around the library's writer (`sudoku::print::Writer`): the progress display, standard output
//! written around it, and how a batch ends (the summary as text and JSON, the exit status).

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku::batch::Summary;
use sudoku::print::Writer;

use super::flags::ProgressMode;
use crate::Stopped;

/// How often `--progress` writes a line.
const SECONDS_2: Duration = Duration::from_secs(2);

/// The progress display of a batch, as the library's writer reports it: an indicatif bar, or a
/// line every 2 s.
pub struct Progress {
    mode: ProgressMode,
    total: Option<u64>,
    /// The position counts the cells settled of puzzles being made (`generate`, a 36x36 takes
    /// hours on two cores, so a count of the puzzles made would stand still), not input bytes.
    cells: bool,
    bar: Option<ProgressBar>,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    /// A display in `mode` of a batch of `total` input bytes (if known), or with `cells` of
    /// puzzles being made, `total` cells in all, that began at `start`.
    pub fn new(mode: ProgressMode, total: Option<u64>, cells: bool, start: Instant) -> Shared {
        Rc::new(RefCell::new(Progress {
            mode,
            total,
            cells,
            bar: None,
            start,
            last_line: start,
        }))
    }

    /// Shows `position` (input bytes read, or cells settled) and the puzzles done.
    pub fn update(&mut self, position: u64, puzzles: u64) {
        let now = Instant::now();
        let elapsed = now.duration_since(self.start);
        let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
        match self.mode {
            ProgressMode::Off => {}
            ProgressMode::Bar => {
                // Short runs never show a bar. No time left is guessed from the cells: a
                // puzzle's last removals take most of its time.
                if self.bar.is_none() && elapsed >= Duration::from_millis(500) {
                    let template = match (self.total, self.cells) {
                        (Some(_), true) => "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg}",
                        (Some(_), false) => "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg} (eta {eta})",
                        (None, _) => "{spinner} [{elapsed_precise}] {msg}",
                    };
                    let style = ProgressStyle::with_template(template).expect("a valid template");
                    let bar =
                        ProgressBar::with_draw_target(self.total, ProgressDrawTarget::stderr());
                    self.bar = Some(bar.with_style(style));
                }
                if let Some(bar) = &self.bar {
                    bar.set_position(position);
                    bar.set_message(match self.cells {
                        true => format!("{puzzles} puzzles made, {position} cells settled"),
                        false => format!("{puzzles} puzzles, {rate:.0}/s"),
                    });
                    bar.tick();
                }
            }
            ProgressMode::Lines if now.duration_since(self.last_line) >= SECONDS_2 => {
                self.last_line = now;
                let total = self.total.unwrap_or(0);
                let share = match total {
                    0 => String::new(),
                    t => format!(" ({:.0}%)", position as f64 * 100.0 / t as f64),
                };
                match self.cells {
                    true => eprintln!(
                        "dlx: {puzzles} puzzles made, {position} of {total} cells settled{share}"
                    ),
                    false => eprintln!("dlx: {puzzles} puzzles done{share}, {rate:.0} per second"),
                }
            }
            ProgressMode::Lines => {}
        }
    }

    /// Clears the bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The progress display, shared by the writer's callback and the output around it.
pub type Shared = Rc<RefCell<Progress>>;

/// Standard output, written around the progress bar when both go to the terminal.
pub struct AroundBar<W: Write> {
    pub out: W,
    pub progress: Shared,
    /// Standard output is a terminal.
    pub tty: bool,
}

impl<W: Write> AroundBar<W> {
    fn around<T>(&mut self, f: impl FnOnce(&mut W) -> io::Result<T>) -> io::Result<T> {
        let progress = self.progress.borrow();
        match &progress.bar {
            Some(bar) if self.tty => bar.suspend(|| f(&mut self.out)),
            _ => f(&mut self.out),
        }
    }
}

impl<W: Write> Write for AroundBar<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.around(|out| out.write(bytes))
    }
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.around(|out| out.write_all(bytes))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.around(|out| out.flush())
    }
}

/// The library's writer of a batch's records to `out`, the first `show` of them, updating the
/// progress display.
pub fn writer<'o, W: Write>(
    out: &'o mut AroundBar<W>,
    show: Option<u64>,
) -> Writer<'o, AroundBar<W>> {
    let progress = Rc::clone(&out.progress);
    Writer::new(out)
        .show(show)
        .progress(Some(Box::new(move |bytes, puzzles| {
            progress.borrow_mut().update(bytes, puzzles)
        })))
}

/// Once the pipeline has stopped: the writer's error, or its summary (with the batch's time)
/// after the output is flushed and the bar cleared.
pub fn finish<W: Write>(
    mut writer: Writer<'_, AroundBar<W>>,
    start: Instant,
) -> io::Result<(Summary, Option<String>, Option<String>)> {
    if let Some(e) = writer.failed.take() {
        // Standard output failed (or was closed): stop everything; nothing more to say.
        return Err(e);
    }
    writer.out().progress.borrow_mut().finish();
    writer.out().flush()?;
    let mut summary = writer.summary;
    summary.wall = start.elapsed();
    Ok((summary, writer.drawing, writer.broken))
}

/// The error (exit status 3) of a batch whose records a limit stopped, if one did.
pub(crate) fn stopped_records(
    summary: &Summary,
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
) -> anyhow::Result<()> {
    match summary.stopped_sentence(max_nodes, timeout, &super::flags::FLAG_NAMES) {
        Some(sentence) => Err(Stopped(sentence).into()),
        None => Ok(()),
    }
}

/// Says how `batch` of `inputs` went, once its records are written: the JSON summary after
/// JSON records, the text summary with `stats` or after Ctrl-C, a warning if there was no
/// puzzle at all; and the error (exit status) of an interrupted batch, or of records stopped
/// by a limit.
pub(crate) fn report(
    summary: &Summary,
    inputs: &str,
    batch: &super::flags::Batch,
    stats: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let json = batch.job.format == Some(sudoku::print::Format::Json);
    if summary.puzzles == 0 && !summary.interrupted {
        eprintln!("dlx: warning: no puzzles in {inputs}");
    }
    if json {
        serde_json::to_writer(&mut *out, summary)?;
        writeln!(out)?;
        out.flush()?;
    }
    if stats || summary.interrupted {
        eprint!("{summary}");
    }
    if summary.interrupted {
        return Err(crate::Interrupted(None).into());
    }
    let settings = &batch.job.settings;
    stopped_records(summary, settings.max_nodes, settings.timeout)
}
