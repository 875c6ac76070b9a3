"""hall/tournaments/scoring.py: duplicate scores compare a pair with those who held the
same cards — they sum to zero on every deal and direction, the same play scores 0 — and
standings follow the documented tie-breaks."""

from __future__ import annotations

from hypothesis import given, strategies as st

from yuanzi.hall.tournaments.schedule import draw_rounds
from yuanzi.hall.tournaments.scoring import TableGame, duplicate_scores, standings


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[int, list[TableGame]]:
    players = draw(st.sampled_from([8, 16]))
    rounds = draw(st.integers(1, 4))
    per_round = draw(st.integers(1, 2))
    games = []
    for r, tables in enumerate(draw_rounds(players, rounds, draw(st.integers(0, 99)))):
        for k in range(per_round):
            for t in tables:
                ns = draw(st.integers(0, 600))
                winner = draw(st.sampled_from([0, 1, None]))
                stake = draw(st.sampled_from([1, 2]))
                stakes = tuple(0 if winner is None else stake if s % 2 == winner else -stake
                               for s in range(4))
                games.append(TableGame(r, k, t.seats, (ns, 600 - ns), stakes))  # type: ignore[arg-type]
    return players, games


@given(tournaments())
def test_duplicate_scores_sum_to_zero_on_every_deal(t: tuple[int, list[TableGame]]) -> None:
    players, games = t
    scores = duplicate_scores(games)
    for (r, k) in {(g.round, g.game) for g in games}:
        for team in (0, 1):
            total = sum(scores[(r, k, g.seats[team])] for g in games
                        if (g.round, g.game) == (r, k))
            assert abs(total) < 1e-6
    table = standings(players, games)
    assert [s.rank for s in table] == list(range(1, players + 1))
    assert abs(sum(s.score for s in table)) < 1e-6
    keys = [(-round(s.score, 6), -s.stake, -s.points, s.player) for s in table]
    assert keys == sorted(keys)
    assert all(abs(sum(s.per_round) - s.score) < 1e-6 for s in table)


def test_the_same_cards_played_as_well_score_nothing() -> None:
    seats = [(0, 1, 2, 3), (4, 5, 6, 7)]
    games = [TableGame(0, 0, s, (180, 120), (1, -1, 1, -1)) for s in seats]
    assert set(duplicate_scores(games).values()) == {0.0}
    games[1] = TableGame(0, 0, seats[1], (100, 200), (-1, 1, -1, 1))
    scores = duplicate_scores(games)
    assert scores[(0, 0, 0)] == 80 and scores[(0, 0, 4)] == -80
    assert scores[(0, 0, 1)] == -80 and scores[(0, 0, 5)] == 80


def test_ties_are_broken_by_stake_then_points_then_sign_up() -> None:
    # every pair did as well as its counterpart: all scores 0; stakes then decide
    games = [TableGame(0, 0, (0, 1, 2, 3), (150, 150), (2, -2, 2, -2)),
             TableGame(0, 0, (4, 5, 6, 7), (150, 150), (0, 0, 0, 0))]
    order = [s.player for s in standings(8, games)]
    assert order[:2] == [0, 2] and order[-2:] == [1, 3]
    assert order[2:6] == [4, 5, 6, 7]  # equal in all: the earlier sign-up first


@given(tournaments(), st.data())
def test_a_withdrawn_player_ranks_last_and_escapes_each_game_from_his_round(
        t: tuple[int, list[TableGame]], data: st.DataObject) -> None:
    """退赛 (R35 for him alone): his stake is −2 a game from the round he left, nobody
    else's result changes, and he ranks after everyone who played it out."""
    players, games = t
    rounds = max(g.round for g in games) + 1
    gone = {data.draw(st.integers(0, players - 1)): data.draw(st.integers(0, rounds - 1))}
    before = {s.player: s for s in standings(players, games)}
    after = standings(players, games, gone)
    (p, r), = gone.items()
    assert after[-1].player == p and after[-1].withdrawn
    assert [s.player for s in after[:-1]] == [s.player for s in standings(players, games)
                                              if s.player != p]
    mine = [(g, g.seats.index(p)) for g in games if p in g.seats]
    kept = sum(g.stakes[seat] for g, seat in mine if g.round < r)
    assert after[-1].stake == kept - 2 * sum(1 for g, _ in mine if g.round >= r)
    assert after[-1].score == before[p].score and after[-1].points == before[p].points
    for s in after[:-1]:
        assert (s.stake, s.score) == (before[s.player].stake, before[s.player].score)
