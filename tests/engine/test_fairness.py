"""engine/fairness.py (issue 28): a deal re-derived from its seed and its contributions
— a known-answer vector pins ``yuanzi-deal/1`` for other implementations (the browser's);
every fair deal is a valid deal (R1, R21, R22); a tampered seed, a swapped
contribution, a reordered deal are each caught; and a ``yuanzi-deal/1`` deal, re-derived,
is never called fair (``unbound``, issue 54)."""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from yuanzi.engine import Game, Record, Rules, record_of, replay
from yuanzi.engine.cards import TEXT, full_deck
from yuanzi.engine.fairness import (
    DealStream,
    commit_of,
    deal_key,
    fair_deal,
    fairness_fields,
)
from yuanzi.engine.verify import verify_record

SEED = bytes(range(32))
VALUES = ["00112233445566778899aabbccddeeff", "0123456789abcdef", "f" * 64, "deadbeefdeadbeef"]
HEX = st.text("0123456789abcdef", min_size=16, max_size=64)


def test_the_known_answer_of_yuanzi_deal_1() -> None:
    assert commit_of(SEED) == hashlib.sha256(SEED).hexdigest() == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    key = deal_key(SEED, 0, VALUES)
    assert key.hex() == "ed60c888f5af4f32ac0a1523f840d4f04136d325b38b5f52089574dcefda298b"
    stream = DealStream(key)
    assert [stream.below(2**32) for _ in range(3)] == [3071543263, 1209722402, 3306256129]
    deal = fair_deal(SEED, 0, VALUES, Rules())
    assert (TEXT[deal.blade_card], deal.blade_holder, deal.first_drawer) == ("JS", 0, 3)
    assert " ".join(TEXT[c] for c in deal.hands[0][:8]) == "AH 8H 3C 8D 4H AD KC 2D"
    second = fair_deal(SEED, 1, VALUES, Rules(), first_drawer=3)
    assert (TEXT[second.blade_card], second.blade_holder) == ("KH", 2)
    assert " ".join(TEXT[c] for c in second.hands[3][:8]) == "4C 10C AD 3H 9S AS 8S KS"


def test_below_is_uniform_enough_and_in_range() -> None:
    stream = DealStream(deal_key(SEED, 0, VALUES))
    counts = Counter(stream.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(n - 10_000) < 500 for n in counts.values())  # ~5 sigma
    with pytest.raises(ValueError):
        stream.below(0)


@settings(max_examples=40, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.lists(HEX, min_size=4, max_size=4),
       st.sampled_from(["three", "redraw"]))
def test_every_fair_deal_is_a_deal_the_rules_accept(seed: bytes, values: list[str],
                                                   joker_blade: str) -> None:
    rules = Rules(joker_blade=joker_blade)
    deal = fair_deal(seed, 0, values, rules)
    assert Counter(c for hand in deal.hands for c in hand) == Counter(full_deck())
    game = Game(rules, deal)  # R21/R22 checked again by replaying its record
    replay(record_of(game))
    assert fair_deal(seed, 0, values, rules) == deal  # the same inputs, the same deal
    assert fair_deal(seed, 1, values, rules, deal.first_drawer).hands != deal.hands


def played_record(seed: bytes, values: list[str], by: list[str]) -> dict[str, Any]:
    """A whole game dealt fairly (both halves when R30 wants two), with its fields."""
    rules = Rules()
    game = Game(rules, fair_deal(seed, 0, values, rules))
    rng = secrets.SystemRandom()
    while not game.is_over:
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(fair_deal(seed, 1, values, rules, first.upstream))
            continue
        game.apply(rng.choice(game.legal_moves()))
    record = record_of(game).to_json()
    for half in record["halves"]:
        half["fairness"] = fairness_fields(seed, values, by)
    return record


@pytest.fixture(scope="module")
def fair_record() -> dict[str, Any]:
    for _ in range(20):  # a game with two halves, so the second half is checked too
        record = played_record(secrets.token_bytes(32), list(VALUES), ["player"] * 4)
        if len(record["halves"]) == 2:
            return record
    raise AssertionError("no two-half game in 20")


def test_a_yuanzi_deal_1_record_is_re_derived_but_not_called_fair(
        fair_record: dict[str, Any]) -> None:
    """Issue 54: its seeds are the commitments' and its deals the ones the values give,
    but the hall drew its own values after it saw the players' — so it is ``unbound``."""
    checks = verify_record(fair_record)
    assert [c.consistent for c in checks] == [True, True]
    assert [c.code for c in checks] == ["unbound", "unbound"]
    assert not any(c.holds for c in checks)
    assert all("not bind the hall's values" in (c.problem or "") for c in checks)
    Record.from_json(fair_record)  # the fields do not disturb the record (RECORD.md)


def test_a_tampered_seed_is_caught(fair_record: dict[str, Any]) -> None:
    bad = copy.deepcopy(fair_record)
    seed = bytearray.fromhex(bad["halves"][0]["fairness"]["server_seed"])
    seed[0] ^= 1
    bad["halves"][0]["fairness"]["server_seed"] = seed.hex()
    first, second = verify_record(bad)
    assert not first.consistent and not first.commit and "commitment" in (first.problem or "")
    assert second.consistent
    # a new seed with a matching commitment still gives another deal
    bad["halves"][0]["fairness"]["commit"] = commit_of(bytes(seed))
    first = verify_record(bad)[0]
    assert first.commit and not first.deal


def test_a_swapped_contribution_is_caught(fair_record: dict[str, Any]) -> None:
    bad = copy.deepcopy(fair_record)
    values = bad["halves"][1]["fairness"]["contributions"]
    values[0], values[1] = values[1], values[0]
    first, second = verify_record(bad)
    assert first.consistent and second.commit and not second.deal


@pytest.mark.parametrize("how", ["hands", "cards", "blade"])
def test_a_reordered_deal_is_caught(fair_record: dict[str, Any], how: str) -> None:
    bad = copy.deepcopy(fair_record)
    half = bad["halves"][0]
    if how == "hands":  # two seats' hands exchanged (same sizes: R22's 40-card seats)
        small = [s for s in range(4) if len(half["hands"][s].split()) == 40]
        a, b = small
        half["hands"][a], half["hands"][b] = half["hands"][b], half["hands"][a]
    elif how == "cards":  # two cards of one hand exchanged with the next seat's
        mine, theirs = half["hands"][0].split(), half["hands"][1].split()
        i = next(i for i, c in enumerate(mine) if c != theirs[0])
        mine[i], theirs[0] = theirs[0], mine[i]
        half["hands"][0], half["hands"][1] = " ".join(mine), " ".join(theirs)
    else:
        half["blade_holder"] = (half["blade_holder"] + 1) % 4
    assert not verify_record(bad)[0].consistent


def test_records_without_fields_are_readable_and_say_so() -> None:
    rules = Rules()
    game = Game(rules, fair_deal(SEED, 0, VALUES, rules))
    record = record_of(game).to_json()
    check = verify_record(record)[0]
    assert not check.present and not check.holds and "cannot be checked" in (check.problem or "")
    record["halves"][0]["fairness"] = {"scheme": "yuanzi-deal/9"}
    assert "unknown scheme" in (verify_record(record)[0].problem or "")
    record["halves"][0]["fairness"] = fairness_fields(SEED, ["xyz"] * 4, ["hall"] * 4)
    assert "hex digits" in (verify_record(record)[0].problem or "")


def test_grinding_the_halls_values_finds_no_deal_that_verifies() -> None:
    """Issue 43: under yuanzi-deal/1 the hall could keep the committed seed and the
    player's value and try values for its own seats until a deal suited it — and the
    record verified. Under yuanzi-deal/2 its seats' values are fixed by the seed: of a
    thousand ground deals (each recorded as dealt) not one verifies; the honest one does.
    And a yuanzi-deal/1 record, ground the same way, is no longer called fair either
    (issue 54: ``unbound``, though its deal is still re-derived)."""
    from yuanzi.engine.fairness import SCHEME, SCHEME_2, half_fields, half_values
    from yuanzi.engine.verify import verify

    seeds = [secrets.token_bytes(32), secrets.token_bytes(32)]
    player = secrets.token_hex(16)
    rules = Rules()

    def record_of_deal(scheme: str, values: list[str], by: list[str]) -> dict[str, Any]:
        commits = [commit_of(s) for s in seeds]
        dealt = half_values(scheme, seeds[0], 0, values, by)
        record = record_of(Game(rules, fair_deal(seeds[0], 0, dealt, rules, None, scheme,
                                                 commits))).to_json()
        fields = half_fields(scheme, seeds, 0, values, by, [0])  # (seat 0 asked)
        fields["contributions"] = dealt
        record["halves"][0]["fairness"] = fields
        record["halves"][0]["actions"] = [[0, "escape"]]  # (abandoned there: R35)
        return record

    by = ["player", "hall", "hall", "hall"]
    honest = record_of_deal(SCHEME_2, [player, "", "", ""], by)
    assert verify(honest).fair
    ground = 0
    for _ in range(1000):
        tried = [player] + [secrets.token_hex(16) for _ in range(3)]
        forged = record_of_deal(SCHEME_2, tried, ["player"] * 4)  # dealt from tried values
        forged["halves"][0]["fairness"]["by"] = by  # …and recorded as the hall's
        verdict = verify(forged)
        assert not verdict.fair and verdict.halves[0].code == "bound"
        ground += 1
        old = record_of_deal(SCHEME, tried, by)  # the same grinding under yuanzi-deal/1
        verdict = verify(old)  # (the hole issues 43 and 54 found: any value of the hall's
        assert not verdict.fair  # passed; now it is called unbound)
        assert verdict.halves[0].code == "unbound" and verdict.halves[0].consistent
    assert ground == 1000
