"""``yuanzi bench endgame`` (issue 45): its table holds end-games at stake — the second
half, every hand at most 12 cards, a move that wins and one that loses, searched with
every hand known — and a player throws a position exactly when its move loses."""

from __future__ import annotations

from benchmarks.endgame import _judge, _wilson, positions

from yuanzi.bots.endgame import MOST_CARDS


def test_the_table_holds_endgames_at_stake_and_throws_are_counted() -> None:
    table = positions(2, seed=0)
    assert len(table) == 2
    for obs, legal, answers in table:
        assert obs.half == 1 and obs.to_move == obs.seat
        assert max(obs.cards_left) <= MOST_CARDS
        assert set(answers) == set(legal)
        assert any(answers.values()) and not all(answers.values())
    losing = {id(obs): next(m for m, won in answers.items() if not won)
              for obs, _, answers in table}
    winning = {id(obs): next(m for m, won in answers.items() if won)
               for obs, _, answers in table}
    thrower = _judge("thrower", lambda obs, legal: losing[id(obs)], table)
    keeper = _judge("keeper", lambda obs, legal: winning[id(obs)], table)
    assert (thrower["thrown"], thrower["share"]) == (2, 1.0)
    assert (keeper["thrown"], keeper["share"]) == (0, 0.0)
    assert keeper["ms_p50"] is not None and keeper["ms_p50"] >= 0


def test_the_wilson_interval() -> None:
    assert _wilson(0, 0) == (0.0, 1.0)
    low, high = _wilson(6, 150)
    assert 0.015 < low < 0.04 < high < 0.09
    assert _wilson(0, 100)[0] == 0.0 and _wilson(100, 100)[1] == 1.0
