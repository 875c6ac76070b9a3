// The table: four seats around the felt (me at the bottom, 下家 on the right), the
// blade card, team totals, the current trick, the turn clock, my hand and its controls,
// the pre-game seat controls, and the end-of-half / end-of-game panels.

import { h } from '../dom.js';
import { formatCards } from '../cards.js';
import { t } from '../i18n.js';
import { myTurn, secondsLeft, topMove } from '../game.js';
import { judgeSelection } from '../selection.js';
import { installKeyboard } from '../keyboard.js';
import { createHand } from './hand.js';
import { POSITIONS, seatBox, seatLabels, seatsByPosition } from './seats.js';
import { createTableCenter } from './tablecenter.js';
import { tableName } from '../words.js';
import { counterPanel } from './counter.js';
import { createTableTools } from './tabletools.js';
import { createPrivateBar } from './privatebar.js';
import { createSessionBar } from './session.js';
import { createChat } from './chat.js';
import { createTableFx } from './tablefx.js';
import { toastBand } from './toastband.js';
import { createOverDialog } from './tableover.js';
import { createHalfPanels } from './tablehalf.js';
import { createHintCycle } from './tablehint.js';
import { isMuted, onMuted, play as playSound, setMuted } from '../sound.js';
import { speakerIcon } from './icons.js';
import { createGuide } from './guide.js';
import { mountFirstGame } from './firstgame.js';
import { hrefOf } from '../router.js';

/** @typedef {import('../state/shapes.js').State} State */
/** @typedef {import('../state/shapes.js').TableView} TableView */
/** @typedef {import('../game.js').Game} Game */

/** The table ``tableId``'s screen.
 * @param {import('../actions/app.js').App} app
 * @param {number} tableId */
export function createTable(app, tableId) {
  const { store, act } = app;
  let pending = false;
  const hand = createHand({ onChange: () => { hints.forgetNote(); refreshControls(store.get()); } });
  const title = h('h1', { class: 'table-title' });
  const status = h('span', { class: 'status' });
  const autoBtn = h('button', { class: 'btn small', type: 'button', 'aria-pressed': 'false',
    dataset: { action: 'auto' }, onclick: () => act.autoPlay(tableId, autoBtn.getAttribute('aria-pressed') !== 'true') });
  const leaveBtn = h('button', { class: 'btn small ghost leave-btn', type: 'button', dataset: { action: 'leave' },
    onclick: () => act.leaveTable(tableId) });
  const lastBtn = h('button', { class: 'btn small ghost', type: 'button', 'aria-pressed': 'false',
    dataset: { action: 'last-trick' }, onclick: () => {
      center.toggleLast(store.get().game?.version ?? null); // a look back lasts until the next action
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
  /** @type {ReturnType<typeof createGuide> | null} */
  let guide = null;
  const unMute = onMuted(paintSound);
  paintSound();
  const seatSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `seat-slot pos-${p}` })]));
  const trickSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `trick-slot pos-${p}`, dataset: { pos: p } })]));
  const centerMsg = h('p', { class: 'center-msg', 'aria-live': 'polite' });
  const halfLayer = h('div', { class: 'half-layer' });
  const fxLayer = h('div', { class: 'fx-layer', 'aria-hidden': 'true' });
  const trickGrid = h('div', { class: 'trick-grid', 'aria-label': t('table.trick'), role: 'region' },
    trickSlots.top, trickSlots.left, trickSlots.right, trickSlots.bottom, centerMsg, halfLayer, fxLayer);
  const center = createTableCenter({ trickSlots, trickGrid, centerMsg, lastBtn });

  const selStatus = h('p', { class: 'selection-status', id: 'selection-status', 'aria-live': 'polite' });
  const turnClock = h('span', { class: 'turn-clock', role: 'timer' });
  /** @type {(action: string, label: string, onclick: () => void, cls?: string) => any} */
  const btn = (action, label, onclick, cls = '') => h('button', { class: `btn ${cls}`, type: 'button',
    dataset: { action }, onclick }, label);
  const hintBtn = btn('hint', t('act.hint'), () => hints.ask());
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
    h('div', { class: 'felt-corner corner-blade' }, center.blade),
    h('div', { class: 'felt-corner corner-scores' }, center.scores),
    h('div', { class: 'center' }, trickGrid),
    seatSlots.bottom, actionRow, chat.bubbles);
  const meArea = h('div', { class: 'me-area' }, hand.root, keysHelp);

  const tools = createTableTools(app, tableId);
  const privateBar = createPrivateBar(app, tableId);
  // a tournament's table (issue 28): a chip to its page instead of the private bar
  const tourChip = h('a', { class: 'chip tour-table-chip', hidden: true, dataset: { action: 'tournament-page' } });
  const counterLayer = h('div', { class: 'counter-layer' });
  // the half's pause over the whole screen: outside the felt, whose shake (a translate)
  // would make it the box of anything fixed inside it
  const pauseLayer = h('div', { class: 'half-layer pausing', hidden: true });
  const overPart = createOverDialog(app, tableId, session);
  const overDialog = overPart.root;
  overDialog.addEventListener('cancel', () => act.dismissOver());
  const halves = createHalfPanels({ app, tableId, halfLayer, pauseLayer, trickGrid, showLast: center.looking,
    mySeat: (state, table) => mySeat(state, table), update: (state) => update(state) });
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
  app.eco.loadInventory();

  // -- actions -------------------------------------------------------------------------
  const current = () => {
    const state = store.get();
    const game = state.game && state.game.tableId === tableId ? state.game : null;
    return { state, game };
  };
  const hints = createHintCycle({ act, hand, passBtn, current, refresh: () => refreshControls(store.get()) });

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

  const uninstallKeys = installKeyboard({
    enabled: () => !document.querySelector('dialog[open]'),
    rank: (r) => hand.selectRank(r),
    play: () => doPlay(),
    pass: () => doPass(),
    hint: () => hints.ask(),
    clear: () => hand.clear(),
    undo: () => hand.undo(),
  });

  // -- rendering -----------------------------------------------------------------------
  /** @param {State} state */
  function refreshControls(state) {
    const table = state.tables[tableId];
    const game = state.game && state.game.tableId === tableId ? state.game : null;
    const over = state.over && state.over.table === tableId;
    const playing = game && !over && game.hand !== null ? game : null; // my hand is dealt
    const live = playing !== null;
    controls.hidden = !live;
    hand.root.hidden = !live;
    keysHelp.hidden = !live;
    const seated = mySeat(state, table) !== null;
    // at a tournament's table everyone is ready by the draw: nothing to press
    pregame.hidden = live || !seated || !table || table.status !== 'open' || Boolean(table.tournament);
    meArea.hidden = !live; // 准备 lives in the felt's action row
    const mine = live && myTurn(playing);
    hints.outlived(game); // no hint outlives its turn
    if (!mine) passBtn.classList.remove('hinted');
    const cards = live ? hand.selected() : [];
    const verdict = playing ? judgeSelection({ cards, top: topMove(playing), blade: playing.blade,
      bladeBombOnlyAtoms: Boolean(playing.rules.blade_bomb_only_atoms), myTurn: mine }) : null;
    playBtn.disabled = !mine || pending || !verdict || !verdict.ok;
    passBtn.disabled = !mine || pending || !game || game.top === null;
    hintBtn.disabled = !mine || pending;
    hintBtn.title = state.features.includes('hint') ? '' : t('hint.local'); // the local stand-in
    clearBtn.disabled = !cards.length;
    selStatus.classList.toggle('bad', Boolean(verdict && !verdict.ok && !verdict.empty && verdict.move !== undefined && cards.length));
    if (!verdict) selStatus.textContent = ''; // (not live)
    else if (hints.note() && !cards.length) selStatus.textContent = hints.note();
    else if (!cards.length && mine) selStatus.textContent = t('table.your_turn');
    else selStatus.textContent = verdict.text;
    root.classList.toggle('my-turn', mine);
  }

  /** @param {State} state
   * @param {TableView | undefined} table */
  function mySeat(state, table) {
    const me = state.account;
    if (!table || !me) return null;
    const s = table.seats.find((x) => x.account_id === me.id);
    return s ? s.seat : null;
  }

  let counterShown = '';
  /** @param {State} state
   * @param {Game | null} game
   * @param {boolean} over */
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
    halves.tick(state, game);
    const secs = game && !(state.over && state.over.table === tableId) ? secondsLeft(game) : null;
    root.querySelectorAll('.clock-secs').forEach((/** @type {HTMLElement} */ el) => { el.textContent = secs === null ? '' : String(secs); });
    const mine = myTurn(game);
    turnClock.textContent = mine && secs !== null ? t('table.seconds', { n: secs }) : '';
    turnClock.classList.toggle('urgent', mine && secs !== null && secs <= 5);
    if (mine && secs !== null && secs <= 5 && secs > 0 && secs !== lastTick) playSound('tick');
    lastTick = mine ? secs : null;
  }
  /** @type {number | null} */
  let lastTick = null;
  const clock = setInterval(tickClock, 250);

  /** @param {State} state */
  function update(state) {
    const table = state.tables[tableId];
    if (!table) { // (not heard yet: nothing to press — no 出牌 before there is a game)
      title.textContent = t('table.title', { id: tableId, name: '…' });
      return refreshControls(state);
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
    const account = state.account;
    const isOwner = !place && Boolean(account) && (table.owner_id === account?.id || account?.role === 'admin');
    const ctx = { table, game, over, seated, isOwner, canSit: !seated && state.myTable === null && table.status === 'open', app };
    for (const place of seatsByPosition(base)) {
      seatSlots[place.pos].replaceChildren(seatBox(place, ctx));
    }
    center.render(table, game, over, base, seated);
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
    halves.render(state, table, base, seated, game);
    overPart.render(state, table, base, seated);
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
