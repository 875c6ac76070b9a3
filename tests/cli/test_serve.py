"""``yuanzi serve`` starts on the given port, prints where, creates and migrates its DB."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from pathlib import Path

from alembic.script import ScriptDirectory

from yuanzi.loadtest.server import ServerProcess
from yuanzi.store.migrate import MIGRATIONS


def test_serve_starts_migrates_and_prints_its_address(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "hall.db"
    server = ServerProcess(db)
    server.start()
    try:
        with urllib.request.urlopen(server.base + "/healthz") as r:
            assert json.loads(r.read()) == {"ok": True, "protocol": 1}
    finally:
        server.stop()
    assert f"open http://127.0.0.1:{server.port}/" in server.log_path.read_text()
    with sqlite3.connect(db) as conn:
        (version,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        assert version == ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
