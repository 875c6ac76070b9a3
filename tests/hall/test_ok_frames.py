"""hall/ok_frames.py: an ``ok`` written without its model (the play path's reply, issue 30) is
the very text the model writes, for any data; what orjson would write differently goes
through the model."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from typing import Any

import orjson
from hypothesis import given, strategies as st

from yuanzi.hall.events import Ok
from yuanzi.hall.ok_frames import ok_envelope

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)


@given(st.integers(0, 2**53), st.dictionaries(st.text(), JSON, max_size=5))
def test_plain_data_is_written_as_the_model_writes_it(seq: int, data: dict[str, Any]) -> None:
    envelope = ok_envelope(seq, data)
    assert envelope.text == Ok(seq=seq, data=data).text()
    assert envelope.kind == "ok" and envelope.table is None and envelope.account is None


class Colour(enum.StrEnum):
    RED = "red"


@dataclasses.dataclass
class Point:
    x: int


def test_what_orjson_writes_otherwise_goes_through_the_model() -> None:
    moment = dt.datetime(2026, 12, 4, 15, 30, tzinfo=dt.UTC)
    for data in ({"at": moment}, {"colour": Colour.RED}, {"point": Point(3)},
                 {"big": 2**70}, {"tuple": (1, 2)}):
        assert ok_envelope(7, data).text == Ok(seq=7, data=data).text()
    assert orjson.loads(ok_envelope(7, {"at": moment}).text)["data"]["at"] \
        == "2026-12-04T15:30:00Z"  # pydantic's form, not orjson's +00:00
