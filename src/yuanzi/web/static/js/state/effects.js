// What a reducer asks the page to do, as data (issue 46): the reducers stay pure and are
// unit-tested in node; effects.js (above them) does it — messages, navigation, requests.

/**
 * @typedef {object} Effect
 * @property {string} type  toast, navigate, request, subscribeLobby, resync, loadInventory,
 *   refreshAccount, overChanges, acceptInvite, spectate, askSwap, checkInToast, reveal,
 *   dismissRemembered
 * @property {string} [key]  the words of a toast (an i18n key)
 * @property {object} [params]  the slots of those words
 * @property {Array<{key: string, params?: object, names?: object}>} [parts]  a toast of
 *   several sentences; ``names``: slots filled with the names of seats at ``table``
 * @property {{code: string, message?: string}} [error]  a toast of a refusal of the server
 * @property {string} [kind]  'info' or 'error' (the default)
 * @property {number} [ms]  how long a toast stays
 * @property {{label: string, effect: Effect} | null} [action]  the one button of a toast
 * @property {string} [remember]  a name to dismiss the toast by, later
 * @property {string} [name]  navigate: the screen; dismissRemembered: the name of the toast
 * @property {number|string|null} [id]  navigate: the id of the screen
 * @property {string} [msg]  request: the socket message
 * @property {object} [fields]  request: the fields of the message
 * @property {boolean} [quiet]  request: a refusal says nothing
 * @property {number} [table]
 * @property {number} [tournament]
 * @property {string} [commitment]
 * @property {number} [gameId]
 * @property {object} [before]
 * @property {object} [frame]
 */

/** A reducer's answer: the store's change and the effects, in order.
 * @type {(patch?: object, effects?: Effect[]) => { patch: object, effects: Effect[] }} */
export const reduced = (patch = {}, effects = []) => ({ patch, effects });
