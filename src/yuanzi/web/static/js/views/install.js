// 安装到桌面 (issue 47): the browser offers to install the hall as an app; we ask the
// player once, at the right moment — when his first game here has ended — not on arrival.

import { t } from '../i18n.js';

const ASKED = 'yuanzi.install.asked';

const asked = () => {
  try { return localStorage.getItem(ASKED) !== null; } catch { return true; }
};
const remember = () => {
  try { localStorage.setItem(ASKED, String(Date.now())); } catch { /* private mode */ }
};

/** The browser's install offer (beforeinstallprompt: not in TypeScript's DOM types).
 * @typedef {Event & { prompt: () => Promise<unknown> }} InstallOffer */

/** Keep the browser's install offer, and make it when a game of mine has ended.
 * @param {import('../actions/app.js').App} app */
export function watchInstall(app) {
  /** @type {InstallOffer | null} */
  let offer = null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // (not on arrival: after a game)
    offer = /** @type {InstallOffer} */ (event);
  });
  window.addEventListener('appinstalled', () => { offer = null; remember(); });
  /** @type {number | null} */
  let seenOver = null;
  app.store.subscribe((state) => {
    const over = state.over;
    if (!over || over.game_id === seenOver) return;
    seenOver = over.game_id;
    const mine = (over.seats || []).some((/** @type {{ account_id?: number | null }} */ x) => state.account && x.account_id === state.account.id);
    if (!offer || !mine || asked()) return;
    remember();
    const chance = offer;
    app.toast(t('install.ask'), 'info', 20000, { label: t('install.do'), run: () => {
      chance.prompt();
      offer = null;
    } });
  });
}
