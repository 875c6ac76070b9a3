"""Web Push on a hall of two nodes (issue 47): whichever node sees the event sends. A
player connected to one node sits at a table run by the other; what her tab says it
shows (the ``view`` message) crosses to the table's node, and when her turn comes with
no tab of hers showing the table, that node pushes it — signed with the hall's one VAPID
key, to the subscription she made through the first node."""

from __future__ import annotations

import asyncio

from tests.server.pushservice import Browser, running_push_service, vapid_claims

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import Player, http_json, register


def test_your_turn_is_pushed_by_the_tables_node_for_a_player_on_the_other(
        two_nodes: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_nodes
    with running_push_service() as service:
        phone = Browser(f"{service.base}/p/ann")

        async def body() -> None:
            bob_token = await asyncio.to_thread(register, a.base, "pushbob")
            ann_token = await asyncio.to_thread(register, b.base, "pushann")
            await asyncio.to_thread(http_json, b.base, "/api/push/subscriptions",
                                    {**phone.subscription(["turn"]), "lang": "en"}, ann_token)
            bob = Player(a.base, bob_token, act=False)
            ann = Player(b.base, ann_token, act=False, keep_frames=True)
            await bob.connect()
            await ann.connect()
            try:
                table = (await bob.call("create_table"))["table"]  # run by node a
                for seat in (1, 3):
                    await bob.call("add_bot", table=table, seat=seat, bot="random")
                await ann.call("sit", table=table, seat=2)  # from node b
                await ann.call("view", table=table)
                await ann.call("view", table=None)  # her tab hidden: node a hears it
                await bob.call("auto_play", table=table, on=True)  # 托管 plays for him
                await bob.call("ready", table=table)
                await ann.call("ready", table=table)
                for _ in range(300):
                    if service.received:
                        break
                    await asyncio.sleep(0.05)
            finally:
                await bob.close()
                await ann.close()

        asyncio.run(body())
        pushes = service.wait(1)
        assert [p["path"] for p in pushes] == ["/p/ann"]
        payload = phone.read(pushes[0])
        assert payload["kind"] == "turn" and payload["title"] == "Atom: your turn"
        assert payload["url"].startswith("/#/table/")
        offer, _ = http_json(a.base, "/api/push", None, register(a.base, "pushbob"))
        assert isinstance(offer, dict)
        claims = vapid_claims(pushes[0]["headers"], offer["key"])  # the hall's one key
        assert claims["aud"] == service.base
        assert set(payload) == {"kind", "title", "body", "url", "tag"}  # words, no cards
