"""Chat and its moderation (issue 15): a message stored before it is broadcast, kept for
the hall's set time, reports for the admins, mutes, and an admin's silence; friends and
blocks."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from yuanzi.hall.models import Account, ChatReport, FriendLinks, ReportOutcome, StoredChat
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.social import BlockRow, ChatReportRow, ChatRow, FriendRow, MuteRow
from yuanzi.store.repos.base import Repo, as_utc, now


class SocialRepo(Repo):
    async def add_chat(self, table_id: int, account_id: int, spectator: bool, kind: str,
                       body: str) -> StoredChat:
        def write(s: Session) -> StoredChat:
            row = ChatRow(table_id=table_id, account_id=account_id, spectator=spectator,
                          kind=kind, body=body, at=now())
            s.add(row)
            s.flush()
            return StoredChat(row.id, row.at)

        return await self.journal.run(write)

    async def purge_chat(self, before: datetime) -> int:
        """Forget the messages said before ``before`` (and their reports)."""
        def write(s: Session) -> int:
            old = select(ChatRow.id).where(ChatRow.at < before)
            s.execute(delete(ChatReportRow).where(ChatReportRow.message_id.in_(old)))
            done = s.execute(delete(ChatRow).where(ChatRow.at < before))
            return int(done.rowcount or 0)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    async def report_chat(self, message_id: int, reporter_id: int,
                          reason: str) -> ReportOutcome:
        """``missing``: there is no such message (or it was forgotten); ``already``: this
        account reported it before (one report per message per account, issue 27)."""
        def write(s: Session) -> ReportOutcome:
            if s.get(ChatRow, message_id) is None:
                return "missing"
            if s.scalar(select(ChatReportRow.id).where(
                    ChatReportRow.message_id == message_id,
                    ChatReportRow.reporter_id == reporter_id)) is not None:
                return "already"
            try:
                with s.begin_nested():  # two at once: the index keeps one, the other is
                    s.add(ChatReportRow(message_id=message_id, reporter_id=reporter_id,
                                        reason=reason, at=now()))  # told "already"
            except IntegrityError:
                return "already"
            return "reported"

        return await self.journal.run(write)

    async def chat_reports(self, limit: int) -> list[ChatReport]:
        def read(s: Session) -> list[ChatReport]:
            author, reporter = aliased(AccountRow), aliased(AccountRow)
            rows = s.execute(
                select(ChatReportRow, ChatRow, author.nickname, reporter.nickname)
                .join(ChatRow, ChatRow.id == ChatReportRow.message_id)
                .join(author, author.id == ChatRow.account_id)
                .join(reporter, reporter.id == ChatReportRow.reporter_id)
                .order_by(ChatReportRow.id.desc()).limit(limit)).all()
            return [ChatReport(r.id, m.id, m.table_id, m.account_id, a, m.kind, m.body,
                               as_utc(m.at), r.reporter_id, rn, r.reason, as_utc(r.at))
                    for r, m, a, rn in rows]

        return await self._read(read)

    async def mutes_of(self, account_id: int) -> set[int]:
        def read(s: Session) -> set[int]:
            return set(s.scalars(select(MuteRow.muted_id)
                                 .where(MuteRow.account_id == account_id)))

        return await self._read(read)

    async def set_mute(self, account_id: int, muted_id: int, on: bool) -> None:
        def write(s: Session) -> None:
            row = s.get(MuteRow, (account_id, muted_id))
            if on and row is None:
                s.add(MuteRow(account_id=account_id, muted_id=muted_id, at=now()))
            elif not on and row is not None:
                s.delete(row)

        await self.journal.run(write)

    async def silenced_until(self, account_id: int) -> datetime | None:
        def read(s: Session) -> datetime | None:
            until = s.scalar(select(AccountRow.silenced_until)
                             .where(AccountRow.id == account_id))
            return None if until is None else as_utc(until)

        return await self._read(read)

    async def silence(self, account_id: int, until: datetime | None) -> bool:
        """False: there is no such account."""
        def write(s: Session) -> bool:
            done = s.execute(update(AccountRow).where(AccountRow.id == account_id)
                             .values(silenced_until=until))
            return bool(done.rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    # -- friends and blocks ------------------------------------------------------------------

    async def friend_links(self, account_id: int) -> FriendLinks:
        def read(s: Session) -> FriendLinks:
            def accounts(ids: list[int]) -> list[Account]:
                if not ids:
                    return []
                rows = s.scalars(select(AccountRow).where(AccountRow.id.in_(ids))
                                 .order_by(AccountRow.nickname_key)).all()
                return [self.to_account(r) for r in rows]

            mine = s.execute(select(FriendRow.friend_id, FriendRow.status)
                             .where(FriendRow.account_id == account_id)).all()
            incoming = s.scalars(select(FriendRow.account_id).where(
                FriendRow.friend_id == account_id, FriendRow.status == "requested")).all()
            blocked = s.scalars(select(BlockRow.blocked_id)
                                .where(BlockRow.account_id == account_id)).all()
            return FriendLinks(
                friends=accounts([f for f, st in mine if st == "friends"]),
                incoming=accounts(list(incoming)),
                outgoing=accounts([f for f, st in mine if st == "requested"]),
                blocked=accounts(list(blocked)))

        return await self._read(read)

    async def request_friend(self, account_id: int, friend_id: int) -> str:
        """``requested``, ``friends`` (he had asked too, or they were), or ``blocked``
        (he blocked the asker: nothing is stored, nothing said)."""
        def write(s: Session) -> str:
            if s.get(BlockRow, (friend_id, account_id)) is not None:
                return "blocked"
            mine = s.get(FriendRow, (account_id, friend_id))
            if mine is not None and mine.status == "friends":
                return "friends"
            theirs = s.get(FriendRow, (friend_id, account_id))
            if theirs is not None:  # he asked first: both agree
                theirs.status = "friends"
                if mine is None:
                    s.add(FriendRow(account_id=account_id, friend_id=friend_id,
                                    status="friends", at=now()))
                else:
                    mine.status = "friends"
                return "friends"
            if mine is None:
                s.add(FriendRow(account_id=account_id, friend_id=friend_id,
                                status="requested", at=now()))
            return "requested"

        return await self.journal.run(write)

    async def answer_friend(self, account_id: int, asker_id: int, accept: bool) -> bool:
        """False: ``asker_id`` asked nothing of ``account_id``."""
        def write(s: Session) -> bool:
            asked = s.get(FriendRow, (asker_id, account_id))
            if asked is None or asked.status != "requested":
                return False
            if accept:
                asked.status = "friends"
                s.merge(FriendRow(account_id=account_id, friend_id=asker_id,
                                  status="friends", at=now()))
            else:
                s.delete(asked)
            return True

        return await self.journal.run(write)

    async def unfriend(self, account_id: int, friend_id: int) -> None:
        await self.journal.run(lambda s: _drop_friendship(s, account_id, friend_id))

    async def set_block(self, account_id: int, blocked_id: int, on: bool) -> None:
        """Block (no friendship left either way, his chat muted) or unblock."""
        def write(s: Session) -> None:
            row = s.get(BlockRow, (account_id, blocked_id))
            if not on:
                if row is not None:
                    s.delete(row)
                return
            if row is None:
                s.add(BlockRow(account_id=account_id, blocked_id=blocked_id, at=now()))
            _drop_friendship(s, account_id, blocked_id)
            if s.get(MuteRow, (account_id, blocked_id)) is None:
                s.add(MuteRow(account_id=account_id, muted_id=blocked_id, at=now()))

        await self.journal.run(write)

    async def blocks(self, account_id: int, other_id: int) -> bool:
        """Whether ``account_id`` blocked ``other_id``."""
        def read(s: Session) -> bool:
            return s.get(BlockRow, (account_id, other_id)) is not None

        return await self._read(read)

    async def are_friends(self, account_id: int, other_id: int) -> bool:
        def read(s: Session) -> bool:
            row = s.get(FriendRow, (account_id, other_id))
            return row is not None and row.status == "friends"

        return await self._read(read)

    async def friend_ids(self, account_id: int) -> list[int]:
        def read(s: Session) -> list[int]:
            return list(s.scalars(select(FriendRow.friend_id).where(
                FriendRow.account_id == account_id, FriendRow.status == "friends")))

        return await self._read(read)


def _drop_friendship(s: Session, a: int, b: int) -> None:
    """No friendship (nor request) left between ``a`` and ``b``, either way."""
    s.execute(delete(FriendRow).where(
        ((FriendRow.account_id == a) & (FriendRow.friend_id == b))
        | ((FriendRow.account_id == b) & (FriendRow.friend_id == a))))
