//! A search's results as records for programs and lines for people: what the `dlx` command
//! prints, kept out of the engine (which computes; this crate presents), for every front end to
//! share. The [`Summary`] object a
//! search ends with (what `dlx xc --format json` prints last), the [`Costed`] solutions of a
//! search for the cheapest, solutions as JSON lines ([`write_solution`], [`write_zdd_solution`]),
//! the records of a memoized search and of a ZDD's count ([`memo_summary`], [`zdd_count`]), and
//! [`Merge`], which adds up the summaries of the jobs of a split search
//! ([`dlx::split`]) run anywhere, as `dlx merge` does; and in [`text`], the figures
//! as a person reads them (the lines of `--stats`).
//!
//! ```
//! use report::Merge;
//!
//! // Two jobs' summaries, each as `dlx xc FILE --count --format json --job LINE` prints it.
//! let problem = dlx::text::parse("a b c\na b\nc\na\nb c\n")?.problem;
//! let jobs = problem.parallel().split(2)?;
//! let (fingerprint, total) = (problem.fingerprint(), jobs.len());
//! let mut merge = Merge::new();
//! for (i, job) in jobs.into_iter().enumerate() {
//!     let report = problem.parallel().threads(1).count_job(&job)?;
//!     let line = dlx::split::JobLine { fingerprint, index: i + 1, total, job };
//!     let summary = report::Summary::new(&report.outcome).job(Some(line.to_string()));
//!     merge.add_line(&serde_json::to_string(&summary)?)?;
//! }
//! let merged = merge.finish()?;
//! assert_eq!(merged.summary.solutions, 2);
//! assert!(merged.summary.complete);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod check;
pub mod text;

use serde::{Deserialize, Serialize};

use std::io::{self, Write};

use dlx::split::{JobLine, JobLineError, Tally, TallyError};
use dlx::zdd::{Count, Memo, Zdd};
use dlx::{OptionId, Outcome, Problem, Report, Stats, StopReason};

/// The summary record of a search: its figures, whether it finished and what stopped it, and
/// what a run adds (the profile, the job, the threads, the cheapest costs).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Summary {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes ([`Stats::nodes`]).
    pub nodes: u64,
    /// Updates ([`Stats::updates`]).
    pub updates: u64,
    /// Purifications and nodes found of the chosen color (0 without colors), as dlx2 counts.
    #[serde(default)]
    pub cleansings: u64,
    /// The whole tree was searched.
    pub complete: bool,
    /// What stopped the search ([`StopReason::name`]), if anything did.
    pub stopped_by: Option<String>,
    /// Nodes at each level of the search tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<Vec<u64>>,
    /// The job counted, as its line ([`JobLine`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    /// Threads the search ran on, when more than one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Jobs the tree was shared out as, when more than one thread ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jobs: Option<u64>,
    /// A search for the K cheapest solutions: the costs found, cheapest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_costs: Option<Vec<u64>>,
    /// A search for the K cheapest solutions: K.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<u64>,
    /// The engine that searched ([`dlx::Engine::name`]), where a caller names it (the
    /// command line: when one was asked for, or is not the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
}

impl Summary {
    /// Names the engine that searched (`None`: leave it out).
    pub fn engine(mut self, engine: Option<dlx::Engine>) -> Summary {
        self.engine = engine.map(|e| e.name().to_string());
        self
    }

    /// The summary of a search that ended with `outcome`.
    pub fn new(outcome: &Outcome) -> Summary {
        Summary {
            solutions: outcome.solutions,
            nodes: outcome.nodes,
            updates: outcome.updates,
            cleansings: outcome.cleansings,
            complete: outcome.is_complete(),
            stopped_by: outcome.stopped.map(|r| r.name().to_string()),
            ..Summary::default()
        }
    }

    /// With the nodes at each level.
    pub fn profile(mut self, profile: Option<&[u64]>) -> Summary {
        self.profile = profile.map(<[u64]>::to_vec);
        self
    }

    /// With the job counted.
    pub fn job(mut self, job: Option<String>) -> Summary {
        self.job = job;
        self
    }

    /// With the threads and jobs of a parallel search, when it ran on more than one thread.
    pub fn shared(mut self, report: &Report) -> Summary {
        if report.threads > 1 {
            self.threads = Some(report.threads);
            self.jobs = Some(report.jobs);
        }
        self
    }

    /// With the costs of a search for the `k` cheapest solutions.
    pub fn best(mut self, costs: Vec<u64>, k: Option<u64>) -> Summary {
        self.best_costs = Some(costs);
        self.best = k;
        self
    }

    /// The count as written for a person: `K`, or `K+` when the search did not finish.
    pub fn count_text(&self) -> String {
        let more = if self.complete { "" } else { "+" };
        format!("{}{more}", self.solutions)
    }
}

/// A solution of a search for the cheapest, as a record: its cost and its options, each as
/// its items' names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Costed {
    /// The total cost.
    pub cost: u64,
    /// The options, each as its items (colors as `item:color`).
    pub solution: Vec<Vec<String>>,
}

/// A solution's options, each as its items as the input names them (`name`, or `name:color`).
pub fn option_names(
    problem: &Problem,
    options: impl Iterator<Item = OptionId>,
) -> Vec<Vec<String>> {
    options
        .map(|o| {
            problem
                .option_entries(o)
                .map(|(i, c)| match c {
                    None => problem.item_name(i).to_string(),
                    Some(c) => format!("{}:{}", problem.item_name(i), problem.color_name(c)),
                })
                .collect()
        })
        .collect()
}

/// Writes solutions one after another as `dlx xc` prints them: each option's line, a blank
/// line between solutions (text), or a JSON line each ([`write_solution`],
/// [`write_zdd_solution`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct SolutionWriter {
    /// JSON lines rather than text.
    pub json: bool,
    /// Solutions written so far.
    pub written: u64,
}

impl SolutionWriter {
    /// A writer of text (`json` false) or JSON lines.
    pub fn new(json: bool) -> SolutionWriter {
        SolutionWriter { json, written: 0 }
    }

    /// Writes a solution of `problem`, its options.
    pub fn write(
        &mut self,
        problem: &Problem,
        options: impl Iterator<Item = OptionId>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        if self.json {
            write_solution(problem, options, out)?;
        } else {
            if self.written > 0 {
                out.write_all(b"\n")?;
            }
            for option in options {
                dlx::text::write_option(problem, option, out)?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Writes a solution of a ZDD, its options' numbers (from 1); without the options' text
    /// a solution is a line of numbers, with no blank line between.
    pub fn write_zdd(
        &mut self,
        zdd: &Zdd,
        options: &[u32],
        out: &mut impl Write,
    ) -> io::Result<()> {
        if self.json {
            write_zdd_solution(zdd, options, out)?;
        } else {
            if self.written > 0 && zdd.has_labels() {
                out.write_all(b"\n")?;
            }
            zdd.write_solution(options, out)?;
        }
        self.written += 1;
        Ok(())
    }
}

/// Writes the cheapest solutions of `problem` as `dlx xc --best K` prints them, cheapest first:
/// each after a line `# cost C`, as its options' lines with their costs (a blank line between
/// solutions), or a [`Costed`] JSON line each.
pub fn write_cheapest(
    problem: &Problem,
    solutions: &[dlx::best::Costed],
    json: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    for (n, solution) in solutions.iter().enumerate() {
        let options = solution.options.iter().copied();
        if json {
            let solution = Costed {
                cost: solution.cost,
                solution: option_names(problem, options),
            };
            serde_json::to_writer(&mut *out, &solution)?;
            out.write_all(b"\n")?;
        } else {
            let sep = if n > 0 { "\n" } else { "" };
            writeln!(out, "{sep}# cost {}", solution.cost)?;
            for option in options {
                dlx::text::write_option(problem, option, out)?;
            }
        }
    }
    Ok(())
}

/// Writes [`Costed`] records as `dlx merge` prints the cheapest solutions of its jobs: each
/// after a line `# cost C`, an option's items on a line (a blank line between solutions), or a
/// JSON line each.
pub fn write_costed(records: &[Costed], json: bool, out: &mut impl Write) -> io::Result<()> {
    for (n, c) in records.iter().enumerate() {
        if json {
            serde_json::to_writer(&mut *out, c)?;
            out.write_all(b"\n")?;
        } else {
            let sep = if n > 0 { "\n" } else { "" };
            writeln!(out, "{sep}# cost {}", c.cost)?;
            for option in &c.solution {
                writeln!(out, "{}", option.join(" "))?;
            }
        }
    }
    Ok(())
}

/// Writes a solution as a JSON line: `{"solution": [[items...], ...]}`.
pub fn write_solution(
    problem: &Problem,
    options: impl Iterator<Item = OptionId>,
    out: &mut impl Write,
) -> io::Result<()> {
    let solution = option_names(problem, options);
    serde_json::to_writer(&mut *out, &serde_json::json!({ "solution": solution }))?;
    out.write_all(b"\n")
}

/// Writes a solution of a ZDD as a JSON line: `{"solution": [[items...], ...]}` from the
/// options' lines the file keeps, or `{"options": [...]}` (their numbers) for a ZDD without
/// them.
pub fn write_zdd_solution(zdd: &Zdd, options: &[u32], out: &mut impl Write) -> io::Result<()> {
    if !zdd.has_labels() {
        let numbers: Vec<String> = options.iter().map(u32::to_string).collect();
        return writeln!(out, "{{\"options\":[{}]}}", numbers.join(","));
    }
    let items: Vec<Vec<&str>> = options
        .iter()
        .map(|&k| {
            zdd.label(k)
                .unwrap_or("")
                .split_whitespace()
                .filter(|t| !t.starts_with('|'))
                .collect()
        })
        .collect();
    serde_json::to_writer(&mut *out, &serde_json::json!({ "solution": items }))?;
    out.write_all(b"\n")
}

/// The summary record of a memoized search (written by hand: the count may pass 64 bits, and
/// is written as an integer all the same): [`Summary`]'s figures and ZDD nodes, memos and hits
/// (counted by components, `"components":true` and its splits instead of ZDD nodes).
pub fn memo_summary(memo: &Memo, profile: bool) -> String {
    memo_record(memo, profile, None)
}

/// [`memo_summary`] of a job of a split (`dlx xc FILE --count --memo --job LINE`): with the
/// job's line, as `dlx merge` reads it.
pub fn memo_job_summary(memo: &Memo, profile: bool, job: &JobLine) -> String {
    memo_record(memo, profile, Some(job))
}

fn memo_record(memo: &Memo, profile: bool, job: Option<&JobLine>) -> String {
    let s = &memo.stats;
    let stopped = match memo.stopped {
        None => "null".to_string(),
        Some(r) => format!("\"{}\"", r.name()),
    };
    // By components: the splits where the ZDD's nodes would be (it makes none).
    let made = if memo.by_components() {
        format!("\"components\":true,\"splits\":{}", s.splits)
    } else {
        format!("\"zdd_nodes\":{}", s.zdd_nodes)
    };
    let mut json = format!(
        "{{\"solutions\":{},\"nodes\":{},\"updates\":{},\"cleansings\":{},\
         {made},\"memos\":{},\"hits\":{},\"complete\":{},\"stopped_by\":{stopped}",
        memo.found(),
        s.nodes,
        s.updates,
        s.cleansings,
        s.memos,
        s.hits,
        memo.is_complete()
    );
    if profile {
        let levels: Vec<String> = s.profile.iter().map(u64::to_string).collect();
        json.push_str(&format!(",\"profile\":[{}]", levels.join(",")));
    }
    if let Some(job) = job {
        json.push_str(&format!(",\"job\":\"{job}\""));
    }
    json.push('}');
    json
}

/// What `dlx zdd count` writes, each line ended: the count, or with `by_size` a line `SIZE
/// COUNT` per number of options ([`text::by_size`]); with `json`, [`zdd_count`]'s record.
pub fn zdd_count_output(zdd: &Zdd, by_size: bool, json: bool) -> String {
    match (json, by_size) {
        (true, _) => format!("{}\n", zdd_count(zdd, by_size)),
        (false, true) => text::by_size(zdd),
        (false, false) => format!("{}\n", zdd.count()),
    }
}

/// The count of a ZDD's solutions as a record: `{"solutions": N, "zdd_nodes": Z}`, or with
/// `by_size` how many solutions have each number of options (`"by_size": [{"size": K,
/// "solutions": N}, ...]`, sizes with none left out).
pub fn zdd_count(zdd: &Zdd, by_size: bool) -> String {
    if !by_size {
        return format!(
            "{{\"solutions\":{},\"zdd_nodes\":{}}}",
            zdd.count(),
            zdd.num_nodes()
        );
    }
    let pairs: Vec<String> = zdd
        .count_by_size()
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .map(|(k, c)| format!("{{\"size\":{k},\"solutions\":{c}}}"))
        .collect();
    format!(
        "{{\"solutions\":{},\"by_size\":[{}]}}",
        zdd.count(),
        pairs.join(",")
    )
}

/// The nodes of the smallest, the median and the largest job of a merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Spread {
    /// The fewest nodes of a job.
    pub min: u64,
    /// The median job's nodes (the upper median).
    pub median: u64,
    /// The most nodes of a job.
    pub max: u64,
}

/// Why a line does not merge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The line is neither a job's summary nor a costed solution.
    #[error(
        "not a job summary ({0}): give the lines of `dlx xc FILE --count --format json --job \
         LINE`"
    )]
    NotASummary(String),
    /// A summary names no job.
    #[error(
        "a summary without a job: run each job with `dlx xc FILE --count --format json --job \
         LINE`"
    )]
    NoJob,
    /// The job's line does not read.
    #[error(transparent)]
    JobLine(#[from] JobLineError),
    /// Jobs of a count and jobs of a search for the cheapest, or for another K, are mixed.
    #[error("a job of {} among jobs of {}: merge the jobs of one search", search(*.found), search(*.expected))]
    Mixed {
        /// This job's K, if it looked for the cheapest.
        found: Option<u64>,
        /// The K of the jobs before.
        expected: Option<u64>,
    },
    /// A job was stopped by a limit: its count is not the subtree's.
    #[error("job {index} of {total} was stopped ({name}): run it again without limits")]
    Stopped {
        /// The job's number.
        index: usize,
        /// The number of jobs of the split.
        total: usize,
        /// What stopped it, as its summary names it.
        name: String,
    },
    /// The jobs do not add up (another problem, a job twice, jobs missing).
    #[error(transparent)]
    Tally(TallyError),
    /// Costed solutions among the summaries of a count.
    #[error("solution lines among the summaries of a count: give the summaries only")]
    SolutionsInCount,
    /// Jobs of the memoized count among jobs counted by an engine.
    #[error("jobs of the memoized count (--memo) mixed with jobs of another count: merge the jobs of one search")]
    MixedMemo,
    /// A memoized job's count does not read.
    #[error("a memoized job's count is not a whole number: {0}")]
    MemoCount(String),
}

fn search(k: Option<u64>) -> String {
    k.map_or("--count".to_string(), |k| format!("--best {k}"))
}

/// Adds up the summaries of the jobs of a split search, line by line: the JSON lines that
/// `dlx xc FILE --count --format json --job LINE` prints (or, for a search for the K
/// cheapest, its solution lines and summary).
#[derive(Debug, Default)]
pub struct Merge {
    tally: Tally,
    best: Option<u64>,
    costed: Vec<Costed>,
    summaries: usize,
    /// The memoized jobs' counts added up, exact at any size, and how many there were.
    memo: Count,
    memo_jobs: usize,
}

/// A memoized job's summary ([`memo_job_summary`]), as the merge reads it: its count as the
/// digits written.
#[derive(Deserialize)]
struct MemoJob<'a> {
    #[serde(borrow)]
    solutions: &'a serde_json::value::RawValue,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    // Only a memoized search's summary has it: a count's does not read as this.
    #[allow(dead_code)]
    zdd_nodes: u64,
    complete: bool,
    stopped_by: Option<String>,
    #[serde(default)]
    profile: Option<Vec<u64>>,
    #[serde(default)]
    job: Option<String>,
}

/// What the jobs add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Merged {
    /// The whole search's figures.
    pub outcome: Outcome,
    /// The whole search's summary (for the cheapest: with the costs of the K best).
    pub summary: Summary,
    /// How many jobs.
    pub jobs: usize,
    /// The spread of their nodes.
    pub job_nodes: Spread,
    /// A search for the K cheapest: the K cheapest of all the jobs' solutions, cheapest first
    /// (equal costs in the order they came).
    pub best: Option<Vec<Costed>>,
    /// Jobs of the memoized count: their solutions added up, exact at any size (the summary's
    /// `solutions` is then the count where it fits in 64 bits; [`Merged::count_text`] and
    /// [`Merged::memo_record`] give it whole).
    pub memo: Option<Count>,
}

impl Merged {
    /// The count, as `dlx merge` prints it: exact at any size.
    pub fn count_text(&self) -> String {
        match &self.memo {
            Some(count) => count.to_string(),
            None => self.summary.count_text(),
        }
    }

    /// The record `dlx merge --format json` ends with for the jobs of a memoized count (written
    /// by hand, as [`memo_summary`]: the count may pass 64 bits): the count, the jobs' nodes,
    /// updates and cleansings added up, their profile, how many jobs and the spread of their
    /// nodes. `None` for other jobs ([`Merged::record`]).
    pub fn memo_record(&self) -> Option<String> {
        let count = self.memo.as_ref()?;
        let s = &self.summary;
        let profile = s.profile.as_deref().unwrap_or_default();
        let levels: Vec<String> = profile.iter().map(u64::to_string).collect();
        let Spread { min, median, max } = self.job_nodes;
        Some(format!(
            "{{\"solutions\":{count},\"nodes\":{},\"updates\":{},\"cleansings\":{},\
             \"complete\":true,\"stopped_by\":null,\"profile\":[{}],\"jobs\":{},\
             \"job_nodes\":{{\"min\":{min},\"median\":{median},\"max\":{max}}}}}",
            s.nodes,
            s.updates,
            s.cleansings,
            levels.join(","),
            self.jobs
        ))
    }

    /// The record `dlx merge --format json` ends with: the [`Summary`] (for a count, with the
    /// number of jobs and the spread of their nodes).
    pub fn record(&self) -> MergedRecord<'_> {
        let count = self.best.is_none();
        MergedRecord {
            summary: &self.summary,
            jobs: count.then_some(self.jobs),
            job_nodes: count.then_some(self.job_nodes),
        }
    }
}

impl Merged {
    /// Writes what `dlx merge` prints on standard output: the K cheapest solutions of jobs of
    /// a search for the cheapest ([`write_costed`]; nothing more in text), then the count
    /// (text: exact at any size) or the record ([`Merged::memo_record`] or
    /// [`Merged::record`], a JSON line).
    pub fn write(&self, json: bool, out: &mut impl Write) -> io::Result<()> {
        if let Some(best) = &self.best {
            write_costed(best, json, out)?;
        }
        match (json, &self.best) {
            (false, None) => writeln!(out, "{}", self.count_text()),
            (false, Some(_)) => Ok(()),
            // The memoized jobs' count may pass 64 bits: the record is written whole.
            (true, _) => match self.memo_record() {
                Some(record) => writeln!(out, "{record}"),
                None => {
                    serde_json::to_writer(&mut *out, &self.record())?;
                    out.write_all(b"\n")
                }
            },
        }
    }
}

/// The record of a merge ([`Merged::record`]).
#[derive(Debug, Clone, Serialize)]
pub struct MergedRecord<'a> {
    /// The whole search's summary.
    #[serde(flatten)]
    pub summary: &'a Summary,
    /// For a count: how many jobs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jobs: Option<usize>,
    /// For a count: the spread of their nodes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job_nodes: Option<Spread>,
}

impl Merge {
    /// No job yet.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds a line: a job's summary, or a costed solution; a blank line is passed over.
    pub fn add_line(&mut self, line: &str) -> Result<(), MergeError> {
        if line.trim().is_empty() {
            return Ok(());
        }
        if let Ok(solution) = serde_json::from_str::<Costed>(line) {
            self.costed.push(solution);
            return Ok(());
        }
        if let Ok(job) = serde_json::from_str::<MemoJob<'_>>(line) {
            return self.add_memo(&job);
        }
        let s: Summary =
            serde_json::from_str(line).map_err(|e| MergeError::NotASummary(e.to_string()))?;
        self.add(&s)
    }

    /// Adds a memoized job's summary: its figures to the tally (which checks the job), its
    /// count to the memoized jobs' total.
    fn add_memo(&mut self, m: &MemoJob<'_>) -> Result<(), MergeError> {
        let count: Count = m
            .solutions
            .get()
            .parse()
            .map_err(|_| MergeError::MemoCount(m.solutions.get().to_string()))?;
        let summary = Summary {
            solutions: 0,
            nodes: m.nodes,
            updates: m.updates,
            cleansings: m.cleansings,
            complete: m.complete,
            stopped_by: m.stopped_by.clone(),
            profile: m.profile.clone(),
            job: m.job.clone(),
            threads: None,
            jobs: None,
            best_costs: None,
            best: None,
            engine: None,
        };
        self.add(&summary)?;
        self.memo = std::mem::take(&mut self.memo) + count;
        self.memo_jobs += 1;
        Ok(())
    }

    /// Adds a job's summary.
    pub fn add(&mut self, s: &Summary) -> Result<(), MergeError> {
        let job: JobLine = s.job.as_deref().ok_or(MergeError::NoJob)?.parse()?;
        // Jobs of a count and jobs of --best K do not mix, nor jobs of another K.
        if self.summaries > 0 && s.best != self.best {
            return Err(MergeError::Mixed {
                found: s.best,
                expected: self.best,
            });
        }
        self.best = s.best;
        self.summaries += 1;
        // A summary that says it is incomplete but not why is stopped all the same.
        let name = s.stopped_by.as_deref().unwrap_or("incomplete");
        let stopped =
            (!s.complete).then(|| StopReason::from_name(name).unwrap_or(StopReason::Visitor));
        let profile = s.profile.clone().unwrap_or_default();
        let stats = Stats::from_figures(s.solutions, s.nodes, s.updates, s.cleansings, profile);
        self.tally.add(&job, &stats, stopped).map_err(|e| match e {
            TallyError::Stopped { index, total, .. } => MergeError::Stopped {
                index,
                total,
                name: name.to_string(),
            },
            e => MergeError::Tally(e),
        })
    }

    /// The totals, once every job of the split is in.
    pub fn finish(mut self) -> Result<Merged, MergeError> {
        if self.memo_jobs > 0 && self.memo_jobs != self.summaries {
            return Err(MergeError::MixedMemo);
        }
        let total = self.tally.finish().map_err(MergeError::Tally)?.clone();
        let mut nodes = self.tally.job_nodes();
        nodes.sort_unstable();
        let job_nodes = Spread {
            min: nodes[0],
            median: nodes[nodes.len() / 2],
            max: nodes[nodes.len() - 1],
        };
        let outcome = Outcome::from_stats(&total, None);
        let mut summary = Summary::new(&outcome);
        let best = match self.best {
            Some(k) => {
                self.costed.sort_by_key(|c| c.cost);
                self.costed
                    .truncate(usize::try_from(k).unwrap_or(usize::MAX));
                let costs = self.costed.iter().map(|c| c.cost).collect();
                summary = summary.best(costs, Some(k));
                Some(self.costed)
            }
            None if !self.costed.is_empty() => return Err(MergeError::SolutionsInCount),
            None => {
                let profile = total.profile();
                summary = summary.profile((!profile.is_empty()).then_some(profile));
                None
            }
        };
        let memo = (self.memo_jobs > 0).then_some(self.memo);
        if let Some(count) = &memo {
            summary.solutions = count.to_u64().unwrap_or(u64::MAX);
        }
        Ok(Merged {
            outcome,
            summary,
            jobs: nodes.len(),
            job_nodes,
            best,
            memo,
        })
    }
}

/// One engine's count of a problem ([`dlx::Search::every_engine`]), as `dlx xc --engine all`
/// prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct EngineRun {
    /// `links`, `cells` or `memo` (the memoized search, Knuth's `dlx6`).
    pub engine: &'static str,
    /// The solutions counted: a number, or its digits as a string where a memoized count passes
    /// 64 bits.
    pub solutions: serde_json::Value,
    /// Search-tree nodes, as the engine's program counts them.
    pub nodes: u64,
    /// Updates, as the engine's program counts them.
    pub updates: u64,
    /// Seconds the count took.
    pub seconds: f64,
    /// Whether the count is exact (no limit stopped it).
    pub complete: bool,
    /// What stopped it.
    #[serde(skip)]
    pub stopped: Option<StopReason>,
}

impl EngineRun {
    /// The row of a count `seconds` long that found `found`: by its engine, or `memo` for the
    /// memoized search.
    pub fn of(found: &dlx::Found, seconds: f64) -> EngineRun {
        let solutions = found
            .count
            .to_u64()
            .map_or_else(|| found.count.to_string().into(), Into::into);
        EngineRun {
            engine: match found.memo {
                Some(_) => "memo",
                None => found.engine.name(),
            },
            solutions,
            nodes: found.stats.nodes,
            updates: found.stats.updates,
            seconds,
            complete: found.is_complete(),
            stopped: found.stopped,
        }
    }
}

impl EngineRun {
    /// Counts the problem of `search` with every engine that takes it
    /// ([`dlx::Search::every_engine`]), a row each; each count gets the limits `limits` makes
    /// from its own start (so a time limit is each count's to itself). The error is the first
    /// count that could not run.
    pub fn every(
        search: &dlx::Search<'_>,
        limits: impl Fn(std::time::Instant) -> dlx::Limits,
    ) -> Result<Vec<EngineRun>, dlx::SearchError> {
        let mut runs = Vec::new();
        for search in search.every_engine() {
            let start = std::time::Instant::now();
            let found = search
                .limits(limits(start))
                .run(|_| std::ops::ControlFlow::Continue(()))?;
            runs.push(EngineRun::of(&found, start.elapsed().as_secs_f64()));
        }
        Ok(runs)
    }
}

/// How [`write_engine_runs`] writes the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RunsFormat {
    /// A table with a header, in columns (a count stopped by a limit as `K+`).
    Text,
    /// One JSON object per row.
    Json,
    /// CSV after a header: engine, solutions, nodes, updates, seconds, complete.
    Csv,
}

/// Writes the rows of the engines' counts ([`EngineRun`]).
pub fn write_engine_runs(
    out: &mut impl Write,
    runs: &[EngineRun],
    format: RunsFormat,
) -> io::Result<()> {
    let digits = |v: &serde_json::Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
    match format {
        RunsFormat::Text => {
            let head = ("engine", "solutions", "nodes", "updates", "seconds");
            writeln!(
                out,
                "{:<8}{:>14}{:>14}{:>16}{:>10}",
                head.0, head.1, head.2, head.3, head.4
            )?;
            for r in runs {
                let more = if r.complete { "" } else { "+" };
                let solutions = format!("{}{more}", digits(&r.solutions));
                let (n, u, s) = (r.nodes, r.updates, r.seconds);
                writeln!(out, "{:<8}{solutions:>14}{n:>14}{u:>16}{s:>10.3}", r.engine)?;
            }
        }
        RunsFormat::Json => {
            for r in runs {
                serde_json::to_writer(&mut *out, r)?;
                writeln!(out)?;
            }
        }
        RunsFormat::Csv => {
            writeln!(out, "engine,solutions,nodes,updates,seconds,complete")?;
            for r in runs {
                let (e, n, u, s, c) = (r.engine, r.nodes, r.updates, r.seconds, r.complete);
                writeln!(out, "{e},{},{n},{u},{s:.6},{c}", digits(&r.solutions))?;
            }
        }
    }
    Ok(())
}
