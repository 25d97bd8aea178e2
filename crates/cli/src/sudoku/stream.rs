//! The streaming machinery of `dlx sudoku`, `dlx sudoku rate` and `dlx sudoku generate`: a
//! producer thread makes chunks of work (puzzles read from files, or a range of puzzle numbers
//! to make), a pool of workers turns each chunk into its records, and the calling thread writes
//! them in order ([`output::write_all`]), with the progress display, the summary and Ctrl-C.
//!
//! At most a fixed window of chunks is in flight: the producer takes a token before each chunk
//! and the writer gives one back per chunk written, so memory does not grow with the input, and
//! a slow chunk holds the producer back rather than piling up records behind it.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{Context, Result};

use super::output::{self, Ending, ProgressMode, Summary};
use super::work::Done;
use crate::signals::signals;
use crate::InputError;

/// How a stream runs.
pub struct StreamSettings {
    /// Workers.
    pub jobs: usize,
    /// Write only the first records (the main job shows a few); the rest are counted.
    pub show: Option<u64>,
    pub progress: ProgressMode,
    /// The total the producer's `bytes_end` runs up to, when known (input bytes, or puzzles).
    pub total: Option<u64>,
    /// The name of the worker threads.
    pub name: &'static str,
}

/// What a producer gets: where to send chunks, the tokens to take before each, and the stop
/// flag (set by Ctrl-C, or when the output fails).
pub struct Produce<'a, C> {
    pub chunks: &'a SyncSender<C>,
    pub tokens: &'a Receiver<()>,
    pub stop: &'a AtomicBool,
}

/// What a worker gets: the chunks to take, where to send them done, and the stop flag (also its
/// searches' cancel flag).
pub struct Work<'a, C> {
    pub chunks: &'a Mutex<Receiver<C>>,
    pub done: &'a Sender<Done>,
    pub stop: &'a Arc<AtomicBool>,
}

impl<C> Work<'_, C> {
    /// The next chunk, or none when the producer is done (the lock is held only while
    /// waiting).
    pub fn next(&self) -> Option<C> {
        self.chunks.lock().ok()?.recv().ok()
    }
}

/// Runs the producer on its own thread and `settings.jobs` workers, and writes their records in
/// chunk order to `out`. The producer's error (say, a file that fails while being read) is
/// returned once the records before it are written.
pub fn run<C, P, W>(
    settings: &StreamSettings,
    out: &mut impl Write,
    produce: P,
    worker: W,
) -> Result<Summary>
where
    C: Send + 'static,
    P: FnOnce(Produce<'_, C>) -> Result<(), String> + Send + 'static,
    W: Fn(Work<'_, C>) + Send + Sync + 'static,
{
    let start = Instant::now();
    let signals = signals();
    let stop = Arc::clone(&signals.stop);
    let jobs = settings.jobs.max(1);
    // Chunks wait for a worker in a short queue; tokens bound the chunks made but not yet
    // written.
    let window = 4 * jobs + 4;
    let (chunk_tx, chunk_rx) = sync_channel::<C>(jobs);
    let chunk_rx = Arc::new(Mutex::new(chunk_rx));
    let (token_tx, token_rx) = sync_channel::<()>(window);
    for _ in 0..window {
        token_tx.send(()).expect("the window has room");
    }
    let (done_tx, done_rx) = channel::<Done>();

    let name = settings.name;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(move |k| format!("{name}-{k}"))
        .build()
        .context("starting the worker threads")?;
    let worker = Arc::new(worker);
    for _ in 0..jobs {
        let (worker, chunk_rx, done_tx, stop) = (
            Arc::clone(&worker),
            Arc::clone(&chunk_rx),
            done_tx.clone(),
            Arc::clone(&stop),
        );
        pool.spawn(move || {
            worker(Work {
                chunks: &chunk_rx,
                done: &done_tx,
                stop: &stop,
            });
        });
    }
    drop(done_tx);
    let producer_stop = Arc::clone(&stop);
    let producer = std::thread::Builder::new()
        .name("dlx-producer".into())
        .spawn(move || {
            produce(Produce {
                chunks: &chunk_tx,
                tokens: &token_rx,
                stop: &producer_stop,
            })
        })
        .context("starting the producer thread")?;

    let writer_settings = output::WriterSettings {
        show: settings.show,
        progress: settings.progress,
        total_bytes: settings.total,
        stdout_tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let written = output::write_all(
        &done_rx,
        &token_tx,
        out,
        &writer_settings,
        &signals.interrupted,
        start,
    );
    let (summary, ending) = match written {
        Ok(done) => done,
        Err(e) => {
            // Standard output failed (or was closed): stop everything; nothing more to say.
            stop.store(true, Ordering::SeqCst);
            return Err(e.into());
        }
    };
    if ending == Ending::Complete {
        // The producer has finished (its chunks are all written); did it fail?
        match producer.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(InputError(e).into()),
            Err(_) => anyhow::bail!("the producer thread panicked"),
        }
    }
    Ok(summary)
}
