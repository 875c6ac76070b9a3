// The rules guide 玩法说明 (#/guide, public): the rules of RULES.md in a player's words,
// zh-CN and English, with every example drawn as real cards. The examples and what they
// are — kind, rank, which beats which, a tiny half played out — come from the engine
// (GET /api/guide, yuanzi.guide); this view only words and draws them. Each example
// element carries what it shows in data attributes (data-cards, data-kind, data-beats, …)
// so a test can hold the page against the engine.

import { h } from '../dom.js';
import { RANKS, SUITS, parseCards, cardText } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { DICTS, getLang, t } from '../i18n.js';
import { cardName, describeMove } from '../names.js';
import { JOKER_RANK_BJ, JOKER_RANK_SJ, KIND_LABELS } from '../rules.js';

const SECTIONS = ['deck', 'blade', 'order', 'combos', 'beats', 'wild', 'trick', 'outs', 'points',
  'double', 'clock', 'fair'];

// What GET /api/guide answers (yuanzi.guide), the fields this view words and draws.
/** A combination as the engine names it (a valid group's; ``suit``: a hydrogen's).
 * @typedef {{ kind: string, rank: string, size: number, jokers: number, suit?: string | null,
 *   blade: boolean }} MoveInfo */
/** A group of cards and what it is (``rank`` and the rest: only when ``valid``).
 * @typedef {MoveInfo & { id?: string | null, section?: string, cards: string, valid: boolean }} GroupInfo */
/** @typedef {{ id: string, section: string, play: GroupInfo, top: GroupInfo,
 *   options: Record<string, boolean>, beats: boolean, back: boolean }} BeatInfo */
/** A step of the mini half (a play's MoveInfo when ``cards``).
 * @typedef {MoveInfo & { seat: string, cards: string | null, out?: number,
 *   trick?: { winner: string, points: number }, lead?: string, jiefeng?: boolean }} StepInfo */
/** @typedef {{ NS: number, EW: number }} TeamPoints */
/** @typedef {{ out_order: string[], upstream: string, downstream: string | null, left: Record<string, string>,
 *   trick_points: Record<string, number>, hand_points: Record<string, number>, moved: number,
 *   points: TeamPoints }} HalfInfo */
/** @typedef {{ upstream_team: string, halves: TeamPoints[], totals: TeamPoints, winner: string | null }} Decision */
/**
 * @typedef {object} GuideData
 * @property {string} blade
 * @property {{ cards: number, packs: number, per_pack: number, suits: string[], hand_sizes: number[],
 *   turn_order: string[] }} deck
 * @property {{ card: string, half: number, blade: string, first_drawer: string | null }[]} blade_turns
 * @property {string[]} order
 * @property {{ cards: { card: string, points: number }[], total: number }} points
 * @property {GroupInfo[]} combinations
 * @property {BeatInfo[]} beats
 * @property {{ blade: string, hands: Record<string, string>, steps: StepInfo[], result: HalfInfo }} half
 * @property {string} jiefeng_partner
 * @property {{ total: number, double_line: number, upstream_wins_at: number, other_wins_at: number,
 *   decisions: Decision[] }} scoring
 * @property {{ turn_seconds: number }} clock
 */

/** @type {Promise<GuideData> | null} */
let cached = null; // the guide's data: the same for every visit of this page

function loadGuide() {
  if (!cached) {
    cached = fetch('/api/guide', { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    cached.catch(() => { cached = null; }); // a later visit tries again
  }
  return cached;
}

/** @type {(key: string) => boolean} */
const has = (key) => key in DICTS[getLang()];
/** @type {(code: string) => string} */
const seatName = (code) => t(`guide.seat.${code}`);
/** @type {(code: string) => string} */
const teamName = (code) => t(`guide.team.${code}`);
/** @type {(items: string[]) => string} */
const list = (items) => items.join(t('guide.list_sep'));

/** A move object (as rules.js makes them) from the engine's description of a group.
 * @param {MoveInfo} info */
function moveOf(info) {
  const rank = info.rank === 'BJ' ? JOKER_RANK_BJ : info.rank === 'SJ' ? JOKER_RANK_SJ : RANKS.indexOf(info.rank);
  return { kind: KIND_LABELS.indexOf(info.kind), rank, size: info.size, jokers: info.jokers,
    suit: info.suit ? SUITS.indexOf(info.suit) : -1, blade: info.blade };
}

/** What a group is, in words: '对子 9', '刀·炸弹…', or 'not a play'.
 * @param {GroupInfo} info */
const groupText = (info) => (info.valid ? describeMove(moveOf(info)) : t('guide.invalid'));

/** A group of cards drawn as real card faces; each card carries its own notation.
 * @param {string} text
 * @param {number} blade
 * @param {{ class?: string }} [props] */
function cardsEl(text, blade, props = {}) {
  const ids = parseCards(text);
  return h('div', { class: ['g-cards', props.class], role: 'img', 'aria-label': ids.map(cardName).join(' '),
    dataset: { cards: text, bladeRank: RANKS[blade] ?? '' } },
  ids.map((id) => h('span', { class: 'g-card', dataset: { card: cardText(id) } }, cardFace(id, { blade }))));
}

/** One classified group: its cards and, beneath, what the engine says it is.
 * @param {GroupInfo} info
 * @param {number} blade
 * @param {{ note?: string, caption?: string }} [extra] */
function exampleEl(info, blade, extra = {}) {
  const note = extra.note ?? (info.id && has(`guide.note.${info.id}`) ? t(`guide.note.${info.id}`) : '');
  return h('figure', { class: ['g-example', !info.valid && 'invalid'], dataset: {
    example: info.id ?? '', cards: info.cards, kind: info.kind, valid: String(info.valid),
    ...(info.valid ? { rank: info.rank, size: String(info.size), jokers: String(info.jokers),
      blade: String(info.blade), suit: info.suit ?? '' } : {}),
  } },
  cardsEl(info.cards, blade),
  h('figcaption', {}, h('b', { class: 'g-kind' }, extra.caption ?? groupText(info)),
    note ? h('span', { class: 'g-note' }, note) : null));
}

/** "Does play beat top?" — both groups drawn, the engine's verdict between them.
 * @param {BeatInfo} b
 * @param {number} blade */
function beatEl(b, blade) {
  const option = b.options && b.options.blade_bomb_only_atoms;
  return h('div', { class: ['g-beat', b.beats ? 'yes' : 'no'], dataset: {
    example: b.id, play: b.play.cards, top: b.top.cards, beats: String(b.beats), back: String(b.back),
    options: Object.keys(b.options || {}).filter((k) => b.options[k]).join(' '),
  } },
  h('div', { class: 'g-beat-row' },
    h('div', { class: 'g-side' }, h('span', { class: 'g-side-label' }, t('guide.on_table')),
      exampleEl(b.top, blade)),
    h('div', { class: 'g-side' }, h('span', { class: 'g-side-label' }, t('guide.played')),
      exampleEl(b.play, blade)),
    h('span', { class: 'g-verdict', role: 'note' }, b.beats ? `✓ ${t('guide.yes')}` : `✗ ${t('guide.no')}`)),
  h('p', { class: 'g-why' }, option ? h('span', { class: 'g-option' },
    t('guide.option', { name: t('rule.blade_bomb_only_atoms') })) : null,
  has(`guide.beat.${b.id}`) ? t(`guide.beat.${b.id}`) : ''));
}

/** @type {(key: string, params?: Record<string, any>) => any} */
const para = (key, params) => h('p', {}, t(key, params));
/** @type {(items: any[]) => any} */
const examples = (items) => h('div', { class: 'g-examples' }, items);

/** @param {string} name
 * @param {...any} body */
function section(name, ...body) {
  return h('section', { class: 'guide-section', id: `guide-${name}`, dataset: { section: name },
    'aria-labelledby': `guide-h-${name}` },
  h('h2', { id: `guide-h-${name}` }, t(`guide.s.${name}`)), ...body);
}

/** @param {string} title
 * @param {...any} body */
function sub(title, ...body) {
  return h('div', { class: 'guide-sub' }, h('h3', {}, title), ...body);
}

// -- the sections ---------------------------------------------------------------------

/** @param {GuideData} g
 * @param {number} blade */
function deckSection(g, blade) {
  const d = g.deck;
  const sample = ['BJ', 'SJ', ...d.suits.map((s) => `A${s}`)].join(' ');
  const big = Math.max(...d.hand_sizes);
  const small = Math.min(...d.hand_sizes);
  return section('deck',
    para('guide.deck.p1', { cards: d.cards, per: d.per_pack, packs: d.packs }),
    h('div', { class: 'g-examples' }, cardsEl(sample, blade, { class: 'g-plain' })),
    para('guide.deck.teams', { ns: teamName('NS'), ew: teamName('EW') }),
    para('guide.deck.order', { order: d.turn_order.map(seatName).join(' → ') }),
    para('guide.deck.p3', { big, small }));
}

/** @param {GuideData} g */
function bladeSection(g) {
  const turns = g.blade_turns.map((x) => {
    const bladeRank = RANKS.indexOf(x.blade);
    return h('figure', { class: 'g-example g-turn', dataset: { card: x.card, half: String(x.half), blade: x.blade,
      drawer: x.first_drawer ?? '' } },
    h('span', { class: 'g-side-label' }, t(x.half === 1 ? 'guide.turn.half1' : 'guide.turn.half2')),
    cardsEl(x.card, bladeRank),
    h('figcaption', {}, h('b', { class: 'g-kind' }, t('guide.turn.blade', { rank: x.blade })),
      x.first_drawer ? h('span', { class: 'g-note' }, t('guide.turn.drawer', { seat: seatName(x.first_drawer) })) : null));
  });
  return section('blade', para('guide.blade.p1'), para('guide.blade.p2'), examples(turns),
    para('guide.blade.p3'));
}

/** @param {GuideData} g
 * @param {number} blade */
function orderSection(g, blade) {
  const cards = g.order.map((r) => `${r}S`).join(' ');
  return section('order',
    para('guide.order.p1', { blade: g.blade }),
    h('div', { class: 'g-examples' }, h('figure', { class: 'g-example g-order', dataset: { order: g.order.join(' ') } },
      cardsEl(cards, blade, { class: 'g-spread' }),
      h('figcaption', {}, h('b', { class: 'g-kind' }, t('guide.order.caption', { order: g.order.join(' > ') }))))),
    para('guide.order.p2'),
    examples(g.beats.filter((b) => b.section === 'order').map((b) => beatEl(b, blade))));
}

/** @param {GuideData} g
 * @param {number} blade */
function combosSection(g, blade) {
  /** @param {string} s */
  const of = (s) => examples(g.combinations.filter((c) => c.section === s).map((c) => exampleEl(c, blade)));
  const max = /** @type {GroupInfo} */ (g.combinations.find((c) => c.id === 'bomb_max')); // (always listed)
  return section('combos', para('guide.combos.p1'),
    sub(t('guide.c.loose'), para('guide.c.loose.p'), of('loose')),
    sub(t('guide.c.bomb'), para('guide.c.bomb.p', { max: max.size, naturals: max.size - max.jokers, jokers: max.jokers }),
      of('bomb')),
    sub(t('guide.c.blade'), para('guide.c.blade.p', { blade: g.blade }), of('blade')),
    sub(t('guide.c.atom'), para('guide.c.atom.p'), of('atom')),
    sub(t('guide.c.hydrogen'), para('guide.c.hydrogen.p'), of('hydrogen')));
}

/** @param {GuideData} g
 * @param {number} blade */
function beatsSection(g, blade) {
  /** @param {string} s */
  const of = (s) => examples(g.beats.filter((b) => b.section === s).map((b) => beatEl(b, blade)));
  return section('beats', para('guide.beats.p1'),
    h('ol', { class: 'g-ladder' }, ['loose', 'bomb', 'atom', 'hydrogen'].map((k) => h('li', {}, t(`guide.ladder.${k}`)))),
    para('guide.beats.p2'),
    sub(t('guide.c.loose'), of('loose')), sub(t('guide.c.bomb'), of('bomb')),
    sub(t('guide.c.atom'), of('atom')), sub(t('guide.c.hydrogen'), of('hydrogen')));
}

/** @param {GuideData} g
 * @param {number} blade */
function wildSection(g, blade) {
  /** @param {string} s */
  const of = (s) => examples(g.combinations.filter((c) => c.section === s).map((c) => exampleEl(c, blade)));
  return section('wild', para('guide.wild.p1'), of('wild'),
    para('guide.wild.p2'), of('jokers'),
    examples(g.beats.filter((b) => b.section === 'wild').map((b) => beatEl(b, blade))),
    para('guide.wild.p3'), of('invalid'));
}

/** @param {StepInfo} step
 * @param {number} blade */
function stepEl(step, blade) {
  const who = seatName(step.seat);
  const events = [];
  if (step.out) events.push(t('guide.step.out', { seat: who, n: step.out }));
  if (step.trick) events.push(t('guide.step.trick', { seat: seatName(step.trick.winner), n: step.trick.points }));
  if (step.lead) {
    events.push(step.jiefeng
      // (接风 only where a trick ended: ``trick`` is there)
      ? t('guide.step.jiefeng', { winner: seatName(/** @type {{ winner: string }} */ (step.trick).winner), seat: seatName(step.lead) })
      : t('guide.step.lead', { seat: seatName(step.lead) }));
  }
  return h('li', { class: ['g-step', step.kind === 'pass' && 'pass', step.jiefeng && 'jiefeng'], dataset: {
    seat: step.seat, cards: step.cards ?? '', kind: step.kind, ...(step.lead ? { lead: step.lead } : {}),
    ...(step.trick ? { winner: step.trick.winner, points: String(step.trick.points) } : {}),
  } },
  h('span', { class: 'g-step-seat' }, who),
  step.cards ? h('span', { class: 'g-step-play' }, cardsEl(step.cards, blade),
    h('span', { class: 'g-kind' }, describeMove(moveOf(step))))
    : h('span', { class: 'g-step-pass' }, t('guide.step.pass')),
  events.length ? h('span', { class: 'g-step-events' }, events.map((e) => h('span', {}, e))) : null);
}

/** @param {GuideData} g
 * @param {number} blade */
function trickSection(g, blade) {
  const half = g.half;
  const hands = h('div', { class: 'g-hands' }, ['N', 'E', 'S', 'W'].map((s) => h('div', { class: 'g-hand', dataset: { seat: s } },
    h('span', { class: 'g-step-seat' }, seatName(s)), cardsEl(half.hands[s], blade))));
  return section('trick', para('guide.trick.p1'), para('guide.trick.p2'), para('guide.trick.p3'),
    para('guide.trick.partner', { seat: seatName(g.jiefeng_partner) }),
    h('div', { class: 'g-half', dataset: { blade: half.blade } },
      h('p', { class: 'g-half-intro' }, t('guide.trick.example', { blade: half.blade })),
      h('h3', {}, t('guide.half.hands')), hands,
      h('ol', { class: 'g-steps' }, half.steps.map((s) => stepEl(s, blade)))));
}

/** @param {GuideData} g */
function outsSection(g) {
  const r = g.half.result;
  return section('outs', para('guide.outs.p1'), para('guide.outs.p2'),
    h('p', { class: 'g-result', dataset: { upstream: r.upstream, downstream: r.downstream ?? '',
      order: r.out_order.join(' ') } },
    t('guide.outs.example', { order: r.out_order.map(seatName).join(' → '), up: seatName(r.upstream),
      down: r.downstream ? seatName(r.downstream) : '—' })));
}

/** @param {GuideData} g
 * @param {number} blade */
function pointsSection(g, blade) {
  const p = g.points;
  const r = g.half.result;
  /** @param {string} seat */
  const teamOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
  /** @param {string} team */
  const other = (team) => (team === 'NS' ? 'EW' : 'NS');
  const lines = [t('guide.points.tricks', { list: list(['N', 'E', 'S', 'W'].map((s) => t('guide.points.seat_n',
    { seat: seatName(s), n: r.trick_points[s] }))) })];
  for (const [seat, cards] of Object.entries(r.left)) {
    if (r.hand_points[seat]) {
      lines.push(t('guide.points.left', { seat: seatName(seat), cards: parseCards(cards).map(cardName).join(' '),
        n: r.hand_points[seat], team: teamName(other(teamOf(seat))) }));
    }
  }
  if (r.moved && r.downstream) {
    lines.push(t('guide.points.moved', { seat: seatName(r.downstream), n: r.moved, up: seatName(r.upstream),
      team: teamName(teamOf(r.upstream)) }));
  }
  lines.push(t('guide.points.result', { ns: teamName('NS'), a: r.points.NS, ew: teamName('EW'), b: r.points.EW }));
  return section('points',
    para('guide.points.p1', { cards: g.deck.cards, total: p.total }),
    examples(p.cards.map((c) => h('figure', { class: 'g-example g-points', dataset: { cards: c.card, points: String(c.points) } },
      cardsEl(c.card, blade), h('figcaption', {}, h('b', { class: 'g-kind' }, t('guide.points.n', { n: c.points })))))),
    para('guide.points.p2', { total: g.scoring.total }),
    h('div', { class: 'g-score', dataset: { ns: String(r.points.NS), ew: String(r.points.EW), moved: String(r.moved) } },
      h('p', {}, t('guide.points.example')), h('ul', {}, lines.map((l) => h('li', {}, l))),
      h('p', { class: 'muted small' }, t('guide.points.small', { total: g.scoring.total }))));
}

/** @param {GuideData} g */
function doubleSection(g) {
  const s = g.scoring;
  /** @param {TeamPoints} o */
  const pts = (o) => `${teamName('NS')} ${o.NS} : ${teamName('EW')} ${o.EW}`;
  return section('double',
    para('guide.double.p1', { line: s.double_line }),
    para('guide.double.p2', { total: s.total * 2, up: s.upstream_wins_at, other: s.other_wins_at }),
    h('ul', { class: 'g-decisions' }, s.decisions.map((d) => h('li', { dataset: { upstream: d.upstream_team,
      winner: d.winner ?? '', ns: String(d.totals.NS), ew: String(d.totals.EW) } },
    t('guide.decision', { team: teamName(d.upstream_team), h1: pts(d.halves[0]), h2: pts(d.halves[1]),
      totals: pts(d.totals), winner: d.winner ? teamName(d.winner) : t('over.draw') })))),
    para('guide.double.p3'));
}

/** @param {GuideData} g */
function clockSection(g) {
  return section('clock', para('guide.clock.p1', { s: g.clock.turn_seconds }), para('guide.clock.p2'),
    para('guide.clock.p3'));
}

/** The guide as a screen (#/guide), or `embedded` in a dialog at the table (the player
 * keeps his seat and his turn in view). */
/** 公平发牌 in plain words (issue 45): what the ✓ beside a replay means, and its limit. */
function fairSection() {
  return section('fair', para('guide.fair.p1'), para('guide.fair.p2'), para('guide.fair.p3'),
    para('guide.fair.p4'));
}

/** ``at``: a section to open at (#/guide/fair: a replay's 公平发牌 ✓ links there).
 * @param {{ embedded?: boolean, at?: string | null }} [options] */
export function createGuide({ embedded = false, at = null } = {}) {
  const body = h('div', { class: 'guide-body', 'aria-busy': 'true' }, h('p', { class: 'muted' }, t('common.loading')));
  const toc = h('nav', { class: 'guide-toc', 'aria-label': t('guide.toc') },
    SECTIONS.map((name) => h('button', { class: 'btn small ghost', type: 'button', dataset: { target: name },
      // buttons, not #anchors: the hash is the router's
      onclick: () => document.getElementById(`guide-${name}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }) },
    t(`guide.s.${name}`))));
  const root = h(embedded ? 'div' : 'main', { class: ['guide-screen', !embedded && 'screen', embedded && 'embedded'],
    id: embedded ? null : 'screen', lang: getLang() },
    h('div', { class: 'screen-head' }, h('h1', {}, t('guide.title'))),
    h('p', { class: 'guide-intro' }, t('guide.intro')), toc, body);
  let alive = true;

  loadGuide().then((g) => {
    if (!alive) return;
    const blade = RANKS.indexOf(g.blade);
    body.replaceChildren(deckSection(g, blade), bladeSection(g), orderSection(g, blade),
      combosSection(g, blade), beatsSection(g, blade), wildSection(g, blade), trickSection(g, blade),
      outsSection(g), pointsSection(g, blade), doubleSection(g), clockSection(g), fairSection());
    body.dataset.blade = g.blade;
    body.setAttribute('aria-busy', 'false');
    // (the page may not be in the document yet: the guide's data was at hand)
    if (at && SECTIONS.includes(at)) requestAnimationFrame(() => body.querySelector(`#guide-${at}`)?.scrollIntoView({ block: 'start' }));
  }, (/** @type {Error} */ e) => {
    if (!alive) return;
    body.replaceChildren(h('p', { class: 'form-error', role: 'alert' }, t('guide.error', { message: e.message })));
    body.setAttribute('aria-busy', 'false');
  });

  return { root, update() {}, destroy() { alive = false; } };
}
