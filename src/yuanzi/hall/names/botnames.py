"""The names the hall gives its bots: a seat's bot is a character of the hall, not "a bot".

Each name has a zh-CN and an English form (friendly, small-town nicknames of the
project's own; no real people) and the hall gives each bot an avatar, an index into the
client's drawn faces. Names and avatars are distinct at one table, and they are stored
with the table's seats and the game's seats, so the table, the result, the records and
the replays name the same bot the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

BOT_NAMES: tuple[tuple[str, str], ...] = (
    ("阿福", "Afu"),
    ("小梅", "Xiaomei"),
    ("阿宝", "Abao"),
    ("小满", "Xiaoman"),
    ("阿杰", "Ajie"),
    ("小桃", "Xiaotao"),
    ("大壮", "Dazhuang"),
    ("阿秀", "Axiu"),
    ("阿明", "Aming"),
    ("小菊", "Xiaoju"),
    ("阿旺", "Awang"),
    ("小豆", "Xiaodou"),
    ("阿桂", "Agui"),
    ("小舟", "Xiaozhou"),
    ("阿芳", "Afang"),
    ("小虎", "Xiaohu"),
    ("阿萍", "Aping"),
    ("小禾", "Xiaohe"),
    ("阿庆", "Aqing"),
    ("小枫", "Xiaofeng"),
)
"""(zh-CN, English): twenty names, so four bots at a table always differ."""

AVATARS = 8
"""How many bot faces the client draws (``avatar`` is 0 to ``AVATARS - 1``)."""


@dataclass(frozen=True, slots=True)
class BotIdentity:
    name: str
    name_en: str
    avatar: int


def pick_identity(rng: random.Random, taken_names: Iterable[str | None] = (),
                  taken_avatars: Iterable[int | None] = ()) -> BotIdentity:
    """A name and an avatar not yet used at the table (by ``taken_…``), chosen at random."""
    used = set(taken_names)
    names = [n for n in BOT_NAMES if n[0] not in used and n[1] not in used] or list(BOT_NAMES)
    zh, en = names[rng.randrange(len(names))]
    worn = set(taken_avatars)
    faces = [a for a in range(AVATARS) if a not in worn] or list(range(AVATARS))
    return BotIdentity(zh, en, faces[rng.randrange(len(faces))])
