"""The rules guide (yuanzi.guide, issue 10): every example it shows is what the engine says.

Each group is classified again here, through the judge (RECORD.md's outside contract of the
engine) and the engine directly, and every "what beats what" verdict is asked again both
ways. A second table, the *narration*, pins what the guide's hand-written words (the notes
and explanations of views/guide.js and i18n.js) say about each example: if the engine ever
changes its mind, this test fails instead of the page quietly contradicting itself.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from yuanzi.engine import InvalidCombination, Rules, beats, classify, parse_cards
from yuanzi.engine.cards import RANKS, cards_points, full_deck, parse_rank
from yuanzi.engine.deal import blade_rank_of
from yuanzi.engine.game import decide
from yuanzi.engine.half import HalfResult
from yuanzi.guide import (
    BEATS,
    COMBINATIONS,
    MINI_HALF,
    GuideError,
    guide_data,
    play_half,
)
from yuanzi.judge import answer

GUIDE = guide_data()
BLADE = GUIDE["blade"]

NARRATION: dict[str, str | None] = {
    # what the guide's words say each example is (Move.text; None: not a play)
    "single": "single 9", "pair": "pair 9", "triple": "triple 9",
    "bomb4": "bomb 9x4", "bomb5": "bomb 9x5", "bomb6": "bomb 9x6", "bomb8": "bomb 9x8",
    "bomb_max": "bomb 9x18 j6",
    "blade_single": "single 7", "blade_pair": "pair 7", "blade_triple": "triple 7",
    "blade_bomb": "bomb 7x4",
    "atom": "atom JS", "atom_low": "atom 3D", "atom_blade": "atom 7S", "atom_bj": "atom BJ",
    "atom_sj": "atom SJ", "not_atom": "triple J",
    "hydrogen": "hydrogen Q", "hydrogen_blade": "hydrogen 7",
    "joker_single": "single 3 j1", "joker_pair": "pair 3 j2", "joker_triple": "triple 3 j3",
    "joker_bomb": "bomb 3x4 j4",
    "wild_pair": "pair 10 j1", "wild_triple": "triple K j1", "wild_bomb": "bomb 4x4 j1",
    "wild_atom_cards": "bomb Jx4 j1", "wild_no_hydrogen": "bomb Qx8 j1",
    "bad_blade_joker": None, "bad_two_ranks": None,
}

VERDICTS: dict[str, tuple[bool, bool]] = {
    # what the explanations say: (play beats top, top beats play)
    "higher_single": (True, False), "same_rank": (False, False),
    "size_must_match": (False, False), "triple_vs_pair": (False, False),
    "two_over_ace": (True, False), "blade_over_two": (True, False),
    "jokers_are_three": (False, False), "four_over_jokers": (True, False),
    "wild_pair": (True, False), "joker_pair_low": (True, False),
    "bomb_over_loose": (True, False), "bomb_not_blade": (False, False),
    "bomb_more_cards": (True, False), "bomb_higher_rank": (True, False),
    "blade_bomb_top": (True, False), "bigger_over_blade_bomb": (True, False),
    "blade_bomb_option": (False, False),
    "atom_over_bomb": (True, False), "atom_over_blade": (True, False),
    "atom_suit": (True, False), "atom_rank": (True, False), "atom_sj_over_two": (True, False),
    "atom_bj_over_sj": (True, False), "atom_blade_top": (True, False),
    "hydrogen_over_atom": (True, False), "hydrogen_rank": (True, False),
    "hydrogen_blade": (True, False),
}


def judged(cards: str) -> dict[str, Any]:
    return answer({"op": "classify", "blade": BLADE, "cards": cards})


def test_the_guide_shows_every_example_once() -> None:
    assert [c["id"] for c in GUIDE["combinations"]] == [c[0] for c in COMBINATIONS]
    assert set(NARRATION) == {c[0] for c in COMBINATIONS}
    assert [b["id"] for b in GUIDE["beats"]] == [b[0] for b in BEATS]
    assert set(VERDICTS) == {b[0] for b in BEATS}


@pytest.mark.parametrize("example", GUIDE["combinations"], ids=lambda c: c["id"])
def test_each_combination_is_what_the_engine_says(example: dict[str, Any]) -> None:
    blade = parse_rank(BLADE)
    cards = parse_cards(example["cards"])
    judge = judged(example["cards"])
    if not example["valid"]:
        assert example["kind"] == "invalid"
        assert judge["ok"] is False
        with pytest.raises(InvalidCombination):
            classify(cards, blade)
    else:
        assert judge["ok"] is True, judge
        for key in ("kind", "rank", "size", "blade"):
            assert example[key] == judge[key], key
        assert example["suit"] == judge.get("suit")
        move = classify(cards, blade)
        assert example["jokers"] == move.jokers
        assert example["move"] == move.text()
    assert example["points"] == cards_points(cards)
    assert (example.get("move") if example["valid"] else None) == NARRATION[example["id"]]


@pytest.mark.parametrize("pair", GUIDE["beats"], ids=lambda b: b["id"])
def test_each_verdict_is_the_engines(pair: dict[str, Any]) -> None:
    rules = pair["options"] or None
    forth = answer({"op": "beats", "blade": BLADE, "play": pair["play"]["cards"],
                    "top": pair["top"]["cards"], "rules": rules})
    back = answer({"op": "beats", "blade": BLADE, "play": pair["top"]["cards"],
                   "top": pair["play"]["cards"], "rules": rules})
    assert forth["ok"] and back["ok"]
    assert (pair["beats"], pair["back"]) == (forth["beats"], back["beats"])
    assert (pair["beats"], pair["back"]) == VERDICTS[pair["id"]]
    for side in ("play", "top"):
        judge = judged(pair[side]["cards"])
        assert pair[side]["kind"] == judge["kind"] and pair[side]["rank"] == judge["rank"]


def test_the_rank_order_and_the_deck_are_the_engines() -> None:
    blade = parse_rank(BLADE)
    order = GUIDE["order"]
    assert sorted(order) == sorted(RANKS) and order[0] == BLADE and order[1:3] == ["2", "A"]
    for high, low in pairwise(order):
        top = classify(parse_cards(low + "S"), blade)
        assert beats(classify(parse_cards(high + "S"), blade), top)
    deck = full_deck()
    assert GUIDE["deck"]["cards"] == len(deck) == 162
    assert GUIDE["deck"]["packs"] * GUIDE["deck"]["per_pack"] == len(deck)
    assert set(Counter(deck).values()) == {GUIDE["deck"]["packs"]}
    assert sum(GUIDE["deck"]["hand_sizes"]) == len(deck)
    assert GUIDE["points"]["total"] == GUIDE["deck"]["total_points"] == cards_points(deck) == 300
    for c in GUIDE["points"]["cards"]:
        assert c["points"] == cards_points(parse_cards(c["card"]))
    assert GUIDE["points"]["score_ranks"] == ["5", "10", "K"]


def test_blade_turns_follow_r5() -> None:
    for turn in GUIDE["blade_turns"]:
        card = parse_cards(turn["card"])[0]
        assert turn["blade"] == RANKS[blade_rank_of(card, turn["half"] == 2, Rules())]
    said = {(t["card"], t["half"]): t["blade"] for t in GUIDE["blade_turns"]}
    assert said[("BJ", 1)] == "3" and said[("KD", 2)] == "3" and said[("KD", 1)] == "K"


def test_the_mini_half_is_played_by_the_engine_and_scored_by_r29() -> None:
    half = GUIDE["half"]
    dealt = {seat: parse_cards(cards) for seat, cards in half["hands"].items()}
    played: Counter[int] = Counter()
    won = dict.fromkeys(dealt, 0)
    trick: list[int] = []
    out: list[str] = []
    for step in half["steps"]:
        if step["cards"] is not None:
            cards = parse_cards(step["cards"])
            played.update(cards)
            trick.extend(cards)
            assert step["kind"] == judged(step["cards"])["kind"]
        if "out" in step:
            out.append(step["seat"])
            assert step["out"] == len(out)
        if "trick" in step:  # the trick's points are those of its cards (R25)
            assert step["trick"]["points"] == cards_points(trick)
            won[step["trick"]["winner"]] += cards_points(trick)
            trick = []
    result = half["result"]
    assert result["out_order"] == out and result["upstream"] == out[0]
    assert result["trick_points"] == won
    left = {s: Counter(c) - played for s, c in dealt.items()}
    hand_points = {s: cards_points(c.elements()) for s, c in left.items()}
    assert result["hand_points"] == hand_points
    # R29 by hand: tricks won, score cards left go to the other team, 下游's tricks to 上游's
    team = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    other = {"NS": "EW", "EW": "NS"}
    points = {"NS": 0, "EW": 0}
    for s in dealt:
        points[team[s]] += won[s]
        points[other[team[s]]] += hand_points[s]
    down = result["downstream"]
    assert result["ended_by"] == "three_out" and down is not None
    if team[down] != team[result["upstream"]]:
        points[team[down]] -= won[down]
        points[team[result["upstream"]]] += won[down]
        assert result["moved"] == won[down]
    assert result["points"] == points
    all_cards = [c for cards in dealt.values() for c in cards]
    assert sum(points.values()) == cards_points(all_cards)
    # what the guide's words say of it: S wins the first trick's 30 points, N wins a trick
    # with its last card and E takes over the lead (接风), W first, S last with a 10 in hand
    assert half["steps"][4]["trick"] == {"winner": "S", "points": 30}
    jiefeng = [s for s in half["steps"] if s.get("jiefeng")]
    assert [(s["trick"]["winner"], s["lead"]) for s in jiefeng] == [("N", "E")]
    assert (result["upstream"], result["downstream"], result["moved"]) == ("W", "S", 30)
    assert result["points"] == {"NS": 0, "EW": 40}
    assert GUIDE["jiefeng_partner"] == "S"


def test_a_script_the_engine_refuses_is_an_error() -> None:
    actions = list(MINI_HALF["actions"])
    with pytest.raises(GuideError):  # W's ace cannot beat S's pair of kings
        play_half(MINI_HALF["hands"], 1, [*actions[:2], (3, "AS")], "7H")
    with pytest.raises(GuideError):  # out of turn
        play_half(MINI_HALF["hands"], 1, [(2, "4C")], "7H")


def test_game_decisions_are_r31() -> None:
    s = GUIDE["scoring"]
    assert (s["total"], s["double_line"], s["upstream_wins_at"], s["other_wins_at"]) == (
        300, 60, 300, 305)
    for d in s["decisions"]:
        up = d["upstream_team"]
        assert sum(d["totals"].values()) == 2 * s["total"]
        other = "NS" if up == "EW" else "EW"
        want = up if d["totals"][up] >= s["upstream_wins_at"] else other
        assert d["winner"] == want and d["kind"] == "normal"
    card = parse_cards("7H")[0]
    halves = [HalfResult(card, 4, "three_out", (1,), 1, None, (0, 0, 0, 0), p)
              for p in ((150, 150), (150, 150))]
    assert decide(halves[0], halves[1], Rules()).winner == 1  # E–W had 上游: 300 is enough
    assert GUIDE["clock"]["turn_seconds"] == Rules().turn_seconds
