"""hall/sessions/tally.py: a session's tally is what its games say, player by player —
by property over random sessions (players changing seats, draws, 双夹, escapes), and the
biggest bomb by R19's order, from real games' records."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from yuanzi.engine import Game, Rules, deal_half, record_of
from yuanzi.engine.cards import parse_cards
from yuanzi.engine.combos import classify
from yuanzi.hall.sessions.tally import (
    GamePlayer,
    SessionGame,
    biggest_bomb,
    biggest_of,
    bomb_order,
    session_game,
    tally,
)

KEYS = ["a1", "a2", "a3", "bot:小明"]


@st.composite
def a_game(draw: st.DrawFn, game_id: int) -> SessionGame:
    order = draw(st.permutations(KEYS))  # who sits where this game
    status = draw(st.sampled_from(["finished", "finished", "finished", "abandoned"]))
    winner = draw(st.sampled_from([0, 1, None])) if status == "finished" else None
    kind = draw(st.sampled_from(["normal", "double"])) if winner is not None else (
        "normal" if status == "finished" else None)
    escaper = draw(st.integers(0, 3))
    players = []
    for seat, key in enumerate(order):
        if status == "abandoned":
            stake = -2 if seat == escaper else 0
        elif winner is None:
            stake = 0
        else:
            stake = (2 if kind == "double" else 1) * (1 if seat % 2 == winner else -1)
        players.append(GamePlayer(key, seat, None, key, None, stake))
    return SessionGame(game_id, status, winner, kind, tuple(players))


@st.composite
def sessions(draw: st.DrawFn) -> list[SessionGame]:
    n = draw(st.integers(1, 16))
    return [draw(a_game(i)) for i in range(1, n + 1)]


@given(sessions())
def test_each_players_tally_is_the_sum_of_his_games(games: list[SessionGame]) -> None:
    out = {t.key: t for t in tally(games)}
    assert set(out) == set(KEYS)
    for key, t in out.items():
        mine = [(g, next(p for p in g.players if p.key == key)) for g in games]
        assert t.games == len(games)
        assert t.total == sum(p.stake for _, p in mine)
        assert t.wins == sum(g.won(p) for g, p in mine)
        assert t.doubles == sum(g.won(p) and g.kind == "double" for g, p in mine)
        assert t.seat == mine[-1][1].seat  # where he sat last
        partners = {next(q.key for q in g.players if q.seat == (p.seat + 2) % 4)
                    for g, p in mine}
        assert t.partner in partners
        best = max(t.with_partner.values())
        assert t.with_partner[t.partner] == best  # none beside whom he won more
    if all(g.status == "finished" for g in games):
        assert sum(t.total for t in out.values()) == 0  # R36: a game's stakes sum to 0


def _game_with_bombs(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(Rules(), deal_half(rng, Rules()), rng=rng)
    while not game.is_over:
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(deal_half(rng, Rules(), first.upstream))
            continue
        legal = game.legal_moves()
        bombs = [m for m in legal if not m.is_pass and m.kind >= 4]
        game.apply(rng.choice(bombs) if bombs and rng.random() < 0.5 else rng.choice(legal))
    return game


def test_the_biggest_bomb_is_the_biggest_by_r19_and_is_read_from_the_record() -> None:
    found = 0
    for seed in range(12):
        game = _game_with_bombs(seed)
        bomb = biggest_bomb(game, KEYS)
        played = [(seat, classify(cards, half.blade_rank)) for half in game.halves
                  for seat, cards in half.actions if cards]
        bombs = [(seat, m) for seat, m in played if m.kind >= 4]
        if not bombs:
            assert bomb is None
            continue
        found += 1
        assert bomb is not None
        assert bomb.order == max(bomb_order(m) for _, m in bombs)
        assert bomb.key in {KEYS[seat] for seat, m in bombs if bomb_order(m) == bomb.order}
        # the same game, as the store gives it back, names the same bomb
        seats = [{"seat": i, "account_id": None, "name": k, "base_stake": 0}
                 for i, k in enumerate(KEYS)]
        stored = session_game(1, "finished", None, record_of(game).to_json(), {}, seats)
        assert stored.bomb is not None and stored.bomb.order == bomb.order
        assert stored.bomb.key == f"bot:{KEYS[KEYS.index(bomb.key)]}"
    assert found >= 6


def test_r19_hydrogen_over_atom_over_bomb_and_bigger_bombs_over_smaller() -> None:
    blade = 0  # 3s are blade: none of the cards below is
    order = [classify(parse_cards(t), blade) for t in (
        "7S 7H 7C 7D", "5S 5H 5C 5D 5S", "8S 8H 8C 8D 8S",
        "9H 9H 9H", "KS KS KS", "QS QS QH QH QC QC QD QD")]
    keys = [bomb_order(m) for m in order]
    assert keys == sorted(keys)


def test_a_record_that_does_not_replay_has_no_bomb() -> None:
    seats = [{"seat": i, "account_id": i + 1, "name": f"P{i}", "base_stake": 0}
             for i in range(4)]
    g = session_game(1, "finished", None, {"format": "yuanzi-record/1", "halves": [{}]}, {},
                     seats)
    assert g.bomb is None and biggest_of([g]) is None
