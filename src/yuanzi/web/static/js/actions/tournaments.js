// The player's intentions about tournaments (issue 46, issue 28): read the list or one
// tournament, sign up, check in, leave or withdraw, fill with bots, make one. Each goes
// to the hall by its one REST road (api.js) and what the hall answers goes into the
// store (state/tournaments.js), where the pages read it; a refusal is thrown to the page,
// which says it in its own words.

import { api } from '../api.js';
import { keeper } from './keeper.js';
import { isTournament, tournamentRefused, tournamentSeen, tournamentsListed } from '../state/tournaments.js';
import { lastGameClosed } from '../state/tables.js';

/** @param {import('./page.js').Page} page */
export function tournamentActions({ store }) {
  const reads = keeper(store);
  /** @param {number} id */
  const loadTournament = (id) => reads.read(() => api.tournaments.get(id),
    (s, tour, n) => tournamentSeen(s, tour, n), (s, code, n, message) => tournamentRefused(s, id, code, n, message));

  /** After an action: its answer when it is the tournament, else the tournament read again. */
  /** @param {number} id
   * @param {any} answer */
  const seenAfter = (id, answer) => reads.after(answer, (x) => isTournament(x, id), tournamentSeen,
    () => loadTournament(id));

  return {
    loadTournament,
    /** The list: the newest asked is shown (two refreshes may answer out of order). */
    listTournaments: async () => (await reads.latest('tournaments', () => api.tournaments.list(),
      (s, { tournaments }) => tournamentsListed(tournaments))).tournaments,
    /** @param {number} id */
    enterTournament: async (id) => seenAfter(id, await api.tournaments.enter(id)),
    /** @param {number} id */
    checkInTournament: async (id) => seenAfter(id, await api.tournaments.checkin(id)),
    /** @param {number} id */
    leaveTournament: async (id) => seenAfter(id, await api.tournaments.leave(id)),
    /** Bots into every free place; ``andMe``: its creator signs up first (issue 45: a
     * tournament of bots alone is refused).
     * @param {number} id */
    async fillTournament(id, andMe = false) {
      if (andMe) await api.tournaments.enter(id);
      return seenAfter(id, await api.tournaments.bots(id));
    },
    /** @param {object} fields */
    async createTournament(fields) {
      const tour = await api.tournaments.create(fields);
      return seenAfter(tour.id, tour);
    },
    /** The dialog of my last game at a tournament's table (game ``gameId``) was closed:
     * the store lets it go.
     * @param {number} gameId */
    lastGameClosed(gameId) {
      const patch = lastGameClosed(store.get(), gameId);
      if (Object.keys(patch).length) store.set(patch); // (nothing to forget: nothing drawn again)
    },
    /** The clubs whose tournaments I may hold (their founder or a manager, issue 28). */
    async clubsIHold() {
      const { clubs } = await api.clubs.mine();
      return clubs.filter((/** @type {{ my_role?: string | null }} */ c) => !c.my_role || c.my_role === 'founder' || c.my_role === 'manager');
    },
  };
}
