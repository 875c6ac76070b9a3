// End-of-half and end-of-game panels: points per half and where they came from (R29:
// score cards left in a hand go to the other team; 下游's trick points go to 上游's team),
// 上游/下游, 双夹, and the ladder and coin changes of every seat.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { TEAMS } from '../game.js';
import { listOf, titleOf } from '../words.js';

/**
 * A half's result as the hall sends it (RECORD.md, half_result_dict with its detail):
 * each team's points, each seat's trick points, 上游 and 下游, how it ended, the order
 * the seats went out; where R29 moved points (after the game: per seat).
 * @typedef {{ points: Record<string, number>, trick_points: number[], upstream: number | null,
 *   downstream: number | null, ended_by: string, out_order: number[], hand_points?: number[],
 *   downstream_points?: number, team_hand_points?: Record<string, number> }} HalfResult
 */
/** @typedef {{ winner: string | null, kind: string, halves: HalfResult[] }} GameResultView */
/** The pause between the halves: seconds left (null: over), the seats still reading,
 * whether I pressed 继续, what 继续 does, the table's rules.
 * @typedef {{ left: number | null, waiting?: number[], pressed?: boolean, onGo?: () => void,
 *   rules?: Record<string, any> }} Pause */

/** @type {(mySeat: number | null | undefined) => mySeat is number} */
const seated = (mySeat) => mySeat !== null && mySeat !== undefined;

/** The teams in the order shown: mine first when I sit at the table.
 * @param {number | null | undefined} mySeat */
function teamOrder(mySeat) {
  return seated(mySeat) && (mySeat & 1) ? ['EW', 'NS'] : TEAMS;
}

/** 我方 / 对方 to a player; a spectator sees each team by its players' names (`names` are
 * then the bare names, seatLabels). */
/** A team in words: its players' names to a spectator, 我方 / 对方 to a player — in English
 * "Us" / "Them" in a list, "We" / "They" as a sentence's subject (``subject``).
 * @param {string} team
 * @param {number | null | undefined} mySeat
 * @param {string[]} names */
function teamLabel(team, mySeat, names, subject = false) {
  if (!seated(mySeat)) {
    const k = TEAMS.indexOf(team);
    return t('table.team_of', { a: names[k], b: names[k + 2] });
  }
  const ours = TEAMS[mySeat & 1] === team;
  if (subject) return t(ours ? 'table.team_we' : 'table.team_they');
  return ours ? t('table.team_us') : t('table.team_them');
}

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * Where a half's points came from, per team (R29): the tricks its seats won, the score
 * cards left in the other team's hands, 下游's trick points moved to 上游's team. From the
 * hall's `hand_points` and `downstream_points` (engine, half_result_dict(detail)); an
 * older hall sends only the totals, shown then as one "moved" row.
 * @param {HalfResult} half
 */
export function explainHalf(half) {
  const tp = half.trick_points;
  const tricks = { NS: tp[0] + tp[2], EW: tp[1] + tp[3] };
  if (half.team_hand_points) { // during the game: per team only (R45)
    const th = half.team_hand_points;
    return explained(half, tricks, { NS: th.EW, EW: th.NS });
  }
  if (!Array.isArray(half.hand_points)) {
    const moved = { NS: half.points.NS - tricks.NS, EW: half.points.EW - tricks.EW };
    return { tricks, hands: null, downstream: null, moved, points: half.points };
  }
  const hp = half.hand_points;
  return explained(half, tricks, { NS: hp[1] + hp[3], EW: hp[0] + hp[2] }); // the other team's hands
}

/** @param {HalfResult} half
 * @param {Record<string, number>} tricks
 * @param {Record<string, number>} hands */
function explained(half, tricks, hands) {
  const d = half.downstream_points || 0;
  /** @type {Record<string, number>} */
  const downstream = { NS: 0, EW: 0 };
  if (d && half.downstream !== null && half.upstream !== null) {
    downstream[TEAMS[half.upstream & 1]] += d;
    downstream[TEAMS[half.downstream & 1]] -= d;
  }
  return { tricks, hands, downstream: d ? downstream : null, moved: null, points: half.points };
}

/** @param {HalfResult} half
 * @param {string[]} names
 * @param {number | null | undefined} mySeat */
function explainTable(half, names, mySeat) {
  const x = explainHalf(half);
  const teams = teamOrder(mySeat);
  /** @type {(values: Record<string, number>, sign?: boolean) => any[]} */
  const cells = (values, sign = false) => teams.map((team) => h('td', { class: 'n', dataset: { team } },
    sign ? signed(values[team]) : String(values[team])));
  const rows = [h('tr', { class: 'tricks' }, h('th', { scope: 'row' }, t('explain.tricks')), cells(x.tricks))];
  if (x.hands && (x.hands.NS || x.hands.EW)) {
    rows.push(h('tr', { class: 'hands' }, h('th', { scope: 'row' }, t('explain.hands')), cells(x.hands, true)));
  }
  if (x.downstream) {
    rows.push(h('tr', { class: 'downstream' }, h('th', { scope: 'row', title: names[/** @type {number} */ (half.downstream)] },
      t('explain.downstream')), cells(x.downstream, true)));
  }
  if (x.moved && (x.moved.NS || x.moved.EW)) {
    rows.push(h('tr', { class: 'moved' }, h('th', { scope: 'row' }, t('explain.title')), cells(x.moved, true)));
  }
  rows.push(h('tr', { class: 'total' }, h('th', { scope: 'row' }, t('explain.points')),
    teams.map((team) => h('td', { class: 'num', dataset: { team } }, String(x.points[team])))));
  return h('table', { class: 'points explain', title: t(x.downstream ? 'explain.rule' : 'explain.rule_no_downstream') },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''),
      teams.map((team) => h('th', { scope: 'col', class: 'n' }, teamLabel(team, mySeat, names))))),
    h('tbody', {}, rows));
}

/** @param {HalfResult} half
 * @param {number} n
 * @param {string[]} names
 * @param {number | null | undefined} mySeat
 * @param {{ rule?: boolean }} [options] */
function halfTable(half, n, names, mySeat, { rule = false } = {}) {
  return h('div', { class: 'half-result' },
    h('h3', {}, t('over.half_n', { n }), ' · ', t(`half.ended.${half.ended_by}`)),
    explainTable(half, names, mySeat),
    rule ? h('p', { class: 'small muted explain-rule' },
      t(half.downstream_points ? 'explain.rule' : 'explain.rule_no_downstream')) : null,
    h('p', { class: 'small' },
      `${t('half.upstream')}: ${half.upstream === null ? '—' : names[half.upstream]}`,
      half.downstream === null ? '' : ` · ${t('half.downstream')}: ${names[half.downstream]}`),
    h('p', { class: 'small muted' }, `${t('half.order')}: `,
      half.out_order.map((s) => names[s]).join(' → ') || '—'),
    h('p', { class: 'small muted' }, `${t('half.trick_points')}: `,
      half.trick_points.map((p, s) => `${names[s]} ${p}`).join(' · ')));
}

// R30–R31: the line of 双夹, and what each team needs over both halves (600 in all)
const DOUBLE_LINE = 60;
const UPSTREAM_WINS_AT = 300;
const OTHER_WINS_AT = 305;
const GAME_TOTAL = 600;
/** @type {(half: HalfResult) => string | null} */
const upstreamTeam = (half) => (half.upstream === null ? null : TEAMS[half.upstream & 1]);

/** Why the game goes on to a second half, and what wins it (R30, R31; issue 31).
 * @param {HalfResult} half
 * @param {string[]} names
 * @param {number | null | undefined} mySeat
 * @param {Record<string, any>} [rules] */
export function halfWhy(half, names, mySeat, rules = {}) {
  const up = upstreamTeam(half);
  const lines = [h('p', { class: 'half-why' }, t('half.why_second'))];
  if (up) {
    const other = TEAMS[1 - TEAMS.indexOf(up)];
    lines.push(h('p', { class: 'half-target' }, t('half.target', { total: GAME_TOTAL,
      up: teamLabel(up, mySeat, names, true), other: teamLabel(other, mySeat, names, true),
      need_up: UPSTREAM_WINS_AT, need_other: OTHER_WINS_AT })));
    /** @type {(team: string) => number} */
    const need = (team) => Math.max(0, (team === up ? UPSTREAM_WINS_AT : OTHER_WINS_AT) - half.points[team]);
    const [a, b] = teamOrder(mySeat);
    lines.push(h('p', { class: 'half-target' }, t('half.needs_now', { a: teamLabel(a, mySeat, names), x: need(a),
      b: teamLabel(b, mySeat, names), y: need(b) })));
  }
  if (rules.second_half_needs_upstream) lines.push(h('p', { class: 'half-target small' }, t('half.needs_upstream')));
  return lines;
}

/**
 * The first half's summary, whole, while the halves pause (issue 31): why a second half,
 * what wins it, the points and where they came from, and 继续. `pause` is
 * `{ left, waiting, pressed, onGo }`: seconds left (null: over), the seats still
 * reading, whether I pressed 继续.
 * @param {HalfResult} half
 * @param {string[]} names
 * @param {number | null | undefined} mySeat
 * @param {Pause | (() => void)} given
 */
export function halfPanel(half, names, mySeat, given) {
  /** @type {Pause} */
  const pause = typeof given === 'function' ? { left: null, onGo: given } : given; // no pause: 继续 closes
  return h('section', { class: 'half-panel panel', role: 'status', 'aria-live': 'polite',
    'aria-label': t('half.title', { half: t('table.first_half') }) },
  h('h2', {}, t('half.title', { half: t('table.first_half') })),
  halfWhy(half, names, mySeat, pause.rules),
  halfTable(half, 1, names, mySeat),
  h('div', { class: 'half-foot' },
    h('p', { class: 'half-wait small muted', 'aria-live': 'off' }, pauseWords(pause, names)),
    h('button', { class: 'btn primary', type: 'button', dataset: { action: 'half-continue' },
      onclick: pause.onGo }, t('half.continue'))));
}

/** The pause's line under the summary: its countdown, or whom it still waits for.
 * @param {Pause} pause
 * @param {string[]} names */
export function pauseWords(pause, names) {
  if (pause.left === null) return '';
  const others = (pause.waiting || []).map((s) => names[s]);
  if (pause.pressed && others.length) return t('half.waiting_for', { names: listOf(others) });
  return t('half.starts_in', { n: pause.left });
}

/** The same summary in one line (the table shows it under the trick once the second
 * half's first play lands, so that it never covers a trick): the half's points; while
 * the halves still pause (I pressed 继续), its seconds (whom it waits for on hover).
 * @param {HalfResult} half
 * @param {string[]} names
 * @param {number | null | undefined} mySeat
 * @param {() => void} onClose
 * @param {Pause | null} [pause] */
export function halfLine(half, names, mySeat, onClose, pause = null) {
  const teams = teamOrder(mySeat);
  return h('section', { class: 'half-panel half-line', role: 'status',
    'aria-label': t('half.title', { half: t('table.first_half') }) },
  h('span', { class: 'half-result', title: teams.map((team) => `${teamLabel(team, mySeat, names)} ${half.points[team]}`).join(' · ') },
    `${t('table.first_half')} `,
    teams.flatMap((team, i) => [i ? ' : ' : '', h('b', { dataset: { team } }, String(half.points[team]))])),
  pause && pause.left !== null ? h('span', { class: 'half-wait small', title: pauseWords(pause, names) },
    t('half.wait_short', { n: pause.left })) : null,
  h('button', { class: 'btn', type: 'button', dataset: { action: 'half-continue' }, 'aria-label': t('half.continue'),
    onclick: onClose }, '×'));
}

/** game_over.seats: each seat's ladder and coin change, its level and title after, drops.
 * @param {any[]} seats
 * @param {string[]} names
 * @param {number | null | undefined} mySeat */
function seatChanges(seats, names, mySeat) {
  /** @type {(codes: string[]) => string} */
  const itemList = (codes) => listOf(codes.map((c) => t(`item.${c}`)));
  const rows = seats.map((x) => {
    const human = x.account_id !== null && x.account_id !== undefined;
    /** @type {(v: string, cls?: string | Array<string | false>) => HTMLElement} */
    const cell = (v, cls = 'num') => h('td', { class: cls }, v);
    return h('tr', { class: [x.seat === mySeat && 'me'], dataset: { seat: x.seat } },
      h('th', { scope: 'row' }, names[x.seat]),
      cell(human ? signed(x.score_delta ?? 0) : '—', ['num', (x.score_delta ?? 0) > 0 && 'up', (x.score_delta ?? 0) < 0 && 'down']),
      cell(human ? signed(x.coins_delta ?? 0) : '—', ['num', (x.coins_delta ?? 0) > 0 && 'up', (x.coins_delta ?? 0) < 0 && 'down']),
      cell(human ? `${t('lb.level', { n: x.level })} · ${titleOf(x)}` : '—', ['title']),
      cell([x.items && x.items.length ? t('over.drops', { items: itemList(x.items) }) : '',
        x.lost_items && x.lost_items.length ? ` ${t('over.lost_drops', { items: itemList(x.lost_items) })}` : ''].join('') || '', 'small'));
  });
  // a tournament's game: the ladder moves when its round is over (the other tables play its deals)
  const pending = seats.some((x) => x.pending);
  return h('div', { class: 'changes seat-changes' }, h('h3', {}, t('over.changes')),
    pending ? h('p', { class: 'small muted pending-note', dataset: { note: 'pending' } }, t('over.pending_round')) : null,
    h('div', { class: 'scroll-x' }, h('table', { class: 'points changes-table' },
      h('thead', {}, h('tr', {}, ['common.seat', 'over.col_score', 'over.col_coins', 'over.col_title', 'over.col_items']
        .map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows))));
}

/** The game's end in words (R30, R31; issue 31): why this team won, or why no one did.
 * @param {GameResultView} r
 * @param {string[]} names
 * @param {number | null | undefined} mySeat */
export function resultWhy(r, names, mySeat) {
  const first = r.halves[0];
  if (!first) return '';
  /** @type {(team: string) => string} */
  const label = (team) => teamLabel(team, mySeat, names, true); // each sentence's subject
  if (r.kind === 'double') {
    if (first.ended_by === 'team_out' && r.winner) return t('over.why_team_out', { team: label(r.winner) });
    const loser = TEAMS.find((team) => first.points[team] < DOUBLE_LINE);
    return loser ? t('over.why_under_60', { team: label(loser), points: first.points[loser] }) : '';
  }
  /** @type {(team: string) => number} */
  const total = (team) => r.halves.reduce((/** @type {number} */ a, half) => a + half.points[team], 0);
  const up = upstreamTeam(first);
  if (!up) return '';
  const needs = { up: UPSTREAM_WINS_AT, other: OTHER_WINS_AT };
  if (r.winner === null) {
    const enough = TEAMS.find((team) => total(team) >= (team === up ? needs.up : needs.other));
    return enough ? t('over.why_draw', { team: label(enough) }) : '';
  }
  return t('over.why_normal', { winner: label(r.winner), points: total(r.winner), up: label(up),
    need_up: needs.up, need_other: needs.other });
}

/** @param {GameResultView} r
 * @param {number | null | undefined} mySeat
 * @param {string[]} names */
function headline(r, mySeat, names) {
  if (r.winner === null) return t('over.draw');
  if (!seated(mySeat)) return t('over.win', { team: teamLabel(r.winner, mySeat, names) });
  return t(TEAMS[mySeat & 1] === r.winner ? 'over.win_us' : 'over.win_them');
}

/** The end-of-game dialog's content. `over` is the GameOver frame plus `changes`.
 * @param {any} over
 * @param {string[]} names
 * @param {number | null | undefined} mySeat
 * @param {any[][]} actions  each [label, action, what it does, primary?] */
export function gameOverContent(over, names, mySeat, actions) {
  const parts = [h('h2', { id: 'over-title' }, t('over.title'))];
  const r = over.result;
  if (over.status === 'abandoned' || !r) {
    parts.push(h('p', { class: 'over-headline' },
      t('over.abandoned', { name: over.escaper === null ? '?' : names[over.escaper] })));
  } else {
    const won = seated(mySeat) && r.winner === TEAMS[mySeat & 1];
    const kind = r.kind === 'double' ? t('over.double') : r.kind === 'normal' ? t('over.normal') : '';
    parts.push(h('p', { class: ['over-headline', won && 'won', r.winner && !won && seated(mySeat) && 'lost'] },
      headline(r, mySeat, names), kind ? ' · ' : '', h('span', { class: ['kind', r.kind] }, kind)));
    const why = resultWhy(r, names, mySeat);
    if (why) parts.push(h('p', { class: 'over-why' }, why));
    if (r.halves.length > 1) {
      const teams = teamOrder(mySeat);
      const rows = teams.map((team) => h('tr', {},
        h('th', { scope: 'row' }, `${t('over.total')} · ${teamLabel(team, mySeat, names)}`),
        h('td', { class: 'num', dataset: { team } }, String(r.halves.reduce((/** @type {number} */ a, /** @type {HalfResult} */ half) => a + half.points[team], 0)))));
      parts.push(h('table', { class: 'points total' }, h('tbody', {}, rows)));
    }
    parts.push(...r.halves.map((/** @type {HalfResult} */ half, /** @type {number} */ i) => halfTable(half, i + 1, names, mySeat, { rule: i === r.halves.length - 1 })));
  }
  if (Array.isArray(over.seats) && over.seats.length) parts.push(seatChanges(over.seats, names, mySeat));
  else if (over.changes) {
    parts.push(h('div', { class: 'changes' }, h('h3', {}, t('over.changes')),
      h('p', {}, t('over.score', { d: signed(over.changes.score) }), ' · ',
        t('over.coins', { d: signed(over.changes.coins) }))));
  }
  parts.push(h('div', { class: 'dialog-actions' },
    actions.map(([label, action, f, primary]) => h('button', { class: ['btn', primary && 'primary'], type: 'button',
      dataset: { action }, onclick: f }, label))));
  return parts;
}
