"""The accounts aggregate: accounts (created with their opening ledger row and empty
inventory) and the login sessions that point at them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from yuanzi.hall.economy.inventory import DEFAULT_SLOTS
from yuanzi.hall.economy.ladders import TITLES, ladder_for
from yuanzi.hall.economy.ledger import NEW_ACCOUNT_COINS, Reason
from yuanzi.hall.models import Account, Credentials
from yuanzi.hall.names.confusables import skeleton
from yuanzi.hall.ports import NicknameLike, NicknameTaken
from yuanzi.store.journal import Journal
from yuanzi.store.models.accounts import Account as AccountRow, SessionRow
from yuanzi.store.models.economy import InventoryRow, LedgerRow
from yuanzi.store.repos.base import Repo, as_utc, now, to_account


class AccountRepo(Repo):
    """The account and session methods of :class:`yuanzi.hall.ports.Store`;
    ``new_account_coins`` is R44's starting balance."""

    def __init__(self, journal: Journal, sessions: sessionmaker[Session],
                 ladder: str = TITLES, new_account_coins: int = NEW_ACCOUNT_COINS,
                 inventory_slots: int = DEFAULT_SLOTS) -> None:
        super().__init__(journal, sessions, ladder, inventory_slots)
        self.new_account_coins = new_account_coins

    async def create_account(self, nickname: str, key: str, password_hash: str,
                             role: str) -> Account:
        """A new account, unless its nickname is taken (:class:`NicknameTaken`) or looks
        like another's (:class:`NicknameLike`): checked in the insert's own transaction,
        so two look-alikes registered at the same moment cannot both get in."""
        def write(s: Session) -> Account:
            look_alike = skeleton(nickname)[:64]
            if s.get_bind().dialect.name == "postgresql":  # (SQLite has one writer)
                s.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"),
                          {"k": "nickname:" + look_alike})
            like = s.scalar(select(AccountRow.nickname).where(
                AccountRow.nickname_skeleton == look_alike,
                AccountRow.nickname_key != key).limit(1))
            if like is not None:
                raise NicknameLike(like)
            return add_account(s, nickname, key, password_hash, role,
                               self.new_account_coins, self.inventory_slots, self.ladder)

        try:
            return await self.journal.run(write)
        except IntegrityError:
            raise NicknameTaken(nickname) from None

    async def nickname_like(self, nickname: str) -> str | None:
        """An existing nickname that looks like this one (same skeleton), if any."""
        def read(s: Session) -> str | None:
            found: str | None = s.scalar(
                select(AccountRow.nickname)
                .where(AccountRow.nickname_skeleton == skeleton(nickname)[:64]).limit(1))
            return found

        return await self._read(read)

    async def credentials(self, key: str) -> Credentials | None:
        def read(s: Session) -> Credentials | None:
            row = s.scalar(select(AccountRow).where(AccountRow.nickname_key == key))
            return None if row is None else Credentials(self.to_account(row),
                                                        row.password_hash)

        return await self._read(read)

    async def account(self, account_id: int) -> Account | None:
        def read(s: Session) -> Account | None:
            row = s.get(AccountRow, account_id)
            return None if row is None else self.to_account(row)

        return await self._read(read)

    async def create_session(self, token_hash: str, account_id: int,
                             expires_at: datetime) -> None:
        def write(s: Session) -> None:
            s.add(SessionRow(token_hash=token_hash, account_id=account_id, created_at=now(),
                             expires_at=expires_at))

        await self.journal.run(write)

    async def delete_session(self, token_hash: str) -> None:
        await self.journal.run(
            lambda s: s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash)))

    async def session_account(self, token_hash: str, at: datetime) -> Account | None:
        def read(s: Session) -> Account | None:
            row = s.get(SessionRow, token_hash)
            if row is None or as_utc(row.expires_at) <= at:
                return None
            acc = s.get(AccountRow, row.account_id)
            return None if acc is None else self.to_account(acc)

        return await self._read(read)


def add_account(s: Session, nickname: str, key: str, password_hash: str, role: str,
                coins: int = NEW_ACCOUNT_COINS, slots: int = DEFAULT_SLOTS,
                ladder: str = TITLES) -> Account:
    """A new account with its starting coins — a ``new_account`` ledger row (R44), the
    only way an account's first coins appear — its empty inventory and the ladder's
    starting value (R37, R38)."""
    start = ladder_for(ladder).new_player()
    row = AccountRow(nickname=nickname, nickname_key=key,
                     nickname_skeleton=skeleton(nickname)[:64], password_hash=password_hash,
                     role=role, created_at=now(), ladder_score=start.score,
                     ladder_level=start.level, coins=coins, games_played=0, escapes=0,
                     wins=0, double_wins=0, double_losses=0, rating_mu=25.0,
                     rating_sigma=25.0 / 3.0, banned=False)
    s.add(row)
    s.flush()
    if coins:
        s.add(LedgerRow(account_id=row.id, amount=coins, reason=Reason.NEW_ACCOUNT.value,
                        at=row.created_at))
    s.add(InventoryRow(account_id=row.id, slots=[None] * slots, armed=[]))
    return to_account(row, ladder)
