"""A tournament's deals stay secret until the round ends (issue 43), on a real ``yuanzi
serve``: while one table of a round still plays, nobody but that table's four players
sees anything of its deal — not an entrant of the other table, not an outsider, not a
stranger to a club's tournament; no spectator talks there; no record, review, game facts,
history or standings tell the round's games before it is over.

Each table is held mid-game by its connected players, who do not act (the turn clock is
long); a table's players let it finish by turning 托管 on.
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from tests.e2e.conftest import FAST_ENV
from tests.e2e.privacy import connected, heard_after, make_admin, until

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player, http_json

ASKS = (("spectate", {}), ("resync", {}), ("sit", {"seat": 1}),
        ("chat", {"kind": "text", "body": "seat 0 holds 6 jokers"}),
        ("chat", {"kind": "emote", "body": "thumbs"}), ("accept_invite", {}),
        ("join_club_table", {}))
"""Every way in to a table (and to say something there) a client has."""


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {**FAST_ENV, "YUANZI_TURN_SECONDS": "120", "YUANZI_TOURNAMENT_PAUSE_SECONDS": "0",
           "YUANZI_DEAL_CONTRIBUTION_SECONDS": "0.5", "YUANZI_CHAT_MESSAGES": "100"}
    server = ServerProcess(tmp_path_factory.mktemp("secrecy") / "hall.db", env=env)
    server.start()
    yield server
    server.stop()


STANDING = ("score", "level", "standing", "wins", "double_wins", "double_losses", "skill")
"""A profile's fields that a game's result moves."""


def post(base: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
    """POST a route (with no body when it takes none)."""
    req = urllib.request.Request(base + path, method="POST",
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    req.add_header("cookie", f"yuanzi_session={token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as e:
        raise HallRefused(f"{path}: {e.code} {e.read().decode(errors='replace')}") from None


def get(base: str, path: str, token: str) -> Any:
    return http_json(base, path, None, token)[0]


def refused(call: Any) -> str:
    """The error code a REST call answers (it must fail)."""
    with pytest.raises(HallRefused) as e:
        call()
    text = str(e.value)
    code: str = json.loads(text[text.index("{"):])["error"]["code"]
    return code


async def all_refused(p: Player, table: int, code: str = "round_in_play") -> None:
    for kind, fields in ASKS:
        with pytest.raises(HallRefused, match=rf"^{code}"):
            await p.call(kind, table=table, **fields)


async def hold_table(players: list[Player], table: int) -> None:
    """The table's players look at it (they do not act: it waits for their turns)."""
    for p in players:
        p.table = table
        await p.call("resync", table=table)


async def finish(players: list[Player], table: int) -> dict[str, Any]:
    """托管 for the table's players: its game is played to the end."""
    for p in players:
        await p.call("auto_play", table=table, on=True)
    return await players[0].wait_over(60)


async def sit_and_go(hall: ServerProcess, players: list[Player], club: int | None = None
                     ) -> dict[str, Any]:
    """A sit-and-go of 8 for one round made by the first of ``players``, who all sign up,
    the hall's bots in the other places; each player then looks at his table."""
    prefix = players[0].welcome["account"]["nickname"] if players[0].welcome else "x"
    body: dict[str, Any] = {"name": f"{prefix} cup", "size": 8, "rounds": 1}
    if club is not None:
        body["club"] = club
    t = post(hall.base, "/api/tournaments", players[0].token, body)
    for p in players:
        post(hall.base, f"/api/tournaments/{t['id']}/enter", p.token)
    t = post(hall.base, f"/api/tournaments/{t['id']}/bots", players[0].token)
    assert t["status"] == "running"
    for p in players:
        frame = await until(p, lambda f: f["type"] == "tournament" and f["status"] == "running")
        await hold_table([p], frame["table"])
    return t


def at_table(t: dict[str, Any], players: list[Player], table: int) -> list[Player]:
    return [p for p in players if p.table == table]


def test_nobody_but_a_tables_players_sees_its_deal_while_the_round_is_played(
        hall: ServerProcess) -> None:
    admin = make_admin(hall, "cupwarden")

    async def run() -> None:
        players = [await connected(hall.base, f"cupman{i}") for i in range(5)]
        t = await sit_and_go(hall, players)
        first, second = (x["table_id"] for x in t["tables"])
        fast, slow = at_table(t, players, first), at_table(t, players, second)
        assert fast and slow  # (5 players at 2 tables of 4: someone at each)
        outsider = await connected(hall.base, "cupgazer")
        warden = Player(hall.base, admin, keep_frames=True, act=False)
        await warden.connect()
        entrant = fast[0].welcome["account"]["id"] if fast[0].welcome else 0
        standing_before = get(hall.base, f"/api/accounts/{entrant}", outsider.token)

        # an entrant of one table, and an outsider, ask to see the other in every way
        await all_refused(slow[0], first)
        await all_refused(outsider, first)
        await all_refused(outsider, second)
        lobby = get(hall.base, "/api/tables", outsider.token)
        assert {first, second}.isdisjoint(row["id"] for row in lobby)
        # an admin may watch, and says nothing there
        assert (await warden.call("spectate", table=second))["table"] == second
        with pytest.raises(HallRefused, match=r"^chat_restricted"):
            await warden.call("chat", table=second, kind="text", body="hello")

        # one table's game ends; the round is still played at the other
        over = await finish(fast, first)
        game = over["game_id"]
        assert over["record"] is None
        for p in fast:
            await all_refused(p, second)  # free now, still kept out of the other table
        base = hall.base
        assert refused(lambda: get(base, f"/api/games/{game}", outsider.token)) == \
            "round_in_play"
        assert refused(lambda: get(base, f"/api/games/{game}", slow[0].token)) == \
            "round_in_play"
        assert get(base, f"/api/games/{game}", fast[0].token)["game_id"] == game  # his own
        for who in (fast[0], slow[0], outsider):  # its record: not even to its players
            assert refused(lambda w=who: get(base, f"/api/games/{game}/record", w.token)) \
                == "round_in_play"
        assert refused(lambda: post(base, f"/api/games/{game}/review", fast[0].token, {})) \
            == "round_in_play"
        assert refused(lambda: get(base, f"/api/games/{game}/review", fast[0].token)) \
            == "round_in_play"
        assert get(base, f"/api/games/{game}/record", admin)["halves"]  # (an admin's)
        mine = fast[0].welcome["account"]["id"] if fast[0].welcome else 0
        theirs = get(base, f"/api/accounts/{mine}/games", outsider.token)["games"]
        assert all(g["game_id"] != game for g in theirs)
        own = get(base, f"/api/accounts/{mine}/games", fast[0].token)["games"]
        listed = next(g for g in own if g["game_id"] == game)
        assert (listed["record_open"], listed["replay_id"], listed["reviewed"]) == (
            False, None, False)
        view = get(base, f"/api/tournaments/{t['id']}", outsider.token)
        assert all(s["games"] == 0 and s["points"] == 0 and s["score"] == 0
                   for s in view["standings"])
        assert all(table["games"] == [] for table in view["tables"])
        # nor his profile or the leaderboard: the ladder, the rating and the wins of a
        # tournament's game wait for its round's end (only that a game was played shows)
        now = get(base, f"/api/accounts/{entrant}", outsider.token)
        assert {k: now[k] for k in STANDING} == {k: standing_before[k] for k in STANDING}
        assert now["games"] == standing_before["games"] + 1
        board = get(base, "/api/leaderboard?by=ladder", outsider.token)["rows"]
        assert [r["score"] for r in board if r["id"] == entrant] == [standing_before["score"]]

        # what the others heard of the tables that were not theirs: nothing
        for p in (slow[0], outsider):
            assert heard_after(p, 0, first, ()) == []
        for p in (*fast, outsider):
            assert heard_after(p, 0, second, ()) == []
        chats = [json.loads(x) for p in slow for x in p.frames if '"chat"' in x]
        assert [c for c in chats if c["type"] == "chat"] == []
        assert heard_after(warden, 0, second, ())  # (the admin did watch it)

        # the round over, its games open to whoever sees the tournament
        await finish(slow, second)
        for _ in range(200):
            view = get(base, f"/api/tournaments/{t['id']}", outsider.token)
            if view["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        assert view["status"] == "finished"
        assert sum(s["games"] for s in view["standings"]) == 8
        assert get(base, f"/api/games/{game}/record", outsider.token)["halves"]
        assert get(base, f"/api/games/{game}", outsider.token)["game_id"] == game
        settled = get(base, f"/api/accounts/{entrant}", outsider.token)
        assert settled["skill"] != standing_before["skill"]  # rated once the round is over
        for p in (*players, outsider, warden):
            await p.close()

    asyncio.run(run())


def test_a_club_tournaments_tables_are_in_no_strangers_lobby(hall: ServerProcess) -> None:
    async def run() -> None:
        founder = await connected(hall.base, "clubcupboss")
        club = post(hall.base, "/api/clubs", founder.token, {"name": "周末俱乐部"})
        t = await sit_and_go(hall, [founder], club=club["id"])
        table = founder.table
        assert table is not None
        stranger = await connected(hall.base, "clubcupper")
        assert refused(lambda: get(hall.base, f"/api/tournaments/{t['id']}",
                                   stranger.token)) == "no_such_tournament"
        assert all(row["id"] != table for row in get(hall.base, "/api/tables", stranger.token))
        await stranger.call("lobby", subscribe=True)
        lobby = await until(stranger, lambda f: f["type"] == "lobby")
        assert all(row["id"] != table for row in lobby["tables"])
        await all_refused(stranger, table, "no_such_table")  # (issue 54: not there)
        await finish([founder], table)  # (the table's frames went out meanwhile)
        assert heard_after(stranger, 0, table, ()) == []
        assert all(row["id"] != table for f in map(json.loads, stranger.frames)
                   if f["type"] == "lobby" for row in f["tables"])
        for p in (founder, stranger):
            await p.close()

    asyncio.run(run())
