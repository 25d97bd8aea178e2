//! Charts as SVG documents: what a batch of generated puzzles looks like ([`distributions`]:
//! clue counts, the engine's proof nodes, grades), and how the solving methods of
//! [`compare`](crate::compare) spread their nodes over a file's puzzles ([`nodes`]).

use std::fmt::Write;

use crate::compare::{thousands, FileRuns, Row};
use crate::Method;

/// Both charts are this wide.
const WIDTH: f64 = 760.0;

/// Text made safe inside an SVG (XML) element: `&`, `<`, `>`.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

// The distributions of generated puzzles: bar charts, one panel each.
const G_PANEL: f64 = 250.0;
const G_LEFT: f64 = 70.0;
const G_RIGHT: f64 = 30.0;
const G_TOP: f64 = 54.0;
const BAR: &str = "#0072B2";

/// What the plot shows.
pub struct Distributions<'a> {
    /// A line saying what was made (size, count, seed).
    pub title: &'a str,
    /// The clue count of each puzzle.
    pub clues: &'a [usize],
    /// The proof nodes of each puzzle whose proof finished.
    pub nodes: &'a [u64],
    /// Puzzles per grade, easiest first (all zero if not graded).
    pub grades: [u64; 4],
}

/// One bar: its label under the axis (if any), and its height.
struct Bar {
    label: Option<String>,
    value: u64,
}

/// The SVG document.
pub fn distributions(d: &Distributions<'_>) -> String {
    let graded = d.grades.iter().any(|&g| g > 0);
    let panels = if graded { 3.0 } else { 2.0 };
    let height = G_TOP + panels * G_PANEL + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="{G_LEFT}" y="22" font-size="15" font-weight="bold">Generated puzzles: clues, proof nodes and grades</text>
<text x="{G_LEFT}" y="40" fill="#555">{}</text>"##,
        escape(d.title)
    );
    // Clues: one bar per count from the least to the most.
    let (lo, hi) = (
        d.clues.iter().min().copied().unwrap_or(0),
        d.clues.iter().max().copied().unwrap_or(0),
    );
    let bars: Vec<Bar> = (lo..=hi)
        .map(|c| Bar {
            label: Some(c.to_string()),
            value: d.clues.iter().filter(|&&x| x == c).count() as u64,
        })
        .collect();
    bar_panel(&mut s, G_TOP, "Clues per puzzle", "clues", &bars);
    // Nodes: bins of a fifth of a decade, labelled at each power of ten.
    let bin = |n: u64| ((n.max(1) as f64).log10() * 5.0).floor() as i64;
    let (first, last) = (
        d.nodes.iter().map(|&n| bin(n)).min().unwrap_or(0),
        d.nodes.iter().map(|&n| bin(n)).max().unwrap_or(0),
    );
    // Each bar is labelled with where it starts when there is room, else at powers of ten.
    let every = last - first < 16;
    let bars: Vec<Bar> = (first..=last)
        .map(|b| Bar {
            label: (every || b % 5 == 0)
                .then(|| format!("{}", 10f64.powf(b as f64 / 5.0).ceil() as u64)),
            value: d.nodes.iter().filter(|&&n| bin(n) == b).count() as u64,
        })
        .collect();
    bar_panel(
        &mut s,
        G_TOP + G_PANEL,
        "Nodes of the engine's proof of uniqueness (log scale, 5 bins a decade)",
        "nodes (a bar counts the puzzles from its label to the next bar's)",
        &bars,
    );
    if graded {
        let bars: Vec<Bar> = crate::Grade::ALL
            .iter()
            .map(|g| Bar {
                label: Some(g.name().to_string()),
                value: d.grades[*g as usize],
            })
            .collect();
        bar_panel(
            &mut s,
            G_TOP + 2.0 * G_PANEL,
            "Grades by technique (as dlx sudoku rate grades them)",
            "grade",
            &bars,
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A bar chart in the band from `top`, with its title, the axis name and a count over each bar.
fn bar_panel(s: &mut String, top: f64, title: &str, axis: &str, bars: &[Bar]) {
    let plot_top = top + 40.0;
    let plot_h = G_PANEL - 90.0;
    let base = plot_top + plot_h;
    let width = WIDTH - G_LEFT - G_RIGHT;
    let max = bars.iter().map(|b| b.value).max().unwrap_or(0).max(1);
    let step = width / bars.len().max(1) as f64;
    let _ = writeln!(
        s,
        r##"<text x="{G_LEFT}" y="{}" font-weight="bold">{}</text>
<line x1="{G_LEFT}" y1="{base}" x2="{}" y2="{base}" stroke="#333"/>
<text x="{}" y="{}" text-anchor="middle" fill="#555">{}</text>
<text x="{}" y="{}" text-anchor="middle" fill="#555" transform="rotate(-90 {} {})">puzzles</text>"##,
        top + 24.0,
        escape(title),
        G_LEFT + width,
        G_LEFT + width / 2.0,
        base + 36.0,
        escape(axis),
        G_LEFT - 44.0,
        plot_top + plot_h / 2.0,
        G_LEFT - 44.0,
        plot_top + plot_h / 2.0,
    );
    for (k, bar) in bars.iter().enumerate() {
        let x = G_LEFT + k as f64 * step;
        let h = bar.value as f64 / max as f64 * plot_h;
        let _ = writeln!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{BAR}"><title>{}</title></rect>"#,
            x + step * 0.1,
            base - h,
            step * 0.8,
            bar.value
        );
        if bar.value > 0 && step >= 24.0 {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#333">{}</text>"##,
                x + step / 2.0,
                base - h - 4.0,
                bar.value
            );
        }
        if let Some(label) = &bar.label {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{}" text-anchor="middle" fill="#333">{}</text>"##,
                x + step / 2.0,
                base + 16.0,
                escape(label)
            );
        }
    }
}

// The methods' nodes: one panel per file, a step curve per method.
const N_PANEL: f64 = 330.0;
const N_LEFT: f64 = 60.0;
const N_RIGHT: f64 = 190.0;
const N_TOP: f64 = 46.0;
const N_BOTTOM: f64 = 44.0;

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
pub fn nodes(files: &[FileRuns], task: &str) -> String {
    let height = N_TOP + files.len() as f64 * N_PANEL + 40.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>
<text x="{N_LEFT}" y="22" font-size="15" font-weight="bold">Nodes per puzzle: the share of puzzles finished within N nodes</text>
<text x="{N_LEFT}" y="38" fill="#555">Puzzles {task}. Nodes on a log scale; further left is less search.</text>"##
    );
    for (k, file) in files.iter().enumerate() {
        panel(&mut s, file, N_TOP + k as f64 * N_PANEL);
    }
    let _ = writeln!(
        s,
        r##"<text x="{N_LEFT}" y="{}" fill="#555">A curve that stops below 100% had timeouts. Values filled in by singles are not nodes.</text>"##,
        height - 14.0
    );
    s.push_str("</svg>\n");
    s
}

fn panel(s: &mut String, file: &FileRuns, top: f64) {
    let (x0, x1) = (N_LEFT, WIDTH - N_RIGHT);
    let (y0, y1) = (top + 24.0, top + N_PANEL - N_BOTTOM);
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
        escape(&file.name)
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
    fn bars_count_the_puzzles() {
        let clues = [22, 24, 24, 25];
        let nodes = [57, 60, 130, 1200];
        let text = distributions(&Distributions {
            title: "4 puzzles <9x9>",
            clues: &clues,
            nodes: &nodes,
            grades: [0, 1, 2, 1],
        });
        // Clues 22..=25: four bars (23 empty); nodes 57..1200: bins 8..=15.
        assert!(text.contains("&lt;9x9&gt;"));
        let bars = text.matches("<rect x=").count();
        assert_eq!(bars, 4 + 8 + 4);
        assert!(text.contains("<title>2</title>"));
        assert!(text.contains(">intermediate<"));
        // Bins start at 10^(k/5): 40, 64, 100, 159 ... 1000 (the last).
        for label in [">40<", ">64<", ">100<", ">159<", ">1000<"] {
            assert!(text.contains(label), "{label}");
        }
        assert!(!text.contains(">1585<"));
        // Without grades, two panels.
        let plain = distributions(&Distributions {
            title: "",
            clues: &clues,
            nodes: &nodes,
            grades: [0; 4],
        });
        assert!(!plain.contains("Grades by technique"));
    }

    #[test]
    fn powers_of_ten_are_labelled_short() {
        let labels: Vec<String> = (0..=10).map(power_label).collect();
        assert_eq!(
            labels,
            ["1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G"]
        );
    }
}
