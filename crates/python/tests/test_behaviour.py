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


def test_other_threads_run_while_a_search_does():
    p = pentominoes()
    done = threading.Event()
    result = []

    def count():
        result.append(p.count(jobs=1))
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


def test_ctrl_c_stops_a_long_search():
    p = pentominoes()
    # Python's own Ctrl-C handler, as in a terminal: a process started in the background of a
    # shell without job control (as CI may start it) inherits SIGINT ignored, and then
    # interrupt_main does nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(0.3, _thread.interrupt_main)
        timer.start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            p.count(jobs=1)
        # The whole count takes seconds; the interrupt ends it within a fraction of one.
        assert time.monotonic() - start < 2.0
        timer.cancel()
    finally:
        signal.signal(signal.SIGINT, previous)


def search_threads():
    """The names of this process's threads that search solutions for an iterator."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        pytest.skip("no /proc to see the search's thread")
    names = []
    for t in tasks:
        try:
            with open(f"/proc/self/task/{t}/comm") as f:
                names.append(f.read().strip())
        except OSError:
            pass
    return [n for n in names if n == "dlx-solutions"]


def test_leaving_the_loop_stops_the_search():
    p = pentominoes()
    solutions = p.solutions()
    first = next(solutions)
    assert len(first) == 12
    assert search_threads()
    del solutions
    gc.collect()
    for _ in range(100):
        if not search_threads():
            break
        time.sleep(0.02)
    assert not search_threads()


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
