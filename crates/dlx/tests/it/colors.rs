//! Color controls (Knuth's `dlx2`): the figures his program printed, a brute-force oracle over
//! random colored problems, the text format with colors, and what the API reports.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common;

use dlx::{ColorId, ItemId, OptionId, Problem, ProblemBuilder};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn xcc() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances/xcc")
}

/// Checks every file `figures.tsv` attributes to `program` (`dlx2` or `dlx3`): the solutions,
/// nodes, updates and cleansings it printed, a complete search, and a profile that adds up.
/// Returns how many files, and `class` must hold for each problem (has colors, has bounds).
fn knuth_figures(program: &str, class: fn(&Problem) -> bool) -> usize {
    let figures = std::fs::read_to_string(xcc().join("figures.tsv")).unwrap();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for line in figures
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        if f[5] != program {
            continue;
        }
        let want: (u64, u64, u64, u64) = (
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
            f[4].parse().unwrap(),
        );
        let text = std::fs::read(xcc().join(f[0])).unwrap();
        let problem = dlx::text::parse_bytes(&text).unwrap().problem;
        assert!(
            class(&problem),
            "{}: not of the class {program} solves",
            f[0]
        );
        let mut solver = problem.solver();
        let out = solver.count();
        assert!(out.is_complete());
        let got = (out.solutions, out.nodes, out.updates, out.cleansings);
        if got != want {
            wrong.push(format!("{}: got {got:?}, {program} {want:?}", f[0]));
        }
        assert_eq!(solver.stats().profile().iter().sum::<u64>(), out.nodes);
        checked += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    checked
}

/// Every colored instance gives exactly the solutions, nodes, updates and cleansings that
/// Knuth's dlx2 printed.
#[test]
fn dlx2_figures_for_every_colored_instance() {
    assert_eq!(knuth_figures("dlx2", Problem::has_colors), 12);
}

/// Knuth's example: one solution, `A C X:1 Y:1` and `B X:1`, written as the input has them.
#[test]
fn knuth_dlx2_example_solution_lines() {
    let text = std::fs::read_to_string(xcc().join("knuth_example_dlx2.dlx")).unwrap();
    let parsed = dlx::text::parse(&text).unwrap();
    assert_eq!(parsed.warnings.len(), 1, "X:0 Y:1 has no primary item");
    let problem = parsed.problem;
    let mut solver = problem.solver();
    let all: Vec<_> = solver.solutions().collect();
    assert_eq!(all.len(), 1);
    let mut out = Vec::new();
    dlx::text::write_solution(&problem, all[0].options(), &mut out).unwrap();
    let mut lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
    lines.sort_unstable();
    assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
    let out = solver.outcome();
    assert_eq!((out.nodes, out.updates, out.cleansings), (4, 14, 5));
}

use common::{build_colored as build, BoundedSpec, ColoredSpec as Spec};

/// Written in Knuth's format and read back, the problem is written the same (colors and bounds
/// included) and has `want` solutions.
fn round_trips(problem: &Problem, want: usize) -> Result<(), TestCaseError> {
    let mut text = Vec::new();
    dlx::text::write_problem(problem, &mut text).unwrap();
    let back = dlx::text::parse_bytes(&text).unwrap().problem;
    let mut again = Vec::new();
    dlx::text::write_problem(&back, &mut again).unwrap();
    prop_assert_eq!(&text, &again);
    prop_assert_eq!(back.count().solutions, want as u64);
    Ok(())
}

fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=4, 1usize..=3).prop_flat_map(|(p, s)| {
        let n = p + s;
        let entry = (0..n, 0u32..=2);
        let option = proptest::collection::vec(entry, 1..=4).prop_map(|mut v| {
            // An item once per option.
            let mut seen = BTreeSet::new();
            v.retain(|&(i, _)| seen.insert(i));
            v
        });
        (Just(p), Just(s), proptest::collection::vec(option, 1..=10))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The colored search finds exactly the solutions the rules allow, each once; a reset
    /// solver searches the same tree again.
    #[test]
    fn colored_search_matches_brute_force(spec in spec()) {
        let Some(problem) = build(&spec) else { return Ok(()); };
        let want = common::oracle(&problem);
        let mut solver = problem.solver();
        let got: Vec<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
        let unique: BTreeSet<_> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), unique.len(), "a solution found twice");
        prop_assert_eq!(&unique, &want);
        let first = solver.outcome();
        solver.reset();
        let again = solver.count();
        prop_assert_eq!(
            (first.solutions, first.nodes, first.updates, first.cleansings),
            (again.solutions, again.nodes, again.updates, again.cleansings)
        );
        round_trips(&problem, want.len())?;
    }

    /// Selecting an option of a solution before the search leaves exactly the solutions that
    /// contain it.
    #[test]
    fn select_keeps_the_solutions_with_the_option(spec in spec(), pick in any::<prop::sample::Index>()) {
        let Some(problem) = build(&spec) else { return Ok(()); };
        if problem.num_options() == 0 {
            return Ok(());
        }
        let want = common::oracle(&problem);
        let option = OptionId::new(pick.index(problem.num_options()) as u32);
        let mut solver = problem.solver();
        match solver.select(option) {
            Ok(()) => {
                let got: BTreeSet<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
                let with: BTreeSet<Vec<OptionId>> = want.into_iter().filter(|s| s.contains(&option)).collect();
                prop_assert_eq!(got, with);
            }
            Err(e) => prop_assert!(false, "a first select cannot clash: {}", e),
        }
        solver.reset();
        prop_assert_eq!(solver.count().solutions, problem.count().solutions);
    }

    /// Two selections: refused exactly when no set of options obeying the rules holds both
    /// (a solution or not: the check looks at the covers so far); else the solutions are those
    /// that hold both.
    #[test]
    fn a_second_select_clashes_only_when_the_rules_say_so(
        spec in spec(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
    ) {
        let Some(problem) = build(&spec) else { return Ok(()); };
        let n = problem.num_options();
        if n < 2 {
            return Ok(());
        }
        let (a, b) = (OptionId::new(a.index(n) as u32), OptionId::new(b.index(n) as u32));
        if a == b {
            return Ok(());
        }
        // Whether the two options may stand together: no primary item shared, and each shared
        // secondary item colored alike in both.
        let compatible = problem.option_entries(a).all(|(i, c)| {
            problem.option_entries(b).all(|(j, d)| {
                i != j || (!problem.is_primary(i) && c.is_some() && c == d)
            })
        });
        let mut solver = problem.solver();
        solver.select(a).unwrap();
        match solver.select(b) {
            Ok(()) => {
                prop_assert!(compatible, "{:?} and {:?} were both selected", a, b);
                let got: BTreeSet<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
                let want: BTreeSet<Vec<OptionId>> = common::oracle(&problem)
                    .into_iter()
                    .filter(|s| s.contains(&a) && s.contains(&b))
                    .collect();
                prop_assert_eq!(got, want);
            }
            Err(dlx::SelectError::Conflict { with, .. }) => {
                prop_assert!(!compatible, "{:?} and {:?} were refused", a, b);
                prop_assert_eq!(with, a);
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
        solver.reset();
        prop_assert_eq!(solver.count().solutions, problem.count().solutions);
    }
}

/// Colors and the errors of the text format.
#[test]
fn text_format_colors_and_their_errors() {
    let p = dlx::text::parse("A B | X Y\nA X:red Y\nB X:red\nB Y:7\n")
        .unwrap()
        .problem;
    assert!(p.has_colors());
    assert_eq!(p.num_colors(), 2);
    assert_eq!(p.count().solutions, 1);
    let entries: Vec<_> = p.option_entries(OptionId::new(0)).collect();
    assert_eq!(entries[1], (ItemId::new(2), Some(ColorId::new(0))));
    assert_eq!(p.color_name(ColorId::new(0)), "red");
    let err = |text: &str| dlx::text::parse(text).unwrap_err();
    let e = err("A | X\nA:1 X\n");
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(
        e.kind.to_string(),
        "`A:1`: a color on primary item `A`; only secondary items (after `|` on the item line) take colors"
    );
    let e = err("A | X\nA X:\n");
    assert_eq!(
        (e.line, e.column, e.kind.to_string()),
        (2, 4, "`X:`: expected a color after `:`".into())
    );
    let e = err("A | X\nA X:a|b\n");
    assert_eq!((e.line, e.column), (2, 6));
    assert!(e
        .kind
        .to_string()
        .starts_with("unexpected character '|' in a color"));
    let e = err("A | X\nA Z:1\n");
    assert!(
        e.kind.to_string().starts_with("unknown item `Z`"),
        "{}",
        e.kind
    );
    let e = err("A | 2:3|C\nA\n");
    assert_eq!(
        (e.line, e.column, e.kind.to_string()),
        (
            1,
            5,
            "`2:3|C`: bounds on a secondary item; only primary items (before `|`) take bounds"
                .into()
        )
    );
    let e = err("A 3:2|C\nA\n");
    assert_eq!(
        e.kind.to_string(),
        "`3:2|C`: the lower bound 3 exceeds the upper bound 2"
    );
    let e = err("A 0|C\nA\n");
    assert_eq!(
        e.kind.to_string(),
        "`0|C`: the upper bound must be at least 1"
    );
    let e = err("A :|C\nA\n");
    assert_eq!(
        e.kind.to_string(),
        "`:|C`: expected bounds `a:b|name` or `b|name`, a and b whole numbers"
    );
    let e = err("A 99999999999|C\nA\n");
    assert!(e
        .kind
        .to_string()
        .starts_with("`99999999999|C`: expected bounds"));
    let e = err("A X:1\nA\n");
    assert!(
        e.kind.to_string().contains("a color belongs in an option"),
        "{}",
        e.kind
    );
    let long = "c".repeat(40);
    let e = err(&format!("A | X\nA X:{long}\n"));
    assert!(e
        .kind
        .to_string()
        .contains("is 40 characters long; colors have 1 to 32"));
}

/// A colored problem's solution reports the colors its options set.
#[test]
fn solutions_report_colors() {
    let p = dlx::text::parse("A B | X\nA X:0\nB X:0\nA X\n")
        .unwrap()
        .problem;
    let s = p.first().unwrap();
    let colors: Vec<(ItemId, Option<ColorId>)> = s
        .options()
        .iter()
        .flat_map(|&o| p.option_entries(o))
        .filter(|(i, _)| !p.is_primary(*i))
        .collect();
    assert_eq!(
        colors,
        [
            (ItemId::new(2), Some(ColorId::new(0))),
            (ItemId::new(2), Some(ColorId::new(0)))
        ]
    );
    // The solution's colors: each colored item once.
    assert_eq!(s.colors(&p), [(ItemId::new(2), ColorId::new(0))]);
    let mut solver = p.solver();
    solver.search(|r| {
        assert_eq!(r.colors(), [(ItemId::new(2), ColorId::new(0))]);
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(p.count().solutions, 1);
}

/// Every instance with bounds gives exactly the solutions, nodes, updates and cleansings that
/// Knuth's dlx3 printed.
#[test]
fn dlx3_figures_for_every_bounded_instance() {
    assert_eq!(knuth_figures("dlx3", Problem::declares_bounds), 18);
}

fn bounded_spec() -> impl Strategy<Value = BoundedSpec> {
    let bound = (0u32..=2, 1u32..=3).prop_map(|(a, b)| (a.min(b), b));
    (proptest::collection::vec(bound, 1..=3), 0usize..=2).prop_flat_map(|(bounds, s)| {
        let n = bounds.len() + s;
        let entry = (0..n, 0u32..=2);
        let option = proptest::collection::vec(entry, 1..=3).prop_map(|mut v| {
            let mut seen = BTreeSet::new();
            v.retain(|&(i, _)| seen.insert(i));
            v
        });
        (
            Just(bounds),
            Just(s),
            proptest::collection::vec(option, 1..=9),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The search with multiplicities finds exactly the solutions the bounds allow, each once
    /// (a problem whose bounds are all [1, 1] is searched by the plain or colored loop, and
    /// must agree too, and so must the same problem with every item declared with its bounds,
    /// searched by dlx3's rules); stopped anywhere and reset, it searches the same tree again;
    /// written and read back, the problem is the same.
    #[test]
    fn bounded_search_matches_brute_force(spec in bounded_spec(), stop in 0u64..40) {
        for all in [false, true] {
            if let Some(problem) = common::build_declared(&spec, all) {
                bounded_case(&problem, stop)?;
            }
        }
    }
}

fn bounded_case(problem: &Problem, stop: u64) -> Result<(), TestCaseError> {
    {
        let problem = problem.clone();
        let want = common::oracle(&problem);
        let mut solver = problem.solver();
        let got: Vec<Vec<OptionId>> = solver.solutions().map(|s| s.sorted()).collect();
        let unique: BTreeSet<_> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), unique.len(), "a solution found twice");
        prop_assert_eq!(&unique, &want);
        let full = solver.outcome();
        prop_assert!(full.is_complete());
        let mut limited = problem
            .solver()
            .with_limits(dlx::Limits::none().nodes(stop));
        let part = limited.count();
        prop_assert!(part.nodes <= stop);
        limited.reset();
        limited.set_limits(dlx::Limits::none());
        prop_assert_eq!(limited.count(), full);
        round_trips(&problem, want.len())?;
    }
    Ok(())
}

/// The builder refuses bounds no count can meet; selections are refused on bounded problems.
#[test]
fn bounds_in_the_builder() {
    let mut b = ProblemBuilder::new();
    assert!(matches!(
        b.primary_bounded("a", 3, 2),
        Err(dlx::BuildError::BadBounds { lo: 3, hi: 2, .. })
    ));
    assert!(matches!(
        b.primary_bounded("a", 0, 0),
        Err(dlx::BuildError::BadBounds { .. })
    ));
    let a = b.primary_bounded("a", 0, 2).unwrap();
    let x = b.primary("x").unwrap();
    b.option([a, x]).unwrap();
    let p = b.build().unwrap();
    assert!(p.has_bounds());
    assert_eq!(p.item_bounds(a), (0, 2));
    assert_eq!(p.item_bounds(x), (1, 1));
    assert_eq!(p.count().solutions, 1);
    assert_eq!(
        p.solver().select(OptionId::new(0)),
        Err(dlx::SelectError::Bounds)
    );
    // Dancing cells with bounds (`ssmcc`) refuse it the same way.
    let mut cells = p.solver_with(dlx::Engine::Cells).unwrap();
    assert_eq!(
        cells.select(OptionId::new(0)),
        Err(dlx::SelectError::Bounds)
    );
    assert_eq!(cells.count().solutions, 1);
}
