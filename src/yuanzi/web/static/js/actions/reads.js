// The screens' reads (issue 46): each by the one REST road (api.js), its answer into the
// store under its key (state/reads.js), where the screen renders it from. And the few
// changes those screens make that are no table's, club's or tournament's: asking the
// coach for a review, a push subscription, an admin's remedies.

import { api } from '../api.js';
import { keeper } from './keeper.js';
import { readKey, readRefused, readSeen } from '../state/reads.js';
import { reviewIs } from '../state/economy.js';

/** What may be read, by name: the hall's route for it.
 * @type {Record<string, (...args: any[]) => Promise<any>>} */
const ROADS = {
  /** @param {number} id */
  profile: (id) => api.profile(id),
  /** @param {number} id
   * @param {number | null} [before] */
  history: (id, before = null) => api.history(id, before),
  friends: () => api.friends(),
  /** @param {string} by */
  leaderboard: (by) => api.leaderboard(by),
  online: () => api.online(),
  /** @param {string} token */
  invitation: (token) => api.invitation(token),
  /** @param {number} gameId */
  record: (gameId) => api.record(gameId),
  recordsKey: () => api.recordsKey(),
  /** @param {number} gameId */
  gameFacts: (gameId) => api.gameFacts(gameId),
  /** @param {number} gameId
   * @param {number | null} [seat] */
  review: (gameId, seat = null) => api.review(gameId, seat),
  /** @param {number} id */
  replay: (id) => api.replay(id),
  myReplays: () => api.myReplays(),
  /** @param {number} id */
  sessionRoom: (id) => api.sessionRoom(id),
  shop: () => api.shop(),
  reliefStatus: () => api.reliefStatus(),
  pushOffer: () => api.push.offer(),
  /** @param {number} limit */
  adminReports: (limit) => api.admin.reports(limit),
  /** @param {number} limit */
  adminAudit: (limit) => api.admin.audit(limit),
  adminLedger: () => api.admin.ledger(),
  /** @param {number} id
   * @param {number} limit */
  adminAccountLedger: (id, limit) => api.admin.accountLedger(id, limit),
  adminGemCap: () => api.admin.gemCap(),
};

/** @param {import('./page.js').Page} page */
export function readActions({ store, toast, errorTextOf }) {
  const reads = keeper(store);
  return {
    /** Ask the hall for ``name`` with ``args``; its answer (also in the store's
     * ``reads`` under its key). A refusal is thrown; the store keeps its code.
     * @param {string} name
     * @param {...any} args */
    async read(name, ...args) {
      const road = ROADS[name];
      if (!road) throw new Error(`nothing is read as ${name}`);
      const key = readKey(name, ...args);
      return reads.read(() => road(...args), (s, data, n) => readSeen(s, key, data, n),
        (s, code, n, message) => readRefused(s, key, code, n, message));
    },
    /** The coach reviews my seat of a game (issue 17): the store says it is asked, and
     * done when the hall answers so (review_progress frames say the rest); its answer
     * (queued, running, done), or null — the refusal said.
     * @param {number} gameId
     * @param {number | null} [seat] */
    async askReview(gameId, seat = null) {
      store.set((s) => reviewIs(s, gameId, 'queued'));
      try {
        const answer = await api.askReview(gameId, seat);
        if (answer.status === 'done') store.set((s) => reviewIs(s, gameId, 'done'));
        return answer;
      } catch (e) {
        store.set((s) => reviewIs(s, gameId, 'failed'));
        toast(errorTextOf(e));
        return null;
      }
    },
    /** This browser's push subscription kept by the hall, or dropped (issue 47).
     * @param {object} body */
    subscribePush: (body) => api.push.subscribe(body),
    /** @param {string} endpoint */
    unsubscribePush: (endpoint) => api.push.unsubscribe(endpoint),
    /** An admin's remedies and settings (/api/admin: refused to anyone else). */
    admin: {
      /** @param {number | null} cap */
      setGemCap: (cap) => api.admin.setGemCap(cap),
      /** @param {number} account
       * @param {number} amount
       * @param {string} reason */
      coins: (account, amount, reason) => api.admin.coins(account, amount, reason),
      /** @param {number} account
       * @param {number} minutes
       * @param {string} reason */
      silence: (account, minutes, reason) => api.admin.silence(account, minutes, reason),
      /** @param {number} account
       * @param {string} reason */
      kick: (account, reason) => api.admin.kick(account, reason),
      /** @param {number} account
       * @param {string} reason */
      ban: (account, reason) => api.admin.ban(account, reason),
      /** @param {number} account
       * @param {string} reason */
      unban: (account, reason) => api.admin.unban(account, reason),
    },
  };
}
