//! The writer: takes the solved chunks in input order from the pipeline, writes them, keeps
//! the summary and the progress display; the summary as text and as JSON.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku::batch::Summary;
use sudoku::pipeline::Sink;

use super::flags::ProgressMode;
use super::render::Done;
use crate::Stopped;

/// How the writer behaves.
pub struct WriterSettings {
    /// Write only the first records (the main job shows a few); the rest are counted.
    pub show: Option<u64>,
    pub progress: ProgressMode,
    /// Total input bytes, when known.
    pub total_bytes: Option<u64>,
    /// Standard output is a terminal (records are written around the progress bar).
    pub stdout_tty: bool,
}

struct Progress {
    mode: ProgressMode,
    total: Option<u64>,
    bar: Option<ProgressBar>,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    fn update(&mut self, bytes: u64, puzzles: u64) {
        let now = Instant::now();
        let elapsed = now.duration_since(self.start);
        match self.mode {
            ProgressMode::Off => {}
            ProgressMode::Bar => {
                // Short runs never show a bar.
                if self.bar.is_none() && elapsed >= Duration::from_millis(500) {
                    let bar = match self.total {
                        Some(total) => ProgressBar::with_draw_target(
                            Some(total),
                            ProgressDrawTarget::stderr(),
                        )
                        .with_style(
                            ProgressStyle::with_template(
                                "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg} (eta {eta})",
                            )
                            .expect("a valid template"),
                        ),
                        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                            .with_style(
                                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                                    .expect("a valid template"),
                            ),
                    };
                    self.bar = Some(bar);
                }
                if let Some(bar) = &self.bar {
                    bar.set_position(bytes);
                    let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
                    bar.set_message(format!("{puzzles} puzzles, {rate:.0}/s"));
                    bar.tick();
                }
            }
            ProgressMode::Lines => {
                if now.duration_since(self.last_line) >= Duration::from_secs(2) {
                    self.last_line = now;
                    let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
                    let share = match self.total {
                        Some(t) if t > 0 => {
                            format!(" ({:.0}%)", bytes as f64 * 100.0 / t as f64)
                        }
                        _ => String::new(),
                    };
                    eprintln!("dlx: {puzzles} puzzles done{share}, {rate:.0} per second");
                }
            }
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Writes the solved chunks, which the pipeline hands over in input order: the records (the
/// first `show` of them, if limited), the summary's counts and the progress.
pub struct Writer<'o, W: Write> {
    out: &'o mut W,
    settings: WriterSettings,
    pub summary: Summary,
    progress: Progress,
    written: u64,
    bytes_done: u64,
    /// A write failed: the error, returned once the pipeline has stopped.
    pub failed: Option<io::Error>,
    /// The first chunk's drawing, in input order.
    pub drawing: Option<String>,
    /// The first solution that broke the rules.
    pub broken: Option<String>,
}

impl<'o, W: Write> Writer<'o, W> {
    pub fn new(out: &'o mut W, settings: WriterSettings, start: Instant) -> Self {
        let progress = Progress {
            mode: settings.progress,
            total: settings.total_bytes,
            bar: None,
            start,
            last_line: start,
        };
        Writer {
            out,
            settings,
            summary: Summary::default(),
            progress,
            written: 0,
            bytes_done: 0,
            failed: None,
            drawing: None,
            broken: None,
        }
    }

    /// Writes around the progress bar when both go to the terminal.
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        let out = &mut *self.out;
        match &self.progress.bar {
            Some(bar) if self.settings.stdout_tty => bar.suspend(|| out.write_all(bytes)),
            _ => out.write_all(bytes),
        }
    }

    /// Flushes what is written and clears the progress bar.
    pub fn finish(&mut self, start: Instant) -> io::Result<()> {
        self.progress.finish();
        self.summary.wall = start.elapsed();
        self.out.flush()
    }
}

impl<W: Write> Sink<Done> for Writer<'_, W> {
    fn take(&mut self, d: Done) -> ControlFlow<()> {
        if self.drawing.is_none() {
            self.drawing = d.drawing;
        }
        if self.broken.is_none() {
            self.broken = d.broken;
        }
        for tally in &d.tallies {
            self.summary.add(*tally);
        }
        // The records shown are a prefix of the whole output, so a prefix of each chunk.
        let take = match self.settings.show {
            Some(show) => (show.saturating_sub(self.written) as usize).min(d.tallies.len()),
            None => d.tallies.len(),
        };
        self.written += take as u64;
        let bytes = &d.out[..if take == 0 { 0 } else { d.ends[take - 1] }];
        if !bytes.is_empty() {
            if let Err(e) = self.write(bytes) {
                self.failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        self.bytes_done = d.bytes_end;
        self.progress.update(self.bytes_done, self.summary.puzzles);
        if d.interrupted {
            self.summary.interrupted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn idle(&mut self) {
        // Flush before waiting, so output keeps up with slow input; keep the clock and spinner
        // moving while a slow chunk holds up the output.
        let out = &mut *self.out;
        let flushed = match &self.progress.bar {
            Some(bar) if self.settings.stdout_tty => bar.suspend(|| out.flush()),
            _ => out.flush(),
        };
        if let Err(e) = flushed {
            self.failed.get_or_insert(e);
        }
        self.progress.update(self.bytes_done, self.summary.puzzles);
    }
}

/// The error (exit status 3) of a batch in which `k` of `n` records were stopped by a limit.
pub(crate) fn stopped_records(
    k: u64,
    n: u64,
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
) -> anyhow::Error {
    let limits = match (max_nodes, timeout) {
        (Some(n), Some(t)) => format!("--max-nodes {n} or --timeout {}", t.as_secs_f64()),
        (Some(n), None) => format!("--max-nodes {n}"),
        (None, Some(t)) => format!("--timeout {}", t.as_secs_f64()),
        (None, None) => "a limit".to_string(),
    };
    let which = if k == 1 {
        "its record says"
    } else {
        "their records say"
    };
    Stopped(format!(
        "{k} of {} stopped by {limits} before the search finished; {which} `stopped`",
        crate::plural(n, "puzzle")
    ))
    .into()
}

/// Says how a batch of `inputs` went, once its records are written: the JSON summary after JSON
/// records, the text summary with `stats` or after Ctrl-C, a warning if there was no puzzle at
/// all; and the error (exit status) of an interrupted batch, or of records stopped by a limit.
pub(crate) fn report(
    summary: &Summary,
    inputs: &str,
    json: bool,
    stats: bool,
    out: &mut impl Write,
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
) -> anyhow::Result<()> {
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
    if summary.stopped > 0 {
        return Err(stopped_records(
            summary.stopped,
            summary.puzzles,
            max_nodes,
            timeout,
        ));
    }
    Ok(())
}
