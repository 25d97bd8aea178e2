//! Grading by technique: on thousands of puzzles the techniques never place a wrong digit nor
//! remove the right one (each step replayed against the engine's solution, here and not only
//! by the grader's own check), grades follow the hardest technique, and each technique is met
//! on a puzzle that needs it.

use std::collections::BTreeMap;

use sudoku::{Grade, Grid, RateError, Shape, Step, Sudoku, Symbols, Technique, Variant};

use crate::data_text as data;

fn puzzles(name: &str, take: usize) -> Vec<Grid> {
    data(name)
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(take)
        .map(|l| sudoku::parse_line(l.split_whitespace().next().unwrap(), None).unwrap())
        .collect()
}

/// Replays the steps on candidates of our own: each placement is the solution's digit and a
/// candidate still; each removal is a candidate and not the solution's digit; the grid ends
/// full. Returns the techniques seen.
fn replay(sudoku: &Sudoku, puzzle: &Grid, steps: &[Step], solution: &Grid) {
    let n = sudoku.shape().size();
    let mut grid = puzzle.clone();
    let mut removed = std::collections::HashSet::new();
    for step in steps {
        for (cell, d) in step.removed() {
            assert_ne!(solution.get(cell), d, "{}", step.explain(Symbols::Default));
            assert_eq!(grid.get(cell), 0, "{}", step.explain(Symbols::Default));
            assert!(removed.insert((cell, d)), "removed twice: {step:?}");
        }
        if let Some((cell, d)) = step.placed() {
            assert_eq!(solution.get(cell), d, "{}", step.explain(Symbols::Default));
            assert_eq!(grid.get(cell), 0);
            assert!(!removed.contains(&(cell, d)));
            grid.set(cell, d);
        }
    }
    assert!(grid.is_full());
    assert_eq!(&grid, solution);
    assert_eq!(
        steps.iter().filter(|s| s.placed().is_some()).count(),
        puzzle.cells().iter().filter(|&&d| d == 0).count()
    );
    let _ = n;
}

/// Rates every puzzle with steps, checks them, and tallies the grades.
fn rate_all(sudoku: &Sudoku, grids: &[Grid]) -> BTreeMap<Grade, usize> {
    let mut rater = sudoku.rater().explain(true);
    let mut quick = sudoku.rater();
    let mut grades = BTreeMap::new();
    let dancing_links = sudoku.solver().resolved() == sudoku::Strategy::Dlx;
    for puzzle in grids {
        let rating = rater.rate(puzzle).unwrap();
        let solution = sudoku.solve(puzzle).unwrap().unwrap();
        assert_eq!(rating.solution, solution);
        replay(sudoku, puzzle, &rating.steps, &solution);
        // The grade is that of the hardest step; the score and counts add up.
        let hardest = rating.steps.iter().map(Step::technique).max();
        assert_eq!(rating.hardest, hardest);
        assert_eq!(
            rating.grade,
            hardest.map_or(Grade::Simple, Technique::grade)
        );
        let score: u64 = rating.steps.iter().map(|s| s.technique().weight()).sum();
        assert_eq!(rating.score, score);
        assert_eq!(rating.guesses, rating.count(Technique::Guess));
        assert_eq!(rating.counts.iter().sum::<u64>(), rating.steps.len() as u64);
        // The proof ran (propagation may need no node from 10x10 up).
        assert!(rating.nodes.is_some());
        // Its guesses nest 0 deep exactly when singles solve the puzzle, on dancing links
        // (an item with one option is a naked or a hidden single); the propagating search
        // deduces more than singles, so there only singles imply no guess.
        let depth = rating.branch_depth.expect("the rater tracks the depth");
        let singles = rating.hardest <= Some(Technique::HiddenSingle);
        if dancing_links {
            assert_eq!(
                depth == 0,
                singles,
                "depth {depth}, hardest {:?}",
                rating.hardest
            );
        } else if singles {
            assert_eq!(depth, 0);
        }
        assert!(u64::from(depth) <= rating.nodes.unwrap_or(0));
        // Without the steps, the same rating.
        let plain = quick.rate(puzzle).unwrap();
        assert!(plain.steps.is_empty());
        assert_eq!(
            (plain.grade, plain.score, plain.counts),
            (rating.grade, rating.score, rating.counts)
        );
        *grades.entry(rating.grade).or_default() += 1;
    }
    grades
}

#[test]
fn techniques_never_contradict_the_solution_on_thousands_of_puzzles() {
    let sudoku = Sudoku::classic();
    let mut all = Vec::new();
    all.extend(puzzles("kaggle-first500.txt", 500));
    all.extend(puzzles("17-clue-first2000.txt", 1000));
    all.extend(puzzles("magictour-top1465.txt", 1465));
    all.extend(puzzles("norvig-top95.txt", 95));
    all.extend(puzzles("forum-hardest-1106.txt", 200));
    let grades = rate_all(&sudoku, &all);
    eprintln!("{grades:?}");
    // Kaggle's easy puzzles are mostly simple or easy; the hard sets expert.
    assert_eq!(grades.values().sum::<usize>(), all.len());
    assert!(grades.len() == 4, "every grade is met: {grades:?}");
}

#[test]
fn larger_and_variant_puzzles_grade_soundly() {
    // 16x16, symbols 1-9 then A-G.
    let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let grids = puzzles("16x16-sample.txt", 100);
    let grades = rate_all(&sudoku, &grids);
    assert_eq!(grades.values().sum::<usize>(), 100);
    // Generated puzzles of the variants (X, hyper, 6x6) and sizes.
    for (shape, variant) in [
        (
            Shape::CLASSIC,
            Variant {
                diagonals: true,
                ..Variant::default()
            },
        ),
        (
            Shape::CLASSIC,
            Variant {
                hyper: true,
                ..Variant::default()
            },
        ),
        (Shape::new(6).unwrap(), Variant::default()),
        (Shape::new(12).unwrap(), Variant::default()),
    ] {
        let sudoku = Sudoku::new(shape, variant).unwrap();
        let mut generator = sudoku::Generator::new(&sudoku, sudoku::GenerateSettings::default());
        let grids: Vec<Grid> = (0..40)
            .map(|i| {
                generator
                    .generate(sudoku::puzzle_seed(3, i))
                    .unwrap()
                    .puzzle
            })
            .collect();
        rate_all(&sudoku, &grids);
    }
}

#[test]
fn puzzles_that_cannot_be_graded_say_why() {
    let sudoku = Sudoku::classic();
    let mut rater = sudoku.rater();
    let empty = Grid::empty(Shape::CLASSIC);
    assert_eq!(rater.rate(&empty), Err(RateError::Multiple));
    let mut clash = empty.clone();
    clash.set(sudoku::Cell { row: 0, col: 0 }, 5);
    clash.set(sudoku::Cell { row: 0, col: 8 }, 5);
    assert!(matches!(rater.rate(&clash), Err(RateError::Puzzle(_))));
    // Valid givens, no solution: the first row forces a 9 where column 9 has one.
    let mut unsolvable = empty.clone();
    for c in 0..8 {
        unsolvable.set(sudoku::Cell { row: 0, col: c }, c as u8 + 1);
    }
    unsolvable.set(sudoku::Cell { row: 1, col: 8 }, 9);
    assert_eq!(rater.rate(&unsolvable), Err(RateError::Unsolvable));
    // A wrong solution handed in is refused, not graded.
    let puzzle = puzzles("norvig-top95.txt", 1).remove(0);
    let solution = sudoku.solve(&puzzle).unwrap().unwrap();
    let mut wrong = solution.clone();
    let open = puzzle.cells().iter().position(|&d| d == 0).unwrap();
    let cell = sudoku::Cell {
        row: open / 9,
        col: open % 9,
    };
    wrong.set(cell, solution.get(cell) % 9 + 1);
    assert!(matches!(
        rater.rate_with(&puzzle, &wrong),
        Err(RateError::NotTheSolution(_))
    ));
    // A full grid is graded simple, with no step.
    let rating = rater.rate(&solution).unwrap();
    assert_eq!(
        (rating.grade, rating.hardest, rating.score),
        (Grade::Simple, None, 0)
    );
}

/// The first step of each technique met in the sets, as a person reads it; and a whole
/// explanation.
#[test]
fn explanations_read_as_a_person_writes_them() {
    let sudoku = Sudoku::classic();
    let mut rater = sudoku.rater().explain(true);
    let mut first: BTreeMap<Technique, String> = BTreeMap::new();
    for name in [
        "norvig-top95.txt",
        "magictour-top1465.txt",
        "forum-hardest-1106.txt",
    ] {
        for (k, puzzle) in puzzles(name, 2000).iter().enumerate() {
            for step in rater.rate(puzzle).unwrap().steps {
                first.entry(step.technique()).or_insert_with(|| {
                    format!(
                        "{} (puzzle {} of {name}): {}",
                        step.technique().id(),
                        k + 1,
                        step.explain(Symbols::Default)
                    )
                });
            }
        }
    }
    // Every technique is met, and needed: the sets hold puzzles that use each one.
    assert_eq!(first.len(), Technique::ALL.len(), "{:?}", first.keys());
    let text: Vec<&str> = first.values().map(String::as_str).collect();
    insta::assert_snapshot!("first_step_of_each_technique", text.join("\n"));

    let puzzle = puzzles("norvig-top95.txt", 1).remove(0);
    let rating = rater.rate(&puzzle).unwrap();
    let steps: Vec<String> = rating
        .steps
        .iter()
        .map(|s| s.explain(Symbols::Default))
        .collect();
    assert_eq!((rating.grade, rating.score), (Grade::Intermediate, 109));
    insta::assert_snapshot!("norvig_top95_first", steps.join("\n"));
}

#[test]
fn explanations_use_the_symbols_and_units_of_the_puzzle() {
    // 16x16 written 0-F: digits in explanations are the puzzle's symbols, cells r10c16.
    let sudoku = Sudoku::new(Shape::new(16).unwrap(), Variant::default()).unwrap();
    let puzzle = puzzles("16x16-sample.txt", 1).remove(0);
    let rating = sudoku.rater().explain(true).rate(&puzzle).unwrap();
    let some: Vec<String> = rating
        .steps
        .iter()
        .filter(|s| s.technique() != Technique::NakedSingle)
        .take(6)
        .map(|s| s.explain(Symbols::Hex))
        .collect();
    insta::assert_snapshot!("sixteen_hex", some.join("\n"));
    // X-sudoku: a single on a diagonal says so.
    let x = Sudoku::new(
        Shape::CLASSIC,
        Variant {
            diagonals: true,
            ..Variant::default()
        },
    )
    .unwrap();
    let mut generator = sudoku::Generator::new(&x, sudoku::GenerateSettings::default());
    let mut rater = x.rater().explain(true);
    let diagonal = (0..200)
        .flat_map(|i| {
            let made = generator.generate(sudoku::puzzle_seed(11, i)).unwrap();
            rater.rate(&made.puzzle).unwrap().steps
        })
        .map(|s| s.explain(Symbols::Default))
        .find(|e| e.contains("diagonal"))
        .expect("a step on a diagonal");
    insta::assert_snapshot!("x_sudoku_diagonal_step", diagonal);
}

/// Hints taken one after another, each on the board the last one left (as a person using a
/// page's Hint button has it), fill in the solution, one placement a hint; the first hint is
/// the rating's steps up to its first placement (later ones start afresh from the board's
/// digits, without the candidates earlier steps removed, so they may take another order).
/// A board with a wrong digit is refused, not hinted from.
#[test]
fn hints_one_after_another_fill_in_the_solution() {
    let sudoku = Sudoku::classic();
    for puzzle in puzzles("17-clue-first2000.txt", 60) {
        let rating = sudoku.rater().explain(true).rate(&puzzle).unwrap();
        let solution = &rating.solution;
        let first = rating
            .steps
            .iter()
            .position(|s| s.placed().is_some())
            .unwrap();
        let mut rater = sudoku.rater();
        assert_eq!(
            rater.hint(&puzzle, solution).unwrap(),
            rating.steps[..=first]
        );
        let mut board = puzzle.clone();
        let mut hints = 0;
        loop {
            let steps = rater.hint(&board, solution).unwrap();
            let Some(last) = steps.last() else { break };
            replay_partial(&board, &steps, solution);
            let (cell, digit) = last.placed().expect("a hint ends with a placement");
            assert!(steps[..steps.len() - 1]
                .iter()
                .all(|s| s.placed().is_none()));
            board.set(cell, digit);
            hints += 1;
        }
        assert_eq!(&board, solution);
        assert_eq!(hints, puzzle.cells().iter().filter(|&&d| d == 0).count());
    }
    let puzzle = puzzles("17-clue-first2000.txt", 1).remove(0);
    let solution = sudoku.rater().rate(&puzzle).unwrap().solution;
    let mut board = puzzle.clone();
    let blank = (0..81)
        .map(|k| sudoku::Cell {
            row: k / 9,
            col: k % 9,
        })
        .find(|&c| puzzle.get(c) == 0)
        .unwrap();
    board.set(blank, solution.get(blank) % 9 + 1);
    assert!(matches!(
        sudoku.rater().hint(&board, &solution),
        Err(RateError::NotTheSolution(_))
    ));
}

/// The checks of [`replay`] on a hint's steps: removals are never the solution's digit, and
/// the placement is, in a blank cell.
fn replay_partial(board: &Grid, steps: &[Step], solution: &Grid) {
    for step in steps {
        for (cell, d) in step.removed() {
            assert_ne!(solution.get(cell), d, "{}", step.explain(Symbols::Default));
            assert_eq!(board.get(cell), 0);
        }
        if let Some((cell, d)) = step.placed() {
            assert_eq!(solution.get(cell), d, "{}", step.explain(Symbols::Default));
            assert_eq!(board.get(cell), 0);
        }
    }
}
