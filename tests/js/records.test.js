// A record as the hall gives it out (issue 54), in node: its escape the last action of
// its last half and nowhere else; the hall's signature over its canonical form (the very
// bytes yuanzi.signing writes, pinned by the shared table of tampered records too); and
// what the replay holds a record to of what this browser saw at the table — the scheme
// the deal_commit announced, the plays seen made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const { readRecord, RecordError } = await load('record.js');
const { canonicalText, checkSignature } = await load('signing.js');
const { playsOf, tableWarnings } = await load('fairness.js');
const { sawPlays, playsSeen } = await load('myvalues.js');

const half = (actions) => ({ blade_card: '3S', blade_holder: 0, first_drawer: 0, hands: ['', '', '', ''], actions });

test('an escape is read only as the last action of the last half', () => {
  const escaped = readRecord({ halves: [half([[0, '3S'], [2, 'escape']])] });
  assert.equal(escaped.halves[0].escape, 2);
  assert.equal(escaped.halves[0].actions.length, 1); // (no play)
  assert.throws(() => readRecord({ halves: [half([[2, 'escape'], [0, '3S']])] }),
    (e) => e instanceof RecordError && e.half === 0 && e.action === 0);
  assert.throws(() => readRecord({ halves: [half([[2, 'escape']]), half([])] }),
    (e) => e instanceof RecordError && e.half === 0 && e.action === 0);
  assert.throws(() => readRecord({ halves: [half([[true, 'escape']])] }), RecordError);
});

test('the canonical form: keys by code point, no whitespace, integers only', () => {
  assert.equal(canonicalText({ b: [1, 'x'], a: null, é: true, e: -0, '😀': 2, '\uffff': 3 }),
    '{"a":null,"b":[1,"x"],"e":0,"é":true,"\uffff":3,"😀":2}');
  assert.equal(canonicalText({ t: '"\\\n\u0001' }), '{"t":"\\"\\\\\\n\\u0001"}');
  assert.throws(() => canonicalText({ x: 1.5 }), /not an integer/);
  assert.throws(() => canonicalText({ x: 2 ** 53 }), /2\^53/);
  assert.throws(() => canonicalText({ x: '\ud800' }), /surrogate/);
});

test('an unsigned record, or one whose signature is not the hall\'s shape, is named', async () => {
  assert.equal((await checkSignature({ halves: [] })).code, 'unsigned');
  assert.equal((await checkSignature({ halves: [], signature: { alg: 'Ed25519' } })).code, 'signature');
  assert.equal((await checkSignature({ halves: [], signature: { alg: 'ES256', key: 'a'.repeat(43), sig: 'a'.repeat(86) } })).code,
    'signature');
});

test('a record of another scheme than the table announced, or fewer plays than seen, is called out', () => {
  const record = { halves: [{ ...half([[0, '3S'], [1, 'pass'], [3, 'escape']]), fairness: { scheme: 'yuanzi-deal/1' } }] };
  assert.equal(playsOf(record), 2);
  assert.deepEqual(tableWarnings(record, { scheme: 'yuanzi-deal/2' }, 2), ['scheme_differ']);
  assert.deepEqual(tableWarnings(record, { scheme: 'yuanzi-deal/1' }, 22), ['fewer_plays']);
  assert.deepEqual(tableWarnings(record, null, null), []);
  assert.deepEqual(tableWarnings(record, {}, 2), []); // (a value remembered before the scheme was)
});

test('the plays seen at a table are remembered by game, the most seen', () => {
  assert.equal(playsSeen(41), null);
  sawPlays(41, 3);
  sawPlays(41, 12);
  sawPlays(41, 0); // (a game frame of the start, seen after: the count stays)
  sawPlays(42, 1);
  assert.equal(playsSeen(41), 12);
  assert.equal(playsSeen(42), 1);
});
