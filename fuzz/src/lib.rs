//! The checks behind the fuzz targets, shared with the regression test that replays every file in
//! `fuzz/regressions/<target>/` (`crates/dlx/tests/it/fuzz_regressions.rs`). A failing check panics
//! with the problem in Knuth's text format, so the reproducer is readable as well as replayable.

use std::collections::BTreeSet;

use dlx::{Limits, OptionId, Problem, ProblemBuilder};

fn text_of(problem: &Problem) -> String {
    let mut out = Vec::new();
    dlx::text::write_problem(problem, &mut out).expect("write to a Vec");
    String::from_utf8(out).expect("names are ASCII")
}

/// Parses arbitrary bytes. Accepted input must print, re-read and re-print identically, and a
/// node-limited search followed by a reset must leave a solver that counts like a fresh one.
pub fn text_reader(data: &[u8]) {
    let Ok(parsed) = dlx::text::parse_bytes(data) else {
        return;
    };
    let problem = &parsed.problem;
    let text = text_of(problem);
    let again = dlx::text::parse(&text)
        .unwrap_or_else(|e| panic!("written text does not parse back: {e}\n{text}"))
        .problem;
    assert_eq!(text_of(&again), text, "round trip changed the problem");

    let mut solver = problem.solver().with_limits(Limits::none().nodes(2_000));
    let first = solver.count();
    assert!(first.nodes <= 2_000);
    solver.reset();
    let second = solver.count();
    assert_eq!(first, second, "a reset solver searched differently\n{text}");

    // The cheapest solutions (any problem without bounds): within the node limit, cheapest
    // first, each costing what its options add up to.
    if let Ok(search) = problem.best(3) {
        let best = search.with_limits(Limits::none().nodes(2_000)).run();
        assert!(best.stats.nodes <= 2_000);
        let costs = best.costs();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}\n{text}");
        for s in &best.solutions {
            let sum: u64 = s.options.iter().map(|&o| problem.option_cost(o)).sum();
            assert_eq!(sum, s.cost, "a solution's cost\n{text}");
        }
    }
}

/// A small colored problem (no bounds) with a cost on each option, from bytes: the `k`
/// cheapest solutions' costs are the `k` least of the brute-force oracle's, and each solution
/// the search reports is one.
pub fn cost_oracle(data: &[u8]) {
    let Some((&seed, rest)) = data.split_first() else {
        return;
    };
    let Some((_, secondary, options)) = decode_colored(rest) else {
        return;
    };
    let primary = 1 + (rest[0] & 3) as usize;
    let mut b = ProblemBuilder::new();
    for i in 0..primary {
        b.primary(format!("p{i}")).unwrap();
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
    let colors: Vec<dlx::ColorId> = (1..=3).map(|c| b.color(c.to_string()).unwrap()).collect();
    let mut kept = Vec::new();
    for (k, option) in options.iter().enumerate() {
        let entries = option.iter().map(|&(i, c)| {
            let color = (c > 0).then(|| colors[c as usize - 1]);
            (dlx::ItemId::new(i as u32), color)
        });
        match b.option_colored(entries) {
            Ok(id) => {
                // Costs 0 to 7, from the seed and the option's place.
                let cost = u64::from(seed.rotate_left(k as u32) & 7);
                b.set_cost(id, cost).unwrap();
                kept.push(option.clone());
            }
            Err(dlx::BuildError::OptionWithoutPrimary { .. }) => {}
            Err(e) => panic!("unexpected build error {e}"),
        }
    }
    let problem = b.build().expect("has primary items");
    let text = text_of(&problem);
    let mut all = Vec::new();
    for subset in 0u32..(1 << kept.len()) {
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); primary + secondary];
        for (k, option) in kept.iter().enumerate() {
            if subset & (1 << k) != 0 {
                option.iter().for_each(|&(i, c)| uses[i].push(c));
            }
        }
        let ok = uses[..primary].iter().all(|u| u.len() == 1)
            && uses[primary..]
                .iter()
                .all(|u| u.len() <= 1 || u.iter().all(|&c| c != 0 && c == u[0]));
        if ok {
            let cost: u64 = (0..kept.len())
                .filter(|&k| subset & (1 << k) != 0)
                .map(|k| problem.option_cost(OptionId::new(k as u32)))
                .sum();
            all.push(cost);
        }
    }
    all.sort_unstable();
    let k = 1 + (seed >> 6) as usize;
    let best = problem.best(k).expect("no bounds").run();
    assert!(best.is_complete());
    all.truncate(k);
    assert_eq!(best.costs(), all, "the k cheapest costs, k = {k}\n{text}");
    let shared = problem.best(k).expect("no bounds").threads(2).run();
    assert_eq!(shared.costs(), all, "on two threads, k = {k}\n{text}");
    for s in &best.solutions {
        let mut options = s.options.clone();
        options.sort();
        let sum: u64 = options.iter().map(|&o| problem.option_cost(o)).sum();
        assert_eq!(sum, s.cost, "{text}");
        let mut seen: Vec<usize> = Vec::new();
        for &o in &options {
            for (item, _) in problem.option_entries(o) {
                if problem.is_primary(item) {
                    seen.push(item.index());
                }
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..primary).collect::<Vec<_>>(), "{text}");
    }
}

/// Reads a small problem from bytes: item counts, then options as item bitmasks.
fn decode(data: &[u8]) -> Option<(usize, usize, Vec<Vec<usize>>)> {
    let (&head, rest) = data.split_first()?;
    let primary = 1 + (head & 7) as usize % 6; // 1..=6
    let secondary = (head >> 3) as usize % 4; // 0..=3
    let n = primary + secondary;
    let options = rest
        .chunks(2)
        .take(12)
        .map(|c| {
            let mask = u16::from(c[0]) | u16::from(*c.get(1).unwrap_or(&0)) << 8;
            (0..n).filter(|&i| mask & (1 << i) != 0).collect::<Vec<_>>()
        })
        .collect();
    Some((primary, secondary, options))
}

/// Builds a decoded problem and compares every way of searching it with a brute-force oracle.
pub fn oracle(data: &[u8]) {
    let Some((primary, secondary, options)) = decode(data) else {
        return;
    };
    let mut b = ProblemBuilder::new();
    for i in 0..primary {
        b.primary(format!("p{i}")).unwrap();
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
    // Options without a primary item are refused by the builder; keep the accepted ones.
    let mut kept = Vec::new();
    for option in &options {
        let items = option.iter().map(|&i| dlx::ItemId::new(i as u32));
        match b.option(items) {
            Ok(_) => kept.push(option.clone()),
            Err(dlx::BuildError::OptionWithoutPrimary { .. }) => {}
            Err(e) => panic!("unexpected build error {e}"),
        }
    }
    let problem = b.build().expect("has primary items");
    let text = text_of(&problem);

    let mut expected = BTreeSet::new();
    for subset in 0u32..(1 << kept.len()) {
        let mut cover = vec![0; primary + secondary];
        for (k, option) in kept.iter().enumerate() {
            if subset & (1 << k) != 0 {
                option.iter().for_each(|&i| cover[i] += 1);
            }
        }
        if cover[..primary].iter().all(|&c| c == 1) && cover[primary..].iter().all(|&c| c <= 1) {
            expected.insert(
                (0..kept.len())
                    .filter(|&k| subset & (1 << k) != 0)
                    .collect::<Vec<_>>(),
            );
        }
    }

    search_matches(&problem, &expected, data[0], &text);
}

/// Primary items with their bounds, secondary items, and options as (item, color) lists, color
/// 0 meaning none.
type ColoredSpec = (Vec<(u32, u32)>, usize, Vec<Vec<(usize, u32)>>);

/// Reads a small colored problem from bytes: item counts, then options as (item mask, color
/// byte) triples; each secondary item of an option gets color `(byte >> 2k) & 3` (0: none).
fn decode_colored(data: &[u8]) -> Option<ColoredSpec> {
    let (&head, rest) = data.split_first()?;
    let primary = 1 + (head & 3) as usize; // 1..=4
    let secondary = 1 + ((head >> 2) & 3) as usize % 3; // 1..=3
                                                        // The high bits give the first two primary items bounds (dlx3's multiplicities).
    const BOUNDS: [(u32, u32); 4] = [(1, 1), (0, 1), (0, 2), (1, 2)];
    let bounds: Vec<(u32, u32)> = (0..primary)
        .map(|i| match i {
            0 => BOUNDS[((head >> 4) & 3) as usize],
            1 => BOUNDS[((head >> 6) & 3) as usize],
            _ => (1, 1),
        })
        .collect();
    let n = primary + secondary;
    let options = rest
        .chunks(2)
        .take(11)
        .map(|c| {
            let mask = c[0];
            let colors = *c.get(1).unwrap_or(&0);
            (0..n)
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| {
                    let color = if i < primary {
                        0
                    } else {
                        u32::from(colors >> (2 * (i - primary))) & 3
                    };
                    (i, color)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    Some((bounds, secondary, options))
}

/// Builds a decoded colored (and maybe bounded) problem and compares the search with a
/// brute-force enumeration that checks the rules directly: every primary item covered within its
/// bounds; every secondary item in at most one option, or in any number that all give it the same
/// color. Then stops it anywhere
/// and checks that a reset solver counts the same, cleansings included.
pub fn colored_oracle(data: &[u8]) {
    let Some((bounds, secondary, options)) = decode_colored(data) else {
        return;
    };
    let primary = bounds.len();
    let mut b = ProblemBuilder::new();
    // Items of bounds [1, 1] are declared plain: a problem with no other bounds is searched by
    // the colored loop (dlx2), one with some by dlx3's rules.
    for (i, &(lo, hi)) in bounds.iter().enumerate() {
        match (lo, hi) {
            (1, 1) => b.primary(format!("p{i}")).unwrap(),
            _ => b.primary_bounded(format!("p{i}"), lo, hi).unwrap(),
        };
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
    let colors: Vec<dlx::ColorId> = (1..=3).map(|c| b.color(c.to_string()).unwrap()).collect();
    let mut kept = Vec::new();
    for option in &options {
        let entries = option.iter().map(|&(i, c)| {
            let color = (c > 0).then(|| colors[c as usize - 1]);
            (dlx::ItemId::new(i as u32), color)
        });
        match b.option_colored(entries) {
            Ok(_) => kept.push(option.clone()),
            Err(dlx::BuildError::OptionWithoutPrimary { .. }) => {}
            Err(e) => panic!("unexpected build error {e}"),
        }
    }
    let problem = b.build().expect("has primary items");
    let text = text_of(&problem);

    let mut expected = BTreeSet::new();
    for subset in 0u32..(1 << kept.len()) {
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); primary + secondary];
        for (k, option) in kept.iter().enumerate() {
            if subset & (1 << k) != 0 {
                option.iter().for_each(|&(i, c)| uses[i].push(c));
            }
        }
        let ok = uses[..primary]
            .iter()
            .zip(&bounds)
            .all(|(u, &(lo, hi))| (lo as usize..=hi as usize).contains(&u.len()))
            && uses[primary..]
                .iter()
                .all(|u| u.len() <= 1 || u.iter().all(|&c| c != 0 && c == u[0]));
        if ok {
            expected.insert(
                (0..kept.len())
                    .filter(|&k| subset & (1 << k) != 0)
                    .collect::<Vec<_>>(),
            );
        }
    }
    search_matches(&problem, &expected, data[0], &text);
}

/// The search finds exactly the `expected` solutions (as sorted option indices), each once, and
/// exhausts the tree; stopped after `seed % (nodes + 1)` nodes and reset, a solver counts the
/// same again. `text` is the problem in Knuth's format, for the panic message.
fn search_matches(problem: &Problem, expected: &BTreeSet<Vec<usize>>, seed: u8, text: &str) {
    let mut solver = problem.solver();
    let got: Vec<Vec<usize>> = solver
        .solutions()
        .map(|s| {
            let mut v: Vec<usize> = s.options().iter().map(|o: &OptionId| o.index()).collect();
            v.sort_unstable();
            v
        })
        .collect();
    let got_set: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
    assert_eq!(
        got.len(),
        got_set.len(),
        "a solution reported twice\n{text}"
    );
    assert_eq!(
        &got_set, expected,
        "solutions differ from the oracle\n{text}"
    );
    let full = solver.outcome();
    assert!(full.is_complete());

    // The memoized search's ZDD holds the same solutions, each once, and counts them.
    let memo = problem.memo().run();
    let zdd = memo.zdd().expect("no limit set");
    let listed: Vec<Vec<usize>> = zdd
        .solutions()
        .map(|s| {
            let mut v: Vec<usize> = s.iter().map(|&k| k as usize - 1).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(listed.len(), expected.len(), "the ZDD's solutions\n{text}");
    assert_eq!(
        &listed.into_iter().collect::<BTreeSet<_>>(),
        expected,
        "the ZDD's solutions differ from the oracle\n{text}"
    );
    assert_eq!(
        memo.count().and_then(|c| c.to_u64()),
        Some(expected.len() as u64)
    );
    // On two threads sharing one cache: the count and the ZDD's nodes are one thread's, and
    // the ZDD holds the same solutions.
    let two = problem.memo().threads(2).run();
    assert_eq!(two.count(), memo.count(), "two threads' count\n{text}");
    assert_eq!(
        two.stats.zdd_nodes, memo.stats.zdd_nodes,
        "two threads' ZDD nodes\n{text}"
    );
    let two_listed: BTreeSet<Vec<usize>> = two
        .zdd()
        .expect("no limit set")
        .solutions()
        .map(|s| {
            let mut v: Vec<usize> = s.iter().map(|&k| k as usize - 1).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(&two_listed, expected, "two threads' ZDD\n{text}");
    // A count alone on two threads (taken where the threads made the nodes): the same.
    let alone = problem.memo().threads(2).keep_zdd(false).run();
    assert_eq!(
        alone.count(),
        memo.count(),
        "two threads' count alone\n{text}"
    );
    assert_eq!(
        alone.stats.zdd_nodes, memo.stats.zdd_nodes,
        "two threads' ZDD nodes, a count alone\n{text}"
    );
    // Counted by components: the same count.
    let parts = problem.memo().components(true).run();
    assert_eq!(parts.count(), memo.count(), "by components\n{text}");

    // Knuth's preprocessor keeps the solutions, each as the options it came from (problems
    // without bounds; it refuses the others).
    if let Ok(reduced) = problem.preprocess() {
        let mut solver = reduced.problem().solver();
        let mapped: BTreeSet<Vec<usize>> = solver
            .solutions()
            .map(|s| {
                let mut v: Vec<usize> = s
                    .options()
                    .iter()
                    .map(|&o| reduced.origin(o).index())
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        assert_eq!(
            &mapped, expected,
            "the preprocessed problem's solutions\n{text}"
        );
    }

    // Stopping anywhere and resetting leaves the links as built.
    let limit = u64::from(seed) % (full.nodes + 1);
    let mut limited = problem.solver().with_limits(Limits::none().nodes(limit));
    let part = limited.count();
    assert!(part.nodes <= limit);
    limited.reset();
    limited.set_limits(Limits::none());
    assert_eq!(limited.count(), full, "reset after {limit} nodes\n{text}");
}

/// A small problem for the job lines to name: Knuth's example, or one with bounds (whose
/// prefixes may hold null moves).
fn job_problem(bounded: bool) -> Problem {
    let text = if bounded {
        "2|A 0:2|B C | X\nA B\nA C X\nB C\nA X\nB\nC\nA B C\n"
    } else {
        "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
    };
    dlx::text::parse(text).expect("a valid problem").problem
}

/// Job lines as `--split` writes them and `dlx merge` reads them. Any line that reads writes
/// back the same; a job it names is run or refused, never a panic, and the tally of what ran
/// is refused or adds up without a panic; a line followed by figures is a summary as `dlx
/// merge` reads one, its claims tallied (or refused) as they are. Then a split of the small problem into `k` jobs
/// (`k` from the first byte), run and tallied, gives the whole search's figures; and the same
/// by dancing cells finds every solution.
pub fn jobs(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let problem = job_problem(head & 1 == 1);
    // One thread: the jobs are what is checked here, not the sharing out (tests/it/parallel.rs).
    let parallel = problem.parallel().threads(1);
    let text = String::from_utf8_lossy(rest);
    // What `dlx merge` reads: a job line and the figures its summary claims, whatever they are
    // (`LINE SOLUTIONS NODES UPDATES CLEANSINGS PROFILE,... [stopped]`): added up or refused,
    // never a panic, and a total that is not refused is the sum of what was added.
    let mut claimed = dlx::split::Tally::new();
    let mut sum = [0u128; 4];
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        let Some(Ok(job)) = fields.next().map(str::parse::<dlx::split::JobLine>) else {
            continue;
        };
        let mut n = || {
            fields
                .next()
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        };
        let figures = [n(), n(), n(), n()];
        let profile: Vec<u64> = fields
            .next()
            .map(|f| {
                f.split(',')
                    .filter_map(|x| x.parse().ok())
                    .take(64)
                    .collect()
            })
            .unwrap_or_default();
        let stopped = fields.next().map(|_| dlx::StopReason::NodeLimit);
        let stats =
            dlx::Stats::from_figures(figures[0], figures[1], figures[2], figures[3], profile);
        if claimed.add(&job, &stats, stopped).is_ok() {
            for (s, f) in sum.iter_mut().zip(figures) {
                *s += u128::from(f);
            }
        }
    }
    if let Ok(total) = claimed.finish() {
        let got = [
            total.solutions,
            total.nodes,
            total.updates,
            total.cleansings,
        ];
        assert!(
            got.iter().zip(sum).all(|(&g, s)| u128::from(g) == s),
            "a tally that adds up to {got:?}, of figures summing to {sum:?}"
        );
    }

    let mut tally = dlx::split::Tally::new();
    for line in text.lines() {
        let Ok(job) = line.parse::<dlx::split::JobLine>() else {
            continue;
        };
        let written = job.to_string();
        let again: dlx::split::JobLine = written
            .parse()
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(again, job, "job line round trip");
        if let Ok(report) = parallel.count_job(&job.job) {
            let _ = tally.add(&job, &report.stats, None);
        }
    }
    let _ = tally.finish();

    let whole = problem.solver().count();
    let k = usize::from(head >> 1) % 6 + 1;
    let jobs = parallel.split(k).expect("the root splits");
    let mut tally = dlx::split::Tally::new();
    for (i, job) in jobs.iter().enumerate() {
        let line = dlx::split::JobLine {
            fingerprint: problem.fingerprint(),
            index: i + 1,
            total: jobs.len(),
            job: job.clone(),
        };
        let read: dlx::split::JobLine = line.to_string().parse().expect("a written job line");
        let report = parallel.count_job(&read.job).expect("a job of the split");
        tally
            .add(&read, &report.stats, None)
            .expect("each job once");
    }
    let total = tally.finish().expect("every job");
    assert_eq!(
        (
            total.solutions,
            total.nodes,
            total.updates,
            total.cleansings
        ),
        (
            whole.solutions,
            whole.nodes,
            whole.updates,
            whole.cleansings
        ),
        "{k} jobs do not add up to the whole"
    );

    // Dancing cells by failure rate (`ssmcc-frb`'s binary tree, whose jobs leave options out,
    // `-N`): the same lines run or are refused without a panic, and a split finds every
    // solution once (its nodes are its own: a job's sets are in the order of its replay).
    let cells = problem
        .parallel()
        .threads(1)
        .with_engine(dlx::Engine::FailRate)
        .expect("dancing cells take every problem");
    for line in text.lines() {
        if let Ok(job) = line.parse::<dlx::split::JobLine>() {
            let _ = cells.count_job(&job.job);
        }
    }
    let found: u64 = cells
        .split(k)
        .expect("the root splits")
        .iter()
        .map(|job| {
            cells
                .count_job(job)
                .expect("a job of the split")
                .outcome
                .solutions
        })
        .sum();
    assert_eq!(found, whole.solutions, "{k} jobs of dancing cells");
}

/// Reads arbitrary bytes as a ZDD file. Whatever reads is consistent: its count is the
/// number of solutions listed (when few), the counts by size add up to it, random draws are
/// among the solutions, and it writes and reads back as the same diagram.
pub fn zdd_reader(data: &[u8]) {
    let Ok(zdd) = dlx::zdd::Zdd::read(data) else {
        return;
    };
    let count = zdd.count();
    let listed: Vec<Vec<u32>> = zdd.solutions().take(10_001).collect();
    if let Some(n) = count.to_u64().filter(|&n| n <= 10_000) {
        assert_eq!(listed.len() as u64, n, "the count and the listing");
    }
    let by_size = zdd
        .count_by_size()
        .into_iter()
        .fold(dlx::zdd::Count::default(), |a, b| a + b);
    assert_eq!(by_size, count, "the counts by size add up");
    if !count.is_zero() {
        for s in zdd.sampler(u64::from(data[0])).take(5) {
            if count.to_u64().is_some_and(|n| n <= 10_000) {
                assert!(listed.contains(&s), "a draw that is no solution");
            }
        }
    }
    let mut text = Vec::new();
    zdd.write(&mut text).expect("write to a Vec");
    let back = dlx::zdd::Zdd::read(&text[..]).expect("what was written reads");
    assert_eq!(back, zdd, "written and read back");
}

mod engines;
pub use engines::engines;
