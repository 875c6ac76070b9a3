// Clubs (亲友圈, issue 26): #/clubs — my clubs, making one, coming in by its nine-digit
// code; #/club/<id> — a club's page: notice, code and invite link, its open tables (进入,
// 开桌), its members (who is online or playing, who waits to come in), its tally by week,
// month or all time, its latest sessions (each opens its summary), and for its founder and
// managers the door, the rules and session length its tables open for and the tally's
// reset, and on each member they may act on a 管理 menu (移出, 封禁; for the founder also
// 设为/取消管理员 and 转让圈主), with the banned listed apart (解除封禁);
// #/clubjoin/<token> — a club's invite link (through login when logged out).

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { SESSION_LENGTHS, bigWinners, lengthText, playedText, playerName, ranked, reasonText, rulesLine, signed, when }
  from '../sessions.js';
import { tableName } from '../words.js';
import { confirmDialog } from './confirm.js';
import { rulesFields } from './create.js';
import { promptDialog } from './prompt.js';
import { knowClubName, openSessionSummary } from './summary.js';

const REFRESH_MS = 15000; // who is online, the open tables: looked at again now and then
const NAME_MAX = 20;
const NOTICE_MAX = 200;
export { keepClubInvite, takeClubInvite } from '../invites.js';

export const clubInviteUrl = (token) => `${location.origin}${location.pathname}${hrefOf('clubjoin', token)}`;

/** The nine digits in three groups of three, as they are said aloud (issue 44). */
const codeText = (code) => (code && code.length === 9
  ? `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}` : code || '');

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const isManager = (me) => me && (me.role === 'founder' || me.role === 'manager');
const RANK = { member: 0, manager: 1, founder: 2 };

/** Whether `me` may approve, remove or ban `m`, as the hall decides it
 * (hall/clubs/rules.py may_act_on): a manager acts on members, the founder on anyone but
 * himself. */
const mayActOn = (me, m) => isManager(me) && me.account_id !== m.account_id && RANK[me.role] > RANK[m.role];

/** The club's house rules (§12) in a dialog sharing the create dialog's fields: resolves
 * with the rules to fix (what differs from the defaults; null: the standard rules, nothing
 * fixed), or undefined when cancelled. */
function houseRulesDialog(current) {
  return new Promise((resolve) => {
    const fields = rulesFields('club-rule', current);
    const dialog = h('dialog', { class: 'dialog club-rules-dialog', 'aria-labelledby': 'club-rules-title' });
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(h('form', { method: 'dialog', onsubmit: (ev) => {
      ev.preventDefault();
      const rules = fields.read();
      done(Object.keys(rules).length ? rules : null);
    } },
    h('h2', { id: 'club-rules-title' }, t('club.house_rules')),
    h('p', { class: 'muted small' }, t('club.house_rules_hint')),
    fields.nodes,
    h('div', { class: 'dialog-actions' },
      h('button', { class: 'btn', type: 'button', dataset: { action: 'club-rules-cancel' }, onclick: () => done(undefined) },
        t('common.no')),
      h('button', { class: 'btn primary', type: 'submit', dataset: { action: 'club-rules-save' } }, t('club.house_rules_save')))));
    dialog.addEventListener('cancel', () => done(undefined));
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Into a club: a member at once (an open club), or waiting for its managers. */
function joined(app, r) {
  knowClubName(r.club.id, r.club.name);
  if (r.status === 'member') {
    app.toast(t('club.joined', { name: r.club.name }), 'info');
    app.navigate('club', r.club.id);
  } else {
    app.toast(t('club.pending', { name: r.club.name }), 'info', 8000);
  }
}

// -- #/clubs ------------------------------------------------------------------------------

export function createClubs(app) {
  const list = h('ul', { class: 'club-list', 'aria-live': 'polite' }, h('li', { class: 'muted' }, t('common.loading')));
  const joinError = h('p', { class: 'form-error', role: 'alert' });
  const createError = h('p', { class: 'form-error', role: 'alert' });
  const code = h('input', { id: 'club-code', inputmode: 'numeric', autocomplete: 'off', maxlength: 11,
    placeholder: '000 000 000', class: 'club-code-input', pattern: '\\d{3} ?\\d{3} ?\\d{3}' });
  const name = h('input', { id: 'club-name', maxlength: NAME_MAX, autocomplete: 'off', required: true,
    placeholder: t('club.name_ph') });
  const notice = h('textarea', { id: 'club-notice', maxlength: NOTICE_MAX, rows: 3, placeholder: t('club.notice_ph') });

  const joinForm = h('form', { class: 'club-form panel', onsubmit: async (ev) => {
    ev.preventDefault();
    const digits = code.value.replace(/\s+/g, '');
    joinError.textContent = '';
    if (!/^\d{9}$/.test(digits)) {
      joinError.textContent = t('club.code_nine');
      return;
    }
    try {
      joined(app, await app.api.clubs.join({ code: digits }));
      code.value = '';
      load();
    } catch (e) {
      joinError.textContent = app.errorText(e);
    }
  } },
  h('h2', {}, t('club.join_title')),
  h('div', { class: 'field' }, h('label', { for: 'club-code' }, t('club.code')),
    h('div', { class: 'club-code-row' }, code, h('button', { class: 'btn primary', type: 'submit' }, t('club.join')))),
  h('p', { class: 'muted small' }, t('club.join_hint')), joinError);

  const createForm = h('form', { class: 'club-form panel', onsubmit: async (ev) => {
    ev.preventDefault();
    createError.textContent = '';
    const n = name.value.trim();
    if (!n) return;
    try {
      const club = await app.api.clubs.create(n, notice.value.trim());
      knowClubName(club.id, club.name);
      app.navigate('club', club.id);
    } catch (e) {
      createError.textContent = app.errorText(e);
    }
  } },
  h('h2', {}, t('club.create_title')),
  h('div', { class: 'field' }, h('label', { for: 'club-name' }, t('club.name')), name),
  h('div', { class: 'field' }, h('label', { for: 'club-notice' }, t('club.notice_optional')), notice),
  h('p', { class: 'muted small' }, t('club.create_hint')),
  createError,
  h('div', { class: 'dialog-actions' }, h('button', { class: 'btn primary', type: 'submit' }, t('club.create'))));

  async function load() {
    try {
      const { clubs, pending = [] } = await app.api.clubs.mine();
      const me = app.store.get().account;
      const waiting = pending.map((c) => h('li', { class: 'club-card pending', dataset: { club: c.id } },
        h('span', { class: 'club-card-name', translate: 'no' }, c.name),
        h('span', { class: 'chip club-pending' }, t('club.pending_chip')),
        h('p', { class: 'muted small' }, t('club.pending_note'))));
      list.replaceChildren(...(clubs.length || waiting.length ? clubs.map((c) => {
        knowClubName(c.id, c.name);
        return h('li', { class: 'club-card', dataset: { club: c.id } },
          h('a', { class: 'club-card-name', href: hrefOf('club', c.id) }, c.name),
          h('span', { class: 'muted small' }, t('club.members_n', { n: c.members }),
            me && c.founder_id === me.id ? ` · ${t('club.role.founder')}` : '',
            c.session_games !== null ? ` · ${lengthText(c.session_games)}` : ''),
          c.notice ? h('p', { class: 'club-card-notice small' }, c.notice) : null);
      }).concat(waiting) : [h('li', { class: 'muted empty-clubs' }, t('club.none'))]));
    } catch (e) {
      list.replaceChildren(h('li', { class: 'form-error' }, app.errorText(e)));
    }
  }

  const root = h('main', { class: 'screen clubs-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('club.title'))),
    h('p', { class: 'muted club-intro' }, t('club.intro')),
    h('section', { class: 'club-mine', 'aria-labelledby': 'club-mine-title' },
      h('h2', { id: 'club-mine-title' }, t('club.mine')), list),
    h('div', { class: 'club-forms' }, joinForm, createForm));
  let loaded = false;
  let news = null;
  return {
    root,
    update(state) {
      if (!loaded && state.account) {
        loaded = true;
        news = state.clubNews;
        load();
      } else if (loaded && state.clubNews !== news) { // let in, or refused: the list moves
        news = state.clubNews;
        load();
      }
    },
    destroy() {},
  };
}

// -- #/clubjoin/<token> -------------------------------------------------------------------

export function createClubJoin(app, token) {
  const note = h('p', { class: 'join-note', 'aria-live': 'polite' }, t('club.joining'));
  const back = h('a', { class: 'btn', href: hrefOf('clubs'), hidden: true }, t('club.to_clubs'));
  const root = h('main', { class: 'screen join-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('club.join_title'))), note, back);
  let started = false;
  return {
    root,
    update(state) {
      if (started || !state.account) return;
      started = true;
      if (!token) {
        note.textContent = t('err.no_such_club');
        back.hidden = false;
        return;
      }
      app.api.clubs.join({ token }).then((r) => {
        if (r.status === 'member') {
          joined(app, r);
          return;
        }
        note.textContent = t('club.pending', { name: r.club.name });
        back.hidden = false;
      }, (e) => {
        note.textContent = app.errorText(e);
        back.hidden = false;
      });
    },
    destroy() {},
  };
}

// -- #/club/<id> --------------------------------------------------------------------------

export function createClub(app, clubId) {
  const heading = h('h1', {}, t('club.title'));
  const roleChip = h('span', { class: 'chip club-role', hidden: true });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const top = h('section', { class: 'club-top panel', 'aria-label': t('club.door') });
  const tables = h('section', { class: 'club-tables', 'aria-labelledby': 'club-tables-title' });
  const members = h('section', { class: 'club-members panel', 'aria-labelledby': 'club-members-title' });
  const tally = h('section', { class: 'club-tally', 'aria-labelledby': 'club-tally-title' });
  const sessions = h('section', { class: 'club-sessions', 'aria-labelledby': 'club-sessions-title' });
  const admin = h('section', { class: 'club-admin panel', 'aria-labelledby': 'club-admin-title', hidden: true });
  const leave = h('div', { class: 'club-leave' });
  let page = null;
  let period = 'week';
  let timer = null;
  const menus = new Set(); // the members whose 管理 menu is open (kept across a refresh)

  const grid = h('div', { class: 'club-grid' },
    h('div', { class: 'club-col main' }, tables, tally, sessions),
    h('div', { class: 'club-col side' }, top, members, admin, leave));
  // not a member (or no such club): one clear message and the way in, not empty cards (issue 45)
  const closedText = h('p', { class: 'club-closed-why' });
  const closed = h('section', { class: 'club-closed panel', role: 'status', hidden: true }, closedText,
    h('p', { class: 'muted' }, t('club.closed_how')),
    h('a', { class: 'btn primary', href: hrefOf('clubs') }, t('club.closed_to_mine')));
  const root = h('main', { class: 'screen club-screen', id: 'screen' },
    h('div', { class: 'screen-head' },
      h('a', { class: 'btn small ghost', href: hrefOf('clubs') }, `‹ ${t('club.mine')}`), heading, roleChip),
    error, closed, grid);

  function shutOut(text) {
    closedText.textContent = text;
    closed.hidden = false;
    grid.hidden = true;
    roleChip.hidden = true;
    error.textContent = '';
  }

  async function act(run, after = null) {
    try {
      const result = await run();
      if (result && result.club && result.members) {
        page = result;
        render();
      } else {
        await loadPage();
      }
      if (after) after(result);
      return result;
    } catch (e) {
      app.toast(app.errorText(e));
      return null;
    }
  }

  // -- the door: notice, code, link ------------------------------------------------------
  function renderTop() {
    const { club, me } = page;
    const url = clubInviteUrl(club.invite_token);
    const link = h('input', { class: 'invite-link club-link', readonly: true, value: url,
      'aria-label': t('club.invite_link'), onfocus: (ev) => ev.target.select() });
    fill(top,
      h('div', { class: 'club-notice-row' },
        club.notice ? h('p', { class: 'club-notice' }, club.notice) : h('p', { class: 'muted club-notice' }, t('club.no_notice')),
        isManager(me) ? h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'edit-notice' },
          onclick: async () => {
            const text = await promptDialog(t('club.notice'), { value: club.notice, max: NOTICE_MAX });
            if (text !== null) act(() => app.api.clubs.configure(clubId, { notice: text }));
          } }, t('club.edit_notice')) : null),
      h('div', { class: 'club-door' },
        h('span', { class: 'club-code-label' }, t('club.code')),
        h('b', { class: 'club-code', dataset: { code: club.join_code }, 'aria-label': t('club.code_is', { code: club.join_code }) },
          codeText(club.join_code)),
        h('button', { class: 'btn small', type: 'button', dataset: { action: 'copy-club-link' },
          onclick: async () => {
            if (await copyText(url)) app.toast(t('club.copied'), 'info');
            else link.focus();
          } }, t('club.copy_link'))),
      link,
      h('p', { class: 'muted small' }, t(club.open_join ? 'club.door_open' : 'club.door_closed'),
        club.session_games !== null ? ` · ${t('club.house_length', { length: lengthText(club.session_games) })}` : ''));
  }

  // -- its open tables -------------------------------------------------------------------
  async function openTable() {
    const { club } = page;
    const s = app.store.get();
    if (s.myTable !== null) {
      app.toast(t('err.already_seated'), 'error', 6000,
        { label: t('club.back_to_table'), run: () => app.navigate('table', s.myTable) });
      return;
    }
    let session = club.session_games;
    if (session === null) {
      const choice = await promptDialog(t('club.open_table_label'), { choices: [['none', t('session.none')],
        ...SESSION_LENGTHS.map((n) => [String(n), lengthText(n)])] });
      if (choice === null) return;
      session = choice === 'none' ? null : Number(choice);
    }
    try {
      await app.act.createTable({ club: clubId, private: true, ...(session === null ? {} : { session }) });
    } catch (e) {
      app.toast(app.errorText(e));
    }
  }

  function tableCard(table, state) {
    const mine = state.myTable === table.id;
    const free = table.seats.filter((x) => x === null).length;
    return h('li', { class: ['table-card', 'club-table', mine && 'mine'], dataset: { table: table.id } },
      h('div', { class: 'table-card-head' },
        h('h3', {}, h('span', { class: 'table-no' }, `#${table.id}`), ' ',
          h('span', { class: 'table-name', translate: table.name_default ? null : 'no' }, tableName(table))),
        h('span', { class: ['status', table.playing ? 'playing' : 'open'] },
          t(table.playing ? 'table.status.playing' : 'table.status.open'))),
      h('p', { class: 'muted small' }, t('lobby.owner', { name: table.owner }), ' · ', t('club.free_seats', { n: free })),
      h('div', { class: 'seat-chips' }, table.seats.map((name) => (name === null
        ? h('span', { class: 'seat-chip empty' }, t('lobby.seat_empty'))
        : h('span', { class: 'seat-chip player' }, name)))),
      h('div', { class: 'table-card-actions' }, mine
        ? h('a', { class: 'btn primary small', href: hrefOf('table', table.id) }, t('lobby.return'))
        : h('button', { class: 'btn primary small', type: 'button', dataset: { action: 'enter-club-table' },
          'aria-label': t('club.enter_table', { id: table.id }),
          onclick: () => app.act.joinClubTable(table.id).catch(() => null) }, t('club.enter'))));
  }

  function renderTables() {
    const state = app.store.get();
    fill(tables,
      h('div', { class: 'section-head' },
        h('h2', { id: 'club-tables-title' }, t('club.tables'), h('span', { class: 'muted small' }, ` (${page.tables.length})`)),
        h('button', { class: 'btn primary', type: 'button', dataset: { action: 'open-club-table' }, onclick: openTable },
          t('club.open_table'))),
      page.tables.length
        ? h('ul', { class: 'table-list club-table-list' }, page.tables.map((x) => tableCard(x, state)))
        : h('p', { class: 'muted empty-tables' }, t('club.no_tables')));
  }

  // -- its members -----------------------------------------------------------------------
  const button = (action, label, name, run, kind = 'ghost') => h('button', { class: ['btn small', kind], type: 'button',
    dataset: { action }, 'aria-label': name, onclick: run }, label);

  /** What `me` may do to a member, as buttons: 移出 and 封禁 (a manager to members, the
   * founder to anyone), 设为/取消管理员 and 转让圈主 (the founder only). */
  function memberActions(m, me) {
    const buttons = [];
    const name = m.nickname;
    if (mayActOn(me, m)) {
      buttons.push(button('remove-member', t('club.remove'), t('club.remove_name', { name }), async () => {
        if (await confirmDialog(t('club.remove_confirm', { name }), { yes: t('club.remove') })) {
          menus.delete(m.account_id);
          act(() => app.api.clubs.remove(clubId, m.account_id));
        }
      }, ''),
      button('ban-member', t('club.ban'), t('club.ban_name', { name }), async () => {
        if (await confirmDialog(t('club.ban_confirm', { name }), { yes: t('club.ban') })) {
          menus.delete(m.account_id);
          act(() => app.api.clubs.ban(clubId, m.account_id, true));
        }
      }, 'warn'));
    }
    if (me.role === 'founder' && m.role !== 'founder') {
      const on = m.role !== 'manager';
      buttons.push(button('set-manager', t(on ? 'club.make_manager' : 'club.unmake_manager'),
        t(on ? 'club.make_manager_name' : 'club.unmake_manager_name', { name }),
        () => act(() => app.api.clubs.manager(clubId, m.account_id, on),
          () => members.querySelector(`.member[data-account="${m.account_id}"] [data-action=set-manager]`)?.focus()), ''),
      button('hand-on', t('club.hand_on'), t('club.hand_on_name', { name }), async () => {
        if (!(await confirmDialog(t('club.hand_on_confirm', { name, club: page.club.name }), { yes: t('club.hand_on') }))) return;
        menus.clear();
        act(() => app.api.clubs.handOn(clubId, m.account_id),
          (r) => { if (r) app.toast(t('club.handed_on', { name }), 'info', 6000); });
      }, ''));
    }
    return buttons;
  }

  function memberItem(m, me) {
    const presence = m.playing ? 'playing' : m.online ? 'online' : 'offline';
    let actions = null;
    let menu = null;
    if (m.standing === 'pending' && isManager(me)) {
      actions = h('span', { class: 'member-actions' },
        button('approve', t('club.approve'), t('club.approve_name', { name: m.nickname }),
          () => act(() => app.api.clubs.answer(clubId, m.account_id, true)), 'primary'),
        button('refuse', t('club.refuse'), t('club.refuse_name', { name: m.nickname }),
          () => act(() => app.api.clubs.answer(clubId, m.account_id, false))));
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

  function bannedItem(m, me) {
    return h('li', { class: 'member banned', dataset: { account: m.account_id, standing: m.standing } },
      h('a', { href: hrefOf('profile', m.account_id) }, m.nickname),
      mayActOn(me, m) ? h('span', { class: 'member-actions' },
        button('unban-member', t('club.unban'), t('club.unban_name', { name: m.nickname }),
          () => act(() => app.api.clubs.ban(clubId, m.account_id, false)))) : null);
  }

  function renderMembers() {
    const { me } = page;
    const order = { founder: 0, manager: 1, member: 2 };
    const rank = (m) => (m.playing ? 0 : m.online ? 1 : 2);
    const byName = (a, b) => a.nickname.localeCompare(b.nickname);
    const shown = page.members.filter((m) => m.standing === 'member')
      .sort((a, b) => order[a.role] - order[b.role] || rank(a) - rank(b) || byName(a, b));
    const waiting = page.members.filter((m) => m.standing === 'pending');
    const banned = isManager(me) ? page.members.filter((m) => m.standing === 'banned').sort(byName) : [];
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

  // -- the tally: by week, month, all time -----------------------------------------------
  async function loadTally() {
    const body = h('div', { class: 'club-tally-body', 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('common.loading')));
    const switchBtn = (p) => h('button', { class: 'btn small', type: 'button', 'aria-pressed': String(p === period),
      dataset: { period: p }, onclick: () => { period = p; loadTally(); } }, t(`club.period.${p}`));
    fill(tally,
      h('div', { class: 'section-head' },
        h('h2', { id: 'club-tally-title' }, t('club.tally')),
        h('div', { class: 'segmented', role: 'group', 'aria-label': t('club.period') },
          ['week', 'month', 'all'].map(switchBtn))),
      body);
    try {
      const r = await app.api.clubs.tally(clubId, period);
      if (r.period !== period) return;
      const me = app.store.get().account;
      fill(body,
        r.since ? h('p', { class: 'muted small' }, t('club.since', { date: when(r.since) })) : null,
        r.rows.length
          ? h('div', { class: 'scroll-x' }, h('table', { class: 'board club-tally-table' },
            h('thead', {}, h('tr', {}, ['lb.rank', 'lb.player', 'lb.games', 'lb.wins', 'club.total']
              .map((k) => h('th', { scope: 'col', class: k === 'lb.player' ? '' : 'num' }, t(k))))),
            h('tbody', {}, r.rows.map((row, i) => h('tr', { class: [me && row.account_id === me.id && 'me'],
              dataset: { account: row.account_id } },
            h('td', { class: 'num' }, String(i + 1)),
            h('td', {}, h('a', { href: hrefOf('profile', row.account_id) }, row.nickname)),
            h('td', { class: 'num' }, String(row.games)),
            h('td', { class: 'num' }, String(row.wins)),
            h('td', { class: ['num total', row.total > 0 && 'up', row.total < 0 && 'down'] }, signed(row.total)))))))
          : h('p', { class: 'muted' }, t('club.tally_empty')));
    } catch (e) {
      fill(body, h('p', { class: 'form-error' }, app.errorText(e)));
    }
  }

  // -- its latest sessions ---------------------------------------------------------------
  async function loadSessions() {
    const list = h('ul', { class: 'club-session-list' }, h('li', { class: 'muted' }, t('common.loading')));
    sessions.replaceChildren(h('h2', { id: 'club-sessions-title' }, t('club.sessions')), list);
    try {
      const r = await app.api.clubs.sessions(clubId);
      list.replaceChildren(...(r.sessions.length ? r.sessions.map((s) => {
        const big = bigWinners(s.players);
        const winners = ranked(s.players).filter((p) => big.has(p.key));
        return h('li', { class: 'club-session', dataset: { session: s.id, status: s.status } },
          h('div', { class: 'club-session-head' },
            h('span', { class: 'club-session-when' }, when(s.started_at)),
            h('span', { class: 'small muted' }, [lengthText(s.games),
              s.status === 'ended' && s.reason === 'games' ? '' : playedText(s), reasonText(s)].filter(Boolean).join(' · '))),
          h('p', { class: 'club-session-players small' }, ranked(s.players).map((p) => h('span', {
            class: ['club-session-player', big.has(p.key) && 'big-winner', p.total > 0 && 'up', p.total < 0 && 'down'] },
          `${playerName(p)} ${signed(p.total)}`))),
          h('button', { class: 'btn small', type: 'button', dataset: { action: 'session-details' },
            'aria-label': t('club.session_details', { when: when(s.started_at) }),
            onclick: () => openSessionSummary(app, s, { full: false, club: page ? page.club.name : '',
              rules: page?.club.house_rules ?? undefined }) },
          winners.length ? t('club.details_winner', { name: playerName(winners[0]) }) : t('club.details')));
      }) : [h('li', { class: 'muted' }, t('club.no_sessions'))]));
    } catch (e) {
      list.replaceChildren(h('li', { class: 'form-error' }, app.errorText(e)));
    }
  }

  // -- its founder's and managers' settings ----------------------------------------------
  function renderAdmin() {
    const { club, me } = page;
    admin.hidden = !isManager(me);
    if (admin.hidden) {
      fill(admin);
      return;
    }
    const openBox = h('input', { id: 'club-open-join', type: 'checkbox', checked: club.open_join,
      onchange: () => act(() => app.api.clubs.configure(clubId, { open_join: openBox.checked })) });
    const length = h('select', { id: 'club-session-games',
      onchange: () => act(() => app.api.clubs.configure(clubId, { house: { // the rules stay as they are
        session_games: length.value === 'free' ? null : Number(length.value) } })) },
    h('option', { value: 'free', selected: club.session_games === null }, t('club.length_free')),
    SESSION_LENGTHS.map((n) => h('option', { value: String(n), selected: club.session_games === n }, lengthText(n))));
    fill(admin,
      h('h2', { id: 'club-admin-title' }, t('club.admin')),
      h('div', { class: 'check' }, openBox, h('label', { for: 'club-open-join' }, t('club.open_join'))),
      h('div', { class: 'field' }, h('label', { for: 'club-session-games' }, t('club.house_games')), length),
      h('div', { class: 'club-house-rules' },
        h('span', { class: 'club-house-rules-label', id: 'club-house-rules-label' }, t('club.house_rules')),
        h('p', { class: 'club-house-rules-line small', id: 'club-house-rules-line' },
          rulesLine(club.house_rules || {})),
        h('button', { class: 'btn small', type: 'button', dataset: { action: 'house-rules' },
          'aria-describedby': 'club-house-rules-label club-house-rules-line',
          onclick: async () => {
            const rules = await houseRulesDialog(page.club.house_rules);
            if (rules === undefined) return;
            act(() => app.api.clubs.configure(clubId, { house: { rules } }), // the length stays as it is
              (r) => { if (r) app.toast(t('club.house_rules_done'), 'info'); });
          } }, t('club.house_rules_edit'))),
      h('p', { class: 'muted small' }, t('club.house_hint')),
      h('button', { class: 'btn small danger', type: 'button', dataset: { action: 'reset-tally' },
        onclick: async () => {
          if (await confirmDialog(t('club.reset_confirm'), { yes: t('club.reset') })) {
            await act(() => app.api.clubs.configure(clubId, { reset_tally: true }));
            app.toast(t('club.reset_done'), 'info');
            loadTally();
          }
        } }, t('club.reset')));
  }

  function renderLeave() {
    const { me } = page;
    fill(leave, me.role === 'founder'
      ? h('p', { class: 'muted small' }, t('club.founder_stays'))
      : h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'leave-club' },
        onclick: async () => {
          if (!(await confirmDialog(t('club.leave_confirm', { name: page.club.name }), { yes: t('club.leave') }))) return;
          try {
            await app.api.clubs.leave(clubId);
            app.navigate('clubs');
          } catch (e) {
            app.toast(app.errorText(e));
          }
        } }, t('club.leave')));
  }

  function render() {
    if (!page) return;
    const { club, me } = page;
    knowClubName(club.id, club.name);
    heading.textContent = club.name;
    document.title = `${club.name} · 原子 Atom`;
    roleChip.hidden = false;
    roleChip.textContent = t(`club.role.${me.role}`);
    roleChip.className = `chip club-role ${me.role}`;
    renderTop();
    renderTables();
    renderMembers();
    renderAdmin();
    renderLeave();
  }

  async function loadPage() {
    try {
      const next = await app.api.clubs.page(clubId);
      const same = page !== null && JSON.stringify(next) === JSON.stringify(page);
      page = next;
      error.textContent = '';
      if (!same) render(); // a refresh that changes nothing keeps the focus where it is
      return true;
    } catch (e) {
      if (page === null || e.code === 'not_a_member' || e.code === 'no_such_club') shutOut(app.errorText(e));
      else error.textContent = app.errorText(e);
      return false;
    }
  }

  let started = false;
  let myTable = null;
  let clubNews = null; // (the last club_news seen: one about this club reloads the page)
  return {
    root,
    update(state) {
      if (!state.account) return;
      if (!started) {
        started = true;
        clubNews = state.clubNews;
        if (clubId === null) {
          shutOut(t('err.no_such_club'));
          return;
        }
        loadPage().then((ok) => {
          if (!ok) return;
          loadTally();
          loadSessions();
          timer = setInterval(loadPage, REFRESH_MS);
        });
      }
      if (state.clubNews !== clubNews) { // someone applied: the waiting list now
        clubNews = state.clubNews;
        if (clubNews?.club === clubId) loadPage();
      }
      if (page && state.myTable !== myTable) { // 回到牌桌 / 进入 follow where I sit
        myTable = state.myTable;
        renderTables();
      }
    },
    destroy() { clearInterval(timer); },
  };
}
