// What the screens are given (issue 46): the store to render from, the actions to ask
// the hall by, and the page's few ways to speak — controller.js assembles it. JSDoc
// types only, for TypeScript's `strict` check of the views (jsconfig.json);
// nothing here runs.

/**
 * Every action a screen may call (``app.act``): the families' actions merged, with the
 * toasts' own two and the table's resync.
 * @typedef {ReturnType<typeof import('./table.js').tableActions>
 *   & ReturnType<typeof import('./people.js').peopleActions>
 *   & ReturnType<typeof import('./account.js').accountActions>
 *   & ReturnType<typeof import('./tournaments.js').tournamentActions>
 *   & ReturnType<typeof import('./clubs.js').clubActions>
 *   & ReturnType<typeof import('./reads.js').readActions>
 *   & { dismiss: (id: number) => void, toastAction: (id: number) => void,
 *       resync: (table: number) => Promise<void> }} Actions
 */

/**
 * The questions the page asks the player (views main.js hands in).
 * @typedef {object} Questions
 * @property {(text: string, options?: object) => Promise<boolean>} ask  yes or no
 * @property {(text: string, options?: object) => Promise<string | null>} prompt  a line of text
 */

/**
 * @typedef {object} App
 * @property {import('./page.js').Store} store
 * @property {import('./page.js').Socket} socket
 * @property {typeof import('../api.js').api} api  (the actions' road; a screen asks by ``act``)
 * @property {typeof import('../router.js').navigate} navigate
 * @property {Questions} ui
 * @property {(e: any) => string} errorText  a refusal in the player's language
 * @property {Actions} act
 * @property {ReturnType<typeof import('../economy.js').createEconomy>} eco
 * @property {(f: import('../state/shapes.js').Frame) => void} onFrame
 * @property {import('./page.js').Page['toast']} toast
 */

/**
 * A screen (or the page's chrome) as main.js mounts it: its root element, drawn again
 * from each state, and let go when another takes its place.
 * @typedef {object} Screen
 * @property {any} root
 * @property {(state: import('../state/shapes.js').State) => void} update
 * @property {() => void} destroy
 */

export {};
