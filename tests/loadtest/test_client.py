"""The load test's player sends a play again when the table was changing nodes
(``table_moved``: "nothing was done, send it again", docs/protocol.md) — once the game has
not moved on — and reports any other refusal."""

from __future__ import annotations

import asyncio
from typing import Any

from yuanzi.loadtest.client import SEND_AGAIN, HallRefused, Player


def _player(answers: list[Exception | None]) -> tuple[Player, list[dict[str, Any]]]:
    p = Player("http://127.0.0.1:1", "token")
    p.seat, p.to_move, p.version, p.table, p.top = 1, 1, 7, 3, "3S"
    sent: list[dict[str, Any]] = []

    async def call(type_: str, **fields: Any) -> dict[str, Any]:
        sent.append({"type": type_, **fields})
        answer = answers.pop(0)
        if answer is not None:
            raise answer
        return {}

    p.call = call  # type: ignore[method-assign]
    return p, sent


def test_a_play_refused_while_the_table_moves_is_sent_again() -> None:
    moved = HallRefused("table_moved: table 3 did not answer; nothing was done")
    p, sent = _player([moved, TimeoutError(), None])
    asyncio.run(p._play(7))
    assert [s["version"] for s in sent] == [7, 7, 7] and p.sent_again == 2
    assert p.errors == []


def test_other_refusals_and_endless_moves_are_reported() -> None:
    p, sent = _player([HallRefused("illegal_move: no")])
    asyncio.run(p._play(7))
    assert len(sent) == 1 and p.errors[0]["message"].startswith("illegal_move")
    moved = HallRefused("table_moved: again")
    p, sent = _player([moved] * (SEND_AGAIN + 1))
    asyncio.run(p._play(7))
    assert len(sent) == SEND_AGAIN + 1 and len(p.errors) == 1


def test_no_second_try_once_the_game_moved_on() -> None:
    p, sent = _player([HallRefused("table_moved: x"), None])

    async def run() -> None:
        task = asyncio.create_task(p._play(7))
        await asyncio.sleep(0.05)
        p.version = 8  # a timeout played the turn meanwhile
        await task

    asyncio.run(run())
    assert len(sent) == 1 and p.errors == []
