// The Hint button's local stand-in, used while the server offers no `hint` message (hello's
// features). It answers in the server's shape (yuanzi.bots.hints, docs/protocol.md):
// { cards, reason, beats } — the advice (card ids, or null to pass), why, and every play
// that beats the top, one per distinct combination, smallest first, as concrete cards.
//
// It is a port of the engine's move generation (yuanzi.engine.lookup: rank_moves,
// joker_moves) and of Hand.cards_for (which copies a play gives up, keeping atoms and
// hydrogen bombs intact), so its `beats` equal the server's; the advice is only a
// legal-move rule, not a player: the smallest play that beats, or pass when the partner's
// play is on top, or, leading, the lowest rank's loose cards outside any atom or hydrogen
// bomb. tests/browser/rules_cases.py holds it to the engine.

import { BJ, SJ, rankPower } from './cards.js';
import { JOKER_RANK_BJ, JOKER_RANK_SJ, Kind, beats as beatsTop, makeMove } from './rules.js';

/** @typedef {import('./rules.js').Move} Move */
/** @typedef {{ counts: number[][], bj: number, sj: number }} Counted  a hand by rank and suit, and its jokers */

/** At most this many beating plays are listed (yuanzi.bots.hints.MAX_BEATS). */
export const MAX_BEATS = 40;

/** @type {Record<number, number>} */
const CLASS = { [Kind.SINGLE]: 0, [Kind.PAIR]: 0, [Kind.TRIPLE]: 0, [Kind.BOMB]: 1,
  [Kind.ATOM]: 2, [Kind.HYDROGEN]: 3 };

/**
 * "Smallest first" (yuanzi.bots.hints.play_order): loose plays < bombs < atoms < hydrogen
 * bombs (R19), then size, then rank power (R6, R17), then fewer jokers (R11).
 * @param {Move} move
 * @returns {number[]}
 */
export function playOrder(move) {
  return [CLASS[move.kind], move.size, move.power, move.jokers];
}

/** @param {Move} a
 * @param {Move} b */
function compareOrder(a, b) {
  const x = playOrder(a);
  const y = playOrder(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** @type {(size: number) => number} */
const looseKind = (size) => (size <= 3 ? size : Kind.BOMB);
/** @type {(xs: number[]) => number} */
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** A hand (card ids) as suit counts per rank and joker counts, like yuanzi.engine.hand.
 * @param {number[]} hand
 * @returns {Counted} */
function countHand(hand) {
  const counts = Array.from({ length: 13 }, () => [0, 0, 0, 0]);
  let bj = 0;
  let sj = 0;
  for (const c of hand) {
    if (c === BJ) bj++;
    else if (c === SJ) sj++;
    else counts[c >> 2][c & 3]++;
  }
  return { counts, bj, sj };
}

/** Every distinct play of one rank (tables.rank_moves): loose plays and bombs, atoms, the hydrogen bomb. */
/** @param {number} blade
 * @param {number} rank
 * @param {number[]} counts
 * @param {number} jokers */
function rankMoves(blade, rank, counts, jokers) {
  if (rank === blade) jokers = 0; // jokers never join blade cards (R11)
  const n = sum(counts);
  /** @type {Move[]} */
  const out = [];
  for (let size = 1; size <= n + jokers; size++) {
    for (let j = Math.max(0, size - n); j <= Math.min(jokers, size - 1); j++) {
      if (j === 0 && size === 3 && n === 3 && Math.max(...counts) === 3) continue; // an atom (R13)
      if (j === 0 && size === 8 && n === 8 && counts.every((c) => c === 2)) continue; // a hydrogen bomb (R10)
      out.push(makeMove(looseKind(size), rank, size, j, -1, blade));
    }
  }
  counts.forEach((c, suit) => { if (c === 3) out.push(makeMove(Kind.ATOM, rank, 3, 0, suit, blade)); });
  if (Math.min(...counts) >= 2) out.push(makeMove(Kind.HYDROGEN, rank, 8, 0, -1, blade));
  return out;
}

/** Plays of jokers alone (tables.joker_moves): loose plays and bombs of rank 3, joker atoms (R9, R12). */
/** @param {number} bj
 * @param {number} sj
 * @param {number} blade */
function jokerMoves(bj, sj, blade) {
  /** @type {Move[]} */
  const out = [];
  for (let size = 1; size <= bj + sj; size++) {
    if (size === 3 && ((bj === 3 && sj === 0) || (bj === 0 && sj === 3))) continue;
    out.push(makeMove(looseKind(size), 0, size, size, -1, blade));
  }
  if (sj === 3) out.push(makeMove(Kind.ATOM, JOKER_RANK_SJ, 3, 3, -1, blade));
  if (bj === 3) out.push(makeMove(Kind.ATOM, JOKER_RANK_BJ, 3, 3, -1, blade));
  return out;
}

/** Every distinct play of the hand.
 * @param {Counted} h
 * @param {number} blade */
function allMoves(h, blade) {
  /** @type {Move[]} */
  const out = [];
  h.counts.forEach((counts, rank) => {
    if (sum(counts)) out.push(...rankMoves(blade, rank, counts, h.bj + h.sj));
  });
  if (h.bj + h.sj) out.push(...jokerMoves(h.bj, h.sj, blade));
  return out;
}

/** Whether score ``a`` is greater than ``b`` (compared in order).
 * @param {number[]} a
 * @param {number[]} b */
function greater(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** Suit counts to give up for `k` naturals of one rank (tables.take_naturals): keep a
 * hydrogen bomb, then the most and strongest atoms; `plain`: the cards taken must not be
 * an atom (k = 3) or a hydrogen bomb (k = 8) themselves.
 * @param {number[]} counts
 * @param {number} k
 * @param {boolean} plain
 * @returns {number[]} */
function takeNaturals(counts, k, plain) {
  /** @type {number[] | null} */
  let best = null;
  /** @type {number[] | null} */
  let bestScore = null;
  for (let a = 0; a <= counts[0]; a++) {
    for (let b = 0; b <= counts[1]; b++) {
      for (let c = 0; c <= counts[2]; c++) {
        for (let d = 0; d <= counts[3]; d++) {
          const took = [a, b, c, d];
          if (a + b + c + d !== k) continue;
          if (plain && ((k === 3 && Math.max(...took) === 3) || (k === 8 && took.every((x) => x === 2)))) continue;
          const rem = counts.map((x, s) => x - took[s]);
          const score = [Math.min(...rem) >= 2 ? 1 : 0,
            sum(rem.map((x, s) => (x === 3 ? 4 - s : 0))),
            -sum(took.map((x, s) => x * (4 - s)))];
          if (bestScore === null || greater(score, bestScore)) {
            best = took;
            bestScore = score;
          }
        }
      }
    }
  }
  if (best === null) throw new Error(`no ${k} cards of these to give up`); // (a move the hand holds has some)
  return best;
}

/** Jokers to give up (tables.take_jokers), keeping joker atoms; big jokers last.
 * @param {number} bj
 * @param {number} sj
 * @param {number} j
 * @param {boolean} plain
 * @returns {number[]} */
function takeJokers(bj, sj, j, plain) {
  /** @type {number | null} */
  let best = null;
  /** @type {number[] | null} */
  let bestScore = null;
  for (let tb = 0; tb <= Math.min(bj, j); tb++) {
    const ts = j - tb;
    if (ts > sj || ts < 0) continue;
    if (plain && j === 3 && (tb === 3 || ts === 3)) continue;
    const score = [(bj - tb === 3 ? 2 : 0) + (sj - ts === 3 ? 1 : 0), -tb, 0];
    if (bestScore === null || greater(score, bestScore)) {
      best = tb;
      bestScore = score;
    }
  }
  if (best === null) throw new Error(`no ${j} jokers of these to give up`); // (as above)
  return [...Array(best).fill(BJ), ...Array(j - best).fill(SJ)];
}

/** The concrete cards of a move this hand holds (Hand.cards_for), atoms and hydrogen bombs kept intact.
 * @param {Counted} h
 * @param {Move} move
 * @returns {number[]} */
function cardsFor(h, move) {
  const { kind, rank, jokers } = move;
  if (kind === Kind.ATOM && rank > 12) {
    const card = rank === JOKER_RANK_BJ ? BJ : SJ;
    return [card, card, card];
  }
  const naturals = move.size - jokers;
  /** @type {number[]} */
  const out = [];
  if (naturals) {
    /** @type {number[]} */
    let suits;
    if (kind === Kind.ATOM) suits = [move.suit, move.suit, move.suit];
    else if (kind === Kind.HYDROGEN) suits = [0, 0, 1, 1, 2, 2, 3, 3];
    else {
      const took = takeNaturals(h.counts[rank], naturals, jokers === 0 && (naturals === 3 || naturals === 8));
      suits = took.flatMap((d, s) => Array(d).fill(s));
    }
    out.push(...suits.map((s) => rank * 4 + s));
  }
  if (jokers) out.push(...takeJokers(h.bj, h.sj, jokers, naturals === 0 && jokers === 3));
  return out;
}

/** Every play of `hand` (ids) that beats `top`, one per combination, smallest first, as card ids.
 * @param {number[]} hand
 * @param {Move | null} top
 * @param {number} blade
 * @returns {number[][]} */
export function beatingPlays(hand, top, blade, bladeBombOnlyAtoms = false, limit = MAX_BEATS) {
  if (!top) return [];
  const h = countHand(hand);
  return allMoves(h, blade).filter((m) => beatsTop(m, top, bladeBombOnlyAtoms))
    .sort(compareOrder).slice(0, limit).map((m) => cardsFor(h, m));
}

/** Suit counts of one rank left once its hydrogen bomb and atoms are set aside.
 * @param {number[]} counts */
function looseCounts(counts) {
  const rest = Math.min(...counts) >= 2 ? counts.map((c) => c - 2) : [...counts];
  return rest.map((c) => (c === 3 ? 0 : c));
}

/**
 * A lead (R24): the lowest rank's loose cards — those outside its atoms and hydrogen bomb,
 * which stay whole (R9, R10) — played together when they are a single, pair or triple,
 * else one of them. A hand of nothing but atoms, hydrogen bombs and jokers leads its
 * smallest play that breaks none of them.
 * @param {number[]} hand
 * @param {number} blade
 * @returns {number[] | null}
 */
function leadPlay(hand, blade) {
  const h = countHand(hand);
  const ranks = [...Array(13).keys()].sort((a, b) => rankPower(a, blade) - rankPower(b, blade));
  for (const rank of ranks) {
    const free = looseCounts(h.counts[rank]);
    const n = sum(free);
    if (!n) continue;
    const ids = free.flatMap((d, s) => Array(d).fill(rank * 4 + s));
    return n <= 3 ? ids : [ids[ids.length - 1]];
  }
  /** @type {(bj: number, sj: number) => number} */
  const jokerAtoms = (bj, sj) => (bj === 3 ? 1 : 0) + (sj === 3 ? 1 : 0);
  /** @type {(m: Move) => boolean} */
  const keeps = (m) => {
    if (m.kind === Kind.ATOM || m.kind === Kind.HYDROGEN) return true;
    const cards = cardsFor(h, m);
    const bj = cards.filter((c) => c === BJ).length;
    const sj = cards.filter((c) => c === SJ).length;
    return jokerAtoms(h.bj - bj, h.sj - sj) === jokerAtoms(h.bj, h.sj) && cards.every((c) => c >= SJ);
  };
  const moves = allMoves(h, blade).sort(compareOrder);
  const pick = moves.find(keeps) || moves[0];
  return pick ? cardsFor(h, pick) : null;
}

/**
 * The local hint, in the server's shape: { cards (ids, or null to pass), reason ('lead',
 * 'beat', 'partner_winning', 'cannot_beat'), beats ([ids], smallest first; [] when leading) }.
 * `partnerWinning`: the top is the partner's play (and the partner still holds cards), so
 * the advice is to pass — yet `beats` still lists what would beat it.
 * @param {{ hand: number[], top: Move | null, blade: number, bladeBombOnlyAtoms?: boolean,
 *   partnerWinning?: boolean }} position
 * @returns {{ cards: number[] | null, reason: string, beats: number[][] }}
 */
export function localHint({ hand, top, blade, bladeBombOnlyAtoms = false, partnerWinning = false }) {
  if (!hand.length) return { cards: null, reason: top ? 'cannot_beat' : 'lead', beats: [] };
  if (!top) return { cards: leadPlay(hand, blade), reason: 'lead', beats: [] };
  const beats = beatingPlays(hand, top, blade, bladeBombOnlyAtoms);
  if (!beats.length) return { cards: null, reason: 'cannot_beat', beats };
  if (partnerWinning) return { cards: null, reason: 'partner_winning', beats };
  return { cards: beats[0], reason: 'beat', beats };
}
