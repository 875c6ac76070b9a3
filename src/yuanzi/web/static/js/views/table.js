// The table: four seats around the felt (me at the bottom, 下家 on the right), the
// blade card, team totals, the current trick, the turn clock, my hand and its controls,
// the pre-game seat controls, and the end-of-half / end-of-game panels.

import { h } from '../dom.js';
import { RANKS, formatCards, parseCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { describeMove, cardName } from '../names.js';
import { t } from '../i18n.js';
import { breakLeft, lastActions, lastTrickActions, myTurn, secondsLeft, teamPoints, topMove, trickWinner, TEAMS } from '../game.js';
import { Kind, classify } from '../rules.js';
import { judgeSelection } from '../selection.js';
import { installKeyboard } from '../keyboard.js';
import { createHand } from './hand.js';
import { POSITIONS, seatBox, seatLabels, seatsByPosition, teamName, waitingText } from './seats.js';
import { tableName } from '../words.js';
import { gameOverContent, halfLine, halfPanel, pauseWords } from './panels.js';
import { counterPanel } from './counter.js';
import { createTableTools } from './tabletools.js';
import { createPrivateBar } from './privatebar.js';
import { createSessionBar } from './session.js';
import { createChat } from './chat.js';
import { bigPlay, bigPlayName, createTableFx } from './tablefx.js';
import { toastBand } from './toastband.js';
import { isMuted, onMuted, play as playSound, setMuted } from '../sound.js';
import { speakerIcon } from './icons.js';
import { createGuide } from './guide.js';
import { askReview, reviewProgress } from './coach.js';
import { mountFirstGame } from './firstgame.js';
import { hrefOf } from '../router.js';

/** A play on the table: its cards, and for a bomb, an atom or a hydrogen bomb its name
 * (炸弹 ×5, 原子, 氢弹) so that the big plays read at a glance. */
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

export function createTable(app, tableId) {
  const { store, act } = app;
  let pending = false;
  let hintNote = '';
  // The hint of this turn (issue 10): the first press of 提示 shows the advice, each
  // further press the next play that beats the top, smallest first, wrapping around; a
  // null step is the advice to pass, shown with its reason. It dies with its turn.
  let hintCycle = null; // { key, steps, at, note }
  let hintAsking = false;
  const hintKey = (game) => `${game.gameId}:${game.version}`;

  const hand = createHand({ onChange: () => { hintNote = ''; refreshControls(store.get()); } });
  const title = h('h1', { class: 'table-title' });
  const status = h('span', { class: 'status' });
  const autoBtn = h('button', { class: 'btn small', type: 'button', 'aria-pressed': 'false',
    dataset: { action: 'auto' }, onclick: () => act.autoPlay(tableId, autoBtn.getAttribute('aria-pressed') !== 'true') });
  const leaveBtn = h('button', { class: 'btn small ghost leave-btn', type: 'button', dataset: { action: 'leave' },
    onclick: () => act.leaveTable(tableId) });
  const lastBtn = h('button', { class: 'btn small ghost', type: 'button', 'aria-pressed': 'false',
    dataset: { action: 'last-trick' }, onclick: () => {
      showLast = !showLast;
      lastAt = store.get().game?.version ?? null; // a look back lasts until the next action
      update(store.get());
    } },
  t('table.last_trick'));
  const soundBtn = h('button', { class: 'btn small ghost sound-btn', type: 'button', dataset: { action: 'sound' },
    onclick: () => setMuted(!isMuted()) });
  const paintSound = () => {
    const muted = isMuted();
    soundBtn.setAttribute('aria-pressed', String(!muted));
    soundBtn.setAttribute('aria-label', t(muted ? 'sound.off' : 'sound.on'));
    soundBtn.title = t(muted ? 'sound.unmute' : 'sound.mute');
    soundBtn.replaceChildren(speakerIcon(muted));
  };
  const guideDialog = h('dialog', { class: 'dialog guide-dialog', 'aria-label': t('nav.guide') });
  const guideBtn = h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'guide' },
    onclick: () => {
      if (!guideDialog.firstChild) {
        guide = createGuide({ embedded: true });
        guideDialog.append(h('div', { class: 'dialog-actions guide-close' },
          h('button', { class: 'btn small', type: 'button', onclick: () => guideDialog.close() }, t('over.close'))),
        guide.root);
      }
      guideDialog.showModal();
    } }, t('nav.guide'));
  let guide = null;
  const unMute = onMuted(paintSound);
  paintSound();
  const seatSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `seat-slot pos-${p}` })]));
  const trickSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `trick-slot pos-${p}`, dataset: { pos: p } })]));
  const blade = h('div', { class: 'blade-chip' });
  const scores = h('div', { class: 'scores', 'aria-live': 'polite' });
  const centerMsg = h('p', { class: 'center-msg', 'aria-live': 'polite' });
  const halfLayer = h('div', { class: 'half-layer' });
  const fxLayer = h('div', { class: 'fx-layer', 'aria-hidden': 'true' });
  const trickGrid = h('div', { class: 'trick-grid', 'aria-label': t('table.trick'), role: 'region' },
    trickSlots.top, trickSlots.left, trickSlots.right, trickSlots.bottom, centerMsg, halfLayer, fxLayer);

  const selStatus = h('p', { class: 'selection-status', id: 'selection-status', 'aria-live': 'polite' });
  const turnClock = h('span', { class: 'turn-clock', role: 'timer' });
  const btn = (action, label, onclick, cls = '') => h('button', { class: `btn ${cls}`, type: 'button',
    dataset: { action }, onclick }, label);
  const hintBtn = btn('hint', t('act.hint'), () => doHint());
  const clearBtn = btn('clear', t('act.clear'), () => hand.clear(), 'ghost');
  const passBtn = btn('pass', t('act.pass'), () => doPass());
  const playBtn = btn('play', t('act.play'), () => doPlay(), 'primary');
  const controls = h('div', { class: 'controls' }, hintBtn, clearBtn, passBtn, playBtn);
  const readyBtn = btn('ready', t('table.ready'), () => act.ready(tableId, readyBtn.dataset.on !== 'true'), 'primary');
  const session = createSessionBar(app, tableId); // 局数 (issue 26): chip, strip, tally
  const pregame = h('div', { class: 'pregame' }, session.openBtn, readyBtn);
  const keysHelp = h('p', { class: 'keys-help muted small' }, t('act.keys'));
  const actionRow = h('div', { class: 'action-row' },
    h('div', { class: 'status-row' }, selStatus, turnClock), controls, pregame);
  const chat = createChat(app, tableId);
  const felt = h('div', { class: 'felt' },
    seatSlots.top, seatSlots.left, seatSlots.right,
    h('div', { class: 'felt-corner corner-blade' }, blade),
    h('div', { class: 'felt-corner corner-scores' }, scores),
    h('div', { class: 'center' }, trickGrid),
    seatSlots.bottom, actionRow, chat.bubbles);
  const meArea = h('div', { class: 'me-area' }, hand.root, keysHelp);
  const overDialog = h('dialog', { class: 'dialog over-dialog', 'aria-labelledby': 'over-title' });
  overDialog.addEventListener('cancel', () => act.dismissOver());

  const tools = createTableTools(app, tableId);
  const privateBar = createPrivateBar(app, tableId);
  // a tournament's table (issue 28): a chip to its page instead of the private bar
  const tourChip = h('a', { class: 'chip tour-table-chip', hidden: true, dataset: { action: 'tournament-page' } });
  const counterLayer = h('div', { class: 'counter-layer' });
  // the half's pause over the whole screen: outside the felt, whose shake (a translate)
  // would make it the box of anything fixed inside it
  const pauseLayer = h('div', { class: 'half-layer pausing', hidden: true });
  const root = h('main', { class: 'screen table-screen', id: 'screen' },
    h('div', { class: 'table-head' },
      h('div', { class: 'table-head-text' }, leaveBtn, title, status),
      h('div', { class: 'table-extras' }, tourChip, session.head, privateBar.root, tools.notes, tools.root),
      h('div', { class: 'actions' }, autoBtn, lastBtn, chat.toggle, soundBtn, guideBtn)),
    felt, session.strip, counterLayer, meArea, chat.panel, pauseLayer, overDialog, guideDialog);
  const fx = createTableFx({ felt, fxLayer, trickSlots, hand });
  const band = toastBand(felt); // where messages show (issue 45)
  // a new player's first table, before the game; its "whole guide" opens the guide here
  const firstGame = mountFirstGame(app, tableId, felt, { openGuide: () => guideBtn.click() });
  let showLast = false;
  let lastAt = null;
  app.eco.loadInventory();

  // -- actions -------------------------------------------------------------------------
  const current = () => {
    const state = store.get();
    const game = state.game && state.game.tableId === tableId ? state.game : null;
    return { state, game };
  };

  async function doPlay() {
    const { game } = current();
    const cards = hand.selected();
    if (!game || pending || !cards.length) return;
    const verdict = judgeSelection({ cards, top: topMove(game), blade: game.blade,
      bladeBombOnlyAtoms: Boolean(game.rules.blade_bomb_only_atoms), myTurn: myTurn(game) });
    if (!verdict.ok) {
      selStatus.textContent = verdict.text;
      selStatus.classList.add('shake');
      setTimeout(() => selStatus.classList.remove('shake'), 400);
      return;
    }
    pending = true;
    refreshControls(store.get());
    try {
      await act.play(tableId, game.version, formatCards(cards));
    } finally {
      pending = false;
      refreshControls(store.get());
    }
  }

  async function doPass() {
    const { game } = current();
    if (!game || pending || !myTurn(game) || game.top === null) return;
    pending = true;
    refreshControls(store.get());
    try {
      await act.play(tableId, game.version, 'pass');
    } finally {
      pending = false;
      refreshControls(store.get());
    }
  }

  function hintReasonText(hint, blade) {
    if (hint.reason === 'partner_winning') return t('hint.partner_winning');
    if (hint.reason === 'cannot_beat') return t('hint.none'); // only when truly nothing beats
    if (hint.reason === 'save_strength') {
      const bombsOnly = hint.beats.every((ids) => classify(ids, blade).kind >= Kind.BOMB);
      return t(bombsOnly ? 'hint.save_bomb' : 'hint.save_strength');
    }
    return t('hint.pass'); // a server that gives no reason
  }

  function showHintStep() {
    const step = hintCycle.steps[hintCycle.at];
    if (step) {
      passBtn.classList.remove('hinted');
      hand.select(step, { hint: true });
      return;
    }
    hand.clear();
    hintNote = hintCycle.note;
    passBtn.classList.add('hinted');
    refreshControls(store.get());
  }

  async function doHint() {
    const { game } = current();
    if (!game || !myTurn(game) || hintAsking) return;
    const key = hintKey(game);
    if (hintCycle && hintCycle.key === key) { // pressed again: the next play that beats
      hintCycle.at = (hintCycle.at + 1) % hintCycle.steps.length;
      showHintStep();
      return;
    }
    hintAsking = true;
    let hint;
    try {
      hint = await act.hint(game, hand);
    } finally {
      hintAsking = false;
    }
    const now = current().game;
    if (!now || hintKey(now) !== key || !myTurn(now)) return; // the turn moved on meanwhile
    const advice = hint.cards && hint.cards.length ? hint.cards : null;
    const same = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
    const others = hint.beats.filter((ids) => !(advice && same(ids, advice)));
    hintCycle = { key, at: 0, steps: [advice, ...others], note: advice ? '' : hintReasonText(hint, game.blade) };
    showHintStep();
  }

  const uninstallKeys = installKeyboard({
    enabled: () => !document.querySelector('dialog[open]'),
    rank: (r) => hand.selectRank(r),
    play: () => doPlay(),
    pass: () => doPass(),
    hint: () => doHint(),
    clear: () => hand.clear(),
    undo: () => hand.undo(),
  });

  // -- rendering -----------------------------------------------------------------------
  function refreshControls(state) {
    const table = state.tables[tableId];
    const game = state.game && state.game.tableId === tableId ? state.game : null;
    const over = state.over && state.over.table === tableId;
    const live = Boolean(game) && !over && game.hand !== null;
    controls.hidden = !live;
    hand.root.hidden = !live;
    keysHelp.hidden = !live;
    const seated = mySeat(state, table) !== null;
    // at a tournament's table everyone is ready by the draw: nothing to press
    pregame.hidden = live || !seated || !table || table.status !== 'open' || Boolean(table.tournament);
    meArea.hidden = !live; // 准备 lives in the felt's action row
    const mine = live && myTurn(game);
    if (hintCycle && (!game || hintKey(game) !== hintCycle.key)) { // no hint outlives its turn
      hintCycle = null;
      hintNote = '';
      passBtn.classList.remove('hinted');
      queueMicrotask(() => hand.clearHint()); // its raised cards too (after this render)
    }
    if (!mine) passBtn.classList.remove('hinted');
    const cards = live ? hand.selected() : [];
    const verdict = live ? judgeSelection({ cards, top: topMove(game), blade: game.blade,
      bladeBombOnlyAtoms: Boolean(game.rules.blade_bomb_only_atoms), myTurn: mine }) : null;
    playBtn.disabled = !mine || pending || !verdict || !verdict.ok;
    passBtn.disabled = !mine || pending || !game || game.top === null;
    hintBtn.disabled = !mine || pending;
    hintBtn.title = state.features.includes('hint') ? '' : t('hint.local'); // the local stand-in
    clearBtn.disabled = !cards.length;
    selStatus.classList.toggle('bad', Boolean(verdict && !verdict.ok && !verdict.empty && verdict.move !== undefined && cards.length));
    if (!live) selStatus.textContent = '';
    else if (hintNote && !cards.length) selStatus.textContent = hintNote;
    else if (!cards.length && mine) selStatus.textContent = t('table.your_turn');
    else selStatus.textContent = verdict.text;
    root.classList.toggle('my-turn', mine);
  }

  function mySeat(state, table) {
    if (!table || !state.account) return null;
    const s = table.seats.find((x) => x.account_id === state.account.id);
    return s ? s.seat : null;
  }

  function renderCenter(table, game, over, base, seated) {
    if (!game) {
      blade.replaceChildren();
      scores.replaceChildren();
      POSITIONS.forEach((p) => trickSlots[p].replaceChildren());
      centerMsg.textContent = waitingText(table, base, seated);
      lastBtn.hidden = true;
      return;
    }
    const bladeId = parseCards(game.bladeCard)[0];
    blade.replaceChildren(h('span', { class: 'mini-card blade-card', role: 'img',
      'aria-label': t('table.blade_card', { card: cardName(bladeId), rank: RANKS[game.blade] }) },
    cardFace(bladeId, { blade: game.blade })),
    h('span', { class: 'blade-text' },
      h('span', { class: 'blade-label' }, h('b', {}, t('table.blade')), ' ', RANKS[game.blade]),
      h('span', { class: 'half-label' }, t('table.half', { n: game.half + 1 }))));
    const pts = teamPoints(game);
    const mineTeam = seated ? base & 1 : 0;
    const label = (team) => (seated ? t(team === mineTeam ? 'table.team_us' : 'table.team_them')
      : teamName(table, team));
    const firstHalf = game.finished.length ? game.finished[0].points : null;
    scores.replaceChildren(...[mineTeam, 1 - mineTeam].map((team) => h('div', { class: ['score', team === mineTeam && 'ours'] },
      h('span', { class: 'score-team' }, label(team)),
      h('span', { class: 'score-num', dataset: { team: TEAMS[team] } }, String(pts[team])),
      firstHalf ? h('span', { class: 'score-prev' }, `${t('table.first_half')} ${firstHalf[TEAMS[team]]}`) : null)),
    game.tablePoints ? h('div', { class: 'on-table' }, t('table.on_table', { n: game.tablePoints })) : '');
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
    else centerMsg.textContent = t('table.turn_of', { name: names[game.toMove] });
  }

  let overShownFor = null;
  function renderOver(state, table, base, seated) {
    const over = state.over && state.over.table === tableId ? state.over : null;
    if (!over || over.dismissed) {
      if (overDialog.open) overDialog.close();
      overShownFor = null;
      return;
    }
    const review = state.reviews[over.game_id];
    const key = `${over.game_id}:${over.changes ? 'c' : ''}:${review ? `${review.status}${review.done}` : ''}:${session.overKey(table)}`;
    if (overShownFor === key && overDialog.open) return;
    overShownFor = key;
    const names = seatLabels(table, base, seated);
    const actions = [];
    const place = table.tournament; // a tournament's table deals its next game by itself
    if (seated && !place) actions.push([t('over.again'), 'again', () => { act.dismissOver(); act.ready(tableId, true); }, true]);
    if (over.record) { // R41: the game's players see its hands; spectators the result only
      actions.push([t('over.replay'), 'replay', () => { act.dismissOver(); app.navigate('replays', over.game_id); }]);
      if (seated && !review) actions.push([t('coach.ask'), 'review', () => askReview(app, over.game_id)]);
      if (review && review.status === 'done') {
        actions.push([t('coach.see'), 'see-review', () => { act.dismissOver(); app.navigate('replays', over.game_id); }]);
      }
    }
    if (place) {
      actions.push([t('tour.page'), 'to-tournament', () => { act.dismissOver(); app.navigate('tournament', place.id); }]);
    } else {
      actions.push([t('over.lobby'), 'to-lobby', () => { act.dismissOver(); act.leaveTable(tableId); }]);
    }
    actions.push([t('over.close'), 'close-over', () => act.dismissOver()]);
    // the result first, the buttons always in view: only the middle scrolls if it must
    const parts = gameOverContent(over, names, seated ? base : null, actions);
    if (place) {
      const note = h('p', { class: 'muted small tour-over-note' }, t('tour.over_note', { n: place.round + 1 }));
      parts.splice(parts.length - 1, 0, note);
    }
    const progress = reviewProgress(review);
    if (progress) parts.splice(parts.length - 1, 0, progress); // above the buttons
    const tally = session.overPart(table); // a session's running tally, after the result
    if (tally) parts.splice(1 + parts.findLastIndex((el) => el.matches('.over-headline, .over-why')), 0, tally);
    const buttons = parts.filter((el) => el.classList.contains('dialog-actions'));
    overDialog.replaceChildren(h('div', { class: 'over-body' }, parts.filter((el) => !buttons.includes(el))), ...buttons);
    if (!overDialog.open) overDialog.showModal();
    overDialog.querySelector('.over-body').scrollTop = 0;
  }

  /** The first half's summary, whole, over the table while the halves pause (issue 31:
   * the second half's clock waits until its players pressed 继续, or the limit); after
   * that one line under the trick (the half's points), which never covers a trick being
   * played, until its ✕. */
  function renderHalf(state, table, base, seated, game) {
    const hp = state.halfPanel && state.halfPanel.table === tableId ? state.halfPanel : null;
    const show = hp && !showLast;
    const left = game && !game.history.length ? breakLeft(game) : null;
    const pausing = Boolean(show && left !== null && !hp.pressed && !hp.folded);
    const compact = Boolean(show) && !pausing;
    trickGrid.classList.toggle('half-compact', compact);
    pauseLayer.hidden = !pausing;
    if (!show) {
      halfLayer.replaceChildren();
      pauseLayer.replaceChildren();
      delete halfLayer.dataset.key;
      return;
    }
    const key = `${hp.game_id}:${compact}:${left !== null}:${hp.pressed}:${(hp.waiting || []).join()}`;
    if (halfLayer.dataset.key === key) return;
    halfLayer.dataset.key = key;
    const mine = seated ? base : null;
    const names = seatLabels(table, base, seated);
    const pause = { left, waiting: hp.waiting, pressed: hp.pressed, rules: game ? game.rules : {},
      onGo: () => act.goOn(store.get().game) };
    halfLayer.replaceChildren(...(compact ? [halfLine(hp.half, names, mine, () => act.closeHalfPanel(), pause)] : []));
    pauseLayer.replaceChildren(...(compact ? [] : [halfPanel(hp.half, names, mine, pause)]));
  }

  /** The pause's countdown, each tick; its end (no frame says so) folds the summary. */
  function tickHalf(state, game) {
    const line = (pauseLayer.hidden ? halfLayer : pauseLayer).querySelector('.half-wait');
    if (!line) return;
    const hp = state.halfPanel;
    const left = game && !game.history.length ? breakLeft(game) : null;
    if (left === null) {
      update(state);
      return;
    }
    const table = state.tables[tableId];
    const me = table ? mySeat(state, table) : null;
    const words = pauseWords({ left, waiting: hp && hp.waiting, pressed: hp && hp.pressed },
      table ? seatLabels(table, me ?? 0, me !== null) : []);
    if (line.closest('.half-line')) { // one line: the seconds, the words on hover
      line.textContent = t('half.wait_short', { n: left });
      line.title = words;
    } else {
      line.textContent = words;
    }
  }

  let counterShown = '';
  function renderCounter(state, game, over) {
    const c = state.counter;
    const live = c && game && !over && c.table === tableId && c.game_id === game.gameId;
    const key = live ? `${c.game_id}:${c.version}:${c.count}:${game.blade}` : '';
    if (key === counterShown) return;
    counterShown = key;
    counterLayer.replaceChildren(...(live ? [counterPanel(c, game.blade)] : []));
  }

  function tickClock() {
    const { state, game } = current();
    tickHalf(state, game);
    const secs = game && !(state.over && state.over.table === tableId) ? secondsLeft(game) : null;
    root.querySelectorAll('.clock-secs').forEach((el) => { el.textContent = secs === null ? '' : String(secs); });
    const mine = myTurn(game);
    turnClock.textContent = mine && secs !== null ? t('table.seconds', { n: secs }) : '';
    turnClock.classList.toggle('urgent', mine && secs !== null && secs <= 5);
    if (mine && secs !== null && secs <= 5 && secs > 0 && secs !== lastTick) playSound('tick');
    lastTick = mine ? secs : null;
  }
  let lastTick = null;
  const clock = setInterval(tickClock, 250);

  function update(state) {
    const table = state.tables[tableId];
    if (!table) {
      title.textContent = t('table.title', { id: tableId, name: '…' });
      return;
    }
    const game = state.game && state.game.tableId === tableId ? state.game : null;
    const over = Boolean(state.over && state.over.table === tableId);
    const me = mySeat(state, table);
    const seated = me !== null;
    const base = seated ? me : 0;
    title.textContent = t('table.title', { id: table.id, name: tableName(table) });
    status.textContent = [t(`table.status.${table.status}`), table.bet ? t('lobby.bet', { bet: table.bet }) : '',
      !seated ? t('table.spectating') : ''].filter(Boolean).join(' · ');
    status.className = `status ${table.status}`;
    for (const c of [...felt.classList]) if (c.startsWith('cloth-') && c !== `cloth-${table.tablecloth}`) felt.classList.remove(c);
    felt.classList.add(`cloth-${table.tablecloth}`); // an effect's class (shake) stays
    const auto = seated && table.seats[me].auto;
    autoBtn.hidden = !seated || !game || over;
    autoBtn.setAttribute('aria-pressed', String(Boolean(auto)));
    autoBtn.textContent = t(auto ? 'act.auto_off' : 'act.auto_on');
    leaveBtn.textContent = t(seated ? 'table.leave' : 'table.unwatch');
    const place = table.tournament || null;
    leaveBtn.hidden = Boolean(place) && seated; // a drawn seat: no standing up (its chip leads out)
    tourChip.hidden = !place;
    if (place) {
      tourChip.href = hrefOf('tournament', place.id);
      tourChip.textContent = t('tour.table_chip', { n: place.round + 1 });
      tourChip.setAttribute('aria-label', t('tour.table_chip_label', { n: place.round + 1 }));
    }
    // its seats, settings and deals are the tournament's: nobody owns them at the table
    const isOwner = !place && Boolean(state.account) && (table.owner_id === state.account.id || state.account.role === 'admin');
    const ctx = { table, game, over, seated, isOwner, canSit: !seated && state.myTable === null && table.status === 'open', app };
    for (const place of seatsByPosition(base)) {
      seatSlots[place.pos].replaceChildren(seatBox(place, ctx));
    }
    renderCenter(table, game, over, base, seated);
    if (game && game.hand) hand.setHand(game.hand, game.blade);
    if (seated) {
      const ready = table.seats[me].ready;
      readyBtn.dataset.on = String(ready);
      readyBtn.textContent = t(ready ? 'table.unready' : 'table.ready');
      readyBtn.setAttribute('aria-pressed', String(ready));
    }
    refreshControls(state);
    tools.render(state, table, seated, isOwner);
    privateBar.render(table, seated, isOwner, table.status === 'playing');
    if (place) privateBar.root.hidden = true;
    session.render(table, seated ? me : null, isOwner);
    chat.render(state, table, seated, base);
    renderCounter(state, game, over);
    renderHalf(state, table, base, seated, game);
    renderOver(state, table, base, seated);
    fx.observe({ game, over: state.over && state.over.table === tableId ? state.over : null, base, seated,
      names: seatLabels(table, base, seated) });
    tickClock();
    band.place();
  }

  return {
    root,
    update,
    destroy() {
      clearInterval(clock);
      unMute();
      fx.destroy();
      band.destroy();
      guide?.destroy();
      firstGame.destroy();
      session.destroy();
      if (guideDialog.open) guideDialog.close();
      uninstallKeys();
      hand.destroy();
      if (overDialog.open) overDialog.close();
    },
  };
}
