// The game as one seat (or a spectator) sees it (R45), kept up to date from the frames:
// `game` (a full observation) and `played` (one public action; the own hand loses the
// cards of the own plays, docs/protocol.md). Pure functions; the views only read them.

import { parseCards, rankIndex, sortHand, withoutCards } from './cards.js';
import { parseMove } from './rules.js';

/** @typedef {[number, string]} Action  a seat's play: its cards as text, or 'pass' */
/** @typedef {{ type?: string, [field: string]: any }} Frame  a `game` or `played` frame */

/**
 * The game as one seat sees it (R45).
 * @typedef {object} Game
 * @property {number} tableId
 * @property {number} gameId
 * @property {number} version
 * @property {number | null} seat  null: a spectator
 * @property {number} half
 * @property {number} blade  the blade's rank index (R9)
 * @property {string} bladeCard
 * @property {Record<string, any>} rules
 * @property {number[] | null} hand  my cards (ids), sorted; null: not a seat's view
 * @property {number[]} cardsLeft
 * @property {number[]} trickPoints
 * @property {number} tablePoints
 * @property {number | null} toMove
 * @property {string | null} top  the play to beat, as text; null: a new trick
 * @property {number | null} topSeat
 * @property {Action[]} trick
 * @property {Action[]} lastTrick
 * @property {Action[]} history
 * @property {number[]} outOrder
 * @property {any[]} finished  the halves over, their results
 * @property {any} result
 * @property {number | null} deadline  on this page's clock (ms)
 * @property {number | null} breakUntil  the pause between the halves, on this page's clock
 * @property {number} turnSeconds
 */

/** A moment the server names (Unix seconds) on this page's clock (performance.now()):
 * measured on the server's own clock when the frame says when it was made (`now`, ms),
 * else on ours, guarding against skew (`limit`: the most it can be away).
 * @param {number | null | undefined} at
 * @param {number | null | undefined} now
 * @param {number} limit
 * @returns {number | null} */
export function localMoment(at, now, limit) {
  if (at === null || at === undefined) return null;
  let left = at - (now ? now / 1000 : Date.now() / 1000);
  if (!now && (left > limit + 2 || left < -2)) left = limit; // clocks disagree
  return performance.now() + Math.max(0, left) * 1000;
}

/** The turn's deadline (R33); during the pause between the halves it is further off.
 * @param {Frame} f
 * @param {number} turnSeconds */
function localDeadline(f, turnSeconds) {
  return localMoment(f.deadline, f.now, turnSeconds);
}

/** @type {(text: string | null | undefined) => number[]} */
const handIds = (text) => (text ? parseCards(text) : []);

/** A full view (GameFrame). `prev` keeps the last finished trick of the same half.
 * @param {Frame} f
 * @param {number} turnSeconds
 * @param {Game | null} [prev]
 * @returns {Game} */
export function fromGameFrame(f, turnSeconds, prev = null) {
  const v = f.view;
  const blade = rankIndex(v.blade_rank);
  return {
    tableId: f.table,
    gameId: f.game_id,
    version: f.version,
    seat: f.seat,
    half: v.half,
    blade,
    bladeCard: v.blade_card,
    rules: v.rules || {},
    hand: v.hand === null ? null : sortHand(handIds(v.hand), blade),
    cardsLeft: v.cards_left,
    trickPoints: v.trick_points,
    tablePoints: v.table_points,
    toMove: v.to_move,
    top: v.top,
    topSeat: v.top_seat,
    trick: v.trick,
    lastTrick: prev && prev.gameId === f.game_id && prev.half === v.half ? prev.lastTrick : [],
    history: v.history,
    outOrder: v.out_order,
    finished: v.finished,
    result: v.result,
    deadline: localDeadline(f, turnSeconds),
    // the pause between the halves (issue 31): the leader's clock waits until then
    breakUntil: localMoment(f.break_until ?? null, f.now, 120),
    turnSeconds,
  };
}

/** One applied action (Played). Returns null when a frame was missed (resync needed).
 * @template {Game | null} G
 * @param {G} g
 * @param {Frame} f
 * @returns {G | Game | null} */
export function applyPlayed(g, f) {
  if (!g || f.game_id !== g.gameId) return g;
  if (f.version <= g.version) return g; // already seen (a full view superseded it)
  if (f.version !== g.version + 1) return null;
  /** @type {Action} */
  const action = [f.seat, f.cards];
  const trick = g.top === null ? [action] : [...g.trick, action];
  const trickOver = f.top === null;
  let hand = g.hand;
  if (hand && f.seat === g.seat && f.cards !== 'pass') hand = withoutCards(hand, handIds(f.cards));
  return {
    ...g,
    version: f.version,
    hand,
    cardsLeft: f.cards_left,
    trickPoints: f.trick_points,
    tablePoints: f.table_points,
    toMove: f.to_move,
    top: f.top,
    topSeat: f.top_seat,
    trick: trickOver ? [] : trick,
    lastTrick: trickOver ? trick : g.lastTrick,
    history: [...g.history, action],
    outOrder: f.out_order,
    deadline: localDeadline(f, g.turnSeconds),
    breakUntil: null, // the leader played: the pause is over
  };
}

/** @type {(g: Game | null) => any} */
export const topMove = (g) => (g && g.top ? parseMove(g.top, g.blade) : null);
/** @type {(g: Game | null) => boolean} */
export const myTurn = (g) => Boolean(g && g.seat !== null && g.toMove === g.seat && g.hand);
/** @type {(seat: number) => number} */
export const team = (seat) => seat & 1; // 0: NS (seats 0, 2), 1: EW (seats 1, 3)
export const TEAMS = ['NS', 'EW'];

/** Points each team has won in tricks this half (R29 is applied only at the half's end).
 * @param {Game} g */
export function teamPoints(g) {
  const p = g.trickPoints;
  return [p[0] + p[2], p[1] + p[3]];
}

/** The latest action of each seat in the current trick (or the last one when empty).
 * @param {Game} g */
export function lastActions(g) {
  const trick = g.trick.length ? g.trick : g.lastTrick;
  /** @type {Array<string | null>} */
  const out = [null, null, null, null];
  for (const [seat, cards] of trick) out[seat] = cards;
  return { actions: out, finished: !g.trick.length && g.lastTrick.length > 0 };
}

/** Each seat's latest action in the last finished trick (the 上一轮 view).
 * @param {Game} g */
export function lastTrickActions(g) {
  /** @type {Array<string | null>} */
  const out = [null, null, null, null];
  for (const [seat, cards] of g.lastTrick) out[seat] = cards;
  return { actions: out, finished: true };
}

/** Who took a finished trick: the seat of its last play that was not a pass (R25), and
 * that play; null for an empty trick.
 * @param {Action[]} trick */
export function trickWinner(trick) {
  for (let i = trick.length - 1; i >= 0; i--) {
    const [seat, cards] = trick[i];
    if (cards !== 'pass') return { seat, cards };
  }
  return null;
}

/** The pause between the halves lasts (its seconds left), else null.
 * @param {Game | null} g */
export function breakLeft(g) {
  if (!g || !g.breakUntil) return null;
  const left = Math.ceil((g.breakUntil - performance.now()) / 1000);
  return left > 0 ? left : null;
}

/** The turn's seconds left; null when nobody's clock runs.
 * @param {Game | null} g */
export function secondsLeft(g) {
  if (!g || g.deadline === null || g.toMove === null || breakLeft(g) !== null) return null;
  return Math.max(0, Math.ceil((g.deadline - performance.now()) / 1000));
}
