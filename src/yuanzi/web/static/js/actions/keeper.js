// Reads whose answers the store keeps (issue 46): each numbered, so that the store can
// tell a late answer of an older read from the newest (state/kept.js).

/** @typedef {import('../state/shapes.js').State} State */

/** ``read(ask, seen, refused)``: the hall asked (``ask()``), its answer kept by
 * ``seen(state, answer, n)`` or its refusal by ``refused(state, code, n, message)`` — then thrown;
 * ``after(answer, isPage, seen, reload)``: a change's answer, kept by ``seen`` when it is
 * the page itself, else the page read again (``reload()``); ``latest(name, ask, seen)``:
 * a read whose answer replaces the last (a list), unless one asked later is in already.
 * @param {import('./page.js').Store} store */
export function keeper(store) {
  let reads = 0;
  /** @type {Map<string, number>} the number of the newest answer put in, by name */
  const newest = new Map();
  return {
    /**
     * @template T
     * @param {string} name
     * @param {() => Promise<T>} ask
     * @param {(s: State, answer: T) => Record<string, any>} seen
     * @returns {Promise<T>}
     */
    async latest(name, ask, seen) {
      const n = ++reads;
      const answer = await ask();
      if (n > (newest.get(name) ?? 0)) {
        newest.set(name, n);
        store.set((s) => seen(s, answer));
      }
      return answer;
    },
    /**
     * @template T
     * @param {T} answer
     * @param {(answer: T) => boolean} isPage
     * @param {(s: State, answer: T, n: number) => Record<string, any>} seen
     * @param {() => Promise<unknown>} reload
     * @returns {Promise<T>}
     */
    async after(answer, isPage, seen, reload) {
      if (isPage(answer)) {
        const n = ++reads;
        store.set((s) => seen(s, answer, n));
      } else {
        await reload().catch(() => null);
      }
      return answer;
    },
    /**
     * @template T
     * @param {() => Promise<T>} ask
     * @param {(s: State, answer: T, n: number) => Record<string, any>} seen
     * @param {(s: State, code: string, n: number, message: string) => Record<string, any>} refused
     * @returns {Promise<T>}
     */
    async read(ask, seen, refused) {
      const n = ++reads;
      try {
        const answer = await ask();
        store.set((s) => seen(s, answer, n));
        return answer;
      } catch (e) {
        const refusal = /** @type {{ code?: string, message?: string }} */ (e);
        store.set((s) => refused(s, refusal?.code ?? 'unknown', n, refusal?.message ?? ''));
        throw e;
      }
    },
  };
}
