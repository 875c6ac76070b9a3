"""A session room looked up after the fact (issue 26): its tally, each game's line (for
its replay or review, R41 as ever) and why it ended — for the summary and its share
image, and for a club's page.

Who may look: those who played in it, the members of its club (a club's session), and
admins. To anyone else it is not there (``no_such_session``), as a private table is not.
"""

from __future__ import annotations

from typing import Protocol

from yuanzi.hall.desk_ports import SessionStore
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account
from yuanzi.hall.sessions.tally import games_of
from yuanzi.hall.sessions.views import SessionView, session_view


class Membership(Protocol):
    async def is_member(self, club_id: int, account_id: int) -> bool: ...


class SessionShelf:
    def __init__(self, store: SessionStore, clubs: Membership) -> None:
        self._store = store
        self._clubs = clubs

    async def view(self, me: Account, session_id: int) -> SessionView:
        stored = await self._store.stored_session(session_id)
        if stored is None:
            raise _missing(session_id)
        view = session_view(stored, games_of(await self._store.session_games(session_id)))
        if me.role == "admin" or any(p.account_id == me.id for p in view.players):
            return view
        if stored.club_id is not None and await self._clubs.is_member(stored.club_id, me.id):
            return view
        raise _missing(session_id)


def _missing(session_id: int) -> HallError:
    return HallError(Code.NO_SUCH_SESSION, f"there is no session {session_id}")
