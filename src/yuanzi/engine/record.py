"""Game records (RECORD.md): load, validate, save, and replay into a :class:`Game`.

A record is the one serialised form of a game: replays, the recorder item, crash
recovery and the judge all read it. Loading checks every rule and names the half and
the action index of the first problem.

A record may stop where a seat escaped (R35): its last half's last action is then
``[seat, "escape"]`` — by any seat, not only the one to move — and the game is abandoned
there. The loader takes that action nowhere else (:attr:`HalfRecord.escape`; a half's
``actions`` are its plays alone, so whatever replays them needs no new case).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from yuanzi.engine.cards import CARDS, DECK_SIZE, SJ, TEXT, Card, full_deck, parse_cards
from yuanzi.engine.deal import Deal, first_drawer_of, hand_sizes
from yuanzi.engine.errors import EngineError, RecordError
from yuanzi.engine.game import Game
from yuanzi.engine.rules import Rules

FORMAT = "yuanzi-record/1"
ESCAPE = "escape"
"""The last action of a record that stops where a seat escaped (R35): ``[seat, "escape"]``."""

RecordedAction = tuple[int, tuple[Card, ...] | None]


@dataclass(frozen=True, slots=True)
class HalfRecord:
    """One half as dealt and played."""

    blade_card: Card
    blade_holder: int
    first_drawer: int
    hands: tuple[tuple[Card, ...], ...]
    actions: tuple[RecordedAction, ...] = ()
    escape: int | None = None
    """The seat that escaped after this half's last play (R35): the game stops there. Only
    a record's last half has one; in JSON it is that half's last action."""

    @property
    def deal(self) -> Deal:
        h = self.hands
        return Deal(self.blade_card, self.blade_holder, self.first_drawer, (h[0], h[1], h[2], h[3]))


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game record: the rules and one or two halves."""

    rules: Rules = field(default_factory=Rules)
    halves: tuple[HalfRecord, ...] = ()

    @property
    def escaped_by(self) -> int | None:
        """The seat whose escape (R35) ends the record, if one does."""
        return self.halves[-1].escape if self.halves else None

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "halves": [
                {
                    "blade_card": TEXT[h.blade_card],
                    "blade_holder": h.blade_holder,
                    "first_drawer": h.first_drawer,
                    "hands": [" ".join(TEXT[c] for c in hand) for hand in h.hands],
                    "actions": [
                        [s, "pass" if c is None else " ".join(TEXT[x] for x in c)]
                        for s, c in h.actions
                    ] + ([] if h.escape is None else [[h.escape, ESCAPE]]),
                }
                for h in self.halves
            ],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Parse the structure (types, card notation); rule checks happen in :func:`replay`."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise RecordError(f"unknown format {fmt!r}")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except EngineError as e:
            raise RecordError(str(e)) from None
        halves_data = data.get("halves")
        if not isinstance(halves_data, list) or not 1 <= len(halves_data) <= 2:
            raise RecordError("halves must be a list of one or two halves")
        last = len(halves_data) - 1
        halves = tuple(_parse_half(i, h, i == last) for i, h in enumerate(halves_data))
        return cls(rules, halves)


def _seat(value: Any, what: str, half: int, action: int | None = None) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise RecordError(f"{what} must be a seat 0-3, not {value!r}", half, action)
    return value


def _parse_half(i: int, h: Any, last: bool) -> HalfRecord:
    if not isinstance(h, dict):
        raise RecordError("a half must be an object", i)
    try:
        blade = parse_cards(h.get("blade_card", ""))
        if len(blade) != 1:
            raise RecordError("blade_card must be one card", i)
        hands_data = h.get("hands")
        if not isinstance(hands_data, list) or len(hands_data) != 4:
            raise RecordError("hands must be a list of four hands", i)
        hands = tuple(parse_cards(x) if x != "" else () for x in hands_data)
    except EngineError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(str(e), i) from None
    actions: list[RecordedAction] = []
    escape: int | None = None
    raw_actions = h.get("actions", [])
    if not isinstance(raw_actions, list):
        raise RecordError("actions must be a list", i)
    for k, a in enumerate(raw_actions):
        if not isinstance(a, list) or len(a) != 2 or not isinstance(a[1], str):
            raise RecordError("an action must be [seat, cards or \"pass\"]", i, k)
        seat = _seat(a[0], "the acting seat", i, k)
        if a[1] == ESCAPE:
            if not last or k != len(raw_actions) - 1:
                raise RecordError("an escape is the last action of the record's last half "
                                  "(R35: the game stops there)", i, k)
            escape = seat
            continue
        if a[1].strip().lower() == "pass":
            actions.append((seat, None))
            continue
        try:
            actions.append((seat, parse_cards(a[1])))
        except EngineError as e:
            raise RecordError(str(e), i, k) from None
    return HalfRecord(
        blade_card=blade[0],
        blade_holder=_seat(h.get("blade_holder"), "blade_holder", i),
        first_drawer=_seat(h.get("first_drawer"), "first_drawer", i),
        hands=hands,
        actions=tuple(actions),
        escape=escape,
    )


_DECK = Counter(full_deck())


def check_deal(record: Record, i: int) -> None:
    """The deal checks of RECORD.md for half ``i``."""
    h = record.halves[i]
    all_cards = Counter(c for hand in h.hands for c in hand)
    if sum(all_cards.values()) != DECK_SIZE or all_cards != _DECK:
        raise RecordError("the four hands are not the 162 cards of three packs (R1)", i)
    sizes = hand_sizes(h.first_drawer)
    for s, hand in enumerate(h.hands):
        if len(hand) != sizes[s]:
            raise RecordError(
                f"seat {s} holds {len(hand)} cards; R22 gives it {sizes[s]} "
                f"when seat {h.first_drawer} draws first", i)
    if h.blade_card not in h.hands[h.blade_holder]:
        raise RecordError(f"blade_holder {h.blade_holder} does not hold {h.blade_card}", i)
    if record.rules.joker_blade == "redraw" and h.blade_card >= SJ:
        raise RecordError("under joker_blade: redraw the blade card cannot be a joker (R5)", i)
    if i == 0:
        expected = first_drawer_of(h.blade_card)
        if h.first_drawer != expected:
            raise RecordError(
                f"first_drawer must be {expected} for blade card {h.blade_card} (R21)", i)


def replay(record: Record) -> Game:
    """Rebuild a game from its record, checking every rule; stops where the record stops."""
    check_deal(record, 0)
    game = Game(record.rules, record.halves[0].deal)
    for i, h in enumerate(record.halves):
        if i == 1:
            if game.result is None and not game.needs_second_half():
                raise RecordError("a second half is recorded but the first is not finished", i)
            if not game.needs_second_half():
                raise RecordError("a second half is recorded but R30 ends the game", i)
            check_deal(record, 1)
            first = game.halves[0].result
            assert first is not None
            if h.first_drawer != first.upstream:
                raise RecordError(
                    f"first_drawer must be the first-half 上游, seat {first.upstream} (R21)", i)
            game.start_second_half(h.deal)
        half = game.halves[i]
        for k, (seat, cards) in enumerate(h.actions):
            if half.is_over:
                raise RecordError("half already ended", i, k)
            if seat != half.to_move:
                raise RecordError(f"seat {seat} acted but seat {half.to_move} is to move", i, k)
            try:
                game.apply(cards)
            except EngineError as e:
                raise RecordError(str(e), i, k) from None
        if h.escape is not None and game.result is not None:
            raise RecordError("an escape after the game is over (R35: one stops a game in "
                              "play)", i, len(h.actions))
    return game


def escaped(record: Record, seat: int) -> Record:
    """``record`` ending where ``seat`` escaped (R35): the escape as its last action."""
    if not record.halves:
        raise RecordError("a record with no half has nowhere to escape")
    seat = _seat(seat, "the escaping seat", len(record.halves) - 1)
    last = replace(record.halves[-1], escape=seat)
    return replace(record, halves=(*record.halves[:-1], last))


def with_escape(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """A record's JSON, stored before the escape was an action (issue 54), as the hall
    gives it out now: ``[seat, "escape"]`` ends its last half, and the fairness word of
    before (``abandoned_by``, which nothing checks any more) is gone. A copy; a record
    that ends with an escape already comes back as it is."""
    out = copy.deepcopy(data)
    halves = out.get("halves")
    if not isinstance(halves, list) or not halves or not isinstance(halves[-1], dict):
        return out
    for half in halves:
        fair = half.get("fairness") if isinstance(half, dict) else None
        if isinstance(fair, dict):
            fair.pop("abandoned_by", None)
    actions = halves[-1].setdefault("actions", [])
    if isinstance(actions, list) and not (actions and isinstance(actions[-1], list)
                                          and actions[-1][1:] == [ESCAPE]):
        actions.append([seat, ESCAPE])
    return out


def record_of(game: Game) -> Record:
    """Export the record of a game (finished or in progress); :func:`replay` rebuilds it
    exactly.

    >>> import random
    >>> from yuanzi.engine import Game, Rules, deal_half
    >>> rng = random.Random(7)
    >>> game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_moves()[0])
    >>> again = replay(record_of(game))
    >>> again.result == game.result and record_of(again) == record_of(game)
    True
    """
    halves = []
    for half in game.halves:
        d = half.deal
        actions = tuple(
            (s, None if c is None else tuple(CARDS[x] for x in c)) for s, c in half.actions
        )
        halves.append(HalfRecord(d.blade_card, d.blade_holder, d.first_drawer, d.hands, actions))
    return Record(game.rules, tuple(halves))
