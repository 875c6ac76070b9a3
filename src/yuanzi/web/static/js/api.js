// The hall's REST routes (/api): accounts and records. Errors carry the server's code.

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
  register: (nickname, password) => call('POST', '/api/register', { nickname, password }),
  login: (nickname, password) => call('POST', '/api/login', { nickname, password }),
  logout: () => call('POST', '/api/logout'),
  tables: () => call('GET', '/api/tables'),
  record: (gameId) => call('GET', `/api/games/${encodeURIComponent(gameId)}/record`),
  // the economy (docs/protocol.md, RULES.md §10–§11)
  inventory: () => call('GET', '/api/inventory'),
  moveItem: (from, to) => call('POST', '/api/inventory/move', { from, to }),
  useItem: (slot, extra = {}) => call('POST', '/api/inventory/use', { slot, ...extra }),
  shop: () => call('GET', '/api/shop'),
  buy: (item, count = 1) => call('POST', '/api/shop/buy', { item, count }),
  reliefStatus: () => call('GET', '/api/relief'),
  relief: () => call('POST', '/api/relief'),
  leaderboard: (by) => call('GET', `/api/leaderboard?by=${encodeURIComponent(by)}`),
  profile: (id) => call('GET', `/api/accounts/${encodeURIComponent(id)}`),
  gemCap: () => call('GET', '/api/gem-cap'),
  myReplays: () => call('GET', '/api/me/replays'),
  replay: (id) => call('GET', `/api/replays/${encodeURIComponent(id)}`),
};

// Whether this browser has logged in (the session cookie itself is HttpOnly): lets the
// page skip GET /api/me — whose 401 a browser would log as an error — when surely anonymous.
const SESSION_KEY = 'yuanzi.session';
export const sessionHint = {
  get() {
    try { return localStorage.getItem(SESSION_KEY) === '1'; } catch { return true; }
  },
  set(on) {
    try {
      if (on) localStorage.setItem(SESSION_KEY, '1'); else localStorage.removeItem(SESSION_KEY);
    } catch { /* private mode */ }
  },
};
