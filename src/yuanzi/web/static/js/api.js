// The hall's REST routes (/api): accounts and records. Errors carry the server's code.

import { newValue, remember } from './myvalues.js';

export class ApiError extends Error {
  /** @param {string} code
   * @param {string} message
   * @param {number} status */
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** One request of the hall's REST road; its JSON answer (null for 204), or an ApiError.
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>} */
async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    throw new ApiError('offline', String(e && /** @type {Error} */ (e).message), 0);
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const err = data && data.error;
    throw new ApiError(err ? err.code : 'unknown', err ? err.message : response.statusText,
      response.status);
  }
  return data;
}

export const api = {
  me: () => call('GET', '/api/me'),
  // who this browser is logged in as, or { account: null }: always 200, so a logged-out
  // page's probe is not a refused request (which the browser would log as an error)
  session: () => call('GET', '/api/session'),
  /** @param {string} nickname
   * @param {string} password */
  register: (nickname, password) => call('POST', '/api/register', { nickname, password }),
  /** @param {string} nickname
   * @param {string} password */
  login: (nickname, password) => call('POST', '/api/login', { nickname, password }),
  logout: () => call('POST', '/api/logout'),
  tables: () => call('GET', '/api/tables'),
  /** @param {number} gameId */
  record: (gameId) => call('GET', `/api/games/${encodeURIComponent(gameId)}/record`),
  // the key the hall signs every record it gives out with (issue 54): {alg, key}
  recordsKey: () => call('GET', '/api/records/key'),
  /** @param {number} gameId */
  gameFacts: (gameId) => call('GET', `/api/games/${encodeURIComponent(gameId)}`),
  /** @param {string} token */
  invitation: (token) => call('GET', `/api/invites/${encodeURIComponent(token)}`),
  // the economy (docs/protocol.md, RULES.md §10–§11)
  inventory: () => call('GET', '/api/inventory'),
  /** @param {number} from
   * @param {number} to */
  moveItem: (from, to) => call('POST', '/api/inventory/move', { from, to }),
  /** @param {number} slot
   * @param {object} [extra] */
  useItem: (slot, extra = {}) => call('POST', '/api/inventory/use', { slot, ...extra }),
  shop: () => call('GET', '/api/shop'),
  /** @param {string} item
   * @param {number} [count] */
  buy: (item, count = 1) => call('POST', '/api/shop/buy', { item, count }),
  reliefStatus: () => call('GET', '/api/relief'),
  relief: () => call('POST', '/api/relief'),
  /** @param {number} table
   * @param {number} bet */
  setBet: (table, bet) => call('POST', `/api/tables/${encodeURIComponent(table)}/bet`, { bet }),
  /** @param {string} by */
  leaderboard: (by) => call('GET', `/api/leaderboard?by=${encodeURIComponent(by)}`),
  /** @param {number | string} id */
  profile: (id) => call('GET', `/api/accounts/${encodeURIComponent(id)}`),
  friends: () => call('GET', '/api/friends'),
  online: () => call('GET', '/api/online'),
  /** @param {number | string} id
   * @param {number | null} [before] */
  history: (id, before = null) => call('GET', `/api/accounts/${encodeURIComponent(id)}/games`
    + (before === null ? '' : `?before=${encodeURIComponent(before)}`)),
  gemCap: () => call('GET', '/api/gem-cap'),
  myReplays: () => call('GET', '/api/me/replays'),
  /** @param {number} gameId
   * @param {number | null | undefined} seat */
  askReview: (gameId, seat) => call('POST', `/api/games/${encodeURIComponent(gameId)}/review`, seat == null ? {} : { seat }),
  /** @param {number} gameId
   * @param {number | null | undefined} seat */
  review: (gameId, seat) => call('GET', `/api/games/${encodeURIComponent(gameId)}/review${seat == null ? '' : `?seat=${seat}`}`),
  /** @param {number | string} id */
  replay: (id) => call('GET', `/api/replays/${encodeURIComponent(id)}`),
  // session rooms and clubs (issue 26)
  /** @param {number | string} id */
  sessionRoom: (id) => call('GET', `/api/sessions/${encodeURIComponent(id)}`),
  clubs: {
    mine: () => call('GET', '/api/clubs'),
    /** @param {string} name
     * @param {string} notice */
    create: (name, notice) => call('POST', '/api/clubs', { name, notice }),
    /** @param {object} by */
    join: (by) => call('POST', '/api/clubs/join', by), // { code } or { token }
    /** @param {number | string} id */
    page: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}`),
    /** @param {number | string} id
     * @param {object} changes */
    configure: (id, changes) => call('PATCH', `/api/clubs/${encodeURIComponent(id)}`, changes),
    /** @param {number | string} id
     * @param {string} period */
    tally: (id, period) => call('GET', `/api/clubs/${encodeURIComponent(id)}/tally?period=${encodeURIComponent(period)}`),
    /** @param {number | string} id */
    sessions: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}/sessions`),
    /** @param {number | string} id
     * @param {number} account
     * @param {boolean} accept */
    answer: (id, account, accept) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/answer`, { accept }),
    /** @param {number | string} id
     * @param {number} account */
    remove: (id, account) => call('DELETE', `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}`),
    // the founder or a manager bans a member (on: false lifts it); the founder names managers and hands the club on
    /** @param {number | string} id
     * @param {number} account
     * @param {boolean} on */
    ban: (id, account, on) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/ban`, { on }),
    /** @param {number | string} id
     * @param {number} account
     * @param {boolean} on */
    manager: (id, account, on) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/manager`, { on }),
    /** @param {number | string} id
     * @param {number} account */
    handOn: (id, account) => call('POST', `/api/clubs/${encodeURIComponent(id)}/hand_on`, { account }),
    /** @param {number | string} id */
    leave: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/leave`),
  },
  // Web Push (issue 47): the hall's key and kinds, this browser's subscription
  push: {
    offer: () => call('GET', '/api/push'),
    /** @param {object} body */
    subscribe: (body) => call('POST', '/api/push/subscriptions', body),
    /** @param {string} endpoint */
    unsubscribe: (endpoint) => call('DELETE', '/api/push/subscriptions', { endpoint }),
  },
  // tournaments (比赛, issue 28): sit-and-go or scheduled, duplicate deals
  tournaments: {
    list: () => call('GET', '/api/tournaments'),
    /** @param {object} fields */
    create: (fields) => call('POST', '/api/tournaments', fields), // {name, size, rounds, games_per_round, starts_at?, club?}
    /** @param {number | string} id */
    get: (id) => call('GET', `/api/tournaments/${encodeURIComponent(id)}`),
    // with this browser's value for the tournament's deals (issue 43): its SHA-256 now,
    // the value itself when the tournament starts (`reveal`, asked by a frame) — kept
    // before the answer comes, as the start may ask for it first. Without Web Crypto
    // (plain http on a LAN address) the value goes in the clear.
    /** @param {number | string} id */
    enter: async (id) => {
      const value = newValue();
      const url = `/api/tournaments/${encodeURIComponent(id)}/enter`;
      const subtle = globalThis.crypto?.subtle;
      if (!subtle) {
        return call('POST', url, { contribution: value }).then((view) => { remember(value, `tour:${id}`); return view; });
      }
      const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(value)));
      const commitment = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
      remember(value, `commit:${commitment}`); // (kept by its commitment: the start asks by it)
      return call('POST', url, { commitment }).then((view) => { remember(value, `tour:${id}`); return view; });
    },
    /** @param {number | string} id
     * @param {string} value */
    reveal: (id, value) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/reveal`, { value }),
    /** @param {number | string} id */
    leave: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/leave`),
    /** @param {number | string} id */
    bots: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/bots`),
    /** @param {number | string} id */
    checkin: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/checkin`),
  },
  // the admin's desk (/api/admin: forbidden to anyone else)
  admin: {
    /** @param {number} limit */
    reports: (limit) => call('GET', `/api/admin/chat-reports?limit=${limit}`),
    /** @param {number} limit */
    audit: (limit) => call('GET', `/api/admin/audit?limit=${limit}`),
    ledger: () => call('GET', '/api/admin/ledger'),
    /** @param {number | string} id
     * @param {number} limit */
    accountLedger: (id, limit) => call('GET', `/api/admin/accounts/${encodeURIComponent(id)}/ledger?limit=${limit}`),
    gemCap: () => call('GET', '/api/admin/gem-cap'),
    /** @param {number | null} cap */
    setGemCap: (cap) => call('PUT', '/api/admin/gem-cap', { cap }),
    /** @param {number} account
     * @param {number} amount
     * @param {string} reason */
    coins: (account, amount, reason) => call('POST', '/api/admin/coins', { account, amount, reason }),
    /** @param {number} account
     * @param {number} minutes
     * @param {string} reason */
    silence: (account, minutes, reason) => call('POST', '/api/admin/silence', { account, minutes, reason }),
    /** @param {number} account
     * @param {string} reason */
    kick: (account, reason) => call('POST', '/api/admin/kick', { account, reason }),
    /** @param {number} account
     * @param {string} reason */
    ban: (account, reason) => call('POST', '/api/admin/ban', { account, reason }),
    /** @param {number} account
     * @param {string} reason */
    unban: (account, reason) => call('POST', '/api/admin/unban', { account, reason }),
  },
};
