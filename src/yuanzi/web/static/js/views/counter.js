// The card counter's panel (算牌器, R41): what the other three seats hold together, from
// the `counter` frames sent to its owner only, grouped by rank (blade first, jokers last).

import { h } from '../dom.js';
import { RANKS, parseCards, SJ, BJ } from '../cards.js';
import { t } from '../i18n.js';

/** {rank label → count} in display order: the blade rank, the others high to low, jokers.
 * @param {string | null | undefined} text
 * @param {number | null | undefined} blade
 * @returns {Array<[string, number]>} */
export function groupByRank(text, blade) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  const ids = text ? parseCards(text) : [];
  for (const id of ids) {
    const key = id === BJ ? 'BJ' : id === SJ ? 'SJ' : RANKS[id >> 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const order = ['BJ', 'SJ'];
  if (blade !== null && blade !== undefined) order.push(RANKS[blade]);
  for (let r = RANKS.length - 1; r >= 0; r--) if (r !== blade) order.push(RANKS[r]);
  return order.map((key) => [key, counts.get(key) || 0]);
}

/** The panel of a ``counter`` frame (its cards and their count).
 * @param {{ cards: string, count: number }} frame
 * @param {number | null} blade */
export function counterPanel(frame, blade) {
  const groups = groupByRank(frame.cards, blade);
  return h('section', { class: 'counter-panel', 'aria-label': t('counter.title'), dataset: { count: frame.count } },
    h('h2', {}, t('counter.title'), ' ', h('span', { class: 'muted small' }, t('counter.total', { n: frame.count }))),
    h('ol', { class: 'counter-ranks' }, groups.map(([key, n]) => h('li', { class: ['counter-rank', n === 0 && 'gone',
      blade !== null && key === RANKS[blade] && 'blade'], dataset: { rank: key },
    'aria-label': t('counter.rank', { rank: key === 'BJ' || key === 'SJ' ? t(`card.${key}`) : key, n }) },
    h('span', { class: 'counter-key' }, key === 'BJ' ? t('counter.bj') : key === 'SJ' ? t('counter.sj') : key),
    h('span', { class: 'counter-n' }, String(n))))));
}
