// A store's state for the reducers' tests: the client's initial state and a table.
import { load } from './client.js';

const { initialState } = await load('store.js');

export const ME = { id: 7, nickname: 'ann', coins: 1000, score: 20, level: 1, title: '炮灰', title_en: 'Cannon Fodder' };

export function table(id, extra = {}) {
  return { id, status: 'open', turn_seconds: 30, bet: 0, seats: [
    { seat: 0, kind: 'player', account_id: ME.id, nickname: ME.nickname },
    { seat: 1, kind: 'bot', name: '阿福', name_en: 'Afu' },
    { seat: 2, kind: 'empty' },
    { seat: 3, kind: 'player', account_id: 9, nickname: 'kim' }], ...extra };
}

/** The state of a player logged in, at the lobby, with ``patch`` over it. */
export function state(patch = {}) {
  return { ...initialState(), account: ME, route: { name: 'lobby', id: null }, ...patch };
}
