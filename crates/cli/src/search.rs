//! The flags of a search, one vocabulary in `dlx xc`, the memoized search and the puzzle
//! commands, and what they make: the limits, the `--stats` line, and how a stopped search ends
//! (its message names the flag that stopped it).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::Result;
use dlx::split::JobLine;
use dlx::zdd::Memo;
use dlx::{Limits, Outcome, Problem, Report, Search, StopReason, Task};
use report::text::{self, Stats, StopNames};
use report::{EngineRun, RunsFormat};

use crate::{plural, signals, InputError, Interrupted, Stopped};

/// Output formats of `dlx xc`, `dlx merge` and `dlx zdd`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Each solution as its option lines, a blank line between solutions.
    Text,
    /// One JSON object per line: each solution, then a summary.
    Json,
}

/// Output formats of `dlx xc` and the puzzle commands: [`Format`]'s, and CSV for the table of
/// `--engine all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum XcFormat {
    /// Each solution as its option lines, a blank line between solutions.
    Text,
    /// One JSON object per line: each solution, then a summary.
    Json,
    /// The rows of --engine all as CSV, after a header.
    Csv,
}

impl XcFormat {
    /// The format of solutions: CSV is for the rows of `--engine all` only.
    pub fn solutions(self) -> Result<Format> {
        match self {
            XcFormat::Text => Ok(Format::Text),
            XcFormat::Json => Ok(Format::Json),
            XcFormat::Csv => crate::refuse("--format csv writes the rows of --engine all"),
        }
    }
}

/// The flags of a search, one vocabulary in `dlx xc` and the puzzle commands.
#[derive(Debug, clap::Args)]
pub struct SearchFlags {
    /// Print only the number of solutions (`K+` when a limit stopped the search first).
    #[arg(long)]
    pub count: bool,
    /// Stop after N solutions (N >= 1); a count stopped there is printed as `N+` (with --svg,
    /// the first N are drawn).
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Stop before the search exceeds N nodes: what was found is printed, a count as `K+`, a
    /// message on standard error says so, and the exit status is 3.
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Stop the search after this many seconds (checked every 4096 nodes), as --max-nodes does.
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds, allow_negative_numbers = true)]
    pub timeout: Option<Duration>,
    /// Print a summary (solutions, nodes, updates, completeness, time) on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Search on N threads (0: one per core). A count uses every core unless told otherwise
    /// (a count up to symmetry or by dancing cells, one); a listing uses one thread, or N with
    /// solutions printed as found (see --ordered); --memo, one. The figures of a complete search
    /// by dancing links are the same on any number of threads (by dancing cells, the
    /// solutions).
    #[arg(short, long, value_name = "N", value_parser = crate::values::threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// With --jobs, print the solutions in the order one thread finds them (each subtree's
    /// solutions wait for those before them); with --best, the same solutions on any number
    /// of threads.
    #[arg(long, conflicts_with = "count")]
    pub ordered: bool,
    /// The search engine (`--stats` names the one that ran when it is not the default).
    #[arg(long, value_enum, default_value_t = EngineChoice::One(dlx::Engine::Auto))]
    pub engine: EngineChoice,
    #[command(flatten)]
    pub memo: MemoFlags,
}

/// What `--engine` names: an engine of the library (its values and their help are the
/// library's, `dlx::Engine`), or `all` of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineChoice {
    /// This engine.
    One(dlx::Engine),
    /// Count with every engine that takes the problem, a row each.
    All,
}

impl clap::ValueEnum for EngineChoice {
    fn value_variants<'a>() -> &'a [Self] {
        static VARIANTS: std::sync::OnceLock<Vec<EngineChoice>> = std::sync::OnceLock::new();
        VARIANTS.get_or_init(|| {
            let engines = dlx::Engine::ALL.into_iter().map(EngineChoice::One);
            engines.chain([EngineChoice::All]).collect()
        })
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            EngineChoice::One(engine) => engine.to_possible_value(),
            EngineChoice::All => Some(clap::builder::PossibleValue::new("all").help(
                "Count with every engine that takes the problem (links, cells, weighted, \
                 failrate, memo): a row each of engine, solutions, nodes, updates, seconds, \
                 complete (one thread each unless --jobs says more)",
            )),
        }
    }
}

/// The flags of the memoized search, shared by `dlx xc` and the puzzle commands.
#[derive(Debug, Clone, clap::Args)]
pub struct MemoFlags {
    /// Count through the memoized search (Knuth's dlx6): a remaining problem met again is not
    /// searched again, so counts far past what can be enumerated finish, exact at any size.
    /// One thread unless --jobs says, with dlx6's figures (with --stats: ZDD nodes, memos and
    /// hits too); on N threads sharing one cache, the count and the ZDD are one thread's.
    #[arg(long)]
    pub memo: bool,
    /// With --memo: stop once the ZDD has more than N nodes (dlx6's Z<n>).
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub max_zdd_nodes: Option<u64>,
    /// With --memo: the most memory the cache and the ZDD may take (`512M`, `8G`; bytes
    /// without a suffix); past it the search stops with a message naming the budget.
    /// (Default 4G.)
    #[arg(long, value_name = "SIZE", value_parser = crate::values::bytes)]
    pub memory: Option<u64>,
    /// With --count --memo: where the items left fall into groups that no option joins (nor a
    /// secondary item without a color yet), count each group on its own and multiply (DXD's
    /// components). For problems that are such groups from the start (boards side by side: 8
    /// times faster); elsewhere looking for them costs more than they save (docs/benchmarks.md).
    /// No ZDD; figures of its own (--stats: splits where the ZDD's nodes would be); one thread;
    /// not with --split, --job or bounds.
    #[arg(long)]
    pub components: bool,
}

/// The memory budget when `--memory` is not given.
const DEFAULT_MEMORY: u64 = 4 << 30;

impl MemoFlags {
    /// The memory budget.
    pub fn memory(&self) -> u64 {
        self.memory.unwrap_or(DEFAULT_MEMORY)
    }

    /// Refuses the flags that only the memoized search reads, when it does not run.
    pub fn check_unused(&self) -> Result<(), InputError> {
        if !self.memo && (self.max_zdd_nodes.is_some() || self.memory.is_some()) {
            return Err(InputError(
                "--max-zdd-nodes and --memory limit the memoized search: add --memo".into(),
            ));
        }
        if !self.memo && self.components {
            return Err(InputError(
                "--components counts by the memoized search: add --count --memo".into(),
            ));
        }
        Ok(())
    }
}

impl SearchFlags {
    /// The engine to run: `--engine`, checked against the problem; `None` for `all`. Refused
    /// for `what` (a flag that runs by dancing links only) when the engine is not links.
    pub fn engine(&self, problem: &Problem, what: Option<&str>) -> Result<Option<dlx::Engine>> {
        let (engine, name) = match self.engine {
            EngineChoice::One(engine) => (engine, engine.name()),
            // `all`: the default's, for the checks.
            EngineChoice::All => (dlx::Engine::Auto, "all"),
        };
        let resolved = engine.resolve(problem)?;
        if let Some(what) = what {
            if self.engine == EngineChoice::All || !resolved.info().best_and_memo {
                return crate::refuse(format!(
                    "--engine {name} does not go with {what}, which runs by dancing links"
                ));
            }
        }
        Ok((self.engine != EngineChoice::All).then_some(resolved))
    }

    /// The engine to name in a summary: when one was asked for, or when it is not the
    /// default's.
    pub fn named(&self, engine: dlx::Engine, problem: &Problem) -> Option<dlx::Engine> {
        let asked = self.engine != EngineChoice::One(dlx::Engine::Auto);
        let default = dlx::Engine::Auto.resolve(problem).ok();
        (asked || default != Some(engine)).then_some(engine)
    }

    /// Writes a search's `--stats` line on standard error, and with --stats the threads' line
    /// and the engine's.
    pub fn write_stats(
        &self,
        line: Stats<'_>,
        report: &Report,
        engine: dlx::Engine,
        problem: &Problem,
    ) -> io::Result<()> {
        let mut err = io::stderr().lock();
        writeln!(err, "{line}")?;
        if self.stats {
            if let Some(line) = text::shared(report) {
                writeln!(err, "{line}")?;
            }
            if self.named(engine, problem).is_some() {
                writeln!(err, "{}", text::engine(engine, report, problem))?;
            }
        }
        Ok(())
    }

    /// The limits the flags set (the time limit from `start`), with Ctrl-C's flag; `solutions`
    /// stands for --limit (a count up to symmetry counts classes, not the engine's solutions).
    pub fn limits(&self, solutions: Option<u64>, start: Instant) -> Limits {
        Limits::none()
            .solutions(solutions)
            .nodes(self.max_nodes)
            .deadline(self.timeout.map(|t| start + t))
            .cancel(Some(signals::stop_flag()))
    }

    /// How the command ends after a search: `Ok` when it finished or stopped at the `--limit`
    /// asked for; [`Stopped`] (exit status 3) when a limit stopped it, naming its flag, and
    /// [`Interrupted`] (130) for Ctrl-C, each saying what it had done (`after`).
    pub fn ending(&self, stopped: Option<StopReason>, after: String) -> Result<()> {
        let message = match stopped {
            None | Some(StopReason::SolutionLimit | StopReason::Visitor) => return Ok(()),
            Some(StopReason::NodeLimit) => format!(
                "the node limit (--max-nodes {}) was reached {after}",
                self.max_nodes.unwrap_or(0)
            ),
            Some(StopReason::Deadline) => format!(
                "the time limit (--timeout {}) was reached {after}",
                self.timeout.map_or(0.0, |t| t.as_secs_f64())
            ),
            Some(StopReason::ZddNodeLimit) => format!(
                "the ZDD passed its node limit (--max-zdd-nodes {}) {after}",
                self.memo.max_zdd_nodes.unwrap_or(0)
            ),
            Some(StopReason::MemoryLimit) => format!(
                "the cache and the ZDD would need more than the memory budget (--memory {}, \
                 {} bytes) {after}; give a larger budget with --memory",
                text::size(self.memo.memory()),
                self.memo.memory()
            ),
            Some(_) => return Err(Interrupted(Some(after)).into()),
        };
        Err(Stopped(message).into())
    }

    /// [`SearchFlags::ending`] of a search by dancing links: `incomplete` says what a stop
    /// leaves incomplete.
    pub fn ending_as(&self, outcome: &Outcome, incomplete: &str) -> Result<()> {
        let after = format!(
            "after {} and {}; {incomplete}",
            plural(outcome.nodes, "node"),
            plural(outcome.solutions, "solution")
        );
        self.ending(outcome.stopped, after)
    }

    /// [`SearchFlags::ending_as`] where the search is what a stop leaves incomplete.
    pub fn ending_of(&self, outcome: &Outcome) -> Result<()> {
        self.ending_as(outcome, "the search is incomplete")
    }

    /// The search the flags set up for `task` by `engine` (resolved), through the library's
    /// front door: threads, order, limits (the time limit from `start`; `solutions` stands for
    /// --limit) with Ctrl-C's flag, and the memoized search's budgets.
    pub fn search<'p>(
        &self,
        problem: &'p Problem,
        engine: dlx::Engine,
        task: Task,
        solutions: Option<u64>,
        start: Instant,
    ) -> Search<'p> {
        problem
            .search()
            .task(task)
            .engine(engine)
            .threads(self.jobs)
            .ordered(self.ordered)
            .limits(self.limits(solutions, start))
            .max_zdd_nodes(self.memo.max_zdd_nodes)
            .max_memory(self.memo.memory())
            .components(self.memo.components)
    }

    /// The memoized count of `problem` (named `name` in messages), under the flags' limits and
    /// Ctrl-C: its figures, no ZDD.
    pub fn memo(&self, problem: &Problem, name: &str) -> Result<Memo> {
        let search = self.search(problem, dlx::Engine::Auto, Task::Memo, None, Instant::now());
        // One thread unless --jobs says (the threads share one cache).
        let found = search
            .threads(self.jobs.unwrap_or(1))
            .keep_zdd(false)
            .run(|_| std::ops::ControlFlow::Continue(()))
            .map_err(|e| InputError(format!("{name}: {e}")))?;
        Ok(found.memo.expect("the memoized search was asked for"))
    }

    /// How the command ends after a memoized search: its record (`json`, a job's with the
    /// job's line) or, with --count, its count, unless `quiet`; its --stats line and with
    /// `profile` its profile on standard error; the exit status a stop makes.
    pub fn memo_end(
        &self,
        memo: &Memo,
        problem: &Problem,
        (json, profile, quiet): (bool, bool, bool),
        job: Option<&JobLine>,
        elapsed: Duration,
        out: &mut impl Write,
    ) -> Result<()> {
        if json && !quiet {
            // A job's summary always has its profile: `dlx merge` adds the profiles up.
            let record = match job {
                Some(job) => report::memo_job_summary(memo, true, job),
                None => report::memo_summary(memo, profile),
            };
            writeln!(out, "{record}")?;
        } else if self.count && !quiet {
            writeln!(out, "{}", text::memo_count(memo))?;
        }
        out.flush()?;
        if self.stats || profile {
            let colored = problem.has_colors();
            let (names, memo) = (FLAGS, memo);
            let stats = text::MemoStats {
                memo,
                names,
                colored,
                elapsed,
            };
            eprintln!("{stats}");
            if profile {
                eprintln!("{}", text::Profile(&memo.stats.profile));
            }
        }
        let after = format!(
            "after {} and {} solutions: the count printed is a lower bound and no ZDD was \
             written",
            plural(memo.stats.nodes, "node"),
            memo.found()
        );
        self.ending(memo.stopped, after)
    }
}

/// `--engine all --count`: counts `problem` with every engine that takes it, a row each.
pub fn compare(problem: &Problem, flags: &SearchFlags, format: XcFormat) -> Result<()> {
    if !flags.count || flags.limit.is_some() {
        let why = "--engine all compares the engines' counts: add --count (and no --limit)";
        return crate::refuse(why);
    }
    let now = Instant::now();
    let all = flags.search(problem, dlx::Engine::Auto, Task::Count, None, now);
    let all = all.threads(flags.jobs.unwrap_or(1));
    let runs = EngineRun::every(&all, |start| flags.limits(None, start))
        .map_err(|e| InputError(format!("--engine all: {e}")))?;
    let mut out = io::stdout().lock();
    let format = match format {
        XcFormat::Text => RunsFormat::Text,
        XcFormat::Json => RunsFormat::Json,
        XcFormat::Csv => RunsFormat::Csv,
    };
    report::write_engine_runs(&mut out, &runs, format)?;
    out.flush()?;
    let stopped = runs.iter().find(|r| !r.complete);
    let after = stopped.map(|r| format!("in the count by {}: the search is incomplete", r.engine));
    flags.ending(stopped.and_then(|r| r.stopped), after.unwrap_or_default())
}

/// How `--stats` names what stopped a search: by its flag (a visitor stops only to honour
/// --limit, a count of classes with --distinct).
pub const FLAGS: StopNames = StopNames(|r| match r {
    StopReason::SolutionLimit | StopReason::Visitor => "--limit".to_string(),
    r => format!("--{}", r.name().replace('_', "-")),
});

/// The `--stats` line of a search's figures.
pub fn stats(outcome: &Outcome) -> Stats<'_> {
    Stats::new(outcome, FLAGS)
}
