"""A hall rebuilds its tables from the store: games resume where they stood."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path

from yuanzi.engine import Game, Rules
from yuanzi.engine.cards import format_cards
from yuanzi.engine.deal import deal_half
from yuanzi.hall.core.hall import Hall
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.models import DealFairness, Seat, StoredAction, TableSpec
from yuanzi.hall.ports import Changes, FinishGame, Wallet
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker, account_topic
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import commands
from yuanzi.hall.table.restore import stored_deal
from yuanzi.store.setup import open_database


def first_half_needing_a_second(seed: int) -> tuple[Game, list[tuple[int, str]]]:
    rng = random.Random(seed)
    while True:
        game = Game(Rules(), deal_half(rng, Rules()))
        actions = []
        while not game.is_over and not game.needs_second_half():
            seat = game.to_move
            assert seat is not None
            moves = game.legal_moves()
            half = game.half
            game.apply(moves[rng.randrange(len(moves))])
            cards = half.actions[-1][1]
            actions.append((seat, "pass" if cards is None else format_cards(cards)))
        if game.needs_second_half():
            return game, actions


def test_a_crash_between_the_halves_deals_the_second_half_on_resume(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)
    game, actions = first_half_needing_a_second(3)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner, ready=True)] + [
                Seat(bot="random", ready=True) for _ in range(3)]
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats)
            await store.store_deal(game_id, stored_deal(0, game.halves[0].deal))
            for i, (seat, cards) in enumerate(actions):
                await store.store_action(game_id, StoredAction(i, 0, seat, cards, "bot"))

            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            assert actor.game is not None and len(actor.game.halves) == 2
            assert actor.version == len(actions)
            assert actor.game.to_move is not None and actor.clock.deadline_wall is not None
            assert hall.seat_of(owner.id) == spec.id
            stored = await store.game(game_id)
            assert stored is not None and [d.half for d in stored.deals] == [0, 1]
            assert actor.view().seats[0].auto  # away until he reconnects (R34)
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_game_stored_without_its_deal_is_dealt_from_its_committed_seeds(
        tmp_path: Path) -> None:
    """A game row with no deal (a hall before issue 28's fix killed between the two
    writes) does not stop the hall starting: the first half is drawn from the stored,
    committed seeds and stored, and the game goes on."""
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)
    fairness = DealFairness((b"\x01" * 32, b"\x02" * 32), ("ab" * 8,) * 4, ("hall",) * 4)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner, ready=True)] + [
                Seat(bot="random", ready=True) for _ in range(3)]
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats, None, fairness)

            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            expected = deal_half(fairness.stream(0), Rules())
            assert actor.game is not None and actor.game.halves[0].deal == expected
            stored = await store.game(game_id)
            assert stored is not None and [d.half for d in stored.deals] == [0]
            assert stored.deals[0] == stored_deal(0, expected)
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_new_game_is_stored_with_its_first_deal(tmp_path: Path) -> None:
    """The game's row and its first deal are one write (no window for a crash)."""
    settings = Settings(db_path=tmp_path / "h.db")
    deal = deal_half(random.Random(4), Rules())

    async def run() -> None:
        db = open_database(settings)
        try:
            owner = await db.store.create_account("Own", "own", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner)] + [Seat(bot="random") for _ in range(3)]
            spec.id = await db.store.create_table(spec)
            game_id = await db.store.start_game(spec.id, {}, spec.seats, None, None,
                                                stored_deal(0, deal))
            stored = await db.store.game(game_id)
            assert stored is not None and stored.deals == [stored_deal(0, deal)]
        finally:
            db.close()

    asyncio.run(run())


def test_a_card_counter_bought_for_a_game_survives_a_restart(tmp_path: Path) -> None:
    from yuanzi.hall.ports import Changes, ItemUse

    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)
    game, _ = first_half_needing_a_second(5)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(bot="random", ready=True), Seat(bot="random", ready=True),
                          Seat(account=owner, ready=True), Seat(bot="random", ready=True)]
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats)
            await store.store_deal(game_id, stored_deal(0, game.halves[0].deal))
            await db.economy.transact([owner.id], lambda w: Changes(item_uses=[
                ItemUse(owner.id, "card_counter", game_id, spec.id)]))

            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            assert actor.items.counters == {2: owner.id}
            frame = actor.items.counter_frame(2)
            held = len(game.halves[0].deal.hands[2])
            assert frame is not None and f'"count":{162 - held}' in frame.text()  # none played
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def holding_armed(account_id: int, code: str, count: int
                  ) -> Callable[[dict[int, Wallet]], Changes]:
    """An economy decision: the account gets ``count`` of an item and has it armed."""

    def decide(wallets: dict[int, Wallet]) -> Changes:
        c = Changes()
        c.wallet(account_id).inventory = wallets[account_id].inventory.add(ItemCode(code),
                                                                            count)
        c.wallet(account_id).armed = frozenset({code})
        return c

    return decide


class Frames:
    """A subscriber that keeps the frames it is given."""

    def __init__(self, into: list[dict[str, object]]) -> None:
        self.into = into

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        import json

        self.into.append(json.loads(text))


def test_a_timers_extension_survives_a_restart(tmp_path: Path) -> None:
    """R41: a timer fired on its owner's turn (paid: 90 to the other player); the hall
    restarts before he plays. The fresh clock keeps the extension: when it runs out the
    90 s are added again (a timer frame, fee 0) — not paid twice, not fired twice."""
    import pytest

    from yuanzi.hall.runtime.pubsub import table_topic

    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60,
                        disconnect_grace_seconds=600, turn_seconds=30)
    game = Game(Rules(), deal_half(random.Random(11), Rules()))
    mover = game.to_move
    assert mover is not None
    other = (mover + 1) % 4

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            rival = await store.create_account("Riv", "riv", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(bot="random", ready=True) for _ in range(4)]
            spec.seats[mover] = Seat(account=owner, ready=True)
            spec.seats[other] = Seat(account=rival, ready=True)
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats)
            await store.store_deal(game_id, stored_deal(0, game.halves[0].deal))

            await db.economy.transact([owner.id], holding_armed(owner.id, "timer", 2))

            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            assert actor.version == 0 and actor.items.restored_timer is None
            assert await actor.items.timer_fires(mover)  # the clock ran out: +90 s, paid
            await hall.close()
            paid = await db.economy.accounts([owner.id, rival.id])
            assert (paid[owner.id].coins, paid[rival.id].coins) == (5000 - 90, 5000 + 90)
            wallet = await db.economy.wallet(owner.id)
            assert wallet is not None and wallet.inventory.count(ItemCode.TIMER) == 1

            # the restart: the turn is still to be played
            broker = LocalBroker()
            frames: list[dict[str, object]] = []
            hall = Hall(settings, store, broker, db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            broker.subscribe(table_topic(spec.id), Frames(frames))
            assert actor.version == 0 and actor.items.restored_timer == (0, mover)
            assert actor.clock.deadline_wall is not None
            fresh = actor.clock.deadline_wall
            assert await actor.items.timer_fires(mover)  # the fresh clock ran out: +90 again
            assert actor.clock.deadline_wall == pytest.approx(fresh + 90)
            timer = [f for f in frames if f["type"] == "timer"]
            assert [(f["seat"], f["seconds"], f["fee"]) for f in timer] == [(mover, 90, 0)]
            assert not await actor.items.timer_fires(mover)  # once per turn: now a timeout
            after = await db.economy.accounts([owner.id, rival.id])
            assert (after[owner.id].coins, after[rival.id].coins) == (5000 - 90, 5000 + 90)
            wallet = await db.economy.wallet(owner.id)
            assert wallet is not None and wallet.inventory.count(ItemCode.TIMER) == 1
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_armed_items_show_at_an_open_table_after_a_restart(tmp_path: Path) -> None:
    """R41: a seated player's armed recorder is on his seat's view after a restart even
    when no game is being played (the resume reads armed items for every table)."""
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner), Seat(), Seat(), Seat()]
            spec.id = await store.create_table(spec)

            await db.economy.transact([owner.id], holding_armed(owner.id, "recorder", 1))
            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            view = hall.table(spec.id).view()
            assert view.status == "open" and view.seats[0].armed == ["recorder"]
            await hall.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_game_whose_end_was_stored_but_not_settled_is_settled_on_resume(
        tmp_path: Path) -> None:
    """A crash (or a takeover) between a game's last stored action and its settlement:
    the hall settles it when it takes the table up, and everyone hears how it ended."""
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)
    rng = random.Random(11)
    game = Game(Rules(), deal_half(rng, Rules()))
    deals = [game.halves[0].deal]
    actions: list[tuple[int, int, str]] = []
    while not game.is_over:
        if game.needs_second_half():
            deals.append(deal_half(rng, Rules()))
            game.start_second_half(deals[-1])
            continue
        seat = game.to_move
        assert seat is not None
        moves = game.legal_moves()
        half = game.half
        game.apply(moves[rng.randrange(len(moves))])
        cards = half.actions[-1][1]
        actions.append((len(game.halves) - 1, seat,
                        "pass" if cards is None else format_cards(cards)))

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("End", "end", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner, ready=True)] + [
                Seat(bot="random", ready=True) for _ in range(3)]
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats)
            for i, deal in enumerate(deals):
                await store.store_deal(game_id, stored_deal(i, deal))
            for i, (half_index, seat, cards) in enumerate(actions):
                await store.store_action(game_id, StoredAction(i, half_index, seat, cards,
                                                               "bot"))
            broker = LocalBroker()
            heard: list[str] = []

            class Ear:
                def deliver(self, envelope: Envelope) -> None:
                    text = envelope.text
                    heard.append(text)

            broker.subscribe(f"table:{spec.id}", Ear())
            broker.subscribe(account_topic(owner.id), Ear())  # R41: his game_over
            hall = Hall(settings, store, broker, db.economy)
            await hall.resume()
            for _ in range(200):
                if any('"type":"game_over"' in f for f in heard):
                    break
                await asyncio.sleep(0.02)
            assert any('"type":"game_over"' in f for f in heard)
            stored = await store.game(game_id)
            assert stored is not None and stored.status == "finished"
            assert hall.table(spec.id).game is None  # open again, for the next game
            await hall.close()
            again = Hall(settings, store, LocalBroker(), db.economy)  # settled once only
            await again.resume()
            assert again.table(spec.id).game is None
            await again.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_result_settled_but_never_broadcast_reaches_its_players_after_a_crash(
        tmp_path: Path) -> None:
    """Issue 14, item 4: a kill after a game's settlement committed and before its
    ``game_over`` went out. The store is then exactly as after the broadcast, so a hall
    stopped after the game (and never heard) stands for the crash: its successor gives
    the players, when they come back, the ``game_over`` they missed — and nobody else."""
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=0)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Back", "back", "h", "player")
            other = await store.create_account("Else", "else", "h", "player")
            broker = LocalBroker()
            heard: list[str] = []

            class Ear:
                def deliver(self, envelope: Envelope) -> None:
                    text = envelope.text
                    heard.append(text)

            hall = Hall(settings, store, broker, db.economy)
            await hall.resume()
            actor = await hall.create_table(owner, "")
            broker.subscribe(f"table:{actor.id}", Ear())
            broker.subscribe(account_topic(owner.id), Ear())  # R41: his game_over
            me = commands.Sender.of(owner)
            for seat in (1, 2, 3):
                await hall.send(commands.AddBot(me, actor.id, seat, "random"))
            await hall.send(commands.Ready(me, actor.id))
            await hall.send(commands.AutoPlay(me, actor.id, True))
            for _ in range(500):
                if any('"type":"game_over"' in f for f in heard):
                    break
                await asyncio.sleep(0.02)
            sent = json.loads(next(f for f in heard if '"type":"game_over"' in f))
            await hall.close()

            again = Hall(settings, store, LocalBroker(), db.economy)
            await again.resume()
            frames = [json.loads(e.text) for e in
                      await again.send(commands.Join(me, actor.id, watch=False))]
            over = next(f for f in frames if f["type"] == "game_over")
            assert (over["game_id"], over["status"], over["result"], over["record"]) == (
                sent["game_id"], sent["status"], sent["result"], sent["record"])
            assert [(s["seat"], s["score_delta"], s["coins_delta"], s["items"])
                    for s in over["seats"]] == [
                (s["seat"], s["score_delta"], s["coins_delta"], s["items"])
                for s in sent["seats"]]
            assert over["seats"][0]["score"] == sent["seats"][0]["score"]
            stranger = await again.send(commands.Join(commands.Sender.of(other), actor.id,
                                                      watch=True))
            assert not any('"type":"game_over"' in e.text for e in stranger)
            await again.send(commands.Ready(me, actor.id))  # the next game starts
            frames = await again.send(commands.Join(me, actor.id, watch=False))
            assert not any('"type":"game_over"' in e.text for e in frames)
            await again.close()
        finally:
            db.close()

    asyncio.run(run())


def test_a_crash_after_the_settlement_leaves_nobody_ready_for_a_game_not_asked_for(
        tmp_path: Path) -> None:
    """The game was settled, then the hall stopped before it saved the table: the table
    comes back open, its players not ready and 托管 off as after any game (R34), bots
    still ready, and no new game starts until the players ask for one."""
    settings = Settings(db_path=tmp_path / "h.db", bot_think_seconds=60)

    async def run() -> None:
        db = open_database(settings)
        store = db.store
        try:
            owner = await store.create_account("Own", "own", "h", "player")
            friend = await store.create_account("Fri", "fri", "h", "player")
            spec = TableSpec(0, "t", owner, "green", 0, {})
            spec.seats = [Seat(account=owner, ready=True, auto=True),
                          Seat(bot="random", ready=True),
                          Seat(account=friend, ready=True), Seat(bot="random", ready=True)]
            spec.id = await store.create_table(spec)
            game_id = await store.start_game(spec.id, {}, spec.seats)
            outcomes = [("win", 2), ("loss", -2), ("win", 2), ("loss", -2)]
            await db.economy.transact([], lambda w: Changes(finish=FinishGame(
                game_id, "finished", {"winner": 0}, {"halves": []}, outcomes, None)))

            hall = Hall(settings, store, LocalBroker(), db.economy)
            await hall.resume()
            actor = hall.table(spec.id)
            assert actor.game is None and actor.spec.status == "open"
            assert [(s.ready, s.auto) for s in actor.spec.seats] == [
                (False, False), (True, False), (False, False), (True, False)]
            await asyncio.sleep(0.05)
            assert actor.game is None  # nothing started by itself
            await hall.close()
            saved, = await store.open_tables(only=spec.id)  # and so it was stored
            assert saved.status == "open" and saved.game_id is None
            assert [s.ready for s in saved.seats] == [False, True, False, True]
        finally:
            db.close()

    asyncio.run(run())
