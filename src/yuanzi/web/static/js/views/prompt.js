// A dialog asking one value: a table name for a sign, a pattern for a tablecloth.
// Resolves with the value, or null when cancelled.

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** choices: [[value, label]…] shows a select; else a text input of up to `max` characters.
 * @param {string} label
 * @param {{ choices?: [string, string][] | null, value?: string, max?: number }} [options]
 * @returns {Promise<string | null>} */
export function promptDialog(label, { choices = null, value = '', max = 32 } = {}) {
  return new Promise((resolve) => {
    const field = choices
      ? h('select', { id: 'prompt-value' }, choices.map(([v, text]) => h('option', { value: v }, text)))
      : h('input', { id: 'prompt-value', type: 'text', maxlength: max, value, required: true, autocomplete: 'off' });
    const dialog = h('dialog', { class: 'dialog prompt-dialog', 'aria-label': label });
    /** @param {string | null} answer */
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    const form = h('form', { method: 'dialog', onsubmit: (/** @type {SubmitEvent} */ ev) => {
      ev.preventDefault();
      const v = field.value.trim();
      if (v) done(v);
    } },
    h('label', { for: 'prompt-value' }, label), field,
    h('div', { class: 'dialog-actions' },
      h('button', { class: 'btn', type: 'button', dataset: { action: 'prompt-cancel' }, onclick: () => done(null) },
        t('common.no')),
      h('button', { class: 'btn primary', type: 'submit', dataset: { action: 'prompt-ok' } }, t('common.yes'))));
    dialog.append(form);
    dialog.addEventListener('cancel', () => done(null));
    document.body.append(dialog);
    dialog.showModal();
    field.focus();
  });
}
