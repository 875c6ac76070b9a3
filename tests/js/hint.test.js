// The client's local hint (hint.js) in node (issue 46): the same advice as the hall's
// for a few positions of R16 and R24 (the whole tables run against the engine in
// tests/browser/test_rules_js.py and test_hint.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const cards = await load('cards.js');
const rules = await load('rules.js');
const { localHint } = await load('hint.js');
const BLADE = cards.rankIndex('7');

function advise(hand, top = null, partner = false) {
  const got = localHint({ hand: cards.parseCards(hand), top: top ? rules.classify(cards.parseCards(top), BLADE) : null,
    blade: BLADE, partnerWinning: partner });
  return { cards: got.cards ? cards.formatCards(got.cards) : null, reason: got.reason,
    beats: got.beats.map((g) => cards.formatCards(g)) };
}

test('the partner winning: pass, and the bomb that would beat it is listed', () => {
  const got = advise('KS KH KC KD 5S 6H 8C 9D 10S JH QH AS', '3S 3H 3C 3D', true);
  assert.equal(got.cards, null);
  assert.equal(got.reason, 'partner_winning');
  assert.deepEqual(got.beats, ['KS KH KC KD']);
});

test('an opponent\'s single: the smallest single that beats it', () => {
  const got = advise('4S 9H JD', '8C');
  assert.equal(got.reason, 'beat');
  assert.equal(got.cards, '9H');
  assert.ok(got.beats.includes('JD'));
});

test('nothing beats it: pass; leading: the lowest loose cards, never an empty hand', () => {
  assert.equal(advise('4S 5H', 'AS').reason, 'cannot_beat');
  const lead = advise('5S 5H 9C QD');
  assert.equal(lead.reason, 'lead');
  assert.equal(lead.cards, '5S 5H');
  assert.deepEqual(localHint({ hand: [], top: null, blade: BLADE }), { cards: null, reason: 'lead', beats: [] });
});
