// The hall's answers to the screens' reads (issue 46): a player's profile and games, my
// friends, the leaderboard — each kept under what was asked (``profile/7``,
// ``leaderboard/skill``) for the screens to render from the store. Pure: the read
// action (actions/reads.js) puts the answers in. A read answered after a newer one of
// the same key never overwrites it; a refusal keeps its code, and what was read before.

import { keep, kept } from './kept.js';

/** @typedef {import('./shapes.js').State} State */

/** The key of a read: its name and arguments (none left out but null ones). */
/** @type {(name: string, ...args: any[]) => string} */
export const readKey = (name, ...args) => [name, ...args.filter((a) => a !== null && a !== undefined)].join('/');

/** What the hall answered to the read ``key`` (``n``: the read's number). */
/** @type {(s: State, key: string, data: any, n?: number) => Partial<State>} */
export const readSeen = (s, key, data, n = 0) => keep(s, 'reads', key, { data, error: null }, n);

/** The read ``key`` was refused (or found no hall): its code and the hall's words (said
 * for a code this client has no words of its own for), what was read before kept. */
/** @type {(s: State, key: string, code: string, n?: number, message?: string) => Partial<State>} */
export const readRefused = (s, key, code, n = 0, message = '') => keep(s, 'reads', key,
  { data: kept(s, 'reads', key)?.data ?? null, error: code, message }, n);
