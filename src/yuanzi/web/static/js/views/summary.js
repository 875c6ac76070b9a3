// The end-of-session summary (牌局结束, issue 26): where and when, the rules, why it ended,
// each player's total (the 大赢家 first and marked), wins, 双夹, biggest bomb and best
// partner, each game's result with its replay — and the same as a picture to share
// (Web Share with a file where the browser can, else saved as a PNG).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import {
  bigWinners, bombText, byKey, lengthText, lineWinners, placeOf, playerName, ranked, reasonText, rulesLine,
  signed, spanOf,
} from '../sessions.js';
import { drawSessionImage } from './shareimage.js';

/** @typedef {import('../sessions.js').Session} Session */
/** @typedef {import('../sessions.js').Player} Player */
/** @typedef {import('../actions/app.js').App} App */
/**
 * Where a summary is opened from: the table's name, its rules, its turn's seconds and bet,
 * the club's name when known; ``full: false`` for a session read without its bombs.
 * @typedef {{ place?: string, rules?: Record<string, any> | null, turnSeconds?: number | null,
 *   bet?: number, club?: string, full?: boolean }} SummaryContext
 */
/** A game of a session (docs/protocol.md's session lines).
 * @typedef {{ game_id: number, status: string, winner?: string | null, kind?: string | null,
 *   stakes: Record<string, number> }} SessionLine */

/** @type {Map<number, Promise<string>>} */
const clubNames = new Map(); // club id → a promise of its name ('' when it cannot be read)

/** A club's name, from its page (members only): asked once per club.
 * @param {App} app
 * @param {number | null | undefined} id
 * @returns {Promise<string>} */
export function clubNameOf(app, id) {
  if (id === null || id === undefined) return Promise.resolve('');
  if (!clubNames.has(id)) {
    clubNames.set(id, app.act.loadClub(id).then((/** @type {any} */ p) => p.club.name, () => ''));
  }
  return /** @type {Promise<string>} */ (clubNames.get(id));
}

/** Remember a club's name already read (the club page knows it).
 * @param {number} id
 * @param {string} name */
export function knowClubName(id, name) {
  clubNames.set(id, Promise.resolve(name));
}

/** @type {{ dialog: HTMLDialogElement, close: () => void, id: number } | null} */
let open = null; // the summary shown now (one at a time)

/** @param {Player} p
 * @param {number} place
 * @param {Set<string>} big
 * @param {Record<string, Player>} keys */
function playerItem(p, place, big, keys) {
  const partner = p.partner && keys[p.partner] ? playerName(keys[p.partner]) : '—';
  const top = big.has(p.key);
  /** @type {(label: string, value: string | null | undefined, cls?: string) => any} */
  const fact = (label, value, cls = '') => h('span', { class: ['fact', cls] }, h('span', { class: 'fact-label' }, label), ' ', value);
  return h('li', { class: ['summary-player', top && 'big-winner'], dataset: { key: p.key } },
    h('span', { class: 'rank', 'aria-label': t('session.rank_n', { n: place }) }, String(place)),
    h('span', { class: 'player-who' },
      h('span', { class: 'name' }, playerName(p)),
      top ? h('span', { class: 'big-badge' }, t('session.big_winner')) : null),
    h('span', { class: ['total', p.total > 0 && 'up', p.total < 0 && 'down'], dataset: { total: p.total },
      'aria-label': t('session.total_is', { n: signed(p.total) }) }, signed(p.total)),
    h('span', { class: 'facts small' },
      fact(t('session.col.wins'), t('session.wins_ratio', { w: p.wins, n: p.games })),
      fact(t('session.col.doubles'), String(p.doubles)),
      fact(t('session.col.bomb'), bombText(p.bomb), 'bomb'),
      fact(t('session.col.partner'), partner)));
}

/** @param {SessionLine} line
 * @param {number} n
 * @param {Session} session
 * @param {() => void} close */
function gameItem(line, n, session, close) {
  const winners = lineWinners(line, session);
  let result;
  if (line.status === 'abandoned') {
    const players = byKey(session);
    const escaper = Object.entries(line.stakes).find(([, s]) => s < 0);
    result = t('session.game_abandoned', { name: escaper ? playerName(players[escaper[0]]) || '?' : '?' });
  } else if (!line.winner) {
    result = t('over.draw');
  } else {
    const stake = Math.max(...Object.values(line.stakes));
    result = t(line.kind === 'double' ? 'session.game_won_double' : 'session.game_won',
      { names: winners.join(t('list.and')), n: signed(stake) });
  }
  return h('li', { class: 'summary-game', dataset: { game: line.game_id } },
    h('span', { class: 'game-n' }, t('session.game_n', { n })),
    h('span', { class: 'game-result' }, result),
    h('a', { class: 'btn small ghost', href: hrefOf('replays', line.game_id), dataset: { open: 'game' },
      'aria-label': t('session.game_replay', { n }), onclick: close }, t('history.replay')));
}

/**
 * Open the summary of `session` (a session view, docs/protocol.md). `ctx`: { place (the
 * table's name), rules, turnSeconds, bet, club (its name, when known) }. A session from
 * a club's list carries no bombs: it is read whole first (GET /api/sessions/{id}).
 * @param {App} app
 * @param {Session} session
 * @param {SummaryContext} [ctx]
 */
export async function openSessionSummary(app, session, ctx = {}) {
  if (open) open.close();
  if (ctx.full === false) {
    try {
      session = await app.act.read('sessionRoom', session.id);
    } catch { /* shown without the bombs */ }
  }
  const club = ctx.club ?? await clubNameOf(app, session.club);
  const ended = session.status === 'ended';
  const title = t(ended ? 'session.summary_title' : 'session.summary_running');
  const place = [ctx.place, club ? t('session.club_is', { name: club }) : ''].filter(Boolean).join(' · ');
  const date = spanOf(session.started_at, ended ? session.ended_at : null);
  // the table's rules when known (at the table, or a club's house rules); else its length
  const rules = [lengthText(session.games),
    ctx.rules === undefined || ctx.rules === null ? '' : rulesLine(ctx.rules, { turnSeconds: ctx.turnSeconds, bet: ctx.bet })]
    .filter(Boolean).join(' · ');
  const reason = reasonText(session);

  const players = ranked(session.players);
  const big = bigWinners(session.players);
  const keys = byKey(session);
  const dialog = h('dialog', { class: 'dialog summary-dialog', 'aria-labelledby': 'summary-title',
    dataset: { session: session.id } });
  const close = () => { if (dialog.open) dialog.close(); };
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (open && open.dialog === dialog) open = null;
  });

  // the picture: drawn once, shown as an image, shared or saved
  const canvas = drawSessionImage({ session, title, place, date, rules, reason });
  const url = canvas.toDataURL('image/png');
  const fileName = `yuanzi-session-${session.id}.png`;
  const img = h('img', { class: 'summary-image', src: url, alt: t('session.image_alt'), width: canvas.width,
    height: canvas.height });
  const save = h('a', { class: 'btn', href: url, download: fileName, dataset: { action: 'save-image' } },
    t('session.save_image'));
  const share = h('button', { class: 'btn primary', type: 'button', hidden: true, dataset: { action: 'share-image' },
    onclick: async () => {
      try {
        await navigator.share({ files: [share.file], title, text: `${title} · ${place}` });
      } catch (/** @type {any} */ e) {
        if (e && e.name !== 'AbortError') app.toast(t('session.share_failed'));
      }
    } }, t('session.share'));
  canvas.toBlob((blob) => {
    if (!blob || typeof File === 'undefined') return;
    const file = new File([blob], fileName, { type: 'image/png' });
    if (navigator.canShare?.({ files: [file] })) {
      share.file = file;
      share.hidden = false;
    }
  }, 'image/png');

  const bomb = session.bomb;
  const body = h('div', { class: 'summary-body' },
    h('header', { class: 'summary-head' },
      h('h2', { id: 'summary-title' }, title),
      place ? h('p', { class: 'summary-place' }, place) : null,
      h('p', { class: 'summary-date muted small' }, date),
      h('p', { class: 'summary-rules small' }, h('b', {}, t('session.rules')), ' ', rules),
      h('p', { class: 'summary-reason', dataset: { reason: session.reason || '' } }, reason)),
    h('section', { class: 'summary-main', 'aria-label': t('session.players') },
      h('ol', { class: 'summary-players' }, players.map((p) => playerItem(p, placeOf(players, p), big, keys))),
      bomb ? h('p', { class: 'summary-bomb' }, t('session.bomb_line', {
        name: keys[bomb.key] ? playerName(keys[bomb.key]) : '', bomb: bombText(bomb) })) : null),
    h('figure', { class: 'summary-figure' }, img,
      h('figcaption', { class: 'muted small' }, t('session.image_hint'))),
    h('section', { class: 'summary-games' },
      h('h3', {}, t('session.games_title', { n: session.lines.length })),
      session.lines.length
        ? h('ol', { class: 'summary-game-list' }, session.lines.map((/** @type {SessionLine} */ line, /** @type {number} */ i) => gameItem(line, i + 1, session, close)))
        : h('p', { class: 'muted small' }, t('session.no_games')),
      h('p', { class: 'muted small' }, t('session.history_hint'), ' ',
        h('a', { href: hrefOf('profile'), onclick: close }, t('session.my_history')))));
  dialog.append(body, h('div', { class: 'dialog-actions' }, share, save,
    h('button', { class: 'btn', type: 'button', dataset: { action: 'close-summary' }, onclick: close },
      t('over.close'))));
  document.body.append(dialog);
  dialog.showModal();
  body.scrollTop = 0;
  open = { dialog, close, id: session.id };
  return dialog;
}

/** The summary shown now, if any (its session's id), and a way to close it. */
export const openSummary = () => open;
