//! `puzzles::run`: the engine, the threads, the limits and the classes, as the commands use
//! them.

use std::ops::ControlFlow;

use dlx::{Engine, Limits};
use puzzles::run::{run, Run};
use puzzles::{Langford, Order, Puzzle, Queens};

/// Every solution `run` visits, as text.
fn listed<P: Puzzle + Sync>(puzzle: &P, how: &Run) -> (Vec<String>, u64)
where
    P::Solution: Send,
{
    let mut seen = Vec::new();
    let ran = run(puzzle, how, &mut |s| {
        seen.push(puzzle.to_text(&s));
        ControlFlow::Continue(())
    })
    .unwrap();
    (seen, ran.count())
}

#[test]
fn counts_lists_and_classes_agree_on_every_engine_and_thread_count() {
    let queens = Queens::new(7, Order::OrganPipe).unwrap();
    let one = Run::default();
    let (boards, count) = listed(&queens, &one);
    assert_eq!((boards.len(), count), (40, 40));
    // Counting visits nothing, on every core by default.
    let counted = Run::default().count(true);
    let (none, count) = listed(&queens, &counted);
    assert_eq!((none.len(), count), (0, 40));
    // Two threads in order: the one-thread listing; as found: the same set.
    let ordered = Run::default().threads(Some(2)).ordered(true);
    assert_eq!(listed(&queens, &ordered).0, boards);
    let found = Run::default().threads(Some(2));
    let (mut any, _) = listed(&queens, &found);
    let mut sorted = boards.clone();
    any.sort();
    sorted.sort();
    assert_eq!(any, sorted);
    // Dancing cells: the same solutions.
    let cells = Run::default().engine(Engine::Cells);
    let (mut by_cells, n) = listed(&queens, &cells);
    by_cells.sort();
    assert_eq!((by_cells, n), (sorted, 40));
    assert_eq!(
        run(&queens, &cells, &mut |_| ControlFlow::Continue(()))
            .unwrap()
            .engine,
        Engine::Cells
    );
}

#[test]
fn the_limit_counts_solutions_or_classes() {
    let langford = Langford::new(7).unwrap();
    let limited = Run::default().limit(Some(3));
    let (seen, count) = listed(&langford, &limited);
    assert_eq!((seen.len(), count), (3, 3));
    // L(2, 7) has 26 sequences up to reversal; with --limit 2, two classes.
    let classes = Run::default().distinct(true);
    assert_eq!(listed(&langford, &classes).1, 26);
    let two = Run::default().distinct(true).limit(Some(2));
    let (seen, count) = listed(&langford, &two);
    assert_eq!((seen.len(), count), (2, 2));
    // A node limit stops the search: fewer solutions than there are.
    let nodes = Run::default().limits(Limits::none().nodes(Some(10)));
    let mut visits = 0;
    let ran = run(&langford, &nodes, &mut |_| {
        visits += 1;
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(!ran.report.outcome.is_complete() && visits < 52);
}

#[cfg(feature = "serde")]
#[test]
fn the_summary_puts_the_classes_after_the_search_keys() {
    let queens = Queens::new(6, Order::OrganPipe).unwrap();
    let how = Run::default().distinct(true).count(true);
    let ran = run(&queens, &how, &mut |_| ControlFlow::Continue(())).unwrap();
    let json = serde_json::to_string(&ran.summary(false, Some(Engine::Links))).unwrap();
    assert!(json.starts_with("{\"solutions\":4,"), "{json}");
    assert!(
        json.contains("\"engine\":\"links\",\"distinct\":1,\"symmetries\":8,\"method\":"),
        "{json}"
    );
    assert!(
        !json.contains("best_scores") && !json.contains("threads"),
        "{json}"
    );
}
