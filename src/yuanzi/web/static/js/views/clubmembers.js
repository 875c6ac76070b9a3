// A club's members (issue 26, issue 44): who is in, online or playing, who waits to come
// in, who is banned, and what the founder or a manager may do to each.

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { confirmDialog } from './confirm.js';
import { isManager, mayActOn } from './clubwords.js';

/** @typedef {import('./clubwords.js').ClubMember} ClubMember */
/** A manager's action and what follows it (the club's page, clubs.js): resolves with its
 * answer, or null when refused (the refusal said).
 * @typedef {(run: () => Promise<any>, after?: ((result: any) => void) | null) => Promise<any>} Act */

/** The members' section: ``render()`` it from ``pageOf()`` (the club's page as last
 * loaded); ``act(run, after)`` does a manager's action and reloads the page; ``menus``: the
 * members whose 管理 menu is open (kept across a refresh).
 * @param {{ app: import('../actions/app.js').App, clubId: number, members: HTMLElement, act: Act,
 *   menus: Set<number>, pageOf: () => import('./clubwords.js').ClubPage }} given */
export function createClubMembers({ app, clubId, members, act, menus, pageOf }) {
  /** @type {(action: string, label: string, name: string, run: () => void, kind?: string) => any} */
  const button = (action, label, name, run, kind = 'ghost') => h('button', { class: ['btn small', kind], type: 'button',
    dataset: { action }, 'aria-label': name, onclick: run }, label);

  /** What `me` may do to a member, as buttons: 移出 and 封禁 (a manager to members, the
   * founder to anyone), 设为/取消管理员 and 转让圈主 (the founder only).
   * @param {ClubMember} m
   * @param {ClubMember} me */
  function memberActions(m, me) {
    const buttons = [];
    const name = m.nickname;
    if (mayActOn(me, m)) {
      buttons.push(button('remove-member', t('club.remove'), t('club.remove_name', { name }), async () => {
        if (await confirmDialog(t('club.remove_confirm', { name }), { yes: t('club.remove') })) {
          menus.delete(m.account_id);
          act(() => app.act.removeMember(clubId, m.account_id));
        }
      }, ''),
      button('ban-member', t('club.ban'), t('club.ban_name', { name }), async () => {
        if (await confirmDialog(t('club.ban_confirm', { name }), { yes: t('club.ban') })) {
          menus.delete(m.account_id);
          act(() => app.act.banMember(clubId, m.account_id, true));
        }
      }, 'warn'));
    }
    if (me.role === 'founder' && m.role !== 'founder') {
      const on = m.role !== 'manager';
      buttons.push(button('set-manager', t(on ? 'club.make_manager' : 'club.unmake_manager'),
        t(on ? 'club.make_manager_name' : 'club.unmake_manager_name', { name }),
        () => act(() => app.act.nameManager(clubId, m.account_id, on),
          () => /** @type {HTMLElement | null} */ (members.querySelector(`.member[data-account="${m.account_id}"] [data-action=set-manager]`))?.focus()), ''),
      button('hand-on', t('club.hand_on'), t('club.hand_on_name', { name }), async () => {
        if (!(await confirmDialog(t('club.hand_on_confirm', { name, club: pageOf().club.name }), { yes: t('club.hand_on') }))) return;
        menus.clear();
        act(() => app.act.handClubOn(clubId, m.account_id),
          (r) => { if (r) app.toast(t('club.handed_on', { name }), 'info', 6000); });
      }, ''));
    }
    return buttons;
  }

  /** @param {ClubMember} m
   * @param {ClubMember} me */
  function memberItem(m, me) {
    const presence = m.playing ? 'playing' : m.online ? 'online' : 'offline';
    let actions = null;
    /** @type {any} */
    let menu = null; // (its element, once built: its toggle shows and hides it)
    if (m.standing === 'pending' && isManager(me)) {
      actions = h('span', { class: 'member-actions' },
        button('approve', t('club.approve'), t('club.approve_name', { name: m.nickname }),
          () => act(() => app.act.answerMember(clubId, m.account_id, true)), 'primary'),
        button('refuse', t('club.refuse'), t('club.refuse_name', { name: m.nickname }),
          () => act(() => app.act.answerMember(clubId, m.account_id, false))));
    } else if (m.standing === 'member') {
      const buttons = memberActions(m, me);
      if (buttons.length) { // folded behind 管理: a phone's row holds the name and one button
        const open = menus.has(m.account_id);
        const menuId = `club-member-menu-${m.account_id}`;
        menu = h('div', { class: 'member-menu', id: menuId, role: 'group', hidden: !open,
          'aria-label': t('club.manage_name', { name: m.nickname }) }, buttons);
        const toggle = h('button', { class: 'btn small member-manage', type: 'button', dataset: { action: 'manage-member' },
          'aria-expanded': String(open), 'aria-controls': menuId, 'aria-label': t('club.manage_name', { name: m.nickname }),
          onclick: () => {
            const now = menu.hidden;
            menu.hidden = !now;
            toggle.setAttribute('aria-expanded', String(now));
            if (now) menus.add(m.account_id); else menus.delete(m.account_id);
          } }, t('club.manage'));
        actions = h('span', { class: 'member-actions' }, toggle);
      }
    }
    return h('li', { class: ['member', presence], dataset: { account: m.account_id, standing: m.standing } },
      h('span', { class: 'presence', 'aria-hidden': 'true' }),
      h('a', { href: hrefOf('profile', m.account_id) }, m.nickname),
      m.role !== 'member' ? h('span', { class: ['chip role', m.role] }, t(`club.role.${m.role}`)) : null,
      h('span', { class: 'member-end' }, // 在线 and 管理 stay together, right, wrapping as one
        h('span', { class: 'member-status small muted' },
          m.standing === 'pending' ? t('club.waiting') : t(`club.presence.${presence}`)),
        actions),
      menu);
  }

  /** @param {ClubMember} m
   * @param {ClubMember} me */
  function bannedItem(m, me) {
    return h('li', { class: 'member banned', dataset: { account: m.account_id, standing: m.standing } },
      h('a', { href: hrefOf('profile', m.account_id) }, m.nickname),
      mayActOn(me, m) ? h('span', { class: 'member-actions' },
        button('unban-member', t('club.unban'), t('club.unban_name', { name: m.nickname }),
          () => act(() => app.act.banMember(clubId, m.account_id, false)))) : null);
  }

  function renderMembers() {
    const { me } = pageOf();
    /** @type {Record<string, number>} */
    const order = { founder: 0, manager: 1, member: 2 };
    /** @type {(m: ClubMember) => number} */
    const rank = (m) => (m.playing ? 0 : m.online ? 1 : 2);
    /** @type {(a: ClubMember, b: ClubMember) => number} */
    const byName = (a, b) => a.nickname.localeCompare(b.nickname);
    const shown = pageOf().members.filter((m) => m.standing === 'member')
      .sort((a, b) => order[a.role] - order[b.role] || rank(a) - rank(b) || byName(a, b));
    const waiting = pageOf().members.filter((m) => m.standing === 'pending');
    const banned = isManager(me) ? pageOf().members.filter((m) => m.standing === 'banned').sort(byName) : [];
    for (const id of [...menus]) if (!shown.some((m) => m.account_id === id)) menus.delete(id);
    const online = shown.filter((m) => m.online).length;
    fill(members,
      h('h2', { id: 'club-members-title' }, t('club.members'),
        h('span', { class: 'muted small' }, ` ${t('club.online_of', { n: online, of: shown.length })}`)),
      waiting.length ? h('div', { class: 'club-waiting' }, h('h3', {}, t('club.waiting_title', { n: waiting.length })),
        h('ul', { class: 'member-list' }, waiting.map((m) => memberItem(m, me)))) : null,
      h('ul', { class: 'member-list' }, shown.map((m) => memberItem(m, me))),
      banned.length ? h('div', { class: 'club-banned', role: 'region', 'aria-labelledby': 'club-banned-title' },
        h('h3', { id: 'club-banned-title' }, t('club.banned_title', { n: banned.length })),
        h('p', { class: 'muted small' }, t('club.banned_hint')),
        h('ul', { class: 'member-list' }, banned.map((m) => bannedItem(m, me)))) : null);
  }

  return { render: renderMembers };
}
