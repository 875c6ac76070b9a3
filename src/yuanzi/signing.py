"""The hall's signature over every record it gives out (issue 54): who wrote a record, and
that nobody changed it since.

Fairness fields prove a deal was not chosen; they cannot prove the record is the hall's
as it was given out — cut its last plays and say "abandoned", drop a half, and every
remaining check still holds. So the hall signs each record it gives out with an Ed25519
key it publishes (``GET /api/records/key``), and ``yuanzi verify``, the judge and the
browser's replay viewer check that signature right after the record's shape
(:data:`yuanzi.engine.verify.ORDER`). The engine imports nothing outside the standard
library; this module is where ``cryptography`` (no crypto of our own) meets records.

The signed bytes are the record's :func:`canonical` form without its ``signature``:
JSON with its object keys sorted by code point, no whitespace, UTF-8 (nothing escaped but
what JSON must: ``"``, ``\\``, and the control characters, ``\\b \\f \\n \\r \\t`` by name and
the rest as ``\\u00xx``), integers only (within ±(2^53 − 1), what a browser reads exactly)
and no unpaired surrogate. ``web/static/js/signing.js`` writes the very same bytes.
The signature sits at the record's top: ``{"alg": "Ed25519", "key", "sig"}``, the key's
32 raw bytes and the signature's 64 in base64url without padding.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from yuanzi.engine.verify import Verdict, verify

ALG = "Ed25519"
FIELD = "signature"
SAFE = 2**53 - 1
"""The largest integer a browser reads exactly: no record holds a larger one."""
KEY_TEXT = re.compile(r"[A-Za-z0-9_-]{43}")
"""A public key: 32 bytes of base64url without padding."""
SIG_TEXT = re.compile(r"[A-Za-z0-9_-]{86}")
"""A signature: 64 bytes of base64url without padding."""
_SURROGATE = re.compile("[\ud800-\udfff]")


class NotCanonical(ValueError):
    """A value with no canonical form (a fraction, a huge number, an unpaired surrogate)."""


def _plain(value: Any) -> Any:
    """``value`` as a browser reads it (a whole number written ``2.0`` is ``2``), or
    :class:`NotCanonical` saying why it has no canonical form."""
    if value is None or isinstance(value, bool | str):
        if isinstance(value, str) and _SURROGATE.search(value):
            raise NotCanonical("text with an unpaired surrogate")
        return value
    if isinstance(value, float):
        if not value.is_integer():
            raise NotCanonical(f"a number that is not an integer: {value!r:.20}")
        value = int(value)
    if isinstance(value, int):
        if not -SAFE <= value <= SAFE:
            raise NotCanonical("an integer beyond ±(2^53 − 1)")
        return value
    if isinstance(value, list | tuple):
        return [_plain(x) for x in value]
    if isinstance(value, dict):
        for k in value:
            if not isinstance(k, str):
                raise NotCanonical(f"an object key that is not text: {k!r:.20}")
            _plain(k)
        return {k: _plain(x) for k, x in value.items()}
    raise NotCanonical(f"not JSON: {type(value).__name__}")


def canonical(value: Any) -> bytes:
    """The canonical JSON of ``value`` as UTF-8 (the module's docstring says it exactly),
    or :class:`NotCanonical` saying why it has none."""
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False).encode("utf-8")


def body_of(record: dict[str, Any]) -> dict[str, Any]:
    """What the signature covers: the record without its ``signature``."""
    return {k: v for k, v in record.items() if k != FIELD}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key_text() -> str:
    """A new private key, as the store keeps it (PKCS #8 PEM)."""
    return Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()).decode("ascii")


def load_key(text: str) -> Ed25519PrivateKey:
    """The private key the store keeps (:func:`new_key_text`)."""
    key = serialization.load_pem_private_key(text.encode("ascii"), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError("the hall's record key is not an Ed25519 key")
    return key


def public_text(key: Ed25519PrivateKey) -> str:
    """The key's public half as the hall publishes it: 32 raw bytes, base64url."""
    return _b64(key.public_key().public_bytes(serialization.Encoding.Raw,
                                              serialization.PublicFormat.Raw))


def sign(record: dict[str, Any], key: Ed25519PrivateKey,
         public: str | None = None) -> dict[str, Any]:
    """``record`` with the hall's signature over its canonical form (a new dict; a
    signature it held is replaced). ``public``: the key's public text, when known."""
    body = body_of(record)
    seal = {"alg": ALG, "key": public or public_text(key),
            "sig": _b64(key.sign(canonical(body)))}
    return {**body, FIELD: seal}


def parse_key(text: str) -> str:
    """A public key as a user names it (``yuanzi verify --key``): the published text, or
    :class:`ValueError` saying what it must be."""
    text = text.strip()
    if not KEY_TEXT.fullmatch(text) or _b64(_unb64(text)) != text:
        raise ValueError("a hall's key is its 32 bytes in base64url without padding (43 "
                         "characters), as GET /api/records/key gives it")
    return text


@dataclass(frozen=True, slots=True)
class Seal:
    """What a record's signature shows: who signed it, or what is wrong."""

    code: Literal["unsigned", "signature"] | None
    problem: str | None = None
    key: str | None = None
    """The key whose signature holds (base64url)."""


def check(data: Any, key: str | None = None) -> Seal:
    """Whether ``data`` carries a signature that holds over its canonical form — by
    ``key``, when the caller names the hall's key."""
    if not isinstance(data, dict) or FIELD not in data:
        return Seal("unsigned", "the record is not signed by any hall: nothing shows who "
                    "wrote it, or that it is whole as it was given out")
    seal = data[FIELD]
    if (not isinstance(seal, dict) or set(seal) != {"alg", "key", "sig"}
            or not all(isinstance(v, str) for v in seal.values())):
        return Seal("signature", 'the signature is not {"alg", "key", "sig"} in text')
    if seal["alg"] != ALG:
        return Seal("signature", f"the signature's algorithm is {seal['alg']!r:.40}, not "
                    f"{ALG}")
    signer, sig = seal["key"], seal["sig"]
    if not KEY_TEXT.fullmatch(signer) or _b64(_unb64(signer)) != signer:
        return Seal("signature", "the signature's key is not 32 bytes of base64url")
    if not SIG_TEXT.fullmatch(sig) or _b64(_unb64(sig)) != sig:
        return Seal("signature", "the signature is not 64 bytes of base64url")
    try:
        message = canonical(body_of(data))
    except NotCanonical as e:
        return Seal("signature", f"the record has no canonical form to sign: {e}")
    try:
        Ed25519PublicKey.from_public_bytes(_unb64(signer)).verify(_unb64(sig), message)
    except (InvalidSignature, ValueError):
        return Seal("signature", "the signature does not hold: the record was changed after "
                    "it was signed")
    if key is not None and signer != key:
        return Seal("signature", f"the record is signed by key {signer}, not by the hall's "
                    f"key {key}")
    return Seal(None, key=signer)


def verify_signed(data: Any, key: str | None = None) -> Verdict:
    """A record's whole verdict (:func:`yuanzi.engine.verify.verify`) with its signature
    checked in its place: after the shape, before the game (its ``first_problem``; the
    game's own problem is still told, in ``problem``). ``key``: the hall's published
    key, when the caller knows it (otherwise any key's signature holds, and the verdict
    names the key for the caller to compare)."""
    verdict = verify(data)
    if verdict.code == "malformed":
        return verdict
    seal = check(data, key)
    return replace(verdict, seal=seal.code, seal_problem=seal.problem, signed_by=seal.key,
                   key_given=key is not None)


__all__ = ["ALG", "NotCanonical", "Seal", "canonical", "check", "load_key", "new_key_text",
           "parse_key", "public_text", "sign", "verify_signed"]
