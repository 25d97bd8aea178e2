//! Word rectangles and crossword fill, as exact cover with color controls (Knuth's model for
//! `dlx2`): a primary item per slot (an across or down run of two or more open cells), a
//! secondary item per open cell, colored by its letter, and an option per slot and word of the
//! slot's length that agrees with the letters already in the grid. Options that put the same
//! letter in a cell go together; options that disagree exclude each other. A word rectangle is
//! the grid with no black cell.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use dlx::{ColorId, ItemId, OptionId, Problem, ProblemBuilder};

use crate::{Error, Puzzle};

/// The largest number of rows or columns of a grid.
pub const MAX_GRID: usize = 64;

/// A word list as people keep one: a word per line. A line holding anything but letters
/// (`don't`, `ice cream`, `42`) is skipped and counted, as is a word met before; blank lines are
/// passed over. Words with capitals (proper nouns and abbreviations: `Suva`, `ABCs`) are skipped
/// and counted too, as crossword tools do, unless [`Capitals::Fold`] keeps them, folded to lower
/// case.
///
/// A line may give the word a score, as crossword constructors keep their lists: `word;score`,
/// the score a whole number from 0 up (higher is better; lists commonly use 0 to 60 or 0 to
/// 100). A word without one scores 0. A line whose score is not such a number is skipped.
#[derive(Debug, Clone, Default)]
pub struct WordList {
    by_len: BTreeMap<usize, Vec<String>>,
    /// The scores given, by word.
    scores: HashMap<String, u32>,
    skipped: usize,
    capitalized: usize,
    repeated: usize,
}

/// What a [`WordList`] does with words that hold capitals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Capitals {
    /// Skips them (proper nouns, abbreviations), counting them: the default.
    #[default]
    Skip,
    /// Keeps them, folded to lower case.
    Fold,
}

impl WordList {
    /// Reads a list, one word per line (a byte-order mark and surrounding spaces are ignored),
    /// skipping words with capitals.
    pub fn parse(text: &str) -> WordList {
        WordList::parse_with(text, Capitals::Skip)
    }

    /// Reads a list, doing with words that hold capitals what `capitals` says.
    pub fn parse_with(text: &str, capitals: Capitals) -> WordList {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut list = WordList::default();
        let mut seen = HashSet::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            // `word;score`: a constructor's scored list.
            let (word, score) = match line.split_once(';') {
                None => (line, None),
                Some((word, score)) => match score.trim().parse::<u32>() {
                    Ok(score) => (word.trim(), Some(score)),
                    Err(_) => {
                        list.skipped += 1;
                        continue;
                    }
                },
            };
            if word.is_empty() || !word.chars().all(char::is_alphabetic) {
                list.skipped += 1;
                continue;
            }
            if capitals == Capitals::Skip && word.chars().any(char::is_uppercase) {
                list.capitalized += 1;
                continue;
            }
            let word = word.to_lowercase();
            if !seen.insert(word.clone()) {
                list.repeated += 1;
                continue;
            }
            if let Some(score) = score {
                list.scores.insert(word.clone(), score);
            }
            list.by_len
                .entry(word.chars().count())
                .or_default()
                .push(word);
        }
        list
    }

    /// A list of these words (folded and filtered as [`WordList::parse`] does).
    pub fn from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> WordList {
        let text: Vec<&str> = words.into_iter().collect();
        WordList::parse(&text.join("\n"))
    }

    /// The words of `len` letters, in the list's order.
    pub fn of_len(&self, len: usize) -> &[String] {
        self.by_len.get(&len).map_or(&[], Vec::as_slice)
    }

    /// How many words the list holds.
    pub fn len(&self) -> usize {
        self.by_len.values().map(Vec::len).sum()
    }

    /// Whether the list holds no word.
    pub fn is_empty(&self) -> bool {
        self.by_len.is_empty()
    }

    /// Lines skipped for holding something other than letters.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Words skipped for holding capitals (with [`Capitals::Skip`]).
    pub fn capitalized(&self) -> usize {
        self.capitalized
    }

    /// Words skipped for being met before (after case folding).
    pub fn repeated(&self) -> usize {
        self.repeated
    }

    /// The score the list gives `word` (`word;score`), if any.
    pub fn score(&self, word: &str) -> Option<u32> {
        self.scores.get(word).copied()
    }

    /// Whether some word has a score.
    pub fn has_scores(&self) -> bool {
        !self.scores.is_empty()
    }

    /// The highest score given (0 if none).
    pub fn max_score(&self) -> u32 {
        self.scores.values().copied().max().unwrap_or(0)
    }

    /// Whether `word` is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.of_len(word.chars().count()).iter().any(|w| w == word)
    }

    /// What reading the list kept and skipped, in a sentence: `400 words; 2 lines skipped (not
    /// letters only), 3 words with capitals skipped (KEEP), 1 word repeated`, where `keep` says
    /// how to keep words with capitals (the clause is there when some were skipped).
    pub fn tally(&self, keep: &str) -> String {
        let capitals = match self.capitalized {
            0 => String::new(),
            k => format!(
                ", {} with capitals skipped ({keep})",
                crate::plural(k, "word")
            ),
        };
        format!(
            "{}; {} skipped (not letters only){capitals}, {} repeated",
            crate::plural(self.len(), "word"),
            crate::plural(self.skipped, "line"),
            crate::plural(self.repeated, "word")
        )
    }
}

/// `5x7` (or `5X7`, spaces around the numbers allowed) as (5, 7): the rows and columns of a
/// rectangle, as the puzzles' sizes are written; `None` for anything else (a file's name).
pub fn parse_rect(s: &str) -> Option<(usize, usize)> {
    let (r, c) = s.split_once(['x', 'X'])?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// [`parse_rect`] for a word rectangle's size (`dlx words --size 5x7`), each side from 1 to
/// [`MAX_GRID`]; the error says what to give.
///
/// ```
/// assert_eq!(puzzles::parse_size("5x7"), Ok((5, 7)));
/// assert_eq!(puzzles::parse_size("0x5").unwrap_err(), "rows and columns must be from 1 to 64");
/// assert!(puzzles::parse_size("five").unwrap_err().contains("give MxN"));
/// ```
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let pair =
        parse_rect(s).ok_or_else(|| format!("{s:?} is not a size: give MxN, such as 5x5"))?;
    if ![pair.0, pair.1]
        .iter()
        .all(|side| (1..=MAX_GRID).contains(side))
    {
        return Err(format!("rows and columns must be from 1 to {MAX_GRID}"));
    }
    Ok(pair)
}

/// One cell of a crossword grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    /// A black cell, in no word.
    Black,
    /// An open cell, empty or holding a letter from the start.
    Open(Option<char>),
}

/// A crossword pattern (or the empty rectangle of a word rectangle): rows of `.` (open), `#` (black) and letters (open, filled from the
/// start; case folded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    rows: usize,
    cols: usize,
    squares: Vec<Square>,
}

impl Pattern {
    /// A grid of `rows x cols` open cells: its fillings are the word rectangles.
    pub fn open(rows: usize, cols: usize) -> Result<Pattern, Error> {
        crate::check_size("rows", rows, MAX_GRID)?;
        crate::check_size("columns", cols, MAX_GRID)?;
        Ok(Pattern {
            rows,
            cols,
            squares: vec![Square::Open(None); rows * cols],
        })
    }

    /// Reads a pattern: one row per line, blank lines before and after it ignored; every row
    /// as wide as the first.
    pub fn parse(text: &str) -> Result<Pattern, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .collect();
        let first = lines.iter().position(|(_, l)| !l.is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(Error::Drawing {
                line: 1,
                column: 1,
                message: "the grid is empty: give rows of '.' (open), '#' (black) and letters"
                    .into(),
            });
        };
        let mut squares = Vec::new();
        let mut cols = 0;
        for (k, &(line, row)) in lines[first..=last].iter().enumerate() {
            let mut width = 0;
            for (c, ch) in row.chars().enumerate() {
                let square = match ch {
                    '.' => Square::Open(None),
                    '#' => Square::Black,
                    ch if ch.is_alphabetic() => {
                        let mut lower = ch.to_lowercase();
                        match (lower.next(), lower.next()) {
                            (Some(l), None) => Square::Open(Some(l)),
                            _ => Square::Open(Some(ch)),
                        }
                    }
                    _ => {
                        return Err(Error::Drawing {
                            line,
                            column: c + 1,
                            message: format!(
                                "{ch:?} is not a square: '.' is an open one, '#' a black one, \
                                 a letter an open one filled from the start"
                            ),
                        })
                    }
                };
                squares.push(square);
                width += 1;
            }
            if k == 0 {
                cols = width;
            } else if width != cols {
                return Err(Error::Drawing {
                    line,
                    column: width.min(cols) + 1,
                    message: if row.is_empty() {
                        "a blank line inside the grid".into()
                    } else {
                        format!(
                            "this row has {} and the first {}",
                            crate::plural(width, "square"),
                            crate::plural(cols, "square")
                        )
                    },
                });
            }
        }
        let rows = last - first + 1;
        crate::check_size("rows", rows, MAX_GRID)?;
        crate::check_size("columns", cols, MAX_GRID)?;
        Ok(Pattern {
            rows,
            cols,
            squares,
        })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at row `r`, column `c`.
    pub fn square(&self, r: usize, c: usize) -> Square {
        self.squares[r * self.cols + c]
    }

    /// The slots: every run of two or more open cells, across (row by row, left to right),
    /// then down (column by column, top to bottom).
    pub fn slots(&self) -> Vec<Slot> {
        let mut slots = Vec::new();
        for across in [true, false] {
            let (lines, along) = if across {
                (self.rows, self.cols)
            } else {
                (self.cols, self.rows)
            };
            for line in 0..lines {
                let at = |k: usize| if across { (line, k) } else { (k, line) };
                let mut k = 0;
                while k < along {
                    let start = k;
                    while k < along && self.square(at(k).0, at(k).1) != Square::Black {
                        k += 1;
                    }
                    if k - start >= 2 {
                        let (row, col) = at(start);
                        slots.push(Slot {
                            across,
                            row,
                            col,
                            len: k - start,
                        });
                    }
                    k += 1;
                }
            }
        }
        slots
    }
}

/// A run of two or more open cells that must hold a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// Across (left to right) or down (top to bottom).
    pub across: bool,
    /// Row of its first cell.
    pub row: usize,
    /// Column of its first cell.
    pub col: usize,
    /// Number of cells.
    pub len: usize,
}

impl Slot {
    /// Its cells, first to last.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len).map(move |k| {
            if self.across {
                (self.row, self.col + k)
            } else {
                (self.row + k, self.col)
            }
        })
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = if self.across { "across" } else { "down" };
        write!(
            f,
            "the {way} slot at row {}, column {}",
            self.row + 1,
            self.col + 1
        )
    }
}

/// A filled grid: its rows as text (`#` for black cells, `.` for an open cell in no slot and
/// not filled from the start), and the word of each slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    /// The rows.
    pub rows: Vec<String>,
    /// The slots and their words, in the grid's order of slots.
    pub words: Vec<(Slot, String)>,
}

impl Fill {
    /// The rows, a line each.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for row in &self.rows {
            s.push_str(row);
            s.push('\n');
        }
        s
    }
}

/// A crossword to fill from a word list (or a rectangle of words), built once as an exact-cover
/// problem with colors.
#[derive(Debug, Clone)]
pub struct Crossword {
    pattern: Pattern,
    slots: Vec<Slot>,
    /// The slot and word of each option.
    choices: Vec<(usize, String)>,
    problem: Problem,
    distinct: bool,
    /// The word list's top score: an option costs it less its word's score.
    max_score: u32,
}

impl Crossword {
    /// The problem of filling `grid` with words of `words`: every slot a word of its length
    /// that agrees with the letters in the grid; with `distinct`, no word twice (a secondary
    /// item per word). An error names a slot length the list has no word of.
    pub fn new(pattern: Pattern, words: &WordList, distinct: bool) -> Result<Crossword, Error> {
        let grid = pattern;
        let slots = grid.slots();
        if slots.is_empty() {
            return Err(Error::Mismatch(
                "the pattern has no slot: no run of two or more open squares across or down".into(),
            ));
        }
        for slot in &slots {
            if words.of_len(slot.len).is_empty() {
                return Err(Error::Mismatch(format!(
                    "the word list has no word of {} letters, which {slot} needs",
                    slot.len
                )));
            }
        }
        let mut b = ProblemBuilder::new();
        let slot_items = slots
            .iter()
            .map(|s| {
                let way = if s.across { 'a' } else { 'd' };
                b.primary(format!("{way}{}_{}", s.row, s.col))
            })
            .collect::<Result<Vec<ItemId>, _>>()?;
        // A secondary item per open cell in a slot, colored by its letter.
        let mut cell_items: Vec<Option<ItemId>> = vec![None; grid.rows * grid.cols];
        for slot in &slots {
            for (r, c) in slot.cells() {
                let k = r * grid.cols + c;
                if cell_items[k].is_none() {
                    cell_items[k] = Some(b.secondary(format!("x{r}_{c}"))?);
                }
            }
        }
        let mut colors: BTreeMap<char, ColorId> = BTreeMap::new();
        let mut word_items: BTreeMap<&str, ItemId> = BTreeMap::new();
        let mut choices = Vec::new();
        let max_score = words.max_score();
        for (s, slot) in slots.iter().enumerate() {
            'words: for word in words.of_len(slot.len) {
                let mut items = vec![(slot_items[s], None)];
                for ((r, c), letter) in slot.cells().zip(word.chars()) {
                    if let Square::Open(Some(given)) = grid.square(r, c) {
                        if given != letter {
                            continue 'words;
                        }
                    }
                    let color = match colors.get(&letter) {
                        Some(&color) => color,
                        None => {
                            let color = b.color(letter.to_string())?;
                            colors.insert(letter, color);
                            color
                        }
                    };
                    let cell = cell_items[r * grid.cols + c].expect("a slot's cell has an item");
                    items.push((cell, Some(color)));
                }
                if distinct {
                    let item = match word_items.get(word.as_str()) {
                        Some(&item) => item,
                        None => {
                            let item = b.secondary(format!("w_{word}"))?;
                            word_items.insert(word, item);
                            item
                        }
                    };
                    items.push((item, None));
                }
                let option = b.option_colored(items)?;
                // The cheapest fillings are the best scored: a word costs the list's top score
                // less its own.
                b.set_cost(
                    option,
                    u64::from(max_score - words.score(word).unwrap_or(0)),
                )?;
                choices.push((s, word.clone()));
            }
        }
        Ok(Crossword {
            pattern: grid,
            slots,
            choices,
            problem: b.build()?,
            distinct,
            max_score,
        })
    }

    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The slots, across then down.
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The total score of a filling's words ([`WordList::score`], 0 for a word without one):
    /// what [`Crossword::best`] maximizes.
    pub fn score(&self, fill: &Fill, words: &WordList) -> u64 {
        fill.words
            .iter()
            .map(|(_, w)| u64::from(words.score(w).unwrap_or(0)))
            .sum()
    }

    /// The `k` fillings of best total score, best first, with their scores, by the min-cost
    /// search of [`dlx::best`]: each option (a word in a slot) costs the list's top score less
    /// the word's, so the cheapest fillings are those of highest total score. `limits` may stop
    /// it; then the fillings are the best found so far ([`dlx::best::Best::is_complete`]).
    /// On `threads` threads as [`dlx::best::BestSearch::threads`] says, `ordered` as
    /// [`dlx::best::BestSearch::ordered`] does.
    pub fn best(
        &self,
        k: usize,
        limits: dlx::Limits,
        threads: usize,
        ordered: bool,
    ) -> Result<(Vec<(u64, Fill)>, dlx::best::Best), dlx::best::BestError> {
        let best = self
            .problem
            .best(k)?
            .with_limits(limits)
            .threads(threads)
            .ordered(ordered)
            .run();
        let max = self.max_score;
        let fills = best
            .solutions
            .iter()
            .map(|s| {
                let fill = self.decode(s.options.iter().copied());
                let score = (fill.words.len() as u64 * u64::from(max)).saturating_sub(s.cost);
                (score, fill)
            })
            .collect();
        Ok((fills, best))
    }

    /// The line `dlx words --best K --stats` ends with: the fillings' `scores`, best first,
    /// `best scores: 30, 28 (the best there are)`, or where a limit stopped the search `(the
    /// best found so far, not proved the best)`.
    pub fn scores_line(scores: &[u64], complete: bool) -> String {
        let verdict = match complete {
            true => "the best there are",
            false => "the best found so far, not proved the best",
        };
        let scores: Vec<String> = scores.iter().map(u64::to_string).collect();
        format!("best scores: {} ({verdict})", scores.join(", "))
    }

    /// Writes the best fillings ([`Crossword::best`]) as `dlx words --best K` prints them,
    /// best first: each after a line `# score S` (text, a blank line between), or as a JSON
    /// line each, [`Puzzle::to_json`]'s object with its `score`.
    #[cfg(feature = "serde")]
    pub fn write_best(
        &self,
        fills: &[(u64, Fill)],
        json: bool,
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        for (n, (score, fill)) in fills.iter().enumerate() {
            if json {
                let mut record = self.to_json(fill);
                record["score"] = (*score).into();
                serde_json::to_writer(&mut *out, &record)?;
                out.write_all(b"\n")?;
            } else {
                let sep = if n > 0 { "\n" } else { "" };
                write!(out, "{sep}# score {score}\n{}", self.to_text(fill))?;
            }
        }
        Ok(())
    }

    /// Whether `fill` is a filling of this grid by these words: the grid's letters kept, every
    /// slot a word of the list, the letters of crossing slots the same, and with `distinct` no
    /// word twice. What the tests check every solution against.
    pub fn check(&self, fill: &Fill, words: &WordList) -> bool {
        let rows: Vec<Vec<char>> = fill.rows.iter().map(|r| r.chars().collect()).collect();
        if rows.len() != self.pattern.rows || rows.iter().any(|r| r.len() != self.pattern.cols) {
            return false;
        }
        for (r, row) in rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let ok = match self.pattern.square(r, c) {
                    Square::Black => ch == '#',
                    Square::Open(Some(l)) => ch == l,
                    Square::Open(None) => ch != '#',
                };
                if !ok {
                    return false;
                }
            }
        }
        let mut used = HashSet::new();
        self.slots.iter().all(|slot| {
            let word: String = slot.cells().map(|(r, c)| rows[r][c]).collect();
            words.contains(&word) && (!self.distinct || used.insert(word))
        })
    }
}

impl Puzzle for Crossword {
    type Solution = Fill;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: impl Iterator<Item = OptionId>) -> Fill {
        let g = &self.pattern;
        let mut rows: Vec<Vec<char>> = (0..g.rows)
            .map(|r| {
                (0..g.cols)
                    .map(|c| match g.square(r, c) {
                        Square::Black => '#',
                        Square::Open(Some(l)) => l,
                        Square::Open(None) => '.',
                    })
                    .collect()
            })
            .collect();
        let mut words: Vec<(Slot, String)> = Vec::new();
        for option in options {
            let (s, word) = &self.choices[option];
            let slot = self.slots[*s];
            for ((r, c), letter) in slot.cells().zip(word.chars()) {
                rows[r][c] = letter;
            }
            words.push((slot, word.clone()));
        }
        words.sort_by_key(|(slot, _)| {
            let s = self.slots.iter().position(|x| x == slot);
            s.unwrap_or(usize::MAX)
        });
        Fill {
            rows: rows.into_iter().map(String::from_iter).collect(),
            words,
        }
    }
    fn to_text(&self, fill: &Fill) -> String {
        fill.to_text()
    }

    fn to_svg(&self, fills: &[Fill]) -> String {
        let p = &self.pattern;
        let title = format!("{}x{} crossword fillings", p.rows, p.cols);
        crate::svg::crosswords(fills, p, &title)
    }

    #[cfg(feature = "serde")]
    fn to_json(&self, fill: &Fill) -> serde_json::Value {
        let words: Vec<serde_json::Value> = fill
            .words
            .iter()
            .map(|(slot, word)| {
                let way = if slot.across { "across" } else { "down" };
                serde_json::json!({ "slot": way, "row": slot.row + 1, "col": slot.col + 1, "word": word })
            })
            .collect();
        serde_json::json!({ "solution": fill.rows, "words": words })
    }
}
