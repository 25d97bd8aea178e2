// The page: a sudoku board and an exact-cover text box, with every search in a worker
// (worker.js) that the Stop button ends at once.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the worker

/** Runs requests in a worker, one at a time; `stop` ends the one running. */
class Runner {
  constructor() {
    this.next = 1;
    this.pending = null;
    this.onProgress = () => {};
    this.start();
  }

  start() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.ready = new Promise((resolve) => {
      this.worker.addEventListener("message", (e) => {
        if (e.data.ready) resolve(e.data.ready);
      });
    });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`the worker failed: ${event.message || "could not load the module"}`);
    };
  }

  receive(data) {
    if (data.ready) return;
    if (data.progress) {
      this.onProgress(data.progress);
      return;
    }
    const pending = this.pending;
    if (!pending || pending.id !== data.id) return;
    this.pending = null;
    if (data.crashed) {
      // The module's state after a panic is not to be trusted: a fresh worker.
      this.worker.terminate();
      this.start();
      pending.reject(new Error(`internal error (${data.crashed}); the engine was restarted`));
    } else {
      pending.resolve({ answer: data.answer, ms: data.ms });
    }
  }

  fail(message) {
    const pending = this.pending;
    this.pending = null;
    if (pending) pending.reject(new Error(message));
  }

  get busy() {
    return this.pending !== null;
  }

  run(request) {
    if (this.pending) return Promise.reject(new Error("a search is running: stop it first"));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ id, request });
    });
  }

  /** Ends the running search at once: the worker is terminated and another started. */
  stop() {
    if (!this.pending) return false;
    this.worker.terminate();
    const pending = this.pending;
    this.pending = null;
    this.start();
    const error = new Error("stopped");
    error.stopped = true;
    pending.reject(error);
    return true;
  }
}

const runner = new Runner();

const fmt = (n) => Number(n).toLocaleString("en-US");

let started = 0;
let ticker = null;

function showProgress(p) {
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  let text = `Searching… ${secs} s`;
  if (p && p.nodes) text += `, ${fmt(p.nodes)} nodes`;
  if (p && p.solutions) text += `, ${fmt(p.solutions)} solutions so far`;
  $("progress").textContent = text;
}

let lastProgress = null;
runner.onProgress = (p) => {
  lastProgress = p;
  showProgress(p);
};

/** Runs a request with the Stop button live and the other buttons off. */
async function work(request) {
  document.body.classList.add("busy");
  for (const b of document.querySelectorAll(".buttons button, #generate, #load, #make, #load-instance")) {
    b.disabled = true;
  }
  $("stop").disabled = false;
  started = performance.now();
  lastProgress = null;
  showProgress(null);
  ticker = setInterval(() => showProgress(lastProgress), 250);
  try {
    return await runner.run(request);
  } finally {
    clearInterval(ticker);
    $("progress").textContent = "";
    $("stop").disabled = true;
    for (const b of document.querySelectorAll(".buttons button, #generate, #load, #make, #load-instance")) {
      b.disabled = false;
    }
    document.body.classList.remove("busy");
  }
}

$("stop").addEventListener("click", () => {
  if (runner.stop()) $("progress").textContent = "";
});

// ---------------------------------------------------------------- errors marked in a text box

/** Shows `error` under a text box, with the line quoted and a caret under the column, and
 * selects that place in the box. */
function markError(textarea, box, error) {
  const text = textarea.value;
  let message = error.message;
  if (error.line) {
    const lines = text.split("\n");
    const line = lines[error.line - 1] ?? "";
    const column = Math.max(1, error.column || 1);
    const gutter = `${error.line} | `;
    message = `line ${error.line}, column ${column}: ${error.message}\n${gutter}${line}\n${" ".repeat(gutter.length + column - 1)}^`;
    let offset = 0;
    for (let k = 0; k < error.line - 1 && k < lines.length; k++) offset += lines[k].length + 1;
    const at = Math.min(text.length, offset + column - 1);
    textarea.focus();
    textarea.setSelectionRange(at, Math.min(text.length, Math.max(at + 1, offset + line.length)));
    // Scroll the line into view.
    const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 16;
    textarea.scrollTop = Math.max(0, (error.line - 3) * lineHeight);
  }
  textarea.setAttribute("aria-invalid", "true");
  box.textContent = message;
  box.hidden = false;
}

function clearError(textarea, box) {
  textarea.removeAttribute("aria-invalid");
  box.hidden = true;
  box.textContent = "";
}

// ---------------------------------------------------------------- sudoku

const board = {
  size: 9,
  boxRows: 3,
  boxCols: 3,
  labels: "123456789".split(""),
  symbols: "default",
  cells: new Array(81).fill(0),
  givens: new Array(81).fill(0),
  inputs: [],
};

/** The most square box for `n` (as the library picks it), rows <= columns. */
function boxOf(n) {
  let best = [1, n];
  for (let r = 2; r * r <= n; r++) if (n % r === 0) best = [r, n / r];
  return best;
}

function defaultLabels(n) {
  const out = [];
  for (let d = 1; d <= n; d++) out.push(d < 10 ? String(d) : String.fromCharCode(55 + d));
  return out;
}

function variantFields() {
  return {
    diagonals: $("diagonals").checked,
    hyper: $("hyper").checked,
    regions: $("regions").value,
  };
}

function regionOf() {
  const text = $("regions").value.replace(/[\s|]/g, "");
  const n = board.size;
  if (text.length !== n * n) return null;
  const names = [];
  return [...text].map((ch) => {
    let k = names.indexOf(ch);
    if (k < 0) {
      names.push(ch);
      k = names.length - 1;
    }
    return k;
  });
}

function buildBoard() {
  const n = board.size;
  const root = $("board");
  root.innerHTML = "";
  root.style.setProperty("--n", n);
  root.dataset.size = n;
  board.inputs = [];
  const regions = regionOf();
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < n; c++) {
      const k = r * n + c;
      const cell = document.createElement("input");
      cell.type = "text";
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      cell.autocomplete = "off";
      cell.spellcheck = false;
      cell.maxLength = 2;
      cell.dataset.row = r;
      cell.dataset.col = c;
      // Box or region borders.
      const same = (r2, c2) => {
        if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n) return false;
        if (regions) return regions[r2 * n + c2] === regions[k];
        return Math.floor(r2 / board.boxRows) === Math.floor(r / board.boxRows) &&
          Math.floor(c2 / board.boxCols) === Math.floor(c / board.boxCols);
      };
      if (!same(r - 1, c)) cell.classList.add("bt");
      if (!same(r, c - 1)) cell.classList.add("bl");
      if (r === n - 1) cell.classList.add("bb");
      if (c === n - 1) cell.classList.add("br");
      if ($("diagonals").checked && (r === c || r + c === n - 1)) cell.classList.add("diag");
      if ($("hyper").checked && board.boxRows === board.boxCols) {
        const b = board.boxRows;
        const inWindow = (x) => x % (b + 1) !== 0 && Math.floor(x / (b + 1)) < b - 1;
        if (inWindow(r) && inWindow(c)) cell.classList.add("window");
      }
      cell.addEventListener("keydown", (e) => keyNav(e, r, c));
      cell.addEventListener("input", () => typed(cell, k));
      cell.addEventListener("focus", () => cell.select());
      row.appendChild(cell);
      board.inputs.push(cell);
    }
    root.appendChild(row);
  }
  paint();
}

function keyNav(e, r, c) {
  const n = board.size;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    const r2 = (r + dr + n) % n;
    const c2 = (c + dc + n) % n;
    board.inputs[r2 * n + c2].focus();
  } else if ((e.key === "Backspace" || e.key === "Delete" || e.key === " ") && !board.givens[r * n + c]) {
    e.preventDefault();
    board.cells[r * n + c] = 0;
    clearMarks();
    paint();
  }
}

function typed(cell, k) {
  if (board.givens[k]) {
    paint();
    return;
  }
  const raw = cell.value.trim().toUpperCase();
  let digit = 0;
  if (raw) {
    // The last character typed, or a two-digit number for the sizes past 9 with numbers.
    const last = raw[raw.length - 1];
    digit = board.labels.indexOf(raw) + 1 || board.labels.indexOf(last) + 1;
    if (!digit && /^[0-9]+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= board.size) {
      digit = Number(raw);
    }
  }
  board.cells[k] = digit;
  clearMarks();
  paint();
  if (!digit && raw) status(`“${raw}” is not a digit of this board (${board.labels.join(" ")})`);
}

function paint() {
  // What Print shows: the givens, or the digits typed while no puzzle is locked.
  const clues = board.givens.some((d) => d) ? board.givens : board.cells;
  board.inputs.forEach((cell, k) => {
    const d = board.cells[k];
    cell.value = d ? board.labels[d - 1] : "";
    cell.readOnly = Boolean(board.givens[k]);
    cell.classList.toggle("given", Boolean(board.givens[k]));
    cell.classList.toggle("clue", Boolean(clues[k]));
  });
  updateShare();
}

function clearMarks() {
  for (const cell of board.inputs) cell.classList.remove("focus", "target", "wrong", "differ", "solved", "removed");
  $("hint-steps").innerHTML = "";
}

function status(text) {
  $("sudoku-status").textContent = text;
}

function setSize(n, boxRows, boxCols) {
  board.size = n;
  [board.boxRows, board.boxCols] = boxRows ? [boxRows, boxCols] : boxOf(n);
  board.labels = defaultLabels(n);
  board.symbols = "default";
  board.cells = new Array(n * n).fill(0);
  board.givens = new Array(n * n).fill(0);
  $("size").value = String(n);
  buildBoard();
}

function loadPuzzle(p) {
  setSize(p.size, p.boxRows, p.boxCols);
  board.labels = p.labels;
  board.symbols = p.symbols || "default";
  board.cells = p.cells.slice();
  board.givens = p.cells.slice();
  clearMarks();
  paint();
}

function sudokuRequest(op, extra) {
  return {
    op,
    size: board.size,
    boxRows: board.boxRows,
    boxCols: board.boxCols,
    symbols: board.symbols,
    ...variantFields(),
    ...extra,
  };
}

/** The line the share link carries: the givens, or the board when nothing is locked. */
function puzzleLine() {
  const cells = board.givens.some((d) => d) ? board.givens : board.cells;
  if (board.size > 35) return cells.join(" ");
  return cells.map((d) => (d ? board.labels[d - 1] : ".")).join("");
}

function updateShare() {
  const params = new URLSearchParams();
  if (board.cells.some((d) => d)) params.set("puzzle", puzzleLine());
  if (board.boxRows !== boxOf(board.size)[0]) params.set("box", `${board.boxRows}x${board.boxCols}`);
  if ($("diagonals").checked) params.set("x", "1");
  if ($("hyper").checked) params.set("hyper", "1");
  if ($("regions").value.trim()) params.set("regions", $("regions").value.replace(/\s+/g, ""));
  const query = params.toString();
  const url = `${location.pathname}${query ? "?" + query : ""}`;
  $("share").href = url;
  if (query !== location.search.replace(/^\?/, "")) history.replaceState(null, "", url);
}

function refusal(answer) {
  const e = new Error(answer.error.message);
  e.refusal = answer.error;
  return e;
}

async function sudokuTask(task) {
  clearMarks();
  const { answer, ms } = await work(sudokuRequest("sudoku.solve", {
    task,
    cells: board.cells,
    limit: Number($("count-limit").value) || 1000,
  }));
  if (!answer.ok) throw refusal(answer);
  const secs = (ms / 1000).toFixed(3);
  const figures = `${fmt(answer.nodes)} nodes, ${secs} s (${answer.strategy})`;
  if (task === "solve" && answer.solution) {
    answer.solution.forEach((d, k) => {
      if (!board.cells[k]) board.inputs[k].classList.add("solved");
    });
    if (!board.givens.some((d) => d)) board.givens = board.cells.slice();
    board.cells = answer.solution.slice();
    paint();
    status(`Solved: ${figures}.`);
  } else if (task === "unique" && answer.differ) {
    for (const [r, c] of answer.differ) board.inputs[r * board.size + c].classList.add("differ");
    status(`Not unique: two solutions or more. The marked cells differ between two of them. ${figures}.`);
  } else {
    const words = answer.status.charAt(0).toUpperCase() + answer.status.slice(1);
    status(`${words}. ${figures}.`);
  }
  return answer;
}

async function hint() {
  clearMarks();
  const givens = board.givens.some((d) => d) ? board.givens : board.cells;
  const { answer } = await work(sudokuRequest("sudoku.hint", { cells: board.cells, givens }));
  if (!answer.ok) throw refusal(answer);
  const n = board.size;
  if (answer.wrong) {
    for (const [r, c] of answer.wrong) board.inputs[r * n + c].classList.add("wrong");
    status(`Hint: ${answer.text}.`);
    return answer;
  }
  if (!answer.steps.length) {
    status("The board is full: no hint needed.");
    return answer;
  }
  const list = $("hint-steps");
  for (const step of answer.steps) {
    const li = document.createElement("li");
    li.textContent = step.text;
    list.appendChild(li);
    for (const [r, c] of step.focus) board.inputs[r * n + c].classList.add("focus");
    for (const [r, c] of step.removed) board.inputs[r * n + c].classList.add("removed");
  }
  const last = answer.steps[answer.steps.length - 1];
  if (last.placed) {
    board.inputs[last.placed.row * n + last.placed.col].classList.add("target");
  }
  status(`Hint (${last.technique}): ${last.text}`);
  return answer;
}

async function generate() {
  clearMarks();
  const n = Number($("size").value);
  const [boxRows, boxCols] = boxOf(n);
  const { answer, ms } = await work({
    op: "sudoku.generate",
    size: n,
    boxRows,
    boxCols,
    ...variantFields(),
    symmetry: $("symmetry").value,
    grade: $("grade").value,
    seed: Number($("seed").value) || 0,
    clues: Number($("gen-clues").value) || 0,
  });
  if (!answer.ok) throw refusal(answer);
  loadPuzzle(answer);
  const rating = answer.grade ? `graded ${answer.grade} (score ${answer.score}, hardest step: ${answer.hardest || "none"})` : "";
  const note = answer.gradeMet ? "" : ` No puzzle of the difficulty asked for in ${answer.tries} tries: this is the last one made.`;
  const unproved = answer.unproved ? `, not proved minimal (${answer.unproved} kept whose proof ran too long)` : "";
  status(`Generated from seed ${answer.seed}: ${answer.clues} clues${answer.minimal ? ", minimal" : unproved}, ${rating}, in ${(ms / 1000).toFixed(2)} s.${note}`);
  $("seed").value = String((Number($("seed").value) || 0) + 1);
  return answer;
}

async function loadText(text) {
  clearError($("paste"), $("paste-error"));
  const { answer } = await work({ op: "sudoku.read", text });
  if (!answer.ok) {
    markError($("paste"), $("paste-error"), answer.error);
    throw refusal(answer);
  }
  loadPuzzle(answer);
  const more = answer.puzzles > 1 ? ` (the first of ${answer.puzzles} in the text)` : "";
  status(`Loaded a ${answer.size}x${answer.size} puzzle with ${answer.cells.filter((d) => d).length} clues${more}.`);
  return answer;
}

/** Runs an action, reporting its error in the status line. */
function act(action, where = status) {
  return async () => {
    try {
      await action();
    } catch (e) {
      if (e.stopped) where("Stopped.");
      else where(e.refusal && e.refusal.line ? "The text does not read: see the mark." : `${e.message}.`);
    }
  };
}

$("solve").addEventListener("click", act(() => sudokuTask("solve")));
$("count").addEventListener("click", act(() => sudokuTask("count")));
$("unique").addEventListener("click", act(() => sudokuTask("unique")));
$("hint").addEventListener("click", act(hint));
$("generate").addEventListener("click", act(generate));
$("load").addEventListener("click", act(() => loadText($("paste").value)));
$("clear").addEventListener("click", () => {
  board.cells = board.givens.some((d) => d) ? board.givens.slice() : board.cells.map(() => 0);
  clearMarks();
  paint();
  status("");
});
$("empty").addEventListener("click", () => {
  setSize(board.size);
  clearMarks();
  status("");
});
$("print").addEventListener("click", () => window.print());
$("size").addEventListener("change", () => setSize(Number($("size").value)));
for (const id of ["diagonals", "hyper"]) $(id).addEventListener("change", () => buildBoard());
$("regions").addEventListener("change", () => buildBoard());

// ---------------------------------------------------------------- exact cover

let drawSpec = null;
let drawText = null;

function xcStatus(text) {
  $("xc-status").textContent = text;
}

function showFigures(rows) {
  const body = $("xc-figures").querySelector("tbody");
  body.innerHTML = "";
  for (const [name, value] of rows) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    const td = document.createElement("td");
    td.textContent = value;
    tr.append(th, td);
    body.appendChild(tr);
  }
  $("xc-figures").hidden = rows.length === 0;
}

async function xcRun(task) {
  const text = $("xc-text").value;
  clearError($("xc-text"), $("xc-error"));
  showFigures([]);
  $("xc-drawing").innerHTML = "";
  $("xc-solutions").hidden = true;
  const request = {
    op: "xc",
    text,
    task,
    k: Math.max(1, Number($("xc-k").value) || 10),
    engine: $("engine").value,
  };
  if (drawSpec && text === drawText) request.draw = drawSpec;
  const { answer, ms } = await work(request);
  if (!answer.ok) {
    if (answer.error.field === "text") markError($("xc-text"), $("xc-error"), answer.error);
    throw refusal(answer);
  }
  const rows = [
    ["Solutions", answer.complete ? fmt(answer.count) : `${fmt(answer.count)}+ (stopped: ${answer.stopped})`],
    ["Nodes", fmt(answer.nodes)],
    ["Updates", fmt(answer.updates)],
  ];
  if (answer.cleansings) rows.push(["Cleansings", fmt(answer.cleansings)]);
  if (answer.memo) {
    rows.push(["ZDD nodes", fmt(answer.memo.zddNodes)], ["Memos", fmt(answer.memo.memos)], ["Cache hits", fmt(answer.memo.hits)]);
  }
  rows.push(
    ["Program", `${answer.program} (engine: ${answer.engine})`],
    ["Problem", `${fmt(answer.primary)} primary items, ${fmt(answer.items - answer.primary)} secondary, ${fmt(answer.options)} options`],
    ["Time", `${(ms / 1000).toFixed(3)} s`],
  );
  showFigures(rows);
  let listed = "";
  if (answer.cheapest) {
    listed = answer.cheapest.map((s, i) => `solution ${i + 1}, cost ${s.cost}:\n${s.text}`).join("\n");
  } else if (answer.solutions) {
    listed = answer.solutions.map((s, i) => `solution ${i + 1}:\n${s}`).join("\n");
  }
  if (listed) {
    $("xc-solutions").textContent = listed;
    $("xc-solutions").hidden = false;
  }
  if (answer.svg) {
    $("xc-drawing").innerHTML = answer.svg;
    const svg = $("xc-drawing").querySelector("svg");
    if (svg) {
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", `${answer.title}: the first ${answer.drawn} solutions drawn`);
    }
  }
  const warnings = answer.warnings.length ? ` ${answer.warnings.join("; ")}.` : "";
  const what = { count: "Counted", list: "Listed", cheapest: "Cheapest found", memo: "Counted by memo" }[task];
  xcStatus(`${what}: ${answer.complete ? "" : "at least "}${fmt(answer.count)} solutions, ${fmt(answer.nodes)} nodes, ${fmt(answer.updates)} updates (${answer.program}).${warnings}`);
  return answer;
}

const INSTANCES = [];

async function loadInstances() {
  try {
    const list = await (await fetch("instances/index.json")).json();
    for (const item of list) {
      INSTANCES.push(item);
      const option = document.createElement("option");
      option.value = item.file;
      option.textContent = item.title;
      $("instance").appendChild(option);
    }
    // The first instance is ready to load; the placeholder comes back once the text is made.
    if (list.length) $("instance").value = list[0].file;
  } catch {
    xcStatus("The bundled instances could not be loaded.");
  }
}

async function loadInstance() {
  const file = $("instance").value;
  if (!file) {
    xcStatus("Choose a bundled instance to load.");
    return;
  }
  const item = INSTANCES.find((i) => i.file === file);
  const response = await fetch(`instances/${file}`);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  $("xc-text").value = await response.text();
  drawSpec = item && item.draw ? item.draw : null;
  drawText = $("xc-text").value;
  clearError($("xc-text"), $("xc-error"));
  xcStatus(`Loaded ${item ? item.title : file}.`);
}

async function makePuzzle() {
  const kind = $("make-kind").value;
  const spec = { kind, n: Number($("make-n").value), rows: Number($("make-rows").value), cols: Number($("make-cols").value) };
  const { answer } = await work({ op: "xc.make", puzzle: spec });
  if (!answer.ok) throw refusal(answer);
  $("xc-text").value = answer.text;
  drawSpec = spec;
  drawText = answer.text;
  // The select names what Load would load, not the text: it no longer names an instance.
  $("instance").value = "";
  clearError($("xc-text"), $("xc-error"));
  xcStatus(`Made ${answer.title}: its solutions are drawn while the text is unchanged.`);
}

$("xc-count").addEventListener("click", act(() => xcRun("count"), xcStatus));
$("xc-list").addEventListener("click", act(() => xcRun("list"), xcStatus));
$("xc-cheapest").addEventListener("click", act(() => xcRun("cheapest"), xcStatus));
$("xc-memo").addEventListener("click", act(() => xcRun("memo"), xcStatus));
$("load-instance").addEventListener("click", act(loadInstance, xcStatus));
$("make").addEventListener("click", act(makePuzzle, xcStatus));

// ---------------------------------------------------------------- tabs, start

function showTab(name) {
  $("sudoku").hidden = name !== "sudoku";
  $("xc").hidden = name !== "xc";
  $("tab-sudoku").setAttribute("aria-pressed", String(name === "sudoku"));
  $("tab-xc").setAttribute("aria-pressed", String(name === "xc"));
}
$("tab-sudoku").addEventListener("click", () => showTab("sudoku"));
$("tab-xc").addEventListener("click", () => showTab("xc"));

async function startUp() {
  const params = new URLSearchParams(location.search);
  if (params.get("x") === "1") $("diagonals").checked = true;
  if (params.get("hyper") === "1") $("hyper").checked = true;
  if (params.get("regions")) {
    const map = params.get("regions");
    const n = Math.round(Math.sqrt(map.length));
    $("regions").value = (map.match(new RegExp(`.{1,${n}}`, "g")) || []).join("\n");
    $("regions-box").open = true;
  }
  setSize(9);
  if (params.get("tab") === "xc") showTab("xc");
  for (const name of ["auto", "links", "cells", "weighted", "failrate"]) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("engine").appendChild(option);
  }
  await loadInstances();
  runner.ready.then((v) => {
    $("version").textContent = `${v}, in a Web Worker.`;
    // When the page could first answer a request (ms since navigation): the browser test's figure.
    window.dlxPage.readyMs = performance.now();
    document.body.dataset.ready = "1";
  });
  const puzzle = params.get("puzzle");
  if (puzzle) {
    $("paste").value = puzzle;
    const box = params.get("box");
    await act(async () => {
      const answer = await loadText(puzzle);
      if (box && /^\d+x\d+$/.test(box)) {
        const [r, c] = box.split("x").map(Number);
        if (r * c === answer.size) {
          board.boxRows = r;
          board.boxCols = c;
          buildBoard();
        }
      }
    })();
  }
}

startUp();

// For the browser test and the console: the page's state and runner.
window.dlxPage = { board, runner, work };
