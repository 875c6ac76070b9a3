// What the actions are given (issue 46): the store, the socket and the page's few ways
// to speak (controller.js assembles it). JSDoc types only, for TypeScript's `strict`
// check (jsconfig.json); nothing here runs.

/**
 * The store of the page's state (store.js).
 * @typedef {object} Store
 * @property {() => import('../state/shapes.js').State} get
 * @property {(patch: Record<string, any> | ((s: import('../state/shapes.js').State) => Record<string, any>)) => void} set
 * @property {(f: (s: import('../state/shapes.js').State) => void) => () => boolean} subscribe
 */

/**
 * The socket to the hall (ws.js's HallSocket), as the actions use it.
 * @typedef {object} Socket
 * @property {(type: string, fields?: object, timeoutMs?: number) => Promise<any>} request
 * @property {() => void} start
 * @property {() => void} stop
 * @property {() => void} reconnectNow
 * @property {boolean} online
 */

/**
 * @typedef {object} Page
 * @property {Store} store
 * @property {Socket} socket
 * @property {(text: string, kind?: string, ms?: number, action?: { label: string, run: () => void } | null) => number} toast  its id
 * @property {(type: string, fields?: object) => Promise<any>} send  a request whose refusal is said
 * @property {<T>(p: Promise<T>) => Promise<T | null>} quietly  a refusal said, and swallowed
 * @property {(e: any) => string} errorTextOf
 * @property {(text: string, options?: object) => Promise<boolean>} ask  a yes-or-no question
 */

export {};
