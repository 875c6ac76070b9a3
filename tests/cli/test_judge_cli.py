"""``yuanzi judge`` as a process: JSON lines in, JSON lines out, exit 0 at end of input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO_ROOT.parent / "shared" / "conformance"


def run_judge(data: bytes, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "yuanzi", "judge"],
        input=data,
        capture_output=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        cwd=REPO_ROOT,
    )


def answers(p: subprocess.CompletedProcess[bytes]) -> list[dict[str, object]]:
    return [json.loads(line) for line in p.stdout.decode("utf-8").splitlines() if line.strip()]


def test_cli_answers_each_line_and_exits_0_on_garbage() -> None:
    lines = [
        '{"op": "classify", "blade": "7", "cards": "7S 7S 7S"}',
        "garbage",
        "",
        "{",
        '{"op": "beats", "blade": "7", "top": "9D 9D", "play": "BJ QS"}',
        "[]",
        '"op"',
        '{"op": "explode"}',
        '{"op": "game", "record": {"halves": "no"}}',
        '{"op": "classify", "blade": "7", "cards": "上游"}',
        '{"op": "classify", "blade": "7", "cards": "\\ud800"}',
        "null",
        '{"op": "classify", "blade": "7", "cards": "BJ"}',
    ]
    p = run_judge(("\n".join(lines) + "\n").encode("utf-8"))
    assert p.returncode == 0, p.stderr.decode(errors="replace")
    got = answers(p)
    assert len(got) == len([x for x in lines if x.strip()])
    assert got[0] == {"ok": True, "kind": "atom", "rank": "7", "suit": "S", "size": 3,
                      "blade": True}
    assert got[3] == {"ok": True, "beats": True}
    assert got[-1]["ok"] is True and got[-1]["rank"] == "3"
    assert all(g["ok"] is False for g in got[1:3] + got[4:-1])


def test_cli_empty_input_exits_0_without_output() -> None:
    p = run_judge(b"")
    assert p.returncode == 0 and p.stdout == b""


def test_cli_input_without_final_newline() -> None:
    p = run_judge(b'{"op": "classify", "blade": "7", "cards": "9D 9D"}')
    assert p.returncode == 0
    assert answers(p) == [{"ok": True, "kind": "pair", "rank": "9", "size": 2, "blade": False}]


def test_cli_survives_bytes_that_are_not_utf8() -> None:
    data = b'\xff\xfe garbage\n{"op": "classify", "blade": "7", "cards": "7S"}\n'
    p = run_judge(data, env={"PYTHONIOENCODING": "utf-8:strict"})
    assert p.returncode == 0, p.stderr.decode(errors="replace")
    got = answers(p)
    assert len(got) == 2 and got[0]["ok"] is False and got[1]["ok"] is True


def test_cli_runs_the_public_conformance_cases() -> None:
    if not CONFORMANCE.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but the conformance cases are missing: {CONFORMANCE}")
        pytest.skip(f"no {CONFORMANCE}")
    cases = []
    for name in ("groups.jsonl", "games.jsonl"):
        text = (CONFORMANCE / name).read_text(encoding="utf-8")
        cases += [json.loads(line) for line in text.splitlines() if line.strip()]
    data = "".join(json.dumps(c["request"], ensure_ascii=False) + "\n" for c in cases)
    p = run_judge(data.encode("utf-8"))
    assert p.returncode == 0
    got = answers(p)
    assert len(got) == len(cases)
    for case, g in zip(cases, got, strict=True):
        assert g["ok"] is case["expect"]["ok"], case.get("note")
        exp = case["expect"]
        if case["request"]["op"] == "beats" and exp["ok"]:
            assert g["beats"] == exp["beats"], case.get("note")
        if case["request"]["op"] == "classify" and exp["ok"]:
            assert {k: g.get(k) for k in exp if k != "ok"} == {
                k: v for k, v in exp.items() if k != "ok"}, case.get("note")
