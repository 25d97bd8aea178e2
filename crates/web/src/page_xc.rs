//! Exact cover on the page: Knuth's text searched by the front door, with his figures, and the
//! puzzles whose solutions are drawn.

use std::ops::ControlFlow;

use dlx::{Engine, OptionId, Problem, Task};
use puzzles::Puzzle;
use serde_json::{json, Value};

use crate::{found_one, watched, Answer, Fields, Progress, Refusal};

/// The most solutions a listing sends back as text (a count goes on past them).
const MAX_LISTED: u64 = 1000;
/// The most solutions drawn in one picture.
const MAX_DRAWN: usize = 12;

/// A puzzle the page can make and draw.
enum Drawable {
    Queens(puzzles::Queens, String),
    Pentominoes(puzzles::Polyomino, String),
    Langford(puzzles::Langford, String),
}

impl Drawable {
    fn from_request(spec: &Value) -> Result<Drawable, Refusal> {
        let fields = Fields(spec);
        let size = |key: &str, default: u64| -> Result<usize, Refusal> {
            Ok(fields.u64_or(key, default)?.min(10_000) as usize)
        };
        let made = match fields.str("kind")? {
            "queens" => {
                let n = size("n", 8)?;
                puzzles::Queens::new(n, puzzles::Order::OrganPipe)
                    .map(|p| Drawable::Queens(p, format!("{n} queens")))
            }
            "pentominoes" => {
                let (rows, cols) = (size("rows", 6)?, size("cols", 10)?);
                let board = puzzles::Board::rect(rows, cols).map_err(Refusal::new)?;
                puzzles::Polyomino::new(board, puzzles::Piece::pentominoes())
                    .map(|p| Drawable::Pentominoes(p, format!("pentominoes in {rows} x {cols}")))
            }
            "langford" => {
                let n = size("n", 11)?;
                puzzles::Langford::new(n)
                    .map(|p| Drawable::Langford(p, format!("Langford pairs, n = {n}")))
            }
            other => {
                return Err(Refusal::new(format!(
                    "unknown puzzle `{other}` (queens, pentominoes or langford)"
                )))
            }
        };
        made.map_err(Refusal::new)
    }

    fn problem(&self) -> &Problem {
        match self {
            Drawable::Queens(p, _) => p.problem(),
            Drawable::Pentominoes(p, _) => p.problem(),
            Drawable::Langford(p, _) => p.problem(),
        }
    }

    fn title(&self) -> String {
        match self {
            Drawable::Queens(_, t) | Drawable::Pentominoes(_, t) | Drawable::Langford(_, t) => {
                t.clone()
            }
        }
    }

    /// The solutions (as options of the puzzle's problem) drawn side by side.
    fn svg(&self, solutions: &[Vec<OptionId>]) -> String {
        fn draw<P: Puzzle>(p: &P, solutions: &[Vec<OptionId>]) -> String {
            let decoded: Vec<P::Solution> = solutions
                .iter()
                .map(|s| p.decode(s.iter().copied()))
                .collect();
            p.to_svg(&decoded)
        }
        match self {
            Drawable::Queens(p, _) => draw(p, solutions),
            Drawable::Pentominoes(p, _) => draw(p, solutions),
            Drawable::Langford(p, _) => draw(p, solutions),
        }
    }
}

fn knuth_text(problem: &Problem) -> String {
    let mut out = Vec::new();
    dlx::text::write_problem(problem, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("Knuth's text is UTF-8")
}

/// `xc.make`: the text of a puzzle the page draws.
pub(crate) fn make(fields: &Fields<'_>) -> Answer {
    let spec = fields
        .get("puzzle")
        .ok_or_else(|| Refusal::new("the request has no `puzzle`"))?;
    let puzzle = Drawable::from_request(spec)?;
    Ok(json!({ "text": knuth_text(puzzle.problem()), "title": puzzle.title() }))
}

/// `xc`: a search of Knuth's text.
pub(crate) fn run(fields: &Fields<'_>, progress: Progress) -> Answer {
    let text = fields.str("text")?;
    let parsed = dlx::text::parse(text)
        .map_err(|e| Refusal::at(e.kind.to_string(), e.line, e.column).in_field("text"))?;
    let problem = &parsed.problem;
    // Drawn only when the text is the puzzle's, as the page made it (not edited since).
    let drawable = match fields.get("draw") {
        Some(spec) => {
            let puzzle = Drawable::from_request(spec)?;
            (knuth_text(puzzle.problem()) == knuth_text(problem)).then_some(puzzle)
        }
        None => None,
    };
    let engine: Engine = fields
        .str_or("engine", "auto")?
        .parse()
        .map_err(Refusal::new)?;
    let k = fields.u64_or("k", 10)?;
    let task = match fields.str_or("task", "count")? {
        "count" | "list" => Task::List,
        "cheapest" => Task::Cheapest {
            k: k.clamp(1, 100_000) as usize,
        },
        "memo" => Task::Memo,
        other => {
            return Err(Refusal::new(format!(
                "unknown task `{other}` (count, list, cheapest or memo)"
            )))
        }
    };
    let listing = fields.str_or("task", "count")? == "list";
    let mut limits = watched(progress);
    if listing {
        limits = limits.solutions(k.max(1));
    }
    let max_nodes = fields.u64_or("maxNodes", 0)?;
    if max_nodes > 0 {
        limits = limits.nodes(max_nodes);
    }
    let search = problem
        .search()
        .task(task)
        .engine(engine)
        .threads(1)
        .limits(limits);
    let mut kept: Vec<Vec<OptionId>> = Vec::new();
    let found = search
        .run(|options| {
            found_one();
            if kept.len() < MAX_LISTED as usize && (listing || kept.len() < MAX_DRAWN) {
                kept.push(options.to_vec());
            }
            ControlFlow::Continue(())
        })
        .map_err(Refusal::new)?;
    let stats = &found.stats;
    let mut answer = json!({
        "count": found.count.to_string(),
        "complete": found.is_complete(),
        "stopped": found.stopped.map(|s| s.name()),
        "engine": found.engine.name(),
        "program": match task {
            Task::Cheapest { .. } => "dlx5",
            Task::Memo => "dlx6",
            _ => found.engine.program(problem),
        },
        "nodes": stats.nodes,
        "updates": stats.updates,
        "cleansings": stats.cleansings,
        "items": problem.num_items(),
        "primary": problem.num_primary(),
        "options": problem.num_options(),
        "warnings": parsed.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
    });
    if let Some(best) = &found.cheapest {
        answer["cheapest"] = best
            .solutions
            .iter()
            .map(|s| json!({ "cost": s.cost, "text": solution_text(problem, &s.options) }))
            .collect();
        kept = best.solutions.iter().map(|s| s.options.clone()).collect();
    }
    if let Some(memo) = &found.memo {
        answer["memo"] = json!({
            "zddNodes": memo.stats.zdd_nodes,
            "memos": memo.stats.memos,
            "hits": memo.stats.hits,
            "memory": memo.stats.memory,
        });
        if let Some(zdd) = memo.zdd() {
            kept = zdd
                .solutions()
                .take(MAX_DRAWN)
                .map(|s| s.into_iter().map(OptionId::new).collect())
                .collect();
        }
    }
    if listing {
        answer["solutions"] = kept
            .iter()
            .map(|s| Value::String(solution_text(problem, s)))
            .collect();
    }
    if let Some(puzzle) = drawable {
        let shown = &kept[..kept.len().min(MAX_DRAWN)];
        if !shown.is_empty() {
            answer["svg"] = Value::String(puzzle.svg(shown));
            answer["drawn"] = json!(shown.len());
        }
        answer["title"] = Value::String(puzzle.title());
    }
    Ok(answer)
}

fn solution_text(problem: &Problem, options: &[OptionId]) -> String {
    let mut out = Vec::new();
    dlx::text::write_solution(problem, options, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("Knuth's text is UTF-8")
}
