// The page in a real browser: Debian's Chromium, driven by playwright-core, against the built
// page (crates/web/dist) on a local server. `crates/web/test` starts the server and runs this;
// by hand: node --test test.mjs with BASE_URL, DLX (the release CLI), SOLVE_ALL (the native
// side of the speed figure) and SHOTS (where screenshots go) set.
//
// Every step asserts what a person would see, reads the board back from the page, checks the
// page's answers against the CLI, and writes a screenshot; no step may log an error in the
// page's or the worker's console.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8765/";
const DLX = process.env.DLX ?? "../../target/release/dlx";
const SHOTS = process.env.SHOTS ?? "../../target/web-test";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SET = process.env.SUDOKU_SET ?? "../../data/sudoku/17-clue-first2000.txt";
// The native side of the speed figure (examples/solve_all.rs, built with --release).
const SOLVE_ALL = process.env.SOLVE_ALL ?? "target/release/examples/solve_all";
mkdirSync(SHOTS, { recursive: true });

let browser;
let page;
const problems = [];
const figures = {};

function watch(target, where) {
  target.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`${where} console error: ${msg.text()}`);
  });
}

before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  watch(page, "page");
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("worker", (w) => watch(w, "worker"));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
});

after(async () => {
  await browser?.close();
  writeFileSync(join(SHOTS, "figures.json"), JSON.stringify(figures, null, 2) + "\n");
  console.log(`browser figures: ${JSON.stringify(figures)}`);
});

/** Fails the step if anything went wrong in a console, and takes its screenshot. */
async function done(name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const seen = problems.splice(0);
  assert.deepEqual(seen, [], `errors during ${name}`);
}

async function open(query = "") {
  await page.goto(BASE + query);
  await page.waitForSelector("body[data-ready='1']", { timeout: 10000 });
}

/** The board as a line, read from the cells' text boxes ('.' for empty). */
function boardLine() {
  return page.$$eval("#board input.cell", (cells) => cells.map((c) => c.value || ".").join(""));
}

async function statusText(id = "sudoku-status") {
  return (await page.textContent(`#${id}`)).trim();
}

/** Asserts that the element is where the user looks without scrolling: inside the window and
 * above the run bar fixed at its bottom (which once hid the hint's status line). */
async function inView(selector) {
  const at = await page.$eval(selector, (e) => {
    const bar = document.getElementById("runbar").getBoundingClientRect();
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, bar: bar.top };
  });
  assert.ok(at.top >= 0 && at.bottom <= at.bar, `${selector} is at ${at.top} to ${at.bottom} px, the run bar from ${at.bar} px`);
}

/** Clicks a button by its name and waits until the search it starts has finished. */
async function press(name, { timeout = 30000 } = {}) {
  await page.getByRole("button", { name, exact: true }).click();
  await page.waitForFunction(() => !window.dlxPage.runner.busy && !document.body.classList.contains("busy"), null, { timeout });
}

function cli(args, input) {
  return execFileSync(DLX, args, { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
}

function cliRecords(args, input) {
  return cli([...args, "--format", "json", "-"], input)
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((r) => !r.summary);
}

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

test("the page is interactive within a second on a local server", async () => {
  const times = [];
  for (let k = 0; k < 5; k++) {
    await open();
    times.push(await page.evaluate(() => window.dlxPage.readyMs));
  }
  times.sort((a, b) => a - b);
  figures.readyMs = Math.round(times[2]);
  assert.ok(times[2] < 1000, `ready after ${times[2]} ms (median of 5)`);
  // The buttons are buttons named by their text, and the inputs have labels.
  // (Stop is shown only while a search runs: the Stop test below finds it by its name.)
  for (const name of ["Solve", "Count", "Prove unique", "Hint", "Generate", "Print", "Load"]) {
    assert.equal(await page.getByRole("button", { name, exact: true }).count(), 1, name);
  }
  for (const label of ["Size", "Symmetry", "Difficulty", "Seed", "Count up to", "Diagonals"]) {
    assert.equal(await page.getByLabel(label).count(), 1, label);
  }
  await done("01-ready");
});

test("a puzzle typed into the board is solved, and the board read back is the CLI's solution", async () => {
  await open();
  for (let k = 0; k < 81; k++) {
    if (PUZZLE[k] === ".") continue;
    const cell = page.locator("#board input.cell").nth(k);
    await cell.click();
    await page.keyboard.type(PUZZLE[k]);
  }
  assert.equal(await boardLine(), PUZZLE);
  // The share link carries what was typed.
  assert.ok((await page.getAttribute("#share", "href")).includes(`puzzle=${PUZZLE}`));
  await press("Solve");
  const [record] = cliRecords(["sudoku"], PUZZLE);
  assert.equal(record.status, "solved");
  assert.equal(await boardLine(), record.solution);
  assert.match(await statusText(), /^Solved: [\d,]+ nodes/);
  await done("02-typed-and-solved");
  // Print shows the puzzle as typed, on a clean page: no buttons, no solution.
  await page.emulateMedia({ media: "print" });
  assert.equal(await page.isVisible(".panel"), false);
  assert.equal(await page.isVisible("header"), false);
  const shown = await page.$$eval("#board input.cell", (cells) =>
    cells.map((c) => (getComputedStyle(c).color === "rgba(0, 0, 0, 0)" ? "." : c.value)).join(""));
  assert.equal(shown, PUZZLE);
  await page.screenshot({ path: join(SHOTS, "02-print.png") });
  await page.emulateMedia({ media: "screen" });
});

test("?puzzle= opens with the puzzle loaded, and it is solved and proved unique", async () => {
  const line = readFileSync(SET, "utf8").split("\n")[0].trim();
  await open(`?puzzle=${line}`);
  await page.waitForFunction(() => window.dlxPage.board.givens.some((d) => d));
  assert.equal(await boardLine(), line);
  assert.equal(await page.locator("#board input.given").count(), 17);
  await press("Prove unique");
  assert.match(await statusText(), /^Unique: exactly one solution\. /);
  await press("Solve");
  const [record] = cliRecords(["sudoku"], line);
  assert.equal(await boardLine(), record.solution);
  await done("03-url-loaded-and-solved");
});

test("a generated puzzle is proved unique by the CLI, and the page says its rating", async () => {
  await open();
  await page.selectOption("#symmetry", "rotate180");
  await page.fill("#seed", "7");
  await press("Generate");
  const status = await statusText();
  assert.match(status, /^Generated from seed 7: \d+ clues, minimal, graded \w+/);
  const line = await boardLine();
  assert.equal(line.length, 81);
  const [record] = cliRecords(["sudoku", "--unique"], line);
  assert.equal(record.status, "unique", `the CLI on ${line}`);
  // Rotational symmetry: a clue's mirror through the centre is a clue.
  for (let k = 0; k < 81; k++) assert.equal(line[k] === ".", line[80 - k] === ".", `cell ${k}`);
  // The CLI grades it as the page said.
  const grade = status.match(/graded (\w+)/)[1];
  assert.match(cli(["sudoku", "rate", "-"], line), new RegExp(grade, "i"));
  await done("04-generated");
});

test("16x16 and 25x25 puzzles are generated and solved on the page", async () => {
  await open();
  await page.selectOption("#size", "16");
  await page.selectOption("#symmetry", "none");
  await page.fill("#seed", "3");
  await press("Generate", { timeout: 60000 });
  const puzzle = await boardLine();
  assert.equal(puzzle.length, 256);
  await press("Solve");
  const solved = await boardLine();
  assert.ok(!solved.includes("."), "the board is full");
  const [record] = cliRecords(["sudoku"], puzzle);
  assert.equal(solved, record.solution);
  await done("05-16x16");
  // 25x25, stopped at 400 clues (a minimal one takes a minute or more): one solution still.
  await page.selectOption("#size", "25");
  await page.fill("#gen-clues", "400");
  await press("Generate", { timeout: 60000 });
  assert.match(await statusText(), /: 400 clues, graded/);
  const big = await boardLine();
  assert.equal(big.length, 625);
  const [unique] = cliRecords(["sudoku", "--unique"], big);
  assert.equal(unique.status, "unique");
  await press("Solve");
  assert.equal(await boardLine(), unique.solution);
  await done("05-25x25");
});

test("a jigsaw X-sudoku is generated, shared by its link, and solved as the CLI solves it", async () => {
  const map = "AAABBBCCC\nAAABBBCCC\nAADBBBCCC\nADDEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII";
  await open();
  await page.check("#diagonals");
  await page.click("#regions-box summary");
  await page.fill("#regions", map);
  await page.locator("#regions").dispatchEvent("change");
  await page.selectOption("#symmetry", "none");
  await page.fill("#seed", "2");
  await press("Generate");
  assert.match(await statusText(), /^Generated from seed 2: /);
  const puzzle = await boardLine();
  // The link carries the puzzle and its variant; opened, it gives the same board.
  const href = await page.getAttribute("#share", "href");
  const params = new URL(href, BASE).searchParams;
  assert.equal(params.get("puzzle"), puzzle);
  assert.equal(params.get("x"), "1");
  assert.equal(params.get("regions"), map.replace(/\n/g, ""));
  const regionsFile = join(SHOTS, "jigsaw-regions.txt");
  writeFileSync(regionsFile, map + "\n");
  const [record] = cliRecords(["sudoku", "--unique", "--diagonals", "--regions", regionsFile], puzzle);
  assert.equal(record.status, "unique", `the CLI on ${puzzle}`);
  await open(href.replace(/^\//, "").replace(/^.*\?/, "?"));
  await page.waitForFunction(() => window.dlxPage.board.givens.some((d) => d));
  assert.equal(await boardLine(), puzzle);
  assert.equal(await page.isChecked("#diagonals"), true);
  assert.ok((await page.locator("#board input.diag").count()) === 17, "the diagonals drawn");
  await press("Solve");
  assert.equal(await boardLine(), record.solution);
  await done("06-jigsaw-x");
});

test("Hint names the technique and marks its cells", async () => {
  await open(`?puzzle=${PUZZLE}`);
  await page.waitForFunction(() => window.dlxPage.board.givens.some((d) => d));
  await press("Hint");
  const status = await statusText();
  const technique = status.match(/^Hint \(([a-z -]+)\): /);
  assert.ok(technique, status);
  assert.ok(["naked single", "hidden single", "locked candidates", "naked pair", "hidden pair", "naked triple", "hidden triple", "x-wing", "swordfish", "guess"].some((t) => technique[1].includes(t)), technique[1]);
  assert.equal(await page.locator("#board input.target").count(), 1, "the cell the hint fills");
  assert.ok((await page.locator("#board input.focus").count()) >= 1, "the cells the deduction looks at");
  assert.ok((await page.locator("#hint-steps li").count()) >= 1);
  await inView("#sudoku-status");
  await done("07-hint");
  // A wrong digit typed is named as wrong, not built on.
  const [record] = cliRecords(["sudoku"], PUZZLE);
  const k = PUZZLE.indexOf(".");
  const wrongDigit = String((Number(record.solution[k]) % 9) + 1);
  await page.locator("#board input.cell").nth(k).click();
  await page.keyboard.type(wrongDigit);
  await press("Hint");
  assert.match(await statusText(), /not the solution's/);
  assert.equal(await page.locator("#board input.wrong").count(), 1);
  await done("07-hint-wrong-digit");
});

test("a pasted puzzle that does not read is marked at its line and column", async () => {
  await open();
  const text = `Grid 1\n${PUZZLE.slice(0, 79)}Z.\n`;
  await page.fill("#paste", text);
  await press("Load");
  const error = await page.textContent("#paste-error");
  assert.match(error, /^line 2, column 80: /);
  assert.equal(await page.getAttribute("#paste", "aria-invalid"), "true");
  const selection = await page.$eval("#paste", (t) => t.selectionStart);
  assert.equal(selection, "Grid 1\n".length + 79);
  // The error's long line scrolls in its box, not the page sideways; the idle run bar covers
  // nothing.
  const at = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, width: innerWidth, bar: getComputedStyle(document.getElementById("runbar")).visibility }));
  assert.ok(at.wide <= at.width, `the page is ${at.wide} px wide in a window of ${at.width}`);
  assert.equal(at.bar, "hidden", "the run bar when nothing runs");
  await done("08-paste-error");
});

test("queens8 is counted as 92 with dlx1's figures, and its solutions are drawn", async () => {
  await open("?tab=xc");
  await page.selectOption("#instance", "queens8.dlx");
  await press("Load");
  await press("Count");
  const figuresText = await page.textContent("#xc-figures");
  assert.match(figuresText, /Solutions92(?!\d)/);
  // dlx1's nodes and updates for queens8, as the CLI counts them (1049 and 16680, Knuth's).
  const [, nodes] = figuresText.match(/Nodes([\d,]+)/);
  const [, updates] = figuresText.match(/Updates([\d,]+)/);
  const native = JSON.parse(cli(["xc", "--format", "json", "../../data/instances/queens8.dlx"]).trim().split("\n").pop());
  assert.equal(native.nodes, 1049);
  assert.equal(Number(nodes.replace(/,/g, "")), native.nodes);
  assert.equal(Number(updates.replace(/,/g, "")), native.updates);
  // Made from the puzzles crate, queens are drawn.
  await page.selectOption("#make-kind", "queens");
  await page.fill("#make-n", "6");
  await press("Make");
  // The instance select no longer names queens8 above the made text.
  assert.equal(await page.$eval("#instance", (s) => s.selectedOptions[0].textContent), "choose one");
  const made = await page.inputValue("#xc-text");
  await press("Load");
  assert.equal(await statusText("xc-status"), "Choose a bundled instance to load.");
  assert.equal(await page.inputValue("#xc-text"), made, "Load without a choice keeps the text");
  await press("List the first K");
  assert.ok((await page.locator("#xc-drawing svg").count()) === 1, "a drawing");
  assert.match(await statusText("xc-status"), /^Listed: 4 solutions/);
  await done("09-queens8");
});

test("Stop ends a long count within a second, and the next search runs", async () => {
  await open("?tab=xc");
  await page.selectOption("#make-kind", "queens");
  await page.fill("#make-n", "16");
  await press("Make");
  await page.getByRole("button", { name: "Count", exact: true }).click();
  // Progress is shown while it runs.
  await page.waitForFunction(() => /nodes/.test(document.getElementById("progress").textContent), null, { timeout: 10000 });
  // The run bar shows once the search has run a quarter of a second.
  await page.waitForFunction(() => getComputedStyle(document.getElementById("runbar")).visibility === "visible", null, { timeout: 2000 });
  await page.screenshot({ path: join(SHOTS, "10-counting.png"), fullPage: true });
  const t0 = Date.now();
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await page.waitForFunction(() => !window.dlxPage.runner.busy && document.getElementById("xc-status").textContent === "Stopped.", null, { timeout: 1000 });
  figures.stopMs = Date.now() - t0;
  assert.ok(figures.stopMs < 1000, `stopped after ${figures.stopMs} ms`);
  await page.selectOption("#instance", "queens8.dlx");
  await press("Load");
  await press("Count");
  assert.match(await statusText("xc-status"), /^Counted: 92 solutions/);
  await done("10-stopped");
});

test("a bad exact-cover file is marked at its line and column", async () => {
  await open("?tab=xc");
  const text = "a b c\na b\nb z\nc\n";
  await page.fill("#xc-text", text);
  await press("Count");
  const error = await page.textContent("#xc-error");
  assert.match(error, /^line 3, column 3: unknown item `z`/);
  assert.equal(await page.$eval("#xc-text", (t) => t.selectionStart), "a b c\na b\n".length + 2);
  // The CLI says the same place.
  let message = "";
  try {
    cli(["xc", "-"], text);
  } catch (e) {
    message = e.stderr;
  }
  assert.match(message, /:3:3: unknown item `z`/);
  await done("11-xc-error");
});

test("the 17-clue set is solved in the page's worker at least half as fast as natively", async () => {
  await open();
  const text = readFileSync(SET, "utf8");
  // Rounds of three runs natively (one process, on one thread) and three in the page, one
  // after the other, so that both meet the same load on a shared machine; the figure is the
  // median round. The page first warms up: the browser compiles the hot code again, optimised.
  const inPage = (runs) =>
    page.evaluate(
      async ({ text, runs }) => {
        const out = [];
        for (let k = 0; k < runs; k++) {
          const { answer, ms } = await window.dlxPage.runner.run({ op: "sudoku.solveAll", text });
          out.push({ ms, puzzles: answer.puzzles, solved: answer.solved, nodes: answer.nodes });
        }
        return out;
      },
      { text, runs },
    );
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  await inPage(2);
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const native = JSON.parse(execFileSync(SOLVE_ALL, [SET, "3"], { encoding: "utf8" }));
    const runs = await inPage(3);
    assert.equal(runs[0].solved, runs[0].puzzles);
    assert.equal(runs[0].puzzles, native.puzzles);
    assert.equal(runs[0].nodes, native.nodes, "the same search in the page as natively");
    const browser = median(runs.map((x) => x.ms));
    rounds.push({ native: native.ms, browser, ratio: native.ms / browser });
  }
  figures.puzzles = (await inPage(1))[0].puzzles;
  figures.nativeMs = Math.round(median(rounds.map((r) => r.native)) * 10) / 10;
  figures.browserMs = Math.round(median(rounds.map((r) => r.browser)) * 10) / 10;
  figures.speedOfNative = Math.round(median(rounds.map((r) => r.ratio)) * 100) / 100;
  figures.rounds = rounds.map((r) => Math.round(r.ratio * 100) / 100);
  assert.ok(figures.speedOfNative >= 0.5, JSON.stringify(figures));
  await done("12-speed");
});
