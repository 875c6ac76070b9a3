"""Legal moves (R24, R15–R18): every distinct play for the seat to move, and the check
of a concrete selection (what a human submits)."""

from __future__ import annotations

from collections.abc import Sequence

from yuanzi.engine.combos import PASS, Kind, Move, beats, classify
from yuanzi.engine.errors import IllegalAction, InvalidCombination
from yuanzi.engine.hand import Hand
from yuanzi.engine.rules import Rules


def legal_moves(hand: Hand, top: Move | None, rules: Rules) -> list[Move]:
    """Every distinct legal abstract move; a follower's list starts with :data:`PASS`.

    A leader (``top is None``) must play (R24); a follower may pass or play a move
    that beats the top (R15–R18).
    """
    if top is None:
        return list(hand.all_moves())
    out: list[Move] = [PASS]
    groups = hand.groups()
    tk = top.kind
    if tk <= Kind.TRIPLE:
        p = top.power
        for g in groups:
            if g.power > p:
                out.extend(g.loose[tk])
        if not top.blade:
            for g in groups:
                out.extend(g.bombs)
        for g in groups:
            out.extend(g.atoms)
            out.extend(g.hydrogens)
    elif tk == Kind.BOMB:
        only_atoms = rules.blade_bomb_only_atoms
        for g in groups:
            for m in g.bombs:
                if beats(m, top, only_atoms):
                    out.append(m)
        for g in groups:
            out.extend(g.atoms)
            out.extend(g.hydrogens)
    elif tk == Kind.ATOM:
        p = top.power
        for g in groups:
            for m in g.atoms:
                if m.power > p:
                    out.append(m)
            out.extend(g.hydrogens)
    else:
        p = top.power
        for g in groups:
            for m in g.hydrogens:
                if m.power > p:
                    out.append(m)
    return out


def check_move(hand: Hand, move: Move, top: Move | None, rules: Rules) -> None:
    """Raise :class:`IllegalAction` unless ``move`` is legal for this hand and top."""
    if move.kind == Kind.PASS:
        if top is None:
            raise IllegalAction("the leader must play, not pass (R24)")
        return
    if not hand.has_move(move):
        raise IllegalAction(f"the hand holds no {move.text()}")
    if top is not None and not beats(move, top, rules.blade_bomb_only_atoms):
        raise IllegalAction(f"{move.text()} does not beat {top.text()} (R15–R18)")


def check_selection(
    hand: Hand, cards: Sequence[int], top: Move | None, rules: Rules
) -> Move:
    """Validate a concrete selection; returns its combination or raises :class:`IllegalAction`."""
    if not cards:
        raise IllegalAction("no cards selected")
    if not hand.contains(cards):
        raise IllegalAction("the selection has cards the hand does not hold")
    try:
        move = classify(cards, hand.blade)
    except InvalidCombination as e:
        raise IllegalAction(str(e)) from None
    if top is not None and not beats(move, top, rules.blade_bomb_only_atoms):
        raise IllegalAction(f"{move.text()} does not beat {top.text()} (R15–R18)")
    return move
