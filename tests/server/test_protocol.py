"""server/protocol.py: what a client may send, read in one pass when it is good."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from yuanzi.hall.errors import Code
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.server import protocol as p, table_protocol as tp

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


WHO = Sender(7, "player", "203.0.113.5", 42, "阿明")
TABLE_MESSAGES = [
    ({"type": "ready", "table": 3, "ready": False, "bet": 20}, c.Ready(WHO, 3, False, 20)),
    ({"type": "remove_bot", "table": 3, "seat": 2}, c.RemoveBot(WHO, 3, 2)),
    ({"type": "auto_play", "table": 3, "on": True}, c.AutoPlay(WHO, 3, True)),
    ({"type": "hint", "table": 3, "version": 9}, c.Hint(WHO, 3, 9)),
    ({"type": "lock_table", "table": 3}, c.Lock(WHO, 3, True)),
    ({"type": "remove_player", "table": 3, "seat": 1}, c.RemovePlayer(WHO, 3, 1)),
    ({"type": "move_seat", "table": 3, "seat": 1}, c.MoveSeat(WHO, 3, 1)),
    ({"type": "swap_seats", "table": 3, "seat": 2}, c.SwapSeats(WHO, 3, 2)),
    ({"type": "swap_answer", "table": 3, "seat": 2, "accept": False},
     c.AnswerSwap(WHO, 3, 2, False)),
    ({"type": "go_on", "table": 3}, c.GoOn(WHO, 3)),
    ({"type": "open_session", "table": 3, "games": 8}, c.OpenSession(WHO, 3, 8)),
    ({"type": "end_session", "table": 3}, c.EndSession(WHO, 3, True)),
    ({"type": "end_session", "table": 3, "agree": False}, c.EndSession(WHO, 3, False)),
    ({"type": "contribute", "table": 3, "value": "ab" * 8}, c.Contribute(WHO, 3, "ab" * 8)),
    ({"type": "remove_spectator", "table": 3, "account": 9}, c.RemoveSpectator(WHO, 3, 9)),
    ({"type": "give_owner", "table": 3, "account": 8}, c.GiveOwner(WHO, 3, 8)),
]


@pytest.mark.parametrize(("message", "command"), TABLE_MESSAGES,
                         ids=[m["type"] for m, _ in TABLE_MESSAGES])
def test_a_table_message_is_its_command_with_the_sender_added(
        message: dict[str, Any], command: c.Command) -> None:
    msg = p.parse_message(json.dumps({"seq": 1, **message}))
    assert isinstance(msg, tp.TableCommand)
    assert msg.command(WHO) == command


def test_every_table_message_is_listed() -> None:
    kinds = {cls for cls in vars(tp).values()
             if isinstance(cls, type) and issubclass(cls, tp.TableCommand)
             and cls is not tp.TableCommand}
    assert {type(p.parse_message(json.dumps({"seq": 1, **m}))) for m, _ in TABLE_MESSAGES} == kinds


def test_a_message_nested_too_deeply_is_refused_whatever_the_recursion_limit() -> None:
    """A test or a library that raised the recursion limit let ``json.loads`` read 2,000
    nested arrays, and the refusal said something else (seen once in a full run)."""
    deep = "[" * 2000 + "]" * 2000
    limit = sys.getrecursionlimit()
    for raised in (limit, 100_000):
        sys.setrecursionlimit(raised)
        try:
            with pytest.raises(p.BadMessage, match="nested too deeply"):
                p.parse_message(deep)
            with pytest.raises(p.BadMessage, match="nested too deeply"):
                p.parse_message('{"type": "chat", "x": ' + "[" * 40 + "]" * 40 + "}")
        finally:
            sys.setrecursionlimit(limit)
