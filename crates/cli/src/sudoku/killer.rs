//! `dlx sudoku --killer FILE`: killer sudoku, one record per puzzle, in the formats of
//! `dlx sudoku`. The puzzles of a file are cage maps with their sums, separated by blank lines,
//! or JSON (one object, or a list of them).

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;
use sudoku::{Grid, Killer, KillerError, KillerFound, Symbols};

use sudoku::batch::Task as Mode;

use super::OutputFormat;
use crate::{signals, InputError};

/// One puzzle's outcome, as `--format json` writes it.
#[derive(Debug, Serialize)]
struct Record<'a> {
    index: usize,
    file: &'a str,
    line: usize,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cages: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cleansings: Option<u64>,
}

/// The puzzles of a file: each with its first line, read or refused.
fn puzzles(text: &str, allow_disconnected: bool) -> Vec<(usize, Result<Killer, KillerError>)> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        return vec![(1, Killer::parse_json(trimmed, allow_disconnected))];
    }
    if trimmed.starts_with('[') {
        return match serde_json::from_str::<Vec<serde_json::Value>>(trimmed) {
            Ok(list) => list
                .iter()
                .map(|v| (1, Killer::parse_json(&v.to_string(), allow_disconnected)))
                .collect(),
            Err(e) => vec![(
                e.line(),
                Err(KillerError::Syntax {
                    line: e.line(),
                    column: e.column(),
                    message: format!("not JSON: {e}"),
                }),
            )],
        };
    }
    // Blocks of lines separated by blank lines; comment-only blocks are no puzzle.
    let mut out = Vec::new();
    let mut block = String::new();
    let mut start = 0;
    let mut has_content = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            if has_content {
                out.push((start, Killer::parse(&block, start, allow_disconnected)));
            }
            block.clear();
            has_content = false;
            continue;
        }
        if block.is_empty() {
            start = i + 1;
        }
        has_content |= !line.trim_start().starts_with('#');
        block.push_str(line);
        block.push('\n');
    }
    if has_content {
        out.push((start, Killer::parse(&block, start, allow_disconnected)));
    }
    out
}

/// What `dlx sudoku --killer` needs of its flags.
pub struct Settings<'a> {
    pub path: &'a PathBuf,
    pub mode: Mode,
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

/// What a worker found for one puzzle.
struct Searched {
    status: &'static str,
    error: Option<String>,
    found: Option<KillerFound>,
    grids: Vec<Grid>,
    /// A solution that breaks the rules (an internal error, reported by the writer).
    broken: Option<String>,
}

/// Builds and searches one puzzle (or says why it cannot be).
fn search_one(read: &Result<Killer, KillerError>, s: &Settings<'_>) -> Searched {
    let model = read.as_ref().map(|k| (k, k.model()));
    let (killer, model) = match model {
        Err(e) => return Searched::invalid(e.to_string()),
        Ok((_, Err(e))) => return Searched::invalid(e.to_string()),
        Ok((killer, Ok(model))) => (killer, model),
    };
    let mut limits = dlx::Limits::none();
    limits.max_nodes = s.max_nodes;
    limits.deadline = s.timeout.map(|t| Instant::now() + t);
    limits.cancel = Some(signals::stop_flag());
    let (limit, keep) = match s.mode {
        Mode::Solve => (1, 1),
        Mode::Unique | Mode::Rate { .. } => (2, 2),
        Mode::Count(limit) => (limit, 0),
        Mode::All(limit) => (limit, usize::MAX),
        _ => (1, 1),
    };
    let mut found = model.search(limit, keep, limits);
    let broken = found.grids.iter().find_map(|g| killer.check(g).err());
    let limited = matches!(found.stopped, Some(dlx::StopReason::SolutionLimit));
    let status = match found.stopped {
        Some(_) if !limited => "stopped",
        _ if found.count == 0 => "unsolvable",
        _ if matches!(s.mode, Mode::Unique) && found.count > 1 => "multiple",
        _ if matches!(s.mode, Mode::Unique) => "unique",
        _ => "solved",
    };
    let grids = std::mem::take(&mut found.grids);
    Searched {
        status,
        error: None,
        found: Some(found),
        grids,
        broken,
    }
}

impl Searched {
    fn invalid(error: String) -> Searched {
        Searched {
            status: "invalid",
            error: Some(error),
            found: None,
            grids: Vec::new(),
            broken: None,
        }
    }
}

pub fn run(s: &Settings<'_>) -> Result<()> {
    let (name, bytes) = crate::xc::read_input(Some(s.path))?;
    let text = String::from_utf8_lossy(&bytes);
    let list = puzzles(&text, s.allow_disconnected);
    if list.is_empty() {
        return Err(InputError(format!("{name}: no killer sudoku in the file")).into());
    }
    if s.emit_xcc {
        let [(_, read)] = &list[..] else {
            let n = list.len();
            return Err(InputError(format!(
                "{name}: --emit-xcc writes one problem, and the file holds {n} puzzles"
            ))
            .into());
        };
        let model = read
            .as_ref()
            .map_err(|e| InputError(format!("{name}: {e}")))?
            .model()
            .map_err(|e| InputError(format!("{name}: {e}")))?;
        let mut out = BufWriter::new(io::stdout().lock());
        dlx::text::write_problem(model.problem(), &mut out).context("writing the problem")?;
        out.flush()?;
        return Ok(());
    }
    // Open the drawing first: a path that cannot be written fails before the search.
    let mut svg = match s.svg {
        Some(path) => Some((
            path,
            std::fs::File::create(path)
                .map_err(|e| InputError(format!("cannot write {}: {e}", path.display())))?,
        )),
        None => None,
    };
    let start = Instant::now();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (mut stopped, mut invalid, mut nodes) = (0u64, 0u64, 0u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs)
        .build()
        .context("starting the worker threads")?;
    // Puzzles are searched a chunk at a time on every worker and written in input order.
    const CHUNK: usize = 256;
    for (c, chunk) in list.chunks(CHUNK).enumerate() {
        let results: Vec<Searched> = pool.install(|| {
            chunk
                .par_iter()
                .map(|(_, read)| search_one(read, s))
                .collect()
        });
        for (j, ((line, read), searched)) in chunk.iter().zip(results).enumerate() {
            let k = c * CHUNK + j;
            let mut record = Record {
                index: k + 1,
                file: &name,
                line: *line,
                status: searched.status,
                error: searched.error,
                solution: None,
                solutions: None,
                count: None,
                complete: None,
                cages: None,
                nodes: None,
                updates: None,
                cleansings: None,
            };
            let grids = searched.grids;
            let killer_ref = read.as_ref().ok();
            match (&searched.found, killer_ref) {
                (Some(found), Some(killer)) => {
                    if found.stopped == Some(dlx::StopReason::Cancelled) {
                        out.flush()?;
                        return Err(crate::Interrupted(None).into());
                    }
                    if let Some(why) = &searched.broken {
                        anyhow::bail!("internal error: a solution breaks the rules: {why}");
                    }
                    nodes += found.nodes;
                    stopped += u64::from(record.status == "stopped");
                    record.cages = Some(killer.cages().len());
                    record.nodes = Some(found.nodes);
                    record.updates = Some(found.updates);
                    record.cleansings = Some(found.cleansings);
                    record.count = Some(found.count);
                    record.complete = Some(found.complete);
                    if let Some((path, mut file)) = svg.take() {
                        let drawing = killer.to_svg(grids.first(), s.symbols);
                        file.write_all(drawing.as_bytes())
                            .with_context(|| format!("writing {}", path.display()))?;
                    }
                }
                _ => invalid += 1,
            }
            let lines: Vec<String> = grids
                .iter()
                .map(|g| sudoku::to_line(g, s.symbols))
                .collect();
            if s.format == OutputFormat::Json {
                record.solution = lines.first().cloned();
                if matches!(s.mode, Mode::All(_)) {
                    record.solutions = Some(lines);
                }
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
                continue;
            }
            if k > 0 && matches!(s.format, OutputFormat::Grid | OutputFormat::Pretty) {
                writeln!(out)?;
            }
            let more = if record.complete == Some(false) {
                "+"
            } else {
                ""
            };
            match (record.status, &s.mode) {
                ("invalid", _) => writeln!(
                    out,
                    "# invalid ({}:{}): {}",
                    record.file,
                    record.line,
                    record.error.as_deref().unwrap_or("")
                )?,
                ("stopped", _) => writeln!(
                    out,
                    "# stopped: the limit was reached after {}",
                    crate::plural(record.nodes.unwrap_or(0), "node")
                )?,
                (_, Mode::Count(_)) => writeln!(out, "{}{more}", record.count.unwrap_or(0))?,
                ("unsolvable", _) => writeln!(out, "# unsolvable: no solution")?,
                ("multiple", _) => writeln!(out, "# multiple: more than one solution")?,
                _ => {
                    let killer = killer_ref.expect("a solved puzzle was read");
                    if let Mode::All(_) = s.mode {
                        let count = record.count.unwrap_or(0);
                        writeln!(
                            out,
                            "# puzzle {} ({}:{}): {count}{more} solution{}",
                            record.index,
                            record.file,
                            record.line,
                            if count == 1 && more.is_empty() {
                                ""
                            } else {
                                "s"
                            }
                        )?;
                    }
                    for (j, grid) in grids.iter().enumerate() {
                        match s.format {
                            OutputFormat::Line => writeln!(out, "{}", lines[j])?,
                            OutputFormat::Grid => {
                                if j > 0 {
                                    writeln!(out)?;
                                }
                                write!(out, "{}", sudoku::to_grid(grid, s.symbols))?;
                            }
                            OutputFormat::Pretty => {
                                if j > 0 {
                                    writeln!(out)?;
                                }
                                write!(out, "{}", killer.to_pretty(Some(grid), s.symbols))?;
                            }
                            OutputFormat::Leetcode => {
                                writeln!(out, "{}", sudoku::to_leetcode(grid, s.symbols))?
                            }
                            OutputFormat::Json => unreachable!("written above"),
                        }
                    }
                }
            }
        }
    }
    out.flush()?;
    if let Some((path, _)) = svg {
        // Opened before the search to check it can be written; no puzzle could be read.
        let _ = std::fs::remove_file(path);
        eprintln!(
            "dlx: warning: no puzzle could be read to draw; {} not written",
            path.display()
        );
    }
    if s.stats {
        eprintln!(
            "{}: {} invalid, {} stopped; {} in {:.3} s",
            crate::plural(list.len() as u64, "killer sudoku"),
            invalid,
            stopped,
            crate::plural(nodes, "node"),
            start.elapsed().as_secs_f64()
        );
    }
    if stopped > 0 {
        return Err(super::stopped_records(
            stopped,
            list.len() as u64,
            s.max_nodes,
            s.timeout,
        ));
    }
    Ok(())
}
