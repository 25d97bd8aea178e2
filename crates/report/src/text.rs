//! A search's figures as a person reads them: the lines `dlx xc --stats` writes on standard
//! error. What stopped a search is named by the caller (a command line names its flags).
//!
//! ```
//! use report::text::{Stats, StopNames};
//!
//! let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n")?.problem;
//! let outcome = problem.solver().count();
//! let line = Stats::new(&outcome, StopNames::RECORD).to_string();
//! assert!(line.starts_with("2 solutions, "));
//! assert!(line.ends_with("; search complete"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::time::Duration;

use dlx::zdd::Memo;
use dlx::{Outcome, Report, StopReason};

pub use dlx::text::plural;

/// A byte count as a person writes a memory budget: `4G`, `512M`, or bytes where no binary unit
/// divides it.
pub fn size(bytes: u64) -> String {
    for (shift, unit) in [(40, "T"), (30, "G"), (20, "M"), (10, "K")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{unit}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// A size in bytes as a person writes a memory budget, [`size`]'s inverse: a whole number above
/// 0 with an optional binary suffix, `K`, `M`, `G` or `T` (`512M`, `8G`), or bytes. The error
/// says what is wrong in words.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.len() > 1 && t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(format!("`{t}` is negative: give a size such as 512M or 8G"));
    }
    let not_a_size = || format!("`{}` is not a size (512M, 8G, or bytes)", quote(s));
    let (digits, shift) = match t.char_indices().last() {
        Some((k, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(not_a_size()),
            };
            (&t[..k], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.parse().map_err(|_| not_a_size())?;
    if n == 0 {
        return Err("a size of 0 leaves no room: give a size such as 512M or 8G".to_string());
    }
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("`{t}` is more bytes than a 64-bit count holds"))
}

/// At most 40 characters of a token a message quotes, and how long it was if it was cut: an
/// error about a 10 MB name must not repeat the 10 MB.
pub fn quote(token: &str) -> String {
    const MAX: usize = 40;
    match token.char_indices().nth(MAX) {
        None => token.to_string(),
        Some((cut, _)) => format!(
            "{}... ({} characters)",
            &token[..cut],
            token.chars().count()
        ),
    }
}

/// How a status names what stopped a search: `stopped by NAME (search incomplete)`.
#[derive(Clone, Copy)]
pub struct StopNames(pub fn(StopReason) -> String);

impl StopNames {
    /// The names of the records ([`StopReason::name`]): `stopped by max_nodes`.
    pub const RECORD: StopNames = StopNames(|r| r.name().to_string());

    /// The status of a search that stopped for `stopped` (`None`: it finished): `search
    /// complete`, `interrupted (search incomplete)` for a cancel, else `stopped by NAME
    /// (search incomplete)`.
    pub fn status(self, stopped: Option<StopReason>) -> String {
        match stopped {
            None => "search complete".to_string(),
            Some(StopReason::Cancelled) => "interrupted (search incomplete)".to_string(),
            Some(r) => format!("stopped by {} (search incomplete)", (self.0)(r)),
        }
    }
}

impl fmt::Debug for StopNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StopNames")
    }
}

/// `, K cleansings` for a problem with colors (dlx2's figure, which only colors make nonzero).
fn cleansings(colored: bool, cleansings: u64) -> String {
    if colored {
        format!(", {}", plural(cleansings, "cleansing"))
    } else {
        String::new()
    }
}

/// The line of a search's figures: `92 solutions, 1049 nodes, 16680 updates; search
/// complete; 0.001 s` (cleansings after the updates for a problem with colors), and the
/// profile after it when given.
#[derive(Debug, Clone, Copy)]
pub struct Stats<'a> {
    outcome: &'a Outcome,
    names: StopNames,
    colored: bool,
    profile: Option<&'a [u64]>,
    elapsed: Option<Duration>,
}

impl<'a> Stats<'a> {
    /// The figures of `outcome`, a stop named by `names`.
    pub fn new(outcome: &'a Outcome, names: StopNames) -> Self {
        Stats {
            outcome,
            names,
            colored: false,
            profile: None,
            elapsed: None,
        }
    }

    /// With the cleansings (a problem with colors or bounds).
    pub fn colored(mut self, colored: bool) -> Self {
        self.colored = colored;
        self
    }

    /// With the nodes at each level, a line each after the figures ([`Profile`]).
    pub fn profile(mut self, profile: Option<&'a [u64]>) -> Self {
        self.profile = profile;
        self
    }

    /// With the time the search took (none for a merge of jobs run elsewhere).
    pub fn elapsed(mut self, elapsed: Option<Duration>) -> Self {
        self.elapsed = elapsed;
        self
    }
}

/// Lines end with `\n` but the last (so `writeln!` writes the whole).
impl fmt::Display for Stats<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.outcome;
        write!(
            f,
            "{}, {}, {}{}; {}",
            plural(o.solutions, "solution"),
            plural(o.nodes, "node"),
            plural(o.updates, "update"),
            cleansings(self.colored, o.cleansings),
            self.names.status(o.stopped),
        )?;
        if let Some(t) = self.elapsed {
            write!(f, "; {:.3} s", t.as_secs_f64())?;
        }
        if let Some(profile) = self.profile {
            write!(f, "\n{}", Profile(profile))?;
        }
        Ok(())
    }
}

/// The nodes at each level of the search tree: `nodes per level:`, then a line each.
#[derive(Debug, Clone, Copy)]
pub struct Profile<'a>(pub &'a [u64]);

/// Lines end with `\n` but the last.
impl fmt::Display for Profile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nodes per level:")?;
        for (level, nodes) in self.0.iter().enumerate() {
            write!(f, "\n{level:>5} {nodes:>12}")?;
        }
        Ok(())
    }
}

/// The line of a search on several threads: `on 2 threads; the tree was shared out as 14
/// jobs`; `None` for one thread.
pub fn shared(report: &Report) -> Option<String> {
    (report.threads > 1).then(|| {
        format!(
            "on {} threads; the tree was shared out as {}",
            report.threads,
            plural(report.jobs, "job")
        )
    })
}

/// The count of a memoized search: exact at any size, or `K+` when the search stopped.
pub fn memo_count(memo: &Memo) -> String {
    let more = if memo.is_complete() { "" } else { "+" };
    format!("{}{more}", memo.found())
}

/// How many solutions of a ZDD have each number of options (Knuth's zddread-gf), a line
/// `SIZE COUNT` each, sizes with none left out (as `dlx zdd count --by-size` prints them).
pub fn by_size(zdd: &dlx::zdd::Zdd) -> String {
    let sizes = zdd.count_by_size();
    let lines = sizes.iter().enumerate().filter(|(_, c)| !c.is_zero());
    lines.map(|(k, c)| format!("{k} {c}\n")).collect()
}

/// What Knuth's preprocessor took out before a search (`dlx xc --preprocess --stats`):
/// `preprocessed: 5 options and 1 item removed in 2 rounds`.
pub fn preprocessed(p: &dlx::Preprocessed) -> String {
    format!(
        "preprocessed: {} and {} removed in {}",
        plural(p.options_removed, "option"),
        plural(p.items_removed, "item"),
        plural(p.rounds, "round")
    )
}

/// What Knuth's preprocessor took out and left (`dlx pre --stats`): `removed 5 options and 1
/// item in 2 rounds; 40 options and 12 items left`.
pub fn reduced(r: &dlx::pre::Reduced) -> String {
    let (p, left) = (r.preprocessed(), r.problem());
    format!(
        "removed {} and {} in {}; {} and {} left",
        plural(p.options_removed, "option"),
        plural(p.items_removed, "item"),
        plural(p.rounds, "round"),
        plural(left.num_options(), "option"),
        plural(left.num_items(), "item")
    )
}

/// The line of a memoized search's figures: dlx6's (count, nodes, updates, cleansings for
/// colors, ZDD nodes, memos, hits, memory), its status, its time.
#[derive(Debug, Clone, Copy)]
pub struct MemoStats<'a> {
    /// The search.
    pub memo: &'a Memo,
    /// How a stop is named.
    pub names: StopNames,
    /// With the cleansings (a problem with colors).
    pub colored: bool,
    /// The time it took.
    pub elapsed: Duration,
}

impl fmt::Display for MemoStats<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.memo.stats;
        let count = memo_count(self.memo);
        let noun = if count == "1" {
            "solution"
        } else {
            "solutions"
        };
        // By components: the splits where the ZDD's nodes would be (it makes none).
        let made = if self.memo.by_components() {
            plural(s.splits, "split")
        } else {
            plural(s.zdd_nodes, "ZDD node")
        };
        write!(
            f,
            "{count} {noun}, {}, {}{}; {made}, {}, {}, {} MiB; {}; {:.3} s",
            plural(s.nodes, "node"),
            plural(s.updates, "update"),
            cleansings(self.colored, s.cleansings),
            plural(s.memos, "memo"),
            plural(s.hits, "hit"),
            s.memory >> 20,
            self.names.status(self.memo.stopped),
            self.elapsed.as_secs_f64()
        )
    }
}

/// The costs of a search for the cheapest, as a list: `3, 5, 5`, or `none: no solution`.
pub fn costs(costs: &[u64]) -> String {
    if costs.is_empty() {
        return "none: no solution".to_string();
    }
    let costs: Vec<String> = costs.iter().map(u64::to_string).collect();
    costs.join(", ")
}

/// The line after the figures of a search for the cheapest: `cheapest costs: 3, 5 (optimal)`,
/// or, where a limit stopped it, `(the best found so far, not proved optimal)`.
pub fn cheapest(costs_found: &[u64], complete: bool) -> String {
    let verdict = if complete {
        "optimal"
    } else {
        "the best found so far, not proved optimal"
    };
    format!("cheapest costs: {} ({verdict})", costs(costs_found))
}

/// The lines `dlx merge --stats` writes: the whole search's figures (of a memoized count, the
/// count and the jobs' nodes and updates), then the cheapest costs, or the jobs and the spread
/// of their nodes.
#[derive(Debug, Clone, Copy)]
pub struct MergeStats<'a> {
    /// The merge.
    pub merged: &'a crate::Merged,
    /// How a stop is named.
    pub names: StopNames,
}

/// Lines end with `\n` but the last.
impl fmt::Display for MergeStats<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let merged = self.merged;
        let summary = &merged.summary;
        match &merged.memo {
            Some(count) => write!(
                f,
                "{count} solutions (the memoized count), {} jobs' nodes, {} updates",
                summary.nodes, summary.updates
            )?,
            None => {
                let colored = merged.best.is_some() || summary.cleansings > 0;
                write!(
                    f,
                    "{}",
                    Stats::new(&merged.outcome, self.names).colored(colored)
                )?
            }
        }
        match &summary.best_costs {
            Some(found) => write!(f, "\n{}", cheapest(found, true)),
            None => {
                let crate::Spread { min, median, max } = merged.job_nodes;
                write!(
                    f,
                    "\n{}; nodes per job: min {min}, median {median}, max {max}",
                    plural(merged.jobs as u64, "job"),
                )
            }
        }
    }
}

/// The lines `--stats` adds to name the engine that ran, for a front end that names it (one
/// was asked for, or it is not the default's): `engine: cells, ...`, and for an engine whose
/// figures depend on the threads, what they are on several.
pub fn engine(engine: dlx::Engine, report: &Report, problem: &dlx::Problem) -> String {
    let mut text = format!("engine: {engine}, {}", engine.describe(problem));
    if !engine.info().same_figures_on_threads && report.threads > 1 {
        text.push_str(
            "\n(the nodes and updates of dancing cells on several threads are those the \
             threads counted; on one, those of Knuth's program)",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_and_statuses_read_as_english() {
        assert_eq!(plural(1, "node"), "1 node");
        assert_eq!(plural(0, "node"), "0 nodes");
        assert_eq!(plural(2, "search"), "2 searches");
        let names = StopNames(|r| format!("--{}", r.name()));
        assert_eq!(names.status(None), "search complete");
        assert_eq!(
            names.status(Some(StopReason::Cancelled)),
            "interrupted (search incomplete)"
        );
        assert_eq!(
            names.status(Some(StopReason::Deadline)),
            "stopped by --timeout (search incomplete)"
        );
        assert_eq!(costs(&[]), "none: no solution");
        assert_eq!(costs(&[3, 5]), "3, 5");
        assert_eq!(
            (size(4 << 30), size(3 << 19), size(1000)),
            ("4G".into(), "1536K".into(), "1000".into())
        );
        for bytes in [4 << 30, 3 << 19, 1000, 1] {
            assert_eq!(parse_size(&size(bytes)), Ok(bytes));
        }
        assert_eq!(parse_size(" 8g "), Ok(8 << 30));
        for bad in ["0", "-5", "5X", "G", "", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        let long = "x".repeat(100);
        assert_eq!(quote(&long), format!("{}... (100 characters)", &long[..40]));
    }

    #[test]
    fn the_stats_line_has_figures_status_time_and_profile() {
        let problem = dlx::text::parse("a b\na b\na\nb\n").unwrap().problem;
        let mut solver = problem.solver();
        let outcome = solver.count();
        let profile = solver.stats().profile();
        let line = Stats::new(&outcome, StopNames::RECORD)
            .colored(true)
            .elapsed(Some(Duration::from_millis(1500)))
            .profile(Some(profile))
            .to_string();
        let first = format!(
            "2 solutions, {}, {}, 0 cleansings; search complete; 1.500 s\nnodes per level:\n",
            plural(outcome.nodes, "node"),
            plural(outcome.updates, "update")
        );
        assert!(line.starts_with(&first), "{line}");
        assert_eq!(line.lines().count(), 2 + profile.len());
    }
}
