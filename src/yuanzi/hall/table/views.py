"""Who hears what of a table: every audience decided here, and nothing sent before the
table's writes (issue 29).

A table's parts do not publish: they hand each frame to the table's :class:`Outbox`,
naming its audience — everyone at the table, its spectators, one account, or the door
(:mod:`yuanzi.hall.runtime.pubsub` has the topics). The actor runs one job at a time and
lets the outbox go when the job is over, after every write the job awaited: what a
client sees was stored first, by construction rather than by each part's care. A job
whose writes were refused (another node took the table over) sends nothing.

The audiences that need a rule say it once here: a game's views (each seated player his
own, R45; spectators the public one) and its end (the players get the record, R41;
spectators the result without the hands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from yuanzi.hall.events import GameFrame, GameOver
from yuanzi.hall.models import Seat
from yuanzi.hall.runtime.pubsub import (
    Broker,
    Envelope,
    account_topic,
    door_topic,
    table_topic,
    watch_topic,
)
from yuanzi.hall.table.frames import FullView


def joining(view: FullView, last_over: GameOver | None, account_id: int,
            seated: bool) -> list[Envelope]:
    """What a client joining the table is sent: his full view (a seated player his seat's,
    anyone else the spectators', R45), and — a player of the last game, back before the
    next one starts — its ``game_over`` again, with the record (he may have missed it: a
    lost connection, a crash after the settlement, issue 14)."""
    out = view.frames()
    if (last_over is not None and seated
            and any(s.account_id == account_id for s in last_over.seats)):
        out.append(last_over.envelope())
    return out


GameViews = Callable[[int | None], GameFrame | None]
"""A seat's view of the game (None: the spectators'); None when there is none to show."""


class Outbox:
    """One table's frames on their way to their audiences."""

    __slots__ = ("_broker", "_held", "_holding", "_table_id")

    def __init__(self, broker: Broker, table_id: int) -> None:
        self._broker = broker
        self._table_id = table_id
        self._held: list[tuple[str, Envelope]] = []
        self._holding = False

    # -- the audiences -----------------------------------------------------------------------

    def everyone(self, envelope: Envelope) -> None:
        """Everyone at the table, seated or watching (public events)."""
        self._put(table_topic(self._table_id), envelope)

    def spectators(self, envelope: Envelope) -> None:
        """Those watching only (public snapshots)."""
        self._put(watch_topic(self._table_id), envelope)

    def account(self, account_id: int, envelope: Envelope) -> None:
        """One account's connections (his hand, his seat's view, what is his alone)."""
        self._put(account_topic(account_id), envelope)

    def door(self, envelope: Envelope) -> None:
        """The table's door: who is out of it (every connection that hears it listens)."""
        self._put(door_topic(self._table_id), envelope)

    def game_views(self, seats: Sequence[Seat], view_of: GameViews) -> None:
        """Each seated player his own view of the game, spectators the public one (R45)."""
        for i, s in enumerate(seats):
            if s.account is None:
                continue
            frame = view_of(i)
            if frame is not None:
                self.account(s.account.id, frame.envelope())
        public = view_of(None)
        if public is not None:
            self.spectators(public.envelope())

    def game_over(self, frame: GameOver, seats: Iterable[Seat]) -> None:
        """R41: the game's players get ``game_over`` with the whole record on their own
        topics; spectators the same frame without it (the result, no hands)."""
        players = {s.account_id for s in frame.seats if s.account_id is not None}
        players |= {s.account.id for s in seats if s.account is not None}
        whole = frame.envelope()
        for account_id in sorted(players):
            self.account(account_id, whole)
        self.spectators(frame.model_copy(update={"record": None}).envelope())

    # -- the actor's side --------------------------------------------------------------------

    def hold(self) -> None:
        """A job begins: keep its frames until it is over."""
        self._holding = True

    def let_go(self) -> None:
        """The job is over, its writes done: its frames go, in the order they were put."""
        self._holding = False
        held, self._held = self._held, []
        for topic, envelope in held:
            self._broker.publish(topic, envelope)

    def drop(self) -> None:
        """The job's writes were refused: nothing it said is sent."""
        self._holding = False
        self._held = []

    def _put(self, topic: str, envelope: Envelope) -> None:
        if self._holding:
            self._held.append((topic, envelope))
        else:  # outside a job (a table being taken up): at once
            self._broker.publish(topic, envelope)
