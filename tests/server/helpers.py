"""What the in-process server tests do over their sockets, shared by them: tables with
bots, private tables, a betting table of four, a game played and watched; whose turn it
is and what a seat holds."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def table_with_bots(peer: Peer, bots: tuple[int, ...] = (1, 2, 3), **options: Any) -> int:
    table: int = peer.call("create_table", **options)["table"]
    for seat in bots:
        peer.call("add_bot", table=table, seat=seat, bot="random")
    return table


def private_table(owner: Peer, **options: Any) -> dict[str, Any]:
    table = owner.call("create_table", private=True, **options)["table"]
    view: dict[str, Any] = owner.until("table", lambda f: f["table"]["id"] == table)["table"]
    return view


def four_at_a_betting_table(stack: ExitStack, client: TestClient, account: Account,
                            bet: int, names: tuple[str, ...] = ("nn", "ee", "ss", "ww")
                            ) -> tuple[list[Peer], list[As], int]:
    tokens = [account(client, n) for n in names]
    peers = [connect(stack, client, t) for t in tokens]
    table: int = peers[0].call("create_table", bet=bet)["table"]
    for i in (1, 2, 3):
        peers[i].call("sit", table=table, seat=i)
    return peers, [As(client, t) for t in tokens], table


def played_and_watched(stack: ExitStack, client: TestClient, tokens: dict[str, str],
                       auto: tuple[int, ...] = (0, 1)) -> tuple[Peer, Peer, Peer, int]:
    """ann (seat 0) and bob (seat 1) with two bots play a game, the seats in ``auto`` in
    托管, kim watching; their connections and the table (the game under way or over)."""
    a, b = connect(stack, client, tokens["ann"]), connect(stack, client, tokens["bob"])
    watcher = connect(stack, client, tokens["kim"])
    table: int = a.call("create_table")["table"]
    b.call("sit", table=table, seat=1)
    for seat in (2, 3):
        a.call("add_bot", table=table, seat=seat, bot="random")
    watcher.call("spectate", table=table)
    for seat, p in enumerate((a, b)):
        if seat in auto:
            p.call("auto_play", table=table, on=True)
        p.call("ready", table=table)
    return a, b, watcher, table


def my_turn(p: Peer, seat: int) -> dict[str, Any]:
    """Wait for a frame that gives ``seat`` the turn; returns it."""
    while True:
        f = p.recv()
        if f["type"] == "game" and f["view"]["to_move"] == seat:
            return f
        if f["type"] == "played" and f["to_move"] == seat:
            return f


def current_hand(p: Peer, seat: int) -> list[str]:
    """The last dealt hand minus this seat's own plays since (how a client keeps it)."""
    hand: list[str] = []
    for f in p.frames:
        if f["type"] == "game" and f["seat"] == seat:
            hand = f["view"]["hand"].split()
        elif f["type"] == "played" and f["seat"] == seat and f["cards"] != "pass":
            for card in f["cards"].split():
                hand.remove(card)
    return hand
