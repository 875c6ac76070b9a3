// Friends (issue 15): add by nickname, requests to answer, friends with whether they are
// online and at which table (watch it; invite them to mine), and blocks.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { titleOf } from '../words.js';
import { fromStore } from './fromstore.js';

const REFRESH_MS = 30000; // coming and going is told (friends_changed), a friend's table is not: look again now and then

/** A person of my lists (the friends read): who, and for a friend where he is.
 * @typedef {{ id: number, nickname: string, level: number, title?: string | null, title_en?: string | null,
 *   online?: boolean, table?: number | null }} FriendRow */
/** @typedef {{ friends: FriendRow[], incoming: FriendRow[], outgoing: FriendRow[], blocked: FriendRow[] }} FriendLinks */

/** @param {import('../actions/app.js').App} app */
export function createFriends(app) {
  const { act } = app;
  const nick = h('input', { id: 'friend-nick', maxlength: 32, autocomplete: 'off',
    placeholder: t('friends.nick_ph'), 'aria-label': t('friends.nick_ph') });
  const add = h('form', { class: 'friend-add', onsubmit: async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const name = nick.value.trim();
    if (!name) return;
    try {
      const r = await act.friendRequest(name);
      app.toast(t(r.status === 'friends' ? 'friends.now_friends' : 'friends.sent', { name }), 'info');
      nick.value = '';
      load();
    } catch { /* said in a toast */ }
  } }, nick, h('button', { class: 'btn primary', type: 'submit' }, t('friends.add')));
  const sections = h('div', { class: 'friend-sections' });
  const root = h('main', { class: 'screen friends-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('friends.title'))), add, sections);
  /** @type {number | null} */
  let version = null;
  /** @type {FriendLinks | null} */
  let links = null;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer; // (none: undefined, not null — clearInterval's type takes it)

  /** @param {FriendRow} f */
  const who = (f) => h('a', { href: hrefOf('profile', f.id) }, f.nickname);
  /** @param {FriendRow} f */
  const meta = (f) => h('small', { class: 'muted' }, ` ${t('lb.level', { n: f.level })} · ${titleOf(f)}`);
  /** @type {(label: string, action: string, onclick: () => Promise<unknown>, cls?: string) => any} */
  const button = (label, action, onclick, cls = 'ghost') => h('button', { class: `btn small ${cls}`, type: 'button',
    dataset: { action }, onclick: () => onclick().then(load, () => null) }, label);

  /** @param {string} title
   * @param {string} key
   * @param {any[]} rows
   * @param {string} empty */
  function section(title, key, rows, empty) {
    return h('section', { class: 'friend-section', dataset: { list: key } },
      h('h2', {}, title, h('span', { class: 'muted small' }, ` (${rows.length})`)),
      rows.length ? h('ul', { class: 'friend-list' }, rows) : h('p', { class: 'muted small' }, empty));
  }

  function render() {
    if (!links) return;
    const state = app.store.get();
    const myTable = state.myTable;
    const friends = links.friends.map((f) => h('li', { class: ['friend', f.online && 'online'], dataset: { account: f.id } },
      h('span', { class: 'presence', 'aria-hidden': 'true' }), who(f), meta(f),
      h('span', { class: 'friend-status small' }, f.table !== null
        ? h('a', { href: hrefOf('table', f.table) }, t('friends.at_table', { table: f.table }))
        : t(f.online ? 'friends.online' : 'friends.offline')),
      h('span', { class: 'friend-actions' },
        myTable !== null && f.table !== myTable
          ? button(t('friends.invite'), 'invite', () => act.invite(myTable, f.id).then(
            () => app.toast(t('friends.invite_sent', { name: f.nickname }), 'info')), 'primary') : null,
        button(t('friends.remove'), 'unfriend', () => act.unfriend(f.id)),
        button(t('friends.block'), 'block', () => act.block(f.id, true)))));
    const incoming = links.incoming.map((f) => h('li', { class: 'friend', dataset: { account: f.id } },
      who(f), meta(f), h('span', { class: 'friend-actions' },
        button(t('friends.accept'), 'accept', () => act.friendAnswer(f.id, true), 'primary'),
        button(t('friends.decline'), 'decline', () => act.friendAnswer(f.id, false)),
        button(t('friends.block'), 'block', () => act.block(f.id, true)))));
    const outgoing = links.outgoing.map((f) => h('li', { class: 'friend', dataset: { account: f.id } },
      who(f), meta(f), h('span', { class: 'friend-status small muted' }, t('friends.waiting'))));
    const blocked = links.blocked.map((f) => h('li', { class: 'friend', dataset: { account: f.id } },
      who(f), h('span', { class: 'friend-actions' },
        button(t('friends.unblock'), 'unblock', () => act.block(f.id, false)))));
    const parts = [];
    if (incoming.length) parts.push(section(t('friends.incoming'), 'incoming', incoming, ''));
    parts.push(section(t('friends.friends'), 'friends', friends, t('friends.none')));
    if (outgoing.length) parts.push(section(t('friends.outgoing'), 'outgoing', outgoing, ''));
    if (blocked.length) parts.push(section(t('friends.blocked'), 'blocked', blocked, ''));
    sections.replaceChildren(...parts);
  }

  /** Read my friends again (into the store: the page follows in ``update``). */
  const load = () => app.act.read('friends').catch(() => null);

  const draw = fromStore('friends', (data) => { links = data; render(); },
    (code, message) => sections.replaceChildren(h('p', { class: 'form-error' }, app.errorText({ code, message }))));
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (!state.account) return;
      draw(state);
      if (state.friendsVersion !== version) {
        version = state.friendsVersion;
        load();
      }
      if (timer === undefined) timer = setInterval(load, REFRESH_MS);
    },
    destroy() { clearInterval(timer); },
  };
}
