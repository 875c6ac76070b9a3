"""Nickname rules: what a player may be called, and the key that makes names unique."""

from __future__ import annotations

import unicodedata

from yuanzi.hall.errors import Code, HallError

MIN_LENGTH = 2
MAX_LENGTH = 16
RESERVED = frozenset({"admin", "administrator", "system", "bot", "server", "yuanzi", "guest"})
_EXTRA = frozenset("_-·")


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
        if not (ch.isalnum() or ch in _EXTRA):
            raise HallError(Code.BAD_NICKNAME,
                            f"a nickname may hold letters, digits, _ - and ·, not {ch!r}")
    if not nickname[0].isalnum():
        raise HallError(Code.BAD_NICKNAME, "a nickname starts with a letter or a digit")
    if nickname_key(nickname) in RESERVED:
        raise HallError(Code.BAD_NICKNAME, f"the nickname {nickname!r} is reserved")
    return nickname


def check_password(password: str) -> None:
    if not 8 <= len(password) <= 128:
        raise HallError(Code.BAD_PASSWORD, "a password has 8 to 128 characters")
