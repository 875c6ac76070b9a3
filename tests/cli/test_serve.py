"""``yuanzi serve`` starts on the given port, prints where, creates and migrates its DB."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

from alembic.script import ScriptDirectory

from yuanzi.devtools.processes import ServerProcess, free_port
from yuanzi.store.db import open_engine
from yuanzi.store.migrate import MIGRATIONS, upgrade


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


def test_serve_refuses_a_database_a_newer_release_migrated(tmp_path: Path) -> None:
    db = tmp_path / "hall.db"
    engine = open_engine(f"sqlite:///{db}")
    upgrade(engine)
    engine.dispose()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    env = {**os.environ, "YUANZI_DB_PATH": str(db)}
    for name in ("DATABASE_URL", "YUANZI_DATABASE_URL", "REDIS_URL", "YUANZI_REDIS_URL"):
        env.pop(name, None)
    port = free_port()
    done = subprocess.run(
        [sys.executable, "-m", "yuanzi", "serve", "--port", str(port)],
        env=env, capture_output=True, text=True, timeout=60, check=False)
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert done.returncode == 2, done.stderr
    assert "yuanzi serve: the database's schema is at revision 9999_from_the_future" \
        in done.stderr
    assert f"its newest is {head}" in done.stderr
    assert "Traceback" not in done.stderr
    assert "open http://" not in done.stdout  # refused before serving
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("9999_from_the_future",)]
