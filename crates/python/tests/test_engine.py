"""What the engine adds to xcover: figures, bounds, costs, exact counts, ZDDs, the
preprocessor, split jobs; and errors that say where."""

import pytest

from dlx_engine import DlxError, ParseError, Problem, SearchStopped, engines, merge

def queens(n):
    return [
        ["r%d" % r, "c%d" % c, "a%d" % (r + c), "b%d" % (r - c + n - 1)]
        for r in range(n)
        for c in range(n)
    ]


def test_knuths_figures_and_engines():
    p = Problem(queens(8), secondary=["a%d" % i for i in range(15)] + ["b%d" % i for i in range(15)])
    found = p.search(jobs=1)
    assert (found.count, found.program, found.complete) == (92, "dlx1", True)
    cells = p.search(engine="cells")
    assert (cells.count, cells.program, cells.engine) == (92, "ssxcc", "cells")
    assert engines() == ["auto", "links", "cells", "weighted", "failrate"]
    # Every core: the same figures (dancing links').
    assert p.search(jobs=0).nodes == found.nodes


def test_knuths_text_round_trips_and_errors_say_where():
    text = "a b | c\na c\nb\na\nb c:x\n"
    p = Problem.from_knuth(text)
    # {a c, b}, {a, b}, {a, b c:x}; not {a c, b c:x} (c plain and colored)
    assert p.count() == 3
    assert Problem.from_knuth(p.to_knuth()).count() == 3
    with pytest.raises(ParseError) as e:
        Problem.from_knuth("a b\na z\n")
    assert (e.value.line, e.value.column) == (2, 3)
    assert isinstance(e.value, ValueError)
    with pytest.raises(DlxError):
        Problem([["a", "a"]])
    with pytest.raises(DlxError):
        Problem([["a"]], costs=[-1])
    # An option without a primary item is left out, with a warning that names its line.
    with pytest.warns(UserWarning, match="line 2: option left out"):
        assert Problem.from_knuth("a | b\nb\na\n").count() == 1
    # A setting the search does not take is refused, not passed over.
    with pytest.raises(DlxError, match="the preprocessor and this task"):
        Problem([["a"]]).search(memo=True, preprocess=True)
    # The memoized count on two threads sharing one cache: one thread's count.
    queens = [["r%d" % r, "c%d" % c, "a%d" % (r + c), "b%d" % (r - c + 7)] for r in range(8) for c in range(8)]
    diagonals = ["a%d" % i for i in range(15)] + ["b%d" % i for i in range(15)]
    assert Problem(queens, secondary=diagonals).count(memo=True, jobs=2) == 92
    # By components: two boards side by side multiply; refused on threads and without memo.
    two = [["a", "b"], ["c", "d"], ["a"], ["b"], ["c"], ["d"]]
    assert Problem(two).count(memo=True, components=True) == 4
    with pytest.raises(DlxError, match="counting by components and threads"):
        Problem(two).search(memo=True, components=True, jobs=2)
    with pytest.raises(DlxError, match="counting by components and this task"):
        Problem(two).search(components=True)
    with pytest.raises(DlxError):
        Problem([["a"]], primary=["a"], bounds={"a": (3, 2)})


def test_bounds_and_costs():
    assert Problem([["a"], ["a"], ["b"]], bounds={"a": 2}).count() == 1
    assert Problem([["a"], ["a"], ["a"]], bounds={"a": (0, 2)}).count() == 7
    p = Problem([["a", "b"], ["a"], ["b"]], costs=[5, 1, 1])
    best = p.best(2)
    assert [(cost, sorted(options)) for cost, options in best] == [(2, [1, 2]), (5, [0])]


def test_counts_past_64_bits_are_exact():
    # 65 items, each covered by either of two options: 2**65 solutions.
    options = [["x%d" % i] for i in range(65) for _ in range(2)]
    p = Problem(options)
    assert p.count(memo=True) == 2**65
    zdd = p.zdd()
    assert zdd.count() == 2**65
    assert zdd.count_by_size() == {65: 2**65}
    assert len(zdd.sample(3, seed=1)) == 3
    # Iterated lazily: the first solutions of 2**65 come at once.
    it = iter(zdd)
    first = [next(it) for _ in range(3)]
    assert all(len(s) == 65 for s in first)
    assert first == zdd.solutions(3)


def test_the_aztec_diamond_of_order_11_has_2_to_the_66_tilings():
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "..", "data", "instances", "memo", "aztec_11.dlx")
    with open(path) as f:
        assert Problem.from_knuth(f.read()).count(memo=True) == 2**66


def test_knuths_estimate_of_the_tree():
    p = Problem(queens(8), secondary=["a%d" % i for i in range(15)] + ["b%d" % i for i in range(15)])
    nodes = p.search(jobs=1).nodes
    estimate = p.estimate()
    assert nodes / 4 < estimate < nodes * 4
    assert p.estimate() == estimate


def test_a_count_on_threads_has_one_threads_figures():
    # Langford's pairs of order 11: 439,747 nodes, begun on the calling thread and shared out
    # from where it stood; a node limit past that beginning holds across the threads.
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "..", "data", "instances", "langford11.dlx")
    with open(path) as f:
        p = Problem.from_knuth(f.read())
    one = p.search(jobs=1)
    two = p.search(jobs=2)
    assert (two.count, two.nodes, two.updates, two.profile) == (one.count, one.nodes, one.updates, one.profile)
    assert two.threads == 2
    with pytest.raises(SearchStopped) as e:
        p.count(max_nodes=50_000, jobs=2)
    assert e.value.reason == "max_nodes"
    assert e.value.found.nodes <= 50_000


def test_a_stopped_count_raises():
    p = Problem(queens(10), secondary=["a%d" % i for i in range(19)] + ["b%d" % i for i in range(19)])
    with pytest.raises(SearchStopped) as e:
        p.count(max_nodes=100, jobs=1)
    assert e.value.reason == "max_nodes"
    assert e.value.found.nodes <= 100
    assert not e.value.found.complete


def test_preprocess_keeps_the_solutions():
    p = Problem(queens(6), secondary=["a%d" % i for i in range(11)] + ["b%d" % i for i in range(11)])
    reduced, origins = p.preprocess()
    assert reduced.count() == p.count() == 4
    assert len(origins) == len(reduced.options)


def test_split_jobs_add_up():
    p = Problem(queens(8), secondary=["a%d" % i for i in range(15)] + ["b%d" % i for i in range(15)])
    lines = p.split(10)
    assert len(lines) >= 10
    merged = merge([p.run_job(line, jobs=1) for line in lines])
    whole = p.search(jobs=1)
    assert (merged["solutions"], merged["nodes"], merged["updates"]) == (92, whole.nodes, whole.updates)
    with pytest.raises(DlxError):
        merge([p.run_job(line, jobs=1) for line in lines[1:]])


def test_items_of_any_kind():
    # Tuples and integers are items; names with spaces are written with numbers of their own.
    p = Problem([[(0, 0), (0, 1)], [(0, 0)], [(0, 1)]])
    assert p.count() == 2
    assert "#0" in p.to_knuth()
