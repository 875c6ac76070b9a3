"""Migration 0003 (names): game seats get room for a bot's name and avatar (null for old
games), and an existing table whose name is its owner's nickname + 的桌 — the default
name the hall stored — is marked default; every other table keeps its name as given."""

from __future__ import annotations

from sqlalchemy import text

from yuanzi.store.db import open_engine
from yuanzi.store.migrate import downgrade, upgrade


def test_migration_0003_marks_default_names_and_adds_bot_names(db_url: str) -> None:
    engine = open_engine(db_url)
    upgrade(engine, "0002")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO accounts (nickname, nickname_key, password_hash, role, created_at,"
            " ladder_score, ladder_level, coins, games_played, escapes) VALUES"
            " ('Ann', 'ann', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0),"
            " ('老王', '老王', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0)"))
        conn.execute(text(
            "INSERT INTO hall_tables (name, owner_id, tablecloth, bet, rules, seats, status,"
            " created_at) VALUES"
            " ('Ann的桌', 1, 'green', 0, '{}', '[]', 'open', '2024-01-01'),"
            " ('老王的桌', 2, 'green', 0, '{}', '[]', 'open', '2024-01-01'),"
            " ('Ann的桌', 2, 'green', 0, '{}', '[]', 'open', '2024-01-01'),"
            " ('Tea house', 1, 'green', 0, '{}', '[]', 'open', '2024-01-01')"))
        conn.execute(text(
            "INSERT INTO games (table_id, rules, status, started_at) VALUES"
            " (1, '{}', 'finished', '2024-01-01')"))
        conn.execute(text(
            "INSERT INTO game_seats (game_id, seat, account_id, bot) VALUES"
            " (1, 0, 1, NULL), (1, 1, NULL, 'random')"))
    upgrade(engine)
    with engine.connect() as conn:
        flags = conn.execute(text("SELECT id, name_default FROM hall_tables ORDER BY id")).all()
        assert [(i, bool(d)) for i, d in flags] == [(1, True), (2, True), (3, False), (4, False)]
        seats = conn.execute(text(
            "SELECT seat, bot, bot_name, bot_name_en, bot_avatar FROM game_seats"
            " ORDER BY seat")).all()
        assert [tuple(r) for r in seats] == [(0, None, None, None, None),
                                             (1, "random", None, None, None)]
    downgrade(engine, "0002")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM hall_tables")).scalar() == 4
    upgrade(engine)
    engine.dispose()
