"""What a club tells its people as it happens (issue 45): its founder and managers hear
of an application at once, and the applicant hears whether she was let in — no reload."""

from __future__ import annotations

from typing import Literal

from yuanzi.hall.events import Frame


class ClubNews(Frame):
    """To the accounts concerned: ``applied`` (to the founder and managers: ``who``
    asks to come in), ``admitted`` or ``refused`` (to the applicant)."""

    type: Literal["club_news"] = "club_news"
    club: int
    name: str
    event: Literal["applied", "admitted", "refused"]
    who: str | None = None
