// No connection (issue 47): the installed app opened from its cache with no network says
// so plainly, and opens the hall by itself as soon as the network is back.

import { h } from '../dom.js';
import { t } from '../i18n.js';

export function createOffline() {
  const retry = h('button', { class: 'btn primary', type: 'button', dataset: { action: 'retry' },
    onclick: () => location.reload() }, t('offline.retry'));
  const root = h('main', { class: 'screen offline-screen', id: 'screen', role: 'alert' },
    h('div', { class: 'offline-card panel' },
      h('div', { class: 'offline-mark', 'aria-hidden': 'true' }, t('app.mark')),
      h('h1', {}, t('offline.title')),
      h('p', {}, t('offline.body')),
      retry));
  const back = () => location.reload();
  window.addEventListener('online', back, { once: true });
  return { root, update() {}, destroy() { window.removeEventListener('online', back); } };
}
