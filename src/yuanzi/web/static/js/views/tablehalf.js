// The pause between the halves at the table (issue 31): the first half's summary, whole,
// while the second half's clock waits; then one line under the trick until its ✕; and
// the pause's countdown each tick (issue 46: out of table.js).

import { t } from '../i18n.js';
import { breakLeft } from '../game.js';
import { halfLine, halfPanel, pauseWords } from './panels.js';
import { seatLabels } from './seats.js';

/** @typedef {import('../state/shapes.js').State} State */
/** @typedef {import('../state/shapes.js').TableView} TableView */

/** ``halfLayer`` (the line), ``pauseLayer`` (the whole summary), ``trickGrid`` (made compact
 * under the line); ``showLast()``: the last trick is shown instead; ``mySeat``, ``update``:
 * the table's own.
 * @param {{ app: any, tableId: number, halfLayer: HTMLElement, pauseLayer: HTMLElement,
 *   trickGrid: HTMLElement, showLast: () => boolean,
 *   mySeat: (state: State, table: TableView) => number | null, update: (state: State) => void }} parts */
export function createHalfPanels({ app, tableId, halfLayer, pauseLayer, trickGrid, showLast, mySeat, update }) {
  const { act, store } = app;
  /** The first half's summary, whole, over the table while the halves pause (issue 31:
   * the second half's clock waits until its players pressed 继续, or the limit); after
   * that one line under the trick (the half's points), which never covers a trick being
   * played, until its ✕.
   * @param {State} state
   * @param {TableView} table
   * @param {number} base
   * @param {boolean} seated
   * @param {import('../game.js').Game | null} game */
  function renderHalf(state, table, base, seated, game) {
    const hp = state.halfPanel && state.halfPanel.table === tableId ? state.halfPanel : null;
    const show = hp && !showLast();
    const left = game && !game.history.length ? breakLeft(game) : null;
    const pausing = Boolean(show && left !== null && !hp.pressed && !hp.folded);
    const compact = Boolean(show) && !pausing;
    trickGrid.classList.toggle('half-compact', compact);
    pauseLayer.hidden = !pausing;
    if (!show) {
      halfLayer.replaceChildren();
      pauseLayer.replaceChildren();
      delete halfLayer.dataset.key;
      return;
    }
    const key = `${hp.game_id}:${compact}:${left !== null}:${hp.pressed}:${(hp.waiting || []).join()}`;
    if (halfLayer.dataset.key === key) return;
    halfLayer.dataset.key = key;
    const mine = seated ? base : null;
    const names = seatLabels(table, base, seated);
    const pause = { left, waiting: hp.waiting, pressed: hp.pressed, rules: game ? game.rules : {},
      onGo: () => act.goOn(store.get().game) };
    halfLayer.replaceChildren(...(compact ? [halfLine(hp.half, names, mine, () => act.closeHalfPanel(), pause)] : []));
    pauseLayer.replaceChildren(...(compact ? [] : [halfPanel(hp.half, names, mine, pause)]));
  }

  /** The pause's countdown, each tick; its end (no frame says so) folds the summary.
   * @param {State} state
   * @param {import('../game.js').Game | null} game */
  function tickHalf(state, game) {
    /** @type {HTMLElement | null} */
    const line = (pauseLayer.hidden ? halfLayer : pauseLayer).querySelector('.half-wait');
    if (!line) return;
    const hp = state.halfPanel;
    const left = game && !game.history.length ? breakLeft(game) : null;
    if (left === null) {
      update(state);
      return;
    }
    const table = state.tables[tableId];
    const me = table ? mySeat(state, table) : null;
    const words = pauseWords({ left, waiting: hp && hp.waiting, pressed: hp && hp.pressed },
      table ? seatLabels(table, me ?? 0, me !== null) : []);
    if (line.closest('.half-line')) { // one line: the seconds, the words on hover
      line.textContent = t('half.wait_short', { n: left });
      line.title = words;
    } else {
      line.textContent = words;
    }
  }

  return { render: renderHalf, tick: tickHalf };
}
