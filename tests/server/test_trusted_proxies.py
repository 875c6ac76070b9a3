"""A hall believes X-Forwarded-For only from the proxies it was told to trust (issue 14,
item 8: uvicorn trusted 127.0.0.1 by default, so anything on the host could rotate the
header round the per-address limits and the same-IP rule)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import FAST_ENV
from tests.e2e.forged import register_from

from yuanzi.devtools.processes import ServerProcess


def test_a_forged_address_is_not_believed_by_default(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "hall.db", env={**FAST_ENV,
                                                      "YUANZI_REGISTER_PER_IP": "2"})
    server.start()
    try:
        got = [register_from(server.base, f"f{i}", f"203.0.113.{i}") for i in range(3)]
    finally:
        server.stop()
    assert got == [201, 201, 429]  # all three from 127.0.0.1, whatever the header said


def test_a_trusted_proxys_forwarded_address_is_the_clients(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "hall.db", env={
        **FAST_ENV, "YUANZI_REGISTER_PER_IP": "2", "YUANZI_TRUSTED_PROXIES": "127.0.0.1"})
    server.start()
    try:
        got = [register_from(server.base, f"t{i}", f"203.0.113.{i}") for i in range(3)]
    finally:
        server.stop()
    assert got == [201, 201, 201]  # three addresses, as the proxy said
