//! Ctrl-C, the same for every command: the first sets a stop flag that every search and worker
//! watches (so the command writes what it has, its partial figures, and exits 130); a second
//! ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

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
        let _ = ctrlc::set_handler(|| {
            let s = signals();
            if s.interrupted.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
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
