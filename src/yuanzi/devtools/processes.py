"""Starting a hall in a child process (``yuanzi serve``) for the load test and e2e tests,
or the load test's bare anchor server (:mod:`.anchor`)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``yuanzi serve`` on 127.0.0.1 with a given environment; kill it as you like.

    ``module`` runs another server module instead, one that takes ``--host``/``--port``
    and answers ``/healthz`` (the load test's anchor).
    """

    def __init__(self, db_path: Path, port: int | None = None,
                 env: dict[str, str] | None = None, log_path: Path | None = None,
                 module: tuple[str, ...] = ("yuanzi", "serve", "--log-level", "warning")
                 ) -> None:
        self.module = module
        self.port = port or free_port()
        self.db_path = db_path
        self.env = {**os.environ, "YUANZI_DB_PATH": str(db_path), **(env or {})}
        self.env.pop("DATABASE_URL", None)
        self.log_path = log_path or db_path.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        if self._log is None:
            self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", *self.module, "--host", "127.0.0.1",
             "--port", str(self.port)],
            env=self.env, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.stop()
                raise RuntimeError(f"the server exited: see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        self.stop()  # not left running behind the error
        raise RuntimeError(f"the server did not start in {timeout:.0f} s: see {self.log_path}")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def cpu_seconds(self) -> float | None:
        """User + system CPU time the server process and its live children have used
        (Linux /proc), or None: a server that runs the app in a worker process of its
        own (granian) is counted whole, as are the hall's bot and review workers."""
        if self.proc is None:
            return None
        own = cpu_seconds_of(self.proc.pid)
        if own is None:
            return None
        return own + sum(cpu_seconds_of(child) or 0.0 for child in descendants(self.proc.pid))


def descendants(pid: int) -> list[int]:
    """The live processes below ``pid`` (Linux /proc), children first."""
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*/children"):
            try:
                kids = [int(k) for k in task.read_text().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def cpu_seconds_of(pid: int) -> float | None:
    """User + system CPU time process ``pid`` has used (Linux /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
