"""Is a record's every deal the one its commitments fix, and is it the whole game the rules
allow (issues 28, 43 and 54)? What ``yuanzi verify``, the judge's ``verify`` and the
browser's replay viewer (``web/static/js/fairness.js``, the same checks in the same
order, pinned by one shared table of tampered records) answer.

The checks, in order:

1. The text (when given as text): at most :data:`MOST_BYTES` bytes of UTF-8, nested at
   most :data:`DEEPEST` deep, no number longer than :data:`LONGEST_NUMBER` characters,
   JSON (``unreadable`` otherwise: a clear error, never a crash on deep or huge input).
2. The record's shape and types (RECORD.md: one or two halves, seats 0–3 and never
   ``true``, card notation, an escape only as the last half's last action): ``malformed``.
3. The hall's signature over the record (``unsigned``, ``signature``): not here — the
   engine imports nothing from outside the standard library — but in
   :func:`yuanzi.signing.verify_signed`, which runs it in this place (:data:`ORDER`).
4. The game, replayed by the engine: the deal checks, every play, a second half only when
   R30 wants one, dealt from the first half's 上游 (R21), no escape after the end:
   ``rules``.
5. The end: a record that stops before the game is over is whole only when it ends with
   the escape that stopped it (``[seat, "escape"]``, R35): ``incomplete``, whatever its
   fairness fields say.
6. Each half's fairness fields: present (``none``), a known scheme (``scheme``), well
   formed (``fields``), the seed's SHA-256 is the commitment (``commit``), the halves bound
   to one game — the same commitments and values, the hall's values the ones its seed
   fixes, a player's value only from a seat asked for one when the hall committed
   (``bound``) — the recorded deal the one they give (``deal``), and, last, the hall's
   values bound to its seed at all: under ``yuanzi-deal/1`` the hall drew its own after
   seeing the players', so it could choose the deal (``unbound``: never plainly fair,
   though its deal is still re-derived).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from yuanzi.engine.cards import parse_cards
from yuanzi.engine.errors import EngineError, RecordError
from yuanzi.engine.fairness import (
    BY,
    CONTRIBUTION,
    MOST_ENTRANTS,
    SCHEME,
    SCHEME_2,
    SCHEMES,
    SEED,
    TOURNEY,
    commit_of,
    fair_deal,
    hall_value,
)
from yuanzi.engine.record import Record, replay
from yuanzi.engine.rules import Rules

MOST_BYTES = 1_000_000
"""A record is a few kilobytes; a megabyte is no record."""
DEEPEST = 32
"""A record nests five deep (record, halves, half, actions, action); 32 is none."""
LONGEST_NUMBER = 64
"""A record's numbers are seats and points; a number written longer is none (and Python
and a browser would read a huge one differently)."""

Problem = Literal["unreadable", "malformed", "unsigned", "signature", "rules", "incomplete",
                  "none", "scheme", "fields", "commit", "bound", "deal", "unbound"]
ORDER: tuple[Problem, ...] = ("unreadable", "malformed", "unsigned", "signature", "rules",
                              "incomplete")
"""The record's own problems, in the order they are checked (each half's come after)."""
HalfStatus = Literal["fair", "unfair", "none"]


class Unreadable(EngineError):
    """Input that is no record at all: not JSON, too large or too deep."""


def depth_of(text: str) -> int:
    """How deep the text's arrays and objects nest (strings skipped), without parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _number(text: str) -> int | float:
    """JSON numbers as a browser reads them: ``1.0`` is ``1`` (so both judge alike)."""
    _short(text)
    value = float(text)
    return int(value) if value.is_integer() else value


def _integer(text: str) -> int:
    _short(text)
    return int(text)


def _short(text: str) -> None:
    if len(text) > LONGEST_NUMBER:
        raise ValueError(f"a number is written in at most {LONGEST_NUMBER} characters")


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # (Python's json reads NaN; JSON has none)


def read_text(text: str) -> Any:
    """The JSON of a record's text, or :class:`Unreadable` saying why."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MOST_BYTES:
        raise Unreadable(f"a record is at most {MOST_BYTES:,} bytes; this is {size:,}")
    if depth_of(text) > DEEPEST:
        raise Unreadable(f"a record nests at most {DEEPEST} deep; this is deeper")
    try:
        return json.loads(text, parse_float=_number, parse_int=_integer,
                          parse_constant=_constant)
    except ValueError as e:
        raise Unreadable(f"not JSON: {e}") from None


@dataclass(frozen=True, slots=True)
class HalfCheck:
    """What a half's fairness fields prove: the seed matches the commitment, and the
    recorded deal is the one the seed and the values give."""

    half: int
    present: bool
    commit: bool = False
    deal: bool = False
    problem: str | None = None
    code: Problem | None = None
    hall_only: bool = False
    """No player's value entered this deal: it rests on the hall's seed alone."""

    @property
    def consistent(self) -> bool:
        """The seed is the commitment's and the deal the one the values give — all a
        ``yuanzi-deal/1`` half (``unbound``) can prove."""
        return self.present and self.commit and self.deal

    @property
    def holds(self) -> bool:
        return self.present and self.commit and self.deal and self.code is None

    @property
    def status(self) -> HalfStatus:
        return "fair" if self.holds else "unfair" if self.present else "none"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A record's verdict: each half's deal, and the record as a game."""

    halves: tuple[HalfCheck, ...]
    problem: str | None = None
    """What is wrong with the record as a game (None: a whole game the rules allow)."""
    code: Problem | None = None
    """``malformed``, ``rules`` or ``incomplete`` (the record's own problems but its
    signature's, which :attr:`seal` holds)."""
    where: tuple[int | None, int | None] | None = None
    """The half and the action of a ``malformed`` or ``rules`` problem, when named."""
    abandoned_by: int | None = None
    """The seat that escaped (R35), for a record that ends with its escape."""
    seal: Problem | None = None
    """``unsigned`` or ``signature`` when the hall's signature does not hold, once checked
    (:func:`yuanzi.signing.verify_signed`; the engine itself checks none)."""
    seal_problem: str | None = None
    """What is wrong with the signature, in words."""
    signed_by: str | None = None
    """The key whose signature over the record holds (base64url), once checked."""
    key_given: bool = False
    """The signature was checked against a key the caller named (the hall's)."""

    @property
    def fair(self) -> bool:
        return (self.code is None and self.seal is None and bool(self.halves)
                and all(h.holds for h in self.halves))

    @property
    def status(self) -> Literal["fair", "unfair", "none"]:
        if self.fair:
            return "fair"
        if (self.code is None and self.seal is None
                and all(h.status == "none" for h in self.halves)):
            return "none"
        return "unfair"

    @property
    def first_problem(self) -> Problem | None:
        """The first problem in the order of the checks (:data:`ORDER`, then the
        halves')."""
        if self.code == "malformed":
            return self.code
        if self.seal is not None:
            return self.seal
        if self.code is not None:
            return self.code
        return next((h.code or "none" for h in self.halves if not h.holds), None)

    def summary(self) -> dict[str, Any]:
        """The verdict as the shared table of tampered records states it (the browser's
        ``summary`` answers the same)."""
        return {"verdict": self.status, "halves": [h.status for h in self.halves],
                "problem": self.first_problem,
                "where": None if self.where is None else list(self.where),
                "codes": [h.code for h in self.halves]}


def verify_text(text: str) -> Verdict:
    """Verify a record given as text (:class:`Unreadable` when it is none)."""
    return verify(read_text(text))


def verify_record(record: Any) -> list[HalfCheck]:
    """Each half's check of a record's JSON, the record's own problems folded in (the
    judge's and older callers' form)."""
    verdict = verify(record)
    if verdict.code in ("malformed",) or not verdict.halves:
        raise EngineError(verdict.problem or "a record is an object with a list of halves")
    return list(verdict.halves)


def verify(data: Any) -> Verdict:
    """Verify a record's JSON (the checks of the module's docstring, in order)."""
    try:
        record = Record.from_json(data)
    except RecordError as e:
        return Verdict((), f"the record is malformed: {e}", "malformed", (e.half, e.action))
    raw = data["halves"]
    halves = tuple(_check_half(i, raw[i], record.rules, raw) for i in range(len(raw)))
    try:
        game = replay(record)
    except RecordError as e:
        return Verdict(halves, f"not a game the rules allow: {e}", "rules", (e.half, e.action))
    escaper = record.escaped_by
    if game.result is None and escaper is None:
        return Verdict(halves, "the record stops before the game is over, and does not end "
                       "with the escape that stopped it: it is cut short", "incomplete")
    return Verdict(halves, abandoned_by=escaper)


def _check_half(i: int, h: dict[str, Any], rules: Rules, raw: Sequence[Any]) -> HalfCheck:
    fair = h.get("fairness")
    if not isinstance(fair, dict):
        return HalfCheck(i, False, problem="no fairness fields: this deal cannot be checked",
                         code="none")
    scheme = fair.get("scheme")
    if scheme not in SCHEMES:
        return HalfCheck(i, True, problem=f"unknown scheme {scheme!r}", code="scheme")
    wrong = _malformed(scheme, fair)
    if wrong is not None:
        return HalfCheck(i, True, problem=wrong, code="fields")
    seed = bytes.fromhex(fair["server_seed"])
    if commit_of(seed) != fair["commit"]:
        return HalfCheck(i, True, problem="SHA-256 of the server seed is not the commitment",
                         code="commit")
    unbound = _unbound(i, scheme, seed, fair, raw)
    if unbound is not None:
        return HalfCheck(i, True, commit=True, problem=unbound, code="bound")
    values = fair["contributions"]
    deal = fair_deal(seed, i, values, rules, h["first_drawer"] if i == 1 else None, scheme,
                     fair.get("commits", ()))
    same = _same_deal(deal, h)
    hall_only = (not values or (scheme != TOURNEY
                 and all(b == "hall" for b in fair.get("by", ("hall",) * 4))))
    if not same:
        return HalfCheck(i, True, commit=True, problem="the recorded deal is not the one the "
                         "seed and the values give", code="deal", hall_only=hall_only)
    if scheme == SCHEME:
        return HalfCheck(i, True, commit=True, deal=True, hall_only=hall_only,
                         problem=f"{SCHEME} does not bind the hall's values to its seed: the "
                         "hall drew them after it saw the players' and could choose the deal "
                         "(the deal is the one the seed and the values give)",
                         code="unbound")
    return HalfCheck(i, True, commit=True, deal=True, hall_only=hall_only)


def _same_deal(deal: Any, h: dict[str, Any]) -> bool:
    """The recorded deal is ``deal`` (the record parsed already: its cards are readable)."""
    return (parse_cards(h["blade_card"]) == (deal.blade_card,)
            and deal.blade_holder == h["blade_holder"]
            and deal.first_drawer == h["first_drawer"]
            and all(tuple(deal.hands[s]) == (parse_cards(h["hands"][s]) if h["hands"][s]
                                             else ()) for s in range(4)))


def _malformed(scheme: str, fair: dict[str, Any]) -> str | None:
    """What is wrong with a half's fields' form, if anything."""
    seed, commit, values = fair.get("server_seed"), fair.get("commit"), fair.get("contributions")
    if not _hex64(seed):
        return "the server seed is not 64 lowercase hex digits"
    if not _hex64(commit):
        return "the commitment is not 64 lowercase hex digits"
    most = MOST_ENTRANTS if scheme == TOURNEY else 4
    if (not isinstance(values, list) or not all(_value(c) for c in values)
            or (len(values) != 4 if scheme != TOURNEY else len(values) > most)):
        return ("contributions must be four values of 16-64 lowercase hex digits"
                if scheme != TOURNEY else
                f"contributions must be at most {most} values of 16-64 lowercase hex digits")
    by = fair.get("by")
    if scheme != TOURNEY and (not isinstance(by, list) or len(by) != 4
                              or not all(isinstance(b, str) and b in BY for b in by)):
        return 'by must be four of "player" and "hall"'
    commits = fair.get("commits")
    if scheme != SCHEME and (not isinstance(commits, list) or len(commits) != 2
                             or not all(_hex64(c) for c in commits)):
        return "commits must be the game's two commitments"
    asked = fair.get("asked")
    if scheme == SCHEME_2 and not _seats(asked):
        return "asked must be the seats asked for a value, 0-3 in increasing order"
    return None


def _seats(value: Any) -> bool:
    """Distinct seats 0–3 in increasing order (never ``true``, never text)."""
    return (isinstance(value, list) and all(type(s) is int and 0 <= s <= 3 for s in value)
            and value == sorted(set(value)))


def _unbound(i: int, scheme: str, seed: bytes, fair: dict[str, Any],
             raw: Sequence[Any]) -> str | None:
    """Why this half is not bound to its seed and, the second, to the record's first
    half, if it is not: a half taken from another game, or a hall's value the seed does
    not fix."""
    if scheme != SCHEME:
        if fair["commits"][i] != fair["commit"]:
            return "the half's commitment is not the game's for this half"
        if scheme == SCHEME_2:
            for seat, (value, who) in enumerate(zip(fair["contributions"], fair["by"],
                                                    strict=True)):
                if who == "hall" and value != hall_value(seed, i, seat):
                    return (f"seat {seat}'s value is not the one the hall's committed seed "
                            "fixes")
                if who == "player" and seat not in fair["asked"]:
                    return (f"seat {seat}'s value is called a player's, but the hall did "
                            "not ask that seat for one when it committed")
    if i == 0:
        return None  # (the first half is judged on its own; the second must agree with it)
    theirs = raw[0].get("fairness")
    if not isinstance(theirs, dict):
        return None  # (the first half has no fields: it says so itself)
    if theirs.get("scheme") != scheme:
        return "the two halves name different schemes"
    if scheme == SCHEME and theirs.get("contributions") != fair["contributions"]:
        return "the two halves' values differ: they are not one game's"
    if scheme == SCHEME and theirs.get("by") != fair["by"]:
        return "the two halves' values differ: they are not one game's"
    if scheme != SCHEME and theirs.get("commits") != fair["commits"]:
        return "the two halves' commitments differ: they are not one game's"
    if scheme == TOURNEY and theirs.get("contributions") != fair["contributions"]:
        return "the two halves' values differ: they are not one game's"
    if scheme == SCHEME_2:
        if theirs.get("by") != fair["by"] or theirs.get("asked") != fair["asked"]:
            return "the two halves' values differ: they are not one game's"
        mine, other_values = fair["contributions"], theirs.get("contributions")
        if not isinstance(other_values, list) or len(other_values) != 4 or any(
                b == "player" and mine[s] != other_values[s] for s, b in enumerate(fair["by"])):
            return "the two halves' players' values differ: they are not one game's"
    return None


def _hex64(value: Any) -> bool:
    return isinstance(value, str) and SEED.fullmatch(value) is not None


def _value(value: Any) -> bool:
    return isinstance(value, str) and CONTRIBUTION.fullmatch(value) is not None


__all__ = ["DEEPEST", "MOST_BYTES", "ORDER", "HalfCheck", "Problem", "Unreadable", "Verdict",
           "read_text", "verify", "verify_record", "verify_text"]
