// #/clubs (my clubs, issue 26: found one, or ask to join one by its nine-digit code) and
// #/clubjoin/<token> (a club's invite link).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { lengthText } from '../sessions.js';
import { knowClubName } from './summary.js';
import { NAME_MAX, NOTICE_MAX } from './clubwords.js';

/** @typedef {import('../actions/app.js').App} App */
/** @typedef {import('./clubwords.js').ClubView} ClubView */
/** In by code or link (server/club_routes.py Joined): a member, or waiting.
 * @typedef {{ club: ClubView, status: string }} Joined */
/** @typedef {import('../state/pages.js').ClubList} ClubList */

/** Into a club: a member at once (an open club), or waiting for its managers.
 * @param {App} app
 * @param {Joined} r */
function joined(app, r) {
  knowClubName(r.club.id, r.club.name);
  if (r.status === 'member') {
    app.toast(t('club.joined', { name: r.club.name }), 'info');
    app.navigate('club', r.club.id);
  } else {
    app.toast(t('club.pending', { name: r.club.name }), 'info', 8000);
  }
}

// -- #/clubs ------------------------------------------------------------------------------

/** @param {App} app */
export function createClubs(app) {
  const list = h('ul', { class: 'club-list', 'aria-live': 'polite' }, h('li', { class: 'muted' }, t('common.loading')));
  const joinError = h('p', { class: 'form-error', role: 'alert' });
  const createError = h('p', { class: 'form-error', role: 'alert' });
  const code = h('input', { id: 'club-code', inputmode: 'numeric', autocomplete: 'off', maxlength: 11,
    placeholder: '000 000 000', class: 'club-code-input', pattern: '\\d{3} ?\\d{3} ?\\d{3}' });
  const name = h('input', { id: 'club-name', maxlength: NAME_MAX, autocomplete: 'off', required: true,
    placeholder: t('club.name_ph') });
  const notice = h('textarea', { id: 'club-notice', maxlength: NOTICE_MAX, rows: 3, placeholder: t('club.notice_ph') });

  const joinForm = h('form', { class: 'club-form panel', onsubmit: async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const digits = code.value.replace(/\s+/g, '');
    joinError.textContent = '';
    if (!/^\d{9}$/.test(digits)) {
      joinError.textContent = t('club.code_nine');
      return;
    }
    try {
      joined(app, await app.act.joinClub({ code: digits })); // (the list read again)
      code.value = '';
    } catch (e) {
      joinError.textContent = app.errorText(e);
    }
  } },
  h('h2', {}, t('club.join_title')),
  h('div', { class: 'field' }, h('label', { for: 'club-code' }, t('club.code')),
    h('div', { class: 'club-code-row' }, code, h('button', { class: 'btn primary', type: 'submit' }, t('club.join')))),
  h('p', { class: 'muted small' }, t('club.join_hint')), joinError);

  const createForm = h('form', { class: 'club-form panel', onsubmit: async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    createError.textContent = '';
    const n = name.value.trim();
    if (!n) return;
    try {
      const club = await app.act.createClub(n, notice.value.trim());
      knowClubName(club.id, club.name);
      app.navigate('club', club.id);
    } catch (e) {
      createError.textContent = app.errorText(e);
    }
  } },
  h('h2', {}, t('club.create_title')),
  h('div', { class: 'field' }, h('label', { for: 'club-name' }, t('club.name')), name),
  h('div', { class: 'field' }, h('label', { for: 'club-notice' }, t('club.notice_optional')), notice),
  h('p', { class: 'muted small' }, t('club.create_hint')),
  createError,
  h('div', { class: 'dialog-actions' }, h('button', { class: 'btn primary', type: 'submit' }, t('club.create'))));

  /** Read my clubs again (into the store: the list follows in ``update``). */
  async function load() {
    try {
      await app.act.listClubs();
    } catch (e) {
      list.replaceChildren(h('li', { class: 'form-error' }, app.errorText(e)));
    }
  }

  /** @param {ClubList} list
   * @param {import('../state/shapes.js').AccountView} me */
  function render({ clubs, pending }, me) {
    const waiting = pending.map((c) => h('li', { class: 'club-card pending', dataset: { club: c.id } },
      h('span', { class: 'club-card-name', translate: 'no' }, c.name),
      h('span', { class: 'chip club-pending' }, t('club.pending_chip')),
      h('p', { class: 'muted small' }, t('club.pending_note'))));
    list.replaceChildren(...(clubs.length || waiting.length ? clubs.map((c) => {
      knowClubName(c.id, c.name);
      return h('li', { class: 'club-card', dataset: { club: c.id } },
        h('a', { class: 'club-card-name', href: hrefOf('club', c.id) }, c.name),
        h('span', { class: 'muted small' }, t('club.members_n', { n: c.members }),
          me && c.founder_id === me.id ? ` · ${t('club.role.founder')}` : '',
          c.session_games !== null ? ` · ${lengthText(c.session_games)}` : ''),
        c.notice ? h('p', { class: 'club-card-notice small' }, c.notice) : null);
    }).concat(waiting) : [h('li', { class: 'muted empty-clubs' }, t('club.none'))]));
  }

  const root = h('main', { class: 'screen clubs-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('club.title'))),
    h('p', { class: 'muted club-intro' }, t('club.intro')),
    h('section', { class: 'club-mine', 'aria-labelledby': 'club-mine-title' },
      h('h2', { id: 'club-mine-title' }, t('club.mine')), list),
    h('div', { class: 'club-forms' }, joinForm, createForm));
  let loaded = false;
  /** @type {import('../state/shapes.js').State['clubNews'] | null} */
  let news = null;
  /** @type {ClubList | null} */
  let shown = null;
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (state.account && state.clubList && state.clubList !== shown) {
        shown = state.clubList;
        render(/** @type {ClubList} */ (shown), state.account);
      }
      if (!loaded && state.account) {
        loaded = true;
        news = state.clubNews;
        load();
      } else if (loaded && state.clubNews !== news) { // let in, or refused: the list moves
        news = state.clubNews;
        load();
      }
    },
    destroy() {},
  };
}

// -- #/clubjoin/<token> -------------------------------------------------------------------

/** @param {App} app
 * @param {string | null} token */
export function createClubJoin(app, token) {
  const note = h('p', { class: 'join-note', 'aria-live': 'polite' }, t('club.joining'));
  const back = h('a', { class: 'btn', href: hrefOf('clubs'), hidden: true }, t('club.to_clubs'));
  const root = h('main', { class: 'screen join-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('club.join_title'))), note, back);
  let started = false;
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      if (started || !state.account) return;
      started = true;
      if (!token) {
        note.textContent = t('err.no_such_club');
        back.hidden = false;
        return;
      }
      app.act.joinClub({ token }).then((/** @type {Joined} */ r) => {
        if (r.status === 'member') {
          joined(app, r);
          return;
        }
        note.textContent = t('club.pending', { name: r.club.name });
        back.hidden = false;
      }, (e) => {
        note.textContent = app.errorText(e);
        back.hidden = false;
      });
    },
    destroy() {},
  };
}

