"""Whether a screen fits a phone: the page never scrolls sideways and every visible
control (of the open dialog, if one is) can be scrolled to and tapped — not off-screen,
not covered (the phone tests, and the economy screens on a phone)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot

REACHABLE = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
  }
  const dialog = document.querySelector('dialog[open]');
  const scope = dialog || document;
  const all = [...scope.querySelectorAll('button, a[href], input, select, summary, [role=button]')];
  const visible = all.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  for (const el of visible) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') || el.textContent || el.tagName)
      .trim().slice(0, 30);
    if (r.left < -1 || r.right > window.innerWidth + 1) {
      problems.push(`${name}: off-screen sideways (${Math.round(r.left)}..${Math.round(r.right)})`);
      continue;
    }
    // a card is reached by its top-left corner (the rest may lie under the next card)
    const card = el.classList.contains('card');
    const x = card ? r.left + Math.min(8, r.width / 4) : r.left + r.width / 2;
    const y = card ? r.top + 8 : r.top + r.height / 2;
    const hit = document.elementFromPoint(Math.min(x, window.innerWidth - 1), y);
    if (!hit || !(hit === el || el.contains(hit))) {
      problems.push(`${name}: covered by ${hit ? hit.className || hit.tagName : 'nothing'}`);
    }
  }
  window.scrollTo(0, 0);
  return { problems, checked: visible.length };
}"""


def check(page: Any, name: str, at_least: int = 1) -> None:
    report = page.evaluate(REACHABLE)
    assert not report["problems"], f"{name}: {report['problems']}"
    assert report["checked"] >= at_least, f"{name}: only {report['checked']} controls"
    shot(page, name)
