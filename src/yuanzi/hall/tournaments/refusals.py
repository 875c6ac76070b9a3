"""What the player is told when the store refuses a tournament's sign-up, check-in or
revealed value (issues 28, 43 and 44): each outcome a code and a sentence."""

from __future__ import annotations

from yuanzi.hall.errors import Code
from yuanzi.hall.group_models import CheckIn, Reveal, TournamentJoin

REFUSED: dict[TournamentJoin, tuple[Code, str]] = {
    "missing": (Code.NO_SUCH_TOURNAMENT, "there is no such tournament"),
    "closed": (Code.TOURNAMENT_CLOSED, "sign-up for this tournament is closed"),
    "full": (Code.TOURNAMENT_FULL, "this tournament is full"),
    "already": (Code.ALREADY_ENTERED, "you are signed up already"),
    "elsewhere": (Code.IN_ANOTHER_TOURNAMENT, "you are playing in another tournament, or "
                                              "waiting for another to fill: one at a time"),
    "copied": (Code.COMMITMENT_TAKEN, "another entrant signed up with this commitment: "
                                      "sign up with your own random value"),
}
CHECK_IN_REFUSED: dict[CheckIn, tuple[Code, str]] = {
    "missing": (Code.NO_SUCH_TOURNAMENT, "there is no such tournament"),
    "closed": (Code.TOURNAMENT_CLOSED, "this tournament has started or is not scheduled"),
    "not_entered": (Code.NOT_ENTERED, "you are not signed up for this tournament"),
    "not_yet": (Code.CHECK_IN_CLOSED, "check-in has not opened yet"),
}
REVEAL_REFUSED: dict[Reveal, tuple[Code, str]] = {
    "missing": (Code.NO_SUCH_TOURNAMENT, "there is no such tournament"),
    "not_entered": (Code.NOT_ENTERED, "you are not signed up for this tournament"),
    "closed": (Code.TOURNAMENT_CLOSED, "values are revealed when the tournament starts, "
                                       "before its first round is dealt"),
    "already": (Code.ALREADY_ENTERED, "your value is in already, or you committed none"),
    "wrong": (Code.MALFORMED, "that value's SHA-256 is not the commitment you signed up "
                              "with"),
}
