// 通知 on one's own profile (issue 47): let this browser be told — while no tab of the hall
// is open — of what the player opts in to, kind by kind, and turn it all off again. The
// subscription is the service worker's (pushManager); the hall keeps it (/api/push).

import { h } from '../dom.js';
import { getLang, t } from '../i18n.js';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration (registered here if the page has not yet). */
async function registration() {
  return (await navigator.serviceWorker.getRegistration('/')) || navigator.serviceWorker.register('/sw.js');
}

/** base64url → the bytes a push subscription's applicationServerKey wants.
 * @param {string} text */
function keyBytes(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/**
 * What the hall offers (GET /api/push): whether it sends, its VAPID key, the kinds, and
 * the subscriptions it keeps of this player.
 * @typedef {{ enabled: boolean, key: string, kinds: string[],
 *   subscriptions: { endpoint: string, kinds: string[] }[] }} PushOffer
 */

/** @param {import('../actions/app.js').App} app */
export function createNotifications(app) {
  const status = h('p', { class: 'muted small push-status', 'aria-live': 'polite' });
  const kindsBox = h('fieldset', { class: 'push-kinds', hidden: true },
    h('legend', {}, t('push.kinds')));
  const onBtn = h('button', { class: 'btn primary', type: 'button', dataset: { action: 'push-on' }, hidden: true },
    t('push.turn_on'));
  const offBtn = h('button', { class: 'btn ghost', type: 'button', dataset: { action: 'push-off' }, hidden: true },
    t('push.turn_off'));
  const root = h('section', { class: 'notifications panel', 'aria-labelledby': 'push-title' },
    h('h2', { id: 'push-title' }, t('push.title')),
    h('p', { class: 'small' }, t('push.what')), kindsBox, h('div', { class: 'push-buttons' }, onBtn, offBtn), status);

  /** @type {PushOffer} */
  let offer; // GET /api/push (read before anything is drawn)
  /** @type {PushSubscription | null} */
  let subscription = null; // this browser's PushSubscription, if any

  const chosen = () => [.../** @type {NodeListOf<HTMLInputElement>} */ (kindsBox.querySelectorAll('input:checked'))].map((x) => x.value);

  function render() {
    const sub = subscription;
    const mine = sub && offer.subscriptions.find((x) => x.endpoint === sub.endpoint);
    onBtn.hidden = Boolean(mine);
    offBtn.hidden = !mine;
    kindsBox.hidden = false;
    kindsBox.replaceChildren(h('legend', {}, t('push.kinds')), ...offer.kinds.map((kind) => h('label', { class: 'check' },
      h('input', { type: 'checkbox', value: kind, checked: mine ? mine.kinds.includes(kind) : true,
        onchange: () => { if (mine) save(); } }), ` ${t(`push.kind.${kind}`)}`)));
    status.textContent = mine ? t('push.on') : t('push.off');
  }

  async function save() {
    const body = { .../** @type {PushSubscription} */ (subscription).toJSON(), kinds: chosen(), lang: getLang() };
    delete body.expirationTime;
    await app.act.subscribePush(body);
    offer = await app.act.read('pushOffer');
    render();
  }

  async function turnOn() {
    onBtn.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        status.textContent = t('push.denied');
        return;
      }
      const reg = await registration();
      await navigator.serviceWorker.ready;
      try {
        subscription = await reg.pushManager.getSubscription()
          || await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(offer.key) });
      } catch {
        status.textContent = t('push.no_service'); // (the browser's push service is out of reach)
        return;
      }
      await save();
    } catch (e) {
      status.textContent = app.errorText(e);
    } finally {
      onBtn.disabled = false;
    }
  }

  async function turnOff() {
    offBtn.disabled = true;
    try {
      if (subscription) {
        await app.act.unsubscribePush(subscription.endpoint).catch(() => null);
        await subscription.unsubscribe().catch(() => false);
      }
      subscription = null;
      offer = await app.act.read('pushOffer');
      render();
    } finally {
      offBtn.disabled = false;
    }
  }
  onBtn.onclick = turnOn;
  offBtn.onclick = turnOff;

  (async () => {
    if (!supported()) {
      status.textContent = t('push.unsupported');
      return;
    }
    try {
      offer = await app.act.read('pushOffer');
      if (!offer.enabled) {
        status.textContent = t('push.disabled');
        return;
      }
      const reg = await navigator.serviceWorker.getRegistration('/');
      subscription = reg ? await reg.pushManager.getSubscription() : null;
      render();
    } catch (e) {
      status.textContent = app.errorText(e);
    }
  })();
  return { root };
}
