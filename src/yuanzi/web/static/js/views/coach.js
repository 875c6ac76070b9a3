// The coach (issue 17) in the replay viewer: the reviewed seat's decisions as marks on a
// timeline, the better play drawn as cards at each marked moment, "next mistake", and
// the game's accuracy, points given away and three worst moments. A review is asked for
// here or from the end-of-game panel (POST /api/games/{id}/review); its progress comes as
// review_progress frames (store.reviews), the stored review from GET …/review.

import { h } from '../dom.js';
import { parseCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { cardName } from '../names.js';
import { t } from '../i18n.js';

const MARKED = new Set(['inaccuracy', 'mistake', 'blunder']);

/** Ask the coach to review my seat of a game; the store follows its progress. */
export async function askReview(app, gameId) {
  const s = app.store.get();
  app.store.set({ reviews: { ...s.reviews, [gameId]: { status: 'queued', done: 0, total: 0 } } });
  try {
    const answer = await app.api.askReview(gameId);
    if (answer.status === 'done') {
      app.store.set((st) => ({ reviews: { ...st.reviews, [gameId]: { status: 'done', done: 0, total: 0 } } }));
    }
    return answer;
  } catch (e) {
    app.store.set((st) => ({ reviews: { ...st.reviews, [gameId]: { status: 'failed', done: 0, total: 0 } } }));
    app.toast(app.errorText(e));
    return null;
  }
}

/** The progress line of a review under way, or null. */
export function reviewProgress(info) {
  if (!info || (info.status !== 'queued' && info.status !== 'running')) return null;
  const bar = h('progress', { max: info.total || 1, value: info.done || 0, 'aria-label': t('coach.progress') });
  return h('p', { class: 'review-progress small' }, bar, ' ',
    info.total ? t('coach.progress_n', { done: info.done, total: info.total }) : t('coach.queued'));
}

const cardsRow = (text, blade) => (text === 'pass'
  ? h('span', { class: 'pass-bubble' }, t('table.pass'))
  : h('span', { class: 'replay-cards', role: 'img', 'aria-label': parseCards(text).map(cardName).join(' ') },
    parseCards(text).map((id) => h('span', { class: 'mini-card' }, cardFace(id, { blade })))));

const pct = (x) => `${(100 * x).toFixed(0)}%`;

/** The coach's panel of a replay: ``go(i)`` moves the viewer to step ``i``. */
export function createCoach(app, gameId, steps, go) {
  const root = h('section', { class: 'coach', 'aria-label': t('coach.title') });
  let review = null;
  let at = 0;
  let asked = false;
  let shown;

  const stepOf = (d) => steps.findIndex((s) => s.half === d.half && s.index === d.index);
  const marked = () => (review ? review.decisions.filter((d) => MARKED.has(d.mark)) : []);

  async function load() {
    try {
      const got = await app.api.review(gameId);
      if (got.status === 'done') review = got.review;
    } catch { /* not mine to see */ }
    render();
  }

  function nextMistake() {
    const later = marked().map(stepOf).filter((i) => i > at).sort((a, b) => a - b);
    const first = marked().map(stepOf).sort((a, b) => a - b);
    const target = later.length ? later[0] : first[0];
    if (target !== undefined) go(target);
  }

  function note() {
    const d = review && review.decisions.find((x) => stepOf(x) === at);
    if (!d) return h('p', { class: 'coach-note muted small' }, t('coach.no_decision'));
    const blade = steps[at].blade;
    return h('div', { class: ['coach-note', `mark-${d.mark}`], dataset: { mark: d.mark, half: d.half, index: d.index } },
      h('p', {}, h('strong', {}, t(`coach.mark.${d.mark}`)), ' · ',
        t('coach.win', { played: pct(d.win_played), best: pct(d.win_best) })),
      h('div', { class: 'coach-moves' },
        h('span', { class: 'small' }, t('coach.played')), cardsRow(d.played, blade),
        d.best !== d.played ? [h('span', { class: 'small' }, t('coach.better')), cardsRow(d.best, blade)] : null));
  }

  function render() {
    const info = app.store.get().reviews[gameId];
    if (!review) {
      const progress = reviewProgress(info);
      root.replaceChildren(h('h2', {}, t('coach.title')),
        progress || h('button', { class: 'btn primary small', type: 'button', dataset: { action: 'ask-review' },
          disabled: asked, onclick: async () => { asked = true; render(); await askReview(app, gameId); } },
        t('coach.ask')));
      return;
    }
    const total = Math.max(1, steps.length - 1);
    const strip = h('div', { class: 'coach-strip', role: 'group', 'aria-label': t('coach.timeline') },
      marked().map((d) => {
        const i = stepOf(d);
        return h('button', { class: ['coach-mark', `mark-${d.mark}`, i === at && 'current'], type: 'button',
          style: { left: `${(100 * i) / total}%` }, dataset: { step: i, mark: d.mark },
          'aria-label': `${t(`coach.mark.${d.mark}`)} · ${t('replays.half', { n: d.half + 1 })} #${d.index}`,
          onclick: () => go(i) });
      }));
    const counts = review.counts;
    root.replaceChildren(...[
      h('h2', {}, t('coach.title')),
      h('p', { class: 'coach-summary' },
        h('strong', {}, t('coach.accuracy', { n: review.accuracy.toFixed(1) })), ' · ',
        t('coach.points_given', { n: Math.round(review.points_given) }), ' · ',
        ['blunder', 'mistake', 'inaccuracy'].map((m) => t(`coach.count.${m}`, { n: counts[m] })).join(' · ')),
      strip,
      h('div', { class: 'coach-actions' },
        h('button', { class: 'btn small', type: 'button', dataset: { action: 'next-mistake' },
          disabled: marked().length === 0, onclick: nextMistake }, t('coach.next'))),
      note(),
      review.worst.length ? h('ol', { class: 'coach-worst small', 'aria-label': t('coach.worst') },
        review.worst.map((ply) => review.decisions.find((d) => d.ply === ply)).filter(Boolean).map((d) =>
          h('li', {}, h('a', { href: '#', onclick: (ev) => { ev.preventDefault(); go(stepOf(d)); } },
            `${t('replays.half', { n: d.half + 1 })} #${d.index}: ${t(`coach.mark.${d.mark}`)} (−${d.loss.toFixed(0)}%)`)))) : null,
    ].filter(Boolean));
  }

  load();
  return {
    root,
    /** The viewer moved to step ``i``. */
    at(i) { at = i; if (review) render(); },
    update(state) {
      const info = state.reviews[gameId];
      if (review || info === shown) return;
      shown = info;
      if (info && info.status === 'done') load();
      else render();
    },
  };
}
