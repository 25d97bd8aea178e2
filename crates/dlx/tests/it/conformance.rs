//! The conformance suite: what every search engine must do, on small random problems of every
//! class (plain, with colors, with bounds on items), checked against the brute-force oracle of
//! `common` and against the engine's own one-thread search:
//!
//! - the solutions are exactly the oracle's, each once, whatever the order of the options;
//! - a node limit is never exceeded, and a stopped search resumes to the whole search's
//!   figures; a solution limit stops at that many; a cancel flag set before the search stops
//!   it with nothing counted;
//! - on several threads (sharing work at every node), counting, visiting and visiting in order
//!   give the one-thread figures, profile, solutions and order;
//! - split into jobs, written as lines, run in any order and tallied, the figures add up to the
//!   whole search's.
//!
//! Every engine that takes the class runs through it, by name ([`Engine`]). Dancing cells
//! (`Engine::Cells`) leave each item's options in an order that depends on the subtrees searched
//! before, so a thread or a job given a subtree searches it in another order: for that engine
//! the threads and the jobs must find the same solutions, each once, and the ordered search
//! (which it runs on one thread) the one-thread order; their nodes may differ. With bounds
//! (`ssmcc`, which branches in two) it keeps to one thread and one job.
//!
//! A new engine runs through it by adding its name to [`engines`].

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::common::{build_bounded, build_declared, oracle, BoundedSpec};
use crate::parallel::{agrees, one_thread, split_adds_up};
use dlx::{Engine, Limits, OptionId, Parallel, Problem, Solver, StopReason};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The classes of problem, each run by its engine: plain exact cover (`dlx1`), colors
/// (`dlx2`), bounds on items (`dlx3`).
#[derive(Debug, Clone, Copy)]
enum Class {
    Plain,
    Colored,
    Bounded,
}

const CLASSES: [Class; 3] = [Class::Plain, Class::Colored, Class::Bounded];

/// A random problem of `class`, small enough for the oracle (at most 12 options).
fn spec(class: Class) -> impl Strategy<Value = BoundedSpec> {
    let bound = match class {
        Class::Bounded => (0u32..=2, 1u32..=3)
            .prop_map(|(a, b)| (a.min(b), b))
            .boxed(),
        _ => Just((1u32, 1u32)).boxed(),
    };
    let colors = match class {
        Class::Plain => 0u32..=0,
        _ => 0u32..=2,
    };
    (proptest::collection::vec(bound, 1..=5), 0usize..=2).prop_flat_map(move |(bounds, s)| {
        let n = bounds.len() + s;
        let option = proptest::collection::btree_map(0..n, colors.clone(), 1..=3)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (
            Just(bounds),
            Just(s),
            proptest::collection::vec(option, 1..=12),
        )
    })
}

fn any_spec() -> impl Strategy<Value = (Class, BoundedSpec)> {
    proptest::sample::select(CLASSES.to_vec()).prop_flat_map(|c| (Just(c), spec(c)))
}

/// The problem with its options in reverse order.
fn reversed(spec: &BoundedSpec) -> BoundedSpec {
    let (bounds, s, options) = spec;
    (bounds.clone(), *s, options.iter().rev().cloned().collect())
}

/// The engines that take `problem`: every engine there is ([`Engine::each`]; a new engine is in
/// the suite the moment it is in `Engine::ALL`).
fn engines(problem: &Problem) -> Vec<Engine> {
    Engine::each()
        .filter(|e| e.resolve(problem).is_ok())
        .collect()
}

/// Everything the suite asks of `engine` on `problem`.
fn conforms(
    problem: &Problem,
    spec: &BoundedSpec,
    stop: u64,
    engine: Engine,
) -> Result<(), TestCaseError> {
    fn with(p: &Problem, engine: Engine) -> Solver<'_> {
        p.solver_with(engine).unwrap()
    }
    let make = |p| with(p, engine);
    // The oracle's solutions, each once.
    let want = oracle(problem);
    let mut solver = make(problem);
    let got: Vec<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
    let unique: BTreeSet<_> = got.iter().cloned().collect();
    prop_assert_eq!(got.len(), unique.len(), "a solution found twice");
    prop_assert_eq!(&unique, &want);
    let full = solver.outcome();
    prop_assert!(full.is_complete());
    prop_assert_eq!(solver.stats().profile().iter().sum::<u64>(), full.nodes);

    // The same solutions with the options in reverse order (option k is option n-1-k there).
    if let Some(back) = build_declared(&reversed(spec), problem.declares_bounds()) {
        let n = problem.num_options() as u32;
        let mut mapped: BTreeSet<Vec<OptionId>> = BTreeSet::new();
        for s in with(&back, engine).solutions() {
            let mut v: Vec<OptionId> = s
                .options()
                .iter()
                .map(|o| OptionId::new(n - 1 - o.as_u32()))
                .collect();
            v.sort();
            mapped.insert(v);
        }
        prop_assert_eq!(&mapped, &want, "options reversed");
    }

    // A node limit holds, and the stopped search resumes to the same totals.
    let mut limited = make(problem).with_limits(Limits::none().nodes(stop));
    let part = limited.count();
    prop_assert!(part.nodes <= stop);
    prop_assert_eq!(
        part.is_complete(),
        full.nodes <= stop,
        "complete within {} nodes",
        stop
    );
    limited.set_limits(Limits::none());
    prop_assert_eq!(limited.count(), full, "resumed after {} nodes", stop);

    // A solution limit stops at that many.
    let m = stop % 4;
    let counted = make(problem).count_up_to(m);
    prop_assert_eq!(counted.solutions, m.min(full.solutions));
    prop_assert_eq!(counted.is_complete(), full.solutions < m, "limit {}", m);

    // A cancel flag set before the search stops it at once.
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = make(problem)
        .with_limits(Limits::none().cancel(flag))
        .count();
    prop_assert_eq!(
        (cancelled.stopped, cancelled.nodes),
        (Some(StopReason::Cancelled), 0)
    );

    if !engine.info().same_figures_on_threads {
        return cells_share(problem, &want, full.solutions, stop, engine);
    }

    // Every thread count gives the one-thread figures, solutions and order.
    for threads in [2, 3] {
        agrees(problem, engine, threads, 1)?;
    }

    // Split into jobs, they add up.
    let (figures, _) = one_thread(problem, engine);
    split_adds_up(problem, engine, 1 + (stop as usize % 7), stop, &figures)?;
    Ok(())
}

/// Dancing cells (`engine`) on threads and in jobs: the same solutions, each once; the ordered
/// search in the one-thread order.
fn cells_share(
    problem: &Problem,
    want: &BTreeSet<Vec<OptionId>>,
    count: u64,
    stop: u64,
    engine: Engine,
) -> Result<(), TestCaseError> {
    let mut one = problem.solver_with(engine).unwrap();
    let order: Vec<Vec<OptionId>> = one.solutions().map(|s| s.options().to_vec()).collect();
    for threads in [2, 3] {
        let par = Parallel::new(problem)
            .threads(threads)
            .poll_every(1)
            .with_engine(engine)
            .unwrap();
        let counted = par.count();
        prop_assert!(counted.outcome.is_complete());
        prop_assert_eq!(counted.outcome.solutions, count, "{} threads", threads);
        let found = std::sync::Mutex::new(Vec::new());
        let visited = par.search(|s| {
            let mut options: Vec<OptionId> = s.options().collect();
            options.sort();
            found.lock().unwrap().push(options);
            std::ops::ControlFlow::Continue(())
        });
        prop_assert!(visited.outcome.is_complete());
        let found = found.into_inner().unwrap();
        let unique: BTreeSet<_> = found.iter().cloned().collect();
        prop_assert_eq!(found.len(), unique.len(), "a solution found twice");
        prop_assert_eq!(&unique, want);
        let mut in_order = Vec::new();
        par.search_ordered(|s| {
            in_order.push(s.options().to_vec());
            std::ops::ControlFlow::Continue(())
        });
        prop_assert_eq!(&in_order, &order);
    }
    // Split into jobs, run in turn, the solutions add up.
    let par = Parallel::new(problem).with_engine(engine).unwrap();
    let jobs = par.split(1 + (stop as usize % 7)).unwrap();
    let mut total = 0;
    for job in &jobs {
        let report = par.count_job(job).unwrap();
        prop_assert!(report.outcome.is_complete());
        total += report.outcome.solutions;
    }
    prop_assert_eq!(total, count, "{} jobs", jobs.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Every engine, on problems of its class.
    #[test]
    fn every_engine_conforms((class, spec) in any_spec(), stop in 0u64..60) {
        // A bounded spec is also built with every item declared with its bounds, so that one
        // whose bounds all came out [1, 1] is searched by the rules of bounds too.
        let declared = matches!(class, Class::Bounded).then(|| build_declared(&spec, true));
        for problem in [build_bounded(&spec)].into_iter().chain(declared).flatten() {
            for engine in engines(&problem) {
                conforms(&problem, &spec, stop, engine)?;
            }
        }
    }
}
