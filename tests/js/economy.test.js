// The economy's intentions (economy.js): answers that carry the inventory, in the order
// they were asked, whatever order the hall's answers come back in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { state } from './state.js';
import { heldHall, tick } from './hall.js';

const { createEconomy } = await load('economy.js');
const { createStore } = await load('store.js');
const { api } = await load('api.js');

const inventory = (armed) => ({ size: 8, free: 7, coins: 900, armed,
  slots: [{ item: 'recorder', count: 1, armed: armed.length > 0 }, null, null, null, null, null, null, null] });

test('an inventory asked before the one shown never overwrites it', async () => {
  const store = createStore({ ...state(), account: { id: 1, coins: 1000 } });
  const toasts = [];
  const eco = createEconomy({ store, api, socket: { online: false }, ui: {},
    toast: (text) => toasts.push(text), errorText: (e) => e.code });
  const hall = heldHall();
  try {
    const first = eco.loadInventory(); // asked first (say, after a rename) ...
    const second = eco.loadInventory(); // ... then after the recorder was armed
    await tick();
    assert.deepEqual(hall.waiting.map((w) => w.key), ['GET /api/inventory', 'GET /api/inventory']);
    hall.waiting[1].answer(inventory(['recorder'])); // the later one answers first
    await second;
    assert.deepEqual(store.get().inventory.armed, ['recorder']);
    hall.waiting[0].answer(inventory([])); // the earlier one, late: stale
    await first;
    assert.deepEqual(store.get().inventory.armed, ['recorder']);
    assert.equal(store.get().account.coins, 900);

    const third = eco.loadInventory(); // a new question is shown as ever
    await tick();
    hall.waiting[2].answer(inventory([]));
    await third;
    assert.deepEqual(store.get().inventory.armed, []);
    assert.deepEqual(toasts, []);

    const fifth = eco.loadInventory(); // asked, then its player logs out
    await tick();
    store.set({ account: null, inventory: null });
    hall.waiting[3].answer(inventory(['recorder']));
    await fifth;
    assert.equal(store.get().inventory, null);
  } finally {
    hall.restore();
  }
});
