"""Talking at a table (issue 15): who may say what, stored before it is broadcast.

Players and spectators may write; a player during a game only quick phrases and emotes
(:mod:`yuanzi.hall.table.chat`). At a tournament's table only its players talk (issue 43:
other tables play the same cards; its one possible spectator, an admin, says nothing).
(An admin's silence is the account's, checked by the hall before the message reaches
the table: :mod:`yuanzi.hall.social.chat_desk`.)
"""

from __future__ import annotations

from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import TableSpec
from yuanzi.hall.people_frames import ChatFrame
from yuanzi.hall.table.audience import Audience
from yuanzi.hall.table.chat import checked
from yuanzi.hall.table.commands import Say
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.views import Outbox


class TalkHost(Protocol):
    """The table as its talk sees it: who sits and watches, whether a game runs."""

    ctx: TableContext
    out: Outbox
    game: Game | None
    spectators: Audience
    spec: TableSpec

    @property
    def id(self) -> int: ...
    def seat_index(self, account_id: int) -> int | None: ...


class TableTalk:
    def __init__(self, table: TalkHost) -> None:
        self.table = table

    async def say(self, command: Say) -> int:
        table = self.table
        me = command.sender.account_id
        seat = table.seat_index(me)
        spectator = seat is None
        if spectator and me not in table.spectators:
            raise HallError(Code.FORBIDDEN, "sit at this table or watch it to talk there")
        if spectator and table.spec.tournament is not None:
            raise HallError(Code.CHAT_RESTRICTED, "only its players talk at a tournament's "
                                                  "table")
        if not spectator and table.game is not None and command.form == "text":
            raise HallError(Code.CHAT_RESTRICTED, "during a game its players send quick "
                                                  "phrases and emotes only")
        body = checked(command.form, command.body)
        stored = await table.ctx.store.add_chat(table.id, me, spectator, command.form, body)
        frame = ChatFrame(author=me, table=table.id, id=stored.id, nickname=command.nickname,
                          seat=seat, spectator=spectator, kind=command.form, body=body,
                          at=int(stored.at.timestamp() * 1000))
        table.out.everyone(frame.envelope(account=me))
        return stored.id
