"""Rebuilding a game from what is stored: the record of RECORD.md, replayed by the engine.

This is how a table survives a crash: the deals and actions were stored before they
were shown, so replaying them gives back exactly the state the players last saw.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from yuanzi.engine import Game, Record, Rules, deal_half, record_of, replay
from yuanzi.engine.cards import TEXT
from yuanzi.engine.deal import Deal
from yuanzi.hall.models import StoredDeal, StoredGame


def stored_deal(half: int, deal: Deal) -> StoredDeal:
    return StoredDeal(half, TEXT[deal.blade_card], deal.blade_holder, deal.first_drawer,
                      [" ".join(TEXT[c] for c in hand) for hand in deal.hands])


def record_json(stored: StoredGame) -> dict[str, Any]:
    """The RECORD.md form of a stored game (finished, abandoned or in progress)."""
    halves = []
    for deal in stored.deals:
        halves.append({
            "blade_card": deal.blade_card,
            "blade_holder": deal.blade_holder,
            "first_drawer": deal.first_drawer,
            "hands": deal.hands,
            "actions": [[a.seat, a.cards] for a in stored.actions if a.half == deal.half],
        })
    return {"format": "yuanzi-record/1", "rules": stored.rules, "halves": halves}


def missing_first_deal(stored: StoredGame) -> StoredDeal | None:
    """The first half's deal of a game stored without one (a hall before the game and
    its deal were stored in one transaction, killed between the two): drawn from the
    stored fairness seeds — the committed ones — or, without them, at random."""
    if stored.deals:
        return None
    source = random.Random() if stored.fairness is None else stored.fairness.stream(0)
    return stored_deal(0, deal_half(source, Rules.from_dict(stored.rules)))


def rebuild_game(stored: StoredGame) -> Game:
    """Replay a stored game; raises :class:`~yuanzi.engine.RecordError` if it is corrupt."""
    return replay(Record.from_json(record_json(stored)))


def without_last_action(game: Game) -> Game:
    """The game as it was before its last action: its own record, replayed without that
    action (a refused action changes nothing, even when the store cannot say how it
    stood)."""
    record = record_of(game)
    last = record.halves[-1]
    halves = (*record.halves[:-1], replace(last, actions=last.actions[:-1]))
    return replay(replace(record, halves=halves))
