"""``yuanzi watch``: four bots play one seeded game, printed trick by trick."""

from __future__ import annotations

import argparse
import os
import sys

from yuanzi.tui.colour import palette_for
from yuanzi.tui.watch import watch_game

NAME = "watch"
HELP = "watch four bots play one seeded game, trick by trick"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    parser.add_argument(
        "--bots", default="heuristic",
        help="one bot for all seats, or four comma-separated, N,E,S,W "
             "(e.g. search,heuristic,search,heuristic); default heuristic")
    parser.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                        default=None, help="plain text even on a terminal")


def run(args: argparse.Namespace) -> int:
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * 4
    if len(specs) != 4:
        print("yuanzi watch: --bots takes one bot or four (N,E,S,W)", file=sys.stderr)
        return 2
    try:
        watch_game(sys.stdout, args.seed, specs, palette_for(sys.stdout, args.colour))
    except ValueError as e:
        print(f"yuanzi watch: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `yuanzi watch | head`: the reader has seen enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0
