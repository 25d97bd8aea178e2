//! What a ZDD file gives (`dlx zdd count|sample|list`), and the writer of a ZDD's solutions that
//! `dlx xc --memo` lists through.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::Result;
use dlx::zdd::Zdd;

use crate::{InputError, Interrupted};
use report::SolutionWriter;
use std::sync::atomic::Ordering;

/// Writes solutions of a ZDD (JSON lines with `json`) until Ctrl-C (looked at every 4096):
/// then what was written is flushed and the command ends with exit status 130.
pub(crate) fn write_all(
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
    #[arg(long, value_enum, default_value_t = crate::search::Format::Text)]
    pub format: crate::search::Format,
}

/// `dlx zdd ...`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: ZddCommand,
}

pub fn run(args: &Args) -> Result<()> {
    let input = match &args.command {
        ZddCommand::Count { input, .. }
        | ZddCommand::Sample { input, .. }
        | ZddCommand::List { input, .. } => input,
    };
    let (name, bytes) = crate::files::read_input(input.file.as_deref())?;
    let zdd = Zdd::read(&bytes[..])
        .map_err(|e| InputError(crate::files::at(&name, e.line, e.column, &e.kind)))?;
    let json = input.format == crate::search::Format::Json;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let at_most = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    match &args.command {
        ZddCommand::Count { by_size, .. } => {
            write!(out, "{}", report::zdd_count_output(&zdd, *by_size, json))?;
        }
        ZddCommand::Sample { number, seed, .. } => {
            let sampled = zdd.sampler(*seed).take(at_most(*number));
            if write_all(&zdd, sampled, json, &mut out)? == 0 {
                out.flush()?;
                eprintln!("dlx: warning: the ZDD has no solution to draw");
            }
        }
        ZddCommand::List { limit, .. } => {
            let listed = zdd.solutions().take(limit.map_or(usize::MAX, at_most));
            write_all(&zdd, listed, json, &mut out)?;
        }
    }
    out.flush()?;
    Ok(())
}
