"""The rules of 原子 as pure code: no I/O, no clock, no third-party imports (RULES.md)."""

from yuanzi.engine.cards import BJ, CARDS, RANKS, SJ, SUITS, Card, format_cards, parse_cards
from yuanzi.engine.combos import PASS, Kind, Move, beats, classify, parse_move
from yuanzi.engine.deal import Deal, deal_half
from yuanzi.engine.errors import (
    CardError,
    EngineError,
    IllegalAction,
    InvalidCombination,
    RecordError,
    RulesError,
)
from yuanzi.engine.game import Game
from yuanzi.engine.half import TEAM_NAMES, HalfResult, HalfState, team_of
from yuanzi.engine.observe import Observation, observe
from yuanzi.engine.record import Record, record_of, replay
from yuanzi.engine.result import DOUBLE, DRAW, NORMAL, GameResult
from yuanzi.engine.rules import DEFAULT_RULES, Rules

__all__ = [
    "BJ", "CARDS", "DEFAULT_RULES", "DOUBLE", "DRAW", "NORMAL", "PASS", "RANKS", "SJ", "SUITS",
    "TEAM_NAMES", "Card", "CardError", "Deal", "EngineError", "Game", "GameResult", "HalfResult",
    "HalfState", "IllegalAction", "InvalidCombination", "Kind", "Move", "Observation", "Record",
    "RecordError", "Rules", "RulesError", "beats", "classify", "deal_half", "format_cards",
    "observe", "parse_cards", "parse_move", "record_of", "replay", "team_of",
]
