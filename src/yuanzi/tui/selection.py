"""What a terminal player types, turned into cards of the hand (or a command).

Accepted, case-insensitive:

* card notation (R2): ``7s 7s``, ``10h``, ``th``, ``bj``;
* a bare rank, ``q`` or ``10``: any held card of that rank, suits chosen so that atoms and
  hydrogen bombs stay whole where possible (``q q`` takes two queens that break nothing);
* positions in the displayed hand after a ``#``: ``#1 #2``, ``#1 2 5``, a range ``#3-5``
  (the ``#`` keeps ``10`` the rank apart from 10 the position);
* the words ``pass``, ``hint``, ``help``, ``quit``.

Anything else is a :class:`SelectionError` saying what was wrong, and the player is asked
again; whether the cards form a legal play is the engine's to say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.engine.cards import CARDS, RANK_INDEX, Card, sort_hand
from yuanzi.engine.errors import CardError
from yuanzi.engine.lookup import pack_code, take_naturals

COMMANDS = {"pass": "pass", "p": "pass", "hint": "hint", "h": "hint", "?": "help",
            "help": "help", "quit": "quit", "q!": "quit", "exit": "quit"}


class SelectionError(ValueError):
    """Input that names no cards of the hand; the message tells the player why."""


@dataclass(frozen=True, slots=True)
class Command:
    """A word that is not a play: ``pass``, ``hint``, ``help`` or ``quit``."""

    word: str


def parse_input(text: str, hand: Sequence[int], blade: int) -> Command | tuple[Card, ...]:
    """A command, or the concrete cards of the hand the input names."""
    words = text.replace(",", " ").split()
    if not words:
        raise SelectionError("type cards (like 7s 7s or q q), positions (#1 #2), "
                             "pass, hint or help")
    if len(words) == 1 and words[0].lower() in COMMANDS:
        return Command(COMMANDS[words[0].lower()])
    if words[0].startswith("#"):
        return _by_position(words, hand, blade)
    return _by_notation(words, hand)


def _by_position(words: list[str], hand: Sequence[int], blade: int) -> tuple[Card, ...]:
    ordered = sort_hand(hand, blade)
    picked: list[int] = []
    for word in words:
        body = word.lstrip("#")
        first, dash, last = body.partition("-")
        try:
            lo = int(first)
            hi = int(last) if dash else lo
        except ValueError:
            raise SelectionError(f"{word!r} is not a position (use #3 or #3-5)") from None
        for pos in range(lo, hi + 1):
            if not 1 <= pos <= len(ordered):
                raise SelectionError(f"there is no card at position {pos} "
                                     f"(the hand has {len(ordered)} cards)")
            if pos in picked:
                raise SelectionError(f"position {pos} is given twice")
            picked.append(pos)
    return tuple(ordered[p - 1] for p in picked)


def _by_notation(words: list[str], hand: Sequence[int]) -> tuple[Card, ...]:
    explicit: list[Card] = []
    bare: Counter[int] = Counter()
    for word in words:
        rank = RANK_INDEX.get(word.upper())
        if rank is not None:
            bare[rank] += 1
            continue
        try:
            explicit.append(Card.parse(word))
        except CardError:
            raise SelectionError(
                f"{word!r} is not a card: write rank then suit (7s, 10h, qd), "
                "bj/sj for jokers, or a bare rank (q)") from None
    left = Counter(int(c) for c in hand)
    for c in explicit:
        if left[c] <= 0:
            raise SelectionError(f"you do not hold {'another ' if c in hand else ''}{c}")
        left[c] -= 1
    chosen: list[Card] = list(explicit)
    for rank, k in sorted(bare.items()):
        counts = [left[rank * 4 + s] for s in range(4)]
        if sum(counts) < k:
            held = sum(counts)
            raise SelectionError(f"you hold {held} free card{'s' if held != 1 else ''} of rank "
                                 f"{CARDS[rank * 4].text[:-1]}, not {k}")
        suits = _keep_atoms(counts, k, alone=not explicit and len(bare) == 1)
        chosen.extend(CARDS[rank * 4 + s] for s in suits)
    return tuple(chosen)


def _keep_atoms(counts: list[int], k: int, alone: bool) -> tuple[int, ...]:
    """Suits for ``k`` cards of one rank, keeping atoms and hydrogen bombs where it can.

    ``alone``: the rank is the whole selection, so three (or eight) cards should form a
    triple (or bomb) rather than an atom (or hydrogen bomb) when the hand allows both.
    """
    capped = [min(c, 3) for c in counts]
    code = pack_code(capped)
    plain = alone and k in (3, 8)
    try:
        return take_naturals(code, k, plain)[1]
    except ValueError:
        return take_naturals(code, k, False)[1]
