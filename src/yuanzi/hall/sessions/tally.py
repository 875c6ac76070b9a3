"""A session's running tally, from its games as stored: each player's total (the R36
base stakes: +1/+2 won, −1/−2 lost, an escape −2), card points, games won, 双夹 made,
biggest bomb and best partner.

Pure: the same games give the same tally, live at the table or rebuilt after a crash.
Players are keyed by account (a bot by its name at the table), not by seat, so the tally
follows a player who changed seats between games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yuanzi.engine import Game, Record, RecordError, replay
from yuanzi.engine.cards import format_cards
from yuanzi.engine.combos import Kind, Move, classify
from yuanzi.engine.errors import EngineError
from yuanzi.engine.half import TEAM_NAMES
from yuanzi.hall.models import EndedGame

BOMB_KINDS = (Kind.BOMB, Kind.ATOM, Kind.HYDROGEN)


@dataclass(frozen=True, slots=True)
class Bomb:
    """A bomb, atom or hydrogen bomb played (R8–R10), and who played it."""

    key: str
    cards: str
    """R2 notation, as played."""
    kind: str
    """``bomb``, ``atom`` or ``hydrogen``."""
    order: tuple[int, int, int]
    """Bigger is bigger: hydrogen > atom > bomb (R19); bombs by size, then rank."""


@dataclass(frozen=True, slots=True)
class GamePlayer:
    """One seat of one game of the session."""

    key: str
    seat: int
    account_id: int | None
    name: str
    name_en: str | None
    stake: int
    """R36 base stake as settled (R35: −2 for an escaper, 0 for the others)."""
    score_delta: int = 0
    coins_delta: int = 0
    points: int = 0
    """His team's card points over the game's halves (R29)."""


@dataclass(frozen=True, slots=True)
class SessionGame:
    game_id: int
    status: str
    """``finished`` or ``abandoned`` (an escape, R35)."""
    winner: int | None
    """The winning team (0: seats 0 and 2, 1: seats 1 and 3), None for a draw or an
    abandoned game."""
    kind: str | None
    """``normal`` or ``double`` (双夹, R30); None when abandoned."""
    players: tuple[GamePlayer, ...]
    bomb: Bomb | None = None
    """The game's biggest bomb."""

    def won(self, player: GamePlayer) -> bool:
        return self.winner is not None and player.seat % 2 == self.winner


@dataclass(slots=True)
class PlayerTally:
    key: str
    account_id: int | None
    name: str
    name_en: str | None
    seat: int
    """Where he sat in the session's latest game."""
    games: int = 0
    total: int = 0
    points: int = 0
    wins: int = 0
    doubles: int = 0
    score_delta: int = 0
    coins_delta: int = 0
    bomb: Bomb | None = None
    """His biggest bomb of the session."""
    partner: str | None = None
    """The key of his best partner: the one beside whom he won the most stake (ties:
    the one he played with most, then the first met)."""
    with_partner: dict[str, int] = field(default_factory=dict)


def player_key(account_id: int | None, name: str) -> str:
    return f"a{account_id}" if account_id is not None else f"bot:{name}"


def bomb_order(move: Move) -> tuple[int, int, int]:
    return (int(move.kind), move.size if move.kind == Kind.BOMB else 0, move.power)


def biggest_bomb(game: Game, keys: Sequence[str]) -> Bomb | None:
    """The biggest bomb, atom or hydrogen bomb played in ``game`` (``keys``: the seats'
    player keys)."""
    best: Bomb | None = None
    for half in game.halves:
        for seat, cards in half.actions:
            if not cards or len(cards) < 3:
                continue
            try:
                move = classify(cards, half.blade_rank)
            except EngineError:
                continue
            if move.kind not in BOMB_KINDS:
                continue
            order = bomb_order(move)
            if best is None or order > best.order:
                best = Bomb(keys[seat], format_cards(cards), move.kind.label, order)
    return best


def team_points(result: dict[str, Any] | None) -> tuple[int, int]:
    """Each team's card points (NS, EW) over a stored result's halves (R29)."""
    points = [0, 0]
    for half in (result or {}).get("halves", []):
        for team, name in enumerate(TEAM_NAMES):
            points[team] += int(half.get("points", {}).get(name, 0))
    return points[0], points[1]


def session_game(game_id: int, status: str, result: dict[str, Any] | None,
                 record: dict[str, Any] | None, settlement: dict[str, Any],
                 seats: Iterable[dict[str, Any]]) -> SessionGame:
    """One stored game as its session counts it (seats: the stored seats with
    ``account_id``, ``name``, ``name_en`` and ``base_stake``)."""
    lines = {x["seat"]: x for x in settlement.get("seats", [])}
    points = team_points(result)
    players = []
    for x in sorted(seats, key=lambda x: x["seat"]):
        seat = x["seat"]
        line = lines.get(seat, {})
        players.append(GamePlayer(
            player_key(x.get("account_id"), x.get("name") or ""), seat, x.get("account_id"),
            x.get("name") or "", x.get("name_en"), int(x.get("base_stake") or 0),
            int(line.get("score_delta", 0)), int(line.get("coins_delta", 0)),
            points[seat % 2]))
    winner_name = None if result is None else result.get("winner")
    winner = TEAM_NAMES.index(winner_name) if winner_name in TEAM_NAMES else None
    bomb = None
    if record is not None:
        try:
            bomb = biggest_bomb(replay(Record.from_json(record)), [p.key for p in players])
        except (RecordError, EngineError, KeyError, TypeError, ValueError):
            bomb = None  # a record that does not replay has no bomb to show
    return SessionGame(game_id, status, winner if status == "finished" else None,
                       None if result is None or status != "finished" else result.get("kind"),
                       tuple(players), bomb)


def games_of(ended: Iterable[EndedGame]) -> list[SessionGame]:
    """A session's games as the store gives them back."""
    return [session_game(g.id, g.status, g.result, g.record or None, g.settlement, g.seats)
            for g in ended]


def tally(games: Sequence[SessionGame]) -> list[PlayerTally]:
    """Each player's tally over ``games`` (in the order they were played), players in the
    order they first sat (seat order of their first game)."""
    out: dict[str, PlayerTally] = {}
    for g in games:
        for p in g.players:
            t = out.get(p.key)
            if t is None:
                t = out[p.key] = PlayerTally(p.key, p.account_id, p.name, p.name_en, p.seat)
            t.name, t.name_en, t.seat = p.name, p.name_en, p.seat
            t.games += 1
            t.total += p.stake
            t.points += p.points
            t.score_delta += p.score_delta
            t.coins_delta += p.coins_delta
            if g.won(p):
                t.wins += 1
                t.doubles += g.kind == "double"
            partner = next(q for q in g.players if q.seat == (p.seat + 2) % 4)
            t.with_partner[partner.key] = t.with_partner.get(partner.key, 0) + p.stake
            if g.bomb is not None and g.bomb.key == p.key and (
                    t.bomb is None or g.bomb.order > t.bomb.order):
                t.bomb = g.bomb
    for t in out.values():
        t.partner = _best_partner(t, games)
    return list(out.values())


def _best_partner(t: PlayerTally, games: Sequence[SessionGame]) -> str | None:
    if not t.with_partner:
        return None
    together: dict[str, int] = {}
    for g in games:
        me = next((p for p in g.players if p.key == t.key), None)
        if me is not None:
            k = next(q.key for q in g.players if q.seat == (me.seat + 2) % 4)
            together[k] = together.get(k, 0) + 1
    order = list(t.with_partner)
    return max(order, key=lambda k: (t.with_partner[k], together.get(k, 0), -order.index(k)))


def biggest_of(games: Sequence[SessionGame]) -> Bomb | None:
    """The session's biggest bomb (the first played, among equals)."""
    best: Bomb | None = None
    for g in games:
        if g.bomb is not None and (best is None or g.bomb.order > best.order):
            best = g.bomb
    return best
