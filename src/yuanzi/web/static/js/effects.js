// The one place the reducers' effects are done (issue 46): a message, a navigation, a
// request to the hall, a refresh. The reducers (state/) say what; this says how.

import { api } from './api.js';
import { errorText, t } from './i18n.js';
import { navigate } from './router.js';
import { givenFor } from './myvalues.js';
import { when } from './sessions.js';
import { listOf, relationLabel, seatName } from './words.js';

/** @typedef {import('./state/effects.js').Effect} Effect */

/**
 * @param {{ store: any, socket: any, toast: Function, errorTextOf: Function, act: any,
 *   eco: () => any, resync: Function, lobbyParams: Function, ask: Function }} page
 */
export function createEffects(page) {
  const { store, socket, toast } = page;
  const remembered = new Map(); // a toast's name → its id (to dismiss it later)
  const quietly = (p) => p.catch(() => null);

  const nameAt = (tableId, seat) => {
    const table = store.get().tables[tableId];
    return table ? seatName(table.seats[seat]) : t('seat.n', { n: seat + 1 });
  };

  /** A toast's words: one key, several sentences, or the server's refusal. */
  function words(e) {
    if (e.error) return errorText(e.error.code, e.error.message);
    if (e.parts) {
      return e.parts.map((p) => {
        const named = Object.fromEntries(Object.entries(p.names || {}).map(([k, v]) =>
          [k, Array.isArray(v) ? listOf(v.map((seat) => nameAt(e.table, seat))) : nameAt(e.table, v)]));
        return t(p.key, { ...(p.params || {}), ...named });
      }).join('');
    }
    return t(e.key, e.params || {});
  }

  const DO = {
    toast(e) {
      const action = e.action ? { label: t(e.action.label), run: () => run([e.action.effect]) } : null;
      const id = toast(words(e), e.kind, e.ms, action);
      if (e.remember) remembered.set(e.remember, id);
    },
    dismissRemembered(e) {
      const id = remembered.get(e.name);
      remembered.delete(e.name);
      if (id !== undefined) page.act.dismiss(id);
    },
    navigate: (e) => navigate(e.name, e.id ?? null),
    request(e) {
      const sent = socket.request(e.msg, e.fields || {});
      if (e.quiet) quietly(sent);
      else sent.catch((err) => toast(page.errorTextOf(err)));
    },
    subscribeLobby: () => quietly(socket.request('lobby', page.lobbyParams())),
    resync: (e) => page.resync(e.table),
    loadInventory: () => page.eco().loadInventory(),
    refreshAccount: () => page.act.refreshAccount(),
    overChanges(e) { // what a game without a settlement's seats changed, by asking (rare)
      api.me().then((me) => {
        const cur = store.get();
        const over = cur.over && cur.over.game_id === e.gameId
          ? { ...cur.over, changes: { score: me.score - e.before.score, coins: me.coins - e.before.coins } }
          : cur.over;
        store.set({ account: me, over });
      }, () => {});
    },
    acceptInvite: (e) => quietly(page.act.acceptInvite(e.table)),
    spectate: (e) => quietly(page.act.spectate(e.table)),
    askSwap(e) { // another player asks to swap seats (issue 31)
      const f = e.frame;
      const rel = relationLabel((f.from_seat - f.seat + 4) % 4, true, f.from_seat); // his place to me
      page.ask(t('seat.swap_asked', { name: f.by.nickname, rel }),
        { yes: t('seat.swap_yes'), no: t('seat.swap_no'), kind: 'primary' })
        .then((accept) => run([{ type: 'request', msg: 'swap_answer', fields: { table: f.table, seat: f.from_seat, accept }, quiet: true }]));
    },
    checkInToast(e) { // a scheduled tournament's check-in opened (told again as he reconnects: once)
      const f = e.frame;
      const text = t('tour.check_in_toast', { name: f.name ?? '', when: when(f.starts_at) });
      if (store.get().toasts.some((x) => x.text === text)) return;
      toast(text, 'info', 60000, {
        label: t('tour.check_in'),
        run: () => api.tournaments.checkin(f.tournament).then(
          () => toast(t('tour.checked_in_done'), 'info', 5000), (err) => toast(page.errorTextOf(err))),
      });
    },
    reveal(e) { // it started: the value this browser committed to (issue 43)
      const given = givenFor(`commit:${e.commitment}`); // (the one its commitment is of)
      if (given) api.tournaments.reveal(e.tournament, given.value).catch(() => {});
    },
  };

  /** Do the effects, in order. */
  function run(effects) {
    for (const e of effects) {
      const f = DO[e.type];
      if (!f) throw new Error(`effects: no effect ${e.type}`);
      f(e);
    }
  }
  return run;
}
