"""``yuanzi review RECORD.json --seat N``: the coach's review of one seat, in the terminal
(the same review the hall stores: same record, seat, worlds and seed, same marks)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from yuanzi.coach import ReviewSettings, SeatReview, review_seat
from yuanzi.engine import Record, RecordError

NAME = "review"
HELP = "review one seat's decisions of a finished game with the search bot (the coach)"

SYMBOLS = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP
    parser.add_argument("record", type=Path, help="a game record (RECORD.md), JSON")
    parser.add_argument("--seat", type=int, required=True, choices=range(4),
                        help="the seat to review, 0–3")
    parser.add_argument("--worlds", type=int, default=ReviewSettings().worlds,
                        help="sampled worlds per decision (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the review's seed")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        record = Record.from_json(json.loads(args.record.read_text(encoding="utf-8")))
        if args.worlds < 1:
            raise ValueError("--worlds is at least 1")
        review = review_seat(record, args.seat, ReviewSettings(worlds=args.worlds,
                                                               seed=args.seed))
    except (OSError, ValueError, KeyError, TypeError, RecordError) as e:
        print(f"yuanzi review: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        print(report(review))
    return 0


def report(review: SeatReview) -> str:
    """The review as lines a player reads: each decision, then the summary."""
    lines = [f"Seat {review.seat} ({review.team}) — {len(review.decisions)} decisions, "
             f"{review.settings.worlds} worlds each, seed {review.settings.seed}"]
    for d in review.decisions:
        better = "" if d.best == d.played else f"   better: {d.best}"
        lines.append(
            f"  half {d.half + 1} #{d.index:<3} {d.played:<24} {SYMBOLS[d.mark]:<2} "
            f"win {100 * d.win_played:5.1f}% (best {100 * d.win_best:5.1f}%)  "
            f"{d.mark}{better}")
    counts = ", ".join(f"{n} {m}" for m, n in review.counts().items())
    lines.append(f"Accuracy {review.accuracy:.1f} · points given away "
                 f"{review.points_given:.0f} · {counts}")
    for d in review.worst():
        lines.append(f"  worst: half {d.half + 1} #{d.index} {d.played} → {d.best} "
                     f"(−{d.loss:.1f} % win chance, {d.mark})")
    return "\n".join(lines)
