"""``yuanzi play``: play one game in the terminal with a bot partner against two bots."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from yuanzi.tui.colour import palette_for
from yuanzi.tui.play import Session, Setup

NAME = "play"
HELP = "play one game in the terminal, with a bot partner against two bots"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("--seed", type=int, default=None,
                        help="the deal's seed (default: a random one)")
    parser.add_argument("--seat", choices=["N", "E", "S", "W"], default="S",
                        help="your seat (default S, South 南)")
    parser.add_argument("--partner", default="heuristic", help="your partner's bot")
    parser.add_argument("--opponents", default="heuristic", help="the opponents' bot")
    parser.add_argument("--save", type=Path, default=None,
                        help="save the game record to this file (else you are asked)")
    parser.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                        default=None, help="plain text even on a terminal")


def run(args: argparse.Namespace) -> int:
    import random

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    setup = Setup(seed=seed, seat="NESW".index(args.seat), partner=args.partner,
                  opponents=args.opponents, save=args.save)
    try:
        session = Session(setup, sys.stdin, sys.stdout, palette_for(sys.stdout, args.colour))
    except ValueError as e:
        print(f"yuanzi play: {e}", file=sys.stderr)
        return 2
    return session.run()
