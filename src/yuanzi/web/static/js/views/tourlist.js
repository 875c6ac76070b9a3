// #/tournaments (issue 28): those signing up, running and finished, and making one
// (满人开赛: starts when full; 定时赛: at a set time, with a check-in).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { when } from '../sessions.js';
import { formatText, myEntry, nowSeconds, refusal, startText, statusChip } from './tourwords.js';

const LIST_REFRESH_MS = 10000;
const NAME_MAX = 24;
export const SIZES = [8, 16];
const GAMES_PER_ROUND = [1, 2, 3, 4];
const DEFAULT_ROUNDS = 3;
const EARLIEST_START = 60; // a scheduled start: a minute to 30 days ahead (the hall's bounds)
const LATEST_START = 30 * 24 * 3600;

/** @typedef {import('../actions/app.js').App} App */
/** @typedef {import('./tourwords.js').Tour} Tour */
/** The list as the store keeps it (state/tournaments.js): by signing up, running, over.
 * @typedef {Record<string, Tour[]>} TourList */

/** @param {App} app
 * @param {Tour} tour
 * @param {import('../state/shapes.js').AccountView} me
 * @param {() => void} reload */
function tournamentCard(app, tour, me, reload) {
  const mine = myEntry(tour, me);
  const taken = (tour.entries || []).length;
  const canEnter = tour.status === 'signup' && !mine && taken < tour.size;
  const enter = canEnter ? h('button', { class: 'btn small primary', type: 'button', dataset: { action: 'enter' },
    'aria-label': t('tour.enter_name', { name: tour.name }),
    onclick: async () => {
      try {
        await app.act.enterTournament(tour.id);
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
 * 满人开赛 or 定时赛 (a date and time), and — for a member of clubs — who may sign up.
 * @param {App} app */
function createDialog(app) {
  const dialog = h('dialog', { class: 'dialog tour-create-dialog', 'aria-labelledby': 'tc-title' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const name = h('input', { id: 'tc-name', maxlength: NAME_MAX, autocomplete: 'off', required: true,
    placeholder: t('tour.name_ph') });
  const sizeRadio = (/** @type {number} */ n) => h('label', { class: 'seg-option' },
    h('input', { type: 'radio', name: 'tc-size', value: String(n), checked: n === SIZES[0],
      onchange: () => fillRounds() }), t('tour.players_n', { n }));
  const sizeGroup = h('fieldset', { class: 'seg-group' }, h('legend', {}, t('tour.size')), SIZES.map(sizeRadio));
  const rounds = h('select', { id: 'tc-rounds', onchange: () => sayTotal() });
  const games = h('select', { id: 'tc-games', onchange: () => sayTotal() },
    GAMES_PER_ROUND.map((n) => h('option', { value: String(n) }, t('tour.games_n', { n }))));
  const total = h('p', { class: 'muted small', id: 'tc-total', 'aria-live': 'polite' });
  /** @type {(value: string, label: string) => any} */
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

  const size = () => Number(/** @type {HTMLInputElement | null} */ (dialog.querySelector('input[name=tc-size]:checked'))?.value ?? SIZES[0]);
  const scheduled = () => /** @type {HTMLInputElement | null} */ (dialog.querySelector('input[name=tc-start]:checked'))?.value === 'at';

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
  /** @param {Date} date */
  function local(date) { // a Date as a datetime-local value, in this browser's time
    const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
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
      const clubs = await app.act.clubsIHold(); // (its founder and managers, issue 28)
      club.replaceChildren(h('option', { value: '' }, t('tour.open_to_all')),
        ...clubs.map((/** @type {{ id: number, name: string }} */ c) => h('option', { value: String(c.id) }, t('tour.club_only', { name: c.name }))));
      clubField.hidden = clubs.length === 0;
    } catch {
      clubField.hidden = true;
    }
  }

  // checked here, said in the page's language (not the browser's own bubbles)
  const form = h('form', { class: 'tour-create-form', novalidate: true, onsubmit: async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    error.textContent = '';
    const n = name.value.trim();
    if (!n) {
      error.textContent = t('tour.name_needed');
      return;
    }
    /** @type {Record<string, string | number>} */
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
      const tour = await app.act.createTournament(fields);
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

/** @param {App} app */
export function createTournaments(app) {
  const dialog = createDialog(app);
  const lists = Object.fromEntries(['signup', 'running', 'finished'].map((k) => [k,
    h('ul', { class: 'tour-list', 'aria-live': 'polite' }, h('li', { class: 'muted tour-loading' }, t('common.loading')))]));
  const counts = Object.fromEntries(Object.keys(lists).map((k) => [k, h('span', { class: 'muted small' })]));
  const section = (/** @type {string} */ k) => h('section', { class: ['tour-section', `tour-${k}`], 'aria-labelledby': `tour-${k}-title` },
    h('h2', { id: `tour-${k}-title` }, t(`tour.list.${k}`), counts[k]), lists[k]);
  const create = h('button', { class: 'btn primary', type: 'button', dataset: { action: 'create-tournament' },
    onclick: () => dialog.open_() }, t('tour.create_title'));
  const error = h('p', { class: 'form-error', role: 'alert' });
  const root = h('main', { class: 'screen tournaments-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('tour.title')), h('div', { class: 'actions' }, create)),
    h('p', { class: 'muted tour-intro' }, t('tour.intro')),
    error, section('signup'), section('running'), section('finished'), dialog);

  /** @type {number | null} */
  let timer = null;
  /** Read the list again (into the store: the page follows in ``update``). */
  async function load() {
    try {
      await app.act.listTournaments();
      error.textContent = '';
    } catch (e) {
      error.textContent = app.errorText(e);
    }
  }

  /** @type {TourList | null} */
  let shown = null;
  /** @param {TourList} by
   * @param {import('../state/shapes.js').AccountView} me */
  function render(by, me) {
    for (const [k, list] of Object.entries(lists)) {
      counts[k].textContent = by[k].length ? ` (${by[k].length})` : '';
      list.replaceChildren(...(by[k].length ? by[k].map((tour) => tournamentCard(app, tour, me, load))
        : [h('li', { class: 'muted tour-none' }, t(`tour.none.${k}`))]));
    }
  }

  let started = false;
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (!state.account) return;
      if (state.tournamentList && state.tournamentList !== shown) {
        shown = state.tournamentList;
        render(/** @type {TourList} */ (shown), state.account);
      }
      if (started) return;
      started = true;
      load();
      timer = setInterval(() => { if (!document.hidden && !dialog.open) load(); }, LIST_REFRESH_MS);
    },
    destroy() {
      clearInterval(/** @type {number} */ (timer));
      if (dialog.open) dialog.close();
    },
  };
}

// -- #/tournament/<id> ------------------------------------------------------------------

