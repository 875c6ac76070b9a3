"""A game's standings (ladder R37/R38, skill rating, wins and 双夹) — and a tournament
round's, applied when the round is over rather than at each game's end.

Every table of a tournament's round plays the same deals (duplicate, issue 28). Had an
entrant's ladder, rating or wins moved at his game's end, anyone watching his profile or
the leaderboard would learn how a deal went before his own table had played it. So a
tournament's game stores its result with its standings *pending* (the table's players see
what they will be; the drops are the player's own and land at once), and the director,
once the round's last table has closed, applies each pending game in the order played:
each in its own transaction that claims the game, so two nodes or a restart never apply
one twice and a game that cannot be applied holds up neither the others nor the round.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from yuanzi.engine import DOUBLE
from yuanzi.hall.economy.ladders import Ladder, LadderPlayer, stake_for
from yuanzi.hall.economy.rating import Rating, rate_game
from yuanzi.hall.economy.stakes import Outcome
from yuanzi.hall.ports import Changes, Decision, EconomyStore, Wallet, WalletChange
from yuanzi.hall.round_ports import (
    AlreadySettled,
    PendingGame,
    RoundStandingsStore,
    StandingsClaim,
)
from yuanzi.hall.services.unit import UnitOfWork

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class StandingMove:
    """What one game does to one player's standings."""

    ladder: LadderPlayer
    rating: Rating
    delta: int
    """The change of his ladder standing (the score on ``titles``)."""
    stats: dict[str, int] = field(default_factory=dict)
    """Increments of ``wins``, ``double_wins``, ``double_losses``."""

    def onto(self, change: WalletChange) -> None:
        change.ladder = self.ladder
        change.rating = self.rating
        change.stats.update(self.stats)


def ladder_players(ladder: Ladder, wallets: dict[int, Wallet],
                   ids: Sequence[int | None]) -> list[LadderPlayer]:
    """The seats on the ladder: a bot counts as a new player each game (R37)."""
    return [ladder.new_player() if a is None else wallets[a].account.ladder_player
            for a in ids]


def standing_moves(ladder: Ladder, wallets: dict[int, Wallet], ids: Sequence[int | None],
                   outcome: Outcome) -> list[StandingMove | None]:
    """Seat by seat, what the game does to each player's standings (None: a bot, which
    is rated as a fresh default player and not stored)."""
    players = ladder_players(ladder, wallets, ids)
    after = ladder.apply_game(players, outcome)
    rated = rate_game([Rating() if a is None else wallets[a].account.rating for a in ids],
                      outcome.winner)
    moves: list[StandingMove | None] = []
    for i, a in enumerate(ids):
        if a is None:
            moves.append(None)
            continue
        stats: dict[str, int] = {}
        if outcome.winner is not None:
            if i % 2 == outcome.winner:
                stats["wins"] = 1
                if outcome.kind == DOUBLE:
                    stats["double_wins"] = 1
            elif outcome.kind == DOUBLE:
                stats["double_losses"] = 1
        moves.append(StandingMove(after[i], rated[i],
                                  ladder.standing(after[i]) - ladder.standing(players[i]),
                                  stats))
    return moves


@dataclass(frozen=True, slots=True)
class StoredOutcome:
    """A pending game's result as its settlement stored it (:class:`Outcome`)."""

    winner: int | None
    kind: str


def pending_settlement(settlement: dict[str, Any], winner: int | None,
                       kind: str) -> dict[str, Any]:
    """A tournament game's settlement as its end stores it: its standings wait."""
    return {**settlement, "pending": True, "outcome": {"winner": winner, "kind": kind}}


class RoundStandings:
    """Applies a tournament round's pending standings (the director calls it when the
    round's last table has closed, and again on a restart)."""

    def __init__(self, store: RoundStandingsStore, economy: EconomyStore,
                 ladder: Ladder) -> None:
        self.store = store
        self.unit = UnitOfWork(economy)
        self.ladder = ladder

    async def settle(self, tournament_id: int, round_: int) -> list[int]:
        """The round's pending games applied (and any left pending by an earlier round),
        in the order played; the ids this call applied (those applied meanwhile elsewhere
        are skipped)."""
        applied = []
        for game in await self.store.pending_standings(tournament_id, round_):
            humans = [a for a in game.accounts if a is not None]
            try:
                await self.unit.run(humans, self._decision(game))
            except AlreadySettled:
                continue
            except Exception:  # (one game's bookkeeping holds up neither the round nor others)
                log.exception("tournament %s round %s: game %s's standings not applied",
                              tournament_id, round_, game.game_id)
                continue
            applied.append(game.game_id)
        return applied

    def _decision(self, game: PendingGame) -> Decision[None]:
        stored = game.settlement.get("outcome") or {}
        outcome = StoredOutcome(stored.get("winner"), str(stored.get("kind")))

        def decide(wallets: dict[int, Wallet]) -> Changes[None]:
            moves = standing_moves(self.ladder, wallets, game.accounts, outcome)
            c = Changes[None]()
            lines = {int(x["seat"]): dict(x) for x in game.settlement.get("seats", [])}
            for seat, (a, move) in enumerate(zip(game.accounts, moves, strict=True)):
                if a is None or move is None:
                    continue
                move.onto(c.wallet(a))
                lines.setdefault(seat, {"seat": seat, "account_id": a})["score_delta"] = move.delta
            stake = stake_for(self.ladder, ladder_players(self.ladder, wallets, game.accounts),
                              outcome)
            settled = {k: v for k, v in game.settlement.items() if k != "pending"}
            c.standings = StandingsClaim(game.game_id, {
                **settled, "stake": stake, "seats": [lines[s] for s in sorted(lines)]})
            return c

        return decide
