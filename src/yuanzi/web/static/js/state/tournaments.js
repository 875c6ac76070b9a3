// The tournaments' frames as a pure reducer (issue 46, issue 28): a round puts me at a
// table — there I go, as to a table I sat down at — or the tournament is over: its page,
// or a message leading to it; the check-in of one I signed up for opened: a message I
// can check in from; it started: the value this browser committed to is revealed.
// And the hall's answers about tournaments (REST), kept in the store for their pages:
// the list (#/tournaments) and each tournament as last read (#/tournament/<id>).

import { keep, kept } from './kept.js';

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */
/** @typedef {import('./shapes.js').Route} Route */

/** ``route``: where the page is now (a navigation just made may not have reached the
 * store yet: the address says it first).
 * @param {State} s
 * @param {Frame} f
 * @param {Route} route
 * @returns {import('./shapes.js').Reduced} */
function tournament(s, f, route) {
  const patch = { tournamentNews: { tournament: f.tournament, round: f.round, table: f.table, status: f.status,
    n: (s.tournamentNews?.n ?? 0) + 1 } };
  const see = { label: 'tour.see', effect: { type: 'navigate', name: 'tournament', id: f.tournament } };
  if (f.status === 'check_in') { // a scheduled one's check-in opened; I have not checked in
    return { patch, effects: [{ type: 'checkInToast', frame: f }] };
  }
  if (f.status === 'running' && f.table !== null) {
    const elsewhere = s.myTable !== null && s.myTable !== f.table && !s.tables[s.myTable]?.tournament;
    if (elsewhere) { // at a table of his own: 托管 plays his tournament seat meanwhile
      return { patch, effects: [{ type: 'toast', key: 'tour.round_began_away', params: { n: f.round + 1 }, kind: 'info',
        ms: 15000, action: { label: 'tour.go_to_table', effect: { type: 'spectate', table: f.table } } }] };
    }
    if (s.myTable === f.table && s.route.name === 'table' && s.route.id === f.table) return { patch, effects: [] };
    const other = s.game && s.game.tableId !== f.table;
    Object.assign(patch, { myTable: f.table, watching: null,
      ...(other ? { game: null, over: null, halfPanel: null, counter: null } : {}) });
    return { patch, effects: [
      { type: 'toast', key: 'tour.round_began', params: { n: f.round + 1 }, kind: 'info', ms: 6000 },
      { type: 'navigate', name: 'table', id: f.table },
      { type: 'request', msg: 'spectate', fields: { table: f.table }, quiet: true }] }; // my seat's frames and hand
  }
  if (f.status === 'finished') {
    const at = route.name === 'tournament' && route.id === f.tournament;
    const fromItsTable = route.name === 'table' && s.tables[route.id]?.tournament?.id === f.tournament;
    /** @type {Effect[]} */
    const effects = [{ type: 'dismissRemembered', name: 'tableOver' }]; // said now: it is all over
    if (!at && (fromItsTable || route.name === 'lobby')) effects.push({ type: 'navigate', name: 'tournament', id: f.tournament });
    effects.push({ type: 'toast', key: 'tour.finished_toast', kind: 'info', ms: 8000,
      action: at || fromItsTable || route.name === 'lobby' ? null : see });
    return { patch, effects };
  }
  if (f.status === 'cancelled') { // a scheduled one: too few checked in at its start
    return { patch, effects: [{ type: 'toast', key: 'tour.cancelled_toast', kind: 'info', ms: 10000, action: see }] };
  }
  return { patch, effects: [] };
}

/** The tournaments' reducer: null for a frame that is not theirs.
 * @param {State} s
 * @param {Frame} f
 * @param {Route} [route]
 * @returns {import('./shapes.js').Reduced | null} */
export function reduceTournaments(s, f, route = s.route) {
  if (f.type === 'tournament') {
    const out = tournament(s, f, route);
    // a round is over: its games' ladder, rating and wins were applied just now, not at
    // each game's end (the other tables played the same deals): my account read again
    if ((f.status === 'running' && f.round > 0) || f.status === 'finished') out.effects.push({ type: 'refreshAccount' });
    return out;
  }
  if (f.type === 'tournament_reveal') { // it started: the value this browser committed to (issue 43)
    return { patch: {}, effects: [{ type: 'reveal', tournament: f.tournament, commitment: f.commitment }] };
  }
  return null;
}

/** Whether a REST answer is the tournament ``id`` itself (an action's answer may be). */
/** @type {(answer: any, id: number) => boolean} */
export const isTournament = (answer, id) => Boolean(answer) && answer.id === id && Array.isArray(answer.entries);

/** The tournament as the hall last answered it: its page renders this. A read that
 * comes back after a newer one (its ``n``) is not let overwrite it. */
/** @type {(s: State, tour: import('./pages.js').Tour, n?: number) => Partial<State>} */
export const tournamentSeen = (s, tour, n = 0) => keep(s, 'tournamentPages', tour.id, { tour, error: null }, n);

/** A tournament's page that could not be read: the refusal's code and the hall's words,
 * for the page to say (what was read before stays shown). */
/** @type {(s: State, id: number, code: string, n?: number, message?: string) => Partial<State>} */
export const tournamentRefused = (s, id, code, n = 0, message = '') => keep(s, 'tournamentPages', id,
  { tour: kept(s, 'tournamentPages', id)?.tour ?? null, error: code, message }, n);

/** The list (#/tournaments), split as its page shows it: signing up, running, over.
 * @param {import('./pages.js').Tour[]} list
 * @returns {{ tournamentList: import('./pages.js').TourList }} */
export function tournamentsListed(list) {
  /** @type {import('./pages.js').TourList} */
  const by = { signup: [], running: [], finished: [] };
  for (const tour of list) (tour.status === 'signup' || tour.status === 'running' ? by[tour.status] : by.finished).push(tour);
  return { tournamentList: by };
}
