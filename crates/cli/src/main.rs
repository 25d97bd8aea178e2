//! `dlx`: exact cover from the command line. Glue only: flags in, library calls, text out.

mod bench;
mod check;
mod demo;
mod files;
mod merge;
mod pre;
mod puzzles;
mod search;
mod signals;
mod sudoku;
mod values;
mod xc;
mod zdd;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Exact cover with Dancing Links (Knuth's Algorithm X).
///
/// With no subcommand, solves the bundled sample of sudoku puzzles, shows a few and summarises.
#[derive(Debug, Parser)]
#[command(name = "dlx", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact-cover problem in Knuth's text format (the input of dlx1; with colors,
    /// `X:1`, of dlx2; with bounds, `2:3|A`, of dlx3).
    Xc(xc::Args),
    /// What a ZDD file (`dlx xc FILE --zdd OUT`, or Knuth's dlx6) gives: the count, uniform
    /// random solutions, every solution.
    Zdd(zdd::Args),
    /// Add up the summaries of the jobs of a split search (`dlx xc FILE --split K`, each job
    /// run with `--count --format json --job LINE`): the totals of the whole search, checked.
    Merge(merge::Args),
    /// Knuth's preprocessor (dlx-pre): the problem without the options that can never be used
    /// and the items that are forced, with the same solutions; for `dlx xc --preprocess`.
    Pre(pre::Args),
    /// Solve, count or check sudoku puzzles (4x4 to 64x64, variants), one record per puzzle.
    Sudoku(Box<sudoku::Args>),
    /// N-queens: count, list or draw the ways to place n queens that do not attack each other.
    Queens(puzzles::QueensArgs),
    /// Polyomino tilings: pentominoes on 6x10 by default; any board, any pieces.
    Polyomino(puzzles::PolyominoArgs),
    /// Langford pairs L(2, n): 1..n twice each, with k numbers between the two k's.
    Langford(puzzles::LangfordArgs),
    /// Word rectangles (--size MxN) and crossword fill (--grid FILE) from a word list.
    Words(puzzles::WordsArgs),
    /// Compare the classic sudoku methods with Dancing Links: speed and nodes per puzzle.
    Bench(bench::Args),
    /// Count every bundled exact-cover instance and check the figures against Knuth's dlx1, dlx2,
    /// dlx3, dlx5, dlx6, ssxcc, ssmcc, ssmcc-wtd and ssmcc-frb.
    Check,
}

/// An error the user caused (bad input, unreadable file): reported, exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// Refuses the command with an [`InputError`] (exit status 2) saying why.
pub(crate) fn refuse<T>(why: impl Into<String>) -> anyhow::Result<T> {
    Err(InputError(why.into()).into())
}

/// A limit on effort (`--max-nodes`, `--timeout`) stopped a search before it finished: what was
/// found is written, marked incomplete; the message says what stopped it. Exit status 3.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Stopped(pub String);

/// Ctrl-C ended the command: what it had finished is written (and its partial figures, when
/// the message is not already on stderr). Exit status 130.
#[derive(Debug, thiserror::Error)]
#[error("{}", .0.as_deref().unwrap_or("interrupted"))]
pub struct Interrupted(pub Option<String>);

/// Exit status: bad usage, or input that cannot be read.
const EXIT_INPUT: u8 = 2;
/// Exit status: a search stopped by `--max-nodes` or `--timeout`; its figures are lower bounds.
const EXIT_STOPPED: u8 = 3;
/// Exit status: Ctrl-C.
const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // The Ctrl-C handler goes in before any output: a signal that comes after the first line
    // must find it (every command then stops at its next check and says what it had).
    signals::signals();
    let result = match cli.command {
        None => demo::run(),
        Some(Command::Xc(args)) => xc::run(&args),
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Pre(args)) => pre::run(&args),
        Some(Command::Zdd(args)) => zdd::run(&args),
        Some(Command::Sudoku(args)) => sudoku::run(&args),
        Some(Command::Check) => check::run(),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Queens(args)) => puzzles::queens(&args),
        Some(Command::Polyomino(args)) => puzzles::polyomino(&args),
        Some(Command::Langford(args)) => puzzles::langford(&args),
        Some(Command::Words(args)) => puzzles::words(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let (prefix, code) = if err.is::<Stopped>() {
                ("stopped: ", EXIT_STOPPED)
            } else if err.is::<Interrupted>() {
                ("interrupted: ", EXIT_INTERRUPTED)
            } else {
                ("error: ", EXIT_INPUT)
            };
            // Ctrl-C's message may already be on standard error (with the partial figures).
            if !matches!(err.downcast_ref(), Some(Interrupted(None))) {
                eprintln!("dlx: {prefix}{err:#}");
            }
            ExitCode::from(code)
        }
    }
}

/// Parses the command line; usage errors get the prefix every other error has (`dlx: error:`).
fn parse_args() -> Result<Cli, ExitCode> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `dlx help --help` asks for help about help: the top-level help says it.
    if args.get(1).is_some_and(|a| a == "help")
        && args[2..].iter().any(|a| a == "--help" || a == "-h")
    {
        args.truncate(1);
        args.push("--help".into());
    }
    let command = Cli::command().long_version(long_version());
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    parsed.map_err(|e| {
        use clap::error::ErrorKind;
        match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                let _ = e.print();
                ExitCode::SUCCESS
            }
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = e.print();
                ExitCode::from(EXIT_INPUT)
            }
            _ => {
                let text = e.render().to_string();
                let text = text.strip_prefix("error: ").unwrap_or(&text);
                eprint!("dlx: error: {text}");
                ExitCode::from(EXIT_INPUT)
            }
        }
    })
}
/// What `dlx --version` says: the version, and which forms of the engine's inner loops this
/// machine runs (as ripgrep's says which SIMD it found), so that a figure or a time can be
/// traced to the path that gave it.
fn long_version() -> &'static str {
    let loops = dlx::search_loops();
    let dense = dlx::dense_loops();
    let text = format!(
        "{}\nsearch loops: {loops}\ndense plain problems: {dense}\nsudoku's SAT solver: {}",
        env!("CARGO_PKG_VERSION"),
        ::sudoku::SAT_SOLVER
    );
    // Made once, for the one parse of the command line.
    Box::leak(text.into_boxed_str())
}

/// `1 solution`, `2 solutions`: a count and its noun, singular or plural.
pub(crate) use report::text::plural;

/// At most 40 characters of a token a message quotes ([`report::text::quote`]).
pub(crate) use report::text::quote;

/// Output to a closed pipe (`dlx xc ... | head`) is a normal way to stop, not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
