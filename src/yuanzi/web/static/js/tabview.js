// What this tab shows in front, told to the hall (issue 47): a seated player none of
// whose tabs shows his table is pushed his turn, and only then. Said when it changes —
// another page, the tab hidden or shown — and again on every new connection (the hall
// forgets what a closed connection said).

/** The table this tab shows in front: a table's page, the tab visible; else null.
 * @param {{ name: string, id: any } | null | undefined} route
 * @param {boolean} visible
 * @returns {number | null} */
export function tableInView(route, visible) {
  if (!visible || route?.name !== 'table' || route.id === null || route.id === undefined) return null;
  const id = Number(route.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Tell the hall whenever the table in view changes, through the socket (the one road).
 * @param {{ store: import('./actions/page.js').Store, socket: import('./actions/page.js').Socket,
 *   doc?: Document }} page */
export function tellView({ store, socket, doc = document }) {
  /** @type {number | null | undefined} */
  let told; // what this connection was last told (undefined: nothing yet)
  /** @type {string[] | null} */
  let features = null; // a new hello (a new connection) brings a new list
  function tell() {
    const s = store.get();
    if (s.features !== features) {
      features = s.features;
      told = undefined;
    }
    if (!s.features.includes('view') || s.conn.status !== 'online') return;
    const table = tableInView(s.route, doc.visibilityState === 'visible');
    if (table === told) return;
    told = table;
    socket.request('view', { table }).catch(() => { told = undefined; });
  }
  doc.addEventListener('visibilitychange', tell);
  const stop = store.subscribe(tell);
  return () => {
    doc.removeEventListener('visibilitychange', tell);
    stop();
  };
}
