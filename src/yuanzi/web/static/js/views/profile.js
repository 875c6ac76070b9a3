// A profile (GET /api/accounts/{id}): level and title, points to the next level, games,
// wins, 双夹 won and lost, escapes, coins, skill rating. #/profile is one's own.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { skillScore, titleOf } from '../words.js';

export function createProfile(app, accountId) {
  const dl = h('dl', { class: 'profile panel' }, h('dt', {}, t('common.loading')), h('dd', {}, ''));
  const heading = h('h1', {}, t('profile.title'));
  let loadedFor = null;

  async function load(id) {
    loadedFor = id;
    try {
      const p = await app.api.profile(id);
      heading.textContent = `${t('profile.title')} · ${p.nickname}`;
      const title = titleOf(p);
      const rows = [
        ['profile.nickname', p.nickname],
        ['profile.level', `${t('lb.level', { n: p.level })} · ${title}`],
        ['profile.score', String(p.score)],
        ['profile.to_next', p.points_to_next === null ? t('profile.top') : String(p.points_to_next)],
        ['profile.games', String(p.games)], ['profile.wins', String(p.wins)],
        ['profile.doubles', t('profile.doubles_val', { w: p.double_wins, l: p.double_losses })],
        ['profile.escapes', String(p.escapes)],
        ...(p.coins === null || p.coins === undefined ? [] : [['profile.coins', String(p.coins)]]),
        // one plain number (the leaderboard's); OpenSkill's μ and σ only in the tooltip
        ['profile.skill', p.skill ? String(skillScore(p.skill.ordinal)) : '—',
          p.skill ? t('profile.skill_tip', { mu: Number(p.skill.mu).toFixed(1), sigma: Number(p.skill.sigma).toFixed(2) }) : null],
      ];
      dl.replaceChildren(...rows.flatMap(([k, v, tip]) => [h('dt', {}, t(k)),
        h('dd', { dataset: { field: k.slice(8) }, title: tip }, v)]));
    } catch (e) {
      dl.replaceChildren(h('dt', {}, ''), h('dd', { class: 'form-error' }, app.errorText(e)));
    }
  }

  const root = h('main', { class: 'screen profile-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, heading), dl);
  return {
    root,
    update(state) {
      const id = accountId ?? (state.account && state.account.id);
      if (id && id !== loadedFor) load(id);
    },
    destroy() {},
  };
}
