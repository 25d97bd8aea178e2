//! `dlx sudoku generate --plot`: the distributions of the puzzles made, as bar charts in one SVG
//! file: clue counts, the engine's proof nodes (bins a fifth of a decade wide, on a log scale),
//! and the grades by technique.

use std::fmt::Write;

const WIDTH: f64 = 760.0;
const PANEL: f64 = 250.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 54.0;
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
pub fn svg(d: &Distributions<'_>) -> String {
    let graded = d.grades.iter().any(|&g| g > 0);
    let panels = if graded { 3.0 } else { 2.0 };
    let height = TOP + panels * PANEL + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="{LEFT}" y="22" font-size="15" font-weight="bold">Generated puzzles: clues, proof nodes and grades</text>
<text x="{LEFT}" y="40" fill="#555">{}</text>"##,
        crate::xml_escape(d.title)
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
    panel(&mut s, TOP, "Clues per puzzle", "clues", &bars);
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
    panel(
        &mut s,
        TOP + PANEL,
        "Nodes of the engine's proof of uniqueness (log scale, 5 bins a decade)",
        "nodes (a bar counts the puzzles from its label to the next bar's)",
        &bars,
    );
    if graded {
        let bars: Vec<Bar> = sudoku::Grade::ALL
            .iter()
            .map(|g| Bar {
                label: Some(g.name().to_string()),
                value: d.grades[*g as usize],
            })
            .collect();
        panel(
            &mut s,
            TOP + 2.0 * PANEL,
            "Grades by technique (as dlx sudoku rate grades them)",
            "grade",
            &bars,
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A bar chart in the band from `top`, with its title, the axis name and a count over each bar.
fn panel(s: &mut String, top: f64, title: &str, axis: &str, bars: &[Bar]) {
    let plot_top = top + 40.0;
    let plot_h = PANEL - 90.0;
    let base = plot_top + plot_h;
    let width = WIDTH - LEFT - RIGHT;
    let max = bars.iter().map(|b| b.value).max().unwrap_or(0).max(1);
    let step = width / bars.len().max(1) as f64;
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="{}" font-weight="bold">{}</text>
<line x1="{LEFT}" y1="{base}" x2="{}" y2="{base}" stroke="#333"/>
<text x="{}" y="{}" text-anchor="middle" fill="#555">{}</text>
<text x="{}" y="{}" text-anchor="middle" fill="#555" transform="rotate(-90 {} {})">puzzles</text>"##,
        top + 24.0,
        crate::xml_escape(title),
        LEFT + width,
        LEFT + width / 2.0,
        base + 36.0,
        crate::xml_escape(axis),
        LEFT - 44.0,
        plot_top + plot_h / 2.0,
        LEFT - 44.0,
        plot_top + plot_h / 2.0,
    );
    for (k, bar) in bars.iter().enumerate() {
        let x = LEFT + k as f64 * step;
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
                crate::xml_escape(label)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_count_the_puzzles() {
        let clues = [22, 24, 24, 25];
        let nodes = [57, 60, 130, 1200];
        let text = svg(&Distributions {
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
        let plain = svg(&Distributions {
            title: "",
            clues: &clues,
            nodes: &nodes,
            grades: [0; 4],
        });
        assert!(!plain.contains("Grades by technique"));
    }
}
