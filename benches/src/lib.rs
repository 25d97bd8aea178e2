//! Shared pieces of the benchmarks: the data files, the peers, and an alternative node layout.
//!
//! The benches compare, in one criterion run and on the same input files:
//! * our engine (`dlx`, Knuth's dlx1 layout: L/R links only on item heads, options contiguous
//!   between spacer nodes);
//! * [`classic`], the same algorithm over the textbook layout with L/R/U/D on every node (the
//!   layout of the seed's DLX), to measure the layout lever;
//! * the `dlx` crate from crates.io (0.8.5, default features), a dev-dependency used by
//!   `benches/peer.rs`.
//!
//! All three build the same search tree, so their node and update counts are equal; the
//! benches check that before they time anything.
#![deny(missing_docs)]

use std::path::PathBuf;

pub mod classic;

/// The repository README's library example, compiled and run as a doctest (here, in a package
/// that is not published, as the README lies outside every published one).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The example of `docs/parallel.md` (jobs and their tally), compiled and run likewise.
#[cfg(doctest)]
#[doc = include_str!("../../docs/parallel.md")]
struct ParallelDoctests;

/// The instance files bundled with the repository (`data/instances`).
pub fn instances_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/instances")
}

/// Reads one instance file.
pub fn instance(name: &str) -> String {
    let path = instances_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The puzzles of a bundled sudoku set (`data/sudoku`), one line each, the first `take`.
pub fn sudoku_set(name: &str, take: usize) -> Vec<String> {
    let path = instances_dir().join("../sudoku").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(take)
        .map(str::to_string)
        .collect()
}

/// Solutions, nodes and updates, as Knuth's dlx1 defines them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes, one per solution included.
    pub nodes: u64,
    /// Updates.
    pub updates: u64,
}

/// Our engine: counts all solutions of a built problem.
pub fn ours_count(problem: &dlx::Problem) -> Counts {
    let o = problem.solver().count();
    Counts {
        solutions: o.solutions,
        nodes: o.nodes,
        updates: o.updates,
    }
}

/// A problem in Knuth's format with `n` primary items on one line and options of up to 50,000
/// items that cover them once (one solution): the input whose reading once took time quadratic
/// in the line's length.
pub fn long_item_line(n: usize) -> String {
    let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut text = names.join(" ");
    text.push('\n');
    for chunk in names.chunks(50_000) {
        text.push_str(&chunk.join(" "));
        text.push('\n');
    }
    text
}

/// The `m x n` word rectangles as an exact-cover problem with colors (the model of TAOCP
/// 7.2.2.1): a primary item per row (`R0`...) and per column (`C0`...), a secondary item per cell
/// (`x{r}{c}`); an option per row and word of length `n`, and per column and word of length `m`,
/// giving each cell of its line the color of its letter. `row_words` have length `n`,
/// `col_words` length `m`; `title` goes in a comment line.
pub fn word_rectangle(
    m: usize,
    n: usize,
    row_words: &[&str],
    col_words: &[&str],
    title: &str,
) -> String {
    use std::fmt::Write as _;
    let mut out = format!("| {title}\n");
    let rows: Vec<String> = (0..m).map(|r| format!("R{r}")).collect();
    let cols: Vec<String> = (0..n).map(|c| format!("C{c}")).collect();
    let cells: Vec<String> = (0..m)
        .flat_map(|r| (0..n).map(move |c| format!("x{r}{c}")))
        .collect();
    let _ = writeln!(
        out,
        "{} {} | {}",
        rows.join(" "),
        cols.join(" "),
        cells.join(" ")
    );
    for r in 0..m {
        for w in row_words {
            let _ = write!(out, "R{r}");
            for (c, ch) in w.chars().enumerate() {
                let _ = write!(out, " x{r}{c}:{ch}");
            }
            out.push('\n');
        }
    }
    for c in 0..n {
        for w in col_words {
            let _ = write!(out, "C{c}");
            for (r, ch) in w.chars().enumerate() {
                let _ = write!(out, " x{r}{c}:{ch}");
            }
            out.push('\n');
        }
    }
    out
}

/// The first `k` words of `len` lowercase letters `a-z` of a word list (one word per line, as
/// Debian's `wamerican` has them; other words skipped).
pub fn first_words(list: &str, len: usize, k: usize) -> Vec<&str> {
    list.lines()
        .map(str::trim)
        .filter(|w| w.len() == len && w.bytes().all(|b| b.is_ascii_lowercase()))
        .take(k)
        .collect()
}

/// `k` queens in every row and column of an `n x n` board, at most `k` on any diagonal, as an
/// exact-cover problem with multiplicities (`k|r0`, `0:k|a0`): an option per cell, naming its
/// row, column and two diagonals (`a` by `r + c`, `b` by `r - c + n - 1`).
pub fn k_queens(n: usize, k: usize) -> String {
    use std::fmt::Write as _;
    let mut out = format!(
        "| {k} queens in each row and column of a {n}x{n} board, at most {k} on a diagonal\n"
    );
    let mut items: Vec<String> = Vec::new();
    items.extend((0..n).map(|r| format!("{k}|r{r}")));
    items.extend((0..n).map(|c| format!("{k}|c{c}")));
    items.extend((0..2 * n - 1).map(|d| format!("0:{k}|a{d}")));
    items.extend((0..2 * n - 1).map(|d| format!("0:{k}|b{d}")));
    let _ = writeln!(out, "{}", items.join(" "));
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(out, "r{r} c{c} a{} b{}", r + c, r + n - 1 - c);
        }
    }
    out
}
