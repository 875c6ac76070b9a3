// A confirmation dialog (instead of window.confirm, which a page must not block on).

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** Resolves true (yes) or false (no, Esc). `yes` / `no` name the buttons (default 确定 /
 * 取消), `kind` the yes button's style (default danger).
 * @param {string} text
 * @param {{ yes?: string | null, no?: string | null, kind?: string }} [options]
 * @returns {Promise<boolean>} */
export function confirmDialog(text, { yes = null, no = null, kind = 'danger' } = {}) {
  return new Promise((resolve) => {
    const dialog = h('dialog', { class: 'dialog confirm-dialog', 'aria-label': text });
    /** @param {boolean} answer */
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(h('p', {}, text), h('div', { class: 'dialog-actions' },
      h('button', { class: 'btn', type: 'button', dataset: { action: 'confirm-no' }, onclick: () => done(false) },
        no ?? t('common.no')),
      h('button', { class: `btn ${kind}`, type: 'button', dataset: { action: 'confirm-yes' },
        onclick: () => done(true) }, yes ?? t('common.yes'))));
    dialog.addEventListener('cancel', () => done(false));
    document.body.append(dialog);
    dialog.showModal();
  });
}
