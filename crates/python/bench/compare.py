"""dlx_engine beside xcover and exact_cover, in one process, on the problems of the
exact-cover-samples package: the time to count every solution, one thread each.

    pip install ./crates/python xcover exact-cover exact-cover-samples
    python crates/python/bench/compare.py [RUNS]

xcover has no count: it lists the solutions (``len(list(covers_bool(m)))``), and so does
``dlx_engine.covers_bool`` in the column beside it; exact_cover and ``Problem.count`` count
(``Problem.from_bool(m).count()``: the problem built from the matrix each time, as a script
that has the matrix would; ``Problem(rows)``, built from lists of items in Python, costs
about 20 us more on a 6x7 matrix).
xcover is warmed up first (numba compiles its search on the first call). Each figure is the
median of RUNS calls (5 by default), problem building included, as a user calls them.
"""

import statistics
import sys
import time

import numpy as np
import exact_cover_samples
import exact_cover
import xcover

import dlx_engine

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
# Only these problems (default: all).
ONLY = set(sys.argv[2:])


def median_time(call, runs=RUNS):
    """The median time of a call (of many calls in a row, where one takes under a millisecond)."""
    start = time.perf_counter()
    result = call()
    once = time.perf_counter() - start
    repeat = max(1, int(1e-3 / once)) if once < 1e-3 else 1
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeat):
            result = call()
        times.append((time.perf_counter() - start) / repeat)
    return statistics.median(times), result


def shown(seconds):
    """A time in ms, or in µs under 0.1 ms."""
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-4 else f"{seconds * 1e6:.1f} µs"


def main():
    # numba compiles xcover's search on its first call: not counted.
    list(xcover.covers_bool(np.array([[1, 0], [0, 1]], dtype=bool)))
    print(
        "| problem | size | solutions | xcover | exact_cover | ours, `covers_bool` | ours, "
        "`count(jobs=1)` | ours, `count(jobs=0)` | xcover / ours (listing) | exact_cover / ours | "
        "one thread / every core |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in exact_cover_samples.problems:
        if ONLY and name not in ONLY:
            continue
        problem = exact_cover_samples.problems[name]()
        m = problem["data"].astype(bool)
        n = len(exact_cover_samples.canonical(problem["solutions"]))
        tx, sx = median_time(lambda: len(list(xcover.covers_bool(m))))
        te, se = median_time(lambda: exact_cover.get_solution_count(m))
        tl, sl = median_time(lambda: len(list(dlx_engine.covers_bool(m))))
        tc, sc = median_time(lambda: dlx_engine.Problem.from_bool(m).count(jobs=1))
        tp, sp = median_time(lambda: dlx_engine.Problem.from_bool(m).count(jobs=0))
        assert sx == se == sl == sc == sp == n, (name, sx, se, sl, sc, sp, n)
        # exact_cover counts: beside it, the faster of our count and our listing.
        ours = min(tc, tl)
        print(
            f"| {name} | {m.shape[0]}x{m.shape[1]} | {n} | {shown(tx)} | {shown(te)} | "
            f"{shown(tl)} | {shown(tc)} | {shown(tp)} | {tx / tl:.1f} | {te / ours:.1f} | "
            f"{tc / tp:.2f} |"
        )


if __name__ == "__main__":
    main()
