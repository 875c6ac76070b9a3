"""``yuanzi loadtest`` itself: a short run against its own server process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yuanzi.cli import main
from yuanzi.loadtest.runner import run_load


def test_a_short_load_run_measures_and_finds_every_action_stored(tmp_path: Path) -> None:
    result = run_load(3, think=0.0, seconds=2.0, warmup=0.5, workdir=tmp_path,
                      until=lambda meter: meter.actions > 50)  # (however busy the machine)
    assert result.clients == 12 and result.errors == 0
    assert result.actions > 50 and result.actions_per_second > 0
    assert result.p50_ms is not None and result.p99_ms is not None
    assert result.p50_ms <= result.p95_ms <= result.p99_ms <= result.max_ms  # type: ignore[operator]
    assert result.stored_ok is True
    assert result.server_cpu_us_per_action is None or result.server_cpu_us_per_action > 0


def test_the_command_prints_json_and_refuses_other_hosts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["loadtest", "--tables", "2", "--think", "0", "--seconds", "1",
                 "--warmup", "0.5", "--json"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(line)["tables"] == 2
    assert main(["loadtest", "--url", "http://example.com", "--tables", "1"]) == 2
    assert main(["loadtest", "--tables", "5000"]) == 2


def test_the_anchor_is_driven_by_the_same_clients_and_stores_nothing(tmp_path: Path) -> None:
    result = run_load(2, think=0.0, seconds=1.5, warmup=0.5, workdir=tmp_path, anchor=True,
                      until=lambda meter: meter.actions > 20)
    assert result.server == "anchor" and result.clients == 8 and result.errors == 0
    assert result.actions > 20 and result.p99_ms is not None
    assert result.stored_ok is None  # nothing to check: the anchor keeps nothing
    with pytest.raises(ValueError, match="no --url"):
        run_load(1, url="http://127.0.0.1:9", anchor=True)


def test_compare_runs_hall_and_anchor_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["loadtest", "--tables", "2", "--think", "0", "--seconds", "2",
                 "--warmup", "0.5", "--compare", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["hall"]["server"] == "hall" and data["anchor"]["server"] == "anchor"
    assert data["hall"]["stored_ok"] is True
    hall_rate = data["hall"]["actions_per_second"]
    # (on a loaded machine the hall may not have dealt inside so short a window: then
    # there is no ratio, rather than a division by zero)
    expected = (round(data["anchor"]["actions_per_second"] / hall_rate, 2) if hall_rate
                else None)
    assert data["anchor_over_hall_actions"] == expected
    assert main(["loadtest", "--compare", "--url", "http://127.0.0.1:8000"]) == 2
    with pytest.raises(SystemExit):  # argparse: the two are exclusive
        main(["loadtest", "--compare", "--anchor"])


def test_a_server_that_does_not_come_up_in_time_is_not_left_running(tmp_path: Path) -> None:
    from yuanzi.devtools.processes import ServerProcess

    server = ServerProcess(tmp_path / "x.db", module=("yuanzi.loadtest.anchor",))
    with pytest.raises(RuntimeError, match="did not start"):
        server.start(timeout=0.01)  # no Python process answers in 10 ms
    assert server.proc is not None and server.proc.poll() is not None


def test_heuristic_players_finish_games_and_their_ends_are_timed(tmp_path: Path) -> None:
    """``--play heuristic``: the bot's moves, real tricks and games that end inside the
    window — the second deal and ``game_over`` (the settlement included) reach all four
    players and are timed; idle lobby clients hear the tables change."""
    result = run_load(4, think=0.0, seconds=3.0, warmup=0.5, workdir=tmp_path,
                      play="heuristic", lobby=3,
                      until=lambda m: bool(m.events["game_over"] and m.events["next_half"]))
    assert result.errors == 0 and result.stored_ok is True
    assert result.play == "heuristic" and result.lobby_clients == 3
    assert result.game_overs >= 1 and result.game_over_p99_ms is not None
    assert result.next_halves >= 1 and result.next_half_p99_ms is not None
    assert result.lobby_frames > 0  # each game's start and end changes its table's row
    assert result.load_average is not None and len(result.load_average) == 3
