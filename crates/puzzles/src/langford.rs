//! Langford pairs L(2, n): the numbers 1..n twice each in a row of 2n, with k numbers between
//! the two k's.

use std::ops::ControlFlow;

use dlx::{Limits, OptionId, Problem, ProblemBuilder};

use crate::{Distinct, Error, Method, Puzzle};

/// The largest n.
pub const MAX_LANGFORD: usize = 1000;

/// Langford pairs for `n`, built once: items `1..n` and the positions `s0..s(2n-1)`, all
/// primary; an option per value and first position (as in `langford11.dlx`).
#[derive(Debug, Clone)]
pub struct Langford {
    n: usize,
    /// The value and first position of each option.
    placements: Vec<(usize, usize)>,
    problem: Problem,
    /// The value kept in the left half, if any.
    fixed: Option<usize>,
}

impl Langford {
    /// Every placement: each sequence and its reversal are two solutions.
    pub fn new(n: usize) -> Result<Langford, Error> {
        Self::build(n, None)
    }

    /// One sequence of each pair (a sequence, its reversal): the largest odd value's first
    /// position is kept in the left half, as in `langford11_half.dlx`.
    pub fn halved(n: usize) -> Result<Langford, Error> {
        let value = if n % 2 == 1 { n } else { n - 1 };
        Self::build(n, Some(value))
    }

    fn build(n: usize, fixed: Option<usize>) -> Result<Langford, Error> {
        crate::check_size("n", n, MAX_LANGFORD)?;
        let mut b = ProblemBuilder::new();
        let values = (1..=n)
            .map(|k| b.primary(k.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let slots = (0..2 * n)
            .map(|i| b.primary(format!("s{i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let mut placements = Vec::new();
        for k in 1..=n {
            // First position i, second i + k + 1 < 2n. The mirror of first position i is
            // 2n - 2 - k - i; the left half keeps i below it.
            for i in (0..2 * n).take_while(|i| i + k + 1 < 2 * n) {
                if fixed == Some(k) && 2 * i >= 2 * n - 2 - k {
                    continue;
                }
                b.option([values[k - 1], slots[i], slots[i + k + 1]])?;
                placements.push((k, i));
            }
        }
        Ok(Langford {
            n,
            placements,
            problem: b.build()?,
            fixed,
        })
    }

    /// n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Visits one sequence of each pair (a sequence, its reversal) and counts them: L(2, n) as
    /// OEIS A014552 gives it. On a problem built by [`Langford::halved`] that is its solution
    /// count; otherwise the halved problem is built and searched.
    pub fn distinct_with(
        &self,
        limits: Limits,
        visit: impl FnMut(Vec<usize>) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        let halved;
        let problem = match self.fixed {
            Some(_) => self,
            None => {
                halved = Langford::halved(self.n)?;
                &halved
            }
        };
        let outcome = problem.search(limits, visit);
        Ok(Distinct {
            count: outcome.solutions,
            symmetries: 2,
            method: Method::FixedPair {
                value: problem.fixed.expect("halved"),
            },
            outcome,
        })
    }

    /// [`Langford::distinct_with`] without a visitor.
    pub fn count_distinct(&self, limits: Limits) -> Result<Distinct, Error> {
        self.distinct_with(limits, |_| ControlFlow::Continue(()))
    }
}

impl Puzzle for Langford {
    type Solution = Vec<usize>;

    /// The exact-cover problem.
    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The sequence of 2n numbers, from a solution's options.
    fn decode(&self, options: impl Iterator<Item = OptionId>) -> Vec<usize> {
        let mut seq = vec![0; 2 * self.n];
        for o in options {
            let (k, i) = self.placements[o];
            seq[i] = k;
            seq[i + k + 1] = k;
        }
        seq
    }

    fn to_text(&self, seq: &Vec<usize>) -> String {
        let words: Vec<String> = seq.iter().map(usize::to_string).collect();
        format!("{}\n", words.join(" "))
    }

    fn to_svg(&self, solutions: &[Vec<usize>]) -> String {
        crate::svg::langford(solutions, &format!("Langford pairs, n = {}", self.n))
    }

    #[cfg(feature = "serde")]
    fn to_json(&self, seq: &Vec<usize>) -> serde_json::Value {
        serde_json::json!({ "solution": seq })
    }

    fn distinct(
        &self,
        limits: Limits,
        visit: &mut dyn FnMut(Vec<usize>) -> ControlFlow<()>,
    ) -> Result<Distinct, Error> {
        self.distinct_with(limits, visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        // L(2,3): 312132 and its reversal.
        let l = Langford::new(3).unwrap();
        let mut all = Vec::new();
        l.search(Limits::none(), |s| {
            all.push(s);
            ControlFlow::Continue(())
        });
        all.sort();
        assert_eq!(all, vec![vec![2, 3, 1, 2, 1, 3], vec![3, 1, 2, 1, 3, 2]]);
        assert_eq!(
            Langford::halved(3)
                .unwrap()
                .problem()
                .solver()
                .count()
                .solutions,
            1
        );
        assert_eq!(
            Langford::new(1)
                .unwrap()
                .problem()
                .solver()
                .count()
                .solutions,
            0
        );
    }
}
