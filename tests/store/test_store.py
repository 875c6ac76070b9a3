"""The store on SQLite and PostgreSQL: migrations, accounts, sessions, tables, games,
rebuilding a game from what was stored, and the journal's group commit."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from tests.store.entrants import full_tournament

from yuanzi.engine import Game, record_of
from yuanzi.engine.cards import format_cards
from yuanzi.engine.deal import deal_half
from yuanzi.hall.models import Seat, StoredAction, TableSpec
from yuanzi.hall.ports import Changes, FinishGame, NicknameTaken
from yuanzi.hall.table.restore import rebuild_game, record_json, stored_deal
from yuanzi.store.migrate import downgrade, upgrade
from yuanzi.store.setup import Database

TABLES = {"accounts", "sessions", "hall_tables", "games", "game_deals", "game_actions",
          "game_seats"}


def test_migrations_create_upgrade_and_roll_back(database: Database) -> None:
    names = set(inspect(database.engine).get_table_names())
    assert names >= TABLES
    upgrade(database.engine)  # a second upgrade is a no-op
    downgrade(database.engine, "base")
    assert not TABLES & set(inspect(database.engine).get_table_names())
    upgrade(database.engine)
    assert set(inspect(database.engine).get_table_names()) >= TABLES


def test_accounts_and_sessions(database: Database) -> None:
    store = database.store

    async def run() -> None:
        alice = await store.create_account("Alice", "alice", "hash", "player")
        assert alice.coins == 5000 and alice.ladder_score == 0 and alice.role == "player"
        with pytest.raises(NicknameTaken):
            await store.create_account("ALICE", "alice", "hash2", "player")
        creds = await store.credentials("alice")
        assert creds is not None and creds.password_hash == "hash"
        assert await store.credentials("bob") is None
        now = datetime.now(UTC)
        await store.create_session("t1", alice.id, now + timedelta(days=1))
        await store.create_session("t2", alice.id, now - timedelta(seconds=1))
        assert await store.session_account("t1", now) == alice
        assert await store.session_account("t2", now) is None  # expired
        await store.delete_session("t1")
        assert await store.session_account("t1", now) is None

    asyncio.run(run())


def test_tables_round_trip(database: Database) -> None:
    store = database.store

    async def run() -> None:
        owner = await store.create_account("Owner", "owner", "h", "player")
        spec = TableSpec(0, "桌子", owner, "red", 20, {"jiefeng": "partner"})
        spec.seats[0] = Seat(account=owner, ready=True)
        spec.seats[2] = Seat(bot="random", ready=True)
        spec.id = await store.create_table(spec)
        spec.name = "renamed"
        await store.save_table(spec)
        [loaded] = await store.open_tables()
        assert loaded.name == "renamed" and loaded.owner == owner and loaded.bet == 20
        assert loaded.rules == {"jiefeng": "partner"}
        assert loaded.seats[0].account == owner and loaded.seats[0].ready
        assert loaded.seats[2].bot == "random" and loaded.seats[1].empty
        spec.status = "closed"
        await store.save_table(spec)
        assert await store.open_tables() == []

    asyncio.run(run())


def test_a_stored_game_rebuilds_exactly_and_its_end_is_recorded(database: Database) -> None:
    store = database.store
    rng = random.Random(11)

    async def run() -> None:
        a = await store.create_account("Aa", "aa", "h", "player")
        spec = TableSpec(0, "t", a, "green", 0, {})
        spec.seats = [Seat(account=a), Seat(bot="random"), Seat(bot="random"),
                      Seat(bot="random")]
        spec.id = await store.create_table(spec)
        game_id = await store.start_game(spec.id, {}, spec.seats)
        deal = deal_half(rng, Game.new(rng).rules)
        game = Game(Game.new(rng).rules, deal)
        await store.store_deal(game_id, stored_deal(0, deal))
        idx = 0
        while not game.is_over:
            if game.needs_second_half():
                first = game.halves[0].result
                assert first is not None
                second = deal_half(rng, game.rules, first.upstream)
                await store.store_deal(game_id, stored_deal(1, second))
                game.start_second_half(second)
            seat = game.to_move
            assert seat is not None
            half = game.half
            moves = game.legal_moves()
            game.apply(moves[rng.randrange(len(moves))])
            cards = half.actions[-1][1]
            await store.store_action(game_id, StoredAction(
                idx, len(game.halves) - 1 if half is game.half else 0, seat,
                "pass" if cards is None else format_cards(cards), "bot"))
            idx += 1
            if idx == 40:  # mid-game, the stored game rebuilds to the same state
                stored = await store.game(game_id)
                assert stored is not None and stored.status == "playing"
                again = rebuild_game(stored)
                assert record_of(again).to_json() == record_of(game).to_json()
        stored = await store.game(game_id)
        assert stored is not None
        assert record_json(stored) == record_of(game).to_json()
        record = record_of(game).to_json()
        outcomes = [("win", 1), ("lose", -1), ("win", 1), ("lose", -1)]
        await database.economy.transact([], lambda w: Changes(finish=FinishGame(
            game_id, "finished", {"winner": "NS"}, record, outcomes, None)))
        done = await store.game(game_id)
        assert done is not None and done.status == "finished"
        assert [s["outcome"] for s in done.seats] == ["win", "lose", "win", "lose"]
        assert [s["bot"] for s in done.seats] == [None, "random", "random", "random"]
        assert await store.game_record(game_id) == record
        assert await store.open_tables() != []  # the table stays, open again

    asyncio.run(run())


def test_escape_is_counted_on_the_account(database: Database) -> None:
    store = database.store

    async def run() -> None:
        a = await store.create_account("Esc", "esc", "h", "player")
        spec = TableSpec(0, "t", a, "green", 0, {})
        spec.seats = [Seat(account=a), Seat(bot="random"), Seat(bot="random"),
                      Seat(bot="random")]
        spec.id = await store.create_table(spec)
        game_id = await store.start_game(spec.id, {}, spec.seats)
        outcomes = [("escape", -2)] + [("abandoned", 0)] * 3
        await database.economy.transact([], lambda w: Changes(finish=FinishGame(
            game_id, "abandoned", None, {}, outcomes, 0)))
        from yuanzi.store.models.accounts import Account

        with database.sessions() as s:
            row = s.get(Account, a.id)
            assert row is not None and row.escapes == 1 and row.games_played == 1
        with database.engine.connect() as conn:  # no result, no settlement: SQL NULL
            assert conn.execute(text(
                "SELECT result IS NULL AND settlement IS NULL FROM games WHERE id = :g"),
                {"g": game_id}).scalar()

    asyncio.run(run())


def test_a_games_end_takes_the_stored_seats_out_of_tuoguan(database: Database) -> None:
    """托管 lasts one game (R34): the transaction that ends it takes it off the seats as
    stored, so a crash before the hall stores the table again does not bring it back
    for the next game. The player is not ready there either, as the hall has him after
    any game (a restart must not start a game nobody asked for); the rest of each seat,
    bots ready, stays as it was."""
    store = database.store

    async def run() -> None:
        a = await store.create_account("Tg", "tg", "h", "player")
        spec = TableSpec(0, "t", a, "green", 0, {})
        spec.seats = [Seat(account=a, ready=True, auto=True)] + [
            Seat(bot="random", ready=True, name="机", name_en="Bot", avatar=3)
            for _ in range(3)]
        spec.id = await store.create_table(spec)
        await store.save_table(spec)
        game_id = await store.start_game(spec.id, {}, spec.seats)
        [playing] = await store.open_tables()
        assert playing.seats[0].auto
        outcomes = [("escape", -2)] + [("abandoned", 0)] * 3
        await database.economy.transact([], lambda w: Changes(finish=FinishGame(
            game_id, "abandoned", None, {}, outcomes, 0)))
        [loaded] = await store.open_tables()
        assert loaded.status == "open" and loaded.game_id is None
        assert not loaded.seats[0].auto
        assert loaded.seats[0].account == a and not loaded.seats[0].ready
        assert [(s.bot, s.name, s.name_en, s.avatar, s.ready) for s in loaded.seats[1:]] == [
            ("random", "机", "Bot", 3, True)] * 3

    asyncio.run(run())


def test_journal_commits_in_groups_and_a_bad_job_fails_alone(database: Database) -> None:
    store = database.store
    journal = database.journal

    async def run() -> None:
        before = journal.commits
        jobs = [store.create_account(f"user{i}", f"user{i}", "h", "player") for i in range(200)]
        jobs.append(store.create_account("dup", "user5", "h", "player"))
        results = await asyncio.gather(*jobs, return_exceptions=True)
        assert isinstance(results[-1], NicknameTaken)
        assert all(not isinstance(r, Exception) for r in results[:-1])
        assert journal.commits - before < 150  # many jobs shared a commit
        assert await store.credentials("user199") is not None

    asyncio.run(run())


def test_sqlite_wal_is_checkpointed_outside_the_commits(tmp_path: Path) -> None:
    import time

    from yuanzi.hall.settings import Settings
    from yuanzi.store.db import Checkpointer
    from yuanzi.store.setup import open_database

    db = open_database(Settings(db_path=tmp_path / "c.db", database_url=""))
    assert db.checkpointer is not None
    with db.engine.connect() as conn:  # no automatic checkpoint inside a commit
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    db.checkpointer.stop()
    fast = Checkpointer(db.engine, interval=0.02)
    fast.start()

    async def write() -> None:
        for i in range(50):
            await db.store.create_account(f"w{i}", f"w{i}", "h", "player")

    asyncio.run(write())
    time.sleep(0.2)
    assert fast.checkpoints > 0 and fast.last is not None
    busy, frames, copied = fast.last
    assert busy == 0 and copied == frames  # nothing of ours held the checkpoint back
    fast.stop()
    db.checkpointer = None
    db.close()
    wal = tmp_path / "c.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0  # truncated on close


def test_two_look_alikes_registered_at_once_cannot_both_get_in(db_url: str,
                                                               database: Database) -> None:
    """Issue 14, item 9: the look-alike check is made in the insert's transaction, so a
    second node (another Database on the same PostgreSQL; SQLite has one hall process
    and one writer) racing the first loses."""
    from yuanzi.hall.ports import NicknameLike
    from yuanzi.hall.settings import Settings
    from yuanzi.store.setup import open_database

    several = db_url.startswith("postgresql")
    other = open_database(Settings(database_url=db_url)) if several else database

    async def run() -> None:
        for i in range(8):
            latin, cyrillic = f"adm{i}n", f"аdm{i}n"  # the second begins with U+0430
            outcomes = await asyncio.gather(
                database.store.create_account(latin, latin, "h", "player"),
                other.store.create_account(cyrillic, cyrillic.casefold(), "h", "player"),
                return_exceptions=True)
            made = [o for o in outcomes if not isinstance(o, BaseException)]
            refused = [o for o in outcomes if isinstance(o, NicknameLike)]
            assert len(made) == 1 and len(refused) == 1, outcomes
            assert refused[0].args[0] == made[0].nickname

    try:
        asyncio.run(run())
    finally:
        if several:
            other.close()


def test_a_check_in_reminder_is_claimed_once_when_the_check_in_opens(
        database: Database) -> None:
    """Each scheduled tournament's reminder is claimed by one caller, once: not before its
    check-in opens, not after its start, never for a sit-and-go, and never again."""
    store = database.store

    async def run() -> None:
        import time

        a = await store.create_account("Rm", "rm", "h", "player")
        soon = await store.create_tournament("Soon", 8, 1, 1, a.id, None, 1,
                                             starts_at=time.time() + 600)
        later = await store.create_tournament("Later", 8, 1, 1, a.id, None, 2,
                                              starts_at=time.time() + 7200)
        await store.create_tournament("Sit and go", 8, 1, 1, a.id, None, 3)
        begun = await store.create_tournament("Begun", 8, 1, 1, a.id, None, 4,
                                              starts_at=time.time() - 10)  # not started yet
        for tournament in (soon, begun):
            await store.enter_tournament(tournament.id, a.id)
        claimed = await asyncio.gather(*[store.claim_check_in_reminders(3600)
                                         for _ in range(4)])
        assert sorted(len(c) for c in claimed) == [0, 0, 0, 1]  # one claim of one
        told, = [c for c in claimed if c]
        assert told[0].id == soon.id and [e.account_id for e in told[0].entries] == [a.id]
        assert await store.claim_check_in_reminders(3600) == []
        assert [t.id for t in await store.claim_check_in_reminders(7300)] == [later.id]

    asyncio.run(run())


def test_the_check_ins_waiting_for_a_player_are_the_announced_ones_he_has_not_made(
        database: Database) -> None:
    """What a player coming online late still has to hear: the tournaments whose
    check-in is open and was announced, where he is signed up and not checked in."""
    store = database.store

    async def run() -> None:
        import time

        a = await store.create_account("Wa", "wa", "h", "player")
        b = await store.create_account("Wb", "wb", "h", "player")
        soon = await store.create_tournament("Soon", 8, 1, 1, a.id, None, 1,
                                             starts_at=time.time() + 600)
        later = await store.create_tournament("Later", 8, 1, 1, a.id, None, 2,
                                              starts_at=time.time() + 7200)
        for t in (soon, later):
            await store.enter_tournament(t.id, a.id)
        await store.enter_tournament(soon.id, b.id)
        assert await store.check_ins_waiting(a.id, 3600) == []  # not announced yet
        await store.claim_check_in_reminders(3600)
        waiting = await store.check_ins_waiting(a.id, 3600)
        assert [(t.id, t.name) for t in waiting] == [(soon.id, "Soon")]
        assert abs((waiting[0].starts_at or 0) - (time.time() + 600)) < 30
        await store.check_in(soon.id, a.id, 3600)
        assert await store.check_ins_waiting(a.id, 3600) == []
        assert [t.id for t in await store.check_ins_waiting(b.id, 3600)] == [soon.id]

    asyncio.run(run())


def test_the_games_of_a_round_in_play_are_known_until_it_is_over(database: Database) -> None:
    """Issue 43: a tournament's games stay its tables' own while their round is played
    (another table may still play the same cards); then they are everyone's."""
    from yuanzi.hall.models import TournamentPlace
    from yuanzi.hall.tournaments.director import round_deals

    store = database.store

    async def run() -> None:
        a = await store.create_account("Ro", "ro", "h", "player")
        t = await full_tournament(store, a)

        async def round_game(round_: int) -> int:
            stored = await store.tournament(t.id)
            assert stored is not None
            deals = round_deals(stored, round_)
            spec = TableSpec(0, "cup", a, "green", 0, {},
                             [Seat(bot="heuristic", ready=True) for _ in range(4)],
                             tournament=TournamentPlace(t.id, round_, 1, tuple(deals)))
            ids = await store.begin_round(t.id, round_, deals, [spec])
            assert ids is not None
            return await store.start_game(ids[0], {}, spec.seats, fairness=deals[0])

        other = TableSpec(0, "t", a, "green", 0, {}, [Seat(bot="random") for _ in range(4)])
        other.id = await store.create_table(other)
        plain = await store.start_game(other.id, {}, other.seats)
        first = await round_game(0)
        assert await store.games_in_open_rounds([first, plain, 10**6]) == {first}
        assert await store.games_in_open_rounds([]) == set()
        second = await round_game(1)
        assert await store.games_in_open_rounds([first, second, plain]) == {second}
        assert await store.finish_tournament(t.id, 1)
        assert await store.games_in_open_rounds([first, second, plain]) == set()

    asyncio.run(run())
