// A local stand-in for the Hint button while the server offers no hint message:
// the weakest legal play (the lowest rank when leading, else the cheapest group that
// beats the top). It is only a legal-move search over the rules port, not a player;
// when the server advertises "hint" (hello's features), its suggestion is used instead.

import { BJ, SJ, rankPower } from './cards.js';
import { Kind, RuleError, beats, classify } from './rules.js';

const CLASS = { [Kind.SINGLE]: 0, [Kind.PAIR]: 0, [Kind.TRIPLE]: 0, [Kind.BOMB]: 1,
  [Kind.ATOM]: 2, [Kind.HYDROGEN]: 3 };

function groupHand(hand) {
  const naturals = Array.from({ length: 13 }, () => [[], [], [], []]);
  const jokers = [];
  for (const c of hand) {
    if (c >= SJ) jokers.push(c);
    else naturals[c >> 2][c & 3].push(c);
  }
  jokers.sort((a, b) => a - b); // small jokers first
  return { naturals, jokers };
}

/** `count` naturals of one rank, taken suit by suit so that no atom forms by accident. */
function pickNaturals(bySuit, count) {
  const pools = bySuit.map((s) => [...s]);
  const out = [];
  while (out.length < count) {
    let took = false;
    for (const p of pools) {
      if (out.length < count && p.length) {
        out.push(p.pop());
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}

function candidates(hand, blade) {
  const { naturals, jokers } = groupHand(hand);
  const out = [];
  for (let r = 0; r < 13; r++) {
    const bySuit = naturals[r];
    const n = bySuit.reduce((a, s) => a + s.length, 0);
    if (!n) continue;
    const usable = r === blade ? 0 : jokers.length;
    for (let size = 1; size <= n + usable; size++) {
      const nat = pickNaturals(bySuit, Math.min(size, n));
      out.push([...nat, ...jokers.slice(0, size - nat.length)]);
    }
    bySuit.forEach((s) => { if (s.length >= 3) out.push(s.slice(0, 3)); });
    if (n >= 8 && bySuit.every((s) => s.length >= 2)) out.push(bySuit.flatMap((s) => s.slice(0, 2)));
  }
  for (let size = 1; size <= jokers.length; size++) out.push(jokers.slice(0, size));
  for (const j of [SJ, BJ]) {
    const same = jokers.filter((c) => c === j);
    if (same.length >= 3) out.push(same.slice(0, 3));
  }
  return out;
}

function cost(move) {
  return [CLASS[move.kind], move.kind === Kind.ATOM ? 0 : move.size, move.power, move.jokers];
}

function less(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * The weakest legal play from `hand` (card ids) against `top` (a move, or null when
 * leading); null when nothing beats the top (then the hint is to pass).
 */
export function weakestPlay(hand, top, blade, bladeBombOnlyAtoms = false) {
  if (!hand.length) return null;
  if (!top) {
    const naturals = hand.filter((c) => c < SJ);
    if (!naturals.length) return [...hand].sort((a, b) => a - b).slice(0, 1);
    let low = naturals[0];
    for (const c of naturals) if (rankPower(c >> 2, blade) < rankPower(low >> 2, blade)) low = c;
    const group = naturals.filter((c) => (c >> 2) === (low >> 2));
    return group.length <= 3 ? group : [low];
  }
  let best = null;
  let bestCost = null;
  for (const cards of candidates(hand, blade)) {
    let move;
    try {
      move = classify(cards, blade);
    } catch (e) {
      if (e instanceof RuleError) continue;
      throw e;
    }
    if (!beats(move, top, bladeBombOnlyAtoms)) continue;
    const c = cost(move);
    if (bestCost === null || less(c, bestCost)) {
      best = cards;
      bestCost = c;
    }
  }
  return best;
}
