// A fair deal re-derived in node (fairness.js, issue 46): yuanzi-deal/1's known answer,
// the very one tests/engine/test_fairness.py pins for the engine (docs/fairness.md):
// the key, the stream's first words and the deal, so browser and engine agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const { DealStream, dealKey, fairDeal, readText } = await load('fairness.js');

const SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
const VALUES = ['00112233445566778899aabbccddeeff', '0123456789abcdef', 'f'.repeat(64), 'deadbeefdeadbeef'];
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

test('yuanzi-deal/1: the known key, words and deal', async () => {
  const key = await dealKey(SEED, 0, VALUES);
  assert.equal(hex(key), 'ed60c888f5af4f32ac0a1523f840d4f04136d325b38b5f52089574dcefda298b');
  const exact = new DealStream(key);
  assert.deepEqual([await exact.word(), await exact.word(), await exact.word()], [3071543263, 1209722402, 3306256129]);
  const deal = await fairDeal(SEED, 0, VALUES);
  assert.deepEqual([deal.blade_card, deal.blade_holder, deal.first_drawer], ['JS', 0, 3]);
  assert.equal(deal.hands[0].split(' ').slice(0, 8).join(' '), 'AH 8H 3C 8D 4H AD KC 2D');
  const second = await fairDeal(SEED, 1, VALUES, {}, 3);
  assert.deepEqual([second.blade_card, second.blade_holder], ['KH', 2]);
  assert.equal(second.hands[3].split(' ').slice(0, 8).join(' '), '4C 10C AD 3H 9S AS 8S KS');
});

test('a record too deep, with a number too long, or no JSON is refused with its reason', () => {
  assert.deepEqual(readText('{"a": [1, 2]}'), { a: [1, 2] });
  assert.throws(() => readText('['.repeat(40) + ']'.repeat(40)), /nests at most 32 deep/);
  assert.throws(() => readText(`[${'9'.repeat(80)}]`), /at most 64 characters/);
  assert.throws(() => readText('{"game":'), SyntaxError);
});
