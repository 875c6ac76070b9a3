// The hall's REST routes (/api): accounts and records. Errors carry the server's code.

import { newValue, remember } from './myvalues.js';

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

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
    throw new ApiError('offline', String(e && e.message), 0);
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
  register: (nickname, password) => call('POST', '/api/register', { nickname, password }),
  login: (nickname, password) => call('POST', '/api/login', { nickname, password }),
  logout: () => call('POST', '/api/logout'),
  tables: () => call('GET', '/api/tables'),
  record: (gameId) => call('GET', `/api/games/${encodeURIComponent(gameId)}/record`),
  gameFacts: (gameId) => call('GET', `/api/games/${encodeURIComponent(gameId)}`),
  invitation: (token) => call('GET', `/api/invites/${encodeURIComponent(token)}`),
  // the economy (docs/protocol.md, RULES.md §10–§11)
  inventory: () => call('GET', '/api/inventory'),
  moveItem: (from, to) => call('POST', '/api/inventory/move', { from, to }),
  useItem: (slot, extra = {}) => call('POST', '/api/inventory/use', { slot, ...extra }),
  shop: () => call('GET', '/api/shop'),
  buy: (item, count = 1) => call('POST', '/api/shop/buy', { item, count }),
  reliefStatus: () => call('GET', '/api/relief'),
  relief: () => call('POST', '/api/relief'),
  setBet: (table, bet) => call('POST', `/api/tables/${encodeURIComponent(table)}/bet`, { bet }),
  leaderboard: (by) => call('GET', `/api/leaderboard?by=${encodeURIComponent(by)}`),
  profile: (id) => call('GET', `/api/accounts/${encodeURIComponent(id)}`),
  friends: () => call('GET', '/api/friends'),
  online: () => call('GET', '/api/online'),
  history: (id, before = null) => call('GET', `/api/accounts/${encodeURIComponent(id)}/games`
    + (before === null ? '' : `?before=${encodeURIComponent(before)}`)),
  gemCap: () => call('GET', '/api/gem-cap'),
  myReplays: () => call('GET', '/api/me/replays'),
  askReview: (gameId, seat) => call('POST', `/api/games/${encodeURIComponent(gameId)}/review`, seat == null ? {} : { seat }),
  review: (gameId, seat) => call('GET', `/api/games/${encodeURIComponent(gameId)}/review${seat == null ? '' : `?seat=${seat}`}`),
  replay: (id) => call('GET', `/api/replays/${encodeURIComponent(id)}`),
  // session rooms and clubs (issue 26)
  sessionRoom: (id) => call('GET', `/api/sessions/${encodeURIComponent(id)}`),
  clubs: {
    mine: () => call('GET', '/api/clubs'),
    create: (name, notice) => call('POST', '/api/clubs', { name, notice }),
    join: (by) => call('POST', '/api/clubs/join', by), // { code } or { token }
    page: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}`),
    configure: (id, changes) => call('PATCH', `/api/clubs/${encodeURIComponent(id)}`, changes),
    tally: (id, period) => call('GET', `/api/clubs/${encodeURIComponent(id)}/tally?period=${encodeURIComponent(period)}`),
    sessions: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}/sessions`),
    answer: (id, account, accept) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/answer`, { accept }),
    remove: (id, account) => call('DELETE', `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}`),
    // the founder or a manager bans a member (on: false lifts it); the founder names managers and hands the club on
    ban: (id, account, on) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/ban`, { on }),
    manager: (id, account, on) => call('POST',
      `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(account)}/manager`, { on }),
    handOn: (id, account) => call('POST', `/api/clubs/${encodeURIComponent(id)}/hand_on`, { account }),
    leave: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/leave`),
  },
  // Web Push (issue 47): the hall's key and kinds, this browser's subscription
  push: {
    offer: () => call('GET', '/api/push'),
    subscribe: (body) => call('POST', '/api/push/subscriptions', body),
    unsubscribe: (endpoint) => call('DELETE', '/api/push/subscriptions', { endpoint }),
  },
  // tournaments (比赛, issue 28): sit-and-go or scheduled, duplicate deals
  tournaments: {
    list: () => call('GET', '/api/tournaments'),
    create: (fields) => call('POST', '/api/tournaments', fields), // {name, size, rounds, games_per_round, starts_at?, club?}
    get: (id) => call('GET', `/api/tournaments/${encodeURIComponent(id)}`),
    // with this browser's value for the tournament's deals (issue 43): its SHA-256 now,
    // the value itself when the tournament starts (`reveal`, asked by a frame) — kept
    // before the answer comes, as the start may ask for it first. Without Web Crypto
    // (plain http on a LAN address) the value goes in the clear.
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
    reveal: (id, value) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/reveal`, { value }),
    leave: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/leave`),
    bots: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/bots`),
    checkin: (id) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/checkin`),
  },
  // the admin's desk (/api/admin: forbidden to anyone else)
  admin: {
    reports: (limit) => call('GET', `/api/admin/chat-reports?limit=${limit}`),
    audit: (limit) => call('GET', `/api/admin/audit?limit=${limit}`),
    ledger: () => call('GET', '/api/admin/ledger'),
    accountLedger: (id, limit) => call('GET', `/api/admin/accounts/${encodeURIComponent(id)}/ledger?limit=${limit}`),
    gemCap: () => call('GET', '/api/admin/gem-cap'),
    setGemCap: (cap) => call('PUT', '/api/admin/gem-cap', { cap }),
    coins: (account, amount, reason) => call('POST', '/api/admin/coins', { account, amount, reason }),
    silence: (account, minutes, reason) => call('POST', '/api/admin/silence', { account, minutes, reason }),
    kick: (account, reason) => call('POST', '/api/admin/kick', { account, reason }),
    ban: (account, reason) => call('POST', '/api/admin/ban', { account, reason }),
    unban: (account, reason) => call('POST', '/api/admin/unban', { account, reason }),
  },
};
