// A tournament in words (issue 28): its score, status, format and start, whose entry is
// mine, whether its check-in is open, and a refusal said in the page's terms — shared by
// the list (tourlist.js), the page (tournaments.js) and its board (tourboard.js).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { when } from '../sessions.js';

/**
 * An entry (hall/tournaments/views.py EntryView): its place, who (null: a bot), its
 * check-in, its 退赛, its committed and revealed values (公平发牌).
 * @typedef {{ position: number, account_id: number | null, name: string, name_en: string | null,
 *   bot: string | null, checked_in: boolean, withdrawn: boolean, contribution: string | null,
 *   commitment: string | null }} TourEntry
 */
/**
 * A round's table (RoundTable): the positions by seat, its games once the round is over.
 * @typedef {{ round: number, table_id: number, playing: boolean, seats: number[],
 *   games: Array<{ game_id: number, status: string }> }} TourTable
 */
/**
 * A line of the standings (StandingView).
 * @typedef {{ rank: number, position: number, name: string, games: number, score: number, stake: number,
 *   points: number, per_round: number[], withdrawn: boolean }} TourStanding
 */
/**
 * A tournament (TournamentView, GET /api/tournaments/<id>); ``round`` from 0 (−1 before the first).
 * @typedef {{ id: number, name: string, size: number, rounds: number, games_per_round: number,
 *   status: string, round: number, creator_id: number, club_id: number | null, club_name: string | null,
 *   starts_at: number | null, check_in_opens_at: number | null, created_at: number,
 *   started_at: number | null, finished_at: number | null, entries: TourEntry[], tables: TourTable[],
 *   standings: TourStanding[], commits: string[][][], scheme: string }} Tour
 */

/** A duplicate score: '+12.5', '−3', '0' (a true minus sign, at most two decimals).
 * @param {number | null | undefined} x */
export function scoreText(x) {
  const n = Math.round(Number(x || 0) * 100) / 100;
  const abs = String(Math.abs(n));
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : '0';
}

/** @param {number} n */
export const signedInt = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** 8人 · 3轮 · 每轮1局
 * @param {Tour} tour */
export const formatText = (tour) => [t('tour.players_n', { n: tour.size }), t('tour.rounds_n', { n: tour.rounds }),
  t('tour.games_per_round_n', { n: tour.games_per_round })].join(' · ');

/** 满人开赛, or 定时赛 with its time.
 * @param {Tour} tour */
export const startText = (tour) => (tour.starts_at ? t('tour.scheduled_at', { when: when(tour.starts_at) })
  : t('tour.sit_and_go'));

/** 报名中 / 第 2/3 轮 / 已结束 / 已取消
 * @param {Tour} tour */
export function statusText(tour) {
  if (tour.status === 'running') {
    return t('tour.status.running_round', { n: Math.max(0, tour.round) + 1, of: tour.rounds });
  }
  return t(`tour.status.${tour.status}`);
}

/** @param {Tour} tour */
export const statusChip = (tour) => h('span', { class: ['chip', 'tour-status', `is-${tour.status}`],
  dataset: { status: tour.status } }, statusText(tour));

/** @type {(tour: Tour, me: { id: number } | null | undefined) => TourEntry | null} */
export const myEntry = (tour, me) => (me ? (tour.entries || []).find((e) => e.account_id === me.id) ?? null : null);

export const nowSeconds = () => Date.now() / 1000;

/** The check-in window of a scheduled tournament: open now?
 * @param {Tour} tour */
export function checkInOpen(tour) {
  const opens = tour.check_in_opens_at;
  return tour.status === 'signup' && Boolean(tour.starts_at) && opens != null
    && nowSeconds() >= opens && nowSeconds() < /** @type {number} */ (tour.starts_at);
}

/** Said aloud what a refusal means here (the hall's words, a few in the page's terms).
 * @param {import('../actions/app.js').App} app
 * @param {any} e  the refusal
 * @param {string | undefined} doing */
export function refusal(app, e, doing) {
  if (e && e.code === 'forbidden' && doing === 'create') return t('tour.too_many');
  if (e && e.code === 'forbidden' && doing === 'bots') return t('tour.bots_creator_only');
  return app.errorText(e);
}

