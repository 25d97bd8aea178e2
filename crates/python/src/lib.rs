//! `dlx_engine._dlx`: the engine and the sudoku library from Python, through the engine's front
//! door (`dlx::Search`) and the sudoku library's batch (`sudoku::print::Job`). The friendly API
//! (`covers`, `Problem` built from Python items, exceptions with fields) is the pure-Python
//! package around this module (`python/dlx_engine`); this module takes names and indices and
//! gives plain values.
//!
//! A search of one thread runs on the calling thread without the GIL, and every 50 ms takes it
//! back for a moment to run Python's signal handlers ([`Watch`]): other Python threads run
//! meanwhile, and Ctrl-C stops the search (`KeyboardInterrupt` is raised once it has stopped).
//! An iterator of solutions pulls them from such a search a batch at a time, so nothing runs
//! behind the loop. A count on several threads begins the same way and goes on on the engine's
//! threads, the calling thread asking the same clock meanwhile. The memoized count and the
//! cheapest solutions on several threads run on a thread of their own while the calling thread
//! waits without the GIL and looks for signals, and stop through their cancel flag.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dlx::zdd::{Count, Zdd};
use dlx::{Engine, Limits, OptionId, Problem, ProblemBuilder, Search, SearchError, Task};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// How often a waiting call looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// Nodes a count on several threads runs alone on the calling thread first (the engine's
/// `here_first`; without the GIL, interruptible): half a millisecond to a millisecond on the
/// samples. A smaller call (most of a script's, a small problem each) ends there and wakes no
/// thread; a larger one goes on on the threads from where it stands, nothing searched twice.
/// Going to the threads costs about 0.2 ms (`bench/compare.py`'s problems, 2026-11-29: 2,000
/// nodes alone sent Langford's `lgfd8` to them, 0.24 -> 0.43 ms; 20,000 kept `p3x20` from them,
/// 1.39 times one thread -> 0.93).
const QUICK_NODES: u64 = 5_000;

/// Nodes the memoized count and the cheapest solutions on several threads are first given on
/// the calling thread alone; one not done within them starts again from the root on the
/// threads (their searches cannot go on on the threads from where they stand).
const QUICK_RESTART_NODES: u64 = 100_000;

/// The most solutions an iterator takes from its search at a time (the first batch is one
/// solution, each next one twice as many), and the longest it searches for more once it has
/// one: the first of many solutions comes at once, and the many come without a return to
/// Python for each.
const MOST_BATCH: usize = 1024;
const BATCH_TIME: Duration = Duration::from_millis(10);

/// Raises the package's exception `name` (from `dlx_engine._errors`) with `args`.
fn raise<A>(py: Python<'_>, name: &str, args: A) -> PyErr
where
    A: for<'py> pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("dlx_engine._errors")
        .and_then(|m| m.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}

/// Bad input: `dlx_engine.DlxError`, a `ValueError`.
fn bad_input(py: Python<'_>, message: impl std::fmt::Display) -> PyErr {
    raise(py, "DlxError", (message.to_string(),))
}

/// A count as a Python `int`, exact at any size.
fn to_int(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    match count.to_u64() {
        Some(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
        None => Ok(py
            .import("builtins")?
            .getattr("int")?
            .call1((count.to_string(),))?
            .unbind()),
    }
}

/// Runs `search` (with a visitor that keeps nothing). On one thread, and a count on several:
/// here, without the GIL, interruptible ([`Watch`]); a count on several threads runs here
/// alone for [`QUICK_NODES`] and, if not done, goes on on the threads (`count` says it is a
/// count, of the whole problem or of a job). The other searches on several threads: first here
/// alone within [`QUICK_RESTART_NODES`], then, if not done, again from the start on the threads,
/// interruptible.
fn run_search(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    search: Search<'_>,
    limits: &Limits,
    count: bool,
) -> PyResult<Result<dlx::Found, SearchError>> {
    // The settings as given (the quick attempt below runs on one thread whatever they say).
    if let Err(e) = search.check() {
        return Ok(Err(e));
    }
    if count || search.num_threads() == 1 {
        let watch = Watch::new();
        let search = search.here_first(QUICK_NODES).limits(watch.limits(limits));
        let found = py.detach(|| search.run(|_| ControlFlow::Continue(())));
        watch.raised()?;
        return Ok(found);
    }
    // One thread: a pool is not worth starting for a few milliseconds (and the figures of a
    // search that ends there are one thread's, Knuth's).
    let budget = limits
        .max_nodes()
        .map_or(QUICK_RESTART_NODES, |n| n.min(QUICK_RESTART_NODES));
    let quick = search
        .clone()
        .threads(1)
        .limits(limits.clone().nodes(budget));
    let first = py.detach(|| quick.run(|_| ControlFlow::Continue(())));
    match first {
        Ok(found)
            if found.stopped == Some(dlx::StopReason::NodeLimit)
                && Some(budget) != limits.max_nodes() => {}
        done => return Ok(done),
    }
    let search = search.limits(limits.clone());
    interruptible(py, cancel, || search.run(|_| ControlFlow::Continue(())))
}

/// Ctrl-C for a search on the calling thread without the GIL: a clock for [`Limits::until`]
/// (asked every 4096 nodes) that every [`POLL`] takes the GIL back for a moment and runs
/// Python's signal handlers. An exception a handler raised (`KeyboardInterrupt`) stops the
/// search, as a deadline does, and [`Watch::raised`] gives it back once the search returned.
/// (Handlers run on the main thread only: a search on another thread is stopped by the main
/// thread's interrupt as a Python loop on it is, not at all.)
struct Watch {
    /// The thread that made it, the only one that looks (Python runs signal handlers on the
    /// main thread alone; the engine asks the clock from its threads as well).
    thread: std::thread::ThreadId,
    start: Instant,
    /// When to look next, in nanoseconds from `start`.
    next: AtomicU64,
    raised: Mutex<Option<PyErr>>,
}

impl Watch {
    fn new() -> Arc<Watch> {
        Arc::new(Watch {
            thread: std::thread::current().id(),
            start: Instant::now(),
            next: AtomicU64::new(POLL.as_nanos() as u64),
            raised: Mutex::new(None),
        })
    }

    /// `limits` with this watch's clock.
    fn limits(self: &Arc<Self>, limits: &Limits) -> Limits {
        let watch = Arc::clone(self);
        limits.clone().until(Some(Arc::new(move || watch.passed())))
    }

    /// Whether a signal handler raised (looking again if `POLL` has passed).
    fn passed(&self) -> bool {
        if std::thread::current().id() != self.thread {
            return false;
        }
        let now = self.start.elapsed().as_nanos() as u64;
        if now < self.next.load(Ordering::Relaxed) {
            return false;
        }
        self.next
            .store(now + POLL.as_nanos() as u64, Ordering::Relaxed);
        let mut raised = self.raised.lock().unwrap_or_else(|e| e.into_inner());
        if raised.is_none() {
            *raised = Python::attach(|py| py.check_signals()).err();
        }
        raised.is_some()
    }

    /// The exception a signal handler raised during the search, if one did.
    fn raised(&self) -> PyResult<()> {
        let mut raised = self.raised.lock().unwrap_or_else(|e| e.into_inner());
        raised.take().map_or(Ok(()), Err)
    }
}

/// Runs `work` on a thread of its own, waiting without the GIL; on Ctrl-C sets `cancel`, waits
/// for the work to stop and raises `KeyboardInterrupt`.
fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        scope.spawn(move || {
            let _ = tx.send(work());
        });
        let mut rx = rx;
        loop {
            let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match got {
                Ok(result) => return Ok(result),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyValueError::new_err("the search ended without a result"))
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        // The search sees the flag within 4096 nodes.
                        let _ = py.detach(move || rx.recv());
                        return Err(e);
                    }
                }
            }
        }
    })
}

/// The limits of a call: nodes, a time limit from now, a solution limit, and the cancel flag.
fn limits(
    cancel: &Arc<AtomicBool>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    limit: Option<u64>,
) -> PyResult<Limits> {
    let deadline = match timeout {
        Some(t) if t.is_finite() && t >= 0.0 => Some(Instant::now() + Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds, 0 or more, not {t}"
            )))
        }
        None => None,
    };
    Ok(Limits::none()
        .nodes(max_nodes)
        .deadline(deadline)
        .solutions(limit)
        .cancel(Some(Arc::clone(cancel))))
}

/// An engine by its name.
fn engine(name: &str) -> PyResult<Engine> {
    name.parse()
        .map_err(|e: dlx::UnknownEngine| PyValueError::new_err(e.to_string()))
}

/// What a search found: its figures, the exact count, and how it ended.
#[pyclass(frozen, module = "dlx_engine._dlx")]
pub struct Found {
    /// The solutions found (for the cheapest, the improvements), an exact `int`.
    #[pyo3(get)]
    count: Py<PyAny>,
    /// Search-tree nodes, as the engine's program counts them.
    #[pyo3(get)]
    nodes: u64,
    /// Updates.
    #[pyo3(get)]
    updates: u64,
    /// Cleansings (color controls).
    #[pyo3(get)]
    cleansings: u64,
    /// Whether the search was done to its end.
    #[pyo3(get)]
    complete: bool,
    /// What stopped it: `max_nodes`, `timeout`, `limit`, `cancelled`, `memory`, ... or `None`.
    #[pyo3(get)]
    stopped: Option<String>,
    /// The engine that searched.
    #[pyo3(get)]
    engine: String,
    /// Knuth's program whose figures these are (`dlx1`, `ssxcc`, `dlx6`, ...).
    #[pyo3(get)]
    program: String,
    /// Threads the search ran on.
    #[pyo3(get)]
    threads: usize,
    /// Nodes per level of the search tree.
    #[pyo3(get)]
    profile: Vec<u64>,
}

#[pymethods]
impl Found {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Found(count={}, nodes={}, updates={}, cleansings={}, complete={}, stopped={:?}, \
             engine={:?}, program={:?}, threads={})",
            self.count.bind(py),
            self.nodes,
            self.updates,
            self.cleansings,
            if self.complete { "True" } else { "False" },
            self.stopped,
            self.engine,
            self.program,
            self.threads
        )
    }
}

impl Found {
    fn of(py: Python<'_>, found: &dlx::Found, problem: &Problem, task: Task) -> PyResult<Found> {
        let program = match task {
            Task::Memo => "dlx6",
            Task::Cheapest { .. } => "dlx5",
            _ => found.engine.program(problem),
        };
        Ok(Found {
            count: to_int(py, &found.count)?,
            nodes: found.stats.nodes,
            updates: found.stats.updates,
            cleansings: found.stats.cleansings,
            complete: found.is_complete(),
            stopped: found.stopped.map(|r| r.name().to_string()),
            engine: found.engine.name().to_string(),
            program: program.to_string(),
            threads: found.threads,
            profile: found.stats.profile().to_vec(),
        })
    }
}

/// A solution and its cost, as `best` gives them.
type Costed = (u64, Vec<u32>);

/// An exact-cover problem, built once and searched any number of times.
#[pyclass(frozen, module = "dlx_engine._dlx")]
pub struct RawProblem {
    inner: Arc<Problem>,
}

/// The message of a search that cannot run as set.
fn search_error(py: Python<'_>, e: SearchError) -> PyErr {
    bad_input(py, e)
}

#[pymethods]
impl RawProblem {
    /// Builds a problem: `primary` and `secondary` item names, `options` as lists of item
    /// numbers (primary first), `colors` (per entry: 0 for none, else a number of
    /// `color_names` plus 1), `bounds` (per primary item: `None` or `(lo, hi)`), `costs` (per
    /// option).
    #[staticmethod]
    #[pyo3(signature = (primary, secondary, options, colors=None, color_names=Vec::new(), bounds=None, costs=None))]
    #[allow(clippy::too_many_arguments)]
    fn build(
        py: Python<'_>,
        primary: Vec<String>,
        secondary: Vec<String>,
        options: Vec<Vec<u32>>,
        colors: Option<Vec<Vec<u32>>>,
        color_names: Vec<String>,
        bounds: Option<Vec<Option<(u32, u32)>>>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<RawProblem> {
        let fail = |e: dlx::BuildError| bad_input(py, e);
        let mut b = ProblemBuilder::new();
        b.reserve_items(primary.len() + secondary.len());
        for (k, name) in primary.iter().enumerate() {
            match bounds.as_ref().and_then(|b| b.get(k).copied().flatten()) {
                Some((lo, hi)) => b.primary_bounded(name.as_str(), lo, hi).map_err(fail)?,
                None => b.primary(name.as_str()).map_err(fail)?,
            };
        }
        for name in &secondary {
            b.secondary(name.as_str()).map_err(fail)?;
        }
        let ids: Vec<dlx::ColorId> = color_names
            .iter()
            .map(|c| b.color(c.as_str()))
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        let n = (primary.len() + secondary.len()) as u32;
        for (k, option) in options.iter().enumerate() {
            if let Some(&bad) = option.iter().find(|&&i| i >= n) {
                return Err(bad_input(
                    py,
                    format!("option {k} names item {bad}, of {n}"),
                ));
            }
            let row = colors.as_ref().and_then(|c| c.get(k));
            let entries = option.iter().enumerate().map(|(j, &i)| {
                let color = row
                    .and_then(|r| r.get(j).copied())
                    .filter(|&c| c > 0)
                    .and_then(|c| ids.get(c as usize - 1).copied());
                (dlx::ItemId::new(i), color)
            });
            let id = b.option_colored(entries).map_err(fail)?;
            if let Some(cost) = costs.as_ref().and_then(|c| c.get(k)) {
                b.set_cost(id, *cost).map_err(fail)?;
            }
        }
        Ok(RawProblem {
            inner: Arc::new(b.build().map_err(fail)?),
        })
    }

    /// The exact cover of a boolean incidence matrix of `rows` x `cols`, its bytes row by row
    /// (see `covers_bool`): the problem, and the row of each option kept, `None` where every
    /// row was.
    #[staticmethod]
    fn from_bool(
        py: Python<'_>,
        rows: usize,
        cols: usize,
        bytes: &[u8],
    ) -> PyResult<(RawProblem, Option<Vec<u32>>)> {
        let (problem, kept) = matrix_problem(py, rows, cols, bytes)?;
        let inner = Arc::new(problem);
        Ok((RawProblem { inner }, kept))
    }

    /// Reads Knuth's text format (`dlx1` to `dlx6`: colors, bounds, costs): the problem, and
    /// the lines of the options left out (they have no primary item).
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<(RawProblem, Vec<usize>)> {
        match dlx::text::parse(text) {
            Ok(parsed) => Ok((
                RawProblem {
                    inner: Arc::new(parsed.problem),
                },
                parsed.warnings.iter().map(|w| w.line).collect(),
            )),
            Err(e) => Err(raise(
                py,
                "ParseError",
                (
                    format!("line {}, column {}: {}", e.line, e.column, e.kind),
                    e.line,
                    e.column,
                ),
            )),
        }
    }

    /// The problem in Knuth's text format.
    fn to_knuth(&self) -> PyResult<String> {
        let mut out = Vec::new();
        dlx::text::write_problem(&self.inner, &mut out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// Items, primary ones first.
    #[getter]
    fn num_items(&self) -> usize {
        self.inner.num_items()
    }

    /// Primary items.
    #[getter]
    fn num_primary(&self) -> usize {
        self.inner.num_primary()
    }

    /// Options.
    #[getter]
    fn num_options(&self) -> usize {
        self.inner.num_options()
    }

    /// The names of the items, in their order.
    fn item_names(&self) -> Vec<String> {
        let p = &self.inner;
        p.items().map(|i| p.item_name(i).to_string()).collect()
    }

    /// The items of each option (numbers into `item_names`).
    fn options(&self) -> Vec<Vec<u32>> {
        let p = &self.inner;
        (0..p.num_options() as u32)
            .map(|o| {
                p.option_items(OptionId::new(o))
                    .map(|i| i.as_u32())
                    .collect()
            })
            .collect()
    }

    /// Runs a search: `task` is `count`, `memo` or `list` (counted, solutions not kept).
    #[pyo3(signature = (task="count", engine="auto", threads=None, max_nodes=None, timeout=None, limit=None, max_memory=None, preprocess=false, components=false))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        task: &str,
        engine: &str,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        limit: Option<u64>,
        max_memory: Option<u64>,
        preprocess: bool,
        components: bool,
    ) -> PyResult<Found> {
        let task = match task {
            "count" => Task::Count,
            "memo" => Task::Memo,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown task `{other}` (count or memo)"
                )))
            }
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = limits(&cancel, max_nodes, timeout, limit)?;
        let search = self
            .inner
            .search()
            .task(task)
            .engine(self::engine(engine)?)
            .threads(threads)
            .max_memory(max_memory)
            .preprocess(preprocess)
            .components(components)
            // The memoized count's diagram is not given back here (`Problem.zdd` gives it).
            .keep_zdd(false);
        let found = run_search(py, &cancel, search, &limits, task == Task::Count)?
            .map_err(|e| search_error(py, e))?;
        Found::of(py, &found, &self.inner, task)
    }

    /// The solutions, lazily, as lists of option numbers in the order the search chose them.
    ///
    /// `rows`, if given, numbers the options in the solutions instead of their places: option
    /// `o` is written `rows[o]` (the rows of a matrix some of which were left out).
    #[pyo3(signature = (engine="auto", limit=None, max_nodes=None, timeout=None, rows=None))]
    fn solutions(
        &self,
        py: Python<'_>,
        engine: &str,
        limit: Option<u64>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        rows: Option<Vec<u32>>,
    ) -> PyResult<Solutions> {
        if rows
            .as_ref()
            .is_some_and(|rows| rows.len() != self.inner.num_options())
        {
            return Err(PyValueError::new_err(format!(
                "rows must name each of the {} options",
                self.inner.num_options()
            )));
        }
        let problem = Arc::clone(&self.inner);
        start_solutions(py, problem, engine, limit, max_nodes, timeout, rows)
    }

    /// The `k` cheapest solutions (Knuth's `dlx5`): the figures, and a list of
    /// `(cost, options)`, cheapest first.
    #[pyo3(signature = (k, bound=None, threads=None, ordered=false, max_nodes=None, timeout=None))]
    #[allow(clippy::too_many_arguments)]
    fn best(
        &self,
        py: Python<'_>,
        k: usize,
        bound: Option<u64>,
        threads: Option<usize>,
        ordered: bool,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<(Found, Vec<Costed>)> {
        let cancel = Arc::new(AtomicBool::new(false));
        let task = Task::Cheapest { k };
        let search = self
            .inner
            .search()
            .task(task)
            .threads(threads)
            .ordered(ordered)
            .bound(bound);
        let limits = limits(&cancel, max_nodes, timeout, None)?;
        let found =
            run_search(py, &cancel, search, &limits, false)?.map_err(|e| search_error(py, e))?;
        let best = found
            .cheapest
            .as_ref()
            .expect("the cheapest were asked for");
        let list = best
            .solutions
            .iter()
            .map(|s| (s.cost, s.options.iter().map(|o| o.as_u32()).collect()))
            .collect();
        Ok((Found::of(py, &found, &self.inner, task)?, list))
    }

    /// The memoized search's ZDD of every solution (Knuth's `dlx6`), with its figures; `None`
    /// for the ZDD when a limit stopped the search.
    #[pyo3(signature = (max_nodes=None, timeout=None, max_memory=None))]
    fn zdd(
        &self,
        py: Python<'_>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        max_memory: Option<u64>,
    ) -> PyResult<(Found, Option<ZddObject>)> {
        let cancel = Arc::new(AtomicBool::new(false));
        let search = self
            .inner
            .search()
            .task(Task::Memo)
            .threads(1)
            .max_memory(max_memory);
        let limits = limits(&cancel, max_nodes, timeout, None)?;
        let found =
            run_search(py, &cancel, search, &limits, false)?.map_err(|e| search_error(py, e))?;
        let figures = Found::of(py, &found, &self.inner, Task::Memo)?;
        let zdd = found
            .memo
            .and_then(|m| m.into_zdd())
            .map(|z| ZddObject { inner: Arc::new(z) });
        Ok((figures, zdd))
    }

    /// Knuth's preprocessor (`dlx-pre`): the reduced problem, the option of this problem each
    /// of its options came from, and the options and items removed and the rounds.
    fn preprocess(&self, py: Python<'_>) -> PyResult<(RawProblem, Vec<u32>, usize, usize, usize)> {
        let reduced = self.inner.preprocess().map_err(|e| bad_input(py, e))?;
        let origins = (0..reduced.problem().num_options() as u32)
            .map(|o| reduced.origin(OptionId::new(o)).as_u32())
            .collect();
        let (o, i, r) = (
            reduced.options_removed(),
            reduced.items_removed(),
            reduced.rounds(),
        );
        Ok((
            RawProblem {
                inner: Arc::new(reduced.problem().clone()),
            },
            origins,
            o,
            i,
            r,
        ))
    }

    /// Knuth's estimate of the size of the search tree, in nodes (the mean of 64 random walks
    /// from the root: unbiased, with a heavy tail).
    #[pyo3(signature = (engine="auto"))]
    fn estimate(&self, py: Python<'_>, engine: &str) -> PyResult<f64> {
        let search = self
            .inner
            .search()
            .task(Task::Count)
            .engine(self::engine(engine)?);
        search.estimate_nodes().map_err(|e| search_error(py, e))
    }

    /// Cuts the count into at least `k` jobs, a line each (as `dlx xc --split K` prints them).
    #[pyo3(signature = (k, engine="auto"))]
    fn split(&self, py: Python<'_>, k: usize, engine: &str) -> PyResult<Vec<String>> {
        let search = self
            .inner
            .search()
            .task(Task::Count)
            .engine(self::engine(engine)?);
        let lines = search.split(k).map_err(|e| search_error(py, e))?;
        Ok(lines.iter().map(ToString::to_string).collect())
    }

    /// Counts one job of a split: its summary as JSON (as `dlx xc --count --format json --job
    /// LINE` prints it), for `merge`.
    #[pyo3(signature = (line, engine="auto", threads=None, max_nodes=None, timeout=None))]
    fn run_job(
        &self,
        py: Python<'_>,
        line: &str,
        engine: &str,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        let job: dlx::split::JobLine = line
            .parse()
            .map_err(|e: dlx::split::JobLineError| bad_input(py, e))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let search = self
            .inner
            .search()
            .task(Task::Count)
            .engine(self::engine(engine)?)
            .threads(threads)
            .job_line(&job)
            .map_err(|e| search_error(py, e))?;
        let limits = limits(&cancel, max_nodes, timeout, None)?;
        let found =
            run_search(py, &cancel, search, &limits, true)?.map_err(|e| search_error(py, e))?;
        let report = found.report();
        let summary = report::Summary::new(&report.outcome)
            .profile(Some(report.stats.profile()))
            .job(Some(line.to_string()));
        serde_json::to_string(&summary).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// Adds up the summaries of the jobs of a split (as `dlx merge` does): the record of the
/// whole search as JSON; a missing, repeated, foreign or stopped job is an error.
#[pyfunction]
fn merge(py: Python<'_>, lines: Vec<String>) -> PyResult<String> {
    let mut merge = report::Merge::new();
    for line in &lines {
        merge.add_line(line).map_err(|e| bad_input(py, e))?;
    }
    let merged = merge.finish().map_err(|e| bad_input(py, e))?;
    // The memoized count's jobs (`dlx xc --count --memo --job`): their count may pass 64 bits.
    if let Some(record) = merged.memo_record() {
        return Ok(record);
    }
    serde_json::to_string(&merged.record()).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One thread's search of a problem that an iterator pulls solutions from: the solver, and
/// the problem it borrows.
mod pull {
    use super::{Arc, Problem};
    type Solver<'p> = dlx::Solver<'p>;
    self_cell::self_cell!(
        pub(crate) struct Pull {
            owner: Arc<Problem>,
            #[covariant]
            dependent: Solver,
        }
    );
}
use pull::Pull;

/// A walk of a ZDD's solutions, and the ZDD it borrows.
mod walk {
    use super::{Arc, Zdd};
    type Walk<'z> = dlx::zdd::ZddSolutions<'z>;
    self_cell::self_cell!(
        pub(crate) struct ZddWalk {
            owner: Arc<Zdd>,
            #[covariant]
            dependent: Walk,
        }
    );
}
use walk::ZddWalk;

/// The solutions of a problem (or of a ZDD), one at a time, from a search that runs only while
/// the loop asks for more; dropping it drops the search.
#[pyclass(module = "dlx_engine._dlx")]
pub struct Solutions {
    state: Mutex<State>,
}

/// Where an iterator's solutions come from.
enum State {
    /// A search, pulled a batch at a time.
    Pulling(Pulled),
    /// A ZDD's solutions, walked one at a time (each is a way down the diagram: a few steps).
    Walking(ZddWalk),
    Done,
}

/// A search an iterator pulls from.
struct Pulled {
    /// Solutions found and not yet taken.
    kept: VecDeque<Vec<u32>>,
    /// The search; `None` once it has ended.
    search: Option<Pull>,
    /// How it ended: the name of the limit that stopped it, if one did.
    end: Option<String>,
    /// The solutions the next batch takes.
    batch: usize,
    /// Ctrl-C while it runs.
    watch: Arc<Watch>,
    /// The number each option is written as, where it is not its place.
    rows: Option<Vec<u32>>,
}

/// Runs `solver` until it has added `batch` solutions to `kept` (or one at least, and
/// [`BATCH_TIME`] has passed), or it ends.
fn pull(
    solver: &mut dlx::Solver<'_>,
    kept: &mut VecDeque<Vec<u32>>,
    batch: usize,
    rows: Option<&[u32]>,
) -> dlx::Outcome {
    let start = Instant::now();
    solver.search(|solution| {
        let options = solution.options().map(|o| o.as_u32());
        kept.push_back(match rows {
            Some(rows) => options.map(|o| rows[o as usize]).collect(),
            None => options.collect(),
        });
        let full = kept.len() >= batch || (kept.len() % 16 == 0 && start.elapsed() >= BATCH_TIME);
        if full {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// The end of an iterator's search: nothing more (`None`: the iteration ends without an
/// exception made), or the error of a search a limit stopped.
fn ended(py: Python<'_>, reason: Option<String>) -> PyResult<Option<Vec<u32>>> {
    match reason {
        Some(reason) if reason != "limit" => Err(raise(
            py,
            "SearchStopped",
            (
                format!("the search was stopped by {reason} before its end"),
                reason,
            ),
        )),
        _ => Ok(None),
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<u32>>> {
        // Another thread in this iterator's search waits for the GIL this one holds: say so
        // rather than wait for it (as a generator that is already running does).
        let mut state = match self.state.try_lock() {
            Ok(state) => state,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err(
                    "these solutions are being searched by another thread",
                ))
            }
        };
        let pulled = match &mut *state {
            State::Done => return Ok(None),
            State::Walking(walk) => {
                let next = walk.with_dependent_mut(|_, walk| walk.next());
                if next.is_none() {
                    *state = State::Done;
                }
                return Ok(next.map(|s| s.into_iter().map(|o| o - 1).collect()));
            }
            State::Pulling(pulled) => pulled,
        };
        loop {
            if let Some(options) = pulled.kept.pop_front() {
                return Ok(Some(options));
            }
            let Some(search) = pulled.search.as_mut() else {
                let end = pulled.end.take();
                *state = State::Done;
                return ended(py, end);
            };
            let (kept, batch, rows) = (&mut pulled.kept, pulled.batch, pulled.rows.as_deref());
            let outcome = py
                .detach(|| search.with_dependent_mut(|_, solver| pull(solver, kept, batch, rows)));
            if let Err(e) = pulled.watch.raised() {
                *state = State::Done;
                return Err(e);
            }
            match outcome.stopped {
                // The batch is full: the search goes on at the next.
                Some(dlx::StopReason::Visitor) => pulled.batch = (batch * 2).min(MOST_BATCH),
                stopped => {
                    pulled.search = None;
                    pulled.end = stopped.map(|r| r.name().to_string());
                }
            }
        }
    }
}

/// A ZDD of every solution (the memoized search's product).
#[pyclass(frozen, name = "Zdd", module = "dlx_engine._dlx")]
pub struct ZddObject {
    inner: Arc<Zdd>,
}

#[pymethods]
impl ZddObject {
    /// The number of solutions, exact.
    fn count(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_int(py, &self.inner.count())
    }

    /// The number of solutions of each size (options in a solution): a dict.
    fn count_by_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (size, count) in self.inner.count_by_size().iter().enumerate() {
            if !count.is_zero() {
                dict.set_item(size, to_int(py, count)?)?;
            }
        }
        Ok(dict)
    }

    /// Its nodes.
    #[getter]
    fn num_nodes(&self) -> usize {
        self.inner.num_nodes()
    }

    /// `n` solutions drawn uniformly at random (the same for the same `seed`).
    #[pyo3(signature = (n, seed=0))]
    fn sample(&self, n: usize, seed: u64) -> Vec<Vec<u32>> {
        self.inner
            .sampler(seed)
            .take(n)
            .map(|s| s.into_iter().map(|o| o - 1).collect())
            .collect()
    }

    /// Every solution, lazily, in the order of the search, each as option numbers.
    fn __iter__(&self) -> Solutions {
        let walk = ZddWalk::new(Arc::clone(&self.inner), |zdd| zdd.solutions());
        Solutions {
            state: Mutex::new(State::Walking(walk)),
        }
    }

    /// The first `n` solutions (every one if `None`) in the order of the search, each as
    /// option numbers.
    #[pyo3(signature = (n=None))]
    fn solutions(&self, n: Option<usize>) -> Vec<Vec<u32>> {
        self.inner
            .solutions()
            .take(n.unwrap_or(usize::MAX))
            .map(|s| s.into_iter().map(|o| o - 1).collect())
            .collect()
    }

    /// The ZDD in the text format of Knuth's `dlx6` and `zddread`.
    fn to_text(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.inner
            .write(&mut out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

/// xcover's `covers_bool` on a boolean incidence matrix of `rows` x `cols`, its bytes row by
/// row (one byte an entry, nonzero for a node, as numpy's `tobytes()` gives a boolean array):
/// every column a primary item named by its number; the engine's iterator of the exact covers,
/// each a list of row numbers. Rows without a node are left out of the problem and numbered back
/// in by the iterator. One call from Python for the building and the search's start (a small
/// matrix's whole listing is a few microseconds).
#[pyfunction]
fn covers_bool(py: Python<'_>, rows: usize, cols: usize, bytes: &[u8]) -> PyResult<Solutions> {
    let (problem, kept) = matrix_problem(py, rows, cols, bytes)?;
    start_solutions(py, Arc::new(problem), "auto", None, None, None, kept)
}

/// The exact cover of a boolean incidence matrix of `rows` x `cols` (see `covers_bool`): the
/// problem, and the row of each option kept where rows without a node were left out (`None`
/// where every row was kept).
fn matrix_problem(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    bytes: &[u8],
) -> PyResult<(Problem, Option<Vec<u32>>)> {
    if rows.checked_mul(cols) != Some(bytes.len()) {
        return Err(bad_input(
            py,
            format!("{} bytes for a matrix of {rows} x {cols}", bytes.len()),
        ));
    }
    let fail = |e: dlx::BuildError| bad_input(py, e);
    let mut b = ProblemBuilder::new();
    b.reserve_items(cols);
    b.reserve_options(rows, bytes.iter().filter(|&&v| v != 0).count());
    // The columns' numbers as their names (no string made per item).
    let mut name = itoa::Buffer::new();
    for c in 0..cols {
        b.primary(name.format(c)).map_err(fail)?;
    }
    let mut kept = Vec::with_capacity(rows);
    let mut items: Vec<dlx::ItemId> = Vec::new();
    if cols > 0 {
        for (r, row) in bytes.chunks_exact(cols).enumerate() {
            // Eight entries at a time, the nonzero ones found as bits (`xc550` from Python: this
            // function 362,000 instructions a byte at a time, 296,000 so, of 16 million a count).
            items.clear();
            let mut eights = row.chunks_exact(8);
            for (k, eight) in eights.by_ref().enumerate() {
                const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
                let word = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                // The top bit of each byte that is not 0.
                let mut nonzero = (((word & LOW7) + LOW7) | word) & !LOW7;
                while nonzero != 0 {
                    let c = 8 * k + nonzero.trailing_zeros() as usize / 8;
                    items.push(dlx::ItemId::new(c as u32));
                    nonzero &= nonzero - 1;
                }
            }
            let rest = row.len() - eights.remainder().len();
            for (c, &v) in eights.remainder().iter().enumerate() {
                if v != 0 {
                    items.push(dlx::ItemId::new((rest + c) as u32));
                }
            }
            if !items.is_empty() {
                b.option(items.iter().copied()).map_err(fail)?;
                kept.push(r as u32);
            }
        }
    }
    let kept = (kept.len() < rows).then_some(kept);
    Ok((b.build().map_err(fail)?, kept))
}

/// The iterator of `problem`'s solutions by `engine` within the limits (see
/// `RawProblem.solutions`); `rows`, one per option, numbers them.
fn start_solutions(
    py: Python<'_>,
    problem: Arc<Problem>,
    engine: &str,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    rows: Option<Vec<u32>>,
) -> PyResult<Solutions> {
    let engine = self::engine(engine)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let watch = Watch::new();
    let limits = watch.limits(&limits(&cancel, max_nodes, timeout, limit)?);
    let search = Pull::try_new(problem, |problem| {
        problem.search().engine(engine).limits(limits).solver()
    })
    .map_err(|e| search_error(py, e))?;
    Ok(Solutions {
        state: Mutex::new(State::Pulling(Pulled {
            kept: VecDeque::new(),
            search: Some(search),
            end: None,
            batch: 1,
            watch,
            rows,
        })),
    })
}

/// Sudoku records, as `dlx sudoku --format json` writes them (one JSON object a line, the
/// summary last), of the puzzles in `text` (any layout the library reads), on `jobs` workers
/// (0: every core), in input order.
#[pyfunction]
#[pyo3(signature = (text, task="solve", limit=None, jobs=0, max_nodes=None, timeout=None, solver="auto", name="<input>", explain=false))]
#[allow(clippy::too_many_arguments)]
fn sudoku_records(
    py: Python<'_>,
    text: String,
    task: &str,
    limit: Option<u64>,
    jobs: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    solver: &str,
    name: &str,
    explain: bool,
) -> PyResult<Vec<String>> {
    use sudoku::batch::Task as Do;
    let task = match task {
        "solve" => Do::Solve,
        "count" => Do::Count(limit.unwrap_or(u64::MAX)),
        "unique" => Do::Unique,
        "all" => Do::All(limit.unwrap_or(u64::MAX)),
        "rate" => Do::Rate { explain },
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown task `{other}` (solve, count, unique, all or rate)"
            )))
        }
    };
    let strategy: sudoku::Strategy = solver
        .parse()
        .map_err(|e: sudoku::UnknownName| PyValueError::new_err(e.to_string()))?;
    let timeout = match timeout {
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be 0 or more, not {t}"
            )))
        }
        None => None,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = sudoku::print::Job::new(task);
    job.settings = job
        .settings
        .max_nodes(max_nodes)
        .timeout(timeout)
        .strategy(strategy)
        .cancel(Some(Arc::clone(&cancel)));
    job.format = Some(sudoku::print::Format::Json);
    job.threads = jobs;
    let input = sudoku::print::Input::text(name, text);
    let (out, summary, ended) = interruptible(py, &cancel, move || {
        let mut out = Vec::new();
        let mut writer = sudoku::print::Writer::new(&mut out);
        let ended = job.run(
            sudoku::print::Inputs::Puzzles(vec![input]),
            &mut writer,
            |_, _| {},
        );
        let summary = writer.summary.clone();
        drop(writer);
        (out, summary, ended.map_err(|e| e.error.to_string()))
    })?;
    if let Err(why) = ended {
        return Err(bad_input(py, format!("{name}: {why}")));
    }
    let mut lines: Vec<String> = String::from_utf8_lossy(&out)
        .lines()
        .map(str::to_string)
        .collect();
    lines.push(serde_json::to_string(&summary).map_err(|e| PyValueError::new_err(e.to_string()))?);
    Ok(lines)
}

/// Makes `n` puzzles with one solution each, minimal unless `clues` stops them early, as `dlx
/// sudoku generate --format json` writes them (a JSON object a line).
#[pyfunction]
#[pyo3(signature = (n=1, size=9, symmetry="none", difficulty=None, seed=0, jobs=0, clues=None, max_nodes=1_000_000))]
#[allow(clippy::too_many_arguments)]
fn sudoku_generate(
    py: Python<'_>,
    n: u64,
    size: usize,
    symmetry: &str,
    difficulty: Option<&str>,
    seed: u64,
    jobs: usize,
    clues: Option<usize>,
    max_nodes: u64,
) -> PyResult<Vec<String>> {
    let shape = sudoku::Shape::new(size).map_err(|e| bad_input(py, e))?;
    let rules =
        sudoku::Sudoku::new(shape, sudoku::Variant::default()).map_err(|e| bad_input(py, e))?;
    let symmetry: sudoku::Symmetry = symmetry
        .parse()
        .map_err(|e: sudoku::UnknownName| PyValueError::new_err(e.to_string()))?;
    let grade: Option<sudoku::Grade> = match difficulty {
        Some(d) => Some(
            d.parse()
                .map_err(|e: sudoku::UnknownName| PyValueError::new_err(e.to_string()))?,
        ),
        None => None,
    };
    let settings = sudoku::GenerateSettings::default()
        .symmetry(symmetry)
        .clues(clues)
        .max_nodes(max_nodes)
        .rate(true)
        .grade(grade);
    let cancel = Arc::new(AtomicBool::new(false));
    let pipeline = sudoku::pipeline::Pipeline::new()
        .threads(jobs)
        .stop_flag(Arc::clone(&cancel));
    let lines = interruptible(py, &cancel, move || {
        let mut lines = Vec::new();
        let symbols = sudoku::Symbols::default();
        sudoku::generate_all(&rules, &settings, seed, n, pipeline, &mut |(
            index,
            made,
        )| {
            let done = sudoku::print::write_generated(
                index,
                &made,
                sudoku::print::Format::Json,
                symbols,
                &rules,
            );
            lines.push(String::from_utf8_lossy(&done.out).trim_end().to_string());
            ControlFlow::Continue(())
        });
        lines
    })?;
    Ok(lines)
}

/// The engines a search can name, `auto` first.
#[pyfunction]
fn engines() -> Vec<&'static str> {
    Engine::ALL.iter().map(|e| e.name()).collect()
}

#[pymodule]
fn _dlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RawProblem>()?;
    m.add_class::<Found>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<ZddObject>()?;
    m.add_function(wrap_pyfunction!(covers_bool, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_records, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(engines, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
