"""The hall's signature over a record (issue 54, yuanzi/signing.py and
hall/record_seal.py): the canonical form the browser writes too (tests/js/records.test.js
pins the same text), a signature that holds only over the record as signed, the key the
caller names, and the hall's one key made once, kept in the store and published."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from yuanzi.hall.record_seal import KEY_NAME, RecordSeal
from yuanzi.signing import (
    NotCanonical,
    canonical,
    check,
    load_key,
    new_key_text,
    parse_key,
    public_text,
    sign,
)

KEY = Ed25519PrivateKey.generate()


def test_the_canonical_form_is_the_browsers() -> None:
    assert canonical({"b": [1, "x"], "a": None, "é": True, "e": -0, "😀": 2, "\uffff": 3}) \
        == '{"a":null,"b":[1,"x"],"e":0,"é":true,"\uffff":3,"😀":2}'.encode()
    assert canonical({"t": '"\\\n\u0001'}) == b'{"t":"\\"\\\\\\n\\u0001"}'
    assert canonical({"n": 2.0}) == b'{"n":2}'  # (as a browser reads 2.0)
    for bad in ({"x": 1.5}, {"x": 2**53}, {"x": "\ud800"}, {1: 2}, {"x": {1, 2}}):
        with pytest.raises(NotCanonical):
            canonical(bad)


def test_a_signature_holds_over_the_record_as_signed_only() -> None:
    record = {"format": "yuanzi-record/1", "halves": [{"actions": [[0, "3S"]]}]}
    signed = sign(record, KEY)
    assert "signature" not in record  # (a new dict)
    assert check(signed).code is None and check(signed).key == public_text(KEY)
    assert check(signed, public_text(KEY)).code is None
    assert check(sign(signed, KEY)) == check(signed)  # (signed again: one signature)
    assert check(record).code == "unsigned"
    other = public_text(Ed25519PrivateKey.generate())
    assert check(signed, other).code == "signature"
    cut = {**signed, "halves": [{"actions": []}]}
    assert check(cut).code == "signature"
    assert "changed after" in (check(cut).problem or "")


def test_a_key_is_named_as_the_hall_publishes_it() -> None:
    text = public_text(KEY)
    assert parse_key(f" {text}\n") == text
    for bad in ("", "x" * 42, text + "A", text[:-1] + "="):
        with pytest.raises(ValueError):
            parse_key(bad)
    assert public_text(load_key(new_key_text())) != text


class Keys:
    """The store's ``hall_key``: made once by ``make``, kept by name."""

    def __init__(self) -> None:
        self.kept: dict[str, str] = {}
        self.asked = 0

    async def hall_key(self, name: str, make: Callable[[], str]) -> str:
        self.asked += 1
        await asyncio.sleep(0)
        return self.kept.setdefault(name, make())


def test_the_hall_signs_with_one_key_kept_in_the_store() -> None:
    async def run() -> None:
        keys = Keys()
        seal = RecordSeal(keys)
        record = {"halves": [{"actions": [[0, "3S"]]}]}
        signed, _ = await asyncio.gather(seal.sign(record, 7), seal.sign(record, 7))
        assert keys.asked == 1 and list(keys.kept) == [KEY_NAME]  # (asked once, at once)
        published = await seal.published()
        assert published["alg"] == "Ed25519"
        assert check(signed, published["key"]).code is None
        assert await seal.sign(record, 7) is await seal.sign(record, 7)  # (kept by game)
        longer = {"halves": [{"actions": [[0, "3S"], [1, "pass"]]}]}
        assert check(await seal.sign(longer, 7), published["key"]).code is None
        assert (await seal.sign(longer, 7))["halves"] == longer["halves"]
        other = RecordSeal(keys)  # another node: the same hall's key
        assert (await other.published()) == published

    asyncio.run(run())
