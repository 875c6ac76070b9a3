"""Worlds: a full game state rebuilt from one seat's observation plus guessed hidden hands.

A search bot sees only an :class:`~yuanzi.engine.observe.Observation` (R45). To look ahead
it guesses the other seats' hands (a *world*) and needs an engine state that agrees with
everything it observed; this module builds that state, so no bot ever reaches into a real
game. The rebuilt half continues exactly as the real one would if the guess were right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from yuanzi.engine.cards import CARDS, Card, full_deck
from yuanzi.engine.deal import Deal
from yuanzi.engine.errors import EngineError
from yuanzi.engine.game import Game
from yuanzi.engine.half import Action, HalfResult, HalfState
from yuanzi.engine.hand import Hand
from yuanzi.engine.observe import Observation

Hands = Sequence[Sequence[int]]
"""Four current hands, one per seat (card ids)."""

_DECK = Counter(int(c) for c in full_deck())


class WorldError(EngineError):
    """Guessed hands that contradict the observation they were guessed for."""


def unseen_cards(obs: Observation) -> list[Card]:
    """The cards the observer cannot place: all 162 minus its hand minus the half's plays."""
    if obs.hand is None:
        raise WorldError("a spectator has no hand to build worlds from")
    left = Counter(_DECK)
    left.subtract(int(c) for c in obs.hand)
    left.subtract(int(c) for c in obs.played_cards())
    if any(n < 0 for n in left.values()):
        raise WorldError("the observation holds more copies of a card than three packs")
    return [CARDS[c] for c in sorted(left.elements())]


def check_world(obs: Observation, hands: Hands) -> None:
    """Raise :class:`WorldError` unless ``hands`` could be the current hands behind ``obs``.

    Checks: the observer's own hand, every seat's card count, and that the hands plus the
    cards played this half are exactly the 162-card multiset (R1).
    """
    if obs.seat is None or obs.hand is None:
        raise WorldError("a spectator has no hand to build worlds from")
    if len(hands) != 4:
        raise WorldError("a world has four hands")
    if Counter(int(c) for c in hands[obs.seat]) != Counter(int(c) for c in obs.hand):
        raise WorldError(f"seat {obs.seat}'s hand differs from the observed hand")
    for s in range(4):
        if len(hands[s]) != obs.cards_left[s]:
            raise WorldError(
                f"seat {s} holds {len(hands[s])} cards; the observation says {obs.cards_left[s]}")
    total = Counter(int(c) for h in hands for c in h)
    total.update(int(c) for c in obs.played_cards())
    if total != _DECK:
        raise WorldError("the hands and the played cards are not the 162 cards (R1)")


def rebuild_half(obs: Observation, hands: Hands, check: bool = True) -> HalfState:
    """The current half as an engine state, with ``hands`` as every seat's current hand.

    The dealt hands of the rebuilt :class:`~yuanzi.engine.deal.Deal` are the current hands
    plus what each seat has played this half, so a record of the world replays. ``check``
    may be turned off by callers that built ``hands`` from :func:`unseen_cards` themselves.
    """
    if check:
        check_world(obs, hands)
    if obs.to_move is None and obs.result is None and not obs.out_order:
        raise WorldError("the observation has no one to move")
    dealt: list[list[Card]] = [[CARDS[c] for c in h] for h in hands]
    actions: list[Action] = []
    for seat, cards in obs.history:
        if cards is None:
            actions.append((seat, None))
        else:
            dealt[seat].extend(cards)
            actions.append((seat, tuple(int(c) for c in cards)))
    holders = [s for s in range(4) if obs.blade_card in dealt[s]]
    leader = obs.history[0][0] if obs.history else obs.to_move
    blade_holder = leader if leader in holders else (holders[0] if holders else 0)
    first_drawer = next(s for s in range(4) if obs.dealt[s] == 41 and obs.dealt[s - 1] != 41)
    deal = Deal(
        blade_card=obs.blade_card,
        blade_holder=blade_holder,
        first_drawer=first_drawer,
        hands=(tuple(dealt[0]), tuple(dealt[1]), tuple(dealt[2]), tuple(dealt[3])),
    )
    half = HalfState.__new__(HalfState)
    half.rules = obs.rules
    half.deal = deal
    half.second = obs.half == 1
    half.blade_rank = obs.blade_rank
    half.hands = [Hand(h, obs.blade_rank) for h in hands]
    half.to_move = obs.to_move
    half.top = obs.top
    half.top_seat = -1 if obs.top_seat is None else obs.top_seat
    half.passes = 0
    if obs.top is not None:
        for _, cards in reversed(obs.trick):
            if cards is not None:
                break
            half.passes += 1
    half.need = sum(1 for s in range(4) if s != half.top_seat and obs.cards_left[s])
    half.trick_points = obs.table_points
    half.won = list(obs.trick_points)
    half.out_order = list(obs.out_order)
    half.ended_by = None
    half.actions = actions
    half.seen = []
    half.trick_start = len(actions) - len(obs.trick)
    half.result = None
    return half


def rebuild_game(obs: Observation, hands: Hands, check: bool = True) -> Game:
    """A :class:`Game` in the observed position with the guessed ``hands`` (see
    :func:`rebuild_half`). In the second half the first half is present only as its
    public result, which is all the rest of the game depends on (R31)."""
    half = rebuild_half(obs, hands, check)
    game = Game.__new__(Game)
    game.rules = obs.rules
    game.rng = None
    game.result = None
    game.awaiting_deal = False
    game.halves = [_finished_half(obs.finished[0], obs)] if obs.half == 1 else []
    game.halves.append(half)
    return game


def _finished_half(result: HalfResult, obs: Observation) -> HalfState:
    """A stand-in for a first half known only by its result (its hands are not public)."""
    empty: tuple[Card, ...] = ()
    half = HalfState.__new__(HalfState)
    half.rules = obs.rules
    half.deal = Deal(result.blade_card, 0, 0, (empty, empty, empty, empty))
    half.second = False
    half.blade_rank = result.blade_rank
    half.hands = [Hand((), result.blade_rank) for _ in range(4)]
    half.to_move = None
    half.top = None
    half.top_seat = -1
    half.need = 0
    half.passes = 0
    half.trick_points = 0
    half.won = list(result.trick_points)
    half.out_order = list(result.out_order)
    half.ended_by = result.ended_by
    half.actions = []
    half.seen = []
    half.trick_start = 0
    half.result = result
    return half


__all__ = ["Hands", "WorldError", "check_world", "rebuild_game", "rebuild_half", "unseen_cards"]
