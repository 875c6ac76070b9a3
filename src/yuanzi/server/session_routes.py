"""REST route of session rooms (issue 26): one session's tally and games, for its
summary and share image — to its players, its club's members and admins
(:mod:`yuanzi.hall.services.session_shelf`). docs/protocol.md documents it."""

from __future__ import annotations

from fastapi import APIRouter

from yuanzi.hall.sessions.views import SessionView
from yuanzi.server.deps import CurrentAccount, HallDep
from yuanzi.server.wire import PathId

router = APIRouter(prefix="/api/sessions")


@router.get("/{session_id}")
async def session(session_id: PathId, account: CurrentAccount, hall: HallDep) -> SessionView:
    return await hall.sessions.view(account, session_id)
