//! `dlx sudoku --killer FILE`: killer sudoku, one record per puzzle, in the formats of
//! `dlx sudoku`, through the same pipeline: the library reads the file a puzzle at a time (cage
//! maps with their sums, separated by blank lines, or JSON), workers search, this thread writes
//! in input order.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use sudoku::batch::Task;
use sudoku::print::Inputs;
use sudoku::read::KillerReader;
use sudoku::{Strategy, Variant};

use super::flags::{BatchArgs, OutputFormat};
use super::output::report;
use super::run::run_batch;
use crate::files::Source;
use crate::InputError;

/// The flags of killer sudoku.
#[derive(Debug, clap::Args)]
pub struct KillerArgs {
    /// Killer sudoku from FILE: cage maps (a letter or digit per cell, `.` for none), each
    /// followed by LABEL=SUM lines, puzzles separated by blank lines; or JSON.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["files", "diagonals", "hyper", "regions", "box_shape", "input", "column", "solution_column", "verify"])]
    pub killer: Option<PathBuf>,
    /// With --killer: accept cages whose cells do not all touch.
    #[arg(long, requires = "killer")]
    pub allow_disconnected: bool,
    /// With --killer: draw the first puzzle and its solution into an SVG file.
    #[arg(long, value_name = "FILE", requires = "killer")]
    pub svg: Option<PathBuf>,
    /// With --killer: print the puzzle's exact cover problem with colors (Knuth's dlx2 format:
    /// cages and the sudoku constraints primary, each caged cell's digit a colored secondary
    /// item) instead of solving it; the file must hold one puzzle.
    #[arg(long, requires = "killer")]
    pub emit_xcc: bool,
}

/// `dlx sudoku --killer PATH`, doing `mode`, with the batch's flags, the format and --stats:
/// the batch of plain puzzles, with killer sudokus as its input.
pub fn run(
    path: &Path,
    mode: Task,
    s: &KillerArgs,
    (batch, format, stats): (&BatchArgs, Option<OutputFormat>, bool),
) -> Result<()> {
    // Killer sudoku is solved by dancing links with colors (Knuth's model): the other ways of
    // --solver take only the plain grid's rules, so they are refused rather than passed over.
    if !matches!(batch.solver, Strategy::Auto | Strategy::Dlx) {
        return crate::refuse(format!(
            "--killer solves by dancing links (cages as colors): --solver {} does not take \
             killer sudoku; leave it out or give --solver dlx",
            batch.solver
        ));
    }
    let source = crate::files::open(Some(path))?;
    let name = Arc::clone(&source.name);
    if s.emit_xcc {
        return emit_xcc(source, s.allow_disconnected);
    }
    // Open the drawing first: a path that cannot be written fails before the search.
    let svg = crate::files::Output::create(s.svg.as_deref())?;
    let format = format.unwrap_or(OutputFormat::Line);
    let plan = batch.batch(mode, Variant::default(), Some(format), false);
    let inputs = Inputs::Killer {
        input: source,
        allow_disconnected: s.allow_disconnected,
        draw: svg.is_some(),
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let ran = run_batch(inputs, &plan, &mut out)?;
    if let Some(why) = ran.broken {
        anyhow::bail!("internal error: a solution breaks the rules: {why}");
    }
    match (svg, ran.drawing) {
        (Some(file), Some(drawing)) => file.write(&drawing)?,
        (Some(file), None) => file.discard("no puzzle could be read to draw"),
        (None, _) => {}
    }
    report(&ran.summary, &name, &plan, stats, &mut out)
}

/// `--emit-xcc`: the problem of the file's one puzzle, in Knuth's format.
fn emit_xcc(source: Source, allow_disconnected: bool) -> Result<()> {
    let reader = KillerReader::new(source.reader, allow_disconnected);
    let model = reader.only_model(&source.name).map_err(InputError)?;
    let mut out = BufWriter::new(io::stdout().lock());
    dlx::text::write_problem(model.problem(), &mut out).context("writing the problem")?;
    out.flush()?;
    Ok(())
}
