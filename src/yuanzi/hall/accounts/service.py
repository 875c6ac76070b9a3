"""Accounts and sessions 账号: register, log in, log out, who is this cookie.

A session token is 32 random bytes given to the browser in an HttpOnly cookie; the
store keeps only its SHA-256, so a leaked database does not leak live sessions.
Password hashing (argon2, deliberately slow) runs in a worker thread so it never
stalls the event loop that plays the tables.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from yuanzi.hall.accounts.passwords import DUMMY_PASSWORD, Passwords
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.names.nicknames import check_nickname, check_password, nickname_key
from yuanzi.hall.ports import NicknameLike, NicknameTaken, Store
from yuanzi.hall.runtime.ratelimit import Limits, LocalLimits, RateLimiter
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class LoggedIn:
    account: Account
    token: str
    expires_at: datetime


class AccountService:
    def __init__(self, store: Store, settings: Settings, limits: Limits | None = None) -> None:
        self.store = store
        self.settings = settings
        self.passwords = Passwords(settings)
        window = settings.auth_window_seconds
        limits = limits or LocalLimits()
        self._login_ip = limits.limiter("login_ip", settings.login_per_ip, window)
        # (account, address): a guesser elsewhere never locks the owner out (issue 14);
        # the hourly bucket is the backoff once the per-minute one keeps running dry
        self._login_pair = limits.limiter("login_pair", settings.login_per_account, window)
        self._login_pair_hour = limits.limiter("login_pair_hour",
                                               settings.login_per_account_hour, 3600.0)
        self._failures = RateLimiter(settings.login_failures_alarm, window)
        """Wrong passwords per account on this node: past the alarm, a warning is logged
        (credential stuffing from many addresses passes the per-address limits)."""
        self.login_failures = 0
        """Wrong passwords since start (a counter in /metrics)."""
        self._register_ip = limits.limiter("register_ip", settings.register_per_ip, window)
        self._dummy_hash: str | None = None

    async def register(self, nickname: str, password: str, ip: str,
                       role: str = "player") -> LoggedIn:
        if not await self._register_ip.check(ip):
            raise HallError(Code.RATE_LIMITED, "too many registrations from this address; "
                                               "wait a minute")
        nickname = check_nickname(nickname)
        check_password(password, nickname)
        like = await self.store.nickname_like(nickname)
        if like is not None and nickname_key(like) != nickname_key(nickname):
            raise HallError(Code.NICKNAME_TOO_SIMILAR,
                            f"the nickname {nickname!r} looks too much like {like!r}")
        password_hash = await asyncio.to_thread(self.passwords.hash, password)
        try:
            account = await self.store.create_account(nickname, nickname_key(nickname),
                                                      password_hash, role)
        except NicknameTaken:
            raise HallError(Code.NICKNAME_TAKEN,
                            f"the nickname {nickname!r} is taken") from None
        except NicknameLike as e:  # registered a moment ago, beside this one
            raise HallError(Code.NICKNAME_TOO_SIMILAR,
                            f"the nickname {nickname!r} looks too much like {e.args[0]!r}"
                            ) from None
        return await self._new_session(account)

    async def login(self, nickname: str, password: str, ip: str) -> LoggedIn:
        key = nickname_key(nickname.strip())
        pair = f"{key}|{ip}"
        if not (await self._login_ip.check(ip) and await self._login_pair.check(pair)
                and await self._login_pair_hour.check(pair)):
            raise HallError(Code.RATE_LIMITED, "too many login attempts; wait a minute")
        creds = await self.store.credentials(key)
        if creds is None:
            # Spend the same time as a real check, so timing does not reveal the name.
            await asyncio.to_thread(self.passwords.verify, await self._dummy(), password)
            self._failed(key, ip)
            raise HallError(Code.WRONG_CREDENTIALS, "wrong nickname or password")
        ok = await asyncio.to_thread(self.passwords.verify, creds.password_hash, password)
        if not ok:
            self._failed(key, ip)
            raise HallError(Code.WRONG_CREDENTIALS, "wrong nickname or password")
        if creds.account.banned:  # said only to whoever knows the password
            raise HallError(Code.BANNED, "this account is banned")
        return await self._new_session(creds.account)

    def _failed(self, key: str, ip: str) -> None:
        self.login_failures += 1
        if not self._failures.allow(key):
            log.warning("login: many wrong passwords for %r (the last from %s): credential "
                        "stuffing?", key, ip)

    async def logout(self, token: str) -> None:
        await self.store.delete_session(token_hash(token))

    async def authenticate(self, token: str | None) -> Account | None:
        """The account of a session cookie, or None if it is missing, unknown, expired or
        its account is banned."""
        if not token or len(token) > 200:
            return None
        account = await self.store.session_account(token_hash(token), datetime.now(UTC))
        return None if account is None or account.banned else account

    async def _new_session(self, account: Account) -> LoggedIn:
        token = secrets.token_urlsafe(32)
        expires = datetime.now(UTC) + timedelta(days=self.settings.session_days)
        await self.store.create_session(token_hash(token), account.id, expires)
        return LoggedIn(account, token, expires)

    async def _dummy(self) -> str:
        if self._dummy_hash is None:
            self._dummy_hash = await asyncio.to_thread(self.passwords.hash, DUMMY_PASSWORD)
        return self._dummy_hash
