//! What the engine's test files share: random problems built from small specifications.

#![allow(dead_code)] // each test file uses its own part

use std::collections::BTreeSet;

use dlx::{ColorId, ItemId, OptionId, Problem, ProblemBuilder};

/// A small problem: `primary` items, `secondary` ones, and options as (item, color) lists,
/// color 0 meaning none (colors 1 to 3; a color on a primary item is dropped).
pub type ColoredSpec = (usize, usize, Vec<Vec<(usize, u32)>>);

/// Declares items `p0..` (primary) and `s0..` (secondary).
pub fn declare(b: &mut ProblemBuilder, primary: usize, secondary: usize) {
    for i in 0..primary {
        b.primary(format!("p{i}")).unwrap();
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
}

/// The problem of a [`ColoredSpec`]; options without a primary item are left out, and `None`
/// if the builder refuses the whole (no option at all).
pub fn build_colored(spec: &ColoredSpec) -> Option<Problem> {
    let (primary, secondary, options) = spec;
    let mut b = ProblemBuilder::new();
    declare(&mut b, *primary, *secondary);
    let colors: Vec<ColorId> = (0..3).map(|c| b.color(format!("c{c}")).unwrap()).collect();
    for option in options {
        let entries = option.iter().map(|&(i, c)| {
            let color = (c > 0 && i >= *primary).then(|| colors[c as usize - 1]);
            (ItemId::new(i as u32), color)
        });
        match b.option_colored(entries) {
            Ok(_) | Err(dlx::BuildError::OptionWithoutPrimary { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    b.build().ok()
}

/// A small problem with bounds: primary items with (lo, hi), secondary ones, options as (item,
/// color) lists.
pub type BoundedSpec = (Vec<(u32, u32)>, usize, Vec<Vec<(usize, u32)>>);

/// The problem of a [`BoundedSpec`], as [`build_colored`] builds one: items of bounds `[1, 1]`
/// declared plain, so that a spec without other bounds is a plain or colored problem.
pub fn build_bounded(spec: &BoundedSpec) -> Option<Problem> {
    build_declared(spec, false)
}

/// The problem of a [`BoundedSpec`]; with `all`, every primary item declared with its bounds,
/// so that the problem is searched by the rules of bounds even where they are all `[1, 1]`.
pub fn build_declared(spec: &BoundedSpec, all: bool) -> Option<Problem> {
    let (bounds, secondary, options) = spec;
    let mut b = ProblemBuilder::new();
    for (i, &(lo, hi)) in bounds.iter().enumerate() {
        match (lo, hi) {
            (1, 1) if !all => b.primary(format!("p{i}")).unwrap(),
            _ => b.primary_bounded(format!("p{i}"), lo, hi).unwrap(),
        };
    }
    for i in 0..*secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
    let colors: Vec<ColorId> = (0..2).map(|c| b.color(format!("c{c}")).unwrap()).collect();
    for option in options {
        let entries = option.iter().map(|&(i, c)| {
            let color = (c > 0 && i >= bounds.len()).then(|| colors[c as usize - 1]);
            (ItemId::new(i as u32), color)
        });
        match b.option_colored(entries) {
            Ok(_) | Err(dlx::BuildError::OptionWithoutPrimary { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    b.build().ok()
}

/// Every set of options that obeys the rules: each primary item covered between its bounds
/// (once, without bounds); each secondary item either in one option without a color, or in any
/// number of options that all give it the same color.
pub fn oracle(problem: &Problem) -> BTreeSet<Vec<OptionId>> {
    let n = problem.num_options();
    let mut found = BTreeSet::new();
    for subset in 0u32..(1 << n) {
        let chosen: Vec<OptionId> = (0..n as u32)
            .filter(|k| subset & (1 << k) != 0)
            .map(OptionId::new)
            .collect();
        let mut uses: Vec<Vec<Option<ColorId>>> = vec![Vec::new(); problem.num_items()];
        for &o in &chosen {
            for (item, color) in problem.option_entries(o) {
                uses[item.index()].push(color);
            }
        }
        let ok = problem.items().all(|i| {
            let u = &uses[i.index()];
            if problem.is_primary(i) {
                let (lo, hi) = problem.item_bounds(i);
                (lo as usize..=hi as usize).contains(&u.len())
            } else {
                u.len() <= 1 || u.iter().all(|c| c.is_some() && *c == u[0])
            }
        });
        if ok {
            found.insert(chosen);
        }
    }
    found
}
