"""What a table pushes to phones (Web Push, issue 47): "your turn" to a seated player
with no tab of his showing the table, and "3 of 4 seated" to those a private or club
table is for.

Whether a player has the table in view is what his tabs say (a ``view`` message: the
table this tab shows in front, or none when hidden or on another page), per connection,
kept here on the table's own node (the command crosses nodes like any other). A player
none of whose connections ever said anything counts as in view while he is connected (a
terminal client, or a table just taken over from a dead node that lost what they said):
he is pushed to only when he is away. One push per absence: he is nudged at his first
turn out of view and not again until a tab of his has shown the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.desk_ports import TableName
from yuanzi.hall.models import TableSpec
from yuanzi.hall.table.clock import TableClock
from yuanzi.hall.table.context import TableContext

FILLING = 3
"""Seated players (bots too) at which a table is "filling": one seat left."""


class NudgeHost(Protocol):
    spec: TableSpec
    ctx: TableContext
    game: Game | None
    clock: TableClock

    @property
    def id(self) -> int: ...
    @property
    def privacy(self) -> Expected: ...


class Expected(Protocol):
    def expected(self) -> Iterable[int]:
        """Who this private table is for: friends invited, players who came in by its
        code or link."""


class TableNudges:
    def __init__(self, table: NudgeHost) -> None:
        self.table = table
        self._views: dict[int, dict[int | None, bool]] = {}
        """Account → what each of its connections last said: the table in view or not."""
        self._nudged: set[int] = set()
        """Accounts pushed "your turn" since a tab of theirs last showed the table."""
        self._filling: bool | None = None
        """Whether the table was last seen with one seat left (pushed once on the way
        there; None: not seen yet — a table taken up after a restart says nothing)."""

    # -- in view or away -------------------------------------------------------------------

    def view(self, account_id: int, connection: int | None, in_view: bool | None) -> None:
        """A connection shows the table in front (True), does not (False), or is gone
        (None). Only a seated player's tabs are kept (anyone else's say changes nothing:
        a player who sits later counts by his connection until his tab speaks again)."""
        if in_view is not None and not self._seated(account_id):
            return
        said = self._views.setdefault(account_id, {})
        if in_view is None:
            said.pop(connection, None)
            if not said:
                del self._views[account_id]
        else:
            said[connection] = in_view
        if in_view:
            self._nudged.discard(account_id)

    def _seated(self, account_id: int) -> bool:
        return account_id in _seated(self.table.spec)

    def forget(self, account_id: int) -> None:
        """The account's connections are all gone, or it left the table."""
        self._views.pop(account_id, None)

    def in_view(self, account_id: int) -> bool:
        said = self._views.get(account_id)
        if not said:
            return self.table.ctx.is_connected(account_id)
        return any(said.values())

    # -- the pushes ----------------------------------------------------------------------

    def turn(self) -> None:
        """A turn began: its player, if away from the table, is told once."""
        t = self.table
        seat = None if t.game is None else t.game.to_move
        if seat is None or seat in t.clock.auto:  # (托管 by choice: he asked not to play)
            return
        account = t.spec.seats[seat].account
        if account is None or account.id in self._nudged or self.in_view(account.id):
            return
        self._nudged.add(account.id)
        t.ctx.push.your_turn(account.id, t.id, table_name(t.spec))

    def seats_changed(self) -> None:
        """The seats changed: a private or club table between games with one seat left
        tells those it is for (each time it comes to that, within the push's limit)."""
        t = self.table
        taken = sum(1 for s in t.spec.seats if not s.empty)
        filling = taken == FILLING and t.game is None
        if filling and self._filling is False and t.spec.private and t.spec.tournament is None:
            seated = _seated(t.spec)
            if t.spec.club_id is not None:
                t.ctx.push.club_table_filling(t.spec.club_id, t.id, table_name(t.spec), seated)
            else:
                t.ctx.push.table_filling(t.id, table_name(t.spec), [
                    a for a in t.privacy.expected() if a not in seated])
        self._filling = filling

    def session_opened(self, games: int) -> None:
        """A session opened at a club table: its club hears (issue 26's 局数)."""
        t = self.table
        if t.spec.club_id is not None and t.spec.tournament is None:
            t.ctx.push.club_session(t.spec.club_id, t.id, table_name(t.spec), games,
                                    _seated(t.spec))


def table_name(spec: TableSpec) -> TableName:
    """The table's name for a push (one opened without a name: its owner's)."""
    return TableName(spec.name, spec.owner.nickname if spec.name_default else None)


def _seated(spec: TableSpec) -> list[int]:
    """The accounts seated at the table."""
    return [s.account.id for s in spec.seats if s.account is not None]
