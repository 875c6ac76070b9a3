"""A player's game history (战绩, issue 15): his last games with their public facts.

Read from the games as their settlement stored them — when, partner and opponents, the
outcome, each half's points for his team and the other, the ladder change — and, for the
player himself and admins only, the coins the game moved for him. No hands: a game's
record is not a history's to show (R41). A tournament's game whose round is still played
is his own alone until the round is over (issue 43: other tables play the same cards);
then its record stays open to him (the tournament's, issue 45).
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from yuanzi.engine.half import TEAM_NAMES, team_of
from yuanzi.hall.errors import round_in_play
from yuanzi.hall.models import Account, GameLinks, PlayedGame
from yuanzi.hall.ports import Store
from yuanzi.hall.services.views import (
    GameFacts,
    GameHistory,
    HalfPoints,
    HistoryEntry,
    HistorySeat,
)

HISTORY_PAGE = 20
"""Games per page by default (at most :data:`HISTORY_MAX`)."""
HISTORY_MAX = 100


class History:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def of(self, account_id: int, private: bool, limit: int = HISTORY_PAGE,
                 before: int | None = None, own: bool = False) -> GameHistory:
        """``account_id``'s last ended games, newest first; ``private``: he himself or an
        admin asks (the coins he won or lost are shown); ``own``: he himself asks, so each
        game says what he may still open of it (issue 31: replay and 复盘 from 战绩)."""
        games = await self.store.games_of(account_id, limit + 1, before)
        entries = [e for e in (entry(g, account_id, private) for g in games[:limit])
                   if e is not None]
        secret = await self.store.games_in_open_rounds([e.game_id for e in entries])
        if not own:  # (an admin too: the tournament's page is where he looks)
            entries = [e for e in entries if e.game_id not in secret]
        else:
            links = await self.store.links_of(account_id, [e.game_id for e in entries])
            for game_id in secret & links.keys():  # nothing opens until the round is over
                links[game_id] = GameLinks(None, False, False)
            # then a tournament's game is open to its players for good (issue 45: its
            # record is the tournament's, shown to whoever sees the tournament)
            played = await self.store.tournament_games_among(links.keys() - secret)
            for game_id in played:
                links[game_id] = replace(links[game_id], record_open=True)
            entries = [e.model_copy(update=asdict(links[e.game_id])) if e.game_id in links
                       else e for e in entries]
        return GameHistory(games=entries, more=len(games) > limit)


    async def facts(self, game_id: int, viewer: Account) -> GameFacts | None:
        """One ended game's public facts, for anyone (R41): who sat where, the result —
        a tournament's, while its round is played, for its players and admins only."""
        game = await self.store.played_game(game_id)
        if game is None:
            return None
        if (not viewer.is_admin and all(s["account_id"] != viewer.id for s in game.seats)
                and await self.store.games_in_open_rounds([game_id])):
            raise round_in_play()
        seats = sorted(game.seats, key=lambda s: s["seat"])
        return GameFacts(game_id=game.id, table_id=game.table_id, status=game.status,
                         ended_at=None if game.ended_at is None else game.ended_at.isoformat(),
                         seats=[_seat(s) for s in seats],
                         outcomes=[s["outcome"] for s in seats], result=game.result)


def entry(game: PlayedGame, account_id: int, private: bool) -> HistoryEntry | None:
    mine = next((s for s in game.seats if s["account_id"] == account_id), None)
    if mine is None:  # pragma: no cover - the query joins on his seat
        return None
    seat = mine["seat"]
    us, them = TEAM_NAMES[team_of(seat)], TEAM_NAMES[1 - team_of(seat)]
    result = game.result or {}
    halves = [HalfPoints(us=h["points"][us], them=h["points"][them])
              for h in result.get("halves", [])]
    line: dict[str, Any] = next(
        (x for x in game.settlement.get("seats", []) if x.get("seat") == seat), {})
    others = [s for s in game.seats if s["seat"] != seat]
    return HistoryEntry(
        game_id=game.id, table_id=game.table_id,
        ended_at=None if game.ended_at is None else game.ended_at.isoformat(),
        status=game.status, seat=seat, outcome=mine["outcome"],
        kind=result.get("kind") if game.status == "finished" else None,
        partner=_seat(next(s for s in others if team_of(s["seat"]) == team_of(seat))),
        opponents=[_seat(s) for s in others if team_of(s["seat"]) != team_of(seat)],
        halves=halves, score_delta=int(line.get("score_delta", 0)),
        coins_delta=int(line.get("coins_delta", 0)) if private else None,
        bet=int(game.settlement.get("bet", 0) or 0))


def _seat(s: dict[str, Any]) -> HistorySeat:
    if s["account_id"] is None:
        return HistorySeat(seat=s["seat"], bot=s["bot"], name=s["name"], name_en=s["name_en"])
    return HistorySeat(seat=s["seat"], account_id=s["account_id"], nickname=s["nickname"])
