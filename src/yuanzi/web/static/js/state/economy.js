// The economy's and the coach's frames as a pure reducer (issue 46): a timer that fired
// and who paid whom (R41), a recorder's saved replay, the coach's progress and its end.

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */

/** What a fired timer says (issue 16: it was silent): the parts of its one message.
 * @param {State} s
 * @param {Frame} f */
export function timerWords(s, f) {
  const mine = !!s.game && s.game.seat === f.seat;
  const paid = f.paid || [];
  /** @type {Array<{key: string, params?: object, names?: object}>} */
  const parts = [{ key: `timer.${mine ? 'mine' : 'fired'}${paid.length ? '_paid' : ''}`,
    params: { s: f.seconds, fee: f.fee, each: f.each }, names: { owner: f.seat, names: paid } }];
  if ((f.unpaid_bots || []).length) parts.push({ key: 'timer.bots_unpaid' });
  if (s.game && paid.includes(s.game.seat)) parts.push({ key: 'timer.you_got', params: { each: f.each } });
  return parts;
}

/** @type {Record<string, import('./shapes.js').Reducer>} */
const REDUCERS = {
  timer(s, f) { // everyone hears that it fired and who paid whom (R41)
    const mine = !!s.game && s.game.seat === f.seat;
    const paidMe = !!s.game && (f.paid || []).includes(s.game.seat);
    /** @type {Effect[]} */
    const effects = [{ type: 'toast', parts: timerWords(s, f), table: f.table, kind: 'info', ms: 9000 }];
    if (mine) effects.push({ type: 'loadInventory' });
    if (mine || paidMe) effects.push({ type: 'refreshAccount' }); // coins moved
    return { patch: {}, effects };
  },
  replay_saved: (s, f) => ({ patch: {}, effects: [
    { type: 'toast', key: 'replays.saved', params: { game: f.game_id }, kind: 'info', ms: 6000 },
    { type: 'loadInventory' }] }),
  review_progress: (s, f) => ({ // the coach at work on a game I asked it to review (issue 17)
    patch: { reviews: { ...s.reviews, [f.game_id]: { status: 'running', done: f.done, total: f.total } } }, effects: [] }),
  review_ready: (s, f) => ({
    patch: { reviews: { ...s.reviews, [f.game_id]: { status: f.ok ? 'done' : 'failed', done: 0, total: 0 } } },
    effects: [{ type: 'toast', key: f.ok ? 'coach.ready' : 'coach.failed', params: { game: f.game_id },
      kind: f.ok ? 'info' : 'error', ms: 8000,
      action: f.ok ? { label: 'coach.see', effect: { type: 'navigate', name: 'replays', id: f.game_id } } : null }] }),
};

/** The economy's reducer: null for a frame that is not its.
 * @param {State} s
 * @param {Frame} f
 * @returns {import('./shapes.js').Reduced | null} */
export function reduceEconomy(s, f) {
  const reduce = REDUCERS[f.type];
  return reduce ? reduce(s, f) : null;
}

/** Where the coach's review of a game stands as this page knows it (issue 17): asked
 * (``queued``), ``done`` or ``failed`` — the store's change; review_progress frames say
 * the rest.
 * @param {State} s
 * @param {number} gameId
 * @param {'queued' | 'done' | 'failed'} status */
export const reviewIs = (s, gameId, status) => ({ reviews: { ...s.reviews, [gameId]: { status, done: 0, total: 0 } } });
