"""As a Python user expects: the GIL released while a search runs, Ctrl-C stopping it, a loop
left early stopping the search behind it."""

import _thread
import gc
import os
import signal
import threading
import time

import pytest

from dlx_engine import Problem, covers

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "data", "instances")


def pentominoes():
    with open(os.path.join(DATA, "pentomino_6x10.dlx")) as f:
        return Problem.from_knuth(f.read())


@pytest.mark.parametrize("jobs", [1, 2])
def test_other_threads_run_while_a_search_does(jobs):
    p = pentominoes()
    done = threading.Event()
    result = []

    def count():
        result.append(p.count(jobs=jobs))
        done.set()

    worker = threading.Thread(target=count)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert result == [9356]
    # The main thread went on all the while: hundreds of turns, not a handful.
    assert ticks > 100


def langford(n):
    """Langford's pairs of order n: none for n = 14 (n must be 0 or 3 modulo 4), found after
    seconds of search."""
    return [
        [f"v{k}", f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(1, 2 * n - k)
    ]


def assert_ctrl_c_stops(call):
    """Ctrl-C 0.3 s into `call`, which would take seconds, raises `KeyboardInterrupt` within a
    fraction of one."""
    # Python's own Ctrl-C handler, as in a terminal: a process started in the background of a
    # shell without job control (as CI may start it) inherits SIGINT ignored, and then
    # interrupt_main does nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(0.3, _thread.interrupt_main)
        timer.start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            call()
        assert time.monotonic() - start < 2.0
        timer.cancel()
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("memo", [False, True])
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_long_search(memo, jobs):
    # Counts of several seconds: of Langford's pairs of order 14 (the pentominoes are counted in
    # a second on bitsets, too soon to tell an interrupted count from a finished one), and the
    # pentominoes' memoized count. On two threads the count begins on this thread and goes on on
    # the engine's while this one looks for Ctrl-C; the memoized count runs on a thread of its
    # own.
    p = pentominoes() if memo else Problem(langford(14))
    assert_ctrl_c_stops(lambda: p.count(jobs=jobs, memo=memo))


def test_nothing_searches_behind_the_loop():
    p = pentominoes()
    solutions = p.solutions()
    taken = [next(solutions) for _ in range(100)]
    # The search runs only while the loop asks for more: between two, no CPU time is spent
    # (the batches it takes at a time have grown to dozens by now).
    before = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - before < 0.05
    # Taken a batch at a time, the solutions are the one-go listing's, none lost or repeated.
    rest = list(solutions)
    assert taken + rest == list(p.solutions())
    assert len(taken + rest) == 9356
    # A loop left early drops its search; the next one starts afresh.
    del solutions
    gc.collect()
    assert next(p.solutions()) == taken[0]


def test_ctrl_c_stops_a_long_wait_for_the_next_solution():
    # No solution: the whole search takes seconds.
    assert_ctrl_c_stops(lambda: next(covers(langford(14))))


def test_one_iterator_on_two_threads():
    # A second thread asking while the first one's search runs is told so, not made to wait
    # (waiting, it would hold the GIL the first one needs to finish).
    solutions = Problem(langford(14)).solutions(timeout=1.0)
    ended = []

    def first():
        try:
            next(solutions)
        except Exception as e:
            ended.append(e)

    worker = threading.Thread(target=first)
    worker.start()
    time.sleep(0.2)
    with pytest.raises(ValueError, match="another thread"):
        next(solutions)
    worker.join()
    assert [type(e).__name__ for e in ended] == ["SearchStopped"]


def test_the_first_of_many_solutions_comes_at_once():
    # 2**20 solutions; the first is there long before a count of them could be.
    options = [["x%d" % i] for i in range(20) for _ in range(2)]
    start = time.monotonic()
    first = next(covers(options))
    assert len(first) == 20
    assert time.monotonic() - start < 1.0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_searches_on_threads_of_its_own():
    # The engine keeps its worker threads from search to search; a child forked after a search
    # on threads has none of them, and must start its own rather than wait for them forever.
    with open(os.path.join(DATA, "langford11.dlx")) as f:
        p = Problem.from_knuth(f.read())
    want = p.count(jobs=1)
    assert p.count(jobs=2) == want
    pid = os.fork()
    if pid == 0:
        # The child: a count on threads, its answer as the exit status; a hang fails the test
        # by the alarm below.
        signal.alarm(20)
        ok = p.count(jobs=2) == want and p.count(jobs=3, memo=True) == want
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status), f"the child ended by signal {os.WTERMSIG(status)}"
    assert os.WEXITSTATUS(status) == 0
    # And the parent's threads still serve it.
    assert p.count(jobs=2) == want
