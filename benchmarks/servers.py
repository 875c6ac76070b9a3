"""The hall on each ASGI server and transport, side by side: ``yuanzi bench servers``.

Issue 30 asks for the servers a user could pick instead (uvicorn as now, granian,
hypercorn) measured for the same hall, and for one socket write per connection per loop
turn (uvicorn with ``YUANZI_WS_IMPL=coalescing``); ``uvicorn-direct`` is the default since
(frames written at once, ``server/ws_direct.py``), ``uvicorn`` uvicorn's protocol as it
ships (the default before, and the name in earlier results). Each configuration runs ``yuanzi
loadtest --compare`` (the hall and the bare Starlette anchor, one after the other, the same
clients) in turn, ``runs`` times, alternating, so that the shared machine's drift falls on
every configuration alike. The answer holds every run and, per configuration, the medians
of the hall's p99, its CPU per action and its CPU per action over the anchor's of the same
run.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

CONFIGS: dict[str, dict[str, str]] = {
    "uvicorn-direct": {"YUANZI_ASGI_SERVER": "uvicorn", "YUANZI_WS_IMPL": "direct"},
    "uvicorn": {"YUANZI_ASGI_SERVER": "uvicorn", "YUANZI_WS_IMPL": "auto"},
    "uvicorn-coalescing": {"YUANZI_ASGI_SERVER": "uvicorn", "YUANZI_WS_IMPL": "coalescing"},
    "granian": {"YUANZI_ASGI_SERVER": "granian", "YUANZI_WS_IMPL": "auto"},
    "hypercorn": {"YUANZI_ASGI_SERVER": "hypercorn", "YUANZI_WS_IMPL": "auto"},
}


def one_run(config: str, tables: int, think: float, seconds: float,
            warmup: float) -> dict[str, Any]:
    env = {**os.environ, **CONFIGS[config]}
    out = subprocess.run(
        [sys.executable, "-m", "yuanzi", "loadtest", "--tables", str(tables), "--think",
         str(think), "--seconds", str(seconds), "--warmup", str(warmup), "--compare",
         "--json"],
        env=env, capture_output=True, text=True, check=True, timeout=1200)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    result["config"] = config
    result["machine_load"] = os.getloadavg()
    return result


def median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.median(known), 2) if known else None


def run(seconds: float = 20.0, seed: int = 0, tables: int = 1000, think: float = 0.5,
        runs: int = 3, configs: tuple[str, ...] = tuple(CONFIGS),
        warmup: float = 5.0) -> dict[str, Any]:
    """``warmup``: unmeasured seconds after every table is seated. The load test's 5 s
    default puts the burst of every table's first deal inside the window; 20 s measures
    the hall in its stride."""
    done: list[dict[str, Any]] = []
    for i in range(runs):
        for config in configs:
            print(f"bench servers: run {i + 1}/{runs}: {config}", file=sys.stderr, flush=True)
            done.append(one_run(config, tables, think, seconds, warmup))
    summary = {}
    for config in configs:
        mine = [r for r in done if r["config"] == config]
        summary[config] = {
            "runs": len(mine),
            "hall_p99_ms": median([r["hall"]["p99_ms"] for r in mine]),
            "anchor_p99_ms": median([r["anchor"]["p99_ms"] for r in mine]),
            "hall_cpu_us_per_action": median([r["hall"]["server_cpu_us_per_action"]
                                              for r in mine]),
            "hall_over_anchor_cpu": median([r["hall_over_anchor_cpu"] for r in mine]),
            "hall_actions_per_second": median([r["hall"]["actions_per_second"] for r in mine]),
            "errors": sum(r["hall"]["errors"] for r in mine),
            "stored_ok": all(r["hall"]["stored_ok"] for r in mine),
        }
    return {"tables": tables, "think": think, "seconds": seconds, "warmup": warmup,
            "summary": summary,
            "runs": done}


if __name__ == "__main__":
    configs = tuple(sys.argv[1].split(",")) if len(sys.argv) > 1 else tuple(CONFIGS)
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    tables = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    warmup = float(sys.argv[4]) if len(sys.argv) > 4 else 5.0
    print(json.dumps(run(configs=configs, runs=runs, tables=tables, warmup=warmup), indent=1))
