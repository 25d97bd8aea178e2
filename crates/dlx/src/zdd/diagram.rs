//! The diagram: its nodes, exact counts, solutions in order and uniform samples, and its text
//! format read and written (see the [module](crate::zdd)).

use crate::rng::SplitMix64;
use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufRead, Write};

use num_bigint::BigUint;

use crate::problem::{OptionId, Problem};

/// A number of solutions, exact at any size.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count(BigUint);

impl Count {
    /// The count as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }

    /// The count as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        u128::try_from(&self.0).ok()
    }

    /// Whether the count is 0.
    pub fn is_zero(&self) -> bool {
        self.0.bits() == 0
    }

    /// How many bits the count needs.
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count(BigUint::from(n))
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count(BigUint::from(n))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::ops::Add for Count {
    type Output = Count;
    fn add(self, other: Count) -> Count {
        Count(self.0 + other.0)
    }
}

impl std::ops::Mul for Count {
    type Output = Count;
    fn mul(self, other: Count) -> Count {
        Count(self.0 * other.0)
    }
}

impl std::str::FromStr for Count {
    type Err = num_bigint::ParseBigIntError;
    fn from_str(s: &str) -> Result<Count, Self::Err> {
        s.parse().map(Count)
    }
}

/// A node of a [`Zdd`]: option `var` (from 1), and its two children (node ids: `0` and `1`
/// are the sinks, a node's children come before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ZddNode {
    pub(crate) var: u32,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

/// The solutions of an exact-cover problem as a zero-suppressed decision diagram: made by
/// [`Problem::memo`], or read from a file with [`Zdd::read`]. See the [module](crate::zdd).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zdd {
    /// Node `k` (from 2) is `nodes[k - 2]`; its children are sinks or earlier nodes.
    nodes: Vec<ZddNode>,
    /// The root: a sink or a node.
    root: u32,
    /// The text of each option, by its number less one (empty when unknown).
    labels: Vec<String>,
}

/// The counts of every node of a ZDD (the sinks first): in 128 bits when the total fits,
/// exact beyond.
#[derive(Debug, Clone)]
enum Counts {
    Small(Vec<u128>),
    Big(Vec<BigUint>),
}

impl Zdd {
    /// The ZDD a search made (`root` of its `nodes`), with the problem's options as labels.
    pub(crate) fn from_search(nodes: Vec<ZddNode>, root: u32, problem: &Problem) -> Zdd {
        let labels = (0..problem.num_options() as u32)
            .map(|o| {
                let mut line = Vec::new();
                crate::text::write_option(problem, OptionId(o), &mut line)
                    .expect("writing to memory");
                line.pop();
                String::from_utf8_lossy(&line).into_owned()
            })
            .collect();
        Zdd {
            nodes,
            root,
            labels,
        }
    }

    /// Nodes of the diagram, sinks not counted (those reachable from the root, when read
    /// from a file; all the search made, when made by one).
    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The text of option `k` (from 1), as `dlx xc` prints it, if known.
    pub fn label(&self, k: u32) -> Option<&str> {
        let i = usize::try_from(k).ok()?.checked_sub(1)?;
        self.labels.get(i).map(String::as_str)
    }

    /// Whether the options have their text (a ZDD made by a search, or read from a file with
    /// `#o` lines).
    pub fn has_labels(&self) -> bool {
        !self.labels.is_empty()
    }

    fn node(&self, id: u32) -> ZddNode {
        self.nodes[id as usize - 2]
    }

    /// The counts of all nodes, in 128 bits if every one fits.
    fn counts(&self) -> Counts {
        let mut small: Vec<u128> = Vec::with_capacity(self.nodes.len() + 2);
        small.extend([0, 1]);
        for n in &self.nodes {
            match small[n.lo as usize].checked_add(small[n.hi as usize]) {
                Some(c) => small.push(c),
                None => return Counts::Big(self.big_counts()),
            }
        }
        Counts::Small(small)
    }

    fn big_counts(&self) -> Vec<BigUint> {
        let mut big: Vec<BigUint> = Vec::with_capacity(self.nodes.len() + 2);
        big.extend([BigUint::from(0u8), BigUint::from(1u8)]);
        for n in &self.nodes {
            let c = &big[n.lo as usize] + &big[n.hi as usize];
            big.push(c);
        }
        big
    }

    /// The number of solutions.
    pub fn count(&self) -> Count {
        self.count_of_roots(&[self.root])
    }

    /// The solutions of several nodes, added up.
    pub(crate) fn count_of_roots(&self, roots: &[u32]) -> Count {
        match self.counts() {
            Counts::Small(c) => {
                let mut total = Count::default();
                for &r in roots {
                    total = total + Count::from(c[r as usize]);
                }
                total
            }
            Counts::Big(c) => Count(roots.iter().map(|&r| &c[r as usize]).sum()),
        }
    }

    /// The number of solutions of each size: entry `k` counts the solutions of `k` options
    /// (Knuth's `zddread-gf`); empty when there is no solution.
    pub fn count_by_size(&self) -> Vec<Count> {
        // Each node's polynomial as its lowest degree and its coefficients.
        fn run<N: Clone + Default>(
            zdd: &Zdd,
            add: impl Fn(&N, &N) -> Option<N>,
            one: N,
        ) -> Option<Vec<N>> {
            let mut polys: Vec<(usize, Vec<N>)> = Vec::with_capacity(zdd.nodes.len() + 2);
            polys.push((0, Vec::new()));
            polys.push((0, vec![one]));
            for n in &zdd.nodes {
                let (lo_deg, lo) = &polys[n.lo as usize];
                let (hi_deg, hi) = &polys[n.hi as usize];
                let hi_deg = hi_deg + 1;
                let poly = if hi.is_empty() {
                    (*lo_deg, lo.clone())
                } else if lo.is_empty() {
                    (hi_deg, hi.clone())
                } else {
                    let low = (*lo_deg).min(hi_deg);
                    let high = (lo_deg + lo.len()).max(hi_deg + hi.len());
                    let mut c = vec![N::default(); high - low];
                    for (k, x) in lo.iter().enumerate() {
                        c[lo_deg + k - low] = x.clone();
                    }
                    for (k, x) in hi.iter().enumerate() {
                        let at = hi_deg + k - low;
                        c[at] = add(&c[at], x)?;
                    }
                    (low, c)
                };
                polys.push(poly);
            }
            let (deg, c) = polys.swap_remove(zdd.root as usize);
            if c.is_empty() {
                return Some(Vec::new());
            }
            let mut out = vec![N::default(); deg];
            out.extend(c);
            Some(out)
        }
        match run(self, |a: &u128, b: &u128| a.checked_add(*b), 1u128) {
            Some(v) => v.into_iter().map(Count::from).collect(),
            None => run(
                self,
                |a: &BigUint, b: &BigUint| Some(a + b),
                BigUint::from(1u8),
            )
            .expect("exact sums do not overflow")
            .into_iter()
            .map(Count)
            .collect(),
        }
    }

    /// Every solution, as the numbers of its options (from 1) in the order the search chose
    /// them; the solutions in the order the search found them (a node's `lo` before its `hi`).
    pub fn solutions(&self) -> ZddSolutions<'_> {
        ZddSolutions {
            zdd: self,
            stack: vec![Frame::Visit(self.root)],
            path: Vec::new(),
        }
    }

    /// Writes one solution (option numbers, from 1) as `dlx xc` prints it: each option's line
    /// (its `#o` text), or, for a ZDD without its options' text, the numbers on one line.
    pub fn write_solution(&self, options: &[u32], out: &mut impl Write) -> io::Result<()> {
        if !self.has_labels() {
            let numbers: Vec<String> = options.iter().map(u32::to_string).collect();
            return writeln!(out, "{}", numbers.join(" "));
        }
        for &k in options {
            writeln!(out, "{}", self.label(k).unwrap_or(""))?;
        }
        Ok(())
    }

    /// Uniform random solutions: each solution equally likely, every draw independent, the
    /// same sequence for the same seed. The iterator is endless, or empty when there is no
    /// solution.
    pub fn sampler(&self, seed: u64) -> Sampler<'_> {
        Sampler {
            zdd: self,
            counts: self.counts(),
            rng: SplitMix64::new(seed),
        }
    }

    /// Writes the ZDD in the text format (see the [module](crate::zdd)): the options' lines, the
    /// nodes, the dummy root.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        if !self.labels.is_empty() {
            writeln!(
                out,
                "# A ZDD of {} nodes over {} options; `#o K` names option K.",
                self.nodes.len(),
                self.labels.len()
            )?;
            for (k, label) in self.labels.iter().enumerate() {
                writeln!(out, "#o {} {label}", k + 1)?;
            }
        }
        for (k, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{:x}: (~{}?{:x}:{:x})", k + 2, n.var, n.lo, n.hi)?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }

    /// Reads a ZDD in the text format (see the [module](crate::zdd)): Knuth's `dlx6` output, or
    /// what [`Zdd::write`] wrote. Only the nodes the root reaches are kept.
    ///
    /// # Errors
    /// A [`ReadError`] with the line and column of what is wrong.
    pub fn read(input: impl BufRead) -> Result<Zdd, ReadError> {
        read(input)
    }
}

/// What is wrong with a ZDD file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The input could not be read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A line that is neither a node, an option's name, a comment nor blank.
    #[error("expected a node `ID: (~OPTION?LO:HI)` (ids in hexadecimal), found `{0}`")]
    NotANode(String),
    /// An `#o` line without a number and a text.
    #[error("expected `#o K TEXT` (option K's text, K from 1), found `{0}`")]
    BadOption(String),
    /// An `#o` line out of order: they name options 1, 2, 3, ... in turn.
    #[error(
        "`#o {found}`: the option lines name options 1, 2, 3, ... in order; expected `#o {next}`"
    )]
    OptionOrder {
        /// The number on the line.
        found: u32,
        /// The number expected there.
        next: u32,
    },
    /// A node defined twice, or a sink defined.
    #[error("node {0:x} is defined twice (or is a sink, 0 or 1)")]
    NodeTwice(u64),
    /// A child that no line defines.
    #[error("node {0:x} is used here but never defined")]
    Undefined(u64),
    /// A node that is its own descendant.
    #[error("node {0:x} is its own descendant: a ZDD has no cycles")]
    Cycle(u64),
    /// No node at all.
    #[error("no node: a ZDD file has at least its root")]
    Empty,
    /// The dummy root (option 0) with a `LO` other than 0.
    #[error("the root `(~0?LO:HI)` stands for HI alone; its LO must be 0")]
    RootLo,
    /// Option 0 on a node other than the dummy root.
    #[error("option 0 is the dummy root's; options are numbered from 1")]
    OptionZero,
    /// A node whose option has no `#o` line, in a file that names options.
    #[error("option {0} has no `#o` line, though the file names its options")]
    Unnamed(u32),
}

/// An error in a ZDD file, with its place (line and column from 1).
#[derive(Debug, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ReadError {
    /// The line.
    pub line: usize,
    /// The column (in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// A node line: `ID: (~V?LO:HI)`, spaces allowed around the tokens as `scanf` allows.
fn parse_node(line: &str) -> Option<(u64, u32, u64, u64)> {
    let (id, rest) = line.split_once(':')?;
    let rest = rest.trim_start().strip_prefix('(')?.trim_start();
    let rest = rest.strip_prefix('~')?;
    let (var, rest) = rest.split_once('?')?;
    let (lo, rest) = rest.split_once(':')?;
    let hi = rest.trim_end().strip_suffix(')')?;
    let hex = |s: &str| {
        let s = s.trim();
        let s = s
            .strip_prefix("0x")
            .or_else(|| s.strip_prefix("0X"))
            .unwrap_or(s);
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u64::from_str_radix(s, 16).ok())
            .flatten()
    };
    let var = var.trim();
    let var = (!var.is_empty() && var.bytes().all(|b| b.is_ascii_digit()))
        .then(|| var.parse::<u32>().ok())
        .flatten()?;
    Some((hex(id)?, var, hex(lo)?, hex(hi)?))
}

fn read(mut input: impl BufRead) -> Result<Zdd, ReadError> {
    let at = |line: usize, column: usize, kind: ReadErrorKind| ReadError { line, column, kind };
    // Nodes as read: id -> (var, lo, hi, line).
    let mut index: HashMap<u64, usize> = HashMap::new();
    let mut read_nodes: Vec<(u64, u32, u64, u64, usize)> = Vec::new();
    let mut labels: Vec<Option<String>> = Vec::new();
    let mut buf = String::new();
    let mut number = 0;
    loop {
        buf.clear();
        let n = input
            .read_line(&mut buf)
            .map_err(|e| at(number + 1, 1, e.into()))?;
        if n == 0 {
            break;
        }
        number += 1;
        let line = buf.trim_end_matches(['\n', '\r']);
        let indent = line.len() - line.trim_start().len();
        let text = line.trim();
        let column = line[..indent].chars().count() + 1;
        if text.is_empty() {
            continue;
        }
        if let Some(rest) = text.strip_prefix("#o") {
            if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
                continue; // a comment that happens to start with `#o`
            }
            let rest = rest.trim_start();
            let (k, label) = rest.split_once([' ', '\t']).unwrap_or((rest, ""));
            let k: u32 = match k.parse() {
                Ok(k) if k >= 1 => k,
                _ => return Err(at(number, column, ReadErrorKind::BadOption(text.into()))),
            };
            // Option lines name the options in order, 1, 2, 3, ...
            let next = labels.len() as u32 + 1;
            if k != next {
                return Err(at(
                    number,
                    column,
                    ReadErrorKind::OptionOrder { found: k, next },
                ));
            }
            labels.push(Some(label.trim().to_string()));
            continue;
        }
        if text.starts_with('#') {
            continue;
        }
        let Some((id, var, lo, hi)) = parse_node(text) else {
            let shown: String = text.chars().take(60).collect();
            return Err(at(number, column, ReadErrorKind::NotANode(shown)));
        };
        if id <= 1 || index.contains_key(&id) {
            return Err(at(number, column, ReadErrorKind::NodeTwice(id)));
        }
        index.insert(id, read_nodes.len());
        read_nodes.push((id, var, lo, hi, number));
    }
    // The root: the first node with the smallest option (zddread's rule).
    let Some(first) = read_nodes
        .iter()
        .enumerate()
        .min_by_key(|&(k, n)| (n.1, k))
        .map(|(k, _)| k)
    else {
        return Err(at(number.max(1), 1, ReadErrorKind::Empty));
    };
    let (_, var, lo, hi, line) = read_nodes[first];
    let root_id = if var == 0 {
        if lo != 0 {
            return Err(at(line, 1, ReadErrorKind::RootLo));
        }
        hi
    } else {
        read_nodes[first].0
    };
    // The nodes the root reaches, children first (an explicit depth-first search).
    let mut new_id: Vec<u32> = vec![0; read_nodes.len()]; // 0: not reached; u32::MAX: open
    let mut nodes: Vec<ZddNode> = Vec::new();
    let resolve = |id: u64, line: usize| -> Result<Option<usize>, ReadError> {
        match id {
            0 | 1 => Ok(None),
            _ => match index.get(&id) {
                Some(&k) => Ok(Some(k)),
                None => Err(at(line, 1, ReadErrorKind::Undefined(id))),
            },
        }
    };
    let labelled = !labels.is_empty();
    let root = match resolve(root_id, line)? {
        None => root_id as u32,
        Some(start) => {
            let mut stack: Vec<(usize, bool)> = vec![(start, false)];
            while let Some((k, done)) = stack.pop() {
                let (id, var, lo, hi, line) = read_nodes[k];
                if done {
                    let child = |c: u64| match c {
                        0 | 1 => c as u32,
                        _ => new_id[index[&c]],
                    };
                    nodes.push(ZddNode {
                        var,
                        lo: child(lo),
                        hi: child(hi),
                    });
                    new_id[k] = nodes.len() as u32 + 1;
                    continue;
                }
                match new_id[k] {
                    0 => {}
                    u32::MAX => return Err(at(line, 1, ReadErrorKind::Cycle(id))),
                    _ => continue,
                }
                if var == 0 {
                    return Err(at(line, 1, ReadErrorKind::OptionZero));
                }
                if labelled && labels.get(var as usize - 1).is_none_or(Option::is_none) {
                    return Err(at(line, 1, ReadErrorKind::Unnamed(var)));
                }
                new_id[k] = u32::MAX;
                stack.push((k, true));
                for c in [hi, lo] {
                    if let Some(ck) = resolve(c, line)? {
                        match new_id[ck] {
                            0 => stack.push((ck, false)),
                            u32::MAX => {
                                return Err(at(read_nodes[ck].4, 1, ReadErrorKind::Cycle(c)))
                            }
                            _ => {}
                        }
                    }
                }
            }
            new_id[start]
        }
    };
    // A file whose children come before their parents (as written) keeps its order.
    let mut order: Vec<usize> = (0..read_nodes.len()).filter(|&k| new_id[k] != 0).collect();
    let before = |k: usize, c: u64| c <= 1 || index[&c] < k;
    if order
        .iter()
        .all(|&k| before(k, read_nodes[k].2) && before(k, read_nodes[k].3))
    {
        let mut id = vec![0u32; read_nodes.len()];
        for (n, &k) in order.iter().enumerate() {
            id[k] = n as u32 + 2;
        }
        let child = |c: u64| if c <= 1 { c as u32 } else { id[index[&c]] };
        nodes = order
            .iter_mut()
            .map(|&mut k| ZddNode {
                var: read_nodes[k].1,
                lo: child(read_nodes[k].2),
                hi: child(read_nodes[k].3),
            })
            .collect();
        let root = if root <= 1 {
            root
        } else {
            id[new_id
                .iter()
                .position(|&n| n == root)
                .expect("the root was reached")]
        };
        return Ok(Zdd {
            nodes,
            root,
            labels: labels.into_iter().map(Option::unwrap_or_default).collect(),
        });
    }
    let labels = labels.into_iter().map(Option::unwrap_or_default).collect();
    Ok(Zdd {
        nodes,
        root,
        labels,
    })
}

#[derive(Debug, Clone, Copy)]
enum Frame {
    Visit(u32),
    Push(u32),
    Pop,
}

/// Every solution of a [`Zdd`], in order: see [`Zdd::solutions`].
#[derive(Debug, Clone)]
pub struct ZddSolutions<'z> {
    zdd: &'z Zdd,
    stack: Vec<Frame>,
    path: Vec<u32>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        while let Some(frame) = self.stack.pop() {
            match frame {
                Frame::Visit(0) => {}
                Frame::Visit(1) => return Some(self.path.clone()),
                Frame::Visit(p) => {
                    let n = self.zdd.node(p);
                    self.stack.push(Frame::Pop);
                    self.stack.push(Frame::Visit(n.hi));
                    self.stack.push(Frame::Push(n.var));
                    self.stack.push(Frame::Visit(n.lo));
                }
                Frame::Push(v) => self.path.push(v),
                Frame::Pop => {
                    self.path.pop();
                }
            }
        }
        None
    }
}

/// The samples' draws, on the generator whose sequence is fixed ([`SplitMix64`]), so a seed
/// gives the same solutions on every platform and in every version.
impl SplitMix64 {
    /// Uniform in `0..n` (`n > 0`), by rejection over the bits `n - 1` needs.
    pub(crate) fn below_u128(&mut self, n: u128) -> u128 {
        let bits = 128 - (n - 1).leading_zeros();
        loop {
            let r = (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64());
            let r = if bits == 128 {
                r
            } else {
                r & ((1u128 << bits) - 1)
            };
            if r < n {
                return r;
            }
        }
    }

    /// Uniform in `0..n` (`n > 0`).
    pub(crate) fn below_big(&mut self, n: &BigUint) -> BigUint {
        let bits = (n - 1u8).bits();
        let words = bits.div_ceil(64) as usize;
        loop {
            let mut digits: Vec<u64> = (0..words).map(|_| self.next_u64()).collect();
            if let Some(top) = digits.last_mut() {
                let spare = words as u64 * 64 - bits;
                *top &= u64::MAX >> spare;
            }
            let bytes: Vec<u8> = digits.iter().flat_map(|d| d.to_le_bytes()).collect();
            let r = BigUint::from_bytes_le(&bytes);
            if &r < n {
                return r;
            }
        }
    }
}

/// Uniform random solutions of a [`Zdd`]: see [`Zdd::sampler`].
#[derive(Debug, Clone)]
pub struct Sampler<'z> {
    zdd: &'z Zdd,
    counts: Counts,
    rng: SplitMix64,
}

impl Iterator for Sampler<'_> {
    type Item = Vec<u32>;

    /// A solution, its options in the order the search chose them: the `r`-th solution in
    /// the order of [`Zdd::solutions`], `r` drawn uniformly.
    fn next(&mut self) -> Option<Vec<u32>> {
        let zdd = self.zdd;
        let mut path = Vec::new();
        let mut p = zdd.root;
        match &self.counts {
            Counts::Small(c) => {
                if c[p as usize] == 0 {
                    return None;
                }
                let mut r = self.rng.below_u128(c[p as usize]);
                while p > 1 {
                    let n = zdd.node(p);
                    if r < c[n.lo as usize] {
                        p = n.lo;
                    } else {
                        r -= c[n.lo as usize];
                        path.push(n.var);
                        p = n.hi;
                    }
                }
            }
            Counts::Big(c) => {
                if c[p as usize].bits() == 0 {
                    return None;
                }
                let mut r = self.rng.below_big(&c[p as usize]);
                while p > 1 {
                    let n = zdd.node(p);
                    if r < c[n.lo as usize] {
                        p = n.lo;
                    } else {
                        r -= &c[n.lo as usize];
                        path.push(n.var);
                        p = n.hi;
                    }
                }
            }
        }
        Some(path)
    }
}
