//! The check behind the `killer` fuzz target, shared with the regression test in
//! `crates/sudoku/tests/it/fuzz_regressions.rs`: any bytes through the killer sudoku readers (the
//! cage map with its sums, and the JSON form), never a panic. What reads is drawn, writes back as
//! a map that reads as the same puzzle, and, up to 9x9, searches within a node limit to grids
//! that keep every rule.

use sudoku::{Killer, Symbols};

/// Runs the check for one input: the first byte picks the reader (map or JSON) and whether
/// disconnected cages are allowed; the rest is the text.
pub fn check(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let allow = mode & 1 == 1;
    let read = if mode & 2 == 0 {
        Killer::parse(&text, 1, allow)
    } else {
        Killer::parse_json(&text, allow)
    };
    let Ok(killer) = read else {
        return;
    };
    let n = killer.shape().size();
    for cage in killer.cages() {
        assert!(!cage.cells.is_empty(), "an empty cage");
        assert!(cage.cells.iter().all(|c| c.row < n && c.col < n));
    }
    let _ = killer.to_pretty(None, Symbols::Default);
    let _ = killer.to_svg(None, Symbols::Default);
    if let Some(map) = killer.to_map() {
        let again = Killer::parse(&map, 1, allow)
            .unwrap_or_else(|e| panic!("the written map does not read back: {e}\n{map}"));
        let mut cages = killer.cages().to_vec();
        cages.sort_by_key(|c| c.cells[0]);
        assert_eq!(
            again.cages(),
            cages,
            "map round trip changed the cages\n{map}"
        );
        assert_eq!(
            again.givens(),
            killer.givens(),
            "map round trip changed the givens"
        );
    }
    if n <= 9 {
        let Ok(model) = killer.model() else {
            return;
        };
        let found = model.search(2, dlx::Limits::none().nodes(5_000).solutions(2));
        assert!(found.grids.len() as u64 <= found.count);
        for grid in &found.grids {
            if let Err(why) = killer.check(grid) {
                panic!("a solution breaks the rules: {why}");
            }
        }
    }
}
