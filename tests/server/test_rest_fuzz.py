"""The REST API fuzzed from its own OpenAPI schema (schemathesis) against a real server
(issue 14): no answer is a 5xx, and every refusal has the documented error shape. A bounded
run here; ``make slow`` tries many more cases."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from tests.e2e.conftest import FAST_ENV

from yuanzi.devtools.processes import ServerProcess
from yuanzi.loadtest.client import register

EXAMPLES = 200 if os.environ.get("YUANZI_SLOW_FUZZ") else 12


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    server = ServerProcess(Path(tmp_path_factory.mktemp("fuzz")) / "hall.db",
                           env={**FAST_ENV, "YUANZI_LOBBY_READS": "100000",
                                "YUANZI_LOGIN_PER_ACCOUNT": "100000"})
    server.start()
    try:
        yield server, register(server.base, "fuzzer")
    finally:
        server.stop()


@pytest.fixture(scope="module")
def api(hall: tuple[ServerProcess, str]) -> Any:
    server, _ = hall
    schema = schemathesis.openapi.from_url(server.base + "/openapi.json")
    return schema.exclude(path="/api/logout")  # it would end the fuzzer's own session


def test_no_answer_is_a_server_error_and_refusals_have_the_shape(
        hall: tuple[ServerProcess, str], api: Any) -> None:
    _, token = hall
    tried = []
    calls: list[int] = []
    for result in api.get_all_operations():
        operation = result.ok()
        tried.append(f"{operation.method.upper()} {operation.path}")

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck), derandomize=True)
        def check(case: Any) -> None:
            response = case.call(headers={"cookie": f"yuanzi_session={token}"})
            calls.append(response.status_code)
            assert response.status_code < 500, (case.method, case.formatted_path,
                                                response.text)
            if response.status_code >= 400:
                body = response.json()
                assert set(body) == {"error"}, response.text
                assert isinstance(body["error"]["code"], str), response.text
                assert isinstance(body["error"]["message"], str), response.text

        check()
    assert len(calls) >= len(tried) and any(c < 300 for c in calls)
    assert len(tried) >= 25 and "POST /api/shop/buy" in tried
