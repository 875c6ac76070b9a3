"""A table's commands and replies as JSON, to cross from one node to another.

Commands and replies are frozen dataclasses of numbers, strings and tuples
(:mod:`yuanzi.hall.table.commands`), so each is written as its class name and its
fields; only three kinds of value need a word of their own: the :class:`Sender`, a
play's cards (R2 text, parsed back by the engine) and a resync's :class:`FullView`
(its pydantic frames). Nothing is unpickled: a message names a class from a fixed list,
and anything else is refused.
"""

from __future__ import annotations

import dataclasses
from typing import Any, get_args

import orjson

from yuanzi.engine.cards import format_cards, parse_cards
from yuanzi.engine.errors import EngineError
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import CounterFrame, GameFrame, TableView
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.frames import FullView

_CLASSES: dict[str, type] = {
    cls.__name__: cls for cls in (*get_args(c.Command), *get_args(c.Reply))}
"""Every command and reply that may cross: a message naming anything else is refused."""

_FRAMES = "frames"
"""A :class:`~yuanzi.hall.table.commands.Join`'s reply: its frames, each as its envelope
(kind, text, table, account)."""


class CodecError(ValueError):
    """A message that is not a command or reply of this hall."""


def encode(value: Any) -> Any:
    """A command or a reply (or a Join's list of frames) as plain JSON data."""
    if isinstance(value, list):
        if not all(isinstance(e, Envelope) for e in value):
            raise CodecError("a list crosses as frames only")
        return {"kind": _FRAMES, "frames": [[e.kind, e.text, e.table, e.account]
                                             for e in value]}
    kind = type(value).__name__
    if _CLASSES.get(kind) is not type(value) or not dataclasses.is_dataclass(value):
        raise CodecError(f"{kind} does not cross between nodes")
    out: dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(value):
        out[f.name] = _value(getattr(value, f.name), f.name, type(value))
    return out


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote; :class:`CodecError` for anything else."""
    if not isinstance(data, dict):
        raise CodecError("a command is an object")
    kind = data.get("kind")
    if kind == _FRAMES:
        frames = data.get("frames")
        if not isinstance(frames, list) or not all(_is_envelope(f) for f in frames):
            raise CodecError("frames are a list of envelopes")
        return [Envelope(*f) for f in frames]
    cls = _CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CodecError(f"unknown kind {kind!r}")
    kwargs: dict[str, Any] = {}
    unknown = set(data) - {"kind"} - {f.name for f in dataclasses.fields(cls)}
    if unknown:
        raise CodecError(f"a {kind} has no {', '.join(sorted(unknown))}")
    try:
        for f in dataclasses.fields(cls):
            if f.name in data:
                kwargs[f.name] = _back(data[f.name], f.name, cls)
        return cls(**kwargs)
    except (TypeError, ValueError, KeyError, EngineError) as e:
        raise CodecError(f"a bad {kind}: {e}") from e


def _is_envelope(data: Any) -> bool:
    return (isinstance(data, list) and len(data) == 4 and isinstance(data[0], str)
            and isinstance(data[1], str)
            and all(x is None or type(x) is int for x in data[2:]))


def dumps(data: dict[str, Any]) -> str:
    return orjson.dumps(data).decode()


def error_data(e: HallError) -> dict[str, str]:
    return {"code": e.code.value, "message": e.message}


def error_of(data: Any) -> HallError:
    """A refusal sent back by the owner, as the caller raises it."""
    try:
        return HallError(Code(data["code"]), str(data["message"]))
    except (KeyError, TypeError, ValueError):
        return HallError(Code.INTERNAL, "a node answered with a refusal it could not name")


def _value(value: Any, name: str, cls: type) -> Any:
    if isinstance(value, c.Sender):
        return dataclasses.asdict(value)
    if isinstance(value, FullView):
        return value.reply()
    if cls is c.Play and name == "cards" and value is not None:
        return format_cards(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _back(value: Any, name: str, cls: type) -> Any:
    if name == "sender" and isinstance(value, dict):
        return c.Sender(**value)
    if cls is c.Resynced and name == "view":
        return FullView(TableView.model_validate(value["table"]),
                        None if value["game"] is None else GameFrame.model_validate(
                            value["game"]),
                        None if value["counter"] is None else CounterFrame.model_validate(
                            value["counter"]))
    if cls is c.Play and name == "cards" and value is not None:
        return parse_cards(value)
    if isinstance(value, list):
        return tuple(value)
    return value
