// A part of a screen drawn from what the store keeps of a read (issue 46): drawn again
// only when the hall's answer under its key changed (a refresh that brings the same
// entry draws nothing), a refusal said in its place.

/** ``update(state)`` for a part: ``draw(data)`` for the answer kept under ``key`` (a
 * string, or a function of nothing giving it: the key may follow the screen's choice),
 * ``refused(code, message)`` when the read was refused (the hall's code and words).
 * @param {string | (() => string)} key
 * @param {(data: any) => void} draw
 * @param {(code: string, message: string) => void} refused
 * @returns {(state: import('../state/shapes.js').State) => void} */
export function fromStore(key, draw, refused) {
  /** @type {import('../state/shapes.js').Kept | null} */
  let shown = null;
  return (state) => {
    const entry = state.reads[typeof key === 'function' ? key() : key];
    if (!entry || entry === shown) return;
    shown = entry;
    if (entry.error) refused(entry.error, entry.message ?? '');
    else draw(entry.data);
  };
}
