//! `dlx xc`: solve a problem in Knuth's text format.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use dlx::split::JobLine;
use dlx::{Problem, Search, SearchError, Task};
use report::{SolutionWriter, Summary};

use crate::search::{stats, Format, SearchFlags, XcFormat};
use crate::{plural, quote, InputError};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchFlags,
    /// Output format.
    #[arg(long, value_enum, default_value_t = XcFormat::Text)]
    pub format: XcFormat,
    /// Add the number of nodes at each level of the search tree to the summary.
    #[arg(long)]
    pub profile: bool,
    /// Cut the search into at least K jobs and print one per line (the problem's fingerprint,
    /// with the engine's, the job's number and its prefix of choices), for `--count --job LINE`
    /// (with the same --engine) to run each, anywhere, and `dlx merge` to add their summaries.
    /// With --memo, jobs of the memoized count (`--count --memo --job LINE`), exact at any size.
    #[arg(long, value_name = "K", value_parser = crate::values::count,
          conflicts_with_all = ["count", "limit", "max_nodes", "timeout", "job", "ordered"])]
    pub split: Option<u64>,
    /// Count one job of a --split: LINE is the line --split printed. With --format json the
    /// summary names the job, for `dlx merge`.
    #[arg(long, value_name = "LINE", conflicts_with = "limit")]
    pub job: Option<String>,
    /// Find the K cheapest solutions (options carry costs as `|n`, Knuth's dlx5) and print
    /// them cheapest first, each after a line `# cost C`. --limit N stops after N
    /// improvements; stopped by --max-nodes or --timeout, the costs are the best found so far.
    /// One thread unless --jobs says more (the threads share the bound: the same costs, other
    /// figures; --max-nodes keeps it on one); with --ordered, the same solutions on any number
    /// of threads (ties by their options' numbers, each listed in that order; dlx5's figures
    /// no more). With --split, jobs of the search; with --job, one of them (`dlx merge` keeps
    /// the K best of all).
    #[arg(long, value_name = "K", value_parser = crate::values::count, conflicts_with = "count")]
    pub best: Option<u64>,
    /// With --best: look only for solutions that cost less than C (a bound known from an
    /// earlier run, or another job's), which prunes from the start.
    #[arg(long, value_name = "C", requires = "best")]
    pub bound: Option<u64>,
    /// Solve the problem as Knuth's dlx-pre reduces it (options that can never be used and
    /// forced items taken out; see `dlx pre`), each solution printed as options of the file;
    /// the figures are the reduced problem's.
    #[arg(long, conflicts_with_all = ["split", "job", "best", "memo", "zdd"])]
    pub preprocess: bool,
    /// Write the ZDD of every solution to OUT (`-`: standard output), in the text format of
    /// Knuth's dlx6 and zddread, with the options' lines; for `dlx zdd`. Implies --memo.
    #[arg(long, value_name = "OUT")]
    pub zdd: Option<PathBuf>,
}

/// Reads a problem in Knuth's format (a file, or standard input), with its name; an option
/// left out is said on standard error, an error has its place (`FILE:LINE:COLUMN: ...`).
pub(crate) fn read_problem(file: Option<&Path>) -> Result<(String, dlx::text::Parsed)> {
    let (name, bytes) = crate::files::read_input(file)?;
    let parsed = dlx::text::parse_bytes(&bytes)
        .map_err(|e| InputError(crate::files::at(&name, e.line, e.column, &e.kind)))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: warning: {name}:{}: option ignored: it has no primary item",
            warning.line
        );
    }
    Ok((name, parsed))
}

pub fn run(args: &Args) -> Result<()> {
    let (name, parsed) = read_problem(args.file.as_deref())?;
    let problem = &parsed.problem;
    let only_links = [
        (args.best.is_some(), "--best"),
        (args.search.memo.memo, "--memo"),
        (args.zdd.is_some(), "--zdd"),
    ]
    .into_iter()
    .find_map(|(on, flag)| on.then_some(flag));
    let Some(engine) = args.search.engine(problem, only_links)? else {
        if args.job.is_some() {
            return crate::refuse("--engine all does not go with --job: run a job by its engine");
        }
        return crate::search::compare(problem, &args.search, args.format);
    };
    let format = args.format.solutions()?;
    if args.search.memo.memo || args.zdd.is_some() {
        return memo(problem, &name, args);
    }
    args.search.memo.check_unused()?;
    let at_most = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let task = match args.best {
        Some(k) => Task::Cheapest { k: at_most(k) },
        None if args.search.count => Task::Count,
        None => Task::List,
    };
    let start = Instant::now();
    let search = args
        .search
        .search(problem, engine, task, args.search.limit, start)
        .bound(args.bound)
        .preprocess(args.preprocess);
    if let Some(k) = args.split {
        return split(&search, &name, at_most(k), args, start);
    }
    let (search, job) = read_job(search, &name, args.job.as_deref())?;
    if let Some(k) = args.best {
        return self::best(&search, &name, k, args, format, job.as_ref(), start);
    }
    if job.is_some() && !args.search.count {
        return crate::refuse("--job runs one job of a split count (with --count) or of a split search for the cheapest solutions (with --best K)");
    }

    // Not locked: the threads of a parallel listing write through it (one at a time).
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    let (mut failed, mut writer) = (None, SolutionWriter::new(format == Format::Json));
    let found =
        search.run(
            |options| match writer.write(problem, options.iter().copied(), &mut out) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            },
        );
    if let Some(e) = failed {
        return Err(e).context("writing solutions");
    }
    let found = found.map_err(|e| failure(e, &name, job.as_ref()))?;
    let report = found.report();
    if let Some(r) = found.preprocessed.filter(|_| args.search.stats) {
        eprintln!("{}", report::text::preprocessed(&r));
    }
    let outcome = report.outcome;
    let elapsed = start.elapsed();
    // A job's summary always has its profile: `dlx merge` adds the profiles up.
    let profile =
        (args.profile || (job.is_some() && format == Format::Json)).then(|| report.stats.profile());

    let colored = problem.has_colors() || problem.declares_bounds();
    let text = format == Format::Text;
    if !text {
        let summary = Summary::new(&outcome)
            .profile(profile)
            .job(job.as_ref().map(JobLine::to_string))
            .engine(args.search.named(engine, problem));
        let summary = match args.search.stats {
            true => summary.shared(&report),
            false => summary,
        };
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"\n")?;
    } else if args.search.count {
        writeln!(out, "{}", Summary::new(&outcome).count_text())?;
    }
    out.flush()?;
    // The profile goes to standard error unless the JSON summary has it.
    if args.search.stats || (text && args.profile) {
        let line = stats(&outcome).colored(colored);
        let line = line
            .profile(profile.filter(|_| text))
            .elapsed(Some(elapsed));
        args.search.write_stats(line, &report, engine, problem)?;
    }
    args.search.ending_of(&outcome)
}

/// What the command says when the search refuses to run: the file, the job or the flag the
/// error is about.
fn failure(e: SearchError, name: &str, job: Option<&JobLine>) -> InputError {
    let job_index = job.map_or(0, |j| j.index);
    let message = match e {
        SearchError::Engine(e) => format!("--engine: {e}"),
        SearchError::Job(e) => format!("job {job_index}: {e}"),
        SearchError::CheapestJob(dlx::best::JobError::NullMove) => {
            format!("job {job_index}: a null move; the jobs of --best choose options only")
        }
        SearchError::CheapestJob(e) => format!("job {job_index}: {e}"),
        e => format!("{name}: {e}"),
    };
    InputError(message)
}

/// `dlx xc FILE --memo` (with `--count`, `--zdd OUT`, or neither: every solution from the
/// ZDD), after the checks of the flags that do not go with it.
fn memo(problem: &Problem, name: &str, args: &Args) -> Result<()> {
    let to_stdout = args.zdd.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let in_groups = "the memoized search finds solutions in groups; use --max-nodes or --timeout";
    let every = "it counts and lists every solution";
    let both = "both would be written on standard output";
    let of_job = "a job's ZDD would leave out the options on its way";
    let split = args.split.is_some() || args.job.is_some();
    let ordered = args.search.ordered || args.best.is_some();
    let clashes = [
        (args.search.limit.is_some(), "--limit", in_groups),
        (ordered, "--ordered or --best", every),
        (to_stdout && args.search.count, "--count with --zdd -", both),
        (
            split && args.zdd.is_some(),
            "--zdd with --split or --job",
            of_job,
        ),
    ];
    if let Some((_, flag, why)) = clashes.iter().find(|clash| clash.0) {
        return crate::refuse(format!("--memo and {flag} do not go together: {why}"));
    }
    if args.job.is_some() && !args.search.count {
        return crate::refuse("--job with --memo runs one job of a split count: add --count");
    }
    if args.search.memo.components {
        let one = "a job's options are searched as one problem: count the whole by components";
        let clashes = [
            (split, "--split or --job", one),
            (!args.search.count, "no --count", "it counts only"),
            (args.zdd.is_some(), "--zdd", "it makes no ZDD"),
            (
                args.search.jobs.is_some_and(|n| n != 1),
                "--jobs",
                "it runs on one thread",
            ),
            (
                problem.declares_bounds(),
                "bounds",
                "a problem with bounds is searched by options in and out",
            ),
        ];
        if let Some((_, what, why)) = clashes.iter().find(|clash| clash.0) {
            return crate::refuse(format!("--components and {what} do not go together: {why}"));
        }
    }
    let start = Instant::now();
    // The jobs of a split are dancing links' subtrees: the solutions that have the options on
    // each job's way, which the memoized search counts from there.
    // On one thread unless --jobs says (the threads share one cache).
    let search = args
        .search
        .search(problem, dlx::Engine::Auto, Task::Memo, None, start)
        .threads(args.search.jobs.unwrap_or(1))
        // The ZDD is written, or its solutions listed; a count alone does without it.
        .keep_zdd(args.zdd.is_some() || !args.search.count);
    if let Some(k) = args.split {
        return self::split(
            &search,
            name,
            usize::try_from(k).unwrap_or(usize::MAX),
            args,
            start,
        );
    }
    let (search, job) = read_job(search, name, args.job.as_deref())?;
    // The ZDD's file is created before the search, so a path that cannot be written fails at
    // once.
    let zdd_file = crate::files::Output::create(args.zdd.as_deref().filter(|_| !to_stdout))?;
    let found = search
        .run(|_| ControlFlow::Continue(()))
        .map_err(|e| failure(e, name, job.as_ref()))?;
    let memo = found.memo.expect("the memoized search was asked for");
    let elapsed = start.elapsed();
    let json = args.format == XcFormat::Json;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    match (memo.zdd(), zdd_file) {
        (Some(zdd), Some(file)) => file.write_with(|w| zdd.write(w))?,
        // Created before the search to check it can be written; nothing to keep.
        (None, Some(file)) => file.remove(),
        (Some(zdd), None) if to_stdout => zdd.write(&mut out)?,
        (Some(zdd), None) if !args.search.count => {
            crate::zdd::write_all(zdd, zdd.solutions(), json, &mut out)?;
        }
        _ => {}
    }
    let quiet = to_stdout;
    let tail = (json, args.profile, quiet);
    args.search
        .memo_end(&memo, problem, tail, job.as_ref(), elapsed, &mut out)
}

/// `--best K`: the K cheapest solutions, by Knuth's dlx5 rules, cheapest first.
fn best(
    search: &Search<'_>,
    name: &str,
    k: u64,
    args: &Args,
    format: Format,
    job: Option<&JobLine>,
    start: Instant,
) -> Result<()> {
    let problem = search.problem();
    let found = search
        .run(|_| ControlFlow::Continue(()))
        .map_err(|e| failure(e, name, job))?;
    let outcome = found.outcome();
    let best = found
        .cheapest
        .expect("the cheapest solutions were asked for");
    let mut out = BufWriter::new(io::stdout().lock());
    report::write_cheapest(problem, &best.solutions, format == Format::Json, &mut out)?;
    let costs = best.costs();
    if format == Format::Json {
        let profile = args.profile.then(|| best.stats.profile());
        let summary = Summary::new(&outcome)
            .profile(profile)
            .best(costs.clone(), Some(k))
            .job(job.map(JobLine::to_string));
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    if args.search.stats || args.profile {
        let mut err = io::stderr().lock();
        let profile = args.profile.then(|| best.stats.profile());
        let line = stats(&outcome).colored(true).profile(profile);
        writeln!(err, "{}", line.elapsed(Some(start.elapsed())))?;
        let line = report::text::cheapest(&costs, best.is_complete());
        writeln!(err, "{line}")?;
    }
    args.search.ending_as(
        &outcome,
        "the costs printed are the best found so far, not proved optimal",
    )
}

/// `--split K`: the job lines (with `--best K`, of the search for the K cheapest).
fn split(search: &Search<'_>, name: &str, k: usize, args: &Args, start: Instant) -> Result<()> {
    let fail = |e: SearchError| InputError(format!("{name}: {e}"));
    let lines = search.split(k).map_err(fail)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    if args.search.stats {
        let (total, fingerprint) = (lines.len(), search.fingerprint().map_err(fail)?);
        eprintln!(
            "{} of {name} (fingerprint {fingerprint:016x}); {:.3} s",
            plural(total as u64, "job"),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// `--job LINE`: the search of that job, checked to belong to this problem and engine; the
/// search as it is without one.
fn read_job<'p>(
    search: Search<'p>,
    name: &str,
    line: Option<&str>,
) -> Result<(Search<'p>, Option<JobLine>)> {
    let Some(line) = line else {
        return Ok((search, None));
    };
    let fail = |e: &dyn std::fmt::Display| InputError(format!("--job {}: {e}", quote(line)));
    let job: JobLine = line.parse().map_err(|e| fail(&e))?;
    let search = search.job_line(&job).map_err(|e| match e {
        SearchError::Foreign(e) => fail(&format!(
            "{e} ({name}): split and run jobs of one file with one --engine"
        )),
        e => failure(e, name, Some(&job)),
    })?;
    Ok((search, Some(job)))
}
