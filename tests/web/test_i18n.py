"""The client's words (web/static/js/i18n.js): every error code the hall can send
(:class:`yuanzi.hall.errors.Code`) has its text in zh-CN and in English, and the two
dictionaries have the same keys — so no refusal ever shows a bare code, in either
language."""

from __future__ import annotations

import re
from pathlib import Path

from yuanzi.hall.errors import Code

I18N = Path(__file__).resolve().parents[2] / "src/yuanzi/web/static/js/i18n.js"
KEY = re.compile(r"^\s*'([a-z0-9_.]+)':|,\s*'([a-z0-9_.]+)':", re.M)


def keys(section: str) -> set[str]:
    return {a or b for a, b in KEY.findall(section)}


def dictionaries() -> tuple[set[str], set[str]]:
    text = I18N.read_text()
    zh = text[text.index("const zh = {"):text.index("const en = {")]
    en = text[text.index("const en = {"):text.index("export const DICTS")]
    return keys(zh), keys(en)


def test_every_error_code_has_a_text_in_both_languages() -> None:
    zh, en = dictionaries()
    for code in Code:
        assert f"err.{code.value}" in zh, f"no zh-CN text for {code.value}"
        assert f"err.{code.value}" in en, f"no English text for {code.value}"


def test_both_languages_have_the_same_words() -> None:
    """The same keys, but for English's singular forms (``key.one``: "1 card"), which
    Chinese does not need."""
    zh, en = dictionaries()
    assert len(zh) > 300
    singular = {k for k in en if k.endswith(".one") and k.removesuffix(".one") in zh}
    assert zh - en == set() and en - singular - zh == set()
