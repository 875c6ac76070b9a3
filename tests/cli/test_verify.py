"""``yuanzi verify`` and the judge's ``verify`` (issues 28, 43 and 54): a fair record the
hall signed holds, a tampered one is named half by half, an unsigned or re-signed one is
refused, an escape is whole only as the record's last action, and bad input is a clear
error."""

from __future__ import annotations

import copy
import json
import random
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from yuanzi.engine import Game, Rules, record_of
from yuanzi.engine.fairness import (
    SCHEME_2,
    commit_of,
    fair_deal,
    fairness_fields,
    half_fields,
    half_values,
)
from yuanzi.judge import answer
from yuanzi.signing import public_text, sign

VALUES = ["0a" * 8, "", "2c" * 8, ""]
BY = ["player", "hall", "player", "hall"]
HALL = Ed25519PrivateKey.generate()
HALL_KEY = public_text(HALL)


def a_record(signed: bool = True) -> dict[str, Any]:
    """A whole game (issue 43: a record that stops early is not one), fairly dealt under
    ``yuanzi-deal/2`` (seats 0 and 2 players), signed by the hall unless asked not to."""
    seeds = [secrets.token_bytes(32), secrets.token_bytes(32)]
    commits = [commit_of(x) for x in seeds]
    rules = Rules()

    def deal(half: int, first: int | None = None) -> Any:
        values = half_values(SCHEME_2, seeds[half], half, VALUES, BY)
        return fair_deal(seeds[half], half, values, rules, first, SCHEME_2, commits)

    for k in range(7, 107):  # (a game of two halves: the second is checked too)
        game = Game(rules, deal(0))
        rng = random.Random(k)
        while not game.is_over:
            if game.needs_second_half():
                first = game.halves[0].result
                assert first is not None
                game.start_second_half(deal(1, first.upstream))
                continue
            game.apply(rng.choice(game.legal_moves()))
        if len(game.halves) == 2:
            break
    assert len(game.halves) == 2
    record = record_of(game).to_json()
    for i, half in enumerate(record["halves"]):
        half["fairness"] = half_fields(SCHEME_2, seeds, i, VALUES, BY, [0, 2])
    return sign(record, HALL) if signed else record


def verify(path: Path | str, stdin: str | None = None, *more: str
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yuanzi", "verify", str(path), *more],
                          input=stdin, capture_output=True, text=True, timeout=60, check=False)


def written(tmp_path: Path, name: str, record: Any) -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(record, ensure_ascii=False))
    return path


def test_a_fair_record_and_a_tampered_one(tmp_path: Path) -> None:
    record = a_record()
    done = verify(written(tmp_path, "good", record))
    assert done.returncode == 0 and "half 1: fair" in done.stdout
    assert f"signature: signed by key {HALL_KEY} — compare it" in done.stdout
    done = verify(written(tmp_path, "good", record), None, "--key", HALL_KEY)
    assert done.returncode == 0 and f"signed by the hall's key {HALL_KEY}" in done.stdout
    bad = copy.deepcopy(record)
    bad["halves"][0]["fairness"]["contributions"][2] = "ff" * 8
    done = verify("-", json.dumps({"record": bad}))  # a replay's answer holds the record
    assert done.returncode == 1 and "signature: NOT VERIFIED — the signature does not hold" \
        in done.stdout
    done = verify("-", json.dumps({"record": sign(bad, HALL)}))  # (the hall's own doing)
    assert done.returncode == 1 and "half 1: NOT VERIFIED" in done.stdout
    assert "not the one the seed" in done.stdout


def test_an_unsigned_record_or_another_keys_is_refused(tmp_path: Path) -> None:
    """Issue 54: without the hall's signature nothing shows a record is whole as the hall
    gave it out — the game's own verdict is still told."""
    done = verify(written(tmp_path, "unsigned", a_record(signed=False)))
    assert done.returncode == 1
    assert "signature: NOT VERIFIED — the record is not signed" in done.stdout
    assert "half 1: fair" in done.stdout and "game: NOT VERIFIED — every play follows" in \
        done.stdout
    other = sign(a_record(signed=False), Ed25519PrivateKey.generate())
    done = verify(written(tmp_path, "other", other), None, "--key", HALL_KEY)
    assert done.returncode == 1 and f"not by the hall's key {HALL_KEY}" in done.stdout
    done = verify(written(tmp_path, "other", other), None, "--key", "not a key")
    assert done.returncode == 2 and "verify: --key: a hall's key is" in done.stderr


def test_a_yuanzi_deal_1_record_is_never_plainly_fair(tmp_path: Path) -> None:
    """Issue 54: under yuanzi-deal/1 the hall drew its values after it saw the players':
    its deal is re-derived, and it is called unbound."""
    seed = secrets.token_bytes(32)
    values = ["0a" * 8, "1b" * 8, "2c" * 8, "3d" * 8]
    first = fair_deal(seed, 0, values, Rules())
    game = Game(Rules(), first)
    record = record_of(game).to_json()
    record["halves"][0]["fairness"] = fairness_fields(seed, values, BY)
    record["halves"][0]["actions"] = [[1, "escape"]]
    done = verify(written(tmp_path, "old", sign(record, HALL)))
    assert done.returncode == 1
    assert "half 1: NOT VERIFIED — yuanzi-deal/1 does not bind the hall's values" in done.stdout
    out = answer({"op": "verify", "record": sign(record, HALL)})
    assert out["ok"] and not out["fair"] and out["problem"] == "unbound"
    assert out["halves"][0]["code"] == "unbound" and out["halves"][0]["deal"]


def test_a_record_is_judged_as_itself_whatever_else_it_holds() -> None:
    """Issue 43's review: a tampered record that also held a fair one under ``"record"``
    was judged by the fair one. Only an answer that is no record itself is unwrapped;
    the command and the judge agree."""
    bad = a_record()
    bad["halves"][0]["fairness"]["contributions"][2] = "ff" * 8
    bad["record"] = a_record()
    done = verify("-", json.dumps(bad))
    assert done.returncode == 1 and "half 1: NOT VERIFIED" in done.stdout
    assert answer({"op": "verify", "record": bad})["fair"] is False


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    done = verify(tmp_path / "missing.json")
    assert done.returncode == 2 and "verify:" in done.stderr
    (tmp_path / "x.json").write_text("{not json")
    assert verify(tmp_path / "x.json").returncode == 2


def test_the_judge_verifies_on_request() -> None:
    record = a_record()
    out = answer({"op": "verify", "record": record})
    assert out["ok"] and out["fair"] and out["halves"][0]["holds"]
    assert out["signed_by"] == HALL_KEY and out["signature"] is None
    assert answer({"op": "verify", "record": record, "key": HALL_KEY})["fair"]
    other = answer({"op": "verify", "record": record, "key": public_text(
        Ed25519PrivateKey.generate())})
    assert other["ok"] and not other["fair"] and other["problem"] == "signature"
    assert answer({"op": "verify", "record": record, "key": "x"})["ok"] is False
    unsigned = a_record(signed=False)
    out = answer({"op": "verify", "record": unsigned})  # (an unsigned record: an answer)
    assert out["ok"] and not out["fair"] and out["problem"] == "unsigned"
    assert out["signed_by"] is None and "not signed" in out["signature"]
    assert out["game"] is None and out["halves"][0]["holds"]
    del record["halves"][0]["fairness"]
    out = answer({"op": "verify", "record": sign(record, HALL)})
    assert out["ok"] and not out["fair"] and out["halves"][0]["present"] is False
    assert answer({"op": "verify", "record": 7})["ok"] is False
    assert answer({"op": "game", "record": a_record()})["ok"]  # the fields are ignored there


def test_deep_or_huge_input_is_a_clear_error_never_a_traceback(tmp_path: Path) -> None:
    """Issue 43: ``[`` a hundred thousand times crashed it with a RecursionError."""
    from yuanzi.judge import judge_lines

    for name, text in (("deep", "[" * 100_000), ("closed", "[" * 40 + "]" * 40),
                       ("huge", " " * 1_000_001), ("nan", "NaN")):
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        done = verify(path)
        assert done.returncode == 2, (name, done)
        assert done.stderr.startswith("verify: ") and "Traceback" not in done.stderr
    (tmp_path / "latin.json").write_bytes(b'{"halves": "\xff"}')
    assert "UTF-8" in verify(tmp_path / "latin.json").stderr
    deep, = judge_lines(["[" * 100_000])
    assert json.loads(deep) == {"ok": False,
                                "error": "a record nests at most 32 deep; this is deeper"}


def test_a_cut_record_and_an_abandoned_one(tmp_path: Path) -> None:
    """Issues 43 and 54: a record whose actions were cut short is not whole — whatever
    its fairness fields say (``abandoned_by`` was forged that way); one that ends with the
    escape, where it happened, as the escaping seat's action (R35), is."""
    record = a_record(signed=False)
    cut = copy.deepcopy(record)
    del cut["halves"][-1]["actions"][-20:]
    done = verify(written(tmp_path, "cut", sign(cut, HALL)))
    assert done.returncode == 1 and "game: NOT VERIFIED — the record stops" in done.stdout
    cut["halves"][-1]["fairness"]["abandoned_by"] = 1  # issue 54's forgery
    done = verify(written(tmp_path, "forged", sign(cut, HALL)))
    assert done.returncode == 1 and "game: NOT VERIFIED — the record stops" in done.stdout
    assert "abandoned" not in done.stdout
    dropped = copy.deepcopy(record)
    dropped["halves"] = dropped["halves"][:1]
    dropped["halves"][0]["fairness"]["abandoned_by"] = 1
    done = verify(written(tmp_path, "dropped", sign(dropped, HALL)))
    assert done.returncode == 1 and "game: NOT VERIFIED — the record stops" in done.stdout
    left = copy.deepcopy(record)
    del left["halves"][-1]["actions"][-20:]
    left["halves"][-1]["actions"].append([2, "escape"])
    done = verify(written(tmp_path, "left", sign(left, HALL)))
    assert done.returncode == 0 and "game: abandoned where seat 2 escaped" in done.stdout
    forged = copy.deepcopy(sign(record, HALL))  # the escape added to the hall's record
    del forged["halves"][-1]["actions"][-20:]
    forged["halves"][-1]["actions"].append([2, "escape"])
    done = verify(written(tmp_path, "added", forged))
    assert done.returncode == 1 and "signature: NOT VERIFIED" in done.stdout
    assert "game: NOT VERIFIED — abandoned where seat 2 escaped" in done.stdout
    out = answer({"op": "game", "record": left})
    assert out["ok"] and out["result"] is None and out["abandoned_by"] == 2
