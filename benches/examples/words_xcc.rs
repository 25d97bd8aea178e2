//! Writes an `m x n` word-rectangle problem in Knuth's format with colors, from a word list:
//! `words_xcc M N K [LIST]` takes the first K words of each needed length (lowercase `a-z` only)
//! from LIST (default `/usr/share/dict/american-english`, Debian's `wamerican`).
//! `data/instances/xcc/words_3x4.dlx` was made with `words_xcc 3 4 600`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num =
        |k: usize, default: usize| args.get(k).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (m, n, k) = (num(0, 3), num(1, 3), num(2, 400));
    let path = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| "/usr/share/dict/american-english".to_string());
    let list = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows = dlx_benches::first_words(&list, n, k);
    let cols = dlx_benches::first_words(&list, m, k);
    let title = if m == n {
        format!("{m}x{n} word rectangles, {k} words of each length")
    } else {
        format!("{m}x{n} word rectangles, {k} words of each length ({n} across, {m} down)")
    };
    print!(
        "{}",
        dlx_benches::word_rectangle(m, n, &rows, &cols, &title)
    );
}
