"""Nickname and password rules, with the rule named in each refusal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.names.nicknames import RESERVED, check_nickname, check_password, nickname_key


@pytest.mark.parametrize("name", ["ab", "小明", "Player_1", "a-b·c", "x" * 16, "７７"])
def test_good_nicknames(name: str) -> None:
    assert check_nickname(f"  {name} ")


@pytest.mark.parametrize(("name", "why"), [
    ("a", "2 to 16"), ("x" * 17, "2 to 16"), ("a b", "not ' '"), ("a<b", "not '<'"),
    ("-ab", "starts with"), ("Admin", "reserved"), ("", "2 to 16"),
    ("阿福", "hall's bots"), ("XIAOTAO", "hall's bots"),  # (issue 45: a bot's name)
])
def test_bad_nicknames_say_why(name: str, why: str) -> None:
    with pytest.raises(HallError) as e:
        check_nickname(name)
    assert e.value.code == Code.BAD_NICKNAME and why in e.value.message


def test_names_differing_only_by_case_or_width_are_one_name() -> None:
    assert nickname_key("Alice") == nickname_key("ALICE") == nickname_key("ａｌｉｃｅ")


def test_password_length() -> None:
    check_password("tea-house-27")
    for bad in ("1234567", "x" * 129):
        with pytest.raises(HallError) as e:
            check_password(bad)
        assert e.value.code == Code.BAD_PASSWORD


@pytest.mark.parametrize("weak", ["password", "password1", "12345678", " " * 8, "qwertyuiop",
                                  "abcdefgh", "iloveyou1", "alice2024"])
def test_common_and_guessable_passwords_are_refused(weak: str) -> None:
    """Issue 14, item 10; the reason is said (the client has its own text for the code)."""
    with pytest.raises(HallError) as e:
        check_password(weak, "alice")
    assert e.value.code == Code.WEAK_PASSWORD and "stronger" in e.value.message


def test_a_password_long_beyond_zxcvbns_limit_is_judged_by_its_start() -> None:
    check_password("tea-house-27" * 10)
    with pytest.raises(HallError):
        check_password("a" * 128)


def test_the_login_screen_knows_the_same_reserved_names() -> None:
    """The client refuses a reserved name before asking (views/login.js): its list is the
    hall's, so that it never refuses a name the hall allows or lets one through."""
    login = Path(__file__).resolve().parents[3] / "src/yuanzi/web/static/js/views/login.js"
    found = re.search(r"const RESERVED = \[([^\]]*)\]", login.read_text())
    assert found is not None
    assert set(re.findall(r"'([^']*)'", found.group(1))) == set(RESERVED)
