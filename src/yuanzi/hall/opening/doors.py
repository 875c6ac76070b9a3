"""The doors of the private tables (issues 15 and 27): an eight-digit room code said
aloud, or an invite link carrying a secret of 128 bits.

Guessing must be useless, and a guesser must pay for it alone (issue 27: a hall-wide
allowance let 30 throwaway accounts lock every friend out in 2 s). So a code has eight
digits — 2,000 open tables among 90 million codes, one in 45,000 — and codes are tried at
most ``room_code_tries`` times a minute and ``room_code_tries_hour`` times an hour per
account, twice that per address (hall-wide on a hall of several nodes, like every limit).
A botnet of 100 accounts on 50 addresses then makes at most 2,000 guesses an hour and
opens a table about once a day (``yuanzi bench guessing`` measures it). The whole hall's
misses only raise an alarm (a warning, ``yuanzi_room_code_misses_total``), never a
refusal: a friend with the right code always comes in. A code lives only while its table
is open; the hall draws a fresh one, unique among open tables. Six-digit codes drawn
before are still honoured while their tables stay open.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import TableSpec
from yuanzi.hall.runtime.guesses import GuessAllowance, door_allowance
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)

CODE = re.compile(r"[0-9]{8}|[0-9]{6}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
CODE_DIGITS = 8
ALARM_EVERY = 60.0
"""Seconds between two warnings that the hall's misses passed their alarm."""


def new_room_code() -> str:
    """Eight digits, never starting with 0 (read aloud, a leading 0 gets lost)."""
    low = 10 ** (CODE_DIGITS - 1)
    return str(low + secrets.randbelow(9 * low))


def new_invite_token() -> str:
    """128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


class PrivateTables(Protocol):
    """What the doors need of the store: the open private table behind a code or link,
    and what an invitation may say of it."""

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None: ...
    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]: ...


@dataclass(frozen=True, slots=True)
class Invitation:
    """What an invite link says to whoever holds it, logged in or not (issue 31): who
    invites him to which table — the link's holder is invited, so this tells nobody more
    than the link's sender chose to."""

    table: str
    name_default: bool
    """The table's name is the default «owner 的桌» (a client words it in its language)."""
    owner: str
    free_seats: int
    across_free: bool
    """The seat opposite the owner is free: the newcomer sits there, as his partner (R20);
    the page promises it only then."""


class PrivateDoors:
    def __init__(self, store: PrivateTables, limits: Limits, settings: Settings,
                 clock: Callable[[], float] = time.monotonic,
                 allowance: GuessAllowance | None = None) -> None:
        self.store = store
        self.clock = clock
        self._allowance = allowance or door_allowance(limits, settings)
        """The guesser's allowance, the one club codes spend too (issue 44)."""
        self._alarm = limits.limiter("room_code_hall", settings.room_code_hall_tries, 60)
        self._alarmed_at = -ALARM_EVERY
        self.misses = 0
        """Room codes and links tried that opened nothing (a counter in /metrics)."""

    async def by_code(self, account_id: int, address: str | None, code: str) -> int:
        """The open private table with this room code (spaces between digits allowed:
        it is written ``1234 5678``)."""
        code = "".join(code.split())
        if not CODE.fullmatch(code):
            raise HallError(Code.MALFORMED, "a room code is eight digits")
        await self._allowed(account_id, address)
        table = await self.store.private_table(room_code=code)
        if table is None:
            await self._missed(account_id, address, "room code")
            raise HallError(Code.NO_SUCH_CODE, f"no open table has the room code {code}")
        log.info("account %s (%s) came to table %s by its room code", account_id, address,
                 table)
        return table

    async def by_link(self, account_id: int, address: str | None, token: str) -> int:
        """The open private table this invite link opens."""
        if not TOKEN.fullmatch(token):
            raise HallError(Code.MALFORMED, "this is not an invite link")
        await self._allowed(account_id, address)
        table = await self.store.private_table(invite_token=token)
        if table is None:
            await self._missed(account_id, address, "invite link")
            raise HallError(Code.NO_SUCH_CODE, "this invite link opens no open table (its "
                                               "table may have closed)")
        return table

    async def invitation(self, address: str | None, token: str) -> Invitation:
        """Who invites to which table by this link, before its holder logs in: counted
        against the address's allowance like a code tried (a wrong link is a miss)."""
        if not TOKEN.fullmatch(token):
            raise HallError(Code.MALFORMED, "this is not an invite link")
        await self._allowed(None, address)
        table = await self.store.private_table(invite_token=token)
        specs = [] if table is None else await self.store.open_tables(only=table)
        if not specs:
            await self._missed(None, address, "invite link")
            raise HallError(Code.NO_SUCH_CODE, "this invite link opens no open table (its "
                                               "table may have closed)")
        spec = specs[0]
        host = next((i for i, s in enumerate(spec.seats)
                     if s.account is not None and s.account.id == spec.owner.id), None)
        return Invitation(table=spec.name, name_default=spec.name_default,
                          owner=spec.owner.nickname,
                          free_seats=sum(1 for s in spec.seats if s.empty),
                          across_free=host is not None and spec.seats[(host + 2) % 4].empty)

    async def _allowed(self, account_id: int | None, address: str | None) -> None:
        """The guesser's own allowance, by account and by address; never the hall's."""
        try:
            await self._allowance.check(account_id, address)
        except HallError:
            log.info("room codes: account %s (%s) tried too many", account_id, address)
            raise

    async def _missed(self, account_id: int | None, address: str | None, what: str) -> None:
        self.misses += 1
        log.info("a %s that opens nothing, tried by account %s (%s)", what, account_id,
                 address)
        if not await self._alarm.check("all"):
            now = self.clock()
            if now - self._alarmed_at >= ALARM_EVERY:
                self._alarmed_at = now
                log.warning("room codes: more than the hall's alarm of misses a minute "
                            "(someone is guessing?); each guesser's own limits hold")
