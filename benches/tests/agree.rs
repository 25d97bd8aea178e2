//! The three engines the benches compare build the same search tree: equal solutions and nodes
//! (and updates, but for the peer's, see below) on the bundled instances (the quick ones; the benches check the rest before timing).

#[path = "../benches/support/peer.rs"]
mod peer;

use dlx_benches::{classic::Classic, instance, ours_count};

#[test]
fn same_tree_as_the_classic_layout_and_the_peer() {
    for file in [
        "knuth_example_dlx1.dlx",
        "queens10.dlx",
        "queens12_natural.dlx",
        "langford11_half.dlx",
        "sudoku_inkala.dlx",
    ] {
        let text = instance(file);
        let ours = dlx::text::parse(&text).unwrap().problem;
        let expected = ours_count(&ours);
        let mut classic = Classic::new(&ours);
        assert_eq!(classic.count(), expected, "{file}: classic layout");
        // A second count on the same structure: the links were restored.
        assert_eq!(classic.count(), expected, "{file}: classic layout, again");
        let mut p = peer::peer_problem(&text);
        for _ in 0..2 {
            let got = peer::peer_count(&mut p);
            assert_eq!(
                (got.solutions, got.nodes),
                (expected.solutions, expected.nodes),
                "{file}: peer"
            );
            // The peer does not cover an item whose column is empty (a dead end), so it counts
            // one update fewer per such node; dlx1 and we cover it and count it.
            assert!(
                got.updates < expected.updates,
                "{file}: peer updates {}",
                got.updates
            );
        }
    }
}
