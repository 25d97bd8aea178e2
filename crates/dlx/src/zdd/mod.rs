//! Every solution at once: the memoized search ([`Problem::memo`](crate::Problem::memo),
//! Knuth's `dlx6`) and the ZDD it makes, from which come the exact count at any size, uniform
//! random solutions, every solution in order, and the number of solutions of each size.
//!
//! A [`Zdd`] (zero-suppressed decision diagram) is a graph whose paths are the solutions: a
//! node `(~v ? lo : hi)` stands for the solutions of `lo` (without option `v`) and those of
//! `hi` with option `v` added; the bottom sink `0` stands for none, the top sink `1` for the
//! empty solution. Options are numbered from 1, in the order of the problem's option lines.
//!
//! ```
//! // Domino tilings of a 2x3 board: items are cells, options are dominoes.
//! let text = "a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\n";
//! let problem = dlx::text::parse(text)?.problem;
//! let memo = problem.memo().run();
//! let zdd = memo.zdd().expect("the search ran to the end");
//! assert_eq!(zdd.count().to_string(), "3");
//! // Figures as Knuth's dlx6 prints them.
//! assert_eq!((memo.stats.nodes, memo.stats.zdd_nodes), (9, 10));
//! // Uniform random solutions, the same for the same seed.
//! let first: Vec<Vec<u32>> = zdd.sampler(7).take(3).collect();
//! assert_eq!(first, zdd.sampler(7).take(3).collect::<Vec<_>>());
//! // Written in the text format of Knuth's ZDDREAD programs, and read back.
//! let mut file = Vec::new();
//! zdd.write(&mut file)?;
//! let back = dlx::zdd::Zdd::read(&file[..])?;
//! assert_eq!(back.count(), zdd.count());
//! assert_eq!(back.label(1), Some("a1 a2"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The text format
//!
//! One node a line, `ID: (~V?LO:HI)`, the ids in hexadecimal and the option `V` in decimal,
//! as Knuth's `dlx6` writes them and his `zddread` programs read them; the sinks are `0` and
//! `1`, every other id is defined by one line. The node with the smallest option is the
//! root; when that option is 0 (`dlx6`'s dummy root, its last line, `N: (~0?0:R)`), the root
//! is its `HI`. Lines starting with `#` are comments, except `#o K TEXT`, which names option
//! `K` (as `dlx xc` prints it; they go in order, `K` = 1, 2, 3, ...), so solutions print as
//! option lines; Knuth's readers pass over those lines (saying so). [`Zdd::write`] writes the
//! option lines, then the nodes, children before parents, then the dummy root.

mod diagram;
mod memo;

pub use diagram::{Count, ReadError, ReadErrorKind, Sampler, Zdd, ZddSolutions};
pub use memo::{Memo, MemoError, MemoSearch, MemoStats};
