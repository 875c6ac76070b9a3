// One seat at the table: who sits there (nickname, title, level or bot), its cards
// left, the points it has won, 托管 / offline / ready / out badges, another player's armed
// items, and the turn clock.

import { h, s } from '../dom.js';
import { cardBack } from '../cardsvg.js';
import { botName, t } from '../i18n.js';
import { listOf, relationLabel, seatName, titleOf } from '../words.js';

export { relationLabel, seatName }; // (their home is words.js: the state's effects name seats too)
import { itemIcon } from './itemicons.js';

/** @typedef {import('../state/shapes.js').TableView} TableView */
/** @typedef {import('../state/shapes.js').SeatView} SeatView */

/** The bots' faces (the hall gives each bot an avatar, 0–7): a colour and a shape of eyes. */
const BOT_COLOURS = ['#4a6fa5', '#a5524a', '#4a8f5c', '#8a5aa5', '#b07a1e', '#3d8a8f', '#9b4d75', '#5f6b3a'];

/** A small robot head for bot seats (drawn, so no emoji font is needed), in the colour and
 * with the eyes of its avatar.
 * @param {number | null} [avatar] */
export function botIcon(avatar = null) {
  const k = typeof avatar === 'number' && Number.isInteger(avatar) ? avatar % BOT_COLOURS.length : null;
  const eyes = k !== null && k % 2 ? [s('rect', { x: 7, y: 11, width: 4, height: 2, rx: 1, fill: '#f6e7b0' }),
    s('rect', { x: 13, y: 11, width: 4, height: 2, rx: 1, fill: '#f6e7b0' })]
    : [s('circle', { cx: 9, cy: 12, r: 2, fill: '#f6e7b0' }), s('circle', { cx: 15, cy: 12, r: 2, fill: '#f6e7b0' })];
  return s('svg', { viewBox: '0 0 24 24', width: 22, height: 22, 'aria-hidden': 'true',
    style: k === null ? null : `color: ${BOT_COLOURS[k]}` },
  s('line', { x1: 12, y1: 2, x2: 12, y2: 6, stroke: 'currentColor', 'stroke-width': 2 }),
  s('circle', { cx: 12, cy: 2.5, r: 1.8, fill: 'currentColor' }),
  s('rect', { x: 4, y: 6, width: 16, height: 13, rx: k !== null && k >= 4 ? 7 : 4, fill: 'currentColor' }),
  ...eyes,
  s('rect', { x: 8, y: 16, width: 8, height: 1.6, rx: .8, fill: '#f6e7b0' }));
}

export const POSITIONS = ['bottom', 'right', 'top', 'left'];

/** The seat shown at each position: me at the bottom, the next seat (下家) on the right.
 * @param {number} base */
export function seatsByPosition(base) {
  return POSITIONS.map((pos, k) => ({ pos, seat: (base + k) % 4, k }));
}


/** Each seat's name with its place (下家 alice, 对家 阿福): for panels and messages. A
 * spectator sees the names alone (every name at a table differs).
 * @param {TableView} table
 * @param {number} base
 * @param {boolean} seated */
export function seatLabels(table, base, seated) {
  return table.seats.map((seat, n) => {
    const k = (n - base + 4) % 4;
    const who = seatName(seat);
    if (!seated) return who;
    return k === 0 ? t('seat.you_are', { name: who }) : `${relationLabel(k, seated, n)} ${who}`;
  });
}


/** A team (0: seats 0 and 2, 1: seats 1 and 3) by its players' names.
 * @param {TableView} table
 * @param {number} team */
export function teamName(table, team) {
  return t('table.team_of', { a: seatName(table.seats[team]), b: seatName(table.seats[team + 2]) });
}

/** What an open table waits for: players to sit, or who is not ready yet (you first).
 * @param {TableView | null | undefined} table
 * @param {number} base
 * @param {boolean} seated */
export function waitingText(table, base, seated) {
  if (!table || table.status !== 'open') return '';
  const empty = table.seats.filter((x) => x.kind === 'empty').length;
  if (empty) return t('table.waiting_seats', { n: empty });
  const others = table.seats.filter((x, n) => !x.ready && !(seated && n === base)).map(seatName);
  const me = seated && !table.seats[base].ready;
  if (me && !others.length) return t('table.waiting_you');
  if (me) return t('table.waiting_you_and', { names: listOf(others) });
  return others.length ? t('table.waiting_for', { names: listOf(others) }) : '';
}

/**
 * A seat box. `ctx` = {table, game, seated, mine, isOwner, canSit, app}.
 * @param {{ pos: string, seat: number, k: number }} place
 * @param {{ table: TableView, game: import('../game.js').Game | null, over?: any, seated: boolean,
 *   isOwner: boolean, canSit: boolean, app: any }} ctx
 */
export function seatBox({ pos, seat: seatNo, k }, ctx) {
  const { table, game, seated, isOwner, canSit, app } = ctx;
  const seat = table.seats[seatNo];
  const name = seatName(seat);
  const rel = relationLabel(k, seated, seatNo);
  const playing = game !== null && !ctx.over;
  const turn = playing && game.toMove === seatNo;
  const outAt = game ? game.outOrder.indexOf(seatNo) : -1;
  const badges = [];
  if (seat.auto) badges.push(h('span', { class: 'badge auto' }, t('seat.auto')));
  if (seat.kind === 'player' && !seat.connected) badges.push(h('span', { class: 'badge off' }, t('seat.offline')));
  if (!playing && seat.kind !== 'empty') {
    badges.push(h('span', { class: ['badge', seat.ready ? 'ready' : 'idle'] },
      t(seat.ready ? 'seat.ready' : 'seat.not_ready')));
  }
  if (outAt >= 0) badges.push(h('span', { class: 'badge out' }, t('seat.out', { n: outAt + 1 })));
  // another player's armed timer or recorder is public (R41); mine are in my table tools
  if (seat.kind === 'player' && !(seated && k === 0)) {
    for (const code of seat.armed || []) {
      const label = t('seat.armed', { item: t(`item.${code}`) });
      badges.push(h('span', { class: 'badge seat-armed', dataset: { armed: code }, title: label, 'aria-label': label,
        role: 'img' }, itemIcon(code)));
    }
  }

  const buttons = [];
  const mine = seated && k === 0;
  // a tournament's table (issue 28): its seats are drawn, nobody sits, swaps or seats a bot
  const drawn = Boolean(table.tournament);
  if (!playing && !drawn && seat.kind === 'empty') {
    if (canSit) {
      buttons.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'sit', seat: seatNo },
        onclick: () => app.act.sit(table.id, seatNo) }, t('seat.sit')));
    } else if (seated && table.status === 'open') { // partners by choice (issue 31): move here
      buttons.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'move-seat', seat: seatNo },
        'aria-label': `${t('seat.sit')} · ${rel}`,
        onclick: () => app.act.moveSeat(table.id, seatNo) }, t('seat.sit')));
    }
    if (isOwner && !table.bet) { // bots do not play for coins (R40): not offered at a betting table
      buttons.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'add-bot', seat: seatNo },
        'aria-label': `${t('seat.add_bot')} · ${rel}`,
        onclick: () => app.act.addBot(table.id, seatNo) }, t('seat.add_bot')));
      // the search bot (hall.thinking runs it off the event loop): the one that plays well
      buttons.push(h('button', { class: 'btn small ghost', type: 'button',
        dataset: { action: 'add-strong-bot', seat: seatNo },
        'aria-label': `${t('seat.add_strong_bot')} · ${rel}`,
        onclick: () => app.act.addBot(table.id, seatNo, 'search') }, t('seat.add_strong_bot')));
    }
  }
  // swap with a player (asked, or at once by the owner), or with a bot (the owner's)
  if (!playing && !drawn && seated && !mine && table.status === 'open'
    && (seat.kind === 'player' || (seat.kind === 'bot' && isOwner))) {
    buttons.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'swap-seat', seat: seatNo },
      'aria-label': `${t('seat.swap')} · ${name}`,
      onclick: () => app.act.swapSeats(table.id, seatNo, name) }, t('seat.swap')));
  }
  if (!playing && !drawn && seat.kind === 'player' && isOwner && !mine) {
    buttons.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'give-owner', seat: seatNo },
      'aria-label': `${t('seat.give_owner')} · ${name}`,
      onclick: () => app.act.giveOwner(table.id, seat.account_id) }, t('seat.give_owner')));
    if (table.private) {
      buttons.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'remove-player', seat: seatNo },
        'aria-label': `${t('seat.remove_player')} · ${name}`,
        onclick: () => app.act.removePlayer(table.id, seatNo) }, t('seat.remove_player')));
    }
  }
  if (!playing && !drawn && seat.kind === 'bot' && isOwner) {
    buttons.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'remove-bot', seat: seatNo },
      'aria-label': `${t('seat.remove_bot')} · ${name}`,
      onclick: () => app.act.removeBot(table.id, seatNo) }, t('seat.remove_bot')));
  }

  const stats = game ? h('div', { class: 'seat-stats' },
    h('span', { class: 'cards-left', title: t('seat.cards', { n: game.cardsLeft[seatNo] }) },
      h('span', { class: 'mini-back', 'aria-hidden': 'true' }, cardBack()),
      h('span', { class: 'count' }, t('seat.cards', { n: game.cardsLeft[seatNo] }))),
    h('span', { class: 'won' }, t('seat.points', { n: game.trickPoints[seatNo] }))) : null;

  return h('section', { class: ['seat', `pos-${pos}`, turn && 'turn', outAt >= 0 && 'is-out',
    seat.kind === 'empty' && 'vacant'], dataset: { seat: seatNo },
  'aria-label': t('seat.label', { pos: rel, name }) },
  h('div', { class: ['avatar', seat.kind], 'aria-hidden': 'true',
    dataset: seat.kind === 'bot' && Number.isInteger(seat.avatar) ? { avatar: seat.avatar } : {} },
  seat.kind === 'bot' ? botIcon(seat.avatar) : seat.kind === 'empty' ? '' : [...name][0]),
  h('div', { class: 'seat-info' },
    h('div', { class: 'seat-name' }, h('span', { class: 'nick' }, name), h('span', { class: 'rel' }, rel)),
    seat.kind === 'player'
      ? h('div', { class: 'seat-meta' }, t('seat.level', { level: seat.level, title: titleOf(seat) }))
      : seat.kind === 'bot' ? h('div', { class: 'seat-meta' }, t('seat.bot_kind', { kind: botName(seat.bot) })) : null,
    stats,
    badges.length ? h('div', { class: 'badges' }, badges) : null,
    buttons.length ? h('div', { class: 'seat-buttons' }, buttons) : null),
  turn ? h('div', { class: 'clock', role: 'timer', 'aria-label': t('seat.turn') },
    h('span', { class: 'clock-secs' }, '')) : null);
}
