// A table's session room at the table (局数, issue 26): a chip in the head (第 3/8 局; once
// over, it opens the summary again), the owner's 开局数房 between games, and a strip under
// the felt — between games, while a vote to end runs, or when the chip is pressed — with
// the running tally, 结束牌局 and the vote's 同意 / 不同意. The game-over panel shows the
// tally too (overPart). When the session ends, its summary opens by itself.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { SESSION_LENGTHS, lengthText, playedText, playerName, progressText, ranked, reasonText, signed } from '../sessions.js';
import { tableName } from '../words.js';
import { confirmDialog } from './confirm.js';
import { promptDialog } from './prompt.js';
import { seatName } from './seats.js';
import { openSessionSummary, openSummary } from './summary.js';

/** @typedef {import('../state/shapes.js').TableView} TableView */
/** A table's session room (docs/protocol.md): a session, with its id and its vote to end
 * (the seats that asked, until when).
 * @typedef {import('../sessions.js').Session & { id: number, votes?: number[], vote_until?: number | null }} Room */

/** A vote to end that still runs (it lapses after 60 s without a frame saying so).
 * @param {Room | null | undefined} session */
export function voteRunning(session) {
  if (!session || session.status === 'ended' || !(session.votes || []).length) return false;
  return !session.vote_until || session.vote_until * 1000 > Date.now();
}

/** The running tally: each player's name, total and games won, best total first.
 * @param {Room} session */
export function tallyList(session, cls = '') {
  return h('ol', { class: ['session-tally', cls], 'aria-label': t('session.tally') },
    ranked(session.players).map((p) => h('li', { class: ['tally-cell', p.total > 0 && 'up', p.total < 0 && 'down'],
      dataset: { key: p.key, total: p.total } },
    h('span', { class: 'tally-name' }, playerName(p)),
    h('span', { class: 'tally-total', 'aria-label': t('session.total_is', { n: signed(p.total) }) }, signed(p.total)),
    h('span', { class: 'tally-wins' }, t('session.wins_n', { n: p.wins })))));
}

/** @param {TableView} table */
const summaryContext = (table) => ({ place: tableName(table), rules: table.rules, turnSeconds: table.turn_seconds,
  bet: table.bet });

/** @param {import('../actions/app.js').App} app
 * @param {number} tableId */
export function createSessionBar(app, tableId) {
  const head = h('span', { class: 'session-head' });
  const openBtn = h('button', { class: 'btn', type: 'button', dataset: { action: 'open-session' }, hidden: true,
    onclick: () => openSession() }, t('session.open'));
  const strip = h('section', { class: 'session-strip', role: 'region', 'aria-label': t('session.label'), hidden: true });
  let peek = false; // the chip pressed during a game: the tally shown until pressed again
  /** @type {{ id: number, status: string } | null} */
  let seen = null; // the session last seen ({ id, status }): its end opens the summary
  let key = '';
  /** @type {[TableView, number | null, boolean] | null} */
  let last = null;
  /** @type {number | null} */
  let tick = null;

  const showSummary = (/** @type {TableView} */ table) => openSessionSummary(app, table.session, summaryContext(table));

  async function openSession() {
    const choice = await promptDialog(t('session.open_label'),
      { choices: SESSION_LENGTHS.map((n) => /** @type {[string, string]} */ ([String(n), lengthText(n)])) });
    if (choice !== null) app.act.openSession(tableId, Number(choice));
  }

  /** @param {TableView} table
   * @param {boolean} ownerNow */
  async function end(table, ownerNow) {
    if (ownerNow) {
      const yes = await confirmDialog(t('session.end_confirm'), { yes: t('session.end'), kind: 'danger' });
      if (!yes) return;
    }
    app.act.endSession(tableId, true);
  }

  /** The vote's line: who asked, how long it still runs, and my answer's buttons.
   * @param {TableView} table
   * @param {Room} session
   * @param {number | null} me  my seat (null: watching) */
  function voteRow(table, session, me) {
    const votes = session.votes || [];
    const names = votes.map((seat) => seatName(table.seats[seat]));
    const left = session.vote_until ? Math.max(0, Math.ceil(session.vote_until - Date.now() / 1000)) : null;
    const humans = table.seats.filter((x) => x.kind === 'player').length;
    const row = [h('span', { class: 'vote-text' }, t('session.vote_asked', { names: names.join(t('list.and')),
      n: votes.length, of: humans })),
    left === null ? null : h('span', { class: 'vote-left muted small' }, t('session.vote_left', { n: left }))];
    if (me !== null && !votes.includes(me)) {
      row.push(h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'session-agree' },
        onclick: () => app.act.endSession(tableId, true) }, t('session.agree')),
      h('button', { class: 'btn small', type: 'button', dataset: { action: 'session-refuse' },
        onclick: () => app.act.endSession(tableId, false) }, t('session.refuse')));
    } else if (me !== null) {
      row.push(h('span', { class: 'small' }, t('session.vote_waiting')),
        h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'session-withdraw' },
          onclick: () => app.act.endSession(tableId, false) }, t('session.withdraw')));
    }
    return h('div', { class: 'session-vote', role: 'status' }, row);
  }

  /** @param {TableView} table
   * @param {number | null} me  my seat (null: watching)
   * @param {boolean} isOwner */
  function paint(table, me, isOwner) {
    const s = table.session;
    const between = table.status === 'open';
    const seated = me !== null;
    const voting = voteRunning(s);
    // the head: the chip (the tally, or the summary once over), 开局数房 for the owner
    const parts = [];
    if (s && !between) { // between games the strip says it
      const ended = s.status === 'ended';
      parts.push(h('button', { class: ['chip session-chip', ended && 'ended', voting && 'voting'], type: 'button',
        dataset: { action: 'session-chip', played: s.played, games: s.games, status: s.status },
        'aria-expanded': ended ? null : String(peek || between || voting),
        'aria-label': t(ended ? 'session.chip_summary' : 'session.chip_tally', { progress: progressText(s) }),
        onclick: () => {
          if (ended) showSummary(table);
          else {
            peek = !peek;
            key = '';
            if (last) render(...last);
          }
        } }, progressText(s)));
    }
    head.replaceChildren(...parts);
    // 开局数房: the owner's, between games, beside 准备 (table.js puts it in the felt)
    openBtn.hidden = !(table.private && isOwner && seated && between && !(s && s.status !== 'ended'));

    const show = Boolean(s) && (between || voting || peek);
    strip.hidden = !show;
    if (!show) {
      strip.replaceChildren();
      return;
    }
    const running = s.status === 'running';
    const actions = [];
    if (running && seated && !voting) { // during a vote: its own buttons
      const ownerNow = isOwner && between;
      actions.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'end-session' },
        onclick: () => end(table, ownerNow) }, t(ownerNow ? 'session.end' : 'session.ask_end')));
    }
    if (s.status === 'ended') {
      actions.push(h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'session-summary' },
        onclick: () => showSummary(table) }, t('session.see_summary')));
    }
    if (peek && !between) {
      actions.push(h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'session-fold' },
        'aria-label': t('session.fold'), onclick: () => { peek = false; key = ''; if (last) render(...last); } }, '×'));
    }
    strip.replaceChildren(...[
      h('div', { class: 'session-strip-head' },
        h('h2', {}, t('session.label'), h('span', { class: 'session-progress' },
          s.status === 'ended' ? t('session.ended') : progressText(s))),
        s.status === 'ended' ? h('span', { class: 'session-reason small' }, reasonText(s)) : null,
        h('span', { class: 'session-actions' }, actions)),
      voting ? voteRow(table, s, me) : null,
      s.players.length ? tallyList(s)
        : h('p', { class: 'session-empty small' }, t(s.status === 'ended' ? 'session.no_games' : 'session.no_games_yet'))]
      .filter(Boolean));
  }

  /** @param {TableView} table
   * @param {number | null} me  my seat (null: watching)
   * @param {boolean} isOwner */
  function render(table, me, isOwner) {
    last = [table, me, isOwner];
    const s = table.session;
    if (s) {
      if (seen && seen.id === s.id && seen.status !== 'ended' && s.status === 'ended'
        && openSummary()?.id !== s.id) {
        peek = false;
        setTimeout(() => showSummary(table)); // after this render: above the game-over panel
      }
      seen = { id: s.id, status: s.status };
    }
    const voting = voteRunning(s);
    const k = JSON.stringify([s, table.status, table.private, me, isOwner, peek, voting,
      (s?.votes || []).map((/** @type {number} */ seat) => seatName(table.seats[seat]))]);
    // a running vote counts down (and lapses) without a frame: look again each second
    if (voting && !tick) tick = setInterval(() => { key = ''; if (last) render(...last); }, 1000);
    if (!voting && tick) {
      clearInterval(tick);
      tick = null;
    }
    if (k === key) return;
    key = k;
    paint(table, me, isOwner);
  }

  /** The tally in the game-over panel (and, the session over, its summary's button).
   * @param {TableView | null | undefined} table */
  function overPart(table) {
    const s = table && table.session;
    if (!s || (s.status !== 'ended' && !s.players.length)) return null;
    const ended = s.status === 'ended';
    return h('section', { class: 'session-over', 'aria-label': t('session.label') },
      h('h3', {}, t('session.label'), ' · ', ended ? reasonText(s) : playedText(s)),
      tallyList(s, 'in-over'),
      ended ? h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'over-summary' },
        onclick: () => showSummary(table) }, t('session.see_summary')) : null);
  }

  return {
    head,
    strip,
    openBtn,
    render,
    overPart,
    overKey: (/** @type {TableView | null | undefined} */ table) => (table && table.session ? `${table.session.id}:${table.session.played}:${table.session.status}` : ''),
    destroy() {
      clearInterval(/** @type {number} */ (tick));
      openSummary()?.close();
    },
  };
}
