"""ANSI colours by hand, off when the stream is not a terminal or ``NO_COLOR`` is set."""

from __future__ import annotations

import os
from typing import TextIO

_CODES = {
    "bold": "1", "dim": "2", "underline": "4", "red": "31", "green": "32", "yellow": "33",
    "blue": "34", "magenta": "35", "cyan": "36",
}


class Palette:
    """Wraps text in ANSI styles, or returns it unchanged when colour is off."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def wants_colour(stream: TextIO) -> bool:
    """Colour only for a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def palette_for(stream: TextIO, force: bool | None = None) -> Palette:
    return Palette(wants_colour(stream) if force is None else force)


PLAIN = Palette(False)
