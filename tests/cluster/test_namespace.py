"""A hall's Redis namespace: derived from its database, the same on every node, refused
without PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yuanzi.cluster.namespace import ClusterSettingsError, hall_namespace


def test_derived_from_host_port_and_database_never_the_password() -> None:
    ns = hall_namespace("postgresql+psycopg://hall:s3cret@db.example:5433/yuanzi")
    assert ns == "yuanzi:db.example:5433:yuanzi"
    assert "s3cret" not in ns


def test_every_node_of_one_hall_gets_the_same_one_and_two_halls_differ() -> None:
    a = hall_namespace("postgresql://u:one@127.0.0.1/hall_a")
    assert a == hall_namespace("postgresql+psycopg://u:two@127.0.0.1:5432/hall_a")
    assert a != hall_namespace("postgresql://u@127.0.0.1/hall_b")


def test_a_schema_of_its_own_is_a_hall_of_its_own() -> None:
    base = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    one = hall_namespace(base + "?options=-csearch_path%3Dyz_one")
    two = hall_namespace(base + "?options=-csearch_path%3Dyz_two")
    assert one.endswith(":yz_one") and two.endswith(":yz_two")


def test_an_explicit_namespace_wins() -> None:
    assert hall_namespace("postgresql://x@h/db", "hall-7") == "hall-7"
    with pytest.raises(ClusterSettingsError, match="only letters"):
        hall_namespace("postgresql://x@h/db", "bad namespace*")


@pytest.mark.parametrize("url", ["", "sqlite:///var/yuanzi.db"])
def test_redis_without_postgresql_is_refused_in_words(url: str) -> None:
    with pytest.raises(ClusterSettingsError, match="PostgreSQL"):
        hall_namespace(url)


def test_serve_refuses_redis_with_sqlite_in_words(tmp_path: Path) -> None:
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/0",
           "YUANZI_DB_PATH": str(tmp_path / "hall.db")}
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-m", "yuanzi", "serve", "--port", "0"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "REDIS_URL" in out.stderr and "PostgreSQL" in out.stderr
    assert not (tmp_path / "hall.db").exists()  # refused before anything was opened
