// #/join/<token>: a private table's invite link (issue 15). Logged out, the token waits in
// this tab (sessionStorage) through login or registration; then the hall admits the
// player and seats him (or lets him watch a full table).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

export { keepInvite, peekInvite, takeInvite } from '../invites.js';

/** @param {import('../actions/app.js').App} app
 * @param {string | null} token */
export function createJoin(app, token) {
  const note = h('p', { class: 'join-note', 'aria-live': 'polite' }, t('join.opening'));
  const back = h('a', { class: 'btn', href: hrefOf('lobby'), hidden: true }, t('join.to_lobby'));
  const root = h('main', { class: 'screen join-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('join.title'))), note, back);
  let started = false;
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (started || state.conn.status !== 'online') return;
      started = true;
      if (!token) {
        note.textContent = t('err.no_such_code');
        back.hidden = false;
        return;
      }
      app.act.joinLink(token).catch((/** @type {unknown} */ e) => {
        note.textContent = app.errorText(e);
        back.hidden = false;
      });
    },
    destroy() {},
  };
}
