// Log in / register: one form, two modes.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf, parseHash } from '../router.js';
import { tableName } from '../words.js';
import { peekInvite } from './join.js';

const RESERVED = ['admin', 'administrator', 'system', 'bot', 'server', 'yuanzi', 'guest'];

/** Which nickname rule `raw` breaks, as [i18n key, params], or null (the hall's rules,
 * hall/nicknames.py: 2–16 characters, letters of any script, digits, _ - ·, starting with
 * a letter or digit, not reserved). The hall decides; this names the rule in words.
 * @param {string} raw
 * @returns {[string, Record<string, string>] | null} */
export function nicknameProblem(raw) {
  const nick = raw.trim().normalize('NFKC');
  const chars = [...nick];
  if (chars.length < 2 || chars.length > 16) return ['err.bad_nickname.length', {}];
  const bad = chars.find((ch) => !/^[\p{L}\p{N}_\-·]$/u.test(ch));
  if (bad !== undefined) return ['err.bad_nickname.chars', { ch: bad }];
  if (!/^[\p{L}\p{N}]/u.test(nick)) return ['err.bad_nickname.start', {}];
  if (RESERVED.includes(nick.toLowerCase())) return ['err.bad_nickname.reserved', { name: nick }];
  return null;
}

/** A registration's refusal in words that name the rule broken.
 * @param {any} e
 * @param {string} nickname */
function authError(e, nickname) {
  if (e && e.code === 'bad_nickname') {
    const problem = nicknameProblem(nickname);
    if (problem) return t(...problem);
  }
  return null;
}

/** @param {import('../actions/app.js').App} app */
export function createLogin(app) {
  let mode = 'login';
  const nickname = h('input', { id: 'nickname', name: 'nickname', autocomplete: 'username', required: true,
    maxlength: 16, minlength: 1 });
  const password = h('input', { id: 'password', name: 'password', type: 'password', required: true,
    autocomplete: 'current-password', maxlength: 128 });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const title = h('h1');
  const submit = h('button', { class: 'btn primary wide', type: 'submit' });
  const toggle = h('button', { class: 'btn link', type: 'button', onclick: () => setMode(mode === 'login' ? 'register' : 'login') });
  const hint = h('p', { class: 'muted small' }, t('login.hint'));

  /** @param {string} next */
  function setMode(next) {
    mode = next;
    title.textContent = t(`${mode}.title`);
    submit.textContent = t(mode === 'login' ? 'login.submit' : 'register.submit');
    toggle.textContent = t(mode === 'login' ? 'login.to_register' : 'login.to_login');
    password.autocomplete = mode === 'login' ? 'current-password' : 'new-password';
    hint.hidden = mode === 'login';
    error.textContent = '';
  }

  const form = h('form', { class: 'login-form panel', novalidate: true,
    onsubmit: async (/** @type {Event} */ ev) => {
      ev.preventDefault();
      error.textContent = '';
      if (mode === 'register') { // the rules are known: say which one is broken, unasked
        const problem = nicknameProblem(nickname.value);
        const short = password.value.length < 8 || password.value.length > 128;
        if (problem || short) {
          error.textContent = problem ? t(...problem) : t('err.bad_password');
          return;
        }
      }
      submit.disabled = true;
      try {
        await app.act.authenticate(mode, nickname.value.trim(), password.value);
      } catch (e) {
        error.textContent = authError(e, nickname.value) ?? app.errorText(e);
      } finally {
        submit.disabled = false;
      }
    } },
  title,
  h('label', { for: 'nickname' }, t('login.nickname')), nickname,
  h('label', { for: 'password' }, t('login.password')), password,
  hint, error, submit, toggle);
  setMode('login');

  // came by an invite link (issue 31): say who invites to which table, not a bare login
  const invited = h('p', { class: 'invited panel', role: 'status', hidden: true });
  const route = parseHash(); // the login may show before the invite is kept (main.js)
  const token = route.name === 'join' && route.id ? route.id : peekInvite();
  if (token) {
    app.act.read('invitation', token).then((/** @type {Record<string, any>} */ inv) => {
      // opposite the inviter only when that seat is free (issue 45): the hall seats him there then
      const said = inv.free_seats === 0 ? 'join.invited_full' : inv.across_free ? 'join.invited' : 'join.invited_seat';
      invited.textContent = t(said, { owner: inv.owner,
        table: tableName({ name: inv.table, name_default: inv.name_default, owner: inv.owner }) });
      invited.hidden = false;
    }).catch(() => {
      invited.textContent = t('join.invite_gone');
      invited.hidden = false;
    });
  }

  const root = h('main', { class: 'screen login-screen', id: 'screen' },
    invited,
    h('div', { class: 'login-hero' },
      h('div', { class: 'hero-mark', 'aria-hidden': 'true' }, t('app.name')),
      h('p', { class: 'tagline' }, t('app.tagline'))),
    form,
    // the leaderboard is public: anyone may look before logging in
    h('p', { class: 'login-links' }, h('a', { href: hrefOf('leaderboard'), dataset: { screen: 'leaderboard' } },
      t('nav.leaderboard')), ' · ', h('a', { href: hrefOf('guide'), dataset: { screen: 'guide' } }, t('nav.guide'))));
  return { root, update() {}, destroy() {} };
}
