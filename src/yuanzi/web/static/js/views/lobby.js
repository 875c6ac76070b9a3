// The lobby: live tables (sit, watch), create a table, quick match.

import { h } from '../dom.js';
import { botName, t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { botNameOf, tableName, titleOf } from '../words.js';
import { createTableDialog } from './create.js';

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

export function createLobby(app) {
  const dialog = createTableDialog(app);
  const list = h('ul', { class: 'table-list', 'aria-live': 'polite' });
  const count = h('span', { class: 'muted' });
  const back = h('div', { class: 'notice', hidden: true });
  const create = h('button', { class: 'btn primary', type: 'button', onclick: () => dialog.showModal() },
    t('lobby.create'));
  const quick = h('button', { class: 'btn', type: 'button', onclick: () => app.act.quickMatch() },
    t('lobby.quick'));
  const root = h('main', { class: 'screen lobby-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('lobby.title')), count,
      h('div', { class: 'actions' }, quick, create)),
    back, list, dialog);

  return {
    root,
    update(state) {
      const seated = state.myTable !== null;
      create.disabled = seated;
      quick.disabled = seated;
      back.hidden = !seated;
      if (seated) {
        back.replaceChildren(h('span', {}, t('lobby.back_to_table', { id: state.myTable })), ' ',
          h('a', { class: 'btn small primary', href: hrefOf('table', state.myTable) }, t('lobby.return')));
      }
      const tables = Object.values(state.tables).filter((x) => x.status !== 'closed')
        .sort((a, b) => (a.status === b.status ? b.id - a.id : a.status === 'open' ? -1 : 1));
      count.textContent = t('lobby.tables', { n: tables.length });
      list.replaceChildren(...(tables.length ? tables.map((x) => tableCard(x, state, app))
        : [h('li', { class: 'empty-note' }, t('lobby.empty'))]));
    },
    destroy() { if (dialog.open) dialog.close(); },
  };
}
