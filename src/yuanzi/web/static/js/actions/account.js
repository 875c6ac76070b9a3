// The player's own intentions (issue 46): log in or register, log out, his account again,
// the lobby's filter and subscription, and what a screen's coming and going asks of the
// hall.

import { api } from '../api.js';
import { navigate } from '../router.js';
import { saveLobbyFilter, signedOut } from '../store.js';
import { takeClubInvite, takeInvite } from '../invites.js';
import { keeper } from './keeper.js';

/** What the lobby shows at most: a page a screen can hold; a filter narrows it. */
const LOBBY_LIMIT = 100;
/** "Near my level": tables whose players are all within this many levels of mine. */
const NEAR_LEVELS = 2;

/** The lobby subscription: a page of the tables the filter lets through (issue 14).
 * @param {{ lobbyFilter: { free: boolean, bet: number | null, near: boolean },
 *   account: { level: number } | null }} state */
export function lobbyParamsOf({ lobbyFilter: f, account }) {
  /** @type {Record<string, number | boolean>} */
  const params = { subscribe: true, changes: true, limit: LOBBY_LIMIT };
  if (f.free) params.free_seats = true;
  if (f.bet !== null) params.bet = f.bet;
  if (f.near && account) {
    params.min_level = Math.max(0, account.level - NEAR_LEVELS);
    params.max_level = account.level + NEAR_LEVELS;
  }
  return params;
}

/** @param {import('./page.js').Page} page */
export function accountActions({ store, socket, toast, quietly, errorTextOf }) {
  const lobbyParams = () => lobbyParamsOf(store.get());
  const reads = keeper(store);
  return {
    lobbyParams,
    /** @param {Partial<{ free: boolean, bet: number | null, near: boolean }>} patch */
    setLobbyFilter(patch) {
      const lobbyFilter = { ...store.get().lobbyFilter, ...patch };
      saveLobbyFilter(lobbyFilter);
      store.set({ lobbyFilter });
      if (socket.online && store.get().route.name === 'lobby') {
        socket.request('lobby', lobbyParams()).catch((e) => toast(errorTextOf(e)));
      }
    },
    /** @param {string} mode
     * @param {string} nickname
     * @param {string} password */
    async authenticate(mode, nickname, password) {
      const account = mode === 'login' ? await api.login(nickname, password) : await api.register(nickname, password);
      store.set((s) => ({ ...signedOut(s), account })); // (nothing read for another account is shown)
      socket.start();
      const invite = takeInvite(); // came by an invite link while logged out
      const clubInvite = takeClubInvite(); // or by a club's
      if (invite) navigate('join', invite);
      else if (clubInvite) navigate('clubjoin', clubInvite);
      else navigate('lobby');
    },
    async logout() {
      try {
        await api.logout();
      } finally {
        socket.stop();
        store.set(signedOut); // (his tables, game, reads and pages: none is the next one's)
        navigate('login');
      }
    },
    /** The account read again; an answer asked before the one shown is stale (two
     * refreshes answered out of order) and dropped, as is one for an account that is
     * not the one logged in now. */
    async refreshAccount() {
      try {
        await reads.latest('account', () => api.me(), (s, me) => (s.account?.id === me.id ? { account: me } : {}));
      } catch { /* offline: keep what we have */ }
    },
    /** @param {{ name: string, id: any }} prev
     * @param {{ name: string, id: any }} next */
    routeChanged(prev, next) {
      const s = store.get();
      if (!socket.online) return;
      if (prev.name === 'table' && s.watching === prev.id && !(next.name === 'table' && next.id === prev.id)) {
        quietly(socket.request('unwatch', { table: prev.id }));
        store.set({ watching: null, game: null });
      }
      if (next.name === 'lobby') quietly(socket.request('lobby', lobbyParams()));
      else if (prev.name === 'lobby') quietly(socket.request('lobby', { subscribe: false }));
      if (next.name === 'table' && next.id !== null && s.myTable !== next.id && s.watching !== next.id) {
        socket.request('spectate', { table: next.id }).then(
          () => store.set({ watching: next.id }),
          (e) => { toast(errorTextOf(e)); navigate('lobby'); });
      }
    },
  };
}
