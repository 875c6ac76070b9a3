// The coach (issue 17) in the replay viewer: the reviewed seat's decisions as marks on a
// timeline, the better play drawn as cards at each marked moment, "next mistake", and
// the game's accuracy, points given away, and every marked moment listed (the three worst
// flagged). A move the hall made for the player (the clock, 托管) is shown as such and
// never graded; where 提示 advised the move the coach marks, the note says why they
// differ. A review is asked for here or from the end-of-game panel (POST
// /api/games/{id}/review); its progress comes as review_progress frames (store.reviews),
// the stored review from GET …/review.

import { h } from '../dom.js';
import { parseCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { cardName } from '../names.js';
import { t } from '../i18n.js';
import { fromStore } from './fromstore.js';

/** @typedef {import('../actions/app.js').App} App */
/**
 * One decision of the reviewed seat (coach/review.py's Decision, rounded).
 * @typedef {{ half: number, index: number, ply: number, played: string, best: string,
 *   win_played: number, win_best: number, loss: number, points_lost?: number, mark: string,
 *   hint?: string, why?: string, why_n: number }} ReviewDecision
 */
/** A move the hall made for the seat, never graded (coach/review.py's PlayedFor).
 * @typedef {{ half: number, index: number, ply: number, played: string, by: string }} PlayedFor */
/**
 * A seat's stored review (SeatReview.to_json).
 * @typedef {{ seat: number, team: string, settings?: { worlds: number }, accuracy: number,
 *   points_given: number, counts: Record<string, number>, worst?: number[],
 *   decisions: ReviewDecision[], played_for?: PlayedFor[] }} SeatReview
 */
/** The hall's answer on a review: where it stands, and the review once done.
 * @typedef {{ status: string, review?: SeatReview | null }} ReviewAnswer */
/** A position of the viewer the coach can point at (replays.js's timeline, or a moment alone).
 * @typedef {{ half: number, index: number, blade: number }} Step */
/** Where a review stands as the page knows it (store.reviews).
 * @typedef {{ status: string, done: number, total: number }} ReviewInfo */

const MARKED = new Set(['inaccuracy', 'mistake', 'blunder']);

/** The progress line of a review under way, or null. */
/** @param {ReviewInfo | undefined} info */
export function reviewProgress(info) {
  if (!info || (info.status !== 'queued' && info.status !== 'running')) return null;
  const bar = h('progress', { max: info.total || 1, value: info.done || 0, 'aria-label': t('coach.progress') });
  return h('p', { class: 'review-progress small' }, bar, ' ',
    info.total ? t('coach.progress_n', { done: info.done, total: info.total }) : t('coach.queued'));
}

/** @type {(text: string, blade: number) => any} */
const cardsRow = (text, blade) => (text === 'pass'
  ? h('span', { class: 'pass-bubble' }, t('table.pass'))
  : h('span', { class: 'replay-cards', role: 'img', 'aria-label': parseCards(text).map(cardName).join(' ') },
    parseCards(text).map((id) => h('span', { class: 'mini-card' }, cardFace(id, { blade })))));

/** @param {number} x */
const pct = (x) => `${(100 * x).toFixed(0)}%`;

const DOT = 26;
/** Left edges (px) of the timeline's dots: each at its step's place, pushed apart so that
 * every dot keeps a tappable ``DOT`` px of its own (or an even share when too many).
 * @param {number[]} places  each in 0…1
 * @param {number} width
 * @returns {number[]} */
export function spreadDots(places, width) {
  const n = places.length;
  if (!n) return [];
  const room = Math.max(0, width - DOT);
  const gap = Math.min(DOT, n > 1 ? room / (n - 1) : DOT);
  const order = places.map((p, i) => [p * room, i]).sort((a, b) => a[0] - b[0]);
  const out = new Array(n);
  let prev = -Infinity;
  // left to right: each dot a gap after the last, and room kept for those after it
  order.forEach(([x, i], k) => { out[i] = prev = Math.min(Math.max(x, prev + gap), room - (n - 1 - k) * gap); });
  return out;
}

/** The coach's panel of a replay: ``go(i)`` moves the viewer to step ``i``.
 * @param {App} app
 * @param {number} gameId
 * @param {Step[]} steps
 * @param {(i: number) => void} go */
export function createCoach(app, gameId, steps, go) {
  const root = h('section', { class: 'coach', 'aria-label': t('coach.title') });
  /** @type {SeatReview | null} */
  let review = null;
  let at = 0;
  let asked = false;
  /** @type {ReviewInfo | undefined} */
  let shown;

  /** @param {{ half: number, index: number }} d */
  const stepOf = (d) => steps.findIndex((s) => s.half === d.half && s.index === d.index);
  /** @type {(d1: ReviewDecision, d2: ReviewDecision) => number} */
  const byStep = (d1, d2) => stepOf(d1) - stepOf(d2);
  const marked = () => (review ? review.decisions.filter((d) => MARKED.has(d.mark)).sort(byStep) : []);
  const playedFor = () => (review && review.played_for) || [];

  /** Read the stored review (into the store: drawn in ``update``). */
  function load() {
    app.act.read('review', gameId).catch(() => null); // (refused: not mine to see)
  }
  const drawReview = fromStore(`review/${gameId}`, (/** @type {ReviewAnswer} */ got) => {
    if (got.status === 'done') review = got.review ?? null;
    render();
  }, () => render());

  function nextMistake() {
    const later = marked().map(stepOf).filter((i) => i > at).sort((a, b) => a - b);
    const first = marked().map(stepOf).sort((a, b) => a - b);
    const target = later.length ? later[0] : first[0];
    if (target !== undefined) go(target);
  }

  /** Why 提示 and the review differ, or that they agree, in one line (or none). */
  /** @param {ReviewDecision} d */
  function hintLine(d) {
    if (!d.hint) return null;  // a review stored before 提示 was recorded
    const worlds = review?.settings ? review.settings.worlds : 32;
    if (d.hint === d.played && MARKED.has(d.mark)) {
      return h('p', { class: 'coach-why small', dataset: { why: 'hint-differs' } }, t('coach.hint_differs', { worlds }));
    }
    if (d.hint === d.best && d.best !== d.played) {
      return h('p', { class: 'coach-why small', dataset: { why: 'hint-agreed' } }, t('coach.hint_agreed'));
    }
    return null;
  }

  function note() {
    const blade = steps[at].blade;
    const auto = playedFor().find((x) => stepOf(x) === at);
    if (auto) {
      return h('div', { class: 'coach-note played-for', dataset: { by: auto.by, half: auto.half, index: auto.index } },
        h('p', {}, h('strong', {}, t(`coach.by.${auto.by}`)), ' · ', t('coach.not_graded')),
        h('div', { class: 'coach-moves' }, cardsRow(auto.played, blade)));
    }
    const d = review && review.decisions.find((x) => stepOf(x) === at);
    if (!d) return h('p', { class: 'coach-note muted small' }, t('coach.no_decision'));
    return h('div', { class: ['coach-note', `mark-${d.mark}`], dataset: { mark: d.mark, half: d.half, index: d.index } },
      h('p', {}, h('strong', {}, t(`coach.mark.${d.mark}`)), ' · ',
        t('coach.win', { played: pct(d.win_played), best: pct(d.win_best) })),
      h('div', { class: 'coach-moves' },
        h('span', { class: 'small' }, t('coach.played')), cardsRow(d.played, blade),
        d.best !== d.played ? [h('span', { class: 'small' }, t('coach.better')), cardsRow(d.best, blade)] : null),
      whyLine(d), hintLine(d));
  }

  /** Why a marked move was worse, in a sentence drawn from the review's own figures
   * (issue 45; a review stored before has none). */
  /** @param {ReviewDecision} d */
  function whyLine(d) {
    if (!MARKED.has(d.mark) || !d.why) return null;
    const worlds = review?.settings ? review.settings.worlds : 32;
    return h('p', { class: 'coach-reason', dataset: { why: d.why } },
      t(`coach.why.${d.why}`, { n: Math.round(d.why_n), worlds }));
  }

  /** @param {{ half: number, index: number }} d */
  const where = (d) => `${t('replays.half', { n: d.half + 1 })} #${d.index}`;
  /** What the move gave away, in the figure that marked it (issue 45: "欠佳 (−0%)" for
   * some 20 points lost said nothing): the win chance, the half's points, or both. */
  /** @param {ReviewDecision} d */
  const lossText = (d) => {
    const chance = Math.round(d.loss);
    const points = Math.round(d.points_lost || 0);
    const parts = [];
    if (chance >= 1) parts.push(`−${chance}%`);
    if (points >= 1 && (chance < 1 || points >= 10)) parts.push(t('coach.points_lost_short', { n: points }));
    return parts.length ? parts.join(' · ') : '−0%';
  };

  /** Every marked moment the header counts, in game order, the worst three flagged.
   * @param {SeatReview} review  (the one drawn) */
  function markList(review) {
    const worst = new Set(review.worst || []);
    const rows = marked();
    if (!rows.length && !playedFor().length) return null;
    return h('ol', { class: 'coach-list small', 'aria-label': t('coach.all_marks') },
      rows.map((d) => h('li', { class: [`mark-${d.mark}`, stepOf(d) === at && 'current'] },
        h('button', { type: 'button', class: 'coach-row', dataset: { step: stepOf(d), mark: d.mark },
          onclick: () => go(stepOf(d)) },
        h('span', { class: 'coach-dot', 'aria-hidden': 'true' }),
        `${where(d)} · ${t(`coach.mark.${d.mark}`)} (${lossText(d)})`,
        worst.has(d.ply) ? h('span', { class: 'coach-worst-tag' }, t('coach.worst_tag')) : null))),
      playedFor().length ? h('li', { class: 'coach-played-for muted' },
        t(rows.length || review.decisions.length ? 'coach.played_for_n' : 'coach.played_for_all', { n: playedFor().length })) : null);
  }

  /** @param {HTMLElement} strip */
  function placeDots(strip) {
    const buttons = /** @type {HTMLElement[]} */ ([...strip.querySelectorAll('.coach-mark')]);
    const total = Math.max(1, steps.length - 1);
    const lefts = spreadDots(buttons.map((b) => Number(b.dataset.step) / total), strip.clientWidth);
    buttons.forEach((b, k) => { b.style.left = `${lefts[k]}px`; });
  }

  function render() {
    const info = app.store.get().reviews[gameId];
    if (!review) {
      const progress = reviewProgress(info);
      root.replaceChildren(h('h2', {}, t('coach.title')),
        progress || h('button', { class: 'btn primary small', type: 'button', dataset: { action: 'ask-review' },
          disabled: asked, onclick: async () => { asked = true; render(); await app.act.askReview(gameId); } },
        t('coach.ask')));
      return;
    }
    const total = Math.max(1, steps.length - 1);
    const strip = h('div', { class: 'coach-strip', role: 'group', 'aria-label': t('coach.timeline') },
      marked().map((d) => {
        const i = stepOf(d);
        return h('button', { class: ['coach-mark', `mark-${d.mark}`, i === at && 'current'], type: 'button',
          style: { left: `calc(${(100 * i) / total}% - ${(DOT * i) / total}px)` }, dataset: { step: i, mark: d.mark },
          'aria-label': `${t(`coach.mark.${d.mark}`)} · ${where(d)}`,
          onclick: () => go(i) });
      }));
    requestAnimationFrame(() => { if (strip.isConnected) placeDots(strip); });
    const counts = review.counts;
    root.replaceChildren(...[
      h('h2', {}, t('coach.title')),
      review.decisions.length === 0 ? h('p', { class: 'coach-summary' }, t('coach.nothing_graded')) : h('p', { class: 'coach-summary' },
        h('strong', {}, t('coach.accuracy', { n: review.accuracy.toFixed(1) })), ' · ',
        t('coach.points_given', { n: Math.round(review.points_given) }), ' · ',
        ['blunder', 'mistake', 'inaccuracy'].map((m) => t(`coach.count.${m}`, { n: counts[m] })).join(' · ')),
      marked().length ? strip : null,
      // (issue 45: with nothing marked it says so; with only 欠佳 marked it does not
      // promise a 失误)
      marked().length === 0 ? (review.decisions.length ? h('p', { class: 'coach-clean small', dataset: { why: 'clean' } },
        t('coach.no_mistakes')) : null) : h('div', { class: 'coach-actions' },
        h('button', { class: 'btn small', type: 'button', dataset: { action: 'next-mistake' }, onclick: nextMistake },
          t(marked().some((d) => d.mark !== 'inaccuracy') ? 'coach.next' : 'coach.next_inaccuracy'))),
      note(),
      markList(review),
    ].filter(Boolean));
  }

  load();
  return {
    root,
    /** The viewer moved to step ``i``. */
    at(/** @type {number} */ i) { at = i; if (review) render(); },
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      drawReview(state);
      const info = state.reviews[gameId];
      if (review || info === shown) return;
      shown = info;
      if (info && info.status === 'done') load();
      else render();
    },
  };
}
