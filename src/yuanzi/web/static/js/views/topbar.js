// The bar above every screen: brand, navigation (a menu on a phone), the player, the
// language switch, log out — and the offline banner while the socket reconnects.

import { h } from '../dom.js';
import { getLang, setLang, t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { titleOf } from '../words.js';

const NAV = ['lobby', 'clubs', 'tournaments', 'friends', 'items', 'shop', 'leaderboard', 'profile', 'replays', 'guide', 'admin'];

/** @param {import('../actions/app.js').App} app */
export function createTopbar(app) {
  // on a phone 退出 lives in the menu, away from the ☰ button (base.css)
  const navLogout = h('button', { class: 'nav-link nav-logout', type: 'button', dataset: { action: 'logout' },
    onclick: () => { menu.setAttribute('aria-expanded', 'false'); app.act.logout(); } }, t('nav.logout'));
  const nav = h('nav', { class: 'nav', id: 'main-nav', 'aria-label': t('nav.main') },
    NAV.map((name) => h('a', { href: hrefOf(name), class: 'nav-link', dataset: { screen: name },
      onclick: () => menu.setAttribute('aria-expanded', 'false') }, t(`nav.${name}`))), navLogout);
  const menu = h('button', { class: 'btn ghost menu-btn', type: 'button', 'aria-controls': 'main-nav',
    'aria-expanded': 'false', 'aria-label': t('nav.menu'),
    onclick: () => menu.setAttribute('aria-expanded',
      menu.getAttribute('aria-expanded') === 'true' ? 'false' : 'true') }, '☰');
  const who = h('span', { class: 'who' });
  const purse = h('a', { class: 'purse', href: hrefOf('shop'), dataset: { coins: '' } }); // shown on a phone too
  const lang = h('button', { class: 'btn ghost lang-btn', type: 'button', lang: getLang() === 'en' ? 'zh-CN' : 'en',
    title: t('lang.switch.label'),
    onclick: () => setLang(getLang() === 'en' ? 'zh-CN' : 'en') }, t('lang.switch'));
  const logout = h('button', { class: 'btn ghost logout-btn', type: 'button', onclick: () => app.act.logout() },
    t('nav.logout'));
  const banner = h('div', { class: 'offline-banner', role: 'status', 'aria-live': 'polite', hidden: true });
  const retry = h('button', { class: 'btn small', type: 'button', onclick: () => app.socket.reconnectNow() },
    t('conn.retry_now'));
  // Opened in another window (4409): continuing here closes that one in turn.
  const here = h('button', { class: 'btn small', type: 'button', onclick: () => app.socket.start() },
    t('conn.use_here'));
  const bannerText = h('span');
  banner.append(bannerText, retry, here);

  const bar = h('header', { class: 'topbar' },
    h('a', { class: 'brand', href: hrefOf('lobby') }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, t('app.mark')),
      h('span', { class: 'brand-name' }, t('app.name'))),
    menu, nav, h('div', { class: 'topbar-right' }, who, purse, lang, logout));
  const root = h('div', { class: 'topbar-wrap' }, bar, banner);
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let tick; // (was null: clearInterval ignores either)

  /** @param {import('../state/shapes.js').State['conn']} conn */
  function showBanner(conn) {
    const offline = conn.status === 'offline' || conn.status === 'connecting';
    const fatal = conn.status === 'forbidden' || conn.status === 'version'
      || conn.status === 'replaced';
    banner.hidden = !(offline && conn.attempt > 0) && !fatal;
    retry.hidden = fatal || conn.status === 'connecting';
    here.hidden = conn.status !== 'replaced';
    const render = () => {
      if (fatal) {
        bannerText.textContent = t(conn.status === 'version' ? 'conn.version' : `conn.${conn.status}`);
        return;
      }
      const secs = Math.max(0, Math.ceil((conn.retryAt - Date.now()) / 1000));
      bannerText.textContent = conn.status === 'connecting' ? t('conn.connecting')
        : `${t('conn.offline')} ${t('conn.retry', { n: conn.attempt, s: secs })}`;
    };
    render();
    clearInterval(tick);
    if (!banner.hidden && conn.status === 'offline') tick = setInterval(render, 500);
  }

  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      const { account } = state;
      const loggedIn = !!account; // (not Boolean(): TypeScript narrows ``account`` by it)
      bar.classList.toggle('anon', !loggedIn);
      for (const a of nav.children) {
        if (a.dataset.screen === 'admin') a.hidden = !loggedIn || account.role !== 'admin';
        const here = state.route.name === 'club' || state.route.name === 'clubjoin' ? 'clubs'
          : state.route.name === 'tournament' ? 'tournaments' : state.route.name;
        if (a.dataset.screen === here) a.setAttribute('aria-current', 'page');
        else a.removeAttribute('aria-current');
      }
      if (loggedIn) {
        who.replaceChildren(h('span', { class: 'who-name' }, account.nickname),
          h('span', { class: 'who-title' }, titleOf(account)));
        who.title = `${account.nickname} · ${titleOf(account)}`;
      } else {
        who.replaceChildren();
      }
      purse.textContent = loggedIn ? t('common.coins', { n: account.coins }) : '';
      purse.dataset.coins = loggedIn ? String(account.coins) : '';
      showBanner(state.conn);
    },
    destroy() { clearInterval(tick); },
  };
}
