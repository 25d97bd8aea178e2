//! Word rectangles and crossword fill: Knuth's figures on his model, a brute-force filler on
//! small random grids and lists, the word-list and pattern readers.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx::Limits;
use proptest::prelude::*;
use puzzles::{Capitals, Crossword, Error, Fill, Pattern, Puzzle, Square, WordList};

/// Every fill the engine finds, each checked against the rules.
fn fills(crossword: &Crossword, words: &WordList) -> Vec<Fill> {
    let mut found = Vec::new();
    crossword.search(Limits::none(), |fill| {
        assert!(
            crossword.check(&fill, words),
            "not a filling:\n{}",
            fill.to_text()
        );
        found.push(fill);
        ControlFlow::Continue(())
    });
    found
}

/// Every filling by brute force: each cell of a slot takes each letter of `alphabet` in turn;
/// a grid is kept when every slot reads a word of the list (no word twice, if `distinct`).
fn brute_force(
    pattern: &Pattern,
    words: &WordList,
    alphabet: &[char],
    distinct: bool,
) -> BTreeSet<Vec<String>> {
    let slots = pattern.slots();
    let mut rows: Vec<Vec<char>> = (0..pattern.rows())
        .map(|r| {
            (0..pattern.cols())
                .map(|c| match pattern.square(r, c) {
                    Square::Black => '#',
                    Square::Open(Some(l)) => l,
                    Square::Open(None) => '.',
                })
                .collect()
        })
        .collect();
    let mut free: Vec<(usize, usize)> = Vec::new();
    for slot in &slots {
        for (r, c) in slot.cells() {
            if rows[r][c] == '.' && !free.contains(&(r, c)) {
                free.push((r, c));
            }
        }
    }
    let mut out = BTreeSet::new();
    let total = alphabet.len().pow(free.len() as u32);
    for mut code in 0..total {
        for &(r, c) in &free {
            rows[r][c] = alphabet[code % alphabet.len()];
            code /= alphabet.len();
        }
        let read: Vec<String> = slots
            .iter()
            .map(|s| s.cells().map(|(r, c)| rows[r][c]).collect())
            .collect();
        let all_words = read.iter().all(|w| words.contains(w));
        let unique = read.iter().collect::<BTreeSet<_>>().len() == read.len();
        if all_words && (!distinct || unique) {
            out.insert(rows.iter().map(|r| r.iter().collect()).collect());
        }
    }
    out
}

/// The words of `words_3x3.dlx` (the options of its first row item, in order) give the
/// problem Knuth's file holds, item for item and option for option: the same solutions, nodes,
/// updates and cleansings as `dlx2` printed for the file.
#[test]
fn word_squares_give_dlx2_figures_for_words_3x3() {
    let text = include_str!("../../../../data/instances/xcc/words_3x3.dlx");
    let list: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("R0 x"))
        .map(|l| l.split(' ').skip(1).map(|t| &t[t.len() - 1..]).collect())
        .collect();
    assert_eq!(list.len(), 400);
    let words = WordList::from_words(list.iter().map(String::as_str));
    let squares = Crossword::new(Pattern::open(3, 3).unwrap(), &words, false).unwrap();
    let outcome = squares.problem().solver().count();
    let figures = (
        outcome.solutions,
        outcome.nodes,
        outcome.updates,
        outcome.cleansings,
    );
    // figures.tsv: words_3x3.dlx 16540 106394 13119164 433581 dlx2
    assert_eq!(figures, (16540, 106394, 13119164, 433581));
    let first = squares.first().unwrap();
    assert!(squares.check(&first, &words));
    assert_eq!(first.rows.len(), 3);
}

#[test]
fn a_small_crossword_is_filled_and_every_slot_is_a_word() {
    let words = WordList::parse("cat\nCAR\nact\narc\nrat\ntar\nart\nto\nat\n");
    let pattern = Pattern::parse("c..\n.#.\n...\n").unwrap();
    let crossword = Crossword::new(pattern, &words, false).unwrap();
    // Across: row 1 and row 3; down: column 1 and column 3.
    assert_eq!(crossword.slots().len(), 4);
    let found = fills(&crossword, &words);
    assert!(!found.is_empty());
    for fill in &found {
        assert!(fill.rows[0].starts_with('c'));
        assert_eq!(fill.rows[1].chars().nth(1), Some('#'));
    }
    // With no word twice, fewer (or as many) fillings, each with distinct words.
    let distinct = Crossword::new(crossword.pattern().clone(), &words, true).unwrap();
    let fewer = fills(&distinct, &words);
    assert!(fewer.len() <= found.len());
    for fill in &fewer {
        let set: BTreeSet<&String> = fill.words.iter().map(|(_, w)| w).collect();
        assert_eq!(set.len(), fill.words.len());
    }
}

#[test]
fn word_lists_fold_case_and_skip_what_is_not_a_word() {
    let text = "\u{feff}Apple\napple\n\nice cream\ndon't\n42\n  pear  \nÉté\n";
    // By default words with capitals are skipped and counted apart.
    let words = WordList::parse(text);
    assert_eq!(words.len(), 2);
    assert_eq!(words.skipped(), 3);
    assert_eq!(words.capitalized(), 2);
    assert_eq!(words.repeated(), 0);
    assert_eq!(words.of_len(5), ["apple"]);
    assert_eq!(words.of_len(4), ["pear"]);
    assert_eq!(
        words.tally("keep them so"),
        "2 words; 3 lines skipped (not letters only), 2 words with capitals skipped \
         (keep them so), 0 words repeated"
    );
    assert!(words.of_len(3).is_empty());
    // Kept, they are folded to lower case, and `Apple` then repeats `apple`.
    let words = WordList::parse_with(text, Capitals::Fold);
    assert_eq!(words.len(), 3);
    assert_eq!(words.skipped(), 3);
    assert_eq!(words.capitalized(), 0);
    assert_eq!(words.repeated(), 1);
    assert_eq!(words.of_len(5), ["apple"]);
    assert_eq!(words.of_len(4), ["pear"]);
    let tally = "3 words; 3 lines skipped (not letters only), 1 word repeated";
    assert_eq!(words.tally("unused"), tally);
    assert_eq!(words.of_len(3), ["été"]);
    assert!(words.contains("apple") && !words.contains("Apple"));
}

#[test]
fn a_needed_length_missing_from_the_list_is_an_error_naming_it() {
    let words = WordList::parse("cat\ndog\n");
    let err = Crossword::new(Pattern::open(3, 4).unwrap(), &words, false).unwrap_err();
    assert!(matches!(err, Error::Mismatch(_)));
    assert_eq!(
        err.to_string(),
        "the word list has no word of 4 letters, which the across slot at row 1, column 1 needs"
    );
}

#[test]
fn bad_patterns_are_reported_with_line_and_column() {
    let err = Pattern::parse("..#\n.x?\n").unwrap_err().to_string();
    assert_eq!(
        err,
        "line 2, column 3: '?' is not a square: '.' is an open one, '#' a black one, a letter \
         an open one filled from the start"
    );
    let err = Pattern::parse("...\n..\n").unwrap_err().to_string();
    assert_eq!(
        err,
        "line 2, column 3: this row has 2 squares and the first 3 squares"
    );
    let err = Pattern::parse("...\n\n...\n").unwrap_err().to_string();
    assert_eq!(err, "line 2, column 1: a blank line inside the grid");
    assert!(Pattern::parse("\n  \n").is_err());
    // Blank lines around the grid and trailing spaces are fine; letters fold.
    let p = Pattern::parse("\n.A#  \n...\n\n").unwrap();
    assert_eq!((p.rows(), p.cols()), (2, 3));
    assert_eq!(p.square(0, 1), Square::Open(Some('a')));
    assert_eq!(p.square(0, 2), Square::Black);
}

/// Small random patterns (up to 3x3, some black, some letters) and lists over two letters:
/// the engine finds exactly the brute-force fillings, with and without distinct words.
fn small_case() -> impl Strategy<Value = (Vec<String>, Vec<String>, bool)> {
    (1usize..=3, 2usize..=3).prop_flat_map(|(rows, cols)| {
        let square = prop_oneof![6 => Just('.'), 2 => Just('#'), 1 => Just('a'), 1 => Just('b')];
        let pattern = prop::collection::vec(
            prop::collection::vec(square, cols).prop_map(String::from_iter),
            rows,
        );
        let word = (2usize..=3).prop_flat_map(|len| {
            prop::collection::vec(prop_oneof![Just('a'), Just('b')], len)
                .prop_map(String::from_iter)
        });
        let words = prop::collection::vec(word, 1..8);
        (pattern, words, any::<bool>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn fills_match_a_brute_force_filler((rows, list, distinct) in small_case()) {
        let pattern = Pattern::parse(&rows.join("\n")).unwrap();
        let words = WordList::from_words(list.iter().map(String::as_str));
        let slots = pattern.slots();
        let Ok(crossword) = Crossword::new(pattern.clone(), &words, distinct) else {
            // Refused: a pattern with no slot, or a slot length the list lacks (and then no
            // filling exists).
            let missing = slots.iter().any(|s| words.of_len(s.len).is_empty());
            prop_assert!(slots.is_empty() || missing);
            if missing {
                prop_assert!(brute_force(&pattern, &words, &['a', 'b'], distinct).is_empty());
            }
            return Ok(());
        };
        let ours: Vec<Vec<String>> = fills(&crossword, &words).into_iter().map(|f| f.rows).collect();
        let set: BTreeSet<Vec<String>> = ours.iter().cloned().collect();
        prop_assert_eq!(set.len(), ours.len(), "a filling found twice");
        prop_assert_eq!(set, brute_force(&pattern, &words, &['a', 'b'], distinct));
        let count = crossword.problem().solver().count();
        prop_assert_eq!(count.solutions as usize, ours.len());
    }
}

/// Scored lists (`word;score`): the scores read, bad ones skipped, and `Crossword::best` gives
/// the k highest total scores of all fillings (every filling enumerated and scored), each
/// filling a real one of the score it says.
#[test]
fn the_best_fillings_have_the_highest_scores() {
    let text = "cat;30\nact;50\ntac\nare;10\nera;45\near;20\nrat;5\ntar;40\nart;35\ntea;25\n\
                eat;15\nate;60\nbad;x\nneg;-3\n";
    let words = WordList::parse(text);
    assert_eq!(words.len(), 12);
    assert_eq!(words.skipped(), 2);
    assert_eq!((words.score("ate"), words.score("tac")), (Some(60), None));
    assert_eq!(words.max_score(), 60);

    // 3x3 squares of the first 200 three-letter words of the bundled list, scored by a hash.
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/words/three-letter-400.txt"
    ))
    .unwrap();
    let scored: String = list
        .split_whitespace()
        .take(200)
        .map(|w| {
            let h = w
                .bytes()
                .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
            format!("{w};{}\n", h % 61)
        })
        .collect();
    let words = WordList::parse(&scored);
    assert_eq!(words.len(), 200);
    let crossword = Crossword::new(Pattern::open(3, 3).unwrap(), &words, true).unwrap();
    let mut all: Vec<u64> = fills(&crossword, &words)
        .iter()
        .map(|f| crossword.score(f, &words))
        .collect();
    all.sort_unstable_by(|a, b| b.cmp(a));
    assert!(all.len() > 5, "{} fillings", all.len());
    for k in [1, 2, 5, 100] {
        let (best, outcome) = crossword
            .best(k, Limits::none(), 1 + k % 3, k % 2 == 0)
            .unwrap();
        assert!(outcome.is_complete());
        let scores: Vec<u64> = best.iter().map(|(s, _)| *s).collect();
        assert_eq!(
            scores,
            all.iter().copied().take(k).collect::<Vec<_>>(),
            "k = {k}"
        );
        for (score, fill) in &best {
            assert!(crossword.check(fill, &words));
            assert_eq!(*score, crossword.score(fill, &words));
        }
    }
}

#[test]
fn sizes_read_as_rows_by_columns() {
    assert_eq!(puzzles::parse_rect("5x7"), Some((5, 7)));
    assert_eq!(puzzles::parse_rect(" 6 X 10 "), Some((6, 10)));
    for not in ["6x", "x10", "6*10", "board.txt", "-1x3", ""] {
        assert_eq!(puzzles::parse_rect(not), None, "{not:?}");
    }
}
