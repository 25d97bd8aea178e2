//! SVG drawings of solutions: tilings with coloured pieces and their outlines, queens on a
//! chequered board, Langford sequences with an arc joining each pair, filled crosswords. Several solutions are laid
//! out side by side (tilings and boards, a few to a row) or one under another (sequences).

use std::fmt::Write as _;

use crate::{Fill, Tiling};

/// Side of a cell, in pixels.
const CELL: usize = 24;
/// Space between drawings and around them.
const GAP: usize = 16;

/// A colour per piece or value: hues spread by the golden angle, so neighbours differ.
fn colour(k: usize) -> String {
    let hue = (k as f64 * 137.508) % 360.0;
    let light = if k % 2 == 0 { 62 } else { 72 };
    format!("hsl({hue:.0},65%,{light}%)")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(width: usize, height: usize, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<title>{}</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n",
        escape(title)
    )
}

/// Where the `k`-th of `count` drawings of `w x h` pixels goes, `per_row` to a row.
fn layout(count: usize, w: usize, h: usize) -> (usize, usize, impl Fn(usize) -> (usize, usize)) {
    let per_row = count.clamp(1, 4);
    let rows = count.div_ceil(per_row).max(1);
    let width = GAP + per_row * (w + GAP);
    let height = GAP + rows * (h + GAP);
    (width, height, move |k| {
        (
            GAP + (k % per_row) * (w + GAP),
            GAP + (k / per_row) * (h + GAP),
        )
    })
}

/// Tilings: each cell filled with its piece's colour, the piece's letter in it, and a thick
/// outline wherever two pieces (or a piece and the outside) meet.
pub fn tilings(tilings: &[Tiling], title: &str) -> String {
    let (rows, cols) = tilings.first().map_or((0, 0), |t| (t.rows, t.cols));
    let (w, h) = (cols * CELL, rows * CELL);
    let (width, height, at) = layout(tilings.len(), w, h);
    let mut s = open(width, height, title);
    // Colours by piece name, the same in every drawing.
    let mut names: Vec<char> = tilings
        .iter()
        .flat_map(|t| t.placements.iter().map(|p| p.piece))
        .collect();
    names.sort_unstable();
    names.dedup();
    let colour_of = |ch: char| colour(names.iter().position(|&n| n == ch).unwrap_or(0));
    for (k, tiling) in tilings.iter().enumerate() {
        let (x0, y0) = at(k);
        let grid = tiling.grid();
        let _ = writeln!(s, "<g transform=\"translate({x0},{y0})\">");
        for (r, row) in grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = (c * CELL, r * CELL);
                match cell {
                    Some(ch) => {
                        let _ = writeln!(
                            s,
                            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"#00000022\"/>\
                             <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
                            colour_of(*ch),
                            x + CELL / 2,
                            y + CELL / 2 + 4,
                            escape(&ch.to_string())
                        );
                    }
                    None => {
                        let _ = writeln!(
                            s,
                            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#eeeeee\"/>"
                        );
                    }
                }
            }
        }
        // Outlines: an edge between two cells that differ (pieces, or a piece and a hole).
        let at_cell = |r: isize, c: isize| -> Option<char> {
            if r < 0 || c < 0 || r as usize >= rows || c as usize >= cols {
                None
            } else {
                grid[r as usize][c as usize]
            }
        };
        let mut path = String::new();
        for r in 0..=rows as isize {
            for c in 0..cols as isize {
                // The horizontal edge above (r, c).
                let (a, b) = (at_cell(r - 1, c), at_cell(r, c));
                if a != b {
                    let _ = write!(path, "M{} {}h{CELL}", c as usize * CELL, r as usize * CELL);
                }
            }
        }
        for r in 0..rows as isize {
            for c in 0..=cols as isize {
                let (a, b) = (at_cell(r, c - 1), at_cell(r, c));
                if a != b {
                    let _ = write!(path, "M{} {}v{CELL}", c as usize * CELL, r as usize * CELL);
                }
            }
        }
        let _ = writeln!(
            s,
            "<path d=\"{path}\" fill=\"none\" stroke=\"#222\" stroke-width=\"2.5\" stroke-linecap=\"square\"/>\n</g>"
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Queens: a chequered `n x n` board with a queen (a crowned disc) in each row.
pub fn queens(n: usize, solutions: &[Vec<usize>], title: &str) -> String {
    let side = n * CELL;
    let (width, height, at) = layout(solutions.len(), side, side);
    let mut s = open(width, height, title);
    for (k, cols) in solutions.iter().enumerate() {
        let (x0, y0) = at(k);
        let _ = writeln!(s, "<g transform=\"translate({x0},{y0})\">");
        for r in 0..n {
            for c in 0..n {
                let fill = if (r + c) % 2 == 0 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                    c * CELL,
                    r * CELL
                );
            }
        }
        for (r, &c) in cols.iter().enumerate() {
            let (cx, cy) = (c * CELL + CELL / 2, r * CELL + CELL / 2);
            // A disc with a three-pointed crown on top.
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{}\" r=\"{}\" fill=\"#1f2a44\" stroke=\"white\" stroke-width=\"1\"/>\
                 <path d=\"M{} {}l2 -7l3 5l3 -7l3 7l3 -5l2 7z\" fill=\"#f5c542\" stroke=\"#1f2a44\" stroke-width=\"0.8\"/>",
                cy + 3,
                CELL / 4,
                cx - 8,
                cy - 1
            );
        }
        let _ = writeln!(
            s,
            "<rect width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"#222\" stroke-width=\"2\"/>\n</g>"
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Filled crosswords (or word rectangles): black squares, the letters in the open ones, the
/// letters given in the pattern in bold.
pub fn crosswords(fills: &[Fill], pattern: &crate::Pattern, title: &str) -> String {
    let (rows, cols) = (pattern.rows(), pattern.cols());
    let (w, h) = (cols * CELL, rows * CELL);
    let (width, height, at) = layout(fills.len(), w, h);
    let mut s = open(width, height, title);
    for (k, fill) in fills.iter().enumerate() {
        let (x0, y0) = at(k);
        let _ = writeln!(s, "<g transform=\"translate({x0},{y0})\">");
        for (r, row) in fill.rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let (x, y) = (c * CELL, r * CELL);
                let fill = if ch == '#' { "#222" } else { "white" };
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
                     stroke=\"#888\" stroke-width=\"1\"/>"
                );
                if ch != '#' && ch != '.' {
                    let given = matches!(pattern.square(r, c), crate::Square::Open(Some(_)));
                    let weight = if given { "bold" } else { "normal" };
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"15\" \
                         font-weight=\"{weight}\" text-anchor=\"middle\">{}</text>",
                        x + CELL / 2,
                        y + CELL / 2 + 5,
                        escape(&ch.to_uppercase().to_string())
                    );
                }
            }
        }
        let _ = writeln!(
            s,
            "<rect width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#222\" stroke-width=\"2\"/>\n</g>"
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Langford sequences, one under another: a numbered box per position, an arc over each pair.
pub fn langford(sequences: &[Vec<usize>], title: &str) -> String {
    let len = sequences.first().map_or(0, Vec::len);
    let n = len / 2;
    let row_h = CELL + (n + 2) * 5 + GAP;
    let width = GAP * 2 + len * CELL;
    let height = GAP + sequences.len().max(1) * row_h;
    let mut s = open(width, height, title);
    for (k, seq) in sequences.iter().enumerate() {
        let top = GAP + k * row_h;
        let base = top + (n + 2) * 5;
        let _ = writeln!(s, "<g transform=\"translate({GAP},{base})\">");
        // Arcs first, so the boxes sit on top of their ends.
        for v in 1..=n {
            let pos: Vec<usize> = (0..seq.len()).filter(|&i| seq[i] == v).collect();
            if let [a, b] = pos[..] {
                let (x1, x2) = (a * CELL + CELL / 2, b * CELL + CELL / 2);
                let rise = 5 * (v + 1);
                let _ = writeln!(
                    s,
                    "<path d=\"M{x1} 0C{x1} -{rise} {x2} -{rise} {x2} 0\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>",
                    colour(v)
                );
            }
        }
        for (i, &v) in seq.iter().enumerate() {
            let x = i * CELL;
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"0\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"#222\"/>\
                 <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">{v}</text>",
                colour(v),
                x + CELL / 2,
                CELL / 2 + 4
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}
