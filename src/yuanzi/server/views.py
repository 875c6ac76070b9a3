"""Domain values in their wire form."""

from __future__ import annotations

from yuanzi.hall.events import AccountView
from yuanzi.hall.models import Account


def account_view(account: Account) -> AccountView:
    return AccountView(id=account.id, nickname=account.nickname, role=account.role,
                       score=account.ladder_score, level=account.level, title=account.title,
                       coins=account.coins, title_en=account.title_en)
