"""The lobby's filter (issue 14, item 1): open seats, a bet, a level range; a view and its
JSON row always get the same answer (the REST page and the subscription agree)."""

from __future__ import annotations

from hypothesis import given, strategies as st
from tests.hall.helpers import BOT, EMPTY, four, seat, table

from yuanzi.hall.lobby.filter import LobbyFilter, lobby_page


def test_no_filter_takes_every_table_but_closed_ones() -> None:
    everything = LobbyFilter()
    assert everything.is_everything
    assert everything.matches(table(1, four(EMPTY, EMPTY, EMPTY, EMPTY)))
    assert everything.matches(table(1, four(("player", 3), BOT, BOT, BOT), status="playing"))
    assert not everything.matches(table(1, four(EMPTY, EMPTY, EMPTY, EMPTY), status="closed"))


def test_free_seats_means_an_empty_seat_at_a_table_not_playing() -> None:
    free = LobbyFilter(free_seats=True)
    assert free.matches(table(1, four(("player", 1), EMPTY, BOT, BOT)))
    assert not free.matches(table(1, four(("player", 1), BOT, BOT, BOT)))
    assert not free.matches(table(1, four(("player", 1), EMPTY, BOT, BOT), status="playing"))


def test_a_bet_is_matched_exactly_and_zero_means_no_bet() -> None:
    assert LobbyFilter(bet=0).matches(table(1, four(EMPTY, EMPTY, EMPTY, EMPTY)))
    assert not LobbyFilter(bet=0).matches(table(1, four(EMPTY, EMPTY, EMPTY, EMPTY), bet=50))
    assert LobbyFilter(bet=50).matches(table(1, four(EMPTY, EMPTY, EMPTY, EMPTY), bet=50))


def test_a_level_range_holds_every_seated_player_but_not_bots() -> None:
    near_five = LobbyFilter(min_level=3, max_level=7)
    assert near_five.matches(table(1, four(("player", 3), ("player", 7), BOT, EMPTY)))
    assert not near_five.matches(table(1, four(("player", 3), ("player", 8), BOT, EMPTY)))
    assert not near_five.matches(table(1, four(("player", 2), EMPTY, EMPTY, EMPTY)))
    assert near_five.matches(table(1, four(BOT, BOT, EMPTY, EMPTY)))  # no one to differ
    assert LobbyFilter(min_level=10).matches(table(1, four(("player", 40), EMPTY, EMPTY, EMPTY)))
    assert LobbyFilter(max_level=0).matches(table(1, four(("player", 0), EMPTY, EMPTY, EMPTY)))


def test_a_page_is_of_matching_tables_and_counts_them_all() -> None:
    views = [table(i, four(("player", 1), EMPTY if i % 2 else BOT, BOT, BOT))
             for i in range(1, 11)]
    page, total = lobby_page(views, LobbyFilter(free_seats=True), 1, 3)
    assert [v.id for v in page] == [3, 5, 7] and total == 5


kinds = st.sampled_from(["empty", "player", "bot"])
seats = st.lists(st.tuples(kinds, st.integers(0, 30)), min_size=4, max_size=4)
filters = st.builds(LobbyFilter, st.booleans(), st.none() | st.sampled_from([0, 10, 50]),
                    st.none() | st.integers(0, 30), st.none() | st.integers(0, 30))


@given(filters, seats, st.sampled_from([0, 10, 50]),
       st.sampled_from(["open", "playing", "closed"]))
def test_a_view_and_its_json_row_get_the_same_answer(
        f: LobbyFilter, kinds_levels: list[tuple[str, int]], bet: int, status: str) -> None:
    view = table(7, [seat(i, k, lv if k == "player" else None)
                     for i, (k, lv) in enumerate(kinds_levels)], bet, status)
    assert f.matches(view) == f.matches_row(view.model_dump(mode="json"))
