"""Partners by choice (issue 31, item 1): between games a player moves to an empty seat,
asks another to swap (who accepts or declines), the owner arranges his table; one who
comes in by code, link or invitation sits opposite the one who brought him."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from fastapi.testclient import TestClient
from tests.server.helpers import private_table
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def seats(p: Peer, table: int) -> list[str | None]:
    """Who sits where, as the table tells it now (nickname, a bot's kind, or None)."""
    view = p.call("resync", table=table)["table"]
    return [s["nickname"] if s["kind"] == "player" else s["bot"] for s in view["seats"]]


def test_a_joiner_sits_opposite_and_friends_arrange_themselves(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        view = private_table(host)
        table, code = view["id"], view["room_code"]
        ann = connect(stack, client, account(client, "ann"))
        assert ann.call("join_code", code=code)["seat"] == 2  # opposite the host (R20)
        bob = connect(stack, client, account(client, "bob"))
        assert bob.call("join_link", token=view["invite"])["seat"] == 1
        # bob would rather partner the host: ann is asked, and accepts
        assert bob.call("swap_seats", table=table, seat=2) == {
            "table": table, "status": "asked", "seat": 1}
        asked = ann.until("swap_asked")
        assert (asked["table"], asked["seat"], asked["from_seat"], asked["by"]["nickname"]) == (
            table, 2, 1, "bob")
        assert ann.call("swap_answer", table=table, seat=1) == {
            "table": table, "accept": True, "seat": 1}
        assert bob.until("swap_answered")["accept"] is True
        assert seats(host, table) == ["host", "ann", "bob", None]
        # ann moves to the empty seat; bob's ask of the host is declined
        assert ann.call("move_seat", table=table, seat=3) == {"table": table, "seat": 3}
        bob.call("swap_seats", table=table, seat=0)
        host.until("swap_asked")
        assert host.call("swap_answer", table=table, seat=2, accept=False)["seat"] == 0
        assert bob.until("swap_answered")["accept"] is False
        assert seats(host, table) == ["host", None, "bob", "ann"]
        # the owner arranges his own table at once, bots included
        host.call("add_bot", table=table, seat=1, bot="random")
        assert host.call("swap_seats", table=table, seat=3) == {
            "table": table, "status": "swapped", "seat": 3}
        assert host.call("swap_seats", table=table, seat=1)["status"] == "swapped"
        assert seats(host, table) == ["ann", "host", "bob", "random"]


def test_moves_get_a_player_ready_again_and_wait_for_the_game_to_end(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        table = host.call("create_table")["table"]
        ann = connect(stack, client, account(client, "ann"))
        ann.call("sit", table=table, seat=1)
        host.call("add_bot", table=table, seat=2, bot="random")
        ann.call("ready", table=table)
        ann.call("move_seat", table=table, seat=3)
        view = host.call("resync", table=table)["table"]
        assert view["seats"][3]["ready"] is False and view["seats"][1]["kind"] == "empty"
        host.call("add_bot", table=table, seat=1, bot="random")
        for p in (host, ann):
            p.call("ready", table=table)
        host.until("game")
        assert ann.error("move_seat", table=table, seat=0)["code"] == "game_in_progress"
        assert ann.error("swap_seats", table=table, seat=2)["code"] == "game_in_progress"


def test_what_a_swap_refuses(client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        table = host.call("create_table")["table"]
        ann = connect(stack, client, account(client, "ann"))
        ann.call("sit", table=table, seat=1)
        host.call("add_bot", table=table, seat=2, bot="random")
        bob = connect(stack, client, account(client, "bob"))
        assert bob.error("move_seat", table=table, seat=3)["code"] == "not_seated"
        assert ann.error("move_seat", table=table, seat=2)["code"] == "seat_taken"
        assert ann.error("swap_seats", table=table, seat=2)["code"] == "not_owner"  # a bot
        assert ann.error("swap_seats", table=table, seat=1)["code"] == "bad_options"
        assert ann.error("move_seat", table=table, seat=4)["code"] == "malformed"
        assert host.error("swap_answer", table=table, seat=1)["code"] == "no_such_request"
        ann.call("swap_seats", table=table, seat=0)
        host.until("swap_asked")
        ann.call("move_seat", table=table, seat=3)  # the seats changed: the ask lapses
        assert host.error("swap_answer", table=table, seat=1)["code"] == "no_such_request"
        assert host.error("swap_answer", table=table, seat=3)["code"] == "no_such_request"


def test_an_invited_friend_sits_opposite_his_inviter(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        host = connect(stack, client, account(client, "host"))
        view = private_table(host)
        table = view["id"]
        ann = connect(stack, client, account(client, "ann"))
        ann.call("join_code", code=view["room_code"])  # seat 2
        ann.call("move_seat", table=table, seat=1)  # opposite her now: seat 3
        kim = connect(stack, client, account(client, "kim"))
        ann.call("friend_request", nickname="kim")
        kim.call("friend_answer", account=ann.welcome["account"]["id"])
        ann.call("invite", table=table, account=kim.welcome["account"]["id"])
        kim.until("invited")
        assert kim.call("accept_invite", table=table)["seat"] == 3  # not the host's 2
        assert seats(host, table) == ["host", "ann", None, "kim"]
