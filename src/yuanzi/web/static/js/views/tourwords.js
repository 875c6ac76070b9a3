// A tournament in words (issue 28): its score, status, format and start, whose entry is
// mine, whether its check-in is open, and a refusal said in the page's terms — shared by
// the list (tourlist.js), the page (tournaments.js) and its board (tourboard.js).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { when } from '../sessions.js';

/** @typedef {import('../state/pages.js').TourEntry} TourEntry */
/** @typedef {import('../state/pages.js').TourTable} TourTable */
/** @typedef {import('../state/pages.js').TourStanding} TourStanding */
/** @typedef {import('../state/pages.js').Tour} Tour */

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

