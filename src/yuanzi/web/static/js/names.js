// Cards and combinations in words, in the current language (accessible names, status).

import { BJ, RANKS, SJ, SUITS } from './cards.js';
import { t } from './i18n.js';
import { JOKER_RANK_BJ, JOKER_RANK_SJ, KIND_LABELS, Kind } from './rules.js';

/** A card's name ('红桃7', 'Big joker').
 * @param {number} id */
export function cardName(id) {
  if (id === BJ) return t('card.BJ');
  if (id === SJ) return t('card.SJ');
  return t('card.name', { rank: RANKS[id >> 2], suit: t(`suit.${SUITS[id & 3]}`) });
}

/** '对子 7', '刀 炸弹…', '原子 黑桃7' — one play in words.
 * @param {Omit<import('./rules.js').Move, 'power'>} move */
export function describeMove(move) {
  if (move.kind === Kind.PASS) return t('kind.pass');
  const kind = t(`kind.${KIND_LABELS[move.kind]}`);
  let rank;
  if (move.rank === JOKER_RANK_BJ || move.rank === JOKER_RANK_SJ) {
    rank = t(`move.joker_atom.${move.rank === JOKER_RANK_BJ ? 'BJ' : 'SJ'}`);
  } else if (move.jokers === move.size) {
    rank = t('move.jokers');
  } else if (move.kind === Kind.ATOM) {
    rank = t('card.name', { rank: RANKS[move.rank], suit: t(`suit.${SUITS[move.suit]}`) });
  } else {
    rank = RANKS[move.rank];
  }
  const text = move.kind === Kind.BOMB
    ? t('move.bomb', { size: move.size, rank }) : t('move.desc', { kind, rank });
  return move.blade ? `${t('move.blade')}·${text}` : text;
}
