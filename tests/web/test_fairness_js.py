"""The browser's fair-deal check (web/static/js/fairness.js) in node, over the shared
table of tampered records (issue 43): every case gets the very verdict ``yuanzi verify``
gives it — the same halves, the same first problem, the same place — and the one the
table states. The same table runs in Chromium (tests/browser/test_fair_deal.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from tests.engine.tampered import TABLE, load, summary_of

CASES = load()
NODE = shutil.which("node")
HARNESS = Path(__file__).with_name("js") / "verify_table.mjs"
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (optional; "
                                "the browser test runs the same table)")


@pytest.fixture(scope="module")
def node_verdicts() -> list[dict[str, Any]]:
    assert NODE is not None
    run = subprocess.run([NODE, str(HARNESS), str(TABLE)], capture_output=True, text=True,
                         timeout=120, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_node_and_the_engine_agree_on_every_tampered_record(
        node_verdicts: list[dict[str, Any]]) -> None:
    assert len(node_verdicts) == len(CASES)
    differ = [(c["name"], summary_of(c), js) for c, js in zip(CASES, node_verdicts, strict=True)
              if summary_of(c) != js]
    assert not differ, differ


def test_node_gives_each_case_its_verdict(node_verdicts: list[dict[str, Any]]) -> None:
    wrong = [(c["name"], c["expect"], js) for c, js in zip(CASES, node_verdicts, strict=True)
             if {k: js.get(k) for k in c["expect"]} != c["expect"]]
    assert not wrong, wrong
