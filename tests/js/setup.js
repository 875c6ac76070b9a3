// What the client's modules expect of a page, for node's test runner (issue 46): fetch
// of its own files (i18n.js loads static/i18n/*.json by URL) and localStorage.
import { readFile } from 'node:fs/promises';

const fetchOverNet = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  const href = String(url);
  if (!href.startsWith('file:')) return fetchOverNet(url, ...rest);
  try {
    const body = await readFile(new URL(href));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  } catch {
    return new Response('', { status: 404 });
  }
};

const kept = new Map();
globalThis.localStorage = {
  getItem: (k) => (kept.has(k) ? kept.get(k) : null),
  setItem: (k, v) => { kept.set(k, String(v)); },
  removeItem: (k) => { kept.delete(k); },
  clear: () => kept.clear(),
};
