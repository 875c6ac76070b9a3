// The shop (R44): the items and their prices from GET /api/shop, buying (POST
// /api/shop/buy; the balance and the inventory follow), and the daily relief 救济金
// (GET/POST /api/relief).

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';
import { itemIcon } from './itemicons.js';

export function createShop(app) {
  const { eco, api } = app;
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

  async function load() {
    try {
      const { items } = await api.shop();
      list.replaceChildren(...items.map((it) => {
        const name = getLang() === 'en' ? it.en : it.zh;
        return h('li', { class: 'shop-item panel', dataset: { item: it.item } },
          h('div', { class: 'shop-item-head' }, itemIcon(it.item), h('h3', {}, name)),
          h('p', { class: 'muted small' }, t(`item.${it.item}.d`)),
          h('p', { class: 'price' }, t('shop.price', { n: it.price }),
            it.stackable ? h('span', { class: 'muted small' }, ` · ${t('shop.stacks')}`) : ''),
          h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'buy', item: it.item },
            'aria-label': `${t('shop.buy')} ${name}`, onclick: () => eco.buy(it.item) }, t('shop.buy')));
      }));
    } catch (e) {
      list.replaceChildren(h('li', { class: 'form-error' }, app.errorText(e)));
    }
  }
  async function loadRelief() {
    try {
      const r = await api.reliefStatus();
      reliefBtn.disabled = !r.available;
      reliefNote.textContent = r.available ? t('shop.relief_can', { line: r.line })
        : t('shop.relief_cannot', { line: r.line });
    } catch (e) {
      reliefNote.textContent = app.errorText(e);
    }
  }
  load();
  loadRelief();
  eco.loadInventory();

  const root = h('main', { class: 'screen shop-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('shop.title'))), balance, list, relief);
  return {
    root,
    update(state) {
      const a = state.account;
      const inv = state.inventory;
      balance.textContent = a ? [t('shop.balance', { n: a.coins }),
        inv ? t('items.free', { free: inv.free, size: inv.size }) : ''].filter(Boolean).join(' · ') : '';
    },
    destroy() {},
  };
}
