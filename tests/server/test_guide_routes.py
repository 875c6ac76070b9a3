"""GET /api/guide: the rules guide's data, public (no session), exactly yuanzi.guide's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from yuanzi.guide import guide_data


def test_the_guide_is_public_and_is_the_engines(client: TestClient) -> None:
    r = client.get("/api/guide")  # no session cookie
    assert r.status_code == 200
    body = r.json()
    assert body == guide_data()
    assert body["blade"] == "7"
    assert {c["kind"] for c in body["combinations"]} >= {
        "single", "pair", "triple", "bomb", "atom", "hydrogen", "invalid"}
