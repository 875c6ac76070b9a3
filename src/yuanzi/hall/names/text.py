"""Text that players write: names (of tables; nicknames add their own rules) and free
text (chat, once it exists).

A name is NFKC-normalised, its runs of spaces made one, and refused if it holds a
control, format (bidi overrides, zero-width characters), private-use or unassigned
character, or one of the letters drawn as nothing: NUL, BEL, U+202E and zero-width-only
names were stored and broadcast (issue 14). Free text keeps emoji (their joiners and
variation selectors) and full-width Chinese punctuation, and drops control characters,
the bidi controls that reorder what follows them, and what is drawn as nothing inside a
word (issue 27).
"""

from __future__ import annotations

import unicodedata

from yuanzi.hall.errors import Code, HallError

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


def checked_name(raw: str, longest: int, what: str, code: Code) -> str:
    """A ``what`` name (a table's, a club's) of 1 to ``longest`` characters once cleaned
    (:func:`clean_name`), else a refusal with ``code`` that says why."""
    try:
        name = clean_name(raw)
    except BadText as e:
        raise HallError(code, f"{what} name: {e}") from None
    if not 1 <= len(name) <= longest:
        raise HallError(code, f"a {what} name has 1 to {longest} characters")
    return name


ZWJ = "\u200d"
KEYCAP = "\u20e3"


def _pictographic(ch: str) -> bool:
    """An emoji's own character (or its skin tone): what joiners and selectors may
    follow."""
    return unicodedata.category(ch) in ("So", "Sk") or 0x1F000 <= ord(ch) <= 0x1FAFF


def _variation_selector(ch: str) -> bool:
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def clean_free_text(raw: str) -> str:
    """Free text as shown: without control characters (a new line is a space), bidi
    controls, and anything drawn as nothing inside a word — zero-width spaces and
    joiners, fillers, tag and private-use characters, variation selectors away from an
    emoji (issue 27: they let a word through a filter unseen). Emoji, their joiners and
    selectors, and full-width punctuation stay."""
    out: list[str] = []
    for i, ch in enumerate(raw):
        if ch in "\n\r\t":
            out.append(" ")
            continue
        after_emoji = bool(out) and (_pictographic(out[-1]) or (
            _variation_selector(out[-1]) and len(out) > 1 and _pictographic(out[-2])))
        if ch == ZWJ:
            keep = after_emoji and i + 1 < len(raw) and _pictographic(raw[i + 1])
        elif _variation_selector(ch):
            keep = after_emoji or (i + 1 < len(raw) and raw[i + 1] == KEYCAP)
        else:  # what a name may not hold either, and the grapheme joiner
            keep = not refused(ch) and ch != "\u034f"
        if keep:
            out.append(ch)
    return "".join(out).strip()
