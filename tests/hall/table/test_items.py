"""Items used at a table (hall/table/items.py, R41): the card counter, signs, the
tablecloth and the armed items a seat shows — through ``Hall.send``, on a real economy.
Every refusal leaves the item where it was."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable

import pytest
from tests.hall.table.harness import World

from yuanzi.engine.cards import TEXT, full_deck
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.errors import Code
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.items import counter_cards

Run = Callable[..., None]


def counted(view: dict[str, object]) -> Counter[str]:
    """R41 from a seat's own view: every card minus its hand minus what was played this
    half (the ``history`` of the half)."""
    rest = Counter(TEXT[card] for card in full_deck())
    hand = view["hand"]
    assert isinstance(hand, str)
    rest.subtract(hand.split())
    history = view["history"]
    assert isinstance(history, list)
    for _seat, cards in history:
        if cards != "pass":
            rest.subtract(cards.split())
    assert all(n >= 0 for n in rest.values())
    return +rest


def test_the_card_counter_counts_what_the_other_three_hold(hall_world: Run) -> None:
    """R41: a card counter shows its owner — and only him, on his own topic — the cards
    the other three hold together, after every action to the game's end; it is spent
    once and runs once per game."""

    async def body(w: World) -> None:
        owner = await w.account()
        await w.give(owner, ItemCode.CARD_COUNTER, 2)
        table = await w.playing(owner)
        mine, everyone = w.listen_account(owner), w.listen_table(table)
        game = await w.my_turn(owner, table)  # the bots have played up to his turn
        assert await w.hall.send(c.UseCounter(Sender.of(owner), table)) == \
            c.CounterUsed(table, "card_counter")
        frame = mine.last("counter")
        assert frame is not None and (frame["seat"], frame["version"]) == (0, game["version"])
        expected = counted(game["view"])
        assert Counter(frame["cards"].split()) == expected
        assert frame["count"] == sum(expected.values()) == \
            162 - len(game["view"]["hand"].split()) - sum(
                len(cards.split()) for _, cards in game["view"]["history"] if cards != "pass")
        assert not everyone.of("counter")  # never to the table (R45)
        assert await w.held(owner, ItemCode.CARD_COUNTER) == 1

        assert await w.refused(c.UseCounter(Sender.of(owner), table)) == Code.ITEM_UNUSABLE
        assert await w.held(owner, ItemCode.CARD_COUNTER) == 1  # the refusal spent nothing

        await w.play_something(owner, table)  # after his play the counter follows
        latest = mine.last("counter")
        assert latest is not None and latest["version"] > frame["version"]
        resync = await w.hall.send(c.Resync(Sender.of(owner), table))
        assert resync.view.counter is not None
        assert resync.view.game is not None
        assert resync.view.counter.count == sum(counted(resync.view.game.view).values())
        joined = await w.hall.send(c.Join(Sender.of(owner), table, False))
        assert [json.loads(e.text)["type"] for e in joined] == ["table", "game", "counter"]

    hall_world(body)


def test_a_card_counter_reads_only_its_owners_view() -> None:
    """R45: the counter is computed from the owner's observation; a spectator's has no
    hand to count from."""
    import random

    from yuanzi.engine import Game, Rules, deal_half

    game = Game(Rules(), deal_half(random.Random(4), Rules()))
    seat = game.to_move
    assert seat is not None
    cards = counter_cards(game.observation(seat))
    others = Counter(TEXT[x] for s in range(4) if s != seat for x in game.half.hands[s].cards())
    assert Counter(TEXT[x] for x in cards) == others
    with pytest.raises(ValueError):
        counter_cards(game.observation(None))


def test_a_card_counter_needs_a_game_and_the_item(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, other = await w.account(), await w.account()
        await w.give(owner, ItemCode.CARD_COUNTER)
        table = await w.table(owner, bots=2)
        assert await w.refused(c.UseCounter(Sender.of(owner), table)) == Code.NO_GAME
        assert await w.held(owner, ItemCode.CARD_COUNTER) == 1
        await w.hall.send(c.Sit(Sender.of(other), table, 3))
        await w.hall.send(c.Ready(Sender.of(owner), table))
        await w.hall.send(c.Ready(Sender.of(other), table))
        assert await w.refused(c.UseCounter(Sender.of(other), table)) == Code.BAD_SLOT

    hall_world(body)


def test_a_sign_renames_the_table_and_protects_its_name(hall_world: Run) -> None:
    """R41: a sign (招牌) renames the table and protects the name 1 h, a gold sign
    (金字招牌) 24 h; while it is protected only an admin renames it, which ends the
    protection."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        await w.give(owner, ItemCode.SIGN)
        await w.give(guest, ItemCode.GOLD_SIGN)
        table = await w.table(owner)
        await w.hall.send(c.Sit(Sender.of(guest), table, 1))
        assert w.hall.table(table).view().name_default

        renamed = await w.hall.send(c.Rename(Sender.of(owner), table, "  茶馆  "))
        assert (renamed.name, renamed.used, renamed.protect_hours) == ("茶馆", "sign", 1)
        assert renamed.protected_until == pytest.approx(time.time() + 3600, abs=60)
        view = w.hall.table(table).view()
        assert (view.name, view.name_default) == ("茶馆", False)
        assert view.name_protected_until == renamed.protected_until
        assert await w.held(owner, ItemCode.SIGN) == 0

        assert await w.refused(c.Rename(Sender.of(guest), table, "Mine")) == \
            Code.NAME_PROTECTED
        assert await w.held(guest, ItemCode.GOLD_SIGN) == 1  # nothing spent
        assert w.hall.table(table).view().name == "茶馆"

        admin = await w.admin()
        assert await w.hall.send(c.AdminRename(Sender.of(admin), table, "Tea")) == \
            c.AdminRenamed(table, "Tea")
        assert w.hall.table(table).view().name_protected_until is None

        gold = await w.hall.send(c.Rename(Sender.of(guest), table, "Gold", item="gold_sign"))
        assert (gold.used, gold.protect_hours) == ("gold_sign", 24)
        assert gold.protected_until == pytest.approx(time.time() + 24 * 3600, abs=60)

    hall_world(body)


def test_a_rename_refused_spends_nothing(hall_world: Run) -> None:
    """A bad name, the wrong item, no sign, or a sender not seated: refused, and the
    signs stay in the inventory."""

    async def body(w: World) -> None:
        owner, stranger = await w.account(), await w.account()
        await w.give(owner, ItemCode.SIGN)
        await w.give(stranger, ItemCode.SIGN)
        table = await w.table(owner)
        for name in ("", "x" * 33):
            assert await w.refused(c.Rename(Sender.of(owner), table, name)) == \
                Code.BAD_OPTIONS
        assert await w.refused(c.Rename(Sender.of(owner), table, "Tea", item="timer")) == \
            Code.ITEM_UNUSABLE
        assert await w.refused(c.Rename(Sender.of(owner), table, "Tea", item="gold_sign")) \
            == Code.BAD_SLOT
        assert await w.refused(c.Rename(Sender.of(stranger), table, "Tea")) == Code.NOT_SEATED
        assert await w.held(owner, ItemCode.SIGN) == 1
        assert await w.held(stranger, ItemCode.SIGN) == 1
        assert w.hall.table(table).view().name_default

    hall_world(body)


def test_a_tablecloth_changes_the_cloth(hall_world: Run) -> None:
    """R41: a tablecloth (桌布) sets the table's cloth pattern for everyone at it (a
    ``table`` frame); a pattern the options refuse (docs/protocol.md: ``[a-z0-9_-]``,
    1–32 characters) spends nothing."""

    async def body(w: World) -> None:
        owner = await w.account()
        await w.give(owner, ItemCode.TABLECLOTH, 2)
        table = await w.table(owner)
        frames = w.listen_table(table)
        for bad in ("Wood!", "", "x" * 33, "深红"):
            assert await w.refused(c.SetCloth(Sender.of(owner), table, bad)) == \
                Code.BAD_OPTIONS
        assert await w.held(owner, ItemCode.TABLECLOTH) == 2
        assert w.hall.table(table).view().tablecloth == "green"
        assert await w.hall.send(c.SetCloth(Sender.of(owner), table, "wood")) == \
            c.ClothSet(table, "wood", "tablecloth")
        assert w.hall.table(table).view().tablecloth == "wood"
        assert frames.of("table")[-1]["table"]["tablecloth"] == "wood"
        assert await w.held(owner, ItemCode.TABLECLOTH) == 1

    hall_world(body)


def test_a_bad_slot_is_refused_and_nothing_is_spent(hall_world: Run) -> None:
    """R43: an item is used from its slot; an empty slot, one outside the inventory or
    one holding another item is refused, and the inventory stays as it was."""

    async def body(w: World) -> None:
        owner = await w.account()
        await w.give(owner, ItemCode.SIGN)  # slot 0
        await w.give(owner, ItemCode.TABLECLOTH)  # slot 1
        table = await w.table(owner)
        assert await w.refused(c.SetCloth(Sender.of(owner), table, "red", slot=5)) == \
            Code.BAD_SLOT
        assert await w.refused(c.SetCloth(Sender.of(owner), table, "red", slot=999)) == \
            Code.BAD_SLOT
        assert await w.refused(c.SetCloth(Sender.of(owner), table, "red", slot=0)) == \
            Code.ITEM_UNUSABLE
        assert await w.refused(c.Rename(Sender.of(owner), table, "Tea", slot=1)) == \
            Code.ITEM_UNUSABLE
        assert (await w.held(owner, ItemCode.SIGN), await w.held(owner, ItemCode.TABLECLOTH)) \
            == (1, 1)
        view = w.hall.table(table).view()
        assert (view.tablecloth, view.name_default) == ("green", True)
        assert await w.hall.send(c.SetCloth(Sender.of(owner), table, "red", slot=1)) == \
            c.ClothSet(table, "red", "tablecloth")

    hall_world(body)


def test_a_seat_shows_its_armed_timer_and_recorder_only(hall_world: Run) -> None:
    """R41: that a player armed a timer or a recorder is public (his seat shows it, a
    new ``table`` frame); nothing else he holds is."""

    async def body(w: World) -> None:
        owner = await w.account()
        await w.give(owner, ItemCode.RECORDER, armed=True)
        table = await w.table(owner)
        assert w.hall.table(table).view().seats[0].armed == ["recorder"]
        frames = w.listen_table(table)
        await w.hall.send(c.ArmedChanged(Sender.of(owner), table,
                                         ("timer", "card_counter", "recorder")))
        assert w.hall.table(table).view().seats[0].armed == ["recorder", "timer"]
        assert frames.of("table")[-1]["table"]["seats"][0]["armed"] == ["recorder", "timer"]
        before = len(frames.of("table"))
        await w.hall.send(c.ArmedChanged(Sender.of(owner), table, ("recorder", "timer")))
        assert len(frames.of("table")) == before  # nothing changed: no frame

    hall_world(body)
