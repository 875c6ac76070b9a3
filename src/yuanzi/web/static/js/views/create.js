// The "create a table" dialog: name, bet (R40), tablecloth and the rule options (§12).

import { h } from '../dom.js';
import { t } from '../i18n.js';

export const BETS = [0, 10, 20, 40, 80, 160, 320, 640, 1280];
export const CLOTHS = ['green', 'blue', 'red', 'wood'];
const CHOICES = { joker_blade: ['three', 'redraw'], jiefeng: ['next', 'partner'] };
const SWITCHES = { second_half_score_blade_three: true, blade_bomb_only_atoms: false,
  downstream_to_upstream: true, second_half_needs_upstream: false };

export function createTableDialog(app) {
  const dialog = h('dialog', { class: 'dialog create-dialog', 'aria-labelledby': 'create-title' });
  const field = (id, label, input) => h('div', { class: 'field' }, h('label', { for: id }, label), input);
  const name = h('input', { id: 'ct-name', maxlength: 32,
    placeholder: t('create.name_ph', { name: app.store.get().account?.nickname ?? '' }) });
  const bet = h('select', { id: 'ct-bet' }, BETS.map((b) => h('option', { value: b },
    b ? t('lobby.bet', { bet: b }) : t('lobby.no_bet'))));
  const cloth = h('select', { id: 'ct-cloth' }, CLOTHS.map((c) => h('option', { value: c }, t(`cloth.${c}`))));
  const turn = h('input', { id: 'ct-turn', type: 'number', min: 5, max: 600, step: 1, value: 30,
    inputmode: 'numeric' });
  const selects = Object.fromEntries(Object.entries(CHOICES).map(([key, options]) => [key,
    h('select', { id: `ct-${key}` }, options.map((o) => h('option', { value: o }, t(`rule.${key}.${o}`))))]));
  const checks = Object.fromEntries(Object.entries(SWITCHES).map(([key, on]) => [key,
    h('input', { id: `ct-${key}`, type: 'checkbox', checked: on })]));
  const privateBox = h('input', { id: 'ct-private', type: 'checkbox' });
  const spectators = h('input', { id: 'ct-spectators', type: 'checkbox', checked: true });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { class: 'btn primary', type: 'submit' }, t('create.submit'));

  const form = h('form', { method: 'dialog', onsubmit: async (ev) => {
    ev.preventDefault();
    const rules = {};
    for (const [key, sel] of Object.entries(selects)) if (sel.value !== CHOICES[key][0]) rules[key] = sel.value;
    for (const [key, box] of Object.entries(checks)) if (box.checked !== SWITCHES[key]) rules[key] = box.checked;
    const secs = Number(turn.value);
    if (Number.isInteger(secs) && secs !== 30) rules.turn_seconds = secs;
    submit.disabled = true;
    try {
      await app.act.createTable({ name: name.value.trim(), bet: Number(bet.value),
        tablecloth: cloth.value, rules, private: privateBox.checked, spectators: spectators.checked });
      dialog.close();
    } catch (e) {
      error.textContent = app.errorText(e);
    } finally {
      submit.disabled = false;
    }
  } },
  h('h2', { id: 'create-title' }, t('create.title')),
  field('ct-name', t('create.name'), name),
  h('div', { class: 'field-row' }, field('ct-bet', t('create.bet'), bet),
    field('ct-cloth', t('create.cloth'), cloth)),
  h('div', { class: 'check' }, privateBox, h('label', { for: 'ct-private' }, t('create.private'))),
  h('p', { class: 'muted small create-hint' }, t('create.private_hint')),
  h('div', { class: 'check' }, spectators, h('label', { for: 'ct-spectators' }, t('create.spectators'))),
  h('details', { class: 'rules-options' }, h('summary', {}, t('create.rules')),
    field('ct-turn', t('create.turn'), turn),
    Object.entries(selects).map(([key, sel]) => field(`ct-${key}`, t(`rule.${key}`), sel)),
    Object.entries(checks).map(([key, box]) => h('div', { class: 'check' }, box,
      h('label', { for: `ct-${key}` }, t(`rule.${key}`))))),
  error,
  h('div', { class: 'dialog-actions' },
    h('button', { class: 'btn', type: 'button', onclick: () => dialog.close() }, t('create.cancel')),
    submit));
  dialog.append(form);
  return dialog;
}
