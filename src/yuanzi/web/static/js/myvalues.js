// The random values this browser gave the hall's deals (issues 28 and 43): 128 bits from
// the browser's own generator for a table's deal or a tournament's sign-up, remembered
// here, so that a replay can show the player that his value entered the deal — and warn
// him when the hall dealt without a value it took from him.

const KEY = 'yuanzi.values';
const KEEP = 200;
const HOLD_MS = 40 * 86400 * 1000;

/** @typedef {{ value: string, about: string, at?: number, asked?: number[], [field: string]: any }} Given */

/** 16 random bytes as 32 lowercase hex digits. */
export function newValue() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** @returns {Given[]} */
function load() {
  try {
    const got = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(got) ? got.filter((x) => x && typeof x.value === 'string') : [];
  } catch {
    return [];
  }
}

/** Remember a value given to the hall: `about` names what for (`deal:<first commitment>`
 * or `tour:<id>`); `more` what else the browser saw then (a deal's `asked` seats). The
 * newest 200 are kept.
 * @param {string} value
 * @param {string} about */
export function remember(value, about, more = {}) {
  const kept = load().filter((x) => x.about !== about);
  kept.push({ ...more, value, about, at: Date.now() });
  // a tournament's committed value waits for its start (up to 30 days): never pruned
  // before that; of the rest, the newest 200
  /** @type {(x: Given) => boolean} */
  const waiting = (x) => x.about.startsWith('commit:') && Date.now() - (x.at || 0) < HOLD_MS;
  const rest = kept.filter((x) => !waiting(x)).slice(-KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify([...kept.filter(waiting), ...rest]));
  } catch { /* private mode: nothing is remembered */ }
}

/** What this browser remembers of `about`: `{value, about, asked?}`, or null.
 * @param {string} about */
export function givenFor(about) {
  return load().find((x) => x.about === about) ?? null;
}

/** Which of `values` this browser gave.
 * @param {string[] | null | undefined} values */
export function givenAmong(values) {
  const given = new Set(load().map((x) => x.value));
  return (values || []).filter((v) => given.has(v));
}

const PLAYS = 'yuanzi.plays';

/** @returns {Array<[number, number]>} */
function loadPlays() {
  try {
    const got = JSON.parse(localStorage.getItem(PLAYS) || '[]');
    return Array.isArray(got) ? got.filter((x) => Array.isArray(x) && Number.isInteger(x[0]) && Number.isInteger(x[1])) : [];
  } catch {
    return [];
  }
}

/** Remember how many plays this browser saw made at a game's table (issue 54: the
 * `version` of its `game` and `played` frames), so that its replay can warn when a record
 * holds fewer — plays cut, an escape claimed. The newest 200 games are kept.
 * @param {number} gameId
 * @param {number} plays */
export function sawPlays(gameId, plays) {
  if (!Number.isInteger(gameId) || !Number.isInteger(plays)) return;
  const kept = loadPlays();
  const before = kept.find(([g]) => g === gameId);
  if (before && before[1] >= plays) return;
  const rest = kept.filter(([g]) => g !== gameId);
  rest.push([gameId, plays]);
  try {
    localStorage.setItem(PLAYS, JSON.stringify(rest.slice(-KEEP)));
  } catch { /* private mode: nothing is remembered */ }
}

/** How many plays this browser saw made at a game's table, or null.
 * @param {number | null | undefined} gameId */
export function playsSeen(gameId) {
  return loadPlays().find(([g]) => g === gameId)?.[1] ?? null;
}
