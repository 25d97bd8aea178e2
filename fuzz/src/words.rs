//! The check behind the `words` fuzz target, shared with the regression test in
//! `crates/puzzles/tests/it/fuzz_regressions.rs`: any bytes through the word-list and crossword-pattern
//! readers, never a panic. A list holds only folded words, each once; a pattern reads the same
//! after a byte-order mark and with CRLF line ends; what reads builds a crossword whose fillings,
//! found within a node limit, are fillings by the rules.

use puzzles::{Crossword, Pattern, Puzzle, WordList};

/// Runs the check for one input: the first byte says whether words may repeat; the rest is a
/// pattern and a word list, separated by a `\0` (the list alone if there is none).
pub fn check(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (pattern, list) = text.split_once('\0').unwrap_or(("", &text));
    let words = WordList::parse(list);
    let mut kept = 0;
    for len in 0..=list.len() {
        for word in words.of_len(len) {
            assert_eq!(word.chars().count(), len);
            assert!(word.chars().all(char::is_alphabetic), "{word:?} kept");
            assert!(words.contains(word));
            kept += 1;
        }
    }
    assert_eq!(kept, words.len(), "words by length do not add up");

    let read = Pattern::parse(pattern);
    if !pattern.contains('\r') && !pattern.contains('\u{feff}') {
        let dressed = format!("\u{feff}{}", pattern.replace('\n', "\r\n"));
        let again = Pattern::parse(&dressed);
        assert_eq!(
            again.as_ref().map(|p| (p.rows(), p.cols())).ok(),
            read.as_ref().map(|p| (p.rows(), p.cols())).ok(),
            "a BOM or CRLF changed the pattern"
        );
    }
    let Ok(pattern) = read else {
        return;
    };
    let Ok(crossword) = Crossword::new(pattern, &words, mode & 1 == 1) else {
        return;
    };
    let limits = dlx::Limits::none().nodes(2_000).solutions(3);
    crossword.search(limits, |fill| {
        assert!(
            crossword.check(&fill, &words),
            "a filling breaks the rules: {fill:?}"
        );
        std::ops::ControlFlow::Continue(())
    });
}
