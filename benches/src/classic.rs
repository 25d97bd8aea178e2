//! The textbook Dancing Links layout, for comparison only: every node carries L, R, U, D and its
//! column, and options are circular L/R lists. Same MRV rule (leftmost on ties, early stop only
//! at length 0) and the same counters as dlx1, so it builds the same tree as our engine; only
//! the memory layout differs. Built from our [`dlx::Problem`] so the inputs are identical.

/// One node: a column header (index `1..=n`), the root (0), or an option node.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Node {
    l: u32,
    r: u32,
    u: u32,
    d: u32,
    col: u32,
}

/// A problem in the classic layout, with its own search state.
#[derive(Clone, Debug)]
pub struct Classic {
    nodes: Vec<Node>,
    len: Vec<u32>,
    nodes_count: u64,
    updates: u64,
    solutions: u64,
}

impl Classic {
    /// Builds the classic layout of a problem: primary headers in the root's ring, secondary
    /// headers each on a ring of their own (so covering them unlinks nothing from the root ring).
    pub fn new(problem: &dlx::Problem) -> Self {
        let n = problem.num_items();
        // Internal column of each item: primary first, as in the engine.
        let mut col_of = vec![0u32; n];
        let mut next = 1;
        for want in [true, false] {
            for item in problem.items() {
                if problem.is_primary(item) == want {
                    col_of[item.index()] = next;
                    next += 1;
                }
            }
        }
        let mut nodes = vec![Node::default(); n + 1];
        for (c, node) in nodes.iter_mut().enumerate() {
            let c = c as u32;
            *node = Node {
                l: c,
                r: c,
                u: c,
                d: c,
                col: c,
            };
        }
        let np = problem.num_primary() as u32;
        for c in 0..=np {
            nodes[c as usize].r = if c == np { 0 } else { c + 1 };
            nodes[c as usize].l = if c == 0 { np } else { c - 1 };
        }
        let mut len = vec![0u32; n + 1];
        for k in 0..problem.num_options() {
            let first = nodes.len() as u32;
            for item in problem.option_items(dlx::OptionId::new(k as u32)) {
                let c = col_of[item.index()];
                let p = nodes.len() as u32;
                let up = nodes[c as usize].u;
                nodes.push(Node {
                    l: p.wrapping_sub(1),
                    r: p + 1,
                    u: up,
                    d: c,
                    col: c,
                });
                nodes[up as usize].d = p;
                nodes[c as usize].u = p;
                len[c as usize] += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[first as usize].l = last;
            nodes[last as usize].r = first;
        }
        Classic {
            nodes,
            len,
            nodes_count: 0,
            updates: 0,
            solutions: 0,
        }
    }

    #[inline(always)]
    fn nd(&self, p: u32) -> Node {
        // SAFETY: every link was set by `new` to a node index, and cover/uncover only copy links.
        debug_assert!((p as usize) < self.nodes.len());
        unsafe { *self.nodes.get_unchecked(p as usize) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, p: u32) -> &mut Node {
        debug_assert!((p as usize) < self.nodes.len());
        // SAFETY: as in `nd`.
        unsafe { self.nodes.get_unchecked_mut(p as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, c: u32) -> &mut u32 {
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: `c` is a node's column, an index below `n + 1` by construction.
        unsafe { self.len.get_unchecked_mut(c as usize) }
    }

    fn cover(&mut self, c: u32) {
        let h = self.nd(c);
        self.nd_mut(h.l).r = h.r;
        self.nd_mut(h.r).l = h.l;
        self.updates += 1;
        let mut i = h.d;
        while i != c {
            let mut j = self.nd(i).r;
            while j != i {
                let n = self.nd(j);
                self.nd_mut(n.u).d = n.d;
                self.nd_mut(n.d).u = n.u;
                *self.len_mut(n.col) -= 1;
                self.updates += 1;
                j = n.r;
            }
            i = self.nd(i).d;
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut i = self.nd(c).u;
        while i != c {
            let mut j = self.nd(i).l;
            while j != i {
                let n = self.nd(j);
                self.nd_mut(n.u).d = j;
                self.nd_mut(n.d).u = j;
                *self.len_mut(n.col) += 1;
                j = n.l;
            }
            i = self.nd(i).u;
        }
        let h = self.nd(c);
        self.nd_mut(h.l).r = c;
        self.nd_mut(h.r).l = c;
    }

    fn search(&mut self) {
        self.nodes_count += 1;
        let mut best = 0;
        let mut t = u32::MAX;
        let mut c = self.nd(0).r;
        while c != 0 {
            let l = self.len[c as usize];
            if l < t {
                best = c;
                t = l;
                if t == 0 {
                    break;
                }
            }
            c = self.nd(c).r;
        }
        self.cover(best);
        let mut r = self.nd(best).d;
        while r != best {
            let mut j = self.nd(r).r;
            while j != r {
                let col = self.nd(j).col;
                self.cover(col);
                j = self.nd(j).r;
            }
            if self.nd(0).r == 0 {
                self.nodes_count += 1;
                self.solutions += 1;
            } else {
                self.search();
            }
            let mut j = self.nd(r).l;
            while j != r {
                let col = self.nd(j).col;
                self.uncover(col);
                j = self.nd(j).l;
            }
            r = self.nd(r).d;
        }
        self.uncover(best);
    }

    /// Counts all solutions; the links are back in their built state afterwards.
    pub fn count(&mut self) -> crate::Counts {
        self.nodes_count = 0;
        self.updates = 0;
        self.solutions = 0;
        self.search();
        crate::Counts {
            solutions: self.solutions,
            nodes: self.nodes_count,
            updates: self.updates,
        }
    }
}
