"""``yuanzi play`` driven by scripted input, and the input parser it relies on."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from yuanzi.engine import Record, parse_cards, replay
from yuanzi.engine.cards import sort_hand
from yuanzi.tui.colour import PLAIN
from yuanzi.tui.play import Session, Setup
from yuanzi.tui.selection import Command, SelectionError, parse_input


class Typist:
    """Scripted input: the given lines first, then a plain player who leads the first card
    of the hand (always a legal single) and otherwise passes."""

    def __init__(self, out: io.StringIO, script: Iterable[str],
                 finish: str | list[str] = "") -> None:
        self.out = out
        self.script = list(script)
        self.finish = [finish] if isinstance(finish, str) else list(finish)
        """Answers to the questions after the game, in order (the last one repeats)."""
        self.prompts: list[str] = []

    def readline(self) -> str:
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        self.prompts.append(prompt)
        if self.script:
            return self.script.pop(0) + "\n"
        if prompt.startswith("Your lead"):
            return "#1\n"
        if prompt.startswith("Your play"):
            return "pass\n"
        return (self.finish.pop(0) if len(self.finish) > 1 else self.finish[0]) + "\n"


def play(script: Iterable[str], finish: str | list[str] = "", seed: int = 4,
         save: Path | None = None) -> tuple[int, str, Typist]:
    out = io.StringIO()
    typist = Typist(out, script, finish)
    code = Session(Setup(seed=seed, save=save), typist, out, PLAIN).run()
    return code, out.getvalue(), typist


def test_a_scripted_player_finishes_a_game_and_saves_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, typist = play([], finish=str(path))
    assert code == 0
    assert "Result:" in out and "finishing order" in out
    assert any(p.startswith("Save the game record?") for p in typist.prompts)
    record = Record.from_json(json.loads(path.read_text(encoding="utf-8")))
    game = replay(record)
    assert game.result is not None
    assert f"Record saved to {path}" in out


def test_the_save_prompt_refuses_game_words_and_existing_files(tmp_path: Path) -> None:
    taken = tmp_path / "taken.json"
    taken.write_text("keep me", encoding="utf-8")
    path = tmp_path / "game.json"
    code, out, typist = play([], finish=["pass", str(taken), str(path)], seed=5)
    assert code == 0
    assert "'pass' is a game word, not a file name" in out
    assert f"{taken} already exists" in out
    assert taken.read_text(encoding="utf-8") == "keep me"
    assert not (tmp_path / "pass").exists() and not Path("pass").exists()
    assert sum(p.startswith("Save the game record?") for p in typist.prompts) == 3
    assert replay(Record.loads(path.read_text(encoding="utf-8"))).result is not None


def test_yes_saves_under_a_default_name_and_no_saves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    play([], finish="n", seed=5)
    assert list(tmp_path.iterdir()) == []
    code, out, _ = play([], finish="y", seed=5)
    assert code == 0 and "Record saved to yuanzi-seed5.json" in out
    assert replay(Record.loads((tmp_path / "yuanzi-seed5.json").read_text())).result is not None


def test_the_display_shows_blade_hand_seats_trick_and_teams() -> None:
    _, out, _ = play([], seed=5)
    first_turn = out.split("Your ")[0]
    assert "blade card" in first_turn and "blade rank" in first_turn
    for label in ("Partner", "East", "West", "You", "cards", "won", "Teams: NS", "Trick:",
                  "Your hand"):
        assert label in out
    assert re.search(r"^\s+1\s+2\s+3", out, re.M)  # positions under the hand


def test_wrong_inputs_are_explained_and_asked_again() -> None:
    code, out, typist = play(["", "xx", "#99", "#1 #1", "help", "hint", "quit"], seed=4)
    assert code == 1
    assert "type cards" in out
    assert "'xx' is not a card" in out
    assert "no card at position 99" in out
    assert "position 1 is given twice" in out
    assert "How to play" in out
    assert "Hint:" in out
    assert "You left the game" in out
    assert len(typist.prompts) == 7


class Leader(Typist):
    """At its first lead: tries to pass, then plays its first and last cards (two ranks)."""

    leads = 0

    def readline(self) -> str:
        text = self.out.getvalue()
        prompt = text.rsplit("\n", 1)[-1]
        if prompt.startswith("Your lead"):
            self.leads += 1
            if self.leads > 2:
                return "quit\n"
            if self.leads == 1:
                return "pass\n"
            held = re.findall(r"S You\s+cards\s+(\d+)", text)[-1]
            return f"#1 #{held}\n"
        return super().readline()


def test_a_leader_may_not_pass_and_an_illegal_play_names_its_reason() -> None:
    out = io.StringIO()
    leader = Leader(out, [])
    assert Session(Setup(seed=7), leader, out, PLAIN).run() == 1
    text = out.getvalue()
    assert "You lead this trick: you must play (R24)." in text
    assert "Not allowed: invalid:" in text and "is not one rank" in text


def hand(text: str) -> list[int]:
    return list(parse_cards(text))


def test_notation_and_bare_ranks_pick_cards_of_the_hand() -> None:
    h = hand("QS QS QS QH QD 7S 7S BJ 10H")
    assert parse_input("7s 7s", h, 12) == tuple(parse_cards("7S 7S"))
    assert parse_input("th", h, 12) == tuple(parse_cards("10H"))
    assert parse_input("bj q q", h, 12) == tuple(parse_cards("BJ QH QD"))  # keeps the atom
    three = parse_input("q q q", h, 12)
    assert isinstance(three, tuple) and sorted(three) != sorted(parse_cards("QS QS QS"))
    assert parse_input("Q", hand("QS QS QS"), 12) == tuple(parse_cards("QS"))
    assert parse_input("pass", h, 12) == Command("pass")
    assert parse_input("hint", h, 12) == Command("hint")


def test_positions_follow_the_displayed_order() -> None:
    h = hand("3S 2H BJ 7C")
    blade = 4  # 7 is the blade
    shown = sort_hand(h, blade)
    assert parse_input("#1 #2", h, blade) == (shown[0], shown[1])
    assert parse_input("#2-4", h, blade) == tuple(shown[1:4])
    assert parse_input("#1 3 4", h, blade) == (shown[0], shown[2], shown[3])


@pytest.mark.parametrize(("text", "reason"), [
    ("7s 7s 7s", "you do not hold another 7S"),
    ("k", "you hold 0 free cards of rank K, not 1"),
    ("q q q q", "not 4"),
    ("#0", "no card at position 0"),
    ("#x", "is not a position"),
    ("zz", "'zz' is not a card"),
])
def test_bad_selections_say_why(text: str, reason: str) -> None:
    with pytest.raises(SelectionError, match=re.escape(reason)):
        parse_input(text, hand("7S 7S QH QD QC"), 12)


def test_the_end_says_whether_your_team_won_and_a_bad_save_path_is_reported(
        tmp_path: Path) -> None:
    code, out, _ = play([], finish=str(tmp_path / "missing" / "dir" / "game.json"), seed=6)
    assert code == 0
    assert "Your team wins!" in out or "Your team loses." in out
    assert "Could not save the record" in out


def test_the_play_command_runs_on_stdin(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from yuanzi.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert main(["play", "--seed", "3", "--seat", "N"]) == 1
    out = capsys.readouterr().out
    assert "you sit N" in out and "How to play" in out
