"""docs/hall.md's settings table is checked against :class:`yuanzi.hall.settings.Settings`:
every setting is documented, nothing documented is missing, and each plain default the
table shows is the one the code has — so the page cannot drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic_core import PydanticUndefined

from yuanzi.hall.settings import Settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "hall.md"


def documented() -> dict[str, str]:
    """Setting (field name) → the default cell's text, for each name in the table."""
    text = DOC.read_text()
    table = text[text.index("## Settings"):text.index("## Layers")]
    out: dict[str, str] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        defaults = re.findall(r"`([^`]*)`", cells[1])
        prefix = ""
        for i, name in enumerate(names):
            if name.startswith("…"):
                name = prefix + name[1:]
            else:
                prefix = name.rsplit("_", 2)[0] if "…" in cells[0] else ""
            field = name.removeprefix("YUANZI_").lower()
            # a default per name, or the cell says it in words (then not compared)
            plain = len(defaults) == len(names) and not re.sub(r"`[^`]*`|[,\s]", "", cells[1])
            out[field] = defaults[i] if plain else "(" + cells[1]
    return out


def test_every_setting_is_in_the_table_and_nothing_else() -> None:
    doc = documented()
    assert set(doc) == set(Settings.model_fields)


def test_the_table_shows_the_code_defaults() -> None:
    for name, shown in documented().items():
        default = Settings.model_fields[name].default
        if default is PydanticUndefined or default is None or shown.startswith("("):
            continue  # unset, or described in words
        if isinstance(default, bool):
            assert shown.startswith(str(default).lower()), (name, shown)
        elif isinstance(default, int | float):
            assert float(shown) == float(default), (name, shown, default)
        else:
            assert shown == str(default), (name, shown, default)
