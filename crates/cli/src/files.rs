//! Opening what a command reads and writes, one way for every subcommand: inputs (files, `-` or
//! nothing for standard input, bytes compiled in), each opened before anything is read so that
//! an unreadable one stops the command before any output; outputs (drawings, plots) created
//! before the work, so that a path that cannot be written fails at once. The messages say the
//! same thing wherever they come from (`cannot read FILE: it is a directory`).

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::InputError;

/// One input, opened: the sudoku library's input of a batch (its name, as records and
/// messages give it, the path or `<stdin>`; its bytes; their number for a regular file).
pub type Source = sudoku::print::Input;

/// Opens a file, or standard input for `None` or `-`.
pub fn open(path: Option<&Path>) -> Result<Source, InputError> {
    match path.filter(|p| p.as_os_str() != "-") {
        None => Ok(Source::stdin()),
        Some(p) => Source::file(p)
            .map_err(|e| InputError(format!("cannot read {}: {}", p.display(), why(&e)))),
    }
}

/// Opens every file, in order, before anything is read (so that an unreadable one is an
/// error before any output); for no files, standard input with `stdin_if_none`, else none.
pub fn open_all(paths: &[PathBuf], stdin_if_none: bool) -> Result<Vec<Source>, InputError> {
    if paths.is_empty() && stdin_if_none {
        return Ok(vec![Source::stdin()]);
    }
    paths.iter().map(|p| open(Some(p))).collect()
}

/// Reads a whole input (a file, or standard input for `None` or `-`), with its name.
pub fn read_input(path: Option<&Path>) -> Result<(String, Vec<u8>), InputError> {
    let mut source = open(path)?;
    let mut bytes = Vec::new();
    source
        .reader
        .read_to_end(&mut bytes)
        .map_err(|e| InputError(format!("cannot read {}: {}", source.name, why(&e))))?;
    Ok((source.name.to_string(), bytes))
}

fn cannot_write(path: &Path, e: &io::Error) -> InputError {
    InputError(format!("cannot write {}: {}", path.display(), why(e)))
}

/// An output file (a drawing, a plot) created before the work and written after it.
pub struct Output {
    path: std::path::PathBuf,
    file: File,
}

impl Output {
    /// Creates the file at `path`, if there is one, before the work: a path that cannot be
    /// written is an error before anything is searched or printed.
    pub fn create(path: Option<&Path>) -> Result<Option<Output>, InputError> {
        path.map(|p| {
            let file = File::create(p).map_err(|e| cannot_write(p, &e))?;
            Ok(Output {
                path: p.into(),
                file,
            })
        })
        .transpose()
    }

    /// Writes the text: the whole file.
    pub fn write(self, text: &str) -> Result<(), InputError> {
        self.write_with(|out| out.write_all(text.as_bytes()))
    }

    /// Writes the whole file through `write`, buffered.
    pub fn write_with(
        self,
        write: impl FnOnce(&mut io::BufWriter<File>) -> io::Result<()>,
    ) -> Result<(), InputError> {
        let mut out = io::BufWriter::new(self.file);
        write(&mut out)
            .and_then(|()| out.flush())
            .map_err(|e| cannot_write(&self.path, &e))
    }

    /// Nothing to write, and nothing to say: removes the file.
    pub fn remove(self) {
        drop(self.file);
        let _ = std::fs::remove_file(&self.path);
    }

    /// Nothing to write: removes the file and says so (`no solution to draw; FILE not
    /// written`).
    pub fn discard(self, why: &str) {
        eprintln!("dlx: warning: {why}; {} not written", self.path.display());
        self.remove();
    }
}

/// An I/O error for a person: what the system says, without its error number.
fn why(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(k) => text[..k].to_string(),
        None => text,
    }
}

/// `FILE:LINE:COLUMN: message`, the one form of an error at a place in an input.
pub fn at(name: &str, line: usize, column: usize, message: impl std::fmt::Display) -> String {
    format!("{name}:{line}:{column}: {message}")
}
