"""dlx_engine beside xcover and exact_cover, in one process, on the problems of the
exact-cover-samples package: the time to count every solution, one thread each.

    pip install ./crates/python xcover exact-cover exact-cover-samples
    python crates/python/bench/compare.py [RUNS]

xcover has no count: it lists the solutions (``len(list(covers_bool(m)))``), and so does
``dlx_engine.covers_bool`` in the column beside it; exact_cover and ``Problem.count`` count.
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


def median_time(call, runs=RUNS):
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def rows(matrix):
    return [list(np.nonzero(row)[0]) for row in matrix]


def main():
    # numba compiles xcover's search on its first call: not counted.
    list(xcover.covers_bool(np.array([[1, 0], [0, 1]], dtype=bool)))
    print(
        "| problem | size | solutions | xcover | exact_cover | ours, `covers_bool` | ours, "
        "`count(jobs=1)` | ours, `count(jobs=0)` | xcover / ours | exact_cover / ours | 1 / every core |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in exact_cover_samples.problems:
        problem = exact_cover_samples.problems[name]()
        m = problem["data"].astype(bool)
        n = len(exact_cover_samples.canonical(problem["solutions"]))
        tx, sx = median_time(lambda: len(list(xcover.covers_bool(m))))
        te, se = median_time(lambda: exact_cover.get_solution_count(m))
        tl, sl = median_time(lambda: len(list(dlx_engine.covers_bool(m))))
        built = dlx_engine.Problem(rows(m), primary=list(range(m.shape[1])), secondary=[])
        tc, sc = median_time(
            lambda: dlx_engine.Problem(rows(m), primary=list(range(m.shape[1])), secondary=[]).count(jobs=1)
        )
        tp, sp = median_time(lambda: built.count(jobs=0))
        assert sx == se == sl == sc == sp == n, (name, sx, se, sl, sc, sp, n)
        ours = tc
        print(
            f"| {name} | {m.shape[0]}x{m.shape[1]} | {n} | {tx * 1e3:.2f} ms | {te * 1e3:.2f} ms | "
            f"{tl * 1e3:.2f} ms | {tc * 1e3:.2f} ms | {tp * 1e3:.2f} ms | {tx / ours:.1f} | "
            f"{te / ours:.1f} | {tc / tp if tp else float('nan'):.2f} |"
        )


if __name__ == "__main__":
    main()
