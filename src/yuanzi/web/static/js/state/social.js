// The people's frames as a pure reducer (issue 46): table chat, friends and their
// invitations, mutes, seat swaps, being stood up, and the server's errors.

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */
/** @typedef {import('./shapes.js').Reduced} Reduced */

/** Chat messages kept per table in the client. */
export const CHAT_KEPT = 60;

/** @type {Reduced} */
const none = { patch: {}, effects: [] };
/** @type {(key: string, params: object, kind: string, ms: number, action?: Effect['action']) => Effect} */
const toast = (key, params, kind, ms, action = null) => ({ type: 'toast', key, params, kind, ms, action });

/** @type {Record<string, import('./shapes.js').Reducer>} */
const REDUCERS = {
  chat(s, f) {
    if ((s.mutes || []).includes(f.author)) return none; // (the server drops them already)
    const mine = (s.chat[f.table] || []).filter((/** @type {{id: number}} */ m) => m.id !== f.id);
    return { patch: { chat: { ...s.chat, [f.table]: [...mine, f].slice(-CHAT_KEPT) } }, effects: [] };
  },
  friend_request: (s, f) => ({ patch: { friendsVersion: (s.friendsVersion || 0) + 1 },
    effects: [toast('friends.asked_you', { name: f.sender.nickname }, 'info', 12000,
      { label: 'friends.see', effect: { type: 'navigate', name: 'friends' } })] }),
  friends_changed: (s) => ({ patch: { friendsVersion: (s.friendsVersion || 0) + 1 }, effects: [] }),
  invited: (s, f) => ({ patch: {}, effects: [toast('friends.invited_you', { name: f.sender.nickname, table: f.table },
    'info', 30000, { label: 'friends.join', effect: { type: 'acceptInvite', table: f.table } })] }),
  mutes: (s, f) => ({ patch: { mutes: f.accounts }, effects: [] }),
  swap_asked: (s, f) => ({ patch: {}, effects: [{ type: 'askSwap', frame: f }] }), // another asks to swap seats (issue 31)
  swap_answered: (s, f) => ({ patch: {}, effects: [toast(f.accept ? 'seat.swap_accepted' : 'seat.swap_declined',
    { name: f.by.nickname }, f.accept ? 'info' : 'error', 5000)] }),
  stood_up: (s, f) => ({ patch: {}, effects: [toast(`stood.${f.reason}`, {}, 'error', 8000)] }),
  error(s, f) {
    if (f.code === 'replaced') return none; // the connection banner says it, with a way back
    const effects = f.code ? [{ type: 'toast', error: { code: f.code, message: f.message } }] : [];
    const patch = f.code === 'protocol_version' ? { conn: { ...s.conn, status: 'version' } } : {};
    return { patch, effects };
  },
};

/** The people's reducer: null for a frame that is not theirs.
 * @param {State} s
 * @param {Frame} f
 * @returns {Reduced | null} */
export function reduceSocial(s, f) {
  const reduce = REDUCERS[f.type];
  return reduce ? reduce(s, f) : null;
}
