"""A session as clients see it (docs/protocol.md, ``TableView.session`` and
``GET /api/sessions/{id}``): its length and progress, each player's tally, each game's
line, the vote to end it and, once over, why it ended.

Nothing here is private: the tally is what every player at the table saw in each
``game_over`` (no hand, no coin balance; R45, issue 14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from yuanzi.hall.group_models import StoredSession
from yuanzi.hall.sessions.tally import Bomb, PlayerTally, SessionGame, biggest_of, tally

Status = Literal["running", "ending", "ended"]
EndReason = Literal["games", "vote", "owner", "left", "closed"]
REASONS: tuple[EndReason, ...] = ("games", "vote", "owner", "left", "closed")


class BombView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    cards: str
    kind: str


class PlayerLine(BaseModel):
    """One player's tally over the session's games so far."""

    model_config = ConfigDict(extra="forbid")
    key: str
    """``a{account id}``, or ``bot:{name}``: the player, whatever seat he takes."""
    account_id: int | None
    name: str
    """A player's nickname; a bot's name in Chinese (``name_en`` in English)."""
    name_en: str | None
    seat: int
    games: int
    total: int
    """The sum of his R36 base stakes (+1/+2 won, −1/−2 lost; an escape −2, R35)."""
    points: int
    """His team's card points (R29), summed over his games."""
    wins: int
    doubles: int
    """Games his team won by 双夹 (R30)."""
    score_delta: int
    coins_delta: int
    bomb: BombView | None
    partner: str | None
    """The key of the partner beside whom he won most."""


class GameLine(BaseModel):
    """One game of the session: its id (for its replay or review, R41 as ever), how it
    ended, and each player's base stake."""

    model_config = ConfigDict(extra="forbid")
    game_id: int
    status: Literal["finished", "abandoned"]
    winner: Literal["NS", "EW"] | None
    kind: str | None
    stakes: dict[str, int]


class SessionView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    games: int
    """The length: 4, 8 or 16 games, or 0 for “until someone leaves”."""
    played: int
    status: Status
    """``ending``: agreed to end, the game in progress is its last."""
    reason: EndReason | None = None
    started_at: float
    ended_at: float | None = None
    club: int | None = None
    players: list[PlayerLine]
    lines: list[GameLine]
    bomb: BombView | None
    """The session's biggest bomb."""
    votes: list[int] = []
    """The seats that asked to end the session, while a vote runs."""
    vote_until: float | None = None


def bomb_view(bomb: Bomb | None) -> BombView | None:
    return None if bomb is None else BombView(key=bomb.key, cards=bomb.cards, kind=bomb.kind)


def player_line(t: PlayerTally) -> PlayerLine:
    return PlayerLine(key=t.key, account_id=t.account_id, name=t.name, name_en=t.name_en,
                      seat=t.seat, games=t.games, total=t.total, points=t.points,
                      wins=t.wins, doubles=t.doubles, score_delta=t.score_delta,
                      coins_delta=t.coins_delta, bomb=bomb_view(t.bomb), partner=t.partner)


def game_line(g: SessionGame) -> GameLine:
    return GameLine(game_id=g.game_id,
                    status="abandoned" if g.status == "abandoned" else "finished",
                    winner=None if g.winner is None else ("NS", "EW")[g.winner],
                    kind=g.kind, stakes={p.key: p.stake for p in g.players})


def session_view(s: StoredSession, games: Sequence[SessionGame],
                 ending: bool = False) -> SessionView:
    """The session as stored, its tally from ``games`` (``ending``: agreed to end after
    the game in progress)."""
    status: Status = "ended" if s.status == "ended" else "ending" if ending else "running"
    reason: EndReason | None = next((r for r in REASONS if r == s.reason), None)
    return SessionView(id=s.id, games=s.games, played=len(games), status=status,
                       reason=reason, started_at=s.started_at, ended_at=s.ended_at,
                       club=s.club_id, players=[player_line(t) for t in tally(games)],
                       lines=[game_line(g) for g in games], bomb=bomb_view(biggest_of(games)))
