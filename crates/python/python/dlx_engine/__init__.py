"""Exact cover and sudoku on the dlx engine (Rust): Knuth's Algorithm X with Dancing Links,
dancing cells, the memoized count and its ZDD, the cheapest solutions, on every core.

xcover's functions, so that switching is one import::

    >>> from dlx_engine import covers
    >>> list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
    [[1, 3, 5]]

and what they lack: bounds on items, costs, exact counts of any size, Knuth's figures::

    >>> from dlx_engine import Problem
    >>> p = Problem([["a", "b"], ["a"], ["b"]])
    >>> p.count()
    2
    >>> p.search().program, p.search().nodes
    ('dlx1', 4)
"""

from __future__ import annotations

import json
import re
import warnings
from itertools import chain
from typing import Any, Dict, Hashable, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _dlx
from ._dlx import Found
from ._errors import DlxError, ParseError, SearchStopped
from . import sudoku

__all__ = [
    "covers",
    "covers_bool",
    "Problem",
    "Found",
    "Zdd",
    "merge",
    "engines",
    "sudoku",
    "DlxError",
    "ParseError",
    "SearchStopped",
]

__version__ = _dlx.__version__


def engines() -> List[str]:
    """The engines a search can name: ``auto``, ``links`` (Knuth's dlx1, dlx2, dlx3), ``cells``
    (ssxcc, ssmcc), ``weighted`` (ssmcc-wtd), ``failrate`` (ssmcc-frb)."""
    return _dlx.engines()


def _split_color(entry: Hashable) -> Tuple[Hashable, Optional[str]]:
    """An entry ``"x:A"`` of a colored problem as its item ``"x"`` and color ``"A"``."""
    if isinstance(entry, str) and ":" in entry:
        item, color = entry.rsplit(":", 1)
        return item, color
    return entry, None


_NOT_IN_A_NAME = re.compile(r"[\s:|]")


def _name(item: Hashable, k: int, taken: set) -> str:
    """The name an item has in Knuth's text: itself where it can be one, else ``#k``."""
    text = str(item)
    if text and text not in taken and not _NOT_IN_A_NAME.search(text):
        return text
    name = f"#{k}"
    while name in taken:
        name += "'"
    return name


def _ordered(items: Iterable[Hashable]) -> List[Hashable]:
    """Items in order of first appearance, or sorted if they are all integers (the order xcover's
    sets give integers, so that the same search finds the same first solution)."""
    out = list(dict.fromkeys(items))
    if out and all(type(i) is int for i in out):
        out.sort()
    return out


class Problem:
    """An exact-cover problem: options, each a list of items; a solution is a set of options
    that covers every primary item exactly once (or as often as its bounds say) and every
    secondary item at most once (or, with colors, by options that agree on its color).

    ``primary`` and ``secondary`` name the items as xcover does (either may be left out: the
    items of the options not named are the other kind; with neither, every item is primary).
    ``colored=True`` reads ``"x:A"`` as item ``x`` with color ``A``. ``bounds`` maps a primary
    item to ``(lo, hi)`` (or ``n`` for exactly ``n``): covered between ``lo`` and ``hi`` times
    (Knuth's dlx3). ``costs`` gives each option a cost, for :meth:`best`.
    """

    def __init__(
        self,
        options: Sequence[Sequence[Hashable]],
        primary: Optional[Sequence[Hashable]] = None,
        secondary: Optional[Sequence[Hashable]] = None,
        colored: bool = False,
        bounds: Optional[Dict[Hashable, Any]] = None,
        costs: Optional[Sequence[int]] = None,
    ):
        options = [list(o) for o in options]
        if colored:
            entries = [[_split_color(e) for e in option] for option in options]
            universe = _ordered(item for option in entries for item, _ in option)
        else:
            entries = None
            universe = _ordered(chain.from_iterable(options))
        if primary is None and secondary is None:
            primary, secondary = universe, []
        elif primary is None:
            second = set(secondary)
            primary = [i for i in universe if i not in second]
        elif secondary is None:
            first = set(primary)
            secondary = [i for i in universe if i not in first]
        primary, secondary = list(primary), list(secondary)
        everything = primary + secondary
        number = {item: k for k, item in enumerate(everything)}
        if len(number) < len(everything):
            twice = next(i for k, i in enumerate(everything) if number[i] != k)
            raise DlxError(f"item {twice!r} is named twice")
        taken: set = set()
        names = []
        for k, item in enumerate(everything):
            name = str(item) if type(item) is int and str(item) not in taken else _name(item, k, taken)
            names.append(name)
            taken.add(name)
        colors: Dict[str, int] = {}
        try:
            if entries is None:
                rows = [[number[item] for item in option] for option in options]
                hues = []
            else:
                rows, hues = [], []
                for option in entries:
                    rows.append([number[item] for item, _ in option])
                    hues.append(
                        [0 if c is None else colors.setdefault(c, len(colors) + 1) for _, c in option]
                    )
        except KeyError as missing:
            k = next(
                k
                for k, option in enumerate(entries or options)
                if any((e[0] if entries else e) not in number for e in option)
            )
            raise DlxError(f"option {k} has item {missing.args[0]!r}, which is not an item") from None
        if costs is not None:
            costs = [int(c) for c in costs]
            if any(c < 0 for c in costs):
                raise DlxError("costs must be 0 or more")
        # An option without a primary item can never be chosen (the search reaches options
        # through primary items): it is left out of the engine's problem, and the numbers of
        # the others are kept.
        n_primary = len(primary)
        kept = [k for k, row in enumerate(rows) if any(i < n_primary for i in row)]
        if len(kept) < len(rows):
            rows = [rows[k] for k in kept]
            if hues:
                hues = [hues[k] for k in kept]
            if costs is not None:
                costs = [costs[k] for k in kept]
        limits = None
        if bounds:
            limits = [None] * len(primary)
            for item, bound in bounds.items():
                if item not in number or number[item] >= len(primary):
                    raise DlxError(f"bounds on {item!r}, which is not a primary item")
                lo, hi = (bound, bound) if isinstance(bound, int) else bound
                limits[number[item]] = (int(lo), int(hi))
        raw = _dlx.RawProblem.build(
            names[:n_primary],
            names[n_primary:],
            rows,
            hues if colors else None,
            list(colors),
            limits,
            costs,
        )
        self._init(raw, primary + secondary, options)
        self._kept = kept if len(kept) < len(options) else None

    def _init(
        self, raw: Any, items: List[Hashable], options: Optional[List[List[Hashable]]]
    ) -> None:
        self._raw = raw
        self._kept: Optional[List[int]] = None
        self.items = items
        """The items, primary ones first, as given."""
        # Made from the engine's problem when first asked for, where not given (a matrix's).
        self._options = options

    @property
    def options(self) -> List[List[Hashable]]:
        """The options, as given (numbers of solutions index them)."""
        if self._options is None:
            # A matrix's (from_bool): each row's columns, rows without one left empty.
            made: List[List[Hashable]] = [[] for _ in range(self._rows)]
            kept = self._kept if self._kept is not None else range(self._rows)
            for row, items in zip(kept, self._raw.options()):
                made[row] = [self.items[i] for i in items]
            self._options = made
        return self._options

    @classmethod
    def from_bool(cls, matrix: Any) -> "Problem":
        """The exact cover of a boolean incidence matrix (a numpy array or a list of lists),
        as :func:`covers_bool` takes it: rows are options, columns items numbered from 0, every
        column primary. Built by the engine from the matrix's bytes, with no Python per entry:
        ``Problem.from_bool(m).count()`` is exact_cover's ``get_solution_count(m)``."""
        rows, cols, data = _matrix_bytes(matrix)
        raw, kept = _dlx.RawProblem.from_bool(rows, cols, data)
        problem = cls.__new__(cls)
        problem._init(raw, list(range(cols)), None)
        problem._rows = rows
        problem._kept = kept
        return problem

    @classmethod
    def from_knuth(cls, text: str) -> "Problem":
        """A problem in Knuth's text format (the input of dlx1 to dlx6: ``|`` before the
        secondary items, ``x:A`` colors, ``2:3|x`` bounds, ``|n`` costs). A
        :class:`ParseError` says the line and column of what does not read."""
        raw, left_out = _dlx.RawProblem.from_knuth(text)
        for line in left_out:
            warnings.warn(f"line {line}: option left out: it has no primary item", stacklevel=2)
        problem = cls.__new__(cls)
        names = raw.item_names()
        problem._init(raw, names, [[names[i] for i in o] for o in raw.options()])
        return problem

    def to_knuth(self) -> str:
        """The problem in Knuth's text format."""
        return self._raw.to_knuth()

    def __repr__(self) -> str:
        return (
            f"Problem({self._raw.num_options} options, {self._raw.num_primary} primary and "
            f"{self._raw.num_items - self._raw.num_primary} secondary items)"
        )

    def search(
        self,
        engine: str = "auto",
        memo: bool = False,
        jobs: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        max_memory: Optional[int] = None,
        preprocess: bool = False,
        components: bool = False,
    ) -> Found:
        """Counts the solutions and gives the figures Knuth's program for the engine prints
        (``count``, ``nodes``, ``updates``, ``cleansings``, ``program``), whether the search
        was complete and what stopped it. ``memo=True`` counts by the memoized search (dlx6),
        exact at any size; ``jobs`` is the number of threads (0: every core; by default a
        count by dancing links uses every core, the others one; such a count begins on the
        calling thread and is shared out only once it has run a few thousand nodes, so a small
        problem wakes no thread; the memoized count's threads share one cache, and give one
        thread's count). ``components=True`` (with ``memo=True``,
        one thread) counts each group of the items left that no option joins on its own and
        multiplies: far faster on problems side by side, slower where groups are rare."""
        return self._raw.search(
            "memo" if memo else "count",
            engine,
            jobs,
            max_nodes,
            timeout,
            None,
            max_memory,
            preprocess,
            components,
        )

    def count(
        self,
        engine: str = "auto",
        memo: bool = False,
        jobs: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        max_memory: Optional[int] = None,
        components: bool = False,
    ) -> int:
        """The number of solutions, an exact ``int`` of any size (see :meth:`search` for the
        settings). A search stopped by a limit raises :class:`SearchStopped`, whose ``found``
        has the count so far: a stopped count is never returned as if it were the total."""
        found = self.search(
            engine, memo, jobs, max_nodes, timeout, max_memory, components=components
        )
        if not found.complete:
            raise SearchStopped(
                f"the count was stopped by {found.stopped} after {found.nodes} nodes; "
                f"{found.count} solutions so far",
                found.stopped,
                found,
            )
        return found.count

    def solutions(
        self,
        engine: str = "auto",
        limit: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[List[int]]:
        """The solutions, lazily, each as the numbers of its options in the order the search
        chose them; stopping the loop stops the search. ``limit`` ends the iteration after that
        many; ``max_nodes`` and ``timeout`` raise :class:`SearchStopped` where they stop it."""
        # The options left out are numbered back in by the engine's iterator (no generator of
        # Python's between).
        return self._raw.solutions(engine, limit, max_nodes, timeout, self._kept)

    def best(
        self,
        k: int = 1,
        bound: Optional[int] = None,
        jobs: Optional[int] = None,
        ordered: bool = False,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> List[Tuple[int, List[int]]]:
        """The ``k`` cheapest solutions (Knuth's dlx5; options cost what ``costs`` gave them):
        ``(cost, options)`` pairs, cheapest first. ``bound`` keeps only what costs less. A
        limit that stops it raises :class:`SearchStopped` (``found`` has the figures)."""
        found, solutions = self._raw.best(k, bound, jobs, ordered, max_nodes, timeout)
        if self._kept is not None:
            solutions = [(cost, [self._kept[o] for o in s]) for cost, s in solutions]
        if not found.complete:
            raise SearchStopped(
                f"the search for the cheapest was stopped by {found.stopped}: the costs found so "
                "far are not proved the least",
                found.stopped,
                found,
            )
        return solutions

    def zdd(
        self,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> Zdd:
        """The ZDD of every solution, by the memoized search (Knuth's dlx6): ``count()``,
        ``count_by_size()``, ``sample(n, seed=)``, ``solutions()``, ``to_text()``."""
        found, zdd = self._raw.zdd(max_nodes, timeout, max_memory)
        if zdd is None:
            raise SearchStopped(
                f"the memoized search was stopped by {found.stopped}: no ZDD", found.stopped, found
            )
        return Zdd(zdd, self._kept, found)

    def preprocess(self) -> Tuple["Problem", List[int]]:
        """Knuth's preprocessor (dlx-pre): the problem without the options that can never be
        used and the items that are forced, and for each of its options the number of the
        option of this problem it came from."""
        raw, origins, _, _, _ = self._raw.preprocess()
        if self._kept is not None:
            origins = [self._kept[o] for o in origins]
        reduced = Problem.__new__(Problem)
        names = raw.item_names()
        reduced._init(raw, names, [[names[i] for i in o] for o in raw.options()])
        return reduced, origins

    def estimate(self, engine: str = "auto") -> float:
        """Knuth's estimate of the size of the search tree, in nodes: the mean of 64 random walks
        from the root (unbiased, with a heavy tail), a guide to how long a count will take."""
        return self._raw.estimate(engine)

    def split(self, k: int, engine: str = "auto") -> List[str]:
        """Cuts the count into at least ``k`` jobs, a line each, to run anywhere with
        :meth:`run_job` and add up with :func:`merge`."""
        return self._raw.split(k, engine)

    def run_job(
        self,
        line: str,
        engine: str = "auto",
        jobs: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Counts one job of :meth:`split` (its line): the summary, as ``dlx xc --count --format
        json --job LINE`` writes it."""
        return json.loads(self._raw.run_job(line, engine, jobs, max_nodes, timeout))


class Zdd:
    """The ZDD of every solution of a problem (:meth:`Problem.zdd`), with the figures of the
    memoized search that made it (``found``)."""

    def __init__(self, raw: Any, kept: Optional[List[int]], found: Found):
        self._raw = raw
        self._kept = kept
        self.found = found

    def _options(self, solutions: List[List[int]]) -> List[List[int]]:
        kept = self._kept
        if kept is None:
            return solutions
        return [[kept[o] for o in s] for s in solutions]

    @property
    def num_nodes(self) -> int:
        """Its nodes."""
        return self._raw.num_nodes

    def count(self) -> int:
        """The number of solutions, exact at any size."""
        return self._raw.count()

    def count_by_size(self) -> Dict[int, int]:
        """The number of solutions of each size (options in a solution)."""
        return self._raw.count_by_size()

    def sample(self, n: int, seed: int = 0) -> List[List[int]]:
        """``n`` solutions drawn uniformly at random, the same for the same ``seed``."""
        return self._options(self._raw.sample(n, seed))

    def solutions(self, n: Optional[int] = None) -> List[List[int]]:
        """The first ``n`` solutions (every one if ``None``), in the order of the search."""
        return self._options(self._raw.solutions(n))

    def __iter__(self) -> Iterator[List[int]]:
        """Every solution, lazily, in the order of the search (a count past 2**64 can be
        iterated, a slice at a time)."""
        kept = self._kept
        for solution in self._raw:
            yield solution if kept is None else [kept[o] for o in solution]

    def to_text(self) -> str:
        """The ZDD in the text format of Knuth's dlx6 and zddread."""
        return self._raw.to_text()

    def __repr__(self) -> str:
        return f"Zdd({self.num_nodes} nodes)"


def merge(summaries: Iterable[Any]) -> Dict[str, Any]:
    """Adds up the summaries of the jobs of a split (dicts from :meth:`Problem.run_job`, or
    their JSON lines), as ``dlx merge`` does: the whole search's figures. A missing, repeated,
    foreign or stopped job raises :class:`DlxError`."""
    lines = [s if isinstance(s, str) else json.dumps(s) for s in summaries]
    return json.loads(_dlx.merge(lines))


def covers(
    options: Sequence[Sequence[Hashable]],
    primary: Optional[Sequence[Hashable]] = None,
    secondary: Optional[Sequence[Hashable]] = None,
    colored: bool = False,
) -> Iterator[List[int]]:
    """xcover's ``covers``: a generator of the exact covers (with colors where ``colored``) of
    ``options``, each a list of the indices of the chosen options, in the order the search
    chose them."""
    yield from Problem(options, primary, secondary, colored).solutions()


def covers_bool(matrix: Any) -> Iterator[List[int]]:
    """xcover's ``covers_bool``: the exact covers of a boolean incidence matrix (a numpy array
    or a list of lists; rows are options, columns items, every column primary), each a list
    of row indices. A matrix that is not one raises at the call."""
    # The engine's own iterator, with no generator of Python's between (lazy as well); rows
    # without a node are left out, and the others numbered back in by it.
    return _dlx.covers_bool(*_matrix_bytes(matrix))


def _matrix_bytes(matrix: Any) -> Tuple[int, int, bytes]:
    """A boolean matrix (a numpy array or a list of lists) as its rows, its columns and a byte
    an entry, row by row (nonzero for a node): how the engine takes one."""
    shape = getattr(matrix, "shape", None)
    if shape is not None and hasattr(matrix, "astype"):
        if len(shape) != 2:
            raise DlxError(f"a matrix has rows and columns; this array has {len(shape)} dimensions")
        rows, cols = shape
        return rows, cols, matrix.astype(bool, copy=False).tobytes(order="C")
    table = [list(row) for row in matrix]
    rows = len(table)
    cols = max((len(row) for row in table), default=0)
    data = bytes(bool(row[c]) if c < len(row) else 0 for row in table for c in range(cols))
    return rows, cols, data
