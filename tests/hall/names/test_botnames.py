"""Bots have names: the hall gives each bot a name (zh-CN and English) and an avatar of
its own list, distinct at a table; they stay with the table's seats and the game's seats,
across a restart. A table created without a name knows its name is the default one."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from yuanzi.hall.core.hall import Hall
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.models import Seat
from yuanzi.hall.names.botnames import AVATARS, BOT_NAMES, pick_identity
from yuanzi.hall.ports import Changes, Wallet
from yuanzi.hall.runtime.pubsub import LocalBroker
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands
from yuanzi.hall.table.commands import Sender
from yuanzi.store.setup import open_database

CJK = range(0x3400, 0xA000)


def test_the_list_is_the_projects_own_in_both_languages() -> None:
    assert 16 <= len(BOT_NAMES) <= 24
    assert len({zh for zh, _ in BOT_NAMES}) == len({en for _, en in BOT_NAMES}) == len(BOT_NAMES)
    for zh, en in BOT_NAMES:
        assert all(ord(c) in CJK for c in zh)
        assert en.isascii() and en[0].isupper() and en.replace(" ", "").isalpha()


@pytest.mark.parametrize("seed", range(50))
def test_four_bots_at_one_table_get_distinct_names_and_faces(seed: int) -> None:
    rng = random.Random(seed)
    seats: list[Seat] = []
    for _ in range(4):
        who = pick_identity(rng, [n for s in seats for n in (s.name, s.name_en)],
                            [s.avatar for s in seats])
        seats.append(Seat(bot="random", name=who.name, name_en=who.name_en, avatar=who.avatar))
    assert len({s.name for s in seats}) == len({s.name_en for s in seats}) == 4
    assert len({s.avatar for s in seats}) == 4
    assert all(s.avatar is not None and 0 <= s.avatar < AVATARS for s in seats)


def test_a_bot_is_not_named_like_a_player_at_the_table() -> None:
    for seed in range(30):
        taken = [zh for zh, _ in BOT_NAMES[1:]]  # every name but the first: taken
        who = pick_identity(random.Random(seed), taken)
        assert who.name == BOT_NAMES[0][0]


def test_bot_names_and_the_default_name_survive_a_restart(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)

    async def run() -> None:
        db = open_database(settings)
        try:
            owner = await db.store.create_account("Afu", "afu", "h", "player")  # a bot's name
            hall = Hall(settings, db.store, LocalBroker(), db.economy)
            await hall.resume()
            actor = await hall.create_table(owner, "  ")
            assert actor.spec.name_default and actor.view().name_default
            assert actor.view().name == "Afu的桌"  # stored in Chinese for older clients
            for seat in (1, 2, 3):
                await hall.send(commands.AddBot(Sender.of(owner), actor.id, seat, "random"))
            bots = actor.view().seats[1:]
            names = [(b.name, b.name_en, b.avatar) for b in bots]
            assert all(b.kind == "bot" and b.name and b.name_en for b in bots)
            assert len({n for n, _, _ in names}) == len({e for _, e, _ in names}) == 3
            assert len({a for _, _, a in names}) == 3
            assert "Afu" not in {e for _, e, _ in names}  # the owner is called Afu
            player = actor.view().seats[0]
            assert player.title and player.title_en and player.title_en != player.title
            await hall.send(commands.Ready(Sender.of(owner), actor.id))  # bots: always ready
            game_id = actor.spec.game_id
            assert game_id is not None
            await hall.close()

            stored = await db.store.game(game_id)
            assert stored is not None
            assert [(s["name"], s["name_en"], s["avatar"]) for s in stored.seats[1:]] == names
            assert stored.seats[0]["name"] is None

            hall = Hall(settings, db.store, LocalBroker(), db.economy)  # the restart
            await hall.resume()
            actor = hall.table(actor.id)
            assert actor.game is not None and actor.spec.name_default
            assert [(b.name, b.name_en, b.avatar) for b in actor.view().seats[1:]] == names
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_named_table_is_not_default_and_a_rename_clears_the_default(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)

    async def run() -> None:
        db = open_database(settings)
        try:
            owner = await db.store.create_account("Own", "own", "h", "player")
            admin = await db.store.create_account("Adm", "adm", "h", "admin")
            hall = Hall(settings, db.store, LocalBroker(), db.economy)
            await hall.resume()
            await db.economy.transact([owner.id], lambda w: sign_for(w, owner.id))  # R41
            named = await hall.create_table(owner, "Tea house")
            assert not named.view().name_default and named.view().name == "Tea house"
            await hall.send(commands.Stand(Sender.of(owner), named.id))  # closes it
            actor = await hall.create_table(owner, "")
            assert actor.view().name_default
            await hall.send(commands.AdminRename(Sender.of(admin), actor.id, "Renamed"))
            assert not actor.view().name_default and actor.view().name == "Renamed"
            await hall.close()

            hall = Hall(settings, db.store, LocalBroker(), db.economy)
            await hall.resume()
            again = hall.table(actor.id)
            assert not again.spec.name_default and again.spec.name == "Renamed"
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def sign_for(wallets: dict[int, Wallet], account_id: int) -> Changes[None]:
    """A sign put in the owner's inventory: a table of his own name spends one (R41)."""
    c = Changes[None]()
    c.wallet(account_id).inventory = wallets[account_id].inventory.add(ItemCode.SIGN)
    return c
