//! The threads the searches run on: one pool of workers for each number of threads asked for,
//! started by the first search that asks for that many and kept for the life of the process,
//! as rayon's global pool is. A program that makes many searches on threads (a batch, a
//! Python loop over `count(jobs=2)`, the test suite's thousands of small problems) starts its
//! threads once, not once a search: starting and stopping them cost more than the search
//! itself on small problems (the engine's conformance test made 63,872 threads, and spent
//! more time in the kernel than searching).
//!
//! Searches that run at the same time with the same number of threads share its pool, their
//! tasks taking turns on its workers: none waits on another's task, so each finishes.
//!
//! Without the `parallel` feature there are no threads: the tasks of [`on_workers`] run one
//! after another on the calling thread.

#[cfg(feature = "parallel")]
use std::sync::{Arc, Mutex};

#[cfg(feature = "parallel")]
use rayon::{Scope, ThreadPool, ThreadPoolBuilder};

/// How many sizes of pool are kept; a search asking for yet another size gets a pool of its
/// own, stopped when it ends (as every search's was before pools were kept).
#[cfg(feature = "parallel")]
const KEPT: usize = 8;

/// The pools kept, for the process that started them.
#[cfg(feature = "parallel")]
struct Pools {
    pid: u32,
    pools: Vec<(usize, Arc<ThreadPool>)>,
}

#[cfg(feature = "parallel")]
static POOLS: Mutex<Option<Pools>> = Mutex::new(None);

/// The pool of `threads` workers; `None` when the system gives no threads.
#[cfg(feature = "parallel")]
fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    let pid = std::process::id();
    let mut kept = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if kept.as_ref().is_some_and(|k| k.pid != pid) {
        // A child forked after a search: the parent's workers are not in this process, and
        // stopping their pools would wake threads that do not exist here. Left alone.
        std::mem::forget(kept.take());
    }
    let kept = kept.get_or_insert_with(|| Pools {
        pid,
        pools: Vec::new(),
    });
    if let Some((_, pool)) = kept.pools.iter().find(|(n, _)| *n == threads) {
        return Some(Arc::clone(pool));
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("dlx-{threads}-{i}"))
        .build()
        .ok()?;
    let pool = Arc::new(pool);
    if kept.pools.len() < KEPT {
        kept.pools.push((threads, Arc::clone(&pool)));
    }
    Some(pool)
}

/// Runs `op` in a scope of the pool of `threads` workers (its tasks run on them; a worker's
/// index is `rayon::current_thread_index`, below `threads`), and waits for every task it
/// spawned. Where the system gives no threads, rayon's global pool (at worst, the calling
/// thread) runs it.
#[cfg(feature = "parallel")]
pub(crate) fn scope<'s, R: Send>(threads: usize, op: impl FnOnce(&Scope<'s>) -> R + Send) -> R {
    match pool(threads) {
        Some(pool) => pool.scope(op),
        None => rayon::scope(op),
    }
}

/// `work` run by `threads` tasks of the pool of `threads` workers at once (where they are
/// free), their results in the order of the tasks. For searches whose threads each take jobs
/// from a list they share until it is done: a task that starts late finds the list done.
#[cfg(feature = "parallel")]
pub(crate) fn on_workers<R: Send>(threads: usize, work: impl Fn() -> R + Sync) -> Vec<R> {
    let results: Vec<Mutex<Option<R>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    scope(threads, |s| {
        for slot in &results {
            let work = &work;
            s.spawn(move |_| *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(work()));
        }
    });
    results
        .into_iter()
        .map(|r| {
            r.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every task ran")
        })
        .collect()
}

/// `work` run `threads` times on the calling thread (no threads without the `parallel`
/// feature), the results in order.
#[cfg(not(feature = "parallel"))]
pub(crate) fn on_workers<R>(threads: usize, work: impl Fn() -> R) -> Vec<R> {
    (0..threads).map(|_| work()).collect()
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;

    #[test]
    fn one_pool_for_each_number_of_threads() {
        let a = pool(3).expect("threads");
        let b = pool(3).expect("threads");
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(a.current_num_threads(), 3);
        let c = pool(2).expect("threads");
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(c.current_num_threads(), 2);
        // Every task of the scope ran on one of its workers, and the scope waited for them.
        let seen = Mutex::new(Vec::new());
        scope(3, |s| {
            for _ in 0..30 {
                s.spawn(|_| {
                    let k = rayon::current_thread_index().expect("a worker");
                    seen.lock().unwrap().push(k);
                });
            }
        });
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 30);
        assert!(seen.iter().all(|&k| k < 3));
        // Every task ran once and its result came back (the order of the results is the
        // tasks', which the order they ran in need not be).
        let next = std::sync::atomic::AtomicUsize::new(0);
        let got = on_workers(3, || {
            next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        });
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(sorted, [0, 1, 2]);
    }
}
