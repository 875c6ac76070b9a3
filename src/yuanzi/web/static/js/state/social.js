// The people's frames as a pure reducer (issue 46): table chat, friends and their
// invitations, mutes, seat swaps, being stood up, clubs' news, and the server's errors.

/** @typedef {import('./effects.js').Effect} Effect */

/** Chat messages kept per table in the client. */
export const CHAT_KEPT = 60;

const none = { patch: {}, effects: [] };
const toast = (key, params, kind, ms, action = null) => ({ type: 'toast', key, params, kind, ms, action });

const REDUCERS = {
  chat(s, f) {
    if ((s.mutes || []).includes(f.author)) return none; // (the server drops them already)
    const mine = (s.chat[f.table] || []).filter((m) => m.id !== f.id);
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
  club_news(s, f) { // issue 45: an application, or its answer, as it happens
    const patch = { clubNews: { club: f.club, event: f.event, n: (s.clubNews?.n || 0) + 1 } };
    const see = { label: 'club.open', effect: { type: 'navigate', name: 'club', id: f.club } };
    if (f.event === 'applied') return { patch, effects: [toast('club.news_applied', { who: f.who || '', name: f.name }, 'info', 10000, see)] };
    if (f.event === 'admitted') return { patch, effects: [toast('club.news_admitted', { name: f.name }, 'info', 10000, see)] };
    return { patch, effects: [toast('club.news_refused', { name: f.name }, 'info', 10000)] };
  },
  error(s, f) {
    if (f.code === 'replaced') return none; // the connection banner says it, with a way back
    const effects = f.code ? [{ type: 'toast', error: { code: f.code, message: f.message } }] : [];
    const patch = f.code === 'protocol_version' ? { conn: { ...s.conn, status: 'version' } } : {};
    return { patch, effects };
  },
};

/** The people's reducer: null for a frame that is not theirs. */
export function reduceSocial(s, f) {
  const reduce = REDUCERS[f.type];
  return reduce ? reduce(s, f) : null;
}
