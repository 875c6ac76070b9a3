"""``kill -USR1 <pid>``: the node writes every asyncio task's stack to its log.

A table that stops moving while its node still answers health checks is waiting on
something; this says on what, without a debugger or a restart.
"""

from __future__ import annotations

import asyncio
import io
import logging
import signal
from collections.abc import Callable

log = logging.getLogger(__name__)


def tasks_report() -> str:
    """Every task of the running loop with the stack it is suspended in."""
    out = io.StringIO()
    tasks = sorted(asyncio.all_tasks(), key=lambda t: t.get_name())
    out.write(f"{len(tasks)} asyncio tasks\n")
    for task in tasks:
        out.write(f"--- {task.get_name()}\n")
        task.print_stack(limit=12, file=out)
    return out.getvalue()


def install_task_dump(more: Callable[[], str] = str) -> None:
    """Log :func:`tasks_report` and ``more()`` (the tables' state) on SIGUSR1, where the
    platform has it."""
    if not hasattr(signal, "SIGUSR1"):
        return
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGUSR1,
                                lambda: log.warning("%s\n%s", tasks_report(), more()))
    except (RuntimeError, ValueError):  # not the main thread (an in-process test client)
        log.debug("no SIGUSR1 task dump: the loop is not in the main thread")
