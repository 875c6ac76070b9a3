"""Rule-set options (RULES.md §12) as one typed, frozen value stored in every record."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from yuanzi.engine.errors import RulesError

JokerBlade = Literal["three", "redraw"]
Jiefeng = Literal["next", "partner"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "joker_blade": ("three", "redraw"),
    "jiefeng": ("next", "partner"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a table plays under; the defaults are what a 嘉兴 player expects."""

    joker_blade: JokerBlade = "three"
    """R5: a joker turned as blade makes 3 the blade, or the next card is turned."""
    second_half_score_blade_three: bool = True
    """R5: in the second half a score card turned as blade makes 3 the blade."""
    blade_bomb_only_atoms: bool = False
    """R16 (5p): a blade bomb yields only to a bigger blade bomb, an atom or a hydrogen bomb."""
    jiefeng: Jiefeng = "next"
    """R26 接风: who leads after a trick won by a seat that has gone out."""
    downstream_to_upstream: bool = True
    """R29: in a three-out half, 下游's trick points go to 上游's team."""
    second_half_needs_upstream: bool = False
    """R31 (hall): the winner must also have had the second-half 上游, else a draw."""
    turn_seconds: int = 30
    """R33: the turn clock (enforced by the hall)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """Build from a record's ``rules`` object; unknown keys and bad values are errors."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise RulesError(f"unknown rule option {key!r}")
            if key in _CHOICES:
                if value not in _CHOICES[key]:
                    raise RulesError(f"{key} must be one of {', '.join(_CHOICES[key])}")
            elif key == "turn_seconds":
                if type(value) is not int or not 5 <= value <= 600:
                    raise RulesError("turn_seconds must be a whole number from 5 to 600")
            elif type(value) is not bool:
                raise RulesError(f"{key} must be true or false")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (RECORD.md)."""
        default = Rules()
        return {k: v for k, v in asdict(self).items() if getattr(default, k) != v}


DEFAULT_RULES = Rules()
