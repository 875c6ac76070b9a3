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
 * @param {import('./actions/page.js').Page & { act: any, eco: () => any,
 *   resync: (table: number) => void, lobbyParams: () => object }} page
 */
export function createEffects(page) {
  const { store, socket, toast } = page;
  /** @type {Map<string, number>} */
  const remembered = new Map(); // a toast's name → its id (to dismiss it later)
  /** @type {(p: Promise<any>) => Promise<any>} */
  const quietly = (p) => p.catch(() => null);

  /** @type {(tableId: number | undefined, seat: number) => string} */
  const nameAt = (tableId, seat) => {
    const table = tableId === undefined ? undefined : store.get().tables[tableId];
    return table ? seatName(table.seats[seat]) : t('seat.n', { n: seat + 1 });
  };

  /** A toast's words: one key, several sentences, or the server's refusal.
   * @param {Effect} e */
  function words(e) {
    if (e.error) return errorText(e.error.code, e.error.message);
    if (e.parts) {
      return e.parts.map((p) => {
        const named = Object.fromEntries(Object.entries(p.names || {}).map(([k, v]) =>
          [k, Array.isArray(v) ? listOf(v.map((/** @type {number} */ seat) => nameAt(e.table, seat))) : nameAt(e.table, v)]));
        return t(p.key, { ...(p.params || {}), ...named });
      }).join('');
    }
    return t(/** @type {string} */ (e.key), e.params || {});
  }

  /** @type {Record<string, (e: Effect) => void>} */
  const DO = {
    toast(e) {
      const given = e.action;
      const action = given ? { label: t(given.label), run: () => run([given.effect]) } : null;
      const id = toast(words(e), e.kind, e.ms, action);
      if (e.remember) remembered.set(e.remember, id);
    },
    dismissRemembered(e) {
      const name = /** @type {string} */ (e.name);
      const id = remembered.get(name);
      remembered.delete(name);
      if (id !== undefined) page.act.dismiss(id);
    },
    navigate: (e) => navigate(/** @type {string} */ (e.name), e.id ?? null),
    request(e) {
      const sent = socket.request(/** @type {string} */ (e.msg), e.fields || {});
      if (e.quiet) quietly(sent);
      else sent.catch((err) => toast(page.errorTextOf(err)));
    },
    subscribeLobby: () => quietly(socket.request('lobby', page.lobbyParams())),
    resync: (e) => page.resync(/** @type {number} */ (e.table)),
    loadInventory: () => page.eco().loadInventory(),
    refreshAccount: () => page.act.refreshAccount(),
    overChanges(e) { // what a game without a settlement's seats changed, by asking (rare)
      const before = /** @type {{ score: number, coins: number }} */ (e.before);
      api.me().then((me) => {
        const cur = store.get();
        const over = cur.over && cur.over.game_id === e.gameId
          ? { ...cur.over, changes: { score: me.score - before.score, coins: me.coins - before.coins } }
          : cur.over;
        store.set({ account: me, over });
      }, () => {});
    },
    acceptInvite: (e) => quietly(page.act.acceptInvite(e.table)),
    spectate: (e) => quietly(page.act.spectate(e.table)),
    askSwap(e) { // another player asks to swap seats (issue 31)
      const f = /** @type {any} */ (e.frame);
      const rel = relationLabel((f.from_seat - f.seat + 4) % 4, true, f.from_seat); // his place to me
      page.ask(t('seat.swap_asked', { name: f.by.nickname, rel }),
        { yes: t('seat.swap_yes'), no: t('seat.swap_no'), kind: 'primary' })
        .then((/** @type {boolean} */ accept) => run([{ type: 'request', msg: 'swap_answer', fields: { table: f.table, seat: f.from_seat, accept }, quiet: true }]));
    },
    checkInToast(e) { // a scheduled tournament's check-in opened (told again as he reconnects: once)
      const f = /** @type {any} */ (e.frame);
      const text = t('tour.check_in_toast', { name: f.name ?? '', when: when(f.starts_at) });
      if (store.get().toasts.some((/** @type {{ text: string }} */ x) => x.text === text)) return;
      toast(text, 'info', 60000, {
        label: t('tour.check_in'),
        run: () => api.tournaments.checkin(f.tournament).then(
          () => toast(t('tour.checked_in_done'), 'info', 5000), (err) => toast(page.errorTextOf(err))),
      });
    },
    reveal(e) { // it started: the value this browser committed to (issue 43)
      const given = givenFor(`commit:${e.commitment}`); // (the one its commitment is of)
      if (given) api.tournaments.reveal(/** @type {number} */ (e.tournament), given.value).catch(() => {});
    },
  };

  /** Do the effects, in order.
   * @param {Effect[]} effects */
  function run(effects) {
    for (const e of effects) {
      const f = DO[e.type];
      if (!f) throw new Error(`effects: no effect ${e.type}`);
      f(e);
    }
  }
  return run;
}
