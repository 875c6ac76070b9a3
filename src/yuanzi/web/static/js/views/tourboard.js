// A tournament's board (issue 28): the standings on duplicate scores and, once it is
// over, the first three on a podium (issue 45: ties said, all tables alike said).

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { scoreText, signedInt } from './tourwords.js';

/** @typedef {import('./tourwords.js').Tour} Tour */
/** Who holds a position: its name, whether it is mine, its 机器人 chip (or null).
 * @typedef {{ nameAt: (position: number) => string | null | undefined, mineAt: (position: number) => boolean,
 *   botChip: (position: number) => any }} Who */

  const COLS = [
    ['rank', 'tour.col.rank', 'num'], ['name', 'tour.col.player', ''], ['score', 'tour.col.score', 'num'],
    ['stake', 'tour.col.stake', 'num opt'], ['points', 'tour.col.points', 'num opt opt-wide'], ['games', 'tour.col.games', 'num opt opt-wide'],
  ];

/** The standings (live while it runs, final once over) into ``standings``; ``who``: a
 * position's name, its 机器人 chip, and whether it is mine.
 * @param {HTMLElement} standings
 * @param {Tour} tour
 * @param {Who} who */
export function renderStandings(standings, tour, { nameAt, mineAt, botChip }) {
    const rows = tour.standings || [];
    standings.hidden = !rows.length;
    if (!rows.length) {
      fill(standings);
      return;
    }
    const perRound = tour.rounds <= 8; // a column a round fits; more scroll in a wide window only
    const finished = tour.status === 'finished';
    const headRow = h('tr', {}, COLS.map(([, key, cls]) => h('th', { scope: 'col', class: cls }, t(key))),
      perRound ? Array.from({ length: tour.rounds }, (_, r) => h('th', { scope: 'col', class: 'num per-round',
        title: t('tour.round_n', { n: r + 1 }) }, t('tour.round_short', { n: r + 1 }))) : null);
    const body = rows.map((row) => {
      const mine = mineAt(row.position);
      const medal = finished && row.rank <= 3 && !row.withdrawn ? `medal-${row.rank}` : null;
      return h('tr', { class: [mine && 'me', medal, row.withdrawn && 'withdrawn'], dataset: { position: row.position, rank: row.rank } },
        h('td', { class: 'num' }, h('span', { class: ['rank-badge', medal] }, String(row.rank))),
        h('th', { scope: 'row', class: 'player' }, h('span', { class: 'player-name' }, nameAt(row.position)),
          botChip(row.position), row.withdrawn ? h('span', { class: 'chip tour-withdrawn' }, t('tour.withdrawn')) : null,
          mine ? h('span', { class: 'sr-only' }, ` (${t('tour.you')})`) : null),
        h('td', { class: ['num tour-score', row.score > 0 && 'up', row.score < 0 && 'down'] }, scoreText(row.score)),
        h('td', { class: 'num opt' }, signedInt(row.stake)),
        h('td', { class: 'num opt opt-wide' }, String(row.points)),
        h('td', { class: 'num opt opt-wide' }, String(row.games)),
        perRound ? Array.from({ length: tour.rounds }, (_, r) => h('td', { class: 'num per-round' },
          r < (row.per_round || []).length && r <= Math.max(tour.round, 0) ? scoreText(row.per_round[r]) : '')) : null);
    });
    fill(standings,
      h('div', { class: 'section-head' },
        h('h2', { id: 'tour-standings-title' }, t(finished ? 'tour.final_standings' : 'tour.standings')),
        tour.status === 'running' ? h('span', { class: 'chip tour-live' }, t('tour.live')) : null),
      h('div', { class: 'scroll-x' }, h('table', { class: 'board tour-board' },
        h('caption', { class: 'sr-only' }, t(finished ? 'tour.final_standings' : 'tour.standings')),
        h('thead', {}, headRow), h('tbody', {}, body))),
      // (issue 45: every table played alike — say so, rather than seem to crown the
      // first to sign up)
      finished && rows.every((r) => r.score === 0) ? h('p', { class: 'tour-alike small' }, t('tour.all_alike')) : null,
      h('p', { class: 'muted small tour-board-note' }, t('tour.board_note')));
  }

/** The first three on a podium, once it is over, into ``podium``.
 * @param {HTMLElement} podium
 * @param {Tour} tour
 * @param {Who} who */
export function renderPodium(podium, tour, { nameAt, mineAt, botChip }) {
    const rows = (tour.standings || []).filter((r) => !r.withdrawn && r.rank <= 3);
    podium.hidden = tour.status !== 'finished' || !rows.length;
    if (podium.hidden) {
      fill(podium);
      return;
    }
    fill(podium,
      h('h2', { id: 'tour-podium-title', class: 'sr-only' }, t('tour.podium')),
      h('ol', { class: 'podium' }, rows.slice(0, 3).map((row) => h('li', { class: ['podium-step', `place-${row.rank}`,
        mineAt(row.position) && 'me'], dataset: { rank: row.rank } },
      h('span', { class: 'podium-rank', 'aria-hidden': 'true' }, String(row.rank)),
      h('span', { class: 'podium-place' }, t(`tour.place.${row.rank}`)),
      h('span', { class: 'podium-name' }, nameAt(row.position), botChip(row.position)),
      h('span', { class: 'podium-score' }, t('tour.score_is', { score: scoreText(row.score) }))))),
    // how ties on the score were broken, when the podium holds any (issue 45)
    new Set(rows.slice(0, 3).map((r) => r.score)).size < Math.min(3, rows.length)
      ? h('p', { class: 'muted small podium-ties' }, t('tour.podium_ties')) : null);
  }

