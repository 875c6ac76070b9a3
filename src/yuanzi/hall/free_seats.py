"""The tables quick match may offer: a free seat, no game, the hall's and (on a node of
several) the other nodes' as they announced them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from yuanzi.hall.economy.matching import OpenTable, SeatedPlayer
from yuanzi.hall.economy.rating import Rating

if TYPE_CHECKING:
    from yuanzi.hall.hall import Hall

FreeTable = tuple[OpenTable, list[str | None], int]
"""A table as the matcher sees it, its players' addresses (the same-IP rule) and its bet
(R40)."""


def free_tables(hall: Hall, tried: set[int]) -> list[FreeTable]:
    """Tables with a free seat and no game, but those ``tried`` already. Another node's
    tables are known by their last announced view, which has no ratings: its players
    count as unrated there."""
    out: list[FreeTable] = []
    for actor in hall.tables.values():
        spec = actor.spec
        if (actor.closed or actor.game is not None or actor.free_seat() is None
                or actor.id in tried or spec.private):  # no stranger at a private table
            continue
        out.append((OpenTable(actor.id, tuple(
            None if s.empty else SeatedPlayer(s.account.level, s.account.rating)
            if s.account is not None else SeatedPlayer(0, Rating(), bot=True)
            for s in spec.seats)),
            [hall.address_of(s.account.id) for s in spec.seats if s.account is not None],
            spec.bet))
    for view in [] if hall.peers is None else hall.peers.tables():
        if (view.id in hall.tables or view.id in tried or view.status != "open"
                or not any(s.kind == "empty" for s in view.seats)):
            continue
        out.append((OpenTable(view.id, tuple(
            None if s.kind == "empty" else SeatedPlayer(s.level or 0, Rating())
            if s.kind == "player" else SeatedPlayer(0, Rating(), bot=True)
            for s in view.seats)),
            [hall.address_of(s.account_id) for s in view.seats if s.account_id is not None],
            view.bet))
    return out
