"""A fair deal at a table (issue 28, hall/table/dealing.py): everyone ready, the hall
commits to its seeds before any card is seen; the players here contribute; the deal is
drawn when the last one did, or when the wait is over with the hall's values for the
silent; bad values and late ones are refused and change nothing; someone no longer ready
calls the deal off. The game's record, once it is over, proves both halves — also after a
restart between them — and is signed by the hall (issue 54)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.hall.table.harness import World, smallest, until

from yuanzi.engine.fairness import commit_of, hall_value
from yuanzi.engine.verify import verify_record
from yuanzi.hall.errors import Code
from yuanzi.hall.models import Account
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.signing import verify_signed

Run = Callable[..., None]
ANN, BOB = "a1" * 8, "b2" * 16


async def two_players(w: World) -> tuple[Account, Account, int]:
    owner, friend = await w.account(), await w.account()
    table = await w.table(owner)
    await w.hall.send(c.Sit(Sender.of(friend), table, 1))
    for seat in (2, 3):
        await w.hall.send(c.AddBot(Sender.of(owner), table, seat, "random"))
    for p in (owner, friend):
        await w.hall.connected(p.id)
    return owner, friend, table


def test_the_commitment_comes_first_and_the_last_value_deals(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend, table = await two_players(w)
        heard = w.listen_player(table, owner)
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        commit = heard.last("deal_commit")
        assert commit is not None and commit["waiting"] == [0, 1]
        assert commit["scheme"] == "yuanzi-deal/2"  # (issue 54: the browser remembers it)
        assert len(commit["commits"]) == 2 and commit["until"] is not None
        assert w.status(table) == "open" and heard.last("game") is None  # no card yet
        assert await w.refused(c.Contribute(Sender.of(owner), table, "XYZ" * 6)) \
            == Code.MALFORMED
        assert await w.refused(c.Contribute(Sender.of(owner), table, "ab")) == Code.MALFORMED
        await w.hall.send(c.Contribute(Sender.of(owner), table, ANN))
        assert await w.refused(c.Contribute(Sender.of(owner), table, ANN)) \
            == Code.NO_DEAL_PENDING  # once
        assert w.status(table) == "open"
        await w.hall.send(c.Contribute(Sender.of(friend), table, BOB))
        assert w.status(table) == "playing"
        kinds = [f["type"] for f in heard.frames]
        assert kinds.index("deal_commit") < kinds.index("game")
        assert await w.refused(c.Contribute(Sender.of(friend), table, BOB)) \
            == Code.NO_DEAL_PENDING  # too late
        game_id = w.hall.table(table).spec.game_id
        assert game_id is not None
        stored = await w.db.store.game(game_id)
        assert stored is not None and stored.fairness is not None
        f = stored.fairness
        assert (f.contributions[0], f.contributions[1]) == (ANN, BOB)
        assert f.by == ("player", "player", "hall", "hall")
        assert [commit_of(s) for s in f.seeds] == commit["commits"]
        # played to its end, the record proves every half
        for p in (owner, friend):
            await w.hall.send(c.AutoPlay(Sender.of(p), table, True))
        await until(lambda: heard.last("game_over") is not None, 30)
        over = heard.last("game_over")
        assert over is not None and over["record"] is not None
        checks = verify_record(over["record"])
        assert checks and all(ch.holds for ch in checks)
        key = (await w.hall.record_seal.published())["key"]
        assert verify_signed(over["record"], key).fair  # signed by the hall (issue 54)
        assert over["record"]["halves"][0]["fairness"]["contributions"][:2] == [ANN, BOB]
        for i, half in enumerate(over["record"]["halves"]):  # issue 43: the bots' values
            fields = half["fairness"]  # are the ones the committed seed fixes
            seed = bytes.fromhex(fields["server_seed"])
            assert fields["scheme"] == "yuanzi-deal/2" and fields["commits"] == commit["commits"]
            assert fields["contributions"][2:] == [hall_value(seed, i, 2), hall_value(seed, i, 3)]

    hall_world(body, deal_contribution_seconds=10.0)


def test_a_silent_player_does_not_stall_the_deal(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend, table = await two_players(w)
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        await w.hall.send(c.Contribute(Sender.of(owner), table, ANN))
        await until(lambda: w.status(table) == "playing", 5)
        game_id = w.hall.table(table).spec.game_id
        assert game_id is not None
        stored = await w.db.store.game(game_id)
        assert stored is not None and stored.fairness is not None
        assert stored.fairness.by == ("player", "hall", "hall", "hall")

    hall_world(body, deal_contribution_seconds=0.3)


def test_someone_no_longer_ready_calls_the_deal_off(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner, friend, table = await two_players(w)
        heard = w.listen_table(table)
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        first = heard.last("deal_commit")
        await w.hall.send(c.Ready(Sender.of(friend), table, False))
        assert await w.refused(c.Contribute(Sender.of(owner), table, ANN)) \
            == Code.NO_DEAL_PENDING
        await asyncio.sleep(0.5)  # the old wait runs out: nothing is dealt
        assert w.status(table) == "open"
        await w.hall.send(c.Ready(Sender.of(friend), table))
        second = heard.last("deal_commit")
        assert first is not None and second is not None
        assert set(first["commits"]).isdisjoint(second["commits"])  # new seeds
        await until(lambda: w.status(table) == "playing", 5)

    hall_world(body, deal_contribution_seconds=0.3)


def test_the_second_half_after_a_restart_is_the_committed_one(hall_world: Run) -> None:
    """The owner plays himself (one card or a pass) until a game reaches its second half
    (R30: not a 双夹); the hall restarts then; 托管 plays it out; its record proves both
    halves — the second dealt, and rebuilt, from the seed committed before the first."""
    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        await w.hall.connected(owner.id)
        heard = w.listen_player(table, owner)
        for _ in range(20):
            await w.hall.send(c.Ready(Sender.of(owner), table))
            while w.status(table) == "playing" and len(w.hall.table(table).game.halves) == 1:
                await smallest(w, owner, table)
                await asyncio.sleep(0)
            if w.status(table) == "playing":
                break  # the second half is dealt
        else:
            raise AssertionError("no second half in 20 games")
        await w.restart()
        heard = w.listen_player(table, owner)
        await w.hall.connected(owner.id)
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        await until(lambda: heard.last("game_over") is not None, 30)
        over = heard.last("game_over")
        assert over is not None
        record = over["record"]
        assert len(record["halves"]) == 2
        assert [ch.holds for ch in verify_record(record)] == [True, True]

    hall_world(body)


def test_an_abandoned_games_record_says_where_it_stops(hall_world: Run) -> None:
    """Issues 43 and 54: a record that stops early is whole only when it ends with the
    escape (R35) — the escaping seat's action, where it happened — and the hall signs it;
    cut anywhere else, or with the word of before (``abandoned_by``), it is not."""
    from yuanzi.engine.verify import verify

    async def body(w: World) -> None:
        owner, friend, table = await two_players(w)
        heard = w.listen_player(table, owner)
        for p in (owner, friend):
            await w.hall.send(c.Ready(Sender.of(p), table))
        await until(lambda: w.status(table) == "playing", 5)
        await w.hall.send(c.Stand(Sender.of(friend), table, True))  # he escapes
        await until(lambda: heard.last("game_over") is not None, 10)
        over = heard.last("game_over")
        assert over is not None and over["status"] == "abandoned"
        record = over["record"]
        assert record["halves"][-1]["actions"][-1] == [1, "escape"]
        assert all("abandoned_by" not in h["fairness"] for h in record["halves"])
        key = (await w.hall.record_seal.published())["key"]
        verdict = verify_signed(record, key)
        assert verdict.fair and verdict.abandoned_by == 1 and verdict.signed_by == key
        stored = await w.db.store.game_record(over["game_id"])
        assert stored is not None and verify(stored).abandoned_by == 1
        assert stored["halves"][-1]["actions"][-1] == [1, "escape"]
        cut = {k: v for k, v in record.items() if k != "signature"}
        cut["halves"][-1]["actions"].pop()  # the escape taken away: cut short
        assert verify(cut).code == "incomplete"

    hall_world(body, deal_contribution_seconds=0.2)
