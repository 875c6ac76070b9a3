"""The judge protocol of RECORD.md: one JSON request in, one JSON answer out."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from yuanzi.engine import (
    EngineError,
    Rules,
    beats,
    classify,
    parse_cards,
)
from yuanzi.engine.cards import RANKS, SUITS, parse_rank
from yuanzi.engine.combos import Kind, Move
from yuanzi.engine.observe import game_result_dict, half_result_dict
from yuanzi.engine.record import Record, replay
from yuanzi.engine.verify import HalfCheck, Unreadable, read_text
from yuanzi.signing import parse_key, verify_signed


def _combo(move: Move) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": move.kind.label,
        "rank": move.rank_text,
        "size": move.size,
        "blade": move.blade,
    }
    if move.kind == Kind.ATOM and move.suit >= 0:
        out["suit"] = SUITS[move.suit]
    return out


def _blade(req: dict[str, Any]) -> int:
    blade = req.get("blade")
    if not isinstance(blade, str):
        raise EngineError("blade must be a rank, 3 to 2")
    return parse_rank(blade)


def _cards(req: dict[str, Any], key: str) -> Any:
    value = req.get(key)
    if not isinstance(value, str):
        raise EngineError(f"{key} must be a string of cards")
    return parse_cards(value)


def check_dict(c: HalfCheck) -> dict[str, Any]:
    """One half's fairness check as ``verify`` answers it (docs/fairness.md)."""
    return {"half": c.half, "present": c.present, "commit": c.commit, "deal": c.deal,
            "holds": c.holds, "problem": c.problem, "code": c.code}


def answer(req: Any) -> dict[str, Any]:
    """The answer to one request; never raises on bad input."""
    try:
        if not isinstance(req, dict):
            raise EngineError("a request must be a JSON object")
        op = req.get("op")
        if op == "classify":
            Rules.from_dict(req.get("rules"))
            return {"ok": True, **_combo(classify(_cards(req, "cards"), _blade(req)))}
        if op == "beats":
            rules = Rules.from_dict(req.get("rules"))
            blade = _blade(req)
            top = classify(_cards(req, "top"), blade)
            play = classify(_cards(req, "play"), blade)
            return {"ok": True, "beats": beats(play, top, rules.blade_bomb_only_atoms)}
        if op == "game":
            record = Record.from_json(req.get("record"))
            game = replay(record)
            if game.result is not None:
                return {"ok": True, "result": game_result_dict(game.result)}
            finished = [half_result_dict(h.result) for h in game.halves if h.result is not None]
            out = {"ok": True, "result": None, "to_move": game.to_move, "halves": finished}
            if record.escaped_by is not None:  # (abandoned there, R35: the state reached)
                out["abandoned_by"] = record.escaped_by
            return out
        if op == "verify":
            key = req.get("key")
            if key is not None and not isinstance(key, str):
                raise EngineError("key must be the hall's published key, as text")
            try:
                key = None if key is None else parse_key(key)
            except ValueError as e:
                raise EngineError(str(e)) from None
            verdict = verify_signed(req.get("record"), key)
            if verdict.code == "malformed":
                raise EngineError(verdict.problem or "malformed record")
            return {"ok": True, "fair": verdict.fair,
                    "halves": [check_dict(c) for c in verdict.halves],
                    "game": verdict.problem, "problem": verdict.first_problem,
                    "abandoned_by": verdict.abandoned_by, "signed_by": verdict.signed_by,
                    "signature": verdict.seal_problem}
        raise EngineError(f"unknown op {op!r}; expected classify, beats, game or verify")
    except EngineError as e:
        return {"ok": False, "error": str(e)}
    except Exception as e:  # the judge never crashes on a line (RECORD.md)
        return {"ok": False, "error": f"internal error: {type(e).__name__}: {e}"}


def judge_lines(lines: Iterable[str]) -> Iterator[str]:
    """Answer each non-blank input line with one JSON line."""
    for line in lines:
        if not line.strip():
            continue
        try:
            req = read_text(line)  # (deep or huge lines answered, never a crash)
        except Unreadable as e:
            yield json.dumps({"ok": False, "error": str(e)})
            continue
        yield json.dumps(answer(req), ensure_ascii=False)


__all__ = ["RANKS", "answer", "judge_lines"]
