//! What `dlx bench` measured: each file's runs, a method's row of figures, and the way the
//! table and the plot write numbers.

use serde::Serialize;
use sudoku::compare;

/// One file: its puzzles and every method's run.
#[derive(Debug)]
pub(crate) struct FileRuns {
    pub name: String,
    pub line_nos: Vec<usize>,
    pub runs: Vec<compare::Run>,
}

/// A row of the table, as JSON and CSV write it.
#[derive(Debug, Serialize)]
pub(crate) struct Row<'a> {
    pub file: &'a str,
    pub method: &'static str,
    pub puzzles: usize,
    pub solved: usize,
    pub per_second: f64,
    pub nodes_mean: f64,
    pub nodes_median: f64,
    pub nodes_max: u64,
    pub timeouts: usize,
    pub ratio_nodes: Option<f64>,
    pub ratio_time: Option<f64>,
}

/// A method's row of the table: its run's figures, and its ratios to Dancing Links'.
pub(crate) fn row<'a>(run: &compare::Run, file: &'a str, dlx: Option<&compare::Run>) -> Row<'a> {
    let ratio = |ours: f64, theirs: f64| (theirs > 0.0).then(|| round(ours / theirs, 3));
    Row {
        file,
        method: run.method.name(),
        puzzles: run.attempts.len(),
        solved: run.solved(),
        per_second: round(run.per_second(), 1),
        nodes_mean: round(run.mean_nodes(), 1),
        nodes_median: run.median_nodes(),
        nodes_max: run.max_nodes(),
        timeouts: run.timeouts(),
        ratio_nodes: dlx.and_then(|d| ratio(run.mean_nodes(), d.mean_nodes())),
        ratio_time: dlx.and_then(|d| ratio(run.seconds, d.seconds)),
    }
}

fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// `1234567.25` as `1,234,567.3` (with one decimal place).
pub(crate) fn thousands(x: f64, places: usize) -> String {
    let fixed = format!("{x:.places$}");
    let (int, frac) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut grouped = String::new();
    for (k, ch) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    if frac.is_empty() {
        grouped
    } else {
        format!("{grouped}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0.0, 0), "0");
        assert_eq!(thousands(999.0, 0), "999");
        assert_eq!(thousands(1000.0, 0), "1,000");
        assert_eq!(thousands(1234567.25, 1), "1,234,567.2");
        assert_eq!(thousands(58.66, 1), "58.7");
    }
}
