// The leaderboard: the top 100 who have played, by ladder standing or by skill
// (GET /api/leaderboard?by=ladder|skill), a toggle between the two.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { skillScore, titleOf } from '../words.js';

const BY = ['ladder', 'skill'];

export function createLeaderboard(app) {
  let by = 'ladder';
  const body = h('tbody', {}, h('tr', {}, h('td', { colspan: 6, class: 'muted' }, t('common.loading'))));
  const valueHead = h('th', { scope: 'col', class: 'num' }, t('lb.score'));
  const toggle = h('div', { class: 'segmented', role: 'group', 'aria-label': t('lb.by') },
    BY.map((k) => h('button', { class: 'btn small', type: 'button', dataset: { by: k }, 'aria-pressed': String(k === by),
      onclick: () => { by = k; load(); } }, t(`lb.by_${k}`))));

  async function load() {
    toggle.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.by === by)));
    body.setAttribute('aria-busy', 'true');
    try {
      const data = await app.api.leaderboard(by);
      if (data.by !== by) return;
      // the column's name changes with its numbers, never before them
      valueHead.textContent = t(by === 'skill' ? 'lb.rating' : 'lb.score');
      valueHead.title = by === 'skill' ? t('lb.rating_tip') : '';
      body.dataset.by = by;
      body.setAttribute('aria-busy', 'false');
      const me = app.store.get().account;
      body.replaceChildren(...(data.rows.length ? data.rows.map((r) => h('tr', { class: me && r.id === me.id ? 'me' : '' },
        h('td', { class: 'num' }, String(r.rank)),
        // profiles need a session: logged out, the name is plain text
        h('td', {}, me ? h('a', { href: hrefOf('profile', r.id) }, r.nickname) : r.nickname),
        h('td', {}, `${t('lb.level', { n: r.level })} · ${titleOf(r)}`),
        h('td', { class: 'num' }, by === 'skill' ? String(skillScore(r.rating)) : String(r.standing)),
        h('td', { class: 'num' }, String(r.games)),
        h('td', { class: 'num' }, String(r.wins))))
        : [h('tr', {}, h('td', { colspan: 6, class: 'muted' }, t('lb.empty')))]));
    } catch (e) {
      body.setAttribute('aria-busy', 'false');
      body.replaceChildren(h('tr', {}, h('td', { colspan: 6, class: 'form-error' }, app.errorText(e))));
    }
  }
  load();

  const table = h('table', { class: 'board' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, t('lb.rank')), h('th', { scope: 'col' }, t('lb.player')),
      h('th', { scope: 'col' }, t('lb.title_col')), valueHead,
      h('th', { scope: 'col', class: 'num' }, t('lb.games')), h('th', { scope: 'col', class: 'num' }, t('lb.wins')))),
    body);
  const root = h('main', { class: 'screen leaderboard-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('lb.title')), toggle),
    h('div', { class: 'scroll-x' }, table));
  return { root, update() {}, destroy() {} };
}
