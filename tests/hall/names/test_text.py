"""Names and free text (issue 14, item 9): normalised, and never holding control, format
or invisible characters; free text keeps emoji and Chinese punctuation."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, strategies as st

from yuanzi.hall.errors import HallError
from yuanzi.hall.names.nicknames import check_nickname
from yuanzi.hall.names.text import (
    BIDI_CONTROLS,
    INVISIBLE,
    BadText,
    clean_free_text,
    clean_name,
    refused,
)
from yuanzi.hall.table.options import table_name


@pytest.mark.parametrize("raw", ["a\x00b", "ding\x07", "evil\u202egnp.exe", "\u200b\u200b",
                                 "\u3164\u3164", "\u2066x", "\ue000", "\u2800"])
def test_names_with_control_format_or_invisible_characters_are_refused(raw: str) -> None:
    with pytest.raises(BadText):
        clean_name(raw)
    with pytest.raises(HallError) as e:
        table_name(raw)
    assert e.value.code.value == "bad_options"
    with pytest.raises(HallError) as e:
        check_nickname(raw + "ab")
    assert e.value.code.value == "bad_nickname"


def test_names_are_normalised() -> None:
    assert clean_name("  ｔｅａ   house\u2028 ") == "tea house"  # NFKC and one space
    assert table_name("老王的 桌") == "老王的 桌"
    assert check_nickname("ｂｏｂ") == "bob"


def test_free_text_keeps_emoji_and_chinese_punctuation() -> None:
    text = "打得好！👍🏽 👨\u200d👩\u200d👧 ❤\ufe0f，再来一局？"
    assert clean_free_text(text) == text
    assert clean_free_text("a\u202eb\x00c\nd") == "abc d"


@given(st.text())
def test_a_clean_name_holds_nothing_refused(raw: str) -> None:
    try:
        name = clean_name(raw)
    except BadText:
        return
    assert not any(refused(ch) for ch in name) and name == name.strip()


@given(st.text())
def test_free_text_holds_no_control_or_bidi_character(raw: str) -> None:
    out = clean_free_text(raw)
    assert not any(ch in BIDI_CONTROLS or ord(ch) < 32 or ch == "\x7f" for ch in out)


@pytest.mark.parametrize(("raw", "shown"), [
    ("b\u200bad", "bad"), ("f\u200du\u200cc\u2060k", "fuck"), ("a\u3164b", "ab"),
    ("x\U000e0041y", "xy"), ("pr\ue000iv", "priv"), ("b\ufe0fad", "bad"),
    ("a\u00adb\ufeffc\u034fd", "abcd"), ("\U000f0000x", "x"), ("\u2800bad", "bad")])
def test_free_text_drops_what_is_drawn_as_nothing_inside_a_word(raw: str, shown: str) -> None:
    """Issue 27: zero-width characters, fillers, tag and private-use characters and
    stray variation selectors let a word through a filter unseen."""
    assert clean_free_text(raw) == shown


@given(st.text())
def test_free_text_keeps_a_joiner_or_selector_only_within_an_emoji(raw: str) -> None:
    out = clean_free_text(raw)
    for i, ch in enumerate(out):
        category = unicodedata.category(ch)
        assert category not in ("Co", "Cn", "Cs") and ch not in INVISIBLE
        if category == "Cf":
            assert ch == "\u200d" and 0 < i < len(out) - 1, (raw, out)
            assert unicodedata.category(out[i + 1]) in ("So", "Sk") or ord(out[i + 1]) >= 0x1F000
