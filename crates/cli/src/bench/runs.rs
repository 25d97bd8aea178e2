//! What `dlx bench` measured: each file's runs (the rows, the table and the numbers' form are
//! `sudoku::compare`'s).

use sudoku::compare;

/// One file: its puzzles and every method's run.
#[derive(Debug)]
pub(crate) struct FileRuns {
    pub name: String,
    pub line_nos: Vec<usize>,
    pub runs: Vec<compare::Run>,
}
