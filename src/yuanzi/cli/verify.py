"""``yuanzi verify RECORD.json``: are a record's deals the ones its commitments fix, and is
it the whole game the rules allow (issues 28 and 43, docs/fairness.md)? One line per half
and one for the game; exit 0 when all hold, 1 when something does not, 2 when the input is
no record at all."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import BinaryIO

from yuanzi.engine.verify import MOST_BYTES, Unreadable, Verdict, read_text, verify

NAME = "verify"
HELP = "check a game record's fair-deal commitments, its plays, and re-derive its deals"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("record", help="a game record (RECORD.md), or - for standard input")


def _read(stream: BinaryIO) -> str:
    raw = stream.read(MOST_BYTES + 1)  # (no more: a bigger input is refused unread)
    if len(raw) > MOST_BYTES:
        raise Unreadable(f"a record is at most {MOST_BYTES:,} bytes; this is more")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Unreadable(f"a record is UTF-8 text: {e}") from None


def lines_of(verdict: Verdict) -> list[str]:
    """What the command prints of a verdict."""
    out = []
    for c in verdict.halves:
        if c.holds:
            alone = (" (no player's value entered it: it rests on the hall's committed seed "
                     "alone)" if c.hall_only else "")
            out.append(f"half {c.half + 1}: fair — SHA-256 of the seed is the commitment, "
                       f"and the deal is the one the seed and the values give{alone}")
        else:
            out.append(f"half {c.half + 1}: NOT VERIFIED — {c.problem}")
    if verdict.code is not None:
        out.append(f"game: NOT VERIFIED — {verdict.problem}")
    elif verdict.abandoned_by is not None:
        out.append(f"game: abandoned when seat {verdict.abandoned_by} left (R35); every "
                   "play until then follows the rules")
    else:
        out.append("game: whole — every play follows the rules, to the game's end")
    return out


def run(args: argparse.Namespace) -> int:
    try:
        if args.record == "-":
            text = _read(sys.stdin.buffer)
        else:
            with Path(args.record).open("rb") as f:
                text = _read(f)
        data = read_text(text)
        if (isinstance(data, dict) and "halves" not in data
                and isinstance(data.get("record"), dict)):
            data = data["record"]  # a replay or a game's answer that holds the record
            # (only one that is no record itself: a record's own "record" is not read)
        verdict = verify(data)
    except (OSError, Unreadable) as e:
        print(f"verify: {e}", file=sys.stderr)
        return 2
    for line in lines_of(verdict):
        print(line)
    return 0 if verdict.fair else 1
