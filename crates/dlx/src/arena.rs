//! The Dancing Links arena: flat `u32` link vectors and the cover/uncover dance on them.
//!
//! The layout is that of Knuth's `dlx1`:
//!
//! * `heads` (length `N + 2`) holds the item list. Entry 0 is the root of the circular list of
//!   active *primary* items; entries `1..=N` are the items, primary first; entry `N + 1` is the
//!   root of the separate circular list of secondary items. Each head has `prev`/`next` links and
//!   `len`, the number of options currently in the item's column.
//! * `nodes` holds the columns. Nodes `1..=N` are the column headers (node `i` heads item `i`),
//!   node `N + 1` is the first spacer, and then every option lies contiguously, each followed by
//!   a spacer. An option node has `up`/`down` links within its column and `item`, its item.
//!   A spacer has `item == SPACER` (0, the root, which is never an option's item); its `up` is
//!   the first node of the option before it and its `down` the last node of the option after it,
//!   so a walk along an option in either direction can wrap around without a loop counter.
//!
//! Invariants the unchecked indexing below relies on:
//!
//! * **(I1)** every value stored in a link field (`prev`, `next`, `up`, `down`, `item`) is a valid
//!   index into the vector it is used with. The builder establishes this, and the dance only ever
//!   stores values it read from links (or the index of the node it is standing on).
//! * **(I2)** every option node has a spacer somewhere to its right and one to its left, so
//!   `p + 1` and `p - 1` stay in bounds while walking an option.
//! * **(I3)** `uncover` undoes `cover` only when called in exact reverse order of the covers
//!   since the links were last in their built state; the search guarantees it with its stack.

/// The `item` value of a spacer node (never the item of an option node, since 0 is the root).
pub(crate) const SPACER: u32 = 0;
/// The root of the primary item list.
pub(crate) const ROOT: Item = Item(0);

/// Index of a node (a column header, a spacer or an option node) in [`Links::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Node(pub(crate) u32);

/// Internal (1-based) index of an item in [`Links::heads`]; 0 and `N + 1` are list roots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Item(pub(crate) u32);

impl Item {
    /// The column header node of this item: node `i` heads item `i`.
    #[inline(always)]
    pub(crate) fn header(self) -> Node {
        Node(self.0)
    }
}

impl Node {
    #[inline(always)]
    fn right(self) -> Node {
        Node(self.0 + 1)
    }
    #[inline(always)]
    fn left(self) -> Node {
        Node(self.0 - 1)
    }
}

/// One node of the column lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct NodeLinks {
    pub(crate) up: u32,
    pub(crate) down: u32,
    /// The item of an option node; the item itself for a header; [`SPACER`] for a spacer.
    pub(crate) item: u32,
}

/// One entry of the item list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct HeadLinks {
    pub(crate) prev: u32,
    pub(crate) next: u32,
    /// Number of options currently in the item's column.
    pub(crate) len: u32,
}

/// The mutable state of the dance: the links of every node and item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    pub(crate) nodes: Vec<NodeLinks>,
    pub(crate) heads: Vec<HeadLinks>,
}

impl Links {
    /// Reads a node without a bounds check in release builds.
    ///
    /// # Safety
    /// `p` must be a valid index into `nodes`: one read from a link (I1, I2) or checked.
    #[inline(always)]
    unsafe fn nd(&self, p: Node) -> NodeLinks {
        debug_assert!((p.0 as usize) < self.nodes.len(), "node {} out of range", p.0);
        // SAFETY: the caller guarantees `p` is in bounds.
        unsafe { *self.nodes.get_unchecked(p.0 as usize) }
    }

    /// # Safety
    /// As for [`Links::nd`].
    #[inline(always)]
    unsafe fn nd_mut(&mut self, p: u32) -> &mut NodeLinks {
        debug_assert!((p as usize) < self.nodes.len(), "node {p} out of range");
        // SAFETY: the caller guarantees `p` is in bounds.
        unsafe { self.nodes.get_unchecked_mut(p as usize) }
    }

    /// # Safety
    /// `i` must be a valid index into `heads` (read from a link, I1, or checked).
    #[inline(always)]
    unsafe fn hd(&self, i: u32) -> HeadLinks {
        debug_assert!((i as usize) < self.heads.len(), "item {i} out of range");
        // SAFETY: the caller guarantees `i` is in bounds.
        unsafe { *self.heads.get_unchecked(i as usize) }
    }

    /// # Safety
    /// As for [`Links::hd`].
    #[inline(always)]
    unsafe fn hd_mut(&mut self, i: u32) -> &mut HeadLinks {
        debug_assert!((i as usize) < self.heads.len(), "item {i} out of range");
        // SAFETY: the caller guarantees `i` is in bounds.
        unsafe { self.heads.get_unchecked_mut(i as usize) }
    }

    /// The first item of the active primary list, or [`ROOT`] when every primary item is covered.
    #[inline(always)]
    pub(crate) fn first_primary(&self) -> Item {
        Item(self.heads[0].next)
    }

    /// The item of a node (the item itself for a header node).
    #[inline(always)]
    pub(crate) fn item_of(&self, p: Node) -> Item {
        Item(self.nodes[p.0 as usize].item)
    }

    /// The node below `p` in its column.
    #[inline(always)]
    pub(crate) fn down(&self, p: Node) -> Node {
        Node(self.nodes[p.0 as usize].down)
    }

    /// The MRV rule: the active primary item with the fewest options, the leftmost on ties.
    /// Stops early only at length 0, where nothing can beat it (as `dlx1` does), so the choice,
    /// and with it the search tree, is Knuth's. Returns [`ROOT`] when no primary item is active.
    #[inline]
    pub(crate) fn choose_mrv(&self) -> Item {
        let mut best = ROOT.0;
        let mut t = u32::MAX;
        let mut k = self.heads[0].next;
        while k != ROOT.0 {
            // SAFETY: `k` was read from an item link (I1).
            let h = unsafe { self.hd(k) };
            if h.len < t {
                best = k;
                t = h.len;
                if t == 0 {
                    break;
                }
            }
            k = h.next;
        }
        Item(best)
    }

    /// Covers item `i`: takes it out of its item list and hides every option in its column.
    /// Returns the number of updates, as `dlx1` counts them: one for the item, one per node
    /// unlinked from its column.
    #[inline]
    pub(crate) fn cover(&mut self, i: Item) -> u64 {
        assert!(i.0 != ROOT.0 && (i.0 as usize) < self.heads.len() - 1, "cover of a non-item");
        // SAFETY: `i` was checked just above; every other index is read from a link (I1).
        unsafe {
            let h = self.hd(i.0);
            self.hd_mut(h.prev).next = h.next;
            self.hd_mut(h.next).prev = h.prev;
            let mut updates = 1;
            let head = i.header();
            let mut r = Node(self.nd(head).down);
            while r != head {
                updates += self.hide(r);
                r = Node(self.nd(r).down);
            }
            updates
        }
    }

    /// Undoes [`Links::cover`] of item `i`, walking its column and each option in the exact
    /// reverse of the order `cover` used (I3).
    #[inline]
    pub(crate) fn uncover(&mut self, i: Item) {
        assert!(i.0 != ROOT.0 && (i.0 as usize) < self.heads.len() - 1, "uncover of a non-item");
        // SAFETY: `i` was checked just above; every other index is read from a link (I1).
        unsafe {
            let head = i.header();
            let mut r = Node(self.nd(head).up);
            while r != head {
                self.unhide(r);
                r = Node(self.nd(r).up);
            }
            let h = self.hd(i.0);
            self.hd_mut(h.prev).next = i.0;
            self.hd_mut(h.next).prev = i.0;
        }
    }

    /// Unlinks every node of `r`'s option other than `r` from its column.
    ///
    /// # Safety
    /// `r` must be an option node (read from a column link), so I1 and I2 hold along its option.
    #[inline(always)]
    unsafe fn hide(&mut self, r: Node) -> u64 {
        let mut updates = 0;
        let mut q = r.right();
        // SAFETY (whole loop): `q` starts beside an option node and moves by one (I2) or jumps
        // along a spacer's `up` link (I1); `up`, `down` and `item` are links (I1).
        unsafe {
            while q != r {
                let n = self.nd(q);
                if n.item == SPACER {
                    q = Node(n.up);
                    continue;
                }
                self.nd_mut(n.up).down = n.down;
                self.nd_mut(n.down).up = n.up;
                self.hd_mut(n.item).len -= 1;
                updates += 1;
                q = q.right();
            }
        }
        updates
    }

    /// Relinks the nodes [`Links::hide`] unlinked, right to left.
    ///
    /// # Safety
    /// As for [`Links::hide`], and `hide(r)` must be the latest hide not yet undone (I3).
    #[inline(always)]
    unsafe fn unhide(&mut self, r: Node) {
        let mut q = r.left();
        // SAFETY (whole loop): as in `hide`, moving left or along a spacer's `down` link.
        unsafe {
            while q != r {
                let n = self.nd(q);
                if n.item == SPACER {
                    q = Node(n.down);
                    continue;
                }
                self.nd_mut(n.up).down = q.0;
                self.nd_mut(n.down).up = q.0;
                self.hd_mut(n.item).len += 1;
                q = q.left();
            }
        }
    }

    /// Covers every item of `p`'s option except `p`'s own (left to right, wrapping around).
    ///
    /// `p` must be an option node; this is checked.
    #[inline]
    pub(crate) fn cover_rest(&mut self, p: Node) -> u64 {
        assert!(self.nodes[p.0 as usize].item != SPACER, "cover_rest of a spacer");
        let mut updates = 0;
        let mut q = p.right();
        while q != p {
            // SAFETY: `p` is an option node (checked), so its option is bracketed by spacers
            // (I2) and `q` stays on the option or jumps along a spacer link (I1).
            let n = unsafe { self.nd(q) };
            if n.item == SPACER {
                q = Node(n.up);
            } else {
                updates += self.cover(Item(n.item));
                q = q.right();
            }
        }
        updates
    }

    /// Undoes [`Links::cover_rest`] of `p`: uncovers the same items right to left.
    #[inline]
    pub(crate) fn uncover_rest(&mut self, p: Node) {
        assert!(self.nodes[p.0 as usize].item != SPACER, "uncover_rest of a spacer");
        let mut q = p.left();
        while q != p {
            // SAFETY: as in `cover_rest`.
            let n = unsafe { self.nd(q) };
            if n.item == SPACER {
                q = Node(n.down);
            } else {
                self.uncover(Item(n.item));
                q = q.left();
            }
        }
    }
}
