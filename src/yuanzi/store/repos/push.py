"""Web Push's keeping (issue 47): the hall's VAPID key, made once by whichever node needs
it first, and the players' subscriptions."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from yuanzi.hall.desk_ports import PushSubscription
from yuanzi.store.models.push import HallKeyRow, PushSubscriptionRow
from yuanzi.store.repos.base import Repo, now


def _subscription(row: PushSubscriptionRow) -> PushSubscription:
    return PushSubscription(row.account_id, row.endpoint, row.p256dh, row.auth,
                            tuple(row.kinds or ()), row.lang)


class PushRepo(Repo):
    async def hall_key(self, name: str, make: Callable[[], str]) -> str:
        """The key ``name``; made with ``make`` when there is none — two nodes making it
        at once keep the first stored (the other's insert fails, and it reads)."""
        def read(s: Session) -> str | None:
            row = s.get(HallKeyRow, name)
            return None if row is None else row.value

        found = await self._read(read)
        if found is not None:
            return found

        def write(s: Session) -> None:
            s.add(HallKeyRow(name=name, value=make(), created_at=now()))

        with contextlib.suppress(IntegrityError):  # (another node made it first)
            await self.journal.run(write)
        made = await self._read(read)
        assert made is not None
        return made

    async def save_subscription(self, subscription: PushSubscription, login: str | None,
                                keep: int) -> None:
        """This browser's subscription, made in ``login``; its account keeps its ``keep``
        newest (an older one beyond is forgotten in the same write: issue 54)."""
        def write(s: Session) -> None:
            row = s.scalar(select(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint == subscription.endpoint))
            if row is None:
                row = PushSubscriptionRow(endpoint=subscription.endpoint)
                s.add(row)
            row.account_id = subscription.account_id
            row.p256dh = subscription.p256dh
            row.auth = subscription.auth
            row.kinds = list(subscription.kinds)
            row.lang = subscription.lang
            row.login = login
            row.created_at = now()  # (subscribed again: the newest)
            s.flush()
            older = s.scalars(select(PushSubscriptionRow.id).where(
                PushSubscriptionRow.account_id == subscription.account_id)
                .order_by(PushSubscriptionRow.created_at.desc(), PushSubscriptionRow.id.desc())
                .offset(keep)).all()
            if older:
                s.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id.in_(older)))

        await self.journal.run(write)

    async def drop_login_subscriptions(self, login: str) -> int:
        """Forget the subscriptions made in a login that ended (its browser takes no more
        of that account's pushes)."""
        def write(s: Session) -> int:
            return int(s.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.login == login)).rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    async def drop_subscription(self, endpoint: str, account_id: int | None = None) -> bool:
        """Forget a subscription (its own account's, when ``account_id`` is given)."""
        def write(s: Session) -> bool:
            query = delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint)
            if account_id is not None:
                query = query.where(PushSubscriptionRow.account_id == account_id)
            return bool(s.execute(query).rowcount)  # type: ignore[attr-defined]

        return await self.journal.run(write)

    async def subscriptions_of(self, account_ids: Sequence[int]) -> list[PushSubscription]:
        def read(s: Session) -> list[PushSubscription]:
            rows = s.scalars(select(PushSubscriptionRow).where(
                PushSubscriptionRow.account_id.in_(list(account_ids)))
                .order_by(PushSubscriptionRow.id))
            return [_subscription(r) for r in rows]

        return await self._read(read)
