//! Running a batch of `dlx sudoku` or `dlx sudoku rate`: the inputs read a chunk at a time,
//! solved by the workers, whose records are written in input order (the library's pipeline).

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anyhow::Result;
use sudoku::batch;
use sudoku::pipeline::Pipeline;
use sudoku::read::{InputFormat, ReadError, ReadSettings, Reader, Which};

use super::flags::Batch;
use super::output;
use super::render;
use crate::files::Source;
use crate::InputError;
use sudoku::batch::Summary;
use sudoku::print::{self, Chunk, Printer};

/// The most puzzles in a chunk of work.
const CHUNK: usize = 256;

/// The chunks of every input in turn, numbered across the inputs and their bytes counted from
/// the first; an input that fails says which.
fn chunks(
    sources: Vec<Source>,
    settings: ReadSettings,
) -> impl Iterator<Item = Result<Chunk, String>> {
    let mut bytes_before = 0u64;
    sources
        .into_iter()
        .enumerate()
        .flat_map(move |(file, source)| {
            let (name, base) = (Arc::clone(&source.name), bytes_before);
            bytes_before += source.len.unwrap_or(0);
            // `--column` and `--solution-column` speak of CSV: said once per input read
            // otherwise, rather than passed over in silence.
            let mut warn = settings.column.is_some() || settings.solution_column.is_some();
            let reader = Reader::new(source.reader, settings.clone());
            print::chunks(reader, file, CHUNK).map(move |chunk| {
                let chunk = chunk.map_err(|e| read_error(&name, e))?;
                if let Some(entry) = chunk.entries.first().filter(|_| warn) {
                    warn = false;
                    if entry.read_as.format != InputFormat::Csv {
                        eprintln!(
                            "dlx: warning: {name}: --column and --solution-column are for CSV \
                             input, and this input is not read as CSV ({}): they are not used",
                            render::read_as(entry.read_as)
                        );
                    }
                }
                Ok(Chunk {
                    bytes_end: base + chunk.bytes_end,
                    ..chunk
                })
            })
        })
        // Records are numbered across the inputs.
        .scan(1u64, |next, chunk| {
            Some(chunk.map(|chunk| {
                let first_index = *next;
                *next += chunk.entries.len() as u64;
                Chunk {
                    first_index,
                    ..chunk
                }
            }))
        })
}

/// A failure reading an input, in this command line's words.
fn read_error(name: &str, e: ReadError) -> String {
    match e {
        ReadError::NoSuchColumn {
            which,
            name: column,
            header,
        } => {
            let flag = match which {
                Which::Puzzle => "--column",
                _ => "--solution-column",
            };
            match header {
                None => format!(
                    "{name}: {flag} `{column}`: the file has no header line naming its columns; \
                     give the column's number instead"
                ),
                Some(h) => format!(
                    "{name}: {flag} `{column}`: no such column in the header ({})",
                    h.join(", ")
                ),
            }
        }
        e => format!("{name}: {e}"),
    }
}

/// Runs a batch: a reader thread cuts the input into chunks, `jobs` workers solve them and
/// write their records, and this thread writes them in input order (the library's pipeline).
pub fn run_batch(sources: Vec<Source>, batch: &Batch, out: &mut impl Write) -> Result<Summary> {
    let start = std::time::Instant::now();
    let jobs = batch.jobs.max(1);
    let total_bytes = sources
        .iter()
        .map(|s| s.len)
        .try_fold(0u64, |acc, len| len.map(|l| acc + l));
    let signals = crate::signals::signals();
    let idle = Arc::new(AtomicUsize::new(0));
    let settings = batch::Settings::new(batch.mode)
        .symbols(batch.symbols)
        .box_shape(batch.box_shape)
        .verify(batch.verify)
        .max_nodes(batch.max_nodes)
        .timeout(batch.timeout)
        .strategy(batch.strategy)
        .cancel(Some(Arc::clone(&signals.stop)))
        .idle((jobs > 1).then(|| Arc::clone(&idle)));
    let rules = batch::Rules::new(batch.variant.clone());
    let printer = Printer::new(sources.iter().map(|s| Arc::clone(&s.name)).collect())
        .format(batch.format.map(Into::into))
        .limits(batch.max_nodes, batch.timeout)
        .describe(render::describe);
    let read_settings = ReadSettings::default()
        .input(batch.input.into())
        .box_shape(batch.box_shape)
        .column(batch.column.clone())
        .solution_column(batch.solution_column.clone());
    let mut out = output::AroundBar {
        out,
        progress: output::Progress::new(batch.progress, total_bytes, start),
        tty: io::IsTerminal::is_terminal(&io::stdout()),
    };
    let mut writer = output::writer(&mut out, batch.show);
    let task = batch.mode;
    let ended = Pipeline::new()
        .threads(jobs)
        .stop_flag(Arc::clone(&signals.stop))
        .idle_counter(Some(idle))
        .thread_name("dlx-sudoku")
        .run(
            chunks(sources, read_settings),
            || batch::Solver::new(&settings, &rules),
            |solver, chunk| print::solve_chunk(solver, &printer, task, chunk),
            &mut writer,
        );
    let (mut summary, _, _) = output::finish(writer, start)?;
    summary.interrupted |= signals.interrupted.load(Ordering::Relaxed);
    match ended {
        Ok(_) => Ok(summary),
        Err(e) if summary.interrupted => {
            let _ = e;
            Ok(summary)
        }
        Err(e) => Err(InputError(e).into()),
    }
}
