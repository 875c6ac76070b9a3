// The player's intentions about clubs (issue 46, issue 26): read my clubs or a club's
// page, its tally and sessions; come in by code or link, make one, leave; and its
// founder's and managers' doings (the door, the notice, the house rules and length, the
// tally's reset, members let in, removed, banned, named managers, the club handed on).
// Each goes by the one REST road (api.js); what the hall answers goes into the store
// (state/clubs.js), where the pages read it; a refusal is thrown to the page.

import { api } from '../api.js';
import { keeper } from './keeper.js';
import { clubForgotten, clubRefused, clubSeen, clubSessionsSeen, clubTallySeen, clubsListed, isClubPage } from '../state/clubs.js';

/** @param {import('./page.js').Page} page */
export function clubActions({ store }) {
  const reads = keeper(store);
  /** @param {number} id */
  const loadClub = (id) => reads.read(() => api.clubs.page(id),
    (s, page, n) => clubSeen(s, id, page, n), (s, code, n, message) => clubRefused(s, id, code, n, message));

  /** After a change: its answer when it is the club's page, else the page read again. */
  /** @param {number} id
   * @param {any} answer */
  const seenAfter = (id, answer) => reads.after(answer, isClubPage,
    (s, page, n) => clubSeen(s, id, page, n), () => loadClub(id));

  /** My clubs: the newest asked is shown (two refreshes may answer out of order). */
  const listClubs = () => reads.latest('clubs', () => api.clubs.mine(), (s, mine) => clubsListed(mine));

  return {
    loadClub,
    listClubs,
    /** In by its nine-digit code or its invite link's token: ``{status, club}``.
     * @param {{ code: string } | { token: string }} by */
    async joinClub(by) {
      const r = await api.clubs.join(by);
      await listClubs().catch(() => null);
      return r;
    },
    /** @param {string} name
     * @param {string} notice */
    async createClub(name, notice) {
      const club = await api.clubs.create(name, notice);
      await listClubs().catch(() => null);
      return club;
    },
    /** @param {number} id */
    async leaveClub(id) {
      const r = await api.clubs.leave(id);
      store.set((s) => clubForgotten(s, id));
      return r;
    },
    /** @param {number} id
     * @param {object} changes */
    configureClub: async (id, changes) => seenAfter(id, await api.clubs.configure(id, changes)),
    /** @param {number} id
     * @param {number} account
     * @param {boolean} accept */
    answerMember: async (id, account, accept) => seenAfter(id, await api.clubs.answer(id, account, accept)),
    /** @param {number} id
     * @param {number} account */
    removeMember: async (id, account) => seenAfter(id, await api.clubs.remove(id, account)),
    /** @param {number} id
     * @param {number} account
     * @param {boolean} on */
    banMember: async (id, account, on) => seenAfter(id, await api.clubs.ban(id, account, on)),
    /** @param {number} id
     * @param {number} account
     * @param {boolean} on */
    nameManager: async (id, account, on) => seenAfter(id, await api.clubs.manager(id, account, on)),
    /** @param {number} id
     * @param {number} account */
    handClubOn: async (id, account) => seenAfter(id, await api.clubs.handOn(id, account)),
    /** @param {number} id
     * @param {string} period */
    loadClubTally: (id, period) => reads.latest(`tally/${id}/${period}`, () => api.clubs.tally(id, period),
      (s, tally) => clubTallySeen(s, id, tally)),
    /** @param {number} id */
    loadClubSessions: async (id) => (await reads.latest(`sessions/${id}`, () => api.clubs.sessions(id),
      (s, { sessions }) => clubSessionsSeen(s, id, sessions))).sessions,
  };
}
