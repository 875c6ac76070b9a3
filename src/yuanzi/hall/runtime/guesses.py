"""A guesser's own allowance of secrets tried (issues 27 and 44): room codes, invite
links, club join codes and links — one allowance for every door a guesser could hit, so
that a second kind of door is no second allowance.

Secrets are tried at most ``tries`` times a minute and ``hourly`` times an hour per
account, twice that per address, on every node at once (the limits are the hall's).
Only the guesser pays: a whole hall's misses raise an alarm elsewhere, never a refusal.
"""

from __future__ import annotations

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.ratelimit import Limits
from yuanzi.hall.settings import Settings


class GuessAllowance:
    def __init__(self, limits: Limits, name: str, tries: int, hourly: int,
                 refusal: str) -> None:
        self._refusal = refusal
        self._limits = (
            ("account", limits.limiter(f"{name}_account", tries, 60)),
            ("account", limits.limiter(f"{name}_account_hour", hourly, 3600)),
            ("address", limits.limiter(f"{name}_address", 2 * tries, 60)),
            ("address", limits.limiter(f"{name}_address_hour", 2 * hourly, 3600)))

    async def check(self, account_id: int | None, address: str | None) -> None:
        """Refuse (``rate_limited``) a guesser past his own allowance, by account or by
        address; either may be unknown (a link opened before logging in)."""
        for kind, limiter in self._limits:
            key = (None if account_id is None else str(account_id)) if kind == "account" \
                else address
            if key is not None and not await limiter.check(key):
                raise HallError(Code.RATE_LIMITED, self._refusal)


def door_allowance(limits: Limits, settings: Settings) -> GuessAllowance:
    """The one allowance the hall's doors share (``room_code_tries`` a minute and
    ``room_code_tries_hour`` an hour per account, twice that per address)."""
    return GuessAllowance(limits, "door", settings.room_code_tries,
                          settings.room_code_tries_hour,
                          "too many codes or links tried; wait a while and check the code")
