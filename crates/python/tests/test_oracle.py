"""Random small problems (plain, with colors, with bounds) against a brute-force oracle that
tries every set of options: the same solutions, each once, by every engine."""

from itertools import combinations

from hypothesis import given, settings, strategies as st

from dlx_engine import DlxError, Problem, SearchStopped

ENGINES = ["auto", "links", "cells", "weighted", "failrate"]


@st.composite
def problems(draw):
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 2))
    primary = ["p%d" % i for i in range(n_primary)]
    secondary = ["s%d" % i for i in range(n_secondary)]
    bounds = {}
    if draw(st.booleans()):
        for p in primary:
            lo = draw(st.integers(0, 2))
            hi = draw(st.integers(max(lo, 1), 3))
            if (lo, hi) != (1, 1) or draw(st.booleans()):
                bounds[p] = (lo, hi)
    colored = n_secondary > 0 and draw(st.booleans())
    options = []
    for _ in range(draw(st.integers(1, 9))):
        row = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for s in draw(st.lists(st.sampled_from(secondary), max_size=2, unique=True)) if secondary else []:
            color = draw(st.sampled_from(["", ":A", ":B"])) if colored else ""
            row.append(s + color)
        options.append(row)
    return primary, secondary, options, colored, bounds


def oracle(primary, secondary, options, colored, bounds):
    """Every set of options that meets the rules, as frozensets of option numbers."""
    found = set()
    for size in range(len(options) + 1):
        for chosen in combinations(range(len(options)), size):
            counts = {p: 0 for p in primary}
            colors, ok = {}, True
            for k in chosen:
                for entry in options[k]:
                    item, _, color = entry.partition(":") if colored else (entry, "", "")
                    if item in counts:
                        counts[item] += 1
                    elif color:
                        ok &= colors.setdefault(item, color) == color
                    else:
                        ok &= item not in colors
                        colors[item] = None
            for p, c in counts.items():
                lo, hi = bounds.get(p, (1, 1))
                ok &= lo <= c <= hi
            if ok:
                found.add(frozenset(chosen))
    return found


@settings(max_examples=300, deadline=None)
@given(problems())
def test_every_engine_finds_the_oracles_solutions(case):
    primary, secondary, options, colored, bounds = case
    want = oracle(*case)
    problem = Problem(options, primary=primary, secondary=secondary, colored=colored, bounds=bounds)
    for engine in ENGINES:
        got = [frozenset(s) for s in problem.solutions(engine=engine)]
        assert len(got) == len(set(got)), engine
        assert set(got) == want, engine
        assert problem.count(engine=engine) == len(want)
    # The memoized count, and its ZDD's solutions.
    assert problem.count(memo=True) == len(want)
    # By components: the same count (refused, by name, for a problem with bounds).
    try:
        by_components = problem.count(memo=True, components=True)
    except DlxError as e:
        assert bounds and "counting by components and bounds" in str(e)
    else:
        assert by_components == len(want)
    zdd = problem.zdd()
    assert zdd.count() == len(want)
    assert {frozenset(s) for s in zdd.solutions()} == want
    # Knuth's text, written and read back, is the same problem.
    again = Problem.from_knuth(problem.to_knuth())
    assert again.count() == len(want)


@settings(max_examples=100, deadline=None)
@given(problems(), st.integers(0, 30))
def test_a_node_limit_is_said_never_passed_off_as_the_count(case, max_nodes):
    primary, secondary, options, colored, bounds = case
    problem = Problem(options, primary=primary, secondary=secondary, colored=colored, bounds=bounds)
    whole = problem.search()
    found = problem.search(max_nodes=max_nodes)
    assert found.nodes <= max_nodes
    assert found.complete == (whole.nodes <= max_nodes)
    if found.complete:
        assert found.count == whole.count
    else:
        assert found.stopped == "max_nodes"
        try:
            problem.count(max_nodes=max_nodes)
            raise AssertionError("a stopped count was returned")
        except SearchStopped as e:
            assert e.reason == "max_nodes"
