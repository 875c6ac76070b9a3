"""``kill -USR1``: a node logs where each of its tasks waits (and its tables' state)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import pytest

from yuanzi.server.diagnostics import install_task_dump, tasks_report


def test_the_report_names_each_task_and_where_it_waits() -> None:
    async def run() -> str:
        async def waits_for_a_table() -> None:
            await asyncio.Event().wait()

        task = asyncio.create_task(waits_for_a_table(), name="table-7")
        await asyncio.sleep(0)
        report = tasks_report()
        task.cancel()
        return report

    report = asyncio.run(run())
    assert "--- table-7" in report and "waits_for_a_table" in report


def test_sigusr1_logs_the_report_and_the_tables(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        install_task_dump(lambda: "table 7: version 12")
        os.kill(os.getpid(), signal.SIGUSR1)
        await asyncio.sleep(0.05)

    with caplog.at_level(logging.WARNING, logger="yuanzi.server.diagnostics"):
        asyncio.run(run())
    assert "asyncio tasks" in caplog.text and "table 7: version 12" in caplog.text


def test_the_node_describes_its_tables_and_connections(client: object, account: object) -> None:
    """What the dump says of a live hall: each table's line and each socket's."""
    from contextlib import ExitStack

    from fastapi.testclient import TestClient
    from tests.server.helpers import table_with_bots
    from tests.server.wsclient import connect

    from yuanzi.server.app import describe_node

    assert isinstance(client, TestClient) and callable(account)
    with ExitStack() as stack:
        peer = connect(stack, client, account(client, "alice"))
        table = table_with_bots(peer)
        services = client.app.state.services  # type: ignore[attr-defined]
        assert client.portal is not None  # the hall's loop: where the dump runs
        text = client.portal.call(describe_node, services)
    assert f"table {table}: version 0" in text
    conn = next(line for line in text.splitlines() if line.startswith("conn "))
    assert f"'table:{table}'" in conn and "idle" in conn and "closing None" in conn
