// A game record read and replayed (RECORD.md), as yuanzi.engine.record reads it: the
// same shape and type checks, the deal checks (R1, R5, R21, R22), every play (R13–R28)
// and the halves (R29, R30) — so that the browser's fair-deal check (fairness.js)
// answers every record as `yuanzi verify` does (issue 43). Errors name the half and the
// action, in the engine's order. A record that stops where a seat escaped (R35) ends with
// `[seat, "escape"]`, the last action of its last half and nowhere else (issue 54).

import { SJ } from './cards.js';
import { RuleError, beats, classify } from './rules.js';

/**
 * A record's rules (RECORD.md): the default's keys, each checked.
 * @typedef {{ joker_blade: string, second_half_score_blade_three: boolean,
 *   blade_bomb_only_atoms: boolean, jiefeng: string, downstream_to_upstream: boolean,
 *   second_half_needs_upstream: boolean, turn_seconds: number }} Rules
 */
/**
 * A half as read: the blade card, who holds it and who drew first, the hands (card ids),
 * the plays (a seat and its cards, null for a pass) and the seat that escaped after them.
 * @typedef {{ blade: number, bladeHolder: number, firstDrawer: number, hands: number[][],
 *   actions: Array<[number, number[] | null]>, escape: number | null }} ParsedHalf
 */
/** @typedef {{ rules: Rules, halves: ParsedHalf[] }} ParsedRecord */
/** @typedef {{ endedBy: string, upstream: number, points: number[] }} HalfEnd */

export const FORMAT = 'yuanzi-record/1';
export const ESCAPE = 'escape';
const NEXT_SEAT = [1, 2, 3, 0];
const FACE_VALUE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2];
const SCORE_RANKS = new Set([2, 7, 10]); // 5, 10, K (R3)
const DOUBLE_LINE = 60;
/** @type {Readonly<Rules>} */
const DEFAULT_RULES = Object.freeze({
  joker_blade: 'three', second_half_score_blade_three: true, blade_bomb_only_atoms: false,
  jiefeng: 'next', downstream_to_upstream: true, second_half_needs_upstream: false,
  turn_seconds: 30,
});
/** @type {Record<string, string[]>} */
const CHOICES = { joker_blade: ['three', 'redraw'], jiefeng: ['next', 'partner'] };
// Python's str.split() and str.strip() whitespace: the engine's notation reads with it.
const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACES = new RegExp(`[${SPACE}]+`);
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'g');
/** @type {string[]} */
const TEXT = [];
for (let i = 0; i < 52; i++) TEXT.push(['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'][i >> 2] + 'SHCD'[i & 3]);
TEXT.push('SJ', 'BJ');
const PARSE = new Map(TEXT.map((t, i) => [t, i]));
'SHCD'.split('').forEach((s, i) => PARSE.set('T' + s, 28 + i));

/** A malformed record, or one that breaks a rule: `half` and `action` say where. */
export class RecordError extends Error {
  /** @param {string} reason
   * @param {number | null} [half]
   * @param {number | null} [action] */
  constructor(reason, half = null, action = null) {
    super(reason);
    this.half = half;
    this.action = action;
  }
}

/** @type {(o: object, k: string) => boolean} */
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
/** @type {(x: any) => x is Record<string, any>} */
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
/** @type {(x: any) => x is number} */
const isInt = (x) => typeof x === 'number' && Number.isInteger(x);
const POINTS = TEXT.map((_, id) => (id >= SJ ? 0 : [0, 0, 5, 0, 0, 0, 0, 10, 0, 0, 10, 0, 0][id >> 2]));

/** R2's notation as the engine parses it (whitespace as Python's, any case, T for 10).
 * @param {any} text
 * @returns {number[]} */
export function cardsOf(text) {
  if (typeof text !== 'string') throw new Error(`cards must be a string, not ${typeof text}`);
  const tokens = text.split(SPACES).filter(Boolean);
  if (!tokens.length) throw new Error('empty card group');
  return tokens.map((tok) => {
    const id = PARSE.get(tok.toUpperCase());
    if (id === undefined) throw new Error(`bad card token ${JSON.stringify(tok)}`);
    return id;
  });
}

/** A record's rules, each option checked (the defaults for those it leaves out).
 * @param {any} data
 * @returns {Rules} */
function rulesOf(data) {
  if (data === undefined || data === null) return { ...DEFAULT_RULES };
  if (!isObject(data)) throw new RecordError('rules must be an object');
  for (const [key, value] of Object.entries(data)) {
    if (!own(DEFAULT_RULES, key)) throw new RecordError(`unknown rule option ${JSON.stringify(key)}`);
    if (own(CHOICES, key)) {
      if (!CHOICES[key].includes(value)) throw new RecordError(`${key} must be one of ${CHOICES[key].join(', ')}`);
    } else if (key === 'turn_seconds') {
      if (!isInt(value) || value < 5 || value > 600) throw new RecordError('turn_seconds must be a whole number from 5 to 600');
    } else if (typeof value !== 'boolean') {
      throw new RecordError(`${key} must be true or false`);
    }
  }
  return { ...DEFAULT_RULES, ...data };
}

/** @param {any} value
 * @param {string} what
 * @param {number} half
 * @param {number | null} [action]
 * @returns {number} */
function seat(value, what, half, action = null) {
  if (!isInt(value) || value < 0 || value > 3) throw new RecordError(`${what} must be a seat 0-3`, half, action);
  return value;
}

/** @param {number} i
 * @param {any} h
 * @param {boolean} last
 * @returns {ParsedHalf} */
function parseHalf(i, h, last) {
  if (!isObject(h)) throw new RecordError('a half must be an object', i);
  /** @type {number[]} */
  let blade;
  /** @type {number[][]} */
  let hands;
  try {
    blade = cardsOf(own(h, 'blade_card') ? h.blade_card : '');
    if (blade.length !== 1) throw new RecordError('blade_card must be one card', i);
    const handsData = own(h, 'hands') ? h.hands : undefined;
    if (!Array.isArray(handsData) || handsData.length !== 4) throw new RecordError('hands must be a list of four hands', i);
    hands = handsData.map((x) => (x === '' ? [] : cardsOf(x)));
  } catch (e) {
    if (e instanceof RecordError) throw e;
    throw new RecordError(/** @type {Error} */ (e).message, i);
  }
  const raw = own(h, 'actions') ? h.actions : [];
  if (!Array.isArray(raw)) throw new RecordError('actions must be a list', i);
  /** @type {Array<[number, number[] | null]>} */
  const actions = [];
  /** @type {number | null} */
  let escape = null;
  raw.forEach((/** @type {any} */ a, /** @type {number} */ k) => {
    if (!Array.isArray(a) || a.length !== 2 || typeof a[1] !== 'string') throw new RecordError('an action must be [seat, cards or "pass"]', i, k);
    const who = seat(a[0], 'the acting seat', i, k);
    if (a[1] === ESCAPE) {
      if (!last || k !== raw.length - 1) throw new RecordError("an escape is the last action of the record's last half (R35)", i, k);
      escape = who;
      return;
    }
    if (a[1].replace(EDGES, '').toLowerCase() === 'pass') {
      actions.push([who, null]);
      return;
    }
    try {
      actions.push([who, cardsOf(a[1])]);
    } catch (e) {
      throw new RecordError(/** @type {Error} */ (e).message, i, k);
    }
  });
  return { blade: blade[0], bladeHolder: seat(own(h, 'blade_holder') ? h.blade_holder : undefined, 'blade_holder', i),
    firstDrawer: seat(own(h, 'first_drawer') ? h.first_drawer : undefined, 'first_drawer', i), hands, actions, escape };
}

/** A record's JSON parsed (Record.from_json): its rules and halves, or a RecordError.
 * @param {any} data
 * @returns {ParsedRecord} */
export function readRecord(data) {
  if (!isObject(data)) throw new RecordError('a record must be a JSON object');
  const format = own(data, 'format') ? data.format : FORMAT;
  if (format !== FORMAT) throw new RecordError(`unknown format ${JSON.stringify(format)}`);
  const rules = rulesOf(own(data, 'rules') ? data.rules : undefined);
  const halves = own(data, 'halves') ? data.halves : undefined;
  if (!Array.isArray(halves) || halves.length < 1 || halves.length > 2) throw new RecordError('halves must be a list of one or two halves');
  return { rules, halves: halves.map((/** @type {any} */ h, /** @type {number} */ i) => parseHalf(i, h, i === halves.length - 1)) };
}

/** @type {(blade: number) => number} */
export const firstDrawerOf = (blade) => (blade >= SJ ? 3 : FACE_VALUE[blade >> 2]) % 4;
/** @type {(first: number) => number[]} */
const handSizes = (first) => [0, 1, 2, 3].map((s) => (s === first || s === NEXT_SEAT[first] ? 41 : 40));

/** @param {number} card
 * @param {boolean} second
 * @param {Rules} rules */
function bladeRankOf(card, second, rules) {
  if (card >= SJ) return 0;
  const rank = card >> 2;
  return second && rules.second_half_score_blade_three && SCORE_RANKS.has(rank) ? 0 : rank;
}

/** @param {ParsedRecord} record
 * @param {number} i */
function checkDeal(record, i) {
  const h = record.halves[i];
  const counts = new Array(54).fill(0);
  let total = 0;
  for (const hand of h.hands) for (const c of hand) { counts[c]++; total++; }
  if (total !== 162 || counts.some((n) => n !== 3)) throw new RecordError('the four hands are not the 162 cards of three packs (R1)', i);
  const sizes = handSizes(h.firstDrawer);
  h.hands.forEach((hand, s) => {
    if (hand.length !== sizes[s]) throw new RecordError(`seat ${s} holds ${hand.length} cards; R22 gives it ${sizes[s]}`, i);
  });
  if (!h.hands[h.bladeHolder].includes(h.blade)) throw new RecordError(`blade_holder ${h.bladeHolder} does not hold the blade card`, i);
  if (record.rules.joker_blade === 'redraw' && h.blade >= SJ) throw new RecordError('under joker_blade: redraw the blade card cannot be a joker (R5)', i);
  if (i === 0 && h.firstDrawer !== firstDrawerOf(h.blade)) throw new RecordError(`first_drawer must be ${firstDrawerOf(h.blade)} (R21)`, i);
}

/** One half played (engine/half.py): its hands as card counts, the trick, who is out. */
class Half {
  /** @param {ParsedHalf} deal
   * @param {number} blade
   * @param {Rules} rules
   * @param {number} leader */
  constructor(deal, blade, rules, leader) {
    this.rules = rules;
    this.blade = blade;
    /** @type {number[][]} */
    this.counts = deal.hands.map((hand) => { const n = new Array(54).fill(0); hand.forEach((c) => n[c]++); return n; });
    this.sizes = deal.hands.map((hand) => hand.length);
    /** @type {number | null} */
    this.toMove = leader;
    /** @type {import('./rules.js').Move | null} */
    this.top = null;
    this.topSeat = -1;
    this.need = 0;
    this.passes = 0;
    this.trickPoints = 0;
    this.won = [0, 0, 0, 0];
    /** @type {number[]} */
    this.out = [];
    /** @type {HalfEnd | null} */
    this.result = null;
  }

  /** @param {number} s */
  nextHolding(s) {
    let n = NEXT_SEAT[s];
    while (this.sizes[n] === 0) n = NEXT_SEAT[n];
    return n;
  }

  /** @param {number[] | null} cards */
  apply(cards) {
    const s = /** @type {number} */ (this.toMove);
    if (cards === null) {
      if (this.top === null) throw new Error('the leader must play, not pass (R24)');
      this.passes++;
      if (this.passes < this.need) { this.toMove = this.nextHolding(s); return; }
      const winner = this.topSeat; // everyone else holding cards passed: the trick ends (R25)
      this.won[winner] += this.trickPoints;
      this.trickPoints = 0;
      this.top = null;
      this.passes = 0;
      if (this.sizes[winner]) this.toMove = winner;
      else if (this.rules.jiefeng === 'partner' && this.sizes[winner ^ 2]) this.toMove = winner ^ 2; // 接风 (R26)
      else this.toMove = this.nextHolding(winner);
      return;
    }
    const need = new Map();
    for (const c of cards) need.set(c, (need.get(c) || 0) + 1);
    for (const [c, k] of need) if (this.counts[s][c] < k) throw new Error('the selection has cards the hand does not hold');
    let move;
    try {
      move = classify(cards, this.blade);
    } catch (e) {
      if (e instanceof RuleError) throw new Error(e.message, { cause: e });
      throw e;
    }
    if (this.top !== null && !beats(move, this.top, this.rules.blade_bomb_only_atoms)) throw new Error('the play does not beat the top (R15–R18)');
    for (const c of cards) { this.counts[s][c]--; this.trickPoints += POINTS[c]; }
    this.sizes[s] -= cards.length;
    this.top = move;
    this.topSeat = s;
    this.passes = 0;
    if (this.sizes[s] === 0) {
      this.out.push(s);
      if (this.out.length === 2 && (this.out[0] & 1) === (this.out[1] & 1)) return this.finish('team_out'); // R28(a)
      if (this.out.length === 3) return this.finish('three_out'); // R28(b)
    }
    this.need = [0, 1, 2, 3].filter((x) => x !== s && this.sizes[x]).length;
    this.toMove = this.nextHolding(s);
  }

  /** The half's end (R28) and its points (R29).
   * @param {string} endedBy */
  finish(endedBy) {
    this.toMove = null;
    this.won[this.topSeat] += this.trickPoints;
    this.trickPoints = 0;
    const points = [this.won[0] + this.won[2], this.won[1] + this.won[3]];
    this.counts.forEach((n, s) => {
      if (this.sizes[s]) points[1 - (s & 1)] += n.reduce((sum, k, c) => sum + k * POINTS[c], 0);
    });
    const upstream = this.out[0];
    if (endedBy === 'three_out') {
      const down = /** @type {number} */ ([0, 1, 2, 3].find((x) => this.sizes[x]));
      if (this.rules.downstream_to_upstream && (down & 1) !== (upstream & 1)) {
        points[down & 1] -= this.won[down];
        points[upstream & 1] += this.won[down];
      }
    }
    this.result = { endedBy, upstream, points };
  }
}

/** Replay a parsed record (engine/record.py's replay): `{over, halves, escapedBy}`, or a
 * RecordError naming the half and the action of the first broken rule.
 * @param {ParsedRecord} record */
export function replayRecord(record) {
  checkDeal(record, 0);
  const { rules } = record;
  const first = record.halves[0];
  const halves = [new Half(first, bladeRankOf(first.blade, false, rules), rules, first.bladeHolder)];
  let over = false;
  let awaiting = false;
  const ended = () => {
    const r = /** @type {HalfEnd} */ (halves[0].result);
    if (halves.length === 1) {
      if (r.endedBy === 'team_out' || r.points.some((p) => p < DOUBLE_LINE)) over = true; // R30
      else awaiting = true;
    } else {
      over = true;
    }
  };
  record.halves.forEach((h, i) => {
    if (i === 1) {
      if (!awaiting) {
        throw new RecordError(halves[0].result === null ? 'a second half is recorded but the first is not finished'
          : 'a second half is recorded but R30 ends the game', 1);
      }
      checkDeal(record, 1);
      const up = /** @type {HalfEnd} */ (halves[0].result).upstream;
      if (h.firstDrawer !== up) throw new RecordError(`first_drawer must be the first-half 上游, seat ${up} (R21)`, 1);
      halves.push(new Half(h, bladeRankOf(h.blade, true, rules), rules, up));
      awaiting = false;
    }
    const half = halves[i];
    h.actions.forEach(([who, cards], k) => {
      if (half.result !== null) throw new RecordError('half already ended', i, k);
      if (who !== half.toMove) throw new RecordError(`seat ${who} acted but seat ${half.toMove} is to move`, i, k);
      try {
        half.apply(cards);
      } catch (e) {
        throw new RecordError(/** @type {Error} */ (e).message, i, k);
      }
      if (half.result !== null) ended();
    });
    if (h.escape !== null && over) throw new RecordError('an escape after the game is over (R35)', i, h.actions.length);
  });
  const last = record.halves[record.halves.length - 1];
  return { over, halves: halves.map((x) => x.result), escapedBy: last.escape };
}
