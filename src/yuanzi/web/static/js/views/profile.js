// A profile (GET /api/accounts/{id}): level and title, points to the next level, games,
// wins, 双夹 won and lost, escapes, coins, skill rating; and his last games (战绩, GET
// /api/accounts/{id}/games). #/profile is one's own.

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { botNameOf, skillScore, titleOf } from '../words.js';
import { openLinks } from './gamelinks.js';
import { createNotifications } from './notifications.js';
import { fromStore } from './fromstore.js';
import { readKey } from '../state/reads.js';

/** @typedef {import('../state/shapes.js').State} State */
/** @typedef {import('../state/shapes.js').Kept} Kept */
/** @typedef {import('../state/shapes.js').HistoryPage} HistoryPage */
/** @typedef {import('../state/shapes.js').HistoryGame} HistoryGame */
/** @typedef {import('../state/shapes.js').HistorySeat} HistorySeat */

/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** @param {HistorySeat} seat */
function who(seat) {
  return seat.account_id === null
    ? h('span', { class: 'muted' }, botNameOf(seat))
    : h('a', { href: hrefOf('profile', seat.account_id) }, seat.nickname);
}

/** One game of the history (战绩): when, with whom, how it ended, the points of each half.
 * @param {HistoryGame} g
 * @param {boolean} own  my own history: the links to open it */
function historyRow(g, own) {
  const when = g.ended_at ? new Date(g.ended_at).toLocaleString(getLang(), {
    month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }) : '—';
  const halves = g.halves.map((x, i) => t('history.half', { n: i + 1, us: x.us, them: x.them })).join(' · ');
  const cells = [
    h('td', { class: 'when' }, when, own ? h('span', { class: 'open-links' }, ...openLinks(g)) : null),
    h('td', { class: `outcome ${g.outcome}` }, t(`history.outcome.${g.outcome}`),
      g.kind === 'double' ? h('small', {}, ` ${t('history.double')}`) : null),
    h('td', { class: 'partner', dataset: { label: t('history.col.partner') } }, who(g.partner)),
    h('td', { class: 'opponents', dataset: { label: t('history.col.opponents') } },
      ...g.opponents.flatMap((o, i) => (i ? [' · ', who(o)] : [who(o)]))),
    h('td', { class: 'small halves' }, halves || '—'),
    h('td', { class: ['num', g.score_delta > 0 && 'up', g.score_delta < 0 && 'down'], dataset: { label: t('history.col.score') } },
      signed(g.score_delta)),
  ];
  if (g.coins_delta !== null) {
    cells.push(h('td', { class: ['num', g.coins_delta > 0 && 'up', g.coins_delta < 0 && 'down'], dataset: { label: t('history.col.coins') } },
      g.bet || g.coins_delta ? signed(g.coins_delta) : '—'));
  }
  return h('tr', { dataset: { game: g.game_id } }, ...cells);
}

/** #/profile (``accountId`` null: my own) or #/profile/{id}.
 * @param {import('../actions/app.js').App} app
 * @param {number | null} accountId */
export function createProfile(app, accountId) {
  const dl = h('dl', { class: 'profile panel' }, h('dt', {}, t('common.loading')), h('dd', {}, ''));
  const heading = h('h1', {}, t('profile.title'));
  /** @type {number | null} */
  let loadedFor = null;

  /** Read the profile again (into the store: the page follows in ``update``). */
  /** @param {number} id */
  function load(id) {
    loadedFor = id;
    app.act.read('profile', id).catch(() => null);
  }

  const showProfile = fromStore(() => `profile/${loadedFor}`, (p) => {
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
      h('dd', { dataset: { field: k.slice(8) }, title: tip }, v)]),
    // 技术分 in words (issue 31): what it is, not only its formula in a tooltip
    h('dd', { class: 'muted skill-explain' }, t('profile.skill_explain')));
  }, (code, message) => dl.replaceChildren(h('dt', {}, ''), h('dd', { class: 'form-error' }, app.errorText({ code, message }))));

  const rows = h('tbody');
  const head = h('tr');
  const more = h('button', { class: 'btn small', type: 'button', hidden: true }, t('history.more'));
  const empty = h('p', { class: 'muted', hidden: true }, t('history.empty'));
  const history = h('section', { class: 'history', 'aria-labelledby': 'history-title' },
    h('h2', { id: 'history-title' }, t('history.title')), empty,
    h('div', { class: 'scroll-x' }, h('table', { class: 'board history-table' }, h('thead', {}, head), rows)),
    more);
  const own = () => loadedFor !== null && loadedFor === app.store.get().account?.id;

  /** The history's pages asked for (the store's keys): the newest, then each 更多. */
  /** @type {string[]} */
  let pages = [];
  /** What the store held of each page when it was asked: never drawn (a game's links
   * change as its record's window closes, R41 — an old answer would offer what is gone). */
  /** @type {Map<string, Kept | undefined>} */
  const old = new Map();
  /** Read a page of the history (into the store: drawn in ``update``).
   * @param {number} id
   * @param {number | null} [before] */
  function loadHistory(id, before = null) {
    const key = readKey('history', id, before);
    pages = before === null ? [key] : [...pages.filter((k) => k !== key), key];
    old.set(key, app.store.get().reads[key]);
    app.act.read('history', id, before).catch(() => null);
  }
  /** @type {(Kept | undefined)[]} */
  let drawn = [];
  /** @type {HistoryPage | null} */
  let lastRead = null;
  /** The pages read so far, drawn again when one of them changed; a refusal said. */
  function showHistory(/** @type {State} */ state) {
    const entries = pages.map((k) => (state.reads[k] === old.get(k) ? undefined : state.reads[k]));
    if (entries.every((e) => !e)) return; // (nothing heard yet: no 暂无对局 while it loads)
    if (entries.length === drawn.length && entries.every((e, i) => e === drawn[i])) return;
    drawn = entries;
    /** @type {HistoryPage[]} */
    const read = entries.flatMap((e) => (e && e.data && !e.error ? [e.data] : [])); // (a refusal's kept data is old)
    const games = read.flatMap((p) => p.games);
    const coins = games.some((g) => g.coins_delta !== null);
    head.replaceChildren(...['when', 'outcome', 'partner', 'opponents', 'halves', 'score',
      ...(coins ? ['coins'] : [])].map((k) => h('th', { scope: 'col' }, t(`history.col.${k}`))));
    rows.replaceChildren(...games.map((g) => historyRow(g, own())));
    // 更早的牌局 goes on from the last page answered: one refused is asked again, one
    // under way again too (the same page: its rows are drawn once)
    lastRead = read.length ? read[read.length - 1] : null;
    more.hidden = !(lastRead && lastRead.more);
    const refused = entries.find((e) => e && e.error);
    empty.hidden = games.length > 0 && !refused;
    empty.textContent = refused ? app.errorText({ code: refused.error, message: refused.message }) : t('history.empty');
    history.querySelector('table').hidden = games.length === 0;
  }
  more.onclick = () => {
    const last = lastRead?.games;
    if (loadedFor && last && last.length) loadHistory(loadedFor, last[last.length - 1].game_id);
  };

  const alerts = accountId === null ? createNotifications(app) : null; // (one's own page only)
  const root = h('main', { class: 'screen profile-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, heading), dl, alerts?.root ?? null, history);
  return {
    root,
    /** @param {State} state */
    update(state) {
      const id = accountId ?? (state.account && state.account.id);
      if (id && id !== loadedFor) {
        load(id);
        loadHistory(id);
      }
      if (loadedFor !== null) {
        showProfile(state);
        showHistory(state);
      }
    },
    destroy() {},
  };
}
