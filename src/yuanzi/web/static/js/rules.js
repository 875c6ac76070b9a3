// Combinations (R6–R19): classify a group and decide what beats what.
// A port of yuanzi.engine.combos (classify, beats, parse_move, Move.text), used to
// explain a selection before it is sent; the server stays the judge of every play.

import { BJ, RANKS, SJ, SUITS, formatCards, rankIndex } from './cards.js';

export const Kind = Object.freeze({
  PASS: 0, SINGLE: 1, PAIR: 2, TRIPLE: 3, BOMB: 4, ATOM: 5, HYDROGEN: 6,
});
export const KIND_LABELS = ['pass', 'single', 'pair', 'triple', 'bomb', 'atom', 'hydrogen'];
export const JOKER_RANK_SJ = 13;
export const JOKER_RANK_BJ = 14;

/**
 * A combination (yuanzi.engine.combos.Move): its kind, rank (a joker atom's 13 or 14),
 * size, jokers in it, an atom's suit (else -1), whether it is of the blade rank, and its
 * power within its kind.
 * @typedef {{ kind: number, rank: number, size: number, jokers: number, suit: number,
 *   blade: boolean, power: number }} Move
 */

/** An invalid group; `code` is stable ('empty', 'mixed_ranks', 'joker_blade', 'bad_move'). */
export class RuleError extends Error {
  /** @param {string} code
   * @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** @type {Readonly<Move>} */
export const PASS = Object.freeze({
  kind: Kind.PASS, rank: 0, size: 0, jokers: 0, suit: -1, blade: false, power: 0,
});

/** R17 order of atoms: blade atoms > 大王 > 小王 > 2 > … > 3; ♠ > ♥ > ♣ > ♦.
 * @param {number} rank
 * @param {number} suit
 * @param {number} blade */
function atomPower(rank, suit, blade) {
  if (rank === JOKER_RANK_BJ) return 61;
  if (rank === JOKER_RANK_SJ) return 60;
  const strength = 3 - suit;
  if (rank === blade) return 70 + strength;
  return rank * 4 + strength;
}

/** A combination of these parts under the blade rank (its power worked out).
 * @param {number} kind
 * @param {number} rank
 * @param {number} size
 * @param {number} jokers
 * @param {number} suit
 * @param {number} blade
 * @returns {Move} */
export function makeMove(kind, rank, size, jokers, suit, blade) {
  if (kind === Kind.ATOM) {
    return { kind, rank, size: 3, jokers, suit, blade: rank === blade,
      power: atomPower(rank, suit, blade) };
  }
  if (jokers === size) return { kind, rank: 0, size, jokers, suit: -1, blade: false, power: 0 };
  const isBlade = rank === blade;
  return { kind, rank, size, jokers, suit: -1, blade: isBlade, power: isBlade ? 13 : rank };
}

/** @type {(size: number) => number} */
const looseKind = (size) => (size <= 3 ? size : Kind.BOMB);

/** The combination of a group of card ids under a blade rank (R13), or a RuleError.
 * @param {number[]} cards
 * @param {number} blade
 * @returns {Move} */
export function classify(cards, blade) {
  const n = cards.length;
  if (!n) throw new RuleError('empty', 'invalid: empty group');
  let bj = 0;
  let sj = 0;
  let rank = -1;
  const suits = [0, 0, 0, 0];
  for (const c of cards) {
    if (c >= SJ) {
      if (c === BJ) bj++; else sj++;
      continue;
    }
    const r = c >> 2;
    if (rank < 0) rank = r;
    else if (r !== rank) {
      throw new RuleError('mixed_ranks', `invalid: ${formatCards(cards)} is not one rank`);
    }
    suits[c & 3]++;
  }
  const jokers = bj + sj;
  if (rank < 0) {
    if (n === 3 && (bj === 3 || sj === 3)) {
      return makeMove(Kind.ATOM, bj ? JOKER_RANK_BJ : JOKER_RANK_SJ, 3, 3, -1, blade);
    }
    return makeMove(looseKind(n), 0, n, n, -1, blade);
  }
  if (jokers) {
    if (rank === blade) {
      throw new RuleError('joker_blade',
        `invalid: ${formatCards(cards)}: jokers never join blade cards`);
    }
  } else if (n === 8 && suits.every((s) => s === 2)) {
    return makeMove(Kind.HYDROGEN, rank, 8, 0, -1, blade);
  } else if (n === 3 && Math.max(...suits) === 3) {
    return makeMove(Kind.ATOM, rank, 3, 0, suits.indexOf(3), blade);
  }
  return makeMove(looseKind(n), rank, n, jokers, -1, blade);
}

/** Whether `play` beats `top` (R15–R19). Never both ways; never for equal groups.
 * @param {Move} play
 * @param {Move} top */
export function beats(play, top, bladeBombOnlyAtoms = false) {
  const pk = play.kind;
  const tk = top.kind;
  if (tk === Kind.HYDROGEN) return pk === Kind.HYDROGEN && play.power > top.power;
  if (pk === Kind.HYDROGEN) return true;
  if (tk === Kind.ATOM) return pk === Kind.ATOM && play.power > top.power;
  if (pk === Kind.ATOM) return true;
  if (tk === Kind.BOMB) {
    if (pk !== Kind.BOMB) return false;
    if (bladeBombOnlyAtoms && top.blade) return play.blade && play.size > top.size;
    return play.size > top.size || (play.size === top.size && play.power > top.power);
  }
  if (pk === Kind.BOMB) return !top.blade;
  return pk === tk && play.power > top.power;
}

/** A combination's rank as the record writes it ('7', 'BJ').
 * @param {Move} move */
export function rankText(move) {
  if (move.rank === JOKER_RANK_BJ) return 'BJ';
  if (move.rank === JOKER_RANK_SJ) return 'SJ';
  return RANKS[move.rank];
}

/** The text form of yuanzi's Move.text(): 'pair 7 j1', 'bomb 7x5', 'atom 7S', 'pass'.
 * @param {Move} move */
export function moveText(move) {
  if (move.kind === Kind.PASS) return 'pass';
  if (move.kind === Kind.ATOM) return `atom ${rankText(move)}${move.suit >= 0 ? SUITS[move.suit] : ''}`;
  if (move.kind === Kind.HYDROGEN) return `hydrogen ${rankText(move)}`;
  const head = move.kind === Kind.BOMB ? `bomb ${rankText(move)}x${move.size}`
    : `${KIND_LABELS[move.kind]} ${rankText(move)}`;
  return head + (move.jokers ? ` j${move.jokers}` : '');
}

/** Parse moveText()'s form under a blade rank (the `top` the server sends).
 * @param {string} text
 * @param {number} blade
 * @returns {Move} */
export function parseMove(text, blade) {
  const bad = () => new RuleError('bad_move', `bad move ${JSON.stringify(text)}`);
  const words = String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) throw bad();
  if (words.length === 1 && words[0] === 'pass') return PASS;
  const kind = KIND_LABELS.indexOf(words[0]);
  if (kind <= 0 || words.length < 2 || words.length > 3) throw bad();
  const arg = words[1].toUpperCase();
  let jokers = 0;
  if (words.length === 3) {
    if (!/^j\d+$/.test(words[2])) throw bad();
    jokers = Number(words[2].slice(1));
  }
  if (kind === Kind.ATOM) {
    if (arg === 'BJ' || arg === 'SJ') {
      return makeMove(kind, arg === 'BJ' ? JOKER_RANK_BJ : JOKER_RANK_SJ, 3, 3, -1, blade);
    }
    const r = rankIndex(arg.slice(0, -1));
    const s = SUITS.indexOf(arg.slice(-1));
    if (r < 0 || s < 0) throw bad();
    return makeMove(kind, r, 3, 0, s, blade);
  }
  if (kind === Kind.HYDROGEN) {
    const r = rankIndex(arg);
    if (r < 0) throw bad();
    return makeMove(kind, r, 8, 0, -1, blade);
  }
  let rankPart = arg;
  let size = kind;
  if (kind === Kind.BOMB) {
    const [rp, sp] = arg.split('X');
    rankPart = rp;
    size = Number(sp);
    if (!Number.isInteger(size) || size < 4) throw bad();
  }
  const rank = rankIndex(rankPart);
  if (rank < 0) throw bad();
  if (jokers < 0 || jokers > Math.min(size, 6) || (jokers && jokers < size && rank === blade)) {
    throw bad();
  }
  if (jokers === size && rank !== 0) throw bad();
  return makeMove(kind, rank, size, jokers, -1, blade);
}

/** The judge's view of a combination (RECORD.md): kind, rank, size, blade, suit for atoms.
 * @param {Move} move */
export function judgeForm(move) {
  /** @type {{ kind: string, rank: string, size: number, blade: boolean, suit?: string }} */
  const out = { kind: KIND_LABELS[move.kind], rank: rankText(move), size: move.size,
    blade: move.blade };
  if (move.kind === Kind.ATOM && move.suit >= 0) out.suit = SUITS[move.suit];
  return out;
}
