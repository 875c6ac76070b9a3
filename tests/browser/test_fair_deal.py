"""A fair deal checked in the browser (issue 28): js/fairness.js re-derives
``yuanzi-deal/1`` with Web Crypto — the engine's known answer, deals equal to the
engine's for random seeds, and a tampered record caught."""

from __future__ import annotations

import copy
import secrets
from typing import Any

from yuanzi.engine import Game, Rules, record_of
from yuanzi.engine.cards import TEXT
from yuanzi.engine.fairness import fair_deal, fairness_fields

IMPORT = "const m = await import('/static/js/fairness.js');"


def test_the_browser_derives_the_engines_deals(new_page: Any) -> None:
    page = new_page("fair")
    page.goto("/")
    seed = "".join(f"{i:02x}" for i in range(32))
    values = ["00112233445566778899aabbccddeeff", "0123456789abcdef", "f" * 64,
              "deadbeefdeadbeef"]
    known = page.evaluate("async ([seed, values]) => {" + IMPORT + """
        const d = await m.fairDeal(seed, 0, values);
        return [d.blade_card, d.blade_holder, d.first_drawer, d.hands[0].split(' ').slice(0, 8)];
    }""", [seed, values])
    assert known == ["JS", 0, 3, ["AH", "8H", "3C", "8D", "4H", "AD", "KC", "2D"]]
    for joker_blade in ("three", "redraw"):
        raw = secrets.token_bytes(32)
        mine = [secrets.token_hex(16) for _ in range(4)]
        rules = Rules(joker_blade=joker_blade)
        deal = fair_deal(raw, 1, mine, rules, first_drawer=2)
        theirs = page.evaluate("async ([seed, values, rules]) => {" + IMPORT + """
            return await m.fairDeal(seed, 1, values, rules, 2);
        }""", [raw.hex(), mine, rules.to_dict()])
        assert theirs == {"blade_card": TEXT[deal.blade_card], "blade_holder": deal.blade_holder,
                          "first_drawer": 2,
                          "hands": [" ".join(TEXT[c] for c in hand) for hand in deal.hands]}


def test_the_browser_catches_a_tampered_record(new_page: Any) -> None:
    page = new_page("fair-check")
    page.goto("/")
    seed = secrets.token_bytes(32)
    values = [secrets.token_hex(8) for _ in range(4)]
    record: dict[str, Any] = record_of(Game(Rules(), fair_deal(seed, 0, values, Rules()))).to_json()
    record["halves"][0]["fairness"] = fairness_fields(seed, values, ["player"] * 4)
    check = "async (record) => {" + IMPORT + " return await m.checkRecord(record); }"
    assert page.evaluate(check, record) == ["fair"]
    bad = copy.deepcopy(record)
    bad["halves"][0]["fairness"]["contributions"][3] = "00" * 8
    assert page.evaluate(check, bad) == ["unfair"]
    del bad["halves"][0]["fairness"]
    assert page.evaluate(check, bad) == ["none"]
