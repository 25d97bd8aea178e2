//! Names kept once: the text of every name in one string, where each ends, and a hash table of
//! their numbers (keyed by the names' text where it lies, not by a copy of it). A problem's
//! item names and color names; two allocations and a table however many names there are,
//! where a `Vec<String>` beside a map of `String` keys made two per name (from Python, half of
//! a small matrix's build: docs/benchmarks.md, "the small calls").

use std::fmt;
use std::hash::BuildHasher;

use foldhash::fast::RandomState;
use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

/// Names numbered from 0 in the order they were added, each once.
#[derive(Clone, Default)]
pub(crate) struct Names {
    /// Every name, one after another.
    text: String,
    /// Where each name ends in `text` (the next begins there).
    ends: Vec<usize>,
    /// The number of each name, found by its hash.
    table: HashTable<u32>,
    /// The hash, seeded per process so that crafted names cannot force collisions.
    state: RandomState,
}

/// Name `k` of `text` cut at `ends`.
fn name_at<'t>(text: &'t str, ends: &[usize], k: u32) -> &'t str {
    let k = k as usize;
    let start = if k == 0 { 0 } else { ends[k - 1] };
    &text[start..ends[k]]
}

/// The hash of the name a table entry numbers, for the table to move its entries when it grows.
fn rehash<'a>(
    state: &'a RandomState,
    text: &'a str,
    ends: &'a [usize],
) -> impl Fn(&u32) -> u64 + 'a {
    move |&k| state.hash_one(name_at(text, ends, k))
}

impl Names {
    /// How many names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name number `k`.
    ///
    /// # Panics
    /// If there are not more than `k` names.
    pub(crate) fn get(&self, k: usize) -> &str {
        assert!(k < self.ends.len(), "no name {k} of {}", self.ends.len());
        name_at(&self.text, &self.ends, k as u32)
    }

    /// The number of `name`, if it was added.
    pub(crate) fn find(&self, name: &str) -> Option<u32> {
        let hash = self.state.hash_one(name);
        self.table
            .find(hash, |&k| name_at(&self.text, &self.ends, k) == name)
            .copied()
    }

    /// Adds `name` with the next number, `Ok` with it; `Err` with the number it has if it was
    /// added before (nothing changes then).
    pub(crate) fn insert(&mut self, name: &str) -> Result<u32, u32> {
        let Names {
            text,
            ends,
            table,
            state,
        } = self;
        let hash = state.hash_one(name);
        let entry = table.entry(
            hash,
            |&k| name_at(text, ends, k) == name,
            rehash(state, text, ends),
        );
        match entry {
            Entry::Occupied(e) => Err(*e.get()),
            Entry::Vacant(e) => {
                let k = ends.len() as u32;
                e.insert(k);
                text.push_str(name);
                ends.push(text.len());
                Ok(k)
            }
        }
    }

    /// Makes room for `additional` more names of about `bytes` bytes in all.
    pub(crate) fn reserve(&mut self, additional: usize, bytes: usize) {
        let Names {
            text,
            ends,
            table,
            state,
        } = self;
        text.reserve(bytes);
        ends.reserve(additional);
        table.reserve(additional, rehash(state, text, ends));
    }

    /// Every name, in order.
    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.ends.len() as u32).map(|k| name_at(&self.text, &self.ends, k))
    }
}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Names;

    #[test]
    fn names_are_numbered_once_and_found() {
        let mut names = Names::default();
        assert_eq!(names.insert("a"), Ok(0));
        assert_eq!(names.insert("bc"), Ok(1));
        assert_eq!(names.insert(""), Ok(2));
        assert_eq!(names.insert("a"), Err(0));
        assert_eq!(names.insert("bc"), Err(1));
        assert_eq!(names.len(), 3);
        assert_eq!((names.get(0), names.get(1), names.get(2)), ("a", "bc", ""));
        assert_eq!(names.find("bc"), Some(1));
        assert_eq!(names.find("b"), None);
        // Past the table's first size, every name still found where it was put.
        for k in 0..1000 {
            assert_eq!(names.insert(&format!("n{k}")), Ok(k + 3));
        }
        for k in 0..1000 {
            assert_eq!(names.find(&format!("n{k}")), Some(k + 3));
            assert_eq!(names.get(k as usize + 3), format!("n{k}"));
        }
        assert_eq!(
            format!("{:?}", names).len(),
            names.iter().map(|n| n.len() + 4).sum::<usize>()
        );
    }
}
