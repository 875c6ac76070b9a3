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
