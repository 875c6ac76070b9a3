"""The rules guide 玩法说明 (issue 10): its examples, worked out by the engine itself.

The card groups and the little deal are chosen in :mod:`yuanzi.guide.examples`; everything
the guide *says* about them is computed by the engine (:mod:`yuanzi.guide.groups`,
:mod:`yuanzi.guide.walkthrough`): a group's kind, rank, size and jokers
(:func:`yuanzi.engine.combos.classify`), whether one group beats another (and the other
way round, :func:`yuanzi.engine.combos.beats`), which rank a turned card makes the blade
(:func:`yuanzi.engine.deal.blade_rank_of`), who wins a trick, who leads after it (接风),
how a half ends and where its points go (:class:`yuanzi.engine.half.HalfState`), and who
wins the game (:func:`yuanzi.engine.game.decide`). The server sends :func:`guide_data`
as JSON (``GET /api/guide``); the client puts it in words, zh-CN and English, and draws
every group as real cards.

An example that the engine refuses (a scripted play that is illegal, a seat out of turn)
raises :class:`GuideError`: the guide never shows what the engine would not do.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from yuanzi.engine.cards import RANKS, TOTAL_POINTS, parse_cards
from yuanzi.engine.deal import blade_rank_of
from yuanzi.engine.game import DOUBLE_LINE, OTHER_TEAM_WINS_AT, UPSTREAM_TEAM_WINS_AT
from yuanzi.engine.rules import DEFAULT_RULES
from yuanzi.guide.examples import BEATS, COMBINATIONS, GUIDE_BLADE_CARD, MINI_HALF, GuideError
from yuanzi.guide.groups import (
    blade_turns,
    combinations,
    deck_facts,
    group_info,
    points_facts,
    rank_order,
    verdicts,
)
from yuanzi.guide.walkthrough import game_decisions, jiefeng_partner, mini_half, play_half


@lru_cache(maxsize=1)
def guide_data() -> dict[str, Any]:
    """Everything the guide shows, worked out by the engine (the JSON of ``GET /api/guide``).

    Card groups are in R2 notation; kinds are the engine's labels (``single`` … ``hydrogen``,
    ``invalid``); seats are ``N E S W`` (R20), teams ``NS`` and ``EW``. The words are the
    client's.
    """
    blade_card = parse_cards(GUIDE_BLADE_CARD)[0]
    blade = blade_rank_of(blade_card, False, DEFAULT_RULES)
    return {
        "blade": RANKS[blade],
        "blade_card": GUIDE_BLADE_CARD,
        "deck": deck_facts(),
        "blade_turns": blade_turns(),
        "order": rank_order(blade),
        "points": points_facts(),
        "combinations": combinations(blade),
        "beats": verdicts(blade),
        "half": mini_half(),
        "jiefeng_partner": jiefeng_partner(),
        "scoring": {
            "total": TOTAL_POINTS,
            "double_line": DOUBLE_LINE,
            "upstream_wins_at": UPSTREAM_TEAM_WINS_AT,
            "other_wins_at": OTHER_TEAM_WINS_AT,
            "decisions": game_decisions(),
        },
        "clock": {"turn_seconds": DEFAULT_RULES.turn_seconds},
    }


__all__ = ["BEATS", "COMBINATIONS", "GUIDE_BLADE_CARD", "MINI_HALF", "GuideError", "group_info",
           "guide_data", "play_half"]
