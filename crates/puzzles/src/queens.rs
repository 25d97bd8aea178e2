//! N-queens: rows and columns primary, diagonals secondary.

use std::collections::HashSet;
use std::ops::ControlFlow;

use dlx::{Limits, OptionId, Problem, ProblemBuilder};

use crate::symmetry::Symmetry;
use crate::{Distinct, Error, Method, Puzzle};

/// The order of the row and column items, which decides the MRV rule's ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Order {
    /// Rows `0..n`, then columns `0..n`; every diagonal is an item (as in
    /// `queens12_natural.dlx`).
    #[cfg_attr(feature = "clap", value(help = "Rows, then columns, from 0"))]
    Natural,
    /// Knuth's organ-pipe order, as his queens-dlx writes it: the middle row and column first,
    /// then outwards (`r4 c4 r3 c3 r5 c5 ...` for 8), interleaved; diagonals of one cell are
    /// left out. It needs far fewer nodes.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "Knuth's organ-pipe order: middle rows and columns first (far fewer nodes)")
    )]
    OrganPipe,
}

/// The largest board: the engine's limits are far away, the searches are not.
pub const MAX_QUEENS: usize = 1000;

/// N-queens on an `n x n` board, built once.
#[derive(Debug, Clone)]
pub struct Queens {
    n: usize,
    order: Order,
    problem: Problem,
}

/// The rows in organ-pipe order: `n/2`, then one below, one above, and so on.
pub(crate) fn organ_pipe(n: usize) -> Vec<usize> {
    let mid = n / 2;
    let mut out = vec![mid];
    for d in 1..=n {
        if d <= mid {
            out.push(mid - d);
        }
        if mid + d < n {
            out.push(mid + d);
        }
    }
    out.truncate(n);
    out
}

impl Queens {
    /// The problem for `n` queens (`1 ≤ n ≤ 1000`).
    pub fn new(n: usize, order: Order) -> Result<Queens, Error> {
        crate::check_size("the number of queens", n, MAX_QUEENS)?;
        let mut b = ProblemBuilder::new();
        let lines: Vec<usize> = match order {
            Order::Natural => (0..n).collect(),
            Order::OrganPipe => organ_pipe(n),
        };
        let (mut rows, mut cols) = (vec![None; n], vec![None; n]);
        match order {
            Order::Natural => {
                for &k in &lines {
                    rows[k] = Some(b.primary(format!("r{k}"))?);
                }
                for &k in &lines {
                    cols[k] = Some(b.primary(format!("c{k}"))?);
                }
            }
            Order::OrganPipe => {
                for &k in &lines {
                    rows[k] = Some(b.primary(format!("r{k}"))?);
                    cols[k] = Some(b.primary(format!("c{k}"))?);
                }
            }
        }
        // Diagonals: a = r + c, b = c - r + n - 1, both in 0..2n-1.
        let diagonals = 2 * n - 1;
        let keep = |d: usize| order == Order::Natural || (d != 0 && d != diagonals - 1);
        let (mut a, mut bd) = (vec![None; diagonals], vec![None; diagonals]);
        match order {
            Order::Natural => {
                for d in (0..diagonals).filter(|&d| keep(d)) {
                    a[d] = Some(b.secondary(format!("a{d}"))?);
                }
                for d in (0..diagonals).filter(|&d| keep(d)) {
                    bd[d] = Some(b.secondary(format!("b{d}"))?);
                }
            }
            Order::OrganPipe => {
                for d in (0..diagonals).filter(|&d| keep(d)) {
                    a[d] = Some(b.secondary(format!("a{d}"))?);
                    bd[d] = Some(b.secondary(format!("b{d}"))?);
                }
            }
        }
        for r in 0..n {
            for c in 0..n {
                let items = [rows[r], cols[c], a[r + c], bd[c + n - 1 - r]];
                b.option(items.into_iter().flatten())?;
            }
        }
        Ok(Queens {
            n,
            order,
            problem: b.build()?,
        })
    }

    /// The board's size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The item order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The solution's canonical form under the board's 8 symmetries: the smallest image.
    pub fn canonical(&self, cols: &[usize]) -> Vec<usize> {
        let n = self.n;
        Symmetry::ALL
            .iter()
            .map(|s| {
                let mut image = vec![0; n];
                for (r, &c) in cols.iter().enumerate() {
                    let (r2, c2) = s.apply((r, c), n, n);
                    image[r2] = c2;
                }
                image
            })
            .min()
            .expect("eight images")
    }

    /// Counts solutions up to the board's 8 symmetries (OEIS A002562), by enumerating them
    /// all and counting the classes of their canonical forms. With `visit`, each class's first
    /// solution is handed over as it is found.
    pub fn distinct_with(
        &self,
        limits: Limits,
        mut visit: impl FnMut(Vec<usize>) -> ControlFlow<()>,
    ) -> Distinct {
        let mut seen = HashSet::new();
        let outcome = self.search(limits, |cols| {
            if seen.insert(self.canonical(&cols)) {
                return visit(cols);
            }
            ControlFlow::Continue(())
        });
        Distinct {
            count: seen.len() as u64,
            symmetries: 8,
            method: Method::Orbits {
                solutions: outcome.solutions,
            },
            outcome,
        }
    }

    /// [`Queens::distinct_with`] without a visitor.
    pub fn count_distinct(&self, limits: Limits) -> Distinct {
        self.distinct_with(limits, |_| ControlFlow::Continue(()))
    }
}

impl Puzzle for Queens {
    type Solution = Vec<usize>;

    /// The exact-cover problem.
    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The queen's column in each row, from a solution's options.
    fn decode(&self, options: impl Iterator<Item = OptionId>) -> Vec<usize> {
        let mut cols = vec![0; self.n];
        for o in options {
            cols[o.index() / self.n] = o.index() % self.n;
        }
        cols
    }

    fn to_text(&self, cols: &Vec<usize>) -> String {
        let mut s = String::new();
        for &c in cols {
            let row: Vec<&str> = (0..self.n)
                .map(|k| if k == c { "Q" } else { "." })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    fn to_svg(&self, solutions: &[Vec<usize>]) -> String {
        crate::svg::queens(self.n, solutions, &format!("{} queens", self.n))
    }

    #[cfg(feature = "serde")]
    fn to_json(&self, cols: &Vec<usize>) -> serde_json::Value {
        serde_json::json!({ "solution": cols })
    }

    fn distinct(
        &self,
        limits: Limits,
        visit: &mut dyn FnMut(Vec<usize>) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        Ok(self.distinct_with(limits, visit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organ_pipe_orders() {
        assert_eq!(organ_pipe(8), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(13), [6, 5, 7, 4, 8, 3, 9, 2, 10, 1, 11, 0, 12]);
        assert_eq!(organ_pipe(1), [0]);
        assert_eq!(organ_pipe(2), [1, 0]);
    }
}
