// The felt's middle (issue 46: out of table.js, which passed 400 lines): the blade card,
// the teams' points, each seat's last play around the trick with the top one marked,
// who is to play — and 上一轮, a look back at the last trick until the next action.

import { h } from '../dom.js';
import { RANKS, formatCards, parseCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { describeMove, cardName } from '../names.js';
import { t } from '../i18n.js';
import { lastActions, lastTrickActions, teamPoints, trickWinner, TEAMS } from '../game.js';
import { classify } from '../rules.js';
import { POSITIONS, seatLabels, seatsByPosition, teamName, waitingText } from './seats.js';
import { bigPlay, bigPlayName } from './tablefx.js';

/** @typedef {import('../state/shapes.js').TableView} TableView */
/** @typedef {import('../game.js').Game} Game */

/** A play on the table: its cards, and for a bomb, an atom or a hydrogen bomb its name
 * (炸弹 ×5, 原子, 氢弹) so that the big plays read at a glance.
 * @param {string} text
 * @param {number} blade */
function playGroup(text, blade) {
  const ids = parseCards(text);
  let label = formatCards(ids);
  try {
    label = `${describeMove(classify(ids, blade))}: ${ids.map(cardName).join(' ')}`;
  } catch { /* shown as cards only */ }
  const found = bigPlay(text, blade);
  const big = found && found.big;
  const tag = !found ? null : h('span', { class: ['play-tag', big, found.move.blade && 'blade'] },
    bigPlayName(found));
  return h('div', { class: ['play', big && `big ${big}`], dataset: { kind: big || '' } },
    h('div', { class: 'mini-cards', role: 'img', 'aria-label': label, dataset: { cards: text } },
      ids.map((id) => h('span', { class: 'mini-card' }, cardFace(id, { blade })))), tag);
}

/**
 * The middle of the felt, drawn into the elements the table laid out: ``trickSlots`` by
 * position, the ``trickGrid`` around them, the ``centerMsg`` line and the 上一轮 button.
 * ``blade`` and ``scores`` are its own, for the felt's corners.
 * @param {{ trickSlots: Record<string, HTMLElement>, trickGrid: HTMLElement,
 *   centerMsg: HTMLElement, lastBtn: HTMLElement }} parts
 */
export function createTableCenter({ trickSlots, trickGrid, centerMsg, lastBtn }) {
  const blade = h('div', { class: 'blade-chip' });
  const scores = h('div', { class: 'scores', 'aria-live': 'polite' });
  let showLast = false;
  /** @type {number | null} */
  let lastAt = null;

  /** The blade card and the half, in the corner.
   * @param {Game} game */
  function drawBlade(game) {
    const bladeId = parseCards(game.bladeCard)[0];
    blade.replaceChildren(h('span', { class: 'mini-card blade-card', role: 'img',
      'aria-label': t('table.blade_card', { card: cardName(bladeId), rank: RANKS[game.blade] }) },
    cardFace(bladeId, { blade: game.blade })),
    h('span', { class: 'blade-text' },
      h('span', { class: 'blade-label' }, h('b', {}, t('table.blade')), ' ', RANKS[game.blade]),
      h('span', { class: 'half-label' }, t('table.half', { n: game.half + 1 }))));
  }

  /** Each team's points (mine first when seated), the first half's beside them.
   * @param {TableView} table
   * @param {Game} game
   * @param {number} base
   * @param {boolean} seated */
  function drawScores(table, game, base, seated) {
    const pts = teamPoints(game);
    const mineTeam = seated ? base & 1 : 0;
    /** @param {number} team */
    const label = (team) => (seated ? t(team === mineTeam ? 'table.team_us' : 'table.team_them')
      : teamName(table, team));
    const firstHalf = game.finished.length ? game.finished[0].points : null;
    scores.replaceChildren(...[mineTeam, 1 - mineTeam].map((team) => h('div', { class: ['score', team === mineTeam && 'ours'] },
      h('span', { class: 'score-team' }, label(team)),
      h('span', { class: 'score-num', dataset: { team: TEAMS[team] } }, String(pts[team])),
      firstHalf ? h('span', { class: 'score-prev' }, `${t('table.first_half')} ${firstHalf[TEAMS[team]]}`) : null)),
    game.tablePoints ? h('div', { class: 'on-table' }, t('table.on_table', { n: game.tablePoints })) : '');
  }

  return {
    blade,
    scores,
    /** Whether the last trick is looked at now (the half's panels stay away then). */
    looking: () => showLast,
    /** 上一轮 pressed at the game's ``version``: a look back lasts until the next action.
     * @param {number | null} version */
    toggleLast(version) {
      showLast = !showLast;
      lastAt = version;
    },
    /**
     * @param {TableView} table
     * @param {Game | null} game
     * @param {boolean} over
     * @param {number} base  the seat drawn at the bottom
     * @param {boolean} seated
     */
    render(table, game, over, base, seated) {
      if (!game) {
        blade.replaceChildren();
        scores.replaceChildren();
        POSITIONS.forEach((p) => trickSlots[p].replaceChildren());
        centerMsg.textContent = waitingText(table, base, seated);
        lastBtn.hidden = true;
        return;
      }
      drawBlade(game);
      drawScores(table, game, base, seated);
      // the last trick can be looked at while a new one is played (the 上一轮 button)
      lastBtn.hidden = over || !game.lastTrick.length;
      if (lastBtn.hidden || game.version !== lastAt) showLast = false;
      lastBtn.setAttribute('aria-pressed', String(showLast));
      const looking = showLast && game.lastTrick.length > 0;
      const { actions, finished } = looking ? lastTrickActions(game) : lastActions(game);
      trickGrid.classList.toggle('looking-back', looking);
      seatsByPosition(base).forEach(({ pos, seat }) => {
        const a = actions[seat];
        const slot = trickSlots[pos];
        slot.classList.toggle('stale', finished && !looking);
        const top = !finished && game.topSeat === seat && a !== 'pass';
        slot.classList.toggle('top', top);
        const key = `${looking}:${game.gameId}:${game.half}:${a}:${top}`;
        if (slot.dataset.key === key) return;
        slot.dataset.key = key;
        // the play on top is marked in words too (issue 31: a glow alone was hardly seen)
        slot.replaceChildren(a === null ? '' : a === 'pass'
          ? h('span', { class: 'pass-bubble' }, t('table.pass'))
          : h('div', { class: 'play-wrap' }, playGroup(a, game.blade),
            top ? h('span', { class: 'top-tag' }, t('table.top_tag')) : null));
      });
      const names = seatLabels(table, base, seated);
      if (looking) {
        const won = trickWinner(game.lastTrick);
        centerMsg.textContent = won === null ? t('table.last_trick')
          : t('table.last_trick_won', { name: names[won.seat] });
      } else if (over || game.toMove === null) centerMsg.textContent = '';
      else if (game.seat !== null && game.toMove === game.seat) centerMsg.textContent = ''; // said by the action row
      else centerMsg.textContent = t('table.turn_of', { name: names[/** @type {number} */ (game.toMove)] });
    },
  };
}
