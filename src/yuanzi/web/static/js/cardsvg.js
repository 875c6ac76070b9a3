// Card faces and backs drawn as SVG in code (no image files). A face shows the rank and
// suit in the top-left corner (the part left visible when cards overlap), a large pip
// or court frame in the middle, and a gold 刀 badge on blade cards.

import { s } from './dom.js';
import { BJ, RANKS, SUIT_SYMBOLS, SJ } from './cards.js';

const W = 100;
const H = 140;
const RED = '#c62828';
const BLACK = '#1d1d1f';

/** @type {(id: number) => string} */
const color = (id) => (id === BJ ? RED : id === SJ ? BLACK : ((id & 3) === 1 || (id & 3) === 3) ? RED : BLACK);

/** A corner's index: rank and suit, upside down in the far corner.
 * @param {string} label
 * @param {string} symbol
 * @param {string} fill
 * @param {boolean} flip */
function corner(label, symbol, fill, flip) {
  return s('g', { transform: flip ? `rotate(180 ${W / 2} ${H / 2})` : null, fill },
    // the corner index is what shows of an overlapped card: big enough to read at the
    // phone's 52 px card (≥ 14 CSS px, issue 10)
    s('text', { x: 13, y: 31, 'font-size': label.length > 1 ? 27 : 30, 'font-weight': 700,
      'font-family': 'Georgia, "Times New Roman", serif', 'text-anchor': 'middle',
      'letter-spacing': label.length > 1 ? -3 : 0, class: 'idx-rank' }, label),
    s('text', { x: 13, y: 57, 'font-size': 27, 'text-anchor': 'middle', class: 'idx-suit' }, symbol));
}

/** @param {number} id */
function jokerFace(id) {
  const fill = color(id);
  const letters = 'JOKER'.split('').map((ch, i) => s('text', {
    x: 12, y: 24 + i * 17, 'font-size': 16, 'font-weight': 700, 'text-anchor': 'middle',
    'font-family': 'Georgia, serif' }, ch));
  return [
    s('g', { fill }, ...letters),
    s('g', { transform: `translate(58 76)`, fill },
      s('path', { d: 'M-26 14 L-30 -16 L-14 -2 L0 -24 L14 -2 L30 -16 L26 14 Z',
        stroke: fill, 'stroke-width': 2, 'fill-opacity': id === BJ ? 0.9 : 0.15 }),
      s('circle', { cx: -30, cy: -18, r: 4 }), s('circle', { cx: 0, cy: -27, r: 4 }),
      s('circle', { cx: 30, cy: -18, r: 4 }),
      s('rect', { x: -26, y: 18, width: 52, height: 7, rx: 2 })),
    s('text', { x: 58, y: 128, 'font-size': 15, 'text-anchor': 'middle', fill,
      'font-weight': 700 }, id === BJ ? '大王' : '小王'),
  ];
}

/** @param {number} id */
function naturalFace(id) {
  const rank = RANKS[id >> 2];
  const symbol = SUIT_SYMBOLS[id & 3];
  const fill = color(id);
  const court = rank === 'J' || rank === 'Q' || rank === 'K';
  const middle = court
    ? s('g', {},
      s('rect', { x: 30, y: 30, width: 56, height: 80, rx: 6, fill: 'none', stroke: fill,
        'stroke-width': 2, 'stroke-opacity': 0.6 }),
      s('text', { x: 58, y: 84, 'font-size': 44, 'font-weight': 700, 'text-anchor': 'middle',
        fill, 'font-family': 'Georgia, serif' }, rank),
      s('text', { x: 58, y: 104, 'font-size': 16, 'text-anchor': 'middle', fill }, symbol))
    : s('text', { x: 58, y: 96, 'font-size': 50, 'text-anchor': 'middle', fill }, symbol);
  return [corner(rank, symbol, fill, false), middle, corner(rank, symbol, fill, true)];
}

function bladeBadge() {
  return s('g', { transform: 'translate(84 16)' },
    s('circle', { r: 12, fill: '#f2b705', stroke: '#8a6500', 'stroke-width': 1.5 }),
    s('text', { y: 5, 'font-size': 14, 'text-anchor': 'middle', fill: '#3b2a00',
      'font-weight': 700 }, '刀'));
}

/** The face of card `id`; `blade` (a rank index) adds the 刀 badge to blade cards.
 * @param {number} id
 * @param {{ blade?: number }} [options] */
export function cardFace(id, { blade = -1 } = {}) {
  const isBlade = id < SJ && (id >> 2) === blade;
  return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'card-svg', 'aria-hidden': 'true',
    focusable: 'false' },
  s('rect', { x: 1, y: 1, width: W - 2, height: H - 2, rx: 9, fill: isBlade ? '#fffaf0' : '#fff',
    stroke: isBlade ? '#d4a017' : '#b7bcc4', 'stroke-width': isBlade ? 3 : 2 }),
  ...(id >= SJ ? jokerFace(id) : naturalFace(id)),
  isBlade ? bladeBadge() : null);
}

/** A card back (for other seats' hands and the deck). */
export function cardBack() {
  return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'card-svg', 'aria-hidden': 'true',
    focusable: 'false' },
  s('defs', {}, s('pattern', { id: 'yz-back', width: 12, height: 12,
    patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
  s('rect', { width: 12, height: 12, fill: '#8e1b1b' }),
  s('rect', { width: 6, height: 12, fill: '#a52a2a' }))),
  s('rect', { x: 1, y: 1, width: W - 2, height: H - 2, rx: 9, fill: '#fff', stroke: '#b7bcc4',
    'stroke-width': 2 }),
  s('rect', { x: 8, y: 8, width: W - 16, height: H - 16, rx: 6, fill: 'url(#yz-back)' }),
  s('text', { x: W / 2, y: H / 2 + 10, 'font-size': 30, 'text-anchor': 'middle', fill: '#f7e7b4',
    'font-weight': 700 }, '原'));
}
