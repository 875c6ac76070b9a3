// The account's actions (actions/account.js): the account read again after a game or a
// round, in the order asked, and never for someone who has logged out since.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { ME, state } from './state.js';
import { heldHall, tick } from './hall.js';

const { accountActions } = await load('actions/account.js');
const { createStore } = await load('store.js');

test('refreshAccount: an answer asked before the one shown is dropped', async () => {
  const store = createStore(state());
  const { refreshAccount } = accountActions({ store, socket: { online: false } });
  const hall = heldHall();
  try {
    const first = refreshAccount(); // asked at a game's end ...
    const second = refreshAccount(); // ... and again at the next
    await tick();
    assert.deepEqual(hall.waiting.map((w) => w.key), ['GET /api/me', 'GET /api/me']);
    hall.waiting[1].answer({ ...ME, coins: 1300 });
    await second;
    hall.waiting[0].answer({ ...ME, coins: 1100 }); // late, and older
    await first;
    assert.equal(store.get().account.coins, 1300);

    const third = refreshAccount();
    await tick();
    store.set({ account: null }); // logged out while it was asked
    hall.waiting[2].answer({ ...ME, coins: 1500 });
    await third;
    assert.equal(store.get().account, null);

    const fourth = refreshAccount();
    await tick();
    store.set({ account: { ...ME, id: 8, nickname: 'bo' } }); // another account logged in
    hall.waiting[3].answer({ ...ME, coins: 1700 }); // (the last one's, asked before)
    await fourth;
    assert.equal(store.get().account.nickname, 'bo');
  } finally {
    hall.restore();
  }
});
