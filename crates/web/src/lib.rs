//! The page's half in WebAssembly: one entry, [`handle`], that takes a request as JSON and
//! gives the answer as JSON. The page's worker (`www/worker.js`) calls it through
//! wasm-bindgen's `request`; the tests call it natively.
//!
//! Requests name an `op`:
//! - `sudoku.read`: the first puzzle of a text in any form the library reads;
//! - `sudoku.solve`: `task` `solve`, `count` (to `limit`) or `unique`;
//! - `sudoku.hint`: the grader's next deduction on the board as it is;
//! - `sudoku.generate`: a puzzle with one solution (size, symmetry, grade, seed), rated;
//! - `sudoku.solveAll`: every puzzle of a text solved in turn (what the browser test times);
//! - `xc`: Knuth's text searched: `task` `count`, `list` (the first `k`), `cheapest` (`k`) or
//!   `memo`, with Knuth's figures; with `draw`, the solutions of a puzzle drawn;
//! - `xc.make`: the exact-cover text of a puzzle (queens, pentominoes, Langford pairs).
//!
//! Every answer has `ok`; a refused one has `error` with its `message` and, for input that does
//! not read, the `line` and `column` to mark. Long searches report progress through the
//! [`Progress`] hook every 4096 nodes; the page ends a search by ending the worker.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

mod page_sudoku;
mod page_xc;

/// Called every 4096 nodes of a search with the nodes searched so far and the solutions found
/// so far (of a listing or count): the page's worker posts them, a few times a second.
pub type Progress = fn(nodes: u64, solutions: u64);

/// Looks at the engine's clock, 4096 nodes apart, during this request.
static TICKS: AtomicU64 = AtomicU64::new(0);
/// Solutions found so far during this request (by the searches that visit them).
static FOUND: AtomicU64 = AtomicU64::new(0);

/// The engine asks its clock every 4096 nodes whether the deadline has passed: here it never
/// has (the page stops a search by ending its worker), and each look reports progress.
fn clock(progress: Progress) -> dlx::Clock {
    Arc::new(move || {
        let ticks = TICKS.fetch_add(1, Ordering::Relaxed) + 1;
        progress(ticks * 4096, FOUND.load(Ordering::Relaxed));
        false
    })
}

/// Limits that report progress (and stop nothing).
fn watched(progress: Progress) -> dlx::Limits {
    dlx::Limits::none().until(Some(clock(progress)))
}

/// One more solution found, for the progress report.
fn found_one() {
    FOUND.fetch_add(1, Ordering::Relaxed);
}

/// A refusal: what is wrong, and where in the input when it is the input.
#[derive(Debug)]
pub(crate) struct Refusal {
    message: String,
    at: Option<(usize, usize)>,
    /// Which text box the place is in (`text`, `regions`), when the request has two.
    field: Option<&'static str>,
}

impl Refusal {
    pub(crate) fn new(message: impl std::fmt::Display) -> Refusal {
        Refusal {
            message: message.to_string(),
            at: None,
            field: None,
        }
    }

    pub(crate) fn at(message: impl std::fmt::Display, line: usize, column: usize) -> Refusal {
        Refusal {
            message: message.to_string(),
            at: Some((line, column)),
            field: None,
        }
    }

    pub(crate) fn in_field(mut self, field: &'static str) -> Refusal {
        self.field = Some(field);
        self
    }
}

pub(crate) type Answer = Result<Value, Refusal>;

/// Reads a field of a request.
pub(crate) struct Fields<'a>(&'a Value);

impl Fields<'_> {
    pub(crate) fn str(&self, key: &str) -> Result<&str, Refusal> {
        match self.0.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(Refusal::new(format!("`{key}` must be text"))),
            None => Err(Refusal::new(format!("the request has no `{key}`"))),
        }
    }

    pub(crate) fn str_or<'b>(&'b self, key: &str, default: &'b str) -> Result<&'b str, Refusal> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(_) => self.str(key),
        }
    }

    pub(crate) fn u64_or(&self, key: &str, default: u64) -> Result<u64, Refusal> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v
                .as_u64()
                .ok_or_else(|| Refusal::new(format!("`{key}` must be a whole number, 0 or more"))),
        }
    }

    pub(crate) fn bool_or(&self, key: &str, default: bool) -> Result<bool, Refusal> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(Refusal::new(format!("`{key}` must be true or false"))),
        }
    }

    pub(crate) fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key).filter(|v| !v.is_null())
    }
}

/// Answers one request (JSON in, JSON out); `progress` hears of long searches.
pub fn handle(request: &str, progress: Progress) -> String {
    TICKS.store(0, Ordering::Relaxed);
    FOUND.store(0, Ordering::Relaxed);
    let answer = match serde_json::from_str::<Value>(request) {
        Ok(value) => dispatch(&value, progress),
        Err(e) => Err(Refusal::new(format!("the request is not JSON: {e}"))),
    };
    let value = match answer {
        Ok(mut value) => {
            value["ok"] = Value::Bool(true);
            value
        }
        Err(refusal) => {
            let mut error = json!({ "message": refusal.message });
            if let Some((line, column)) = refusal.at {
                error["line"] = json!(line);
                error["column"] = json!(column);
            }
            if let Some(field) = refusal.field {
                error["field"] = json!(field);
            }
            json!({ "ok": false, "error": error })
        }
    };
    value.to_string()
}

fn dispatch(request: &Value, progress: Progress) -> Answer {
    let fields = Fields(request);
    match fields.str("op")? {
        "sudoku.read" => page_sudoku::read(&fields),
        "sudoku.solve" => page_sudoku::solve(&fields, progress),
        "sudoku.hint" => page_sudoku::hint(&fields),
        "sudoku.generate" => page_sudoku::generate(&fields, progress),
        "sudoku.solveAll" => page_sudoku::solve_all(&fields),
        "xc" => page_xc::run(&fields, progress),
        "xc.make" => page_xc::make(&fields),
        "engines" => Ok(json!({
            "engines": dlx::Engine::ALL.iter().map(|e| e.name()).collect::<Vec<_>>()
        })),
        other => Err(Refusal::new(format!("unknown request `{other}`"))),
    }
}

#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// The worker's progress hook (`self.dlxProgress` in `www/worker.js`).
        #[wasm_bindgen(js_name = dlxProgress)]
        fn dlx_progress(nodes: f64, solutions: f64);
    }

    fn progress(nodes: u64, solutions: u64) {
        dlx_progress(nodes as f64, solutions as f64);
    }

    /// Answers one request: JSON in, JSON out ([`crate::handle`]).
    #[wasm_bindgen]
    pub fn request(json: &str) -> String {
        crate::handle(json, progress)
    }

    /// The module's version and what it was built with, for the page's footer.
    #[wasm_bindgen]
    pub fn version() -> String {
        format!("dlx-web {}", env!("CARGO_PKG_VERSION"))
    }
}
