//! The memoized search of `dlx xc --memo` and `--zdd OUT`, and what a ZDD file gives (`dlx zdd
//! count|sample|list`).

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use dlx::zdd::Zdd;
use dlx::Problem;

use crate::{InputError, Interrupted};
use dlx::report::text::{memo_count, MemoStats, Profile};
use dlx::report::SolutionWriter;
use std::sync::atomic::Ordering;

/// `dlx xc FILE --memo` (with `--count`, `--zdd OUT`, or neither: every solution from the
/// ZDD), after the checks of the flags that do not go with it.
pub fn xc(problem: &Problem, name: &str, args: &crate::xc::Args) -> Result<()> {
    let refuse = |flag: &str, why: &str| -> Result<()> {
        crate::refuse(format!("--memo and {flag} do not go together: {why}"))
    };
    if args.search.limit.is_some() {
        return refuse(
            "--limit",
            "the memoized search finds solutions in groups; use --max-nodes or --timeout",
        );
    }
    if args.search.jobs.is_some_and(|j| j != 1) {
        return refuse("--jobs", "the memoized search runs on one thread");
    }
    if args.search.ordered || args.job.is_some() || args.best.is_some() {
        return refuse(
            "--ordered, --job or --best",
            "it counts and lists every solution",
        );
    }
    let to_stdout = args.zdd.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout && args.search.count {
        return refuse(
            "--count with --zdd -",
            "both would be written on standard output",
        );
    }
    // The ZDD's file is created before the search, so a path that cannot be written fails at
    // once.
    let zdd_file = crate::files::Output::create(args.zdd.as_deref().filter(|_| !to_stdout))?;
    let start = Instant::now();
    let memo = args.search.memo(problem, name)?;
    let elapsed = start.elapsed();
    let json = args.format == crate::xc::XcFormat::Json;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    match (memo.zdd(), zdd_file) {
        (Some(zdd), Some(file)) => file.write_with(|w| zdd.write(w))?,
        // Created before the search to check it can be written; nothing to keep.
        (None, Some(file)) => file.remove(),
        (Some(zdd), None) if to_stdout => zdd.write(&mut out)?,
        (Some(zdd), None) if !args.search.count => {
            write_all(zdd, zdd.solutions(), json, &mut out)?;
        }
        _ => {}
    }
    if !to_stdout {
        if json {
            writeln!(out, "{}", dlx::report::memo_summary(&memo, args.profile))?;
        } else if args.search.count {
            writeln!(out, "{}", memo_count(&memo))?;
        }
    }
    out.flush()?;
    if args.search.stats || args.profile {
        let mut err = io::stderr().lock();
        let (names, colored) = (crate::search::FLAGS, problem.has_colors());
        writeln!(
            err,
            "{}",
            MemoStats {
                memo: &memo,
                names,
                colored,
                elapsed
            }
        )?;
        if args.profile {
            writeln!(err, "{}", Profile(&memo.stats.profile))?;
        }
    }
    args.search.memo_ending(&memo)
}

/// Writes solutions of a ZDD (JSON lines with `json`) until Ctrl-C (looked at every 4096):
/// then what was written is flushed and the command ends with exit status 130.
fn write_all(
    zdd: &Zdd,
    solutions: impl Iterator<Item = Vec<u32>>,
    json: bool,
    out: &mut impl Write,
) -> Result<u64> {
    let mut writer = SolutionWriter::new(json);
    for solution in solutions {
        writer.write_zdd(zdd, &solution, out)?;
        if writer.written % 4096 == 0 && crate::signals::stop_flag().load(Ordering::Relaxed) {
            out.flush()?;
            let written = writer.written;
            return Err(Interrupted(Some(format!("after {written} solutions"))).into());
        }
    }
    Ok(writer.written)
}

/// What to do with a ZDD file.
#[derive(Debug, clap::Subcommand)]
pub enum ZddCommand {
    /// The number of solutions, exact at any size (with --by-size, how many of each size).
    Count {
        #[command(flatten)]
        input: ZddInput,
        /// Print how many solutions have each number of options (Knuth's zddread-gf), a line
        /// `SIZE COUNT` each.
        #[arg(long)]
        by_size: bool,
    },
    /// Uniform random solutions, printed as `dlx xc` prints solutions: each equally likely,
    /// the same ones for the same --seed.
    Sample {
        #[command(flatten)]
        input: ZddInput,
        /// How many solutions to draw.
        #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
              value_parser = crate::values::count, allow_negative_numbers = true)]
        number: u64,
        /// The seed of the random choices.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
    /// Every solution, in the order the search found them.
    List {
        #[command(flatten)]
        input: ZddInput,
        /// Stop after N solutions.
        #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
        limit: Option<u64>,
    },
}

/// The ZDD file and the output format.
#[derive(Debug, clap::Args)]
pub struct ZddInput {
    /// The ZDD file (as `dlx xc --zdd` or Knuth's dlx6 writes it); `-` or nothing reads
    /// standard input.
    pub file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = crate::xc::Format::Text)]
    pub format: crate::xc::Format,
}

/// `dlx zdd ...`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ZddCommand,
}

fn read(input: &ZddInput) -> Result<Zdd> {
    let (name, bytes) = crate::files::read_input(input.file.as_deref())?;
    Zdd::read(&bytes[..])
        .map_err(|e| InputError(crate::files::at(&name, e.line, e.column, &e.kind)).into())
}

pub fn run(args: &Args) -> Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match &args.command {
        ZddCommand::Count { input, by_size } => {
            let zdd = read(input)?;
            let json = input.format == crate::xc::Format::Json;
            if json {
                writeln!(out, "{}", dlx::report::zdd_count(&zdd, *by_size))?;
            } else if *by_size {
                let sizes = zdd.count_by_size();
                for (k, c) in sizes.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                    writeln!(out, "{k} {c}")?;
                }
            } else {
                writeln!(out, "{}", zdd.count())?;
            }
        }
        ZddCommand::Sample {
            input,
            number,
            seed,
        } => {
            let zdd = read(input)?;
            let json = input.format == crate::xc::Format::Json;
            let take = usize::try_from(*number).unwrap_or(usize::MAX);
            let drawn = write_all(&zdd, zdd.sampler(*seed).take(take), json, &mut out)?;
            if drawn == 0 {
                out.flush()?;
                eprintln!("dlx: warning: the ZDD has no solution to draw");
            }
        }
        ZddCommand::List { input, limit } => {
            let zdd = read(input)?;
            let json = input.format == crate::xc::Format::Json;
            let take = limit.map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
            write_all(&zdd, zdd.solutions().take(take), json, &mut out)?;
        }
    }
    out.flush()?;
    Ok(())
}
