"""The examples in the package's docstrings run, and give what they say."""

import doctest

import dlx_engine
import dlx_engine.sudoku


def test_docstring_examples():
    for module in (dlx_engine, dlx_engine.sudoku):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__
