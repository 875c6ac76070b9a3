"""What a load-test player saw, as the engine's observation, so it can play real moves.

A client knows a game only from its frames (docs/protocol.md): the ``game`` frame's view
(an observation in wire form) and each ``played`` frame after it. :class:`SeenGame`
keeps those and rebuilds an :class:`~yuanzi.engine.observe.Observation` from them when
the seat is to move, so the load test's players can play the heuristic bot's moves (about
50 µs a decision) and whole games finish as they do in a real hall: tricks contested,
bombs and atoms played, the settlement and the next deal in the measured mix.
"""

from __future__ import annotations

from typing import Any

from yuanzi.bots import make_bot
from yuanzi.engine import Rules
from yuanzi.engine.cards import RANKS, Card, parse_cards, sort_hand
from yuanzi.engine.combos import Kind, classify
from yuanzi.engine.half import TEAM_NAMES, HalfResult
from yuanzi.engine.hand import Hand
from yuanzi.engine.observe import Observation, SeenAction


def _cards(text: str | None) -> tuple[Card, ...] | None:
    return None if text in (None, "pass") else parse_cards(text)  # type: ignore[arg-type]


def _finished(h: dict[str, Any]) -> HalfResult:
    """A finished half from its wire form (the parts a player's view holds)."""
    return HalfResult(parse_cards(h["blade_card"])[0], RANKS.index(h["blade_rank"]),
                      h["ended_by"], tuple(h["out_order"]), h["upstream"], h["downstream"],
                      tuple(h["trick_points"]),
                      (h["points"][TEAM_NAMES[0]], h["points"][TEAM_NAMES[1]]))


class SeenGame:
    """One seat's game as its frames told it."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.rules = Rules.from_dict(view["rules"])
        self.blade_rank = RANKS.index(view["blade_rank"])
        self.history: list[SeenAction] = [(s, _cards(c)) for s, c in view["history"]]
        self.hand = list(parse_cards(view["hand"] or ""))
        self.finished = tuple(_finished(h) for h in view["finished"])

    def played(self, f: dict[str, Any]) -> None:
        """A ``played`` frame: the action, and the public state after it."""
        cards = _cards(f["cards"])
        self.history.append((f["seat"], cards))
        if f["seat"] == self.view["seat"] and cards:
            for c in cards:
                self.hand.remove(c)
        for key in ("to_move", "top", "top_seat", "cards_left", "trick_points",
                    "table_points", "out_order"):
            self.view[key] = f[key]

    def observation(self) -> Observation:
        v = self.view
        top_cards = None  # the top is the trick's last play: the last cards in the history
        if v["top"] is not None:
            top_cards = next(c for _, c in reversed(self.history) if c)
        return Observation(
            seat=v["seat"], rules=self.rules, half=v["half"],
            blade_card=parse_cards(v["blade_card"])[0], blade_rank=self.blade_rank,
            hand=tuple(sort_hand(self.hand, self.blade_rank)),
            cards_left=tuple(v["cards_left"]),
            dealt=tuple(v["dealt"]),
            trick_points=tuple(v["trick_points"]),
            table_points=v["table_points"], to_move=v["to_move"],
            top=None if not top_cards else classify(top_cards, self.blade_rank),
            top_seat=v["top_seat"], trick=(), history=tuple(self.history),
            out_order=tuple(v["out_order"]), finished=self.finished, result=None)


class HeuristicPlayer:
    """Chooses the heuristic bot's move for a seat from what it saw; text for ``play``."""

    def __init__(self, seed: int = 0) -> None:
        self.bot = make_bot("heuristic", seed)

    def choose(self, seen: SeenGame) -> str:
        obs = seen.observation()
        move = self.bot.choose(obs, obs.legal_moves())
        if move.kind == Kind.PASS:
            return "pass"
        return " ".join(c.text for c in Hand(seen.hand, seen.blade_rank).cards_for(move))
