"""hall/table/listing.py: a table's lobby row, at most one frame an interval."""

from __future__ import annotations

import asyncio

from yuanzi.hall.pubsub import LocalBroker, lobby_topic
from yuanzi.hall.table.listing import LobbyListing


class Heard:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def deliver(self, text: str) -> None:
        self.texts.append(text)


def test_a_burst_is_one_frame_now_and_its_last_state_after_the_interval() -> None:
    async def body() -> None:
        broker = LocalBroker()
        heard = Heard()
        broker.subscribe(lobby_topic(), heard)
        listing = LobbyListing(broker, interval=0.05)
        for n in range(6):  # four readies, a start and more, in one moment
            listing.changed(f"row {n}")
        assert heard.texts == ["row 0"]  # the first change at once
        await asyncio.sleep(0.08)
        assert heard.texts == ["row 0", "row 5"]  # the burst folded into its last row
        await asyncio.sleep(0.08)
        listing.changed("row 6")  # quiet for an interval: at once again
        assert heard.texts[-1] == "row 6"
        listing.changed("row 7")
        listing.closed("closed")  # said at once; the pending row is dropped
        await asyncio.sleep(0.08)
        assert heard.texts[-2:] == ["row 6", "closed"]

    asyncio.run(body())
