"""The rule-based policy of a good 嘉兴 player, shared by the heuristic bot and rollouts.

It reads a seat's own hand (:class:`~yuanzi.bots.counts.HandLike`) and its public
:class:`~yuanzi.bots.view.PublicState` only, so the same code decides a real turn and
thousands of rollout turns (tens of microseconds each). The ideas, in the order the code
applies them; the thresholds in :class:`Style` were measured in the arena, style against
style on duplicate deals:

* **Go out** when one play empties the hand: racing out decides most games (R28, R30: a
  team whose two seats go out first wins 双夹).
* **Plan** the hand into units (:mod:`yuanzi.bots.plan`) and play whole units, so atoms,
  hydrogen bombs, bombs and blades stay whole.
* **Tempo**: beat an opponent's play whenever possible — the weakest whole unit, else a
  piece of a bigger loose unit, else the weakest bomb — since every trick taken sheds a
  unit and keeps the lead. (A style that bombs only for 20+ points loses 36:64 to it.)
  The exception: a pointless trick is left to the partner who still plays after us.
* **Partner**: never bomb or break a unit over the partner; after the partner's last card
  take the lead with a cheap unit (接风 would otherwise hand it to an opponent, R26); on
  a pointless partner trick shed a losing unit over it; lead low singles or pairs to a
  partner about to go out, and nothing an opponent about to go out can follow.
* **Points** (5/10/K): lead score cards late; a blade unit is spent on a trick only when
  it carries points or the race is close; the 60-point line (R30b) and the 300/305 line
  (R31) lower the thresholds of styles that wait for points.
* **Memory**: cards played are counted; a loose unit no unseen cards can beat (a "boss")
  is cashed before control once no losing unit is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yuanzi.bots.counts import HandLike, can_take
from yuanzi.bots.plan import Plan, plan_hand, unit_points
from yuanzi.bots.view import JOKER_COPIES, JOKER_SLOT, RANK_COPIES, PublicState
from yuanzi.engine.combos import PASS, Kind, Move, beats, classify, make_move
from yuanzi.engine.errors import InvalidCombination


@dataclass(frozen=True, slots=True)
class Style:
    """Tunable thresholds of the policy (defaults measured with the arena)."""

    bomb_points: int = 0
    """Table points that justify spending a bomb when nothing else is at stake."""
    split_points: int = 0
    """Table points that justify breaking a pair or triple to beat a play."""
    danger_cards: int = 3
    """An opponent with this many cards or fewer is about to go out."""
    cash_losers: int = 0
    """Cash winners first when at most this many losing units remain."""
    overtake: int = 1
    """Beat a partner's trick with a whole unit for tempo: 0 never, 1 a losing unit on a
    pointless trick, 2 a losing unit, 3 any non-blade unit."""
    overtake_partner_cards: int = 0
    """Never overtake a partner holding this many cards or fewer (it may be going out)."""
    fit_power_cap: int = 99
    """Whole units above this power beat an opponent only when something is at stake."""
    defer: int = 2
    """Leave a pointless trick to the partner who still plays after us: 0 never,
    1 instead of bombing, 2 instead of splitting or bombing."""
    bomb_first: bool = False
    """Prefer a bomb over breaking a loose unit."""
    lead_point_penalty: float = 3.0
    """How much a lead avoids units carrying score cards."""
    lead_size_weight: float = 0.3
    """How much a lead prefers bigger loose units."""
    lead_power_weight: float = 1.0
    """How much a lead prefers low ranks (negative: high ranks first)."""


DEFAULT_STYLE = Style()


def choose(hand: HandLike, view: PublicState, style: Style = DEFAULT_STYLE, plan: Plan | None = None
           ) -> Move:
    """The policy's move, always legal for ``hand`` under the view's top (R15–R18, R24).

    No move list is needed: the policy builds its plays from the hand's plan, which keeps
    rollouts free of legal-move generation. ``plan`` may be passed by callers that keep
    plans up to date themselves.
    """
    if plan is None:
        plan = plan_hand(hand)
    if view.top is None:
        return lead(hand, plan, view, style)
    return follow(hand, plan, view, style)


def going_out(hand: HandLike, top: Move | None, blade: int, only_atoms: bool = False
              ) -> Move | None:
    """The play of the whole hand, if it is one combination that may be played now."""
    rank = -1
    for r, code in enumerate(hand.codes):
        if code:
            if rank >= 0:
                return None
            rank = r
    if hand.size > 12 or (rank == blade and hand.bj + hand.sj):
        return None
    try:
        move = classify(hand.cards(), blade)
    except InvalidCombination:
        return None
    if top is not None and not beats(move, top, only_atoms):
        return None
    return move


# -- memory ------------------------------------------------------------------------------


def unseen_of(hand: HandLike, view: PublicState, rank: int) -> int:
    """Copies of a natural rank this seat cannot see (in the other hands)."""
    code = hand.codes[rank]
    mine = (code & 3) + ((code >> 2) & 3) + ((code >> 4) & 3) + (code >> 6) if code else 0
    return RANK_COPIES - view.gone[rank] - mine


def is_boss(move: Move, hand: HandLike, view: PublicState) -> bool:
    """Whether no loose play of the unseen cards can beat this loose unit (R15)."""
    if move.blade:
        return True
    size = move.size
    jokers = JOKER_COPIES - view.gone[JOKER_SLOT] - hand.bj - hand.sj
    blade = view.blade
    for rank in range(13):
        power = 13 if rank == blade else rank
        if power <= move.power:
            continue
        unseen = unseen_of(hand, view, rank)
        if unseen >= size or (rank != blade and unseen and unseen + jokers >= size):
            return False
    return True


# -- helpers -----------------------------------------------------------------------------


def _opponents_in(view: PublicState) -> list[int]:
    left = view.cards_left
    s = view.seat
    return [o for o in ((s + 1) & 3, (s + 3) & 3) if left[o]]


def _danger(view: PublicState, style: Style) -> bool:
    """An opponent is about to go out (``danger_cards`` cards or fewer)."""
    left = view.cards_left
    s = view.seat
    a = left[(s + 1) & 3]
    b = left[(s + 3) & 3]
    n = style.danger_cards
    return (0 < a <= n) or (0 < b <= n)


def point_pressure(view: PublicState) -> int:
    """How much this seat's team needs points now: lowers the bomb threshold.

    First half: the 60-point line (R30b) for either team. Second half: how close the
    team stands to the 300/305 line (R31).
    """
    me = view.seat & 1
    mine = view.won[view.seat] + view.won[view.seat ^ 2]
    theirs = view.won[view.seat ^ 1] + view.won[view.seat ^ 3]
    if not view.second:
        if mine < 60 or theirs < 60:
            return 10
        return 0
    need = 300 if (view.first_upstream & 1) == me else 305
    have = view.carry[me] + mine
    if have >= need:
        return 0
    other_need = 305 if need == 300 else 300
    if view.carry[1 - me] + theirs >= other_need - 40 or have >= need - 60:
        return 10
    return 5


def _single_of(rank: int, view: PublicState) -> Move:
    return make_move(Kind.SINGLE, rank, 1, 0, -1, view.blade)


# -- leading -----------------------------------------------------------------------------


def _lead_cost(move: Move, style: Style = DEFAULT_STYLE) -> float:
    """Lower is a better lead: low ranks first, bigger groups first, score cards later."""
    points = style.lead_point_penalty if unit_points(move) else 0.0
    return style.lead_power_weight * move.power + points - style.lead_size_weight * move.size


def lead(hand: HandLike, plan: Plan, view: PublicState, style: Style = DEFAULT_STYLE) -> Move:
    """Choose a lead (R24: the leader must play)."""
    loose = plan.loose
    control = plan.control
    if plan.units == 1:
        return loose[0] if loose else control[0]
    bosses = [m for m in loose if is_boss(m, hand, view)]
    losers = [m for m in loose if m not in bosses]
    if len(losers) <= style.cash_losers and (bosses or control):
        # Close to going out: cash the sure winners, keep the last loser for the end.
        if bosses:
            return bosses[0]
        if not losers:
            return control[0]
        return control[0]
    left = view.cards_left
    partner = view.partner
    opps = _opponents_in(view)
    threat = min((left[o] for o in opps), default=99)
    if left[partner] and left[partner] <= 2 and threat > 2:
        # Feed the partner something small it can follow and go out on.
        pool = [m for m in losers if m.size <= left[partner]] or losers
        if pool:
            low = min(pool, key=lambda m: m.power)
            if low.jokers < low.size:
                if low.size <= left[partner]:
                    return low
                return _single_of(low.rank, view)
    if threat <= 2:
        # An opponent is about to go out: lead what it cannot follow, or our best.
        safe = [m for m in losers if m.size > threat]
        if safe:
            return min(safe, key=lambda m: _lead_cost(m, style))
        if bosses:
            return bosses[0]
        if control:
            return control[0]
        return max(losers, key=lambda m: (m.power, m.size))
    if losers:
        return min(losers, key=lambda m: _lead_cost(m, style))
    if bosses:
        return bosses[0]
    return control[0]


# -- following ---------------------------------------------------------------------------


def follow(hand: HandLike, plan: Plan, view: PublicState, style: Style = DEFAULT_STYLE) -> Move:
    """Choose a follow: beat the top or pass (R24)."""
    top = view.top
    assert top is not None
    if hand.size <= 12:
        out = going_out(hand, top, view.blade, view.rules.blade_bomb_only_atoms)
        if out is not None:
            return out
    partner = view.partner
    left = view.cards_left
    if view.top_seat == partner:
        if left[partner] == 0:
            # The partner just went out: take the lead ourselves if it is cheap (接风).
            fit = _cheapest_fit(plan, top)
            if fit is not None and (not fit.blade or plan.units <= 3):
                return fit
        elif style.overtake and left[partner] > style.overtake_partner_cards:
            fit = _cheapest_fit(plan, top)
            if fit is not None and not fit.blade and (
                    style.overtake >= 3 or ((style.overtake == 2 or view.table_points == 0)
                    and not is_boss(fit, hand, view))):
                return fit
        return PASS
    points = view.table_points
    danger = _danger(view, style)
    close = plan.units <= 2
    fit = _cheapest_fit(plan, top)
    if fit is not None:
        stake = points >= 10 or danger or close or plan.units <= 3
        if stake or (not fit.blade and fit.power <= style.fit_power_cap):
            return fit
    partner_out = left[partner] == 0
    pressure = point_pressure(view)
    partner_next = view.top_seat == (view.seat + 3) & 3 and left[partner] > 0
    calm = partner_next and not danger and not close and points == 0
    split = None
    wants_split = points + pressure >= style.split_points or danger or close
    if wants_split and not (calm and style.defer >= 2):
        split = _cheapest_split(hand, plan, top, view.blade)
    if split is not None and not style.bomb_first:
        return split
    urgent = danger or close or (partner_out and plan.units <= 4)
    if (urgent or points + pressure >= style.bomb_points) and not (calm and style.defer >= 1):
        for c in plan.control:
            if beats(c, top, view.rules.blade_bomb_only_atoms):
                return c
    return PASS if split is None else split


def _cheapest_fit(plan: Plan, top: Move) -> Move | None:
    """The weakest whole loose unit that beats a loose top (same size, higher rank)."""
    if top.kind > Kind.TRIPLE or top.blade:
        return None
    kind = top.kind
    power = top.power
    for m in plan.loose:
        if m.kind == kind and m.power > power and m.jokers < m.size:
            return m
    return None


def _cheapest_split(hand: HandLike, plan: Plan, top: Move, blade: int) -> Move | None:
    """The weakest loose play of the top's size taken out of a bigger loose unit."""
    if top.kind > Kind.TRIPLE or top.blade:
        return None
    for unit in plan.loose:
        if (unit.size > top.size and unit.power > top.power
                and unit.size - unit.jokers >= top.size
                and can_take(hand.codes[unit.rank], top.size)):
            return make_move(top.kind, unit.rank, top.size, 0, -1, blade)
    return None


# -- alternatives for search ---------------------------------------------------------------


def candidates(hand: HandLike, view: PublicState, legal: Sequence[Move], limit: int = 6,
               style: Style = DEFAULT_STYLE) -> list[Move]:
    """A short list of sensible moves, the policy's own choice first.

    Search cannot afford to roll out every legal move (a leader may have a hundred), and
    most of them break the hand for nothing; these are the plays a good player weighs.
    """
    legal_set = set(legal)
    first = choose(hand, view, style)
    if first not in legal_set:  # never expected (the tests check); stay legal regardless
        first = legal[0]
    out = [first]
    if len(legal) == 1:
        return out
    plan = plan_hand(hand)

    def add(move: Move | None) -> None:
        if move is not None and move not in out and move in legal_set and len(out) < limit:
            out.append(move)

    top = view.top
    if top is None:
        for m in sorted(plan.loose, key=_lead_cost)[:3]:
            add(m)
        bosses = [m for m in plan.loose if is_boss(m, hand, view)]
        add(bosses[0] if bosses else None)
        add(plan.control[0] if plan.control else None)
        if plan.loose and plan.loose[0].jokers < plan.loose[0].size:
            add(_single_of(plan.loose[0].rank, view))
        for m in plan.loose:
            add(m)
        return out
    add(PASS)
    add(_cheapest_fit(plan, top))
    add(_cheapest_split(hand, plan, top, view.blade))
    only_atoms = view.rules.blade_bomb_only_atoms
    beating = [c for c in plan.control if beats(c, top, only_atoms)]
    add(beating[0] if beating else None)
    fits = [m for m in plan.loose if m.kind == top.kind and not top.blade
            and m.power > top.power and m.jokers < m.size]
    for m in fits[1:]:
        add(m)
    for c in beating[1:]:
        add(c)
    return out


__all__ = ["DEFAULT_STYLE", "Style", "candidates", "choose", "follow", "going_out", "is_boss",
           "lead", "point_pressure"]
