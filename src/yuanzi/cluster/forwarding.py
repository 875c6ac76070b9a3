"""A command for a table running on another node, sent there and answered.

Each node listens on its own topic ``node:{id}`` (Redis channel ``{namespace}:node:{id}``,
:mod:`.redis_broker`). A call is ``{"op": "call", "id", "from", "command"}`` (the command
in :mod:`.codec`'s JSON, never a pickle); the owner runs it in the table's actor, as if
its client were connected there, and answers on the caller's topic with ``reply`` or
``error`` (a :class:`~yuanzi.hall.errors.HallError`'s code and message). A call not
answered within its time is given up, and the caller looks for the table's owner again
(:mod:`.node`): its node may have died. When the owner is still the same, the caller
sends the call again *with the same id* (Redis may have lost it, or its answer): the
owner runs a call once and answers a repeat from what it remembers, so a command is
never run twice by one owner.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from yuanzi.cluster import codec
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.pubsub import Broker, Envelope
from yuanzi.hall.table.commands import Command

log = logging.getLogger(__name__)

REMEMBERED = 10_000
"""Answers an owner keeps for repeated calls (a few seconds' worth at most loads)."""
CALL_SECONDS = 3.0
"""How long a caller waits for the owner's answer (a table answers in milliseconds; one
that does not is on a node that stalled or died, whose lease lapses within 6 s)."""


def node_topic(node: str) -> str:
    return "node:" + node


class NoAnswer(Exception):
    """The owner's node did not answer in time; ``call_id`` sends the call again."""

    def __init__(self, call_id: int) -> None:
        super().__init__(f"call {call_id} was not answered")
        self.call_id = call_id


class Forwarder:
    def __init__(self, broker: Broker, node: str,
                 run_here: Callable[[Command], Awaitable[Any]]) -> None:
        self.broker = broker
        self.node = node
        self.run_here = run_here
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._serving: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._answers: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.calls = 0
        self.served = 0

    def start(self) -> None:
        self.broker.subscribe(node_topic(self.node), self)

    async def stop(self) -> None:
        self.broker.unsubscribe(node_topic(self.node), self)
        for task in list(self._serving.values()):
            task.cancel()
        for call_id, future in self._waiting.items():
            if not future.done():
                future.set_exception(NoAnswer(call_id))

    async def call(self, node: str, command: Command, timeout: float = CALL_SECONDS,
                   again: int | None = None) -> Any:
        """Run ``command`` on ``node``: its reply, or the refusal it raised there.
        ``again``: the id of an unanswered call of it to the same node, sent again."""
        call_id = next(self._ids) if again is None else again
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._waiting[call_id] = future
        self.calls += 1
        self._send(node, {"op": "call", "id": call_id, "from": self.node,
                          "command": codec.encode(command)})
        # a timer, not wait_for: no task per call on the path of every forwarded play
        timer = loop.call_later(timeout, _give_up, future, call_id)
        try:
            return await future
        finally:
            timer.cancel()
            self._waiting.pop(call_id, None)

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        try:
            message = orjson.loads(text)
            op = message["op"]
            if op == "call":
                self._called(message)
            elif op in ("reply", "error"):
                self._answered(message)
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            log.warning("forwarding: a message it cannot read: %.200s", text)

    def _answered(self, message: dict[str, Any]) -> None:
        future = self._waiting.get(int(message["id"]))
        if future is None or future.done():
            return  # given up already
        if message["op"] == "error":
            future.set_exception(codec.error_of(message["error"]))
            return
        try:
            future.set_result(codec.decode(message["reply"]))
        except codec.CodecError as e:
            future.set_exception(HallError(Code.INTERNAL, f"a reply it cannot read: {e}"))

    def _called(self, message: dict[str, Any]) -> None:
        key = (str(message["from"]), int(message["id"]))
        if key in self._serving:
            return  # a repeat of a call under way: its answer goes when it is done
        answer = self._answers.get(key)
        if answer is not None:  # a repeat of a call answered (the answer was lost)
            self._send(key[0], answer)
            return
        task = asyncio.get_running_loop().create_task(self._serve(key, message))
        self._serving[key] = task
        task.add_done_callback(lambda _: self._serving.pop(key, None))

    async def _serve(self, key: tuple[str, int], message: dict[str, Any]) -> None:
        caller, call_id = key
        try:
            command = codec.decode(message["command"])
            reply = await self.run_here(command)
            answer = {"op": "reply", "id": call_id, "reply": codec.encode(reply)}
        except HallError as e:
            answer = {"op": "error", "id": call_id, "error": codec.error_data(e)}
        except codec.CodecError as e:
            answer = {"op": "error", "id": call_id,
                      "error": {"code": Code.MALFORMED.value, "message": str(e)}}
        except asyncio.CancelledError:
            raise
        except Exception as e:  # the caller must hear something
            log.exception("forwarding: a forwarded command failed")
            answer = {"op": "error", "id": call_id,
                      "error": {"code": Code.INTERNAL.value,
                                "message": f"internal error: {type(e).__name__}"}}
        self.served += 1
        self._answers[key] = answer  # remembered before it is no longer under way
        self._serving.pop(key, None)
        if len(self._answers) > REMEMBERED:
            self._answers.popitem(last=False)
        self._send(caller, answer)

    def _send(self, node: str, message: dict[str, Any]) -> None:
        self.broker.publish(node_topic(node), Envelope("node", orjson.dumps(message).decode()))


def _give_up(future: asyncio.Future[Any], call_id: int) -> None:
    if not future.done():
        future.set_exception(NoAnswer(call_id))
