// The client's state: one plain object, replaced (never mutated) by set(), and the
// views that listen to it. A burst of frames in one task renders once.

export function createStore(initial) {
  let state = initial;
  const listeners = new Set();
  let queued = false;

  const notify = () => {
    queued = false;
    for (const f of [...listeners]) f(state);
  };

  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      if (!queued) {
        queued = true;
        queueMicrotask(notify);
      }
    },
    subscribe(f) {
      listeners.add(f);
      return () => listeners.delete(f);
    },
  };
}

const FILTER_KEY = 'yuanzi.lobbyFilter';
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
});
