// The game's, the people's, the economy's and the tournaments' reducers (issue 46).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { ME, state, table } from './state.js';

const { reduceFrame } = await load('state/frames.js');
const { accountAfter } = await load('state/game.js');
const { CHAT_KEPT } = await load('state/social.js');

test("the game's end sets my ladder from my seat's result; only moved coins are asked for", () => {
  const s = state({ tables: { 2: table(2) }, myTable: 2, accountBefore: ME, inventory: null,
    game: { tableId: 2, gameId: 11, seat: 0, toMove: 0, deadline: 5 } });
  const seats = [{ seat: 0, account_id: ME.id, score_delta: 4, coins_delta: -50, score: 24, level: 1,
    title: '炮灰', title_en: 'Cannon Fodder', items: ['gem'] }, { seat: 1, name: '阿福' }];
  const r = reduceFrame(s, { type: 'game_over', table: 2, game_id: 11, status: 'finished', result: null, seats });
  assert.equal(r.patch.account.score, 24);
  assert.equal(r.patch.account.coins, 1000); // (a balance is asked for, never added to)
  assert.deepEqual(r.patch.over.changes, { score: 4, coins: -50 });
  assert.equal(r.patch.game.toMove, null);
  assert.deepEqual(r.effects, [{ type: 'loadInventory' }, { type: 'refreshAccount' }]);
  const again = reduceFrame({ ...s, ...r.patch }, { type: 'game_over', table: 2, game_id: 11,
    status: 'finished', result: null, seats }); // told again: the same account
  assert.equal(again.patch.account.score, 24);
  const noCoins = reduceFrame(s, { type: 'game_over', table: 2, game_id: 11, status: 'finished', result: null,
    seats: [{ ...seats[0], coins_delta: 0, items: [] }] });
  assert.deepEqual(noCoins.effects, []); // a game without a bet asks for nothing
  assert.equal(accountAfter(ME, undefined), ME);
});

test('a game over without seats asks what changed; a spectator changes nothing of his', () => {
  const s = state({ accountBefore: ME, game: null });
  const r = reduceFrame(s, { type: 'game_over', table: 2, game_id: 3, status: 'abandoned', result: null, seats: [] });
  assert.deepEqual(r.effects, [{ type: 'overChanges', gameId: 3, before: ME }]);
  const watcher = reduceFrame(state(), { type: 'game_over', table: 2, game_id: 3, status: 'finished', result: null,
    seats: [{ seat: 0, account_id: 99, coins_delta: 10 }] });
  assert.equal(watcher.patch.account, undefined);
  assert.deepEqual(watcher.effects, []);
});

test('a missed play asks for the whole view again', () => {
  const s = state({ game: { tableId: 2, gameId: 1, version: 4, seat: 0 } });
  const r = reduceFrame(s, { type: 'played', table: 2, game_id: 1, version: 9, seat: 1, cards: 'pass' });
  assert.deepEqual(r.effects, [{ type: 'resync', table: 2 }]);
});

test('chat keeps the last messages, muted authors none', () => {
  let s = state({ chat: {} });
  for (let i = 0; i < CHAT_KEPT + 5; i += 1) {
    s = { ...s, ...reduceFrame(s, { type: 'chat', table: 1, id: i, author: 3, body: 'hi' }).patch };
  }
  assert.equal(s.chat[1].length, CHAT_KEPT);
  assert.equal(s.chat[1][0].id, 5);
  const muted = reduceFrame({ ...s, mutes: [4] }, { type: 'chat', table: 1, id: 99, author: 4 });
  assert.deepEqual(muted.patch, {});
});

test("a fired timer is one message; its owner's inventory and the payees' coins refresh", () => {
  const s = state({ game: { tableId: 2, gameId: 1, seat: 0, deadline: 1 } });
  const r = reduceFrame(s, { type: 'timer', table: 2, game_id: 1, seat: 0, seconds: 10, fee: 270, each: 90,
    paid: [1, 3], unpaid_bots: [], deadline: null, now: 0 });
  assert.equal(r.patch.game.deadline, null); // (the clock: the game's reducer)
  assert.deepEqual(r.effects.map((e) => e.type), ['toast', 'loadInventory', 'refreshAccount']);
  assert.deepEqual(r.effects[0].parts, [{ key: 'timer.mine_paid', params: { s: 10, fee: 270, each: 90 },
    names: { owner: 0, names: [1, 3] } }]);
});

test("a tournament's round puts me at my table; its end leads to its page", () => {
  const s = state({ tables: {}, myTable: null });
  const began = reduceFrame(s, { type: 'tournament', tournament: 5, round: 0, table: 12, status: 'running' });
  assert.equal(began.patch.myTable, 12);
  assert.deepEqual(began.effects.slice(1), [{ type: 'navigate', name: 'table', id: 12 },
    { type: 'request', msg: 'spectate', fields: { table: 12 }, quiet: true }]);
  const over = reduceFrame(s, { type: 'tournament', tournament: 5, round: 2, table: null, status: 'finished' },
    { name: 'lobby', id: null });
  assert.deepEqual(over.effects.map((e) => e.type), ['dismissRemembered', 'navigate', 'toast', 'refreshAccount']);
  assert.equal(over.patch.tournamentNews.n, 1);
  // the first round is over: its standings were applied as the next began — read again
  const next = reduceFrame(s, { type: 'tournament', tournament: 5, round: 1, table: 14, status: 'running' });
  assert.deepEqual(next.effects.map((e) => e.type), ['toast', 'navigate', 'request', 'refreshAccount']);
  assert.ok(!began.effects.some((e) => e.type === 'refreshAccount')); // (nothing settled before round 1)
  const reveal = reduceFrame(s, { type: 'tournament_reveal', tournament: 5, commitment: 'ab' });
  assert.deepEqual(reveal.effects, [{ type: 'reveal', tournament: 5, commitment: 'ab' }]);
});
