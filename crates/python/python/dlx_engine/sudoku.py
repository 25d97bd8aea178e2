"""Sudoku of any size from 4x4 to 64x64, as the ``dlx sudoku`` command solves, counts, proves,
grades and makes them: each result is a dict with the fields of ``dlx sudoku --format json``.

    >>> from dlx_engine import sudoku
    >>> sudoku.unique("......2..3.1....")   # three solutions
    False
    >>> sudoku.count("......2..3.1....")
    3
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _dlx
from ._errors import DlxError, SearchStopped

__all__ = ["records", "solve", "count", "unique", "solutions", "rate", "generate"]

Text = Union[str, Iterable[str], "os.PathLike[str]"]


def _text(puzzles: Text) -> Tuple[str, str]:
    """Puzzles as one text and a name: a string (one puzzle or many lines), a path, or an
    iterable of lines."""
    if isinstance(puzzles, os.PathLike):
        with open(puzzles, encoding="utf-8", errors="replace") as f:
            return f.read(), os.fspath(puzzles)
    if isinstance(puzzles, str):
        return puzzles, "<input>"
    return "\n".join(line.rstrip("\n") for line in puzzles) + "\n", "<input>"


def records(
    puzzles: Text,
    task: str = "solve",
    limit: Optional[int] = None,
    jobs: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    solver: str = "auto",
    explain: bool = False,
) -> Tuple[List[Dict[str, Any]], Dict[str, Any]]:
    """Every puzzle of ``puzzles`` (a puzzle or many, in any layout the library reads: lines,
    grids, CSV, LeetCode boards; a string, a path or an iterable of lines), searched on ``jobs``
    workers (0: every core), in input order: the records (one dict each, the fields of ``dlx
    sudoku --format json``: ``status``, ``solution``, ``count``, ``nodes``, ...; a line that is
    not a puzzle gets an ``invalid`` record) and the batch's summary. ``task`` is ``solve``,
    ``count`` (up to ``limit``), ``unique``, ``all`` (up to ``limit``) or ``rate``."""
    text, name = _text(puzzles)
    lines = _dlx.sudoku_records(
        text, task, limit, jobs, max_nodes, timeout, solver, name, explain
    )
    parsed = [json.loads(line) for line in lines]
    return parsed[:-1], parsed[-1]


def _one(puzzle: str, task: str, **settings: Any) -> Dict[str, Any]:
    found, _ = records(puzzle, task=task, jobs=1, **settings)
    if len(found) != 1:
        raise DlxError(f"expected one puzzle, read {len(found)}")
    record = found[0]
    if record["status"] == "invalid":
        raise DlxError(record.get("error", "not a puzzle"))
    if record["status"] == "stopped":
        raise SearchStopped(
            f"the search was stopped by {record.get('stopped_by')} before its end",
            record.get("stopped_by"),
            record,
        )
    return record


def solve(puzzle: str, **settings: Any) -> Optional[str]:
    """The solution of a puzzle as one line (in the puzzle's symbols), or ``None`` if it has
    none."""
    record = _one(puzzle, "solve", **settings)
    return record.get("solution")


def count(puzzle: str, limit: Optional[int] = None, **settings: Any) -> int:
    """The number of solutions of a puzzle (up to ``limit``)."""
    return _one(puzzle, "count", limit=limit, **settings)["count"]


def unique(puzzle: str, **settings: Any) -> bool:
    """Whether the puzzle has exactly one solution (proved by the search)."""
    return _one(puzzle, "unique", **settings)["status"] == "unique"


def solutions(puzzle: str, limit: Optional[int] = None, **settings: Any) -> List[str]:
    """The solutions of a puzzle (up to ``limit``), each as one line."""
    return _one(puzzle, "all", limit=limit, **settings).get("grids", [])


def rate(puzzle: str, explain: bool = False, **settings: Any) -> Dict[str, Any]:
    """The grade of a puzzle by the techniques a person needs (qqwing's scale and a finer
    score): the record of ``dlx sudoku rate --format json``."""
    return _one(puzzle, "rate", explain=explain, **settings)


def generate(
    n: int = 1,
    size: int = 9,
    symmetry: str = "none",
    difficulty: Optional[str] = None,
    seed: int = 0,
    jobs: int = 0,
    clues: Optional[int] = None,
    max_nodes: int = 1_000_000,
) -> List[Dict[str, Any]]:
    """``n`` puzzles with one solution each, minimal (no clue can go) unless ``clues`` stops
    them early, of a ``size`` x ``size`` grid, with a ``symmetry`` of their clues (``none``,
    ``rotate180``, ...) and a ``difficulty`` (``simple``, ``easy``, ``intermediate``,
    ``expert``); the same ``seed`` makes the same puzzles on any number of ``jobs``. With
    fewer puzzles than ``jobs``, the threads left over test each puzzle's removals (a 25x25 on
    two threads in about half the time)."""
    lines = _dlx.sudoku_generate(n, size, symmetry, difficulty, seed, jobs, clues, max_nodes)
    return [json.loads(line) for line in lines]
