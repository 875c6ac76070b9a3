"""The hall under a load test of several nodes (``yuanzi loadtest --nodes 0,1,2``).

Each run gets a fresh PostgreSQL schema of the given database (a hall of its own, dropped
afterwards) and either one process with the in-process broker (``0`` nodes: the
baseline) or N nodes on Redis behind HAProxy (:class:`~yuanzi.devtools.launch.LocalCluster`),
every client going through the proxy. CPU is read per process from ``/proc``: each node,
the proxy, and the machine's Redis and PostgreSQL (every process of theirs), so that the
cost of an action can be told per node and for the whole machine.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

from yuanzi.devtools.launch import LocalCluster
from yuanzi.devtools.processes import ServerProcess, cpu_seconds_of


def cpu_of_processes(name: str) -> float:
    """CPU seconds used so far by every process named ``name`` (e.g. ``postgres``)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() != name:
                continue
        except OSError:
            continue
        total += cpu_seconds_of(int(entry.name)) or 0.0
    return total


class NodesUnderTest:
    """``nodes`` = 0: one process, in-process broker; N ≥ 1: N nodes behind the proxy."""

    def __init__(self, nodes: int, database_url: str, redis_url: str, env: dict[str, str],
                 workdir: Path) -> None:
        if not database_url.startswith("postgresql"):
            raise ValueError("--nodes needs DATABASE_URL=postgresql://… (and REDIS_URL)")
        if nodes and not redis_url:
            raise ValueError("--nodes with 1 or more nodes needs REDIS_URL=redis://…")
        self.nodes = nodes
        self.schema = f"yz_load_{uuid.uuid4().hex[:10]}"
        self.admin_url = database_url
        sep = "&" if "?" in database_url else "?"
        self.url = f"{database_url}{sep}options=-csearch_path%3D{self.schema}"
        self.cluster: LocalCluster | None = None
        self.single: ServerProcess | None = None
        if nodes:
            self.cluster = LocalCluster(nodes, self.url, redis_url, env=env, workdir=workdir)
        else:
            self.single = ServerProcess(workdir / "single.db",
                                        env={**env, "YUANZI_DATABASE_URL": self.url})

    @property
    def base(self) -> str:
        if self.cluster is not None:
            return self.cluster.base
        assert self.single is not None
        return self.single.base

    @property
    def log_paths(self) -> list[Path]:
        if self.cluster is not None:
            return [n.log_path for n in self.cluster.nodes]
        assert self.single is not None
        return [self.single.log_path]

    def start(self) -> None:
        engine = create_engine(self.admin_url)
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{self.schema}"'))
        engine.dispose()
        if self.cluster is not None:
            self.cluster.start()
        else:
            assert self.single is not None
            self.single.start()

    def stop(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()
        if self.single is not None:
            self.single.stop()
        engine = create_engine(self.admin_url)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE'))
        engine.dispose()

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: each hall process (``node1``… or ``hall``), ``haproxy``,
        ``redis``, ``postgres``."""
        if self.cluster is not None:
            out = self.cluster.cpu_seconds()
        else:
            assert self.single is not None
            out = {"hall": self.single.cpu_seconds() or 0.0}
        out["redis"] = cpu_of_processes("redis-server")
        out["postgres"] = cpu_of_processes("postgres")
        return out

    def stored(self, versions: dict[tuple[int | None, int], int]) -> bool:
        """Every action a client saw is in the database (stored before broadcast)."""
        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                for (_, game_id), version in versions.items():
                    count: int = conn.execute(text(
                        "SELECT count(*) FROM game_actions WHERE game_id = :g"),
                        {"g": game_id}).scalar_one()
                    if count < version:
                        return False
        finally:
            engine.dispose()
        return True
