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
    # Bytes in, UTF-8 bytes out, whatever the locale: a line that is not UTF-8 becomes a
    # line that is not JSON and gets an ok:false answer instead of crashing the judge.
    lines = (raw.decode("utf-8", errors="replace") for raw in sys.stdin.buffer)
    out = sys.stdout.buffer
    for answer in judge_lines(lines):
        out.write(answer.encode("utf-8") + b"\n")
        out.flush()
    return 0
