// Screens waiting for the economy's server endpoints: items (inventory, R43), shop
// (R41, R44), leaderboard and profile. Navigation, layout and labels are final; the
// data arrives when the hall offers it (see the report of issue 6).

import { h } from '../dom.js';
import { t } from '../i18n.js';

export const SLOTS = 24;
export const SHOP = [
  ['sign', 1000], ['gold_sign', 10000], ['timer', 500], ['card_counter', 300],
  ['tablecloth', 2000], ['recorder', 300],
];

const soon = () => h('p', { class: 'notice' }, t('shell.soon'));

function screen(cls, titleKey, ...body) {
  return h('main', { class: `screen shell-screen ${cls}`, id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t(titleKey))), ...body);
}

export function createItems() {
  let picked = null;
  const grid = h('ul', { class: 'slots', 'aria-label': t('items.slots', { n: SLOTS }) });
  for (let i = 0; i < SLOTS; i++) {
    const slot = h('button', { type: 'button', class: 'slot', 'aria-pressed': 'false', dataset: { slot: i },
      'aria-label': t('items.slot', { n: i + 1 }),
      onclick: () => {
        // R43: click one slot, then another, to swap them (wired to the server later)
        if (picked === null) picked = i;
        else picked = null;
        grid.querySelectorAll('.slot').forEach((el, k) => el.setAttribute('aria-pressed', String(k === picked)));
      } });
    grid.append(h('li', {}, slot));
  }
  const tools = h('div', { class: 'item-tools' },
    ['counter', 'cloth', 'rename'].map((k) => h('button', { class: 'btn small', type: 'button', disabled: true },
      t(`items.${k}`))));
  return { root: screen('items-screen', 'items.title', soon(), h('p', { class: 'muted small' },
    t('items.slots', { n: SLOTS })), grid, tools), update() {}, destroy() {} };
}

export function createShop() {
  const list = h('ul', { class: 'shop-list' }, SHOP.map(([key, price]) => h('li', { class: 'shop-item panel' },
    h('h3', {}, t(`item.${key}`)), h('p', { class: 'muted small' }, t(`item.${key}.d`)),
    h('p', { class: 'price' }, t('shop.price', { n: price })),
    h('button', { class: 'btn small', type: 'button', disabled: true,
      'aria-label': `${t('shop.buy')} ${t(`item.${key}`)}` }, t('shop.buy')))));
  return { root: screen('shop-screen', 'shop.title', soon(), list), update() {}, destroy() {} };
}

export function createLeaderboard() {
  const table = h('table', { class: 'board' },
    h('thead', {}, h('tr', {}, ['lb.rank', 'lb.player', 'lb.title_col', 'lb.score'].map((k) =>
      h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('shell.soon')))));
  return { root: screen('leaderboard-screen', 'lb.title', h('div', { class: 'scroll-x' }, table)),
    update() {}, destroy() {} };
}

export function createProfile(app) {
  const dl = h('dl', { class: 'profile panel' });
  app.act.refreshAccount();
  return {
    root: screen('profile-screen', 'profile.title', dl),
    update(state) {
      const a = state.account;
      if (!a) return;
      dl.replaceChildren(...[['profile.nickname', a.nickname], ['profile.title_col', a.title],
        ['profile.level', a.level], ['profile.score', a.score], ['profile.coins', a.coins],
        ['profile.role', a.role]].flatMap(([k, v]) => [h('dt', {}, t(k)), h('dd', {}, String(v))]));
    },
    destroy() {},
  };
}
