"""Names that look alike: ``аdmin`` (a Cyrillic а) next to ``admin``.

The skeleton of a name maps every character to one representative of the characters
that look like it — from the Unicode confusables data that ``confusable_homoglyphs``
keeps (UTS #39), joined transitively (``l``, ``1``, ``I`` and ``|`` are one class) — after
NFKC and case folding. Two names with one skeleton are refused as the same name.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables

_MARKS = "\u200e\u200f"
"""Direction marks the data puts around right-to-left glyphs."""


def _preference(ch: str) -> tuple[bool, str]:
    """A class is shown by a character NFKC keeps (names are NFKC), else the lowest."""
    return unicodedata.normalize("NFKC", ch) != ch, ch


@cache
def _representatives() -> dict[str, str]:
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        root = ch
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(ch, ch) != root:
            parent[ch], ch = root, parent[ch]
        return root

    for ch, glyphs in confusables.confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].strip(_MARKS)
            if len(ch) == 1 and len(other) == 1:
                a, b = sorted((find(ch), find(other)), key=_preference)
                if a != b:
                    parent[b] = a
    return {ch: find(ch) for ch in parent}


def skeleton(name: str) -> str:
    """The form two look-alike names share."""
    reps = _representatives()
    folded = unicodedata.normalize("NFKC", name).casefold()
    mapped = "".join(reps.get(ch, ch) for ch in folded)
    return "".join(reps.get(ch, ch) for ch in mapped.casefold())
