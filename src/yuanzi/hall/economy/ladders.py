"""The two ladders (等级, R37–R39): how a game, an escape or a gem moves a player.

A hall runs one ladder (R39, setting ``ladder`` = ``titles`` | ``doubling``, default
``titles``). Both store a player as the same :class:`LadderPlayer` (score, level) — the
two columns the store keeps — but read the score differently:

* ``titles`` (R38, the hall's help page): ``score`` is the player's total score and
  ``level`` is derived from it (26 titles, 炮灰 … 氢弹). The stake is base × 10.
* ``doubling`` (R37, the encyclopedia): ``score`` is the points *within* the level.
  The stake is base × 2^L, L the lowest level of the four seats.

Every function is pure: it takes the four seats' values before the game and returns
the four values after, so the store can write them in the game's transaction.

Decisions where the rules leave room (recorded in the project's notes):

* Doubling, promotion (R37): "rises to L+1 with 0 points" — applied **once** per gain:
  the points beyond the threshold are forfeited, so one game (or one gem) never lifts a
  player more than one level. Promotion is checked only when points are gained.
* Doubling, demotion (R37; encyclopedia: 降级则变为下一级对局分的五倍减去最后一盘的失分):
  a player at L > 0 with p points who loses x with p − x < 0 falls to L−1 with
  5·2^(L−1) − x points ("minus the points lost in that game" is x, not the deficit).
  p − x = 0 stays at L with 0. Since x ≤ 2·2^L = 4·2^(L−1) for any R37 stake or escape,
  the result is always ≥ 2^(L−1) > 0 and below the L−1 threshold: one game never drops
  a player two levels and never re-promotes him. Level 0 goes negative without bound.
* Escape (R35): the escaper loses twice the stake of a *normal* win at that table
  (titles 20; doubling 2 × 2^L with L the table's lowest level), with demotion as above.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from yuanzi.engine.result import NORMAL
from yuanzi.hall.economy.stakes import BASE_STAKES, Outcome, base_stake, check_seat, seat_deltas

TITLES = "titles"
DOUBLING = "doubling"
DEFAULT_LADDER = TITLES
"""R39: a hall runs one ladder; the default is ``titles``."""


@dataclass(frozen=True, slots=True)
class LadderPlayer:
    """One player's ladder standing: ``score`` and ``level`` (see the module doc)."""

    score: int
    level: int


Seats4 = tuple[LadderPlayer, LadderPlayer, LadderPlayer, LadderPlayer]


@dataclass(frozen=True, slots=True)
class Title:
    """A level's name in Chinese (as the rules give it) and in English."""

    level: int
    zh: str
    en: str


class Ladder(Protocol):
    """What both ladders offer; the hall picks one by its ``ladder`` setting (R39)."""

    @property
    def name(self) -> str: ...

    def new_player(self) -> LadderPlayer: ...

    def check(self, player: LadderPlayer) -> None: ...

    def title(self, level: int) -> Title: ...

    def stake(self, players: Sequence[LadderPlayer], base: int) -> int: ...

    def escape_penalty(self, players: Sequence[LadderPlayer]) -> int: ...

    def apply_game(self, players: Sequence[LadderPlayer], outcome: Outcome) -> Seats4: ...

    def apply_escape(self, players: Sequence[LadderPlayer], escaper: int) -> Seats4: ...

    def add_points(self, player: LadderPlayer, points: int) -> LadderPlayer: ...

    def points_to_next(self, player: LadderPlayer) -> int | None: ...

    def standing(self, player: LadderPlayer) -> int: ...


def _four(players: Sequence[LadderPlayer]) -> Seats4:
    if len(players) != 4:
        raise ValueError(f"a table has four seats, got {len(players)} players")
    return (players[0], players[1], players[2], players[3])


def stake_for(ladder: Ladder, players: Sequence[LadderPlayer], outcome: Outcome) -> int:
    """The game's stake on ``ladder``: R36's base stake times the ladder's multiplier."""
    return ladder.stake(players, base_stake(outcome))


# -- titles (R38) --------------------------------------------------------------------------

TITLE_NAMES: tuple[tuple[str, str], ...] = (
    ("炮灰", "Cannon Fodder"),
    ("弹壳", "Shell Casing"),
    ("钢刀", "Steel Sabre"),
    ("连弩", "Repeating Crossbow"),
    ("火枪", "Musket"),
    ("铁铳", "Iron Blunderbuss"),
    ("弩炮", "Ballista"),
    ("火炮", "Cannon"),
    ("土枪", "Fowling Piece"),
    ("驳壳式", "Mauser Pistol"),
    ("长步枪", "Long Rifle"),
    ("冲锋枪", "Submachine Gun"),
    ("轻机枪", "Light Machine Gun"),
    ("重机枪", "Heavy Machine Gun"),
    ("手榴弹", "Stick Grenade"),
    ("手雷", "Hand Grenade"),
    ("火箭筒", "Bazooka"),
    ("追击炮", "Mortar"),
    ("榴弹炮", "Howitzer"),
    ("火箭炮", "Rocket Artillery"),
    ("飞弹", "Missile"),
    ("洲际导弹", "Intercontinental Missile"),
    ("核反应弹", "Fission Bomb"),
    ("生化核弹", "Bio-Chemical Nuke"),
    ("生物核弹", "Biological Nuke"),
    ("氢弹", "Hydrogen Bomb"),
)
"""R38: the 26 titles, level 0 to 25, in the rules' Chinese with an English rendering."""

TITLE_LIST: tuple[Title, ...] = tuple(Title(i, zh, en) for i, (zh, en) in enumerate(TITLE_NAMES))
MAX_TITLE_LEVEL = len(TITLE_LIST) - 1
TITLES_MULTIPLIER = 10
"""R38 [choice]: the stake of a game on the titles ladder is base × 10."""


def title_floor(level: int) -> int:
    """R38: the score at which title ``level`` ≥ 1 starts, 50·k·(k−1) (level 1 at 0)."""
    if not 1 <= level <= MAX_TITLE_LEVEL:
        raise ValueError(f"title levels with a floor are 1–{MAX_TITLE_LEVEL}, not {level}")
    return 50 * level * (level - 1)


def title_level(score: int) -> int:
    """R38: the title level of a total score: 0 below 0, else the k with 50k(k−1) ≤ score."""
    if score < 0:
        return 0
    level = 1
    while level < MAX_TITLE_LEVEL and score >= 50 * (level + 1) * level:
        level += 1
    return level


def points_to_next_title(score: int) -> int | None:
    """Points still needed for the next title; None at 氢弹 (level 25, the top)."""
    level = title_level(score)
    if level >= MAX_TITLE_LEVEL:
        return None
    return title_floor(level + 1) - score


@dataclass(frozen=True, slots=True)
class TitlesLadder:
    """R38: 26 titles by total score; stake = base × 10; the level follows the score."""

    multiplier: int = TITLES_MULTIPLIER

    @property
    def name(self) -> str:
        return TITLES

    def new_player(self) -> LadderPlayer:
        return LadderPlayer(0, title_level(0))

    def check(self, player: LadderPlayer) -> None:
        """A titles value is consistent when its level is the one its score gives."""
        if player.level != title_level(player.score):
            raise ValueError(f"score {player.score} is title level {title_level(player.score)}, "
                             f"not {player.level}")

    def title(self, level: int) -> Title:
        if not 0 <= level <= MAX_TITLE_LEVEL:
            raise ValueError(f"title levels are 0–{MAX_TITLE_LEVEL}, not {level}")
        return TITLE_LIST[level]

    def stake(self, players: Sequence[LadderPlayer], base: int) -> int:
        _four(players)
        return base * self.multiplier

    def escape_penalty(self, players: Sequence[LadderPlayer]) -> int:
        return 2 * self.stake(players, BASE_STAKES[NORMAL])

    def _moved(self, player: LadderPlayer, delta: int) -> LadderPlayer:
        self.check(player)
        score = player.score + delta
        return LadderPlayer(score, title_level(score))

    def apply_game(self, players: Sequence[LadderPlayer], outcome: Outcome) -> Seats4:
        four = _four(players)
        deltas = seat_deltas(outcome.winner, self.stake(four, base_stake(outcome)))
        return _four([self._moved(p, d) for p, d in zip(four, deltas, strict=True)])

    def apply_escape(self, players: Sequence[LadderPlayer], escaper: int) -> Seats4:
        check_seat(escaper)
        four = _four(players)
        penalty = self.escape_penalty(four)
        return _four([self._moved(p, -penalty) if s == escaper else p
                      for s, p in enumerate(four)])

    def add_points(self, player: LadderPlayer, points: int) -> LadderPlayer:
        if points <= 0:
            raise ValueError(f"points added are positive, not {points}")
        return self._moved(player, points)

    def points_to_next(self, player: LadderPlayer) -> int | None:
        return points_to_next_title(player.score)

    def standing(self, player: LadderPlayer) -> int:
        """The leaderboard score: the total score itself."""
        return player.score


# -- doubling (R37) ------------------------------------------------------------------------

DOUBLING_NAMES: tuple[tuple[str, str], ...] = (
    ("空手", "Empty Hands"),
    ("石块", "Stone"),
    ("木棍", "Stick"),
)
"""R37: the named levels 0–2; from 3 on a level is "N级" (level N)."""

PROMOTION_FACTOR = 5
"""R37: a level is climbed with five times its own stake, 5 × 2^L points."""


def doubling_threshold(level: int) -> int:
    """R37: the points that lift a player at ``level`` to the next: 5 × 2^L."""
    if level < 0:
        raise ValueError(f"levels are never negative, not {level}")
    return PROMOTION_FACTOR << level


@dataclass(frozen=True, slots=True)
class DoublingLadder:
    """R37: levels 空手, 石块, 木棍, N级; stake = base × 2^(lowest level at the table)."""

    @property
    def name(self) -> str:
        return DOUBLING

    def new_player(self) -> LadderPlayer:
        return LadderPlayer(0, 0)

    def check(self, player: LadderPlayer) -> None:
        """Consistent: level ≥ 0, points below the level's threshold, ≥ 0 above level 0."""
        if player.level < 0:
            raise ValueError(f"levels are never negative, not {player.level}")
        if player.score >= doubling_threshold(player.level):
            raise ValueError(f"{player.score} points at level {player.level} should have "
                             "been promoted")
        if player.level > 0 and player.score < 0:
            raise ValueError(f"{player.score} points at level {player.level} should have "
                             "been demoted")

    def title(self, level: int) -> Title:
        if level < 0:
            raise ValueError(f"levels are never negative, not {level}")
        if level < len(DOUBLING_NAMES):
            zh, en = DOUBLING_NAMES[level]
            return Title(level, zh, en)
        return Title(level, f"{level}级", f"Level {level}")

    def stake(self, players: Sequence[LadderPlayer], base: int) -> int:
        """R37: base × 2^L, L the lowest level among the four seats."""
        lowest = min(p.level for p in _four(players))
        return base << lowest

    def escape_penalty(self, players: Sequence[LadderPlayer]) -> int:
        return 2 * self.stake(players, BASE_STAKES[NORMAL])

    def gain(self, player: LadderPlayer, points: int) -> LadderPlayer:
        """R37: add points; at ≥ 5 × 2^L rise once to L+1 with 0 points (excess forfeited)."""
        self.check(player)
        if points < 0:
            raise ValueError(f"a gain is not negative, not {points}")
        score = player.score + points
        if score >= doubling_threshold(player.level):
            return LadderPlayer(0, player.level + 1)
        return LadderPlayer(score, player.level)

    def lose(self, player: LadderPlayer, points: int) -> LadderPlayer:
        """R37: take points; below 0 at L > 0 fall to L−1 with 5 × 2^(L−1) − points."""
        self.check(player)
        if points < 0:
            raise ValueError(f"a loss is not negative, not {points}")
        score = player.score - points
        if score >= 0 or player.level == 0:
            return LadderPlayer(score, player.level)
        fallen = LadderPlayer(doubling_threshold(player.level - 1) - points, player.level - 1)
        if fallen.score < 0 and fallen.level > 0:
            # Unreachable from an R37 stake (x ≤ 4 × 2^(L−1)); refuse rather than invent
            # a second demotion the rules do not describe.
            raise ValueError(f"a loss of {points} at level {player.level} exceeds any stake")
        return fallen

    def _moved(self, player: LadderPlayer, delta: int) -> LadderPlayer:
        return self.gain(player, delta) if delta >= 0 else self.lose(player, -delta)

    def apply_game(self, players: Sequence[LadderPlayer], outcome: Outcome) -> Seats4:
        four = _four(players)
        deltas = seat_deltas(outcome.winner, self.stake(four, base_stake(outcome)))
        return _four([self._moved(p, d) if d else p for p, d in zip(four, deltas, strict=True)])

    def apply_escape(self, players: Sequence[LadderPlayer], escaper: int) -> Seats4:
        check_seat(escaper)
        four = _four(players)
        penalty = self.escape_penalty(four)
        return _four([self.lose(p, penalty) if s == escaper else p for s, p in enumerate(four)])

    def add_points(self, player: LadderPlayer, points: int) -> LadderPlayer:
        """Gem points (R42) are points within the level, with R37's promotion check."""
        if points <= 0:
            raise ValueError(f"points added are positive, not {points}")
        return self.gain(player, points)

    def points_to_next(self, player: LadderPlayer) -> int | None:
        return doubling_threshold(player.level) - player.score

    def standing(self, player: LadderPlayer) -> int:
        """The leaderboard score: points ever needed to reach the level, plus the points.

        5·(2^L − 1) + p is monotone in (level, points) — each level's range of standings
        is contiguous and above the previous — so one integer orders the leaderboard and
        is what the gem cap (R42) is compared with, on either ladder.
        """
        return PROMOTION_FACTOR * ((1 << player.level) - 1) + player.score


LADDERS: Mapping[str, Ladder] = {TITLES: TitlesLadder(), DOUBLING: DoublingLadder()}


def ladder_for(name: str) -> Ladder:
    """The ladder a hall's ``ladder`` setting names (R39)."""
    try:
        return LADDERS[name]
    except KeyError:
        raise ValueError(f"unknown ladder {name!r}; choose one of {sorted(LADDERS)}") from None
