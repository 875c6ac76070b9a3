// A small SVG picture of each item code (docs/protocol.md), decorative: the slot's
// label names the item.

import { s } from '../dom.js';
import { getLang } from '../i18n.js';

/** @type {Record<string, [string, string]>} */
const GLYPH = {
  sign: ['招', '#b8322a'], gold_sign: ['金', '#c9971c'], timer: ['时', '#2f6fb0'],
  card_counter: ['算', '#5b3fa0'], tablecloth: ['布', '#1f7a45'], recorder: ['录', '#444'],
  gem_shard: ['◆', '#58a6d6'], gem_standard: ['◆', '#2f80ed'], gem_perfect: ['◆', '#b04ad8'],
};
/** The glyphs in English: no Chinese on an English page. */
/** @type {Record<string, string>} */
const GLYPH_EN = { sign: 'S', gold_sign: 'G', timer: 'T', card_counter: 'C', tablecloth: '▦', recorder: 'R' };

/** An item's picture.
 * @param {string} code */
export function itemIcon(code) {
  const [zh, colour] = GLYPH[code] || ['?', '#777'];
  const glyph = getLang() === 'en' ? GLYPH_EN[code] ?? zh : zh;
  return s('svg', { class: 'item-icon', viewBox: '0 0 40 40', 'aria-hidden': 'true', focusable: 'false' },
    s('circle', { cx: 20, cy: 20, r: 18, fill: colour }),
    s('circle', { cx: 20, cy: 20, r: 14.5, fill: 'none', stroke: '#fff', 'stroke-opacity': '.45', 'stroke-width': 1.5 }),
    s('text', { x: 20, y: 26.5, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700, fill: '#fff' }, glyph));
}
