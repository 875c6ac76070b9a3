// The replay viewer: a finished game's record (GET /api/games/{id}/record, RECORD.md)
// stepped, played and jumped through, with all four hands shown (R45: a finished game's
// record shows all); the list of one's recorder's replays (GET /api/me/replays), and a
// saved replay opened by its shareable link #/replay/<id> (GET /api/replays/{id}, no login).

import { h } from '../dom.js';
import { checkRecord, tableWarnings } from '../fairness.js';
import { givenAmong, givenFor, playsSeen } from '../myvalues.js';
import { RANKS, parseCards, rankIndex, sortHand, withoutCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { cardName } from '../names.js';
import { getLang, t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { botNameOf } from '../words.js';
import { createCoach } from './coach.js';
import { createMyGames } from './mygames.js';
import { fromStore } from './fromstore.js';
import { POSITIONS } from './seats.js';

/**
 * A game's record as the viewer reads it (RECORD.md): each half's turned card, hands
 * and actions; the seats' names when the hall or the page knows them.
 * @typedef {{ blade_card: string, hands: string[], actions: [number, string][],
 *   fairness?: Record<string, any> }} RecordHalf
 * @typedef {{ rules?: Record<string, any>, halves: RecordHalf[],
 *   seats?: ({ nickname?: string } | undefined)[], [field: string]: any }} GameRecord
 */
/** What a play on the table was: a seat and its cards (R2 text) or ``pass``.
 * @typedef {[number, string]} Act */
/**
 * One position of a record: the half, the action's index, the hands, the trick on the
 * table, each seat's trick points, and the last action (with the trick as it showed it).
 * @typedef {{ half: number, index: number, blade: number, bladeCard: string, hands: number[][],
 *   trick: Act[], won: number[], last: { seat: number, cards: string, shown: Act[] } | null }} Step
 */
/** A replay a player's recorder saved (GET /api/me/replays).
 * @typedef {{ id: string, game_id: number, saved_at: string, seats: FactSeat[] }} SavedReplay */
/** A seat of a game's public facts or of a saved replay (views.HistorySeat).
 * @typedef {import('../state/shapes.js').HistorySeat} FactSeat */

const SCORE_RANKS = new Set(['5', '10', 'K']);

/** R5: the blade rank of a half from its turned card.
 * @param {string} card
 * @param {number} half
 * @param {Record<string, any>} [rules] */
export function bladeRankOf(card, half, rules = {}) {
  if (card === 'BJ' || card === 'SJ') return 0;
  const rank = card.slice(0, -1);
  if (half === 1 && rules.second_half_score_blade_three !== false && SCORE_RANKS.has(rank)) return 0;
  return rankIndex(rank);
}

/** @param {number[]} ids */
const points = (ids) => ids.reduce((a, c) => a + (c >= 52 ? 0 : [0, 0, 5, 0, 0, 0, 0, 10, 0, 0, 10, 0, 0][c >> 2]), 0);

/** Every position of the record: hands, the trick on the table, trick points.
 * @param {GameRecord} record
 * @returns {Step[]} */
export function timeline(record) {
  /** @type {Step[]} */
  const steps = [];
  record.halves.forEach((half, hi) => {
    const blade = bladeRankOf(half.blade_card, hi, record.rules || {});
    let hands = half.hands.map((text) => sortHand(text ? parseCards(text) : [], blade));
    /** @type {Act[]} */
    let trick = [];
    let won = [0, 0, 0, 0];
    /** @type {number | null} */
    let topSeat = null;
    let passed = new Set();
    /** @type {(i: number, last: Step['last']) => void} */
    const push = (i, last) => { steps.push({ half: hi, index: i, blade, bladeCard: half.blade_card, hands,
      trick, won, last }); };
    push(0, null);
    half.actions.forEach(([seat, cards], i) => {
      if (cards === 'escape') return; // (the record ends where a seat escaped, R35: no play)
      if (trick.length === 0 && topSeat === null) trick = [];
      if (cards === 'pass') {
        passed = new Set(passed).add(seat);
        trick = [...trick, [seat, 'pass']];
      } else {
        const ids = parseCards(cards);
        hands = hands.map((hand, s) => (s === seat ? withoutCards(hand, ids) : hand));
        trick = [...trick, [seat, cards]];
        topSeat = seat;
        passed = new Set();
      }
      const waiting = [0, 1, 2, 3].filter((s) => s !== topSeat && hands[s].length > 0);
      const shown = trick;
      if (topSeat !== null && waiting.every((s) => passed.has(s)) && cards === 'pass') {
        const pts = points(trick.filter(([, c]) => c !== 'pass').flatMap(([, c]) => parseCards(c)));
        won = won.map((p, s) => (s === topSeat ? p + pts : p));
        trick = [];
        topSeat = null;
        passed = new Set();
      }
      push(i + 1, { seat, cards, shown });
    });
  });
  return steps;
}

/** @param {number[]} ids
 * @param {number} blade
 * @param {string} label
 * @param {boolean} [fan] */
function cardsRow(ids, blade, label, fan = false) {
  return h('div', { class: ['replay-cards', fan && 'fan'], role: 'img', 'aria-label': `${label}: ${ids.map(cardName).join(' ')}` },
    ids.map((id) => h('span', { class: 'mini-card' }, cardFace(id, { blade }))));
}

/** The points of the trick on the table at a step (R7: 5, 10, K). */
/** @param {Act[]} trick */
const trickPoints = (trick) => points(trick.filter(([, c]) => c !== 'pass').flatMap(([, c]) => parseCards(c)));

/** 录像: a game's record (``gameId``) or a saved replay (``replayId``) in the viewer, my
 * last games and my saved replays.
 * @param {import('../actions/app.js').App} app
 * @param {number | null} gameId
 * @param {string | null} [replayId] */
export function createReplays(app, gameId, replayId = null) {
  const input = h('input', { id: 'replay-id', type: 'number', min: 1, inputmode: 'numeric', value: gameId ?? '' });
  const form = h('form', { class: 'replay-open', onsubmit: (/** @type {Event} */ ev) => {
    ev.preventDefault();
    if (input.value) app.navigate('replays', Number(input.value));
  } }, h('label', { for: 'replay-id' }, t('replays.game_id')), input,
  h('button', { class: 'btn', type: 'submit' }, t('replays.open')));
  const viewer = h('section', { class: 'replay-viewer', 'aria-live': 'polite' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  /** @type {Step[]} */
  let steps = [];
  let at = 0;
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  /** @type {ReturnType<typeof createCoach> | null} */
  let coach = null;
  /** @type {number | null} */
  let replayGame = null;
  /** @type {number | null} */
  let replayOwner = null;
  let mySeat = 0; // the seat drawn at the bottom: the viewer's own when he played
  let iPlayed = false; // (a game of his own: only then is 复盘我的牌局 offered)
  /** @param {FactSeat[]} seats */
  const viewerSeat = (seats) => {
    const me = app.store.get().account;
    const mine = me ? seats.find((x) => x.account_id === me.id) : null;
    return mine ? mine.seat : 0;
  };

  /** The seats' names of a game this page just saw end (its game_over and its table):
   * a record (RECORD.md) holds no names.
   * @param {number} id */
  function knownSeats(id) {
    const s = app.store.get();
    const over = s.over && s.over.game_id === id ? s.over : null;
    const table = over ? s.tables[over.table] : null;
    if (!over || !table) return null;
    return [0, 1, 2, 3].map((k) => {
      const r = (over.seats || []).find((x) => x.seat === k);
      const seat = table.seats[k];
      if (r && (r.name || r.name_en)) return { nickname: botNameOf(r) };
      if (r && r.account_id != null && seat && seat.account_id === r.account_id) return { nickname: seat.nickname };
      return {};
    });
  }
  /** @param {GameRecord} record */
  const seatNames = (record) => [0, 1, 2, 3].map((s) => record.seats?.[s]?.nickname ?? t('seat.n', { n: s + 1 }));
  /** @type {string[]} */
  let names = [];

  const slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': t('replays.position', { i: 0, n: 0 }),
    oninput: () => go(Number(slider.value)) });
  const playBtn = h('button', { class: 'btn small', type: 'button', dataset: { action: 'replay-play' }, onclick: () => toggle() },
    t('replays.play'));
  const bar = h('div', { class: 'replay-controls' },
    h('button', { class: 'btn small', type: 'button', 'aria-label': t('replays.start'), onclick: () => go(0) }, '«'),
    h('button', { class: 'btn small', type: 'button', 'aria-label': t('replays.step_back'), onclick: () => go(at - 1) }, '◀'),
    playBtn,
    h('button', { class: 'btn small', type: 'button', 'aria-label': t('replays.step'), dataset: { action: 'replay-step' },
      onclick: () => go(at + 1) }, '▶'),
    h('button', { class: 'btn small', type: 'button', 'aria-label': t('replays.end'), onclick: () => go(steps.length - 1) }, '»'),
    slider);
  const board = h('div', { class: 'replay-board' });
  const position = h('p', { class: 'muted small' });

  function toggle() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      timer = setInterval(() => { if (at >= steps.length - 1) toggle(); else go(at + 1); }, 600);
    }
    playBtn.textContent = t(timer ? 'replays.pause' : 'replays.play');
  }

  /** @param {number} i */
  function go(i) {
    if (!steps.length) return;
    at = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = String(at);
    const step = steps[at];
    position.textContent = `${t('replays.half', { n: step.half + 1 })} · ${t('replays.position', { i: step.index, n: steps.filter((x) => x.half === step.half).length - 1 })} · ${RANKS[step.blade]} ${t('table.blade')}`;
    if (coach) coach.at(at);
    // issue 31: laid out as the table is — the viewer at the bottom, 下家 on the right —
    // each hand a fan, the trick in the middle; seats stay in seat order for readers
    const shown = step.last ? step.last.shown : [];
    const top = [...shown].reverse().find(([, c]) => c !== 'pass');
    board.replaceChildren(...[0, 1, 2, 3].map((s) => {
      const acts = shown.filter(([seat]) => seat === s);
      const lastAct = acts.length ? acts[acts.length - 1][1] : null;
      return h('div', { class: ['replay-seat', `pos-${POSITIONS[(s - mySeat + 4) % 4]}`, step.last && step.last.seat === s && 'acting'],
        dataset: { seat: s } },
      h('h3', {}, `${names[s]} · ${t('seat.cards', { n: step.hands[s].length })} · ${t('seat.points', { n: step.won[s] })}`),
      cardsRow(step.hands[s], step.blade, names[s], true),
      h('div', { class: 'replay-play', 'data-label': t('table.trick') }, lastAct === null ? '' : lastAct === 'pass'
        ? h('span', { class: 'pass-bubble' }, t('table.pass')) : cardsRow(parseCards(lastAct), step.blade, names[s])));
    }), h('div', { class: 'replay-center', role: 'region', 'aria-label': t('table.trick') },
      top ? [h('p', { class: 'small' }, t('replays.top', { name: names[top[0]] })), cardsRow(parseCards(top[1]), step.blade, names[top[0]])]
        : h('p', { class: 'small muted' }, t('replays.new_trick')),
      h('p', { class: 'small' }, t('replays.trick_points', { n: trickPoints(shown) }))));
  }

  const share = h('p', { class: 'share small' });
  const fairness = h('p', { class: 'fair-deal small', role: 'status' });
  /** Why a record is not called fair, in words, for the problems a player may meet.
   * @type {Record<string, string>} */
  const WHY = { unsigned: 'replays.unsigned', signature: 'replays.bad_signature',
    unbound: 'replays.unbound', incomplete: 'replays.incomplete' };
  /** issue 28: the deal checked here, by this browser, against the hall's commitments —
   * and (issue 54) the record against the hall's signature, by the key the hall
   * publishes, and against what this browser saw at the table.
   * @param {GameRecord} record
   * @param {number | null} gameId */
  async function showFairness(record, gameId) {
    fairness.replaceChildren();
    /** @type {string | null} */
    const key = await app.act.read('recordsKey').then((k) => (typeof k?.key === 'string' ? k.key : null), () => null);
    const verdict = await checkRecord(record, key);
    const warnings = tableWarnings(record, givenOf(record), playsSeen(gameId)).flatMap((w) => [' ',
      h('span', { class: ['chip', 'unfair', w.replace('_', '-')] }, t(`replays.${w}`))]);
    if (!verdict || verdict.verdict === 'none') {
      fairness.replaceChildren(...warnings.slice(1));
      return;
    }
    const fair = verdict.verdict === 'fair';
    const why = !fair && verdict.problem && WHY[verdict.problem]
      ? [' ', h('span', { class: 'why-unfair small' }, t(WHY[verdict.problem]))] : [];
    fairness.replaceChildren(h('span', { class: ['chip', fair ? 'fair' : 'unfair'] },
      t(fair ? 'replays.fair' : 'replays.unfair')), ...why, ' ', h('span', { class: 'muted' },
      fair ? t('replays.fair_how') : ''), ' ', h('a', { class: 'fair-link', href: hrefOf('guide', 'fair') },
      t('replays.fair_link')), ...myValue(record), ...warnings);
  }
  /** What this browser remembers of the deal of `record` (its value, the seats asked, the
   * scheme announced), or null.
   * @param {GameRecord} record */
  function givenOf(record) {
    const first = record.halves?.[0]?.fairness || {};
    const commit = (first.commits || [])[0] || first.commit;
    return typeof commit === 'string' ? givenFor(`deal:${commit}`) : null;
  }
  /** issue 43: whether the value this browser gave entered the deal — and a warning when
   * the hall took one from it and dealt without it.
   * @param {GameRecord} record */
  function myValue(record) {
    const first = record.halves?.[0]?.fairness || {};
    const values = (record.halves || []).flatMap((x) => x?.fairness?.contributions || []);
    const given = givenOf(record);
    if (given && Array.isArray(given.asked) && Array.isArray(first.asked)
        && JSON.stringify(given.asked) !== JSON.stringify(first.asked)) {
      // the record names other seats than the table's deal_commit asked (issue 43)
      return [' ', h('span', { class: 'chip unfair asked-differ' }, t('replays.asked_differ'))];
    }
    if (given && !values.includes(given.value)) {
      return [' ', h('span', { class: 'chip unfair value-dropped' }, t('replays.value_dropped'))];
    }
    return givenAmong(values).length ? [' ', h('span', { class: 'chip fair value-used' }, t('replays.value_used'))] : [];
  }
  /** @param {number | null} id */
  async function load(id) {
    viewer.replaceChildren(h('p', { class: 'muted' }, t('common.loading')));
    try {
      /** @type {GameRecord} */
      let record;
      /** @type {GameRecord} */
      let given; // (the record as the hall gave it: what its signature covers, no names added)
      if (replayId !== null) {
        const replay = await app.act.read('replay', replayId);
        replayGame = replay.game_id;
        replayOwner = replay.owner.id;
        record = replay.record;
        mySeat = viewerSeat(replay.seats);
        const who = Object.fromEntries(replay.seats.map((/** @type {FactSeat} */ x) => [x.seat, x.bot ? botNameOf(x) : x.nickname]));
        given = replay.record;
        record = { ...given, seats: [0, 1, 2, 3].map((k) => ({ ...(given.seats?.[k] || {}),
          nickname: given.seats?.[k]?.nickname ?? who[k] })) };
        const link = `${location.origin}${location.pathname}${hrefOf('replay', replayId)}`;
        share.replaceChildren(`${t('replays.share')}: `, h('a', { href: link, class: 'share-link' }, link),
          ` · ${t('replays.saved_by', { name: replay.owner.nickname, game: replay.game_id })}`);
      } else {
        // R41: the game's players have its record from their game_over (or, for a while,
        // from the hall); its names are public facts
        const s = app.store.get();
        const [fetched, facts] = await Promise.all([
          s.over && s.over.game_id === id && s.over.record ? s.over.record : app.act.read('record', id),
          app.act.read('gameFacts', id).catch(() => null)]);
        record = fetched;
        given = fetched;
        const named = facts ? facts.seats.map((/** @type {FactSeat} */ x) => ({ nickname: x.bot ? botNameOf(x) : x.nickname })) : knownSeats(/** @type {number} */ (id)); // (a game, as no replay is shown)
        if (!record.seats && named) record = { ...record, seats: named };
        mySeat = viewerSeat(facts ? facts.seats : []);
        const me = s.account;
        iPlayed = Boolean(s.over && s.over.game_id === id) || Boolean(facts && me
          && facts.seats.some((/** @type {FactSeat} */ x) => x.account_id === me.id));
      }
      names = seatNames(record);
      steps = timeline(record);
      showFairness(given, replayId !== null ? replayGame : id);
      slider.max = String(steps.length - 1);
      // the coach: for a game whose record this player was given, or his own saved replay
      const me = app.store.get().account;
      // (only a game he played: a tournament's other tables are open to all once the round
      // is over, but a review is a player's own — issue 45)
      const reviewed = replayId === null ? (iPlayed ? id : null) : replayOwner === me?.id ? replayGame : null;
      coach = me && reviewed ? createCoach(app, reviewed, steps, go) : null;
      // the controls follow the board and stay at hand (sticky) while it scrolls
      viewer.replaceChildren(share, fairness, position, board, bar, ...(coach ? [coach.root] : []));
      go(0);
    } catch (/** @type {any} */ e) {
      viewer.replaceChildren();
      if (e && e.code === 'forbidden' && id !== null && replayId === null && await reviewOnly(id)) return;
      error.textContent = e && e.code === 'forbidden' ? t('replays.record_closed') : app.errorText(e);
    }
  }

  /** The record's window closed (R41) but his review is stored: the coach's moments
   * alone, each with the moves made and suggested from his own hand (no board).
   * @param {number} id */
  async function reviewOnly(id) {
    const me = app.store.get().account;
    if (!me) return false;
    let got;
    try { // a player of the game only (its public facts say who): nobody else asks
      const facts = await app.act.read('gameFacts', id);
      const mine = facts.seats.find((/** @type {FactSeat} */ x) => x.account_id === me.id);
      if (!mine) return false;
      got = await app.act.read('review', id, mine.seat);
    } catch { return false; }
    if (got.status !== 'done' || !got.review) return false;
    /** @type {import('./coach.js').SeatReview} */
    const r = got.review;
    const moments = [...r.decisions, ...(r.played_for || [])].sort((x, y) => x.ply - y.ply)
      .map((d) => ({ half: d.half, index: d.index, blade: -1 }));
    const alone = createCoach(app, id, moments, (i) => { at = Math.max(0, Math.min(moments.length - 1, i)); alone.at(at); });
    coach = alone;
    viewer.replaceChildren(h('p', { class: 'muted small review-only' }, t('replays.review_only')), alone.root);
    if (moments.length) alone.at(0);
    return true;
  }
  if (gameId || replayId !== null) load(gameId);

  const myGames = createMyGames(app);
  const mine = h('ul', { class: 'replay-list', 'aria-label': t('replays.mine') });
  /** My recorder's saved replays (into the store: drawn in ``update``). */
  function loadMine() {
    if (app.store.get().account) app.act.read('myReplays').catch(() => null);
  }
  const drawMine = fromStore('myReplays', (/** @type {{ replays: SavedReplay[] }} */ { replays }) => {
    mine.replaceChildren(...(replays.length ? replays.map((r) => h('li', { class: ['replay-item', r.id === replayId && 'current'] },
      h('a', { href: hrefOf('replay', r.id), dataset: { replay: r.id } },
        t('replays.item', { game: r.game_id, at: new Date(r.saved_at).toLocaleString(getLang()) })),
      h('span', { class: 'muted small' }, ` ${r.seats.map((x) => x.nickname || botNameOf(x)).join(' · ')}`)))
      : [h('li', { class: 'muted small' }, t('replays.none'))]));
  }, (code, message) => mine.replaceChildren(h('li', { class: 'form-error' }, app.errorText({ code, message }))));
  loadMine();

  const root = h('main', { class: 'screen replays-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('replays.title'))),
    h('p', { class: 'muted small' }, t('replays.hint')), form, error, viewer,
    myGames.root, // my last games, each to open (issue 45)
    h('section', { class: 'my-replays' }, h('h2', {}, t('replays.mine')), mine));
  return { root, update(/** @type {import('../state/shapes.js').State} */ state) {
    myGames.update(state); drawMine(state); if (coach) coach.update(state); },
    destroy() { if (timer) clearInterval(timer); } };
}
