"""What the English-mode tests look for: Chinese a reader would see on the page."""

# Everything the page shows a reader: visible text nodes, and the placeholder, title and
# aria-label of visible elements. Card faces (.card-svg: 大王, 小王, 刀 drawn on cards), text
# marked as Chinese on purpose (the language switch's 中文, lang="zh-CN") and names players
# gave (translate="no": another player's table called 测试桌) are not the page's words.
CHINESE = r"""() => {
  const re = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
  const skip = (el) => !el || el.closest('.card-svg, [lang^="zh"], [translate="no"]');
  const shown = (el) => {
    if (el.tagName === 'OPTION') el = el.closest('select') || el;
    return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (skip(el) || !re.test(n.textContent) || !shown(el)) continue;
    bad.push(`${n.textContent.trim().slice(0, 60)} @ ${el.tagName}.${el.className}`);
  }
  for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label]')) {
    if (skip(el) || !shown(el)) continue;
    for (const a of ['placeholder', 'title', 'aria-label']) {
      const v = el.getAttribute(a);
      if (v && re.test(v)) bad.push(`${a}="${v.slice(0, 60)}" @ ${el.tagName}.${el.className}`);
    }
  }
  return bad;
}"""
