// Hash routes: #/lobby, #/table/12, #/replays/7 (a game's record), #/replay/<token> (a
// saved replay's shareable link), #/join/<token> (a private table's invite link),
// #/profile/5, #/clubs (my clubs), #/club/3 (a club's page), #/clubjoin/<token> (a club's
// invite link), #/tournaments (比赛), #/tournament/4 (a tournament's page), … (the server
// serves one page at /).

export const SCREENS = ['login', 'lobby', 'table', 'items', 'shop', 'leaderboard', 'profile', 'replays', 'replay', 'guide', 'join', 'friends', 'admin',
  'clubs', 'club', 'clubjoin', 'tournaments', 'tournament'];
const TOKENS = ['replay', 'join', 'clubjoin', 'guide']; // routes whose id is a token, not a number (the guide's: a section)

/** The route an address names (an unknown screen: the lobby).
 * @returns {{ name: string, id: any }} */
export function parseHash(hash = location.hash) {
  const [name, id] = hash.replace(/^#\/?/, '').split('/');
  return {
    name: SCREENS.includes(name) ? name : 'lobby',
    id: TOKENS.includes(name) ? (id && /^[\w-]{1,64}$/.test(id) ? id : null) // a replay's or an invite's token
      : id && /^\d+$/.test(id) ? Number(id) : null,
  };
}

/** @type {(name: string, id?: number | string | null) => string} */
export const hrefOf = (name, id = null) => `#/${name}${id === null ? '' : `/${encodeURIComponent(id)}`}`;

/** To the screen (a new address: the page follows it).
 * @param {string} name
 * @param {number | string | null} [id] */
export function navigate(name, id = null) {
  const href = hrefOf(name, id);
  if (location.hash !== href) location.hash = href;
}

/** @param {(route: { name: string, id: any }) => void} f */
export function onRoute(f) {
  window.addEventListener('hashchange', () => f(parseHash()));
}
