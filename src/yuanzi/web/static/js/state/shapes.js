// The store's shape and the hall's frames as the reducers see them (issue 46): JSDoc types
// only, for TypeScript's `strict` check (jsconfig.json). Nothing here
// runs: no module imports it but by `import('./shapes.js')` in a comment.

/**
 * A frame of the hall (docs/protocol.md): its type and its fields.
 * @typedef {{ type: string, [field: string]: any }} Frame
 */

/**
 * Where the page is (the address's screen and id).
 * @typedef {{ name: string, id: any }} Route
 */

/**
 * The account logged in, as the hall last told it (GET /api/me, welcome, game_over).
 * @typedef {{ id: number, nickname: string, role?: string, score?: number, level: number,
 *   title?: string, title_en?: string, coins?: number, [field: string]: any }} AccountView
 */

/**
 * One seat of a table's view: a player's (``nickname``), a bot's (``bot``, its ``name``
 * and ``name_en``) or empty.
 * @typedef {{ seat: number, kind: string, account_id: number | null, nickname?: string,
 *   name?: string | null, name_en?: string | null, ready?: boolean,
 *   title?: string | null, title_en?: string | null, [field: string]: any }} SeatView
 */

/**
 * A tournament's place of a table (issue 28).
 * @typedef {{ id: number, round: number, games: number, [field: string]: any }} TablePlace
 */

/**
 * A table as the lobby or its own frames show it.
 * @typedef {{ id: number, name: string, seats: SeatView[], status: string, tournament?: TablePlace | null,
 *   turn_seconds: number, [field: string]: any }} TableView
 */

/**
 * The game as my seat sees it (game.js's fromGameFrame).
 * @typedef {import('../game.js').Game} GameView
 */

/**
 * A game's end as the table's screen keeps it.
 * @typedef {{ table: number, game_id: number, seats?: any[], dismissed?: boolean,
 *   changes?: { score: number, coins: number } | null, [field: string]: any }} OverView
 */

/** A toast as the controller keeps it (``action``: its one button's label).
 * @typedef {{ id: number, text: string, kind: string, action?: string | null }} ToastView */

/** An inventory slot's stack (GET /api/inventory).
 * @typedef {{ item: string, count: number, armed?: boolean }} SlotView */
/** The inventory as economy.js keeps it in the store (R43).
 * @typedef {{ size: number, free: number, slots: (SlotView | null)[], armed: string[] }} InventoryView */

/**
 * My last game at a tournament's table that closed (issue 45): its end, and the table as
 * it was, for the tournament's page to show.
 * @typedef {{ tournament: number, round: number, over: OverView, table: TableView }} LastGame
 */

/**
 * An answer of the hall kept in the store (kept.js): what was read, or the refusal.
 * @typedef {{ data?: any, error?: any, n: number, [field: string]: any }} Kept
 */

/**
 * Someone at a game of a player's history (views.HistorySeat): a player, or a bot.
 * @typedef {{ seat: number, account_id: number | null, nickname: string | null, bot: string | null,
 *   name: string | null, name_en: string | null }} HistorySeat
 */

/**
 * One game of a player's history, 战绩 (views.HistoryEntry): results only, never hands
 * (R41); the links (``replay_id``, ``record_open``, ``reviewed``) his own only.
 * @typedef {{ game_id: number, table_id: number, ended_at: string | null, status: string,
 *   seat: number, outcome: string | null, kind: string | null, partner: HistorySeat,
 *   opponents: HistorySeat[], halves: { us: number, them: number }[], score_delta: number,
 *   coins_delta: number | null, bet: number, replay_id?: string | null, record_open?: boolean,
 *   reviewed?: boolean }} HistoryGame
 */

/**
 * A page of a history (GET /api/accounts/{id}/games): ``more`` when older games exist.
 * @typedef {{ games: HistoryGame[], more: boolean }} HistoryPage
 */

/**
 * The lobby's filter (issue 14): free seats only, one bet, players near my level.
 * @typedef {{ free: boolean, bet: number | null, near: boolean }} LobbyFilter
 */

/**
 * The store's state (store.js's initialState).
 * @typedef {object} State
 * @property {AccountView | null} account
 * @property {string[]} bots
 * @property {string[]} features
 * @property {{ status: string, attempt: number, retryAt: number }} conn
 * @property {Route} route
 * @property {Record<number, TableView>} tables
 * @property {number | null} lobbyTotal
 * @property {LobbyFilter} lobbyFilter
 * @property {number | null} myTable
 * @property {Record<number, any[]>} chat
 * @property {number[]} mutes
 * @property {number} friendsVersion
 * @property {number | null} watching
 * @property {GameView | null} game
 * @property {OverView | null} over
 * @property {Record<string, any>} reviews
 * @property {any} halfPanel
 * @property {AccountView | null} accountBefore
 * @property {ToastView[]} toasts
 * @property {InventoryView | null} inventory
 * @property {any} counter
 * @property {any} gem
 * @property {any} tournamentNews
 * @property {LastGame | null} tourLastGame
 * @property {import('./pages.js').TourList | null} tournamentList
 * @property {Record<number, import('./pages.js').TourKept>} tournamentPages
 * @property {import('./pages.js').ClubList | null} clubList
 * @property {Record<number, import('./pages.js').ClubKept>} clubPages
 * @property {Record<number, Record<string, any>>} clubTallies
 * @property {Record<number, any>} clubSessions
 * @property {Record<string, Kept>} reads
 * @property {{ club: number, event: string, n: number }} [clubNews]  the last club_news, counted
 */

/**
 * The parts of the state that keep the hall's answers by key (kept.js).
 * @typedef {'reads' | 'clubPages' | 'tournamentPages'} KeptSlice
 */

/**
 * A reducer's answer: the store's change and the effects it asks for, in order.
 * @typedef {{ patch: Partial<State> & Record<string, any>, effects: import('./effects.js').Effect[] }} Reduced
 */

/**
 * A family's reducer of one frame type.
 * @typedef {(s: State, f: Frame) => Reduced} Reducer
 */

export {};
