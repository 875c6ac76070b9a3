// The tables' reducer (state/tables.js, issue 46): the store's change and the effects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { ME, state, table } from './state.js';

const { reduceTables, tablePatch, lastGameClosed } = await load('state/tables.js');
const { reduceFrame } = await load('state/frames.js');

test('welcome: the account and my table; seated, to the table; at the lobby, subscribe', () => {
  const seated = reduceTables(state(), { type: 'welcome', account: ME, table: 4 });
  assert.deepEqual(seated.patch, { account: ME, myTable: 4 });
  assert.deepEqual(seated.effects, [{ type: 'navigate', name: 'table', id: 4 }]);
  const free = reduceTables(state(), { type: 'welcome', account: ME, table: null });
  assert.deepEqual(free.effects, [{ type: 'subscribeLobby' }]);
  const watching = reduceTables(state({ route: { name: 'table', id: 5 } }), { type: 'welcome', account: ME, table: null });
  assert.deepEqual(watching.effects, [{ type: 'request', msg: 'spectate', fields: { table: 5 }, quiet: true }]);
});

test('a table row where I sit makes it my table; a closed one is forgotten', () => {
  const s = state({ tables: { 2: table(2) }, myTable: null, watching: 2 });
  assert.deepEqual(tablePatch(s, [table(3)], [2]), { tables: { 3: table(3) }, myTable: 3, watching: null });
  const lobby = reduceTables(s, { type: 'lobby', tables: [table(8)], total: 40 });
  assert.deepEqual(Object.keys(lobby.patch.tables), ['2', '8']); // (the one I watch stays)
  assert.equal(lobby.patch.lobbyTotal, 40);
});

test('the table I look at closes: a word, and the lobby', () => {
  const s = state({ tables: { 2: table(2) }, route: { name: 'table', id: 2 } });
  const r = reduceTables(s, { type: 'table_closed', table: 2 });
  assert.deepEqual(r.patch.tables, {});
  assert.deepEqual(r.effects, [{ type: 'toast', key: 'table.closed', kind: 'info' }, { type: 'navigate', name: 'lobby' }]);
});

test("a tournament's table closing under its last game keeps the game's end for its page", () => {
  const over = { table: 2, game_id: 11, dismissed: false, result: null };
  const s = state({ tables: { 2: table(2, { tournament: { id: 5, round: 1, games: 2 } }) }, myTable: 2,
    route: { name: 'table', id: 2 }, over });
  const r = reduceFrame(s, { type: 'left_table', table: 2, reason: 'closed' });
  assert.equal(r.patch.myTable, null);
  assert.equal(r.patch.over, null);
  assert.deepEqual(r.patch.tourLastGame, { tournament: 5, round: 1, over, table: s.tables[2] });
  assert.deepEqual(r.effects.map((e) => e.type), ['toast', 'navigate']);
  assert.deepEqual(r.effects[1], { type: 'navigate', name: 'tournament', id: 5 });
  const dismissed = reduceFrame({ ...s, over: { ...over, dismissed: true } }, { type: 'left_table', table: 2, reason: 'closed' });
  assert.equal(dismissed.patch.tourLastGame, undefined);
  // its dialog closed: forgotten — but not a later game's end kept meanwhile
  const kept = { ...s, ...r.patch };
  assert.deepEqual(lastGameClosed(kept, 11), { tourLastGame: null });
  assert.deepEqual(lastGameClosed(kept, 10), {});
  assert.deepEqual(lastGameClosed(state(), 11), {});
});

test('a spectator sent away is told why; a frame of no family is left alone', () => {
  const s = state({ tables: { 2: table(2) }, watching: 2, route: { name: 'table', id: 2 } });
  const r = reduceTables(s, { type: 'left_table', table: 2, reason: 'removed' });
  assert.deepEqual(r.effects, [{ type: 'toast', key: 'left.removed', kind: 'error', ms: 8000 },
    { type: 'navigate', name: 'lobby' }]);
  assert.equal(reduceTables(s, { type: 'chat' }), null);
  assert.deepEqual(reduceFrame(s, { type: 'no_such_frame' }), { patch: {}, effects: [], handled: false });
});
