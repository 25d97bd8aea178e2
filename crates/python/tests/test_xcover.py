"""xcover's README examples and tests (johnrudge/xcover), on dlx_engine: the same results."""

import numpy as np
import pytest

from dlx_engine import DlxError, covers, covers_bool


def verify(solution, options, primary, secondary=(), colored=False):
    """Every primary item covered once, every secondary one at most once or by one color."""
    def split(entry):
        if colored and isinstance(entry, str) and ":" in entry:
            return tuple(entry.rsplit(":", 1))
        return entry, None

    primary_seen, colors = [], {}
    for k in solution:
        for entry in options[k]:
            item, color = split(entry)
            if item in primary:
                primary_seen.append(item)
            else:
                assert item in secondary
                if color is None:
                    assert item not in colors
                    colors[item] = None
                else:
                    assert colors.setdefault(item, color) == color
    assert sorted(primary_seen, key=repr) == sorted(primary, key=repr)


def test_readme_examples_give_xcovers_output():
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    assert list(covers(options)) == [[1, 3, 5]]
    primary = ["p", "q", "r"]
    secondary = ["x", "y"]
    options = [
        ["p", "q", "x", "y:A"],
        ["p", "r", "x:A", "y"],
        ["p", "x:B"],
        ["q", "x:A"],
        ["r", "y:B"],
    ]
    assert list(covers(options, primary=primary, secondary=secondary, colored=True)) == [[3, 1]]
    matrix = np.array(
        [
            [1, 0, 0, 1, 0, 0, 1],
            [1, 0, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 1, 0, 1],
            [0, 0, 1, 0, 1, 1, 0],
            [0, 1, 1, 0, 0, 1, 1],
            [0, 1, 0, 0, 0, 0, 1],
        ],
        dtype=bool,
    )
    assert next(covers_bool(matrix)) == [1, 3, 5]
    # A list of lists is a matrix too.
    assert next(covers_bool(matrix.tolist())) == [1, 3, 5]


def test_knuth_simple():
    options = [{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}]
    sols = list(covers(options))
    items = set().union(*options)
    for s in sols:
        verify(s, [list(o) for o in options], items)
    assert [set(s) for s in sols] == [{0, 3, 4}]


def test_bool_solve():
    to_cover = np.array(
        [
            [1, 0, 0, 1, 1, 0, 1, 0],
            [1, 0, 0, 0, 1, 1, 0, 1],
            [1, 0, 0, 0, 1, 1, 1, 0],
            [1, 0, 1, 0, 1, 1, 0, 0],
            [1, 0, 0, 0, 1, 0, 1, 1],
            [1, 0, 1, 1, 1, 0, 0, 0],
            [1, 0, 0, 0, 0, 1, 1, 1],
            [0, 1, 0, 1, 1, 0, 1, 0],
            [0, 1, 0, 0, 1, 1, 0, 1],
            [0, 1, 0, 0, 1, 1, 1, 0],
            [0, 1, 1, 0, 1, 1, 0, 0],
            [0, 1, 0, 0, 1, 0, 1, 1],
            [0, 1, 1, 1, 1, 0, 0, 0],
            [0, 1, 0, 0, 0, 1, 1, 1],
        ]
    )
    sols = {frozenset(s) for s in covers_bool(to_cover)}
    assert sols == {frozenset({5, 13}), frozenset({6, 12})}


def test_simple_secondary():
    primary = ["a", "b", "c", "d", "e", "f", "g"]
    secondary = ["h", "i", "j", "k"]
    options = [
        ["c", "e", "k"],
        ["a", "d", "g", "h"],
        ["b", "c", "f"],
        ["a", "d", "f", "h", "i"],
        ["b", "g", "j"],
        ["d", "e", "g", "i"],
        ["a", "j"],
    ]
    sols = list(covers(options, primary=primary, secondary=secondary))
    for s in sols:
        verify(s, options, primary, secondary)
    assert {frozenset(s) for s in sols} == {frozenset({0, 3, 4}), frozenset({2, 5, 6})}


def test_simple_colored2():
    primary = ["a", "b", "c"]
    secondary = ["d", "e", "f"]
    options = [
        ["a", "b", "d"],
        ["c", "d"],
        ["c", "e"],
        ["a", "b", "d:BLUE"],
        ["c", "d:BLUE"],
        ["a", "b", "d:RED"],
        ["c", "d:RED"],
    ]
    sols = list(covers(options, primary=primary, secondary=secondary, colored=True))
    for s in sols:
        verify(s, options, primary, secondary, colored=True)
    assert len(sols) == 5


def test_n_queens():
    n = 8
    options = [
        ["r%d" % row, "c%d" % col, "d%d" % (row + col), "a%d" % (row + n - 1 - col)]
        for row in range(n)
        for col in range(n)
    ]
    secondary = {"d%d" % i for i in range(2 * n - 1)}
    secondary.update("a%d" % i for i in range(2 * n - 1))
    assert len(list(covers(options, secondary=secondary))) == 92


def test_unsolvable():
    options = [[0, 1], [0, 2], [1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6], [3, 4], [3, 5], [3, 6], [4, 5], [4, 6]]
    assert list(covers(options)) == []


def langford(n):
    """Langford pairs as exact cover, xcover's langford8 model: item k (1..n) and positions."""
    options = []
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            j = i + k + 1
            if j <= 2 * n:
                options.append([str(k), "s%d" % i, "s%d" % j])
    return options


def test_langford8_has_300_sequences():
    # xcover's langford8.txt: 150 up to reversal; every one of them here.
    assert len(list(covers(langford(8)))) == 300


def test_rows_without_a_node_keep_their_numbers():
    # Empty rows are left out of the problem; the solutions still name the matrix's rows, in
    # the order the search chose them, as numpy arrays and lists of lists give them.
    m = [[0, 0, 0], [1, 1, 0], [0, 0, 0], [0, 0, 1], [1, 0, 0], [0, 0, 0], [0, 1, 1]]
    want = [[1, 3], [4, 6]]
    assert sorted(covers_bool(np.array(m, dtype=bool))) == want
    assert sorted(covers_bool(m)) == want
    # The same from options some of which have no primary item.
    from dlx_engine import Problem

    p = Problem([["x"], ["a", "b"], ["y"], ["c"], ["a"], ["x", "y"], ["b", "c"]],
                primary=["a", "b", "c"], secondary=["x", "y"])
    assert sorted(p.solutions()) == want


def test_a_matrix_as_a_problem():
    # Problem.from_bool builds what covers_bool searches: its count, its figures and solutions
    # name the matrix's rows (empty ones left out of the engine's problem), and its options
    # are each row's columns, as Problem(rows) would have them.
    from dlx_engine import Problem

    m = [[0, 0, 0], [1, 1, 0], [0, 0, 0], [0, 0, 1], [1, 0, 0], [0, 0, 0], [0, 1, 1]]
    rows = [[c for c, v in enumerate(row) if v] for row in m]
    for matrix in (m, np.array(m, dtype=bool), np.array(m, dtype=np.int64)):
        p = Problem.from_bool(matrix)
        assert p.count() == 2
        assert sorted(p.solutions()) == [[1, 3], [4, 6]]
        assert p.items == [0, 1, 2]
        assert p.options == rows
        full = Problem(rows, primary=[0, 1, 2], secondary=[])
        assert p.search().nodes == full.search().nodes
        assert sorted(p.zdd().solutions()) == [[1, 3], [4, 6]]
    # A matrix without a node in a row, and one without a column, as covers_bool takes them.
    assert Problem.from_bool([[1, 1], [0, 0]]).options == [[0, 1], []]
    with pytest.raises(DlxError):
        Problem.from_bool(np.zeros((2, 0), dtype=bool))
    # An array of another rank is refused with a reason, not taken apart as lists.
    for bad in (np.zeros((2, 2, 2), dtype=bool), np.zeros(3, dtype=bool)):
        with pytest.raises(DlxError, match="dimensions"):
            Problem.from_bool(bad)
        with pytest.raises(DlxError, match="dimensions"):
            list(covers_bool(bad))
