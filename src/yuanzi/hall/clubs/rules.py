"""What a club may be called and say, how its join code looks, and who may do what in it
(issue 26): the founder (圈主) runs it, names managers and may hand it on; a manager
approves, removes and bans members (not managers, not the founder); a member plays."""

from __future__ import annotations

import re
import secrets

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import ClubMember, ClubRole
from yuanzi.hall.names.text import BadText, checked_name, clean_free_text

NAME_LENGTH = 20
NOTICE_LENGTH = 200
MAX_CLUBS = 20
"""Clubs one account may be a member of."""
MAX_MEMBERS = 500
"""Members of one club."""
CODE_DIGITS = 9
CODE = re.compile(r"[0-9]{9}")
"""Nine digits (issue 44): six made a hit on one of 1,000 clubs two an hour to a botnet,
and a hit on an open club makes the guesser a member. Nine are never mistaken for a room
code's eight."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def club_name(raw: str) -> str:
    """1 to 20 characters, normalised, no control or invisible ones."""
    return checked_name(raw, NAME_LENGTH, "club", Code.MALFORMED)


def notice(raw: str) -> str:
    """At most 200 characters of free text (empty: no notice)."""
    if not raw.strip():
        return ""
    try:
        text = clean_free_text(raw)
    except BadText as e:
        raise HallError(Code.MALFORMED, f"club notice: {e}") from None
    if len(text) > NOTICE_LENGTH:
        raise HallError(Code.MALFORMED, f"a club notice has at most {NOTICE_LENGTH} characters")
    return text


def new_join_code() -> str:
    """Nine digits, never starting with 0 (read aloud, a leading 0 gets lost), said in
    three groups of three; longer than a room code's eight, so the two are not mistaken
    for each other."""
    low = 10 ** (CODE_DIGITS - 1)
    return str(low + secrets.randbelow(9 * low))


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def runs(member: ClubMember | None) -> bool:
    """The founder or a manager, in the club."""
    return member is not None and member.standing == "member" and member.role != "member"


def may_act_on(actor: ClubMember | None, target: ClubMember) -> bool:
    """Whether ``actor`` may approve, remove or ban ``target``: a manager acts on members,
    the founder on anyone but himself."""
    if not runs(actor) or actor is None or actor.account_id == target.account_id:
        return False
    return _rank(actor.role) > _rank(target.role)


def _rank(role: ClubRole) -> int:
    return {"member": 0, "manager": 1, "founder": 2}[role]
