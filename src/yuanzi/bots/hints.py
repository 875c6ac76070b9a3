"""The Hint button's answer (issue 10): the advice, why it is given, and what beats the top.

A hint that only says "pass" lies by omission when the player *could* beat the table and
the advice is to hold back (the partner is winning, or the trick is not worth a bomb).
So the answer names its reason, and lists every play that beats the top, smallest first,
as concrete cards: pressing 提示 again walks through them, as card apps do.

The advice itself is not decided here: it is the hall's heuristic bot's move — or, at the
end of the second half, the end-game search's (:func:`advice_of`) — given to
:func:`advise`. This module only explains it and lists the alternatives, from what the
asking seat may see (its observation and its legal moves, R45).

**The order of the beating plays** ("smallest first"), by :func:`play_order`:

1. the class of play: loose plays (single, pair, triple) < bombs < atoms < hydrogen bombs
   (R19) — a loose play always answers a loose top of its own size (R15), so the class
   says how much strength an answer spends;
2. the size (a bomb of 4 before a bomb of 5; atoms are always 3, hydrogen bombs 8);
3. the rank power (R6: blade highest; for atoms the whole R17 order, suit included);
4. the number of jokers, fewer first (百搭 are worth keeping, R11).

These four values tell any two distinct abstract moves apart, so the order is total and
the client's local fallback (``web/static/js/hint.js``) sorts exactly the same way.

**Leading**: there is no top to beat, so :attr:`Hint.beats` is empty; the advice is the
bot's lead. (A leader's options run to hundreds of plays, which no one cycles through.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from yuanzi.bots.base import Bot
from yuanzi.bots.endgame import endgame_choice
from yuanzi.bots.heuristic import HeuristicBot
from yuanzi.engine.cards import Card
from yuanzi.engine.combos import Kind, Move
from yuanzi.engine.hand import Hand
from yuanzi.engine.observe import Observation

MAX_BEATS = 40
"""At most this many beating plays are listed (the smallest ones): a hand with many
jokers can beat a small bomb a hundred ways, and nobody presses 提示 forty times."""

_CLASS = {Kind.SINGLE: 0, Kind.PAIR: 0, Kind.TRIPLE: 0, Kind.BOMB: 1, Kind.ATOM: 2,
          Kind.HYDROGEN: 3}


class Reason(StrEnum):
    """Why the advice is what it is (sent to the client, which words it)."""

    LEAD = "lead"
    """The seat leads a new trick (R24): the advice is a play."""
    BEAT = "beat"
    """The advice is a play that beats the top."""
    PARTNER_WINNING = "partner_winning"
    """Pass although something beats the top: the partner's play is on top."""
    SAVE_STRENGTH = "save_strength"
    """Pass although something beats the top: an opponent's trick not worth the cards
    it would cost (a bomb, a broken pair…) at this point."""
    CANNOT_BEAT = "cannot_beat"
    """Pass: nothing in the hand beats the top (R15–R18)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint for the seat to move."""

    advice: tuple[Card, ...]
    """The advised play's cards; empty for the advice to pass."""
    reason: Reason
    beats: tuple[tuple[Card, ...], ...]
    """Every play that beats the top, one per distinct combination, smallest first
    (:func:`play_order`), at most :data:`MAX_BEATS`; empty when leading."""

    @property
    def passes(self) -> bool:
        return not self.advice


def play_order(move: Move) -> tuple[int, int, int, int]:
    """Sort key of "smallest first": class (loose < bomb < atom < hydrogen), size, rank
    power, jokers used. See the module docstring."""
    return (_CLASS[move.kind], move.size, move.power, move.jokers)


def beating_plays(hand: Hand, legal: Iterable[Move], limit: int = MAX_BEATS
                  ) -> tuple[tuple[Card, ...], ...]:
    """The plays among ``legal`` (a follower's legal moves, so each beats the top), one per
    distinct combination, smallest first, as the concrete cards :meth:`Hand.cards_for`
    gives (which keep atoms and hydrogen bombs intact where the move allows, exactly as
    :meth:`Game.cards_for` does)."""
    moves = sorted({m for m in legal if not m.is_pass}, key=play_order)
    return tuple(hand.cards_for(m) for m in moves[:limit])


def advice_of(obs: Observation, legal: Sequence[Move]) -> Move:
    """The move 提示 advises: the heuristic bot's — but at the end of the second half the
    move that wins the game in the most guessed worlds, each searched to its end
    (:mod:`yuanzi.bots.endgame`, issue 45: the rule of thumb threw won games there). Both
    are deterministic, so the coach (``coach/review.py``) knows exactly what the button
    said at any decision."""
    rule = HeuristicBot().choose(obs, legal)
    weighed = endgame_choice(obs, legal, rule)
    return rule if weighed is None else weighed.move


class HintAdvisor(Bot):
    """:func:`advice_of` as a bot, so that a hall thinks it in a worker process (the
    end-game search takes up to a few tenths of a second, too long for the event loop).
    Its quick answer, when the workers are busy, is the same advice thought here: 提示
    never says other than what the coach later says it said."""

    name = "hint"
    inline = False

    def choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        return advice_of(obs, legal)

    def quick_choose(self, obs: Observation, legal: Sequence[Move]) -> Move:
        return advice_of(obs, legal)


def advise(obs: Observation, legal: Sequence[Move], advice: Move, limit: int = MAX_BEATS
           ) -> Hint:
    """The hint for the observing seat, which is to move: ``advice`` (the bot's choice,
    one of ``legal``) with its reason, and the beating plays when following."""
    if obs.hand is None or obs.seat is None or obs.to_move != obs.seat:
        raise ValueError("a hint is for the seat to move")
    if advice not in legal:
        raise ValueError(f"the advice {advice.text()} is not a legal move")
    hand = Hand(obs.hand, obs.blade_rank)
    cards = () if advice.is_pass else hand.cards_for(advice)
    if obs.top is None:
        return Hint(cards, Reason.LEAD, ())
    beats = beating_plays(hand, legal, limit)
    if not advice.is_pass:
        reason = Reason.BEAT
    elif not beats:
        reason = Reason.CANNOT_BEAT
    elif obs.top_seat == obs.seat ^ 2:  # partners sit opposite (R20)
        reason = Reason.PARTNER_WINNING
    else:
        reason = Reason.SAVE_STRENGTH
    return Hint(cards, reason, beats)


__all__ = ["MAX_BEATS", "Hint", "HintAdvisor", "Reason", "advice_of", "advise", "beating_plays",
           "play_order"]
