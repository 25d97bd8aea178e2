//! Building an exact-cover problem: named items, options, validation, and the immutable result.

use std::fmt;

use smallvec::SmallVec;

use crate::arena::{self, HeadLinks, Links, NodeLinks, NodeMeta};
use crate::names::Names;

/// The typed indices of a problem, defined once: a `u32` behind a field users cannot reach
/// (made with `new`, read with `as_u32` or `index`), an index into slices and vectors of what it
/// numbers, and a `Display` that says what it is (`item #3`).
macro_rules! typed_index {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[doc = concat!("The ", $what, " numbered `n` (from 0).")]
            pub const fn new(n: u32) -> Self {
                $name(n)
            }

            /// Its number.
            pub const fn as_u32(self) -> u32 {
                self.0
            }

            #[doc = concat!("Its number as an index into per-", $what, " arrays.")]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($what, " #{}"), self.0)
            }
        }

        impl<T> std::ops::Index<$name> for [T] {
            type Output = T;
            fn index(&self, id: $name) -> &T {
                &self[id.index()]
            }
        }

        impl<T> std::ops::IndexMut<$name> for [T] {
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.index()]
            }
        }

        impl<T> std::ops::Index<$name> for Vec<T> {
            type Output = T;
            fn index(&self, id: $name) -> &T {
                &self[id.index()]
            }
        }

        impl<T> std::ops::IndexMut<$name> for Vec<T> {
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.index()]
            }
        }
    };
}

typed_index!(
    /// An item of a [`Problem`], numbered from 0 in the order items were declared.
    ItemId,
    "item"
);

typed_index!(
    /// An option of a [`Problem`], numbered from 0 in the order options were added.
    OptionId,
    "option"
);

typed_index!(
    /// A color of a secondary item in an option (Knuth's `dlx2` color controls), numbered from 0
    /// in the order the colors were first named.
    ColorId,
    "color"
);

/// Why a [`ProblemBuilder`] refused an item, an option or the whole problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("duplicate item name `{name}`")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An item name was empty or held whitespace.
    #[error("invalid item name `{name}`: names are non-empty and hold no whitespace")]
    InvalidName {
        /// The rejected name.
        name: String,
    },
    /// An option named an item that was never declared.
    #[error("option {option} names unknown item `{name}`")]
    UnknownItem {
        /// Index the option would have had.
        option: u32,
        /// The unknown name (or `#k` for an out-of-range [`ItemId`]).
        name: String,
    },
    /// An option listed the same item twice.
    #[error("option {option} lists item `{name}` twice")]
    RepeatedItem {
        /// Index the option would have had.
        option: u32,
        /// The repeated item.
        name: String,
    },
    /// An option had no primary item (such an option could never be chosen).
    #[error("option {option} has no primary item")]
    OptionWithoutPrimary {
        /// Index the option would have had.
        option: u32,
    },
    /// The problem had no primary item.
    #[error("the problem has no primary items")]
    NoPrimaryItems,
    /// A color was given to a primary item (only secondary items take colors).
    #[error(
        "option {option} gives a color to primary item `{name}`; only secondary items take colors"
    )]
    ColorOnPrimary {
        /// Index the option would have had.
        option: u32,
        /// The primary item.
        name: String,
    },
    /// Bounds that no count can meet: `lo > hi`, or `hi = 0`.
    #[error("bounds {lo}:{hi} on item `{name}`: need 0 <= lo <= hi and hi >= 1")]
    BadBounds {
        /// The item.
        name: String,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// A color name was empty or held whitespace.
    #[error("invalid color name `{name}`: names are non-empty and hold no whitespace")]
    InvalidColor {
        /// The rejected name.
        name: String,
    },
    /// An option used a [`ColorId`] that was never declared.
    #[error("option {option} uses unknown color #{color}")]
    UnknownColor {
        /// Index the option would have had.
        option: u32,
        /// The unknown id.
        color: u32,
    },
    /// [`ProblemBuilder::set_cost`] named an option that was never added.
    #[error("no option {option} to give a cost to")]
    UnknownOption {
        /// The option's index.
        option: u32,
    },
    /// The costs of all options add up to more than `u64` holds (a solution's cost must fit).
    #[error("the options' costs add up to more than 2^64 - 1")]
    CostOverflow,
    /// More items or nodes than `u32` indices can address, or an option of more than 65,535
    /// items.
    #[error("the problem is too large: more than 2^30 nodes, or an option of over 65535 items")]
    TooLarge,
}

/// Collects items and options and builds an immutable [`Problem`].
///
/// ```
/// use dlx::ProblemBuilder;
/// let mut b = ProblemBuilder::new();
/// let a = b.primary("a")?;
/// let c = b.secondary("c")?;
/// b.option([a, c])?;
/// let problem = b.build()?;
/// assert_eq!(problem.count().solutions, 1);
/// # Ok::<(), dlx::BuildError>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct ProblemBuilder {
    /// Item names, by [`ItemId`].
    names: Names,
    primary: Vec<bool>,
    /// Items of all options, concatenated.
    option_items: Vec<ItemId>,
    /// Start of each option in `option_items`, plus a final end.
    option_starts: Vec<u32>,
    /// Scratch: the option that last used each item, to find repeats in O(1).
    last_use: Vec<u32>,
    /// The color of each entry of `option_items`: 0 for none, else the [`ColorId`] plus 1.
    option_colors: Vec<u32>,
    /// Color names, by [`ColorId`].
    color_names: Names,
    /// The bounds of each declared item (`(1, 1)` for a plain primary item; unused for
    /// secondary ones).
    bounds: Vec<(u32, u32)>,
    /// Whether an item was declared with bounds ([`ProblemBuilder::primary_bounded`]), even
    /// `1:1`: the problem is then searched by `dlx3`'s rules.
    bounded: bool,
    /// The cost of each option given one ([`ProblemBuilder::set_cost`]); options after the end
    /// cost 0.
    costs: Vec<u64>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        ProblemBuilder {
            option_starts: vec![0],
            ..Default::default()
        }
    }

    /// Declares a primary item: one that every solution covers exactly once.
    pub fn primary(&mut self, name: impl AsRef<str>) -> Result<ItemId, BuildError> {
        self.item(name.as_ref(), true)
    }

    /// Declares a secondary item: one that a solution covers at most once.
    pub fn secondary(&mut self, name: impl AsRef<str>) -> Result<ItemId, BuildError> {
        self.item(name.as_ref(), false)
    }

    fn item(&mut self, name: &str, primary: bool) -> Result<ItemId, BuildError> {
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(BuildError::InvalidName {
                name: name.to_owned(),
            });
        }
        // Headers, the item roots and the spacers must all stay below u32::MAX.
        if self.names.len() >= (u32::MAX / 4) as usize {
            return Err(BuildError::TooLarge);
        }
        // One look-up decides both: a repeat, or the new item's place.
        match self.names.insert(name) {
            Err(_) => Err(BuildError::DuplicateItem {
                name: name.to_owned(),
            }),
            Ok(id) => {
                self.bounds.push((1, 1));
                self.primary.push(primary);
                self.last_use.push(u32::MAX);
                Ok(ItemId(id))
            }
        }
    }

    /// Declares a primary item that every solution covers at least `lo` and at most `hi`
    /// times (Knuth's `dlx3` multiplicities). A problem with an item declared so, even with
    /// bounds `1, 1` (which cover the item exactly once, as [`ProblemBuilder::primary`] does),
    /// is searched with the rules and statistics of the programs that read bounds, `dlx3` and
    /// `ssmcc` ([`Problem::declares_bounds`]): their figures differ from `dlx1`'s and
    /// `ssxcc`'s on the same problem.
    ///
    /// ```
    /// let mut b = dlx::ProblemBuilder::new();
    /// let a = b.primary_bounded("a", 2, 2)?;
    /// let (x, y, z) = (b.primary("x")?, b.primary("y")?, b.primary("z")?);
    /// for other in [x, y, z] {
    ///     b.option([a, other])?;
    /// }
    /// // Two of the three options cover `a`; the third would leave its item uncovered.
    /// assert_eq!(b.build()?.count().solutions, 0);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn primary_bounded(
        &mut self,
        name: impl AsRef<str>,
        lo: u32,
        hi: u32,
    ) -> Result<ItemId, BuildError> {
        let name = name.as_ref();
        if lo > hi || hi == 0 {
            return Err(BuildError::BadBounds {
                name: name.to_owned(),
                lo,
                hi,
            });
        }
        let id = self.item(name, true)?;
        self.bounds[id] = (lo, hi);
        self.bounded = true;
        Ok(id)
    }

    /// Makes room for `additional` more items (a reader that knows how many are coming).
    pub fn reserve_items(&mut self, additional: usize) {
        // Names of a few characters, as most are.
        self.names.reserve(additional, 4 * additional);
        self.bounds.reserve(additional);
        self.primary.reserve(additional);
        self.last_use.reserve(additional);
    }

    /// Reserves room for `additional` more options with `entries` items in all (a caller that
    /// knows the sizes saves the growing of the builder's arrays).
    pub fn reserve_options(&mut self, additional: usize, entries: usize) {
        self.option_starts.reserve(additional);
        self.option_items.reserve(entries);
        self.option_colors.reserve(entries);
    }

    /// The item with this name, if declared.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.names.find(name).map(ItemId)
    }

    /// Number of items declared so far.
    pub fn num_items(&self) -> usize {
        self.names.len()
    }

    /// Whether a declared item is primary.
    ///
    /// # Panics
    /// If `item` was not declared.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.primary[item]
    }

    /// Number of options added so far.
    pub fn num_options(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// The color with this name, declared on first use.
    pub fn color(&mut self, name: impl AsRef<str>) -> Result<ColorId, BuildError> {
        let name = name.as_ref();
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(BuildError::InvalidColor {
                name: name.to_owned(),
            });
        }
        match self.color_names.insert(name) {
            Ok(new) => Ok(ColorId(new)),
            Err(old) => Ok(ColorId(old)),
        }
    }

    /// Adds an option covering `items`, in that order. Fails, leaving the builder unchanged, if
    /// an item is unknown or repeated, or if no item is primary.
    pub fn option(
        &mut self,
        items: impl IntoIterator<Item = ItemId>,
    ) -> Result<OptionId, BuildError> {
        self.option_colored(items.into_iter().map(|i| (i, None)))
    }

    /// Adds an option whose secondary items may carry a color (Knuth's `dlx2`): options that
    /// give an item the same color are compatible, and an option that uses it without a color
    /// excludes every other option that uses it. Fails as [`ProblemBuilder::option`] does, and
    /// for a color on a primary item.
    ///
    /// ```
    /// let mut b = dlx::ProblemBuilder::new();
    /// let (a, b_, x) = (b.primary("a")?, b.primary("b")?, b.secondary("x")?);
    /// let red = b.color("red")?;
    /// b.option_colored([(a, None), (x, Some(red))])?;
    /// b.option_colored([(b_, None), (x, Some(red))])?;
    /// assert_eq!(b.build()?.count().solutions, 1); // both options agree on x's color
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn option_colored(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
    ) -> Result<OptionId, BuildError> {
        let option = self.num_options() as u32;
        let start = self.option_items.len();
        let mut has_primary = false;
        let mut failure = None;
        for (item, color) in items {
            let Some(&primary) = self.primary.get(item.index()) else {
                failure = Some(BuildError::UnknownItem {
                    option,
                    name: format!("#{}", item.0),
                });
                break;
            };
            if self.last_use[item] == option {
                let name = self.names.get(item.index()).to_owned();
                failure = Some(BuildError::RepeatedItem { option, name });
                break;
            }
            let color = match color {
                None => 0,
                Some(_) if primary => {
                    let name = self.names.get(item.index()).to_owned();
                    failure = Some(BuildError::ColorOnPrimary { option, name });
                    break;
                }
                Some(c) if c.index() >= self.color_names.len() => {
                    failure = Some(BuildError::UnknownColor { option, color: c.0 });
                    break;
                }
                Some(c) => c.0 + 1,
            };
            self.last_use[item] = option;
            has_primary |= primary;
            self.option_items.push(item);
            self.option_colors.push(color);
        }
        if failure.is_none() && !has_primary {
            failure = Some(BuildError::OptionWithoutPrimary { option });
        }
        let too_long = self.option_items.len() - start > arena::MAX_OPTION_LEN;
        if failure.is_none() && (too_long || self.option_items.len() >= (u32::MAX / 4) as usize) {
            failure = Some(BuildError::TooLarge);
        }
        if let Some(err) = failure {
            // Roll back, and forget the marks this failed option left.
            for item in self.option_items.drain(start..) {
                self.last_use[item] = u32::MAX;
            }
            self.option_colors.truncate(start);
            return Err(err);
        }
        self.option_starts.push(self.option_items.len() as u32);
        Ok(OptionId(option))
    }

    /// Adds an option given by item names (see [`ProblemBuilder::option`]).
    pub fn option_by_names<'a>(
        &mut self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<OptionId, BuildError> {
        let option = self.num_options() as u32;
        let mut ids: SmallVec<[ItemId; 16]> = SmallVec::new();
        for name in names {
            match self.item_id(name) {
                Some(id) => ids.push(id),
                None => {
                    return Err(BuildError::UnknownItem {
                        option,
                        name: name.to_string(),
                    })
                }
            }
        }
        self.option(ids)
    }

    /// Gives an option a cost (Knuth's `dlx5`; 0 unless set): [`Problem::best`] finds the
    /// solutions of least total cost, every other search passes costs over. Fails for an
    /// option not added.
    ///
    /// ```
    /// let mut b = dlx::ProblemBuilder::new();
    /// let (x, y) = (b.primary("x")?, b.primary("y")?);
    /// let both = b.option([x, y])?;
    /// b.option([x])?;
    /// b.option([y])?;
    /// b.set_cost(both, 3)?;
    /// let problem = b.build()?;
    /// assert_eq!(problem.option_cost(both), 3);
    /// // Two solutions: {x y} costs 3, {x}, {y} cost 0.
    /// assert_eq!(problem.best(1).expect("no bounds").run().costs(), [0]);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn set_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        let k = option.index();
        if k >= self.num_options() {
            return Err(BuildError::UnknownOption { option: option.0 });
        }
        if self.costs.len() <= k {
            if cost == 0 {
                return Ok(());
            }
            self.costs.resize(k + 1, 0);
        }
        self.costs[k] = cost;
        Ok(())
    }

    /// Builds the immutable problem: the Dancing Links arena in its initial state.
    pub fn build(self) -> Result<Problem, BuildError> {
        let n = self.names.len();
        let n1 = self.primary.iter().filter(|&&p| p).count();
        if n1 == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        let num_options = self.num_options();
        // Any solution's cost is at most the sum of all costs; the cost search adds without
        // checking.
        let mut costs = self.costs;
        costs
            .iter()
            .try_fold(0u64, |sum, &c| sum.checked_add(c))
            .filter(|&sum| sum < u64::MAX)
            .ok_or(BuildError::CostOverflow)?;
        if costs.iter().all(|&c| c == 0) {
            costs = Vec::new();
        }
        let total = n + 2 + self.option_items.len();
        if total >= u32::MAX as usize {
            return Err(BuildError::TooLarge);
        }
        // Internal order: primary items first, then secondary, each in declaration order.
        let mut internal_of = vec![0u32; n];
        let mut declared_of = Vec::with_capacity(n);
        for want_primary in [true, false] {
            for (k, &p) in self.primary.iter().enumerate() {
                if p == want_primary {
                    declared_of.push(ItemId(k as u32));
                    internal_of[k] = declared_of.len() as u32;
                }
            }
        }

        // Item lists: 0 <-> 1..=n1 (primary), n+1 <-> n1+1..=n (secondary).
        let mut heads = vec![HeadLinks { prev: 0, next: 0 }; n + 2];
        // With slack after the secondary root for the small MRV scan, which reads whole vectors.
        let mut lens = vec![0u32; (n + 2).max(1 + n1.next_multiple_of(arena::LANES))];
        let link_ring = |heads: &mut Vec<HeadLinks>, root: usize, first: usize, last: usize| {
            let mut prev = root;
            for i in first..=last {
                heads[prev].next = i as u32;
                heads[i].prev = prev as u32;
                prev = i;
            }
            heads[prev].next = root as u32;
            heads[root].prev = prev as u32;
        };
        link_ring(&mut heads, 0, 1, n1);
        link_ring(&mut heads, n + 1, n1 + 1, n);

        // Column headers 0..=n (node 0 is unused), then the options, each contiguous.
        let mut nodes: Vec<NodeLinks> = Vec::with_capacity(total);
        let mut meta: Vec<NodeMeta> = Vec::with_capacity(total);
        for i in 0..=n as u32 {
            nodes.push(NodeLinks { up: i, down: i });
            meta.push(NodeMeta { item: i, place: 0 });
        }
        let mut option_first = Vec::with_capacity(num_options + 1);
        // Headers belong to no option.
        let mut option_of = vec![u32::MAX; nodes.len()];
        option_of.reserve(total - nodes.len());
        for (option, w) in self.option_starts.windows(2).enumerate() {
            let first = nodes.len() as u32;
            option_first.push(first);
            option_of.resize(option_of.len() + (w[1] - w[0]) as usize, option as u32);
            let items = &self.option_items[w[0] as usize..w[1] as usize];
            for (k, &item) in items.iter().enumerate() {
                let i = internal_of[item];
                let p = nodes.len() as u32;
                let last = nodes[i as usize].up;
                let place = arena::place(k, items.len());
                nodes.push(NodeLinks { up: last, down: i });
                meta.push(NodeMeta { item: i, place });
                nodes[last as usize].down = p;
                nodes[i as usize].up = p;
                lens[i as usize] += 1;
            }
        }
        option_first.push(nodes.len() as u32);
        debug_assert_eq!(option_of.len(), nodes.len());
        // Colors per node (headers have none), kept only by problems that use them: the plain
        // search never looks at them.
        // Bounds of the primary items in internal order, kept only if an item was declared
        // with bounds (all may be 1:1).
        let bounds: Vec<(u32, u32)> = match self.bounded {
            true => declared_of[..n1].iter().map(|&i| self.bounds[i]).collect(),
            false => Vec::new(),
        };
        let other_bounds = bounds.iter().any(|&b| b != (1, 1));
        let node_colors = if self.option_colors.iter().any(|&c| c != 0) {
            let mut colors = vec![0u32; n + 1];
            colors.extend_from_slice(&self.option_colors);
            debug_assert_eq!(colors.len(), nodes.len());
            colors
        } else {
            Vec::new()
        };

        let avx2 = arena::has_avx2();
        let small_scan = avx2
            && n1 <= arena::SMALL_SCAN_MAX
            && lens[1..=n1].iter().all(|&len| len < arena::KEY_CAP);
        Ok(Problem {
            names: self.names,
            color_names: self.color_names,
            node_colors,
            bounds,
            other_bounds,
            costs,
            internal_of,
            declared_of,
            num_primary: n1 as u32,
            option_first,
            option_of,
            links: Links {
                nodes,
                meta,
                heads,
                lens,
                num_primary: n1 as u32,
                avx2,
                small_scan,
            },
        })
    }
}

/// An exact-cover problem, built and immutable: search it any number of times with
/// [`Problem::solver`], from one thread or many.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Item names, by [`ItemId`].
    names: Names,
    /// Color names, by [`ColorId`].
    color_names: Names,
    /// The color of each node: 0 for none, else the [`ColorId`] plus 1. Empty when no option
    /// has a color (the problem is searched by the plain loop).
    node_colors: Vec<u32>,
    /// The bounds `(lo, hi)` of the primary items in internal order; empty when no item was
    /// declared with bounds ([`Problem::declares_bounds`]).
    bounds: Vec<(u32, u32)>,
    /// Whether a bound is other than `(1, 1)` ([`Problem::has_bounds`]).
    other_bounds: bool,
    /// The cost of each option, by [`OptionId`]; empty when every option costs 0.
    costs: Vec<u64>,
    /// Internal (1-based) index of each declared item.
    internal_of: Vec<u32>,
    /// Declared id of each internal item `1..=n`, at position `i - 1`.
    declared_of: Vec<ItemId>,
    num_primary: u32,
    /// Node index of the first node of each option, plus one past the last option.
    option_first: Vec<u32>,
    /// The option of each node (`u32::MAX` for a header): decoding a solution looks up one per
    /// chosen node, which a binary search over `option_first` made a tenth of a 9x9 sudoku's
    /// solving time.
    option_of: Vec<u32>,
    links: Links,
}

impl Problem {
    /// A new [`ProblemBuilder`].
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }

    /// Number of items, primary and secondary.
    pub fn num_items(&self) -> usize {
        self.names.len()
    }

    /// Number of primary items.
    pub fn num_primary(&self) -> usize {
        self.num_primary as usize
    }

    /// Number of options.
    pub fn num_options(&self) -> usize {
        self.option_first.len() - 1
    }

    /// The name of an item.
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn item_name(&self, item: ItemId) -> &str {
        self.names.get(item.index())
    }

    /// The item with this name.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.names.find(name).map(ItemId)
    }

    /// Whether an item is primary.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.internal_of[item] <= self.num_primary
    }

    /// All items in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.names.len() as u32).map(ItemId)
    }

    /// The items of an option, in the order they were given.
    ///
    /// # Panics
    /// If `option` does not belong to this problem.
    pub fn option_items(&self, option: OptionId) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        let first = self.option_first[option] as usize;
        let end = self.option_first[option.index() + 1] as usize;
        self.links.meta[first..end]
            .iter()
            .map(|n| self.declared_of[n.item as usize - 1])
    }

    /// Whether some option gives a secondary item a color: such a problem is searched with
    /// color controls (`dlx2`'s rules and statistics), any other by the plain loop.
    pub fn has_colors(&self) -> bool {
        !self.node_colors.is_empty()
    }

    /// Whether some primary item has bounds other than exactly once: a problem that the
    /// searches of exact cover alone (the cheapest solutions, the preprocessor) do not take,
    /// and that the memoized search counts by subsets of options.
    pub fn has_bounds(&self) -> bool {
        self.other_bounds
    }

    /// Whether some primary item was declared with bounds (`a:b|name` or `b|name` in the text,
    /// [`ProblemBuilder::primary_bounded`]), even where every bound is `1`: such a problem is
    /// searched with multiplicities, by `dlx3`'s rules and statistics (by dancing cells,
    /// `ssmcc`'s), as the programs that read the file would; on the same problem without
    /// bounds, `dlx1`'s and `ssxcc`'s figures can differ from theirs.
    ///
    /// ```
    /// let with = dlx::text::parse("1|a 1|b c\na b\nc b\n")?.problem;
    /// let without = dlx::text::parse("a b c\na b\nc b\n")?.problem;
    /// assert!(with.declares_bounds() && !with.has_bounds() && !without.declares_bounds());
    /// // No solution either way: dlx3 counts 4 updates, dlx1 5.
    /// let (w, o) = (with.count(), without.count());
    /// assert_eq!((w.solutions, w.nodes, w.updates), (0, 2, 4));
    /// assert_eq!((o.solutions, o.nodes, o.updates), (0, 2, 5));
    /// # Ok::<(), dlx::text::ParseError>(())
    /// ```
    pub fn declares_bounds(&self) -> bool {
        !self.bounds.is_empty()
    }

    /// The bounds `(lo, hi)` of an item: how many chosen options cover it in a solution (for a
    /// secondary item, `(0, 1)`).
    ///
    /// # Panics
    /// If `item` does not belong to this problem.
    pub fn item_bounds(&self, item: ItemId) -> (u32, u32) {
        let i = self.internal_of[item] as usize;
        if i > self.num_primary as usize {
            (0, 1)
        } else {
            self.bounds.get(i - 1).copied().unwrap_or((1, 1))
        }
    }

    /// The bounds of the primary items in internal order (empty when no item was declared with
    /// bounds).
    pub(crate) fn bounds(&self) -> &[(u32, u32)] {
        &self.bounds
    }

    /// Whether some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The cost of an option (0 unless given one).
    ///
    /// # Panics
    /// If `option` does not belong to this problem.
    pub fn option_cost(&self, option: OptionId) -> u64 {
        assert!(option.index() < self.num_options(), "no option {option}");
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// Number of colors named.
    pub fn num_colors(&self) -> usize {
        self.color_names.len()
    }

    /// The name of a color.
    ///
    /// # Panics
    /// If `color` does not belong to this problem.
    pub fn color_name(&self, color: ColorId) -> &str {
        self.color_names.get(color.index())
    }

    /// The items of an option with their colors, in the order they were given.
    ///
    /// # Panics
    /// If `option` does not belong to this problem.
    pub fn option_entries(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = (ItemId, Option<ColorId>)> + '_ {
        let first = self.option_first[option] as usize;
        let end = self.option_first[option.index() + 1] as usize;
        (first..end).map(move |p| {
            let item = self.declared_of[self.links.meta[p].item as usize - 1];
            let color = match self.node_colors.get(p) {
                Some(&c) if c != 0 => Some(ColorId(c - 1)),
                _ => None,
            };
            (item, color)
        })
    }

    /// The colors of every node, for the colored search (empty for a plain problem).
    pub(crate) fn node_colors(&self) -> &[u32] {
        &self.node_colors
    }

    /// The option that node `p` belongs to.
    pub(crate) fn option_of_node(&self, p: arena::Node) -> OptionId {
        let option = self.option_of[p.0 as usize];
        debug_assert!(option != u32::MAX, "node {} is a header", p.0);
        OptionId(option)
    }

    /// The first node of an option, if the option exists.
    pub(crate) fn first_node(&self, option: OptionId) -> Option<arena::Node> {
        (option.index() < self.num_options()).then(|| arena::Node(self.option_first[option]))
    }

    /// The node of an option that [`crate::Solver::select`] covers the item of, before the rest:
    /// the first, or with colors the first whose item is primary (a colored node purifies, it
    /// does not cover).
    pub(crate) fn select_node(&self, option: OptionId) -> Option<arena::Node> {
        let first = self.first_node(option)?;
        if !self.has_colors() {
            return Some(first);
        }
        let k = self
            .option_items(option)
            .position(|i| self.is_primary(i))
            .expect("every option has a primary item");
        Some(arena::Node(first.0 + k as u32))
    }

    /// The internal index of a declared item.
    pub(crate) fn internal_item(&self, item: ItemId) -> arena::Item {
        arena::Item(self.internal_of[item.index()])
    }

    /// The links in their built state.
    pub(crate) fn links(&self) -> &Links {
        &self.links
    }
}
