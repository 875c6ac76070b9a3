"""The WebSocket messages fuzzed (issue 14): every message type with fields drawn from
its own pydantic model's types — and with wrong ones — gets an ``ok`` or an ``error``
frame of the documented shape, never ``internal``, and the connection stays up.

Each type is first sent once as a client would send it (the other player's table and
account, a seat, a card) and once with a field of the wrong type, so the hall's answers
are seen to vary (``malformed`` and at least three other refusals) whatever hypothesis
draws afterwards; then hypothesis fuzzes every type."""

from __future__ import annotations

import os
import typing
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st
from tests.server.wsclient import connect

from yuanzi.server import protocol as p

EXAMPLES = 400 if os.environ.get("YUANZI_SLOW_FUZZ") else 150
MODELS = {cls.model_fields["type"].annotation.__args__[0]: cls  # type: ignore[union-attr]
          for cls in typing.get_args(typing.get_args(p.Message)[0])}

JSON = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70)
                    | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
NEAR = {  # values a field's own type suggests, and the edges around them
    int: st.integers(-3, 3) | st.integers(1, 2**63 + 5),
    bool: st.booleans(),
    str: st.sampled_from(["pass", "7S", "3H 3H", "green", "sign", "", "t" * 70]),
}


PLAUSIBLE: dict[str, Any] = {
    "seat": 1, "version": 0, "cards": "3H", "nickname": "owner", "body": "hello",
    "name": "tea house", "code": "12345678", "token": "no-such-link", "message": 1,
}
"""A client's values for fields by name; ``table`` and ``account`` are the other
player's."""


def of_type(annotation: Any) -> Any:
    """A value of a field's own type: its first literal, an empty object, 1, "x"."""
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)[0]
    if annotation is bool:
        return True
    if annotation is int:
        return 1
    if annotation is str:
        return "x"
    if annotation is dict or typing.get_origin(annotation) is dict:
        return {}
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    return of_type(args[0]) if args else None


def plausible(kind: str, table: int, account: int, protocol: int) -> dict[str, Any]:
    """``kind`` with the fields a client of the hall would send: those it needs, the
    others left to their defaults."""
    out: dict[str, Any] = {"type": kind}
    for name, info in MODELS[kind].model_fields.items():
        if name in ("type", "seq"):
            continue
        if name == "table":
            out[name] = table
        elif name == "account":
            out[name] = account
        elif name == "protocol":
            out[name] = protocol
        elif name in PLAUSIBLE:
            out[name] = PLAUSIBLE[name]
        elif info.is_required():
            out[name] = of_type(info.annotation)
    return out


def field_value(annotation: Any) -> st.SearchStrategy[Any]:
    base = next((s for t, s in NEAR.items() if t in (annotation, *typing.get_args(annotation))
                 or str(annotation).startswith(t.__name__)), None)
    return (base | JSON) if base is not None else JSON


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(set(MODELS) - {"ping"})))  # (a pong, not an ok)
    model = MODELS[kind]
    out: dict[str, Any] = {"type": kind}
    for name, info in model.model_fields.items():
        if name in ("type", "seq"):
            continue
        if draw(st.integers(0, 5)):  # most often present
            out[name] = draw(field_value(info.annotation))
    if draw(st.integers(0, 9)) == 0:
        out[draw(st.text(min_size=1, max_size=6))] = draw(JSON)  # an unknown field
    return out


def test_every_message_gets_a_documented_answer(make_client: Callable[..., TestClient],
                                                account: Callable[[TestClient, str], str]
                                                ) -> None:
    client = make_client(ws_max_violations=10**6, ws_messages_per_second=10**6,
                         ws_burst=10**6, lobby_reads=10**6)
    codes: list[str] = []
    with ExitStack() as stack:
        peer = connect(stack, client, account(client, "fuzzer"))
        other = connect(stack, client, account(client, "owner"))
        table = other.call("create_table")["table"]  # something to sit at, watch, play

        def answered(message: dict[str, Any]) -> None:
            fields = dict(message)
            seq = peer.send(fields.pop("type"), **fields)
            reply = peer.reply(seq)
            assert reply["type"] in ("ok", "error"), (message, reply)
            if reply["type"] == "error":
                assert set(reply) == {"type", "seq", "code", "message"}, reply
                assert reply["code"] != "internal", (message, reply)
                codes.append(reply["code"])

        for kind in sorted(set(MODELS) - {"ping"}):  # (a pong, not an ok)
            message = plausible(kind, table, other.welcome["account"]["id"],
                                peer.welcome["protocol"])
            answered(message)
            first = next((name for name in message if name != "type"), None)
            if first is not None:  # the same with a field of the wrong type
                answered({**message, first: ["wrong"]})
        assert "malformed" in codes and len(set(codes)) >= 4, sorted(set(codes))

        @given(message=messages())
        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        def check(message: dict[str, Any]) -> None:
            answered(message)

        check()
        assert peer.call("lobby") == {}  # still connected, still served
    assert "malformed" in codes and len(set(codes)) >= 4, sorted(set(codes))
