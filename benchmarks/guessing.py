"""How useless guessing is: ``yuanzi bench guessing`` (issues 27 and 44).

A botnet of 100 accounts on 50 addresses tries random codes as often as the hall lets it,
through the hall's own doors — room codes against 2,000 open private tables
(:class:`~yuanzi.hall.opening.doors.PrivateDoors`) and club codes against 1,000 clubs
(:class:`~yuanzi.hall.clubs.desk.ClubDesk`), one allowance shared by both as the hall
shares it (issue 44), its real limiters on a simulated clock: every account tries a code
every ``step`` seconds for ``hours`` simulated hours — once all at rooms, once all at
clubs (what it spends on one kind it cannot spend on the other). Then a friend on an
address of his own types a table's right code, and another a club's.

Reported numbers, for rooms and for clubs (``clubs_…``):

- ``guesses_first_hour`` / ``guesses_per_hour``: codes the botnet got to try in the first
  hour (the limiters' bursts) and on average per hour after it.
- ``hits``: tables (clubs) it found in the whole run; ``hits_per_hour_expected``: guesses
  per hour × open tables (clubs) / codes (what the run's hits estimate).
- ``hours_per_hit``: the expected wait for one.
- ``friend_gets_in``: whether the friend came in at the end (the hall's allowance is not
  the guessers' to spend).
- ``before_*``: the doors before: issue 27's for rooms (six digits, the hall's allowance
  the limit); before issue 44 for clubs (six-digit codes and an allowance of their own
  beside the room codes': the botnet's whole allowance on clubs alone).

The simulation spends ``seconds`` of wall time at most; it needs no database.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from yuanzi.hall.clubs import rules as club_rules
from yuanzi.hall.clubs.desk import ClubDesk
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import Club, JoinOutcome
from yuanzi.hall.models import Account, TableSpec
from yuanzi.hall.opening.doors import CODE_DIGITS, PrivateDoors
from yuanzi.hall.runtime.guesses import door_allowance
from yuanzi.hall.runtime.ratelimit import LocalLimits
from yuanzi.hall.settings import Settings

ACCOUNTS = 100
ADDRESSES = 50
TABLES = 2000
CLUBS = 1000
OLD_CLUB_SPACE = 900_000
"""Six-digit club codes, before issue 44."""


def _codes(rng: random.Random, digits: int, count: int) -> tuple[dict[str, int], int]:
    low = 10 ** (digits - 1)
    return {str(rng.randrange(low, 10 * low)): i + 1 for i in range(count)}, 9 * low


class Tables:
    """The open private tables, by room code (the doors read nothing else)."""

    def __init__(self, rng: random.Random, digits: int, count: int) -> None:
        self.codes, self.space = _codes(rng, digits, count)

    async def private_table(self, room_code: str | None = None,
                            invite_token: str | None = None) -> int | None:
        return None if room_code is None else self.codes.get(room_code)

    async def open_tables(self, only: int | None = None,
                          club: int | None = None) -> list[TableSpec]:
        return []  # the guessers try codes, never ask what a link says


class Clubs:
    """The clubs, by join code (what the club desk reads of them to let one in)."""

    def __init__(self, rng: random.Random, digits: int, count: int) -> None:
        self.codes, self.space = _codes(rng, digits, count)

    async def club_by_secret(self, join_code: str | None = None,
                             invite_token: str | None = None) -> Club | None:
        found = None if join_code is None else self.codes.get(join_code)
        return None if found is None else Club(found, "club", "", 1, join_code or "", "",
                                                True, 2)

    async def join_club(self, club_id: int, account_id: int, approve: bool, max_members: int,
                        max_clubs: int) -> JoinOutcome:
        return "member"


async def _nothing(command: object) -> None:
    return None


async def _attack(door: str, seconds: float, seed: int, hours: float,
                  step: float) -> tuple[dict[str, Any], bool, float]:
    """The botnet spends its whole allowance on one kind of door (``rooms`` or ``clubs``:
    the allowance is shared, so what it spends on one it cannot spend on the other)."""
    rng = random.Random(seed)
    clock = [0.0]
    tables = Tables(rng, CODE_DIGITS, TABLES)
    clubs = Clubs(rng, club_rules.CODE_DIGITS, CLUBS)
    limits, settings = LocalLimits(clock=lambda: clock[0]), Settings()
    shared = door_allowance(limits, settings)
    doors = PrivateDoors(tables, limits, settings, clock=lambda: clock[0], allowance=shared)
    desk = ClubDesk(clubs, limits, settings, _nothing, shared)  # type: ignore[arg-type]
    digits = CODE_DIGITS if door == "rooms" else club_rules.CODE_DIGITS
    low = 10 ** (digits - 1)
    count = [0, 0, 0]  # guesses, in the first hour, hits
    wall = time.perf_counter()
    ticks = int(hours * 3600 / step)
    for tick in range(ticks):
        clock[0] = tick * step
        for account in range(ACCOUNTS):
            address = f"198.51.100.{account % ADDRESSES}"
            code = str(rng.randrange(low, 10 * low))
            try:
                if door == "rooms":
                    await doors.by_code(1000 + account, address, code)
                else:
                    await desk.join(_account(1000 + account), address, code)
                count[2] += 1
            except HallError as e:
                if e.code == Code.RATE_LIMITED:
                    continue
            count[0] += 1
        if clock[0] < 3600:
            count[1] = count[0]
        if time.perf_counter() - wall > seconds:
            hours = (tick + 1) * step / 3600
            break
    if door == "rooms":
        room = next(iter(tables.codes))
        friend_in = await doors.by_code(7, "203.0.113.7", room) == tables.codes[room]
        return _figures(count, hours, TABLES, tables.space), friend_in, hours
    club = next(iter(clubs.codes))
    member = (await desk.join(_account(8), "203.0.113.8", club))[1] == "member"
    return _figures(count, hours, CLUBS, clubs.space), member, hours


async def _simulate(seconds: float, seed: int, hours: float, step: float) -> dict[str, Any]:
    rooms, friend_in, room_hours = await _attack("rooms", seconds / 2, seed, hours, step)
    clubs, member, club_hours = await _attack("clubs", seconds / 2, seed, hours, step)
    before_per_hour = 300 * 60  # the hall's allowance was the limit: 300 a minute
    # before issue 44 the clubs' allowance was their own, beside the rooms': the botnet
    # had as many club guesses as it has guesses now, and room guesses besides
    club_before = clubs["guesses_per_hour"] * CLUBS / OLD_CLUB_SPACE
    return {"accounts": ACCOUNTS, "addresses": ADDRESSES, "tables": TABLES,
            "code_digits": CODE_DIGITS, "hours_simulated": round(room_hours, 2),
            **rooms, "friend_gets_in": friend_in,
            "before_guesses_per_hour": before_per_hour,
            "before_hits_per_hour_expected": round(before_per_hour * TABLES / 900_000, 1),
            "before_friend_gets_in": False,
            "clubs": CLUBS, "club_code_digits": club_rules.CODE_DIGITS,
            "clubs_hours_simulated": round(club_hours, 2),
            **{f"clubs_{k}": v for k, v in clubs.items()},
            "clubs_friend_gets_in": member,
            "clubs_before_code_digits": 6,
            "clubs_before_guesses_per_hour": clubs["guesses_per_hour"],
            "clubs_before_room_guesses_per_hour_besides": rooms["guesses_per_hour"],
            "clubs_before_hits_per_hour_expected": round(club_before, 2),
            "shared_allowance": True}


def _account(account_id: int) -> Account:
    return Account(account_id, f"g{account_id}")


def _figures(count: list[int], hours: float, doors: int, space: int) -> dict[str, Any]:
    guesses, first_hour, hits = count
    per_hour = (guesses - first_hour) / max(hours - 1, 1e-9)
    expected = per_hour * doors / space
    return {"guesses_first_hour": first_hour, "guesses_per_hour": round(per_hour),
            "hits": hits, "hits_per_hour_expected": round(expected, 4),
            "hours_per_hit": round(1 / expected, 1) if expected else None}


def run(seconds: float = 8.0, seed: int = 0, hours: float = 24.0,
        step: float = 30.0) -> dict[str, Any]:
    return asyncio.run(_simulate(seconds * 4, seed, hours, step))
