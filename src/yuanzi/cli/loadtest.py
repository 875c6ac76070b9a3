"""``yuanzi loadtest``: drive N tables of scripted WebSocket players and report latency."""

from __future__ import annotations

import argparse
import json
import sys

NAME = "loadtest"
HELP = "load-test a hall: N tables of four WebSocket clients, action→broadcast latency"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (HELP + ". Starts its own server in a separate process on "
                          "127.0.0.1 unless --url is given.")
    parser.add_argument("--tables", default="100",
                        help="tables to drive; a comma list runs each in turn (100,250,500)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a client waits before it acts (default 0.5)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="unmeasured seconds first")
    parser.add_argument("--url", default=None,
                        help="a running hall on this machine, e.g. http://127.0.0.1:8000")
    parser.add_argument("--json", action="store_true", help="print one JSON object per run")


def run(args: argparse.Namespace) -> int:
    from yuanzi.loadtest.runner import run_load

    try:
        counts = [int(x) for x in str(args.tables).split(",") if x.strip()]
    except ValueError:
        print("yuanzi loadtest: --tables takes numbers, e.g. 100,250", file=sys.stderr)
        return 2
    try:
        import uvloop

        uvloop.install()
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it on Linux
        pass
    for n in counts:
        try:
            result = run_load(n, args.think, args.seconds, args.warmup, args.url)
        except ValueError as e:
            print(f"yuanzi loadtest: {e}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(result.as_dict()), flush=True)
        else:
            print(f"{result.tables:5d} tables {result.clients:5d} clients think "
                  f"{result.think:.2f}s: p50 {result.p50_ms} ms  p95 {result.p95_ms} ms  "
                  f"p99 {result.p99_ms} ms  max {result.max_ms} ms  "
                  f"{result.actions_per_second} actions/s  errors {result.errors}  "
                  f"games {result.games_finished}  stored {result.stored_ok}  cpu/action "
                  f"server {result.server_cpu_us_per_action} µs client "
                  f"{result.client_cpu_us_per_action} µs", flush=True)
    return 0
