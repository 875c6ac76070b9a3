"""The entrants' values (issue 54, tournaments/reveal.py and desk.py): a sign-up with a
commitment another entrant signed up with is refused and stores nothing — its copy
would be revealed with the value its first entrant revealed — and no value is shown,
to anyone, while they are being revealed: seeing the others' first, an entrant could
reveal a copy or keep his own back. Once the first round is dealt they all show."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.hall.table.harness import World, run_world, until

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.tournaments.views import TournamentView

Run = Callable[..., None]


@pytest.fixture
def tournament_world(tmp_path: Path) -> Run:
    def run(body: Callable[[World], Any], **overrides: Any) -> None:
        run_world(tmp_path, body, tournament_pause_seconds=0.0, **overrides)
    return run


def sha(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def values(view: TournamentView) -> list[tuple[str | None, str | None]]:
    return [(e.contribution, e.commitment) for e in view.entries]


def test_a_copied_commitment_is_refused_and_changes_nothing(tournament_world: Run) -> None:
    async def body(w: World) -> None:
        kim, lee = await w.account("kim"), await w.account("lee")
        t = await w.hall.tournaments.create(kim, "承诺杯", 8, rounds=1)
        hers = sha("c3d4" * 6)
        await w.hall.tournaments.enter(kim, t.id, commitment=hers)
        before = await w.db.store.tournament(t.id)
        with pytest.raises(HallError) as e:
            await w.hall.tournaments.enter(lee, t.id, commitment=hers)
        assert e.value.code == Code.COMMITMENT_TAKEN
        assert await w.db.store.tournament(t.id) == before  # nobody signed up, nothing kept
        view = await w.hall.tournaments.enter(lee, t.id, commitment=sha("e5f6" * 4))
        assert [e.account_id for e in view.entries] == [kim.id, lee.id]  # his own: in

    tournament_world(body)


def test_no_value_shows_until_the_reveal_is_over(tournament_world: Run) -> None:
    async def body(w: World) -> None:
        ann, kim, lee = await w.account("ann"), await w.account("kim"), await w.account("lee")
        admin = await w.admin()
        t = await w.hall.tournaments.create(ann, "揭晓杯", 8, rounds=1)
        mine, hers, his = "0a1b" * 8, "c3d4" * 6, "e5f6" * 4
        await w.hall.tournaments.enter(ann, t.id, contribution=mine)
        await w.hall.tournaments.enter(kim, t.id, commitment=sha(hers))
        await w.hall.tournaments.enter(lee, t.id, commitment=sha(his))
        started = await w.hall.tournaments.fill_with_bots(ann, t.id)
        assert (started.status, started.round) == ("running", -1)  # waiting for the values
        await w.hall.tournaments.reveal(kim, t.id, hers)
        hidden = [(None, None), (None, sha(hers)), (None, sha(his))] + [(None, None)] * 5
        for who in (ann, kim, lee, admin, None):  # nobody sees one yet, not even its own
            assert values(await w.hall.tournaments.view(t.id, who)) == hidden
        assert values((await w.hall.tournaments.list(lee))[0]) == hidden
        await w.hall.tournaments.reveal(lee, t.id, his)  # the last: the round is dealt

        async def dealt() -> TournamentView | None:
            view = await w.hall.tournaments.view(t.id, lee)
            return view if view.round >= 0 else None
        view: TournamentView = await until(dealt, 30)
        assert values(view)[:3] == [(mine, None), (hers, sha(hers)), (his, sha(his))]

    tournament_world(body, tournament_reveal_seconds=30.0)
