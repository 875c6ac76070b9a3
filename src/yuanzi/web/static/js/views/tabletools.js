// At the table: the items one holds (used over the socket's use_item: a card counter, a
// tablecloth, a timer or recorder to arm), renaming the table with a sign or a gold sign
// (rename_table, R41), and what is armed and whether the table's name is protected.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { SIGNS } from '../economy.js';

const AT_TABLE = ['card_counter', 'tablecloth', 'timer', 'recorder'];

export function createTableTools(app, tableId) {
  const { eco } = app;
  const root = h('div', { class: 'table-tools', 'aria-label': t('items.at_table'), role: 'group' });
  const notes = h('p', { class: 'table-notes small', 'aria-live': 'polite' });
  let key = '';

  function render(state, table, seated) {
    const inv = state.inventory;
    const protectedUntil = table.name_protected_until;
    const armed = inv ? inv.armed : [];
    const k = JSON.stringify([seated, inv && inv.slots, armed, protectedUntil, table.status]);
    if (k === key) return;
    key = k;
    const parts = [];
    if (protectedUntil && protectedUntil * 1000 > Date.now()) {
      parts.push(h('span', { class: 'chip protected', dataset: { note: 'protected' } },
        t('table.name_protected', { time: new Date(protectedUntil * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })));
    }
    if (seated) {
      for (const code of armed) {
        parts.push(h('span', { class: 'chip armed', dataset: { armed: code } }, t('items.armed', { item: t(`item.${code}`) })));
      }
    }
    notes.replaceChildren(...parts);
    if (!seated || !inv) {
      root.replaceChildren();
      return;
    }
    const buttons = [];
    const seen = new Set();
    inv.slots.forEach((held, slot) => {
      if (!held || seen.has(held.item)) return;
      seen.add(held.item);
      if (SIGNS.includes(held.item)) {
        buttons.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'rename', item: held.item },
          onclick: () => eco.renameTable(tableId, held.item) }, t('items.rename_with', { item: t(`item.${held.item}`) })));
      } else if (AT_TABLE.includes(held.item)) {
        const on = held.armed;
        if (held.item === 'card_counter' && table.status !== 'playing') return;
        buttons.push(h('button', { class: ['btn small', on && 'on'], type: 'button', 'aria-pressed': held.item === 'timer' || held.item === 'recorder' ? String(Boolean(on)) : null,
          dataset: { action: 'use-item', item: held.item }, onclick: () => eco.use(slot) },
        `${t(`item.${held.item}`)} ×${countOf(inv, held.item)}`));
      }
    });
    root.replaceChildren(...buttons);
  }

  return { root, notes, render };
}

const countOf = (inv, code) => inv.slots.reduce((n, held) => n + (held && held.item === code ? held.count : 0), 0);
