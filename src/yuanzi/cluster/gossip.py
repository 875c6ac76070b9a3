"""Who is connected, from where, and seated at which table — hall-wide.

Each node knows its own connections and the seats of its own tables; the others learn
them from it on one topic (``hall:nodes``):

- a **change** at once (an account's first connection here or its last leaving, its
  latest address; a seat taken or left at a table running here);
- the node's **whole state** every :data:`BEAT_SECONDS`, which is also its heartbeat:
  it replaces what the others knew of it, so a lost change heals within a beat;
- a node not heard for :data:`SILENT_AFTER` is taken for dead and forgotten: its
  players count as away (R34) unless connected elsewhere;
- ``hello`` when a node starts or gets Redis back: every node answers with its state and
  announces its tables again (:mod:`.directory`); after a loss of Redis, every table's
  players and spectators are also sent the table and their view afresh (the frames they
  may have missed are inside it);
- ``bye`` when a node stops, after letting its tables go: the others take them over at
  once rather than at their next look for lapsed leases.

``on_presence(account_id)`` is called when whether the account is connected on *another*
node changes, so the node running his table can tell it (托管 while he is away).
Messages from this node come back to it only locally, and it ignores them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from yuanzi.hall.runtime.pubsub import Broker, Envelope

log = logging.getLogger(__name__)

TOPIC = "hall:nodes"
BEAT_SECONDS = 2.0
SILENT_AFTER = 7.0
"""A little over three beats: a loop stalled for a few seconds is not taken for dead."""


@dataclass
class NodeNews:
    """What one node said of itself: connected accounts (latest address) and seats."""

    accounts: dict[int, str | None] = field(default_factory=dict)
    seated: dict[int, int] = field(default_factory=dict)
    heard: float = 0.0
    name: str = ""
    """Its server name in the proxy (``YUANZI_NODE_NAME``), if it has one."""


class Gossip:
    def __init__(self, broker: Broker, node: str, on_presence: Callable[[int], None],
                 on_hello: Callable[[bool], None], on_bye: Callable[[], None],
                 name: str = "") -> None:
        self.broker = broker
        self.node = node
        self.name = name
        self.on_presence = on_presence
        self.on_hello = on_hello
        self.on_bye = on_bye
        self.mine = NodeNews()
        self.others: dict[str, NodeNews] = {}
        self._task: asyncio.Task[None] | None = None

    # -- this node's news ------------------------------------------------------------------

    def presence(self, account_id: int, address: str | None, connected: bool) -> None:
        if connected:
            self.mine.accounts[account_id] = address
        else:
            self.mine.accounts.pop(account_id, None)
        self._say({"op": "presence", "account": account_id, "on": connected,
                   "address": address})

    def seat(self, account_id: int, table_id: int | None) -> None:
        if table_id is None:
            self.mine.seated.pop(account_id, None)
        else:
            self.mine.seated[account_id] = table_id
        self._say({"op": "seat", "account": account_id, "table": table_id})

    # -- what the others said --------------------------------------------------------------

    def is_connected(self, account_id: int) -> bool:
        return any(account_id in n.accounts for n in self.others.values())

    def online(self) -> set[int]:
        """The accounts connected to the other nodes."""
        out: set[int] = set()
        for news in self.others.values():
            out.update(news.accounts)
        return out

    def address_of(self, account_id: int) -> str | None:
        for news in self.others.values():
            if news.accounts.get(account_id) is not None:
                return news.accounts[account_id]
        return None

    def name_of(self, node: str) -> str | None:
        """The proxy's name for another node, if it said one."""
        news = self.others.get(node)
        return news.name or None if news is not None else None

    def seat_of(self, account_id: int) -> int | None:
        for news in self.others.values():
            table_id = news.seated.get(account_id)
            if table_id is not None:
                return table_id
        return None

    # -- running ---------------------------------------------------------------------------

    def start(self) -> None:
        self.broker.subscribe(TOPIC, self)
        self._task = asyncio.create_task(self._beat(), name="gossip-beat")
        self.hello()

    async def stop(self) -> None:
        self.broker.unsubscribe(TOPIC, self)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def hello(self, resync: bool = False) -> None:
        """Ask every node for its state and its tables (this node just started);
        ``resync``: its Redis connection is back after a loss, frames may be missing, so
        every table is sent afresh to everyone at it, on every node."""
        self._say({"op": "hello", "resync": resync})
        self._say_state()
        if resync:
            self.on_hello(True)  # this node's own tables too

    def bye(self) -> None:
        """This node is stopping and let its tables go: the others take them now."""
        self._say({"op": "bye"})

    def deliver(self, envelope: Envelope) -> None:
        text = envelope.text
        try:
            message = orjson.loads(text)
            node = message["node"]
            if node == self.node:
                return
            self._hear(node, message)
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            log.warning("gossip: a message it cannot read: %.200s", text)

    def _hear(self, node: str, message: dict[str, Any]) -> None:
        op = message["op"]
        news = self.others.get(node)
        if news is None:
            news = self.others[node] = NodeNews()
        news.heard = time.monotonic()
        if op == "hello":
            self._say_state()
            self.on_hello(bool(message.get("resync")))
            return
        if op == "bye":
            self._forget(node)
            self.on_bye()
            return
        before: set[int]
        if op == "state":
            accounts = {int(k): v for k, v in message["accounts"].items()}
            changed = set(news.accounts) ^ set(accounts)
            before = {a for a in changed if self.is_connected(a)}
            news.accounts = accounts
            news.seated = {int(k): int(v) for k, v in message["seated"].items()}
            news.name = str(message.get("name") or "")
        elif op == "presence":
            account_id = int(message["account"])
            changed = {account_id}
            before = {account_id} if self.is_connected(account_id) else set()
            if message["on"]:
                news.accounts[account_id] = message.get("address")
            else:
                news.accounts.pop(account_id, None)
        elif op == "seat":
            table_id = message["table"]
            if table_id is None:
                news.seated.pop(int(message["account"]), None)
            else:
                news.seated[int(message["account"])] = int(table_id)
            return
        else:
            return
        self._tell(changed, before)

    def _tell(self, changed: set[int], before: set[int]) -> None:
        for account_id in changed:
            if (account_id in before) != self.is_connected(account_id):
                self.on_presence(account_id)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                self._say_state()
                self.forget_silent()
            except Exception:  # the beat must go on
                log.exception("gossip: a beat failed")

    def forget_silent(self, now: float | None = None) -> None:
        """Forget the nodes not heard for :data:`SILENT_AFTER` (dead, or cut off)."""
        now = time.monotonic() if now is None else now
        for node, news in list(self.others.items()):
            if now - news.heard > SILENT_AFTER:
                log.warning("gossip: node %s silent for %.0f s; forgotten", node,
                            now - news.heard)
                self._forget(node)

    def _forget(self, node: str) -> None:
        """A node gone: its players are away unless connected elsewhere."""
        accounts = set(self.others[node].accounts)
        before = {a for a in accounts if self.is_connected(a)}
        del self.others[node]
        self._tell(accounts, before)

    def _say_state(self) -> None:
        self._say({"op": "state", "accounts": self.mine.accounts,
                   "seated": self.mine.seated, "name": self.name})

    def _say(self, message: dict[str, Any]) -> None:
        message["node"] = self.node
        self.broker.publish(TOPIC, Envelope("gossip", orjson.dumps(
            message, option=orjson.OPT_NON_STR_KEYS).decode()))
