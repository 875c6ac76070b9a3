// The tables' frames as a pure reducer (issue 46): the lobby's rows, one table's view,
// tables that closed or that I no longer hear. Each returns the store's change and the
// effects it asks for, as data (state/effects.js runs them).

/** @typedef {import('./effects.js').Effect} Effect */
/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */
/** @typedef {import('./shapes.js').Reduced} Reduced */
/** @typedef {import('./shapes.js').Reducer} Reducer */
/** @typedef {import('./shapes.js').TableView} TableView */

/** @type {(table: TableView, account: import('./shapes.js').AccountView | null) => boolean} */
const seatedAt = (table, account) => !!account && table.seats.some((s) => s.account_id === account.id);

/** The store's change for tables whose rows changed and tables that closed.
 * @param {State} s
 * @param {TableView[]} rows
 * @param {number[]} closed */
export function tablePatch(s, rows, closed) {
  const tables = { ...s.tables };
  let { myTable, watching } = s;
  for (const table of rows) {
    tables[table.id] = table;
    if (seatedAt(table, s.account)) myTable = table.id;
    else if (myTable === table.id) myTable = null;
  }
  for (const id of closed) {
    delete tables[id];
    if (myTable === id) myTable = null;
    if (watching === id) watching = null;
  }
  return { tables, myTable, watching };
}

/** A tournament's table that closed under me (its games played, issue 28): to the
 * tournament's page, where the round's standings show, rather than the lobby — keeping
 * the last game's end for that page to show (issue 45). Null: not such a table.
 * @param {State} s
 * @param {number} tableId
 * @returns {Reduced | null} */
export function closedTournamentTable(s, tableId) {
  const place = s.tables[tableId]?.tournament;
  if (!place || !(s.myTable === tableId || (s.route.name === 'table' && s.route.id === tableId))) return null;
  const over = s.over && s.over.table === tableId && !s.over.dismissed ? s.over : null;
  return {
    patch: over ? { tourLastGame: { tournament: place.id, round: place.round, over, table: s.tables[tableId] } } : {},
    effects: [{ type: 'toast', key: 'tour.table_over', kind: 'info', ms: 6000, remember: 'tableOver' },
      { type: 'navigate', name: 'tournament', id: place.id }],
  };
}

/** A table closed: its tournament's page, or the lobby with a word when I was looking at it.
 * @param {State} s
 * @param {number[]} ids
 * @returns {Reduced} */
function closed(s, ids) {
  for (const id of ids) {
    const to = closedTournamentTable(s, id);
    if (to) return to;
  }
  if (s.route.name === 'table' && ids.includes(s.route.id)) {
    return { patch: {}, effects: [{ type: 'toast', key: 'table.closed', kind: 'info' },
      { type: 'navigate', name: 'lobby' }] };
  }
  return { patch: {}, effects: [] };
}

/** @type {(a: Reduced, b: Reduced) => Reduced} */
const merge = (a, b) => ({ patch: { ...a.patch, ...b.patch }, effects: [...a.effects, ...b.effects] });

/** @type {Record<string, Reducer>} */
const REDUCERS = {
  welcome(s, f) {
    const effects = [];
    const route = s.route;
    if (f.table !== null && (route.name === 'lobby' || route.name === 'login')) effects.push({ type: 'navigate', name: 'table', id: f.table });
    else if (route.name === 'lobby') effects.push({ type: 'subscribeLobby' });
    else if (route.name === 'table' && route.id !== f.table) effects.push({ type: 'request', msg: 'spectate', fields: { table: route.id }, quiet: true });
    return { patch: { account: f.account, myTable: f.table }, effects };
  },
  lobby(s, f) {
    // the lobby's rows, and the tables I sit at or watch (a private one is in no lobby)
    const tables = Object.fromEntries(f.tables.map((/** @type {TableView} */ x) => [x.id, x]));
    for (const id of [s.myTable, s.watching, s.route.name === 'table' ? s.route.id : null]) {
      if (id !== null && s.tables[id] && !tables[id]) tables[id] = s.tables[id];
    }
    return { patch: { tables, lobbyTotal: f.total ?? f.tables.length }, effects: [] };
  },
  table: (s, f) => ({ patch: tablePatch(s, [f.table], []), effects: [] }),
  lobby_changes(s, f) {
    const gone = [...f.closed, ...(f.gone || [])];
    return merge({ patch: tablePatch(s, f.tables, gone), effects: [] }, closed(s, f.closed));
  },
  table_closed: (s, f) => merge({ patch: tablePatch(s, [], [f.table]), effects: [] }, closed(s, [f.table])),
  left_table(s, f) { // out of the table (issue 27): it is heard no more, so leave it
    const seated = s.myTable === f.table;
    const tables = { ...s.tables };
    delete tables[f.table];
    /** @type {Reduced} */
    const out = { patch: { tables, myTable: seated ? null : s.myTable,
      watching: s.watching === f.table ? null : s.watching,
      game: s.game && s.game.tableId === f.table ? null : s.game,
      over: s.over && s.over.table === f.table ? null : s.over }, effects: [] };
    const to = f.reason === 'closed' ? closedTournamentTable(s, f.table) : null;
    if (to) return merge(out, to);
    // a seat's loss was said by stood_up; a spectator sent away hears it here
    if (!seated && f.reason !== 'stood' && f.reason !== 'closed') {
      out.effects.push({ type: 'toast', key: `left.${f.reason}`, kind: 'error', ms: 8000 });
    }
    if (s.route.name === 'table' && s.route.id === f.table) out.effects.push({ type: 'navigate', name: 'lobby' });
    return out;
  },
};

/** The tables' reducer: null for a frame that is not theirs.
 * @param {State} s
 * @param {Frame} f
 * @returns {Reduced | null} */
export function reduceTables(s, f) {
  const reduce = REDUCERS[f.type];
  return reduce ? reduce(s, f) : null;
}

/** The dialog of my last tournament game (``tourLastGame``) was closed: forgotten, when it
 * is still that game's (a later game's end is kept).
 * @param {State} s
 * @param {number} gameId
 * @returns {Partial<State>} */
export const lastGameClosed = (s, gameId) => (s.tourLastGame && s.tourLastGame.over.game_id === gameId
  ? { tourLastGame: null } : {});
