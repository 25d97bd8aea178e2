//! Every engine against the default: dancing links and dancing cells (and their weighted
//! forms) find the same solutions on arbitrary problems with colors, and with bounds on items
//! (`dlx3` against `ssmcc`), larger than a brute-force oracle could check; and each engine
//! stopped and resumed, and cut into jobs, finds them too.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx::{Engine, Limits, Parallel, Problem, ProblemBuilder};

/// A problem of 1 to 8 primary items and up to 3 secondary ones with up to 3 colors, and up to
/// 40 options, 3 bytes each (primary items, secondary items, their colors). With the header's
/// bit 5, two bytes after it give each primary item bounds (2 bits each: `[1, 1]`, `[0, 1]`,
/// `[1, 2]`, `[0, 2]`), every item declared with its bounds, so that bounds that are all 1 are
/// searched by `dlx3`'s and `ssmcc`'s rules; without it, the items are plain.
fn decode(data: &[u8]) -> Option<Problem> {
    let (&head, mut rest) = data.split_first()?;
    let primary = 1 + (head & 7) as usize;
    let secondary = ((head >> 3) & 3) as usize;
    let mut bounds = 0u16;
    if head & 0x20 != 0 {
        let (two, after) = rest.split_at_checked(2)?;
        bounds = u16::from_le_bytes([two[0], two[1]]);
        rest = after;
    }
    let mut b = ProblemBuilder::new();
    for i in 0..primary {
        let (lo, hi) = [(1, 1), (0, 1), (1, 2), (0, 2)][usize::from(bounds >> (2 * i)) & 3];
        match head & 0x20 {
            0 => b.primary(format!("p{i}")).ok()?,
            _ => b.primary_bounded(format!("p{i}"), lo, hi).ok()?,
        };
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).ok()?;
    }
    let colors: Vec<dlx::ColorId> = (1..=3).map(|c| b.color(c.to_string()).unwrap()).collect();
    for c in rest.chunks(3).take(40) {
        let (mask, smask, cols) = (c[0], *c.get(1).unwrap_or(&0), *c.get(2).unwrap_or(&0));
        let mut entries = Vec::new();
        for i in (0..primary).filter(|&i| mask & (1 << i) != 0) {
            entries.push((dlx::ItemId::new(i as u32), None));
        }
        for i in (0..secondary).filter(|&i| smask & (1 << i) != 0) {
            let color = (cols >> (2 * i)) & 3;
            let color = (color > 0).then(|| colors[color as usize - 1]);
            entries.push((dlx::ItemId::new((primary + i) as u32), color));
        }
        // Options without a primary item are refused; the others are kept.
        let _ = b.option_colored(entries);
    }
    b.build().ok()
}

/// Each solution's options, sorted, and how many times each was found.
fn solutions(problem: &Problem, engine: Engine) -> (Vec<Vec<usize>>, dlx::Outcome) {
    let mut solver = problem.solver_with(engine).unwrap();
    let mut all = Vec::new();
    let outcome = solver.search(|s| {
        let mut v: Vec<usize> = s.options().map(|o| o.index()).collect();
        v.sort_unstable();
        all.push(v);
        ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    (all, outcome)
}

pub fn engines(data: &[u8]) {
    let Some(problem) = decode(data) else {
        return;
    };
    let text = {
        let mut out = Vec::new();
        dlx::text::write_problem(&problem, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    // Every engine there is (`Engine::each`: a new one is fuzzed the moment it is listed)
    // against the default: the same solutions, each once.
    let (default, _) = solutions(&problem, Engine::DEFAULT);
    let want: BTreeSet<Vec<usize>> = default.into_iter().collect();
    for engine in Engine::each() {
        let (found, full) = solutions(&problem, engine);
        let once: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        assert_eq!(
            once.len(),
            found.len(),
            "{engine} found a solution twice:\n{text}"
        );
        assert_eq!(
            once,
            want,
            "{} and {engine} differ:\n{text}",
            Engine::DEFAULT
        );

        // Stopped after some nodes and resumed, the same figures.
        let stop = u64::from(data[0]) % (full.nodes + 1);
        let mut solver = problem.solver_with(engine).unwrap();
        solver.set_limits(Limits::none().nodes(stop));
        solver.count();
        solver.set_limits(Limits::none());
        assert_eq!(
            solver.count(),
            full,
            "{engine} resumed after {stop} nodes:\n{text}"
        );

        // Split into jobs (each replays its way from the root), the same number of solutions.
        // (The threads are the conformance suite's: a thread pool per input made the target
        // slow.)
        let par = Parallel::new(&problem)
            .threads(1)
            .with_engine(engine)
            .unwrap();
        let jobs = par.split(1 + (data[0] as usize % 5)).unwrap();
        let total: u64 = jobs
            .iter()
            .map(|j| par.count_job(j).unwrap().outcome.solutions)
            .sum();
        assert_eq!(
            total,
            full.solutions,
            "{engine}, {} jobs:\n{text}",
            jobs.len()
        );
    }
}
