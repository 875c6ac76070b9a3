// A private table's bar (好友房, issues 15 and 27): its room code to say aloud, its invite
// link to copy and send, and for its owner the lock and who watches (to send one away).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

export function inviteUrl(token) {
  return `${location.origin}${location.pathname}${hrefOf('join', token)}`;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard (http, an old browser): the link is shown to copy by hand
  }
}

/** The room code in two groups of four, as it is said aloud (its text stays the digits). */
function codeParts(code) {
  if (!code || code.length !== 8) return [code || ''];
  return [h('span', {}, code.slice(0, 4)), h('span', { class: 'code-gap' }, code.slice(4))];
}

function watchersOf(app, tableId, table, isOwner) {
  const watchers = table.watchers || [];
  if (!watchers.length) return [];
  return [h('span', { class: 'watchers' }, h('span', { class: 'label' }, t('private.watchers')),
    ...watchers.map((w) => h('span', { class: 'chip watcher', dataset: { account: w.account_id } }, w.nickname,
      isOwner ? h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'send-away' },
        'aria-label': t('private.send_away_name', { name: w.nickname }),
        onclick: () => app.act.removeSpectator(tableId, w.account_id) }, t('private.send_away')) : null)))];
}

export function createPrivateBar(app, tableId) {
  const root = h('div', { class: 'private-bar', role: 'group', 'aria-label': t('private.label'), hidden: true });
  let key = '';
  return {
    root,
    render(table, seated, isOwner) {
      const k = JSON.stringify([table.private, table.room_code, table.invite, table.locked, seated, isOwner,
        table.watchers || []]);
      if (k === key) return;
      key = k;
      root.hidden = !table.private;
      if (!table.private) {
        root.replaceChildren();
        return;
      }
      const url = table.invite ? inviteUrl(table.invite) : '';
      const link = h('input', { class: 'invite-link', readonly: true, value: url, 'aria-label': t('private.link'),
        hidden: true, onfocus: (ev) => ev.target.select() });
      const copyBtn = h('button', { class: 'btn small', type: 'button', dataset: { action: 'copy-invite' },
        onclick: async () => {
          if (await copy(url)) app.toast(t('private.copied'), 'info');
          link.hidden = false;
          link.focus();
        } }, t('private.copy'));
      const parts = [
        h('span', { class: 'chip room-code-chip', dataset: { code: table.room_code } },
          t('private.code', { code: '' }), ...codeParts(table.room_code)),
        copyBtn,
      ];
      if (table.locked) parts.push(h('span', { class: 'chip locked' }, t('private.locked')));
      if (isOwner) {
        parts.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'lock' },
          'aria-pressed': String(table.locked),
          onclick: () => app.act.lockTable(tableId, !table.locked) },
        t(table.locked ? 'private.unlock' : 'private.lock')));
      }
      root.replaceChildren(...parts, ...watchersOf(app, tableId, table, isOwner), link);
    },
  };
}
