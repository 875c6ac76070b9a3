// At the table: the items one holds (used over the socket's use_item: a card counter, a
// tablecloth, a timer or recorder to arm), renaming the table with a sign or a gold sign
// (rename_table, R41), what is armed and whether the table's name is protected; and the
// owner's bet between games (R40).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { SIGNS } from '../economy.js';
import { BETS } from './create.js';

const AT_TABLE = ['card_counter', 'tablecloth', 'timer', 'recorder'];

/** @typedef {import('../state/shapes.js').TableView} TableView */
/** @typedef {{ item: string, count: number, armed?: boolean }} Held */
/** @typedef {{ slots: Array<Held | null>, armed: string[] }} Inventory */

/** @param {any} app
 * @param {number} tableId */
export function createTableTools(app, tableId) {
  const { eco } = app;
  const root = h('div', { class: 'table-tools', 'aria-label': t('items.at_table'), role: 'group' });
  const notes = h('p', { class: 'table-notes small', 'aria-live': 'polite' });
  let key = '';

  /** R40: the owner changes the bet between games (POST /api/tables/{id}/bet). What the
   * client can foresee — his own coins, a bot at the table — is said without asking.
   * @param {TableView} table
   * @param {HTMLSelectElement} select */
  async function changeBet(table, select) {
    const bet = Number(select.value);
    const me = app.store.get().account;
    let refusal = null;
    if (bet && me && me.coins < 100 * bet) refusal = t('table.bet_short', { n: 100 * bet });
    else if (bet && table.seats.some((/** @type {{ kind: string }} */ x) => x.kind === 'bot')) refusal = t('table.bet_bots');
    if (refusal === null) {
      try {
        await app.act.setBet(tableId, bet);
        app.toast(bet ? t('table.bet_set', { bet }) : t('table.bet_off'), 'info');
        return;
      } catch (e) {
        refusal = app.errorText(e);
      }
    }
    app.toast(refusal);
    select.value = String(table.bet);
  }

  /** @param {TableView} table */
  function betControl(table) {
    const select = h('select', { class: 'bet-select', dataset: { action: 'set-bet' }, 'aria-label': t('table.bet_label'),
      onchange: () => changeBet(table, select) },
    BETS.map((b) => h('option', { value: b, selected: b === table.bet }, b ? t('lobby.bet', { bet: b }) : t('lobby.no_bet'))));
    return h('label', { class: 'bet-control small' }, t('table.bet_label'), select);
  }

  /** The item of a button, from the slot holding it when the button is pressed (the
   * inventory may have changed since the button was drawn).
   * @param {string} item */
  function useHeld(item) {
    /** @type {Inventory | null} */
    const inv = app.store.get().inventory;
    const slot = inv ? inv.slots.findIndex((held) => held !== null && held.item === item) : -1;
    if (slot >= 0) eco.use(slot);
  }

  /** @param {import('../state/shapes.js').State} state
   * @param {TableView} table
   * @param {boolean} seated */
  function render(state, table, seated, isOwner = false) {
    /** @type {Inventory | null} */
    const inv = state.inventory;
    const protectedUntil = table.name_protected_until;
    const armed = inv ? inv.armed : [];
    const betSeats = table.seats.map((/** @type {{ kind: string }} */ x) => x.kind);
    const k = JSON.stringify([seated, inv && inv.slots, armed, protectedUntil, table.status, isOwner, table.bet, betSeats]);
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
    const owner = seated && isOwner && table.status === 'open' ? [betControl(table)] : [];
    if (!seated || !inv) {
      root.replaceChildren(...owner);
      return;
    }
    const buttons = [...owner];
    const seen = new Set();
    inv.slots.forEach((held) => {
      if (!held || seen.has(held.item)) return;
      seen.add(held.item);
      if (SIGNS.includes(held.item)) {
        if (table.tournament) return; // a tournament's table keeps the name it was drawn with
        buttons.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'rename', item: held.item },
          onclick: () => eco.renameTable(tableId, held.item) }, t('items.rename_with', { item: t(`item.${held.item}`) })));
      } else if (AT_TABLE.includes(held.item)) {
        const on = held.armed;
        if (held.item === 'card_counter' && table.status !== 'playing') return;
        buttons.push(h('button', { class: ['btn small', on && 'on'], type: 'button', 'aria-pressed': held.item === 'timer' || held.item === 'recorder' ? String(Boolean(on)) : null,
          dataset: { action: 'use-item', item: held.item }, onclick: () => useHeld(held.item) },
        `${t(`item.${held.item}`)} ×${countOf(inv, held.item)}`));
      }
    });
    root.replaceChildren(...buttons);
  }

  return { root, notes, render };
}

/** @type {(inv: Inventory, code: string) => number} */
const countOf = (inv, code) => inv.slots.reduce((/** @type {number} */ n, held) => n + (held && held.item === code ? held.count : 0), 0);
