"""Every problem of the exact-cover-samples package (PyPI, parmentelat) gives its solutions."""

import pytest

exact_cover_samples = pytest.importorskip("exact_cover_samples")

from dlx_engine import covers_bool  # noqa: E402


@pytest.mark.parametrize("name", sorted(exact_cover_samples.problems))
def test_every_sample_gives_its_solution_set(name):
    problem = exact_cover_samples.problems[name]()
    found = exact_cover_samples.canonical(covers_bool(problem["data"]))
    assert found == exact_cover_samples.canonical(problem["solutions"])
