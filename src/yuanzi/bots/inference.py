"""Reading the opponents' play: what their hands can and cannot hold.

Passing is always legal in 原子, so by the rules alone a pass proves nothing, and any play
is possible from many hands. But a player who plays like the heuristic policy is
predictable: over an opponent's trick it passes only when it holds nothing that beats it
(no group of that size above, no bomb, no atom) unless it was leaving a pointless trick to
its partner; it leads whole units, lowest first; it beats with the weakest unit that does.
The search bot assumes the opponents play like that, and prefers worlds in which the
policy, holding that seat's cards at each past moment, would have done what the seat did.

Two levels, cheap first: *caps* (at most so many cards of a rank, or copies of a card,
in a seat's hand now) steer the deal, and an exact *replay* of the policy at each of the
seat's past actions scores it (:meth:`PlayReader.misfits`). The caps from passes are sound
for a player of the policy; the one from a lead assumes the led rank is used up, which
fails only when the seat kept an atom of it. Against players of another style the worlds
simply disagree more, and the sampler keeps those that disagree least.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.bots.counts import Counts
from yuanzi.bots.policy import DEFAULT_STYLE, Style, choose
from yuanzi.bots.view import PublicState, view_of
from yuanzi.engine.cards import POINTS, SJ
from yuanzi.engine.combos import PASS, Kind, Move, atom_power, classify
from yuanzi.engine.deal import NEXT_SEAT
from yuanzi.engine.observe import Observation

NO_CAP = 12


@dataclass(frozen=True, slots=True)
class Decision:
    """One action of another seat, with what that seat saw when it acted."""

    seat: int
    view: PublicState
    """The table from the actor's chair (its seat, the top, points, cards played)."""
    move: Move
    """What it did (:data:`~yuanzi.engine.PASS` for a pass)."""
    later: tuple[int, ...]
    """Cards it played from this action on, this half: its hand then = now + later."""


class PlayReader:
    """The opponents' actions in the current half, and what they imply about their hands.

    ``seats`` are the seats read (default: the two opponents; a partner may be a person
    or a searching bot, whose passes say less).
    """

    def __init__(self, obs: Observation, style: Style = DEFAULT_STYLE,
                 seats: tuple[int, ...] | None = None, passes_only: bool = False,
                 lead_caps: bool = True) -> None:
        if obs.seat is None:
            raise ValueError("a spectator has no seat to read from")
        self.seat = obs.seat
        self.style = style
        read = seats if seats is not None else ((obs.seat + 1) & 3, (obs.seat + 3) & 3)
        self.events: list[Decision] = [
            d for d in _decisions(obs) if d.seat in read and (d.move.is_pass or not passes_only)]
        self.caps: list[list[int]] = [[NO_CAP] * 13 for _ in range(4)]
        """caps[seat][rank]: at most this many natural cards of the rank in the hand now."""
        self.copies: list[list[int]] = [[3] * 52 for _ in range(4)]
        """copies[seat][card]: at most this many copies of a natural card (2: no atom)."""
        for event in self.events:
            if event.move.is_pass:
                _add_caps(self.caps[event.seat], self.copies[event.seat], event)
            elif lead_caps and event.view.top is None:
                _add_lead_caps(self.caps[event.seat], event)
        self.by_seat: list[list[Decision]] = [[e for e in self.events if e.seat == s]
                                              for s in range(4)]
        self._order = [list(events) for events in self.by_seat]

    def misfits(self, hands: Sequence[Sequence[int]], limit: int = 1 << 30) -> int:
        """How many of the recorded actions the policy would not have taken with these
        hands (counting stops at ``limit``)."""
        bad = 0
        for seat in range(4):
            if self.by_seat[seat]:
                bad += self.seat_misfits(seat, hands[seat], limit - bad)
                if bad >= limit:
                    break
        return bad

    def seat_misfits(self, seat: int, cards: Sequence[int], limit: int = 1 << 30) -> int:
        """How many of ``seat``'s recorded actions the policy would not have taken.

        Actions that often disagree are tried first (move to front), so a hand that is
        worse than ``limit`` is given up sooner; the count itself does not depend on it.
        """
        bad = 0
        style = self.style
        order = self._order[seat]
        for i, event in enumerate(order):
            hand = Counts([*cards, *event.later], event.view.blade)
            if choose(hand, event.view, style) != event.move:
                bad += 1
                if i:
                    order.insert(0, order.pop(i))
                if bad >= limit:
                    break
        return bad

    def first_misfit(self, seat: int, cards: Sequence[int]) -> tuple[int, Move | None]:
        """(misfits, the policy's move at the first action it would not have taken)."""
        bad = 0
        wrong: Move | None = None
        style = self.style
        for event in self.by_seat[seat]:
            hand = Counts([*cards, *event.later], event.view.blade)
            move = choose(hand, event.view, style)
            if move != event.move:
                bad += 1
                if wrong is None:
                    wrong = move
        return bad, wrong


def _decisions(obs: Observation) -> list[Decision]:
    """Replay the half's public actions from each actor's chair (mirrors R24–R26)."""
    me = obs.seat
    view = view_of(obs)
    left = list(obs.dealt)
    won = [0, 0, 0, 0]
    gone = [0] * 14
    top: Move | None = None
    top_seat = -1
    table = 0
    passes = 0
    need = 0
    found: list[tuple[int, PublicState, Move]] = []
    history = obs.history
    for index, (seat, cards) in enumerate(history):
        if seat != me:
            snapshot = PublicState(
                seat=seat, blade=view.blade, top=top, top_seat=top_seat if top else -1,
                cards_left=list(left), table_points=table, won=list(won), gone=list(gone),
                second=view.second, carry=view.carry, first_upstream=view.first_upstream,
                rules=view.rules)
        if cards is None:
            if seat != me:
                found.append((index, snapshot, PASS))
            passes += 1
            if passes >= need and top is not None:
                won[top_seat] += table
                table = 0
                top = None
                passes = 0
            continue
        ids = tuple(int(c) for c in cards)
        move = classify(ids, view.blade)
        if seat != me:
            found.append((index, snapshot, move))
        top = move
        top_seat = seat
        passes = 0
        left[seat] -= len(ids)
        for c in ids:
            gone[13 if c >= SJ else c >> 2] += 1
            table += POINTS[c]
        need = sum(1 for s in range(4) if s != seat and left[s])
        if not left[seat] and need == 0:
            break
    decisions = []
    for index, snapshot, move in found:
        later = tuple(c for s, cs in history[index:] if s == snapshot.seat and cs for c in cs)
        decisions.append(Decision(snapshot.seat, snapshot, move, later))
    return decisions


def _add_caps(caps: list[int], copies: list[int], event: Decision) -> None:
    """Caps a pass implies where the policy would have had to beat the top.

    Over an opponent's loose play the policy plays any group of that size above it (whole
    or split) and then any bomb or atom; over a bomb, any bigger bomb or atom; over an
    atom, any higher atom. Unless it was leaving a pointless trick to the partner who
    plays next: then only whole groups of the top's size count, which caps cannot say.
    """
    view = event.view
    top = view.top
    if top is None or (view.top_seat & 1) == (event.seat & 1):
        return  # a lead, or the partner's trick: passing it says little
    later = [0] * 13
    later_ids = [0] * 52
    for c in event.later:
        if c < SJ:
            later[c >> 2] += 1
            later_ids[c] += 1
    partner_next = view.top_seat == NEXT_SEAT[NEXT_SEAT[NEXT_SEAT[event.seat]]]
    if partner_next and view.cards_left[event.seat ^ 2] > 0 and view.table_points == 0:
        return  # it may have been leaving the trick to its partner
    blade = view.blade
    kind = top.kind
    if kind == Kind.HYDROGEN:
        return
    if kind == Kind.ATOM:
        for card in range(52):
            rank, suit = card >> 2, card & 3
            if atom_power(rank, suit, blade) > top.power:
                copies[card] = min(copies[card], max(0, 2 - later_ids[card]))
        return
    for card in range(52):  # no atom (it beats any loose play or bomb)
        copies[card] = min(copies[card], max(0, 2 - later_ids[card]))
    for rank in range(13):
        if kind == Kind.BOMB:
            cap = top.size  # no bigger bomb
        elif top.blade:
            continue  # only atoms beat a blade loose play
        elif rank == blade:
            cap = min(3, top.size)  # more would have split; as many may be held back
        elif rank > top.power:
            cap = top.size - 1
        else:
            cap = 3  # no bomb
        caps[rank] = min(caps[rank], max(0, cap - later[rank]))


def _add_lead_caps(caps: list[int], event: Decision) -> None:
    """A lead of a loose group empties its rank: the policy leads whole units (a rank's
    cards beyond its atoms), so unless the seat played the rank again since, it has none.
    """
    move = event.move
    if move.kind > Kind.TRIPLE or move.jokers == move.size or move.rank > 12:
        return
    again = sum(1 for c in event.later if c < SJ and c >> 2 == move.rank)
    if again == move.size - move.jokers:
        caps[move.rank] = 0
