//! The writer: puts solved chunks back in input order, writes them, keeps the summary and the
//! progress display.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use sudoku::Strategy;

use super::work::{Done, Status, Tally};

/// Totals over the records written.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub puzzles: u64,
    /// A solution was found: `solved`, `unique`, `multiple` and `mismatch` records.
    pub solved: u64,
    pub unique: u64,
    pub multiple: u64,
    pub unsolvable: u64,
    pub invalid: u64,
    pub stopped: u64,
    pub mismatch: u64,
    /// Nodes of each searched puzzle, as value → how many puzzles (exact quantiles in memory
    /// that grows with the distinct values, not with the puzzles).
    nodes: BTreeMap<u64, u64>,
    nodes_total: u128,
    searched: u64,
    /// Puzzles graded (`dlx sudoku rate`), by grade, easiest first.
    grades: [u64; 4],
    /// Puzzles searched by dancing links, and by propagation.
    by_dlx: u64,
    by_propagate: u64,
    pub interrupted: bool,
    pub wall: Duration,
}

/// The summary as `--format json` prints it, after the records.
#[derive(Debug, Serialize)]
struct SummaryJson {
    summary: bool,
    puzzles: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    unsolvable: u64,
    invalid: u64,
    stopped: u64,
    mismatch: u64,
    interrupted: bool,
    per_second: f64,
    nodes_mean: f64,
    nodes_median: u64,
    nodes_p99: u64,
    nodes_max: u64,
    /// How many puzzles each strategy searched: `{"dlx": 95, "propagate": 5}`.
    solver: Solvers,
    /// `dlx sudoku rate`: how many puzzles of each grade.
    #[serde(skip_serializing_if = "Option::is_none")]
    grades: Option<Grades>,
    wall_s: f64,
}

#[derive(Debug, Serialize)]
struct Solvers {
    dlx: u64,
    propagate: u64,
}

#[derive(Debug, Serialize)]
struct Grades {
    simple: u64,
    easy: u64,
    intermediate: u64,
    expert: u64,
}

impl Summary {
    pub fn add(&mut self, tally: Tally) {
        self.puzzles += 1;
        match tally.status {
            Status::Solved => self.solved += 1,
            Status::Unique => {
                self.solved += 1;
                self.unique += 1;
            }
            Status::Multiple => {
                self.solved += 1;
                self.multiple += 1;
            }
            Status::Mismatch => {
                self.solved += 1;
                self.mismatch += 1;
            }
            Status::Unsolvable => self.unsolvable += 1,
            Status::Invalid => self.invalid += 1,
            Status::Stopped => self.stopped += 1,
        }
        if let Some(g) = tally.grade {
            self.grades[g as usize] += 1;
        }
        match tally.strategy {
            Some(Strategy::Propagate) => self.by_propagate += 1,
            Some(_) => self.by_dlx += 1,
            None => {}
        }
        if let Some(n) = tally.nodes {
            *self.nodes.entry(n).or_default() += 1;
            self.nodes_total += u128::from(n);
            self.searched += 1;
        }
    }

    /// The nodes of the puzzle at rank `ceil(q * searched)` (nearest rank), 0 if none.
    fn nodes_quantile(&self, q: f64) -> u64 {
        if self.searched == 0 {
            return 0;
        }
        let rank = ((q * self.searched as f64).ceil() as u64).clamp(1, self.searched);
        let mut seen = 0;
        for (&value, &count) in &self.nodes {
            seen += count;
            if seen >= rank {
                return value;
            }
        }
        0
    }

    fn nodes_mean(&self) -> f64 {
        if self.searched == 0 {
            0.0
        } else {
            self.nodes_total as f64 / self.searched as f64
        }
    }

    fn per_second(&self) -> f64 {
        let secs = self.wall.as_secs_f64();
        if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        }
    }

    /// The final JSON object of `--format json`.
    pub fn to_json(&self) -> String {
        let round = |x: f64, places: i32| {
            let p = 10f64.powi(places);
            (x * p).round() / p
        };
        let json = SummaryJson {
            summary: true,
            puzzles: self.puzzles,
            solved: self.solved,
            unique: self.unique,
            multiple: self.multiple,
            unsolvable: self.unsolvable,
            invalid: self.invalid,
            stopped: self.stopped,
            mismatch: self.mismatch,
            interrupted: self.interrupted,
            per_second: round(self.per_second(), 1),
            nodes_mean: round(self.nodes_mean(), 2),
            nodes_median: self.nodes_quantile(0.5),
            nodes_p99: self.nodes_quantile(0.99),
            nodes_max: self.nodes.keys().next_back().copied().unwrap_or(0),
            solver: Solvers {
                dlx: self.by_dlx,
                propagate: self.by_propagate,
            },
            grades: (self.grades.iter().sum::<u64>() > 0).then_some(Grades {
                simple: self.grades[0],
                easy: self.grades[1],
                intermediate: self.grades[2],
                expert: self.grades[3],
            }),
            wall_s: round(self.wall.as_secs_f64(), 4),
        };
        serde_json::to_string(&json).expect("a summary serializes")
    }

    /// The summary for a person.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        let _ = write!(
            s,
            "{} puzzle{}: {} solved",
            self.puzzles,
            plural(self.puzzles),
            self.solved
        );
        if self.unique + self.multiple > 0 {
            let _ = write!(s, " ({} unique, {} multiple)", self.unique, self.multiple);
        }
        let _ = write!(
            s,
            ", {} unsolvable, {} invalid, {} stopped",
            self.unsolvable, self.invalid, self.stopped
        );
        if self.mismatch > 0 {
            let _ = write!(s, ", {} not matching the file's solution", self.mismatch);
        }
        s.push('\n');
        if self.searched > 0 {
            // What the nodes count: dancing links nodes, propagation's tries, or both.
            let by = match (self.by_dlx, self.by_propagate) {
                (_, 0) => "dlx".to_string(),
                (0, _) => "propagate".to_string(),
                (d, p) => format!("dlx {d}, propagate {p}"),
            };
            let _ = writeln!(s, "solver: {by}");
            let _ = writeln!(
                s,
                "nodes per puzzle searched: mean {:.1}, median {}, 99th percentile {}, max {}",
                self.nodes_mean(),
                self.nodes_quantile(0.5),
                self.nodes_quantile(0.99),
                self.nodes.keys().next_back().copied().unwrap_or(0)
            );
        }
        if self.grades.iter().sum::<u64>() > 0 {
            let grades: Vec<String> = sudoku::Grade::ALL
                .iter()
                .map(|g| format!("{} {g}", self.grades[*g as usize]))
                .collect();
            let _ = writeln!(s, "grades: {}", grades.join(", "));
        }
        let _ = writeln!(
            s,
            "time: {:.3} s, {:.0} puzzles per second",
            self.wall.as_secs_f64(),
            self.per_second()
        );
        if self.interrupted {
            let _ = writeln!(
                s,
                "interrupted: the records written are those of the first {}",
                crate::plural(self.puzzles, "puzzle")
            );
        }
        s
    }
}

/// Where progress goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressMode {
    /// None.
    Off,
    /// An indicatif bar (stderr is a terminal); it appears once the run has lasted a moment.
    Bar,
    /// A line on stderr every few seconds (`--progress` when stderr is not a terminal).
    Lines,
}

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

/// How the writing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every chunk was written.
    Complete,
    /// Ctrl-C: the records before the first unfinished puzzle were written.
    Interrupted,
}

/// Writes the chunks in order as they come, returning a token for each chunk written.
pub fn write_all(
    done: &Receiver<Done>,
    tokens: &SyncSender<()>,
    out: &mut impl Write,
    settings: &WriterSettings,
    interrupted: &AtomicBool,
    start: Instant,
) -> io::Result<(Summary, Ending)> {
    let mut summary = Summary::default();
    let mut pending: HashMap<u64, Done> = HashMap::new();
    let mut next = 0u64;
    let mut progress = Progress {
        mode: settings.progress,
        total: settings.total_bytes,
        bar: None,
        start,
        last_line: start,
    };
    let mut written = 0u64;
    let mut bytes_done = 0u64;
    let ending = 'run: loop {
        // Take what is ready; flush before waiting, so output keeps up with slow input.
        let received = match done.try_recv() {
            Ok(d) => Ok(d),
            Err(TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
            Err(TryRecvError::Empty) => {
                match &progress.bar {
                    Some(bar) if settings.stdout_tty => bar.suspend(|| out.flush())?,
                    _ => out.flush()?,
                }
                done.recv_timeout(Duration::from_millis(200))
            }
        };
        match received {
            Ok(d) => {
                pending.insert(d.seq, d);
            }
            Err(RecvTimeoutError::Timeout) => {
                // After Ctrl-C the workers answer at once; silence means nothing more comes.
                if interrupted.load(Ordering::Relaxed) && !pending.contains_key(&next) {
                    break 'run Ending::Interrupted;
                }
                // Keep the clock and spinner moving while a slow chunk holds up the output.
                progress.update(bytes_done, summary.puzzles);
            }
            Err(RecvTimeoutError::Disconnected) => {
                break if interrupted.load(Ordering::Relaxed) {
                    Ending::Interrupted
                } else {
                    Ending::Complete
                };
            }
        }
        while let Some(d) = pending.remove(&next) {
            next += 1;
            for tally in &d.tallies {
                summary.add(*tally);
            }
            // The records shown are a prefix of the whole output, so a prefix of each chunk.
            let take = match settings.show {
                Some(show) => (show.saturating_sub(written) as usize).min(d.tallies.len()),
                None => d.tallies.len(),
            };
            written += take as u64;
            let bytes = &d.out[..if take == 0 { 0 } else { d.ends[take - 1] }];
            if !bytes.is_empty() {
                match &progress.bar {
                    Some(bar) if settings.stdout_tty => bar.suspend(|| out.write_all(bytes))?,
                    _ => out.write_all(bytes)?,
                }
            }
            bytes_done = d.bytes_end;
            progress.update(bytes_done, summary.puzzles);
            // The reader may go on; it is gone only if the run is ending.
            let _ = tokens.try_send(());
            if d.interrupted {
                break 'run Ending::Interrupted;
            }
        }
    };
    out.flush()?;
    progress.finish();
    summary.interrupted = ending == Ending::Interrupted;
    summary.wall = start.elapsed();
    Ok((summary, ending))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(status: Status, nodes: Option<u64>) -> Tally {
        Tally {
            status,
            nodes,
            grade: None,
            strategy: None,
        }
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let mut s = Summary::default();
        for n in 1..=100 {
            s.add(tally(Status::Unique, Some(n)));
        }
        s.add(tally(Status::Invalid, None));
        assert_eq!(s.puzzles, 101);
        assert_eq!((s.solved, s.unique, s.invalid), (100, 100, 1));
        assert_eq!(s.nodes_quantile(0.5), 50);
        assert_eq!(s.nodes_quantile(0.99), 99);
        assert_eq!(s.nodes_quantile(1.0), 100);
        assert!((s.nodes_mean() - 50.5).abs() < 1e-9);
        let mut one = Summary::default();
        one.add(tally(Status::Solved, Some(7)));
        assert_eq!((one.nodes_quantile(0.5), one.nodes_quantile(0.99)), (7, 7));
        assert_eq!(Summary::default().nodes_quantile(0.5), 0);
    }
}
