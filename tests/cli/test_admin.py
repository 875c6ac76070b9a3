"""``yuanzi admin create NAME``: a new admin, or an existing account promoted."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from yuanzi.cli import main


def roles(db: Path) -> dict[str, str]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT nickname, role FROM accounts").fetchall())


def test_admin_create_and_promote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "hall.db"
    monkeypatch.setenv("YUANZI_DB_PATH", str(db))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("YUANZI_ARGON2_TIME_COST", "1")
    monkeypatch.setenv("YUANZI_ARGON2_MEMORY_KIB", "64")
    monkeypatch.setenv("YUANZI_ARGON2_PARALLELISM", "1")
    monkeypatch.setenv("YUANZI_ADMIN_PASSWORD", "long-enough-pw")
    assert main(["admin", "create", "boss"]) == 0
    assert "created admin boss" in capsys.readouterr().out
    assert roles(db) == {"boss": "admin"}
    assert main(["admin", "create", "BOSS"]) == 0  # the same name: already admin
    assert "is now an admin" in capsys.readouterr().out
    monkeypatch.setenv("YUANZI_ADMIN_PASSWORD", "short")
    assert main(["admin", "create", "other"]) == 2
    assert "8 to 128" in capsys.readouterr().err
    assert main(["admin", "create", "x"]) == 2
    assert roles(db) == {"boss": "admin"}
