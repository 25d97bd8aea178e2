//! The parallel search and the split search against the one-thread search: the same figures
//! (solutions, nodes, updates, cleansings, the profile), the same solutions, the same order when
//! asked; limits that keep their meaning; and a tally that refuses what does not add up.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use crate::common;

use common::{build_bounded, build_colored, BoundedSpec, ColoredSpec};
#[cfg(feature = "parallel")]
use dlx::split::ForeignJob;
use dlx::split::{Job, JobLine, Tally, TallyError};
use dlx::{Engine, ItemId, Limits, Move, OptionId, Parallel, Problem, ProblemBuilder, StopReason};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances")
}

fn load(path: PathBuf) -> Problem {
    dlx::text::parse_bytes(&std::fs::read(path).unwrap())
        .unwrap()
        .problem
}

pub(crate) type Figures = (u64, u64, u64, u64, Vec<u64>);

pub(crate) fn one_thread(problem: &Problem, engine: Engine) -> (Figures, Vec<Vec<OptionId>>) {
    let mut solver = problem.solver_with(engine).unwrap();
    let mut order = Vec::new();
    let out = solver.search(|s| {
        order.push(s.options().collect());
        ControlFlow::Continue(())
    });
    assert!(out.is_complete());
    let s = solver.stats();
    (
        (
            s.solutions,
            s.nodes,
            s.updates,
            s.cleansings,
            s.profile().to_vec(),
        ),
        order,
    )
}

fn figures(report: &dlx::Report) -> Figures {
    let s = &report.stats;
    assert_eq!(
        (s.solutions, s.nodes, s.updates, s.cleansings),
        (
            report.outcome.solutions,
            report.outcome.nodes,
            report.outcome.updates,
            report.outcome.cleansings
        )
    );
    (
        s.solutions,
        s.nodes,
        s.updates,
        s.cleansings,
        s.profile().to_vec(),
    )
}

/// Counting, visiting and visiting in order on `threads` threads, looking for idle threads
/// every `poll` nodes, give the one-thread figures and solutions; the ordered visit gives them
/// in the one-thread order. Returns the jobs the count ran.
pub(crate) fn agrees(
    problem: &Problem,
    engine: Engine,
    threads: usize,
    poll: u64,
) -> Result<u64, TestCaseError> {
    let (want, order) = one_thread(problem, engine);
    let par = Parallel::new(problem).threads(threads).poll_every(poll);
    let par = par.with_engine(engine).unwrap();
    let count = par.count();
    prop_assert!(count.outcome.is_complete());
    prop_assert_eq!(&figures(&count), &want, "count, {} threads", threads);
    // On two threads, begun alone on this thread: handed to the threads mid-tree (after 37
    // nodes), or never (one job).
    for grace in [37, u64::MAX].into_iter().filter(|_| threads == 2) {
        let alone = par.clone().here_first(grace).count();
        prop_assert_eq!(
            &figures(&alone),
            &want,
            "here first {}, {} threads",
            grace,
            threads
        );
        if grace == u64::MAX {
            prop_assert_eq!(alone.jobs, 1);
        }
    }

    let found = Mutex::new(Vec::new());
    let visited = par.search(|s| {
        found.lock().unwrap().push(s.options().collect::<Vec<_>>());
        ControlFlow::Continue(())
    });
    prop_assert_eq!(&figures(&visited), &want, "search, {} threads", threads);
    let mut found = found.into_inner().unwrap();
    let mut sorted = order.clone();
    found.sort();
    sorted.sort();
    // Each solution once, with its options in the order the one-thread search chose them.
    prop_assert_eq!(&found, &sorted);

    let mut in_order = Vec::new();
    let ordered = par.search_ordered(|s| {
        in_order.push(s.options().to_vec());
        ControlFlow::Continue(())
    });
    prop_assert_eq!(&figures(&ordered), &want, "ordered, {} threads", threads);
    prop_assert_eq!(&in_order, &order);

    // search_each: the same, one visit at a time, in order or as found.
    for ordered in [true, false] {
        let mut each = Vec::new();
        let report = par.search_each(ordered, |options| {
            each.push(options.to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(&figures(&report), &want, "each, {} threads", threads);
        if !ordered {
            each.sort();
        }
        prop_assert_eq!(&each, if ordered { &order } else { &sorted });
    }
    Ok(count.jobs)
}

/// A random problem, bigger than the oracle tests' (the parallel search needs a tree to share).
fn plain_spec() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (2usize..=9, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        let option = proptest::collection::btree_set(0..n, 1..=3).prop_filter_map(
            "needs a primary item",
            move |set| {
                let v: Vec<usize> = set.into_iter().collect();
                (v[0] < primary).then_some(v)
            },
        );
        (
            Just(primary),
            Just(secondary),
            proptest::collection::vec(option, 1..=40),
        )
    })
}

fn build_plain(spec: &(usize, usize, Vec<Vec<usize>>)) -> Problem {
    let (primary, secondary, options) = spec;
    let mut b = ProblemBuilder::new();
    common::declare(&mut b, *primary, *secondary);
    for o in options {
        b.option(o.iter().map(|&i| ItemId::new(i as u32))).unwrap();
    }
    b.build().unwrap()
}

fn colored_spec() -> impl Strategy<Value = ColoredSpec> {
    (2usize..=6, 1usize..=3).prop_flat_map(|(p, s)| {
        let n = p + s;
        let option = proptest::collection::btree_map(0..n, 0u32..=2, 1..=4)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (Just(p), Just(s), proptest::collection::vec(option, 1..=30))
    })
}

/// A random problem with bounds on its primary items (and colors), with a tree to share.
fn bounded_spec() -> impl Strategy<Value = BoundedSpec> {
    let bound = (0u32..=2, 1u32..=3).prop_map(|(a, b)| (a.min(b), b));
    (proptest::collection::vec(bound, 2..=5), 0usize..=2).prop_flat_map(|(bounds, s)| {
        let n = bounds.len() + s;
        let option = proptest::collection::btree_map(0..n, 0u32..=2, 1..=3)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (
            Just(bounds),
            Just(s),
            proptest::collection::vec(option, 1..=25),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On 1, 2, 3 and 8 threads, looking for idle threads at every node (so subtrees are given
    /// away as often as can be), the figures, solutions and order are the one-thread search's.
    #[test]
    fn parallel_equals_one_thread(spec in plain_spec()) {
        let problem = build_plain(&spec);
        for threads in [1, 2, 3, 8] {
            agrees(&problem, Engine::Auto, threads, 1)?;
        }
    }

    #[test]
    fn parallel_equals_one_thread_with_colors(spec in colored_spec()) {
        if let Some(problem) = build_colored(&spec) {
            for threads in [1, 2, 3, 8] {
                agrees(&problem, Engine::Auto, threads, 1)?;
            }
        }
    }

    /// With bounds (`dlx3`'s search: a level's moves are options tweaked out once tried, and
    /// the null move), a busy thread gives away the moves after its current one.
    #[test]
    fn parallel_equals_one_thread_with_bounds(spec in bounded_spec()) {
        if let Some(problem) = build_bounded(&spec) {
            for threads in [1, 2, 3, 8] {
                agrees(&problem, Engine::Auto, threads, 1)?;
            }
        }
    }

    /// Split into k jobs, run in a shuffled order (each on 2 threads), the jobs add up to the
    /// one-thread figures, through their lines written and read back.
    #[test]
    fn split_jobs_add_up(spec in plain_spec(), k in 1usize..40, seed in any::<u64>()) {
        let problem = build_plain(&spec);
        let (want, _) = one_thread(&problem, Engine::Auto);
        split_adds_up(&problem, Engine::Auto, k, seed, &want)?;
    }

    #[test]
    fn split_jobs_add_up_with_colors(spec in colored_spec(), k in 1usize..40, seed in any::<u64>()) {
        if let Some(problem) = build_colored(&spec) {
            let (want, _) = one_thread(&problem, Engine::Auto);
            split_adds_up(&problem, Engine::Auto, k, seed, &want)?;
        }
    }

    #[test]
    fn split_jobs_add_up_with_bounds(spec in bounded_spec(), k in 1usize..40, seed in any::<u64>()) {
        if let Some(problem) = build_bounded(&spec) {
            let (want, _) = one_thread(&problem, Engine::Auto);
            split_adds_up(&problem, Engine::Auto, k, seed, &want)?;
        }
    }
}

pub(crate) fn split_adds_up(
    problem: &Problem,
    engine: Engine,
    k: usize,
    seed: u64,
    want: &Figures,
) -> Result<(), TestCaseError> {
    let par = Parallel::new(problem).threads(2).poll_every(1);
    let par = par.with_engine(engine).unwrap();
    let jobs = par.split(k).unwrap();
    let mut lines: Vec<String> = par.job_lines(jobs).iter().map(JobLine::to_string).collect();
    // A cheap shuffle, different per case.
    let mut x = seed | 1;
    for i in (1..lines.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        lines.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut tally = Tally::new();
    for line in &lines {
        let parsed: JobLine = line.parse().unwrap();
        prop_assert_eq!(&parsed.to_string(), line);
        let report = par.count_job(&parsed.job).unwrap();
        prop_assert!(report.outcome.is_complete());
        tally.add(&parsed, &report.stats, None).unwrap();
    }
    let s = tally.finish().unwrap();
    prop_assert_eq!(
        &(
            s.solutions,
            s.nodes,
            s.updates,
            s.cleansings,
            s.profile().to_vec()
        ),
        want
    );
    Ok(())
}

/// Knuth's instances (plain, colored and bounded) on 2 or 3 threads, every other file each:
/// his figures, and the profile. Left out, the two largest: the 6x10 pentominoes (1.2 billion
/// updates; `dlx check` counts them in CI) and the double queens on 8x8 (12 million nodes, more
/// than half of this test's time), whose 7x7 file stays: the same bounded problem, its tree
/// shared out among the threads too (18 jobs on three).
#[test]
fn knuth_instances_on_several_threads() {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in [data(), data().join("xcc")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "dlx") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut checked = 0;
    for path in files {
        let problem = load(path.clone());
        if path.ends_with("pentomino_6x10.dlx") || path.ends_with("double_queens_8x8_2.dlx") {
            continue;
        }
        let (want, _) = one_thread(&problem, Engine::Auto);
        let par = Parallel::new(&problem)
            .threads(2 + checked % 2)
            .poll_every(256);
        assert_eq!(figures(&par.count()), want, "{}", path.display());
        if checked % 4 == 0 {
            // One instance in four begun alone on this thread, then handed over.
            let alone = par.here_first(1000).count();
            assert_eq!(figures(&alone), want, "here first, {}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 39, "{checked}");
}

/// A big enough tree is shared out: many jobs run, and the figures are still exact.
// Busy threads giving work away: there are none without the `parallel` feature.
#[cfg(feature = "parallel")]
#[test]
fn subtrees_are_given_away() {
    let problem = load(data().join("queens12.dlx"));
    let report = Parallel::new(&problem).threads(4).poll_every(64).count();
    assert_eq!(
        (
            report.outcome.solutions,
            report.outcome.nodes,
            report.outcome.updates
        ),
        (14200, 211716, 3594752)
    );
    assert!(report.jobs > 4, "{} jobs", report.jobs);
    assert_eq!(report.threads, 4);
}

/// All 2n-item perfect matchings: (2n-1)!! solutions.
fn pairs(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    for k in 0..n {
        b.primary(format!("i{k}")).unwrap();
    }
    for i in 0..n as u32 {
        for j in i + 1..n as u32 {
            b.option([ItemId::new(i), ItemId::new(j)]).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn a_solution_limit_reports_exactly_that_many() {
    let problem = pairs(12); // 10395 solutions
    for limit in [1, 2, 7, 100, 5000, 10395, 20000] {
        for threads in [2, 5] {
            let seen = Mutex::new(BTreeSet::new());
            let par = Parallel::new(&problem)
                .threads(threads)
                .poll_every(1)
                .with_limits(Limits::none().solutions(limit));
            let report = par.search(|s| {
                assert!(seen.lock().unwrap().insert(s.options().collect::<Vec<_>>()));
                ControlFlow::Continue(())
            });
            let n = seen.into_inner().unwrap().len() as u64;
            assert_eq!(n, limit.min(10395), "{limit} on {threads}");
            assert_eq!(report.outcome.solutions, n);
            assert_eq!(report.outcome.is_complete(), limit > 10395, "{limit}");
            if limit <= 10395 {
                assert_eq!(report.outcome.stopped, Some(StopReason::SolutionLimit));
            }
            let count = par.count();
            assert_eq!(count.outcome.solutions, limit.min(10395));
            for grace in [10, 3000] {
                let alone = par.clone().here_first(grace).count();
                assert_eq!(
                    alone.outcome.solutions,
                    limit.min(10395),
                    "{limit}, {grace}"
                );
                assert_eq!(
                    alone.outcome.is_complete(),
                    limit > 10395,
                    "{limit}, {grace}"
                );
            }
            // In order: the first `limit` of the one-thread order.
            let mut first = Vec::new();
            let ordered = par.search_ordered(|s| {
                first.push(s.options().to_vec());
                ControlFlow::Continue(())
            });
            let mut solver = problem
                .solver()
                .with_limits(Limits::none().solutions(limit));
            let want: Vec<Vec<OptionId>> =
                solver.solutions().map(|s| s.options().to_vec()).collect();
            assert_eq!(first, want);
            assert_eq!(ordered.outcome.solutions, want.len() as u64);
        }
    }
}

#[test]
fn a_node_limit_is_shared_and_never_exceeded() {
    let problem = pairs(14);
    for (max, grace) in [1, 1000, 50_000, 123_457]
        .into_iter()
        .flat_map(|max| [(max, 0), (max, 500), (max, 40_000)])
    {
        let report = Parallel::new(&problem)
            .threads(3)
            .poll_every(16)
            .here_first(grace)
            .with_limits(Limits::none().nodes(max))
            .count();
        assert!(
            report.outcome.nodes <= max,
            "{} > {max}",
            report.outcome.nodes
        );
        assert_eq!(report.outcome.stopped, Some(StopReason::NodeLimit));
        assert_eq!(
            report.stats.profile().iter().sum::<u64>(),
            report.outcome.nodes
        );
    }
}

#[test]
fn cancel_and_deadline_stop_every_thread() {
    let problem = pairs(16); // 2 027 025 solutions: seconds of work
    let flag = Arc::new(AtomicBool::new(false));
    let stopper = Arc::clone(&flag);
    let start = std::time::Instant::now();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(30));
        stopper.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let report = Parallel::new(&problem)
        .threads(3)
        .with_limits(Limits::none().cancel(flag))
        .count();
    t.join().unwrap();
    assert_eq!(report.outcome.stopped, Some(StopReason::Cancelled));
    assert!(report.outcome.solutions < 2_027_025);
    assert!(start.elapsed().as_secs() < 5);

    let report = Parallel::new(&problem)
        .threads(3)
        .with_limits(
            Limits::none()
                .deadline(std::time::Instant::now() + std::time::Duration::from_millis(20)),
        )
        .count();
    assert_eq!(report.outcome.stopped, Some(StopReason::Deadline));
}

/// A count begun alone on the calling thread: one that ends within its grace is one job; one
/// that does not is shared out from where it stood, with the one-thread figures.
#[cfg(feature = "parallel")]
#[test]
fn a_count_begun_alone_goes_on_on_the_threads() {
    let problem = load(data().join("queens12.dlx"));
    let (want, _) = one_thread(&problem, Engine::Auto);
    let par = Parallel::new(&problem).threads(4).poll_every(64);
    let alone = par.clone().here_first(1 << 40).count();
    assert_eq!((figures(&alone), alone.jobs), (want.clone(), 1));
    let shared = par.here_first(20_000).count();
    assert_eq!(figures(&shared), want);
    assert!(shared.jobs > 4, "{} jobs", shared.jobs);
}

/// While the threads count a search begun alone, the calling thread asks the limits' clock:
/// a clock that answers on its own thread only (as a look for Ctrl-C does) stops them all.
#[cfg(feature = "parallel")]
#[test]
fn the_clock_is_asked_on_the_calling_thread() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let problem = pairs(16); // 2 027 025 solutions: seconds of work
    let caller = std::thread::current().id();
    let start = std::time::Instant::now();
    let asked_here = Arc::new(AtomicU64::new(0));
    let asked = Arc::clone(&asked_here);
    // The deadline falls 20 ms after a thread of the pool first asks (so the search has been
    // shared out, however slow the machine: under emulation 50 ms from the start came before
    // the split), or at 3 s, when the assertion on the jobs says what went wrong.
    let shared_at = Arc::new(std::sync::OnceLock::<std::time::Instant>::new());
    let shared = Arc::clone(&shared_at);
    let clock: dlx::Clock = Arc::new(move || {
        if std::thread::current().id() != caller {
            shared.get_or_init(std::time::Instant::now);
            return false;
        }
        asked.fetch_add(1, Ordering::Relaxed);
        let late = |since: std::time::Instant, ms| since.elapsed().as_millis() > ms;
        shared.get().is_some_and(|&at| late(at, 20)) || late(start, 3_000)
    });
    let report = Parallel::new(&problem)
        .threads(3)
        .here_first(10_000)
        .with_limits(Limits::none().until(Some(clock)))
        .count();
    assert_eq!(report.outcome.stopped, Some(StopReason::Deadline));
    assert!(report.outcome.solutions < 2_027_025);
    assert!(report.jobs > 1, "{} jobs", report.jobs);
    assert!(
        shared_at.get().is_some(),
        "no thread of the pool asked the clock"
    );
    assert!(asked_here.load(Ordering::Relaxed) >= 2);
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn a_visitor_that_breaks_stops_every_thread() {
    let problem = pairs(14);
    let report = Parallel::new(&problem)
        .threads(3)
        .search(|_| ControlFlow::Break(()));
    assert_eq!(report.outcome.stopped, Some(StopReason::Visitor));
    assert!(report.outcome.solutions <= 3);
}

#[test]
fn selections_are_kept_in_every_job() {
    let problem = pairs(10);
    let mut par = Parallel::new(&problem).threads(3).poll_every(1);
    par.select(OptionId::new(0)).unwrap(); // i0 i1
    let mut solver = problem.solver();
    solver.select(OptionId::new(0)).unwrap();
    let want = solver.count();
    let report = par.count();
    assert_eq!(report.outcome, want);
    assert_eq!(want.solutions, 105);
    let all_have_it = AtomicBool::new(true);
    par.search(|s| {
        if s.options().next() != Some(OptionId::new(0)) {
            all_have_it.store(false, std::sync::atomic::Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    });
    assert!(all_have_it.into_inner());
    // A second option clashing with the first is refused.
    assert!(par.select(OptionId::new(1)).is_err());
}

/// A bounded problem with a big tree is shared out too (double queens: two queens in every
/// row and column of a 7x7 board, at most two on a diagonal; Knuth's `dlx3` figures), and its
/// split jobs, null moves among their prefixes, add up.
// Busy threads giving work away: there are none without the `parallel` feature.
#[cfg(feature = "parallel")]
#[test]
fn bounded_subtrees_are_given_away_and_split() {
    let problem = load(data().join("xcc/double_queens_7x7_2.dlx"));
    let knuth = (19448, 466219, 3728466, 0);
    let report = Parallel::new(&problem).threads(4).poll_every(64).count();
    let o = report.outcome;
    assert_eq!((o.solutions, o.nodes, o.updates, o.cleansings), knuth);
    assert!(report.jobs > 4, "{} jobs", report.jobs);
    assert_eq!(report.threads, 4);

    let par = Parallel::new(&problem).threads(1);
    let jobs = par.split(200).unwrap();
    assert!(jobs.len() >= 200);
    assert!(
        jobs.iter().any(|j| j.prefix.contains(&Move::Null)),
        "no null move in a prefix"
    );
    let s = run_lines(&par, jobs);
    assert_eq!((s.solutions, s.nodes, s.updates, s.cleansings), knuth);
}

/// Dancing cells with bounds (Knuth's `ssmcc`, and his weighted and failure-rate branching)
/// are shared out too: their binary tree's second branches given away to idle threads, and
/// split jobs whose prefixes leave options out (`-N` in a job line); every way finds the
/// 19,448 solutions of the 7x7 double queens.
// Busy threads giving work away: there are none without the `parallel` feature.
#[cfg(feature = "parallel")]
#[test]
fn bounded_dancing_cells_are_given_away_and_split() {
    let problem = load(data().join("xcc/double_queens_7x7_2.dlx"));
    for engine in [Engine::Cells, Engine::Weighted, Engine::FailRate] {
        let par = Parallel::new(&problem).with_engine(engine).unwrap();
        let report = par.clone().threads(3).poll_every(64).count();
        assert_eq!(report.outcome.solutions, 19448, "{engine}");
        assert!(report.outcome.is_complete());
        assert!(report.jobs > 3, "{engine}: {} jobs", report.jobs);
        assert_eq!(report.threads, 3);

        let jobs = par.split(40).unwrap();
        assert!(jobs.len() >= 40, "{engine}: {} jobs", jobs.len());
        // Its lines carry the engine: another engine's search refuses them.
        let lines = par.job_lines(jobs.clone());
        assert_eq!(par.check_line(&lines[0]), Ok(()));
        let links = Parallel::new(&problem);
        assert_eq!(links.check_line(&lines[0]), Err(ForeignJob::Engine(engine)));
        assert_ne!(links.fingerprint(), par.fingerprint());
        assert_eq!(links.fingerprint(), problem.fingerprint());
        assert!(
            jobs.iter()
                .any(|j| j.prefix.iter().any(|m| matches!(m, Move::Skip(_)))),
            "{engine}: no option left out in a prefix"
        );
        let sum = run_lines(&par, jobs);
        assert_eq!(sum.solutions, 19448, "{engine}: the jobs' solutions");
        // Each job counts its own nodes: their sum is a whole tree's (not one thread's,
        // whose sets are in another order), so near the one-thread count.
        let one = problem.solver_with(engine).unwrap().count();
        let ratio = sum.nodes as f64 / one.nodes as f64;
        assert!(
            (0.5..2.0).contains(&ratio),
            "{engine}: {} against {}",
            sum.nodes,
            one.nodes
        );
    }
    // A job that leaves out an option no longer open is refused, and `-N` reads back.
    let par = Parallel::new(&problem)
        .with_engine(Engine::FailRate)
        .unwrap();
    let o = OptionId::new(0);
    let twice = Job::new(vec![Move::Option(o), Move::Skip(o)], 0);
    assert!(matches!(
        par.count_job(&twice),
        Err(dlx::split::JobError::NotAChoice {
            level: 1,
            mv: Move::Skip(_),
            ..
        })
    ));
    let line: JobLine = "0000000000000007:1/1:1:3,-4,5".parse().unwrap();
    let skip = Move::Skip(OptionId::new(4));
    assert_eq!(line.job.prefix[1], skip);
    assert_eq!(line.to_string(), "0000000000000007:1/1:1:3,-4,5");
    assert!("0000000000000007:1/1:0:3,-,5".parse::<JobLine>().is_err());
}

/// Runs each of `jobs` from its line (written and read back the same) to completion, and adds
/// up their figures.
#[cfg(feature = "parallel")]
fn run_lines(par: &Parallel<'_>, jobs: Vec<Job>) -> dlx::Stats {
    let mut tally = Tally::new();
    for line in par.job_lines(jobs) {
        let back: JobLine = line.to_string().parse().unwrap();
        assert_eq!(back, line);
        assert_eq!(par.check_line(&back), Ok(()));
        let report = par.count_job(&back.job).unwrap();
        assert!(report.outcome.is_complete());
        tally.add(&back, &report.stats, None).unwrap();
    }
    tally.finish().unwrap().clone()
}

/// An engine that takes no selected options says so for the first one, rather than
/// searching without it (or failing): weighted dancing cells take none.
#[test]
fn an_engine_refuses_options_selected_before() {
    let problem = pairs(4);
    let mut par = Parallel::new(&problem);
    let given = OptionId::new(0);
    par.select(given).unwrap();
    let refused = par.clone().with_engine(Engine::Weighted).err();
    assert_eq!(refused, Some(dlx::EngineError::Selected { option: given }));
    let mut weighted = problem.solver_with(Engine::FailRate).unwrap();
    assert_eq!(weighted.select(given), Err(dlx::SelectError::Engine));
    let cells = par.with_engine(Engine::Cells).unwrap();
    let whole = problem.solver().count().solutions;
    assert!(cells.count().outcome.solutions < whole);
}

/// A null move is no choice in a problem without bounds, and a bounded problem's jobs are
/// checked as strictly as others.
#[test]
fn null_moves_belong_to_bounded_problems() {
    let plain = pairs(4);
    let job = Job::new(vec![Move::Null], 0);
    let refused = Parallel::new(&plain).count_job(&job);
    assert!(matches!(
        refused,
        Err(dlx::split::JobError::NotAChoice {
            level: 0,
            mv: Move::Null,
            ..
        })
    ));
    assert!(refused
        .unwrap_err()
        .to_string()
        .starts_with("the null move of the prefix is not a choice at level 0"));
    let bounded = load(data().join("xcc/mult107.dlx"));
    let jobs = Parallel::new(&bounded).split(8).unwrap();
    let mut wrong = jobs[0].clone();
    wrong.prefix.push(Move::Option(OptionId::new(u32::MAX)));
    assert!(Parallel::new(&bounded).count_job(&wrong).is_err());
    let line: JobLine = "0000000000000007:1/1:0:3,n,5".parse().unwrap();
    let o = |n| Move::Option(OptionId::new(n));
    assert_eq!(line.job.prefix, [o(3), Move::Null, o(5)]);
    assert_eq!(line.to_string(), "0000000000000007:1/1:0:3,n,5");
}

fn line(fp: u64, index: usize, total: usize) -> JobLine {
    JobLine {
        fingerprint: fp,
        index,
        total,
        job: Job::root(),
    }
}

#[test]
fn the_tally_refuses_what_does_not_add_up() {
    let s = dlx::Stats::from_figures(1, 10, 100, 0, vec![1, 9]);
    let mut t = Tally::new();
    assert_eq!(t.finish().unwrap_err(), TallyError::Empty);
    t.add(&line(7, 1, 3), &s, None).unwrap();
    assert!(matches!(
        t.add(&line(7, 1, 3), &s, None),
        Err(TallyError::Twice { index: 1, total: 3 })
    ));
    assert!(matches!(
        t.add(&line(8, 2, 3), &s, None),
        Err(TallyError::Foreign { .. })
    ));
    assert!(matches!(
        t.add(&line(7, 2, 4), &s, None),
        Err(TallyError::Foreign { .. })
    ));
    let stopped = t.add(&line(7, 2, 3), &s, Some(StopReason::Deadline));
    assert!(matches!(
        stopped,
        Err(TallyError::Stopped {
            index: 2,
            reason: StopReason::Deadline,
            ..
        })
    ));
    assert_eq!(
        stopped.unwrap_err().to_string(),
        "job 2 of 3 was stopped by the deadline: run it again without limits"
    );
    assert_eq!(
        t.finish().unwrap_err(),
        TallyError::Missing {
            missing: vec![2, 3],
            count: 2,
            total: 3
        }
    );
    t.add(&line(7, 3, 3), &s, None).unwrap();
    t.add(&line(7, 2, 3), &s, None).unwrap();
    let total = t.finish().unwrap();
    assert_eq!(
        (total.solutions, total.nodes, total.profile()),
        (3, 30, &[3, 27][..])
    );
    assert_eq!(t.job_nodes(), [10, 10, 10]);
}

/// A line may claim any number of jobs: the tally keeps only what was added, names the first
/// missing ones, and refuses totals past 64 bits rather than wrapping them.
#[test]
fn the_tally_is_bounded_by_what_it_was_given() {
    let s = dlx::Stats::from_figures(1, 10, 100, 0, vec![1, 9]);
    let huge = usize::MAX / 2;
    let mut t = Tally::new();
    t.add(&line(7, 2, huge), &s, None).unwrap();
    t.add(&line(7, 5, huge), &s, None).unwrap();
    let TallyError::Missing {
        missing,
        count,
        total,
    } = t.finish().unwrap_err()
    else {
        panic!("jobs are missing")
    };
    assert_eq!((count, total), (huge - 2, huge));
    assert_eq!(
        missing,
        [1, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
    );
    assert!(t
        .finish()
        .unwrap_err()
        .to_string()
        .ends_with(&format!("22, and {} more", huge - 22)));

    let big = dlx::Stats::from_figures(u64::MAX, 10, 100, 0, vec![1]);
    let mut t = Tally::new();
    t.add(&line(7, 1, 3), &big, None).unwrap();
    assert_eq!(
        t.add(&line(7, 2, 3), &s, None),
        Err(TallyError::Overflow { index: 2, total: 3 })
    );
    // The refused job left the totals as they were: it can be added again once fixed.
    t.add(
        &line(7, 2, 3),
        &dlx::Stats::from_figures(0, 1, 1, 0, vec![1]),
        None,
    )
    .unwrap();
    let deep = dlx::Stats::from_figures(0, 1, 1, 0, vec![0, 0, u64::MAX]);
    t.add(&line(7, 3, 3), &deep, None).unwrap();
    let total = t.finish().unwrap();
    assert_eq!(total.solutions, u64::MAX);
    assert_eq!(total.profile(), [2, 0, u64::MAX]);
}

#[test]
fn job_lines_are_checked() {
    let problem = load(data().join("queens8.dlx"));
    let par = Parallel::new(&problem);
    let jobs = par.split(20).unwrap();
    assert!(jobs.len() >= 20);
    for bad in [
        "",
        "xyz",
        "0123456789abcdef:0/3:0:-",
        "0123456789abcdef:4/3:0:-",
        "0123456789abcdeg:1/3:0:-",
        "0123456789abcdef:1/3:2:5",
        "0123456789abcdef:1/3:0:5,,6",
        "0123456789abcdef:1/3:0:5:6",
    ] {
        assert!(bad.parse::<JobLine>().is_err(), "{bad:?}");
    }
    // A prefix that is not a path of the tree is refused, naming the level.
    let mut wrong = jobs[3].clone();
    wrong.prefix.insert(0, Move::Option(OptionId::new(0)));
    assert!(par.count_job(&wrong).is_err());
    let past = Job::new(vec![Move::Option(OptionId::new(u32::MAX))], 0);
    assert!(matches!(
        par.count_job(&past),
        Err(dlx::split::JobError::UnknownOption { level: 0, .. })
    ));
    // The fingerprint tells problems apart and is stable for the same text.
    let again = load(data().join("queens8.dlx"));
    assert_eq!(problem.fingerprint(), again.fingerprint());
    assert_ne!(
        problem.fingerprint(),
        load(data().join("queens10.dlx")).fingerprint()
    );
}

/// Knuth's estimate of the tree's size: exact where every level has one choice, and of the
/// right size on queens (the estimate is unbiased; 64 walks land near the mean here).
#[test]
fn knuths_estimate_of_the_tree() {
    let chain = dlx::text::parse("a b c\na\nb\nc\n").unwrap().problem;
    let nodes = chain.count().nodes as f64;
    assert_eq!(Parallel::new(&chain).estimate_nodes().unwrap(), nodes);
    let queens = load(data().join("queens10.dlx"));
    let whole = queens.count().nodes as f64;
    let estimate = queens.search().estimate_nodes().unwrap();
    assert!(
        estimate > whole / 4.0 && estimate < whole * 4.0,
        "{estimate} for {whole}"
    );
    // The same problem, the same estimate.
    assert_eq!(queens.search().estimate_nodes().unwrap(), estimate);
}
