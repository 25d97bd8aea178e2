//! Ctrl-C, the same for every command: the first sets a stop flag that every search and worker
//! watches (so the command writes what it has, its partial figures, and exits 130); a second
//! ends the process at once. A second that comes within half a second of the first is the same
//! interruption: `timeout -s INT` sends the signal to the command and again to its process
//! group, and a terminal's Ctrl-C reaches every process of a pipeline, so one interruption can
//! arrive twice; ending at once then would lose the partial figures.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long after a first Ctrl-C another one is taken for the same.
const SAME_INTERRUPTION: Duration = Duration::from_millis(500);

/// The flags the handler sets.
pub struct Signals {
    /// Every search and worker looks at this (as `Limits::cancel`).
    pub stop: Arc<AtomicBool>,
    /// Ctrl-C came.
    pub interrupted: AtomicBool,
}

/// Installs the handler on the first call; later calls return the same flags.
pub fn signals() -> &'static Signals {
    static SIGNALS: OnceLock<Signals> = OnceLock::new();
    SIGNALS.get_or_init(|| {
        // If a handler cannot be installed, Ctrl-C keeps its default effect (ends the process).
        static FIRST: OnceLock<Instant> = OnceLock::new();
        let _ = ctrlc::set_handler(|| {
            let s = signals();
            let first = *FIRST.get_or_init(Instant::now);
            if s.interrupted.swap(true, Ordering::SeqCst) {
                if first.elapsed() >= SAME_INTERRUPTION {
                    std::process::exit(130);
                }
                return;
            }
            s.stop.store(true, Ordering::SeqCst);
        });
        Signals {
            stop: Arc::new(AtomicBool::new(false)),
            interrupted: AtomicBool::new(false),
        }
    })
}

/// The stop flag, with the handler installed: give it to a search as `Limits::cancel`.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::clone(&signals().stop)
}
