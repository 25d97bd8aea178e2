//! `dlx sudoku --killer FILE`: killer sudoku, one record per puzzle, in the formats of
//! `dlx sudoku`, through the same pipeline: the library reads the file a puzzle at a time (cage
//! maps with their sums, separated by blank lines, or JSON), workers search, this thread writes
//! in input order.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use sudoku::batch::{self, Problem, Task};
use sudoku::pipeline::Pipeline;
use sudoku::read::{KillerEntry, KillerReader};
use sudoku::{Grid, KillerError, Symbols};

use super::flags::{OutputFormat, ProgressMode};
use super::output::{report, Writer, WriterSettings};
use super::render::{write_record, About, Done, Render};
use crate::files::Source;
use crate::{signals, InputError};

/// What `dlx sudoku --killer` needs of its flags.
pub struct Settings<'a> {
    pub path: &'a PathBuf,
    pub mode: Task,
    pub symbols: Symbols,
    pub format: OutputFormat,
    pub allow_disconnected: bool,
    pub svg: Option<&'a PathBuf>,
    pub emit_xcc: bool,
    pub max_nodes: Option<u64>,
    pub timeout: Option<std::time::Duration>,
    pub stats: bool,
    /// Worker threads.
    pub jobs: usize,
}

/// The most puzzles in a chunk of work.
const CHUNK: usize = 64;

/// A run of consecutive puzzles, and the record index of the first (from 1).
struct Chunk {
    first_index: u64,
    entries: Vec<KillerEntry>,
}

pub fn run(s: &Settings<'_>) -> Result<()> {
    let source = Source::open(Some(s.path))?;
    let name = Arc::clone(&source.name);
    if s.emit_xcc {
        return emit_xcc(source, s);
    }
    // Open the drawing first: a path that cannot be written fails before the search.
    let mut svg = match s.svg {
        Some(path) => Some((path, crate::files::create_output(path)?)),
        None => None,
    };
    let start = Instant::now();
    let signals = signals::signals();
    let settings = batch::Settings::new(s.mode)
        .symbols(Some(s.symbols))
        .max_nodes(s.max_nodes)
        .timeout(s.timeout)
        .cancel(Some(Arc::clone(&signals.stop)));
    let rules = batch::Rules::default();
    let mut reader = KillerReader::new(source.reader, s.allow_disconnected);
    let mut next = 1u64;
    let chunks = std::iter::from_fn(move || {
        let mut entries = Vec::with_capacity(CHUNK);
        for entry in reader.by_ref().take(CHUNK) {
            match entry {
                Ok(entry) => entries.push(entry),
                Err(e) => return Some(Err(e.to_string())),
            }
        }
        let chunk = Chunk {
            first_index: next,
            entries,
        };
        next += chunk.entries.len() as u64;
        (!chunk.entries.is_empty()).then_some(Ok(chunk))
    });
    let render = Render {
        names: vec![Arc::clone(&name)],
        format: Some(s.format),
        max_nodes: s.max_nodes,
        timeout: s.timeout,
    };
    let draw = svg.is_some();
    let work = |solver: &mut batch::Solver<'_>, chunk: Chunk| {
        solve_chunk(solver, &chunk, s, &render, draw)
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let writer_settings = WriterSettings {
        show: None,
        progress: ProgressMode::Off,
        total_bytes: None,
        stdout_tty: false,
    };
    let mut writer = Writer::new(&mut out, writer_settings, start);
    let ended = Pipeline::new()
        .threads(s.jobs)
        .stop_flag(Arc::clone(&signals.stop))
        .thread_name("dlx-killer")
        .run(
            chunks,
            || batch::Solver::new(&settings, &rules),
            work,
            &mut writer,
        );
    if let Some(e) = writer.failed.take() {
        return Err(e.into());
    }
    writer.finish(start)?;
    let drawing = writer.drawing.take();
    let broken = writer.broken.take();
    let mut summary = writer.summary;
    summary.interrupted |= signals
        .interrupted
        .load(std::sync::atomic::Ordering::Relaxed);
    ended.map_err(|e| InputError(format!("{name}: {e}")))?;
    if let Some(why) = broken {
        anyhow::bail!("internal error: a solution breaks the rules: {why}");
    }
    if let Some((path, mut file)) = svg.take() {
        match drawing {
            Some(drawing) => file
                .write_all(drawing.as_bytes())
                .with_context(|| format!("writing {}", path.display()))?,
            None => {
                // Opened before the search to check it can be written; no puzzle could be read.
                drop(file);
                let _ = std::fs::remove_file(path);
                eprintln!(
                    "dlx: warning: no puzzle could be read to draw; {} not written",
                    path.display()
                );
            }
        }
    }
    let json = s.format == OutputFormat::Json;
    report(
        &summary,
        &name,
        json,
        s.stats,
        &mut out,
        s.max_nodes,
        s.timeout,
    )
}

/// `--emit-xcc`: the problem of the file's one puzzle, in Knuth's format.
fn emit_xcc(source: Source, s: &Settings<'_>) -> Result<()> {
    let name = source.name.to_string();
    let list: Vec<KillerEntry> = KillerReader::new(source.reader, s.allow_disconnected)
        .collect::<io::Result<_>>()
        .map_err(|e| InputError(format!("{name}: {e}")))?;
    let [entry] = &list[..] else {
        if list.is_empty() {
            return Err(InputError(format!("{name}: no killer sudoku in the file")).into());
        }
        let n = list.len();
        return Err(InputError(format!(
            "{name}: --emit-xcc writes one problem, and the file holds {n} puzzles"
        ))
        .into());
    };
    let model = entry
        .killer
        .clone()
        .and_then(|k| k.model())
        .map_err(|e| InputError(describe(&Problem::Killer(e), &name, entry)))?;
    let mut out = BufWriter::new(io::stdout().lock());
    dlx::text::write_problem(model.problem(), &mut out).context("writing the problem")?;
    out.flush()?;
    Ok(())
}

/// Searches a chunk and writes its records; the drawing of its first puzzle that was read, if
/// asked for.
fn solve_chunk(
    solver: &mut batch::Solver<'_>,
    chunk: &Chunk,
    s: &Settings<'_>,
    render: &Render,
    draw: bool,
) -> Done {
    let mut done = Done {
        out: Vec::with_capacity(chunk.entries.len() * 100),
        ends: Vec::with_capacity(chunk.entries.len()),
        tallies: Vec::with_capacity(chunk.entries.len()),
        interrupted: false,
        bytes_end: 0,
        drawing: None,
        broken: None,
    };
    let name = &render.names[0];
    for (k, entry) in chunk.entries.iter().enumerate() {
        let record = solver.solve_killer(entry, chunk.first_index + k as u64);
        let killer = entry
            .killer
            .as_ref()
            .ok()
            .filter(|_| record.nodes.is_some());
        if let Some(killer) = killer {
            if done.broken.is_none() {
                done.broken = record
                    .grids
                    .iter()
                    .find_map(|g| killer.check(g).err())
                    .map(|e| e.to_string());
            }
            if draw && done.drawing.is_none() {
                done.drawing = Some(killer.to_svg(record.grids.first(), s.symbols));
            }
        }
        let pretty = |grid: &Grid| match killer {
            Some(killer) => killer.to_pretty(Some(grid), s.symbols),
            None => sudoku::to_pretty(grid, s.symbols),
        };
        let about = About {
            name,
            line: entry.line,
            input: None,
            title: None,
            columns: &[],
            format: s.format,
            error: record.problem.as_ref().map(|p| describe(p, name, entry)),
            pretty: &pretty,
        };
        // Writing to a Vec cannot fail.
        let _ = write_record(&mut done.out, &record, &about, render, s.mode);
        done.tallies.push(record.tally());
        done.ends.push(done.out.len());
        if record.cancelled() {
            done.interrupted = true;
            break;
        }
    }
    done
}

/// Why a killer sudoku is invalid: `FILE:LINE:COLUMN: ...` where the reader says where.
fn describe(problem: &Problem, name: &str, entry: &KillerEntry) -> String {
    match problem {
        Problem::Killer(KillerError::Syntax {
            line,
            column,
            message,
        }) => format!("{name}:{line}:{column}: {message}"),
        problem => format!("{name}:{}: {problem}", entry.line),
    }
}
