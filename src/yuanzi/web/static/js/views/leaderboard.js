// The leaderboard: the top 100 who have played, by ladder standing or by skill
// (GET /api/leaderboard?by=ladder|skill), a toggle between the two.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { skillScore, titleOf } from '../words.js';
import { fromStore } from './fromstore.js';

const BY = ['ladder', 'skill'];

/** A row of the board (GET /api/leaderboard).
 * @typedef {{ id: number, rank: number, nickname: string, level: number, title?: string | null,
 *   title_en?: string | null, rating: number, standing: number, games: number, wins: number }} BoardRow */

/** @param {import('../actions/app.js').App} app */
export function createLeaderboard(app) {
  let by = 'ladder';
  const body = h('tbody', {}, h('tr', {}, h('td', { colspan: 6, class: 'muted' }, t('common.loading'))));
  const valueHead = h('th', { scope: 'col', class: 'num' }, t('lb.score'));
  const toggle = h('div', { class: 'segmented', role: 'group', 'aria-label': t('lb.by') },
    BY.map((k) => h('button', { class: 'btn small', type: 'button', dataset: { by: k }, 'aria-pressed': String(k === by),
      onclick: () => { by = k; load(); } }, t(`lb.by_${k}`))));

  /** Read the board ``by`` again (into the store: the page follows in ``update``). */
  function load() {
    toggle.querySelectorAll('button').forEach((/** @type {HTMLButtonElement} */ b) => b.setAttribute('aria-pressed', String(b.dataset.by === by)));
    body.setAttribute('aria-busy', 'true');
    app.act.read('leaderboard', by).catch(() => null);
    show(app.store.get()); // (read before: shown at once, while it is read again)
  }

  const show = fromStore(() => `leaderboard/${by}`, (data) => {
    // the column's name changes with its numbers, never before them
    valueHead.textContent = t(by === 'skill' ? 'lb.rating' : 'lb.score');
    valueHead.title = by === 'skill' ? t('lb.rating_tip') : '';
    body.dataset.by = by;
    body.setAttribute('aria-busy', 'false');
    const me = app.store.get().account;
    body.replaceChildren(...(data.rows.length ? data.rows.map((/** @type {BoardRow} */ r) => h('tr', { class: me && r.id === me.id ? 'me' : '' },
      h('td', { class: 'num' }, String(r.rank)),
      // profiles need a session: logged out, the name is plain text
      h('td', {}, me ? h('a', { href: hrefOf('profile', r.id) }, r.nickname) : r.nickname),
      h('td', {}, `${t('lb.level', { n: r.level })} · ${titleOf(r)}`),
      h('td', { class: 'num' }, by === 'skill' ? String(skillScore(r.rating)) : String(r.standing)),
      h('td', { class: 'num' }, String(r.games)),
      h('td', { class: 'num' }, String(r.wins))))
      : [h('tr', {}, h('td', { colspan: 6, class: 'muted' }, t('lb.empty')))]));
  }, (code, message) => {
    body.setAttribute('aria-busy', 'false');
    body.replaceChildren(h('tr', {}, h('td', { colspan: 6, class: 'form-error' }, app.errorText({ code, message }))));
  });
  load();

  const table = h('table', { class: 'board' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, t('lb.rank')), h('th', { scope: 'col' }, t('lb.player')),
      h('th', { scope: 'col' }, t('lb.title_col')), valueHead,
      h('th', { scope: 'col', class: 'num' }, t('lb.games')), h('th', { scope: 'col', class: 'num' }, t('lb.wins')))),
    body);
  const root = h('main', { class: 'screen leaderboard-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('lb.title')), toggle),
    h('div', { class: 'scroll-x' }, table));
  return { root, update: show, destroy() {} };
}
