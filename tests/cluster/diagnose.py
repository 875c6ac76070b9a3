"""When a game on a hall of several nodes stops before its end: what each player last
saw, and what each node says of its tables (``kill -USR1``: server/diagnostics), in the
test's failure message rather than lost with the nodes' logs."""

from __future__ import annotations

import signal
import time
from collections.abc import Sequence

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import Player


def stalled(players: Sequence[Player], nodes: Sequence[ServerProcess]) -> str:
    lines = [f"seat {p.seat} (account {(p.welcome or {}).get('account', {}).get('id')}): "
             f"version {p.version}, to move {p.to_move}, connected "
             f"{p.connected}, acted at {p._acted}, sent again {p.sent_again}, "
             f"errors {p.errors[-3:]}" for p in players]
    sizes = {}
    for node in nodes:
        if node.proc is not None and node.proc.poll() is None:
            sizes[node.port] = node.log_path.stat().st_size
            node.proc.send_signal(signal.SIGUSR1)
    time.sleep(1.5)
    for node in nodes:
        if node.port in sizes:
            with open(node.log_path, "rb") as log:
                log.seek(sizes[node.port])
                dump = log.read().decode(errors="replace").splitlines()
            tables = [line for line in dump if line.startswith(("table ", "broker ", "conn "))]
            lines.append(f"node :{node.port}: " + ("; ".join(tables) or "no tables"))
    return "\n".join(lines)
