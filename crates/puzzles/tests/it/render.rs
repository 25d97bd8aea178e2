//! The drawings: well-formed SVG (parsed as XML), and snapshots of small cases.

use std::ops::ControlFlow;

use dlx::Limits;
use puzzles::{svg, Board, Langford, Order, Piece, Polyomino, Puzzle, Queens, Tiling};

fn parse_svg(text: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    doc
}

#[test]
fn queens_svg() {
    let q = Queens::new(4, Order::Natural).unwrap();
    let mut sols = Vec::new();
    q.search(Limits::none(), |s| {
        sols.push(s);
        ControlFlow::Continue(())
    });
    let text = svg::queens(4, &sols, "4 queens");
    let doc = parse_svg(&text);
    // A disc per queen, a square per cell, in each of the two drawings.
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 8);
    let groups = doc.descendants().filter(|n| n.has_tag_name("g")).count();
    assert_eq!(groups, 2);
    insta::assert_snapshot!("queens4_svg", text);
}

fn tilings(p: &Polyomino, n: usize) -> Vec<Tiling> {
    let mut out = Vec::new();
    p.search(Limits::none(), |t| {
        out.push(t);
        if out.len() == n {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

#[test]
fn tiling_svg_and_text() {
    let p = Polyomino::new(Board::rect(3, 20).unwrap(), Piece::pentominoes()).unwrap();
    let found = tilings(&p, 2);
    assert_eq!(found.len(), 2);
    insta::assert_snapshot!(
        "pentomino_3x20_text",
        format!("{}\n{}", found[0].to_text(), found[1].to_text())
    );
    let text = svg::tilings(&found, "3x20 <pentominoes> & more");
    let doc = parse_svg(&text);
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("3x20 <pentominoes> & more"));
    // A coloured square per cell.
    let cells = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("24"))
        .count();
    assert_eq!(cells, 2 * 60);
    // A small board with a hole, drawn with its outline.
    let board = Board::parse("AAA\nA.A\nAAA\n").unwrap();
    let set = Piece::parse_set("xx yy zz ww\n").unwrap();
    let p = Polyomino::new(board, set).unwrap();
    let one = tilings(&p, 1);
    insta::assert_snapshot!("ring_text", one[0].to_text());
    let text = svg::tilings(&one, "ring");
    parse_svg(&text);
    insta::assert_snapshot!("ring_svg", text);
}

#[test]
fn langford_svg() {
    let l = Langford::new(4).unwrap();
    let mut seqs = Vec::new();
    l.search(Limits::none(), |s| {
        seqs.push(s);
        ControlFlow::Continue(())
    });
    assert_eq!(seqs.len(), 2);
    let text = svg::langford(&seqs, "L(2,4)");
    let doc = parse_svg(&text);
    let arcs = doc.descendants().filter(|n| n.has_tag_name("path")).count();
    assert_eq!(arcs, 2 * 4);
    insta::assert_snapshot!("langford4_svg", text);
}
