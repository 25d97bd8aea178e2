//! The preprocessor (`dlx::pre`, Knuth's `dlx-pre`): what his program wrote for every bundled
//! file it accepts (`pre/figures.tsv`: the options and items removed, the rounds, and a hash of
//! the reduced problem with the origin of each option), his two examples line for line, and on
//! small random problems the same solutions as the original's, mapped back.

use std::path::PathBuf;

use crate::common::{build_colored, ColoredSpec};
use dlx::pre::PreError;
use dlx::{OptionId, Problem, ProblemBuilder};
use proptest::prelude::*;

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances")
}

fn written(problem: &Problem, origins: bool) -> String {
    let mut out = Vec::new();
    let reduced = problem.preprocess().unwrap();
    reduced.write(&mut out, origins).unwrap();
    String::from_utf8(out).unwrap()
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn figures_equal_dlx_pre() {
    let figures = std::fs::read_to_string(instances().join("pre/figures.tsv")).unwrap();
    let mut checked = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let text = std::fs::read(instances().join(f[0])).unwrap();
        let problem = dlx::text::parse_bytes(&text).unwrap().problem;
        let reduced = problem.preprocess().unwrap();
        let got = (
            reduced.options_removed(),
            reduced.items_removed(),
            reduced.rounds(),
        );
        let want: (usize, usize, usize) = (
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        );
        assert_eq!(got, want, "{}: options, items, rounds", f[0]);
        let mut out = Vec::new();
        reduced.write(&mut out, true).unwrap();
        assert_eq!(
            format!("{:016x}", fnv1a64(&out)),
            f[4],
            "{}: the reduced problem",
            f[0]
        );
        checked += 1;
    }
    assert!(
        checked >= 39,
        "pre/figures.tsv lists the files dlx-pre accepts"
    );
}

/// Knuth's two examples, as his program writes them with `v8`.
#[test]
fn knuths_examples() {
    let plain = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let problem = dlx::text::parse(plain).unwrap().problem;
    assert_eq!(
        written(&problem, true),
        " A B E\n A\n| (from 4)\n B\n| (from 5)\n E\n| (from 1)\n"
    );
    let colors = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let problem = dlx::text::parse(colors).unwrap().problem;
    assert_eq!(
        written(&problem, true),
        " A B | X Y\n A X:1 Y:1\n| (from 2)\n B X:1\n| (from 3)\n"
    );
    let reduced = problem.preprocess().unwrap();
    assert_eq!(
        (
            reduced.options_removed(),
            reduced.items_removed(),
            reduced.rounds()
        ),
        (2, 1, 2)
    );
}

#[test]
fn an_item_no_option_can_cover_leaves_it_alone() {
    // C is only with A, which B's only option also needs.
    let problem = dlx::text::parse("A B C\nA C\nA B\n").unwrap().problem;
    let reduced = problem.preprocess().unwrap();
    let item = reduced.infeasible().expect("infeasible");
    assert_eq!(problem.item_name(item), written(&problem, false).trim_end());
    assert_eq!(reduced.options_removed(), 2);
    assert_eq!(reduced.problem().count().solutions, 0);
    // An item in no option at all, at once: no rounds.
    let problem = dlx::text::parse("A B\nA\n").unwrap().problem;
    let reduced = problem.preprocess().unwrap();
    assert_eq!(reduced.rounds(), 0);
    assert_eq!(written(&problem, false), "B\n");
}

#[test]
fn rounds_can_be_limited_and_bounds_are_refused() {
    let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let problem = dlx::text::parse(text).unwrap().problem;
    let one = problem.preprocess_rounds(1).unwrap();
    assert_eq!(one.rounds(), 1);
    assert!(one.options_removed() < 3);
    let none = problem.preprocess_rounds(0).unwrap();
    assert_eq!((none.options_removed(), none.items_removed()), (0, 0));
    assert_eq!(none.problem().num_options(), problem.num_options());
    let mut b = ProblemBuilder::new();
    let a = b.primary_bounded("a", 1, 2).unwrap();
    b.option([a]).unwrap();
    let bounded = b.build().unwrap();
    assert_eq!(bounded.preprocess().unwrap_err(), PreError::Bounds);
}

#[test]
fn costs_stay_with_their_options() {
    let text = std::fs::read_to_string(instances().join("cost/cost_example.dlx")).unwrap();
    let problem = dlx::text::parse(&text).unwrap().problem;
    let reduced = problem.preprocess().unwrap();
    for k in 0..reduced.problem().num_options() {
        let o = OptionId::new(k as u32);
        assert_eq!(
            reduced.problem().option_cost(o),
            problem.option_cost(reduced.origin(o))
        );
    }
    let best = |p: &Problem| p.best(3).unwrap().run().costs();
    assert_eq!(best(reduced.problem()), best(&problem));
}

/// A small problem whose options list their items in any order (the preprocessor looks at an
/// option from its first item), with or without colors.
fn spec() -> impl Strategy<Value = ColoredSpec> {
    (1usize..=6, 0usize..=3, prop::bool::ANY).prop_flat_map(|(p, s, colored)| {
        let colors = if colored { 0u32..=3 } else { 0u32..=0 };
        let option = proptest::collection::btree_map(0..p + s, colors, 1..=4)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>())
            .prop_shuffle();
        (Just(p), Just(s), proptest::collection::vec(option, 1..=16))
    })
}

/// Every solution, each as its options sorted, all sorted.
fn solutions(problem: &Problem, origin: impl Fn(OptionId) -> OptionId) -> Vec<Vec<OptionId>> {
    let mut solver = problem.solver();
    let mut all: Vec<Vec<OptionId>> = solver
        .solutions()
        .map(|s| {
            let mut o: Vec<OptionId> = s.options().iter().map(|&o| origin(o)).collect();
            o.sort();
            o
        })
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The reduced problem's solutions, mapped back, are the original's, each once; and it is
    /// smaller by what it says it removed.
    #[test]
    fn the_reduced_problem_has_the_same_solutions(spec in spec()) {
        let Some(problem) = build_colored(&spec) else { return Ok(()) };
        let reduced = problem.preprocess().unwrap();
        let want = solutions(&problem, |o| o);
        let got = solutions(reduced.problem(), |o| reduced.origin(o));
        prop_assert_eq!(&got, &want);
        if reduced.infeasible().is_none() {
            prop_assert_eq!(
                reduced.problem().num_options() + reduced.options_removed(),
                problem.num_options()
            );
            prop_assert_eq!(
                reduced.problem().num_items() + reduced.items_removed(),
                problem.num_items()
            );
        } else {
            prop_assert!(want.is_empty());
        }
        // What it writes reads back as the reduced problem.
        let mut out = Vec::new();
        reduced.write(&mut out, false).unwrap();
        let read = dlx::text::parse_bytes(&out).unwrap().problem;
        prop_assert_eq!(read.count().solutions, reduced.problem().count().solutions);
    }
}
