"""Writes of one batch that conflict with each other fail alone (the journal commits
many writers' jobs together): two jobs inserting the same key — one of them is refused,
the other stored, and a third job of the batch, about something else, is stored too. It
failed the third job once (a full run: two first pushes made the hall's VAPID key at once, and a
table's save queued with them was lost — an internal error to a player adding a bot)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from tests.store.pg import pg_schema_url

from yuanzi.hall.settings import Settings
from yuanzi.store.models.push import HallKeyRow
from yuanzi.store.repos.base import now
from yuanzi.store.setup import Database, open_database


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        database = open_database(Settings(database_url=f"sqlite:///{tmp_path / 'j.db'}"))
        yield database
        database.close()
        return
    for url in pg_schema_url():
        database = open_database(Settings(database_url=url))
        yield database
        database.close()


def _key(name: str, value: str) -> Callable[[Session], None]:
    def write(s: Session) -> None:
        s.add(HallKeyRow(name=name, value=value, created_at=now()))
    return write


def test_two_jobs_of_a_batch_inserting_one_key_fail_only_the_second(db: Database) -> None:
    async def body() -> list[object]:
        gate = threading.Event()
        held = db.journal.submit(lambda s: gate.wait(10))  # the writer busy: the rest queue
        jobs = [db.journal.submit(_key("vapid", "first")),
                db.journal.submit(_key("vapid", "second")),
                db.journal.submit(_key("other", "x"))]
        gate.set()
        await held
        return list(await asyncio.gather(*jobs, return_exceptions=True))

    first, second, other = asyncio.run(body())
    assert first is None and other is None
    assert isinstance(second, IntegrityError)
    with db.sessions() as s:
        assert {r.name: r.value for r in s.scalars(select(HallKeyRow))} == \
            {"vapid": "first", "other": "x"}
