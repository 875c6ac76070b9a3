// Tournaments (比赛, issue 28): #/tournaments — those signing up, running and finished,
// and making one (满人开赛: starts when full; 定时赛: at a set time, with a check-in);
// #/tournament/<id> — a tournament's page: when it starts, signing up / leaving /
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

const LIST_REFRESH_MS = 10000;
const PAGE_REFRESH_MS = 4000; // the standings while it runs, the sign-ups while it fills
const NAME_MAX = 24;
export const SIZES = [8, 16];
const GAMES_PER_ROUND = [1, 2, 3, 4];
const DEFAULT_ROUNDS = 3;
const EARLIEST_START = 60; // a scheduled start: a minute to 30 days ahead (the hall's bounds)
const LATEST_START = 30 * 24 * 3600;

// -- words ------------------------------------------------------------------------------

/** A duplicate score: '+12.5', '−3', '0' (a true minus sign, at most two decimals). */
export function scoreText(x) {
  const n = Math.round(Number(x || 0) * 100) / 100;
  const abs = String(Math.abs(n));
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : '0';
}

const signedInt = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** 8人 · 3轮 · 每轮1局 */
export const formatText = (tour) => [t('tour.players_n', { n: tour.size }), t('tour.rounds_n', { n: tour.rounds }),
  t('tour.games_per_round_n', { n: tour.games_per_round })].join(' · ');

/** 满人开赛, or 定时赛 with its time. */
export const startText = (tour) => (tour.starts_at ? t('tour.scheduled_at', { when: when(tour.starts_at) })
  : t('tour.sit_and_go'));

/** 报名中 / 第 2/3 轮 / 已结束 / 已取消 */
export function statusText(tour) {
  if (tour.status === 'running') {
    return t('tour.status.running_round', { n: Math.max(0, tour.round) + 1, of: tour.rounds });
  }
  return t(`tour.status.${tour.status}`);
}

const statusChip = (tour) => h('span', { class: ['chip', 'tour-status', `is-${tour.status}`],
  dataset: { status: tour.status } }, statusText(tour));

const myEntry = (tour, me) => (me ? (tour.entries || []).find((e) => e.account_id === me.id) ?? null : null);

const nowSeconds = () => Date.now() / 1000;

/** The check-in window of a scheduled tournament: open now? */
function checkInOpen(tour) {
  const opens = tour.check_in_opens_at;
  return tour.status === 'signup' && Boolean(tour.starts_at) && opens != null
    && nowSeconds() >= opens && nowSeconds() < tour.starts_at;
}

/** Said aloud what a refusal means here (the hall's words, a few in the page's terms). */
function refusal(app, e, doing) {
  if (e && e.code === 'forbidden' && doing === 'create') return t('tour.too_many');
  if (e && e.code === 'forbidden' && doing === 'bots') return t('tour.bots_creator_only');
  return app.errorText(e);
}

// -- #/tournaments ----------------------------------------------------------------------

function tournamentCard(app, tour, me, reload) {
  const mine = myEntry(tour, me);
  const taken = (tour.entries || []).length;
  const canEnter = tour.status === 'signup' && !mine && taken < tour.size;
  const enter = canEnter ? h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'enter' },
    'aria-label': t('tour.enter_name', { name: tour.name }),
    onclick: async () => {
      try {
        await app.api.tournaments.enter(tour.id);
        app.toast(t('tour.entered', { name: tour.name }), 'info');
        app.navigate('tournament', tour.id);
      } catch (e) {
        app.toast(refusal(app, e, 'enter'));
        reload();
      }
    } }, t('tour.enter')) : null;
  return h('li', { class: ['tour-card', `is-${tour.status}`, mine && 'mine'], dataset: { tournament: tour.id, status: tour.status } },
    h('div', { class: 'tour-card-head' },
      h('a', { class: 'tour-card-name', href: hrefOf('tournament', tour.id), translate: 'no' }, tour.name),
      statusChip(tour)),
    h('p', { class: 'muted small tour-card-facts' }, formatText(tour), ' · ', startText(tour),
      tour.club_name ? h('span', { class: 'chip tour-club' }, tour.club_name) : null),
    h('div', { class: 'tour-card-foot' },
      h('span', { class: 'tour-count' }, tour.status === 'signup'
        ? t('tour.signed_up_of', { n: taken, of: tour.size })
        : tour.status === 'finished' && tour.finished_at ? t('tour.finished_on', { when: when(tour.finished_at) })
          : t('tour.players_n', { n: tour.size })),
      mine && tour.status !== 'cancelled' ? h('span', { class: 'chip tour-mine-chip' }, t(tour.status === 'signup' ? 'tour.you_entered'
        : tour.status === 'finished' ? 'tour.you_played' : 'tour.you_play')) : null,
      h('span', { class: 'tour-card-actions' }, enter,
        h('a', { class: 'btn small', href: hrefOf('tournament', tour.id), 'aria-label': t('tour.open_name', { name: tour.name }) },
          t('tour.open')))));
}

/** The create dialog: name, 8 or 16 players, rounds (1 to size − 1), games a round,
 * 满人开赛 or 定时赛 (a date and time), and — for a member of clubs — who may sign up. */
function createDialog(app) {
  const dialog = h('dialog', { class: 'dialog tour-create-dialog', 'aria-labelledby': 'tc-title' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const name = h('input', { id: 'tc-name', maxlength: NAME_MAX, autocomplete: 'off', required: true,
    placeholder: t('tour.name_ph') });
  const sizeRadio = (n) => h('label', { class: 'seg-option' },
    h('input', { type: 'radio', name: 'tc-size', value: String(n), checked: n === SIZES[0],
      onchange: () => fillRounds() }), t('tour.players_n', { n }));
  const sizeGroup = h('fieldset', { class: 'seg-group' }, h('legend', {}, t('tour.size')), SIZES.map(sizeRadio));
  const rounds = h('select', { id: 'tc-rounds', onchange: () => sayTotal() });
  const games = h('select', { id: 'tc-games', onchange: () => sayTotal() },
    GAMES_PER_ROUND.map((n) => h('option', { value: String(n) }, t('tour.games_n', { n }))));
  const total = h('p', { class: 'muted small', id: 'tc-total', 'aria-live': 'polite' });
  const startRadio = (value, label) => h('label', { class: 'seg-option' },
    h('input', { type: 'radio', name: 'tc-start', value, checked: value === 'full', onchange: () => showWhen() }), label);
  const startGroup = h('fieldset', { class: 'seg-group' }, h('legend', {}, t('tour.start_mode')),
    startRadio('full', t('tour.sit_and_go')), startRadio('at', t('tour.scheduled')));
  const at = h('input', { id: 'tc-when', type: 'datetime-local', step: 60 });
  const atField = h('div', { class: 'field', hidden: true }, h('label', { for: 'tc-when' }, t('tour.starts_at')), at,
    h('p', { class: 'muted small' }, t('tour.scheduled_hint')));
  const fullHint = h('p', { class: 'muted small' }, t('tour.sit_and_go_hint'));
  const club = h('select', { id: 'tc-club' });
  const clubField = h('div', { class: 'field', hidden: true }, h('label', { for: 'tc-club' }, t('tour.who_enters')), club);

  const size = () => Number(dialog.querySelector('input[name=tc-size]:checked')?.value ?? SIZES[0]);
  const scheduled = () => dialog.querySelector('input[name=tc-start]:checked')?.value === 'at';

  function fillRounds() {
    const keep = Number(rounds.value) || DEFAULT_ROUNDS;
    const most = size() - 1;
    rounds.replaceChildren(...Array.from({ length: most }, (_, k) => h('option', { value: String(k + 1) },
      k + 1 === most ? t('tour.rounds_full', { n: k + 1 }) : t('tour.rounds_n', { n: k + 1 }))));
    rounds.value = String(Math.min(keep, most));
    sayTotal();
  }
  function sayTotal() {
    total.textContent = t('tour.total_games', { n: Number(rounds.value) * Number(games.value) });
  }
  function local(date) { // a Date as a datetime-local value, in this browser's time
    const p = (n) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
  }
  function showWhen() {
    atField.hidden = !scheduled();
    fullHint.hidden = scheduled();
    at.required = scheduled();
    if (scheduled() && !at.value) {
      const soon = new Date(Date.now() + 60 * 60 * 1000);
      soon.setMinutes(Math.ceil(soon.getMinutes() / 15) * 15, 0, 0);
      at.value = local(soon);
    }
    at.min = local(new Date());
  }

  async function offerClubs() {
    try {
      const { clubs: all } = await app.api.clubs.mine();
      // a club's tournament is held by its founder and managers (issue 28)
      const clubs = all.filter((c) => !c.my_role || c.my_role === 'founder' || c.my_role === 'manager');
      club.replaceChildren(h('option', { value: '' }, t('tour.open_to_all')),
        ...clubs.map((c) => h('option', { value: String(c.id) }, t('tour.club_only', { name: c.name }))));
      clubField.hidden = clubs.length === 0;
    } catch {
      clubField.hidden = true;
    }
  }

  // checked here, said in the page's language (not the browser's own bubbles)
  const form = h('form', { class: 'tour-create-form', novalidate: true, onsubmit: async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    const n = name.value.trim();
    if (!n) {
      error.textContent = t('tour.name_needed');
      return;
    }
    const fields = { name: n, size: size(), rounds: Number(rounds.value), games_per_round: Number(games.value) };
    if (scheduled()) {
      const start = at.value ? new Date(at.value).getTime() / 1000 : NaN;
      if (!Number.isFinite(start) || start < nowSeconds() + EARLIEST_START) {
        error.textContent = t('tour.when_future');
        return;
      }
      if (start > nowSeconds() + LATEST_START) {
        error.textContent = t('tour.when_too_far');
        return;
      }
      fields.starts_at = Math.round(start);
    }
    if (!clubField.hidden && club.value) fields.club = Number(club.value);
    try {
      const tour = await app.api.tournaments.create(fields);
      dialog.close();
      app.navigate('tournament', tour.id);
    } catch (e) {
      error.textContent = refusal(app, e, 'create');
    }
  } },
  h('h2', { id: 'tc-title' }, t('tour.create_title')),
  h('div', { class: 'field' }, h('label', { for: 'tc-name' }, t('tour.name')), name),
  sizeGroup,
  h('div', { class: 'field-row' },
    h('div', { class: 'field' }, h('label', { for: 'tc-rounds' }, t('tour.rounds')), rounds),
    h('div', { class: 'field' }, h('label', { for: 'tc-games' }, t('tour.games_per_round')), games)),
  h('p', { class: 'muted small' }, t('tour.rounds_hint')), total,
  startGroup, fullHint, atField, clubField, error,
  h('div', { class: 'dialog-actions' },
    h('button', { class: 'btn', type: 'button', dataset: { action: 'create-cancel' }, onclick: () => dialog.close() },
      t('common.no')),
    h('button', { class: 'btn primary', type: 'submit', dataset: { action: 'create-submit' } }, t('tour.create'))));
  dialog.append(form);
  dialog.open_ = () => {
    error.textContent = '';
    fillRounds();
    showWhen();
    dialog.showModal();
    name.focus();
    offerClubs();
  };
  return dialog;
}

export function createTournaments(app) {
  const dialog = createDialog(app);
  const lists = Object.fromEntries(['signup', 'running', 'finished'].map((k) => [k,
    h('ul', { class: 'tour-list', 'aria-live': 'polite' }, h('li', { class: 'muted tour-loading' }, t('common.loading')))]));
  const counts = Object.fromEntries(Object.keys(lists).map((k) => [k, h('span', { class: 'muted small' })]));
  const section = (k) => h('section', { class: ['tour-section', `tour-${k}`], 'aria-labelledby': `tour-${k}-title` },
    h('h2', { id: `tour-${k}-title` }, t(`tour.list.${k}`), counts[k]), lists[k]);
  const create = h('button', { class: 'btn primary', type: 'button', dataset: { action: 'create-tournament' },
    onclick: () => dialog.open_() }, t('tour.create_title'));
  const error = h('p', { class: 'form-error', role: 'alert' });
  const root = h('main', { class: 'screen tournaments-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('tour.title')), h('div', { class: 'actions' }, create)),
    h('p', { class: 'muted tour-intro' }, t('tour.intro')),
    error, section('signup'), section('running'), section('finished'), dialog);

  let timer = null;
  async function load() {
    try {
      const { tournaments } = await app.api.tournaments.list();
      const me = app.store.get().account;
      error.textContent = '';
      const by = { signup: [], running: [], finished: [] };
      for (const tour of tournaments) (by[tour.status] ?? by.finished).push(tour);
      for (const [k, list] of Object.entries(lists)) {
        counts[k].textContent = by[k].length ? ` (${by[k].length})` : '';
        list.replaceChildren(...(by[k].length ? by[k].map((tour) => tournamentCard(app, tour, me, load))
          : [h('li', { class: 'muted tour-none' }, t(`tour.none.${k}`))]));
      }
    } catch (e) {
      error.textContent = app.errorText(e);
    }
  }

  let started = false;
  return {
    root,
    update(state) {
      if (started || !state.account) return;
      started = true;
      load();
      timer = setInterval(() => { if (!document.hidden && !dialog.open) load(); }, LIST_REFRESH_MS);
    },
    destroy() {
      clearInterval(timer);
      if (dialog.open) dialog.close();
    },
  };
}

// -- #/tournament/<id> ------------------------------------------------------------------

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

  let tour = null;
  let timer = null;
  let loading = false;
  let gone = false; // unmounted: a late answer changes nothing and starts no polling
  const openRounds = new Set(); // the rounds whose tables are unfolded (kept across refreshes)
  let roundsSeen = -2;

  const me = () => app.store.get().account;
  const nameAt = (position) => {
    const e = tour.entries.find((x) => x.position === position);
    return e ? playerName(e) : '—';
  };
  const mineAt = (position) => {
    const e = tour.entries.find((x) => x.position === position);
    return Boolean(e && me() && e.account_id === me().id);
  };
  /** 机器人 beside a bot's name (issue 45: a bot is never taken for a player). */
  const botChip = (position) => (tour.entries.find((x) => x.position === position)?.bot
    ? h('span', { class: 'chip tour-bot' }, t('tour.bot')) : null);

  async function run(call, after = null) {
    try {
      const r = await call();
      if (gone) return;
      if (r && r.id === tourId && Array.isArray(r.entries)) {
        tour = r;
        render();
      } else {
        await load();
      }
      if (after) after(r);
    } catch (e) {
      app.toast(refusal(app, e, call.doing));
      load();
    }
  }
  const doing = (name, call) => Object.assign(call, { doing: name });

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
    const btn = (action, label, cls, onclick, extra = {}) => h('button', { class: `btn ${cls}`, type: 'button',
      dataset: { action }, onclick, ...extra }, label);
    if (tour.status === 'signup') {
      if (!mine && tour.entries.length < tour.size) {
        buttons.push(btn('enter', t('tour.enter'), 'primary', () => run(doing('enter', () => app.api.tournaments.enter(tourId)),
          () => app.toast(t('tour.entered', { name: tour.name }), 'info'))));
      }
      if (mine && checkInOpen(tour) && !mine.checked_in) {
        buttons.push(btn('checkin', t('tour.check_in'), 'primary', () => run(doing('checkin', () => app.api.tournaments.checkin(tourId)),
          () => app.toast(t('tour.checked_in_done'), 'info'))));
      }
      if (mine) {
        buttons.push(btn('leave', t('tour.leave'), 'ghost', () => run(doing('leave', () => app.api.tournaments.leave(tourId)),
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
          run(doing('bots', async () => {
            if (nobody) await app.api.tournaments.enter(tourId);
            return app.api.tournaments.bots(tourId);
          }));
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
        if (yes) run(doing('withdraw', () => app.api.tournaments.leave(tourId)), () => app.toast(t('tour.withdrawn_done'), 'info'));
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

  // -- the standings -------------------------------------------------------------------
  const COLS = [
    ['rank', 'tour.col.rank', 'num'], ['name', 'tour.col.player', ''], ['score', 'tour.col.score', 'num'],
    ['stake', 'tour.col.stake', 'num opt'], ['points', 'tour.col.points', 'num opt opt-wide'], ['games', 'tour.col.games', 'num opt opt-wide'],
  ];

  function renderStandings() {
    const rows = tour.standings || [];
    standings.hidden = !rows.length;
    if (!rows.length) {
      fill(standings);
      return;
    }
    const perRound = tour.rounds <= 8; // a column a round fits; more scroll in a wide window only
    const finished = tour.status === 'finished';
    const headRow = h('tr', {}, COLS.map(([, key, cls]) => h('th', { scope: 'col', class: cls }, t(key))),
      perRound ? Array.from({ length: tour.rounds }, (_, r) => h('th', { scope: 'col', class: 'num per-round',
        title: t('tour.round_n', { n: r + 1 }) }, t('tour.round_short', { n: r + 1 }))) : null);
    const body = rows.map((row) => {
      const mine = mineAt(row.position);
      const medal = finished && row.rank <= 3 && !row.withdrawn ? `medal-${row.rank}` : null;
      return h('tr', { class: [mine && 'me', medal, row.withdrawn && 'withdrawn'], dataset: { position: row.position, rank: row.rank } },
        h('td', { class: 'num' }, h('span', { class: ['rank-badge', medal] }, String(row.rank))),
        h('th', { scope: 'row', class: 'player' }, h('span', { class: 'player-name' }, nameAt(row.position)),
          botChip(row.position), row.withdrawn ? h('span', { class: 'chip tour-withdrawn' }, t('tour.withdrawn')) : null,
          mine ? h('span', { class: 'sr-only' }, ` (${t('tour.you')})`) : null),
        h('td', { class: ['num tour-score', row.score > 0 && 'up', row.score < 0 && 'down'] }, scoreText(row.score)),
        h('td', { class: 'num opt' }, signedInt(row.stake)),
        h('td', { class: 'num opt opt-wide' }, String(row.points)),
        h('td', { class: 'num opt opt-wide' }, String(row.games)),
        perRound ? Array.from({ length: tour.rounds }, (_, r) => h('td', { class: 'num per-round' },
          r < (row.per_round || []).length && r <= Math.max(tour.round, 0) ? scoreText(row.per_round[r]) : '')) : null);
    });
    fill(standings,
      h('div', { class: 'section-head' },
        h('h2', { id: 'tour-standings-title' }, t(finished ? 'tour.final_standings' : 'tour.standings')),
        tour.status === 'running' ? h('span', { class: 'chip tour-live' }, t('tour.live')) : null),
      h('div', { class: 'scroll-x' }, h('table', { class: 'board tour-board' },
        h('caption', { class: 'sr-only' }, t(finished ? 'tour.final_standings' : 'tour.standings')),
        h('thead', {}, headRow), h('tbody', {}, body))),
      // (issue 45: every table played alike — say so, rather than seem to crown the
      // first to sign up)
      finished && rows.every((r) => r.score === 0) ? h('p', { class: 'tour-alike small' }, t('tour.all_alike')) : null,
      h('p', { class: 'muted small tour-board-note' }, t('tour.board_note')));
  }

  function renderPodium() {
    const rows = (tour.standings || []).filter((r) => !r.withdrawn && r.rank <= 3);
    podium.hidden = tour.status !== 'finished' || !rows.length;
    if (podium.hidden) {
      fill(podium);
      return;
    }
    fill(podium,
      h('h2', { id: 'tour-podium-title', class: 'sr-only' }, t('tour.podium')),
      h('ol', { class: 'podium' }, rows.slice(0, 3).map((row) => h('li', { class: ['podium-step', `place-${row.rank}`,
        mineAt(row.position) && 'me'], dataset: { rank: row.rank } },
      h('span', { class: 'podium-rank', 'aria-hidden': 'true' }, String(row.rank)),
      h('span', { class: 'podium-place' }, t(`tour.place.${row.rank}`)),
      h('span', { class: 'podium-name' }, nameAt(row.position), botChip(row.position)),
      h('span', { class: 'podium-score' }, t('tour.score_is', { score: scoreText(row.score) }))))),
    // how ties on the score were broken, when the podium holds any (issue 45)
    new Set(rows.slice(0, 3).map((r) => r.score)).size < Math.min(3, rows.length)
      ? h('p', { class: 'muted small podium-ties' }, t('tour.podium_ties')) : null);
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
  function tableCard(table, n) {
    const account = me();
    const mine = table.seats.some(mineAt);
    const pair = (a, b, dir) => h('div', { class: ['pair', dir] },
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
    const byRound = new Map();
    for (const table of tables) {
      if (!byRound.has(table.round)) byRound.set(table.round, []);
      byRound.get(table.round).push(table);
    }
    const order = [...byRound.keys()].sort((a, b) => b - a); // the latest first
    fill(rounds, h('h2', { id: 'tour-rounds-title' }, t('tour.rounds_title')),
      order.map((r) => {
        const list = byRound.get(r);
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
    renderPodium();
    renderStandings();
    renderEntries();
    lastGame.update(app.store.get()); // (its 复盘 comes as the round ends)
    renderRounds();
    renderFair();
  }

  async function load() {
    if (loading) return false;
    loading = true;
    try {
      const fresh = await app.api.tournaments.get(tourId);
      if (gone) return false;
      tour = fresh;
      error.textContent = '';
      render();
      return true;
    } catch (e) {
      if (!gone) error.textContent = app.errorText(e);
      return false;
    } finally {
      loading = false;
      if (!gone) poll();
    }
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
  let news = null;
  let myTable = null;
  return {
    root,
    update(state) {
      if (!state.account) return;
      lastGame.update(state);
      if (!started) {
        started = true;
        news = state.tournamentNews;
        if (tourId === null) {
          error.textContent = t('err.no_such_tournament');
          return;
        }
        load();
        return;
      }
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
      clearInterval(timer);
      timer = null;
    },
  };
}
