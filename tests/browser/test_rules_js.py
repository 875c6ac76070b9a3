"""The client's rules port (web/static/js/rules.js, hint.js) against the engine, in node.

The same requests run in a real browser in test_screens.py; here node answers them
quickly when it is installed (it is optional: the browser run is the required one).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
from tests.browser.rules_cases import (
    JS_DIR,
    check_hint,
    conformance_cases,
    hint_cases,
    matches,
    random_cases,
)

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (optional; "
                                "the browser tests run the same checks)")


def node_answers(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert NODE is not None
    text = "\n".join(json.dumps(r) for r in requests) + "\n"
    run = subprocess.run([NODE, str(JS_DIR / "harness.mjs")], input=text, capture_output=True,
                         text=True, timeout=60, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_conformance_groups() -> None:
    cases = conformance_cases()
    if not cases:
        pytest.skip("shared/conformance is not beside the project")
    got = node_answers([c["request"] for c in cases])
    bad = [(c["request"], c["expect"], g) for c, g in zip(cases, got, strict=True)
           if not matches(c["expect"], g)]
    assert not bad, bad[:5]


def test_random_groups_match_the_engine() -> None:
    cases = random_cases()
    got = node_answers([req for req, _ in cases])
    bad = [(req, want, g) for (req, want), g in zip(cases, got, strict=True)
           if not matches(want, g)]
    assert not bad, bad[:5]


def test_local_hint_is_legal_and_complete() -> None:
    cases = hint_cases()
    got = node_answers(cases)
    bad = [(req, g, why) for req, g in zip(cases, got, strict=True)
           if (why := check_hint(req, g)) is not None]
    assert not bad, bad[:5]
