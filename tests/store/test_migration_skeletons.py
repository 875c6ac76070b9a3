"""Migration 0006: existing accounts keep their names, and get the skeleton that new
names are compared with (a look-alike of an old name is refused, issue 14)."""

from __future__ import annotations

from sqlalchemy import text

from yuanzi.store.db import open_engine
from yuanzi.store.migrate import downgrade, upgrade


def test_migration_0006_fills_in_the_skeletons_of_existing_names(db_url: str) -> None:
    engine = open_engine(db_url)
    upgrade(engine, "0005")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO accounts (nickname, nickname_key, password_hash, role, created_at,"
            " ladder_score, ladder_level, coins, games_played, escapes) VALUES"
            " ('Ann', 'ann', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0),"
            " ('аnn', 'аnn', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0),"
            " ('老王', '老王', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0)"))
    upgrade(engine)
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT nickname, nickname_skeleton FROM accounts ORDER BY id")).all()
    assert [tuple(r) for r in rows] == [("Ann", "ann"), ("аnn", "ann"), ("老王", "老王")]
    downgrade(engine, "0005")
    upgrade(engine)
    engine.dispose()
