"""An entrant's value, committed at sign-up and revealed at the start (issue 43's
review). Under ``yuanzi-tourney/1`` the hall knows every seed of the tournament; had it
seen the entrants' values while sign-ups were open, it could sign up an entrant of its
own with a value picked to make the deals it wanted. So the browser signs up with
``SHA-256(value)`` only, and sends the value once nobody can sign up any more: when the
tournament starts, the director asks for them and waits a few seconds before dealing
the first round. A value not revealed in time is left out (its entrant's browser was
gone) — all a hall's own entrant could do with its value is keep it back, a choice
among at most ``2^k`` deals for ``k`` such entrants, not a free pick.

A client may still sign up with its value in the clear (``contribution``): it is fixed
then, and a later entrant of the hall's still cannot see the values kept back behind
their commitments.

Nor may an entrant lean on another's (issue 54): a commitment already entered is refused
(``commitment_taken``: its copy would be revealed with the value the first revealed),
and no value is shown until the reveal is over (:func:`values_shown`), so none is
revealed or kept back knowing the others'.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from yuanzi.engine.fairness import CONTRIBUTION, SEED
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import StoredTournament, TournamentEntry

POLL = 0.2
"""How often the director looks whether every value is in (seconds)."""


def entry_values(contribution: str | None, commitment: str | None) -> None:
    """A sign-up's value: in the clear, or committed — one of them, well formed."""
    if contribution is not None and commitment is not None:
        raise HallError(Code.MALFORMED, "sign up with your value or with its SHA-256, "
                                        "not both")
    if contribution is not None and not CONTRIBUTION.fullmatch(contribution):
        raise HallError(Code.MALFORMED, "a contribution is 16 to 64 lowercase hex digits")
    if commitment is not None and not SEED.fullmatch(commitment):
        raise HallError(Code.MALFORMED, "a commitment is SHA-256 as 64 lowercase hex digits")


def revealed_value(value: object) -> str:
    if not isinstance(value, str) or not CONTRIBUTION.fullmatch(value):
        raise HallError(Code.MALFORMED, "a value is 16 to 64 lowercase hex digits")
    return value


def values_shown(t: StoredTournament) -> bool:
    """Whether the entrants' values are shown: once the reveal is over (the first round
    dealt — every value came, or the wait ended — or the tournament never started).
    Issue 54: shown as each came, they let an entrant who committed to a copy of
    another's commitment reveal the value it is of, or keep his own back once he saw
    the others'."""
    return t.status != "signup" and (t.round >= 0 or t.status != "running")


def unrevealed(t: StoredTournament) -> list[TournamentEntry]:
    """The entrants whose committed value has not come yet."""
    return [e for e in t.entries
            if e.account_id is not None and e.commitment is not None and e.contribution is None
            and e.withdrawn_round is None]


class Tournaments(Protocol):
    async def tournament(self, tournament_id: int) -> StoredTournament | None: ...


async def await_values(store: Tournaments, t: StoredTournament,
                       seconds: float) -> StoredTournament:
    """The tournament once every committed value is in, or ``seconds`` have passed."""
    until = time.monotonic() + seconds
    while unrevealed(t) and time.monotonic() < until:
        await asyncio.sleep(POLL)
        fresh = await store.tournament(t.id)
        if fresh is None:
            break
        t = fresh
    return t
