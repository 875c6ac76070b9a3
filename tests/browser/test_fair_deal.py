"""A fair deal checked in the browser (issues 28, 43 and 54): js/fairness.js re-derives
``yuanzi-deal/1`` with Web Crypto — the engine's known answer, deals equal to the
engine's for random seeds — and gives every record of the shared table of tampered
records the verdict ``yuanzi verify`` gives it, the hall's Ed25519 signature checked with
Chromium's Web Crypto."""

from __future__ import annotations

import secrets
from typing import Any

from tests.engine.tampered import load, summary_of

from yuanzi.engine import Rules
from yuanzi.engine.cards import TEXT
from yuanzi.engine.fairness import fair_deal

CASES = load()
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


def test_the_browser_agrees_with_verify_on_every_tampered_record(new_page: Any) -> None:
    """Issue 43: the shared table of tampered records (tests/engine/tampered.py), checked
    by the replay viewer's own code in Chromium: each case the verdict ``yuanzi verify``
    gives it, and the one the table states."""
    page = new_page("fair-check")
    page.goto("/")
    got = page.evaluate("async (cases) => {" + IMPORT + """
        const out = [];
        for (const c of cases) {
          const text = 'text' in c ? c.text
            : 'repeat' in c ? c.repeat[0].repeat(c.repeat[1]) : null;
          let data;
          try {
            data = text === null ? c.record : m.readText(text);
          } catch {
            out.push({ verdict: 'unreadable' });
            continue;
          }
          const v = await m.checkRecord(data, c.key ?? null);
          out.push({ verdict: v.verdict, halves: v.halves, problem: v.problem, where: v.where,
            codes: v.codes });
        }
        return out;
    }""", CASES)
    assert got == [summary_of(c) for c in CASES]
    wrong = [c["name"] for c, js in zip(CASES, got, strict=True)
             if {k: js.get(k) for k in c["expect"]} != c["expect"]]
    assert not wrong, wrong
