// What a player may still open of a game he played, from his 战绩 and from 录像's list
// (GET /api/accounts/{id}/games: replay_id, record_open, reviewed).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

/** Issue 31: a game of one's own 战绩 opens as a replay (his recorder's, or the record
 * while it is still his, R41) and as its 复盘 (the same viewer; the review alone once the
 * record's window closed) — nobody needs a game's number.
 * @param {{ game_id: number, replay_id?: string | null, record_open?: boolean, reviewed?: boolean }} g
 * @returns {any[]} */
export function openLinks(g) {
  const viewer = g.replay_id ? hrefOf('replay', g.replay_id) : hrefOf('replays', g.game_id);
  const links = [];
  if (g.replay_id || g.record_open) {
    links.push(h('a', { href: viewer, class: 'btn small', dataset: { open: 'replay' } }, t('history.replay')));
  }
  if (g.reviewed || g.replay_id || g.record_open) {
    links.push(h('a', { href: g.reviewed && !g.replay_id ? hrefOf('replays', g.game_id) : viewer,
      class: 'btn small', dataset: { open: 'review' } }, t(g.reviewed ? 'history.review' : 'history.ask_review')));
  }
  return links;
}
