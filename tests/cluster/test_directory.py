"""The hall-wide lobby rows a node keeps of the other nodes' tables (issue 13), and their
JSON encoded once per change, not once per whole lobby asked for (issue 14)."""

from __future__ import annotations

import json

from tests.hall.helpers import BOT, EMPTY, four, table

from yuanzi.cluster.directory import TableDirectory
from yuanzi.hall.events import TableClosed
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker
from yuanzi.hall.table.frames import table_frame_text


def test_rows_are_encoded_once_per_change_and_forgotten_when_closed() -> None:
    directory = TableDirectory(LocalBroker())
    one = table(1, four(("player", 2), EMPTY, BOT, BOT))
    two = table(2, four(EMPTY, EMPTY, EMPTY, EMPTY))
    for view in (one, two):
        directory.deliver(Envelope("table", table_frame_text(view.model_dump_json())))
    first = directory.texts()
    assert [json.loads(t) for t in first] == [json.loads(one.model_dump_json()),
                                              json.loads(two.model_dump_json())]
    assert directory.texts()[0] is first[0]  # not encoded again
    assert directory.texts(skip={1}) == [first[1]]
    renamed = one.model_copy(update={"name": "新名字"})
    directory.deliver(Envelope("table", table_frame_text(renamed.model_dump_json())))
    assert json.loads(directory.texts(skip={2})[0])["name"] == "新名字"
    directory.deliver(TableClosed(table=2).envelope())
    assert [json.loads(t)["id"] for t in directory.texts()] == [1]
    directory.deliver(Envelope("table", "not a frame"))  # logged, nothing changes
    assert directory.knows(1) and not directory.knows(2)
