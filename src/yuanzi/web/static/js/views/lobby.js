// The lobby: live tables (sit, watch), create a table, quick match.

import { h } from '../dom.js';
import { botName, t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { botNameOf, tableName, titleOf } from '../words.js';
import { BETS, createTableDialog } from './create.js';
import { fromStore } from './fromstore.js';

/** @typedef {import('../actions/app.js').App} App */
/** @typedef {import('../state/shapes.js').State} State */
/** @typedef {import('../state/shapes.js').TableView} TableView */
/** @typedef {import('../state/shapes.js').SeatView} SeatView */

const ONLINE_MS = 20000; // how often the lobby asks how many players are online

/** The filter bar: open seats, a bet, players near my level (the server filters).
 * @param {App} app */
function filterBar(app) {
  /** @type {(id: string, key: string, label: string) => any[]} */
  const check = (id, key, label) => {
    const box = h('input', { type: 'checkbox', id,
      onchange: () => app.act.setLobbyFilter({ [key]: box.checked }) });
    return [box, h('label', { class: 'filter-check', for: id }, box, ' ', label)];
  };
  const [free, freeLabel] = check('lf-free', 'free', t('lobby.filter.free'));
  const [near, nearLabel] = check('lf-near', 'near', t('lobby.filter.near'));
  const bet = h('select', { id: 'lf-bet', 'aria-label': t('lobby.filter.bet'),
    onchange: () => app.act.setLobbyFilter({ bet: bet.value === '' ? null : Number(bet.value) }) },
  h('option', { value: '' }, t('lobby.filter.bet_any')),
  BETS.map((b) => h('option', { value: String(b) }, b ? t('lobby.bet', { bet: b }) : t('lobby.no_bet'))));
  const root = h('div', { class: 'lobby-filters', role: 'group', 'aria-label': t('lobby.filter.label') },
    freeLabel, bet, nearLabel);
  return {
    root,
    update(/** @type {import('../state/shapes.js').LobbyFilter} */ f) {
      free.checked = f.free;
      near.checked = f.near;
      bet.value = f.bet === null ? '' : String(f.bet);
    },
  };
}

/** @param {TableView} table
 * @param {SeatView} seat
 * @param {App} app
 * @param {boolean} canSit */
function seatChip(table, seat, app, canSit) {
  if (seat.kind === 'empty') {
    return canSit
      ? h('button', { class: 'seat-chip empty', type: 'button',
        'aria-label': `${t('lobby.sit')} · ${t('seat.n', { n: seat.seat + 1 })} · #${table.id}`,
        onclick: () => app.act.sit(table.id, seat.seat) }, t('lobby.sit'))
      : h('span', { class: 'seat-chip empty' }, t('lobby.seat_empty'));
  }
  const name = seat.kind === 'bot' ? botNameOf(seat) : seat.nickname;
  const meta = seat.kind === 'bot' ? t('seat.bot_kind', { kind: botName(seat.bot) }) : titleOf(seat);
  return h('span', { class: ['seat-chip', seat.kind, seat.ready && 'ready'] },
    name, meta ? h('small', {}, ` ${meta}`) : null);
}

/** @param {TableView} table
 * @param {State} state
 * @param {App} app */
function tableCard(table, state, app) {
  const mine = state.myTable === table.id;
  const canSit = state.myTable === null && table.status === 'open';
  return h('li', { class: ['table-card', `cloth-${table.tablecloth}`, mine && 'mine'],
    dataset: { table: table.id } },
  h('div', { class: 'table-card-head' },
    h('h3', {}, h('span', { class: 'table-no' }, `#${table.id}`), ' ',
      // a name a player gave is his words, in his language (not translated)
      h('span', { class: 'table-name', translate: table.name_default ? null : 'no' }, tableName(table))),
    h('span', { class: `status ${table.status}` }, t(`table.status.${table.status}`))),
  h('p', { class: 'muted small' }, t('lobby.owner', { name: table.owner }), ' · ',
    table.bet ? t('lobby.bet', { bet: table.bet }) : t('lobby.no_bet'),
    table.spectators ? ` · ${t('lobby.spectators', { n: table.spectators })}` : ''),
  h('div', { class: 'seat-chips' }, table.seats.map((seat) => seatChip(table, seat, app, canSit))),
  h('div', { class: 'table-card-actions' },
    mine
      ? h('a', { class: 'btn primary small', href: hrefOf('table', table.id) }, t('lobby.return'))
      : h('button', { class: 'btn small', type: 'button',
        'aria-label': `${t('lobby.watch')} #${table.id}`,
        onclick: () => app.act.spectate(table.id) }, t('lobby.watch'))));
}

/** @param {App} app */
export function createLobby(app) {
  const dialog = createTableDialog(app);
  const list = h('ul', { class: 'table-list', 'aria-live': 'polite' });
  const count = h('span', { class: 'muted' });
  const online = h('span', { class: 'muted online-count', 'aria-live': 'off' });
  /** How many are online (into the store: drawn in ``update``). */
  const showOnline = () => { app.act.read('online').catch(() => null); };
  const drawOnline = fromStore('online', (/** @type {{ players: number }} */ r) => {
    online.textContent = t('lobby.online', { n: Math.max(1, r.players) });
  }, () => {});
  showOnline();
  const onlineTimer = setInterval(showOnline, ONLINE_MS);
  const filters = filterBar(app);
  const back = h('div', { class: 'notice', hidden: true });
  const create = h('button', { class: 'btn primary', type: 'button', onclick: () => {
    dialog.showModal();
    dialog.prepare(); // what the inventory allows (R41), refreshed while it opens
  } },
    t('lobby.create'));
  const quick = h('button', { class: 'btn', type: 'button', onclick: () => app.act.quickMatch() },
    t('lobby.quick'));
  // a friend's private table by its room code (房间号)
  const code = h('input', { id: 'room-code', class: 'room-code', inputmode: 'numeric', maxlength: 9,
    autocomplete: 'off', placeholder: t('lobby.code_ph'), 'aria-label': t('lobby.code') });
  const codeForm = h('form', { class: 'code-form', onsubmit: (/** @type {Event} */ ev) => {
    ev.preventDefault();
    const value = code.value.replace(/\s+/g, ''); // said aloud as 1234 5678
    if (!/^([0-9]{8}|[0-9]{6})$/.test(value)) { // (six: a table opened before eight)
      app.toast(t('lobby.code_digits'));
      return;
    }
    app.act.joinCode(value).catch(() => null); // (the refusal is said in a toast)
  } }, code, h('button', { class: 'btn', type: 'submit' }, t('lobby.code_go')));
  const root = h('main', { class: 'screen lobby-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('lobby.title')), count, online,
      h('div', { class: 'actions' }, codeForm, quick, create)),
    filters.root, back, list, dialog);

  return {
    root,
    /** @param {State} state */
    update(state) {
      drawOnline(state);
      const seated = state.myTable !== null;
      create.disabled = seated;
      quick.disabled = seated;
      for (const el of codeForm.elements) el.disabled = seated;
      // greyed out, and said why (issue 31): one seat at a time
      for (const el of [create, quick, ...codeForm.elements]) el.title = seated ? t('lobby.seated_why') : '';
      back.hidden = !seated;
      if (seated) {
        back.replaceChildren(h('span', {}, t('lobby.back_to_table', { id: state.myTable })), ' ',
          h('span', { class: 'small seated-why' }, t('lobby.seated_why')), ' ',
          h('a', { class: 'btn small primary', href: hrefOf('table', state.myTable) }, t('lobby.return')));
      }
      const tables = Object.values(state.tables).filter((x) => x.status !== 'closed')
        .sort((a, b) => (a.status === b.status ? b.id - a.id : a.status === 'open' ? -1 : 1));
      filters.update(state.lobbyFilter);
      const filtered = state.lobbyFilter.free || state.lobbyFilter.near || state.lobbyFilter.bet !== null;
      const total = state.lobbyTotal ?? tables.length;
      count.textContent = total > tables.length
        ? t('lobby.tables_of', { n: tables.length, total }) : t('lobby.tables', { n: tables.length });
      list.replaceChildren(...(tables.length ? tables.map((x) => tableCard(x, state, app))
        : [h('li', { class: 'empty-note' }, t(filtered ? 'lobby.empty_filtered' : 'lobby.empty'))]));
    },
    destroy() {
      clearInterval(onlineTimer);
      if (dialog.open) dialog.close();
    },
  };
}
