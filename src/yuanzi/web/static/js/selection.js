// Explain a selection before it is sent: is it a combination (R13), and does it beat
// the top of the trick (R15–R19)? The answer names the reason in the current language.

import { Kind, RuleError, beats, classify } from './rules.js';
import { describeMove } from './names.js';
import { t } from './i18n.js';

/** @type {Set<number>} */
const LOOSE = new Set([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE]);

/** Why ``move`` does not beat ``top``, in words.
 * @param {import('./rules.js').Move} move
 * @param {import('./rules.js').Move} top
 * @param {boolean} bladeBombOnlyAtoms */
function whyNot(move, top, bladeBombOnlyAtoms) {
  const params = { move: describeMove(move), top: describeMove(top) };
  if (top.kind === Kind.HYDROGEN) return t('sel.vs_hydrogen', params);
  if (top.kind === Kind.ATOM) return t('sel.vs_atom', params);
  if (top.kind === Kind.BOMB) {
    if (LOOSE.has(move.kind)) return t('sel.loose_vs_bomb', params);
    if (bladeBombOnlyAtoms && top.blade) return t('sel.blade_bomb', params);
    return t('sel.small_bomb', params);
  }
  if (move.kind === Kind.BOMB && top.blade) return t('sel.bomb_vs_blade', params);
  // R15–R18: nothing loose is above the blade and no bomb beats it, so "或用炸弹" would lie
  if (top.blade && move.kind !== top.kind) return t('sel.size_blade', params);
  if (move.kind !== top.kind) return t('sel.size', params);
  return t('sel.low', params);
}

/**
 * {ok, text, move}: `ok` when the selection may be sent now. `cards` are ids, `top` the
 * trick's top move (null when leading), `myTurn` whether the seat is to move.
 * @param {{ cards: number[], top: import('./rules.js').Move | null, blade: number,
 *   bladeBombOnlyAtoms?: boolean, myTurn: boolean }} selection
 */
export function judgeSelection({ cards, top, blade, bladeBombOnlyAtoms = false, myTurn }) {
  if (!cards.length) return { ok: false, empty: true, text: t('sel.empty'), move: null };
  let move;
  try {
    move = classify(cards, blade);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    const key = e.code === 'joker_blade' ? 'sel.joker_blade' : 'sel.mixed';
    return { ok: false, text: t(key), move: null };
  }
  const params = { move: describeMove(move) };
  if (top && !beats(move, top, bladeBombOnlyAtoms)) {
    return { ok: false, text: whyNot(move, top, bladeBombOnlyAtoms), move };
  }
  if (!myTurn) return { ok: false, text: t('sel.wait', params), move };
  return { ok: true, text: t(top ? 'sel.beats' : 'sel.lead', params), move };
}
