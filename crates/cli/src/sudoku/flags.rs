//! The flags and settings the sudoku commands share: formats, symbols, the variant, the batch
//! flags, and how many workers and what progress display they make.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use sudoku::batch::Task;
pub use sudoku::print::Format as OutputFormat;
use sudoku::print::Job;
pub use sudoku::read::InputFormat;
use sudoku::read::{Column, ReadSettings, SettingNames};
use sudoku::{Regions, Shape, Strategy, Symbols, Variant};

use crate::InputError;

/// How messages about the input name the flags that read it otherwise.
pub const FLAG_NAMES: SettingNames = SettingNames {
    input: "--input",
    box_shape: "--box",
    regions: "--regions FILE",
    column: "--column",
    solution_column: "--solution-column",
    max_nodes: "--max-nodes",
    timeout: "--timeout",
};

/// Where progress goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressMode {
    /// None.
    Off,
    /// An indicatif bar (stderr is a terminal); it appears once the run has lasted a moment.
    Bar,
    /// A line on stderr every few seconds (`--progress` when stderr is not a terminal).
    Lines,
}

/// The symbol sets of `--symbols`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SymbolSet {
    /// Detected per puzzle: letters only are `letters`, `0` beside `.` blanks from 10x10 up is
    /// `hex`, else `default` (answers are written in the symbols detected).
    Auto,
    /// `1-9`, then `A-Z`.
    Default,
    /// `0-9`, then `A-Z` (`0-F` for 16x16).
    Hex,
    /// `A-Z` (`A-P` for 16x16, `A-Y` for 25x25).
    Letters,
    /// Numbers, one token per cell, `0` a blank (`1 0 13 16`; beyond 36x36 in any case).
    Numbers,
}

/// The flags of the batch commands (`dlx sudoku` and `dlx sudoku rate`) for reading puzzles
/// and running the workers.
#[derive(Debug, clap::Args)]
pub struct BatchArgs {
    /// The box shape, ROWSxCOLS (default: the most square, e.g. 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<Shape>,
    /// The symbols of the digits.
    #[arg(long, value_enum, default_value_t = SymbolSet::Auto)]
    pub symbols: SymbolSet,
    /// The input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub input: InputFormat,
    /// CSV: the puzzle's column, by its name in the header or its number from 1 (default: a
    /// column named puzzle, quizzes, quiz..., else the first that holds a puzzle).
    #[arg(long, value_name = "NAME|N")]
    pub column: Option<Column>,
    /// CSV: the solution's column, as --column (default: a column named solution(s) or
    /// answer, else the next that holds a grid); --verify checks it.
    #[arg(long, value_name = "NAME|N")]
    pub solution_column: Option<Column>,
    /// Worker threads: N, or 0 for one per core (the default, and the most used).
    #[arg(short, long, value_name = "N", value_parser = crate::values::threads, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Stop a puzzle's search after N nodes: it gets the status `stopped`, and the exit status
    /// is 3.
    #[arg(long, value_name = "N", value_parser = crate::values::count, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Stop a puzzle's search after SECONDS, as --max-nodes does.
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds, allow_negative_numbers = true)]
    pub timeout: Option<Duration>,
    /// Show progress on standard error even when it is not a terminal (a line every 2 s).
    #[arg(long)]
    pub progress: bool,
    /// How to search: dancing links (node counts as Knuth's dlx1), or candidates with
    /// propagation at every node (singles and locked candidates; large puzzles finish).
    #[arg(long, value_enum, default_value_t = Strategy::Auto)]
    pub solver: Strategy,
}

impl BatchArgs {
    /// The batch these flags and the command's own make.
    pub(crate) fn batch(
        &self,
        task: Task,
        variant: Variant,
        format: Option<OutputFormat>,
        verify: bool,
    ) -> Batch {
        // A regions map says the size (a 7x7 jigsaw needs no --box).
        let box_shape = self
            .box_shape
            .or_else(|| variant.regions.as_ref().map(Regions::shape));
        let mut job = Job::new(task);
        job.settings = job
            .settings
            .symbols(self.symbols.fixed())
            .box_shape(box_shape)
            .verify(verify)
            .max_nodes(self.max_nodes)
            .timeout(self.timeout)
            .strategy(self.solver);
        job.read = ReadSettings::default()
            .input(self.input)
            .box_shape(box_shape)
            .column(self.column.clone())
            .solution_column(self.solution_column.clone());
        job.variant = variant;
        job.format = format;
        job.threads = crate::values::threads_to_use(self.jobs);
        job.setting_names = FLAG_NAMES;
        Batch {
            job,
            show: None,
            progress: progress_mode(self.progress),
        }
    }
}

impl SymbolSet {
    /// The symbols asked for, or `None` to detect them per puzzle.
    pub fn fixed(self) -> Option<Symbols> {
        (self != SymbolSet::Auto).then(|| self.into())
    }
}

impl From<SymbolSet> for Symbols {
    /// `Auto` is the default where nothing is read to detect from (generated puzzles).
    fn from(set: SymbolSet) -> Symbols {
        match set {
            SymbolSet::Auto | SymbolSet::Default => Symbols::Default,
            SymbolSet::Hex => Symbols::Hex,
            SymbolSet::Letters => Symbols::Letters,
            SymbolSet::Numbers => Symbols::Numbers,
        }
    }
}

/// The variants' flags, for solving and for generating.
#[derive(Debug, clap::Args)]
pub struct VariantArgs {
    /// Both main diagonals hold each digit once (X-sudoku).
    #[arg(long)]
    pub diagonals: bool,
    /// The four extra windows of hyper sudoku hold each digit once.
    #[arg(long)]
    pub hyper: bool,
    /// Irregular regions instead of boxes: a file with an n x n map of region letters.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
}

impl VariantArgs {
    /// The variant; a regions map that cannot be read is an error naming the file.
    pub(crate) fn variant(&self) -> Result<Variant> {
        let regions = match &self.regions {
            Some(path) => {
                let (name, bytes) = crate::files::read_input(Some(path))?;
                let text = String::from_utf8_lossy(&bytes);
                Some(Regions::from_map(&text).map_err(|e| InputError(format!("{name}: {e}")))?)
            }
            None => None,
        };
        Ok(Variant {
            diagonals: self.diagonals,
            hyper: self.hyper,
            regions,
        })
    }
}

/// `--box RxC` ([`Shape::parse_box`]).
pub(crate) fn parse_box(s: &str) -> Result<Shape, String> {
    Shape::parse_box(s).map_err(|e| e.to_string())
}

/// Everything a batch needs besides its sources: the library's job, and how much of it is
/// shown.
pub struct Batch {
    pub job: Job,
    /// Write only the first records (the main job shows a few); the rest are counted.
    pub show: Option<u64>,
    pub progress: ProgressMode,
}

/// A bar when standard error is a terminal, lines with `--progress`, else none.
pub(crate) fn progress_mode(lines: bool) -> ProgressMode {
    if io::stderr().is_terminal() {
        ProgressMode::Bar
    } else if lines {
        ProgressMode::Lines
    } else {
        ProgressMode::Off
    }
}
