//! An ordered parallel pipeline: batches of work from an input read on a thread of its own,
//! worked on by a pool of threads, their results handed to a [`Sink`] in input order on the
//! calling thread.
//!
//! Memory stays bounded however long the input: at most a window of batches is read but not
//! yet taken by the sink, so a slow batch holds the reader back rather than piling results up
//! behind it. A stop flag ends a run early: the reader stops, workers skip the batches they
//! have not begun, and the sink gets the results in order up to the first batch not done,
//! whole (what a worker returns for a batch it stopped inside is its own affair).
//!
//! ```
//! use std::ops::ControlFlow;
//! use sudoku::pipeline::{Pipeline, Sink};
//!
//! struct Collect(Vec<u64>);
//! impl Sink<Vec<u64>> for Collect {
//!     fn take(&mut self, squares: Vec<u64>) -> ControlFlow<()> {
//!         self.0.extend(squares);
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! // Batches of numbers, squared on 4 threads, collected in order.
//! let batches = (0..100u64).map(|k| Ok::<_, ()>(vec![2 * k, 2 * k + 1]));
//! let mut sink = Collect(Vec::new());
//! let ended = Pipeline::new()
//!     .threads(4)
//!     .run(batches, || (), |_, batch: Vec<u64>| batch.iter().map(|x| x * x).collect(), &mut sink)
//!     .unwrap();
//! assert_eq!(ended, sudoku::pipeline::Ending::Complete);
//! assert_eq!(sink.0, (0..200u64).map(|x| x * x).collect::<Vec<_>>());
//! ```

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where the results of a [`Pipeline`] go, in input order, on the thread that runs it.
pub trait Sink<R> {
    /// Takes the next result. `Break` ends the run: the stop flag is set, and the workers and
    /// the reader stop.
    fn take(&mut self, result: R) -> ControlFlow<()>;

    /// Called when no result is ready, before waiting, and again every [`TICK`] while
    /// waiting: the place to flush output, so that it keeps up with slow input, and to draw
    /// progress.
    fn idle(&mut self) {}
}

/// A closure is a sink that never idles.
impl<R, F: FnMut(R) -> ControlFlow<()>> Sink<R> for F {
    fn take(&mut self, result: R) -> ControlFlow<()> {
        self(result)
    }
}

/// How often [`Sink::idle`] is called while the sink waits for a slow batch.
pub const TICK: Duration = Duration::from_millis(200);

/// How a run of a [`Pipeline`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// Every batch was worked on and its result taken.
    Complete,
    /// The stop flag was set: the results of the batches up to the first one not done were
    /// taken.
    Stopped,
    /// The sink broke.
    SinkBroke,
}

/// A pool of workers between a reader and a sink (see the [module](self) documentation).
#[derive(Debug, Clone)]
pub struct Pipeline {
    threads: usize,
    window: Option<usize>,
    stop: Arc<AtomicBool>,
    idle: Option<Arc<AtomicUsize>>,
    name: String,
}

impl Default for Pipeline {
    fn default() -> Self {
        Pipeline::new()
    }
}

impl Pipeline {
    /// A pipeline on one worker per core, with a stop flag of its own.
    pub fn new() -> Pipeline {
        Pipeline {
            threads: 0,
            window: None,
            stop: Arc::new(AtomicBool::new(false)),
            idle: None,
            name: "worker".into(),
        }
    }

    /// The flag that stops a run (see [`Pipeline::stop_flag`]), for the workers to watch.
    pub fn stop(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Runs `n` workers; 0 means one per core.
    pub fn threads(mut self, n: usize) -> Pipeline {
        self.threads = n;
        self
    }

    /// The workers a run will start.
    pub fn num_threads(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// The most batches read but not yet taken by the sink (`None`: four per worker and four
    /// more, the default).
    pub fn window(mut self, batches: Option<usize>) -> Pipeline {
        self.window = batches;
        self
    }

    /// The flag that stops a run: set it (from a Ctrl-C handler, say) and the run ends soon
    /// after, with [`Ending::Stopped`]. The run sets it too when the sink breaks. Pass the same
    /// flag to the searches the workers run, as their cancel flag, so that a long one stops.
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> Pipeline {
        self.stop = stop;
        self
    }

    /// A counter of the workers waiting for a batch (or done for want of one): their cores are
    /// free, and a long piece of work can take them over (a count of many solutions on every
    /// core, say).
    pub fn idle_counter(mut self, idle: Option<Arc<AtomicUsize>>) -> Pipeline {
        self.idle = idle;
        self
    }

    /// The name of the worker threads (numbered after it: `name-0`, `name-1`, ...).
    pub fn thread_name(mut self, name: impl Into<String>) -> Pipeline {
        self.name = name.into();
        self
    }

    /// Runs the pipeline: `input` is read on a thread of its own, each batch is worked on by
    /// `work` on one of the workers (each with its own `state`, made once per worker), and the
    /// results go to `sink` in input order.
    ///
    /// An error from `input` ends the reading; it is returned once the results of the batches
    /// before it have been taken. The input's thread is not waited for once the run has
    /// stopped (it may be blocked reading a terminal); it ends when it next sends a batch.
    ///
    /// # Panics
    /// If `work` or `state` panics, once the other workers have stopped.
    pub fn run<B, S, R, E, I, K>(
        &self,
        input: I,
        state: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, B) -> R + Sync,
        sink: &mut K,
    ) -> Result<Ending, E>
    where
        I: Iterator<Item = Result<B, E>> + Send + 'static,
        B: Send + 'static,
        E: Send + 'static,
        R: Send,
        K: Sink<R> + ?Sized,
    {
        let threads = self.num_threads();
        let window = self.window.unwrap_or(4 * threads + 4).max(1);
        let stop = &self.stop;
        // Batches wait for a worker in a short queue; tokens bound the batches read but not
        // yet taken.
        let (batch_tx, batch_rx) = mpsc::sync_channel::<(u64, B)>(threads);
        let batch_rx = Mutex::new(batch_rx);
        let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
        for _ in 0..window {
            // The channel has room for the whole window.
            let _ = token_tx.send(());
        }
        let failure: Arc<Mutex<Option<E>>> = Arc::new(Mutex::new(None));
        let reader = {
            let (stop, failure) = (Arc::clone(stop), Arc::clone(&failure));
            move || {
                for (seq, batch) in (0u64..).zip(input) {
                    if stop.load(Ordering::Relaxed) || token_rx.recv().is_err() {
                        return;
                    }
                    match batch {
                        Ok(batch) => {
                            if batch_tx.send((seq, batch)).is_err() {
                                return;
                            }
                        }
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            return;
                        }
                    }
                }
            }
        };
        // The reader is not joined: a run that stops must not wait for a blocked read.
        let reader = std::thread::Builder::new()
            .name(format!("{}-reader", self.name))
            .spawn(reader);
        let Ok(reader) = reader else {
            // No thread to read on: nothing was read.
            return Ok(Ending::Stopped);
        };

        let (result_tx, result_rx) = mpsc::channel::<(u64, R)>();
        let mut ending = Ending::Complete;
        std::thread::scope(|scope| {
            for k in 0..threads {
                let (result_tx, batch_rx, state, work) =
                    (result_tx.clone(), &batch_rx, &state, &work);
                let idle = self.idle.as_deref();
                let worker = move || {
                    let mut st = state();
                    loop {
                        if let Some(idle) = idle {
                            idle.fetch_add(1, Ordering::Relaxed);
                        }
                        // The lock is held only while waiting; a stop is seen within a tick.
                        let next = batch_rx
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .recv_timeout(TICK);
                        if let (Some(idle), Ok(_)) = (idle, &next) {
                            idle.fetch_sub(1, Ordering::Relaxed);
                        }
                        match next {
                            Ok((seq, batch)) => {
                                if stop.load(Ordering::Relaxed) {
                                    // Not begun: skipped, and the results end before it.
                                    continue;
                                }
                                let result = work(&mut st, batch);
                                if result_tx.send((seq, result)).is_err() {
                                    return;
                                }
                            }
                            Err(RecvTimeoutError::Timeout) if stop.load(Ordering::Relaxed) => {
                                return
                            }
                            Err(RecvTimeoutError::Timeout) => {
                                if let Some(idle) = idle {
                                    // Counted again at the top of the loop.
                                    idle.fetch_sub(1, Ordering::Relaxed);
                                }
                            }
                            Err(RecvTimeoutError::Disconnected) => return,
                        }
                    }
                };
                let spawned = std::thread::Builder::new()
                    .name(format!("{}-{k}", self.name))
                    .spawn_scoped(scope, worker);
                if spawned.is_err() && k == 0 {
                    // Not one worker could start: nothing will be done.
                    stop.store(true, Ordering::SeqCst);
                }
            }
            drop(result_tx);

            let mut pending: HashMap<u64, R> = HashMap::new();
            let mut next = 0u64;
            'run: loop {
                let received = match result_rx.try_recv() {
                    Ok(r) => Some(r),
                    Err(TryRecvError::Disconnected) => None,
                    Err(TryRecvError::Empty) => loop {
                        sink.idle();
                        match result_rx.recv_timeout(TICK) {
                            Ok(r) => break Some(r),
                            Err(RecvTimeoutError::Timeout) => {}
                            Err(RecvTimeoutError::Disconnected) => break None,
                        }
                    },
                };
                let Some((seq, result)) = received else {
                    // Every worker is done: what is missing was skipped after a stop.
                    break;
                };
                pending.insert(seq, result);
                while let Some(result) = pending.remove(&next) {
                    next += 1;
                    // The reader may be done and gone: then the token is not needed.
                    let _ = token_tx.try_send(());
                    if sink.take(result).is_break() {
                        stop.store(true, Ordering::SeqCst);
                        ending = Ending::SinkBroke;
                        break 'run;
                    }
                }
            }
            // Unblock workers still sending, and the reader waiting for a token.
            drop(result_rx);
            drop(token_tx);
        });
        if ending == Ending::SinkBroke {
            return Ok(ending);
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(Ending::Stopped);
        }
        // Every batch was taken, so the reader has finished: did it fail?
        let _ = reader.join();
        let failed = failure.lock().unwrap_or_else(|p| p.into_inner()).take();
        match failed {
            Some(e) => Err(e),
            None => Ok(Ending::Complete),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Collects what it takes; breaks after `limit` results.
    struct Collect {
        got: Vec<u64>,
        limit: Option<usize>,
    }

    impl Sink<Vec<u64>> for Collect {
        fn take(&mut self, result: Vec<u64>) -> ControlFlow<()> {
            self.got.extend(result);
            if self.limit.is_some_and(|l| self.got.len() >= l) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
    }

    /// Busy work of a length that depends on the item, so that workers finish out of order.
    fn slow_square(x: u64, delays: &[u8]) -> u64 {
        let spin = u64::from(delays[(x as usize) % delays.len()]) * 200;
        let mut acc = x;
        for k in 0..spin {
            acc = std::hint::black_box(acc.wrapping_mul(31).wrapping_add(k));
        }
        std::hint::black_box(acc);
        x * x
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Whatever the threads, window, batch sizes and the time each item takes, the sink
        /// gets every result once, in input order.
        #[test]
        fn any_schedule_gives_input_order(
            threads in 1usize..6,
            window in 1usize..10,
            sizes in proptest::collection::vec(0usize..7, 0..40),
            delays in proptest::collection::vec(any::<u8>(), 1..16),
        ) {
            let mut next = 0u64;
            let batches: Vec<Vec<u64>> = sizes
                .iter()
                .map(|&n| (0..n).map(|_| { next += 1; next }).collect())
                .collect();
            let delays = Arc::new(delays);
            let d = Arc::clone(&delays);
            let mut sink = Collect { got: Vec::new(), limit: None };
            let ended = Pipeline::new()
                .threads(threads)
                .window(Some(window))
                .run(
                    batches.into_iter().map(Ok::<_, ()>),
                    || (),
                    move |_, b: Vec<u64>| b.into_iter().map(|x| slow_square(x, &d)).collect(),
                    &mut sink,
                )
                .unwrap();
            prop_assert_eq!(ended, Ending::Complete);
            prop_assert_eq!(sink.got, (1..=next).map(|x| x * x).collect::<Vec<_>>());
        }

        /// A stop at any moment leaves whole results, a prefix of the input's, in order.
        #[test]
        fn a_stop_leaves_whole_results_in_order(
            threads in 1usize..5,
            stop_after in 0usize..30,
        ) {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = Arc::clone(&stop);
            let batches = (0..1000u64).map(|k| Ok::<_, ()>(vec![3 * k, 3 * k + 1, 3 * k + 2]));
            let mut sink = Collect { got: Vec::new(), limit: None };
            struct Stopping<'a> { inner: &'a mut Collect, after: usize, flag: Arc<AtomicBool> }
            impl Sink<Vec<u64>> for Stopping<'_> {
                fn take(&mut self, r: Vec<u64>) -> ControlFlow<()> {
                    if self.inner.got.len() / 3 >= self.after {
                        self.flag.store(true, Ordering::SeqCst);
                    }
                    self.inner.take(r)
                }
            }
            let mut stopping = Stopping { inner: &mut sink, after: stop_after, flag };
            let ended = Pipeline::new()
                .threads(threads)
                .stop_flag(Arc::clone(&stop))
                .run(batches, || (), |_, b: Vec<u64>| b, &mut stopping)
                .unwrap();
            prop_assert!(matches!(ended, Ending::Stopped | Ending::Complete));
            prop_assert_eq!(sink.got.len() % 3, 0);
            prop_assert_eq!(&sink.got, &(0..sink.got.len() as u64).collect::<Vec<_>>());
            prop_assert!(sink.got.len() / 3 > stop_after);
        }
    }

    #[test]
    fn a_sink_that_breaks_stops_the_run() {
        let mut sink = Collect {
            got: Vec::new(),
            limit: Some(10),
        };
        let endless = (0u64..).map(|k| Ok::<_, ()>(vec![k]));
        let ended = Pipeline::new()
            .threads(2)
            .run(endless, || (), |_, b: Vec<u64>| b, &mut sink)
            .unwrap();
        assert_eq!(ended, Ending::SinkBroke);
        assert_eq!(sink.got, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn the_input_error_comes_after_the_results_before_it() {
        let mut sink = Collect {
            got: Vec::new(),
            limit: None,
        };
        let input = (0u64..10).map(|k| if k < 7 { Ok(vec![k]) } else { Err(k) });
        let ended = Pipeline::new()
            .threads(3)
            .run(input, || (), |_, b: Vec<u64>| b, &mut sink);
        assert_eq!(ended, Err(7));
        assert_eq!(sink.got, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn each_worker_keeps_its_state() {
        let mut sink = Collect {
            got: Vec::new(),
            limit: None,
        };
        let input = (0u64..50).map(|k| Ok::<_, ()>(vec![k]));
        // Each worker counts the batches it did: the counts add up to the batches.
        let counts = Mutex::new(Vec::new());
        struct Counter<'a>(u64, &'a Mutex<Vec<u64>>);
        impl Drop for Counter<'_> {
            fn drop(&mut self) {
                self.1.lock().unwrap().push(self.0);
            }
        }
        Pipeline::new()
            .threads(3)
            .run(
                input,
                || Counter(0, &counts),
                |c, b: Vec<u64>| {
                    c.0 += 1;
                    b
                },
                &mut sink,
            )
            .unwrap();
        assert_eq!(counts.lock().unwrap().iter().sum::<u64>(), 50);
        assert_eq!(sink.got.len(), 50);
    }
}
