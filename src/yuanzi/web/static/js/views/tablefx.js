// What makes the table feel alive, read from how the game state changes between two
// renders: a play lands in front of its seat, a bomb / atom / hydrogen bomb is named with
// an effect of its own, a closed trick shows its winner and the points taken, each half
// starts with a short deal, and each of these has its sound (sound.js). With
// prefers-reduced-motion nothing moves (the words stay); no effect delays a move.

import { h } from '../dom.js';
import { parseCards } from '../cards.js';
import { Kind, classify } from '../rules.js';
import { t } from '../i18n.js';
import { trickWinner } from '../game.js';
import { play as playSound } from '../sound.js';
import { seatsByPosition } from './seats.js';

/** @typedef {import('../game.js').Game} Game */
/** @typedef {{ big: string, move: import('../rules.js').Move }} BigPlay */

/** @type {Record<number, string>} */
const BIG = { [Kind.BOMB]: 'bomb', [Kind.ATOM]: 'atom', [Kind.HYDROGEN]: 'hydrogen' };
/** @type {Record<string, number>} */
const BANNER_MS = { bomb: 1100, atom: 1300, hydrogen: 1600, trick: 1400 };

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A big play's name on the table: 炸弹 ×5, 原子, 氢弹.
 * @param {BigPlay} play */
export function bigPlayName({ big, move }) {
  return big === 'bomb' ? t('table.tag_bomb', { n: move.size }) : t(`table.tag_${big}`);
}

/** The kind of a big play ('bomb' / 'atom' / 'hydrogen') and its move, or null.
 * @param {string} cards
 * @param {number} blade
 * @returns {BigPlay | null} */
export function bigPlay(cards, blade) {
  if (cards === 'pass') return null;
  try {
    const move = classify(parseCards(cards), blade);
    return BIG[move.kind] ? { big: BIG[move.kind], move } : null;
  } catch {
    return null;
  }
}

/** @param {{ felt: HTMLElement, fxLayer: HTMLElement, trickSlots: Record<string, HTMLElement>,
 *   hand: { root: HTMLElement } }} parts */
export function createTableFx({ felt, fxLayer, trickSlots, hand }) {
  /** @type {{ gameId: number | null, half: number, version: number, trickPoints: number[],
   *   toMove: number | null, overId: number | null } | null} */
  let prev = null;
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  /** @type {(ms: number, f: () => void) => void} */
  const later = (ms, f) => {
    const id = setTimeout(() => { timers.delete(id); f(); }, ms);
    timers.add(id);
  };

  /** @param {string} kind
   * @param {string} text */
  function banner(kind, text, ms = BANNER_MS[kind]) {
    // a new trick's winner replaces the last one's, a new big play the last big play's
    const group = kind === 'trick' ? '.fx-banner.trick' : '.fx-banner:not(.trick)';
    fxLayer.querySelectorAll(group).forEach((/** @type {Element} */ el) => el.remove());
    const el = h('div', { class: ['fx-banner', kind], role: 'presentation' }, text);
    fxLayer.append(el);
    later(ms, () => el.remove());
    return el;
  }

  function deal() {
    if (reducedMotion()) return;
    hand.root.classList.remove('dealing');
    void hand.root.offsetWidth; // restart the animation
    hand.root.classList.add('dealing');
    later(1500, () => hand.root.classList.remove('dealing'));
  }

  /** @param {string} pos
   * @param {string} cards
   * @param {Game} game */
  function landed(pos, cards, game) {
    const slot = trickSlots[pos];
    const node = slot && slot.firstElementChild;
    if (node && !reducedMotion()) {
      node.classList.add('landing', `from-${pos}`);
      later(400, () => node.classList.remove('landing', `from-${pos}`));
    }
    if (cards === 'pass') {
      playSound('pass');
      return;
    }
    const big = bigPlay(cards, game.blade);
    if (!big) {
      playSound('play');
      return;
    }
    playSound(big.big);
    banner(big.big, bigPlayName(big));
    if (!reducedMotion()) {
      felt.classList.remove('shake', 'shake-hard');
      void felt.offsetWidth;
      felt.classList.add(big.big === 'hydrogen' ? 'shake-hard' : 'shake');
      later(700, () => felt.classList.remove('shake', 'shake-hard'));
    }
  }

  /** @param {Game} game
   * @param {{ trickPoints: number[] }} before
   * @param {number} base
   * @param {boolean} seated
   * @param {string[]} names */
  function trickClosed(game, before, base, seated, names) {
    const won = trickWinner(game.lastTrick);
    if (!won) return;
    const taken = game.trickPoints[won.seat] - before.trickPoints[won.seat];
    const ours = seated && (won.seat & 1) === (base & 1);
    const el = banner('trick', taken > 0 ? t('table.trick_won_points', { name: names[won.seat], n: taken })
      : t('table.trick_won', { name: names[won.seat] }));
    el.dataset.seat = String(won.seat);
    el.dataset.points = String(taken);
    if (taken > 0 || ours) playSound('trick');
  }

  return {
    /** Called after each render with the state just drawn.
     * @param {{ game: Game | null, over: any, base: number, seated: boolean, names: string[] }} drawn */
    observe({ game, over, base, seated, names }) {
      if (over && !over.dismissed && prev && prev.overId !== over.game_id) {
        prev.overId = over.game_id;
        const r = over.result;
        if (seated && r && r.winner) playSound(r.winner === (base & 1 ? 'EW' : 'NS') ? 'won' : 'lost');
      }
      if (!game) {
        prev = prev && { ...prev, gameId: null };
        return;
      }
      const fresh = !prev || prev.gameId !== game.gameId || prev.half !== game.half;
      if (fresh) {
        if (game.history.length <= 4) deal(); // a new half (bots may have played already)
        const overId = prev ? prev.overId : null;
        prev = { gameId: game.gameId, half: game.half, version: game.version, trickPoints: game.trickPoints,
          toMove: null, overId };
      }
      if (!prev) return; // (not fresh: it was there)
      if (game.version === prev.version + 1 && game.history.length) {
        const [seat, cards] = game.history[game.history.length - 1];
        const place = seatsByPosition(base).find((x) => x.seat === seat);
        if (game.trick.length === 0 && game.lastTrick.length) trickClosed(game, prev, base, seated, names);
        else if (place) landed(place.pos, cards, game);
        if (game.trick.length === 0 && cards !== 'pass' && place) {
          // the trick's last play closed it (the seat went out, R28): still name it
          const big = bigPlay(cards, game.blade);
          if (big) playSound(big.big);
        }
      }
      const mine = game.seat !== null && game.toMove === game.seat && game.hand;
      if (mine && (prev.toMove !== game.toMove || prev.version !== game.version) && !fresh) playSound('turn');
      if (mine && fresh && game.history.length === 0) later(300, () => playSound('turn'));
      prev = { ...prev, version: game.version, trickPoints: game.trickPoints, toMove: game.toMove };
    },
    destroy() {
      for (const id of timers) clearTimeout(id);
      timers.clear();
    },
  };
}
