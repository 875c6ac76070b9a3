// The economy's intentions (RULES.md §10–§11): the inventory, the shop, relief, using
// items (REST away from a table, the socket's use_item at one) and renaming a table.
// Every refusal is shown as a toast in the player's language; results update the store.

import { t } from './i18n.js';
import { tableName } from './words.js';

export const CLOTHS = ['green', 'blue', 'red', 'wood'];
export const SIGNS = ['sign', 'gold_sign'];
const TABLE_ONLY = [...SIGNS, 'tablecloth', 'card_counter'];

/** @typedef {{ item: string, [field: string]: any }} Held  an inventory slot's item */

/**
 * @param {any} app  the page's app (controller.js): its store, api, socket, ui (the
 *   prompt), toast and errorText — the last two set on it after this is made
 */
export function createEconomy(app) {
  /** @type {import('./actions/page.js').Store} */
  const store = app.store;
  /** @type {import('./actions/page.js').Socket} */
  const socket = app.socket;
  const { api } = app;
  /** @type {(text: string, options?: object) => Promise<string | null>} */
  const promptDialog = (text, options) => app.ui.prompt(text, options); // (a view: main.js hands it in)

  /** @param {any} coins */
  const setCoins = (coins) => {
    if (typeof coins !== 'number') return;
    store.set((s) => (s.account ? { account: { ...s.account, coins } } : {}));
  };
  /** @param {any} data */
  const setInventory = (data) => {
    if (!data || !Array.isArray(data.slots)) return;
    store.set({ inventory: { size: data.size, free: data.free, slots: data.slots, armed: data.armed || [] } });
    setCoins(data.coins);
  };
  /** A request whose refusal is said (null then).
   * @param {Promise<any>} p */
  async function guarded(p) {
    try {
      return await p;
    } catch (e) {
      app.toast(app.errorText(e));
      return null;
    }
  }
  const seatedTable = () => store.get().myTable;
  // Answers that carry the inventory are numbered by when they were asked: one asked
  // before the one shown is stale and dropped (two items used in a row: the first use's
  // reload may come back after the second's, and would show the second not armed), and
  // so is one asked for an account that has logged out since.
  let asked = 0;
  let shown = 0;
  /** ``p``'s answer (null: refused, said), its inventory shown unless a later-asked one is.
   * @param {Promise<any>} p */
  async function withInventory(p) {
    const n = ++asked;
    const who = store.get().account?.id;
    const data = await guarded(p);
    if (data && n > shown && who !== undefined && store.get().account?.id === who) {
      shown = n;
      setInventory(data);
    }
    return data;
  }

  const eco = {
    async loadInventory() {
      await withInventory(api.inventory());
    },
    /** R42: the gem cap and the player's standing (his profile), so that a gem the hall
     * would refuse is refused here without a request. */
    async loadGem() {
      const me = store.get().account;
      if (!me) return null;
      try {
        const [cap, profile] = await Promise.all([api.gemCap(), api.profile(me.id)]);
        const gem = { cap: cap.cap, standing: profile.standing };
        store.set({ gem });
        return gem;
      } catch {
        return null;
      }
    },
    /** @param {number} from
     * @param {number} to */
    async move(from, to) {
      return Boolean(await withInventory(api.moveItem(from, to)));
    },
    /** Double-click: what the item needs is asked first (a name, a pattern).
     * @param {number} slot */
    async use(slot) {
      const inv = store.get().inventory;
      /** @type {Held | null} */
      const held = inv && inv.slots[slot];
      if (!held) return null;
      /** @type {Record<string, string>} */
      const extra = {};
      const gem = store.get().gem;
      if (held.item.startsWith('gem_') && gem && gem.cap !== null && gem.standing >= gem.cap) {
        app.toast(t('err.gem_cap')); // R42: the hall would refuse (gem_cap)
        return null;
      }
      if (TABLE_ONLY.includes(held.item) && seatedTable() === null) {
        app.toast(t('items.table_only', { item: t(`item.${held.item}`) })); // the hall would refuse (not_seated)
        return null;
      }
      if (SIGNS.includes(held.item)) {
        const name = await promptDialog(t('items.ask_name'));
        if (name === null) return null;
        extra.name = name;
      } else if (held.item === 'tablecloth') {
        const pattern = await promptDialog(t('items.ask_cloth'),
          { choices: CLOTHS.map((c) => [c, t(`cloth.${c}`)]) });
        if (pattern === null) return null;
        extra.pattern = pattern;
      }
      const table = seatedTable();
      // at a table the socket carries it (the table's frames follow); else REST
      const data = table !== null && socket.online
        ? await guarded(socket.request('use_item', { slot, table, ...extra }))
        : await guarded(api.useItem(slot, extra));
      if (data) {
        app.toast(usedText(held, data), 'info');
        if (typeof data.score === 'number') store.set((s) => ({ account: { ...s.account, score: data.score,
          level: data.level ?? s.account?.level, title: data.title ?? s.account?.title,
          title_en: data.title_en ?? s.account?.title_en } }));
        if (typeof data.points === 'number') eco.loadGem(); // the standing moved
      }
      await eco.loadInventory();
      return data;
    },
    /** @param {string} item */
    async buy(item, count = 1) {
      const data = await withInventory(api.buy(item, count));
      if (data) {
        setCoins(data.coins);
        app.toast(t('shop.bought', { item: t(`item.${item}`), n: count }), 'info');
      }
      return data;
    },
    async relief() {
      const data = await guarded(api.relief());
      if (data) {
        setCoins(data.coins);
        app.toast(t('shop.relief_granted', { n: data.granted }), 'info');
      }
      return data;
    },
    /** R41: rename the table with a sign or a gold sign (the socket's rename_table).
     * @param {number} table
     * @param {string} item */
    async renameTable(table, item) {
      const name = await promptDialog(t('items.ask_name'), { value: tableName(store.get().tables[table]) });
      if (name === null) return null;
      const data = await guarded(socket.request('rename_table', { table, name, item }));
      if (data) app.toast(t('table.renamed', { name: data.name, h: data.protect_hours }), 'info');
      await eco.loadInventory();
      return data;
    },
  };
  return eco;
}

/** What a used item did, in words.
 * @param {Held} held
 * @param {any} data */
function usedText(held, data) {
  const name = t(`item.${held.item}`);
  if (typeof data.points === 'number') return t('items.gem_used', { item: name, n: data.points });
  if (data.armed === true) return t('items.armed', { item: name });
  if (data.armed === false) return t('items.disarmed', { item: name });
  return t('items.used', { item: name });
}
