// Small interface icons drawn as SVG in code (no icon font or image files).

import { s } from '../dom.js';

/** A speaker, crossed out when muted.
 * @param {boolean} muted */
export function speakerIcon(muted) {
  return s('svg', { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor' }),
    muted
      ? s('path', { d: 'M16 9l5 6M21 9l-5 6', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' })
      : s('path', { d: 'M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12', fill: 'none', stroke: 'currentColor',
        'stroke-width': 2, 'stroke-linecap': 'round' }));
}

const FACE = '#f6c945';
const INK = '#4a3112';

/** @param {number} size
 * @param {...any} parts */
function face(size, ...parts) {
  return s('svg', { viewBox: '0 0 32 32', width: size, height: size, 'aria-hidden': 'true', focusable: 'false',
    class: 'emote-icon' },
  s('circle', { cx: 16, cy: 16, r: 14, fill: FACE, stroke: INK, 'stroke-width': 1.5 }), ...parts);
}

/** @type {(d: string, extra?: object) => SVGElement} */
const line = (d, extra = {}) => s('path', { d, fill: 'none', stroke: INK, 'stroke-width': 2,
  'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra });
/** @type {(cx: number, cy: number) => SVGElement} */
const dot = (cx, cy) => s('circle', { cx, cy, r: 1.9, fill: INK });

/** The table chat's emotes (issue 15), drawn here: the same on every device, whatever
 * emoji font it has (or lacks).
 * @param {string} id */
export function emoteIcon(id, size = 28) {
  switch (id) {
    case 'smile':
      return face(size, dot(11, 13), dot(21, 13), line('M10 19q6 6 12 0'));
    case 'laugh':
      return face(size, line('M8.5 13q2.5-3 5 0M18.5 13q2.5-3 5 0'),
        s('path', { d: 'M9 18h14q-1 7-7 7t-7-7z', fill: '#8a2a1a', stroke: INK, 'stroke-width': 1.5,
          'stroke-linejoin': 'round' }));
    case 'cry':
      return face(size, line('M9 12.5l4 1.5M23 12.5l-4 1.5'), line('M11 23q5-5 10 0'),
        s('path', { d: 'M10 16q-2.5 4 0 5.5q2.5-1.5 0-5.5z', fill: '#4aa3e8' }));
    case 'angry':
      return s('svg', { viewBox: '0 0 32 32', width: size, height: size, 'aria-hidden': 'true', focusable: 'false',
        class: 'emote-icon' },
      s('circle', { cx: 16, cy: 16, r: 14, fill: '#ef7d4f', stroke: INK, 'stroke-width': 1.5 }),
      line('M8 10l6 3M24 10l-6 3'), dot(11.5, 15.5), dot(20.5, 15.5), line('M10.5 23q5.5-4 11 0'));
    case 'thumbs_up':
      return s('svg', { viewBox: '0 0 32 32', width: size, height: size, 'aria-hidden': 'true', focusable: 'false',
        class: 'emote-icon' },
      s('path', { d: 'M5 14h5v13H5z', fill: '#c98b4a', stroke: INK, 'stroke-width': 1.5, 'stroke-linejoin': 'round' }),
      s('path', { d: 'M10 14l5-9q3 0 2.5 4l-1 4h8q3 0 2.5 3l-2 8q-.7 3-3.5 3H10z', fill: FACE, stroke: INK,
        'stroke-width': 1.5, 'stroke-linejoin': 'round' }));
    case 'tea':
      return s('svg', { viewBox: '0 0 32 32', width: size, height: size, 'aria-hidden': 'true', focusable: 'false',
        class: 'emote-icon' },
      line('M11 4q-2 2 0 4t0 4M16 4q-2 2 0 4t0 4M21 4q-2 2 0 4t0 4', { stroke: '#9a8f80' }),
      s('path', { d: 'M5 15h20v4q0 9-10 9t-10-9z', fill: '#f2efe6', stroke: INK, 'stroke-width': 1.5,
        'stroke-linejoin': 'round' }),
      line('M25 17q5 0 4 4t-5 3'),
      s('path', { d: 'M6 16.5h18', stroke: '#6b8f3a', 'stroke-width': 2 }));
    default:
      return face(size, dot(11, 13), dot(21, 13), line('M11 20h10'));
  }
}
