"""Project-wide pytest setup: the ``--slow`` tier and deterministic hypothesis profiles.

Tests marked ``@pytest.mark.slow`` (the many-thousand-game tiers) are skipped unless
pytest runs with ``--slow``. Hypothesis runs derandomized, so a CI run is repeatable; the
profile ``yuanzi`` is the default, ``yuanzi-slow`` (chosen by ``--slow``) tries many more
examples. ``HYPOTHESIS_PROFILE`` in the environment overrides both.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

settings.register_profile(
    "yuanzi",
    derandomize=True,
    deadline=None,
    max_examples=60,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "yuanzi-slow",
    derandomize=True,
    deadline=None,
    max_examples=1500,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="also run the tests marked slow (many-thousand-game tiers)",
    )


def pytest_configure(config: pytest.Config) -> None:
    default = "yuanzi-slow" if config.getoption("--slow") else "yuanzi"
    try:
        settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or default)
    except InvalidArgument:
        settings.load_profile(default)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow tier: run with --slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
