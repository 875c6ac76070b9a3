"""Quick match (快速加入): a seat among players of the closest level (R38), the
partnerships' skill balanced (:mod:`yuanzi.hall.economy.matching`), at a table whose bet
the player can meet and where no one shares his address (R40); a new table if none is
free."""

from __future__ import annotations

from yuanzi.hall.economy.matching import quick_match as best_seat
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.lobby.free_seats import free_tables
from yuanzi.hall.models import Account
from yuanzi.hall.opening.create import TableOpener
from yuanzi.hall.opening.needs import Seats, Tables
from yuanzi.hall.ports import TableEconomy
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import admission, commands
from yuanzi.hall.table.commands import Sender

PASSED_OVER = (Code.SEAT_TAKEN, Code.NO_SUCH_TABLE, Code.GAME_IN_PROGRESS,
               Code.NOT_ENOUGH_COINS, Code.SAME_IP, Code.TABLE_MOVED)
"""Refusals that send quick match on to the next table (the seat went meanwhile)."""


async def quick_match(account: Account, *, settings: Settings, economy: TableEconomy,
                      presence: Seats, router: Tables,
                      opener: TableOpener) -> tuple[int, int]:
    """The table and seat where ``account`` now sits."""
    if presence.seat_of(account.id) is not None:
        raise HallError(Code.ALREADY_SEATED, "you are seated already; stand first")
    account = await economy.account(account.id) or account
    address = presence.address_of(account.id)
    tried: set[int] = set()
    while True:
        tables = [t for t in free_tables(router.tables.values(), router.peers.tables(),
                                         presence.address_of, tried)
                  if admission.admissible(account.coins, t[1], address, t[2],
                                          settings.same_ip_rule)]
        match = best_seat(account.level, account.rating, [t[0] for t in tables])
        if match is None:
            break
        tried.add(match.table_id)
        try:
            seated = await router.send(commands.Sit(Sender.of(account, address),
                                                    match.table_id, match.seat))
        except HallError as e:
            if e.code in PASSED_OVER:
                continue
            raise
        return match.table_id, seated.seat
    actor = await opener.create_table(account, "")
    return actor.id, 0
