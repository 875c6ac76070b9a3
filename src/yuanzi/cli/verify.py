"""``yuanzi verify RECORD.json``: are a record's deals the ones its commitments fix
(issue 28, docs/fairness.md)? One line per half; exit 0 when every half holds."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from yuanzi.engine.errors import EngineError
from yuanzi.engine.fairness import verify_record

NAME = "verify"
HELP = "check a game record's fair-deal commitments and re-derive its deals"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("record", help="a game record (RECORD.md), or - for standard input")


def run(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
        data = json.loads(text)
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            data = data["record"]  # a replay or a game's answer that holds the record
        checks = verify_record(data)
    except (OSError, ValueError, EngineError) as e:
        print(f"verify: {e}", file=sys.stderr)
        return 2
    for c in checks:
        if c.holds:
            print(f"half {c.half + 1}: fair — SHA-256 of the seed is the commitment, and the "
                  "deal is the one the seed and the four contributions give")
        else:
            print(f"half {c.half + 1}: NOT VERIFIED — {c.problem}")
    return 0 if checks and all(c.holds for c in checks) else 1
