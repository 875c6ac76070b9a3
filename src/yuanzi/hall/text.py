"""Text that players write: names (of tables; nicknames add their own rules) and free
text (chat, once it exists).

A name is NFKC-normalised, its runs of spaces made one, and refused if it holds a
control, format (bidi overrides, zero-width characters), private-use or unassigned
character, or one of the letters drawn as nothing: NUL, BEL, U+202E and zero-width-only
names were stored and broadcast (issue 14). Free text keeps emoji (their joiners and
variation selectors) and full-width Chinese punctuation, and drops only control
characters and the bidi controls that reorder what follows them.
"""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern)."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")


class BadText(ValueError):
    """A name with a character it may not hold (the message names it)."""


def refused(ch: str) -> bool:
    """Whether a name may not hold ``ch``: control, format, surrogate, private use,
    unassigned, line or paragraph separators, or invisible letters."""
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp") or ch in INVISIBLE


def clean_name(raw: str) -> str:
    """The name to store, or :class:`BadText`."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    for ch in name:
        if refused(ch):
            raise BadText(f"a name may not hold the character U+{ord(ch):04X} "
                          f"({unicodedata.name(ch, 'unnamed')})")
    return name


def clean_free_text(raw: str) -> str:
    """Free text as shown: without control characters (a new line is a space) and bidi
    controls; emoji, their joiners and full-width punctuation stay."""
    out = []
    for ch in raw:
        if ch in "\n\r\t":
            out.append(" ")
        elif unicodedata.category(ch) != "Cc" and ch not in BIDI_CONTROLS:
            out.append(ch)
    return "".join(out).strip()
