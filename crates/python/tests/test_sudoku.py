"""Sudoku from Python: the records of ``dlx sudoku --format json``."""

import pytest

from dlx_engine import DlxError, sudoku

HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_solve_count_unique_rate():
    assert sudoku.solve(HARD) == "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    assert sudoku.count("......2..3.1....") == 3
    assert len(sudoku.solutions("......2..3.1....")) == 3
    assert sudoku.unique(HARD)
    assert not sudoku.unique("......2..3.1....")
    rating = sudoku.rate(HARD)
    assert rating["grade"] == "expert"


def test_a_batch_in_input_order_with_an_invalid_line():
    lines = [HARD, "not a puzzle", "......2..3.1...."]
    records, summary = sudoku.records(lines, task="unique")
    assert [r["status"] for r in records] == ["unique", "invalid", "multiple"]
    assert [r["line_no"] for r in records] == [1, 2, 3]
    assert summary["puzzles"] == 3 and summary["unique"] == 1


def test_generate_is_the_same_for_the_same_seed():
    a = sudoku.generate(3, seed=7, jobs=1)
    b = sudoku.generate(3, seed=7, jobs=2)
    assert [p["puzzle"] for p in a] == [p["puzzle"] for p in b]
    for made in a:
        assert made["minimal"] and made["unproved"] == 0 and sudoku.unique(made["puzzle"])


def test_bad_input_raises():
    with pytest.raises(DlxError):
        sudoku.solve("12")
