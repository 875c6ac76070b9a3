"""The journal commits a table's writes only while their lease token is the table's:
a deposed owner's actions, deals and settlements are refused, the others' commit."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session
from tests.store.pg import pg_schema_url

from yuanzi.hall.models import Account, Seat, StoredAction, TableSpec
from yuanzi.hall.settings import Settings
from yuanzi.store.fence import CURRENT, Fence, LeaseLost
from yuanzi.store.setup import Database, open_database


@pytest.fixture
def pg() -> Iterator[Database]:
    for url in pg_schema_url():
        db = open_database(Settings(database_url=url))
        yield db
        db.close()


async def _two_tables(db: Database) -> tuple[Account, list[int], list[int]]:
    owner = await db.store.create_account("alice", "alice", "h", "player")
    tables = [await db.store.create_table(TableSpec(0, f"t{i}", owner, "green", 0, {}))
              for i in range(2)]
    games = [await db.store.start_game(t, {}, [Seat(account=owner)] + [Seat(bot="random")] * 3)
             for t in tables]
    with db.engine.begin() as conn:  # node a holds both leases, token 1
        for t in tables:
            conn.execute(text("INSERT INTO table_leases VALUES (:t, 'node-a', 1, now() + "
                              "interval '1 hour')"), {"t": t})
    return owner, tables, games


def _actions(db: Database, game_id: int) -> list[int]:
    with db.engine.connect() as conn:
        return [r[0] for r in conn.execute(text(
            "SELECT idx FROM game_actions WHERE game_id = :g ORDER BY idx"), {"g": game_id})]


def test_a_deposed_owner_cannot_store_an_action_and_the_owner_can(pg: Database) -> None:
    async def body() -> None:
        _, tables, games = await _two_tables(pg)
        with pg.engine.begin() as conn:  # node b took table 0 over: token 2
            conn.execute(text("UPDATE table_leases SET node = 'node-b', token = 2 "
                              "WHERE table_id = :t"), {"t": tables[0]})

        async def act(table: int, token: int, game: int) -> None:
            CURRENT.set(Fence(table, token))  # as the table's actor runs
            await pg.store.store_action(game, StoredAction(0, 0, 0, "3H", "player"))

        # queued together: one batch, one deposed and one rightful write
        stale, fresh = await asyncio.gather(act(tables[0], 1, games[0]),
                                            act(tables[1], 1, games[1]),
                                            return_exceptions=True)
        assert isinstance(stale, LeaseLost) and fresh is None
        assert _actions(pg, games[0]) == [] and _actions(pg, games[1]) == [0]
        await act(tables[0], 2, games[0])  # the new owner writes
        assert _actions(pg, games[0]) == [0]

    asyncio.run(body())


def test_every_kind_of_write_is_fenced(pg: Database) -> None:
    async def body() -> None:
        owner, tables, _ = await _two_tables(pg)
        with pg.engine.begin() as conn:
            conn.execute(text("UPDATE table_leases SET token = 5"))

        async def deposed() -> None:
            CURRENT.set(Fence(tables[0], 1))
            with pytest.raises(LeaseLost):
                await pg.store.start_game(tables[0], {}, [Seat(account=owner)] * 4)

            def write(s: Session) -> None:
                s.execute(text("UPDATE hall_tables SET name = 'x'"))

            with pytest.raises(LeaseLost):
                await pg.journal.run(write)

        await asyncio.create_task(deposed())  # a task: a context of its own, as an actor
        with pg.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM hall_tables WHERE name = 'x'"))\
                .scalar() == 0
        await pg.journal.run(lambda s: None)  # no fence in this context: not checked

    asyncio.run(body())


def test_a_write_of_the_slow_path_is_fenced_too(pg: Database) -> None:
    async def body() -> None:
        _, tables, games = await _two_tables(pg)
        with pg.engine.begin() as conn:
            conn.execute(text("UPDATE table_leases SET token = 3 WHERE table_id = :t"),
                         {"t": tables[0]})

        def bad(s: Session) -> None:
            raise ValueError("a refusal: the batch goes one job at a time")

        async def deposed() -> None:
            CURRENT.set(Fence(tables[0], 1))
            await pg.store.store_action(games[0], StoredAction(0, 0, 0, "3H", "player"))

        async def other() -> None:
            CURRENT.set(Fence(tables[1], 1))
            await pg.store.store_action(games[1], StoredAction(0, 0, 0, "3H", "player"))

        out = await asyncio.gather(pg.journal.run(bad), deposed(), other(),
                                   return_exceptions=True)
        assert isinstance(out[0], ValueError) and isinstance(out[1], LeaseLost)
        assert out[2] is None
        assert _actions(pg, games[0]) == [] and _actions(pg, games[1]) == [0]

    asyncio.run(body())
