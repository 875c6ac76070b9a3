// What a tab shows in front, told to the hall (tabview.js, issue 47): only when it
// changes, again on a new connection, and nothing to a hall that does not take it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const { tableInView, tellView } = await load('tabview.js');
const { createStore } = await load('store.js');

const tick = () => new Promise((r) => setTimeout(r, 0));

function page() {
  const listeners = new Set();
  return {
    visibilityState: 'visible',
    addEventListener: (type, f) => listeners.add(f),
    removeEventListener: (type, f) => listeners.delete(f),
    flip(state) { this.visibilityState = state; for (const f of listeners) f(); },
  };
}

test('a table in view: its page, the tab visible', () => {
  assert.equal(tableInView({ name: 'table', id: '12' }, true), 12);
  assert.equal(tableInView({ name: 'table', id: 12 }, false), null);
  assert.equal(tableInView({ name: 'lobby', id: null }, true), null);
  assert.equal(tableInView({ name: 'table', id: null }, true), null);
  assert.equal(tableInView({ name: 'table', id: 'x' }, true), null);
});

test('told when it changes, again on a new connection, never to a hall without it', async () => {
  const sent = [];
  const socket = { request: async (type, fields) => { sent.push([type, fields.table]); return {}; } };
  const store = createStore({ features: [], conn: { status: 'online' }, route: { name: 'table', id: 7 } });
  const doc = page();
  const stop = tellView({ store, socket, doc });
  store.set({ route: { name: 'table', id: 7 } });
  await tick();
  assert.deepEqual(sent, []); // (the hall did not offer it)
  store.set({ features: ['view'] });
  await tick();
  assert.deepEqual(sent, [['view', 7]]);
  store.set({ toasts: [] }); // anything else: nothing said
  await tick();
  doc.flip('hidden');
  doc.flip('visible');
  store.set({ route: { name: 'lobby', id: null } });
  await tick();
  assert.deepEqual(sent.slice(1), [['view', null], ['view', 7], ['view', null]]);
  store.set({ conn: { status: 'offline' }, route: { name: 'table', id: 7 } });
  await tick();
  assert.equal(sent.length, 4); // no connection: nothing to tell
  store.set({ conn: { status: 'online' }, features: ['view'] }); // a new hello
  await tick();
  assert.deepEqual(sent.at(-1), ['view', 7]);
  stop();
  doc.flip('hidden');
  assert.equal(sent.length, 5);
});
