"""The table's game (hall/table/play.py): dealing, each action applied, **stored and only
then broadcast** (docs/protocol.md, «Durability»), refusals that leave no trace, the
hall's bots on their turns, hints, and whole games to their end."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

from sqlalchemy import text
from tests.hall.table.harness import World, until

from yuanzi.engine.cards import CARDS, format_cards, parse_cards
from yuanzi.hall.errors import Code
from yuanzi.hall.models import StoredAction
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


async def stored_actions(w: World, table: int) -> int:
    game_id = w.hall.table(table).view().game_id
    assert game_id is not None
    stored = await w.db.store.game(game_id)
    assert stored is not None
    return len(stored.actions)


def test_an_action_is_stored_before_it_is_broadcast(hall_world: Run) -> None:
    """Durability: when anyone hears of an action (a ``played`` frame), the database
    already holds it, committed — checked from another connection at the very moment of
    the broadcast, for every action of a whole game; and the store was asked before the
    broker."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        events: list[tuple[str, int]] = []
        store_action = w.db.store.store_action

        async def spying(game_id: int, action: StoredAction) -> None:
            events.append(("store", action.idx))
            await store_action(game_id, action)
            events.append(("stored", action.idx))

        w.db.store.store_action = spying  # type: ignore[method-assign]
        committed: list[tuple[int, int]] = []

        def at_broadcast(frame: dict[str, Any]) -> None:
            if frame["type"] != "played":
                return
            events.append(("played", frame["version"] - 1))
            with w.db.engine.connect() as db:  # another connection: committed rows only
                n: int = db.execute(text("SELECT count(*) FROM game_actions WHERE game_id = :g"),
                               {"g": frame["game_id"]}).scalar_one()
            committed.append((frame["version"], n))

        w.listen_table(table).on_deliver = at_broadcast
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        await w.hall.send(c.Ready(Sender.of(owner), table))
        await until(lambda: w.status(table) == "open", 20.0)
        assert len(committed) > 20
        assert all(n >= version for version, n in committed), committed
        for idx in range(len(committed)):
            assert events.index(("stored", idx)) < events.index(("played", idx))

    hall_world(body)


def test_an_illegal_play_is_refused_and_nothing_is_stored(hall_world: Run) -> None:
    """R24 and the cards one holds: an illegal action is refused (``illegal_move``); the
    game, its version, the store and the table's frames stay as they were."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        version, hand = game["version"], Counter(game["view"]["hand"].split())
        frames = w.listen_table(table)
        before = await stored_actions(w, table)
        not_held = next(x for x in CARDS if format_cards([x]) not in hand)
        refusals = [
            c.Play(Sender.of(owner), table, version, (not_held,)),  # not in his hand
            c.Play(Sender.of(owner), table, version, None, bad="'ZZ' is not a card"),
        ]
        if game["view"]["top"] is None:
            refusals.append(c.Play(Sender.of(owner), table, version, None))  # R24: lead
        for command in refusals:
            assert await w.refused(command) == Code.ILLEGAL_MOVE
        assert await stored_actions(w, table) == before
        assert not frames.of("played")
        again = await w.my_turn(owner, table)
        assert again["version"] == version
        assert Counter(again["view"]["hand"].split()) == hand

    hall_world(body)


def test_a_stale_version_is_refused(hall_world: Run) -> None:
    """docs/protocol.md: ``play`` carries the version the client saw; any other is
    refused (``stale_version``) and nothing is played — even a legal action."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        version = game["version"]
        before = await stored_actions(w, table)
        legal = (parse_cards(game["view"]["hand"])[0],)
        for stale in (version - 1, version + 1):
            assert await w.refused(c.Play(Sender.of(owner), table, stale, legal)) == \
                Code.STALE_VERSION
        assert await w.refused(c.Hint(Sender.of(owner), table, version + 1)) == \
            Code.STALE_VERSION
        assert await stored_actions(w, table) == before
        assert (await w.my_turn(owner, table))["version"] == version

    hall_world(body)


def test_only_the_seat_to_move_plays(hall_world: Run) -> None:
    """A player plays on his turn only (``not_your_turn``), a stranger not at all
    (``not_seated``), and nobody without a game (``no_game``)."""

    async def body(w: World) -> None:
        owner, guest, stranger = await w.account(), await w.account(), await w.account()
        table = await w.playing(owner, bots=2, others=(guest,))
        await w.hall.send(c.AutoPlay(Sender.of(guest), table, True))
        game = await w.my_turn(owner, table)
        version = game["version"]
        assert await w.refused(c.Play(Sender.of(guest), table, version, None)) == \
            Code.NOT_YOUR_TURN
        assert await w.refused(c.Hint(Sender.of(guest), table, version)) == Code.NOT_YOUR_TURN
        assert await w.refused(c.Play(Sender.of(stranger), table, version, None)) == \
            Code.NOT_SEATED
        idle = await w.table(stranger)
        assert await w.refused(c.Play(Sender.of(stranger), idle, 0, None)) == Code.NO_GAME

    hall_world(body)


def test_a_legal_play_is_broadcast_with_the_next_version(hall_world: Run) -> None:
    """A player's action on his turn: ``ok`` with the new version, one ``played`` frame
    (reason ``player``) to the table, and the action stored."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        frames = w.listen_table(table)
        before = await stored_actions(w, table)
        acted = await w.play_something(owner, table)
        assert acted == c.Acted(table, game["version"] + 1)
        mine = [f for f in frames.of("played") if f["seat"] == 0]
        assert [(f["version"], f["reason"]) for f in mine] == [(acted.version, "player")]
        assert await stored_actions(w, table) >= before + 1

    hall_world(body)


def test_bots_play_on_their_turn_and_wait_for_the_player(hall_world: Run) -> None:
    """The hall's bots play their seats as soon as it is their turn (``bot``); when the
    player's turn comes the table waits for him."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        frames = w.listen_table(table)
        await w.hall.connected(owner.id)
        await w.hall.send(c.Ready(Sender.of(owner), table))
        for _ in range(3):  # three of his turns: the bots play every turn between them
            game = await w.my_turn(owner, table)
            await asyncio.sleep(0.05)
            assert (await w.my_turn(owner, table))["version"] == game["version"]
            played = frames.of("played")
            assert all(f["reason"] == "bot" for f in played if f["seat"] != 0)
            assert [f["version"] for f in played] == list(range(1, game["version"] + 1))
            await w.play_something(owner, table)
        assert {f["seat"] for f in frames.of("played")} == {0, 1, 2, 3}

    hall_world(body)


def test_a_hint_on_the_players_turn(hall_world: Run) -> None:
    """Issue 10: a hint is the hall's heuristic bot's advice for the asking seat, from
    its own view: cards of his hand (or ``pass`` when he may), and every play beating
    the top."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        hint = await w.hall.send(c.Hint(Sender.of(owner), table, game["version"]))
        assert (hint.table, hint.version) == (table, game["version"])
        hand = Counter(game["view"]["hand"].split())
        if game["view"]["top"] is None:
            assert hint.cards != "pass" and hint.beats == () and hint.reason == "lead"
        if hint.cards != "pass":
            assert not Counter(hint.cards.split()) - hand
            acted = await w.hall.send(c.Play(Sender.of(owner), table, game["version"],
                                             tuple(parse_cards(hint.cards))))
            assert acted.version == game["version"] + 1

    hall_world(body)


def test_a_whole_game_with_bots_to_its_end(hall_world: Run) -> None:
    """A game played by bots and the hall's 托管 goes to its end (R32): every action
    stored, both halves dealt when there are two, the game over, the table open again
    with its player no longer ready — and ready for the next game."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        frames = w.listen_table(table)
        mine = w.listen_account(owner)
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        await w.hall.send(c.Ready(Sender.of(owner), table))
        game_id = w.hall.table(table).view().game_id
        assert game_id is not None
        over = await until(lambda: mine.last("game_over"), 20.0)  # R41: on his own topic
        played = frames.of("played")
        assert [f["version"] for f in played] == list(range(1, len(played) + 1))
        assert over["game_id"] == game_id and over["status"] == "finished"
        halves = over["record"]["halves"]
        assert len(mine.of("game")) == len(halves)  # one deal per half
        assert [g["view"]["half"] for g in mine.of("game")] == list(range(len(halves)))
        assert sum(len(h["actions"]) for h in halves) == len(played)
        stored = await w.db.store.game(game_id)
        assert stored is not None and len(stored.actions) == len(played)
        assert [d.half for d in stored.deals] == list(range(len(halves)))
        assert played[-1]["to_move"] is None and played[-1]["deadline"] is None
        view = w.hall.table(table).view()
        assert (view.status, view.game_id, view.seats[0].ready) == ("open", None, False)
        await w.hall.send(c.Ready(Sender.of(owner), table))  # the next game
        assert w.hall.table(table).view().game_id not in (None, game_id)

    hall_world(body)


async def failing(*args: Any, **kwargs: Any) -> Any:
    raise OSError("the database went away")


def test_an_action_the_store_refuses_is_not_played(hall_world: Run) -> None:
    """Durability: an action the store could not write is refused (``internal``); the
    table rebuilds its game from the store, broadcasts nothing, and the player plays
    again at the same version."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        frames = w.listen_table(table)
        legal = None if game["view"]["top"] is not None else (
            parse_cards(game["view"]["hand"])[0],)
        store_action = w.db.store.store_action
        w.db.store.store_action = failing  # type: ignore[method-assign]
        try:
            assert await w.refused(c.Play(Sender.of(owner), table, game["version"], legal)) \
                == Code.INTERNAL
        finally:
            w.db.store.store_action = store_action  # type: ignore[method-assign]
        assert not frames.of("played")
        again = await w.my_turn(owner, table)
        assert again["version"] == game["version"]
        assert again["view"]["hand"] == game["view"]["hand"]
        acted = await w.hall.send(c.Play(Sender.of(owner), table, game["version"], legal))
        assert acted == c.Acted(table, game["version"] + 1)

    hall_world(body)


def test_a_refused_play_changes_nothing_even_when_the_store_cannot_be_read(
        hall_world: Run) -> None:
    """A refusal changes nothing (errors.py: «A refusal: nothing changed»), also when the
    database is away for both the write and the re-read that follows it."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)
        legal = None if game["view"]["top"] is not None else (
            parse_cards(game["view"]["hand"])[0],)
        store_action, read = w.db.store.store_action, w.db.store.game
        w.db.store.store_action = failing  # type: ignore[method-assign]
        w.db.store.game = failing  # type: ignore[method-assign]
        try:
            assert await w.refused(c.Play(Sender.of(owner), table, game["version"], legal)) \
                == Code.INTERNAL
        finally:
            w.db.store.store_action = store_action  # type: ignore[method-assign]
            w.db.store.game = read  # type: ignore[method-assign]
        after = (await w.hall.send(c.Resync(Sender.of(owner), table))).view.game
        assert after is not None and after.version == game["version"]
        assert (after.view["to_move"], after.view["hand"]) == (0, game["view"]["hand"])

    hall_world(body)
