// Every frame of the hall through its family's reducer (issue 46): one pure function from
// the state and a frame to the store's change and the effects it asks for. A frame two
// families care about (the timer: the clock and the message) goes through both, in order.

import { reduceClubs } from './clubs.js';
import { reduceEconomy } from './economy.js';
import { reduceGame } from './game.js';
import { reduceSocial } from './social.js';
import { reduceTables } from './tables.js';
import { reduceTournaments } from './tournaments.js';

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */

/** @type {Array<(s: State, f: import('./shapes.js').Frame, route: import('./shapes.js').Route) => import('./shapes.js').Reduced | null>} */
const FAMILIES = [reduceTables, reduceGame, reduceSocial, reduceClubs, reduceEconomy, reduceTournaments];

/**
 * @param {State} s  the store's state
 * @param {import('./shapes.js').Frame} f  a frame (docs/protocol.md)
 * @param {import('./shapes.js').Route} [route]  where the page is (the address, ahead of the store)
 * @returns {{patch: Partial<State>, effects: Effect[], handled: boolean}}
 */
export function reduceFrame(s, f, route = s.route) {
  let state = s;
  const patch = {};
  const effects = [];
  let handled = false;
  for (const reduce of FAMILIES) {
    const r = reduce(state, f, route);
    if (!r) continue;
    handled = true;
    Object.assign(patch, r.patch);
    effects.push(...r.effects);
    state = { ...state, ...r.patch };
  }
  return { patch, effects, handled };
}
