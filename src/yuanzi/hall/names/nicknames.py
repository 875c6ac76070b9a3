"""Nickname rules: what a player may be called, and the key that makes names unique."""

from __future__ import annotations

import unicodedata

from zxcvbn import zxcvbn

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.names.botnames import BOT_NAMES
from yuanzi.hall.names.confusables import skeleton
from yuanzi.hall.names.text import refused

MIN_LENGTH = 2
MAX_LENGTH = 16
RESERVED = frozenset({"admin", "administrator", "system", "bot", "server", "yuanzi", "guest"})
_EXTRA = frozenset("_-·")
ZXCVBN_MAX = 72
"""zxcvbn refuses longer input; the first 72 characters of a longer one are plenty."""
_RESERVED_LOOKS = frozenset(skeleton(name) for name in RESERVED)
_BOT_KEYS = frozenset(unicodedata.normalize("NFKC", n).casefold()
                      for pair in BOT_NAMES for n in pair)
"""The hall's bots' names (zh-CN and English): no player may take one, so a bot in the
standings is never taken for a player (issue 45)."""


def nickname_key(nickname: str) -> str:
    """Names that differ only by case or Unicode form are the same name."""
    return unicodedata.normalize("NFKC", nickname).casefold()


def check_nickname(raw: str) -> str:
    """The nickname to store, or :class:`HallError` saying which rule it breaks.

    2–16 characters of letters (any script, so 中文 names work), digits, ``_ - ·``;
    it must start with a letter or digit; a few names are reserved.
    """
    nickname = unicodedata.normalize("NFKC", raw.strip())
    if not MIN_LENGTH <= len(nickname) <= MAX_LENGTH:
        raise HallError(Code.BAD_NICKNAME,
                        f"a nickname has {MIN_LENGTH} to {MAX_LENGTH} characters")
    for ch in nickname:
        if not (ch.isalnum() or ch in _EXTRA) or refused(ch):
            raise HallError(Code.BAD_NICKNAME,
                            f"a nickname may hold letters, digits, _ - and ·, not {ch!r}")
    if not nickname[0].isalnum():
        raise HallError(Code.BAD_NICKNAME, "a nickname starts with a letter or a digit")
    if nickname_key(nickname) in RESERVED or skeleton(nickname) in _RESERVED_LOOKS:
        raise HallError(Code.BAD_NICKNAME, f"the nickname {nickname!r} is reserved")
    if nickname_key(nickname) in _BOT_KEYS:
        raise HallError(Code.BAD_NICKNAME, f"{nickname!r} is the name of one of the hall's "
                                           "bots")
    return nickname


MIN_SCORE = 2
"""zxcvbn's score a new password needs (0–4): 2 is about a million guesses or more, so
``password1``, ``12345678``, eight spaces and keyboard runs are refused."""


def check_password(password: str, nickname: str = "") -> None:
    """8 to 128 characters, and not among the commonly used or trivially guessed ones
    (zxcvbn: dictionaries of common passwords and words, keyboard patterns, sequences,
    repeats, dates, the nickname itself)."""
    if not 8 <= len(password) <= 128:
        raise HallError(Code.BAD_PASSWORD, "a password has 8 to 128 characters")
    verdict = zxcvbn(password[:ZXCVBN_MAX], user_inputs=[nickname, "yuanzi", "原子"])
    if verdict["score"] < MIN_SCORE:
        why = verdict["feedback"]["warning"] or "it is too easy to guess"
        raise HallError(Code.WEAK_PASSWORD, f"choose a stronger password: {why}")
