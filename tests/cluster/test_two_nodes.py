"""Two real ``yuanzi serve`` nodes of one hall (PostgreSQL + Redis): what one node's table
says reaches a lobby client connected to the other node."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from tests.e2e.privacy import connected, heard_after, knock, private_table, until

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import HallRefused, Player, http_json, register


def test_a_table_on_one_node_is_heard_in_the_lobby_of_the_other(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "alice"),
                       keep_frames=True)
        watcher = Player(b.base, await asyncio.to_thread(register, b.base, "bobby"),
                         keep_frames=True)
        await owner.connect()
        await watcher.connect()
        try:
            await watcher.call("lobby", subscribe=True)
            await asyncio.sleep(0.3)  # node b's subscription reaches Redis
            table = (await owner.call("create_table"))["table"]
            for _ in range(200):
                rows = [json.loads(t) for t in watcher.frames]
                if any(f["type"] == "table" and f["table"]["id"] == table for f in rows):
                    break
                await asyncio.sleep(0.02)
            seen = [f for f in map(json.loads, watcher.frames) if f["type"] == "table"]
            assert seen and seen[-1]["table"]["name"] == "alice的桌"
            assert seen[-1]["table"]["seats"][0]["nickname"] == "alice"
        finally:
            await owner.close()
            await watcher.close()

    asyncio.run(body())


def test_each_node_shows_its_redis_traffic_to_the_operator_only(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "carol"))
        await owner.connect()
        try:
            await owner.call("create_table")
            await asyncio.sleep(0.3)
        finally:
            await owner.close()

    asyncio.run(body())
    with urllib.request.urlopen(a.base + "/metrics", timeout=10) as r:
        got = {s.name: s.value for f in text_string_to_metric_families(r.read().decode())
               for s in f.samples}
    assert got["yuanzi_redis_published_total"] >= 1
    assert got["yuanzi_redis_round_trip_seconds_count"] >= 1
    assert got["yuanzi_redis_reconnects_total"] == 0
    # through a proxy (which forwards the player's address) the page does not exist
    forwarded = urllib.request.Request(b.base + "/metrics",
                                       headers={"X-Forwarded-For": "203.0.113.9"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(forwarded, timeout=10)
    assert refused.value.code == 404


def test_quick_match_and_presence_are_hall_wide(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """A player on one node is matched to a free seat of a table running on the other,
    and that table sees him connected, then away when he leaves (R34)."""
    a, b = two_nodes

    def seat_of(frames: list[str], table: int, account: int) -> dict[str, object] | None:
        for text in reversed(frames):
            f = json.loads(text)
            if f["type"] == "table" and f["table"]["id"] == table:
                return next((s for s in f["table"]["seats"] if s.get("account_id") == account),
                            None)
        return None

    async def wait_for(check: object, seconds: float = 10.0) -> None:
        for _ in range(int(seconds / 0.05)):
            if check():  # type: ignore[operator]
                return
            await asyncio.sleep(0.05)
        raise AssertionError("not in time")

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "quick0"),
                       keep_frames=True)
        await owner.connect()
        table = (await owner.call("create_table"))["table"]
        await asyncio.sleep(0.5)  # its lobby row reaches node b
        guest = Player(b.base, await asyncio.to_thread(register, b.base, "quick1"))
        await guest.connect()
        assert guest.welcome is not None
        guest_id = guest.welcome["account"]["id"]
        matched = await guest.call("quick_match")
        # a free seat on the other node (this module's earlier tables have some too)
        rows = await asyncio.to_thread(http_json, a.base, "/api/tables", None, owner.token)
        on_a = {r["id"] for r in rows[0]} if isinstance(rows[0], list) else set()
        assert table in on_a and matched["table"] in on_a
        await owner.call("spectate", table=matched["table"])
        def connected() -> object:
            return (seat_of(owner.frames, matched["table"], guest_id) or {}).get("connected")

        await wait_for(lambda: connected() is True)
        await guest.close()
        await wait_for(lambda: connected() is False)
        await owner.close()

    asyncio.run(body())


def test_a_closed_table_is_refused_at_once_from_another_node(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes

    async def body() -> float:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "closer0"))
        other = Player(b.base, await asyncio.to_thread(register, b.base, "closer1"))
        await owner.connect()
        await other.connect()
        table = (await owner.call("create_table"))["table"]
        await owner.call("stand", table=table)  # the last one up: the table closes
        began = time.monotonic()
        with pytest.raises(HallRefused, match="no_such_table"):
            await other.call("ready", table=table)
        took = time.monotonic() - began
        await owner.close()
        await other.close()
        return took

    assert asyncio.run(body()) < 3  # not after the 12 s a table may take to move


def test_an_accounts_sockets_are_capped_hall_wide(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 14, item 1: the cap (4) counts the sockets on every node; the oldest, on
    the other node, gives way to a fifth."""
    a, b = two_nodes

    async def body() -> None:
        token = await asyncio.to_thread(register, a.base, "carol")
        oldest = Player(b.base, token, keep_frames=True)
        await oldest.connect()
        others = [Player(a.base, token) for _ in range(4)]
        try:
            for p in others[:3]:
                await p.connect()
            await asyncio.sleep(0.2)
            assert oldest.connected  # four in all: the cap
            await others[3].connect()
            for _ in range(250):
                if not oldest.connected:
                    break
                await asyncio.sleep(0.02)
            assert not oldest.connected
            assert oldest.ws is not None and oldest.ws.close_code == 4409
            assert "another connection" in json.loads(oldest.frames[-1])["message"]
            assert all(p.connected for p in others)
        finally:
            for p in [oldest, *others]:
                await p.close()

    asyncio.run(body())


def test_a_filtered_lobby_on_one_node_hears_the_other_nodes_tables(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "dave"))
        watcher = Player(b.base, await asyncio.to_thread(register, b.base, "erin"),
                         keep_frames=True)
        await owner.connect()
        await watcher.connect()
        try:
            await watcher.call("lobby", free_seats=True, bet=0, limit=50)
            await asyncio.sleep(0.3)  # node b's subscription reaches Redis
            table = (await owner.call("create_table"))["table"]

            def changes() -> list[dict[str, object]]:
                return [f for f in map(json.loads, watcher.frames)
                        if f["type"] == "lobby_changes"]

            for _ in range(250):  # shown while it has a free seat (before the bots come:
                if any(t["id"] == table for f in changes()  # a bundle may hold both)
                       for t in f["tables"]):  # type: ignore[attr-defined]
                    break
                await asyncio.sleep(0.02)
            for seat in (1, 2, 3):
                await owner.call("add_bot", table=table, seat=seat, bot="random")
            for _ in range(250):
                if any(table in f["gone"] for f in changes()):  # type: ignore[operator]
                    break
                await asyncio.sleep(0.02)
            shown = [t["id"] for f in changes() for t in f["tables"]]  # type: ignore[attr-defined]
            assert table in shown  # while it had a free seat
            assert any(table in f["gone"] for f in changes())  # type: ignore[operator]
        finally:
            await owner.close()
            await watcher.close()

    asyncio.run(body())


def test_a_private_table_on_one_node_is_joined_by_its_code_from_the_other(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 15 on a hall of several: the code is found in the database, the command runs
    on the table's node, and the table never reaches the other node's lobby."""
    a, b = two_nodes

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "frank"),
                       keep_frames=True)
        friend = Player(b.base, await asyncio.to_thread(register, b.base, "grace"),
                        keep_frames=True)
        await owner.connect()
        await friend.connect()
        try:
            table = (await owner.call("create_table", private=True))["table"]
            for _ in range(250):
                views = [json.loads(t)["table"] for t in owner.frames if '"type":"table"' in t]
                if views and views[-1]["id"] == table:
                    break
                await asyncio.sleep(0.02)
            code = views[-1]["room_code"]
            await friend.call("lobby")
            await asyncio.sleep(0.3)
            lobby = [json.loads(t) for t in friend.frames if t.startswith('{"type":"lobby"')]
            assert lobby and table not in [t["id"] for t in lobby[-1]["tables"]]
            with pytest.raises(HallRefused, match="no_such_table"):
                await friend.call("sit", table=table, seat=1)
            assert await friend.call("join_code", code=code) == {"table": table, "seat": 2}
        finally:
            await owner.close()
            await friend.close()

    asyncio.run(body())


def test_the_online_count_is_hall_wide(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes

    async def body() -> None:
        here = Player(a.base, await asyncio.to_thread(register, a.base, "hanna"))
        there = Player(b.base, await asyncio.to_thread(register, b.base, "ivan"))
        await here.connect()
        await there.connect()
        try:
            seen = 0
            for _ in range(250):
                answer, _ = await asyncio.to_thread(http_json, a.base, "/api/online", None,
                                                    here.token)
                assert isinstance(answer, dict)
                seen = answer["players"]
                if seen >= 2:
                    break
                await asyncio.sleep(0.02)
            assert seen >= 2  # ivan is on the other node
        finally:
            await here.close()
            await there.close()

    asyncio.run(body())


def test_private_means_private_across_nodes(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 27 on two nodes: the table runs on node a; a stranger knocking from node b
    through a whole game hears nothing of it, and a player removed there, connected to
    node b, hears nothing from the moment he is out."""
    a, b = two_nodes

    async def body() -> None:
        owner = Player(a.base, await asyncio.to_thread(register, a.base, "priv-owner"),
                       keep_frames=True, think=0.03)
        await owner.connect()
        stranger = await connected(b.base, "priv-knock")
        friend = await connected(b.base, "priv-friend")
        try:
            table, code, invite = await private_table(owner)
            assert (await friend.call("join_code", code=code))["seat"] == 2
            await owner.call("remove_player", table=table, seat=2)
            await until(friend, lambda f: f["type"] == "left_table")
            out = next(i for i, t in enumerate(friend.frames) if '"stood_up"' in t)
            stop = asyncio.Event()
            knocking = asyncio.create_task(knock(stranger, table, stop))
            for seat in (1, 2, 3):
                await owner.call("add_bot", table=table, seat=seat, bot="random")
            await owner.call("ready", table=table)
            await owner.wait_over(120)
            for i in range(8):
                await owner.call("chat", table=table, kind="text", body=f"line {i}")
            stop.set()
            assert await knocking >= 10
            await friend.call("hello", protocol=1)
            await stranger.call("hello", protocol=1)
            assert heard_after(stranger, 0, table, (code, invite)) == []
            assert heard_after(friend, out, table, (code, invite),
                               ("left_table", "stood_up")) == []
        finally:
            for p in (owner, stranger, friend):
                await p.close()

    asyncio.run(body())


def test_a_club_table_on_one_node_and_its_member_on_the_other(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 26 on a hall of several: a club's table opened (with the club's session
    length) on node a; a member connected to node b comes in by the club, hears the
    session and ends it with the owner; a stranger on node b finds no table."""
    a, b = two_nodes

    async def body() -> None:
        tokens = [await asyncio.to_thread(register, node.base, name)
                  for node, name in ((a, "clubowner"), (b, "clubmate"), (b, "clubstranger"))]
        club, _ = await asyncio.to_thread(http_json, a.base, "/api/clubs", {"name": "两地"},
                                          tokens[0])
        assert isinstance(club, dict)
        owner_req = urllib.request.Request(
            f"{a.base}/api/clubs/{club['id']}", method="PATCH",
            data=json.dumps({"open_join": True, "house": {"session_games": 8}}).encode(),
            headers={"content-type": "application/json",
                     "cookie": f"yuanzi_session={tokens[0]}"})
        await asyncio.to_thread(urllib.request.urlopen, owner_req, None, 30)
        await asyncio.to_thread(http_json, b.base, "/api/clubs/join",
                                {"code": club["join_code"]}, tokens[1])
        owner = Player(a.base, tokens[0], keep_frames=True)
        mate = Player(b.base, tokens[1], keep_frames=True)
        stranger = Player(b.base, tokens[2], keep_frames=True)
        for p in (owner, mate, stranger):
            await p.connect()
        try:
            table = (await owner.call("create_table", club=club["id"]))["table"]
            with pytest.raises(HallRefused, match="no_such_table"):
                await stranger.call("join_club_table", table=table)
            assert await mate.call("join_club_table", table=table) == {"table": table,
                                                                       "seat": 2}

            def session_is(**want: object) -> Callable[[dict[str, Any]], bool]:
                return lambda f: f["type"] == "table" and f["table"]["id"] == table and all(
                    (f["table"]["session"] or {}).get(k) == v for k, v in want.items())

            await until(mate, session_is(games=8, status="running"))
            assert (await mate.call("end_session", table=table))["status"] == "running"
            await until(owner, session_is(votes=[2]))  # the vote crossed to node a
            assert (await owner.call("end_session", table=table))["status"] == "ended"
            # (the owner's yes completed everyone's: the table's vote, issue 45)
            await until(mate, session_is(status="ended", reason="vote"))
        finally:
            for p in (owner, mate, stranger):
                await p.close()

    asyncio.run(body())


def test_a_tournament_on_a_hall_of_two_nodes(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 28 on a hall of several: a sit-and-go made and filled on node a; its second
    player, connected to node b, hears each round's table there and puts it on 托管 from
    node b (as the first does from node a), and reads the finished standings and a
    game's record (the round over) on node b."""
    a, b = two_nodes

    async def tuoguan_each_round(p: Player) -> None:
        done: set[int] = set()
        while True:
            for text in list(p.frames):
                f = json.loads(text)
                if (f["type"] == "tournament" and f["table"] is not None
                        and f["table"] not in done):
                    done.add(f["table"])
                    await p.call("auto_play", table=f["table"], on=True)
            await asyncio.sleep(0.05)

    async def body() -> None:
        ann = await asyncio.to_thread(register, a.base, "tourann")
        bob = await asyncio.to_thread(register, b.base, "tourbob")
        made, _ = await asyncio.to_thread(http_json, a.base, "/api/tournaments",
                                          {"name": "两地赛", "size": 8, "rounds": 2}, ann)
        assert isinstance(made, dict)
        t = made["id"]
        await asyncio.to_thread(http_json, a.base, f"/api/tournaments/{t}/enter", {}, ann)
        await asyncio.to_thread(http_json, b.base, f"/api/tournaments/{t}/enter", {}, bob)
        players = [Player(a.base, ann, keep_frames=True, act=False),
                   Player(b.base, bob, keep_frames=True, act=False)]
        for p in players:
            await p.connect()
        followers = [asyncio.create_task(tuoguan_each_round(p)) for p in players]
        try:
            await asyncio.to_thread(http_json, a.base, f"/api/tournaments/{t}/bots", {}, ann)
            for round_ in (0, 1):  # each round's table, heard on node b too
                await until(players[1], lambda f, r=round_: f["type"] == "tournament"
                            and f["round"] == r and f["table"] is not None, 60)
            await until(players[1], lambda f: f["type"] == "tournament"
                        and f["status"] == "finished", 90)
            assert players[1].errors == []
        finally:
            for task in followers:
                task.cancel()
            for p in players:
                await p.close()
        view, _ = await asyncio.to_thread(http_json, b.base, f"/api/tournaments/{t}", None,
                                          bob)
        assert isinstance(view, dict) and view["status"] == "finished"
        assert len(view["standings"]) == 8 and all(s["games"] == 2 for s in view["standings"])
        game = view["tables"][0]["games"][0]["game_id"]
        record, _ = await asyncio.to_thread(http_json, b.base, f"/api/games/{game}/record",
                                            None, bob)
        assert isinstance(record, dict) and len(record["halves"][0]["hands"]) == 4

    asyncio.run(body())


def test_a_club_tournaments_table_is_no_table_to_a_stranger_on_the_other_node(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 54 on a hall of several: a club's sit-and-go filled on node a, its table
    mid-round there; a stranger connected to node b, whose every ask is forwarded to node
    a, is answered for it what he is for a table id that does not exist."""
    a, b = two_nodes

    async def body() -> None:
        boss = await connected(a.base, "cupclubboss")
        stranger = await connected(b.base, "cupclubgazer")
        try:
            club, _ = await asyncio.to_thread(http_json, a.base, "/api/clubs",
                                              {"name": "两地圈"}, boss.token)
            assert isinstance(club, dict)
            made, _ = await asyncio.to_thread(http_json, a.base, "/api/tournaments",
                                              {"name": "两地圈杯", "size": 8, "rounds": 1,
                                               "club": club["id"]}, boss.token)
            assert isinstance(made, dict)
            t = made["id"]
            await asyncio.to_thread(http_json, a.base, f"/api/tournaments/{t}/enter", {},
                                    boss.token)
            await asyncio.to_thread(http_json, a.base, f"/api/tournaments/{t}/bots", {},
                                    boss.token)
            frame = await until(boss, lambda f: f["type"] == "tournament"
                                and f["status"] == "running", 30)
            table = frame["table"]
            await boss.call("resync", table=table)  # (he holds it: it waits on his turn)

            async def said(table_id: int, kind: str) -> str:
                with pytest.raises(HallRefused) as e:
                    await stranger.call(kind, table=table_id)
                return str(e.value).replace(str(table_id), "N")

            for kind in ("spectate", "resync", "join_club_table"):
                assert await said(table, kind) == await said(table + 1000, kind), kind
                assert (await said(table, kind)).startswith("no_such_table"), kind
        finally:
            for p in (boss, stranger):
                await p.close()

    asyncio.run(body())


def _rest(base: str, method: str, path: str, token: str,
          body: dict[str, Any] | None = None) -> Any:
    req = urllib.request.Request(f"{base}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json",
                                          "cookie": f"yuanzi_session={token}"})
    with urllib.request.urlopen(req, None, 30) as resp:
        return json.loads(resp.read() or b"null")


def test_a_banned_or_removed_club_member_is_out_of_its_table_on_every_node(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    """Issue 44 on two nodes: the club's table runs on node a; a member seated there and
    one watching, both connected to node b. Banned mid-game, the player plays it out and
    is stood up at its end; removed, the spectator is out at once; from then on neither
    may watch, resync, sit, talk or come in by the club, and neither hears anything of the
    table through another whole game."""
    a, b = two_nodes

    async def body() -> None:
        tokens = [await asyncio.to_thread(register, node.base, name)
                  for node, name in ((a, "banhost"), (b, "banmate"), (b, "banwatch"))]
        club = await asyncio.to_thread(_rest, a.base, "POST", "/api/clubs", tokens[0],
                                       {"name": "禁入"})
        await asyncio.to_thread(_rest, a.base, "PATCH", f"/api/clubs/{club['id']}",
                                tokens[0], {"open_join": True})
        for token in tokens[1:]:
            await asyncio.to_thread(_rest, b.base, "POST", "/api/clubs/join", token,
                                    {"code": club["join_code"]})
        owner = Player(a.base, tokens[0], keep_frames=True, think=0.05)
        mate = Player(b.base, tokens[1], keep_frames=True, think=0.05)
        watcher = Player(b.base, tokens[2], keep_frames=True, act=False)
        for p in (owner, mate, watcher):
            await p.connect()
        try:
            table = (await owner.call("create_table", club=club["id"]))["table"]
            owner.table = mate.table = table
            for seat in (1, 3):
                await owner.call("add_bot", table=table, seat=seat, bot="random")
            assert (await mate.call("join_club_table", table=table))["seat"] == 2
            assert (await watcher.call("join_club_table", table=table))["seat"] is None
            await owner.call("ready", table=table)
            await mate.call("ready", table=table)
            await until(mate, lambda f: f["type"] == "played" and f["table"] == table)
            ids = [p.welcome["account"]["id"] if p.welcome else 0 for p in (mate, watcher)]
            await asyncio.to_thread(_rest, a.base, "POST",
                                    f"/api/clubs/{club['id']}/members/{ids[0]}/ban",
                                    tokens[0], {"on": True})
            await asyncio.to_thread(_rest, a.base, "DELETE",
                                    f"/api/clubs/{club['id']}/members/{ids[1]}", tokens[0])
            await until(watcher, lambda f: f["type"] == "left_table" and f["table"] == table)
            watcher_out = len(watcher.frames)
            assert not any('"left_table"' in t for t in mate.frames)  # he plays it out
            await owner.wait_over(120)
            await until(mate, lambda f: f["type"] == "left_table" and f["table"] == table)
            mate_out = next(i for i, t in enumerate(mate.frames) if '"stood_up"' in t)
            for p in (mate, watcher):
                for kind, fields in (("spectate", {}), ("resync", {}), ("sit", {"seat": 2}),
                                     ("chat", {"kind": "text", "body": "还在吗"}),
                                     ("join_club_table", {})):
                    with pytest.raises(HallRefused, match="no_such_table"):
                        await p.call(kind, table=table, **fields)
            owner._over.clear()
            await owner.call("add_bot", table=table, seat=2, bot="random")
            await owner.call("ready", table=table)
            await owner.wait_over(120)
            await owner.call("chat", table=table, kind="text", body="after")
            for p in (mate, watcher):
                await p.call("hello", protocol=1)
            assert heard_after(mate, mate_out, table, (), ("left_table", "stood_up")) == []
            assert heard_after(watcher, watcher_out, table, ()) == []
        finally:
            for p in (owner, mate, watcher):
                await p.close()

    asyncio.run(body())
