//! What the end-to-end tests share: running the built `dlx` and reading what it printed.

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufReader, Read};
use std::path::PathBuf;
use std::process::{Command as Process, Stdio};

use assert_cmd::cargo::CommandCargoExt;

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

/// Runs `dlx` with `args` in the folder `dir`, feeding it `stdin`.
pub fn run_in(dir: &std::path::Path, args: &[&str], stdin: &[u8]) -> Run {
    let out = assert_cmd::Command::cargo_bin("dlx")
        .unwrap()
        .current_dir(dir)
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

/// Each solution of `dlx xc`'s text output as the set of its option lines.
pub fn solutions(text: &str) -> std::collections::BTreeSet<std::collections::BTreeSet<String>> {
    text.split("\n\n")
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.lines().map(str::to_string).collect())
        .collect()
}

/// A puzzle file of `data/sudoku`.
pub fn sudoku_data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/sudoku")
        .join(name)
        .display()
        .to_string()
}

/// An exact-cover instance of `data/instances`.
pub fn instance(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/instances")
        .join(name)
        .display()
        .to_string()
}

/// `dlx` with `args`, running, its standard output and error piped; and its standard output.
pub fn spawn(args: &[&str]) -> (std::process::Child, BufReader<std::process::ChildStdout>) {
    let mut child = Process::cargo_bin("dlx")
        .unwrap()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdout)
}

/// Waits for a spawned `dlx`: its exit status and all it wrote on standard error.
pub fn finish(mut child: std::process::Child) -> (Option<i32>, String) {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

/// Sends Ctrl-C (SIGINT) to a running `dlx`.
#[cfg(unix)]
pub fn interrupt(child: &std::process::Child) {
    let kill = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}
