"""What may be said at a table (issue 15): free text, the hall's quick phrases (快捷语)
and emotes, and the frame everyone at the table gets.

Free text is cleaned (:func:`yuanzi.hall.names.text.clean_free_text`: no control characters,
no bidi overrides; emoji and full-width punctuation stay), at most
:data:`MAX_TEXT` characters, and always shown as text by clients. While a game is being
played its players send quick phrases and emotes only: free text between partners would
be a channel for telling hands. Spectators see no hands (R45), so they may write.
"""

from __future__ import annotations

from typing import Literal

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.names.text import clean_free_text

Kind = Literal["text", "phrase", "emote"]
MAX_TEXT = 100
"""Characters in one message at most."""

PHRASES = ("hello", "good_luck", "hurry", "nice_bomb", "well_played", "close_one",
           "sorry_partner", "leave_it_to_me", "atom", "thanks", "one_more", "bye")
"""The quick phrases' ids; clients say them in their language (i18n ``phrase.{id}``)."""
EMOTES = ("smile", "laugh", "cry", "angry", "thumbs_up", "tea")
"""The emotes' ids, shown at the sender's seat."""


def checked(kind: str, body: str) -> str:
    """The body to store and show, or a refusal (``malformed``)."""
    if kind == "phrase":
        if body not in PHRASES:
            raise HallError(Code.MALFORMED, f"no quick phrase {body[:20]!r}")
        return body
    if kind == "emote":
        if body not in EMOTES:
            raise HallError(Code.MALFORMED, f"no emote {body[:20]!r}")
        return body
    text = clean_free_text(body)
    if not text:
        raise HallError(Code.MALFORMED, "say something")
    if len(text) > MAX_TEXT:
        raise HallError(Code.MALFORMED, f"a message has at most {MAX_TEXT} characters")
    return text
