"""The rules guide's data (玩法说明, issue 10): ``GET /api/guide``, public, no login.

The body is :func:`yuanzi.guide.guide_data`: example card groups, their combinations
and every "what beats what" verdict as the engine works them out, a tiny half played
through the engine, and the numbers of the scoring rules. The client words it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from yuanzi.guide import guide_data

router = APIRouter(prefix="/api")


@router.get("/guide")
async def guide() -> dict[str, Any]:
    """The guide's examples, computed once per process by the engine."""
    return guide_data()
