// End-of-half and end-of-game panels: points per half, 上游/下游, 双夹, and the
// ladder and coin changes of the player.

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';
import { TEAMS } from '../game.js';

function teamLabel(team, mySeat) {
  if (mySeat === null || mySeat === undefined) return t(team === 'NS' ? 'table.team_ns' : 'table.team_ew');
  return TEAMS[mySeat & 1] === team ? t('table.team_us') : t('table.team_them');
}

function halfTable(half, n, names, mySeat) {
  const teams = TEAMS.map((team) => h('tr', {}, h('th', { scope: 'row' }, teamLabel(team, mySeat)),
    h('td', { class: 'num' }, String(half.points[team]))));
  return h('div', { class: 'half-result' },
    h('h3', {}, t('over.half_n', { n }), ' · ', t(`half.ended.${half.ended_by}`)),
    h('table', { class: 'points' }, h('tbody', {}, teams)),
    h('p', { class: 'small' },
      `${t('half.upstream')}: ${half.upstream === null ? '—' : names[half.upstream]}`,
      half.downstream === null ? '' : ` · ${t('half.downstream')}: ${names[half.downstream]}`),
    h('p', { class: 'small muted' }, `${t('half.order')}: `,
      half.out_order.map((s) => names[s]).join(' → ') || '—'),
    h('p', { class: 'small muted' }, `${t('half.trick_points')}: `,
      half.trick_points.map((p, s) => `${names[s]} ${p}`).join(' · ')));
}

/** The panel shown over the felt when the first half ends (it closes by itself). */
export function halfPanel(half, names, mySeat, onClose) {
  return h('section', { class: 'half-panel panel', role: 'status', 'aria-live': 'polite',
    'aria-label': t('half.title', { half: t('table.first_half') }) },
  h('h2', {}, t('half.title', { half: t('table.first_half') })),
  halfTable(half, 1, names, mySeat),
  h('button', { class: 'btn primary', type: 'button', dataset: { action: 'half-continue' }, onclick: onClose },
    t('half.continue')));
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** The seat's title after the game in the page's language (title_en from the hall; an
 * older hall sends only the Chinese title). */
function seatTitle(x) {
  return getLang() === 'en' && x.title_en ? x.title_en : x.title;
}

/** game_over.seats: each seat's ladder and coin change, its level and title after, drops. */
function seatChanges(seats, names, mySeat) {
  const itemList = (codes) => codes.map((c) => t(`item.${c}`)).join('、');
  const rows = seats.map((x) => {
    const human = x.account_id !== null && x.account_id !== undefined;
    const cell = (v, cls = 'num') => h('td', { class: cls }, v);
    return h('tr', { class: [x.seat === mySeat && 'me'], dataset: { seat: x.seat } },
      h('th', { scope: 'row' }, names[x.seat]),
      cell(human ? signed(x.score_delta ?? 0) : '—', ['num', (x.score_delta ?? 0) > 0 && 'up', (x.score_delta ?? 0) < 0 && 'down']),
      cell(human ? signed(x.coins_delta ?? 0) : '—', ['num', (x.coins_delta ?? 0) > 0 && 'up', (x.coins_delta ?? 0) < 0 && 'down']),
      cell(human ? `${t('lb.level', { n: x.level })} · ${seatTitle(x)}` : '—', ['title']),
      cell([x.items && x.items.length ? t('over.drops', { items: itemList(x.items) }) : '',
        x.lost_items && x.lost_items.length ? ` ${t('over.lost_drops', { items: itemList(x.lost_items) })}` : ''].join('') || '', 'small'));
  });
  return h('div', { class: 'changes seat-changes' }, h('h3', {}, t('over.changes')),
    h('div', { class: 'scroll-x' }, h('table', { class: 'points changes-table' },
      h('thead', {}, h('tr', {}, ['common.seat', 'over.col_score', 'over.col_coins', 'over.col_title', 'over.col_items']
        .map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows))));
}

/** The end-of-game dialog's content. `over` is the GameOver frame plus `changes`. */
export function gameOverContent(over, names, mySeat, actions) {
  const parts = [h('h2', { id: 'over-title' }, t('over.title'))];
  const r = over.result;
  if (over.status === 'abandoned' || !r) {
    parts.push(h('p', { class: 'over-headline' },
      t('over.abandoned', { name: over.escaper === null ? '?' : names[over.escaper] })));
  } else {
    const headline = r.winner === null ? t('over.draw') : t('over.win', { team: teamLabel(r.winner, mySeat) });
    const won = mySeat !== null && mySeat !== undefined && r.winner === TEAMS[mySeat & 1];
    parts.push(h('p', { class: ['over-headline', won && 'won', r.winner && !won && mySeat !== null && 'lost'] },
      headline, ' ', h('span', { class: ['kind', r.kind] },
        r.kind === 'double' ? t('over.double') : r.kind === 'normal' ? t('over.normal') : '')));
    parts.push(...r.halves.map((half, i) => halfTable(half, i + 1, names, mySeat)));
    if (r.halves.length > 1) {
      const rows = TEAMS.map((team) => h('tr', {},
        h('th', { scope: 'row' }, `${t('over.total')} · ${teamLabel(team, mySeat)}`),
        h('td', { class: 'num' }, String(r.halves.reduce((a, half) => a + half.points[team], 0)))));
      parts.push(h('table', { class: 'points total' }, h('tbody', {}, rows)));
    }
  }
  if (Array.isArray(over.seats) && over.seats.length) parts.push(seatChanges(over.seats, names, mySeat));
  else if (over.changes) {
    parts.push(h('div', { class: 'changes' }, h('h3', {}, t('over.changes')),
      h('p', {}, t('over.score', { d: signed(over.changes.score) }), ' · ',
        t('over.coins', { d: signed(over.changes.coins) }))));
  }
  parts.push(h('div', { class: 'dialog-actions' },
    actions.map(([label, action, f, primary]) => h('button', { class: ['btn', primary && 'primary'], type: 'button',
      dataset: { action }, onclick: f }, label))));
  return parts;
}
