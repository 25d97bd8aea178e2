//! `dlx`: exact cover from the command line. Glue only: flags in, library calls, text out.

mod bench;
mod check;
mod demo;
mod puzzles;
mod sudoku;
mod xc;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Solve an exact-cover problem written in Knuth's text format (the input of dlx1).
    Xc(xc::Args),
    /// Solve, count or check sudoku puzzles (4x4 to 35x35, variants), one record per puzzle.
    Sudoku(sudoku::Args),
    /// N-queens: count, list or draw the ways to place n queens that do not attack each other.
    Queens(puzzles::QueensArgs),
    /// Polyomino tilings: pentominoes on 6x10 by default; any board, any pieces.
    Polyomino(puzzles::PolyominoArgs),
    /// Langford pairs L(2, n): 1..n twice each, with k numbers between the two k's.
    Langford(puzzles::LangfordArgs),
    /// Compare the classic sudoku methods with Dancing Links: speed and nodes per puzzle.
    Bench(bench::Args),
    /// Count every bundled exact-cover instance and check the figures against Knuth's dlx1.
    Check,
}

/// An error the user caused (bad input, unreadable file): reported, exit status 2.
#[derive(Debug)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => demo::run(),
        Some(Command::Xc(args)) => xc::run(&args),
        Some(Command::Sudoku(args)) => sudoku::run(&args),
        Some(Command::Check) => check::run(),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Queens(args)) => puzzles::queens(&args),
        Some(Command::Polyomino(args)) => puzzles::polyomino(&args),
        Some(Command::Langford(args)) => puzzles::langford(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        // Ctrl-C: the records and the summary so far are written already.
        Err(err) if err.is::<sudoku::Interrupted>() => ExitCode::from(130),
        Err(err) => {
            if let Some(input) = err.downcast_ref::<InputError>() {
                eprintln!("dlx: error: {input}");
            } else {
                eprintln!("dlx: error: {err:#}");
            }
            ExitCode::from(2)
        }
    }
}

/// Output to a closed pipe (`dlx xc ... | head`) is a normal way to stop, not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
