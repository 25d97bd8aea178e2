//! The known counts, and the figures of Knuth's dlx1 on the matching instance files.

use std::collections::HashSet;
use std::ops::ControlFlow;

use dlx::Limits;
use puzzles::{Board, Langford, Method, Order, Piece, Polyomino, Puzzle, Queens, Tiling};

/// `(solutions, nodes, updates)` that dlx1 printed for an instance file.
fn figures(file: &str) -> (u64, u64, u64) {
    let text = include_str!("../../../../data/instances/figures.tsv");
    text.lines()
        .find_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0] == file).then(|| {
                (
                    f[1].parse().unwrap(),
                    f[2].parse().unwrap(),
                    f[3].parse().unwrap(),
                )
            })
        })
        .unwrap_or_else(|| panic!("no figures for {file}"))
}

fn counted(problem: &dlx::Problem) -> (u64, u64, u64) {
    let o = problem.solver().count();
    (o.solutions, o.nodes, o.updates)
}

#[test]
fn queens_counts_a000170_in_both_orders() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &count) in (1..=12).zip(&known) {
        for order in [Order::Natural, Order::OrganPipe] {
            let q = Queens::new(n, order).unwrap();
            assert_eq!(
                q.problem().solver().count().solutions,
                count,
                "n = {n}, {order:?}"
            );
        }
    }
}

#[test]
fn queens_distinct_a002562() {
    let known = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];
    for (n, &count) in (1..=12).zip(&known) {
        let d = Queens::new(n, Order::OrganPipe)
            .unwrap()
            .count_distinct(Limits::none());
        assert_eq!(d.count, count, "n = {n}");
        assert_eq!(d.symmetries, 8);
    }
}

#[test]
fn queens_figures_equal_knuths_instance_files() {
    for n in [8, 10, 12, 13] {
        let q = Queens::new(n, Order::OrganPipe).unwrap();
        assert_eq!(
            counted(q.problem()),
            figures(&format!("queens{n}.dlx")),
            "queens{n}"
        );
    }
    let q = Queens::new(12, Order::Natural).unwrap();
    assert_eq!(counted(q.problem()), figures("queens12_natural.dlx"));
}

#[test]
fn every_queens_solution_is_legal() {
    let q = Queens::new(8, Order::Natural).unwrap();
    let mut all = HashSet::new();
    q.search(Limits::none(), |cols| {
        for r1 in 0..8 {
            for r2 in r1 + 1..8 {
                assert_ne!(cols[r1], cols[r2]);
                assert_ne!(cols[r1].abs_diff(cols[r2]), r2 - r1, "{cols:?}");
            }
        }
        all.insert(cols);
        ControlFlow::Continue(())
    });
    assert_eq!(all.len(), 92);
}

#[test]
fn langford_counts_and_knuths_figures() {
    for (n, known) in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150)] {
        let all = Langford::new(n).unwrap();
        let d = all.count_distinct(Limits::none()).unwrap();
        assert_eq!(d.count, known, "L(2,{n})");
        assert_eq!(
            all.problem().solver().count().solutions,
            2 * known,
            "n = {n}"
        );
    }
    let d = Langford::new(11)
        .unwrap()
        .count_distinct(Limits::none())
        .unwrap();
    assert_eq!(d.count, 17792);
    assert_eq!(d.method, Method::FixedPair { value: 11 });
    assert_eq!(
        counted(Langford::new(11).unwrap().problem()),
        figures("langford11.dlx")
    );
    assert_eq!(
        counted(Langford::halved(11).unwrap().problem()),
        figures("langford11_half.dlx")
    );
    // Every sequence is a Langford sequence.
    Langford::new(8).unwrap().search(Limits::none(), |seq| {
        for k in 1..=8 {
            let pos: Vec<usize> = (0..16).filter(|&i| seq[i] == k).collect();
            assert_eq!(pos.len(), 2);
            assert_eq!(pos[1] - pos[0], k + 1, "{seq:?}");
        }
        ControlFlow::Continue(())
    });
}

/// Checks a tiling: every board cell covered once, each piece once, each placement an
/// orientation of its piece.
fn check_tiling(tiling: &Tiling, board: &Board, pieces: &[Piece]) {
    let mut covered = HashSet::new();
    let mut used = HashSet::new();
    for p in &tiling.placements {
        assert!(used.insert(p.piece), "{} twice", p.piece);
        let piece = pieces.iter().find(|q| q.name() == p.piece).unwrap();
        let r0 = p.cells.iter().map(|c| c.0).min().unwrap();
        let c0 = p.cells.iter().map(|c| c.1).min().unwrap();
        let mut shape: Vec<(i32, i32)> = p
            .cells
            .iter()
            .map(|&(r, c)| ((r - r0) as i32, (c - c0) as i32))
            .collect();
        shape.sort_unstable();
        assert!(
            piece.orientations().contains(&shape),
            "{} misshapen",
            p.piece
        );
        for &(r, c) in &p.cells {
            assert!(board.contains(r, c));
            assert!(covered.insert((r, c)), "({r}, {c}) twice");
        }
    }
    assert_eq!(covered.len(), board.num_cells());
}

#[test]
fn pentominoes_6x10_all_and_distinct() {
    let board = Board::rect(6, 10).unwrap();
    let p = Polyomino::new(board.clone(), Piece::pentominoes()).unwrap();
    let mut tilings = Vec::new();
    let d = p
        .distinct_with(Limits::none(), |t| {
            tilings.push(t);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(d.count, 2339);
    assert_eq!(d.symmetries, 4);
    assert!(matches!(d.method, Method::FixedPiece { ref piece, kept: 8, of: 32 } if piece == "X"));
    for t in &tilings {
        check_tiling(t, &board, &Piece::pentominoes());
    }
    // The 2339 are pairwise inequivalent.
    let canon: HashSet<Vec<u32>> = tilings
        .iter()
        .map(|t| p.canonical(t, &board.symmetries()))
        .collect();
    assert_eq!(canon.len(), 2339);
}

/// Knuth's pentomino_6x10.dlx lists the cells column by column, then the pieces in Conway's
/// order (O P Q R S T U V W X Y Z = I P L F N T U V W X Y Z): our 10x6 board, row by row,
/// with the pieces in that order, has his items in his order and the same options (each
/// piece's placements in another order), so a count has his figures: the choice of item
/// depends on the items' order and their options' number, not on the options' order (the
/// engine's tests count his file; counting it here again took seven of the suite's seconds).
#[test]
fn pentominoes_6x10_is_knuths_problem() {
    let set = Piece::pentominoes();
    let conway: Vec<Piece> = "IPLFNTUVWXYZ"
        .chars()
        .map(|ch| set.iter().find(|p| p.name() == ch).unwrap().clone())
        .collect();
    let p = Polyomino::new(Board::rect(10, 6).unwrap(), conway).unwrap();
    let text = include_str!("../../../../data/instances/pentomino_6x10.dlx");
    let knuth = dlx::text::parse(text).unwrap().problem;
    let options = |problem: &dlx::Problem| {
        let mut all: Vec<Vec<dlx::ItemId>> = (0..problem.num_options() as u32)
            .map(|o| {
                let mut items: Vec<_> = problem.option_items(dlx::OptionId::new(o)).collect();
                items.sort();
                items
            })
            .collect();
        all.sort();
        (problem.num_items(), problem.num_primary(), all)
    };
    assert_eq!(options(p.problem()), options(&knuth));
}

#[test]
fn pentomino_rectangles_and_the_holed_square() {
    for (rows, cols, known) in [(5, 12, 1010), (4, 15, 368), (3, 20, 2)] {
        let board = Board::rect(rows, cols).unwrap();
        let d = Polyomino::new(board, Piece::pentominoes())
            .unwrap()
            .count_distinct(Limits::none())
            .unwrap();
        assert_eq!(d.count, known, "{rows}x{cols}: {}", d.method);
    }
    let board = Board::parse(
        "########\n########\n########\n###..###\n###..###\n########\n########\n########\n",
    )
    .unwrap();
    assert_eq!(board.symmetries().len(), 8);
    let p = Polyomino::new(board.clone(), Piece::pentominoes()).unwrap();
    let d = p.count_distinct(Limits::none()).unwrap();
    assert_eq!(d.count, 65, "{}", d.method);
    // The same by the other method: every tiling, and the classes of canonical forms.
    let mut canon = HashSet::new();
    let all = p.search(Limits::none(), |t| {
        check_tiling(&t, &board, &Piece::pentominoes());
        canon.insert(p.canonical(&t, &board.symmetries()));
        ControlFlow::Continue(())
    });
    assert_eq!(canon.len(), 65);
    assert_eq!(all.solutions, 520);
}

#[test]
fn pieces_and_boards_that_do_not_fit() {
    // Tetrominoes: 20 cells; a 4x5 board has no tiling.
    let none = Polyomino::new(Board::rect(4, 5).unwrap(), Piece::tetrominoes()).unwrap();
    assert_eq!(none.problem().solver().count().solutions, 0);
    // Custom pieces with more cells (11) than a 2x4 board: each is used at most once.
    let set = Piece::parse_set("AA BB C. DDD E\n   . CC\n").unwrap();
    assert_eq!(set.len(), 5);
    let board = Board::rect(2, 4).unwrap();
    let some = Polyomino::new(board.clone(), set.clone()).unwrap();
    assert!(!some.uses_every_piece());
    let mut count = 0;
    some.search(Limits::none(), |t| {
        check_tiling_partial(&t, &board);
        count += 1;
        ControlFlow::Continue(())
    });
    let brute = brute_force(2, 4, &set);
    assert!(brute > 0);
    assert_eq!(count, brute);
    // More cells than the pieces cover.
    assert!(Polyomino::new(Board::rect(8, 8).unwrap(), Piece::pentominoes()).is_err());
}

/// Tilings of a full board by distinct pieces (each at most once), by trying every placement of
/// each piece in turn, with or without it.
fn brute_force(rows: usize, cols: usize, set: &[Piece]) -> u64 {
    let full: u64 = (1 << (rows * cols)) - 1;
    let placements: Vec<Vec<u64>> = set
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            for shape in p.orientations() {
                for dr in 0..rows {
                    for dc in 0..cols {
                        let cells: Option<u64> = shape.iter().try_fold(0u64, |m, &(r, c)| {
                            let (r, c) = (r as usize + dr, c as usize + dc);
                            (r < rows && c < cols).then(|| m | 1 << (r * cols + c))
                        });
                        if let Some(m) = cells.filter(|m| !out.contains(m)) {
                            out.push(m);
                        }
                    }
                }
            }
            out
        })
        .collect();
    fn go(k: usize, covered: u64, full: u64, placements: &[Vec<u64>]) -> u64 {
        if k == placements.len() {
            return u64::from(covered == full);
        }
        let mut total = go(k + 1, covered, full, placements);
        for &m in &placements[k] {
            if covered & m == 0 {
                total += go(k + 1, covered | m, full, placements);
            }
        }
        total
    }
    go(0, 0, full, &placements)
}

fn check_tiling_partial(t: &Tiling, board: &Board) {
    let mut covered = HashSet::new();
    for p in &t.placements {
        for &c in &p.cells {
            assert!(covered.insert(c));
        }
    }
    assert_eq!(covered.len(), board.num_cells());
}
