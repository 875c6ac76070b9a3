// Names and numbers in the page's language: titles (title / title_en), a table's default
// name, bots' names, lists of names, the skill rating as one plain number.

import { getLang, t } from './i18n.js';

/** A title in the page's language: the hall sends `title` (Chinese) and `title_en`; an
 * older hall sends only `title`.
 * @param {{ title?: string | null, title_en?: string | null } | null | undefined} x */
export function titleOf(x) {
  if (!x) return '';
  return getLang() === 'en' && x.title_en ? x.title_en : (x.title ?? '');
}

/** A table's name: a default name (none was given) is «X的桌» / "X's table" in the page's
 * language; a name given is shown as given.
 * @param {{ name: string, name_default?: boolean, owner?: string | null } | null | undefined} table */
export function tableName(table) {
  if (!table) return '';
  return table.name_default && table.owner ? t('table.default_name', { name: table.owner }) : table.name;
}

/** A bot seat's name (the hall gives each bot a name in both languages); a bot seated
 * before bots had names is plain "Bot".
 * @param {{ name?: string | null, name_en?: string | null } | null | undefined} seat */
export function botNameOf(seat) {
  if (!seat) return t('seat.bot_short');
  const name = getLang() === 'en' ? (seat.name_en || seat.name) : (seat.name || seat.name_en);
  return name || t('seat.bot_short');
}

/** A seat's name: a player's nickname, a bot's name, or 空位.
 * @param {{ kind: string, nickname?: string, name?: string | null, name_en?: string | null } | null | undefined} seat */
export function seatName(seat) {
  if (!seat || seat.kind === 'empty') return t('seat.empty');
  return seat.kind === 'bot' ? botNameOf(seat) : /** @type {string} */ (seat.nickname); // (a player's: always told)
}

const RELATION = ['seat.you', 'seat.next', 'seat.partner', 'seat.prev'];

/** A seat's place: 下家 / 对家 / 上家 to a player, its number (1–4) to a spectator.
 * @param {number} k
 * @param {boolean} seated
 * @param {number} seatNo */
export function relationLabel(k, seated, seatNo) {
  return seated ? t(RELATION[k]) : t('seat.n', { n: seatNo + 1 });
}

/** 'A、B、C' / 'A, B and C'.
 * @param {string[]} names */
export function listOf(names) {
  if (names.length < 2) return names.join('');
  if (getLang() !== 'en') return names.join(t('list.and'));
  return `${names.slice(0, -1).join(', ')}${t('list.and')}${names[names.length - 1]}`;
}

/** The skill rating as one plain number: 1000 + 20 × (μ − 3σ), rounded. A new player
 * (μ 25, σ 25/3) has 1000; the order is the leaderboard's (μ − 3σ, OpenSkill).
 * @param {number | string} ordinal */
export function skillScore(ordinal) {
  return Math.round(1000 + 20 * Number(ordinal));
}
