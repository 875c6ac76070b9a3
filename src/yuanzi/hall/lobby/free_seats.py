"""The tables quick match may offer: a free seat, no game, the hall's and (on a node of
several) the other nodes' as they announced them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.economy.matching import OpenTable, SeatedPlayer
from yuanzi.hall.economy.rating import Rating
from yuanzi.hall.events import TableView
from yuanzi.hall.models import TableSpec


class LocalTable(Protocol):
    """A table running on this node, as quick match looks at it."""

    @property
    def id(self) -> int: ...
    @property
    def spec(self) -> TableSpec: ...
    @property
    def closed(self) -> bool: ...
    @property
    def game(self) -> Game | None: ...
    def free_seat(self) -> int | None: ...

FreeTable = tuple[OpenTable, list[str | None], int]
"""A table as the matcher sees it, its players' addresses (the same-IP rule) and its bet
(R40)."""


def free_tables(local: Iterable[LocalTable], remote: Iterable[TableView],
                address_of: Callable[[int], str | None], tried: set[int]) -> list[FreeTable]:
    """Tables with a free seat and no game, but those ``tried`` already: this node's
    (``local``) and the other nodes' (``remote``), known by their last announced view,
    which has no ratings: its players count as unrated there."""
    out: list[FreeTable] = []
    here: set[int] = set()
    for actor in local:
        here.add(actor.id)
        spec = actor.spec
        if (actor.closed or actor.game is not None or actor.free_seat() is None
                or actor.id in tried or spec.private):  # no stranger at a private table
            continue
        out.append((OpenTable(actor.id, tuple(
            None if s.empty else SeatedPlayer(s.account.level, s.account.rating)
            if s.account is not None else SeatedPlayer(0, Rating(), bot=True)
            for s in spec.seats)),
            [address_of(s.account.id) for s in spec.seats if s.account is not None],
            spec.bet))
    for view in remote:
        if (view.id in here or view.id in tried or view.status != "open"
                or not any(s.kind == "empty" for s in view.seats)):
            continue
        out.append((OpenTable(view.id, tuple(
            None if s.kind == "empty" else SeatedPlayer(s.level or 0, Rating())
            if s.kind == "player" else SeatedPlayer(0, Rating(), bot=True)
            for s in view.seats)),
            [address_of(s.account_id) for s in view.seats if s.account_id is not None],
            view.bet))
    return out
