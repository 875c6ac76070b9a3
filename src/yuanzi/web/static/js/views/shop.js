// The shop (R44): the items and their prices from GET /api/shop, buying a quantity
// (POST /api/shop/buy with count 1–99; the balance and the inventory follow), and the daily relief 救济金
// (GET/POST /api/relief).

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';
import { itemIcon } from './itemicons.js';
import { confirmDialog } from './confirm.js';
import { fromStore } from './fromstore.js';

const MAX_QTY = 99; // one purchase: 1 to 99 (POST /api/shop/buy's count)
const CONFIRM_OVER = 1000; // a purchase of more coins than this is confirmed first
const STACK = 99; // R44: a stack holds up to 99

/** An item of the shop (GET /api/shop).
 * @typedef {{ item: string, zh: string, en: string, price: number, stackable: boolean }} ShopItem */

/** How many of a shop item the inventory can still take (R43): free slots, and the room
 * left on its stacks.
 * @param {import('../state/shapes.js').InventoryView} inventory
 * @param {{ item: string, stackable: boolean }} it */
export function roomFor(inventory, it) {
  if (!it.stackable) return inventory.free;
  const onStacks = inventory.slots.reduce((/** @type {number} */ n, s) => n + (s && s.item === it.item ? Math.max(0, STACK - s.count) : 0), 0);
  return inventory.free * STACK + onStacks;
}

/** @param {import('../actions/app.js').App} app */
export function createShop(app) {
  const { eco, act } = app;
  const balance = h('p', { class: 'balance', 'aria-live': 'polite' });
  const list = h('ul', { class: 'shop-list' }, h('li', { class: 'muted' }, t('common.loading')));
  const reliefNote = h('p', { class: 'muted small' });
  const reliefBtn = h('button', { class: 'btn small', type: 'button', dataset: { action: 'relief' },
    onclick: async () => {
      reliefBtn.disabled = true;
      await eco.relief();
      loadRelief();
    } }, t('shop.relief_claim'));
  const relief = h('section', { class: 'relief panel', 'aria-label': t('shop.relief') },
    h('h2', {}, t('shop.relief')), reliefNote, reliefBtn);

  /** Read the shop and the relief again (into the store: drawn in ``update``). */
  const load = () => act.read('shop').catch(() => null);
  const loadRelief = () => act.read('reliefStatus').catch(() => null);
  const drawShop = fromStore('shop', (/** @type {{ items: ShopItem[] }} */ { items }) => {
    list.replaceChildren(...items.map((it) => {
      const name = getLang() === 'en' ? it.en : it.zh;
      return h('li', { class: 'shop-item panel', dataset: { item: it.item } },
        h('div', { class: 'shop-item-head' }, itemIcon(it.item), h('h3', {}, name)),
        h('p', { class: 'muted small' }, t(`item.${it.item}.d`)),
        h('p', { class: 'price' }, t('shop.price', { n: it.price }),
          it.stackable ? h('span', { class: 'muted small' }, ` · ${t('shop.stacks')}`) : ''),
        buyRow(it, name));
    }));
  }, (code, message) => list.replaceChildren(h('li', { class: 'form-error' }, app.errorText({ code, message }))));
  const drawRelief = fromStore('reliefStatus', (r) => {
    reliefBtn.disabled = !r.available;
    reliefNote.textContent = r.available ? t('shop.relief_can', { line: r.line })
      : t('shop.relief_cannot', { line: r.line });
  }, (code, message) => { reliefNote.textContent = app.errorText({ code, message }); });
  /** A quantity (1–99) and the buy button; price × quantity shown as it changes.
   * @param {ShopItem} it
   * @param {string} name */
  function buyRow(it, name) {
    const qty = h('input', { class: 'qty', type: 'number', min: 1, max: MAX_QTY, step: 1, value: '1',
      inputmode: 'numeric', dataset: { qty: it.item }, 'aria-label': t('shop.qty_of', { item: name }) });
    const total = h('span', { class: 'muted small shop-total', dataset: { total: it.item } });
    const showTotal = () => {
      const n = Number(qty.value);
      total.textContent = Number.isInteger(n) && n > 1 ? t('shop.total', { n: it.price * n }) : '';
    };
    qty.addEventListener('input', showTotal);
    showTotal();
    return h('div', { class: 'shop-buy' }, h('label', { class: 'small muted' }, t('shop.qty'), qty),
      h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'buy', item: it.item },
        'aria-label': `${t('shop.buy')} ${name}`, onclick: () => buyChecked(it, Number(qty.value), name) }, t('shop.buy')),
      total);
  }
  /** What the hall would refuse is said here without asking it (a refused request is
   * logged by the browser as an error): the quantity's range, the coins, the room. The
   * hall still decides — and refuses, all or nothing, whatever changed meanwhile. A
   * purchase over 1,000 coins is confirmed first (item, count, total); cancel buys nothing.
   * @param {ShopItem} it
   * @param {number} n
   * @param {string} name */
  async function buyChecked(it, n, name) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_QTY) {
      app.toast(t('shop.qty_range', { max: MAX_QTY }));
      return null;
    }
    const { account, inventory } = app.store.get();
    if (account && /** @type {number} */ (account.coins) < it.price * n) { // (an account read has its coins)
      app.toast(t('shop.short', { n: it.price * n, have: account.coins }));
      return null;
    }
    if (inventory && roomFor(inventory, it) < n) {
      app.toast(t('err.inventory_full'));
      return null;
    }
    const total = it.price * n;
    if (total > CONFIRM_OVER && !(await confirmDialog(t('shop.confirm', { total, item: name, n }),
      { yes: t('shop.confirm_yes'), kind: 'primary' }))) return null;
    return eco.buy(it.item, n);
  }
  load();
  loadRelief();
  eco.loadInventory();

  const root = h('main', { class: 'screen shop-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('shop.title'))), balance, list, relief);
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      drawShop(state);
      drawRelief(state);
      const a = state.account;
      const inv = state.inventory;
      balance.textContent = a ? [t('shop.balance', { n: a.coins }),
        inv ? t('items.free', { free: inv.free, size: inv.size }) : ''].filter(Boolean).join(' · ') : '';
    },
    destroy() {},
  };
}
