"""``yuanzi verify RECORD.json``: is a record the hall's as it gave it out (its signature,
issue 54), are its deals the ones its commitments fix, and is it the whole game the rules
allow (issues 28 and 43, docs/fairness.md)? A line for the signature, one per half and one
for the game; exit 0 when all hold, 1 when something does not, 2 when the input is no
record at all (or ``--key`` is no key)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import BinaryIO

from yuanzi.engine.verify import MOST_BYTES, Unreadable, Verdict, read_text
from yuanzi.signing import parse_key, verify_signed

NAME = "verify"
HELP = ("check a game record's signature, its fair-deal commitments and its plays, and "
        "re-derive its deals")


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("record", help="a game record (RECORD.md), or - for standard input")
    parser.add_argument("--key", help="the hall's published key (GET /api/records/key): the "
                        "record must be signed by it")


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
    if verdict.seal is not None:
        out.append(f"signature: NOT VERIFIED — {verdict.seal_problem}")
    elif verdict.signed_by is not None and verdict.key_given:
        out.append(f"signature: signed by the hall's key {verdict.signed_by}")
    elif verdict.signed_by is not None:
        out.append(f"signature: signed by key {verdict.signed_by} — compare it with the "
                   "key the hall publishes (GET /api/records/key), or name that key with "
                   "--key")
    for c in verdict.halves:
        if c.holds:
            alone = (" (no player's value entered it: it rests on the hall's committed seed "
                     "alone)" if c.hall_only else "")
            out.append(f"half {c.half + 1}: fair — SHA-256 of the seed is the commitment, "
                       f"and the deal is the one the seed and the values give{alone}")
        else:
            out.append(f"half {c.half + 1}: NOT VERIFIED — {c.problem}")
    unsealed = ("; but without the hall's signature nothing shows this is the record as "
                "the hall gave it out (plays cut, a half dropped, an escape added)"
                if verdict.seal is not None else "")
    if verdict.code is not None:
        out.append(f"game: NOT VERIFIED — {verdict.problem}")
    elif verdict.abandoned_by is not None:
        out.append(f"game: {'NOT VERIFIED — ' if unsealed else ''}abandoned where seat "
                   f"{verdict.abandoned_by} escaped (R35, the record's last action); every "
                   f"play until then follows the rules{unsealed}")
    else:
        out.append(f"game: {'NOT VERIFIED — ' if unsealed else 'whole — '}every play follows the "
                   f"rules, to the game's end{unsealed}")
    return out


def run(args: argparse.Namespace) -> int:
    try:
        key = None if args.key is None else parse_key(args.key)
    except ValueError as e:
        print(f"verify: --key: {e}", file=sys.stderr)
        return 2
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
        verdict = verify_signed(data, key)
    except (OSError, Unreadable) as e:
        print(f"verify: {e}", file=sys.stderr)
        return 2
    for line in lines_of(verdict):
        print(line)
    return 0 if verdict.fair else 1
