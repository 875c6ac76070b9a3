// Small interface icons drawn as SVG in code (no icon font or image files).

import { s } from '../dom.js';

/** A speaker, crossed out when muted. */
export function speakerIcon(muted) {
  return s('svg', { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor' }),
    muted
      ? s('path', { d: 'M16 9l5 6M21 9l-5 6', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' })
      : s('path', { d: 'M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12', fill: 'none', stroke: 'currentColor',
        'stroke-width': 2, 'stroke-linecap': 'round' }));
}
