//! The README's examples do what they say: each `cargo run --release -- ...` line is run as
//! `dlx ...` from the workspace root (a `printf` piped in becomes standard input, `> FILE` a
//! file in a temporary folder, `| head` is left out), and must end with status 0, or 3 where a
//! limit stops a search on purpose; a number its comment names (`# 17792`, `# 12 (92 in all)`)
//! must be printed. The slowest (`check`, `bench`, a count of millions on every core, a thousand
//! puzzles made) are left to their own tests and CI's end-to-end steps.

use std::path::PathBuf;

use crate::common::run_in;

/// Splits a command line into words: blanks separate them, single quotes group.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The numbers a comment names: the leading number of each of its parts (a part in
/// parentheses explains, and is not printed).
fn numbers(comment: &str) -> Vec<String> {
    let comment = comment.split('(').next().unwrap_or("");
    comment
        .split([',', '/'])
        .filter_map(|part| {
            let digits: String = part
                .trim()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let rest = part.trim()[digits.len()..].chars().next();
            (!digits.is_empty() && rest != Some('x')).then_some(digits)
        })
        .collect()
}

/// Examples that take seconds to minutes: tested elsewhere (`bench.rs`, CI's end-to-end steps:
/// the Aztec diamond of order 11's 2^66 through GNU parallel).
const SLOW: [&str; 5] = ["-- check", "queens 15", "-n 1000", "-- bench", "aztec_11"];

#[test]
fn every_example_of_the_readme_does_what_it_says() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let temp = std::env::temp_dir().join(format!("dlx-readme-{}", std::process::id()));
    std::fs::create_dir_all(&temp).unwrap();
    let mut ran = 0;
    for line in readme.lines() {
        let Some(at) = line.find("cargo run --release -- ") else {
            continue;
        };
        let (command, comment) = line.split_once("  #").unwrap_or((line, ""));
        let command = &command[at + "cargo run --release -- ".len()..];
        if SLOW.iter().any(|s| line.contains(s)) {
            continue;
        }
        let stdin = match line[..at].trim().strip_suffix('|') {
            Some(printf) => {
                let w = words(printf);
                assert_eq!(w[0], "printf", "{line}");
                w[1].replace("\\n", "\n").into_bytes()
            }
            None => Vec::new(),
        };
        let command = command.split(" | ").next().unwrap();
        let (command, to_file) = match command.split_once(" > ") {
            Some((c, file)) => (c, Some(temp.join(file.trim()))),
            None => (command, None),
        };
        let mut args = words(command);
        // Files the example writes go to the temporary folder.
        for a in args.iter_mut() {
            if a.ends_with(".svg") || a.ends_with(".zdd") {
                *a = temp.join(&*a).display().to_string();
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run_in(&root, &args, &stdin);
        assert!(
            matches!(r.code, 0 | 3),
            "{line}: status {}\n{}",
            r.code,
            r.stderr
        );
        assert!(
            !(r.stdout.is_empty() && r.stderr.is_empty()),
            "{line}: said nothing"
        );
        if let Some(file) = to_file {
            std::fs::write(&file, &r.stdout).unwrap();
        }
        let said = format!("{}\n{}", r.stdout, r.stderr);
        for n in numbers(comment) {
            let whole = said.split(|c: char| !c.is_ascii_digit()).any(|w| w == n);
            assert!(whole, "{line}: {n} not printed\n{said}");
        }
        ran += 1;
    }
    assert!(ran >= 30, "only {ran} examples found");
    std::fs::remove_dir_all(&temp).unwrap();
}
