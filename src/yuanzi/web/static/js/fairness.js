// A fair deal, checked in the browser (issues 28, 43 and 54, docs/fairness.md): the
// schemes yuanzi-deal/1, yuanzi-deal/2 and yuanzi-tourney/1 re-derived with Web Crypto, and
// a record's verdict reached by the very checks of engine/verify.py (with yuanzi.signing's
// signature) in the same order — its text, its shape, the hall's signature, its plays,
// its end, each half's fields — so that the replay viewer and `yuanzi verify` agree on
// every record (one shared table of tampered records pins both).

import { cardText, formatCards, SJ } from './cards.js';
import { ESCAPE, RecordError, cardsOf, firstDrawerOf, readRecord, replayRecord } from './record.js';
import { checkSignature } from './signing.js';

export const SCHEME = 'yuanzi-deal/1';
export const SCHEME_2 = 'yuanzi-deal/2';
export const TOURNEY = 'yuanzi-tourney/1';
const SCHEMES = [SCHEME, SCHEME_2, TOURNEY];
export const MOST_BYTES = 1000000;
export const DEEPEST = 32;
export const LONGEST_NUMBER = 64;
const MOST_ENTRANTS = 16;
const HEX64 = /^[0-9a-f]{64}$/;
const NUMBERISH = /[-+.0-9eE]/;
const CONTRIBUTION = /^[0-9a-f]{16,64}$/;
/** @typedef {Record<string, any>} Json  a record's object as read (checked field by field) */

/** @type {(buf: ArrayBuffer | Uint8Array) => string} */
const hexOf = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
/** @type {(hex: string) => Uint8Array<ArrayBuffer>} */
const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) || [], (x) => parseInt(x, 16));
/** @type {(o: object, k: string) => boolean} */
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
/** @type {(o: Json, k: string) => any} */
const get = (o, k) => (own(o, k) ? o[k] : undefined);
/** @type {(x: any) => x is Json} */
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
/** @type {(a: any, b: any) => boolean} */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** @param {Uint8Array<ArrayBuffer>} key
 * @param {Uint8Array<ArrayBuffer>} message */
async function hmac(key, message) {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message));
}
/** @type {(s: string) => Uint8Array<ArrayBuffer>} */
const text = (s) => new TextEncoder().encode(s);

/** The random stream of one half's deal: HMAC-SHA256 blocks read as 32-bit words. */
export class DealStream {
  /** @param {Uint8Array<ArrayBuffer>} key */
  constructor(key) {
    this.key = key;
    this.block = 0;
    /** @type {number[]} */
    this.words = [];
  }

  /** @returns {Promise<number>} */
  async word() {
    if (!this.words.length) {
      const counter = new ArrayBuffer(8);
      new DataView(counter).setBigUint64(0, BigInt(this.block++));
      const digest = await hmac(this.key, new Uint8Array(counter));
      const view = new DataView(digest.buffer);
      for (let i = 0; i < 8; i++) this.words.push(view.getUint32(i * 4));
    }
    return /** @type {number} */ (this.words.shift());
  }

  /** A word below ``n``, uniformly (words above the last whole multiple are drawn again).
   * @param {number} n */
  async below(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = await this.word();
      if (w < limit) return w % n;
    }
  }
}

/** A half's key: yuanzi-deal/1 binds the values; /2 and tourney/1 the game's two
 * commitments too.
 * @param {string} seedHex
 * @param {number} half
 * @param {string[]} contributions
 * @param {string[]} [commits] */
export async function dealKey(seedHex, half, contributions, scheme = SCHEME, commits = []) {
  const parts = scheme === SCHEME ? [SCHEME, String(half), ...contributions]
    : [scheme, String(half), ...commits, ...contributions];
  return hmac(bytesOf(seedHex), text(parts.join('|')));
}

/** yuanzi-deal/2: the hall's value for a seat, fixed by the committed seed.
 * @param {string} seedHex
 * @param {number} half
 * @param {number} seat */
export async function hallValue(seedHex, half, seat) {
  return hexOf(await hmac(bytesOf(seedHex), text(`${SCHEME_2}|hall|${half}|${seat}`)));
}

/** The deal of `half` from its seed and values (R4, R21, R22), cards as R2 text.
 * @param {string} seedHex
 * @param {number} half
 * @param {string[]} contributions
 * @param {Json} [rules]
 * @param {number | null} [firstDrawer]
 * @param {string[]} [commits] */
export async function fairDeal(seedHex, half, contributions, rules = {}, firstDrawer = null,
  scheme = SCHEME, commits = []) {
  const stream = new DealStream(await dealKey(seedHex, half, contributions, scheme, commits));
  /** @type {number[]} */
  const stack = [];
  for (let id = 0; id < 54; id++) stack.push(id, id, id);
  for (let i = stack.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [stack[i], stack[j]] = [stack[j], stack[i]];
  }
  let pos = await stream.below(stack.length);
  if (rules.joker_blade === 'redraw') while (stack[pos] >= SJ) pos = (pos + 1) % stack.length;
  const blade = stack[pos];
  const first = firstDrawer ?? firstDrawerOf(blade);
  /** @type {number[][]} */
  const hands = [[], [], [], []];
  stack.forEach((card, i) => hands[(first + i) % 4].push(card));
  return { blade_card: cardText(blade), blade_holder: (first + pos) % 4, first_drawer: first,
    hands: hands.map(formatCards) };
}

/** A record's text as JSON, or a clear reason it is none (too large, too deep, not JSON).
 * @param {string} raw
 * @returns {any} */
export function readText(raw) {
  const size = new TextEncoder().encode(raw).length;
  if (size > MOST_BYTES) throw new Error(`a record is at most ${MOST_BYTES} bytes; this is ${size}`);
  let depth = 0;
  let inString = false;
  let escaped = false;
  let number = 0; // the length of the number being read (outside strings)
  for (const ch of raw) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (NUMBERISH.test(ch)) {
      if (++number > LONGEST_NUMBER) throw new Error(`a number is written in at most ${LONGEST_NUMBER} characters`);
      continue;
    }
    number = 0;
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      if (++depth > DEEPEST) throw new Error(`a record nests at most ${DEEPEST} deep; this is deeper`);
    } else if (ch === ']' || ch === '}') depth--;
  }
  return JSON.parse(raw);
}

/** What is wrong with a half's fairness fields, or null.
 * @param {string} scheme
 * @param {Json} fair */
function malformed(scheme, fair) {
  const seed = get(fair, 'server_seed');
  const values = get(fair, 'contributions');
  if (typeof seed !== 'string' || !HEX64.test(seed)) return 'the server seed is not 64 lowercase hex digits';
  const commit = get(fair, 'commit');
  if (typeof commit !== 'string' || !HEX64.test(commit)) return 'the commitment is not 64 lowercase hex digits';
  if (!Array.isArray(values) || !values.every((/** @type {any} */ c) => typeof c === 'string' && CONTRIBUTION.test(c))
      || (scheme !== TOURNEY ? values.length !== 4 : values.length > MOST_ENTRANTS)) return 'contributions are not well formed';
  const by = get(fair, 'by');
  if (scheme !== TOURNEY && (!Array.isArray(by) || by.length !== 4 || !by.every((/** @type {any} */ b) => b === 'player' || b === 'hall'))) return 'by must be four of "player" and "hall"';
  const commits = get(fair, 'commits');
  if (scheme !== SCHEME && (!Array.isArray(commits) || commits.length !== 2
      || !commits.every((/** @type {any} */ c) => typeof c === 'string' && HEX64.test(c)))) return "commits must be the game's two commitments";
  const asked = get(fair, 'asked');
  if (scheme === SCHEME_2 && !(Array.isArray(asked)
      && asked.every((/** @type {any} */ s, /** @type {number} */ k) => Number.isInteger(s) && s >= 0 && s <= 3 && (k === 0 || s > asked[k - 1])))) {
    return 'asked must be the seats asked for a value, 0-3 in increasing order';
  }
  return null;
}

/** Why a half's values are not bound to its game (its commitment, the hall's values,
 * the other half's), or null.
 * @param {number} i
 * @param {string} scheme
 * @param {Json} fair
 * @param {Json[]} raw */
async function unbound(i, scheme, fair, raw) {
  if (scheme !== SCHEME) {
    if (fair.commits[i] !== fair.commit) return "the half's commitment is not the game's for this half";
    if (scheme === SCHEME_2) {
      for (let s = 0; s < 4; s++) {
        if (fair.by[s] === 'hall' && fair.contributions[s] !== await hallValue(fair.server_seed, i, s)) {
          return `seat ${s}'s value is not the one the hall's committed seed fixes`;
        }
        if (fair.by[s] === 'player' && !fair.asked.includes(s)) {
          return `seat ${s}'s value is called a player's, but the hall did not ask that seat for one when it committed`;
        }
      }
    }
  }
  if (i === 0) return null; // the first half is judged on its own; the second must agree with it
  const theirs = get(raw[0], 'fairness');
  if (!isObject(theirs)) return null;
  if (get(theirs, 'scheme') !== scheme) return 'the two halves name different schemes';
  const differ = "the two halves' values differ: they are not one game's";
  if (scheme === SCHEME && (!same(get(theirs, 'contributions'), fair.contributions) || !same(get(theirs, 'by'), fair.by))) return differ;
  if (scheme !== SCHEME && !same(get(theirs, 'commits'), fair.commits)) return "the two halves' commitments differ";
  if (scheme === TOURNEY && !same(get(theirs, 'contributions'), fair.contributions)) return differ;
  if (scheme === SCHEME_2) {
    if (!same(get(theirs, 'by'), fair.by) || !same(get(theirs, 'asked'), fair.asked)) return differ;
    const other = get(theirs, 'contributions');
    if (!Array.isArray(other) || other.length !== 4
        || fair.by.some((/** @type {string} */ b, /** @type {number} */ s) => b === 'player' && fair.contributions[s] !== other[s])) return differ;
  }
  return null;
}

/** One half's fairness: fair, unfair (and why), or none.
 * @param {number} i
 * @param {Json} h
 * @param {any} parsed
 * @param {Json} rules
 * @param {Json[]} raw
 * @returns {Promise<{ status: string, code: string | null, problem?: string | null, hallOnly?: boolean }>} */
async function checkHalf(i, h, parsed, rules, raw) {
  const fair = get(h, 'fairness');
  if (!isObject(fair)) return { status: 'none', code: 'none' };
  const scheme = get(fair, 'scheme');
  if (!SCHEMES.includes(scheme)) return { status: 'unfair', code: 'scheme' };
  if (malformed(scheme, fair) !== null) return { status: 'unfair', code: 'fields', problem: malformed(scheme, fair) };
  const commit = hexOf(await crypto.subtle.digest('SHA-256', bytesOf(fair.server_seed)));
  if (commit !== fair.commit) return { status: 'unfair', code: 'commit' };
  const loose = await unbound(i, scheme, fair, raw);
  if (loose !== null) return { status: 'unfair', code: 'bound', problem: loose };
  const deal = await fairDeal(fair.server_seed, i, fair.contributions, rules, i === 1 ? parsed.firstDrawer : null,
    scheme, get(fair, 'commits') || []);
  const held = deal.blade_card === cardText(parsed.blade) && deal.blade_holder === parsed.bladeHolder
    && deal.first_drawer === parsed.firstDrawer && deal.hands.every((hand, /** @type {number} */ s) => hand === formatCards(parsed.hands[s]));
  const hallOnly = !fair.contributions.length || (scheme !== TOURNEY && fair.by.every((/** @type {string} */ b) => b === 'hall'));
  if (!held) return { status: 'unfair', code: 'deal', hallOnly };
  // yuanzi-deal/1: the hall drew its values after it saw the players' — it could choose the
  // deal; the deal is the seed's and the values' all the same (issue 54)
  if (scheme === SCHEME) return { status: 'unfair', code: 'unbound', hallOnly };
  return { status: 'fair', code: null, hallOnly };
}

/** A record's verdict, as yuanzi.signing.verify_signed's Verdict.summary(): `verdict`
 * (fair, unfair, none), each half's status, the first problem's code (the shape's, the
 * signature's, the game's, then the halves'), where (half, action) a malformed or
 * rule-breaking record goes wrong; and `abandonedBy` (the seat whose escape ends it),
 * `signedBy` (the key whose signature holds), `seal` (`unsigned`, `signature` or null),
 * `game` (the game's own problem: `rules`, `incomplete` or null), each half's `codes`.
 * `key`: the hall's published key, when known — a signature by any other is refused.
 * @param {any} data
 * @param {string | null} [key] */
export async function verifyRecord(data, key = null) {
  let record;
  try {
    record = readRecord(data);
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
    return { verdict: 'unfair', halves: [], problem: 'malformed', where: [e.half, e.action], abandonedBy: null,
      signedBy: null, seal: null, game: 'malformed', codes: [], hallOnly: [] };
  }
  const raw = data.halves;
  /** @type {Array<{ status: string, code: string | null, problem?: string | null, hallOnly?: boolean }>} */
  const checks = [];
  for (const [i, h] of raw.entries()) checks.push(await checkHalf(i, h, record.halves[i], record.rules, raw));
  const halves = checks.map((c) => c.status);
  const seal = await checkSignature(data, key);
  /** @type {string | null} */
  let code = null;
  /** @type {Array<number | null> | null} */
  let where = null;
  /** @type {number | null} */
  let abandoned = null;
  /** @type {any} */
  let game = null;
  try {
    game = replayRecord(record);
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
    code = 'rules';
    where = [e.half, e.action];
  }
  if (game !== null && !game.over) {
    if (game.escapedBy === null) code = 'incomplete'; // cut short, whatever its fields say
    else abandoned = game.escapedBy;
  }
  const fair = code === null && seal.code === null && checks.length > 0 && halves.every((x) => x === 'fair');
  const verdict = fair ? 'fair' : code === null && seal.code === null && halves.every((x) => x === 'none') ? 'none' : 'unfair';
  const problem = seal.code ?? code ?? (checks.find((c) => c.status !== 'fair')?.code || null);
  return { verdict, halves, problem, where, abandonedBy: abandoned, signedBy: seal.key, seal: seal.code,
    game: code, codes: checks.map((c) => c.code), hallOnly: checks.map((c) => !!c.hallOnly) };
}

/** The replay viewer's check: the verdict, or null when this browser cannot check (no
 * Web Crypto outside a secure context). `key`: its hall's published key.
 * @param {any} record
 * @param {string | null} [key] */
export async function checkRecord(record, key = null) {
  if (!globalThis.crypto?.subtle) return null;
  return verifyRecord(record, key);
}

/** Whether a value this browser sent entered the record's deals (issue 43: a player who
 * gave one can see that the hall used it).
 * @param {any} record
 * @param {string} value */
export function usedValue(record, value) {
  return (record?.halves || []).some((/** @type {any} */ h) => Array.isArray(h?.fairness?.contributions)
    && h.fairness.contributions.includes(value));
}

/** How many plays a record holds over its halves (the escape that may end it is none).
 * @param {any} record */
export function playsOf(record) {
  return (record?.halves || []).reduce((/** @type {number} */ n, /** @type {any} */ h) => n + (Array.isArray(h?.actions)
    ? h.actions.filter((/** @type {any} */ a) => !(Array.isArray(a) && a[1] === ESCAPE)).length : 0), 0);
}

/** What this browser saw at the table that a record does not agree with (issue 54):
 * `scheme_differ` — the record's deal follows another scheme than the table's
 * `deal_commit` announced (a yuanzi-deal/1 record, whose hall values are not bound, put
 * in its place); `fewer_plays` — it holds fewer plays than were seen made (plays cut, an
 * escape claimed). `given`: what was remembered with this browser's value (`scheme`);
 * `seen`: the plays seen made at the table, or null.
 * @param {any} record
 * @param {Record<string, any> | null} given
 * @param {number | null} seen
 * @returns {string[]} */
export function tableWarnings(record, given, seen) {
  const out = [];
  const schemes = (record?.halves || []).map((/** @type {any} */ h) => h?.fairness?.scheme);
  if (given && typeof given.scheme === 'string' && schemes.some((/** @type {any} */ x) => x !== given.scheme)) out.push('scheme_differ');
  if (seen !== null && playsOf(record) < seen) out.push('fewer_plays');
  return out;
}

export { cardsOf };
