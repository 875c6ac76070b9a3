// The inventory (R43): 24 slots from GET /api/inventory — stacks with their counts, gems
// one a slot. Click a slot, then another, to move, merge or swap (POST
// /api/inventory/move); double-click (or Enter on a picked slot's "use") to use it.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { itemIcon } from './itemicons.js';
import { listOf } from '../words.js';

/** @typedef {import('../state/shapes.js').SlotView} SlotView */
/** @typedef {import('../state/shapes.js').InventoryView} InventoryView */

/** @param {import('../actions/app.js').App} app */
export function createItems(app) {
  const { eco } = app;
  /** @type {number | null} */
  let picked = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let clickTimer; // (none: undefined, not null — clearTimeout's type takes it)
  /** @type {InventoryView | null} */
  let inv = null;
  const grid = h('ul', { class: 'slots', 'aria-label': t('items.slots', { n: 24 }) });
  const summary = h('p', { class: 'muted small', 'aria-live': 'polite' });
  const armed = h('p', { class: 'armed-list', 'aria-live': 'polite' });
  const useBtn = h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'use-item' }, disabled: true,
    onclick: () => { if (picked !== null) { const s = picked; pick(null); eco.use(s); } } }, t('items.use'));
  const tools = h('div', { class: 'item-tools' }, useBtn,
    h('a', { class: 'btn small ghost', href: '#/shop' }, t('nav.shop')));

  /** @param {number | null} i */
  function pick(i) {
    picked = i;
    grid.querySelectorAll('.slot').forEach((/** @type {Element} */ el, /** @type {number} */ k) => el.setAttribute('aria-pressed', String(k === picked)));
    useBtn.disabled = picked === null || !inv || !inv.slots[picked];
  }

  // a double-click also fires two clicks: the first click waits a moment for a second
  /** @param {number} i */
  function clicked(i) {
    if (clickTimer) return;
    clickTimer = setTimeout(() => {
      clickTimer = undefined;
      if (picked === null) {
        if (inv && inv.slots[i]) pick(i);
      } else if (picked === i) {
        pick(null);
      } else {
        const from = picked;
        pick(null);
        eco.move(from, i);
      }
    }, 220);
  }
  /** @param {number} i */
  function doubled(i) {
    clearTimeout(clickTimer);
    clickTimer = undefined;
    pick(null);
    if (inv && inv.slots[i]) eco.use(i);
  }

  function render() {
    if (!inv) {
      grid.replaceChildren(h('li', { class: 'muted' }, t('common.loading')));
      return;
    }
    grid.replaceChildren(...inv.slots.map((held, i) => {
      const name = held ? t(`item.${held.item}`) : '';
      const label = held
        ? t('items.slot_held', { n: i + 1, item: name, count: held.count }) + (held.armed ? ` · ${t('items.armed_tag')}` : '')
        : t('items.slot', { n: i + 1 });
      return h('li', {}, h('button', { type: 'button', class: ['slot', held && 'full', held && held.armed && 'armed'],
        'aria-pressed': String(i === picked), 'aria-label': label, title: held ? `${name} — ${t(`item.${held.item}.d`)}` : '',
        dataset: { slot: i, item: held ? held.item : '' },
        onclick: () => clicked(i), ondblclick: () => doubled(i) },
      held ? [itemIcon(held.item), h('span', { class: 'slot-name' }, name),
        held.count > 1 ? h('span', { class: 'slot-count' }, `×${held.count}`) : null,
        held.armed ? h('span', { class: 'slot-armed' }, t('items.armed_tag')) : null] : null));
    }));
    summary.textContent = t('items.free', { free: inv.free, size: inv.size });
    armed.textContent = inv.armed.length
      ? t('items.armed_list', { items: listOf(inv.armed.map((c) => t(`item.${c}`))) }) : '';
    pick(picked !== null && inv.slots[picked] ? picked : null);
  }

  // R42: gems work only while one's standing is below the cap
  const gemNote = h('p', { class: 'muted small gem-cap' });
  eco.loadGem().then((g) => {
    if (g) gemNote.textContent = g.cap === null ? t('items.gem_no_cap') : t('items.gem_cap', { n: g.cap });
  });
  eco.loadInventory();
  render();
  const root = h('main', { class: 'screen items-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('items.title'))),
    h('p', { class: 'muted small' }, t('items.slots', { n: 24 })), summary, armed, grid, tools, gemNote);
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (state.inventory !== inv) {
        inv = state.inventory;
        render();
      }
    },
    destroy() { clearTimeout(clickTimer); },
  };
}
