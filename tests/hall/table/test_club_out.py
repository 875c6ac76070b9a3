"""Out of a club, out of its tables (issue 44, table/privacy.py): the club desk tells each
of the club's open tables; a table taken up from the store asks the club itself, so a
removal whose word was lost (the node that was to deliver it died) keeps no one in."""

from __future__ import annotations

from collections.abc import Callable

from tests.hall.table.harness import World, until

from yuanzi.hall.errors import Code
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]


async def club_table(w: World) -> tuple[int, int, list[int]]:
    """A club of three (founder, a seated member, a watching one) and its table."""
    founder, seated, watching = [await w.account() for _ in range(3)]
    club = await w.hall.clubs.create(founder, "老街")
    await w.hall.clubs.store.update_club(club.id, open_join=True)
    for member in (seated, watching):
        await w.hall.clubs.join(member, None, club.join_code)
    table = (await w.hall.create_table(founder, "", club=club.id)).id
    for seat in (1, 3):
        await w.hall.send(c.AddBot(Sender.of(founder), table, seat, "random"))
    assert await w.hall.send(c.ComeIn(Sender.of(seated), table, "club")) == c.CameIn(table, 2)
    assert await w.hall.send(c.ComeIn(Sender.of(watching), table, "club")) \
        == c.CameIn(table, None)
    return club.id, table, [founder.id, seated.id, watching.id]


def test_a_removed_member_is_out_of_the_clubs_table_at_once(hall_world: Run) -> None:
    async def body(w: World) -> None:
        club, table, (founder_id, seated_id, _) = await club_table(w)
        founder = await w.hall.standings.require_account(founder_id)
        seated = await w.hall.standings.require_account(seated_id)
        await w.hall.clubs.remove(founder, club, seated_id)
        spec = w.hall.table(table).spec
        assert seated_id not in spec.admitted and spec.seats[2].empty
        assert await w.refused(c.Resync(Sender.of(seated), table)) == Code.NO_SUCH_TABLE
        assert await w.refused(c.ComeIn(Sender.of(seated), table, "club")) \
            == Code.NO_SUCH_TABLE

    hall_world(body)


def test_a_table_taken_up_asks_the_club_who_is_still_a_member(hall_world: Run) -> None:
    async def body(w: World) -> None:
        club, table, (_, seated_id, watching_id) = await club_table(w)
        for gone in (seated_id, watching_id):  # the store says so; no table heard it
            await w.hall.clubs.store.remove_club_member(club, gone)
        await w.restart()
        await until(lambda: w.hall.table(table).spec.admitted.isdisjoint(
            {seated_id, watching_id}), 5)
        assert w.hall.table(table).spec.seats[2].empty

        async def stored_out() -> bool:  # (and the store says so, once written)
            stored = await w.db.store.open_tables(only=table)
            return bool(stored) and stored[0].admitted.isdisjoint({seated_id, watching_id})

        await until(stored_out, 5)

    hall_world(body)
