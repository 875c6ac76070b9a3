// The "create a table" dialog: name, bet (R40), tablecloth and the rule options (§12).
// R41: a name of one's own spends a sign and another cloth a tablecloth, so the dialog
// offers them only to a player who owns one (and says which it will spend).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { SESSION_LENGTHS, lengthText } from '../sessions.js';

export const BETS = [0, 10, 20, 40, 80, 160, 320, 640, 1280];
export const CLOTHS = ['green', 'blue', 'red', 'wood'];
/** @type {Record<string, string[]>} */
const CHOICES = { joker_blade: ['three', 'redraw'], jiefeng: ['next', 'partner'] };
/** @type {Record<string, boolean>} */
const SWITCHES = { second_half_score_blade_three: true, blade_bomb_only_atoms: false,
  downstream_to_upstream: true, second_half_needs_upstream: false };
const TURN_SECONDS = 30;

/** The rule options of RULES.md §12 as form fields — the turn clock, the choices, the
 * switches — their ids `<prefix>-turn`, `<prefix>-<option>`, set from `rules` (what differs
 * from the defaults, as a table or a club sends it). `read()` gives back what differs
 * from the defaults. The create dialog and a club's house rules (views/clubs.js) share it.
 * @param {string} prefix
 * @param {Record<string, any> | null} [rules] */
export function rulesFields(prefix, rules = {}) {
  /** @type {Record<string, any>} */
  const r = rules || {};
  /** @type {(id: string, label: string, input: any) => any} */
  const field = (id, label, input) => h('div', { class: 'field' }, h('label', { for: id }, label), input);
  const turn = h('input', { id: `${prefix}-turn`, type: 'number', min: 5, max: 600, step: 1,
    value: r.turn_seconds ?? TURN_SECONDS, inputmode: 'numeric' });
  const selects = Object.fromEntries(Object.entries(CHOICES).map(([key, options]) => [key,
    h('select', { id: `${prefix}-${key}` }, options.map((o) => h('option', { value: o,
      selected: (r[key] ?? options[0]) === o }, t(`rule.${key}.${o}`))))]));
  const checks = Object.fromEntries(Object.entries(SWITCHES).map(([key, on]) => [key,
    h('input', { id: `${prefix}-${key}`, type: 'checkbox', checked: r[key] ?? on })]));
  return {
    nodes: [field(`${prefix}-turn`, t('create.turn'), turn),
      ...Object.entries(selects).map(([key, sel]) => field(`${prefix}-${key}`, t(`rule.${key}`), sel)),
      ...Object.entries(checks).map(([key, box]) => h('div', { class: 'check' }, box,
        h('label', { for: `${prefix}-${key}` }, t(`rule.${key}`))))],
    read() {
      /** @type {Record<string, string | boolean | number>} */
      const out = {};
      for (const [key, sel] of Object.entries(selects)) if (sel.value !== CHOICES[key][0]) out[key] = sel.value;
      for (const [key, box] of Object.entries(checks)) if (box.checked !== SWITCHES[key]) out[key] = box.checked;
      const secs = Number(turn.value);
      if (Number.isInteger(secs) && secs !== TURN_SECONDS) out.turn_seconds = secs;
      return out;
    },
  };
}

/** @param {any} app */
export function createTableDialog(app) {
  const dialog = h('dialog', { class: 'dialog create-dialog', 'aria-labelledby': 'create-title' });
  /** @type {(id: string, label: string, input: any) => any} */
  const field = (id, label, input) => h('div', { class: 'field' }, h('label', { for: id }, label), input);
  const name = h('input', { id: 'ct-name', maxlength: 32,
    placeholder: t('create.name_ph', { name: app.store.get().account?.nickname ?? '' }) });
  const bet = h('select', { id: 'ct-bet' }, BETS.map((b) => h('option', { value: b },
    b ? t('lobby.bet', { bet: b }) : t('lobby.no_bet'))));
  const cloth = h('select', { id: 'ct-cloth' }, CLOTHS.map((c) => h('option', { value: c }, t(`cloth.${c}`))));
  const sign = h('select', { id: 'ct-sign' });
  const signRow = h('div', { class: 'field', hidden: true }, h('label', { for: 'ct-sign' }, t('create.sign')), sign);
  const nameHint = h('p', { class: 'muted small create-hint', id: 'ct-name-hint' });
  const clothHint = h('p', { class: 'muted small create-hint', id: 'ct-cloth-hint' });
  name.setAttribute('aria-describedby', 'ct-name-hint');
  cloth.setAttribute('aria-describedby', 'ct-cloth-hint');

  /** What the inventory allows: the sign kinds owned, and whether a tablecloth is. */
  function offer() {
    const slots = app.store.get().inventory?.slots ?? [];
    /** @type {(item: string) => number} */
    const count = (item) => slots.reduce((/** @type {number} */ n, /** @type {any} */ s) => n + (s && s.item === item ? s.count : 0), 0);
    const signs = ['sign', 'gold_sign'].filter((k) => count(k) > 0);
    sign.replaceChildren(...signs.map((k) => h('option', { value: k },
      t('create.sign_option', { item: t(`item.${k}`), n: count(k), hours: k === 'gold_sign' ? 24 : 1 }))));
    signRow.hidden = signs.length === 0;
    name.disabled = signs.length === 0;
    if (name.disabled) name.value = '';
    const nick = app.store.get().account?.nickname ?? '';
    name.placeholder = name.disabled ? t('create.default_name', { name: nick }) : t('create.name_ph', { name: nick });
    nameHint.textContent = signs.length ? t('create.name_spends') : t('create.name_needs_sign');
    const cloths = count('tablecloth');
    for (const option of cloth.options) option.disabled = option.value !== CLOTHS[0] && cloths === 0;
    if (cloth.selectedOptions[0]?.disabled) cloth.value = CLOTHS[0];
    clothHint.textContent = cloths ? t('create.cloth_spends', { n: cloths }) : t('create.cloth_needs_item');
  }
  dialog.prepare = async () => {
    offer();
    await app.eco.loadInventory();
    offer();
  };
  const ruleOptions = rulesFields('ct');
  const privateBox = h('input', { id: 'ct-private', type: 'checkbox' });
  const spectators = h('input', { id: 'ct-spectators', type: 'checkbox', checked: true });
  // 局数 (issue 26): a private table may be opened for a session of N games
  const session = h('select', { id: 'ct-session', disabled: true, 'aria-describedby': 'ct-session-hint' },
    h('option', { value: '' }, t('session.none')),
    SESSION_LENGTHS.map((n) => h('option', { value: String(n) }, lengthText(n))));
  const sessionHint = h('p', { class: 'muted small create-hint', id: 'ct-session-hint' }, t('session.create_hint_off'));
  privateBox.addEventListener('change', () => {
    session.disabled = !privateBox.checked;
    sessionHint.textContent = t(privateBox.checked ? 'session.create_hint' : 'session.create_hint_off');
  });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { class: 'btn primary', type: 'submit' }, t('create.submit'));

  const form = h('form', { method: 'dialog', onsubmit: async (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const rules = ruleOptions.read();
    submit.disabled = true;
    try {
      const named = name.value.trim();
      await app.act.createTable({ name: named, bet: Number(bet.value), tablecloth: cloth.value,
        ...(named && !signRow.hidden ? { sign: sign.value } : {}),
        rules, private: privateBox.checked, spectators: spectators.checked,
        ...(privateBox.checked && session.value !== '' ? { session: Number(session.value) } : {}) });
      if (named || cloth.value !== CLOTHS[0]) app.eco.loadInventory(); // an item was spent
      dialog.close();
    } catch (e) {
      error.textContent = app.errorText(e);
    } finally {
      submit.disabled = false;
    }
  } },
  h('h2', { id: 'create-title' }, t('create.title')),
  field('ct-name', t('create.name'), name),
  nameHint,
  signRow,
  h('div', { class: 'field-row' }, field('ct-bet', t('create.bet'), bet),
    field('ct-cloth', t('create.cloth'), cloth)),
  clothHint,
  h('div', { class: 'check' }, privateBox, h('label', { for: 'ct-private' }, t('create.private'))),
  h('p', { class: 'muted small create-hint' }, t('create.private_hint')),
  field('ct-session', t('session.create_label'), session),
  sessionHint,
  h('div', { class: 'check' }, spectators, h('label', { for: 'ct-spectators' }, t('create.spectators'))),
  h('details', { class: 'rules-options' }, h('summary', {}, t('create.rules')), ruleOptions.nodes),
  error,
  h('div', { class: 'dialog-actions' },
    h('button', { class: 'btn', type: 'button', onclick: () => dialog.close() }, t('create.cancel')),
    submit));
  dialog.append(form);
  return dialog;
}
