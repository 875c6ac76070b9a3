"""A real hall for the table's module tests: a SQLite store in a temp directory, a
``LocalBroker`` whose topics a test listens to, and the economy — reached, as the server
reaches it, through ``Hall.send`` and the typed commands of ``hall/table/commands.py``.

A test writes an ``async def body(w: World)`` and hands it to the ``hall_world`` fixture
(tests/hall/table/conftest.py), which runs it on a fresh event loop with the hall open
and closes everything after it, as tests/hall/core/test_resume.py does by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yuanzi.engine.cards import parse_cards
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ledger import admin_grant, admin_take
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.ports import Changes, Wallet
from yuanzi.hall.runtime.pubsub import (
    Envelope,
    LocalBroker,
    account_topic,
    table_topic,
    watch_topic,
)
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.store.setup import Database, open_database

Body = Callable[["World"], Awaitable[None]]


def fast_settings(tmp_path: Path, **overrides: Any) -> Settings:
    """Instant bots thinking on the loop, 托管 by the cheap random bot, and a grace so
    long that a player who is not connected is never played for unless a test says so."""
    values: dict[str, Any] = {
        "db_path": tmp_path / "hall.db",
        "database_url": "",
        "bot_think_seconds": 0.0,
        "bot_workers": 0,
        "autoplay_bot": "random",
        "disconnect_grace_seconds": 600.0,
        "half_break_seconds": 0.0,  # tests of the pause set it (test_half_break.py)
        "deal_contribution_seconds": 0.0,  # the players' values: test_dealing.py
    }
    values.update(overrides)
    return Settings(**values)


class Recorder:
    """A subscriber that keeps every frame it is given, decoded, in order."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.on_deliver: Callable[[dict[str, Any]], None] | None = None

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        self.texts.append(text)
        if self.on_deliver is not None:
            self.on_deliver(json.loads(text))

    @property
    def frames(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    def last(self, kind: str) -> dict[str, Any] | None:
        found = self.of(kind)
        return found[-1] if found else None


@dataclass
class World:
    settings: Settings
    db: Database
    hall: Hall
    broker: LocalBroker
    _admin: Account | None = field(default=None)
    _n: int = 0

    # -- accounts and their wallets -------------------------------------------------------

    async def account(self, nickname: str | None = None, role: str = "player") -> Account:
        self._n += 1
        name = nickname or f"P{self._n}"
        return await self.db.store.create_account(name, name.lower(), "h", role)

    async def admin(self) -> Account:
        if self._admin is None:
            self._admin = await self.account("Admin", "admin")
        return self._admin

    async def coins(self, account: Account) -> int:
        """The account's coins as stored now."""
        return (await self.db.economy.accounts([account.id]))[account.id].coins

    async def set_coins(self, account: Account, coins: int) -> None:
        """Move the account's coins to ``coins`` by an admin grant or take (a ledger row,
        as R44 wants of every coin that moves), written through the economy's port."""

        def decide(wallets: dict[int, Wallet]) -> Changes[None]:
            have = wallets[account.id].coins
            entries = (admin_grant(account.id, coins - have, "test") if coins > have
                       else admin_take(account.id, have - coins, have, "test"))
            return Changes(entries=entries)

        if coins != await self.coins(account):
            await self.db.economy.transact([account.id], decide)

    async def give(self, account: Account, code: ItemCode, count: int = 1,
                   armed: bool = False) -> None:
        """Put items in the account's inventory (as a drop would), optionally armed."""

        def decide(wallets: dict[int, Wallet]) -> Changes[None]:
            change: Changes[None] = Changes()
            w = wallets[account.id]
            change.wallet(account.id).inventory = w.inventory.add(code, count)
            if armed:
                change.wallet(account.id).armed = w.armed | {code.value}
            return change

        await self.db.economy.transact([account.id], decide)

    async def held(self, account: Account, code: ItemCode) -> int:
        wallet = await self.db.economy.wallet(account.id)
        assert wallet is not None
        return wallet.inventory.count(code)

    async def restart(self, **overrides: Any) -> Hall:
        """The hall stops and a new one takes up its tables from the store, as after a
        ``kill -9`` (stopping writes nothing: every change was stored before it was
        shown); ``overrides`` change the new hall's settings. A new broker: who listened
        to the old hall listens again. Nobody is connected to the new hall."""
        await self.hall.close()
        self.settings = self.settings.model_copy(update=overrides)
        self.broker = LocalBroker()
        self.hall = Hall(self.settings, self.db.store, self.broker, self.db.economy)
        await self.hall.resume()
        return self.hall

    # -- listening ------------------------------------------------------------------------

    def listen(self, topic: str) -> Recorder:
        recorder = Recorder()
        self.broker.subscribe(topic, recorder)
        return recorder

    def listen_table(self, table: int) -> Recorder:
        return self.listen(table_topic(table))

    def listen_account(self, account: Account) -> Recorder:
        return self.listen(account_topic(account.id))

    def listen_player(self, table: int, account: Account) -> Recorder:
        """What a player's connection hears: the table and his own topic, in one stream
        (R41: his ``game_over``, with the record, comes on his own)."""
        recorder = Recorder()
        self.broker.subscribe(table_topic(table), recorder)
        self.broker.subscribe(account_topic(account.id), recorder)
        return recorder

    def listen_watchers(self, table: int) -> Recorder:
        return self.listen(watch_topic(table))

    # -- tables ---------------------------------------------------------------------------

    async def refused(self, command: c.Command) -> Code:
        """Send a command the table must refuse; its error code."""
        try:
            reply = await self.hall.send(command)
        except HallError as e:
            return e.code
        raise AssertionError(f"{command} was not refused: {reply}")

    async def table(self, owner: Account, bots: int = 0, bot: str = "random",
                    **options: Any) -> int:
        """A table ``owner`` opened (he sits at seat 0) with ``bots`` bots at seats 1…"""
        table = (await self.hall.create_table(owner, "", **options)).id
        for seat in range(1, 1 + bots):
            await self.hall.send(c.AddBot(Sender.of(owner), table, seat, bot))
        return table

    async def playing(self, owner: Account, bots: int = 3, others: tuple[Account, ...] = (),
                      connect: bool = True, **options: Any) -> int:
        """A started game: ``owner`` at seat 0, ``others`` at the next seats, bots after
        them; every player connected (unless not ``connect``) and ready."""
        table = (await self.hall.create_table(owner, "", **options)).id
        for i, other in enumerate(others, start=1):
            await self.hall.send(c.Sit(Sender.of(other), table, i))
        for seat in range(1 + len(others), 1 + len(others) + bots):
            await self.hall.send(c.AddBot(Sender.of(owner), table, seat, "random"))
        for player in (owner, *others):
            if connect:
                await self.hall.connected(player.id)
            await self.hall.send(c.Ready(Sender.of(player), table))
        assert self.hall.table(table).view().status == "playing"
        return table

    def status(self, table: int) -> str:
        return self.hall.table(table).view().status

    async def my_turn(self, account: Account, table: int, timeout: float = 5.0
                      ) -> dict[str, Any]:
        """Wait until it is ``account``'s seat's turn; the seat's full view then (what a
        ``resync`` answers him)."""
        sender = Sender.of(account)

        async def turn() -> dict[str, Any] | None:
            reply: c.Resynced = await self.hall.send(c.Resync(sender, table))
            game = reply.view.game
            if game is not None and game.view["to_move"] == game.seat:
                return game.model_dump()
            return None

        found: dict[str, Any] = await until(turn, timeout)
        return found

    async def play_something(self, account: Account, table: int) -> c.Acted:
        """On his turn: the smallest legal thing from his own view — one card of his hand
        when he leads, else a pass."""
        game = await self.my_turn(account, table)
        view = game["view"]
        if view["top"] is None:
            cards: tuple[Any, ...] | None = (parse_cards(view["hand"])[0],)
        else:
            cards = None
        reply = await self.hall.send(c.Play(Sender.of(account), table, game["version"], cards))
        assert isinstance(reply, c.Acted)
        return reply


async def until(check: Callable[[], Awaitable[Any]] | Callable[[], Any],
                timeout: float = 5.0) -> Any:
    """Poll ``check`` (sync or async) until it returns something truthy; that value."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = check()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if loop.time() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {check}")
        await asyncio.sleep(0.005)


async def smallest(w: World, account: Account, table: int) -> None:
    """Play for ``account`` when it is his turn: one card when he leads, else a pass."""
    reply: c.Resynced = await w.hall.send(c.Resync(Sender.of(account), table))
    game = reply.view.game
    if game is None or game.view["to_move"] != game.seat or game.break_until is not None:
        return
    view = game.view
    cards = (parse_cards(view["hand"])[0],) if view["top"] is None else None
    with contextlib.suppress(HallError):  # a bot played meanwhile: the next round sees it
        await w.hall.send(c.Play(Sender.of(account), table, game.version, cards))


async def open_world(tmp_path: Path, body: Body, **overrides: Any) -> None:
    settings = fast_settings(tmp_path, **overrides)
    db = open_database(settings)
    try:
        broker = LocalBroker()
        hall = Hall(settings, db.store, broker, db.economy)
        await hall.resume()
        world = World(settings, db, hall, broker)
        try:
            await body(world)
        finally:
            await world.hall.close()  # the last one, after a restart
    finally:
        db.close()


def run_world(tmp_path: Path, body: Body, **overrides: Any) -> None:
    asyncio.run(open_world(tmp_path, body, **overrides))
