//! The engine against Knuth's figures, a brute-force oracle, and properties that must hold.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::{ItemId, Limits, OptionId, Problem, ProblemBuilder, StopReason};
use proptest::prelude::*;

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances")
}

/// Every instance file gives exactly the solutions, nodes and updates Knuth's dlx1 printed.
#[test]
fn knuth_figures_for_every_instance() {
    let figures = std::fs::read_to_string(instances().join("figures.tsv")).unwrap();
    let mut checked = 0;
    for line in figures
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, solutions, nodes, updates): (&str, u64, u64, u64) = (
            f[0],
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        );
        checked += 1;
        if file == "pentomino_6x10.dlx" {
            // Five seconds of the suite for 3.6 million nodes: `.ci/run` counts it with `dlx
            // check` (by both engines), and the symmetric file stands for it here.
            continue;
        }
        let text = std::fs::read(instances().join(file)).unwrap();
        let parsed = dlx::text::parse_bytes(&text).unwrap();
        let mut solver = parsed.problem.solver();
        let outcome = solver.count();
        assert!(outcome.is_complete(), "{file}");
        assert_eq!(
            (outcome.solutions, outcome.nodes, outcome.updates),
            (solutions, nodes, updates),
            "{file}: (solutions, nodes, updates) differ from dlx1's"
        );
        assert_eq!(
            solver.stats().profile().iter().sum::<u64>(),
            nodes,
            "{file}: profile"
        );
    }
    assert_eq!(checked, 14, "figures.tsv should list every instance");
}

/// Knuth's example: the options of the one solution, as the writer prints them.
#[test]
fn knuth_example_solution_lines() {
    let text = std::fs::read_to_string(instances().join("knuth_example_dlx1.dlx")).unwrap();
    let problem = dlx::text::parse(&text).unwrap().problem;
    let solution = problem.first().unwrap();
    let mut out = Vec::new();
    dlx::text::write_solution(&problem, solution.options(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "A D\nC E F\nB G\n");
}

/// A small random problem: `primary` + `secondary` items, options as item index lists.
#[derive(Debug, Clone)]
struct Spec {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

fn spec_strategy() -> impl Strategy<Value = Spec> {
    (1usize..=6, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        // Each option: a non-empty subset of the items (as a bitmask), with a primary item.
        let option = (1u32..(1 << n))
            .prop_filter("needs a primary item", move |m| {
                m & ((1 << primary) - 1) != 0
            })
            .prop_map(move |m| (0..n).filter(|&i| m & (1 << i) != 0).collect::<Vec<_>>());
        prop::collection::vec(option, 0..=12).prop_map(move |options| Spec {
            primary,
            secondary,
            options,
        })
    })
}

fn build(spec: &Spec, item_order: &[usize]) -> Problem {
    let mut b = ProblemBuilder::new();
    for &i in item_order {
        if i < spec.primary {
            b.primary(format!("p{i}")).unwrap();
        } else {
            b.secondary(format!("s{i}")).unwrap();
        }
    }
    for option in &spec.options {
        let names: Vec<String> = option
            .iter()
            .map(|&i| {
                if i < spec.primary {
                    format!("p{i}")
                } else {
                    format!("s{i}")
                }
            })
            .collect();
        b.option_by_names(names.iter().map(String::as_str)).unwrap();
    }
    b.build().unwrap()
}

/// Every set of options that covers each primary item once and each secondary at most once.
fn oracle(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let m = spec.options.len();
    let mut found = BTreeSet::new();
    for subset in 0u32..(1 << m) {
        let mut cover = vec![0; spec.primary + spec.secondary];
        for (k, option) in spec.options.iter().enumerate() {
            if subset & (1 << k) != 0 {
                for &i in option {
                    cover[i] += 1;
                }
            }
        }
        let ok = cover[..spec.primary].iter().all(|&c| c == 1)
            && cover[spec.primary..].iter().all(|&c| c <= 1);
        if ok {
            found.insert((0..m).filter(|&k| subset & (1 << k) != 0).collect());
        }
    }
    found
}

/// Algorithm X written plainly (sets, recursion), with the engine's rule (the first active
/// primary item with the fewest options): its node count, and the most branch nodes (a
/// chosen item with two options or more) on one path.
fn reference_tree(spec: &Spec) -> (u64, u32) {
    fn level(spec: &Spec, covered: &mut Vec<bool>, forks: u32, tree: &mut (u64, u32)) {
        tree.0 += 1;
        let fits = |o: &Vec<usize>, covered: &[bool]| o.iter().all(|&i| !covered[i]);
        let Some(item) = (0..spec.primary).filter(|&i| !covered[i]).min_by_key(|&i| {
            spec.options
                .iter()
                .filter(|o| o.contains(&i) && fits(o, covered))
                .count()
        }) else {
            return; // a solution: its node is counted above
        };
        let choices: Vec<usize> = (0..spec.options.len())
            .filter(|&k| spec.options[k].contains(&item) && fits(&spec.options[k], covered))
            .collect();
        let forks = forks + u32::from(choices.len() > 1);
        if !choices.is_empty() {
            tree.1 = tree.1.max(forks);
        }
        for k in choices {
            for &i in &spec.options[k] {
                covered[i] = true;
            }
            level(spec, covered, forks, tree);
            for &i in &spec.options[k] {
                covered[i] = false;
            }
        }
    }
    let mut tree = (0, 0);
    level(
        spec,
        &mut vec![false; spec.primary + spec.secondary],
        0,
        &mut tree,
    );
    tree
}

fn solution_sets(problem: &Problem) -> Vec<Vec<usize>> {
    problem
        .solver()
        .solutions()
        .map(|s| {
            let mut v: Vec<usize> = s.options().iter().map(|o| o.index()).collect();
            v.sort_unstable();
            v
        })
        .collect()
}

/// Checks a solution against the rules directly on the built problem.
fn assert_exact_cover(problem: &Problem, options: &[OptionId]) {
    let mut cover = vec![0; problem.num_items()];
    for &o in options {
        for i in problem.option_items(o) {
            cover[i.index()] += 1;
        }
    }
    for (k, &c) in cover.iter().enumerate() {
        if problem.is_primary(ItemId::new(k as u32)) {
            assert_eq!(c, 1, "primary item {k} covered {c} times");
        } else {
            assert!(c <= 1, "secondary item {k} covered {c} times");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Same solution sets as the brute-force oracle, each once, each a valid cover, and every way
    /// of consuming the search agrees.
    #[test]
    fn agrees_with_brute_force(spec in spec_strategy()) {
        let order: Vec<usize> = (0..spec.primary + spec.secondary).collect();
        let problem = build(&spec, &order);
        let expected = oracle(&spec);
        let got = solution_sets(&problem);
        let got_set: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), got_set.len(), "a solution was reported twice");
        prop_assert_eq!(&got_set, &expected);

        let mut visited = 0;
        let mut solver = problem.solver();
        let outcome = solver.search(|s| {
            let options: Vec<OptionId> = s.options().collect();
            assert_exact_cover(&problem, &options);
            visited += 1;
            ControlFlow::Continue(())
        });
        prop_assert!(outcome.is_complete());
        prop_assert_eq!(outcome.solutions, expected.len() as u64);
        prop_assert_eq!(visited, expected.len());
        prop_assert_eq!(solver.stats().profile().iter().sum::<u64>(), outcome.nodes);
        prop_assert_eq!(problem.count().solutions, expected.len() as u64);

        // count_up_to: exact below the limit, stopped at it.
        for limit in 0..4u64 {
            let o = problem.count_up_to(limit);
            prop_assert_eq!(o.solutions, (expected.len() as u64).min(limit));
            prop_assert_eq!(o.is_complete(), (expected.len() as u64) < limit);
        }
    }

    /// The branch depth, when tracked, is that of a plain recursive Algorithm X on the same
    /// tree (same node count); untracked, it is not reported.
    #[test]
    fn branch_depth_agrees_with_a_plain_search(spec in spec_strategy()) {
        let order: Vec<usize> = (0..spec.primary + spec.secondary).collect();
        let problem = build(&spec, &order);
        let (nodes, depth) = reference_tree(&spec);
        let mut solver = problem.solver();
        solver.track_branch_depth(true);
        let outcome = solver.count();
        prop_assert_eq!(outcome.nodes, nodes);
        prop_assert_eq!(solver.stats().branch_depth, Some(depth));
        let mut plain = problem.solver();
        let again = plain.count();
        prop_assert_eq!((again.nodes, again.updates), (outcome.nodes, outcome.updates));
        prop_assert_eq!(plain.stats().branch_depth, None);
    }

    /// Permuting the options or the items changes the tree but not the solutions.
    #[test]
    fn permutations_keep_the_count(spec in spec_strategy(), seed in any::<u64>()) {
        let n = spec.primary + spec.secondary;
        let base = build(&spec, &(0..n).collect::<Vec<_>>()).count().solutions;
        let mut rng = seed | 1;
        let mut next = move |k: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % k as u64) as usize
        };
        let mut items: Vec<usize> = (0..n).collect();
        let mut shuffled = spec.clone();
        for k in (1..n).rev() {
            items.swap(k, next(k + 1));
        }
        for k in (1..shuffled.options.len()).rev() {
            let j = next(k + 1);
            shuffled.options.swap(k, j);
        }
        for option in &mut shuffled.options {
            for k in (1..option.len()).rev() {
                option.swap(k, next(k + 1));
            }
        }
        prop_assert_eq!(build(&shuffled, &items).count().solutions, base);
    }

    /// A node limit is never exceeded, and resuming gives the unlimited totals.
    #[test]
    fn node_limits_hold_and_resume(spec in spec_strategy(), limit in 0u64..40) {
        let order: Vec<usize> = (0..spec.primary + spec.secondary).collect();
        let problem = build(&spec, &order);
        let full = problem.solver().count();
        let mut solver = problem.solver().with_limits(Limits::none().nodes(limit));
        let part = solver.count();
        prop_assert!(part.nodes <= limit);
        prop_assert_eq!(part.is_complete(), full.nodes <= limit);
        if !part.is_complete() {
            prop_assert_eq!(part.stopped, Some(StopReason::NodeLimit));
        }
        solver.set_limits(Limits::none());
        let rest = solver.count();
        prop_assert_eq!((rest.solutions, rest.nodes, rest.updates), (full.solutions, full.nodes, full.updates));
    }

    /// Writing a problem and reading it back gives the same problem.
    #[test]
    fn text_round_trip(spec in spec_strategy()) {
        let order: Vec<usize> = (0..spec.primary + spec.secondary).collect();
        let problem = build(&spec, &order);
        let mut text = Vec::new();
        dlx::text::write_problem(&problem, &mut text).unwrap();
        let again = dlx::text::parse_bytes(&text).unwrap().problem;
        let mut text2 = Vec::new();
        dlx::text::write_problem(&again, &mut text2).unwrap();
        prop_assert_eq!(&text, &text2);
        prop_assert_eq!(again.num_options(), problem.num_options());
        let a = problem.solver().count();
        let b = again.solver().count();
        prop_assert_eq!((a.solutions, a.nodes, a.updates), (b.solutions, b.nodes, b.updates));
    }
}

/// The iterator can stop anywhere, and a reset solver searches the same tree again.
#[test]
fn iterator_stops_and_reset_repeats_the_search() {
    let text = std::fs::read_to_string(instances().join("queens8.dlx")).unwrap();
    let problem = dlx::text::parse(&text).unwrap().problem;
    let mut solver = problem.solver();
    let first: Vec<_> = solver.solutions().take(5).collect();
    assert_eq!(first.len(), 5);
    assert_eq!(solver.outcome().stopped, Some(StopReason::Visitor));
    solver.reset();
    let all: Vec<_> = solver.solutions().collect();
    assert_eq!(all.len(), 92);
    assert_eq!(&all[..5], &first[..]);
    let outcome = solver.outcome();
    assert!(outcome.is_complete());
    assert_eq!((outcome.nodes, outcome.updates), (1049, 16680));
    for s in &all {
        assert_exact_cover(&problem, s.options());
    }
}

/// The branch depth: tracked from the start of a search, from the next reset when asked for
/// midway, kept over a stop and a resume, and forgotten when switched off.
#[test]
fn branch_depth_of_queens_and_its_switch() {
    let text = std::fs::read_to_string(instances().join("queens8.dlx")).unwrap();
    let problem = dlx::text::parse(&text).unwrap().problem;
    let mut solver = problem.solver();
    solver.track_branch_depth(true);
    solver.count();
    let depth = solver.stats().branch_depth.expect("tracked");
    // Eight queens need a guess at least on the first row and cannot nest more guesses than
    // their rows and columns; the loop that tracks it keeps Knuth's figures.
    assert!((1..=16).contains(&depth), "{depth}");
    assert_eq!(
        (solver.outcome().nodes, solver.outcome().updates),
        (1049, 16680)
    );

    // Stopped at every solution and resumed: the same depth.
    solver.reset();
    let mut stops = 0;
    while solver.next_solution().is_some() {
        stops += 1;
    }
    assert_eq!(stops, 92);
    assert_eq!(solver.stats().branch_depth, Some(depth));

    // Asked for midway: not reported until the next search from the root.
    let mut late = problem.solver();
    late.next_solution();
    late.track_branch_depth(true);
    assert_eq!(late.stats().branch_depth, None);
    late.count();
    assert_eq!(late.stats().branch_depth, None);
    late.reset();
    late.count();
    assert_eq!(late.stats().branch_depth, Some(depth));
    late.track_branch_depth(false);
    late.reset();
    late.count();
    assert_eq!(late.stats().branch_depth, None);
}

/// The visitor can stop the search; a solution limit stops it and says so.
#[test]
fn visitor_break_and_solution_limit() {
    let text = std::fs::read_to_string(instances().join("queens8.dlx")).unwrap();
    let problem = dlx::text::parse(&text).unwrap().problem;
    let mut seen = 0;
    let outcome = problem.solver().search(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(
        (outcome.solutions, outcome.stopped),
        (3, Some(StopReason::Visitor))
    );

    let mut solver = problem.solver().with_limits(Limits::none().solutions(10));
    assert_eq!(solver.solutions().count(), 10);
    assert_eq!(solver.outcome().stopped, Some(StopReason::SolutionLimit));
    assert_eq!(problem.count_up_to(100).solutions, 92);
}

/// The builder's typed errors.
#[test]
fn builder_errors() {
    use dlx::BuildError;
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let s = b.secondary("s").unwrap();
    assert_eq!(
        b.primary("a"),
        Err(BuildError::DuplicateItem { name: "a".into() })
    );
    assert_eq!(
        b.option([s]),
        Err(BuildError::OptionWithoutPrimary { option: 0 })
    );
    assert_eq!(
        b.option([a, s, a]),
        Err(BuildError::RepeatedItem {
            option: 0,
            name: "a".into()
        })
    );
    assert_eq!(
        b.option([a, ItemId::new(9)]),
        Err(BuildError::UnknownItem {
            option: 0,
            name: "#9".into()
        })
    );
    assert_eq!(
        b.option_by_names(["a", "zz"]),
        Err(BuildError::UnknownItem {
            option: 0,
            name: "zz".into()
        })
    );
    // Failed options leave no trace: the next good option is option 0, and `a` is reusable.
    assert_eq!(b.option([a, s]), Ok(OptionId::new(0)));
    assert_eq!(b.build().unwrap().count().solutions, 1);

    let mut b = ProblemBuilder::new();
    b.secondary("s").unwrap();
    assert_eq!(b.build().unwrap_err(), BuildError::NoPrimaryItems);
    assert!(matches!(
        ProblemBuilder::new().primary("a b"),
        Err(BuildError::InvalidName { .. })
    ));
}

/// Items declared out of order (secondary first) are still primary-first inside, and the
/// public ids stay the declaration indices.
#[test]
fn interleaved_declarations_keep_their_ids() {
    let mut b = ProblemBuilder::new();
    let s = b.secondary("s").unwrap();
    let a = b.primary("a").unwrap();
    let c = b.primary("c").unwrap();
    let o = b.option([s, c, a]).unwrap();
    b.option([c]).unwrap();
    let p = b.build().unwrap();
    assert_eq!((s, a, c), (ItemId::new(0), ItemId::new(1), ItemId::new(2)));
    assert!(!p.is_primary(s) && p.is_primary(a));
    assert_eq!(p.option_items(o).collect::<Vec<_>>(), vec![s, c, a]);
    assert_eq!(p.count().solutions, 1);
}

/// Selecting the clue options of Knuth's full sudoku matrices leaves exactly the reduced matrix
/// his sudoku-dlx makes: the search then gives dlx1's figures for the reduced files.
#[test]
fn selecting_clues_of_the_full_matrix_gives_the_reduced_figures() {
    for (full, reduced) in [
        ("sudoku_leetcode_full.dlx", (1, 52, 663)),
        ("sudoku_inkala_full.dlx", (1, 2720, 48760)),
    ] {
        let text = std::fs::read_to_string(instances().join(full)).unwrap();
        // The first line is `|sudoku!row!row!...` with `.` for a blank.
        let rows: Vec<&str> = text.lines().next().unwrap().split('!').skip(1).collect();
        let problem = dlx::text::parse(&text).unwrap().problem;
        let mut solver = problem.solver();
        let mut clues = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate().filter(|&(_, ch)| ch != '.') {
                let want = [format!("p{r}{c}"), format!("r{r}{ch}")];
                let option = (0..problem.num_options() as u32)
                    .map(OptionId::new)
                    .find(|&o| {
                        let names: Vec<&str> = problem
                            .option_items(o)
                            .map(|i| problem.item_name(i))
                            .collect();
                        names[..2] == [want[0].as_str(), want[1].as_str()]
                    })
                    .unwrap();
                solver.select(option).unwrap();
                clues += 1;
            }
        }
        assert!(clues >= 17, "{full}");
        let outcome = solver.count();
        assert_eq!(
            (outcome.solutions, outcome.nodes, outcome.updates),
            reduced,
            "{full}"
        );
        // The solution holds the clues and the rest, one option per cell.
        solver.reset();
        assert!(solver.selected().is_empty());
        let again = solver.count();
        assert!(
            again.nodes > reduced.1,
            "without the clues the search is larger"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Selecting options keeps exactly the solutions that contain them; a selection that shares
    /// an item with an earlier one is refused; a reset forgets the selections.
    #[test]
    fn selections_filter_the_solutions(spec in spec_strategy(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3)) {
        prop_assume!(!spec.options.is_empty());
        let order: Vec<usize> = (0..spec.primary + spec.secondary).collect();
        let problem = build(&spec, &order);
        let mut solver = problem.solver();
        let mut selected: Vec<usize> = Vec::new();
        for pick in &picks {
            let k = pick.index(spec.options.len());
            let clash = selected.iter().any(|&s| spec.options[s].iter().any(|i| spec.options[k].contains(i)));
            match solver.select(OptionId::new(k as u32)) {
                Ok(()) => {
                    prop_assert!(!clash);
                    selected.push(k);
                }
                Err(dlx::SelectError::Conflict { with, .. }) => {
                    prop_assert!(clash);
                    prop_assert!(selected.contains(&with.index()));
                }
                Err(e) => prop_assert!(false, "unexpected {e}"),
            }
        }
        let expected: BTreeSet<Vec<usize>> =
            oracle(&spec).into_iter().filter(|s| selected.iter().all(|k| s.contains(k))).collect();
        let got: BTreeSet<Vec<usize>> = solver
            .solutions()
            .map(|s| {
                let mut v: Vec<usize> = s.options().iter().map(|o| o.index()).collect();
                v.sort_unstable();
                v
            })
            .collect();
        prop_assert_eq!(got, expected);
        prop_assert_eq!(solver.select(OptionId::new(0)), Err(dlx::SelectError::SearchStarted));
        solver.reset();
        prop_assert_eq!(solver.count().solutions, oracle(&spec).len() as u64);
    }
}

/// Selections that cover every primary item leave one solution: the selections themselves.
#[test]
fn selections_covering_everything_are_one_solution() {
    let problem = dlx::text::parse("a b | s\na s\nb\na\n").unwrap().problem;
    let mut solver = problem.solver();
    solver.select(OptionId::new(0)).unwrap();
    solver.select(OptionId::new(1)).unwrap();
    let solutions: Vec<_> = solver.solutions().collect();
    assert_eq!(solutions.len(), 1);
    assert_eq!(
        solutions[0].options().to_vec(),
        vec![OptionId::new(0), OptionId::new(1)]
    );
    let outcome = solver.outcome();
    assert_eq!(
        (
            outcome.solutions,
            outcome.nodes,
            outcome.updates,
            outcome.stopped
        ),
        (1, 1, 0, None)
    );
    solver.reset();
    assert_eq!(solver.count().solutions, 2);
}
