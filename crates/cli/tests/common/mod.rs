//! What the end-to-end tests share: running the built `dlx` and reading what it printed.

#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;

/// A finished run of `dlx`.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `dlx` with `args`, feeding it `stdin`.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let out = assert_cmd::Command::cargo_bin("dlx")
        .unwrap()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// A puzzle file of `data/sudoku`.
pub fn sudoku_data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/sudoku")
        .join(name)
        .display()
        .to_string()
}

/// An exact-cover instance of `data/instances`.
pub fn instance(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/instances")
        .join(name)
        .display()
        .to_string()
}
