// The client's state: one plain object, replaced (never mutated) by set(), and the
// views that listen to it. A burst of frames in one task renders once.

/** @typedef {import('./state/shapes.js').State} S */

/** @param {S} initial */
export function createStore(initial) {
  let state = initial;
  /** @type {Set<(state: S) => void>} */
  const listeners = new Set();
  let queued = false;

  const notify = () => {
    queued = false;
    for (const f of [...listeners]) f(state);
  };

  return {
    get: () => state,
    /** @param {Record<string, any> | ((state: S) => Record<string, any>)} patch */
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      if (!queued) {
        queued = true;
        queueMicrotask(notify);
      }
    },
    /** @param {(state: S) => void} f */
    subscribe(f) {
      listeners.add(f);
      return () => listeners.delete(f);
    },
  };
}

const FILTER_KEY = 'yuanzi.lobbyFilter';
/** @type {import('./state/shapes.js').LobbyFilter} */
export const NO_FILTER = { free: false, bet: null, near: false };

/** The lobby's filter as this browser last chose it. */
export function loadLobbyFilter() {
  try {
    const saved = JSON.parse(localStorage.getItem(FILTER_KEY) || 'null');
    return saved && typeof saved === 'object' ? { ...NO_FILTER, ...saved } : { ...NO_FILTER };
  } catch {
    return { ...NO_FILTER };
  }
}

/** @param {typeof NO_FILTER} filter */
export function saveLobbyFilter(filter) {
  try { localStorage.setItem(FILTER_KEY, JSON.stringify(filter)); } catch { /* private mode */ }
}

export const initialState = () => ({
  account: null,
  bots: [],
  features: [],
  conn: { status: 'idle', attempt: 0, retryAt: 0 },
  route: { name: 'login', id: null },
  tables: {},
  lobbyTotal: null, // how many tables match the lobby's filter (its page shows at most LOBBY_LIMIT)
  lobbyFilter: loadLobbyFilter(),
  myTable: null,
  chat: {}, // table id → its last messages (issue 15), oldest first
  mutes: [], // accounts whose chat I do not see
  friendsVersion: 0, // raised when the server says my friends changed (the screen reloads)
  watching: null,
  game: null,
  over: null,
  reviews: {},
  halfPanel: null,
  accountBefore: null,
  toasts: [],
  inventory: null,
  counter: null,
  gem: null, // R42: { cap, standing } while the items screen knows them
  tournamentNews: null, // the last `tournament` frame (issue 28), counted: its page looks again
  tourLastGame: null, // my last game at a tournament's table that closed (issue 45): its page shows it
  tournamentList: null, // #/tournaments as the hall last listed it: {signup, running, finished}
  tournamentPages: {}, // tournament id → {tour, n, error}: each as the hall last answered (its page)
  clubList: null, // #/clubs as the hall last answered: {clubs, pending}
  clubPages: {}, // club id → {page, n, error}: each club's page as last read
  clubTallies: {}, // club id → period → its tally as last read
  clubSessions: {}, // club id → its latest sessions as last read
  reads: {}, // a screen's read ('profile/7', 'friends', 'leaderboard/skill') → {data, n, error}
});

/** The state with no account in it (logged out, or another account logging in): every
 * answer read, review, inventory, club and tournament page of the last one forgotten — a
 * screen drawing the store must never show one account's answers to the next. What is
 * the page's (the connection, the route, the hall's bots and features, the lobby's
 * filter, the messages shown) stays.
 * @param {S} s
 * @returns {S} */
export const signedOut = (s) => ({ ...initialState(), conn: s.conn, route: s.route, bots: s.bots,
  features: s.features, lobbyFilter: s.lobbyFilter, toasts: s.toasts });
