"""Fixtures for the table's module tests: a fresh hall on SQLite per test
(tests/hall/table/harness.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.hall.table.harness import Body, run_world


@pytest.fixture
def hall_world(tmp_path: Path) -> Callable[..., None]:
    """``hall_world(body, **settings)``: run ``async body(world)`` against a real hall
    (SQLite in ``tmp_path``, a ``LocalBroker``, the economy), closed afterwards."""

    def run(body: Body, **overrides: Any) -> None:
        run_world(tmp_path, body, **overrides)

    return run
