"""A tournament as clients see it (docs/protocol.md, ``GET /api/tournaments/{id}``), and
the frame that sends a player to his table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from yuanzi.hall.events import Frame


class EntryView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    position: int
    account_id: int | None
    name: str
    name_en: str | None
    bot: str | None
    checked_in: bool = False
    """A scheduled tournament: checked in (only those play)."""
    withdrawn: bool = False
    """Left while it ran (退赛): 托管 plays his seat, each game an escape for him (R35)."""
    contribution: str | None = None
    """His random value: every deal of the tournament mixes all of them
    (``yuanzi-tourney/1``, issue 43). Shown once the reveal is over (the first round
    dealt, issue 54), to everyone alike; None before, for a bot, or for a value committed
    and not revealed in time."""
    commitment: str | None = None
    """SHA-256 of his value, given at sign-up in its stead and shown from then on: the
    value, revealed at the start, must match it."""


class RoundGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game_id: int
    status: Literal["finished", "abandoned"]


class RoundTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int
    table_id: int
    playing: bool
    seats: list[int]
    """Positions (entries) by seat: 0 and 2 partners (North–South), 1 and 3."""
    games: list[RoundGame] = []
    """The table's games, listed once the round is over (until then other tables play
    the same cards, and the records stay hidden): each links to its replay."""


class StandingView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rank: int
    position: int
    name: str
    games: int
    score: float
    """Total duplicate score (docs/tournaments.md)."""
    stake: int
    points: int
    per_round: list[float]
    withdrawn: bool = False
    """Left while it ran: ranked after everyone who played it out."""


class TournamentView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    name: str
    size: int
    rounds: int
    games_per_round: int
    status: Literal["signup", "running", "finished", "cancelled"]
    """``cancelled``: a scheduled tournament with too few players checked in at its
    start."""
    round: int
    """The round being played, from 0 (−1 before the first)."""
    creator_id: int
    club_id: int | None = None
    """A club's own tournament: only its members see it and sign up (issue 28)."""
    club_name: str | None = None
    starts_at: float | None = None
    """A scheduled tournament (定时赛): its start (unix seconds); None for a sit-and-go,
    which starts when full."""
    check_in_opens_at: float | None = None
    """From then until ``starts_at`` the signed-up check in; at the start, those checked
    in play and the hall's bots fill the free places."""
    created_at: float
    started_at: float | None
    finished_at: float | None
    entries: list[EntryView]
    tables: list[RoundTable]
    standings: list[StandingView]
    commits: list[list[list[str]]]
    """Per round, per game: the SHA-256 commitments of its two halves' seeds — every
    round's published when the tournament is made, before anyone signs up
    (``yuanzi-tourney/1``; a tournament made before issue 43: each round's as it begins,
    ``yuanzi-deal/1``). docs/fairness.md."""
    scheme: str = "yuanzi-tourney/1"
    """How its deals are drawn (docs/fairness.md)."""


class TournamentTableFrame(Frame):
    """To a player: the tournament's round begins; your table (``table``), or the
    tournament is over (``table`` null, ``status`` finished), or a scheduled one was
    cancelled at its start (too few checked in), or its check-in has opened and he has
    not checked in (``check_in``, with its ``name`` and ``starts_at``)."""

    type: Literal["tournament"] = "tournament"
    tournament: int
    round: int
    table: int | None
    status: Literal["running", "finished", "cancelled", "check_in"]
    name: str | None = None
    starts_at: float | None = None


class TournamentReveal(Frame):
    """To an entrant who signed up with his value's SHA-256: the tournament has started
    (nobody can sign up any more); send the value now (``POST
    /api/tournaments/{id}/reveal``), before its first round is dealt (issue 43)."""

    type: Literal["tournament_reveal"] = "tournament_reveal"
    tournament: int
    commitment: str
    """The SHA-256 he signed up with: the value to send is the one it is of."""


def check_in_open(tournament: int, name: str, starts_at: float | None) -> TournamentTableFrame:
    """The reminder that a scheduled tournament's check-in is open."""
    return TournamentTableFrame(tournament=tournament, round=-1, table=None,
                                status="check_in", name=name, starts_at=starts_at)
