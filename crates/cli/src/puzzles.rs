//! `dlx queens`, `dlx polyomino`, `dlx langford`, `dlx words`: the puzzles crate from the
//! command line.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use puzzles::{
    Board, Capitals, Crossword, Fill, Langford, Order, Pattern, Piece, Polyomino, Puzzle, Queens,
    WordList,
};

use crate::search::{Format, XcFormat};
use crate::InputError;

/// `--format` of the puzzle commands: `dlx xc`'s values, in words of what a puzzle prints.
fn puzzle_format() -> impl clap::builder::TypedValueParser<Value = XcFormat> {
    use clap::builder::{PossibleValue as Value, PossibleValuesParser, TypedValueParser as _};
    let text = "Each solution drawn as text, a blank line between solutions: a board of `Q` and \
                `.`, a map of piece letters, or the row of numbers of a Langford sequence";
    PossibleValuesParser::new([
        Value::new("text").help(text),
        Value::new("json").help("One JSON object per line: each solution, then a summary"),
        Value::new("csv").help("The rows of --engine all as CSV, after a header"),
    ])
    .map(|name| clap::ValueEnum::from_str(&name, false).expect("one of the names"))
}

/// `--distinct` of the puzzles with symmetries.
#[derive(Debug, clap::Args)]
pub struct Symmetric {
    /// Count (or list) solutions up to symmetry: the board's rotations and reflections for
    /// queens and polyominoes, reversal for Langford pairs; --stats says how.
    #[arg(long)]
    pub distinct: bool,
}

/// What the puzzle commands share: the search's flags, and the drawing.
#[derive(Debug, clap::Args)]
pub struct Common {
    #[command(flatten)]
    pub search: crate::search::SearchFlags,
    /// Output format.
    #[arg(long, default_value = "text", value_parser = puzzle_format())]
    pub format: XcFormat,
    /// Draw the first solution (the first N with --limit N) into an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct QueensArgs {
    /// The board's size.
    #[arg(value_parser = crate::values::size, allow_negative_numbers = true)]
    pub n: usize,
    /// The order of the row and column items (it decides the MRV rule's ties).
    #[arg(long, value_enum, default_value_t = Order::OrganPipe)]
    pub order: Order,
    #[command(flatten)]
    pub symmetric: Symmetric,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, clap::Args)]
pub struct PolyominoArgs {
    /// The board: ROWSxCOLS (6x10 has 6 rows), or a file with a map (`#` or a letter for a
    /// cell, `.` or a blank for a hole).
    #[arg(long, default_value = "6x10", value_name = "RxC|FILE")]
    pub board: String,
    /// The pieces: `pentominoes` (F I L N P T U V W X Y Z), `tetrominoes` (I L O S T), or a
    /// file where each piece's cells are drawn with its letter.
    #[arg(long, default_value = "pentominoes", value_name = "SET|FILE")]
    pub pieces: String,
    #[command(flatten)]
    pub symmetric: Symmetric,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, clap::Args)]
pub struct WordsArgs {
    /// Fill an MxN rectangle: M rows and N columns, every one a word (word squares for NxN).
    #[arg(long, value_name = "MxN", value_parser = puzzles::parse_size, required_unless_present = "grid", conflicts_with = "grid")]
    pub size: Option<(usize, usize)>,
    /// Fill a crossword pattern from FILE: rows of '.' (open), '#' (black) and letters (open,
    /// filled from the start); every across and down run of two or more open squares must be
    /// a word.
    #[arg(long, value_name = "FILE")]
    pub grid: Option<PathBuf>,
    /// The word list: one word per line. Lines with anything but letters are skipped, and so
    /// are words with capitals (proper nouns, abbreviations) unless --capitals keeps them; a
    /// line on standard error says how many were skipped.
    #[arg(long, value_name = "FILE")]
    pub words: PathBuf,
    /// Keep the list's words with capitals (`Suva`, `ABCs`), folded to lower case.
    #[arg(long)]
    pub capitals: bool,
    /// Use no word twice in one filling.
    #[arg(long)]
    pub no_repeats: bool,
    /// The old name of --no-repeats, still read (with a note): elsewhere --distinct counts
    /// solutions up to symmetry.
    #[arg(long, hide = true)]
    pub distinct: bool,
    /// Print the exact-cover problem in Knuth's format with colors (dlx2's input) instead of
    /// solving it.
    #[arg(long)]
    pub emit_xcc: bool,
    /// Print the K fillings of best total score, best first, each after `# score S`: a list
    /// of `word;score` lines scores its words (higher is better, a word without one scores 0).
    /// No word is used twice. A word costs the list's top score less its own, and Knuth's
    /// dlx5 search finds the cheapest fillings.
    #[arg(long, value_name = "K", value_parser = crate::values::count,
          conflicts_with_all = ["count", "emit_xcc"])]
    pub best: Option<u64>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, clap::Args)]
pub struct LangfordArgs {
    /// The number of pairs: L(2, n) places 1..n twice each in a row of 2n.
    #[arg(value_parser = crate::values::size, allow_negative_numbers = true)]
    pub n: usize,
    #[command(flatten)]
    pub symmetric: Symmetric,
    #[command(flatten)]
    pub common: Common,
}

pub fn words(args: &WordsArgs) -> Result<()> {
    let pattern = match (&args.grid, args.size) {
        (Some(path), _) => {
            let (name, bytes) = crate::files::read_input(Some(path))?;
            Pattern::parse(&String::from_utf8_lossy(&bytes))
                .map_err(|e| InputError(e.in_file(&name)))?
        }
        (None, Some((rows, cols))) => {
            Pattern::open(rows, cols).map_err(|e| InputError(e.to_string()))?
        }
        (None, None) => unreachable!("clap requires --size or --grid"),
    };
    let (name, bytes) = crate::files::read_input(Some(&args.words))?;
    let capitals = if args.capitals {
        Capitals::Fold
    } else {
        Capitals::Skip
    };
    let list = WordList::parse_with(&String::from_utf8_lossy(&bytes), capitals);
    let skipped = list.skipped() + list.capitalized();
    if args.common.search.stats || skipped > 0 {
        eprintln!("dlx: {name}: {}", list.tally("--capitals keeps them"));
    }
    if args.distinct {
        eprintln!(
            "dlx: note: words --distinct is now --no-repeats (--distinct counts solutions up to \
             symmetry in the other subcommands)"
        );
    }
    // The best fillings never repeat a word: a constructor's rule.
    let no_repeats = args.no_repeats || args.distinct || args.best.is_some();
    let crossword =
        Crossword::new(pattern, &list, no_repeats).map_err(|e| InputError(e.in_file(&name)))?;
    let only_links = args.emit_xcc.then_some("--emit-xcc");
    if let Some(flag) = only_links.or(args.best.map(|_| "--best")) {
        args.common.search.engine(crossword.problem(), Some(flag))?;
    }
    if args.emit_xcc {
        let mut out = BufWriter::new(io::stdout().lock());
        dlx::text::write_problem(crossword.problem(), &mut out).context("writing the problem")?;
        out.flush()?;
        return Ok(());
    }
    match args.best {
        Some(_) if args.common.search.memo.memo => {
            crate::refuse("--memo and --best do not go together: --memo counts every filling")
        }
        Some(k) => best_words(&crossword, &list, k, &args.common),
        None => drive(&crossword, &args.common, false),
    }
}

/// `dlx words --best K`: the K fillings of best total score.
fn best_words(crossword: &Crossword, list: &WordList, k: u64, args: &Common) -> Result<()> {
    let format = args.format.solutions()?;
    let svg_file = crate::files::Output::create(args.svg.as_deref())?;
    let start = Instant::now();
    let limits = args.search.limits(args.search.limit, start);
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    let (jobs, ordered) = (args.search.jobs.unwrap_or(1), args.search.ordered);
    let found = crossword.best(k, limits, jobs, ordered);
    let (fills, best) = found.map_err(|e| InputError(e.to_string()))?;
    let mut out = BufWriter::new(io::stdout().lock());
    debug_assert!(fills.iter().all(|(s, f)| *s == crossword.score(f, list)));
    crossword.write_best(&fills, format == Format::Json, &mut out)?;
    let outcome = dlx::Outcome::from_stats(&best.stats, best.stopped);
    let scores: Vec<u64> = fills.iter().map(|(s, _)| *s).collect();
    if format == Format::Json {
        let summary = puzzles::run::Summary::best_fills(&best, scores.clone());
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    if let Some(file) = svg_file {
        let drawn: Vec<Fill> = fills.into_iter().map(|(_, f)| f).collect();
        file.write(&crossword.to_svg(&drawn))?;
    }
    if args.search.stats {
        let mut err = io::stderr().lock();
        let line = crate::search::stats(&outcome).colored(true);
        writeln!(err, "{}", line.elapsed(Some(start.elapsed())))?;
        let line = Crossword::scores_line(&scores, best.is_complete());
        writeln!(err, "{line}")?;
    }
    args.search.ending_as(
        &outcome,
        "the fillings printed are the best found so far, not proved the best",
    )
}

pub fn queens(args: &QueensArgs) -> Result<()> {
    let q = Queens::new(args.n, args.order).map_err(|e| InputError(e.to_string()))?;
    drive(&q, &args.common, args.symmetric.distinct)
}

pub fn langford(args: &LangfordArgs) -> Result<()> {
    let l = Langford::new(args.n).map_err(|e| InputError(e.to_string()))?;
    drive(&l, &args.common, args.symmetric.distinct)
}

pub fn polyomino(args: &PolyominoArgs) -> Result<()> {
    let board = match puzzles::parse_rect(&args.board) {
        Some((r, c)) => {
            Board::rect(r, c).map_err(|e| InputError(format!("--board {}: {e}", args.board)))?
        }
        None => {
            let path = PathBuf::from(&args.board);
            let (name, bytes) = crate::files::read_input(Some(&path))?;
            Board::parse(&String::from_utf8_lossy(&bytes))
                .map_err(|e| InputError(e.in_file(&name)))?
        }
    };
    let pieces = match args.pieces.as_str() {
        "pentominoes" => Piece::pentominoes(),
        "tetrominoes" => Piece::tetrominoes(),
        file => {
            let path = PathBuf::from(file);
            let (name, bytes) = crate::files::read_input(Some(&path))?;
            Piece::parse_set(&String::from_utf8_lossy(&bytes))
                .map_err(|e| InputError(e.in_file(&name)))?
        }
    };
    let p = Polyomino::new(board, pieces).map_err(|e| InputError(e.to_string()))?;
    drive(&p, &args.common, args.symmetric.distinct)
}

fn drive<P>(puzzle: &P, args: &Common, distinct: bool) -> Result<()>
where
    P: Puzzle + Sync,
    P::Solution: Send,
{
    let only_links = distinct
        .then_some("--distinct")
        .or(args.search.memo.memo.then_some("--memo"));
    let Some(engine) = args.search.engine(puzzle.problem(), only_links)? else {
        return crate::search::compare(puzzle.problem(), &args.search, args.format);
    };
    let format = args.format.solutions()?;
    if args.search.memo.memo {
        return memo_count(puzzle.problem(), args, distinct);
    }
    args.search.memo.check_unused()?;
    // Open the drawing first: a path that cannot be written fails before the search.
    let svg_file = crate::files::Output::create(args.svg.as_deref())?;
    let start = Instant::now();
    let draw = args
        .svg
        .as_ref()
        .map(|_| args.search.limit.unwrap_or(1).max(1) as usize);
    // Not locked: the threads of a parallel listing write through it (one at a time).
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    let mut writer = puzzles::run::Writer::new(puzzle, &mut out, format == Format::Json)
        .quiet(args.search.count)
        .keep(draw.unwrap_or(0));
    // The threads are the engine's rule (a count by dancing links on every core, a listing
    // and a count of classes on one) unless --jobs says.
    let how = puzzles::run::Run::default()
        .engine(engine)
        .threads(args.search.jobs)
        .ordered(args.search.ordered)
        .count(args.search.count && draw.is_none())
        .distinct(distinct)
        .limit(args.search.limit)
        .limits(args.search.limits(None, start));
    let ran = puzzles::run::run(puzzle, &how, &mut |s| writer.visit(s))?;
    let (report, distinct, number) = (&ran.report, &ran.distinct, ran.count());
    let outcome = report.outcome;
    if let Some(e) = writer.failed {
        return Err(e).context("writing solutions");
    }
    let drawn = writer.kept;
    let elapsed = start.elapsed();
    match format {
        Format::Text => {
            if args.search.count {
                let more = if outcome.is_complete() { "" } else { "+" };
                writeln!(out, "{number}{more}")?;
            }
        }
        Format::Json => {
            let named = args.search.named(engine, puzzle.problem());
            let summary = ran.summary(args.search.stats, named);
            serde_json::to_writer(&mut out, &summary)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()?;
    if args.search.stats {
        let colored = puzzle.problem().has_colors();
        let line = crate::search::stats(&outcome).colored(colored);
        args.search.write_stats(
            line.elapsed(Some(elapsed)),
            report,
            engine,
            puzzle.problem(),
        )?;
        if let Some(d) = &distinct {
            let (n, symmetries, method) = (d.count, d.symmetries, &d.method);
            eprintln!("{n} up to symmetry ({symmetries} symmetries): {method}");
        }
    }
    match svg_file {
        Some(file) if drawn.is_empty() => file.discard("no solution to draw"),
        Some(file) => file.write(&puzzle.to_svg(&drawn))?,
        None => {}
    }
    args.search.ending_of(&outcome)
}

/// `--count --memo`: the count by the memoized search (Knuth's dlx6), exact at any size.
fn memo_count(problem: &dlx::Problem, args: &Common, distinct: bool) -> Result<()> {
    if !args.search.count {
        return crate::refuse("--memo counts: add --count");
    }
    if distinct || args.svg.is_some() || args.search.limit.is_some() {
        return crate::refuse(
            "--memo counts every solution: it takes no --distinct, --svg or --limit",
        );
    }
    let start = Instant::now();
    let memo = args.search.memo(problem, "the puzzle")?;
    let mut out = BufWriter::new(io::stdout().lock());
    let tail = (args.format == XcFormat::Json, false, false);
    args.search
        .memo_end(&memo, problem, tail, None, start.elapsed(), &mut out)
}
