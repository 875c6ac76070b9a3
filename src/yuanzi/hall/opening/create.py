"""A new table: its creator owns it, sets its options and takes seat 0 (R37). A name
other than «nickname的桌» spends a sign and a cloth other than green a tablecloth, in the
transaction that stores the table (R41); a private table gets a room code and an invite
link (issue 15); a bet needs the owner's 100 × bet (R40)."""

from __future__ import annotations

from typing import Any

from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.opening.doors import new_invite_token, new_room_code
from yuanzi.hall.opening.items import open_with_items, sign_kind
from yuanzi.hall.opening.needs import ClubDoor, Seats, Tables
from yuanzi.hall.ports import RoomCodeTaken, Store, TableEconomy
from yuanzi.hall.services.unit import UnitOfWork
from yuanzi.hall.settings import Settings
from yuanzi.hall.table import admission, commands, options
from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.session import check_length


class TableOpener:
    def __init__(self, settings: Settings, store: Store, economy: TableEconomy,
                 unit: UnitOfWork, presence: Seats, router: Tables, clubs: ClubDoor) -> None:
        self._settings = settings
        self._store = store
        self._economy = economy
        self._unit = unit
        self._presence = presence
        self._router = router
        self._clubs = clubs

    async def create_table(self, owner: Account, name: str, tablecloth: str = "green",
                           bet: int = 0, rules: dict[str, Any] | None = None,
                           private: bool = False, spectators: bool = True,
                           sign: str | None = None, club: int | None = None,
                           session: int | None = None) -> TableActor:
        """Open a table (``sign``: which kind of sign its name spends; ``club``: a club's
        table, private, its door open to the club's members only, with the club's house
        rules and session length when it fixed them; ``session``: opened for a session
        room of that many games, issue 26)."""
        seat_of = self._presence.seat_of
        if seat_of(owner.id) is not None:
            raise HallError(Code.ALREADY_SEATED, "you are seated at another table; stand first")
        if len(self._router.tables) >= self._settings.max_tables:
            raise HallError(Code.TOO_MANY_TABLES, "the hall is full; try quick match")
        default = not name.strip()  # the client shows «X的桌» / "X's table" in its language
        name = options.default_name(owner.nickname) if default else options.table_name(name)
        default = default or name == options.default_name(owner.nickname)
        tablecloth = options.tablecloth(tablecloth)
        sign_code = None if sign is None else sign_kind(sign)
        if club is not None:
            if not await self._clubs.is_member(club, owner.id):
                raise HallError(Code.NOT_A_MEMBER, "only its members open a club's tables")
            private = True
            house = await self._clubs.house(club)
            rules = rules if house.rules is None else house.rules
            session = session if house.session_games is None else house.session_games
        if session is not None:
            check_length(session)
            if not private:
                raise HallError(Code.NOT_PRIVATE, "only a private or club table holds a "
                                                  "session")
        parsed = options.rules(rules)
        bet = options.bet(bet)
        if bet:  # R40: the owner sits at seat 0, so he too needs 100 × bet
            owner = await self._economy.account(owner.id) or owner
            admission.check_coins(owner.coins, bet)
            if seat_of(owner.id) is not None:  # seated meanwhile
                raise HallError(Code.ALREADY_SEATED, "you are seated at another table")
        spec = TableSpec(0, name, owner, tablecloth, bet, parsed.to_dict(), name_default=default,
                         private=private, spectators_allowed=spectators, club_id=club)
        spec.seats[0] = Seat(account=owner)
        if private:
            if club is None:  # a club's table opens by the club only (issue 44: no door
                spec.invite_token = new_invite_token()  # a guesser could hit)
            spec.admitted.add(owner.id)
        self._presence.reserve(owner.id)  # while the table is being stored
        try:
            spec.id = await self._store_new(spec, named=not default, sign=sign_code,
                                            clothed=tablecloth != options.DEFAULT_CLOTH)
        except BaseException:
            self._presence.release(owner.id)
            raise
        self._presence.set_seated(owner.id, spec.id)
        try:
            actor = await self._router.open(spec)
        except BaseException:
            if spec.id not in self._router.tables:  # it never ran here
                self._presence.set_seated(owner.id, None)
            raise
        if session is not None:
            await actor.send(commands.OpenSession(Sender.of(owner), spec.id, session))
        return actor

    async def _store_new(self, spec: TableSpec, *, named: bool, clothed: bool,
                         sign: ItemCode | None) -> int:
        """Store a new table, with the items its name and cloth spend (R41); a private one
        draws room codes until one is free."""
        for _ in range(20):
            if spec.private and spec.club_id is None:
                spec.room_code = new_room_code()
            try:
                if named or clothed:
                    return await open_with_items(self._unit, spec, named=named,
                                                 clothed=clothed, sign=sign)
                return await self._store.create_table(spec)
            except RoomCodeTaken:
                continue
        raise HallError(Code.TOO_MANY_TABLES, "no free room code was found; try again")
