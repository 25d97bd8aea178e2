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
//! A new engine runs through it by adding its class to [`CLASSES`] (and, once engines can be
//! asked for by name, its name).

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::common::{build_bounded, oracle, BoundedSpec};
use crate::parallel::{agrees, one_thread, split_adds_up};
use dlx::{Limits, OptionId, Problem, StopReason};
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

/// Everything the suite asks of the engine that runs `problem`.
fn conforms(problem: &Problem, spec: &BoundedSpec, stop: u64) -> Result<(), TestCaseError> {
    // The oracle's solutions, each once.
    let want = oracle(problem);
    let mut solver = problem.solver();
    let got: Vec<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
    let unique: BTreeSet<_> = got.iter().cloned().collect();
    prop_assert_eq!(got.len(), unique.len(), "a solution found twice");
    prop_assert_eq!(&unique, &want);
    let full = solver.outcome();
    prop_assert!(full.is_complete());
    prop_assert_eq!(solver.stats().profile().iter().sum::<u64>(), full.nodes);

    // The same solutions with the options in reverse order (option k is option n-1-k there).
    if let Some(back) = build_bounded(&reversed(spec)) {
        let n = problem.num_options() as u32;
        let mut mapped: BTreeSet<Vec<OptionId>> = BTreeSet::new();
        for s in back.solver().solutions() {
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
    let mut limited = problem.solver().with_limits(Limits::none().nodes(stop));
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
    let counted = problem.count_up_to(m);
    prop_assert_eq!(counted.solutions, m.min(full.solutions));
    prop_assert_eq!(counted.is_complete(), full.solutions < m, "limit {}", m);

    // A cancel flag set before the search stops it at once.
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = problem
        .solver()
        .with_limits(Limits::none().cancel(flag))
        .count();
    prop_assert_eq!(
        (cancelled.stopped, cancelled.nodes),
        (Some(StopReason::Cancelled), 0)
    );

    // Every thread count gives the one-thread figures, solutions and order.
    for threads in [2, 3] {
        agrees(problem, threads, 1)?;
    }

    // Split into jobs, they add up.
    let (figures, _) = one_thread(problem);
    split_adds_up(problem, 1 + (stop as usize % 7), stop, &figures)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Every engine, on problems of its class.
    #[test]
    fn every_engine_conforms((class, spec) in any_spec(), stop in 0u64..60) {
        let Some(problem) = build_bounded(&spec) else { return Ok(()); };
        // The class decides the engine; a bounded spec whose bounds all came out [1, 1] is
        // searched by the links engine, and must conform as well.
        let _ = class;
        conforms(&problem, &spec, stop)?;
    }
}
