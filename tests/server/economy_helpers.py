"""Helpers for the economy's in-process tests: requests as a player, admins, items."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from yuanzi.hall.economy.items import item_code
from yuanzi.hall.ports import Changes, Wallet
from yuanzi.store.models.accounts import Account as AccountRow
from yuanzi.store.models.economy import ItemUseRow


class As:
    """REST calls carrying one player's session cookie."""

    def __init__(self, client: TestClient, token: str) -> None:
        self.client = client
        self.token = token
        self.headers = {"cookie": f"yuanzi_session={token}"}

    def get(self, path: str, status: int = 200, **kw: Any) -> Any:
        r = self.client.get(path, headers=self.headers, **kw)
        assert r.status_code == status, r.text
        return r.json()

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        r = self.client.post(path, json=body, headers=self.headers)
        assert r.status_code == status, r.text
        return r.json()

    def put(self, path: str, body: dict[str, Any], status: int = 200) -> Any:
        r = self.client.put(path, json=body, headers=self.headers)
        assert r.status_code == status, r.text
        return r.json()

    def error(self, method: str, path: str, body: dict[str, Any] | None = None) -> str:
        r = self.client.request(method, path, json=body, headers=self.headers)
        assert r.status_code >= 400, r.text
        code: str = r.json()["error"]["code"]
        return code

    @property
    def me(self) -> dict[str, Any]:
        data: dict[str, Any] = self.get("/api/me")
        return data


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def make_admin(client: TestClient, account_id: int) -> None:
    with services(client).db.sessions.begin() as s:
        s.execute(update(AccountRow).where(AccountRow.id == account_id).values(role="admin"))


def give(client: TestClient, account_id: int, code: str, n: int = 1) -> None:
    """Put items or gems in an inventory (as a drop would), without moving coins."""
    def decide(wallets: dict[int, Wallet]) -> Changes:
        c = Changes()
        inv = wallets[account_id].inventory
        for _ in range(n):
            inv = inv.add(item_code(code))
        c.wallet(account_id).inventory = inv
        return c

    asyncio.run(services(client).db.economy.transact([account_id], decide))


def audit(client: TestClient) -> dict[str, Any]:
    return asyncio.run(services(client).hall.admin.ledger_audit()).model_dump()


def item_uses(client: TestClient, account_id: int) -> list[dict[str, Any]]:
    """The items an account used, as stored (oldest first)."""
    with services(client).db.sessions.begin() as s:
        rows = s.scalars(select(ItemUseRow).where(ItemUseRow.account_id == account_id)
                         .order_by(ItemUseRow.id)).all()
        return [{"item": r.item, "table_id": r.table_id, "game_id": r.game_id,
                 "detail": r.detail} for r in rows]
