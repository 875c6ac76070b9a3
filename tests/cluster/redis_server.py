"""Redis for the cluster's tests: the machine's own (skipped without it, failed under
CI=true), or a private ``redis-server`` on a free port that a test may stop and start."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

REDIS_URL = os.environ.get("YUANZI_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _unavailable(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"Redis is required under CI=true: {why}")
    pytest.skip(why)


def redis_url() -> str:
    """The machine's Redis, checked with a PING."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as e:
        _unavailable(f"Redis not reachable at {REDIS_URL}: {e}")
    return REDIS_URL


def namespace() -> str:
    """A namespace of its own for one test, so tests never hear each other."""
    return f"yuanzi-test:{uuid.uuid4().hex[:10]}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateRedis:
    """A ``redis-server`` of the test's own, nothing kept on disk."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            _unavailable("redis-server is not installed")
        self.binary = binary or "redis-server"
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        import redis

        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=0.2).ping()
                return
            except Exception:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None


@contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()
