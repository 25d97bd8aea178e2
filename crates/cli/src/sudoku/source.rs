//! The inputs of a batch: files, standard input, or bytes compiled into the binary, opened
//! before anything is read (so that an unreadable file stops the run before any output).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

/// One input, opened.
pub struct Source {
    /// As records and messages name it: the path, or `<stdin>`.
    pub name: Arc<str>,
    pub reader: Box<dyn Read + Send>,
    /// Its size in bytes, when known (a regular file).
    pub len: Option<u64>,
}

impl Source {
    /// Opens a file, or standard input for `None` or `-`.
    pub fn open(path: Option<&Path>) -> io::Result<Source> {
        match path {
            None => Ok(Source::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Source::stdin()),
            Some(p) => {
                let file = File::open(p)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::other("is a directory"));
                }
                Ok(Source {
                    name: p.display().to_string().into(),
                    reader: Box::new(file),
                    len: meta.is_file().then_some(meta.len()),
                })
            }
        }
    }

    fn stdin() -> Source {
        Source {
            name: "<stdin>".into(),
            reader: Box::new(io::stdin()),
            len: None,
        }
    }

    /// Puzzles held in memory (the bundled sample set).
    pub fn bytes(name: &str, bytes: &'static [u8]) -> Source {
        Source {
            name: name.into(),
            reader: Box::new(bytes),
            len: Some(bytes.len() as u64),
        }
    }
}
