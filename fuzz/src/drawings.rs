//! The drawing readers: polyomino boards and piece sets (`puzzles`), and the region maps of
//! irregular sudoku (`sudoku`). Any bytes: no panic; a byte-order mark in front and CRLF line
//! ends change nothing (a BOM once became a one-cell piece); what reads builds a problem that
//! searches within a node limit without panicking.
//!
//! The first byte picks the reader; the rest is the text. For the tiling, a `\0` splits the
//! text into a board and a piece set.

use dlx::Limits;
use puzzles::{Board, Piece, Polyomino, Puzzle};
use sudoku::Regions;

/// The same text with a byte-order mark in front and every line ended by CRLF.
fn dressed(text: &str) -> String {
    let mut out = String::from("\u{feff}");
    for line in text.split('\n') {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.truncate(out.len() - 2);
    out
}

/// Runs the check for one input.
pub fn check(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    // Texts that already hold a `\r` or a BOM of their own are not compared with a dressed copy:
    // `a\r\n` and `a\n` are meant to read alike, `a\r` alone and `a` need not.
    let plain = !text.contains('\r') && !text.contains('\u{feff}');
    match mode % 3 {
        0 => {
            let board = Board::parse(&text);
            if let Ok(b) = &board {
                assert!(b.num_cells() <= b.rows() * b.cols());
            }
            if plain {
                assert_eq!(
                    Board::parse(&dressed(&text)),
                    board,
                    "BOM or CRLF changed the board"
                );
            }
        }
        1 => {
            let pieces = Piece::parse_set(&text);
            if let Ok(set) = &pieces {
                assert!(set.iter().all(|p| !p.cells().is_empty()));
            }
            if plain {
                assert_eq!(
                    Piece::parse_set(&dressed(&text)).map(|s| names_and_cells(&s)),
                    pieces
                        .as_ref()
                        .map(|s| names_and_cells(s))
                        .map_err(Clone::clone),
                    "BOM or CRLF changed the pieces"
                );
            }
        }
        _ => {
            let regions = Regions::from_map(&text).map(|r| format!("{r:?}"));
            if plain {
                let again = Regions::from_map(&dressed(&text)).map(|r| format!("{r:?}"));
                assert_eq!(again, regions, "BOM or CRLF changed the regions");
            }
            // A board and pieces, tiled within a node limit.
            if let Some((board, pieces)) = text.split_once('\0') {
                let (Ok(board), Ok(pieces)) = (Board::parse(board), Piece::parse_set(pieces))
                else {
                    return;
                };
                if let Ok(p) = Polyomino::new(board, pieces) {
                    let mut found = 0u64;
                    let outcome = p.search(Limits::none().nodes(2_000), &mut |_| {
                        found += 1;
                        std::ops::ControlFlow::Continue(())
                    });
                    assert_eq!(outcome.solutions, found);
                }
            }
        }
    }
}

fn names_and_cells(set: &[Piece]) -> Vec<(char, Vec<(i32, i32)>)> {
    set.iter().map(|p| (p.name(), p.cells().to_vec())).collect()
}
