// Short messages (errors from the server, notices) in a live region.

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** @typedef {import('../state/shapes.js').ToastView} ToastView */

/** @param {import('../actions/app.js').App} app */
export function createToasts(app) {
  const root = h('div', { class: 'toasts', role: 'alert', 'aria-live': 'assertive' });
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      root.replaceChildren(...state.toasts.map((/** @type {ToastView} */ toast) => h('div', { class: `toast ${toast.kind}` },
        h('span', {}, toast.text),
        // a toast may offer one action (an invitation's "join"): the controller keeps it
        toast.action ? h('button', { class: 'btn small toast-action', type: 'button',
          onclick: () => app.act.toastAction(toast.id) }, toast.action) : null,
        h('button', { class: 'toast-close', type: 'button', 'aria-label': t('toast.close'),
          onclick: () => app.act.dismiss(toast.id) }, '×'))));
    },
    destroy() {},
  };
}
