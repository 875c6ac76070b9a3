// The client's rules port in node (issue 46): what it says of a few plays (R10–R18). The
// whole tables of cases against the engine run in tests/browser/test_rules_js.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const { parseCards } = await load('cards.js');
const rules = await load('rules.js');
const BLADE = 5; // (a rank index: the blade is 7)

test('a pair and a triple are classified, and a triple does not beat a pair', () => {
  const pair = rules.classify(parseCards('9S 9H'), BLADE);
  const triple = rules.classify(parseCards('JS JH JC'), BLADE);
  assert.equal(pair.size, 2);
  assert.equal(triple.size, 3);
  assert.equal(rules.beats(triple, pair), false);
});

test('a mixed set that is no play is refused with a rule error', () => {
  assert.throws(() => rules.classify(parseCards('9S 10H'), BLADE), rules.RuleError);
});
