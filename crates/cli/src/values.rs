//! The values flags take, parsed one way for every subcommand: counts, durations, thread
//! numbers and sizes. One rule for zero: a count of things (solutions, nodes, puzzles, jobs) is
//! at least 1, since 0 would do nothing; a number of threads may be 0, meaning one per core. A
//! negative number is named as such, whatever the flag.

use std::time::Duration;

/// `s` (spaces around it allowed) as a number: a minus sign and digits (`-1`) is called
/// negative, with `give` saying what to give instead; anything else that does not parse is
/// quoted as not `what`.
fn number<T: std::str::FromStr>(s: &str, give: &str, what: &str) -> Result<T, String> {
    let t = s.trim();
    let digits = |d: &str| d.chars().all(|c| c.is_ascii_digit() || c == '.');
    if t.len() > 1 && t.strip_prefix('-').is_some_and(digits) {
        return Err(format!("`{t}` is negative: {give}"));
    }
    t.parse()
        .map_err(|_| format!("`{}` is not {what}", crate::quote(s)))
}

/// A duration in seconds, above 0 (a limit of 0 would stop everything at once).
pub(crate) fn seconds(s: &str) -> Result<Duration, String> {
    let above = "give a number of seconds above 0";
    let secs: f64 = number(s, above, "a number of seconds")?;
    if secs == 0.0 {
        return Err(format!(
            "a time limit of 0 seconds would stop every search before it starts: {above}, or \
             leave the flag out for no limit"
        ));
    }
    let t = s.trim();
    Duration::try_from_secs_f64(secs).map_err(|_| format!("`{t}` is not a duration in seconds"))
}

/// A count of things: a whole number of at least 1 (0 would do nothing).
pub(crate) fn count(s: &str) -> Result<u64, String> {
    let n = number(s, "give a whole number of at least 1", "a whole number")?;
    if n == 0 {
        return Err(
            "0 would do nothing (stop every search before it starts, make no puzzle, cut into \
             no job): give at least 1, or leave the flag out"
                .to_string(),
        );
    }
    Ok(n)
}

/// A size in bytes, above 0: `512M`, `8G`, or bytes ([`report::text::parse_size`]).
pub(crate) fn bytes(s: &str) -> Result<u64, String> {
    report::text::parse_size(s)
}

/// A number of threads: a whole number, 0 meaning one per core.
pub(crate) fn threads(s: &str) -> Result<usize, String> {
    let per_core = "give a number of threads, or 0 for one per core";
    number(s, per_core, "a number of threads (0 for one per core)")
}

/// A size (`dlx queens N`, `dlx langford N`): a whole number, not negative.
pub(crate) fn size(s: &str) -> Result<usize, String> {
    number(s, "the size is a whole number", "a whole number")
}

/// The threads a command runs on: as asked (0, or none, for one per core), at most one per
/// core where more would only cost their start.
pub(crate) fn threads_to_use(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        None | Some(0) => cores,
        Some(n) => n.min(cores),
    }
}
