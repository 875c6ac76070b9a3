// A club's past (issue 26): its tally by week, month or all time, and its latest sessions.

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { bigWinners, lengthText, playedText, playerName, ranked, reasonText, signed, when } from '../sessions.js';
import { openSessionSummary } from './summary.js';

/** @typedef {import('./clubwords.js').ClubPage} ClubPage */
/** A member's line of the tally (server/club_routes.py TallyRow).
 * @typedef {{ account_id: number, nickname: string, games: number, wins: number, total: number }} TallyRow */

/** The club's tally (by week, month, all time) into ``tally``: ``load()`` it again.
 * @param {import('../actions/app.js').App} app
 * @param {number} clubId
 * @param {HTMLElement} tally */
export function createClubTally(app, clubId, tally) {
  let period = 'week';
  async function loadTally() {
    const body = h('div', { class: 'club-tally-body', 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('common.loading')));
    const switchBtn = (/** @type {string} */ p) => h('button', { class: 'btn small', type: 'button', 'aria-pressed': String(p === period),
      dataset: { period: p }, onclick: () => { period = p; loadTally(); } }, t(`club.period.${p}`));
    fill(tally,
      h('div', { class: 'section-head' },
        h('h2', { id: 'club-tally-title' }, t('club.tally')),
        h('div', { class: 'segmented', role: 'group', 'aria-label': t('club.period') },
          ['week', 'month', 'all'].map(switchBtn))),
      body);
    try {
      await app.act.loadClubTally(clubId, period);
      const r = app.store.get().clubTallies[clubId]?.[period];
      if (!r || r.period !== period) return;
      const me = app.store.get().account;
      fill(body,
        r.since ? h('p', { class: 'muted small' }, t('club.since', { date: when(r.since) })) : null,
        r.rows.length
          ? h('div', { class: 'scroll-x' }, h('table', { class: 'board club-tally-table' },
            h('thead', {}, h('tr', {}, ['lb.rank', 'lb.player', 'lb.games', 'lb.wins', 'club.total']
              .map((k) => h('th', { scope: 'col', class: k === 'lb.player' ? '' : 'num' }, t(k))))),
            h('tbody', {}, r.rows.map((/** @type {TallyRow} */ row, /** @type {number} */ i) => h('tr', { class: [me && row.account_id === me.id && 'me'],
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

  return { load: loadTally };
}

/** The club's latest sessions into ``sessions``, each opening its summary; ``pageOf()``:
 * the club's page as last loaded (its name and house rules), or null.
 * @param {import('../actions/app.js').App} app
 * @param {number} clubId
 * @param {HTMLElement} sessions
 * @param {() => ClubPage | null} pageOf */
export async function loadClubSessions(app, clubId, sessions, pageOf) {
  const list = h('ul', { class: 'club-session-list' }, h('li', { class: 'muted' }, t('common.loading')));
  sessions.replaceChildren(h('h2', { id: 'club-sessions-title' }, t('club.sessions')), list);
  try {
    await app.act.loadClubSessions(clubId);
    const latest = app.store.get().clubSessions[clubId] ?? [];
    list.replaceChildren(...(latest.length ? latest.map((/** @type {import('../sessions.js').Session} */ s) => {
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
          onclick: () => openSessionSummary(app, s, { full: false, club: pageOf() ? /** @type {ClubPage} */ (pageOf()).club.name : '',
            rules: pageOf()?.club.house_rules ?? undefined }) },
        winners.length ? t('club.details_winner', { name: playerName(winners[0]) }) : t('club.details')));
    }) : [h('li', { class: 'muted' }, t('club.no_sessions'))]));
  } catch (e) {
    list.replaceChildren(h('li', { class: 'form-error' }, app.errorText(e)));
  }
}
