// The game's frames as a pure reducer (issue 46): the game as my seat sees it (R45), its
// plays, its end, the pause between halves, my card counter and the turn clock. Reading
// the page's clock (game.js's moments) is their one impurity.

import { applyPlayed, fromGameFrame, localMoment } from '../game.js';

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */
/** @typedef {import('./shapes.js').Reduced} Reduced */
/** @typedef {import('./shapes.js').AccountView} AccountView */

/** @type {(s: State, tableId: number) => number} */
const turnSecondsOf = (s, tableId) => (s.tables[tableId] ? s.tables[tableId].turn_seconds : 30);
/** @type {(s: State, f: Frame) => boolean} */
const here = (s, f) => !!s.game && s.game.tableId === f.table && s.game.gameId === f.game_id;

/** The account as a game's end left it: the ladder (score, level, title) from my seat's
 * result, which says them whole (issue 46: no second request for /api/me). The coins it
 * does not say (a balance is its owner's alone): a game that moved some asks for them.
 * @param {AccountView | null} account
 * @param {{ score?: number | null, level?: number | null, title?: string | null, title_en?: string | null } | null | undefined} mine
 * @returns {AccountView | null} */
export function accountAfter(account, mine) {
  if (!account || !mine) return account;
  return { ...account,
    ...(mine.score !== null && mine.score !== undefined ? { score: mine.score } : {}),
    ...(mine.level !== null && mine.level !== undefined ? { level: mine.level } : {}),
    ...(mine.title ? { title: mine.title } : {}), ...(mine.title_en ? { title_en: mine.title_en } : {}) };
}

/** @type {Record<string, import('./shapes.js').Reducer>} */
const REDUCERS = {
  game(s, f) {
    if (f.seat === null && s.myTable === f.table) return { patch: {}, effects: [] }; // a spectator's copy
    const prev = s.game && s.game.tableId === f.table ? s.game : null;
    const game = fromGameFrame(f, turnSecondsOf(s, f.table), prev);
    /** @type {Reduced['patch']} */
    const patch = { game };
    if (!prev || prev.gameId !== f.game_id) {
      patch.over = null;
      patch.halfPanel = null;
      patch.accountBefore = s.account;
    }
    // the first half's summary: when the second half is dealt, or on coming back
    // during the pause between the halves (issue 31); it stays whole while it lasts
    const dealt = prev && prev.gameId === f.game_id && prev.half === 0;
    const shown = s.halfPanel && s.halfPanel.game_id === f.game_id;
    if (game.half === 1 && game.finished.length && (dealt || (game.breakUntil && !shown))) {
      patch.halfPanel = { table: f.table, game_id: f.game_id, half: game.finished[0], waiting: null, pressed: false };
    }
    return { patch, effects: [] };
  },
  played(s, f) {
    if (!s.game || s.game.tableId !== f.table) return { patch: {}, effects: [] };
    const game = applyPlayed(s.game, f);
    if (game === null) return { patch: {}, effects: [{ type: 'resync', table: f.table }] }; // a frame was missed
    return { patch: { game }, effects: [] };
  },
  game_over(s, f) {
    const game = s.game && s.game.tableId === f.table ? { ...s.game, toMove: null, deadline: null } : s.game;
    const account = s.account;
    const mine = (f.seats || []).find((/** @type {{account_id: number | null}} */ x) => account && x.account_id === account.id);
    /** @type {import('./shapes.js').OverView} */
    const over = { ...f, table: f.table, game_id: f.game_id, changes: null, dismissed: false };
    const patch = { game, over, halfPanel: null, counter: null };
    /** @type {Effect[]} */
    const effects = [];
    if (mine && (mine.items?.length || s.inventory)) effects.push({ type: 'loadInventory' }); // drops, spent items
    if (mine) {
      Object.assign(patch, { account: accountAfter(s.account, mine) });
      over.changes = { score: mine.score_delta || 0, coins: mine.coins_delta || 0 };
      // (the same end told again, after a reconnection, must not count twice: the
      // balance is asked, not added to)
      if (mine.coins_delta) effects.push({ type: 'refreshAccount' });
    } else if (s.accountBefore && !(f.seats || []).length) {
      // (a settlement that failed sends no seats: what changed, by asking the account)
      effects.push({ type: 'overChanges', gameId: f.game_id, before: s.accountBefore });
    }
    return { patch, effects };
  },
  half_break(s, f) { // someone pressed 继续, or the pause is over (issue 31)
    /** @type {Reduced['patch']} */
    const patch = {};
    if (here(s, f) && s.game) {
      patch.game = { ...s.game, breakUntil: localMoment(f.until, f.now, 120),
        deadline: localMoment(f.deadline, f.now, s.game.turnSeconds) };
    }
    const hp = s.halfPanel;
    if (hp && hp.game_id === f.game_id) patch.halfPanel = { ...hp, waiting: f.waiting };
    return { patch, effects: [] };
  },
  counter: (s, f) => ({ patch: { counter: f }, effects: [] }), // my card counter (R41)
  timer(s, f) { // the clock's new end, measured on the server's own clock (f.now, ms)
    if (!here(s, f) || !s.game) return { patch: {}, effects: [] };
    const left = f.deadline === null ? null : f.deadline - f.now / 1000;
    return { patch: { game: { ...s.game,
      deadline: left === null ? null : performance.now() + Math.max(0, left) * 1000 } }, effects: [] };
  },
};

/** The game's reducer: null for a frame that is not its.
 * @param {State} s
 * @param {Frame} f
 * @returns {Reduced | null} */
export function reduceGame(s, f) {
  const reduce = REDUCERS[f.type];
  return reduce ? reduce(s, f) : null;
}
