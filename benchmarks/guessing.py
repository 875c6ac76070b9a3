"""How useless guessing room codes is: ``yuanzi bench guessing`` (issue 27).

A botnet of 100 accounts on 50 addresses tries random room codes as often as the hall
lets it, against 2,000 open private tables, through the hall's own doors
(:class:`~yuanzi.hall.opening.doors.PrivateDoors`, its real limiters on a simulated
clock): every account tries every ``step`` seconds for ``hours`` simulated hours. Then a
friend on an address of his own types the right code.

Reported numbers:

- ``guesses_first_hour`` / ``guesses_per_hour``: codes the botnet got to try in the first
  hour (the limiters' bursts) and on average per hour after it.
- ``hits``: tables it found in the whole run; ``hits_per_hour_expected``: guesses per hour
  × open tables / codes (what the run's hits estimate).
- ``hours_per_hit``: the expected wait for one table.
- ``friend_gets_in``: whether the friend came in at the end (the hall's allowance is not
  the guessers' to spend).
- ``before_*``: the same for the doors before issue 27 (six digits, 10 a minute per
  account and 300 a minute for the whole hall: the hall's allowance was the limit, and a
  friend was refused while the guessers spent it), computed from those limits.

The simulation spends ``seconds`` of wall time at most; it needs no database.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import TableSpec
from yuanzi.hall.opening.doors import CODE_DIGITS, PrivateDoors
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.settings import Settings

ACCOUNTS = 100
ADDRESSES = 50
TABLES = 2000


class Tables:
    """The open private tables, by room code (the doors read nothing else)."""

    def __init__(self, rng: random.Random, digits: int, count: int) -> None:
        low = 10 ** (digits - 1)
        self.codes = {str(rng.randrange(low, 10 * low)): i + 1 for i in range(count)}
        self.space = 9 * low

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None:
        return None if room_code is None else self.codes.get(room_code)

    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]:
        return []  # the guessers try codes, never ask what a link says


async def _simulate(seconds: float, seed: int, hours: float, step: float) -> dict[str, Any]:
    rng = random.Random(seed)
    clock = [0.0]
    tables = Tables(rng, CODE_DIGITS, TABLES)
    doors = PrivateDoors(tables, LocalLimits(clock=lambda: clock[0]), Settings(),
                         clock=lambda: clock[0])
    low = 10 ** (CODE_DIGITS - 1)
    guesses = first_hour = hits = 0
    wall = time.perf_counter()
    ticks = int(hours * 3600 / step)
    for tick in range(ticks):
        clock[0] = tick * step
        for account in range(ACCOUNTS):
            try:
                await doors.by_code(1000 + account, f"198.51.100.{account % ADDRESSES}",
                                    str(rng.randrange(low, 10 * low)))
                hits += 1
            except HallError as e:
                if e.code == Code.RATE_LIMITED:
                    continue
            guesses += 1
        if clock[0] < 3600:
            first_hour = guesses
        if time.perf_counter() - wall > seconds:
            hours = (tick + 1) * step / 3600
            break
    friend_code = next(iter(tables.codes))
    friend_in = await doors.by_code(7, "203.0.113.7", friend_code) == tables.codes[friend_code]
    per_hour = (guesses - first_hour) / max(hours - 1, 1e-9)
    expected = per_hour * TABLES / tables.space
    before_per_hour = 300 * 60  # the hall's allowance was the limit: 300 a minute
    before_expected = before_per_hour * TABLES / 900_000
    return {"accounts": ACCOUNTS, "addresses": ADDRESSES, "tables": TABLES,
            "code_digits": CODE_DIGITS, "hours_simulated": round(hours, 2),
            "guesses_first_hour": first_hour, "guesses_per_hour": round(per_hour),
            "hits": hits, "hits_per_hour_expected": round(expected, 4),
            "hours_per_hit": round(1 / expected, 1) if expected else None,
            "friend_gets_in": friend_in,
            "before_guesses_per_hour": before_per_hour,
            "before_hits_per_hour_expected": round(before_expected, 1),
            "before_friend_gets_in": False}


def run(seconds: float = 8.0, seed: int = 0, hours: float = 24.0,
        step: float = 30.0) -> dict[str, Any]:
    return asyncio.run(_simulate(seconds * 4, seed, hours, step))
