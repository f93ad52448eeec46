"""A real local Ray cluster for the tests of ``backend="ray"``: 2 CPUs, no dashboard.

It is started once for the whole directory and shut down after; Ray's usage statistics
are off. These tests need the extra ``ray`` and are left out of the plain
``python -m pytest`` (see ``addopts`` in pyproject.toml); CI runs them in a step of
their own: ``python -m pytest tests/on_ray``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["RAY_USAGE_STATS_ENABLED"] = "0"  # before Ray is imported

import pytest
import ray


@pytest.fixture(scope="session", autouse=True)
def cluster() -> Iterator[Any]:
    """The local cluster, connected in this process (its context gives its address).

    Its workers can import the test modules and ``examples/tops.py``, as a cluster's
    workers must import the modules of the bots (and of a game) a match sends them.
    """
    tests = Path(__file__).parent.parent  # the package on_ray is in tests/
    examples = tests.parent / "examples"  # the game of another package: tops
    context = ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": f"{tests}{os.pathsep}{examples}"}},
    )
    try:
        yield context
    finally:
        ray.shutdown()
