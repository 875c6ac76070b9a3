"""Logins are throttled per address and per (account, address) with a backoff, never per
account alone: a guesser cannot lock the owner out (issue 14, item 2)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from yuanzi.hall.accounts.service import AccountService
from yuanzi.hall.errors import HallError
from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database


def service(tmp_path: Path, **overrides: float) -> tuple[AccountService, Database]:
    settings = Settings.model_validate({
        "db_path": tmp_path / "h.db", "argon2_time_cost": 1, "argon2_memory_kib": 64,
        "argon2_parallelism": 1, **overrides})
    db = open_database(settings)
    return AccountService(db.store, settings), db


async def attempt(accounts: AccountService, password: str, ip: str) -> str:
    try:
        await accounts.login("owner", password, ip)
    except HallError as e:
        return e.code.value
    return "ok"


def test_guesses_from_elsewhere_never_lock_the_owner_out(tmp_path: Path) -> None:
    accounts, db = service(tmp_path, login_per_account=3, login_per_ip=100)

    async def run() -> tuple[list[str], list[str], str, str]:
        await accounts.register("owner", "a-long-passphrase", "10.0.0.1")
        stuffing = [await attempt(accounts, f"guess-{i}", f"203.0.113.{i % 4}")
                    for i in range(40)]  # 10 a second from four addresses
        one_guesser = [await attempt(accounts, "guess", "198.51.100.9") for _ in range(5)]
        owner = await attempt(accounts, "a-long-passphrase", "10.0.0.1")
        owner_elsewhere = await attempt(accounts, "a-long-passphrase", "192.0.2.7")
        return stuffing, one_guesser, owner, owner_elsewhere

    try:
        stuffing, one_guesser, owner, owner_elsewhere = asyncio.run(run())
    finally:
        db.close()
    assert one_guesser == ["wrong_credentials"] * 3 + ["rate_limited"] * 2  # slowed down
    assert stuffing.count("rate_limited") == 40 - 4 * 3
    assert owner == "ok" and owner_elsewhere == "ok"  # the owner was never locked out
    assert accounts.login_failures == 4 * 3 + 3


def test_a_persistent_guesser_backs_off_to_the_hourly_bucket(tmp_path: Path) -> None:
    accounts, db = service(tmp_path, login_per_account=5, login_per_account_hour=6,
                           auth_window_seconds=0.2)

    async def run() -> list[str]:
        await accounts.register("owner", "a-long-passphrase", "10.0.0.1")
        out = []
        for _ in range(4):
            out += [await attempt(accounts, "guess", "198.51.100.9") for _ in range(3)]
            await asyncio.sleep(0.25)  # the minute's bucket is full again
        return out

    try:
        out = asyncio.run(run())
    finally:
        db.close()
    assert out.count("wrong_credentials") == 6 and out[-3:] == ["rate_limited"] * 3


def test_credential_stuffing_is_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                       ) -> None:
    accounts, db = service(tmp_path, login_failures_alarm=5, login_per_ip=100)

    async def run() -> None:
        await accounts.register("owner", "a-long-passphrase", "10.0.0.1")
        for i in range(8):
            await attempt(accounts, "guess", f"203.0.113.{i}")

    with caplog.at_level(logging.WARNING, logger="yuanzi.hall.accounts.service"):
        try:
            asyncio.run(run())
        finally:
            db.close()
    assert "credential stuffing" in caplog.text and "'owner'" in caplog.text
