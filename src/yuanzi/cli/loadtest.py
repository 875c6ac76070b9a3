"""``yuanzi loadtest``: drive N tables of scripted WebSocket players and report latency."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yuanzi.loadtest.runner import Result

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
    parser.add_argument("--play", choices=("lowest", "heuristic"), default="lowest",
                        help="the players' moves: lowest (lead the lowest card, else pass) "
                             "or heuristic (the heuristic bot's moves: real tricks, games "
                             "that end; the anchor is still played the lowest way)")
    parser.add_argument("--lobby", type=int, default=0,
                        help="idle clients subscribed to the lobby meanwhile (e.g. 200)")
    parser.add_argument("--nodes", default=None,
                        help="a hall of several nodes behind HAProxy, e.g. 0,1,2: each count "
                             "in turn (0: one process with the in-process broker), on "
                             "DATABASE_URL (PostgreSQL) and REDIS_URL, a fresh schema each")
    parser.add_argument("--stay", action="store_true",
                        help="with --nodes: the players stay on the node the proxy gave them "
                             "instead of following the node frame to their table's node")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--anchor", action="store_true",
                       help="drive the bare Starlette broadcast server (no game, no storage) "
                            "instead of the hall")
    which.add_argument("--compare", action="store_true",
                       help="for each table count, drive the hall and then the anchor the "
                            "same way, and report the hall's share of the anchor's numbers")


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
    if args.compare and args.url:
        print("yuanzi loadtest: --compare starts its own servers: no --url", file=sys.stderr)
        return 2
    if args.nodes is not None:
        return _run_nodes(args, counts)
    kinds = [False, True] if args.compare else [bool(args.anchor)]
    for n in counts:
        results: list[Result] = []
        for anchor in kinds:
            try:
                result = run_load(n, args.think, args.seconds, args.warmup, args.url, None,
                                  anchor, args.play, args.lobby)
            except ValueError as e:
                print(f"yuanzi loadtest: {e}", file=sys.stderr)
                return 2
            results.append(result)
            if args.json and not args.compare:
                print(json.dumps(result.as_dict()), flush=True)
            elif not args.json:
                print(_line(result), flush=True)
        if args.compare:
            hall, anchor_result = results
            ratio = compare(hall, anchor_result)
            if args.json:
                print(json.dumps({"tables": n, "think": args.think, "hall": hall.as_dict(),
                                  "anchor": anchor_result.as_dict(), **ratio}), flush=True)
            else:
                print(f"{n:5d} tables: the anchor does {ratio['anchor_over_hall_actions']}× the "
                      f"hall's actions/s; hall p99 {hall.p99_ms} ms vs anchor "
                      f"{anchor_result.p99_ms} ms", flush=True)
    return 0


def _run_nodes(args: argparse.Namespace, counts: list[int]) -> int:
    """Each table count on each hall size, side by side in one run; the cost of each
    size over the one-process hall's (``0``) when it ran."""
    import os

    from yuanzi.loadtest.runner import run_load

    try:
        sizes = [int(x) for x in str(args.nodes).split(",") if x.strip()]
    except ValueError:
        print("yuanzi loadtest: --nodes takes numbers, e.g. 0,1,2", file=sys.stderr)
        return 2
    if args.url or args.anchor or args.compare:
        print("yuanzi loadtest: --nodes starts its own halls: no --url, --anchor or "
              "--compare with it", file=sys.stderr)
        return 2
    database_url = os.environ.get("DATABASE_URL") or os.environ.get("YUANZI_DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL") or os.environ.get("YUANZI_REDIS_URL", "")
    for n in counts:
        runs: dict[int, Result] = {}
        for size in sizes:
            try:
                runs[size] = run_load(n, args.think, args.seconds, args.warmup, None, None,
                                      False, args.play, args.lobby, size, database_url,
                                      redis_url, follow=not args.stay)
            except ValueError as e:
                print(f"yuanzi loadtest: {e}", file=sys.stderr)
                return 2
            if not args.json:
                print(_line(runs[size]) + _split(runs[size]), flush=True)
        base = runs.get(0)
        summary = {"tables": n, "think": args.think, "runs": {
            str(size): r.as_dict() for size, r in runs.items()}}
        if base is not None and base.server_cpu_us_per_action:
            summary["server_cpu_over_one_process"] = {
                str(size): round(r.server_cpu_us_per_action / base.server_cpu_us_per_action, 2)
                for size, r in runs.items() if r.server_cpu_us_per_action and size}
        if args.json:
            print(json.dumps(summary), flush=True)
        elif "server_cpu_over_one_process" in summary:
            print(f"{n:5d} tables: server CPU per action over one process's: "
                  f"{summary['server_cpu_over_one_process']}", flush=True)
    return 0


def _split(result: Result) -> str:
    split = result.cpu_us_per_action_by_process or {}
    return (f"  [{result.nodes} nodes: " + ", ".join(f"{k} {v} µs" for k, v in split.items())
            + f"; machine {result.machine_cpu_us_per_action} µs/action]")


def compare(hall: Result, anchor: Result) -> dict[str, float | None]:
    """How far the hall is from the floor, measured side by side: > 1 means slower."""
    def over(a: float | None, b: float | None) -> float | None:
        return None if a is None or b is None or b == 0 else round(a / b, 2)

    return {"anchor_over_hall_actions": over(anchor.actions_per_second,
                                             hall.actions_per_second),
            "hall_over_anchor_p99": over(hall.p99_ms, anchor.p99_ms),
            "hall_over_anchor_cpu": over(hall.server_cpu_us_per_action,
                                         anchor.server_cpu_us_per_action)}


def _line(result: Result) -> str:
    return (f"{result.server:6s} {result.tables:5d} tables {result.clients:5d} clients think "
            f"{result.think:.2f}s: p50 {result.p50_ms} ms  p95 {result.p95_ms} ms  "
            f"p99 {result.p99_ms} ms  max {result.max_ms} ms  "
            f"{result.actions_per_second} actions/s  errors {result.errors}  "
            f"games {result.games_finished}  stored {result.stored_ok}  cpu/action "
            f"server {result.server_cpu_us_per_action} µs client "
            f"{result.client_cpu_us_per_action} µs"
            + (f"  game_over p99 {result.game_over_p99_ms} ms ({result.game_overs})  "
               f"next half p99 {result.next_half_p99_ms} ms ({result.next_halves})"
               if result.game_overs or result.next_halves else ""))
