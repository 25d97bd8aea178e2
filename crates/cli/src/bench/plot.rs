//! `dlx bench --plot`: for each file, the share of puzzles each method finished within a given
//! number of nodes, nodes on a log scale (an empirical distribution function per method). A
//! curve further left needs fewer nodes; a curve that stops below 100% had timeouts.

use std::fmt::Write;

use sudoku::Method;

use super::runs::FileRuns;
use sudoku::compare::{thousands, Row};

const WIDTH: f64 = 760.0;
const PANEL: f64 = 330.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 190.0;
const TOP: f64 = 46.0;
const BOTTOM: f64 = 44.0;

/// A colour per method (Okabe and Ito's palette, told apart with colour-blind eyes too).
fn colour(method: Method) -> &'static str {
    match method {
        Method::Backtrack => "#D55E00",
        Method::Bitmask => "#E69F00",
        Method::Singles => "#CC79A7",
        Method::Mrv => "#56B4E9",
        Method::Forward => "#009E73",
        Method::Dlx => "#0072B2",
    }
}

/// `1`, `10`, `100`, `1k` ... `1G`.
fn power_label(p: i32) -> String {
    let suffix = ["", "k", "M", "G", "T"];
    let unit = (p / 3) as usize;
    let base = 10u64.pow((p % 3) as u32);
    match suffix.get(unit) {
        Some(s) => format!("{base}{s}"),
        None => format!("1e{p}"),
    }
}

/// The SVG document: one panel per file, stacked.
pub(super) fn svg(files: &[FileRuns], task: &str) -> String {
    let height = TOP + files.len() as f64 * PANEL + 40.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>
<text x="{LEFT}" y="22" font-size="15" font-weight="bold">Nodes per puzzle: the share of puzzles finished within N nodes</text>
<text x="{LEFT}" y="38" fill="#555">Puzzles {task}. Nodes on a log scale; further left is less search.</text>"##
    );
    for (k, file) in files.iter().enumerate() {
        panel(&mut s, file, TOP + k as f64 * PANEL);
    }
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="{}" fill="#555">A curve that stops below 100% had timeouts. Values filled in by singles are not nodes.</text>"##,
        height - 14.0
    );
    s.push_str("</svg>\n");
    s
}

fn panel(s: &mut String, file: &FileRuns, top: f64) {
    let (x0, x1) = (LEFT, WIDTH - RIGHT);
    let (y0, y1) = (top + 24.0, top + PANEL - BOTTOM);
    let max = file
        .runs
        .iter()
        .flat_map(|r| r.attempts.iter().map(|a| a.nodes))
        .max()
        .unwrap_or(1)
        .max(10);
    let decades = (max as f64).log10().ceil().max(1.0) as i32;
    let x = |nodes: u64| x0 + (nodes.max(1) as f64).log10() / f64::from(decades) * (x1 - x0);
    let y = |share: f64| y1 - share * (y1 - y0);
    let puzzles = file.line_nos.len();
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="{}" font-weight="bold">{} ({puzzles} puzzles)</text>"#,
        top + 14.0,
        crate::xml_escape(&file.name)
    );
    // Grid lines and labels.
    for p in 0..=decades {
        let gx = x(10u64.saturating_pow(p as u32));
        let _ = writeln!(
            s,
            r##"<line x1="{gx:.1}" y1="{y0}" x2="{gx:.1}" y2="{y1}" stroke="#ddd"/><text x="{gx:.1}" y="{}" text-anchor="middle">{}</text>"##,
            y1 + 16.0,
            power_label(p)
        );
    }
    for q in 0..=4 {
        let share = f64::from(q) / 4.0;
        let gy = y(share);
        let _ = writeln!(
            s,
            r##"<line x1="{x0}" y1="{gy:.1}" x2="{x1}" y2="{gy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}%</text>"##,
            x0 - 6.0,
            gy + 4.0,
            q * 25
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{x0}" y="{y0}" width="{}" height="{}" fill="none" stroke="#888"/>
<text x="{}" y="{}" text-anchor="middle" fill="#555">nodes (log scale)</text>"##,
        x1 - x0,
        y1 - y0,
        (x0 + x1) / 2.0,
        y1 + 34.0
    );
    // One step curve per method: at each node count, the share finished within it.
    for (k, run) in file.runs.iter().enumerate() {
        let mut nodes: Vec<u64> = run
            .attempts
            .iter()
            .filter(|a| !a.timed_out)
            .map(|a| a.nodes)
            .collect();
        nodes.sort_unstable();
        let mut path = String::new();
        let mut last_px = f64::NAN;
        for (i, &n) in nodes.iter().enumerate() {
            let share = (i + 1) as f64 / puzzles as f64;
            let px = (x(n) * 10.0).round() / 10.0;
            if i == 0 {
                let _ = write!(path, "M{px:.1},{:.1}", y(0.0));
            }
            if px != last_px {
                let _ = write!(path, "H{px:.1}");
                last_px = px;
            }
            // Only the last puzzle at this pixel needs a point.
            let next_px = nodes.get(i + 1).map(|&m| (x(m) * 10.0).round() / 10.0);
            if next_px != Some(px) {
                let _ = write!(path, "V{:.1}", y(share));
            }
        }
        let width = if run.method == Method::Dlx { 2.5 } else { 1.6 };
        let colour = colour(run.method);
        // Bitmask builds the same tree as backtrack: dashed, so both show.
        let dash = if run.method == Method::Bitmask {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        if !path.is_empty() {
            let _ = writeln!(
                s,
                r#"<path d="{path}" fill="none" stroke="{colour}" stroke-width="{width}"{dash}/>"#
            );
        }
        // The legend, with the median and the timeouts.
        let row = Row::new(run, &file.name, None);
        let ly = y0 + 8.0 + k as f64 * 42.0;
        let lx = x1 + 16.0;
        let median = thousands(
            row.nodes_median,
            if row.nodes_median.fract() == 0.0 {
                0
            } else {
                1
            },
        );
        let timeouts = match row.timeouts {
            0 => String::new(),
            1 => "1 timeout".to_string(),
            t => format!("{t} timeouts"),
        };
        let _ = writeln!(
            s,
            r##"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="{width}"{dash}/><text x="{}" y="{}">{}</text><text x="{}" y="{}" fill="#555" font-size="11">median {median}</text><text x="{}" y="{}" fill="#555" font-size="11">{timeouts}</text>"##,
            lx + 22.0,
            lx + 28.0,
            ly + 4.0,
            run.method,
            lx + 28.0,
            ly + 18.0,
            lx + 28.0,
            ly + 31.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_ten_are_labelled_short() {
        let labels: Vec<String> = (0..=10).map(power_label).collect();
        assert_eq!(
            labels,
            ["1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G"]
        );
    }
}
