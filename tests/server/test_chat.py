"""Table chat (issue 15): players and spectators write; during a game its players only
quick phrases and emotes; text cleaned and bounded; rate-limited; a mute hides a player
on every connection; reports reach the admins; an admin's silence stops a player."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from tests.server.economy_helpers import As, make_admin, services
from tests.server.wsclient import Peer, connect

Account = Callable[[TestClient, str], str]


def chats(peer: Peer) -> list[dict[str, Any]]:
    peer.call("hello")  # a round trip: what was sent before it has arrived
    return [f for f in peer.frames if f["type"] == "chat"]


def three_at_a_table(stack: ExitStack, client: TestClient,
                     account: Account) -> tuple[Peer, Peer, Peer, int]:
    owner = connect(stack, client, account(client, "owner"))
    table = owner.call("create_table")["table"]
    partner = connect(stack, client, account(client, "partner"))
    partner.call("sit", table=table, seat=1)
    watcher = connect(stack, client, account(client, "watcher"))
    watcher.call("spectate", table=table)
    return owner, partner, watcher, table


def test_players_and_spectators_talk_and_everyone_at_the_table_hears(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, watcher, table = three_at_a_table(stack, client, account)
        said = owner.call("chat", table=table, body="<b>你好</b>\u202e 🀄！")
        assert said["table"] == table and said["id"] > 0
        watcher.call("chat", table=table, kind="emote", body="tea")
        for peer in (owner, partner, watcher):
            got = chats(peer)
            assert [(c["author"], c["seat"], c["spectator"], c["kind"], c["body"])
                    for c in got] == [
                (owner.welcome["account"]["id"], 0, False, "text", "<b>你好</b> 🀄！"),
                (watcher.welcome["account"]["id"], None, True, "emote", "tea")]
            assert got[0]["nickname"] == "owner" and got[0]["id"] == said["id"]
        outsider = connect(stack, client, account(client, "outsider"))
        assert outsider.error("chat", table=table, body="hi")["code"] == "forbidden"
        assert chats(outsider) == []


def test_bad_messages_are_refused_and_change_nothing(client: TestClient,
                                                     account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, _, table = three_at_a_table(stack, client, account)
        for body, kind in (("x" * 101, "text"), ("\u0007\u202e", "text"), (" ", "text"),
                           ("x" * 401, "text"), ("dance", "emote"), ("gg", "phrase")):
            assert owner.error("chat", table=table, kind=kind, body=body)["code"] == "malformed"
        assert owner.error("chat", table=table, kind="song", body="x")["code"] == "malformed"
        owner.send("chat", table=table, body="x" * 10_000)  # beyond any message's size
        assert owner.until("error")["code"] == "malformed"
        assert chats(partner) == []


def test_during_a_game_its_players_send_phrases_and_emotes_only(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, watcher, table = three_at_a_table(stack, client, account)
        for seat in (2, 3):
            owner.call("add_bot", table=table, seat=seat, bot="random")
        for p in (owner, partner):
            p.call("ready", table=table)
        owner.until("game")
        refusal = partner.error("chat", table=table, body="I hold two atoms")
        assert refusal["code"] == "chat_restricted"
        partner.call("chat", table=table, kind="phrase", body="nice_bomb")
        owner.call("chat", table=table, kind="emote", body="thumbs_up")
        watcher.call("chat", table=table, body="好牌！")  # a spectator sees no hands (R45)
        assert [(c["kind"], c["body"]) for c in chats(owner)] == [
            ("phrase", "nice_bomb"), ("emote", "thumbs_up"), ("text", "好牌！")]


def test_chat_is_rate_limited_per_account(make_client: Callable[..., TestClient],
                                          account: Account) -> None:
    client = make_client(chat_messages=3, chat_window_seconds=60)
    with ExitStack() as stack:
        owner, partner, _, table = three_at_a_table(stack, client, account)
        for _ in range(3):
            owner.call("chat", table=table, kind="phrase", body="hurry")
        assert owner.error("chat", table=table, kind="phrase", body="hurry")["code"] == (
            "rate_limited")
        partner.call("chat", table=table, kind="phrase", body="thanks")  # his own allowance


def test_a_mute_hides_a_player_on_every_connection_until_undone(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, _, table = three_at_a_table(stack, client, account)
        rude = partner.welcome["account"]["id"]
        assert owner.call("mute", account=rude) == {"accounts": [rude]}
        owner.until("mutes")
        partner.call("chat", table=table, body="hidden")
        assert chats(owner) == [] and [c["body"] for c in chats(partner)] == ["hidden"]
        assert owner.error("mute", account=owner.welcome["account"]["id"])["code"] == (
            "malformed")
        assert owner.error("mute", account=999_999)["code"] == "no_such_account"
        owner.call("mute", account=rude, on=False)
        owner.until("mutes")
        partner.call("chat", table=table, body="seen")
        assert [c["body"] for c in chats(owner)] == ["seen"]


def test_a_mute_holds_on_a_second_connection_and_after_a_reconnect(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner_token = account(client, "owner")
        owner = connect(stack, client, owner_token)
        table = owner.call("create_table")["table"]
        partner = connect(stack, client, account(client, "partner"))
        partner.call("sit", table=table, seat=1)
        phone = connect(stack, client, owner_token)
        phone.call("spectate", table=table)  # his own table, from his phone
        owner.call("mute", account=partner.welcome["account"]["id"])
        phone.until("mutes")
        partner.call("chat", table=table, body="hidden")
        later = connect(stack, client, owner_token)  # a new connection loads the mutes
        later.call("spectate", table=table)
        partner.call("chat", table=table, body="still hidden")
        assert chats(owner) == chats(phone) == chats(later) == []


def test_reports_reach_the_admins_and_a_silence_stops_a_player(
        client: TestClient, account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, _, table = three_at_a_table(stack, client, account)
        said = partner.call("chat", table=table, body="rude words")
        assert owner.call("report_chat", message=said["id"], reason="rude") == {
            "message": said["id"]}
        assert owner.error("report_chat", message=999_999)["code"] == "no_such_message"
        admin_token = account(client, "boss")
        admin = As(client, admin_token)
        make_admin(client, admin.me["id"])
        assert As(client, account(client, "nosy")).error("GET", "/api/admin/chat-reports") == (
            "forbidden")
        reports = admin.get("/api/admin/chat-reports")
        assert [(r["message"], r["body"], r["author"]["nickname"], r["reporter"]["nickname"],
                 r["reason"]) for r in reports] == [
            (said["id"], "rude words", "partner", "owner", "rude")]
        rude = partner.welcome["account"]["id"]
        out = admin.post("/api/admin/silence", {"account": rude, "minutes": 10,
                                                "reason": "rude at table"})
        assert out["account"] == rude and out["until"]
        assert partner.error("chat", table=table, body="more")["code"] == "silenced"
        assert partner.error("chat", table=table, kind="emote", body="angry")["code"] == (
            "silenced")
        audit = admin.get("/api/admin/audit")["entries"]
        assert audit[0]["action"] == "silence" and audit[0]["target_account"] == rude
        admin.post("/api/admin/silence", {"account": rude, "minutes": 0, "reason": "ok"})
        partner.call("chat", table=table, body="sorry")


def test_old_messages_and_their_reports_are_forgotten(client: TestClient,
                                                      account: Account) -> None:
    with ExitStack() as stack:
        owner, partner, _, table = three_at_a_table(stack, client, account)
        said = partner.call("chat", table=table, body="x")
        owner.call("report_chat", message=said["id"])
    store = services(client).db.store
    later = datetime.now(UTC) + timedelta(seconds=5)
    assert asyncio.run(store.purge_chat(later)) == 1
    assert asyncio.run(store.chat_reports(10)) == []
