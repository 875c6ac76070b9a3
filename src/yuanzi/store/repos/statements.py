"""The statements of a table's save, a game's start and end and of a settlement, built
once.

Building a SQLAlchemy statement (its clauses, its cache key) costs more than SQLite takes
to run it, and these run in the journal's one writer thread every time a game starts or
ends (issue 12: the settlement is that thread's largest job). So each is built once with
bind parameters and executed with values; an account's or an inventory's update, whose
columns vary with the change, is built once per set of columns.
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import JSON, Update, bindparam, insert, select, update

from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.base import table_of
from yuanzi.store.models.economy import InventoryRow
from yuanzi.store.models.games import GameRow, GameSeat
from yuanzi.store.models.tables import TableRow

ACCOUNTS = table_of(AccountRow)
INVENTORIES = table_of(InventoryRow)
GAMES = table_of(GameRow)
SEATS = table_of(GameSeat)
TABLES = table_of(TableRow)

LOCK_ACCOUNTS = (
    select(ACCOUNTS).where(ACCOUNTS.c.id.in_(bindparam("ids", expanding=True)))
    .order_by(ACCOUNTS.c.id).with_for_update())
"""The accounts of a decision, locked in id order (``ids``)."""

READ_ACCOUNTS = select(ACCOUNTS).where(
    ACCOUNTS.c.id.in_(bindparam("ids", expanding=True)))

READ_INVENTORIES = select(INVENTORIES).where(
    INVENTORIES.c.account_id.in_(bindparam("ids", expanding=True)))

PAY = (update(ACCOUNTS)
               .where(ACCOUNTS.c.id == bindparam("b_id"),
                      ACCOUNTS.c.coins + bindparam("b_delta") >= 0)
               .values(coins=ACCOUNTS.c.coins + bindparam("b_delta")))
"""Move an account's balance by ``b_delta``, never below zero (0 rows if it would)."""

TABLE_OF_GAME = select(GAMES.c.table_id, TABLES.c.seats, TABLES.c.tournament_id).join(
    TABLES, TABLES.c.id == GAMES.c.table_id).where(GAMES.c.id == bindparam("b_game"))
"""A game's table, its seats as last stored, and its tournament (None: none)."""

_SQL_NULL_IF_NONE = JSON(none_as_null=True)
"""A game without a result (abandoned) or a settlement keeps SQL NULL there, as the ORM
left it, not the JSON text ``null``."""

END_GAME = update(GAMES).where(GAMES.c.id == bindparam("b_game")).values(
    status=bindparam("b_status"),
    result=bindparam("b_result", type_=_SQL_NULL_IF_NONE),
    record=bindparam("b_record"),
    settlement=bindparam("b_settlement", type_=_SQL_NULL_IF_NONE),
    standings_pending=bindparam("b_pending"),
    ended_at=bindparam("b_ended_at"))

CLAIM_STANDINGS = update(GAMES).where(GAMES.c.id == bindparam("b_game"),
                                     GAMES.c.standings_pending.is_(True)).values(
    standings_pending=False, settlement=bindparam("b_settlement", type_=_SQL_NULL_IF_NONE))
"""A tournament game's pending standings applied: one row, or none when applied already."""

SEATS_OF_GAME = select(SEATS.c.seat, SEATS.c.account_id).where(
    SEATS.c.game_id == bindparam("b_game"))

SEAT_OUTCOME = (update(SEATS)
                        .where(SEATS.c.game_id == bindparam("b_game"),
                               SEATS.c.seat == bindparam("b_seat"))
                        .values(outcome=bindparam("b_outcome"), base_stake=bindparam("b_stake")))

GAME_PLAYED = (update(ACCOUNTS).where(ACCOUNTS.c.id == bindparam("b_id"))
                       .values(games_played=ACCOUNTS.c.games_played + 1,
                               escapes=ACCOUNTS.c.escapes + bindparam("b_escape")))
"""One more game played, and ``b_escape`` (0 or 1) more escapes."""

TABLE_STATUS = (update(TABLES).where(TABLES.c.id == bindparam("b_table"))
                        .values(status=bindparam("b_status"), game_id=bindparam("b_game_id")))

TABLE_STATUS_SEATS = (update(TABLES).where(TABLES.c.id == bindparam("b_table"))
                              .values(status=bindparam("b_status"),
                                      game_id=bindparam("b_game_id"),
                                      seats=bindparam("b_seats")))
""":data:`TABLE_STATUS`, and the seats rewritten (``b_seats``)."""


@functools.cache
def set_account(sets: tuple[str, ...], adds: tuple[str, ...]) -> Update:
    """Set the columns ``sets`` of account ``b_id`` and add to the counters ``adds``
    (each from the parameter ``b_<column>``)."""
    values: dict[str, Any] = {name: bindparam(f"b_{name}") for name in sets}
    values.update({name: ACCOUNTS.c[name] + bindparam(f"b_{name}") for name in adds})
    return update(ACCOUNTS).where(ACCOUNTS.c.id == bindparam("b_id")).values(values)


@functools.cache
def set_inventory(sets: tuple[str, ...]) -> Update:
    """Set the columns ``sets`` of account ``b_id``'s inventory."""
    return (update(INVENTORIES).where(INVENTORIES.c.account_id == bindparam("b_id"))
            .values({name: bindparam(f"b_{name}") for name in sets}))


START_GAME = insert(GAMES).values(
    table_id=bindparam("b_table"), rules=bindparam("b_rules"), status="playing",
    started_at=bindparam("b_started_at"), session_id=bindparam("b_session"),
    fairness=bindparam("b_fairness", type_=_SQL_NULL_IF_NONE)).returning(GAMES.c.id)
"""A game begins (a thousand tables may start at once: built once, issue 30)."""

ADD_SEATS = insert(SEATS)


@functools.cache
def save_table(sets: tuple[str, ...]) -> Update:
    """Set the columns ``sets`` of table ``b_id``: a table is saved at every seat change
    and ready, a thousand at once when a hall's tables start together (issue 30)."""
    return (update(TABLES).where(TABLES.c.id == bindparam("b_id"))
            .values({c: bindparam(f"b_{c}", type_=TABLES.c[c].type) for c in sets}))
