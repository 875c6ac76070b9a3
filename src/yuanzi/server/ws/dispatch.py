"""One message of a connection, run: hall-wide messages answered here, a table's turned
into its typed command (:mod:`yuanzi.hall.table.commands`) and sent to its inbox."""

from __future__ import annotations

from typing import Any, Literal, Protocol

from yuanzi.bots import bot_names
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import PROTOCOL_VERSION, Ok, Pong
from yuanzi.hall.models import Account
from yuanzi.hall.ok_frames import ok_envelope
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.services.item_use import rename_table, use_item
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender, ok_data
from yuanzi.server import protocol as p, table_protocol as tp
from yuanzi.server.hearing import TablesHeard
from yuanzi.server.ws.tab_view import TabView


class AtOnceAnswer:
    """A table's reply answered as soon as the table has it, in the table's own turn
    (:data:`~yuanzi.hall.table.inbox.AtOnce`): the ``ok`` goes out with the table's frames
    of the action, not a turn later when the caller's task wakes. ``done``: it went."""

    __slots__ = ("conn", "done", "seq")

    def __init__(self, conn: Caller, seq: int) -> None:
        self.conn, self.seq, self.done = conn, seq, False

    def __call__(self, reply: Any) -> None:
        self.conn.deliver(ok_envelope(self.seq, ok_data(reply)))
        self.done = True
        self.conn.uncork()


class Caller(Protocol):
    """The connection a message came on, as running it needs it."""

    hall: Hall
    account: Account
    who: Sender
    address: str | None
    tables: TablesHeard

    def send(self, frame: Any) -> None: ...
    def answer_at_once(self, seq: int) -> AtOnceAnswer: ...
    def uncork(self) -> None: ...
    def deliver(self, envelope: Envelope) -> None: ...
    def point_home(self, table_id: int) -> None: ...
    def leave(self, table_id: int) -> None: ...
    async def join(self, table_id: int, watch: bool) -> None: ...
    async def resync(self, table_id: int) -> dict[str, Any]: ...
    @property
    def tab_view(self) -> TabView: ...
    async def lobby(self, msg: p.LobbyRequest) -> dict[str, Any]: ...


async def dispatch(conn: Caller, msg: p.Message) -> dict[str, Any] | None:
    """Run one message; returns the data of its ``ok`` reply (None: reply sent).

    Hall-wide messages are answered here; a table's become typed commands in its
    inbox (:mod:`yuanzi.hall.table.commands`), and their replies are the ``ok`` data.
    """
    hall = conn.hall
    me = conn.account
    who = conn.who
    match msg:
        case p.Hello():
            if msg.protocol != PROTOCOL_VERSION:
                raise HallError(Code.PROTOCOL_VERSION,
                                f"this server speaks protocol {PROTOCOL_VERSION}")
            return {"protocol": PROTOCOL_VERSION, "bots": bot_names(),
                    "features": list(p.FEATURES)}
        case p.Ping():
            conn.send(Pong(seq=msg.seq))
            return None
        case p.LobbyRequest():
            return await conn.lobby(msg)
        case p.View():
            await conn.tab_view.shows(msg.table)
            return {"table": msg.table}
        case p.CreateTable():
            actor = await hall.create_table(me, msg.name, msg.tablecloth, msg.bet, msg.rules,
                                            msg.private, msg.spectators, msg.sign, msg.club,
                                            msg.session)
            await conn.join(actor.id, watch=False)
            return {"table": actor.id, "seat": 0}
        case p.QuickMatch():
            table_id, seat = await hall.quick_match(me)
            await conn.join(table_id, watch=False)
            conn.send(Ok(seq=msg.seq, data={"table": table_id, "seat": seat}))
            conn.point_home(table_id)
            return None
        case tp.Spectate():  # at your own table you keep your seat's view
            await conn.join(msg.table, watch=hall.seat_of(me.id) != msg.table)
            return {"table": msg.table}
        case p.UseItem():
            return await use_item(hall, me, msg.slot, msg.table, msg.name, msg.pattern)
        case tp.Unwatch():
            ear = conn.tables.ear(msg.table)
            if ear is not None:
                ear.unwatch()
            if hall.seat_of(me.id) != msg.table:
                conn.tables.stop(msg.table)
            return ok_data(await hall.send(commands.Unwatch(who, msg.table)))
        case tp.Sit():
            await hall.router.check_open(msg.table)
            reply, fresh, ear = await conn.tables.ask(
                msg.table, False, commands.Sit(who, msg.table, msg.seat))
            seated = ok_data(reply)
            if fresh is not None and ear.hears:  # (what was held was dropped)
                for frame in fresh.frames():
                    conn.deliver(frame)
            conn.send(Ok(seq=msg.seq, data=seated))
            conn.point_home(msg.table)
            return None
        case tp.Stand():
            reply = await hall.send(commands.Stand(who, msg.table, msg.escape))
            conn.leave(msg.table)
            return ok_data(reply)
        case tp.AddBot():
            bot = msg.bot or hall.autoplay_bot()
            return ok_data(await hall.send(commands.AddBot(who, msg.table, msg.seat, bot)))
        case tp.Play():
            await hall.router.check_open(msg.table)  # no such table: said before the cards
            try:
                action, bad = msg.action(), None  # parsed here, at the edge
            except HallError as e:  # refused by the table after its own checks
                action, bad = None, e.message
            answer = conn.answer_at_once(msg.seq)  # with the table's frame of it
            reply = await hall.send(commands.Play(who, msg.table, msg.version, action, bad),
                                    answer)
            return None if answer.done else ok_data(reply)
        case tp.Resync():
            return await conn.resync(msg.table)
        case tp.RenameTable():
            return await rename_table(hall, me, msg.table, msg.name, msg.item)
        case p.JoinCode():
            table = await hall.doors.by_code(me.id, conn.address, msg.code)
            return await come_in(conn, table, "code")
        case p.JoinLink():
            table = await hall.doors.by_link(me.id, conn.address, msg.token)
            return await come_in(conn, table, "link")
        case p.Chat():
            return {"table": msg.table,
                    "id": await hall.chat.say(me, conn.address, msg.table, msg.kind,
                                              msg.body)}
        case p.Mute():
            return {"accounts": await hall.chat.mute(me, msg.account, msg.on)}
        case p.ReportChat():
            await hall.chat.report(me, msg.message, msg.reason)  # (once per account)
            return {"message": msg.message}
        case p.FriendAsk():
            return {"status": await hall.friends.request(me, msg.nickname)}
        case p.FriendAnswer():
            await hall.friends.answer(me, msg.account, msg.accept)
            return {"account": msg.account, "accept": msg.accept}
        case p.Unfriend():
            await hall.friends.unfriend(me, msg.account)
            return {"account": msg.account}
        case p.Block():
            await hall.friends.block(me, msg.account, msg.on)
            return {"account": msg.account, "on": msg.on}
        case p.InviteFriend():
            await hall.friends.invite(me, conn.address, msg.table, msg.account)
            return {"table": msg.table, "account": msg.account}
        case p.AcceptInvite() | p.JoinClubTable():  # an invitation, or a club's member
            await hall.router.check_open(msg.table)
            return await come_in(conn, msg.table, msg.via)
        case tp.TableCommand():  # one table command and nothing more
            return ok_data(await hall.send(msg.command(who)))
    raise HallError(Code.UNKNOWN_TYPE, "unknown message")  # pragma: no cover


async def come_in(conn: Caller, table_id: int,
                  via: Literal["code", "link", "invite", "club"]) -> dict[str, Any]:
    """Into a private table found by its code or link: seated (a free seat) or watching;
    then its frames, as after ``sit`` or ``spectate``."""
    came: commands.CameIn = await conn.hall.send(commands.ComeIn(conn.who, table_id, via))
    await conn.join(table_id, watch=came.seat is None)
    if came.seat is not None:
        conn.point_home(table_id)
    return {"table": table_id, "seat": came.seat}
