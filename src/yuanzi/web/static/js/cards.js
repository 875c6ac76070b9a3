// Cards and their text notation (RULES.md R1–R3), mirroring yuanzi.engine.cards.
// A card is an int id: rank * 4 + suit for natural cards, 52 small joker, 53 big joker.

export const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'];
export const SUITS = ['S', 'H', 'C', 'D'];
export const SUIT_SYMBOLS = ['♠', '♥', '♣', '♦'];
export const SJ = 52;
export const BJ = 53;

/** @type {string[]} */
const TEXT = [];
for (let i = 0; i < 52; i++) TEXT.push(RANKS[i >> 2] + SUITS[i & 3]);
TEXT.push('SJ', 'BJ');

const PARSE = new Map(TEXT.map((t, i) => [t, i]));
SUITS.forEach((s, i) => PARSE.set('T' + s, 7 * 4 + i));

export class CardError extends Error {}

/** The natural rank index of '3'…'2' (also 'T' for 10), or -1.
 * @param {string | number} text
 * @returns {number} */
export function rankIndex(text) {
  const t = String(text).trim().toUpperCase();
  if (t === 'T') return 7;
  return RANKS.indexOf(t);
}

/** One card's id from its token ('10H', 'TH', 'SJ').
 * @param {string} token
 * @returns {number} */
export function parseCard(token) {
  const id = PARSE.get(String(token).trim().toUpperCase());
  if (id === undefined) throw new CardError(`bad card token ${JSON.stringify(token)}`);
  return id;
}

/** A space-separated group (R2) as ids; an empty group is an error.
 * @param {string} text
 * @returns {number[]} */
export function parseCards(text) {
  const tokens = String(text).split(/\s+/).filter(Boolean);
  if (!tokens.length) throw new CardError('empty card group');
  return tokens.map(parseCard);
}

/** @type {(id: number) => string} */
export const cardText = (id) => TEXT[id];
/** @type {(ids: number[]) => string} */
export const formatCards = (ids) => ids.map((c) => TEXT[c]).join(' ');
/** @type {(id: number) => boolean} */
export const isJoker = (id) => id >= SJ;
/** @type {(id: number) => number | null} */
export const rankOf = (id) => (id >= SJ ? null : id >> 2);
/** @type {(id: number) => number | null} */
export const suitOf = (id) => (id >= SJ ? null : id & 3);

/** Points of a card (R3): 5 → 5, 10 and K → 10.
 * @param {number} id */
export function points(id) {
  if (id >= SJ) return 0;
  const r = id >> 2;
  return r === 2 ? 5 : r === 7 || r === 10 ? 10 : 0;
}

/** Position in the rank order of R6: 0 (3) … 12 (2), 13 for the blade rank. */
/** @type {(rank: number, blade: number) => number} */
export const rankPower = (rank, blade) => (rank === blade ? 13 : rank);

/** Sort key, high to low: big joker, small joker, blade, 2, A … 3; ♠♥♣♦ within a rank.
 * @param {number} id
 * @param {number} blade */
export function sortKey(id, blade) {
  if (id >= SJ) return -1000 - id;
  return -rankPower(id >> 2, blade) * 4 + (id & 3);
}

/** A hand in the order it is shown: high to low (``sortKey``).
 * @param {number[]} ids
 * @param {number} blade */
export function sortHand(ids, blade) {
  return [...ids].sort((a, b) => sortKey(a, blade) - sortKey(b, blade));
}

/** Remove one copy of each card of `played` from `hand` (ids); returns a new array.
 * @param {number[]} hand
 * @param {number[]} played */
export function withoutCards(hand, played) {
  const out = [...hand];
  for (const c of played) {
    const i = out.indexOf(c);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}
