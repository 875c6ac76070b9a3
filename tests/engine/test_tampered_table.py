"""The shared table of tampered records (issue 43, tests/engine/tampered.py): the file is
what the module builds, and ``yuanzi verify``'s engine gives each case the verdict the
table states. (The browser's check runs over the same file: tests/web and tests/browser.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.engine.tampered import cases, load, summary_of

CASES = load()


def test_the_file_is_what_the_module_builds() -> None:
    assert json.loads(json.dumps(cases())) == CASES, "run: python -m tests.engine.tampered"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_each_case_gets_its_verdict(case: dict[str, Any]) -> None:
    got = summary_of(case)
    assert {k: got.get(k) for k in case["expect"]} == case["expect"]
