// An invite link opened logged out (a private table's, issue 15; a club's, issue 26): its
// token waits in this tab (sessionStorage) through login or registration, then the login
// goes on to it once.

const KEY = 'yuanzi.invite';
const CLUB_KEY = 'yuanzi.clubInvite';

/** @param {string} key
 * @param {string} token */
function keep(key, token) {
  try { sessionStorage.setItem(key, token); } catch { /* private mode: the link again */ }
}

/** @param {string} key */
function take(key) {
  try {
    const token = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return token;
  } catch {
    return null;
  }
}

/** @type {(token: string) => void} */
export const keepInvite = (token) => keep(KEY, token);

/** The invite kept for after login, still kept (the login page says who invites). */
export function peekInvite() {
  try { return sessionStorage.getItem(KEY); } catch { return null; }
}

/** The invite a login should go on to, once (then forgotten). */
export const takeInvite = () => take(KEY);

/** @type {(token: string) => void} */
export const keepClubInvite = (token) => keep(CLUB_KEY, token);

/** The club invite a login should go on to, once (then forgotten). */
export const takeClubInvite = () => take(CLUB_KEY);
