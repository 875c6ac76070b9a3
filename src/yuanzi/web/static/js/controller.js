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


let toastId = 0;

/** ``ui``: the questions the page asks the player — ``ask`` (yes or no) and ``prompt`` (a
 * line of text): views main.js hands in, as they sit above this. */
export function createController(store, socket, ui) {
  const { ask } = ui;
  const app = { store, socket, api, navigate, ui };

  app.errorText = (e) => errorText(e && e.code ? e.code : 'unknown', e && e.message);

  const toastActions = new Map(); // toast id → what its button does

  function toast(text, kind = 'error', ms = 4000, action = null) {
    const id = ++toastId;
    if (action) toastActions.set(id, action.run);
    store.set((s) => ({ toasts: [...s.toasts.slice(-3), { id, text, kind, action: action && action.label }] }));
    setTimeout(() => act.dismiss(id), ms);
    return id;
  }

  async function send(type, fields = {}) {
    try {
      return await socket.request(type, fields);
    } catch (e) {
      toast(app.errorText(e));
      throw e;
    }
  }
  const quietly = (p) => p.catch(() => null);

  /** A missed frame: the server's resync (when offered) brings the whole view, else reconnect. */
  let resyncing = false;
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

  /** A frame of the hall: its family's reducer (state/), then the effects it asks for. */
  function onFrame(f) {
    const { patch, effects } = reduceFrame(store.get(), f, parseHash());
    if (Object.keys(patch).length) store.set(patch);
    runEffects(effects);
  }

  const act = {
    dismiss(id) {
      toastActions.delete(id);
      store.set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
    },
    toastAction(id) {
      const run = toastActions.get(id);
      act.dismiss(id);
      if (run) run();
    },
  };

  const page = { store, socket, toast, send, quietly, errorTextOf: app.errorText, ask };
  const table = tableActions(page);
  Object.assign(act, table, peopleActions({ ...page, enter: table.enter }), accountActions(page));
  act.resync = resync;
  app.act = act;
  app.eco = createEconomy(app);
  const runEffects = createEffects({ ...page, act, eco: () => app.eco, resync, lobbyParams: act.lobbyParams });
  app.onFrame = onFrame;
  app.toast = toast;
  return app;
}
