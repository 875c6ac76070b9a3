"""server/protocol.py: what a client may send, read in one pass when it is good."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yuanzi.hall.errors import Code
from yuanzi.server import protocol as p

FIELDS = ("seq", "table", "seat", "version", "cards", "ready", "bet", "bot", "on", "name",
          "pattern", "slot", "item", "protocol", "subscribe", "rules", "tablecloth")
values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["3S", "pass", "3S 3H", "SJ BJ", "ZZ", "sign", "random"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                  max_size=3),
    max_leaves=6)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from((*p.MESSAGE_TYPES, "nope"))},
    optional={f: values for f in FIELDS})


def slow(text: str) -> Any:
    """The step-by-step reading (json, then the union): the reference."""
    data = json.loads(text)
    return p._ADAPTER.validate_python(data)


@settings(max_examples=400, deadline=None)
@given(messages)
def test_the_one_pass_reading_agrees_with_the_step_by_step_one(msg: dict[str, Any]) -> None:
    text = json.dumps(msg)
    try:
        expected = slow(text)
    except Exception:
        expected = None
    try:
        got = p.parse_message(text)
    except p.BadMessage as e:
        assert expected is None, (text, e.message)  # refused only what the reference refuses
        return
    assert got == expected


@pytest.mark.parametrize(("text", "code"), [
    ("not json", Code.MALFORMED), ("[1]", Code.MALFORMED),
    ('{"type": "fly", "seq": 3}', Code.UNKNOWN_TYPE),
    ('{"type": "play", "seq": 4, "table": 1, "version": "x", "cards": "3S"}', Code.MALFORMED),
])
def test_a_bad_message_is_named_and_its_seq_echoed(text: str, code: Code) -> None:
    with pytest.raises(p.BadMessage) as e:
        p.parse_message(text)
    assert e.value.code == code
    data = json.loads(text) if text.startswith("{") else None
    assert e.value.seq == (data.get("seq") if isinstance(data, dict) else None)
