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
import { SESSION_LENGTHS, lengthText, rulesLine } from '../sessions.js';
import { tableName } from '../words.js';
import { confirmDialog } from './confirm.js';
import { rulesFields } from './create.js';
import { promptDialog } from './prompt.js';
import { knowClubName } from './summary.js';
import { NOTICE_MAX, codeText, isManager } from './clubwords.js';
import { createClubMembers } from './clubmembers.js';
import { createClubTally, loadClubSessions } from './clubhistory.js';

export { createClubJoin, createClubs } from './clublist.js';

/** @typedef {import('./clubwords.js').ClubPage} ClubPage */
/** @typedef {import('./clubwords.js').ClubTable} ClubTable */

const REFRESH_MS = 15000; // who is online, the open tables: looked at again now and then
export { keepClubInvite, takeClubInvite } from '../invites.js';

/** @param {string} token */
export const clubInviteUrl = (token) => `${location.origin}${location.pathname}${hrefOf('clubjoin', token)}`;


/** @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}


/** The club's house rules (§12) in a dialog sharing the create dialog's fields: resolves
 * with the rules to fix (what differs from the defaults; null: the standard rules, nothing
 * fixed), or undefined when cancelled.
 * @param {Record<string, any> | null} current
 * @returns {Promise<Record<string, any> | null | undefined>} */
function houseRulesDialog(current) {
  return new Promise((resolve) => {
    const fields = rulesFields('club-rule', current);
    const dialog = h('dialog', { class: 'dialog club-rules-dialog', 'aria-labelledby': 'club-rules-title' });
    /** @type {(answer: Record<string, any> | null | undefined) => void} */
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(h('form', { method: 'dialog', onsubmit: (/** @type {SubmitEvent} */ ev) => {
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

// -- #/club/<id> --------------------------------------------------------------------------

/** @param {import('../actions/app.js').App} app
 * @param {number} clubId  (null when the address names none: the page only says so) */
export function createClub(app, clubId) {
  const heading = h('h1', {}, t('club.title'));
  const roleChip = h('span', { class: 'chip club-role', hidden: true });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const top = h('section', { class: 'club-top panel', 'aria-label': t('club.door') });
  const tables = h('section', { class: 'club-tables', 'aria-labelledby': 'club-tables-title' });
  const members = h('section', { class: 'club-members panel', 'aria-labelledby': 'club-members-title' });
  const tally = h('section', { class: 'club-tally', 'aria-labelledby': 'club-tally-title' });
  const tallyPart = createClubTally(app, clubId, tally);
  const sessions = h('section', { class: 'club-sessions', 'aria-labelledby': 'club-sessions-title' });
  const admin = h('section', { class: 'club-admin panel', 'aria-labelledby': 'club-admin-title', hidden: true });
  const leave = h('div', { class: 'club-leave' });
  /** @type {ClubPage | null} */
  let page = null;
  /** @type {number | null} */
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

  /** @param {string} text */
  function shutOut(text) {
    closedText.textContent = text;
    closed.hidden = false;
    grid.hidden = true;
    roleChip.hidden = true;
    error.textContent = '';
  }

  /** A change (actions/clubs.js: the page it leaves goes into the store, and this page
   * follows); a refusal said as a message.
   * @param {() => Promise<any>} run
   * @param {((result: any) => void) | null} [after] */
  async function act(run, after = null) {
    try {
      const result = await run();
      if (after) after(result);
      return result;
    } catch (e) {
      app.toast(app.errorText(e));
      return null;
    }
  }
  const clubMembers = createClubMembers({ app, clubId, members, act, menus, pageOf: () => /** @type {ClubPage} */ (page) });

  // -- the door: notice, code, link ------------------------------------------------------
  function renderTop() {
    const { club, me } = /** @type {ClubPage} */ (page);
    const url = clubInviteUrl(club.invite_token);
    const link = h('input', { class: 'invite-link club-link', readonly: true, value: url,
      'aria-label': t('club.invite_link'), onfocus: (/** @type {FocusEvent} */ ev) => /** @type {HTMLInputElement} */ (ev.target).select() });
    fill(top,
      h('div', { class: 'club-notice-row' },
        club.notice ? h('p', { class: 'club-notice' }, club.notice) : h('p', { class: 'muted club-notice' }, t('club.no_notice')),
        isManager(me) ? h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'edit-notice' },
          onclick: async () => {
            const text = await promptDialog(t('club.notice'), { value: club.notice, max: NOTICE_MAX });
            if (text !== null) act(() => app.act.configureClub(clubId, { notice: text }));
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
    const { club } = /** @type {ClubPage} */ (page);
    const s = app.store.get();
    if (s.myTable !== null) {
      app.toast(t('err.already_seated'), 'error', 6000,
        { label: t('club.back_to_table'), run: () => app.navigate('table', s.myTable) });
      return;
    }
    let session = club.session_games;
    if (session === null) {
      const choice = await promptDialog(t('club.open_table_label'), { choices: [['none', t('session.none')],
        ...SESSION_LENGTHS.map((n) => /** @type {[string, string]} */ ([String(n), lengthText(n)]))] });
      if (choice === null) return;
      session = choice === 'none' ? null : Number(choice);
    }
    try {
      await app.act.createTable({ club: clubId, private: true, ...(session === null ? {} : { session }) });
    } catch (e) {
      app.toast(app.errorText(e));
    }
  }

  /** @param {ClubTable} table
   * @param {import('../state/shapes.js').State} state */
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
        h('h2', { id: 'club-tables-title' }, t('club.tables'), h('span', { class: 'muted small' }, ` (${/** @type {ClubPage} */ (page).tables.length})`)),
        h('button', { class: 'btn primary', type: 'button', dataset: { action: 'open-club-table' }, onclick: openTable },
          t('club.open_table'))),
      /** @type {ClubPage} */ (page).tables.length
        ? h('ul', { class: 'table-list club-table-list' }, /** @type {ClubPage} */ (page).tables.map((x) => tableCard(x, state)))
        : h('p', { class: 'muted empty-tables' }, t('club.no_tables')));
  }

  // -- its founder's and managers' settings ----------------------------------------------
  function renderAdmin() {
    const { club, me } = /** @type {ClubPage} */ (page);
    admin.hidden = !isManager(me);
    if (admin.hidden) {
      fill(admin);
      return;
    }
    const openBox = h('input', { id: 'club-open-join', type: 'checkbox', checked: club.open_join,
      onchange: () => act(() => app.act.configureClub(clubId, { open_join: openBox.checked })) });
    const length = h('select', { id: 'club-session-games',
      onchange: () => act(() => app.act.configureClub(clubId, { house: { // the rules stay as they are
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
            const rules = await houseRulesDialog(/** @type {ClubPage} */ (page).club.house_rules);
            if (rules === undefined) return;
            act(() => app.act.configureClub(clubId, { house: { rules } }), // the length stays as it is
              (r) => { if (r) app.toast(t('club.house_rules_done'), 'info'); });
          } }, t('club.house_rules_edit'))),
      h('p', { class: 'muted small' }, t('club.house_hint')),
      h('button', { class: 'btn small danger', type: 'button', dataset: { action: 'reset-tally' },
        onclick: async () => {
          if (await confirmDialog(t('club.reset_confirm'), { yes: t('club.reset') })) {
            await act(() => app.act.configureClub(clubId, { reset_tally: true }));
            app.toast(t('club.reset_done'), 'info');
            tallyPart.load();
          }
        } }, t('club.reset')));
  }

  function renderLeave() {
    const { me } = /** @type {ClubPage} */ (page);
    fill(leave, me.role === 'founder'
      ? h('p', { class: 'muted small' }, t('club.founder_stays'))
      : h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'leave-club' },
        onclick: async () => {
          if (!(await confirmDialog(t('club.leave_confirm', { name: /** @type {ClubPage} */ (page).club.name }), { yes: t('club.leave') }))) return;
          try {
            await app.act.leaveClub(clubId);
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
    clubMembers.render();
    renderAdmin();
    renderLeave();
  }

  /** Read the page again (into the store: this page follows in ``show``). */
  async function loadPage() {
    try {
      await app.act.loadClub(clubId);
      return true;
    } catch {
      return false;
    }
  }

  /** The club's page as the store holds it now, rendered when it changed. */
  /** @type {import('../state/pages.js').ClubKept | null} */
  let shown = null;
  /** @param {import('../state/pages.js').ClubKept | undefined} entry */
  function show(entry) {
    if (!entry || entry === shown) return;
    shown = entry;
    if (entry.error) {
      const text = app.errorText({ code: entry.error, message: entry.message });
      if (page === null || entry.error === 'not_a_member' || entry.error === 'no_such_club') shutOut(text);
      else error.textContent = text;
      return;
    }
    const same = page !== null && JSON.stringify(entry.page) === JSON.stringify(page);
    page = entry.page;
    error.textContent = '';
    if (!same) render(); // a refresh that changes nothing keeps the focus where it is
  }

  let started = false;
  /** @type {number | null} */
  let myTable = null;
  /** @type {import('../state/shapes.js').State['clubNews'] | null} */
  let clubNews = null; // (the last club_news seen: one about this club reloads the page)
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (!state.account) return;
      if (!started) {
        started = true;
        clubNews = state.clubNews;
        if (clubId === null) {
          shutOut(t('err.no_such_club'));
          return;
        }
        show(state.clubPages[clubId]); // (as read before, while it is read again)
        loadPage().then((ok) => {
          if (!ok) return;
          tallyPart.load();
          loadClubSessions(app, clubId, sessions, () => page);
          timer = setInterval(loadPage, REFRESH_MS);
        });
      }
      show(state.clubPages[clubId]);
      if (state.clubNews !== clubNews) { // someone applied: the waiting list now
        clubNews = state.clubNews;
        if (clubNews?.club === clubId) loadPage();
      }
      if (page && state.myTable !== myTable) { // 回到牌桌 / 进入 follow where I sit
        myTable = state.myTable;
        renderTables();
      }
    },
    destroy() { clearInterval(/** @type {number} */ (timer)); },
  };
}
