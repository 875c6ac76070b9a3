"""A command forwarded to the node running its table: its reply, its refusal, and a
node that does not answer (an in-process broker stands for Redis)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from yuanzi.cluster.forwarding import Forwarder, NoAnswer, node_topic
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.runtime.pubsub import Envelope, LocalBroker
from yuanzi.hall.table import commands as c

WHO = c.Sender(4, address="198.51.100.2", connection=3)


async def owner(command: c.Command) -> Any:
    if isinstance(command, c.Sit):
        if command.seat == 3:
            raise HallError(Code.SEAT_TAKEN, "seat 3 is taken")
        if command.seat == 2:
            raise RuntimeError("a bug")
        return c.Seated(command.table, command.seat)
    if isinstance(command, c.Join):
        return [Envelope("table", '{"type":"table"}', 8)]
    raise AssertionError(command)


def test_a_command_runs_on_the_owner_and_its_reply_comes_back() -> None:
    async def body() -> None:
        broker = LocalBroker()
        here = Forwarder(broker, "here", owner)
        there = Forwarder(broker, "there", owner)
        here.start()
        there.start()
        assert await here.call("there", c.Sit(WHO, 8, 1)) == c.Seated(8, 1)
        assert await here.call("there", c.Join(WHO, 8, True)) == [
            Envelope("table", '{"type":"table"}', 8)]
        with pytest.raises(HallError) as refused:
            await here.call("there", c.Sit(WHO, 8, 3))
        assert refused.value.code == Code.SEAT_TAKEN
        with pytest.raises(HallError) as failed:
            await here.call("there", c.Sit(WHO, 8, 2))
        assert failed.value.code == Code.INTERNAL
        assert there.served == 4 and here.calls == 4
        await here.stop()
        await there.stop()

    asyncio.run(body())


def test_a_node_that_does_not_answer_is_given_up_on() -> None:
    async def body() -> None:
        broker = LocalBroker()
        here = Forwarder(broker, "here", owner)
        here.start()
        with pytest.raises(NoAnswer):
            await here.call("gone", c.Sit(WHO, 8, 1), timeout=0.05)
        await here.stop()

    asyncio.run(body())


def test_a_malformed_call_is_answered_with_a_refusal() -> None:
    async def body() -> None:
        broker = LocalBroker()
        there = Forwarder(broker, "there", owner)
        there.start()
        heard: list[str] = []

        class Ear:
            def deliver(self, envelope: Envelope) -> None:
                text = envelope.text
                heard.append(text)

        broker.subscribe(node_topic("here"), Ear())
        broker.publish(node_topic("there"), Envelope("node", '{"op":"call","id":1,'
                                                      '"from":"here",'
                                                      '"command":{"kind":"Popen"}}'))
        broker.publish(node_topic("there"), Envelope("node", "garbage"))
        await asyncio.sleep(0.01)
        assert len(heard) == 1 and '"malformed"' in heard[0]
        await there.stop()

    asyncio.run(body())


def test_a_call_sent_again_runs_once_and_gets_the_same_answer() -> None:
    async def body() -> None:
        runs: list[c.Command] = []
        release = asyncio.Event()

        async def slow_owner(command: c.Command) -> Any:
            runs.append(command)
            await release.wait()
            return c.Acted(command.table, 5)

        broker = LocalBroker()
        here = Forwarder(broker, "here", owner)
        there = Forwarder(broker, "there", slow_owner)
        here.start()
        there.start()
        play = c.Play(WHO, 8, 4, None)
        with pytest.raises(NoAnswer) as unanswered:  # still running there
            await here.call("there", play, timeout=0.05)
        call_id = unanswered.value.call_id
        with pytest.raises(NoAnswer):  # a repeat while it runs: not run again
            await here.call("there", play, timeout=0.05, again=call_id)
        release.set()
        assert await here.call("there", play, again=call_id) == c.Acted(8, 5)
        assert await here.call("there", play, again=call_id) == c.Acted(8, 5)
        assert len(runs) == 1
        await here.stop()
        await there.stop()

    asyncio.run(body())
