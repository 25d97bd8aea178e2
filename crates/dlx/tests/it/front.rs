//! The front door (`dlx::Search`): every task gives what the search under it gives, with the
//! engine and the thread rule chosen inside, and settings that do not go together refused.

use std::ops::ControlFlow;

use dlx::{Engine, Limits, Problem, Search, SearchError, Task};

fn load(name: &str) -> Problem {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/instances")
        .join(name);
    dlx::text::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .problem
}

fn count(search: Search<'_>) -> dlx::Found {
    search.run(|_| ControlFlow::Continue(())).unwrap()
}

#[test]
fn every_task_gives_what_its_search_gives() {
    let queens = load("queens8.dlx");
    let one = queens.solver().count();
    // A count by dancing links runs on every core by default, with the one-thread figures.
    let found = count(queens.search().task(Task::Count));
    assert_eq!(
        (found.stats.nodes, found.stats.updates),
        (one.nodes, one.updates)
    );
    assert_eq!(found.count.to_u64(), Some(92));
    assert_eq!(found.engine, Engine::Links);
    assert_eq!(found.threads, queens.parallel().num_threads());
    // By dancing cells, one thread unless told: ssxcc's figures.
    let cells = count(queens.search().task(Task::Count).engine(Engine::Cells));
    let direct = queens.solver_with(Engine::Cells).unwrap().count();
    assert_eq!((cells.threads, cells.stats.nodes), (1, direct.nodes));
    // A listing visits every solution, in the one-thread order.
    let mut listed = Vec::new();
    let found = queens
        .search()
        .run(|options| {
            listed.push(options.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    let order: Vec<Vec<dlx::OptionId>> = queens
        .solver()
        .solutions()
        .map(|s| s.options().to_vec())
        .collect();
    assert_eq!((listed, found.threads), (order, 1));
    // The memoized count: dlx6's figures, and the ZDD.
    let memo = count(queens.search().task(Task::Memo));
    let direct = queens.memo().run();
    assert_eq!(memo.stats.nodes, direct.stats.nodes);
    assert_eq!(memo.memo.unwrap().zdd().unwrap().count().to_u64(), Some(92));
    // The cheapest solutions.
    let costs = load("cost/setpart_40_400_s1.dlx");
    let best = count(costs.search().task(Task::Cheapest { k: 3 }));
    assert_eq!(best.cheapest.unwrap().costs(), [392, 398, 399]);
}

#[test]
fn a_preprocessed_search_visits_options_of_the_problem() {
    let sudoku = load("sudoku_leetcode_full.dlx");
    let mut found = Vec::new();
    let run = sudoku
        .search()
        .preprocess(true)
        .run(|options| {
            found.push(options.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    let direct: Vec<dlx::Solution> = sudoku.solver().solutions().collect();
    assert_eq!(found.len(), direct.len());
    let mut got = found[0].clone();
    got.sort();
    assert_eq!(got, direct[0].sorted());
    let pre = run.preprocessed.unwrap();
    assert!(pre.options_removed > 0 && pre.items_removed > 0);
}

#[test]
fn split_jobs_through_the_door_add_up() {
    let queens = load("queens8.dlx");
    for engine in [Engine::Links, Engine::Cells] {
        let search = queens.search().task(Task::Count).engine(engine);
        let lines = search.split(6).unwrap();
        let total: u64 = lines
            .iter()
            .map(|line| {
                let job = search.clone().job_line(line).unwrap();
                count(job).count.to_u64().unwrap()
            })
            .sum();
        assert_eq!(total, 92, "{engine}");
        // A line of one engine is refused by another.
        let other = if engine == Engine::Links {
            Engine::Cells
        } else {
            Engine::Links
        };
        let foreign = queens
            .search()
            .task(Task::Count)
            .engine(other)
            .job_line(&lines[0]);
        assert!(matches!(foreign, Err(SearchError::Foreign(_))), "{engine}");
    }
}

/// The memoized count split into jobs (dancing links' subtrees, the solutions that have each
/// job's options) adds up to the whole count, exactly past 64 bits, with colors, and for jobs
/// that are a solution or a dead end on their own; a problem with bounds is refused.
#[test]
fn memoized_count_split_into_jobs_adds_up() {
    // Each with whether its jobs are counted by dancing links too (quick enough).
    let cases = [
        ("queens8.dlx", 12, true),
        // F(101) tilings of a 2x100 strip: past 64 bits, in 300 nodes.
        ("memo/dominoes_2x100.dlx", 6, false),
        ("memo/aztec_8.dlx", 20, false),
        ("memo/dominoes_8x8.dlx", 25, false),
        ("memo/dominoes_6x6.dlx", 9, true),
        ("xcc/words_3x3.dlx", 20, true),
        ("knuth_example_dlx1.dlx", 8, true),
    ];
    for (name, k, by_links) in cases {
        let problem = load(name);
        let search = problem.search().task(Task::Memo);
        let whole = count(search.clone());
        assert!(whole.stopped.is_none(), "{name}");
        let lines = search.split(k).unwrap();
        assert!(lines.len() >= k.min(2), "{name}: {} jobs", lines.len());
        let mut total = dlx::zdd::Count::default();
        for line in &lines {
            let job = count(search.clone().job_line(line).unwrap());
            assert!(job.stopped.is_none(), "{name}");
            // The job's count is the links engine's count of the same subtree, where it fits.
            if by_links {
                let links = problem.search().task(Task::Count).threads(1);
                let links = count(links.job_line(line).unwrap());
                assert_eq!(job.count, links.count, "{name}: {line}");
            }
            total = total + job.count;
        }
        assert_eq!(total, whole.count, "{name}: {} jobs", lines.len());
    }
    let bounded = load("xcc/double_queens_7x7_2.dlx");
    let refused = bounded.search().task(Task::Memo).split(4);
    assert!(
        matches!(refused, Err(SearchError::Settings { .. })),
        "{refused:?}"
    );
}

#[test]
fn settings_that_do_not_go_together_are_refused_before_any_search() {
    let queens = load("queens8.dlx");
    let refused = |search: Search<'_>| match search.check() {
        Err(SearchError::Settings { what, .. }) => what,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(queens.search().task(Task::Memo).preprocess(true)),
        "the preprocessor and this task"
    );
    let job = queens.search().split(2).unwrap().remove(0).job;
    let bounded = load("xcc/double_queens_7x7_2.dlx");
    let bounded_job = bounded
        .search()
        .task(Task::Count)
        .split(2)
        .unwrap()
        .remove(0)
        .job;
    assert_eq!(
        refused(bounded.search().task(Task::Memo).job(bounded_job)),
        "the memoized search and a job"
    );
    assert_eq!(
        refused(queens.search().task(Task::List).job(job.clone())),
        "a job and a listing"
    );
    assert_eq!(
        refused(queens.search().task(Task::Count).job(job).preprocess(true)),
        "the preprocessor and a job"
    );
    // The cheapest solutions and the memoized search are dancing links'.
    let cells = queens.search().task(Task::Memo).engine(Engine::Cells);
    assert!(matches!(cells.check(), Err(SearchError::EngineTask { .. })));
    // And run refuses what check refuses.
    let run = queens
        .search()
        .task(Task::Memo)
        .preprocess(true)
        .run(|_| ControlFlow::Continue(()));
    assert!(matches!(run, Err(SearchError::Settings { .. })));
}

#[test]
fn limits_hold_and_say_so() {
    let pentominoes = load("pentomino_6x10.dlx");
    let found = count(
        pentominoes
            .search()
            .task(Task::Count)
            .limits(Limits::none().nodes(50_000)),
    );
    assert!(!found.is_complete());
    assert_eq!(found.stopped, Some(dlx::StopReason::NodeLimit));
    assert!(found.stats.nodes <= 50_000);
    // Every engine's count of --engine all, and the memo's.
    let queens = load("queens8.dlx");
    let all: Vec<(Engine, Task)> = queens
        .search()
        .every_engine()
        .iter()
        .map(|s| {
            let found = count(s.clone());
            assert_eq!(found.count.to_u64(), Some(92));
            (
                found.engine,
                if found.memo.is_some() {
                    Task::Memo
                } else {
                    Task::Count
                },
            )
        })
        .collect();
    let engines: Vec<Engine> = Engine::each().collect();
    assert_eq!(all.len(), engines.len() + 1);
    assert_eq!(all.last().unwrap().1, Task::Memo);
}

/// Counting by components through the front door: the memoized count's, the same count, no
/// ZDD; refused with threads, a job, a split, bounds or another task.
#[test]
fn components_are_the_memoized_counts() {
    let problem = load("langford11.dlx");
    let plain = count(problem.search().task(Task::Memo));
    let parts = count(problem.search().task(Task::Memo).components(true));
    assert_eq!(parts.count, plain.count);
    let memo = parts.memo.expect("the memoized search's figures");
    assert!(memo.by_components() && memo.zdd().is_none());
    let refused = |search: Search<'_>| match search.run(|_| ControlFlow::Continue(())) {
        Err(SearchError::Settings { what, .. }) => what,
        other => panic!("not refused: {other:?}"),
    };
    let with = |task| problem.search().task(task).components(true);
    assert_eq!(
        refused(with(Task::Count)),
        "counting by components and this task"
    );
    assert_eq!(
        refused(with(Task::Memo).threads(2)),
        "counting by components and threads"
    );
    let jobs = with(Task::Memo).split(4);
    assert!(matches!(jobs, Err(SearchError::Settings { .. })));
    let lines = problem.search().task(Task::Memo).split(4).unwrap();
    assert_eq!(
        refused(with(Task::Memo).job_line(&lines[0]).unwrap()),
        "counting by components and a job"
    );
    let bounded = load("xcc/double_queens_7x7_2.dlx");
    let search = bounded.search().task(Task::Memo).components(true);
    assert_eq!(refused(search), "counting by components and bounds");
}
