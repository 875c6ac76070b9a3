// The clubs' family (issue 46, issue 26): their frame (``club_news``: an application
// or its answer, as it happens) as a pure reducer, and the hall's answers about clubs
// kept in the store for their pages: my clubs and those I wait for (#/clubs), each
// club's page as last read (#/club/<id>: a refusal keeps its code for the page to say,
// and what was read before), and a club's tally by period and latest sessions. Pure:
// the actions (actions/clubs.js) put the answers in; the pages read them.

import { keep, kept } from './kept.js';

/** @typedef {import('./shapes.js').State} State */
/** @typedef {import('./shapes.js').Frame} Frame */
/** @typedef {import('./effects.js').Effect} Effect */

/** Whether a REST answer is a club's page (an action's answer may be). */
/** @type {(answer: any) => boolean} */
export const isClubPage = (answer) => Boolean(answer?.club && Array.isArray(answer?.members));

/** A club's page as the hall last answered it; an older read never overwrites a newer. */
/** @type {(s: State, id: number, page: import('./pages.js').ClubPage, n?: number) => Partial<State>} */
export const clubSeen = (s, id, page, n = 0) => keep(s, 'clubPages', id, { page, error: null }, n);

/** A club's page that could not be read: its refusal's code and the hall's words (what
 * was read stays). */
/** @type {(s: State, id: number, code: string, n?: number, message?: string) => Partial<State>} */
export const clubRefused = (s, id, code, n = 0, message = '') => keep(s, 'clubPages', id,
  { page: kept(s, 'clubPages', id)?.page ?? null, error: code, message }, n);

/** I am in it no more (left, removed): its page is forgotten.
 * @param {State} s
 * @param {number} id */
export function clubForgotten(s, id) {
  const rest = { ...(s.clubPages ?? {}) };
  delete rest[id];
  return { clubPages: rest };
}

/** My clubs and the ones I asked to come into. */
/** @type {(answer: Partial<import('./pages.js').ClubList>) => Partial<State>} */
export const clubsListed = ({ clubs = [], pending = [] }) => ({ clubList: { clubs, pending } });

/** A club's tally for a period (week, month, all), as last read.
 * @param {State} s
 * @param {number} id
 * @param {{ period: string, [field: string]: any }} tally */
export function clubTallySeen(s, id, tally) {
  const all = s.clubTallies ?? {};
  return { clubTallies: { ...all, [id]: { ...(all[id] ?? {}), [tally.period]: tally } } };
}

/** A club's latest sessions, as last read. */
/** @type {(s: State, id: number, sessions: any) => Partial<State>} */
export const clubSessionsSeen = (s, id, sessions) => ({ clubSessions: { ...(s.clubSessions ?? {}), [id]: sessions } });

/** @type {(key: string, params: object, action?: Effect['action']) => Effect} */
const toast = (key, params, action = null) => ({ type: 'toast', key, params, kind: 'info', ms: 10000, action });

/** The clubs' reducer: a club's news (its page looks again: ``clubNews`` counts them);
 * null for a frame that is not theirs.
 * @param {State} s
 * @param {Frame} f
 * @returns {import('./shapes.js').Reduced | null} */
export function reduceClubs(s, f) {
  if (f.type !== 'club_news') return null;
  const patch = { clubNews: { club: f.club, event: f.event, n: (s.clubNews?.n || 0) + 1 } };
  const see = { label: 'club.open', effect: { type: 'navigate', name: 'club', id: f.club } };
  if (f.event === 'applied') return { patch, effects: [toast('club.news_applied', { who: f.who || '', name: f.name }, see)] };
  if (f.event === 'admitted') return { patch, effects: [toast('club.news_admitted', { name: f.name }, see)] };
  return { patch, effects: [toast('club.news_refused', { name: f.name })] };
}
