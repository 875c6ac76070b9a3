"""The shared table of tampered records (issues 43 and 54): fair records of each scheme,
and the ways the issues tried to pass a tampered one off as fair, each with the verdict it
must get. ``yuanzi verify`` (engine/verify.py with yuanzi/signing.py) and the browser's
check (js/fairness.js with js/signing.js) both run over it — the table is written to
``tampered_records.json`` so that node and the browser read exactly what Python reads;
``python -m tests.engine.tampered`` writes it anew, and a test checks the file is what
this module builds.

Every record is signed by the test hall's key (:data:`HALL`) after it is made — the
tampering of most cases is the hall's own, which its signature cannot excuse — but where a
case is about the signature: changed after signing (the forger's), unsigned, signed by
another key (:data:`OTHER`).

A case is ``{"name", "record" | "text" | "repeat", "expect"}`` and, checked against a
named hall key (``yuanzi verify --key``), ``"key"``: a record's JSON, a record's text, or
a text made of one string repeated (``[text, times]``). ``expect`` holds what the verdict
must say (``verdict``, and ``halves``, ``problem``, ``where``, ``codes`` — each half's
code — where they are stated); a text that is no record at all is
``{"verdict": "unreadable"}``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

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
from yuanzi.engine.verify import Unreadable, read_text
from yuanzi.signing import public_text, sign, verify_signed

TABLE = Path(__file__).with_name("tampered_records.json")
RULES = Rules()
HALL = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"tampered/hall").digest())
"""The test hall's key: it signs every record of the table."""
OTHER = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"tampered/other").digest())
"""Another key: a forger's, who signs what he changed."""
HALL_KEY = public_text(HALL)
ESCAPE = "escape"


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
    """The first half cut after ``actions`` actions, where ``seat`` escaped (R35: the
    escape its last action, issue 54)."""
    out = copy.deepcopy(record)
    out["halves"] = out["halves"][:1]
    out["halves"][0]["actions"] = [*out["halves"][0]["actions"][:actions], [seat, ESCAPE]]
    return out


def signed(record: Any, key: Ed25519PrivateKey = HALL) -> Any:
    """``record`` signed (by the test hall unless another key is named); a case's JSON
    that is no record object stays as it is."""
    return sign(record, key) if isinstance(record, dict) else record


def ground_old(name: str, seat: int, jokers: int) -> Dealt:
    """Issue 54's downgrade: a ``yuanzi-deal/1`` game where the hall kept the player's value
    (seat 0) and tried its own three until ``seat`` was dealt ``jokers`` jokers."""
    for k in range(5000):
        values = [_hex(f"{name}/player"), *(_hex(f"{name}/try{k}/{i}") for i in (1, 2, 3))]
        dealt = Dealt(SCHEME, [_bytes(f"{name}/seed0"), _bytes(f"{name}/seed1")], values,
                      ["player", "hall", "hall", "hall"])
        if sum(c.is_joker for c in dealt.deal(0).hands[seat]) >= jokers:
            return dealt
    raise AssertionError("no such deal in 5000 tries")


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


def _bad(problem: str, halves: list[str], where: list[int | None] | None = None,
         codes: list[str | None] | None = None) -> dict[str, Any]:
    out = {"verdict": "unfair", "halves": halves, "problem": problem, "where": where}
    return out if codes is None else {**out, "codes": codes}


def cases() -> list[dict[str, Any]]:
    out = _cases()
    return [*out, *_forgeries()]


def _cases() -> list[dict[str, Any]]:
    """Issue 43's: what the hall itself could try (each record signed by it)."""
    table = played(table_dealt("table"), 1)
    old = played(old_dealt("old"), 1)
    cup = played(tourney_dealt("cup"), 1)
    out: list[dict[str, Any]] = [
        {"name": "a table's whole game (yuanzi-deal/2)", "record": signed(table),
         "expect": _fair()},
        {"name": "a whole game of before (yuanzi-deal/1): its hall values are not bound",
         "record": signed(old),
         "expect": _bad("unbound", ["unfair", "unfair"], None, ["unbound", "unbound"])},
        {"name": "a tournament's whole game (yuanzi-tourney/1)", "record": signed(cup),
         "expect": _fair()},
        {"name": "an abandoned game ends with its escape", "record": signed(stopped(table, 9, 2)),
         "expect": _fair(1)},
    ]

    def case(name: str, record: Any, expect: dict[str, Any]) -> None:
        out.append({"name": name, "record": signed(copy.deepcopy(record)), "expect": expect})

    cut = copy.deepcopy(table)
    cut["halves"][1]["actions"].pop()
    case("a truncated action list", cut, _bad("incomplete", ["fair", "fair"]))
    cut = copy.deepcopy(table)
    cut["halves"] = cut["halves"][:1]
    case("the second half cut away", cut, _bad("incomplete", ["fair"]))
    wrong = copy.deepcopy(table)
    up = table["halves"][1]["first_drawer"]
    redealt(wrong, 1, table_dealt("table"), (up + 1) % 4)
    wrong["halves"][1]["actions"] = [[0, ESCAPE]]
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
    case("a half taken from another game of before", moved,
         _bad("unbound", ["unfair", "unfair"], None, ["unbound", "bound"]))
    for name, change in (("an uppercase seed", str.upper), ("a seed with junk after it",
                                                           lambda x: x + "0")):
        bad = copy.deepcopy(old)
        bad["halves"][0]["fairness"]["server_seed"] = change(
            bad["halves"][0]["fairness"]["server_seed"])
        case(name, bad, _bad("fields", ["unfair", "unfair"], None, ["fields", "unbound"]))
    bad = copy.deepcopy(old)
    c = bad["halves"][0]["fairness"]["contributions"]
    bad["halves"][0]["fairness"]["contributions"] = [f"{c[0]}|{c[1]}", c[2], c[3]]
    case("a contribution holding |", bad, _bad("fields", ["unfair", "unfair"]))
    bad = copy.deepcopy(old)
    bad["halves"][1]["fairness"]["by"][0] = "bot"
    case("a seat neither player nor hall", bad,
         _bad("unbound", ["unfair", "unfair"], None, ["unbound", "fields"]))
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
    bad["halves"][1]["actions"].append([3, ESCAPE])
    case("an escape after the game is over", bad,
         _bad("rules", ["fair", "fair"], [1, len(table["halves"][1]["actions"])]))
    bad = stopped(table, 9, 2)
    bad["halves"][0]["actions"][-1] = [True, ESCAPE]
    case("an escape by seat true", bad, _bad("malformed", [], [0, 9]))
    bad = stopped(table, 9, 2)
    bad["halves"][0]["actions"].insert(4, [1, ESCAPE])
    case("an escape before the last action", bad, _bad("malformed", [], [0, 4]))
    bad = copy.deepcopy(table)
    bad["halves"][0]["actions"].append([1, ESCAPE])
    case("an escape in the first half of two", bad,
         _bad("malformed", [], [0, len(table["halves"][0]["actions"])]))
    bad = copy.deepcopy(table)
    bad["halves"][1]["fairness"]["abandoned_by"] = 3
    case("abandoned_by on a whole game is no word of the record's", bad, _fair())
    case("a number, not a record", 7, _bad("malformed", [], [None, None]))
    whole = json.dumps(signed(table))
    text = whole.replace(f'"blade_holder": {table["halves"][0]["blade_holder"]}',
                         f'"blade_holder": {table["halves"][0]["blade_holder"]}.0', 1)
    out += [
        {"name": "a seat written 2.0 reads as 2, in both (its signature too)", "text": text,
         "expect": _fair()},
        {"name": "deep brackets", "repeat": ["[", 100000],
         "expect": {"verdict": "unreadable"}},
        {"name": "deep but closed", "text": "[" * 40 + "]" * 40,
         "expect": {"verdict": "unreadable"}},
        {"name": "a megabyte and more", "repeat": ["x", 1000001],
         "expect": {"verdict": "unreadable"}},
        {"name": "not JSON", "text": "{not json", "expect": {"verdict": "unreadable"}},
        {"name": "NaN", "text": "NaN", "expect": {"verdict": "unreadable"}},
        {"name": "a number of 5,000 digits", "text": whole.replace(
            f'"first_drawer": {table["halves"][0]["first_drawer"]}',
            '"first_drawer": 1' + "0" * 4999, 1), "expect": {"verdict": "unreadable"}},
        {"name": "a number of 65 characters", "text": whole.replace(
            f'"blade_holder": {table["halves"][0]["blade_holder"]}',
            '"blade_holder": 0.' + "0" * 63, 1), "expect": {"verdict": "unreadable"}},
        {"name": "a seed of NaN", "text": whole.replace(
            f'"{table["halves"][0]["fairness"]["server_seed"]}"', "NaN", 1),
         "expect": {"verdict": "unreadable"}},
    ]
    return out


def _forgeries() -> list[dict[str, Any]]:
    """Issue 54's: the records a forger made of the hall's (its signature kept, or
    another key's put on), and the downgrade the hall itself could sign."""
    table = played(table_dealt("table"), 1)
    whole = signed(table)
    out: list[dict[str, Any]] = []

    def case(name: str, record: Any, expect: dict[str, Any], key: str | None = None) -> None:
        out.append({"name": name, "record": record, "expect": expect,
                    **({} if key is None else {"key": key})})

    ground = ground_old("downgrade", 1, 5)  # (issue 54: 236 tries gave seat 1 five jokers)
    case("a downgrade: yuanzi-deal/1 with the hall's three values ground", signed(
        played(ground, 1)), _bad("unbound", ["unfair", "unfair"], None, ["unbound", "unbound"]))
    cut = copy.deepcopy(whole)
    cut["halves"][1]["actions"] = cut["halves"][1]["actions"][:-20]
    cut["halves"][1]["fairness"]["abandoned_by"] = 1
    case("20 actions cut and abandoned_by, the hall's signature kept", cut,
         _bad("signature", ["fair", "fair"]))
    case("20 actions cut and abandoned_by, signed anew: cut short all the same",
         signed(cut), _bad("incomplete", ["fair", "fair"]))
    dropped = copy.deepcopy(whole)
    dropped["halves"] = dropped["halves"][:1]
    dropped["halves"][0]["fairness"]["abandoned_by"] = 1
    case("the second half dropped and abandoned_by, the signature kept", dropped,
         _bad("signature", ["fair"]))
    case("the second half dropped and abandoned_by, signed anew", signed(dropped),
         _bad("incomplete", ["fair"]))
    for name, forged in (("20 actions cut", cut), ("the second half dropped", dropped)):
        escaping = copy.deepcopy(forged)
        escaping["halves"][-1]["actions"].append([1, ESCAPE])
        case(f"{name}, an escape added, the hall's signature kept", escaping,
             _bad("signature", ["fair"] * len(forged["halves"])))
        case(f"{name}, an escape added, signed by another key, checked with the hall's",
             signed(escaping, OTHER), _bad("signature", ["fair"] * len(forged["halves"])),
             HALL_KEY)
    case("signed by another key, checked with the hall's", signed(table, OTHER),
         _bad("signature", ["fair", "fair"]), HALL_KEY)
    case("signed by another key, no key named: it holds, and names the key",
         signed(table, OTHER), _fair())
    case("signed by the hall, checked with the hall's key", whole, _fair(), HALL_KEY)
    unsigned = copy.deepcopy(whole)
    del unsigned["signature"]
    case("not signed", unsigned, _bad("unsigned", ["fair", "fair"]))
    passed = copy.deepcopy(unsigned)
    passed["halves"][0]["actions"][0] = [passed["halves"][0]["actions"][0][0], "pass"]
    case("not signed, and the leader passes: the signature first, the play still named",
         passed, _bad("unsigned", ["fair", "fair"], [0, 0]))
    escaped = stopped(unsigned, 9, 2)
    case("not signed, an escape at its end", escaped, _bad("unsigned", ["fair"]))
    flipped = copy.deepcopy(whole)
    sig = flipped["signature"]["sig"]
    flipped["signature"]["sig"] = ("B" if sig[0] == "A" else "A") + sig[1:]
    case("a signature with a byte changed", flipped, _bad("signature", ["fair", "fair"]))
    changed = copy.deepcopy(whole)
    changed["halves"][0]["fairness"]["contributions"][0] = _hex("swapped")
    case("a player's value changed after signing", changed,
         _bad("signature", ["unfair", "unfair"]))
    odd = copy.deepcopy(whole)
    odd["signature"]["alg"] = "ES256"
    case("a signature of another algorithm", odd, _bad("signature", ["fair", "fair"]))
    odd = copy.deepcopy(whole)
    odd["signature"]["extra"] = "x"
    case("a signature with more fields", odd, _bad("signature", ["fair", "fair"]))
    fraction = copy.deepcopy(whole)
    fraction["note"] = 1.5
    case("a fraction in a signed record", fraction, _bad("signature", ["fair", "fair"]))
    words = copy.deepcopy(table)
    words["note"] = {"zh": "原子 · 公平发牌 ✓ \"引号\" \\ \n\t\u0001\u007f\u2028 😀",
                     "😀": 1, "\uffff": 2, "é": 3, "e": 4,
                     "Z": [True, False, None, -0, 9007199254740991]}
    case("a record with text in any script, signed (one canonical form in both)",
         signed(words), _fair())
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
    """What ``yuanzi verify`` (the engine, and the signature) says of a case, in the
    table's terms."""
    text = text_of(case)
    try:
        data = case["record"] if text is None else read_text(text)
    except Unreadable:
        return {"verdict": "unreadable"}
    return verify_signed(data, case.get("key")).summary()


def load() -> list[dict[str, Any]]:
    """The table as written (what node and the browser read)."""
    table: list[dict[str, Any]] = json.loads(TABLE.read_text("utf-8"))
    return table


def write() -> None:
    TABLE.write_text(json.dumps(cases(), ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    write()
