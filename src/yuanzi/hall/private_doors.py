"""The doors of the private tables (issue 15): a six-digit room code said aloud, or an
invite link carrying a secret of 128 bits.

Six digits among 2,000 open tables can be guessed, so a code is tried at most
``room_code_tries`` times a minute per account (twice that per address) and
``room_code_hall_tries`` times a minute in the whole hall (hall-wide on a hall of several
nodes, like every limit), and every miss is logged with who tried. A code lives only
while its table is open; the hall draws a fresh one, unique among open tables.
"""

from __future__ import annotations

import logging
import re
import secrets

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.ports import Store
from yuanzi.hall.ratelimit import Limits
from yuanzi.hall.settings import Settings

log = logging.getLogger(__name__)

CODE = re.compile(r"[0-9]{6}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def new_room_code() -> str:
    """Six digits, never starting with 0 (read aloud, a leading 0 gets lost)."""
    return str(100_000 + secrets.randbelow(900_000))


def new_invite_token() -> str:
    """128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


class PrivateDoors:
    def __init__(self, store: Store, limits: Limits, settings: Settings) -> None:
        self.store = store
        tries = settings.room_code_tries
        self._account = limits.limiter("room_code_account", tries, 60)
        self._address = limits.limiter("room_code_address", 2 * tries, 60)
        self._hall = limits.limiter("room_code_hall", settings.room_code_hall_tries, 60)
        self.misses = 0
        """Room codes and links tried that opened nothing (a counter in /metrics)."""

    async def by_code(self, account_id: int, address: str | None, code: str) -> int:
        """The open private table with this room code."""
        code = code.strip()
        if not CODE.fullmatch(code):
            raise HallError(Code.MALFORMED, "a room code is six digits")
        await self._allowed(account_id, address, hall=True)
        table = await self.store.private_table(room_code=code)
        if table is None:
            self._missed(account_id, address, "room code")
            raise HallError(Code.NO_SUCH_CODE, f"no open table has the room code {code}")
        log.info("account %s (%s) came to table %s by its room code", account_id, address,
                 table)
        return table

    async def by_link(self, account_id: int, address: str | None, token: str) -> int:
        """The open private table this invite link opens."""
        if not TOKEN.fullmatch(token):
            raise HallError(Code.MALFORMED, "this is not an invite link")
        await self._allowed(account_id, address, hall=False)
        table = await self.store.private_table(invite_token=token)
        if table is None:
            self._missed(account_id, address, "invite link")
            raise HallError(Code.NO_SUCH_CODE, "this invite link opens no open table (its "
                                               "table may have closed)")
        return table

    async def _allowed(self, account_id: int, address: str | None, hall: bool) -> None:
        if not await self._account.check(str(account_id)) or (
                address is not None and not await self._address.check(address)):
            log.warning("room codes: account %s (%s) tried too many", account_id, address)
            raise HallError(Code.RATE_LIMITED, "too many room codes tried; wait a minute")
        if hall and not await self._hall.check("all"):
            log.warning("room codes: the hall's allowance is spent (someone is guessing?)")
            raise HallError(Code.RATE_LIMITED, "too many room codes are being tried in the "
                                               "hall; wait a minute")

    def _missed(self, account_id: int, address: str | None, what: str) -> None:
        self.misses += 1
        log.info("a %s that opens nothing, tried by account %s (%s)", what, account_id,
                 address)
