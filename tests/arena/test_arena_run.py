"""Arena runs: duplicate deals, the report, saved records, worker processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yuanzi.arena.match import play_game
from yuanzi.arena.run import merge_logs, run_arena
from yuanzi.engine import Record, replay


def test_a_bot_against_itself_on_duplicate_deals_wins_exactly_half() -> None:
    # Both games of a pair are the same game with the names swapped: one win each.
    for bot in ("heuristic", "random"):
        report = run_arena(bot, bot, 20, seed=3)
        assert report.games == 20
        assert report.win_rate == 0.5
        lo, hi = report.ci95
        assert lo < 0.5 < hi
        assert report.a.points_per_half == report.b.points_per_half
        assert report.a.double_wins == report.b.double_wins


def test_heuristic_beats_random_and_the_report_says_so() -> None:
    report = run_arena("heuristic", "random", 20, seed=1)
    assert report.win_rate >= 0.95
    data = report.to_dict()
    assert {"games", "win_rate", "ci95", "decision_ms"} <= set(data)
    assert set(data["decision_ms"]) == {"heuristic", "random"}
    assert {"mean", "p95"} <= set(data["decision_ms"]["heuristic"])
    assert data["a"]["points_per_half"] + data["b"]["points_per_half"] == 300
    assert "heuristic wins" in report.text()


def test_duplicate_games_share_the_first_deal_with_seats_swapped() -> None:
    ns = play_game("heuristic", "random", 4, 0, seed=9, keep_record=True)
    ew = play_game("heuristic", "random", 4, 1, seed=9, keep_record=True)
    assert ns.record is not None and ew.record is not None
    assert ns.record.halves[0].hands == ew.record.halves[0].hands
    assert (ns.a_team, ew.a_team) == (0, 1)


def test_saved_records_replay_to_the_reported_results(tmp_path: Path) -> None:
    report = run_arena("heuristic", "random", 4, seed=2, save=tmp_path)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == report.games == 4
    wins = 0
    for f in files:
        game = replay(Record.from_json(json.loads(f.read_text(encoding="utf-8"))))
        assert game.result is not None
        a_team = 0 if f.stem.endswith("-a-ns") else 1
        wins += game.result.winner == a_team
    assert wins == report.a.wins


def test_worker_processes_give_the_same_report() -> None:
    one = run_arena("heuristic", "random", 6, seed=5, jobs=1).to_dict()
    two = run_arena("heuristic", "random", 6, seed=5, jobs=2).to_dict()
    for d in (one, two):
        for side in ("a", "b"):
            d[side].pop("decision_ms")
        d.pop("decision_ms")
    assert one == two


def test_progress_is_reported_after_every_pair() -> None:
    seen: list[tuple[int, int]] = []
    run_arena("random", "random", 5, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 6), (4, 6), (6, 6)]


def test_a_run_played_in_parts_merges_to_the_whole_run(tmp_path: Path) -> None:
    whole = run_arena("heuristic", "random", 8, seed=4).to_dict()
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    run_arena("heuristic", "random", 4, seed=4, log=first)
    run_arena("heuristic", "random", 4, seed=4, first_deal=2, log=second)
    merged = merge_logs([first, second]).to_dict()
    for d in (whole, merged):  # times differ from run to run; everything else may not
        d.pop("decision_ms")
        for side in ("a", "b"):
            d[side].pop("decision_ms")
    assert merged == whole


def test_merging_refuses_a_deal_twice_or_two_different_runs(tmp_path: Path) -> None:
    first, other = tmp_path / "first.jsonl", tmp_path / "other.jsonl"
    run_arena("heuristic", "random", 2, seed=4, log=first)
    with pytest.raises(ValueError, match="played twice"):
        merge_logs([first, first])
    run_arena("heuristic", "random", 2, seed=5, first_deal=1, log=other)
    with pytest.raises(ValueError, match="different runs"):
        merge_logs([first, other])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not an arena game line"):
        merge_logs([bad])
