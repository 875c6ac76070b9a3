"""``yuanzi judge``: JSON lines in, JSON lines out (RECORD.md)."""

from __future__ import annotations

import argparse
import sys

from yuanzi.judge import judge_lines

NAME = "judge"
HELP = "answer rule questions (classify, beats, game) as JSON lines on stdin/stdout"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP


def run(args: argparse.Namespace) -> int:
    for out in judge_lines(sys.stdin):
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
    return 0
