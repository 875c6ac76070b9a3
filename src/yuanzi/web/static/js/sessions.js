// Session rooms (局数, issue 26) in words: a session's progress, its players' names and
// totals, why it ended, its biggest bombs as text, a table's rules in one line. Shared by
// the table's session bar, the end-of-session summary, its share image and the club page.

import { getLang, t } from './i18n.js';
import { RANKS, SUIT_SYMBOLS, SUITS } from './cards.js';

/**
 * A session room (docs/protocol.md): its length (0: until someone leaves), games played,
 * status and why it ended, its players.
 * @typedef {{ games: number, played: number, status: string, reason?: string | null,
 *   players: Player[], [field: string]: any }} Session
 */
/** @typedef {{ key: string, seat: number, total: number, wins: number, name?: string | null,
 *   name_en?: string | null, [field: string]: any }} Player */

/** The lengths a session may have (docs/protocol.md): 0 is "until someone leaves". */
export const SESSION_LENGTHS = [4, 8, 16, 0];

/** '+3', '−2', '0' (a true minus sign: the totals line up and read as numbers). */
/** @type {(n: number) => string} */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** 4局 / 打到有人离开 — a length as a choice. */
/** @type {(games: number) => string} */
export const lengthText = (games) => (games ? t('session.length', { n: games }) : t('session.length_open'));

/** 第 3/8 局, 第 3 局 (until someone leaves), or 牌局结束 · 共 4 局 once ended.
 * @param {Session} session */
export function progressText(session) {
  if (session.status === 'ended') return t('session.chip_ended', { n: session.played });
  const n = session.games ? Math.min(session.played + 1, session.games) : session.played + 1;
  const text = session.games ? t('session.chip', { n, of: session.games }) : t('session.chip_open', { n });
  return session.status === 'ending' ? `${text} · ${t('session.last_game')}` : text;
}

/** 已打 2/4 局 (or 已打 2 局 until someone leaves).
 * @param {Session} session */
export function playedText(session) {
  return session.games ? t('session.played_of', { n: session.played, of: session.games })
    : t('session.played_n', { n: session.played });
}

/** A player's name in the page's language (a bot has both).
 * @param {{ name?: string | null, name_en?: string | null } | null | undefined} p */
export function playerName(p) {
  if (!p) return '';
  return getLang() === 'en' ? (p.name_en || p.name) : (p.name || p.name_en);
}

/** The players best total first (then more wins, then the seat).
 * @param {Player[]} players */
export function ranked(players) {
  return [...players].sort((a, b) => b.total - a.total || b.wins - a.wins || a.seat - b.seat);
}

/** A player's place: 1 + how many have a better total (a tie shares its place). */
/** @type {(players: Player[], p: Player) => number} */
export const placeOf = (players, p) => 1 + players.filter((q) => q.total > p.total).length;

/** The keys of the 大赢家: the top total, when it is above 0 (a tie: all of them).
 * @param {Player[]} players */
export function bigWinners(players) {
  const top = Math.max(...players.map((p) => p.total), 0);
  return new Set(top > 0 ? players.filter((p) => p.total === top).map((p) => p.key) : []);
}

/** @type {(session: Session) => Record<string, Player>} */
export const byKey = (session) => Object.fromEntries(session.players.map((p) => [p.key, p]));

/** Why it ended, in words (reason: games / vote / owner / left / closed).
 * @param {Session} session */
export function reasonText(session) {
  if (session.status !== 'ended') return t(session.status === 'ending' ? 'session.status.ending' : 'session.status.running');
  return t(`session.reason.${session.reason || 'closed'}`, { n: session.played });
}

/** R2 cards as text: '7S 7H BJ' → '♠7 ♥7 大王'.
 * @param {string | null | undefined} cards */
export function cardsText(cards) {
  return String(cards || '').split(/\s+/).filter(Boolean).map((c) => {
    if (c === 'BJ' || c === 'SJ') return t(`card.${c}`);
    const rank = c.slice(0, -1) === 'T' ? '10' : c.slice(0, -1);
    const suit = SUITS.indexOf(c.slice(-1));
    return `${suit < 0 ? '' : SUIT_SYMBOLS[suit]}${RANKS.includes(rank) ? rank : c}`;
  }).join(' ');
}

/** A bomb as '原子 ♠7 ♥7 ♣7' (its kind, then its cards).
 * @param {{ kind: string, cards: string } | null | undefined} bomb */
export function bombText(bomb) {
  return bomb ? `${t(`kind.${bomb.kind}`)} ${cardsText(bomb.cards)}` : '—';
}

/** A game of the session in words: who won (the players whose stake is above 0).
 * @param {{ stakes: Record<string, number> }} line
 * @param {Session} session */
export function lineWinners(line, session) {
  const players = byKey(session);
  return Object.entries(line.stakes).filter(([, s]) => s > 0).map(([key]) => playerName(players[key]) || key);
}

/** @type {Record<string, string | boolean>} */
const RULE_DEFAULTS = { joker_blade: 'three', jiefeng: 'next', second_half_score_blade_three: true,
  blade_bomb_only_atoms: false, downstream_to_upstream: true, second_half_needs_upstream: false };

/** A table's rules in one line (RULES.md §12: only what differs from the defaults is sent):
 * 接风, then each option changed, the turn's seconds and the bet.
 * @param {Record<string, any> | null} [rules]
 * @param {{ turnSeconds?: number | null, bet?: number }} [shown] */
export function rulesLine(rules = {}, { turnSeconds = null, bet = 0 } = {}) {
  /** @type {Record<string, any>} */
  const r = { ...RULE_DEFAULTS, ...(rules || {}) };
  const parts = [t(`rule.jiefeng.${r.jiefeng}`)];
  const changed = Object.keys(RULE_DEFAULTS).filter((k) => k !== 'jiefeng' && r[k] !== RULE_DEFAULTS[k]);
  for (const key of changed) {
    if (key === 'joker_blade') parts.push(t('session.rule_choice', { rule: t('rule.joker_blade'), value: t(`rule.joker_blade.${r[key]}`) }));
    else parts.push(r[key] ? t(`rule.${key}`) : t('session.rule_without', { rule: t(`rule.${key}`) }));
  }
  if (!changed.length) { // 对家接风 alone is not "standard rules": say the rest is
    parts.push(t(r.jiefeng === RULE_DEFAULTS.jiefeng ? 'session.rules_standard' : 'session.rules_otherwise_standard'));
  }
  const secs = (rules && rules.turn_seconds) || turnSeconds;
  if (secs) parts.push(t('session.turn_seconds', { n: Math.round(secs) }));
  if (bet) parts.push(t('lobby.bet', { bet }));
  return parts.join(' · ');
}

/** A date and time in the page's language (Unix seconds).
 * @param {number | null | undefined} seconds */
export function when(seconds) {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleString(getLang(), { year: 'numeric', month: 'numeric',
    day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** From when to when: the day and time it began, and the time it ended (its day too when
 * another).
 * @param {number} started
 * @param {number | null | undefined} ended */
export function spanOf(started, ended) {
  if (!ended) return when(started);
  const a = new Date(started * 1000);
  const b = new Date(ended * 1000);
  const end = a.toDateString() === b.toDateString()
    ? b.toLocaleTimeString(getLang(), { hour: '2-digit', minute: '2-digit' }) : when(ended);
  return `${when(started)} – ${end}`;
}

