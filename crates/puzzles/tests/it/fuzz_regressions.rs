//! The `words` fuzz target's check on stable, in `cargo test`: every input kept for it
//! (`fuzz/regressions/words/`), then arbitrary bytes and valid patterns and lists with a few
//! edits (proptest).

#[path = "../../../../fuzz/src/support.rs"]
mod support;
#[path = "../../../../fuzz/src/words.rs"]
mod words;

use proptest::prelude::*;

#[test]
fn words_regressions() {
    support::replay("words", words::check);
}

/// A pattern and a list, separated by `\0` (the first byte: may words repeat).
const CROSSWORDS: &[&[u8]] = &[
    b"\x00..#\n...\n#..\n\0ab\nba\nabc\ncab\nbca\nbc\nca\n",
    b"\x01..\n..\n\0at\nta\naa\ntt\nAt\ndon't\n\n",
    b"\x00\xef\xbb\xbf.a.\r\n...\r\n\0\xef\xbb\xbfcat\r\nact\r\ntac\r\nata\r\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_word_readers_take_any_bytes(data in support::bytes(200)) {
        words::check(&data);
    }

    #[test]
    fn the_word_readers_take_edited_inputs(data in support::mutated(CROSSWORDS)) {
        words::check(&data);
    }
}
