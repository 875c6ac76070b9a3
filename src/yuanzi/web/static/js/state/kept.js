// The hall's answers kept in the store (issue 46): under a slice of the state and a key
// (a club's id, a read's key), numbered by the read that brought them, so that a read
// answered after a newer one of the same key never overwrites it.

/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').KeptSlice} KeptSlice */

/** ``entry`` (with its read's number ``n``) under ``slice[key]``, unless a newer one is there.
 * @param {State} s
 * @param {KeptSlice} slice
 * @param {number | string} key
 * @param {object} entry
 * @param {number} n
 * @returns {Partial<State>} */
export function keep(s, slice, key, entry, n) {
  /** @type {Record<string | number, import('./shapes.js').Kept>} */
  const all = s[slice] ?? {};
  if ((all[key]?.n ?? -1) > n) return {};
  return { [slice]: { ...all, [key]: { ...entry, n } } };
}

/** What is kept under ``slice[key]`` (undefined when nothing is).
 * @type {(s: State, slice: KeptSlice, key: number | string) => import('./shapes.js').Kept | undefined} */
export const kept = (s, slice, key) => /** @type {Record<string | number, import('./shapes.js').Kept>} */ (s[slice])?.[key];
