//! The generator: every puzzle has one solution and no clue (orbit) to spare, checked by a
//! method other than the generator's (row-major forward checking, not the engine or the
//! singles); the clue pattern has the symmetry asked for; a seed always makes the same puzzle.

use sudoku::{
    puzzle_seed, GenerateSettings, Generator, Grid, Method, Regions, Shape, Sudoku, Symmetry,
    Variant,
};

/// Checks one made puzzle against its rules with the forward-checking method.
fn check(sudoku: &Sudoku, made: &sudoku::Generated, symmetry: Symmetry) {
    let n = sudoku.shape().size();
    let mut method = sudoku.method_solver(Method::Forward);
    let cells = made.puzzle.cells();
    assert_eq!(made.clues, cells.iter().filter(|&&d| d != 0).count());
    // The givens are the solution's.
    for (k, &d) in cells.iter().enumerate() {
        assert!(d == 0 || d == made.solution.cells()[k]);
    }
    assert!(symmetry.holds(&made.puzzle), "{symmetry}");
    let found = method
        .search(&made.puzzle, 1, dlx::Limits::none().solutions(2))
        .unwrap();
    assert_eq!((found.count, found.is_complete()), (1, true));
    assert_eq!(found.grids[0], made.solution);
    // Minimal: taking away any orbit of givens gives a second solution.
    assert!(made.minimal);
    let mut seen = vec![false; n * n];
    for k in (0..n * n).filter(|&k| cells[k] != 0) {
        if seen[k] {
            continue;
        }
        let mut less = cells.to_vec();
        for j in symmetry.orbit(n, k) {
            seen[j] = true;
            less[j] = 0;
        }
        let less = Grid::from_cells(sudoku.shape(), less).unwrap();
        let found = method
            .search(&less, 0, dlx::Limits::none().solutions(2))
            .unwrap();
        assert_eq!(found.count, 2, "the orbit of cell {k} could go");
    }
}

#[test]
fn classic_puzzles_are_unique_minimal_and_symmetric() {
    let sudoku = Sudoku::classic();
    for &symmetry in Symmetry::ALL {
        let settings = GenerateSettings::default().symmetry(symmetry);
        let mut generator = Generator::new(&sudoku, settings);
        for i in 0..12 {
            let made = generator.generate(puzzle_seed(7, i)).unwrap();
            check(&sudoku, &made, symmetry);
            assert!((17..=40).contains(&made.clues), "{} clues", made.clues);
            assert!(made.nodes.is_some_and(|n| n > 0));
            // The depth of the proof's guesses is that of a fresh proof.
            let mut solver = sudoku.solver().branch_depth(true);
            let proof = solver
                .search(&made.puzzle, 0, dlx::Limits::none().solutions(2))
                .unwrap();
            assert_eq!(Some(proof.stats.nodes), made.nodes);
            assert_eq!(proof.stats.branch_depth, made.branch_depth);
            assert!(made.branch_depth.is_some());
        }
    }
}

#[test]
fn other_sizes_and_variants() {
    // The classic boxes with two cells traded between the first and the fourth.
    let jigsaw = Regions::from_map(
        "AAABBBCCC\nAAABBBCCC\nAADBBBCCC\nADDEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n",
    )
    .unwrap();
    let mut rules = vec![
        Sudoku::new(Shape::new(4).unwrap(), Variant::default()).unwrap(),
        Sudoku::new(Shape::new(6).unwrap(), Variant::default()).unwrap(),
        Sudoku::new(
            Shape::CLASSIC,
            Variant {
                diagonals: true,
                ..Variant::default()
            },
        )
        .unwrap(),
        Sudoku::new(
            Shape::CLASSIC,
            Variant {
                hyper: true,
                ..Variant::default()
            },
        )
        .unwrap(),
    ];
    rules.push(
        Sudoku::new(
            Shape::CLASSIC,
            Variant {
                regions: Some(jigsaw),
                ..Variant::default()
            },
        )
        .unwrap(),
    );
    for sudoku in &rules {
        let mut generator = Generator::new(sudoku, GenerateSettings::default());
        for i in 0..6 {
            let made = generator.generate(puzzle_seed(3, i)).unwrap();
            check(sudoku, &made, Symmetry::None);
        }
    }
}

#[test]
fn a_seed_makes_the_same_puzzle_and_seeds_differ() {
    let sudoku = Sudoku::classic();
    let mut a = Generator::new(&sudoku, GenerateSettings::default());
    let mut b = Generator::new(&sudoku, GenerateSettings::default());
    let first: Vec<Grid> = (0..20)
        .map(|i| a.generate(puzzle_seed(11, i)).unwrap().puzzle)
        .collect();
    // In another order, on another generator: the same puzzle for each seed.
    for i in (0..20).rev() {
        assert_eq!(
            b.generate(puzzle_seed(11, i)).unwrap().puzzle,
            first[i as usize]
        );
    }
    let distinct: std::collections::BTreeSet<&[u8]> = first.iter().map(|g| g.cells()).collect();
    assert_eq!(distinct.len(), 20);
    assert_ne!(puzzle_seed(11, 0), puzzle_seed(12, 0));
}

#[test]
fn a_clue_target_stops_early_and_says_the_puzzle_is_not_minimal() {
    let sudoku = Sudoku::classic();
    let settings = GenerateSettings::default()
        .symmetry(Symmetry::Rotate180)
        .clues(Some(40));
    let mut generator = Generator::new(&sudoku, settings);
    for i in 0..5 {
        let made = generator.generate(puzzle_seed(5, i)).unwrap();
        // Orbits of 2 (or the centre alone): 39 or 40 clues.
        assert!((39..=40).contains(&made.clues), "{}", made.clues);
        assert!(!made.minimal);
        assert_eq!(
            sudoku.uniqueness(&made.puzzle).unwrap(),
            sudoku::Uniqueness::Unique(made.solution.clone())
        );
    }
}

#[test]
fn symmetry_names_and_orbits() {
    for &s in Symmetry::ALL {
        assert_eq!(s.name().parse::<Symmetry>().unwrap(), s);
    }
    assert!("spiral".parse::<Symmetry>().is_err());
    assert_eq!(Symmetry::Rotate90.orbit(9, 0), [0, 8, 72, 80]);
    assert_eq!(Symmetry::Rotate180.orbit(9, 40), [40]);
    assert_eq!(Symmetry::Mirror.orbit(9, 10), [10, 16]);
    assert_eq!(Symmetry::Diagonal.orbit(9, 1), [1, 9]);
    assert_eq!(Symmetry::None.orbit(9, 5), [5]);
}

/// A run on several threads makes, in order, the puzzles one generator makes from the seeds
/// of the run; a sink that breaks ends it there; the summary counts what was handed over.
#[test]
fn a_run_on_every_thread_makes_the_puzzles_of_its_seeds_in_order() {
    use std::ops::ControlFlow;
    use sudoku::pipeline::Pipeline;
    let sudoku = Sudoku::classic();
    let settings = GenerateSettings::default().rate(true);
    let mut got = Vec::new();
    let summary = sudoku::generate_all(
        &sudoku,
        &settings,
        11,
        40,
        Pipeline::new().threads(3),
        &mut |(i, made): (u64, Result<sudoku::Generated, _>)| {
            got.push((i, made.unwrap()));
            ControlFlow::Continue(())
        },
    );
    let mut one = Generator::new(&sudoku, settings.clone());
    for (k, (i, made)) in got.iter().enumerate() {
        assert_eq!(*i, k as u64 + 1);
        assert_eq!(
            made,
            &one.generate(sudoku::puzzle_seed(11, k as u64)).unwrap()
        );
    }
    assert_eq!((summary.made, summary.failed, got.len()), (40, 0, 40));
    assert_eq!(summary.grades.iter().sum::<u64>(), 40);
    assert!(summary.clues.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(summary.clues.len(), 40);
    let median = sudoku::median(&summary.clues);
    assert!(summary.clues[0] <= median && median <= summary.clues[39]);
    // A sink that has enough after 5.
    let mut taken = 0;
    let summary = sudoku::generate_all(
        &sudoku,
        &settings,
        11,
        40,
        Pipeline::new().threads(2),
        &mut |_: (u64, Result<sudoku::Generated, _>)| {
            taken += 1;
            if taken == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert_eq!(taken, 5);
    assert_eq!(summary.made, 5);
}

/// A puzzle whose removals are tested on threads is the puzzle one thread makes, field for
/// field (its clues, minimality, the engine's proof), on every size where they run ahead of
/// each other differently; `generate_all` with fewer puzzles than threads hands the rest over.
#[test]
fn removals_tested_on_threads_make_the_one_thread_puzzle() {
    use std::ops::ControlFlow;
    use sudoku::pipeline::Pipeline;
    let sixteen = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let classic = Sudoku::classic();
    let cases = [
        (&classic, GenerateSettings::default(), 8),
        (
            &classic,
            GenerateSettings::default().symmetry(Symmetry::None),
            8,
        ),
        // A clue target ends the removals where one thread ends them.
        (
            &classic,
            GenerateSettings::default()
                .symmetry(Symmetry::None)
                .clues(Some(30)),
            4,
        ),
        (
            &sixteen,
            GenerateSettings::default().symmetry(Symmetry::None),
            3,
        ),
        (
            &sixteen,
            GenerateSettings::default().symmetry(Symmetry::Rotate90),
            2,
        ),
    ];
    for (sudoku, settings, seeds) in cases {
        // Each generator counts the cells it settles: every cell of every puzzle, once.
        let settled = [(); 4].map(|()| sudoku::Settled::new());
        let with = |k: usize| settings.clone().settled(Some(settled[k].clone()));
        let mut one = Generator::new(sudoku, with(0));
        let mut on =
            [(1, 2), (2, 3), (3, 5)].map(|(i, k)| Generator::new(sudoku, with(i)).threads(k));
        for i in 0..seeds {
            let seed = puzzle_seed(21, i);
            let want = one.generate(seed).unwrap();
            if settings.clues.is_none() && sudoku.shape().size() == 9 {
                check(sudoku, &want, settings.symmetry);
            }
            for generator in &mut on {
                assert_eq!(generator.generate(seed).unwrap(), want, "seed {seed}");
            }
        }
        let n = sudoku.shape().size() as u64;
        let each = settled.each_ref().map(sudoku::Settled::get);
        assert_eq!(each, [seeds * n * n; 4], "{settings:?}");
    }
    let settings = GenerateSettings::default().symmetry(Symmetry::None);
    let mut got = Vec::new();
    sudoku::generate_all(
        &sixteen,
        &settings,
        5,
        1,
        Pipeline::new().threads(3),
        &mut |(_, made): (u64, Result<sudoku::Generated, _>)| {
            got.push(made.unwrap());
            ControlFlow::Continue(())
        },
    );
    let want = Generator::new(&sixteen, settings).generate(puzzle_seed(5, 0));
    assert_eq!(got, [want.unwrap()]);
}

/// A stop flag set while a puzzle is made stops it, on one thread and on several: no puzzle,
/// `Stopped`; the same generator makes the puzzle once the flag is down again.
#[test]
fn a_stop_flag_stops_the_puzzle_being_made() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let sixteen = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let want = Generator::new(&sixteen, GenerateSettings::default())
        .generate(7)
        .unwrap();
    for threads in [1, 3] {
        let flag = Arc::new(AtomicBool::new(true));
        let mut generator = Generator::new(&sixteen, GenerateSettings::default())
            .threads(threads)
            .stop_flag(Arc::clone(&flag));
        assert_eq!(generator.generate(7), Err(sudoku::GenerateError::Stopped));
        flag.store(false, Ordering::Relaxed);
        assert_eq!(generator.generate(7).unwrap(), want);
    }
}

#[test]
fn the_shape_of_the_puzzles_made_is_the_box_else_the_size_else_the_regions_map() {
    let plain = Variant::default();
    let six = Shape::new(6).unwrap();
    assert_eq!(plain.shape(None, None).unwrap(), Shape::CLASSIC);
    assert_eq!(plain.shape(None, Some(6)).unwrap(), six);
    let two_by_three = Shape::with_box(2, 3).unwrap();
    assert_eq!(
        plain.shape(Some(two_by_three), Some(16)).unwrap(),
        two_by_three
    );
    assert!(plain.shape(None, Some(7)).is_err(), "7 has no box");
    let jigsaw = Variant {
        regions: Some(Regions::from_map("AAAB\nCABB\nCCDB\nCDDD\n").unwrap()),
        ..Variant::default()
    };
    assert_eq!(jigsaw.shape(None, None).unwrap().size(), 4);
    assert_eq!(jigsaw.shape(None, Some(9)).unwrap(), Shape::CLASSIC);
}

/// A clue whose question runs past the node limit stays, unproved, and is counted: the 36x36
/// of seed 1 from its checkpoint of 968 orbits settled (`data/sudoku/36x36-seed1-checkpoint.txt`),
/// whose next question (orbit 969, cell 877) CaDiCaL did not answer in an hour, asked within
/// 2,000 conflicts and brought down to 622 clues. On one thread and on two: the same puzzle, one
/// clue unproved, in the record, in the checkpoints saved on the way and in the summary's words.
#[cfg(feature = "cadical")]
#[test]
fn a_clue_whose_proof_runs_past_the_node_limit_stays_and_is_counted() {
    use std::sync::{Arc, Mutex};
    use sudoku::{Checkpoint, Checkpoints, GenerateSummary};
    let sudoku = Sudoku::new(Shape::new(36).unwrap(), Variant::default()).unwrap();
    let text = crate::data_text("36x36-seed1-checkpoint.txt");
    let from = Checkpoint::read(&text, &sudoku).unwrap();
    assert_eq!((from.settled, from.minimal, from.unproved), (968, true, 0));
    let mut made = Vec::new();
    for threads in [1, 2] {
        let saved = Arc::new(Mutex::new(Vec::new()));
        let to = Arc::clone(&saved);
        let checkpoints = Checkpoints::new(Some(from.clone()), move |c: &Checkpoint| {
            to.lock().unwrap().push((c.settled, c.minimal, c.unproved));
            Ok(())
        });
        let settings = GenerateSettings::default()
            .max_nodes(2_000)
            .clues(Some(622))
            .count_nodes(false)
            .checkpoints(Some(checkpoints));
        let got = (Generator::new(&sudoku, settings).threads(threads))
            .generate(from.seed)
            .unwrap();
        assert_eq!((got.clues, got.minimal, got.unproved), (622, false, 1));
        assert_eq!(
            got.puzzle.cells()[877],
            got.solution.cells()[877],
            "cell 877 kept"
        );
        // Each checkpoint once orbit 969 is settled says it was kept unproved.
        let saved = saved.lock().unwrap();
        assert!(saved.iter().any(|s| s.0 >= 969), "{saved:?}");
        for &(settled, minimal, unproved) in saved.iter() {
            let want = if settled >= 969 {
                (false, 1)
            } else {
                (true, 0)
            };
            assert_eq!(
                (minimal, unproved),
                want,
                "{settled} settled, {threads} threads"
            );
        }
        made.push(got);
    }
    assert_eq!(made[0].puzzle, made[1].puzzle);
    let mut summary = GenerateSummary::default();
    let minimal = GenerateSettings::default();
    summary.add(&made[0], &minimal);
    assert_eq!(
        summary.shortfalls(&minimal, "--max-nodes 2000"),
        ["1 of 1 puzzle not proved minimal: 1 clue kept whose proof ran past --max-nodes 2000"]
    );
}
