"""``yuanzi watch``: one seeded game of bots, narrated trick by trick, fast."""

from __future__ import annotations

import re
import time

import pytest

from yuanzi.cli import main

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_watch_prints_a_whole_game_and_its_result_quickly(
        capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    assert main(["watch", "--seed", "3"]) == 0
    assert time.perf_counter() - start < 30  # ~1 s here; only a gross regression fails
    out = capsys.readouterr().out
    assert "══ Half 1 ══" in out and "blade card" in out
    assert re.search(r"^\s+1\. ", out, re.M)  # the first trick
    assert "Result:" in out and ("wins" in out or "draw" in out)
    assert "finishing order" in out and "points: NS" in out
    assert not ANSI.search(out)  # not a terminal: no colour codes


def test_watch_is_the_same_game_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["watch", "--seed", "8"])
    first = capsys.readouterr().out
    main(["watch", "--seed", "8"])
    assert capsys.readouterr().out == first
    main(["watch", "--seed", "9"])
    assert capsys.readouterr().out != first


def test_watch_takes_four_bots_and_colour_on_request(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(["watch", "--seed", "2", "--bots", "heuristic,random,heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "(random)" in out and "(heuristic)" in out
    assert main(["watch", "--bots", "heuristic,random"]) == 2
    assert "four" in capsys.readouterr().err
    assert main(["watch", "--bots", "nobody"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_no_color_wins_over_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from yuanzi.tui.colour import palette_for

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert palette_for(Tty()).enabled
    monkeypatch.setenv("NO_COLOR", "1")
    assert not palette_for(Tty()).enabled
    assert not palette_for(io.StringIO()).enabled


def test_long_tricks_wrap_under_their_number() -> None:
    from yuanzi.tui.narrate import visible_len, wrap

    parts = [f"S {'7♠ ' * 5}".strip() for _ in range(12)]
    lines = wrap(parts, " 12. ", 60, tail="\x1b[1mNorth\x1b[0m takes 10 pts")
    assert len(lines) > 2
    assert lines[0].startswith(" 12. S 7♠") and all(ln.startswith("     ") for ln in lines[1:])
    assert all(visible_len(ln) <= 60 for ln in lines)
    assert lines[-1].endswith("takes 10 pts")
