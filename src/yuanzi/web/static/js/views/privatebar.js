// A private table's bar (好友房, issues 15 and 27): its room code to say aloud, its invite
// link to copy and send, and for its owner the lock and who watches (to send one away).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

/** @param {string} token */
export function inviteUrl(token) {
  return `${location.origin}${location.pathname}${hrefOf('join', token)}`;
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard (http, an old browser): the link is shown to copy by hand
  }
}

/** The room code in two groups of four, as it is said aloud (its text stays the digits).
 * @param {string | null | undefined} code */
function codeParts(code) {
  if (!code || code.length !== 8) return [code || ''];
  return [h('span', {}, code.slice(0, 4)), h('span', { class: 'code-gap' }, code.slice(4))];
}

/** Who watches the table; for its owner, a button to send each away.
 * @param {any} app
 * @param {number} tableId
 * @param {import('../state/shapes.js').TableView} table
 * @param {boolean} isOwner */
function watchersOf(app, tableId, table, isOwner) {
  const watchers = table.watchers || [];
  if (!watchers.length) return [];
  return [h('span', { class: 'watchers' }, h('span', { class: 'label' }, t('private.watchers')),
    ...watchers.map((/** @type {{ account_id: number, nickname: string }} */ w) => h('span', { class: 'chip watcher', dataset: { account: w.account_id } }, w.nickname,
      isOwner ? h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'send-away' },
        'aria-label': t('private.send_away_name', { name: w.nickname }),
        onclick: () => app.act.removeSpectator(tableId, w.account_id) }, t('private.send_away')) : null)))];
}

/** @param {any} app
 * @param {number} tableId */
export function createPrivateBar(app, tableId) {
  const root = h('div', { class: 'private-bar', role: 'group', 'aria-label': t('private.label'), hidden: true });
  let key = '';
  let open = false; // the fold's state survives a re-render (a watcher coming, the lock)
  return {
    root,
    /** ``playing``: during a game the code, the link, the lock and the watchers fold into
     * one small chip (issue 31: a phone's head is not the place for them while playing).
     * @param {import('../state/shapes.js').TableView} table
     * @param {boolean} seated
     * @param {boolean} isOwner */
    render(table, seated, isOwner, playing = false) {
      const k = JSON.stringify([table.private, table.room_code, table.invite, table.locked, seated, isOwner,
        table.watchers || [], playing, table.club]);
      if (k === key) return;
      key = k;
      root.hidden = !table.private;
      root.classList.toggle('folded', playing);
      if (!table.private) {
        root.replaceChildren();
        return;
      }
      const url = table.invite ? inviteUrl(table.invite) : '';
      // shown only when the clipboard refused (to copy by hand), and gone once copied
      const link = h('input', { class: 'invite-link', readonly: true, value: url, 'aria-label': t('private.link'),
        hidden: true, onfocus: (/** @type {FocusEvent} */ ev) => /** @type {HTMLInputElement} */ (ev.target).select(), onblur: () => { link.hidden = true; } });
      const copyBtn = h('button', { class: 'btn small', type: 'button', dataset: { action: 'copy-invite' },
        onclick: async () => {
          if (await copy(url)) {
            app.toast(t('private.copied'), 'info');
            return;
          }
          link.hidden = false;
          link.focus();
        } }, t('private.copy'));
      // folded on a phone, the chip is the code alone (table.css; its summary's name says
      // what it is): the head keeps to two rows in English too
      const chip = h('span', { class: 'chip room-code-chip', dataset: { code: table.room_code } },
        h('span', { class: 'code-label' }, t('private.code', { code: '' })), ...codeParts(table.room_code));
      // a club's table opens by the club only: its code and link would open nothing
      const clubChip = h('span', { class: 'chip club-table-chip' }, t('private.club_table'));
      const parts = table.club ? [clubChip] : playing ? [copyBtn] : [chip, copyBtn];
      if (table.locked) parts.push(h('span', { class: 'chip locked' }, t('private.locked')));
      if (isOwner) {
        parts.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'lock' },
          'aria-pressed': String(table.locked),
          onclick: () => app.act.lockTable(tableId, !table.locked) },
        t(table.locked ? 'private.unlock' : 'private.lock')));
      }
      const rest = [...parts, ...watchersOf(app, tableId, table, isOwner), link];
      if (!playing) {
        root.replaceChildren(...rest);
        return;
      }
      const watching = (table.watchers || []).length;
      const fold = h('details', { class: 'private-fold', open, ontoggle: () => { open = fold.open; } },
        h('summary', { 'aria-label': t('private.fold', { code: table.room_code }) }, chip,
          watching ? h('span', { class: 'fold-count', 'aria-label': t('private.watching_n', { n: watching }) }, `👁 ${watching}`) : null,
          table.locked ? h('span', { class: 'fold-lock', 'aria-label': t('private.locked') }, '🔒') : null),
        h('div', { class: 'private-pop' }, ...rest));
      root.replaceChildren(fold);
    },
  };
}
