// Log in / register: one form, two modes.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';

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
    onsubmit: async (ev) => {
      ev.preventDefault();
      error.textContent = '';
      submit.disabled = true;
      try {
        await app.act.authenticate(mode, nickname.value.trim(), password.value);
      } catch (e) {
        error.textContent = app.errorText(e);
      } finally {
        submit.disabled = false;
      }
    } },
  title,
  h('label', { for: 'nickname' }, t('login.nickname')), nickname,
  h('label', { for: 'password' }, t('login.password')), password,
  hint, error, submit, toggle);
  setMode('login');

  const root = h('main', { class: 'screen login-screen', id: 'screen' },
    h('div', { class: 'login-hero' },
      h('div', { class: 'hero-mark', 'aria-hidden': 'true' }, '原子'),
      h('p', { class: 'tagline' }, t('app.tagline'))),
    form,
    // the leaderboard is public: anyone may look before logging in
    h('p', { class: 'login-links' }, h('a', { href: hrefOf('leaderboard'), dataset: { screen: 'leaderboard' } },
      t('nav.leaderboard'))));
  return { root, update() {}, destroy() {} };
}
