// The screens' reads in the store (issue 46): state/reads.js and actions/reads.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { state } from './state.js';
import { fakeHall } from './hall.js';

const { readKey, readRefused, readSeen } = await load('state/reads.js');
const { readActions } = await load('actions/reads.js');
const { createStore } = await load('store.js');

test('a read kept under its key; a late older answer never wins; a refusal keeps the data', () => {
  assert.equal(readKey('history', 7, null), 'history/7');
  assert.equal(readKey('leaderboard', 'skill'), 'leaderboard/skill');
  const s = { ...state(), ...readSeen(state(), 'friends', { friends: [1] }, 3) };
  assert.deepEqual(readSeen(s, 'friends', { friends: [] }, 2), {});
  const refused = readRefused(s, 'friends', 'offline', 4).reads.friends;
  assert.deepEqual([refused.data, refused.error], [{ friends: [1] }, 'offline']);
  assert.equal(readRefused(s, 'friends', 'new_code', 5, 'the hall says why').reads.friends.message,
    'the hall says why');
});

test('read: the answer into the store, a refusal thrown and kept, an unknown read refused', async () => {
  const store = createStore(state());
  const { read } = readActions({ store });
  const h = fakeHall({
    'GET /api/leaderboard?by=skill': [200, { by: 'skill', rows: [{ id: 1 }] }],
    'GET /api/accounts/9': [404, { error: { code: 'no_such_account', message: 'no' } }],
  });
  try {
    assert.deepEqual((await read('leaderboard', 'skill')).rows, [{ id: 1 }]);
    assert.equal(store.get().reads['leaderboard/skill'].data.by, 'skill');
    await assert.rejects(read('profile', 9), (e) => e.code === 'no_such_account');
    assert.equal(store.get().reads['profile/9'].error, 'no_such_account');
    // the hall's words kept too: said for a code this client has no words of its own for
    assert.equal(store.get().reads['profile/9'].message, 'no');
    await assert.rejects(read('cards'), /nothing is read as cards/);
  } finally {
    h.restore();
  }
});

test('askReview: asked, then done when the hall says so; a refusal said and kept as failed', async () => {
  const store = createStore(state());
  const said = [];
  const { askReview } = readActions({ store, toast: (text) => said.push(text), errorTextOf: (e) => `no: ${e.code}` });
  const h = fakeHall({
    'POST /api/games/5/review': [200, { status: 'queued' }],
    'POST /api/games/6/review': [200, { status: 'done' }],
    'POST /api/games/7/review': [403, { error: { code: 'forbidden', message: 'not yours' } }],
  });
  try {
    assert.deepEqual(await askReview(5), { status: 'queued' });
    assert.deepEqual(store.get().reviews[5], { status: 'queued', done: 0, total: 0 });
    await askReview(6);
    assert.equal(store.get().reviews[6].status, 'done');
    assert.equal(await askReview(7), null);
    assert.equal(store.get().reviews[7].status, 'failed');
    assert.deepEqual(said, ['no: forbidden']);
    assert.equal(store.get().reviews[5].status, 'queued'); // (each game its own)
  } finally {
    h.restore();
  }
});

test("signed out: nothing read for the last account stays — the page's own things do", async () => {
  const { signedOut } = await load('store.js');
  const before = state({
    reads: { myReplays: { data: { replays: [{ id: 'r1' }] }, error: null, n: 1 }, 'review/5': { data: {}, n: 2 } },
    reviews: { 5: { status: 'done', done: 0, total: 0 } }, clubPages: { 3: { page: {}, n: 1 } },
    tournamentPages: { 4: { tour: {}, n: 1 } }, inventory: { size: 9, free: 9, slots: [], armed: [] },
    tourLastGame: { tournament: 4, round: 0, over: {}, table: {} }, myTable: 2, tables: { 2: {} },
    conn: { status: 'online', attempt: 0, retryAt: 0 }, features: ['hint'], bots: ['heuristic'],
    lobbyFilter: { free: true, bet: null, near: false }, toasts: [{ id: 1, text: 'hi', kind: 'info' }],
  });
  const after = signedOut(before);
  for (const key of ['reads', 'reviews', 'clubPages', 'tournamentPages', 'tables']) assert.deepEqual(after[key], {}, key);
  for (const key of ['account', 'inventory', 'tourLastGame', 'myTable']) assert.equal(after[key], null, key);
  for (const key of ['conn', 'route', 'features', 'bots', 'lobbyFilter', 'toasts']) assert.equal(after[key], before[key], key);
});
