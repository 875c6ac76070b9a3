// A tournament's page (比赛, issue 28), #/tournament/<id> (the list is tourlist.js): when it starts, signing up / leaving /
// checking in / its creator filling it with bots, 退赛 while it runs (托管 plays on), its
// entries, each round's tables (partners side by side, 观战 while they play, each game's
// replay once the round is over), the standings on duplicate scores (live while it runs,
// the first three on a podium once it is over) and the deals' commitments (公平发牌).

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { playerName, when } from '../sessions.js';
import { confirmDialog } from './confirm.js';
import { createLastGame } from './tourlastgame.js';
import { renderPodium, renderStandings } from './tourboard.js';
import { checkInOpen, formatText, myEntry, refusal, statusText } from './tourwords.js';

export { createTournaments } from './tourlist.js';

const PAGE_REFRESH_MS = 4000; // the standings while it runs, the sign-ups while it fills
/** @typedef {import('./tourwords.js').Tour} Tour */
/** @typedef {import('./tourwords.js').TourTable} TourTable */
/** @typedef {import('../state/shapes.js').State} State */
/** @typedef {(() => Promise<any>) & { doing?: string }} Call  an action (``doing``: what refusal() says it was) */

/** @param {import('../actions/app.js').App} app
 * @param {number} tourId  (null when the address names none: the page only says so) */
export function createTournament(app, tourId) {
  const heading = h('h1', { translate: 'no' }, t('tour.title'));
  const chip = h('span', { class: 'chip tour-status', hidden: true });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const head = h('section', { class: 'tour-head panel', 'aria-label': t('tour.about') });
  const podium = h('section', { class: 'tour-podium', 'aria-labelledby': 'tour-podium-title', hidden: true });
  const standings = h('section', { class: 'tour-standings', 'aria-labelledby': 'tour-standings-title', hidden: true });
  const entries = h('section', { class: 'tour-entries panel', 'aria-labelledby': 'tour-entries-title', hidden: true });
  const rounds = h('section', { class: 'tour-rounds', 'aria-labelledby': 'tour-rounds-title', hidden: true });
  const fair = h('details', { class: 'tour-fair panel' });
  const how = h('details', { class: 'tour-how panel' },
    h('summary', {}, t('tour.how_title')),
    h('p', {}, t('tour.how_duplicate')), h('p', {}, t('tour.how_score')), h('p', {}, t('tour.how_rank')),
    h('p', {}, t('tour.how_leave')));
  // my last game's end, kept readable (issue 45); its 复盘 once every table played the round
  const lastGame = createLastGame(app, tourId,
    (round) => Boolean(tour) && (tour.status === 'finished' || tour.round > round));
  const root = h('main', { class: 'screen tournament-screen', id: 'screen' },
    h('div', { class: 'screen-head' },
      h('a', { class: 'btn small ghost back-link', href: hrefOf('tournaments') }, `‹ ${t('tour.title')}`), heading, chip),
    error, head, podium,
    h('div', { class: 'tour-grid' },
      h('div', { class: 'tour-col main' }, standings, entries, rounds),
      h('div', { class: 'tour-col side' }, fair, how)), lastGame.root);

  /** @type {Tour} */ let tour = /** @type {any} */ (null); // (null till the first read: all that renders waits for it)
  /** @type {number | null} */ let timer = null;
  let loading = false;
  let gone = false; // unmounted: a late answer changes nothing and starts no polling
  const openRounds = new Set(); // the rounds whose tables are unfolded (kept across refreshes)
  let roundsSeen = -2;

  const me = () => app.store.get().account;
  const nameAt = (/** @type {number} */ position) => {
    const e = tour.entries.find((x) => x.position === position);
    return e ? playerName(e) : '—';
  };
  const mineAt = (/** @type {number} */ position) => {
    const e = tour.entries.find((x) => x.position === position);
    return Boolean(e && me() && e.account_id === /** @type {import('../state/shapes.js').AccountView} */ (me()).id);
  };
  /** 机器人 beside a bot's name (issue 45: a bot is never taken for a player). */
  const botChip = (/** @type {number} */ position) => (tour.entries.find((x) => x.position === position)?.bot
    ? h('span', { class: 'chip tour-bot' }, t('tour.bot')) : null);

  /** An action (actions/tournaments.js: its answer goes into the store, and the page
   * follows); said in the page's words when it is refused. */
  async function run(/** @type {Call} */ call, /** @type {((r: any) => void) | null} */ after = null) {
    try {
      const r = await call();
      if (!gone && after) after(r);
    } catch (e) {
      app.toast(refusal(app, e, call.doing));
      load();
    }
  }
  const doing = (/** @type {string} */ name, /** @type {() => Promise<any>} */ call) => Object.assign(call, { doing: name });
  const act = app.act;

  // -- the head: what, when, and the buttons the state allows ------------------------------
  function startLine() {
    if (tour.status === 'signup') {
      if (tour.starts_at) {
        const parts = [t('tour.starts_on', { when: when(tour.starts_at) })];
        if (tour.check_in_opens_at) {
          parts.push(checkInOpen(tour) ? t('tour.check_in_now')
            : t('tour.check_in_from', { when: when(tour.check_in_opens_at) }));
        }
        return parts.join(' · ');
      }
      const left = tour.size - tour.entries.length;
      return left > 0 ? t('tour.needs_n', { n: left }) : t('tour.starting');
    }
    if (tour.status === 'running') {
      return [tour.started_at ? t('tour.started_on', { when: when(tour.started_at) }) : '',
        t('tour.round_now', { n: Math.max(0, tour.round) + 1, of: tour.rounds })].filter(Boolean).join(' · ');
    }
    if (tour.status === 'finished') return tour.finished_at ? t('tour.finished_on', { when: when(tour.finished_at) }) : t('tour.status.finished');
    return t('tour.cancelled_why');
  }

  function actionButtons() {
    const account = me();
    const mine = myEntry(tour, account);
    const creator = account && (account.id === tour.creator_id || account.role === 'admin');
    const buttons = [];
    /** @type {(action: string, label: string, cls: string, onclick: () => void, extra?: object) => any} */
    const btn = (action, label, cls, onclick, extra = {}) => h('button', { class: `btn ${cls}`, type: 'button',
      dataset: { action }, onclick, ...extra }, label);
    if (tour.status === 'signup') {
      if (!mine && tour.entries.length < tour.size) {
        buttons.push(btn('enter', t('tour.enter'), 'primary', () => run(doing('enter', () => act.enterTournament(tourId)),
          () => app.toast(t('tour.entered', { name: tour.name }), 'info'))));
      }
      if (mine && checkInOpen(tour) && !mine.checked_in) {
        buttons.push(btn('checkin', t('tour.check_in'), 'primary', () => run(doing('checkin', () => act.checkInTournament(tourId)),
          () => app.toast(t('tour.checked_in_done'), 'info'))));
      }
      if (mine) {
        buttons.push(btn('leave', t('tour.leave'), 'ghost', () => run(doing('leave', () => act.leaveTournament(tourId)),
          () => app.toast(t('tour.left', { name: tour.name }), 'info'))));
      }
      if (creator && !tour.starts_at && tour.entries.length < tour.size) { // (a scheduled one: bots fill it at its time)
        const free = tour.size - tour.entries.length;
        // issue 45: no person in it, bots alone would play — the hall refuses, so its
        // creator signs up and fills it in one step (its last place is then his)
        const nobody = !mine && account.role !== 'admin' && tour.entries.every((e) => e.account_id === null);
        buttons.push(btn('fill-bots', t(nobody ? 'tour.enter_and_fill' : 'tour.fill_bots'), '', async () => {
          const ask = mine ? t('tour.fill_bots_confirm', { n: free })
            : nobody ? t('tour.enter_and_fill_confirm', { n: free - 1 })
              : `${t('tour.fill_bots_not_entered')} ${t('tour.fill_bots_confirm', { n: free })}`;
          const yes = await confirmDialog(ask, { yes: t(nobody ? 'tour.enter_and_fill' : 'tour.fill_bots_yes'), kind: 'primary' });
          if (!yes) return;
          run(doing('bots', () => act.fillTournament(tourId, nobody)));
        }));
      }
    }
    if (tour.status === 'running' && mine && !mine.withdrawn) {
      const table = myTableNow();
      if (table) {
        buttons.push(h('a', { class: 'btn primary', href: hrefOf('table', table.table_id), dataset: { action: 'to-my-table' } },
          t('tour.to_my_table')));
      }
      buttons.push(btn('withdraw', t('tour.withdraw'), 'ghost danger-text', async () => {
        const yes = await confirmDialog(t('tour.withdraw_confirm'), { yes: t('tour.withdraw'), no: t('tour.stay') });
        if (yes) run(doing('withdraw', () => act.leaveTournament(tourId)), () => app.toast(t('tour.withdrawn_done'), 'info'));
      }));
    }
    return buttons;
  }

  function renderHead() {
    const account = me();
    const mine = myEntry(tour, account);
    const badges = [];
    if (mine && tour.status !== 'finished' && tour.status !== 'cancelled') {
      badges.push(h('span', { class: 'chip tour-mine-chip' }, t(mine.withdrawn ? 'tour.you_withdrew'
        : tour.status === 'signup' ? 'tour.you_entered' : 'tour.you_play')));
    }
    if (mine && mine.checked_in) badges.push(h('span', { class: 'chip tour-checked' }, t('tour.checked_in')));
    if (tour.club_name) badges.push(h('span', { class: 'chip tour-club' }, t('tour.club_only', { name: tour.club_name })));
    const buttons = actionButtons();
    fill(head,
      h('div', { class: 'tour-facts' },
        h('p', { class: 'tour-when' }, startLine()),
        h('p', { class: 'muted small' }, formatText(tour), ' · ', t(tour.starts_at ? 'tour.scheduled' : 'tour.sit_and_go')),
        badges.length ? h('p', { class: 'tour-badges' }, badges) : null),
      buttons.length ? h('div', { class: 'tour-actions' }, buttons) : null);
  }

  /** This round's table of mine, while it is played. */
  function myTableNow() {
    return (tour.tables || []).find((x) => x.round === tour.round && x.playing && x.seats.some(mineAt)) ?? null;
  }

  // -- entries (while it fills) --------------------------------------------------------
  function renderEntries() {
    const show = tour.status === 'signup' || tour.status === 'cancelled' || !(tour.standings || []).length;
    entries.hidden = !show;
    if (!show) {
      fill(entries);
      return;
    }
    const scheduled = Boolean(tour.starts_at);
    const list = [...tour.entries].sort((a, b) => a.position - b.position);
    fill(entries,
      h('h2', { id: 'tour-entries-title' }, t('tour.entries'),
        h('span', { class: 'muted small' }, ` ${t('tour.signed_up_of', { n: list.length, of: tour.size })}`)),
      h('div', { class: 'tour-fill', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': tour.size,
        'aria-valuenow': list.length, 'aria-label': t('tour.entries') },
      h('span', { style: { width: `${Math.round(100 * list.length / tour.size)}%` } })),
      list.length ? h('ol', { class: 'tour-entry-list' }, list.map((e) => h('li', {
        class: ['tour-entry', e.bot && 'bot', mineAt(e.position) && 'me'], dataset: { position: e.position } },
      h('span', { class: 'entry-name' }, playerName(e)),
      e.bot ? h('span', { class: 'chip' }, t('tour.bot')) : null,
      scheduled && e.checked_in ? h('span', { class: 'chip tour-checked' }, t('tour.checked_in')) : null,
      e.withdrawn ? h('span', { class: 'chip tour-withdrawn' }, t('tour.withdrawn')) : null)))
        : h('p', { class: 'muted' }, t('tour.no_entries')));
  }

  // -- the rounds: tables, partners, watch, replays --------------------------------------
  function tableCard(/** @type {TourTable} */ table, /** @type {number} */ n) {
    const account = me();
    const mine = table.seats.some(mineAt);
    const pair = (/** @type {number} */ a, /** @type {number} */ b, /** @type {string} */ dir) => h('div', { class: ['pair', dir] },
      h('span', { class: 'pair-dir' }, t(`tour.dir.${dir}`)),
      h('span', { class: 'pair-names' },
        h('span', { class: ['pair-player', mineAt(table.seats[a]) && 'me'] }, nameAt(table.seats[a])),
        h('span', { class: 'amp', 'aria-hidden': 'true' }, '+'), h('span', { class: 'sr-only' }, ` ${t('tour.and')} `),
        h('span', { class: ['pair-player', mineAt(table.seats[b]) && 'me'] }, nameAt(table.seats[b]))));
    const actions = [];
    if (table.playing) {
      if (mine && account && app.store.get().myTable === table.table_id) {
        actions.push(h('a', { class: 'btn small primary', href: hrefOf('table', table.table_id) }, t('tour.to_my_table')));
      } else if (account && account.role === 'admin') { // only admins watch while a round is played (issue 43)
        actions.push(h('button', { class: 'btn small', type: 'button', dataset: { action: 'watch', table: table.table_id },
          'aria-label': t('tour.watch_table', { n: n + 1, round: table.round + 1 }),
          onclick: () => app.act.spectate(table.table_id).catch(() => null) }, t('tour.watch')));
      } else if (!mine) {
        actions.push(h('span', { class: 'muted tour-later' }, t('tour.open_after_round')));
      }
    }
    const games = table.games || [];
    return h('li', { class: ['tour-table', table.playing ? 'playing' : 'done', mine && 'mine'],
      dataset: { table: table.table_id, round: table.round } },
    h('div', { class: 'tour-table-head' },
      h('h4', {}, t('tour.table_n', { n: n + 1 })),
      h('span', { class: ['status', table.playing ? 'playing' : 'closed'] }, t(table.playing ? 'tour.table_playing' : 'tour.table_done'))),
    pair(0, 2, 'ns'), pair(1, 3, 'ew'),
    games.length ? h('ul', { class: 'tour-games', 'aria-label': t('tour.replays') }, games.map((g, k) => h('li', {},
      h('a', { class: 'btn small', href: hrefOf('replays', g.game_id), dataset: { game: g.game_id, open: 'replay' },
        'aria-label': t('tour.replay_of', { k: k + 1, n: n + 1, round: table.round + 1 }) },
      g.status === 'abandoned' ? t('tour.game_abandoned', { k: k + 1 }) : t('tour.game_replay', { k: k + 1 }))))) : null,
    actions.length ? h('div', { class: 'tour-table-actions' }, actions) : null);
  }

  function renderRounds() {
    const tables = tour.tables || [];
    rounds.hidden = !tables.length;
    if (!tables.length) {
      fill(rounds);
      return;
    }
    if (roundsSeen !== tour.round) { // a new round: it is the one unfolded
      roundsSeen = tour.round;
      openRounds.clear();
      openRounds.add(Math.max(0, tour.round));
    }
    /** @type {Map<number, TourTable[]>} */ const byRound = new Map();
    for (const table of tables) {
      if (!byRound.has(table.round)) byRound.set(table.round, []);
      /** @type {TourTable[]} */ (byRound.get(table.round)).push(table);
    }
    const order = [...byRound.keys()].sort((a, b) => b - a); // the latest first
    fill(rounds, h('h2', { id: 'tour-rounds-title' }, t('tour.rounds_title')),
      order.map((r) => {
        const list = /** @type {TourTable[]} */ (byRound.get(r));
        const playing = list.some((x) => x.playing);
        const details = h('details', { class: 'tour-round', open: openRounds.has(r), dataset: { round: r },
          ontoggle: () => { if (details.open) openRounds.add(r); else openRounds.delete(r); } },
        h('summary', {}, h('span', { class: 'round-name' }, t('tour.round_n', { n: r + 1 })),
          h('span', { class: ['chip', playing ? 'tour-live' : 'tour-done'] }, t(playing ? 'tour.round_playing' : 'tour.round_done'))),
        h('ul', { class: 'tour-tables' }, list.map((x, n) => tableCard(x, n))),
        !playing && !list.some((x) => (x.games || []).length) ? h('p', { class: 'muted small' }, t('tour.replays_later')) : null);
        return details;
      }));
  }

  // -- 公平发牌: the commitments ----------------------------------------------------------
  let fairOpen = false;
  function renderFair() {
    const commits = tour.commits || [];
    const values = (tour.entries || []).filter((e) => e.contribution || e.commitment);
    const key = JSON.stringify([commits, values.map((e) => [e.contribution, e.commitment])]);
    if (fair.dataset.key === key) return;
    fair.dataset.key = key;
    fairOpen = fair.open;
    fill(fair,
      h('summary', {}, t('tour.fair_title')),
      h('p', {}, t('tour.fair_what')),
      h('p', { class: 'muted small' }, t('tour.fair_check')),
      commits.length ? h('ol', { class: 'tour-commits' }, commits.map((round, r) => h('li', {},
        h('h4', {}, t('tour.round_n', { n: r + 1 })),
        h('ul', {}, round.map((halves, k) => h('li', { class: 'commit' },
          h('span', { class: 'commit-game' }, t('tour.game_n', { k: k + 1 })),
          halves.map((hash, half) => h('span', { class: 'commit-half' },
            h('span', { class: 'commit-label' }, t(half ? 'tour.second_half' : 'tour.first_half')),
            h('code', { class: 'commit-hash', translate: 'no' }, hash))))))))) : h('p', { class: 'muted' }, t('tour.fair_later')),
      values.length ? h('div', { class: 'tour-values' },
        h('h4', {}, t('tour.values_title')),
        h('ul', {}, values.map((e) => h('li', { class: ['tour-value', mineAt(e.position) && 'me'] },
          h('span', { class: 'value-name' }, playerName(e)),
          e.commitment ? h('span', { class: 'value-commit' }, h('span', { class: 'commit-label' }, t('tour.value_committed')), ' ',
            h('code', { class: 'commit-hash', translate: 'no' }, e.commitment)) : null,
          h('span', { class: 'value-line' }, h('span', { class: 'commit-label' }, t('tour.value_label')), ' ',
            e.contribution ? h('code', { class: 'commit-hash value-revealed', translate: 'no' }, e.contribution)
              : h('span', { class: 'muted value-hidden' }, t(tour.status === 'signup' || tour.round < 0 ? 'tour.value_hidden' : 'tour.value_missing'))))))) : null);
    fair.open = fairOpen;
  }

  function render() {
    if (!tour) return;
    heading.textContent = tour.name;
    document.title = `${tour.name} · 原子 Atom`;
    chip.hidden = false;
    chip.textContent = statusText(tour);
    chip.className = `chip tour-status is-${tour.status}`;
    chip.dataset.status = tour.status;
    root.dataset.status = tour.status;
    renderHead();
    const who = { nameAt, mineAt, botChip };
    renderPodium(podium, tour, who);
    renderStandings(standings, tour, who);
    renderEntries();
    lastGame.update(app.store.get()); // (its 复盘 comes as the round ends)
    renderRounds();
    renderFair();
  }

  /** Read it again (into the store: the page follows in ``update``). */
  async function load() {
    if (loading) return;
    loading = true;
    try {
      await act.loadTournament(tourId);
    } catch { /* said from the store */ } finally {
      loading = false;
    }
  }

  /** The tournament as the store holds it now: rendered when it changed. */
  function show(/** @type {import('../state/pages.js').TourKept | undefined} */ page) {
    if (!page || page === shown) return;
    shown = page;
    error.textContent = page.error ? app.errorText({ code: page.error, message: page.message }) : '';
    if (page.tour && page.tour !== tour) {
      tour = page.tour;
      render();
    }
    poll();
  }

  /** Looked at again every few seconds while it fills or runs; not once it is over. */
  function poll() {
    const live = tour && (tour.status === 'signup' || tour.status === 'running');
    if (live && timer === null) {
      timer = setInterval(() => { if (!document.hidden) load(); }, PAGE_REFRESH_MS);
    } else if (!live && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  let started = false;
  /** @type {State['tournamentNews']} */ let news = null;
  /** @type {number | null} */ let myTable = null;
  /** @type {import('../state/pages.js').TourKept | null} */ let shown = null;
  return {
    root,
    update(/** @type {State} */ state) {
      if (!state.account) return;
      lastGame.update(state);
      if (!started) {
        started = true;
        news = state.tournamentNews;
        if (tourId === null) {
          error.textContent = t('err.no_such_tournament');
          return;
        }
        show(state.tournamentPages[tourId]); // (what was read before, while it is read again)
        load();
        return;
      }
      show(state.tournamentPages[tourId]);
      // a round begun or the tournament over (the `tournament` frame): look again now
      if (state.tournamentNews !== news) {
        news = state.tournamentNews;
        if (news && news.tournament === tourId) load();
      }
      if (tour && state.myTable !== myTable) { // 回到牌桌 follows where I sit
        myTable = state.myTable;
        renderRounds();
      }
    },
    destroy() {
      gone = true;
      lastGame.destroy();
      clearInterval(/** @type {number} */ (timer));
      timer = null;
    },
  };
}
