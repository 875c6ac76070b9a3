// The controller: the hall's frames through the reducers (state/) into the store and the
// effects they ask for (effects.js); the player's intentions (actions/) into requests.
// Views call app.act.*; toasts and the socket's one error path live here.

import { api } from './api.js';
import { errorText } from './i18n.js';
import { navigate, parseHash } from './router.js';
import { createEconomy } from './economy.js';
import { reduceFrame } from './state/frames.js';
import { createEffects } from './effects.js';
import { accountActions } from './actions/account.js';
import { peopleActions } from './actions/people.js';
import { tableActions } from './actions/table.js';
import { tournamentActions } from './actions/tournaments.js';
import { clubActions } from './actions/clubs.js';
import { readActions } from './actions/reads.js';


/** @typedef {import('./actions/app.js').App} App */
/** @typedef {import('./actions/app.js').Actions} Actions */
/** @typedef {import('./state/shapes.js').Frame} Frame */

let toastId = 0;

/** ``ui``: the questions the page asks the player — ``ask`` (yes or no) and ``prompt`` (a
 * line of text): views main.js hands in, as they sit above this.
 * @param {import('./actions/page.js').Store} store
 * @param {import('./actions/page.js').Socket} socket
 * @param {import('./actions/app.js').Questions} ui
 * @returns {App} */
export function createController(store, socket, ui) {
  const { ask } = ui;
  /** @type {(e: any) => string} */
  const errorTextOf = (e) => errorText(e && e.code ? e.code : 'unknown', e && e.message);

  /** @type {Map<number, () => void>} */
  const toastActions = new Map(); // toast id → what its button does

  /** @type {import('./actions/page.js').Page['toast']} */
  function toast(text, kind = 'error', ms = 4000, action = null) {
    const id = ++toastId;
    if (action) toastActions.set(id, action.run);
    store.set((s) => ({ toasts: [...s.toasts.slice(-3), { id, text, kind, action: action && action.label }] }));
    setTimeout(() => act.dismiss(id), ms);
    return id;
  }

  /** @type {import('./actions/page.js').Page['send']} */
  async function send(type, fields = {}) {
    try {
      return await socket.request(type, fields);
    } catch (e) {
      toast(errorTextOf(e));
      throw e;
    }
  }
  /** @type {import('./actions/page.js').Page['quietly']} */
  const quietly = (p) => p.catch(() => null);

  /** A missed frame: the server's resync (when offered) brings the whole view, else reconnect. */
  let resyncing = false;
  /** @param {number} table */
  async function resync(table) {
    if (!store.get().features.includes('resync')) {
      socket.reconnectNow();
      return;
    }
    if (resyncing) return;
    resyncing = true;
    try {
      const data = await socket.request('resync', { table });
      if (data.table) onFrame({ type: 'table', table: data.table });
      if (data.game) onFrame({ ...data.game, type: 'game' }); // a game frame supersedes the view
      if (data.counter) onFrame({ ...data.counter, type: 'counter' });
    } catch {
      socket.reconnectNow();
    } finally {
      resyncing = false;
    }
  }

  /** A frame of the hall: its family's reducer (state/), then the effects it asks for.
   * @param {Frame} f */
  function onFrame(f) {
    const { patch, effects } = reduceFrame(store.get(), f, parseHash());
    if (Object.keys(patch).length) store.set(patch);
    runEffects(effects);
  }

  const toasts = {
    /** @param {number} id */
    dismiss(id) {
      toastActions.delete(id);
      store.set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
    },
    /** @param {number} id */
    toastAction(id) {
      const run = toastActions.get(id);
      toasts.dismiss(id);
      if (run) run();
    },
  };

  const page = { store, socket, toast, send, quietly, errorTextOf, ask };
  const table = tableActions(page);
  /** @type {Actions} */
  const act = { ...toasts, ...table, ...peopleActions({ ...page, enter: table.enter }), ...accountActions(page),
    ...tournamentActions(page), ...clubActions(page), ...readActions(page), resync };
  /** @type {App} */
  const app = { store, socket, api, navigate, ui, errorText: errorTextOf, act, eco: /** @type {any} */ (null),
    onFrame, toast };
  app.eco = createEconomy(app);
  const runEffects = createEffects({ ...page, act, eco: () => app.eco, resync, lobbyParams: act.lobbyParams });
  return app;
}
