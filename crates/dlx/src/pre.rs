//! Knuth's preprocessor `dlx-pre`: an equivalent problem with the options that can never be
//! used and the items that are forced taken out ([`Problem::preprocess`]).
//!
//! Two rules, applied item by item in rounds until a round changes nothing:
//! * if every option with a primary item `p` also has an uncolored item `c`, then `c` is covered
//!   whenever `p` is: `c` goes, with every option that has `c` but not `p` (the others keep
//!   their other items);
//! * an option `r` goes if choosing it leaves some primary item with no option: every option of
//!   that item clashes with `r`.
//!
//! The reduced problem has the same solutions, each as the options of the original they came
//! from ([`Reduced::origin`]), which Knuth's program leaves to its reader; [`Reduced::write`]
//! writes it as his program does, line for line, and the options and items removed and the
//! rounds are his. A primary item left with no option makes the problem infeasible: the
//! reduced problem is that one item ([`Reduced::infeasible`]).
//!
//! ```
//! // Knuth's example: every option with A has D, so D goes, and with it the option D E G; then
//! // F and G go the same way, then C.
//! let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
//! let problem = dlx::text::parse(text)?.problem;
//! let reduced = problem.preprocess()?;
//! let mut out = Vec::new();
//! reduced.write(&mut out, false)?;
//! assert_eq!(String::from_utf8(out)?, " A B E\n A\n B\n E\n");
//! assert_eq!((reduced.options_removed(), reduced.items_removed()), (3, 4));
//! // One solution, as options of the original: A D, B G and C E F.
//! let mut solver = reduced.problem().solver();
//! let solution: Vec<u32> = solver.solutions().map(|s| {
//!     let mut o: Vec<u32> = s.options().iter().map(|&o| reduced.origin(o).as_u32()).collect();
//!     o.sort();
//!     o
//! }).next().unwrap();
//! assert_eq!(solution, [0, 3, 4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use crate::problem::{ItemId, OptionId, Problem, ProblemBuilder};

/// Why a problem cannot be preprocessed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PreError {
    /// Bounds on items (Knuth's multiplicities): `dlx-pre`'s rules are for exact cover.
    #[error("the preprocessor takes no bounds on items (its rules are those of exact cover)")]
    Bounds,
}

/// A problem after preprocessing, with the way back to the original.
#[derive(Debug, Clone)]
pub struct Reduced {
    problem: Problem,
    origins: Vec<OptionId>,
    options_removed: usize,
    items_removed: usize,
    rounds: usize,
    infeasible: Option<ItemId>,
}

impl Reduced {
    /// The reduced problem: the items left (primary, then secondary, in the original order)
    /// and the options left, shortened, in the order `dlx-pre` writes them.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option of the original problem an option of the reduced one came from: a solution
    /// of the reduced problem, so mapped, is a solution of the original, and every solution of
    /// the original is met once that way.
    pub fn origin(&self, option: OptionId) -> OptionId {
        self.origins[option]
    }

    /// Options removed (all of them, when the problem is infeasible).
    pub fn options_removed(&self) -> usize {
        self.options_removed
    }

    /// Items removed (all of them, when the problem is infeasible, as `dlx-pre` counts).
    pub fn items_removed(&self) -> usize {
        self.items_removed
    }

    /// Rounds over the items, the last one the round that changed nothing (as `dlx-pre`
    /// counts them).
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// What was taken out, in one value: the options, the items and the rounds.
    pub fn preprocessed(&self) -> crate::Preprocessed {
        crate::Preprocessed {
            options_removed: self.options_removed,
            items_removed: self.items_removed,
            rounds: self.rounds,
        }
    }

    /// A primary item of the original that no option can cover: the problem has no solution.
    pub fn infeasible(&self) -> Option<ItemId> {
        self.infeasible
    }

    /// Writes the reduced problem as `dlx-pre` does: the items line (` A B | X`), then each
    /// option, with `origins` a line `| (from N)` after each (the original option, from 1:
    /// his `v8`). An infeasible problem is the name of its uncoverable item alone. Costs on
    /// options (which his program does not read) are kept, as `|n`.
    pub fn write(&self, out: &mut impl Write, origins: bool) -> io::Result<()> {
        let p = &self.problem;
        if self.infeasible.is_some() {
            return writeln!(out, "{}", p.item_name(ItemId(0)));
        }
        let mut bar = false;
        for item in p.items() {
            if !p.is_primary(item) && !bar {
                bar = true;
                out.write_all(b" |")?;
            }
            write!(out, " {}", p.item_name(item))?;
        }
        out.write_all(b"\n")?;
        for k in 0..p.num_options() {
            let option = OptionId(k as u32);
            // Each entry after a space, as his program writes them (a cost, which his does not
            // read, as `dlx xc` writes one).
            out.write_all(b" ")?;
            crate::text::write_option(p, option, out)?;
            if origins {
                writeln!(out, "| (from {})", self.origins[k].0 + 1)?;
            }
        }
        Ok(())
    }
}

impl Problem {
    /// Knuth's `dlx-pre`: the options that can never be used and the items that are forced,
    /// taken out, in rounds until a round changes nothing (see [`crate::pre`]). Refuses a
    /// problem with bounds on items.
    pub fn preprocess(&self) -> Result<Reduced, PreError> {
        self.preprocess_rounds(usize::MAX)
    }

    /// [`Problem::preprocess`] with at most `rounds` rounds over the items (0 takes nothing
    /// out but what is in no option).
    pub fn preprocess_rounds(&self, rounds: usize) -> Result<Reduced, PreError> {
        if self.has_bounds() {
            return Err(PreError::Bounds);
        }
        let mut pre = Pre::new(self);
        let ended = pre.reduce(rounds);
        Ok(pre.reduced(ended))
    }
}

/// A node of `dlx-pre`'s matrix: links in its item's list, its item (a spacer's: 0, or minus
/// the number of the option before it), its color (0: none). Header `c` is node `c`, and its
/// `itm` field is the list's length.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    up: i32,
    down: i32,
    itm: i32,
    color: i32,
}

/// `dlx-pre`'s state, as his program keeps it (indices as his: items from 1, primary before
/// secondary; nodes after the headers, each option between two spacers).
struct Pre<'p> {
    problem: &'p Problem,
    nd: Vec<Node>,
    /// Item `k` (from 1) is the original item `items[k - 1]`.
    items: Vec<ItemId>,
    /// The first secondary item.
    second: i32,
    /// The first node that is not a header.
    last_itm: i32,
    /// Per item, the option last stamped into it (`aux`).
    aux: Vec<i32>,
    /// The option of each node (0 for headers and spacers).
    option_of: Vec<u32>,
    /// Per option, the test that last counted it out; and the test under way.
    seen: Vec<u32>,
    test: u32,
    /// The items whose lengths a test took down.
    touched: Vec<i32>,
    /// An item a hide left empty; or the stack of options marked for deletion.
    stack: i32,
    change: bool,
    options_out: usize,
    itms_out: usize,
    rounds: usize,
}

/// How the reduction ended.
enum Ended {
    /// Nothing more to take out (or the rounds ran out).
    Done,
    /// A primary item (as numbered in the matrix) has no option left.
    Infeasible(i32),
}

impl<'p> Pre<'p> {
    fn new(problem: &'p Problem) -> Pre<'p> {
        let mut items: Vec<ItemId> = problem.items().filter(|&i| problem.is_primary(i)).collect();
        let second = items.len() as i32 + 1;
        items.extend(problem.items().filter(|&i| !problem.is_primary(i)));
        let mut number = vec![0i32; problem.num_items()];
        for (k, &item) in items.iter().enumerate() {
            number[item] = k as i32 + 1;
        }
        let last_itm = items.len() as i32 + 1;
        let mut nd = vec![Node::default(); last_itm as usize];
        for (c, node) in nd.iter_mut().enumerate() {
            node.up = c as i32;
            node.down = c as i32;
        }
        // The spacer before the first option.
        nd.push(Node::default());
        let mut option_of = vec![0u32; nd.len()];
        for k in 0..problem.num_options() {
            let left = nd.len() as i32 - 1;
            for (item, color) in problem.option_entries(OptionId(k as u32)) {
                let (at, c) = (nd.len() as i32, number[item]);
                let bottom = nd[c as usize].up;
                nd.push(Node {
                    up: bottom,
                    down: c,
                    itm: c,
                    color: color.map_or(0, |c| c.0 as i32 + 1),
                });
                nd[bottom as usize].down = at;
                nd[c as usize].up = at;
                nd[c as usize].itm += 1;
                option_of.push(k as u32);
            }
            let last = nd.len() as i32 - 1;
            nd[left as usize].down = last;
            nd.push(Node {
                up: left + 1,
                down: 0,
                itm: -(k as i32 + 1),
                color: 0,
            });
            option_of.push(0);
        }
        Pre {
            problem,
            nd,
            aux: vec![0; last_itm as usize],
            option_of,
            seen: vec![0; problem.num_options()],
            test: 0,
            touched: Vec::new(),
            items,
            second,
            last_itm,
            stack: 0,
            change: false,
            options_out: 0,
            itms_out: 0,
            rounds: 0,
        }
    }

    /// Node `i`, without a bounds check.
    #[inline(always)]
    fn n(&self, i: i32) -> Node {
        debug_assert!(0 <= i && (i as usize) < self.nd.len());
        // SAFETY: every index is a link of the matrix, which `new` made valid and every change
        // keeps valid (a link is only ever set to a node's own index or to a link it read).
        unsafe { *self.nd.get_unchecked(i as usize) }
    }

    /// Node `i` for writing, without a bounds check (see [`Pre::n`]).
    #[inline(always)]
    fn n_mut(&mut self, i: i32) -> &mut Node {
        debug_assert!(0 <= i && (i as usize) < self.nd.len());
        // SAFETY: as for `n`.
        unsafe { self.nd.get_unchecked_mut(i as usize) }
    }

    fn len(&self, c: i32) -> i32 {
        self.n(c).itm
    }

    fn unlink(&mut self, q: i32) {
        let Node { up, down, .. } = self.n(q);
        self.n_mut(up).down = down;
        self.n_mut(down).up = up;
    }

    fn relink(&mut self, q: i32) {
        let Node { up, down, .. } = self.n(q);
        self.n_mut(up).down = q;
        self.n_mut(down).up = q;
    }

    /// Item `cc` has no option left: counted out; a primary one ends it all.
    fn note_empty(&mut self, cc: i32) -> Result<(), Ended> {
        self.itms_out += 1;
        if cc < self.second {
            return Err(Ended::Infeasible(cc));
        }
        Ok(())
    }

    /// Hides the other entries of every uncolored option of item `c`; a primary item left
    /// empty is put in `stack`.
    fn hide(&mut self, c: i32) {
        let mut rr = self.n(c).down;
        while rr >= self.last_itm {
            if self.n(rr).color == 0 {
                let mut nn = rr + 1;
                while nn != rr {
                    let Node { up, itm: cc, .. } = self.n(nn);
                    if cc <= 0 {
                        nn = up;
                        continue;
                    }
                    self.unlink(nn);
                    let t = self.len(cc) - 1;
                    self.n_mut(cc).itm = t;
                    if t == 0 && cc < self.second {
                        self.stack = cc;
                    }
                    nn += 1;
                }
            }
            rr = self.n(rr).down;
        }
    }

    fn unhide(&mut self, c: i32) {
        let mut rr = self.n(c).down;
        while rr >= self.last_itm {
            if self.n(rr).color == 0 {
                let mut nn = rr + 1;
                while nn != rr {
                    let Node { up, itm: cc, .. } = self.n(nn);
                    if cc <= 0 {
                        nn = up;
                        continue;
                    }
                    self.relink(nn);
                    self.n_mut(cc).itm += 1;
                    nn += 1;
                }
            }
            rr = self.n(rr).down;
        }
    }

    fn reduce(&mut self, rounds: usize) -> Ended {
        match self.rounds(rounds) {
            Ok(()) => Ended::Done,
            Err(ended) => ended,
        }
    }

    fn rounds(&mut self, rounds: usize) -> Result<(), Ended> {
        for cc in 1..self.last_itm {
            if self.len(cc) == 0 {
                self.note_empty(cc)?;
            }
        }
        while self.rounds < rounds {
            self.rounds += 1;
            self.change = false;
            for c in 1..self.last_itm {
                if self.len(c) != 0 {
                    self.try_item(c)?;
                }
            }
            if !self.change {
                break;
            }
        }
        Ok(())
    }

    /// Tries to reduce the options in item `c`'s list.
    fn try_item(&mut self, c: i32) -> Result<(), Ended> {
        self.stack = 0;
        self.hide(c);
        if self.stack != 0 {
            return self.remove_item(c);
        }
        let mut r = self.n(c).down;
        while r >= self.last_itm {
            // Only where `r` is the first (surviving, uncolored) node of its option.
            let mut q = r - 1;
            while self.n(q).down == q - 1 {
                q -= 1;
            }
            if self.n(q).itm <= 0 && self.n(r).color == 0 {
                let blocked = self.blocks(r);
                if blocked != 0 {
                    self.options_out += 1;
                    self.change = true;
                    self.n_mut(r).itm = self.stack;
                    self.stack = r;
                }
            }
            r = self.n(r).down;
        }
        self.unhide(c);
        let mut r = self.stack;
        while r != 0 {
            let next = self.n(r).itm;
            self.n_mut(r).itm = c;
            self.delete(r)?;
            r = next;
        }
        Ok(())
    }

    /// Item `c` is forced by the primary item in `stack`: it goes; an option of it with that
    /// item loses `c`, the others go.
    fn remove_item(&mut self, c: i32) -> Result<(), Ended> {
        self.unhide(c);
        let mut r = self.n(c).down;
        while r >= self.last_itm {
            let next = self.n(r).down;
            let mut q = r + 1;
            while q != r {
                let Node { up, itm: cc, .. } = self.n(q);
                if cc <= 0 {
                    q = up;
                    continue;
                }
                if cc == self.stack {
                    break;
                }
                q += 1;
            }
            if q != r {
                // Shortened: node `r` becomes a spacer within its option.
                *self.n_mut(r) = Node {
                    up: r + 1,
                    down: r - 1,
                    itm: 0,
                    color: self.n(r).color,
                };
            } else {
                self.options_out += 1;
                let mut q = r + 1;
                while q != r {
                    let Node { up, itm: cc, .. } = self.n(q);
                    if cc <= 0 {
                        q = up;
                        continue;
                    }
                    let t = self.len(cc) - 1;
                    if t == 0 {
                        self.note_empty(cc)?;
                    }
                    self.n_mut(cc).itm = t;
                    self.unlink(q);
                    q += 1;
                }
            }
            r = next;
        }
        *self.n_mut(c) = Node {
            up: c,
            down: c,
            itm: 0,
            color: 0,
        };
        self.itms_out += 1;
        self.change = true;
        Ok(())
    }

    /// With item `c` hidden: whether some primary item not in option `r` (of `c`) is left with
    /// no option once every option that clashes with `r` is taken away (that item, or 0).
    ///
    /// Knuth hides those options and unhides them after; this counts instead, with the same
    /// outcome: each clashing option once (a stamp per option stands for its entries being
    /// unlinked from the lists still to be walked), its other entries taken off their items'
    /// lengths, stopping where one primary item not stamped as `r`'s reaches 0; then the
    /// lengths are put back.
    fn blocks(&mut self, r: i32) -> i32 {
        // Stamp the items of `r`, to tell an item of `r` from one `r` blocks.
        let mut q = r + 1;
        loop {
            let Node { up, itm: cc, .. } = self.n(q);
            if cc <= 0 {
                q = up;
                if q > r {
                    continue;
                }
                break;
            }
            self.aux[cc as usize] = r;
            q += 1;
        }
        self.test = self.test.wrapping_add(1);
        if self.test == 0 {
            // After 2^32 tests, stamps from long ago could pass for this one's.
            self.seen.fill(0);
            self.test = 1;
        }
        self.touched.clear();
        let mut blocked = 0;
        let mut q = r + 1;
        'entries: loop {
            let Node {
                up,
                itm: cc,
                color: x,
                ..
            } = self.n(q);
            if cc <= 0 {
                q = up;
                if q > r {
                    continue;
                }
                break;
            }
            let mut p = self.n(cc).down;
            while p >= self.last_itm {
                let Node { down, color, .. } = self.n(p);
                let option = self.option_of[p as usize] as usize;
                // An option that gives `cc` `r`'s color does not clash there; one counted
                // out already is as if unlinked.
                if !(x > 0 && color == x) && self.seen[option] != self.test {
                    self.seen[option] = self.test;
                    let mut qq = p + 1;
                    while qq != p {
                        let Node { up, itm: c2, .. } = self.n(qq);
                        if c2 <= 0 {
                            qq = up;
                            continue;
                        }
                        let t = self.len(c2) - 1;
                        if t == 0 && c2 < self.second && self.aux[c2 as usize] != r {
                            blocked = c2;
                            break 'entries;
                        }
                        self.n_mut(c2).itm = t;
                        self.touched.push(c2);
                        qq += 1;
                    }
                }
                p = down;
            }
            q += 1;
        }
        for k in 0..self.touched.len() {
            let c2 = self.touched[k];
            self.n_mut(c2).itm += 1;
        }
        blocked
    }

    /// Option `r` goes: each of its entries leaves its item's list.
    fn delete(&mut self, r: i32) -> Result<(), Ended> {
        let mut p = r + 1;
        loop {
            let Node { up, itm: cc, .. } = self.n(p);
            if cc <= 0 {
                p = up;
                continue;
            }
            self.unlink(p);
            self.n_mut(cc).itm -= 1;
            if self.len(cc) == 0 {
                self.note_empty(cc)?;
            }
            if p == r {
                return Ok(());
            }
            p += 1;
        }
    }

    /// The reduced problem, as `dlx-pre` writes it.
    fn reduced(self, ended: Ended) -> Reduced {
        let original = self.problem;
        let mut b = ProblemBuilder::new();
        if let Ended::Infeasible(cc) = ended {
            let name = original.item_name(self.items[cc as usize - 1]);
            b.primary(name).expect("one item");
            return Reduced {
                problem: b.build().expect("one primary item"),
                origins: Vec::new(),
                options_removed: original.num_options(),
                items_removed: self.items.len(),
                rounds: self.rounds,
                infeasible: Some(self.items[cc as usize - 1]),
            };
        }
        let mut id = vec![None; self.last_itm as usize];
        for c in 1..self.last_itm {
            if self.len(c) > 0 {
                let name = original.item_name(self.items[c as usize - 1]);
                let made = if c < self.second {
                    b.primary(name)
                } else {
                    b.secondary(name)
                };
                id[c as usize] = Some(made.expect("names of the original"));
            }
        }
        let mut colors = vec![None; original.num_colors()];
        let mut origins = Vec::new();
        for c in 1..self.last_itm {
            if self.len(c) == 0 {
                continue;
            }
            let mut r = self.n(c).down;
            while r >= self.last_itm {
                let mut q = r - 1;
                while self.n(q).down == q - 1 {
                    q -= 1;
                }
                if self.n(q).itm <= 0 {
                    // `r` is the first survivor of its option: the option, from its spacer.
                    let mut entries = Vec::new();
                    let mut q = q + 1;
                    let number = loop {
                        let Node { itm, color, .. } = self.n(q);
                        if itm < 0 {
                            break -itm;
                        }
                        if itm > 0 {
                            let color = (color > 0).then(|| {
                                let k = color as usize - 1;
                                *colors[k].get_or_insert_with(|| {
                                    let name = original.color_name(crate::ColorId(k as u32));
                                    b.color(name).expect("colors of the original")
                                })
                            });
                            entries.push((id[itm as usize].expect("a surviving item"), color));
                        }
                        q += 1;
                    };
                    let from = OptionId(number as u32 - 1);
                    let option = b
                        .option_colored(entries)
                        .expect("an option of the original");
                    let cost = original.option_cost(from);
                    if cost > 0 {
                        b.set_cost(option, cost).expect("an option just added");
                    }
                    origins.push(from);
                }
                r = self.n(r).down;
            }
        }
        Reduced {
            problem: b.build().expect("a reduced problem builds"),
            origins,
            options_removed: self.options_out,
            items_removed: self.itms_out,
            rounds: self.rounds,
            infeasible: None,
        }
    }
}
