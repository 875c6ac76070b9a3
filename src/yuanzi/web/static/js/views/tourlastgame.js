// A tournament's table closes the moment its last game is settled, and the page moves to
// the tournament: the game's result would flash by (issue 45). The controller keeps that
// game's end (`tourLastGame`: its game_over frame and the table as it was); the
// tournament's page shows it here, as the table would have, with its 复盘, until closed.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { gameOverContent } from './panels.js';
import { seatLabels } from './seats.js';

/** My last game at a tournament's table that closed (state/tables.js: ``tourLastGame``).
 * @typedef {import('../state/shapes.js').LastGame} LastGame */

/** The dialog of my last game at this tournament's table, shown once on its page.
 * ``roundOver(round)``: whether every table has played that round — its records open
 * then (issue 43), and 复盘 with them.
 * @param {import('../actions/app.js').App} app
 * @param {number} tourId
 * @param {(round: number) => boolean} roundOver */
export function createLastGame(app, tourId, roundOver) {
  const dialog = h('dialog', { class: 'dialog over-dialog tour-last-game', 'aria-labelledby': 'over-title' });
  dialog.addEventListener('close', () => forget());
  /** @type {string | null} */
  let shown = null;

  function forget() {
    if (shown !== null) app.act.lastGameClosed(Number(shown.split(':')[0]));
  }

  /** @param {LastGame} last
   * @param {import('../state/shapes.js').AccountView} account */
  function open(last, account) {
    const { over, table } = last;
    const me = table.seats.find((x) => x.account_id === account.id);
    const seated = Boolean(me);
    const base = seated ? /** @type {import('../state/shapes.js').SeatView} */ (me).seat : 0;
    const names = seatLabels(table, base, seated);
    const actions = [];
    const replayable = roundOver(last.round);
    if (replayable) actions.push([t('over.replay'), 'replay', () => { dialog.close(); app.navigate('replays', over.game_id); }]);
    actions.push([t('tour.see_results'), 'see-results', () => dialog.close(), true]);
    const parts = gameOverContent(over, names, seated ? base : null, actions);
    parts.splice(1, 0, h('p', { class: 'muted small tour-last-note' }, t('tour.last_game', { n: last.round + 1 }),
      replayable ? '' : ` ${t('tour.replay_after_round')}`));
    const buttons = parts.filter((el) => el.classList.contains('dialog-actions'));
    dialog.replaceChildren(h('div', { class: 'over-body' }, parts.filter((el) => !buttons.includes(el))), ...buttons);
    shown = `${over.game_id}:${replayable}`;
    if (!dialog.open) dialog.showModal();
  }

  return {
    root: dialog,
    /** Shown once; again only as its round ends (复盘 comes).
     * @param {import('../state/shapes.js').State} state */
    update(state) {
      const last = state.tourLastGame;
      if (!last || last.tournament !== tourId || !state.account) return;
      if (shown === `${last.over.game_id}:${roundOver(last.round)}`) return;
      if (shown !== null && !dialog.open) return; // (closed by him: not again)
      open(last, state.account);
    },
    destroy() {
      if (dialog.open) dialog.close();
    },
  };
}
