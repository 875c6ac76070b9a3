"""The shared table of tampered records (issue 43): fair records of each scheme, and the
ways the issue tried to pass a tampered one off as fair, each with the verdict it must
get. ``yuanzi verify`` (engine/verify.py) and the browser's check (js/fairness.js) both
run over it — the table is written to ``tampered_records.json`` so that node and the
browser read exactly what Python reads; ``python -m tests.engine.tampered`` writes it
anew, and a test checks the file is what this module builds.

A case is ``{"name", "record" | "text" | "repeat", "expect"}``: a record's JSON, a
record's text, or a text made of one string repeated (``[text, times]``). ``expect`` holds
what the verdict must say (``verdict``, and ``halves``, ``problem``, ``where`` where they
are stated); a text that is no record at all is ``{"verdict": "unreadable"}``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from yuanzi.engine import Game, Rules, record_of
from yuanzi.engine.fairness import (
    SCHEME,
    SCHEME_2,
    TOURNEY,
    commit_of,
    fair_deal,
    half_fields,
    half_values,
    tourney_seed,
)
from yuanzi.engine.verify import Unreadable, verify, verify_text

TABLE = Path(__file__).with_name("tampered_records.json")
RULES = Rules()


def _bytes(name: str) -> bytes:
    return hashlib.sha256(name.encode()).digest()


def _hex(name: str, digits: int = 32) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:digits]


class Dealt:
    """One game's fairness, as the hall keeps it: a scheme, two seeds and the values."""

    def __init__(self, scheme: str, seeds: Sequence[bytes], contributions: Sequence[str],
                 by: Sequence[str], asked: Sequence[int] = ()) -> None:
        self.scheme, self.seeds = scheme, list(seeds)
        self.contributions, self.by, self.asked = list(contributions), list(by), list(asked)
        self.commits = [commit_of(s) for s in self.seeds]

    def deal(self, half: int, first: int | None = None) -> Any:
        values = half_values(self.scheme, self.seeds[half], half, self.contributions, self.by)
        return fair_deal(self.seeds[half], half, values, RULES, first, self.scheme,
                         self.commits)

    def fields(self, half: int) -> dict[str, Any]:
        return half_fields(self.scheme, self.seeds, half, self.contributions, self.by,
                           self.asked)


def played(dealt: Dealt, moves: int, upstream: int | None = None) -> dict[str, Any]:
    """A whole game of two halves (random moves from ``moves`` on, the first such game),
    with the first half's 上游 ``upstream`` when asked; each half with its fields."""
    for k in range(moves, moves + 500):
        rng = random.Random(k)
        game = Game(RULES, dealt.deal(0))
        while not game.is_over:
            if game.needs_second_half():
                first = game.halves[0].result
                assert first is not None
                game.start_second_half(dealt.deal(1, first.upstream))
                continue
            game.apply(rng.choice(game.legal_moves()))
        first = game.halves[0].result
        assert first is not None
        if len(game.halves) == 2 and upstream in (None, first.upstream):
            record = record_of(game).to_json()
            for i, half in enumerate(record["halves"]):
                half["fairness"] = dealt.fields(i)
            return record
    raise AssertionError("no such game in 500")


def table_dealt(name: str) -> Dealt:
    """A table's game under yuanzi-deal/2: seats 0 and 2 players (asked for values when
    the hall committed), 1 and 3 the hall's."""
    seeds = [_bytes(f"{name}/seed0"), _bytes(f"{name}/seed1")]
    return Dealt(SCHEME_2, seeds, [_hex(f"{name}/p0"), "", _hex(f"{name}/p2", 40), ""],
                 ["player", "hall", "player", "hall"], [0, 2])


def old_dealt(name: str) -> Dealt:
    """A yuanzi-deal/1 game, as the hall dealt them before issue 43."""
    seeds = [_bytes(f"{name}/seed0"), _bytes(f"{name}/seed1")]
    return Dealt(SCHEME, seeds, [_hex(f"{name}/c{i}") for i in range(4)],
                 ["player", "hall", "hall", "player"])


def tourney_dealt(name: str) -> Dealt:
    """A tournament's game under yuanzi-tourney/1: five entrants' values."""
    secret = _bytes(f"{name}/secret")
    seeds = [tourney_seed(secret, 1, 0, 0), tourney_seed(secret, 1, 0, 1)]
    return Dealt(TOURNEY, seeds, [_hex(f"{name}/e{i}") for i in range(5)], [])


def stopped(record: dict[str, Any], actions: int, seat: int) -> dict[str, Any]:
    """The first half cut after ``actions`` actions, abandoned there by ``seat`` (R35)."""
    out = copy.deepcopy(record)
    out["halves"] = out["halves"][:1]
    out["halves"][0]["actions"] = out["halves"][0]["actions"][:actions]
    out["halves"][0]["fairness"]["abandoned_by"] = seat
    return out


def redealt(record: dict[str, Any], half: int, dealt: Dealt, first: int | None) -> None:
    """Half ``half`` dealt again (from the wrong drawer, or other values), its record
    made to agree with the new deal."""
    deal = dealt.deal(half, first)
    h = record["halves"][half]
    h["blade_card"] = str(deal.blade_card)
    h["blade_holder"], h["first_drawer"] = deal.blade_holder, deal.first_drawer
    h["hands"] = [" ".join(str(c) for c in hand) for hand in deal.hands]


def _fair(halves: int = 2) -> dict[str, Any]:
    return {"verdict": "fair", "halves": ["fair"] * halves, "problem": None, "where": None}


def _bad(problem: str, halves: list[str], where: list[int | None] | None = None
         ) -> dict[str, Any]:
    return {"verdict": "unfair", "halves": halves, "problem": problem, "where": where}


def cases() -> list[dict[str, Any]]:
    table = played(table_dealt("table"), 1)
    old = played(old_dealt("old"), 1)
    cup = played(tourney_dealt("cup"), 1)
    out: list[dict[str, Any]] = [
        {"name": "a table's whole game (yuanzi-deal/2)", "record": table, "expect": _fair()},
        {"name": "a whole game of before (yuanzi-deal/1)", "record": old, "expect": _fair()},
        {"name": "a tournament's whole game (yuanzi-tourney/1)", "record": cup,
         "expect": _fair()},
        {"name": "an abandoned game says so", "record": stopped(table, 9, 2),
         "expect": _fair(1)},
    ]

    def case(name: str, record: Any, expect: dict[str, Any]) -> None:
        out.append({"name": name, "record": copy.deepcopy(record), "expect": expect})

    cut = copy.deepcopy(table)
    cut["halves"][1]["actions"].pop()
    case("a truncated action list", cut, _bad("incomplete", ["fair", "fair"]))
    cut = copy.deepcopy(table)
    cut["halves"] = cut["halves"][:1]
    case("the second half cut away", cut, _bad("incomplete", ["fair"]))
    wrong = copy.deepcopy(table)
    up = table["halves"][1]["first_drawer"]
    redealt(wrong, 1, table_dealt("table"), (up + 1) % 4)
    wrong["halves"][1]["actions"] = []
    wrong["halves"][1]["fairness"]["abandoned_by"] = 0
    case("the second half dealt from the wrong first drawer", wrong,
         _bad("rules", ["fair", "fair"], [1, None]))
    third = copy.deepcopy(table)
    third["halves"].append(copy.deepcopy(third["halves"][1]))
    case("an added third half", third, _bad("malformed", [], [None, None]))
    flag = copy.deepcopy(table)
    flag["halves"][0]["first_drawer"] = True
    case('"first_drawer": true', flag, _bad("malformed", [], [0, None]))
    flag = copy.deepcopy(table)
    flag["halves"][1]["blade_holder"] = str(flag["halves"][1]["blade_holder"])
    case('"blade_holder" as text', flag, _bad("malformed", [], [1, None]))
    other = played(table_dealt("other"), 1, upstream=table["halves"][1]["first_drawer"])
    moved = copy.deepcopy(table)
    moved["halves"][1] = copy.deepcopy(other["halves"][1])
    case("a half taken whole from another game", moved, _bad("bound", ["fair", "unfair"]))
    other_old = played(old_dealt("older"), 1, upstream=old["halves"][1]["first_drawer"])
    moved = copy.deepcopy(old)
    moved["halves"][1] = copy.deepcopy(other_old["halves"][1])
    case("a half taken from another game of before", moved, _bad("bound", ["fair", "unfair"]))
    for name, change in (("an uppercase seed", str.upper), ("a seed with junk after it",
                                                           lambda x: x + "0")):
        bad = copy.deepcopy(old)
        bad["halves"][0]["fairness"]["server_seed"] = change(
            bad["halves"][0]["fairness"]["server_seed"])
        case(name, bad, _bad("fields", ["unfair", "fair"]))
    bad = copy.deepcopy(old)
    c = bad["halves"][0]["fairness"]["contributions"]
    bad["halves"][0]["fairness"]["contributions"] = [f"{c[0]}|{c[1]}", c[2], c[3]]
    case("a contribution holding |", bad, _bad("fields", ["unfair", "unfair"]))
    bad = copy.deepcopy(old)
    bad["halves"][1]["fairness"]["by"][0] = "bot"
    case("a seat neither player nor hall", bad, _bad("fields", ["fair", "unfair"]))
    bad = copy.deepcopy(table)
    seed = bytearray.fromhex(bad["halves"][0]["fairness"]["server_seed"])
    seed[0] ^= 1
    bad["halves"][0]["fairness"]["server_seed"] = seed.hex()
    case("a seed that is not the commitment's", bad, _bad("commit", ["unfair", "fair"]))
    bad["halves"][0]["fairness"]["commit"] = commit_of(bytes(seed))
    case("another seed, its commitment changed too", bad, _bad("bound", ["unfair", "fair"]))
    ground = stopped(table, 0, 1)  # a deal the hall ground: another value for seat 1
    grinding = table_dealt("table")
    seat_value = _hex("ground/seat1", 64)
    ground["halves"][0]["fairness"]["contributions"][1] = seat_value
    grinding.contributions[1], grinding.by[1] = seat_value, "player"
    redealt(ground, 0, grinding, None)
    case("the hall's value chosen, not derived", ground, _bad("bound", ["unfair"]))
    called = stopped(table, 0, 1)  # a bot's seat called a player's, its value the hall's pick
    calling = table_dealt("table")
    called["halves"][0]["fairness"]["contributions"][1] = seat_value
    called["halves"][0]["fairness"]["by"][1] = "player"
    calling.contributions[1], calling.by[1] = seat_value, "player"
    redealt(called, 0, calling, None)
    case("a seat not asked for a value called a player's", called, _bad("bound", ["unfair"]))
    for name, asked in (("asked out of order", [2, 0]), ("asked true", [True, 2]),
                        ("asked a seat 4", [0, 4]), ("asked missing", None)):
        bad = copy.deepcopy(table)
        if asked is None:
            del bad["halves"][0]["fairness"]["asked"]
        else:
            bad["halves"][0]["fairness"]["asked"] = asked
        case(name, bad, _bad("fields", ["unfair", "unfair"]))  # (the second: bound)
    bad = copy.deepcopy(table)
    bad["halves"][1]["fairness"]["asked"] = [0, 1, 2]
    case("the halves asked different seats", bad, _bad("bound", ["fair", "unfair"]))
    bad = copy.deepcopy(table)
    bad["halves"][1]["fairness"]["contributions"][0] = _hex("someone else")
    case("a player's value changed in one half", bad, _bad("bound", ["fair", "unfair"]))
    bad = copy.deepcopy(cup)
    bad["halves"][0]["fairness"]["contributions"][2] = _hex("late entrant")
    case("an entrant's value changed", bad, _bad("deal", ["unfair", "unfair"]))
    bad = copy.deepcopy(cup)
    for half in bad["halves"]:
        half["fairness"]["contributions"] = [_hex(f"e{i}") for i in range(17)]
    case("seventeen entrants' values", bad, _bad("fields", ["unfair", "unfair"]))
    bad = copy.deepcopy(table)
    first = bad["halves"][0]["actions"][0]
    bad["halves"][0]["actions"][0] = [first[0], "pass"]
    case("the leader passes", bad, _bad("rules", ["fair", "fair"], [0, 0]))
    bad = copy.deepcopy(table)
    bad["halves"][0]["hands"][0], bad["halves"][0]["hands"][2] = (
        bad["halves"][0]["hands"][2], bad["halves"][0]["hands"][0])
    case("two hands exchanged", bad, {"verdict": "unfair", "problem": "rules"})  # (where: as
    # the deal goes — R22's sizes, or the blade, or a play)
    bad = copy.deepcopy(table)
    del bad["halves"][1]["fairness"]
    case("the second half's fields taken away", bad, _bad("none", ["fair", "none"]))
    bad = copy.deepcopy(table)
    for half in bad["halves"]:
        del half["fairness"]
    case("no fields at all", bad, {"verdict": "none", "halves": ["none", "none"],
                                   "problem": "none", "where": None})
    bad = copy.deepcopy(table)
    bad["halves"][0]["fairness"]["scheme"] = "yuanzi-deal/9"
    case("an unknown scheme", bad, _bad("scheme", ["unfair", "unfair"]))
    bad = copy.deepcopy(table)
    bad["halves"][1]["fairness"]["abandoned_by"] = 3
    case("a finished game said to be abandoned", bad, _bad("malformed", ["fair", "fair"]))
    bad = stopped(table, 9, 2)
    bad["halves"][0]["fairness"]["abandoned_by"] = True
    case("abandoned by true", bad, _bad("malformed", ["fair"]))
    case("a number, not a record", 7, _bad("malformed", [], [None, None]))
    text = json.dumps(table).replace(f'"blade_holder": {table["halves"][0]["blade_holder"]}',
                                     f'"blade_holder": {table["halves"][0]["blade_holder"]}.0',
                                     1)
    out += [
        {"name": "a seat written 2.0 reads as 2, in both", "text": text, "expect": _fair()},
        {"name": "deep brackets", "repeat": ["[", 100000],
         "expect": {"verdict": "unreadable"}},
        {"name": "deep but closed", "text": "[" * 40 + "]" * 40,
         "expect": {"verdict": "unreadable"}},
        {"name": "a megabyte and more", "repeat": ["x", 1000001],
         "expect": {"verdict": "unreadable"}},
        {"name": "not JSON", "text": "{not json", "expect": {"verdict": "unreadable"}},
        {"name": "NaN", "text": "NaN", "expect": {"verdict": "unreadable"}},
        {"name": "a number of 5,000 digits", "text": json.dumps(table).replace(
            f'"first_drawer": {table["halves"][0]["first_drawer"]}',
            '"first_drawer": 1' + "0" * 4999, 1), "expect": {"verdict": "unreadable"}},
        {"name": "a number of 65 characters", "text": json.dumps(table).replace(
            f'"blade_holder": {table["halves"][0]["blade_holder"]}',
            '"blade_holder": 0.' + "0" * 63, 1), "expect": {"verdict": "unreadable"}},
        {"name": "a seed of NaN", "text": json.dumps(table).replace(
            f'"{table["halves"][0]["fairness"]["server_seed"]}"', "NaN", 1),
         "expect": {"verdict": "unreadable"}},
    ]
    return out


def text_of(case: dict[str, Any]) -> str | None:
    """A text case's text (None: the case is a record's JSON)."""
    if "text" in case:
        text: str = case["text"]
        return text
    if "repeat" in case:
        piece, times = case["repeat"]
        return str(piece) * int(times)
    return None


def summary_of(case: dict[str, Any]) -> dict[str, Any]:
    """What the engine (``yuanzi verify``) says of a case, in the table's terms."""
    text = text_of(case)
    try:
        verdict = verify(case["record"]) if text is None else verify_text(text)
    except Unreadable:
        return {"verdict": "unreadable"}
    return verdict.summary()


def load() -> list[dict[str, Any]]:
    """The table as written (what node and the browser read)."""
    table: list[dict[str, Any]] = json.loads(TABLE.read_text("utf-8"))
    return table


def write() -> None:
    TABLE.write_text(json.dumps(cases(), ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    write()
