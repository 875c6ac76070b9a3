"""§12: the rule-set options, their defaults and their strict parsing."""

from __future__ import annotations

from typing import Any

import pytest

from yuanzi.engine import DEFAULT_RULES, Rules, RulesError


def test_s12_defaults() -> None:
    r = Rules()
    assert r == DEFAULT_RULES
    assert r.joker_blade == "three"
    assert r.second_half_score_blade_three is True
    assert r.blade_bomb_only_atoms is False
    assert r.jiefeng == "next"
    assert r.downstream_to_upstream is True
    assert r.second_half_needs_upstream is False
    assert r.turn_seconds == 30


@pytest.mark.parametrize("data", [None, {}])
def test_s12_absent_or_empty_rules_are_the_defaults(data: dict[str, Any] | None) -> None:
    assert Rules.from_dict(data) == DEFAULT_RULES
    assert DEFAULT_RULES.to_dict() == {}


@pytest.mark.parametrize(
    "data",
    [
        {"joker_blade": "redraw"},
        {"second_half_score_blade_three": False},
        {"blade_bomb_only_atoms": True},
        {"jiefeng": "partner"},
        {"downstream_to_upstream": False},
        {"second_half_needs_upstream": True},
        {"turn_seconds": 45},
        {"turn_seconds": 5},
        {"turn_seconds": 600},
        {"jiefeng": "partner", "joker_blade": "redraw", "blade_bomb_only_atoms": True},
    ],
)
def test_s12_options_round_trip_and_only_differences_are_stored(data: dict[str, Any]) -> None:
    rules = Rules.from_dict(data)
    assert rules != DEFAULT_RULES
    for key, value in data.items():
        assert getattr(rules, key) == value
    assert rules.to_dict() == data
    assert Rules.from_dict(rules.to_dict()) == rules


def test_s12_an_option_set_to_its_default_is_not_stored() -> None:
    assert Rules.from_dict({"jiefeng": "next", "turn_seconds": 30}).to_dict() == {}


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"jeifeng": "next"}, "jeifeng"),
        ({"unknown": True}, "unknown"),
        ({"joker_blade": "joker"}, "joker_blade"),
        ({"joker_blade": None}, "joker_blade"),
        ({"jiefeng": "prev"}, "jiefeng"),
        ({"jiefeng": ["next"]}, "jiefeng"),
        ({"blade_bomb_only_atoms": 1}, "blade_bomb_only_atoms"),
        ({"downstream_to_upstream": "true"}, "downstream_to_upstream"),
        ({"second_half_needs_upstream": None}, "second_half_needs_upstream"),
        ({"second_half_score_blade_three": 0}, "second_half_score_blade_three"),
        ({"turn_seconds": 4}, "turn_seconds"),
        ({"turn_seconds": 601}, "turn_seconds"),
        ({"turn_seconds": 30.0}, "turn_seconds"),
        ({"turn_seconds": True}, "turn_seconds"),
        ({"turn_seconds": "30"}, "turn_seconds"),
    ],
)
def test_s12_unknown_keys_and_bad_values_are_rejected(
    data: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert fragment in str(err.value)


@pytest.mark.parametrize("data", [[], "next", 3, [("jiefeng", "next")]])
def test_s12_rules_must_be_an_object(data: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules(jiefeng="partner")
    with pytest.raises(AttributeError):
        rules.jiefeng = "next"  # type: ignore[misc]
    assert len({rules, Rules(jiefeng="partner"), DEFAULT_RULES}) == 2
