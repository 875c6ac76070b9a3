"""What a table does with each command: one handler per command class, looked up in
:data:`HANDLERS` by the actor (issue 29: the actor dispatches through a table, not a
``match`` that every new command lengthens).

A handler sees the actor through :class:`Handled`, the public face it needs (so this
module never imports the actor), and turns the command into the actor's and its parts'
calls and the reply of :mod:`.commands`. Who may send what (admins, a private table's
door) is checked by the actor before a handler runs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from yuanzi.engine.cards import Card
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.models import TableSpec
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table import commands as c, frames
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.items import TableItems
from yuanzi.hall.table.nudges import TableNudges
from yuanzi.hall.table.play import TablePlay
from yuanzi.hall.table.privacy import TablePrivacy
from yuanzi.hall.table.seat_moves import SeatMoves
from yuanzi.hall.table.seating import Seating
from yuanzi.hall.table.session import TableSession
from yuanzi.hall.table.talk import TableTalk


class Handled(Protocol):
    """The actor as its handlers use it."""

    spec: TableSpec
    items: TableItems
    seating: Seating
    gameplay: TablePlay
    privacy: TablePrivacy
    moves: SeatMoves
    talk: TableTalk
    session: TableSession
    nudges: TableNudges

    @property
    def id(self) -> int: ...
    async def sit(self, sender: Sender, seat: int) -> int: ...
    async def stand(self, sender: Sender, escape: bool) -> None: ...
    async def ready(self, sender: Sender, on: bool, bet: int | None = None) -> None: ...
    async def set_auto(self, sender: Sender, on: bool) -> None: ...
    async def presence(self, account_id: int, connected: bool) -> None: ...
    async def play(self, sender: Sender, version: int, cards: tuple[Card, ...] | None,
                   bad: str | None = None) -> int: ...
    def my_turn(self, sender: Sender, version: int, playing: bool = True) -> int: ...
    def full_view(self, account_id: int | None) -> frames.FullView: ...
    async def snapshot(self, sender: Sender, watch: bool) -> list[Envelope]: ...
    async def watch(self, sender: Sender) -> None: ...
    async def unwatch(self, sender: Sender) -> None: ...
    def seat_index(self, account_id: int) -> int | None: ...
    def seat_of(self, account_id: int) -> int: ...


Handler = Callable[[Handled, Sender, Any], Awaitable[Any]]


async def _sit(t: Handled, s: Sender, m: c.Sit) -> c.Seated:
    return c.Seated(t.id, await t.sit(s, m.seat))


async def _stand(t: Handled, s: Sender, m: c.Stand) -> c.Done:
    await t.stand(s, m.escape)
    return c.Done(t.id)


async def _ready(t: Handled, s: Sender, m: c.Ready) -> c.ReadySet:
    await t.ready(s, m.ready, m.bet)
    return c.ReadySet(t.id, m.ready)


async def _add_bot(t: Handled, s: Sender, m: c.AddBot) -> c.BotAdded:
    await t.seating.add_bot(s, m.seat, m.bot)
    return c.BotAdded(t.id, m.seat, m.bot)


async def _remove_bot(t: Handled, s: Sender, m: c.RemoveBot) -> c.BotRemoved:
    await t.seating.remove_bot(s, m.seat)
    return c.BotRemoved(t.id, m.seat)


async def _play(t: Handled, s: Sender, m: c.Play) -> c.Acted:
    return c.Acted(t.id, await t.play(s, m.version, m.cards, m.bad))


async def _auto_play(t: Handled, s: Sender, m: c.AutoPlay) -> c.AutoSet:
    await t.set_auto(s, m.on)
    return c.AutoSet(t.id, m.on)


async def _hint(t: Handled, s: Sender, m: c.Hint) -> c.HintGiven:
    return await t.gameplay.hints.hint(t.my_turn(s, m.version, playing=False), m.version)


async def _join(t: Handled, s: Sender, m: c.Join) -> list[Envelope]:
    return await t.snapshot(s, m.watch)


async def _resync(t: Handled, s: Sender, m: c.Resync) -> c.Resynced:
    watching = t.seat_index(s.account_id) is None  # the table decides
    if watching:
        await t.watch(s)
    return c.Resynced(t.full_view(s.account_id), watching)


async def _unwatch(t: Handled, s: Sender, m: c.Unwatch) -> c.Done:
    await t.unwatch(s)
    return c.Done(t.id)


async def _presence(t: Handled, s: Sender, m: c.Presence) -> c.Done:
    t.nudges.forget(s.account_id)  # (what his tabs said went with them, or is anew)
    await t.presence(s.account_id, m.connected)
    return c.Done(t.id)


async def _view(t: Handled, s: Sender, m: c.View) -> c.Done:
    t.nudges.view(s.account_id, s.connection, m.in_view)
    return c.Done(t.id)


async def _use_counter(t: Handled, s: Sender, m: c.UseCounter) -> c.CounterUsed:
    return c.CounterUsed(t.id, await t.items.use_counter(s, m.slot))


async def _rename(t: Handled, s: Sender, m: c.Rename) -> c.Renamed:
    return await t.items.rename(s, m.name, m.slot, m.item)


async def _set_cloth(t: Handled, s: Sender, m: c.SetCloth) -> c.ClothSet:
    cloth = await t.items.set_cloth(s, m.pattern, m.slot)
    return c.ClothSet(t.id, cloth, ItemCode.TABLECLOTH.value)


async def _armed_changed(t: Handled, s: Sender, m: c.ArmedChanged) -> c.Done:
    await t.items.armed_changed(s.account_id, list(m.armed))
    return c.Done(t.id)


async def _set_bet(t: Handled, s: Sender, m: c.SetBet) -> c.BetSet:
    return c.BetSet(t.id, await t.seating.set_bet(s, m.bet))


async def _admin_rename(t: Handled, s: Sender, m: c.AdminRename) -> c.AdminRenamed:
    return c.AdminRenamed(t.id, await t.items.admin_rename(s, m.name))


async def _kick(t: Handled, s: Sender, m: c.Kick) -> c.Kicked:
    return c.Kicked(t.id, await t.seating.kick(m.account_id, m.reason))


async def _come_in(t: Handled, s: Sender, m: c.ComeIn) -> c.CameIn:
    return c.CameIn(t.id, await t.privacy.come_in(s, m.via))


async def _lock(t: Handled, s: Sender, m: c.Lock) -> c.Locked:
    return c.Locked(t.id, await t.privacy.lock(s, m.locked))


async def _remove_player(t: Handled, s: Sender, m: c.RemovePlayer) -> c.Done:
    await t.privacy.remove(s, m.seat)
    return c.Done(t.id)


async def _remove_spectator(t: Handled, s: Sender, m: c.RemoveSpectator) -> c.Done:
    await t.privacy.send_away(s, m.account_id)
    return c.Done(t.id)


async def _block(t: Handled, s: Sender, m: c.Block) -> c.Done:
    await t.privacy.block(s, m.account_id)
    return c.Done(t.id)


async def _club_out(t: Handled, s: Sender, m: c.ClubOut) -> c.Done:
    await t.privacy.club_out(m.club_id, m.account_id)
    return c.Done(t.id)


async def _invite(t: Handled, s: Sender, m: c.Invite) -> c.Invited:
    t.privacy.invite(s, m.account_id)
    return c.Invited(t.id, t.spec.name, t.spec.private)


async def _say(t: Handled, s: Sender, m: c.Say) -> c.Said:
    return c.Said(t.id, await t.talk.say(m))


async def _move_seat(t: Handled, s: Sender, m: c.MoveSeat) -> c.Seated:
    return c.Seated(t.id, await t.moves.move(s, m.seat))


async def _swap_seats(t: Handled, s: Sender, m: c.SwapSeats) -> c.Swapped:
    status, mine = await t.moves.swap(s, m.seat)
    return c.Swapped(t.id, status, mine)


async def _answer_swap(t: Handled, s: Sender, m: c.AnswerSwap) -> c.SwapAnswered:
    return c.SwapAnswered(t.id, m.accept, await t.moves.answer(s, m.seat, m.accept))


async def _go_on(t: Handled, s: Sender, m: c.GoOn) -> c.Done:
    t.gameplay.go_on(t.seat_of(s.account_id))
    return c.Done(t.id)


async def _give_owner(t: Handled, s: Sender, m: c.GiveOwner) -> c.OwnerGiven:
    return c.OwnerGiven(t.id, await t.privacy.give_owner(s, m.account_id))


async def _open_session(t: Handled, s: Sender, m: c.OpenSession) -> c.SessionSet:
    view = await t.session.open(s, m.games)
    return c.SessionSet(t.id, view.id, view.status)


async def _end_session(t: Handled, s: Sender, m: c.EndSession) -> c.SessionSet:
    view = await t.session.vote(s, m.agree)
    return c.SessionSet(t.id, view.id, view.status)


async def _contribute(t: Handled, s: Sender, m: c.Contribute) -> c.Done:
    await t.gameplay.contribute(t.seat_of(s.account_id), m.value)
    return c.Done(t.id)


HANDLERS: dict[type, Handler] = {
    c.Sit: _sit, c.Stand: _stand, c.Ready: _ready, c.AddBot: _add_bot,
    c.RemoveBot: _remove_bot, c.Play: _play, c.AutoPlay: _auto_play, c.Hint: _hint,
    c.Join: _join, c.Resync: _resync, c.Unwatch: _unwatch, c.Presence: _presence,
    c.View: _view,
    c.UseCounter: _use_counter, c.Rename: _rename, c.SetCloth: _set_cloth,
    c.ArmedChanged: _armed_changed, c.SetBet: _set_bet, c.AdminRename: _admin_rename,
    c.Kick: _kick, c.ComeIn: _come_in, c.Lock: _lock, c.RemovePlayer: _remove_player,
    c.RemoveSpectator: _remove_spectator, c.Block: _block, c.ClubOut: _club_out,
    c.Invite: _invite, c.Say: _say,
    c.MoveSeat: _move_seat, c.SwapSeats: _swap_seats, c.AnswerSwap: _answer_swap,
    c.GoOn: _go_on, c.GiveOwner: _give_owner, c.OpenSession: _open_session,
    c.EndSession: _end_session, c.Contribute: _contribute,
}
"""Every command a table takes from a sender (Announce, the hall's own, is the actor's)."""
