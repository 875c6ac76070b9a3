// 提示 at the table (issue 10): the first press shows the advice, each further press the
// next play that beats the top, smallest first, wrapping around; a null step is the
// advice to pass, shown with its reason (passBtn marked). It dies with its turn.

import { t } from '../i18n.js';
import { myTurn } from '../game.js';
import { Kind, classify } from '../rules.js';

/** @typedef {import('../game.js').Game} Game */
/** @typedef {{ cards: number[] | null, reason: string | null, beats: number[][] }} Hint */

/** ``current()``: the state and this table's game; ``refresh()``: the controls again.
 * @param {{ act: { hint: (game: any, hand?: any) => Promise<Hint> },
 *   hand: ReturnType<typeof import('./hand.js').createHand>, passBtn: HTMLElement,
 *   current: () => { game: Game | null }, refresh: () => void }} parts */
export function createHintCycle({ act, hand, passBtn, current, refresh }) {
  /** @type {{ key: string, steps: Array<number[] | null>, at: number, note: string } | null} */
  let cycle = null;
  let note = '';
  let asking = false;
  /** @type {(game: Game) => string} */
  const keyOf = (game) => `${game.gameId}:${game.version}`;

  /** Why the advice is to pass, in words.
   * @param {Hint} hint
   * @param {number} blade */
  function reasonText(hint, blade) {
    if (hint.reason === 'partner_winning') return t('hint.partner_winning');
    if (hint.reason === 'cannot_beat') return t('hint.none'); // only when truly nothing beats
    if (hint.reason === 'save_strength') {
      const bombsOnly = hint.beats.every((ids) => classify(ids, blade).kind >= Kind.BOMB);
      return t(bombsOnly ? 'hint.save_bomb' : 'hint.save_strength');
    }
    return t('hint.pass'); // a server that gives no reason
  }

  function showStep() {
    if (!cycle) return;
    const step = cycle.steps[cycle.at];
    if (step) {
      passBtn.classList.remove('hinted');
      hand.select(step, { hint: true });
      return;
    }
    hand.clear();
    note = cycle.note;
    passBtn.classList.add('hinted');
    refresh();
  }

  async function ask() {
    const { game } = current();
    if (!game || !myTurn(game) || asking) return;
    const key = keyOf(game);
    if (cycle && cycle.key === key) { // pressed again: the next play that beats
      cycle.at = (cycle.at + 1) % cycle.steps.length;
      showStep();
      return;
    }
    asking = true;
    let hint;
    try {
      hint = await act.hint(game, hand);
    } finally {
      asking = false;
    }
    const now = current().game;
    if (!now || keyOf(now) !== key || !myTurn(now)) return; // the turn moved on meanwhile
    const advice = hint.cards && hint.cards.length ? hint.cards : null;
    /** @type {(a: number[], b: number[]) => boolean} */
    const same = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
    const others = hint.beats.filter((ids) => !(advice && same(ids, advice)));
    cycle = { key, at: 0, steps: [advice, ...others], note: advice ? '' : reasonText(hint, game.blade) };
    showStep();
  }

  return {
    ask,
    note: () => note,
    forgetNote() { note = ''; },
    /** A render: a hint of a turn gone is forgotten, its raised cards put down.
     * @param {Game | null} game */
    outlived(game) {
      if (!cycle || (game && keyOf(game) === cycle.key)) return;
      cycle = null;
      note = '';
      passBtn.classList.remove('hinted');
      queueMicrotask(() => hand.clearHint()); // its raised cards too (after this render)
    },
  };
}
