// The first-game overlay: five short steps (the blade, selecting and playing, 接风, points,
// the halves and 双夹) for a player's first table, shown while the table waits for its
// game — never while a game runs (when the game starts it closes itself). Dismissed with
// 知道了 / Got it, the ×, or Esc; remembered as seen in this browser (localStorage 'yuanzi.firstgame.seen').
//
// The table view mounts it into the felt with one call, `mountFirstGame(app, tableId, felt)`;
// it follows the store by itself and goes away with the table view. guide.css places it
// in the felt's empty trick area (grid area `center`) — on an upright phone in a row of its
// own under the seats and the 准备 button — so it covers no seat, no button.

import { h } from '../dom.js';
import { parseCards, points, rankIndex } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

export const SEEN_KEY = 'yuanzi.firstgame.seen';

const STEPS = [
  { key: 'blade', cards: '7H 2S', blade: '7' },
  { key: 'play', cards: '9S 9H', blade: '7' },
  { key: 'jiefeng', cards: '', blade: '7' },
  { key: 'points', cards: '5S 10H KD', blade: '7' },
  { key: 'double', cards: '', blade: '7' }, // 双夹 and the second half (R30, R31)
];

export function wasSeen() {
  try {
    return localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false; // no storage: show it (dismissal then lasts for this page)
  }
}

function markSeen() {
  try {
    localStorage.setItem(SEEN_KEY, '1');
  } catch { /* private mode */ }
}

/** Whether the overlay belongs on this table now: seated, the table open, no game.
 * @param {import('../state/shapes.js').State} state
 * @param {number} tableId */
export function waitingToStart(state, tableId) {
  const table = state.tables[tableId];
  const me = state.account; // (a const: still known in the callback below)
  if (!table || !me || table.status !== 'open') return false;
  if (state.game && state.game.tableId === tableId) return false;
  return table.seats.some((s) => s.account_id === me.id);
}

/** The overlay itself: { root, show(), hide(), step }.
 * @param {{ onDismiss?: () => void, openGuide?: (() => void) | null }} [options] */
export function createFirstGame({ onDismiss = () => {}, openGuide = null } = {}) {
  let step = 0;
  let dismissed = false;
  const title = h('h2', { id: 'first-game-title' }, t('first.title'));
  const body = h('div', { class: 'fg-body' });
  const dots = h('div', { class: 'fg-dots', 'aria-hidden': 'true' }, STEPS.map(() => h('span', { class: 'fg-dot' })));
  const counter = h('span', { class: 'muted small fg-count' });
  const prev = h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'first-prev' },
    onclick: () => go(step - 1) }, t('first.prev'));
  const next = h('button', { class: 'btn small', type: 'button', dataset: { action: 'first-next' },
    onclick: () => go(step + 1) }, t('first.next'));
  const done = h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'first-done' },
    onclick: () => dismiss() }, t('first.done'));
  const close = h('button', { class: 'fg-close', type: 'button', 'aria-label': t('first.skip'), title: t('first.skip'),
    dataset: { action: 'first-skip' }, onclick: () => dismiss() }, '×');
  // at a table the guide opens over it (the player keeps his seat in view), else as a page
  const more = openGuide
    ? h('button', { class: 'fg-more btn link', type: 'button', dataset: { action: 'first-guide' }, onclick: openGuide },
      t('first.more'))
    : h('a', { class: 'fg-more', href: hrefOf('guide'), dataset: { screen: 'guide' } }, t('first.more'));
  const root = h('section', { class: 'first-game', role: 'region', 'aria-labelledby': 'first-game-title',
    hidden: true, dataset: { step: '0' } },
  close, title, body, h('div', { class: 'fg-foot' }, dots, counter, more, prev, next, done));

  function render() {
    const s = STEPS[step];
    const blade = rankIndex(s.blade);
    const art = s.cards ? h('div', { class: 'fg-art', 'aria-hidden': 'true' },
      parseCards(s.cards).map((id) => h('span', { class: 'g-card' }, cardFace(id, { blade })))) : null;
    const five = points(parseCards('5S')[0]);
    const ten = points(parseCards('KS')[0]);
    body.replaceChildren(h('div', { class: 'fg-text' }, h('h3', {}, t(`first.${s.key}.t`)),
      h('p', {}, t(`first.${s.key}.p`, { five, ten }))), ...(art ? [art] : [])); // (a bare null reads "null")
    root.dataset.step = String(step);
    counter.textContent = t('first.count', { i: step + 1, n: STEPS.length });
    [...dots.children].forEach((d, i) => d.classList.toggle('on', i === step));
    prev.hidden = step === 0;
    next.hidden = step === STEPS.length - 1;
    done.hidden = step !== STEPS.length - 1;
  }

  /** @param {number} i */
  function go(i) {
    step = Math.max(0, Math.min(STEPS.length - 1, i));
    render();
  }

  /** @param {KeyboardEvent} ev */
  function onKey(ev) {
    if (ev.key !== 'Escape' || root.hidden || !root.isConnected || document.querySelector('dialog[open]')) return;
    ev.preventDefault();
    dismiss();
  }

  function dismiss() {
    dismissed = true;
    markSeen();
    hide();
    onDismiss();
  }

  function show() {
    if (dismissed || !root.hidden) return;
    render();
    root.hidden = false;
    document.addEventListener('keydown', onKey);
  }

  function hide() {
    if (root.hidden) return;
    root.hidden = true;
    document.removeEventListener('keydown', onKey);
  }

  return {
    root,
    show,
    hide,
    dismiss,
    get shown() { return !root.hidden; },
    get step() { return step; },
    go,
  };
}

/** Mount the overlay into `container` (the table's felt) and keep it in step with the
 * store: shown on a player's first table while it waits for its game (unless seen),
 * closed — and remembered as seen — once the game starts.
 * @param {import('../actions/app.js').App} app
 * @param {number} tableId
 * @param {HTMLElement} container
 * @param {{ openGuide?: (() => void) | null }} [options] */
export function mountFirstGame(app, tableId, container, { openGuide = null } = {}) {
  const overlay = createFirstGame({ openGuide });
  container.append(overlay.root);
  let attached = false;
  let unsubscribe = () => {};

  /** @param {import('../state/shapes.js').State} state */
  function update(state) {
    if (container.isConnected) attached = true;
    else if (attached) { // the table view is gone
      overlay.hide();
      unsubscribe();
      return;
    }
    if (waitingToStart(state, tableId)) {
      if (!wasSeen()) overlay.show();
    } else if (overlay.shown) {
      overlay.hide();
      const table = state.tables[tableId];
      if (table && table.status !== 'open') markSeen(); // the first game has begun
    }
  }

  unsubscribe = app.store.subscribe(update);
  queueMicrotask(() => update(app.store.get()));
  // (Object.assign: the same object, its getters kept, with ``destroy`` in its type)
  return Object.assign(overlay, {
    /** The table view is gone: stop listening. */
    destroy: () => {
      overlay.hide();
      unsubscribe();
    },
  });
}
