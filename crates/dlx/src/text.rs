//! Knuth's text format for exact-cover problems (the input of `dlx1` and `dlx2`), read and
//! written.
//!
//! * A line whose first non-blank character is `|` is a comment; blank lines are skipped.
//! * The first other line names the items; a lone `|` separates the primary items (before it)
//!   from the secondary ones (after it).
//! * Every further line is an option: the names of its items. A secondary item may carry a
//!   color, `name:color` (`dlx2`'s color controls): options that give it the same color are
//!   compatible. Knuth's colors are one character; here a color is 1 to [`MAX_COLOR_LEN`]
//!   printable ASCII characters other than `:` and `|`, so `cell:red` reads too.
//! * A name is 1 to 8 printable ASCII characters other than `:` and `|`.
//! * CRLF line ends and a UTF-8 byte-order mark are accepted.
//! * On the item line, a primary item may carry bounds (`dlx3`'s multiplicities): `a:b|name`
//!   (covered `a` to `b` times) or `b|name` (exactly `b` times).
//! * An option may carry a cost (`dlx5`): `|n` after any of its items, `n` a nonnegative decimal
//!   number; several add up (`a b |3 |4` costs 7). Only [`Problem::best`] looks at costs.
//!
//! An option without a primary item is dropped with a [`Warning`], as `dlx1` does.
//!
//! ```
//! let parsed = dlx::text::parse("| a comment\nA B | C\nA C\nB\nA\n")?;
//! let problem = &parsed.problem;
//! let solution = problem.first().unwrap();
//! let mut out = Vec::new();
//! dlx::text::write_solution(problem, solution.options(), &mut out).unwrap();
//! // B has one option, A two: the MRV rule branches on B first.
//! assert_eq!(String::from_utf8(out).unwrap(), "B\nA C\n");
//!
//! // Colors: the two options that give X the color 1 go together.
//! let colored = dlx::text::parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")?;
//! let problem = &colored.problem;
//! let solution = problem.first().unwrap();
//! let mut out = Vec::new();
//! dlx::text::write_solution(problem, solution.options(), &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "A C X:1 Y:1\nB X:1\n");
//! # Ok::<(), dlx::text::ParseError>(())
//! ```

use std::fmt;
use std::io::{self, Write};

use smallvec::SmallVec;

use crate::problem::{BuildError, ColorId, ItemId, OptionId, Problem, ProblemBuilder};

/// The longest item name the format allows (as in `dlx1`).
pub const MAX_NAME_LEN: usize = 8;

/// The longest color name: Knuth's `dlx2` reads one character; longer names (`cell:red`,
/// `x12:17`) are accepted for problems that programs write.
pub const MAX_COLOR_LEN: usize = 32;

/// A problem read from text, with what the reader noticed.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Options that were dropped, and why.
    pub warnings: Vec<Warning>,
    /// The 1-based line of each option of `problem` (dropped options have none).
    pub option_lines: Vec<usize>,
}

/// Something the reader accepted but a person should hear about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line.
    pub line: usize,
    /// What happened.
    pub kind: WarningKind,
}

/// The kinds of [`Warning`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// The option has no primary item, so it could never be chosen; it was dropped.
    OptionWithoutPrimary,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            WarningKind::OptionWithoutPrimary => {
                write!(
                    f,
                    "line {}: option ignored: it has no primary item",
                    self.line
                )
            }
        }
    }
}

/// Where the text went wrong and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    fn at(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }
}

/// The kinds of [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no line naming the items.
    #[error("no item line: expected a line naming the items (only blank and comment lines found)")]
    NoItems,
    /// A name longer than [`MAX_NAME_LEN`].
    #[error("item name `{name}` is {len} characters long; names have 1 to 8")]
    NameTooLong {
        /// The name (its first 40 characters, if it is longer).
        name: String,
        /// Its length in characters.
        len: usize,
    },
    /// A character that cannot be part of a name.
    #[error(
        "unexpected character {ch:?} in an item name; names are printable ASCII other than `:` and `|`"
    )]
    BadChar {
        /// The character.
        ch: char,
    },
    /// `name:color` on the item line: colors belong in options.
    #[error("`{text}`: a color belongs in an option (`name:color`), not on the item line")]
    Color {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// Bounds (`a:b|name`) on an item after the `|`: only primary items take bounds.
    #[error("`{text}`: bounds on a secondary item; only primary items (before `|`) take bounds")]
    BoundsOnSecondary {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// Bounds that are not numbers: `:|A`, `1:|A`.
    #[error("`{text}`: expected bounds `a:b|name` or `b|name`, a and b whole numbers")]
    BadBounds {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// An upper bound of 0: the item could never be covered.
    #[error("`{text}`: the upper bound must be at least 1")]
    ZeroBound {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// A lower bound above the upper one.
    #[error("`{text}`: the lower bound {lo} exceeds the upper bound {hi}")]
    LowAboveHigh {
        /// The token (its first 40 characters, if it is longer).
        text: String,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// A color given to a primary item.
    #[error("`{text}`: a color on primary item `{name}`; only secondary items (after `|` on the item line) take colors")]
    ColorOnPrimary {
        /// The item.
        name: String,
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// `name:` with nothing after the colon.
    #[error("`{text}`: expected a color after `:`")]
    EmptyColor {
        /// The token.
        text: String,
    },
    /// A character that cannot be part of a color.
    #[error(
        "unexpected character {ch:?} in a color; colors are printable ASCII other than `:` and `|`"
    )]
    BadColorChar {
        /// The character.
        ch: char,
    },
    /// A color longer than [`MAX_COLOR_LEN`].
    #[error("color `{color}` is {len} characters long; colors have 1 to 32")]
    ColorTooLong {
        /// The color (its first 40 characters, if it is longer).
        color: String,
        /// Its length in characters.
        len: usize,
    },
    /// A token with no item name where one belongs: bounds with nothing after their `|`
    /// (`2|`), or a color with nothing before its `:` (`:red`).
    #[error("`{text}` has no item name: expected 1 to 8 characters where the name goes")]
    MissingName {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// A `|` inside a name.
    #[error("`|` inside `{text}`; the separator of primary and secondary items stands alone, between spaces")]
    BarInName {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// A second `|` on the item line.
    #[error("a second `|` on the item line; one separates primary from secondary items")]
    SecondSeparator,
    /// An item named twice on the item line.
    #[error("duplicate item name `{name}` (first at column {first_column})")]
    DuplicateItem {
        /// The name.
        name: String,
        /// Column of its first occurrence.
        first_column: usize,
    },
    /// An option names an item the item line does not.
    #[error("unknown item `{name}`; expected one of the items named on line {items_line}")]
    UnknownItem {
        /// The name.
        name: String,
        /// The line that names the items.
        items_line: usize,
    },
    /// An option names the same item twice.
    #[error("item `{name}` appears twice in this option (first at column {first_column})")]
    RepeatedItem {
        /// The name.
        name: String,
        /// Column of its first occurrence.
        first_column: usize,
    },
    /// A lone `|` on an option line.
    #[error(
        "`|` in an option; expected an item name (the `|` separator belongs on the item line)"
    )]
    SeparatorInOption,
    /// `|n` in an option (`dlx5`'s cost) where `n` is not a decimal number.
    #[error("`{text}`: an option's cost is `|` and a decimal number, such as `|12`")]
    BadCost {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// `|-n` in an option: costs are nonnegative.
    #[error("`{text}`: costs are nonnegative (Knuth's dlx5 taxes items to keep every option's net cost at 0 or more)")]
    NegativeCost {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// An option's costs add up to more than 2^64 - 1.
    #[error("`{text}`: the option's costs add up to more than 2^64 - 1")]
    CostTooLarge {
        /// The token (its first 40 characters, if it is longer).
        text: String,
    },
    /// The problem does not fit 32-bit indices.
    #[error("the problem is too large for 32-bit indices")]
    TooLarge,
    /// An option with more items than [`crate::MAX_OPTION_LEN`].
    #[error("this option has {items} items; an option has at most 65535")]
    OptionTooLong {
        /// Its items.
        items: usize,
    },
    /// The builder refused what the reader passed on. The reader checks names, bounds and
    /// colors by the builder's rules first, so this is not expected; it is an error rather
    /// than a panic should the two ever disagree.
    #[error(transparent)]
    Build(BuildError),
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// 1-based column, in characters, of byte offset `at` in `line`.
fn column(line: &[u8], at: usize) -> usize {
    // Count the bytes that start a UTF-8 character (everything but continuation bytes).
    line[..at].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1
}

/// The character at byte offset `at` (U+FFFD if the bytes there are not UTF-8).
fn char_at(line: &[u8], at: usize) -> char {
    let end = (at + 4).min(line.len());
    (at + 1..=end)
        .find_map(|e| {
            std::str::from_utf8(&line[at..e])
                .ok()
                .and_then(|s| s.chars().next())
        })
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Splits a line into its tokens, each with its byte offset and 1-based column (in characters),
/// counted as it goes: linear in the line's length, however many tokens it holds.
fn tokens(line: &[u8]) -> impl Iterator<Item = (usize, usize, &[u8])> {
    let mut at = 0;
    let mut col = 1;
    std::iter::from_fn(move || {
        while at < line.len() && is_blank(line[at]) {
            at += 1;
            col += 1;
        }
        if at == line.len() {
            return None;
        }
        let (start, start_col) = (at, col);
        while at < line.len() && !is_blank(line[at]) {
            // Characters start at every byte but UTF-8 continuation bytes.
            col += usize::from(line[at] & 0xC0 != 0x80);
            at += 1;
        }
        Some((start, start_col, &line[start..at]))
    })
}

/// At most 40 characters of a token, for a message (a 10 MB name is not repeated whole), and
/// whether it was cut.
fn cut(token: &[u8]) -> (String, bool) {
    const MAX: usize = 40;
    let text = String::from_utf8_lossy(&token[..token.len().min(4 * MAX)]);
    match text.char_indices().nth(MAX) {
        None if text.len() == token.len() => (text.into_owned(), false),
        None => (format!("{text}..."), true),
        Some((at, _)) => (format!("{}...", &text[..at]), true),
    }
}

/// [`cut`], saying how long the token was when it was cut.
fn quoted(token: &[u8]) -> String {
    match cut(token) {
        (text, false) => text,
        (text, true) => format!("{text} ({} bytes)", token.len()),
    }
}

/// Checks a name as an item name and returns it as a `&str`. `start` is its byte offset in
/// `line`, and `whole` the token it came from (the name and its bounds or color), for messages.
///
/// A name is what the builder takes ([`ProblemBuilder::primary`]: non-empty, no whitespace),
/// narrowed to Knuth's names: 1 to 8 printable ASCII characters other than `:` and `|`. A token
/// is never empty, but the name left after splitting off bounds (`2|`) or a color (`:red`) can
/// be, so emptiness is checked here, where every name passes, not by each caller.
fn check_name<'a>(
    line: &'a [u8],
    start: usize,
    token: &'a [u8],
    whole: &[u8],
) -> Result<&'a str, ParseError> {
    let err = |at: usize, kind| ParseError {
        line: 0,
        column: column(line, at),
        kind,
    };
    let text = || quoted(whole);
    if token.is_empty() {
        return Err(err(start, ParseErrorKind::MissingName { text: text() }));
    }
    if let Some(k) = token.iter().position(|&b| !(0x21..=0x7e).contains(&b)) {
        return Err(err(
            start + k,
            ParseErrorKind::BadChar {
                ch: char_at(line, start + k),
            },
        ));
    }
    if let Some(k) = token.iter().position(|&b| b == b':') {
        return Err(err(start + k, ParseErrorKind::Color { text: text() }));
    }
    if let Some(k) = token.iter().position(|&b| b == b'|') {
        return Err(err(start + k, ParseErrorKind::BarInName { text: text() }));
    }
    if token.len() > MAX_NAME_LEN {
        return Err(err(
            start,
            ParseErrorKind::NameTooLong {
                name: cut(token).0,
                len: token.len(),
            },
        ));
    }
    // Printable ASCII only, so this is valid UTF-8.
    Ok(std::str::from_utf8(token).expect("ASCII"))
}

/// Checks the color of a `name:color` token (`at` is the byte offset of the color in `line`,
/// `whole` the token) and returns it as a `&str`.
fn check_color<'a>(
    line: &'a [u8],
    at: usize,
    color: &'a [u8],
    whole: &[u8],
) -> Result<&'a str, ParseError> {
    let err = |k: usize, kind| ParseError {
        line: 0,
        column: column(line, k),
        kind,
    };
    if color.is_empty() {
        let kind = ParseErrorKind::EmptyColor {
            text: quoted(whole),
        };
        return Err(err(at - 1, kind));
    }
    if let Some(k) = color
        .iter()
        .position(|&b| !(0x21..=0x7e).contains(&b) || b == b':' || b == b'|')
    {
        let kind = ParseErrorKind::BadColorChar {
            ch: char_at(line, at + k),
        };
        return Err(err(at + k, kind));
    }
    if color.len() > MAX_COLOR_LEN {
        let kind = ParseErrorKind::ColorTooLong {
            color: cut(color).0,
            len: color.len(),
        };
        return Err(err(at, kind));
    }
    // Printable ASCII only, so this is valid UTF-8.
    Ok(std::str::from_utf8(color).expect("ASCII"))
}

/// An item-line token without its bounds prefix, if it has one.
fn name_part(token: &[u8]) -> &[u8] {
    match split_bounds(token) {
        Some(Ok((_, _, k))) => &token[k..],
        _ => token,
    }
}

/// Splits `dlx3`'s bounds off an item-line token: `b|name` (`a = b`) or `a:b|name`. `None` if
/// the token has no such prefix (digits and at most one `:` before a `|`); else the bounds and
/// where the name starts, or what is wrong with them.
fn split_bounds(token: &[u8]) -> Option<Result<(u32, u32, usize), ParseErrorKind>> {
    let bar = token.iter().position(|&b| b == b'|')?;
    let prefix = &token[..bar];
    if bar == 0 || !prefix.iter().all(|&b| b.is_ascii_digit() || b == b':') {
        return None;
    }
    if prefix.iter().filter(|&&b| b == b':').count() > 1 {
        return None;
    }
    let bad = || ParseErrorKind::BadBounds {
        text: quoted(token),
    };
    let number = |s: &[u8]| -> Option<u32> { std::str::from_utf8(s).ok()?.parse().ok() };
    let (lo, hi) = match prefix.iter().position(|&b| b == b':') {
        Some(k) => match (number(&prefix[..k]), number(&prefix[k + 1..])) {
            (Some(lo), Some(hi)) => (lo, hi),
            _ => return Some(Err(bad())),
        },
        None => match number(prefix) {
            Some(b) => (b, b),
            None => return Some(Err(bad())),
        },
    };
    if hi == 0 {
        return Some(Err(ParseErrorKind::ZeroBound {
            text: quoted(token),
        }));
    }
    if lo > hi {
        return Some(Err(ParseErrorKind::LowAboveHigh {
            text: quoted(token),
            lo,
            hi,
        }));
    }
    Some(Ok((lo, hi, bar + 1)))
}

/// Reads a problem from text.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    parse_bytes(text.as_bytes())
}

/// Reads a problem from bytes (which need not be UTF-8 outside item names).
pub fn parse_bytes(input: &[u8]) -> Result<Parsed, ParseError> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut builder = ProblemBuilder::new();
    let mut items_line = 0;
    let mut warnings = Vec::new();
    let mut option_lines = Vec::new();
    // Scratch for one option: its items.
    let mut option: SmallVec<[(ItemId, Option<ColorId>); 16]> = SmallVec::new();
    // For each item, the last option line (counted from 1) that named it, and the column.
    let mut last_seen: Vec<(u64, usize)> = Vec::new();
    let mut option_no = 0u64;

    for (k, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line_no = k + 1;
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        match line.iter().find(|&&b| !is_blank(b)) {
            None | Some(b'|') => continue,
            Some(_) => {}
        }
        let at_line = |e: ParseError| ParseError { line: line_no, ..e };
        if items_line == 0 {
            items_line = line_no;
            builder.reserve_items(tokens(line).count());
            let mut secondary = false;
            for (start, col, token) in tokens(line) {
                if token == b"|" {
                    if secondary {
                        let kind = ParseErrorKind::SecondSeparator;
                        return Err(ParseError::at(line_no, col, kind));
                    }
                    secondary = true;
                    continue;
                }
                // `a:b|name` or `b|name`: bounds on a primary item (dlx3).
                let whole = token;
                let (bounds, start, token) = match split_bounds(token) {
                    None => (None, start, token),
                    Some(Err(kind)) => return Err(ParseError::at(line_no, col, kind)),
                    Some(Ok((lo, hi, k))) => {
                        if secondary {
                            let kind = ParseErrorKind::BoundsOnSecondary {
                                text: quoted(token),
                            };
                            return Err(ParseError::at(line_no, col, kind));
                        }
                        (Some((lo, hi)), start + k, &token[k..])
                    }
                };
                let name = check_name(line, start, token, whole).map_err(at_line)?;
                let added = match (secondary, bounds) {
                    (true, _) => builder.secondary(name),
                    (false, None) => builder.primary(name),
                    (false, Some((lo, hi))) => builder.primary_bounded(name, lo, hi),
                };
                let kind = match added {
                    Ok(_) => continue,
                    Err(BuildError::DuplicateItem { .. }) => {
                        // Find the first occurrence's column again (rare; only on error).
                        let first_column = tokens(line)
                            .find(|&(_, _, t)| name_part(t) == token)
                            .map_or(0, |(_, c, _)| c);
                        ParseErrorKind::DuplicateItem {
                            name: name.into(),
                            first_column,
                        }
                    }
                    Err(BuildError::TooLarge) => ParseErrorKind::TooLarge,
                    Err(other) => ParseErrorKind::Build(other),
                };
                return Err(ParseError::at(line_no, col, kind));
            }
            last_seen = vec![(0, 0); builder.num_items()];
            continue;
        }

        option.clear();
        option_no += 1;
        let mut cost = 0u64;
        for (start, col, token) in tokens(line) {
            if token == b"|" {
                let kind = ParseErrorKind::SeparatorInOption;
                return Err(ParseError::at(line_no, col, kind));
            }
            // `|n`: a cost (dlx5); several add up.
            if let Some(digits) = token.strip_prefix(b"|") {
                let kind = match parse_cost(digits) {
                    Ok(n) => match cost.checked_add(n) {
                        Some(sum) => {
                            cost = sum;
                            continue;
                        }
                        None => ParseErrorKind::CostTooLarge {
                            text: quoted(token),
                        },
                    },
                    Err(kind) => kind(quoted(token)),
                };
                return Err(ParseError::at(line_no, col, kind));
            }
            // `name:color`: the name is checked as any name, the color as a color.
            let whole = token;
            let (token, color) = match token.iter().position(|&b| b == b':') {
                Some(k) => (&token[..k], Some((start + k + 1, &token[k + 1..]))),
                None => (token, None),
            };
            let name = check_name(line, start, token, whole).map_err(at_line)?;
            let Some(id) = builder.item_id(name) else {
                let kind = ParseErrorKind::UnknownItem {
                    name: name.into(),
                    items_line,
                };
                return Err(ParseError::at(line_no, col, kind));
            };
            // The option line that last named each item, and where: repeats found in O(1).
            let seen = &mut last_seen[id.0 as usize];
            if seen.0 == option_no {
                let kind = ParseErrorKind::RepeatedItem {
                    name: name.into(),
                    first_column: seen.1,
                };
                return Err(ParseError::at(line_no, col, kind));
            }
            *seen = (option_no, col);
            let color = match color {
                None => None,
                Some((at, text)) => {
                    let whole = &line[start..at + text.len()];
                    if builder.is_primary(id) {
                        let kind = ParseErrorKind::ColorOnPrimary {
                            name: name.into(),
                            text: quoted(whole),
                        };
                        return Err(ParseError::at(line_no, col, kind));
                    }
                    let color = check_color(line, at, text, whole).map_err(at_line)?;
                    let color = builder
                        .color(color)
                        .map_err(|e| ParseError::at(line_no, col, ParseErrorKind::Build(e)))?;
                    Some(color)
                }
            };
            option.push((id, color));
        }
        if option.len() > crate::MAX_OPTION_LEN {
            let kind = ParseErrorKind::OptionTooLong {
                items: option.len(),
            };
            return Err(ParseError::at(line_no, 1, kind));
        }
        match builder.option_colored(option.iter().copied()) {
            Ok(id) => {
                option_lines.push(line_no);
                if cost > 0 {
                    builder
                        .set_cost(id, cost)
                        .expect("the option was just added");
                }
            }
            Err(BuildError::OptionWithoutPrimary { .. }) => warnings.push(Warning {
                line: line_no,
                kind: WarningKind::OptionWithoutPrimary,
            }),
            Err(BuildError::TooLarge) => {
                let kind = ParseErrorKind::TooLarge;
                return Err(ParseError::at(line_no, 1, kind));
            }
            Err(other) => return Err(ParseError::at(line_no, 1, ParseErrorKind::Build(other))),
        }
    }

    if items_line == 0 {
        return Err(ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::NoItems,
        });
    }
    // The item line's first token is a primary item (a line that starts with `|` is a comment),
    // so only a problem too large for the arena is expected here; any refusal is an error.
    let problem = builder.build().map_err(|e| ParseError {
        line: 1,
        column: 1,
        kind: match e {
            BuildError::TooLarge => ParseErrorKind::TooLarge,
            other => ParseErrorKind::Build(other),
        },
    })?;
    Ok(Parsed {
        problem,
        warnings,
        option_lines,
    })
}

/// The cost in `|n`: decimal digits, or why not (the error's kind, given the token).
fn parse_cost(digits: &[u8]) -> Result<u64, fn(String) -> ParseErrorKind> {
    if digits.first() == Some(&b'-')
        && digits.len() > 1
        && digits[1..].iter().all(u8::is_ascii_digit)
    {
        return Err(|text| ParseErrorKind::NegativeCost { text });
    }
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(|text| ParseErrorKind::BadCost { text });
    }
    digits
        .iter()
        .try_fold(0u64, |n, &d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
        .ok_or(|text| ParseErrorKind::CostTooLarge { text })
}

/// Writes one option as a line: its item names in the order they were given, and its cost as
/// `|n` if it has one, then `\n`.
pub fn write_option(problem: &Problem, option: OptionId, out: &mut impl Write) -> io::Result<()> {
    for (k, (item, color)) in problem.option_entries(option).enumerate() {
        if k > 0 {
            out.write_all(b" ")?;
        }
        out.write_all(problem.item_name(item).as_bytes())?;
        if let Some(color) = color {
            out.write_all(b":")?;
            out.write_all(problem.color_name(color).as_bytes())?;
        }
    }
    match problem.option_cost(option) {
        0 => {}
        cost => write!(out, " |{cost}")?,
    }
    out.write_all(b"\n")
}

/// Writes a solution as option lines, in the order the options were chosen.
pub fn write_solution(
    problem: &Problem,
    options: &[OptionId],
    out: &mut impl Write,
) -> io::Result<()> {
    for &option in options {
        write_option(problem, option, out)?;
    }
    Ok(())
}

/// `1 solution`, `2 solutions`, `3 searches`: a count and its noun, singular or plural, as the
/// messages of this crate and of the crates built on it (and the `dlx` command) say counts.
pub fn plural(n: impl std::fmt::Display, word: &str) -> String {
    let n = n.to_string();
    match (n.as_str(), word.as_bytes().last()) {
        ("1", _) => format!("{n} {word}"),
        (_, Some(b'h' | b's' | b'x')) => format!("{n} {word}es"),
        _ => format!("{n} {word}s"),
    }
}

/// Writes a whole problem in the text format: the item line, then one line per option.
pub fn write_problem(problem: &Problem, out: &mut impl Write) -> io::Result<()> {
    // A bounded primary item is written as dlx3 reads it: `b|name`, or `a:b|name`. A problem
    // declared with bounds that are all 1 keeps `1|` on its first item, so that it is read
    // back as the same class of problem (searched by dlx3's rules).
    let one = problem.declares_bounds() && !problem.has_bounds();
    let names = |primary: bool| {
        problem
            .items()
            .filter(move |&i| problem.is_primary(i) == primary)
            .enumerate()
            .map(|(k, i)| match (primary, problem.item_bounds(i)) {
                (true, (1, 1)) if one && k == 0 => format!("1|{}", problem.item_name(i)),
                (true, (1, 1)) | (false, _) => problem.item_name(i).to_string(),
                (true, (lo, hi)) if lo == hi => format!("{hi}|{}", problem.item_name(i)),
                (true, (lo, hi)) => format!("{lo}:{hi}|{}", problem.item_name(i)),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    out.write_all(names(true).as_bytes())?;
    let secondary = names(false);
    if !secondary.is_empty() {
        write!(out, " | {secondary}")?;
    }
    out.write_all(b"\n")?;
    for k in 0..problem.num_options() {
        write_option(problem, OptionId(k as u32), out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse(text).expect_err("should not parse")
    }

    #[test]
    fn comments_blank_lines_crlf_and_bom() {
        let p = parse("\u{feff}| c\r\n\r\n  \tA B | C\r\n| another\r\nA C\r\n\r\nB\r\n").unwrap();
        assert_eq!(p.problem.num_items(), 3);
        assert_eq!(p.problem.num_primary(), 2);
        assert_eq!(p.option_lines, vec![5, 7]);
        assert_eq!(p.problem.count().solutions, 1);
    }

    #[test]
    fn option_without_primary_is_dropped_with_a_warning() {
        let p = parse("A | C\nC\nA\n").unwrap();
        assert_eq!(p.problem.num_options(), 1);
        assert_eq!(
            p.warnings,
            vec![Warning {
                line: 2,
                kind: WarningKind::OptionWithoutPrimary
            }]
        );
        assert_eq!(
            p.warnings[0].to_string(),
            "line 2: option ignored: it has no primary item"
        );
    }

    #[test]
    fn errors_carry_line_and_column() {
        let e = err("A B\nA  X\n");
        assert_eq!((e.line, e.column), (2, 4));
        assert!(matches!(e.kind, ParseErrorKind::UnknownItem { .. }));
        let e = err("A B\nB A B\n");
        assert_eq!((e.line, e.column), (2, 5));
        assert_eq!(
            e.kind,
            ParseErrorKind::RepeatedItem {
                name: "B".into(),
                first_column: 1
            }
        );
        let e = err("A B A\n");
        assert_eq!((e.line, e.column), (1, 5));
        let e = err("A b:red\n");
        assert_eq!((e.line, e.column), (1, 4));
        assert!(matches!(e.kind, ParseErrorKind::Color { .. }));
        let e = err("A | B | C\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 7, ParseErrorKind::SecondSeparator)
        );
        let e = err("A é\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 3, ParseErrorKind::BadChar { ch: 'é' })
        );
        let e = err("A abcdefghi\n");
        assert_eq!((e.line, e.column), (1, 3));
        let e = err("| only comments\n\n");
        assert_eq!(e.kind, ParseErrorKind::NoItems);
        let e = err("A B\nA | B\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 3, ParseErrorKind::SeparatorInOption)
        );
    }

    /// Bounds with no name after their `|`, at the end of the line or before any blank byte, and
    /// a color with no name before its `:`: an error where the name belongs, never a panic (the
    /// bound split once left an empty name that only the builder refused).
    #[test]
    fn a_token_without_its_name_is_an_error_at_the_name() {
        let cases: [(&[u8], usize, usize, &str); 10] = [
            (b"13|", 1, 4, "13|"),
            (b"1|\x0b", 1, 3, "1|"),
            (b"1|\x0c", 1, 3, "1|"),
            (b"1|\r", 1, 3, "1|"),
            (b"1|\r\nA\n", 1, 3, "1|"),
            (b"2,,  2|", 1, 8, "2|"),
            (b"0022288880|", 1, 12, "0022288880|"),
            (b"A 1:2|\tB", 1, 7, "1:2|"),
            (b"A B\n:red B\n", 2, 1, ":red"),
            (b"A | B\nA :1\n", 2, 3, ":1"),
        ];
        for (input, line, column, token) in cases {
            let e = parse_bytes(input).expect_err("a name is missing");
            assert_eq!(
                (e.line, e.column, e.kind),
                (
                    line,
                    column,
                    ParseErrorKind::MissingName { text: token.into() }
                ),
                "{:?}",
                String::from_utf8_lossy(input)
            );
        }
        assert_eq!(
            err("13|").to_string(),
            "line 1, column 4: `13|` has no item name: expected 1 to 8 characters where the name goes"
        );
    }

    #[test]
    fn write_then_parse_round_trips() {
        let text = "a b c | x y\na x\nb c\nc y a\n";
        let p = parse(text).unwrap().problem;
        let mut out = Vec::new();
        write_problem(&p, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), text);
    }

    /// Bounds that are all 1 are written back (on the first item), so that the problem read
    /// again is searched by dlx3's rules too; other bounds as they were read.
    #[test]
    fn bounds_of_one_survive_a_round_trip() {
        for (text, written) in [
            ("a 1:1|b c\na b\nc b\n", "1|a b c\na b\nc b\n"),
            ("a 1|b 0:2|c\na b\nc b\n", "a b 0:2|c\na b\nc b\n"),
        ] {
            let p = parse(text).unwrap().problem;
            assert!(p.declares_bounds());
            let mut out = Vec::new();
            write_problem(&p, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), written);
            let again = parse(written).unwrap().problem;
            assert!(again.declares_bounds());
            let (a, b) = (p.count(), again.count());
            assert_eq!(
                (a.solutions, a.nodes, a.updates),
                (b.solutions, b.nodes, b.updates)
            );
        }
    }
}
