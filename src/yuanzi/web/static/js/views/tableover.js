// The end of a game at the table (R30, R31): the result, each seat's changes, and what
// to do next — again, its replay, its review by the coach, the tournament's page, the
// lobby — in a dialog whose buttons stay in view (issue 46: out of table.js).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { gameOverContent } from './panels.js';
import { seatLabels } from './seats.js';
import { reviewProgress } from './coach.js';

/** @typedef {import('../state/shapes.js').TableView} TableView */
/** What this dialog uses of the session bar (session.js's createSessionBar).
 * @typedef {{ overKey: (table: TableView) => string, overPart: (table: TableView) => any }} SessionTally */

/** The table's end-of-game dialog; ``session``: the table's session bar (its tally).
 * @param {import('../actions/app.js').App} app
 * @param {number} tableId
 * @param {SessionTally} session */
export function createOverDialog(app, tableId, session) {
  const act = app.act;
  const overDialog = h('dialog', { class: 'dialog over-dialog', 'aria-labelledby': 'over-title' });
  /** @type {string | null} */
  let overShownFor = null;
  /** @param {import('../state/shapes.js').State} state
   * @param {TableView} table
   * @param {number} base
   * @param {boolean} seated */
  function renderOver(state, table, base, seated) {
    const over = state.over && state.over.table === tableId ? state.over : null;
    if (!over || over.dismissed) {
      if (overDialog.open) overDialog.close();
      overShownFor = null;
      return;
    }
    const review = state.reviews[over.game_id];
    const key = `${over.game_id}:${over.changes ? 'c' : ''}:${review ? `${review.status}${review.done}` : ''}:${session.overKey(table)}`;
    if (overShownFor === key && overDialog.open) return;
    overShownFor = key;
    const names = seatLabels(table, base, seated);
    /** @type {any[][]} each [label, action, what it does, primary?] */
    const actions = [];
    const place = table.tournament; // a tournament's table deals its next game by itself
    if (seated && !place) actions.push([t('over.again'), 'again', () => { act.dismissOver(); act.ready(tableId, true); }, true]);
    if (over.record) { // R41: the game's players see its hands; spectators the result only
      actions.push([t('over.replay'), 'replay', () => { act.dismissOver(); app.navigate('replays', over.game_id); }]);
      if (seated && !review) actions.push([t('coach.ask'), 'review', () => app.act.askReview(over.game_id)]);
      if (review && review.status === 'done') {
        actions.push([t('coach.see'), 'see-review', () => { act.dismissOver(); app.navigate('replays', over.game_id); }]);
      }
    }
    if (place) {
      actions.push([t('tour.page'), 'to-tournament', () => { act.dismissOver(); app.navigate('tournament', place.id); }]);
    } else {
      actions.push([t('over.lobby'), 'to-lobby', () => { act.dismissOver(); act.leaveTable(tableId); }]);
    }
    actions.push([t('over.close'), 'close-over', () => act.dismissOver()]);
    // the result first, the buttons always in view: only the middle scrolls if it must
    const parts = gameOverContent(over, names, seated ? base : null, actions);
    if (place) {
      const note = h('p', { class: 'muted small tour-over-note' }, t('tour.over_note', { n: place.round + 1 }));
      parts.splice(parts.length - 1, 0, note);
    }
    const progress = reviewProgress(review);
    if (progress) parts.splice(parts.length - 1, 0, progress); // above the buttons
    const tally = session.overPart(table); // a session's running tally, after the result
    if (tally) parts.splice(1 + parts.findLastIndex((el) => el.matches('.over-headline, .over-why')), 0, tally);
    const buttons = parts.filter((el) => el.classList.contains('dialog-actions'));
    overDialog.replaceChildren(h('div', { class: 'over-body' }, parts.filter((el) => !buttons.includes(el))), ...buttons);
    if (!overDialog.open) overDialog.showModal();
    overDialog.querySelector('.over-body').scrollTop = 0;
  }

  return { root: overDialog, render: renderOver };
}
