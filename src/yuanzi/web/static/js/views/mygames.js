// 录像's list of my last games (issue 45): nobody needs to know a game's number. Each
// opens where I may still open it — a recorder's replay, a record still mine (R41: until
// the next game starts at its table or I leave it), a tournament's game once its round
// is over — or is reviewed by the coach; the others say plainly why not.

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';
import { openLinks } from './gamelinks.js';
import { fromStore } from './fromstore.js';

const SHOWN = 20;

/** @param {import('../state/shapes.js').HistoryGame} g */
function gameLine(g) {
  const when = g.ended_at ? new Date(g.ended_at).toLocaleString(getLang(), {
    month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }) : '—';
  const halves = g.halves.map((x, i) => t('history.half', { n: i + 1, us: x.us, them: x.them })).join(' · ');
  return [t('replays.game_no', { id: g.game_id }), when, t(`history.outcome.${g.outcome}`), halves]
    .filter(Boolean).join(' · ');
}

/** @param {import('../actions/app.js').App} app */
export function createMyGames(app) {
  const list = h('ul', { class: 'my-games', 'aria-labelledby': 'my-games-title' });
  const root = h('section', { class: 'my-games-section' },
    h('h2', { id: 'my-games-title' }, t('replays.my_games')), list);

  /** Read my games again (into the store: drawn in ``update``). */
  function load() {
    const me = app.store.get().account;
    if (me) app.act.read('history', me.id).catch(() => null);
  }
  const draw = fromStore(() => `history/${app.store.get().account?.id}`, (/** @type {import('../state/shapes.js').HistoryPage} */ { games }) => {
    list.replaceChildren(...(games.length ? games.slice(0, SHOWN).map((g) => {
      const closed = !g.replay_id && !g.record_open; // (its 复盘 may still open)
      return h('li', { class: ['my-game', closed && 'closed'], dataset: { game: g.game_id } },
        h('span', { class: 'game-line' }, gameLine(g)),
        closed ? h('span', { class: 'muted small' }, t('replays.not_open')) : null,
        h('span', { class: 'open-links' }, ...openLinks(g)));
    }) : [h('li', { class: 'muted small' }, t('history.empty'))]));
  }, (code, message) => list.replaceChildren(h('li', { class: 'form-error' }, app.errorText({ code, message }))));
  load();
  return { root, load, update: draw };
}
