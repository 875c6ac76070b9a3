// Keyboard play: type ranks to select cards (0 or T for 10; "10" typed as two keys
// works too; B big joker, S small joker), Enter plays, Space passes, H asks for a hint,
// Backspace drops the last card selected, Escape clears the selection.

/** @type {Record<string, string>} */
const RANK_KEYS = {
  3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', 0: '10', t: '10',
  j: 'J', q: 'Q', k: 'K', a: 'A', 2: '2', b: 'BJ', s: 'SJ',
};

/** @param {Element | null} el */
function typing(el) {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || /** @type {HTMLElement} */ (el).isContentEditable;
}

/** Whether Enter/Space belong to the focused element (a button other than a card).
 * @param {Element | null} el */
function ownsActivation(el) {
  if (!el || el === document.body) return false;
  if (el.closest('.hand')) return false;
  return el.tagName === 'BUTTON' || el.tagName === 'A' || el.getAttribute('role') === 'button';
}

/**
 * Listen on the document; `handlers` has rank(text), play(), pass(), hint(), clear(),
 * undo(), and enabled() (false while a dialog is open). Returns the uninstaller.
 * @param {{ rank: (text: string) => void, play: () => void, pass: () => void, hint: () => void,
 *   clear: () => void, undo: () => void, enabled: () => boolean }} handlers
 */
export function installKeyboard(handlers) {
  let one = 0; // time a "1" was typed, waiting for the "0" of "10"
  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.isComposing) return;
    if (typing(document.activeElement) || !handlers.enabled()) return;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (key === 'Enter' || key === ' ') {
      if (ownsActivation(document.activeElement)) return;
      ev.preventDefault();
      if (key === 'Enter') handlers.play(); else handlers.pass();
      return;
    }
    if (key === 'Escape') { handlers.clear(); return; }
    if (key === 'Backspace') { ev.preventDefault(); handlers.undo(); return; }
    if (key === 'h') { handlers.hint(); return; }
    if (key === '1') { one = performance.now(); return; }
    if (key === '0' && one && performance.now() - one < 1500) {
      one = 0;
      handlers.rank('10');
      return;
    }
    one = 0;
    if (key in RANK_KEYS) {
      ev.preventDefault();
      handlers.rank(RANK_KEYS[key]);
    }
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
