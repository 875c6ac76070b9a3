"""``yuanzi bench``: run a performance harness from ``benchmarks/`` and print its numbers."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

NAME = "bench"
HELP = ("run a benchmark harness (engine, table, settle, journal, reading, lobby, coach, "
        "guessing, tournament, servers, endgame, push); "
        "--json for one JSON object")

HARNESSES = ("engine", "table", "settle", "journal", "reading", "lobby", "coach", "guessing",
             "tournament", "servers", "endgame", "push")


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("harness", choices=HARNESSES)
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="measuring time of the subject (the anchor gets as much)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=None,
                        help="games per pairing (coach: default 50; coach --planted / "
                             "--expected: "
                             "self-play games of the search bot, default 8; endgame: the "
                             "positions the search bot is timed on, default 80)")
    parser.add_argument("--planted", action="store_true",
                        help="coach: planted bad moves of four kinds and the search bot's "
                             "own moves judged as the hall judges (benchmarks/coach_planted.py)")
    parser.add_argument("--expected", action="store_true",
                        help="coach: of planted moves that are mistakes in expectation (the "
                             "coach at 5x its worlds), how many the hall's coach marks; and "
                             "the search bot's own moves (benchmarks/coach_expected.py)")
    parser.add_argument("--positions", type=int, default=None,
                        help="coach --planted / --expected: positions per kind (default "
                             "50); endgame: "
                             "end-game positions in the table (default 200)")
    parser.add_argument("--tables", type=int, default=None,
                        help="servers: tables of the load test (default 1000)")
    parser.add_argument("--runs", type=int, default=None,
                        help="servers: alternating runs of each configuration (default 3)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="servers: unmeasured seconds once seated (default 5; 20 "
                             "leaves the first deals' burst out)")
    parser.add_argument("--configs", default=None,
                        help="servers: a comma list of uvicorn-direct, uvicorn, "
                             "uvicorn-coalescing, granian, hypercorn (default all)")
    parser.add_argument("--rate", type=float, default=None,
                        help="journal: row inserts a second (default 3000)")
    parser.add_argument("--work", type=float, default=None,
                        help="journal: µs of the loop's own work per insert (default 200)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _benchmarks_root() -> Path:
    """The checkout holding ``benchmarks/`` (the harnesses are not installed code)."""
    for base in (Path.cwd(), *Path(__file__).resolve().parents):
        if (base / "benchmarks" / "__init__.py").exists():
            return base
    raise SystemExit("yuanzi bench: no benchmarks/ folder found; run it from the checkout")


def run(args: argparse.Namespace) -> int:
    root = str(_benchmarks_root())
    if root not in sys.path:
        sys.path.insert(0, root)
    if (args.planted or args.expected) and args.harness != "coach":
        raise SystemExit("yuanzi bench: --planted and --expected go with the coach harness")
    if args.planted and args.expected:
        raise SystemExit("yuanzi bench: --planted or --expected, not both")
    variant = "planted" if args.planted else "expected" if args.expected else None
    planted = variant is not None
    harness = importlib.import_module(
        f"benchmarks.coach_{variant}" if planted else f"benchmarks.{args.harness}")
    if not args.json:
        print(f"yuanzi bench {args.harness}: measuring for about {2 * args.seconds:.0f} s …"
              if not planted else f"yuanzi bench coach --{variant}: a fixed amount of work …",
              file=sys.stderr)
    extra = {} if args.games is None else {"games": args.games}
    if planted and args.positions is not None:
        extra["positions"] = args.positions
    if args.harness == "endgame" and args.positions is not None:
        extra["positions_count"] = args.positions
    if args.harness == "servers":
        for name in ("tables", "runs", "warmup"):
            if getattr(args, name) is not None:
                extra[name] = getattr(args, name)
        if args.configs:
            extra["configs"] = tuple(args.configs.split(","))
    if args.harness == "journal":
        extra |= {k: getattr(args, k) for k in ("rate", "work") if getattr(args, k) is not None}
    result = harness.run(seconds=args.seconds, seed=args.seed, **extra)
    if args.json:
        print(json.dumps(result))
    else:
        width = max(len(k) for k in result)
        for key, value in result.items():
            print(f"{key:<{width}}  {value:,}" if isinstance(value, int | float)
                  else f"{key:<{width}}  {json.dumps(value, ensure_ascii=False)}"
                  if isinstance(value, dict) else f"{key:<{width}}  {value}")
    return 0
