//! The memoized search and its ZDD (`dlx::zdd`, Knuth's `dlx6`): the figures `dlx6` printed
//! on the files of `data/instances` (`memo/figures.tsv`), its ZDD byte for byte, the
//! brute-force oracle on small random problems with and without colors, counts past 128 bits,
//! uniform sampling by a chi-square bound, limits, and the ZDD reader's errors.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::common::{build_bounded, build_colored, oracle, BoundedSpec, ColoredSpec};
use dlx::zdd::{Count, Memo, MemoError, ReadErrorKind, Zdd};
use dlx::{Limits, OptionId, Problem, ProblemBuilder, StopReason};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/instances")
}

fn read(file: &str) -> Problem {
    let text = std::fs::read(instances().join(file)).unwrap();
    dlx::text::parse_bytes(&text).unwrap().problem
}

/// The solutions of a ZDD as sorted option ids, for comparing with the oracle.
fn as_sets(zdd: &Zdd) -> Vec<Vec<OptionId>> {
    zdd.solutions()
        .map(|s| {
            let mut s: Vec<OptionId> = s.into_iter().map(|k| OptionId::new(k - 1)).collect();
            s.sort();
            s
        })
        .collect()
}

/// `file` on `threads` threads with its ZDD: the count and the figures of `figures.tsv`, and
/// the ZDD of one thread (`memo`), numbered as it numbers it.
fn same_zdd_on_threads(file: &str, threads: usize, solutions: &str, zdd_nodes: &str, memo: &Memo) {
    let on = read(file).memo().threads(threads).run();
    assert!(on.is_complete(), "{file} on {threads}");
    assert_eq!(
        on.count().unwrap().to_string(),
        solutions,
        "{file} on {threads}"
    );
    let zdd_nodes: u64 = zdd_nodes.parse().unwrap();
    assert_eq!(
        on.stats.zdd_nodes, zdd_nodes,
        "{file} on {threads}: ZDD nodes"
    );
    assert_eq!(
        on.zdd().unwrap().num_nodes() as u64 + 2,
        zdd_nodes.max(2),
        "{file}"
    );
    assert_eq!(
        on.stats.profile.iter().sum::<u64>(),
        on.stats.nodes,
        "{file}"
    );
    // The same diagram, numbered as one thread numbers it.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    memo.zdd().unwrap().write(&mut a).unwrap();
    on.zdd().unwrap().write(&mut b).unwrap();
    assert!(a == b, "{file} on {threads}: the ZDD's text");
    if memo.count().unwrap().to_u64().is_some_and(|n| n <= 20_000) {
        let mut one = as_sets(memo.zdd().unwrap());
        let mut many = as_sets(on.zdd().unwrap());
        one.sort();
        many.sort();
        assert_eq!(one, many, "{file} on {threads}");
    }
}

/// Every file of `figures.tsv` up to a million search nodes (the larger ones are the
/// benchmark of `docs/benchmarks.md`, and `dlx check` runs them): solutions, nodes, updates,
/// cleansings, ZDD nodes, memos and hits as `dlx6` printed them. On threads, every file but
/// the 6x10 pentominoes with the X kept in a quadrant (225 million updates: its runs on threads
/// took 2.5 s of this test's 8): queens13 and the five files between 100,000 and 300,000 nodes
/// share the cache among threads on big trees.
#[test]
fn figures_equal_dlx6() {
    let figures = std::fs::read_to_string(instances().join("memo/figures.tsv")).unwrap();
    let mut checked = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let [file, solutions, nodes, updates, cleansings, zdd_nodes, memos, hits] = f[..] else {
            panic!("bad line {line}");
        };
        let nodes: u64 = nodes.parse().unwrap();
        let updates: u64 = updates.parse().unwrap();
        if nodes > 1_000_000 {
            continue;
        }
        let memo = read(file).memo().run();
        assert!(memo.is_complete(), "{file}");
        let s = &memo.stats;
        assert_eq!(
            memo.count().unwrap().to_string(),
            solutions,
            "{file}: solutions"
        );
        let got = (
            s.nodes,
            s.updates,
            s.cleansings,
            s.zdd_nodes,
            s.memos,
            s.hits,
        );
        let want = (
            nodes,
            updates,
            cleansings.parse().unwrap(),
            zdd_nodes.parse().unwrap(),
            memos.parse().unwrap(),
            hits.parse().unwrap(),
        );
        assert_eq!(
            got, want,
            "{file}: (nodes, updates, cleansings, zdd nodes, memos, hits)"
        );
        assert_eq!(s.profile.iter().sum::<u64>(), s.nodes, "{file}: profile");
        // The ZDD holds the count the search made.
        assert_eq!(memo.zdd().unwrap().count().to_string(), solutions, "{file}");
        // On 2 and 3 threads sharing the cache: the count and the ZDD's nodes, and the same
        // solutions (where they are few enough to list); a count alone (taken where the
        // threads made the nodes) on 3, and on 2 as well for the smaller files, whose ZDD is
        // checked on 3 too.
        let small = nodes <= 100_000;
        let on_threads: &[usize] = if updates < 100_000_000 { &[2, 3] } else { &[] };
        for &threads in on_threads {
            if small || threads == 2 {
                same_zdd_on_threads(file, threads, solutions, zdd_nodes, &memo);
            }
            if small || threads == 3 {
                // A count alone: taken where the threads made the nodes, the same count and
                // figure, no ZDD.
                let counted = read(file).memo().threads(threads).keep_zdd(false).run();
                assert_eq!(
                    counted.count().unwrap().to_string(),
                    solutions,
                    "{file} on {threads}, counted where made"
                );
                let zdd_nodes: u64 = zdd_nodes.parse().unwrap();
                assert_eq!(counted.stats.zdd_nodes, zdd_nodes, "{file} on {threads}");
                assert!(counted.zdd().is_none(), "{file} on {threads}");
            }
        }
        if small {
            let alone = read(file).memo().keep_zdd(false).run();
            assert_eq!(alone.count(), memo.count(), "{file}, a count alone");
            assert_eq!(alone.stats.zdd_nodes, memo.stats.zdd_nodes, "{file}");
            assert!(alone.zdd().is_none(), "{file}");
        }
        // By components: the same count (on the smaller files: it is slower where groups are
        // rare, and the oracle tests check it on thousands of problems).
        if nodes <= 100_000 {
            let parts = read(file).memo().components(true).run();
            assert_eq!(
                parts.count().unwrap().to_string(),
                solutions,
                "{file} by components"
            );
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} files checked");
}

/// Domino tilings of the cells `cells` (row, column), in `make.py`'s form: the items row by
/// row across the whole board.
fn tilings(cells: &[(usize, usize)]) -> Problem {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    let cells = &cells[..];
    let name = |(r, c): (usize, usize)| format!("r{r}c{c}");
    let mut text: Vec<String> = vec![cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")];
    for &(r, c) in cells {
        for next in [(r, c + 1), (r + 1, c)] {
            if cells.contains(&next) {
                text.push(format!("{} {}", name((r, c)), name(next)));
            }
        }
    }
    dlx::text::parse(&text.join("\n")).unwrap().problem
}

/// Two boards side by side are two parts from the start: the count is the product of theirs,
/// in about the nodes of both searched apart, where the plain search meets every pair of
/// their states. A board joined to another by a neck splits once the neck is taken. Limits
/// stop the count by components as they stop the plain one, with nothing found.
#[test]
fn components_multiply() {
    let board = |cols: std::ops::Range<usize>| -> Vec<(usize, usize)> {
        (0..8)
            .flat_map(|r| cols.clone().map(move |c| (r, c)))
            .collect()
    };
    let one = tilings(&board(0..8)).memo().run();
    let single = one.count().unwrap().to_u64().unwrap();
    assert_eq!(single, 12_988_816);
    let mut two = board(0..8);
    two.extend(board(9..17));
    let two = tilings(&two);
    let plain = two.memo().run();
    let parts = two.memo().components(true).run();
    assert_eq!(parts.count().unwrap().to_u64(), Some(single * single));
    assert_eq!(plain.count(), parts.count());
    assert!(parts.stats.splits >= 1);
    assert!(parts.zdd().is_none() && parts.by_components());
    assert!(
        parts.stats.nodes * 10 < plain.stats.nodes,
        "{} nodes by components, {} plain",
        parts.stats.nodes,
        plain.stats.nodes
    );
    // A neck of two cells between the boards.
    let mut neck = board(0..8);
    neck.extend(board(9..17));
    neck.extend([(3, 8), (4, 8)]);
    let neck = tilings(&neck);
    let plain = neck.memo().run();
    let parts = neck.memo().components(true).run();
    assert_eq!(plain.count(), parts.count());
    assert!(parts.stats.splits >= 1);
    // Limits: nodes, memory, a cancel flag.
    let stopped = two
        .memo()
        .components(true)
        .with_limits(Limits::none().nodes(100))
        .unwrap()
        .run();
    assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));
    assert!(stopped.count().is_none() && stopped.found().is_zero());
    assert_eq!(stopped.stats.nodes, 100);
    let stopped = two.memo().components(true).max_memory(4096).run();
    assert_eq!(stopped.stopped, Some(StopReason::MemoryLimit));
    let flag = Arc::new(AtomicBool::new(true));
    let stopped = two
        .memo()
        .components(true)
        .with_limits(Limits::none().cancel(flag))
        .unwrap()
        .run();
    assert_eq!(stopped.stopped, Some(StopReason::Cancelled));
    // A problem whose primary items are all taken by nothing: no solution in one part, and so
    // none at all.
    let none = dlx::text::parse("a b c d\na b\nc\n").unwrap().problem;
    let parts = none.memo().components(true).run();
    assert_eq!(parts.count().unwrap().to_u64(), Some(0));
}

/// The ZDD is the one `dlx6 m1` writes, line for line (ours adds the options' lines), and
/// `dlx6`'s file reads as the same solutions.
#[test]
fn zdd_is_dlx6s() {
    let knuth = std::fs::read_to_string(instances().join("memo/queens8_dlx6.zdd")).unwrap();
    let problem = read("queens8.dlx");
    let zdd = problem.memo().run().into_zdd().unwrap();
    let mut ours = Vec::new();
    zdd.write(&mut ours).unwrap();
    let ours = String::from_utf8(ours).unwrap();
    let nodes: String = ours
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(nodes, knuth);
    // Our file names every option as `dlx xc` prints it.
    assert!(ours.contains("\n#o 1 "));
    assert_eq!(ours.lines().filter(|l| l.starts_with("#o ")).count(), 64);

    let theirs = Zdd::read(knuth.as_bytes()).unwrap();
    assert!(!theirs.has_labels());
    assert_eq!(theirs.count(), Count::from(92u64));
    assert_eq!(as_sets(&theirs), as_sets(&zdd));
    let back = Zdd::read(ours.as_bytes()).unwrap();
    assert_eq!(back, zdd);
}

/// The solutions come out of the ZDD in the order the dancing-links search finds them, each
/// option list in the order chosen, when both branch alike (plain problems; `dlx6` and `dlx1`
/// take the same item at every node).
#[test]
fn zdd_lists_in_search_order() {
    for file in ["queens8.dlx", "langford11_half.dlx", "sudoku_leetcode.dlx"] {
        let problem = read(file);
        let zdd = problem.memo().run().into_zdd().unwrap();
        let listed: Vec<Vec<u32>> = zdd.solutions().collect();
        let mut found = Vec::new();
        problem.solver().search(|s| {
            found.push(s.options().map(|o| o.as_u32() + 1).collect::<Vec<_>>());
            ControlFlow::Continue(())
        });
        assert_eq!(listed, found, "{file}");
    }
}

/// A 2 x n board's domino tilings: F(n + 1), past 128 bits for n = 200.
fn ladder(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    for c in 0..n {
        for r in 0..2 {
            b.primary(cell(r, c)).unwrap();
        }
    }
    for c in 0..n {
        b.option_by_names([cell(0, c), cell(1, c)].iter().map(String::as_str))
            .unwrap();
        if c + 1 < n {
            for r in 0..2 {
                b.option_by_names([cell(r, c), cell(r, c + 1)].iter().map(String::as_str))
                    .unwrap();
            }
        }
    }
    b.build().unwrap()
}

#[test]
fn counts_past_128_bits_are_exact() {
    let fib = |n: usize| {
        let (mut a, mut b) = (Count::from(0u64), Count::from(1u64));
        for _ in 0..n {
            let next = a.clone() + b.clone();
            a = b;
            b = next;
        }
        a
    };
    for n in [1, 2, 10, 100, 200] {
        let problem = ladder(n);
        let memo = problem.memo().run();
        let count = memo.count().unwrap().clone();
        assert_eq!(count, fib(n + 1), "2 x {n}");
        let zdd = memo.zdd().unwrap();
        // By size: a tiling of 2 x n has n dominoes, whatever they are.
        let sizes = zdd.count_by_size();
        assert_eq!(sizes.len(), n + 1);
        assert_eq!(sizes[n], count);
        assert!(sizes[..n].iter().all(Count::is_zero));
        // Random tilings are tilings.
        for s in zdd.sampler(n as u64).take(20) {
            let mut covered = BTreeSet::new();
            for k in s {
                for item in problem.option_items(OptionId::new(k - 1)) {
                    assert!(covered.insert(item), "a cell covered twice");
                }
            }
            assert_eq!(covered.len(), 2 * n);
        }
    }
    let big = ladder(200).memo().run();
    let count = big.count().unwrap();
    assert!(count.bits() > 128 && count.to_u128().is_none());
    assert_eq!(
        count.to_string(),
        "453973694165307953197296969697410619233826"
    );
}

/// Uniform: 92 queens solutions drawn 18,400 times, a chi-square statistic with 91 degrees
/// of freedom under 140 (its 0.1% point is about 134; drawing a branch by a coin flip
/// instead of by the counts gives thousands).
#[test]
fn samples_are_uniform() {
    let zdd = read("queens8.dlx").memo().run().into_zdd().unwrap();
    let all: BTreeSet<Vec<u32>> = zdd.solutions().collect();
    assert_eq!(all.len(), 92);
    let draws = 92 * 200;
    let mut seen: BTreeMap<Vec<u32>, u64> = BTreeMap::new();
    for s in zdd.sampler(2026).take(draws) {
        assert!(all.contains(&s));
        *seen.entry(s).or_default() += 1;
    }
    assert_eq!(seen.len(), 92);
    let expected = draws as f64 / 92.0;
    let chi2: f64 = seen
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 140.0, "chi-square {chi2}");
    // The same seed, the same draws; another seed, others.
    let a: Vec<_> = zdd.sampler(5).take(10).collect();
    assert_eq!(a, zdd.sampler(5).take(10).collect::<Vec<_>>());
    assert_ne!(a, zdd.sampler(6).take(10).collect::<Vec<_>>());
}

#[test]
fn limits_stop_visibly() {
    let problem = read("queens10.dlx");
    let whole = problem.memo().run();
    let total = whole.count().unwrap().clone();

    let stopped = problem
        .memo()
        .with_limits(Limits::none().nodes(1000))
        .unwrap()
        .run();
    assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));
    assert_eq!(stopped.stats.nodes, 1000);
    assert!(stopped.count().is_none() && stopped.zdd().is_none());
    assert!(stopped.found() < &total && !stopped.found().is_zero());

    let z = problem.memo().max_zdd_nodes(100).run();
    assert_eq!(z.stopped, Some(StopReason::ZddNodeLimit));
    assert_eq!(z.stats.zdd_nodes, 101);
    assert!(z.found() < &total);

    let m = problem.memo().max_memory(64 * 1024).run();
    assert_eq!(m.stopped, Some(StopReason::MemoryLimit));
    assert!(m.stats.memory <= 64 * 1024);

    let flag = Arc::new(AtomicBool::new(true));
    let c = problem
        .memo()
        .with_limits(Limits::none().cancel(flag))
        .unwrap()
        .run();
    assert_eq!(c.stopped, Some(StopReason::Cancelled));
    assert!(c.found().is_zero());

    assert_eq!(
        problem
            .memo()
            .with_limits(Limits::none().solutions(3))
            .err(),
        Some(MemoError::SolutionLimit)
    );

    // On threads: each limit stops them all, with a lower bound, and no ZDD.
    let aztec = read("memo/aztec_8.dlx");
    let all = aztec.memo().run().count().unwrap().clone();
    for threads in [2, 3] {
        let on = |search: dlx::zdd::MemoSearch<'_>| search.threads(threads).run();
        let n = on(aztec
            .memo()
            .with_limits(Limits::none().nodes(5000))
            .unwrap());
        assert_eq!(n.stopped, Some(StopReason::NodeLimit), "{threads}");
        assert!(
            n.stats.nodes < 5000 + 4096 * (threads as u64 + 1),
            "{}",
            n.stats.nodes
        );
        assert!(n.count().is_none() && n.zdd().is_none());
        assert!(n.found() < &all);
        let z = on(aztec.memo().max_zdd_nodes(100));
        assert_eq!(z.stopped, Some(StopReason::ZddNodeLimit), "{threads}");
        assert!(z.found() < &all);
        let m = on(aztec.memo().max_memory(1 << 20));
        assert_eq!(m.stopped, Some(StopReason::MemoryLimit), "{threads}");
        let flag = Arc::new(AtomicBool::new(true));
        let c = on(aztec
            .memo()
            .with_limits(Limits::none().cancel(flag))
            .unwrap());
        assert_eq!(c.stopped, Some(StopReason::Cancelled), "{threads}");
        assert!(c.found().is_zero());
    }
}

#[test]
fn reader_says_what_and_where() {
    let err = |text: &str| Zdd::read(text.as_bytes()).unwrap_err();
    let e = err("2: (~1?0:1)\n3: (~2?2:9)\n4: (~0?0:3)\n");
    assert!(
        matches!(e.kind, ReadErrorKind::Undefined(9)) && e.line == 2,
        "{e}"
    );
    let e = err("2: (~1?0:1)\n3: (~2?2:4)\n4: (~0?0:3)\n");
    assert!(
        matches!(e.kind, ReadErrorKind::OptionZero) && e.line == 3,
        "{e}"
    );
    let e = err("# a comment\n\n  2: (~1?0:x)\n");
    assert!(matches!(e.kind, ReadErrorKind::NotANode(_)) && (e.line, e.column) == (3, 3));
    let e = err("2: (~1?0:1)\n2: (~2?0:1)\n");
    assert!(matches!(e.kind, ReadErrorKind::NodeTwice(2)) && e.line == 2);
    let e = err("2: (~1?3:1)\n3: (~2?2:1)\n4: (~0?0:3)\n");
    assert!(matches!(e.kind, ReadErrorKind::Cycle(_)), "{e}");
    let e = err("");
    assert!(matches!(e.kind, ReadErrorKind::Empty));
    let e = err("2: (~1?0:1)\n3: (~0?2:2)\n");
    assert!(matches!(e.kind, ReadErrorKind::RootLo) && e.line == 2);
    let e = err("#o 1 a b\n2: (~2?0:1)\n3: (~0?0:2)\n");
    assert!(matches!(e.kind, ReadErrorKind::Unnamed(2)) && e.line == 2);
    let e = err("#o x a b\n");
    assert!(matches!(e.kind, ReadErrorKind::BadOption(_)) && e.line == 1);
    assert_eq!(
        e.to_string(),
        "1:1: expected `#o K TEXT` (option K's text, K from 1), found `#o x a b`"
    );
    // No solution: the root is the bottom sink.
    let none = Zdd::read("2: (~0?0:0)\n".as_bytes()).unwrap();
    assert!(none.count().is_zero() && none.solutions().next().is_none());
    assert!(none.sampler(1).next().is_none());
    // A child after its parent, and a root that is not last: the node with the smallest
    // option is the root.
    let z = Zdd::read("5: (~1?6:1)\n6: (~3?0:1)\n".as_bytes()).unwrap();
    assert_eq!(z.count(), Count::from(2u64));
}

/// A random problem with up to 12 options, with or without colors.
fn small_problem() -> impl Strategy<Value = ColoredSpec> {
    (1usize..=5, 0usize..=3, prop::bool::ANY).prop_flat_map(|(p, s, colored)| {
        let colors = if colored { 0u32..=3 } else { 0u32..=0 };
        let option = proptest::collection::btree_map(0..p + s, colors, 1..=3)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (Just(p), Just(s), proptest::collection::vec(option, 1..=12))
    })
}

/// A random problem with bounds on its primary items (`lo` from 0 to 2, `hi` from 1 to 3),
/// colors on its secondary ones, up to 12 options.
fn small_bounded() -> impl Strategy<Value = BoundedSpec> {
    let bound = (0u32..=2, 1u32..=3).prop_map(|(a, b)| (a.min(b), b));
    (proptest::collection::vec(bound, 1..=5), 0usize..=2).prop_flat_map(|(bounds, s)| {
        let n = bounds.len() + s;
        let option = proptest::collection::btree_map(0..n, 0u32..=2, 1..=3)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        (
            Just(bounds),
            Just(s),
            proptest::collection::vec(option, 1..=12),
        )
    })
}

/// The ZDD holds exactly the oracle's solutions, each once; its count and its counts by
/// size agree; it reads back as written; random draws are solutions.
fn holds_the_oracles_solutions(problem: &Problem) -> Result<(), TestCaseError> {
    let want = oracle(problem);
    let memo = problem.memo().run();
    prop_assert!(memo.is_complete());
    let zdd = memo.zdd().unwrap();
    prop_assert_eq!(memo.count().unwrap().to_u64(), Some(want.len() as u64));
    let listed = as_sets(zdd);
    let unique: BTreeSet<Vec<OptionId>> = listed.iter().cloned().collect();
    prop_assert_eq!(listed.len(), unique.len(), "a solution listed twice");
    prop_assert_eq!(&unique, &want);
    let mut sizes: Vec<u64> = Vec::new();
    for s in &want {
        if sizes.len() <= s.len() {
            sizes.resize(s.len() + 1, 0);
        }
        sizes[s.len()] += 1;
    }
    let by_size: Vec<u64> = zdd
        .count_by_size()
        .iter()
        .map(|c| c.to_u64().unwrap())
        .collect();
    prop_assert_eq!(by_size, sizes);
    let mut text = Vec::new();
    zdd.write(&mut text).unwrap();
    let back = Zdd::read(&text[..]).unwrap();
    prop_assert_eq!(&back, zdd);
    for s in zdd.sampler(1).take(5) {
        let mut s: Vec<OptionId> = s.into_iter().map(|k| OptionId::new(k - 1)).collect();
        s.sort();
        prop_assert!(want.contains(&s));
    }
    // The dancing-links count agrees too (its figures are dlx1's, dlx2's and dlx3's).
    prop_assert_eq!(problem.count().solutions, want.len() as u64);
    // By parts: the same count (a problem with bounds is searched as always).
    let parts = problem.memo().components(true).run();
    prop_assert!(parts.is_complete());
    prop_assert_eq!(parts.count().unwrap().to_u64(), Some(want.len() as u64));
    prop_assert_eq!(parts.by_components(), !problem.has_bounds());
    prop_assert_eq!(parts.zdd().is_none(), !problem.has_bounds());
    // On two and three threads sharing one cache: the same solutions, and the same ZDD, node
    // for node and numbered as one thread numbers it.
    let mut one_text = Vec::new();
    zdd.write(&mut one_text).unwrap();
    for threads in [2, 3] {
        // On three threads a count alone (taken where the threads made the nodes).
        let count_alone = threads == 3 && !problem.has_bounds();
        let many = problem.memo().threads(threads).keep_zdd(!count_alone).run();
        prop_assert!(many.is_complete());
        prop_assert_eq!(many.stats.zdd_nodes, memo.stats.zdd_nodes);
        if count_alone {
            prop_assert!(many.zdd().is_none());
            prop_assert_eq!(many.count().unwrap().to_u64(), Some(want.len() as u64));
            continue;
        }
        let mut listed = as_sets(many.zdd().unwrap());
        listed.sort();
        prop_assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), want.clone());
        if !problem.has_bounds() {
            let mut text = Vec::new();
            many.zdd().unwrap().write(&mut text).unwrap();
            prop_assert_eq!(
                String::from_utf8(text).unwrap(),
                String::from_utf8(one_text.clone()).unwrap()
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn zdd_holds_the_oracles_solutions(spec in small_problem()) {
        let Some(problem) = build_colored(&spec) else { return Ok(()); };
        holds_the_oracles_solutions(&problem)?;
    }

    /// With bounds on items (searched by options in and out).
    #[test]
    fn zdd_holds_the_oracles_solutions_with_bounds(spec in small_bounded()) {
        let Some(problem) = build_bounded(&spec) else { return Ok(()); };
        holds_the_oracles_solutions(&problem)?;
    }
}

/// A count past 128 bits on threads: 130 items side by side, each covered by either of two
/// options, 2^130 solutions (counted on the diagram in arbitrary precision, where the count
/// the threads make as they number it gives up).
#[test]
fn counts_past_128_bits_on_threads() {
    let mut text = (0..130)
        .map(|i| format!("x{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for i in 0..130 {
        text.push_str(&format!("x{i}\nx{i}\n"));
    }
    let problem = dlx::text::parse(&text).unwrap().problem;
    let want = "1361129467683753853853498429727072845824"; // 2^130
    let one = problem.memo().run();
    assert_eq!(one.count().unwrap().to_string(), want);
    for threads in [2, 3] {
        let many = problem.memo().threads(threads).run();
        assert_eq!(many.count().unwrap().to_string(), want, "{threads}");
        assert_eq!(many.stats.zdd_nodes, one.stats.zdd_nodes, "{threads}");
        // Counted where the threads made the nodes: in each node's 96 bits up to 2^95, past
        // it in a list apart.
        let alone = problem.memo().threads(threads).keep_zdd(false).run();
        assert_eq!(alone.count().unwrap().to_string(), want, "{threads}");
        assert_eq!(alone.stats.zdd_nodes, one.stats.zdd_nodes, "{threads}");
    }
}

/// Many more threads than cores (16 on this project's 2): threads preempted in the middle of a
/// table's growth or of a level, many helpers in one busy state at once. The count and the ZDD,
/// node for node and numbered, are one thread's on every run.
#[test]
fn sixteen_threads_give_one_threads_zdd() {
    for file in [
        "memo/aztec_8.dlx",
        "memo/dominoes_12x12.dlx",
        "langford11.dlx",
        "xcc/words_3x3.dlx",
    ] {
        let problem = read(file);
        let one = problem.memo().run();
        let mut want = Vec::new();
        one.zdd().unwrap().write(&mut want).unwrap();
        for run in 0..3 {
            let many = problem.memo().threads(16).run();
            assert!(many.is_complete(), "{file}, run {run}");
            assert_eq!(many.count(), one.count(), "{file}, run {run}");
            let mut text = Vec::new();
            many.zdd().unwrap().write(&mut text).unwrap();
            assert!(text == want, "{file}, run {run}: the ZDD differs");
            let alone = problem.memo().threads(16).keep_zdd(false).run();
            assert_eq!(
                alone.count(),
                one.count(),
                "{file}, run {run}, counted where made"
            );
            assert_eq!(
                alone.stats.zdd_nodes, one.stats.zdd_nodes,
                "{file}, run {run}"
            );
        }
    }
}
