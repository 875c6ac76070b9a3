"""``yuanzi arena A B``: A's team against B's team on duplicate deals."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from yuanzi.arena.progress import ProgressBar
from yuanzi.arena.report import Report
from yuanzi.arena.run import merge_logs, run_arena
from yuanzi.bots import bot_names

NAME = "arena"
HELP = "play bot A's team against bot B's team on duplicate deals and report statistics"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        HELP + ". Each deal is played twice with the seats swapped. A bot is named by "
        f"its kind ({', '.join(bot_names())}), optionally with a thinking budget in "
        "milliseconds after '@' (search@100).")
    parser.add_argument("a", nargs="?", help="bot A (its win rate is reported)")
    parser.add_argument("b", nargs="?", help="bot B")
    parser.add_argument("--games", type=int, default=100,
                        help="number of games, rounded up to whole duplicate pairs (100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (0)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes; 0 uses every core (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save", type=Path, default=None, metavar="DIR",
                        help="save every game's record into DIR")
    parser.add_argument("--first-deal", type=int, default=0, metavar="N",
                        help="play the deals from N on (a part of a longer run; 0)")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="append a JSON line per game to FILE")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, metavar="FILE",
                        help="report on the game lines of --log files instead of playing")
    parser.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress bar on stderr")


def run(args: argparse.Namespace) -> int:
    if args.merge:
        try:
            report = merge_logs(args.merge)
        except (OSError, ValueError) as e:
            print(f"yuanzi arena: {e}", file=sys.stderr)
            return 2
        return _print(report, args.json)
    if args.a is None or args.b is None:
        print("yuanzi arena: name bots A and B (or --merge log files)", file=sys.stderr)
        return 2
    if args.games < 1:
        print("yuanzi arena: --games must be at least 1", file=sys.stderr)
        return 2
    progress = ProgressBar(sys.stderr, f"{args.a} vs {args.b}: ") if args.progress else None
    try:
        report = run_arena(args.a, args.b, args.games, seed=args.seed, jobs=args.jobs,
                           save=args.save, progress=progress, first_deal=args.first_deal,
                           log=args.log)
    except ValueError as e:
        print(f"yuanzi arena: {e}", file=sys.stderr)
        return 2
    return _print(report, args.json)


def _print(report: Report, as_json: bool) -> int:
    if as_json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report.text())
    return 0
