"""Migration 0011 (issue 27): room codes get room for eight digits, keeping the six-digit
codes of tables open before; a message reported twice by one account keeps one report."""

from __future__ import annotations

from sqlalchemy import text

from yuanzi.store.db import open_engine
from yuanzi.store.migrate import downgrade, upgrade


def test_migration_0011_keeps_codes_and_one_report_per_reporter(db_url: str) -> None:
    engine = open_engine(db_url)
    upgrade(engine, "0010")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO accounts (nickname, nickname_key, password_hash, role, created_at,"
            " ladder_score, ladder_level, coins, games_played, escapes) VALUES"
            " ('Ann', 'ann', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0),"
            " ('Bob', 'bob', 'h', 'player', '2024-01-01', 0, 0, 0, 0, 0)"))
        conn.execute(text(
            "INSERT INTO hall_tables (name, owner_id, tablecloth, bet, rules, seats, status,"
            " created_at, private, room_code, admitted, locked, spectators_allowed) VALUES"
            " ('Ann的桌', 1, 'green', 0, '{}', '[]', 'open', '2024-01-01', true, '123456',"
            " '[1]', false, true)"))
        conn.execute(text(
            "INSERT INTO chat_messages (table_id, account_id, spectator, kind, body, at)"
            " VALUES (1, 1, false, 'text', 'hi', '2024-01-01')"))
        conn.execute(text(
            "INSERT INTO chat_reports (message_id, reporter_id, reason, at) VALUES"
            " (1, 2, 'first', '2024-01-01'), (1, 2, 'again', '2024-01-01'),"
            " (1, 1, 'mine', '2024-01-01')"))
    upgrade(engine)
    with engine.begin() as conn:
        assert conn.execute(text("SELECT room_code FROM hall_tables")).scalar() == "123456"
        conn.execute(text("UPDATE hall_tables SET room_code = '12345678'"))
        reports = conn.execute(text(
            "SELECT reporter_id, reason FROM chat_reports ORDER BY id")).all()
        assert [tuple(r) for r in reports] == [(2, "first"), (1, "mine")]
        conn.execute(text("UPDATE hall_tables SET room_code = '123456'"))
    downgrade(engine, "0010")
    upgrade(engine)
    engine.dispose()
