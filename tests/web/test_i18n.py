"""The client's words (web/static/i18n/zh-CN.json and en.json, loaded by js/i18n.js):
every error code the hall can send (:class:`yuanzi.hall.errors.Code`) has its text in
zh-CN and in English, and the two dictionaries have the same keys and the same ``{name}``
slots — so no refusal ever shows a bare code, in either language. The files are served
as JSON, fetched before the first paint, and allowed by the page's CSP."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.app_client import app_client

from yuanzi.hall.errors import Code
from yuanzi.web import CSP, STATIC_DIR

I18N_DIR = STATIC_DIR / "i18n"
I18N_JS = STATIC_DIR / "js/i18n.js"
LANGS = ("zh-CN", "en")
SLOT = re.compile(r"\{(\w+)\}")
EMPTY_ON_PURPOSE = {"hand.none"}
"""Keys whose text is empty in both languages today (not shown by any view)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    assert not twice, f"a key twice: {twice}"
    return dict(pairs)


def load(lang: str) -> dict[str, str]:
    with (I18N_DIR / f"{lang}.json").open(encoding="utf-8") as f:
        words: dict[str, str] = json.load(f, object_pairs_hook=_no_duplicates)
    return words


def dictionaries() -> tuple[dict[str, str], dict[str, str]]:
    return load("zh-CN"), load("en")


def slots(text: str) -> set[str]:
    return set(SLOT.findall(text))


def singular(key: str, zh: dict[str, str]) -> bool:
    """English's singular form of a key (``key.one``: "1 card"), which Chinese does not need."""
    return key.endswith(".one") and key.removesuffix(".one") in zh


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
    assert set(zh) - set(en) == set()
    assert {k for k in en if not singular(k, zh)} == set(zh)


def test_every_value_is_a_text() -> None:
    for lang, words in zip(LANGS, dictionaries(), strict=True):
        for key, text in words.items():
            assert isinstance(text, str), f"{lang}: {key} is not a text"
            if key not in EMPTY_ON_PURPOSE:
                assert text.strip(), f"{lang}: {key} is empty"


def test_both_languages_fill_the_same_slots() -> None:
    """``{name}`` slots are the same in both languages; a singular form has its plural's
    slots but ``{n}`` (it says "1")."""
    zh, en = dictionaries()
    for key, text in zh.items():
        assert slots(text) == slots(en[key]), f"{key}: {slots(text)} vs {slots(en[key])}"
    for key, text in en.items():
        if singular(key, zh):
            assert slots(text) <= slots(en[key.removesuffix(".one")]) - {"n"}, key


def test_i18n_js_fetches_the_files_and_holds_no_words() -> None:
    """The words live only in the JSON files; i18n.js fetches them (a top-level await, so
    the modules importing it wait and the first paint is in words), and the page preloads
    them."""
    js = I18N_JS.read_text()
    assert "const zh = {" not in js and "const en = {" not in js and "'app.name'" not in js
    assert "await Promise.all([load('zh-CN'), load('en')])" in js
    assert "new URL(`../i18n/${name}.json`, import.meta.url)" in js
    page = (STATIC_DIR / "index.html").read_text()
    for lang in LANGS:
        assert (f'<link rel="preload" href="/static/i18n/{lang}.json" as="fetch" '
                f'type="application/json" crossorigin>') in page
    assert sorted(p.stem for p in I18N_DIR.iterdir()) == sorted(LANGS)


def test_the_page_may_fetch_its_own_files() -> None:
    policy = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert policy["connect-src"] == "'self'" and policy["default-src"] == "'self'"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


@pytest.mark.parametrize("lang", LANGS)
def test_the_files_are_served_as_json(client: TestClient, lang: str) -> None:
    r = client.get(f"/static/i18n/{lang}.json")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    assert r.headers["cache-control"] == "no-cache"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.json() == load(lang)
    again = client.get(f"/static/i18n/{lang}.json", headers={"if-none-match": r.headers["etag"]})
    assert again.status_code == 304


def test_every_ledger_reason_has_its_words_on_the_admin_desk() -> None:
    """The admin's desk shows a player's ledger lines by their reason, in words."""
    from yuanzi.hall.economy.ledger import Reason

    for lang in LANGS:
        words = load(lang)
        assert [r.value for r in Reason if f"admin.reason_{r.value}" not in words] == [], lang
