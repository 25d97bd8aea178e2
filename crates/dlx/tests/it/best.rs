//! The cheapest solutions (`dlx::best`, Knuth's `dlx5`): the figures `dlx5` printed on the
//! files of `data/instances/cost`, the brute-force oracle's costs on small random problems with
//! colors, the limits, and the refusals.

use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::common::{build_colored, oracle, ColoredSpec};
use dlx::best::BestError;
use dlx::{Limits, OptionId, Problem, ProblemBuilder, StopReason};
use proptest::prelude::*;

fn costs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances/cost")
}

/// Every file and k of `figures.tsv`: the same solutions reached, nodes, updates, cleansings
/// and k best costs as `dlx5`.
#[test]
fn figures_equal_dlx5() {
    let figures = std::fs::read_to_string(costs_dir().join("figures.tsv")).unwrap();
    let mut checked = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let [file, k, solutions, nodes, updates, cleansings, costs, improving] = f[..] else {
            panic!("bad line {line}");
        };
        let text = std::fs::read(costs_dir().join(file)).unwrap();
        let problem = dlx::text::parse_bytes(&text).unwrap().problem;
        // The solutions reached, in dlx5's order: the same costs one after another.
        let mut reached = Vec::new();
        let best = problem.best(k.parse().unwrap()).unwrap().run_with(|s| {
            reached.push(s.cost.to_string());
            ControlFlow::Continue(())
        });
        let reached = if reached.is_empty() {
            "-".to_string()
        } else {
            reached.join(",")
        };
        assert_eq!(
            reached, improving,
            "{file} k={k}: the costs of the solutions reached"
        );
        let s = &best.stats;
        let got = (s.solutions, s.nodes, s.updates, s.cleansings);
        let want = (
            solutions.parse().unwrap(),
            nodes.parse().unwrap(),
            updates.parse().unwrap(),
            cleansings.parse().unwrap(),
        );
        assert_eq!(
            got, want,
            "{file} k={k}: (solutions, nodes, updates, cleansings)"
        );
        let want_costs: Vec<u64> = match costs {
            "-" => Vec::new(),
            list => list.split(',').map(|c| c.parse().unwrap()).collect(),
        };
        assert_eq!(best.costs(), want_costs, "{file} k={k}");
        assert!(best.is_complete());
        // On several threads, sharing the bound: the same costs (other figures).
        for threads in [2, 3] {
            let shared = problem
                .best(k.parse().unwrap())
                .unwrap()
                .threads(threads)
                .run();
            assert_eq!(
                shared.costs(),
                want_costs,
                "{file} k={k} on {threads} threads"
            );
            assert!(shared.is_complete());
            for solution in &shared.solutions {
                assert_eq!(cost_of(&problem, &solution.options), solution.cost);
                assert!(is_solution(&problem, &solution.options), "{file}");
            }
        }
        // Each solution is one, and costs what it says.
        for solution in &best.solutions {
            assert_eq!(
                cost_of(&problem, &solution.options),
                solution.cost,
                "{file}"
            );
            assert!(is_solution(&problem, &solution.options), "{file}");
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} lines");
}

fn cost_of(problem: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| problem.option_cost(o)).sum()
}

/// Whether `options` cover every primary item once and obey the secondary items' colors.
fn is_solution(problem: &Problem, options: &[OptionId]) -> bool {
    let mut sorted = options.to_vec();
    sorted.sort();
    let mut uses = vec![Vec::new(); problem.num_items()];
    for &o in &sorted {
        for (item, color) in problem.option_entries(o) {
            uses[item.index()].push(color);
        }
    }
    problem.items().all(|i| {
        let u = &uses[i.index()];
        if problem.is_primary(i) {
            u.len() == 1
        } else {
            u.len() <= 1 || u.iter().all(|c| c.is_some() && *c == u[0])
        }
    })
}

/// A colored problem of the oracle's size, with a cost on each option.
fn costed_spec() -> impl Strategy<Value = (ColoredSpec, Vec<u64>)> {
    (1usize..=5, 0usize..=2).prop_flat_map(|(p, s)| {
        let option = proptest::collection::btree_map(0..p + s, 0u32..=2, 1..=3)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (
            proptest::collection::vec(option, 1..=12),
            proptest::collection::vec(0u64..=6, 12),
        )
            .prop_map(move |(options, costs)| ((p, s, options), costs))
    })
}

/// The problem of a spec with the costs given to its options in order.
fn build_costed(spec: &ColoredSpec, costs: &[u64]) -> Option<Problem> {
    let plain = build_colored(spec)?;
    let mut b = ProblemBuilder::new();
    for i in plain.items() {
        match plain.is_primary(i) {
            true => b.primary(plain.item_name(i)).unwrap(),
            false => b.secondary(plain.item_name(i)).unwrap(),
        };
    }
    for c in 0..plain.num_colors() {
        b.color(plain.color_name(dlx::ColorId::new(c as u32)))
            .unwrap();
    }
    for (k, &cost) in costs.iter().enumerate().take(plain.num_options()) {
        let id = b
            .option_colored(plain.option_entries(OptionId::new(k as u32)))
            .unwrap();
        b.set_cost(id, cost).unwrap();
    }
    b.build().ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The k best costs are the k least of all solutions' costs (the oracle's), each solution
    /// reported is a solution of the cost it says, and without a bound on k every solution
    /// that is reached improves on those before.
    #[test]
    fn k_best_costs_are_the_oracles((spec, costs) in costed_spec(), k in 1usize..=4) {
        let Some(problem) = build_costed(&spec, &costs) else { return Ok(()) };
        let mut all: Vec<u64> = oracle(&problem).iter().map(|s| cost_of(&problem, s)).collect();
        all.sort();
        let best = problem.best(k).unwrap().run();
        prop_assert!(best.is_complete());
        prop_assert_eq!(best.costs(), all.iter().copied().take(k).collect::<Vec<_>>());
        for solution in &best.solutions {
            prop_assert!(is_solution(&problem, &solution.options));
            prop_assert_eq!(cost_of(&problem, &solution.options), solution.cost);
        }
        // The solutions reached, as the visitor sees them: each beats the k-th best before it.
        let mut seen: Vec<u64> = Vec::new();
        let again = problem.best(k).unwrap().run_with(|s| {
            seen.push(s.cost);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(seen.len() as u64, again.stats.solutions);
        for (n, &c) in seen.iter().enumerate() {
            let mut before = seen[..n].to_vec();
            before.sort();
            if before.len() >= k {
                prop_assert!(c < before[k - 1], "{:?}", seen);
            }
        }
        // On several threads: the same costs, each solution real; ordered, the very same
        // solutions (with a bound too).
        let shared = problem.best(k).unwrap().threads(1 + k % 3).run();
        prop_assert_eq!(shared.costs(), best.costs());
        let one = problem.best(k).unwrap().ordered(true).run();
        prop_assert_eq!(one.costs(), best.costs());
        let ordered = problem.best(k).unwrap().threads(2 + k % 2).ordered(true).run();
        prop_assert_eq!(&ordered.solutions, &one.solutions);
        for solution in &shared.solutions {
            prop_assert!(is_solution(&problem, &solution.options));
        }
        // Split into jobs, each searched alone: the k best of all their solutions are the k
        // best; and a bound keeps only what costs less.
        let search = problem.best(k).unwrap();
        let jobs = search.split(1 + k * 2);
        let mut merged: Vec<u64> = Vec::new();
        for job in &jobs {
            let part = problem.best(k).unwrap().job(job).unwrap().run();
            prop_assert!(part.is_complete());
            let prefix: Vec<OptionId> = job
                .prefix
                .iter()
                .map(|m| match m {
                    dlx::Move::Option(o) => *o,
                    m => panic!("a job of options, not {m}"),
                })
                .collect();
            for solution in &part.solutions {
                prop_assert!(solution.options.starts_with(&prefix));
                prop_assert!(is_solution(&problem, &solution.options));
            }
            merged.extend(part.costs());
        }
        merged.sort_unstable();
        merged.truncate(k);
        prop_assert_eq!(&merged, &best.costs());
        // The same jobs as lines of a split, read back.
        let lines = dlx::split::JobLine::number(&problem, jobs);
        let mut from_lines: Vec<u64> = Vec::new();
        for line in &lines {
            let read: dlx::split::JobLine = line.to_string().parse().unwrap();
            let part = problem.best(k).unwrap().job(&read.job).unwrap().run();
            from_lines.extend(part.costs());
        }
        from_lines.sort_unstable();
        from_lines.truncate(k);
        prop_assert_eq!(&from_lines, &best.costs());
        if let Some(&top) = all.last() {
            let bound = top / 2;
            let below: Vec<u64> = all.iter().copied().filter(|&c| c < bound).take(k).collect();
            let bounded = problem.best(k).unwrap().bound(bound).run();
            prop_assert_eq!(bounded.costs(), below.clone());
            let shared = problem.best(k).unwrap().bound(bound).threads(2).run();
            prop_assert_eq!(shared.costs(), below);
            let one = problem.best(k).unwrap().bound(bound).ordered(true).run();
            prop_assert_eq!(one.costs(), bounded.costs());
            let ordered = problem.best(k).unwrap().bound(bound).threads(2).ordered(true).run();
            prop_assert_eq!(&ordered.solutions, &one.solutions);
        }
        // The node limit stops it visibly, never above the limit.
        if best.stats.nodes > 1 {
            let max = best.stats.nodes / 2;
            let stopped = problem.best(k).unwrap().with_limits(Limits::none().nodes(max)).run();
            prop_assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));
            prop_assert!(stopped.stats.nodes <= max);
        }
    }
}

#[test]
fn a_job_of_options_that_clash_is_refused() {
    let text = "a b c | x\na b\nb c\nc\na x:1\nb x:2\na\nb\n";
    let problem = dlx::text::parse(text).unwrap().problem;
    let o = OptionId::new;
    let best = || problem.best(1).unwrap();
    let job = |options: Vec<OptionId>| {
        dlx::split::Job::new(options.into_iter().map(dlx::Move::Option).collect(), 0)
    };
    assert!(best().job(&job(vec![o(0), o(2)])).is_ok());
    // Options 0 and 1 share b; 3 and 4 give x two colors; 9 is not an option.
    assert_eq!(
        best().job(&job(vec![o(0), o(1)])).unwrap_err(),
        dlx::best::JobError::Conflict { option: 1 }
    );
    assert_eq!(
        best().job(&job(vec![o(3), o(4)])).unwrap_err(),
        dlx::best::JobError::Conflict { option: 4 }
    );
    assert_eq!(
        best().job(&job(vec![o(2), o(2)])).unwrap_err(),
        dlx::best::JobError::Conflict { option: 2 }
    );
    assert!(matches!(
        best().job(&job(vec![o(9)])),
        Err(dlx::best::JobError::UnknownOption { option: 9 })
    ));
    // {a b, c} and {a x:1, b x:2 ...} : the job below `a b` finds `a b` + `c` only.
    let part = best().job(&job(vec![o(0)])).unwrap().run();
    assert_eq!(part.solutions.len(), 1);
    assert_eq!(part.solutions[0].options, [o(0), o(2)]);
}

#[test]
fn refuses_bounds_and_zero() {
    let text = "2|a b\na\nb\n";
    let problem = dlx::text::parse(text).unwrap().problem;
    assert_eq!(problem.best(1).unwrap_err(), BestError::Bounds);
    let plain = dlx::text::parse("a\na |3\n").unwrap().problem;
    assert_eq!(plain.best(0).unwrap_err(), BestError::ZeroK);
    let best = plain.best(5).unwrap().run();
    assert_eq!(best.costs(), [3]);
}

#[test]
fn stops_at_a_solution_limit_and_a_cancel_flag() {
    let text = std::fs::read(costs_dir().join("langford11_s1_h9.dlx")).unwrap();
    let problem = dlx::text::parse_bytes(&text).unwrap().problem;
    let best = problem
        .best(1)
        .unwrap()
        .with_limits(Limits::none().solutions(2))
        .run();
    assert_eq!(best.stopped, Some(StopReason::SolutionLimit));
    assert_eq!(best.stats.solutions, 2);
    assert_eq!(best.solutions.len(), 1);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let best = problem
        .best(1)
        .unwrap()
        .with_limits(Limits::none().cancel(flag))
        .run();
    assert_eq!(best.stopped, Some(StopReason::Cancelled));
    assert!(!best.is_complete());
}

#[test]
fn costs_read_and_written() {
    let text = "a b | x\na |2 x:r |3\nb\na b |0\n";
    let parsed = dlx::text::parse(text).unwrap();
    let problem = &parsed.problem;
    assert!(problem.has_costs());
    let costs: Vec<u64> = (0..3)
        .map(|k| problem.option_cost(OptionId::new(k)))
        .collect();
    assert_eq!(costs, [5, 0, 0]);
    let mut out = Vec::new();
    dlx::text::write_problem(problem, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "a b | x\na x:r |5\nb\na b\n"
    );
    // Costs do not change what the other searches find.
    assert_eq!(problem.count().solutions, 2);

    for (bad, col, what) in [
        ("a\na |x\n", 3, "`|x`"),
        ("a\na |-4\n", 3, "nonnegative"),
        ("a\na |18446744073709551615 |1\n", 25, "2^64"),
        ("a\na |99999999999999999999\n", 3, "2^64"),
    ] {
        let e = dlx::text::parse(bad).unwrap_err();
        assert_eq!((e.line, e.column), (2, col), "{bad}");
        assert!(e.to_string().contains(what), "{bad}: {e}");
    }
    // The sum over all options must fit too.
    let e = dlx::text::parse("a b\na |18446744073709551614\nb |1\n").unwrap_err();
    assert!(e.to_string().contains("2^64"), "{e}");
}
