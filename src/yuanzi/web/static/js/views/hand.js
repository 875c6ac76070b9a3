// The own hand: laid flat, sorted by rank order (blade first), selected by click/tap, by
// dragging across cards, or from the keyboard (rank keys). Each card is a toggle button.

import { h } from '../dom.js';
import { cardText, rankIndex, SJ, BJ } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { cardName } from '../names.js';
import { t } from '../i18n.js';

const LIFT = 14;
const TAP = 24; // px of each card left uncovered under a finger

/** @param {{ onChange: () => void }} options */
export function createHand({ onChange }) {
  const root = h('div', { class: 'hand', role: 'group', 'aria-label': t('hand.label', { n: 0 }) });
  /** @type {number[]} */
  let cards = [];
  let blade = -1;
  let key = '';
  /** @type {number[]} */
  let order = []; // selected indices, in the order chosen
  /** @type {Set<number>} */
  let hinted = new Set();
  /** @type {{ on: boolean, seen: Set<number> } | null} */
  let drag = null;
  /** @type {HTMLButtonElement[]} */
  const buttons = [];

  /** @type {(i: number) => boolean} */
  const isSelected = (i) => order.includes(i);

  function changed() {
    paint();
    onChange();
  }

  /** @param {number} i
   * @param {boolean} on */
  function set(i, on) {
    if (on === isSelected(i)) return;
    order = on ? [...order, i] : order.filter((x) => x !== i);
    hinted = new Set();
  }

  /** The index of the card under ``el`` (-1: none of this hand's).
   * @param {any} el */
  function indexOf(el) {
    const card = el && el.closest && el.closest('.card');
    return card && root.contains(card) ? Number(card.dataset.index) : -1;
  }

  root.addEventListener('pointerdown', (/** @type {PointerEvent} */ ev) => {
    const i = indexOf(ev.target);
    if (i < 0 || ev.button > 0) return;
    ev.preventDefault();
    drag = { on: !isSelected(i), seen: new Set([i]) };
    set(i, drag.on);
    changed();
  });
  root.addEventListener('pointermove', (/** @type {PointerEvent} */ ev) => {
    if (!drag) return;
    const i = indexOf(document.elementFromPoint(ev.clientX, ev.clientY));
    if (i < 0 || drag.seen.has(i)) return;
    drag.seen.add(i);
    set(i, drag.on);
    changed();
  });
  const end = () => { drag = null; };
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  root.addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    // pointer clicks were handled on pointerdown; a click with detail 0 comes from
    // assistive technology (or a synthetic activation) and toggles the card.
    const i = indexOf(ev.target);
    if (i >= 0 && ev.detail === 0) {
      set(i, !isSelected(i));
      changed();
    }
  });

  function render() {
    buttons.length = 0;
    root.replaceChildren(...cards.map((id, i) => {
      const b = h('button', { type: 'button', class: 'card', 'aria-pressed': 'false',
        'aria-label': cardName(id), dataset: { index: i, card: cardText(id) } }, cardFace(id, { blade }));
      buttons.push(b);
      return b;
    }));
    root.setAttribute('aria-label', t('hand.label', { n: cards.length }));
    layout();
  }

  /** @type {Array<{ left: number, top: number }>} */
  let geometry = [];
  const coarse = window.matchMedia('(pointer: coarse)');
  /** Lay the hand out flat, in as few rows as let each card show a strip of its own:
   * under a finger (a touch screen, or a narrow one) 24 px of every card, so each can be
   * tapped (issue 31: 41 cards at 360 px take four rows), else a quarter card (13 px at
   * least) to read its index. A lower row covers the one above it below its corner index:
   * each card keeps a strip of ``step`` × ``rowStep`` px. */
  function layout() {
    const n = buttons.length;
    if (!n) {
      root.style.height = '0px';
      return;
    }
    const width = root.clientWidth || 320;
    const cw = buttons[0].offsetWidth || 60;
    const ch = buttons[0].offsetHeight || 84;
    const finger = coarse.matches || width < 600;
    const minStep = finger ? TAP : Math.max(13, cw * 0.25);
    /** @type {(per: number) => boolean} */
    const fits = (per) => per <= 1 || (width - cw) / (per - 1) >= minStep;
    let rows = 1;
    while (rows < 4 && !fits(Math.ceil(n / rows))) rows += 1;
    const per = Math.ceil(n / rows);
    const rowStep = Math.round(ch * (rows > 2 ? 0.42 : 0.5));
    geometry = [];
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / per);
      const inRow = Math.min(per, n - row * per);
      const col = i - row * per;
      const step = inRow > 1 ? Math.min(cw * 0.62, (width - cw) / (inRow - 1)) : 0;
      const used = step * (inRow - 1) + cw;
      geometry.push({ left: (width - used) / 2 + col * step, top: LIFT + row * rowStep });
    }
    root.style.height = `${LIFT + (rows - 1) * rowStep + ch + 4}px`;
    root.dataset.rows = String(rows);
    paint();
  }

  function paint() {
    buttons.forEach((b, i) => {
      const g = geometry[i];
      if (!g) return;
      const on = isSelected(i);
      b.style.left = `${g.left}px`;
      b.style.top = `${g.top}px`;
      b.style.transform = on ? `translateY(${-LIFT}px)` : '';
      b.style.setProperty('--i', String(i));
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('selected', on);
      b.classList.toggle('hinted', hinted.has(i));
    });
  }

  const resize = new ResizeObserver(() => layout());
  resize.observe(root);

  return {
    root,
    /** Show `ids` (already sorted); the selection survives only an identical hand.
     * @param {number[]} ids
     * @param {number} bladeRank */
    setHand(ids, bladeRank) {
      const next = `${bladeRank}:${ids.join(',')}`;
      if (next === key) return;
      key = next;
      cards = ids;
      blade = bladeRank;
      order = [];
      hinted = new Set();
      render();
      onChange();
    },
    selected: () => order.map((i) => cards[i]),
    clear() {
      if (!order.length && !hinted.size) return;
      order = [];
      hinted = new Set();
      changed();
    },
    /** Drop the selection if the hint made it (its turn is over); a player's own stays. */
    clearHint() {
      if (!hinted.size || order.length !== hinted.size || !order.every((i) => hinted.has(i))) return;
      order = [];
      hinted = new Set();
      changed();
    },
    undo() {
      if (!order.length) return;
      order = order.slice(0, -1);
      hinted = new Set();
      changed();
    },
    /** Select one more card of a rank ('7', '10', 'BJ', 'SJ'); false when none is left.
     * @param {string} rank */
    selectRank(rank) {
      /** @type {(id: number) => boolean} */
      const match = rank === 'BJ' ? (id) => id === BJ : rank === 'SJ' ? (id) => id === SJ
        : (id) => id < SJ && (id >> 2) === rankIndex(rank);
      const i = cards.findIndex((id, j) => match(id) && !isSelected(j));
      if (i < 0) return false;
      set(i, true);
      changed();
      return true;
    },
    /** Select exactly `ids` (a multiset of the hand), marked as the hint.
     * @param {number[]} ids
     * @param {{ hint?: boolean }} [options] */
    select(ids, { hint = false } = {}) {
      const free = cards.map((_, i) => i);
      order = [];
      for (const id of ids) {
        const k = free.findIndex((i) => cards[i] === id);
        if (k >= 0) order.push(free.splice(k, 1)[0]);
      }
      hinted = hint ? new Set(order) : new Set();
      changed();
    },
    layout,
    destroy() {
      resize.disconnect();
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    },
  };
}
