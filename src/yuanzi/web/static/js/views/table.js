// The table: four seats around the felt (me at the bottom, 下家 on the right), the
// blade card, team totals, the current trick, the turn clock, my hand and its controls,
// the pre-game seat controls, and the end-of-half / end-of-game panels.

import { h } from '../dom.js';
import { RANKS, formatCards, parseCards } from '../cards.js';
import { cardFace } from '../cardsvg.js';
import { describeMove, cardName } from '../names.js';
import { t } from '../i18n.js';
import { lastActions, myTurn, secondsLeft, teamPoints, topMove, TEAMS } from '../game.js';
import { classify } from '../rules.js';
import { judgeSelection } from '../selection.js';
import { installKeyboard } from '../keyboard.js';
import { createHand } from './hand.js';
import { POSITIONS, seatBox, seatLabels, seatsByPosition } from './seats.js';
import { gameOverContent, halfPanel } from './panels.js';
import { counterPanel } from './counter.js';
import { createTableTools } from './tabletools.js';

function miniCards(text, blade) {
  const ids = parseCards(text);
  let label = formatCards(ids);
  try {
    label = `${describeMove(classify(ids, blade))}: ${ids.map(cardName).join(' ')}`;
  } catch { /* shown as cards only */ }
  return h('div', { class: 'mini-cards', role: 'img', 'aria-label': label, dataset: { cards: text } },
    ids.map((id) => h('span', { class: 'mini-card' }, cardFace(id, { blade }))));
}

export function createTable(app, tableId) {
  const { store, act } = app;
  let pending = false;
  let hintNote = '';

  const hand = createHand({ onChange: () => { hintNote = ''; refreshControls(store.get()); } });
  const title = h('h1', { class: 'table-title' });
  const status = h('span', { class: 'status' });
  const autoBtn = h('button', { class: 'btn small', type: 'button', 'aria-pressed': 'false',
    dataset: { action: 'auto' }, onclick: () => act.autoPlay(tableId, autoBtn.getAttribute('aria-pressed') !== 'true') });
  const leaveBtn = h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'leave' },
    onclick: () => act.leaveTable(tableId) });
  const seatSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `seat-slot pos-${p}` })]));
  const trickSlots = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `trick-slot pos-${p}` })]));
  const blade = h('div', { class: 'blade-chip' });
  const scores = h('div', { class: 'scores', 'aria-live': 'polite' });
  const centerMsg = h('p', { class: 'center-msg', 'aria-live': 'polite' });
  const halfLayer = h('div', { class: 'half-layer' });
  const felt = h('div', { class: 'felt' },
    seatSlots.top, seatSlots.left, seatSlots.right,
    h('div', { class: 'center' }, h('div', { class: 'center-top' }, blade, scores),
      h('div', { class: 'trick-grid', 'aria-label': t('table.trick'), role: 'region' },
        trickSlots.top, trickSlots.left, trickSlots.right, trickSlots.bottom, centerMsg)),
    seatSlots.bottom, halfLayer);

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
  const pregame = h('div', { class: 'pregame' }, readyBtn);
  const keysHelp = h('p', { class: 'keys-help muted small' }, t('act.keys'));
  const meArea = h('div', { class: 'me-area' },
    h('div', { class: 'status-row' }, selStatus, turnClock), hand.root, controls, pregame, keysHelp);
  const overDialog = h('dialog', { class: 'dialog over-dialog', 'aria-labelledby': 'over-title' });
  overDialog.addEventListener('cancel', () => act.dismissOver());

  const tools = createTableTools(app, tableId);
  const counterLayer = h('div', { class: 'counter-layer' });
  const root = h('main', { class: 'screen table-screen', id: 'screen' },
    h('div', { class: 'table-head' }, h('div', { class: 'table-head-text' }, title, status),
      h('div', { class: 'actions' }, autoBtn, leaveBtn)),
    h('div', { class: 'table-extras' }, tools.notes, tools.root),
    felt, counterLayer, meArea, overDialog);
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

  async function doHint() {
    const { game } = current();
    if (!game || !myTurn(game)) return;
    const cards = await act.hint(game, hand);
    if (cards && cards.length) {
      hand.select(cards, { hint: true });
    } else {
      hand.clear();
      hintNote = t('hint.none');
      passBtn.classList.add('hinted');
      refreshControls(store.get());
    }
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
    pregame.hidden = live || !seated || !table || table.status !== 'open';
    meArea.hidden = !live && pregame.hidden;
    const mine = live && myTurn(game);
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
      centerMsg.textContent = table.status === 'open' ? t('table.waiting') : '';
      return;
    }
    const bladeId = parseCards(game.bladeCard)[0];
    blade.replaceChildren(h('span', { class: 'mini-card', role: 'img',
      'aria-label': t('table.blade_card', { card: cardName(bladeId), rank: RANKS[game.blade] }) },
    cardFace(bladeId, { blade: game.blade })),
    h('span', { class: 'blade-label' }, h('b', {}, t('table.blade')), ' ', RANKS[game.blade]),
    h('span', { class: 'half-label' }, t('table.half', { n: game.half + 1 })));
    const pts = teamPoints(game);
    const mineTeam = seated ? base & 1 : 0;
    const label = (team) => (seated ? t(team === mineTeam ? 'table.team_us' : 'table.team_them')
      : t(team === 0 ? 'table.team_ns' : 'table.team_ew'));
    const firstHalf = game.finished.length ? game.finished[0].points : null;
    scores.replaceChildren(...[mineTeam, 1 - mineTeam].map((team) => h('div', { class: ['score', team === mineTeam && 'ours'] },
      h('span', { class: 'score-team' }, label(team)),
      h('span', { class: 'score-num', dataset: { team: TEAMS[team] } }, String(pts[team])),
      firstHalf ? h('span', { class: 'score-prev' }, `${t('table.first_half')} ${firstHalf[TEAMS[team]]}`) : null)),
    game.tablePoints ? h('div', { class: 'on-table' }, t('table.on_table', { n: game.tablePoints })) : '');
    const { actions, finished } = lastActions(game);
    seatsByPosition(base).forEach(({ pos, seat }) => {
      const a = actions[seat];
      const slot = trickSlots[pos];
      slot.classList.toggle('stale', finished);
      slot.classList.toggle('top', !finished && game.topSeat === seat && a !== 'pass');
      slot.replaceChildren(a === null ? '' : a === 'pass'
        ? h('span', { class: 'pass-bubble' }, t('table.pass')) : miniCards(a, game.blade));
    });
    if (over) centerMsg.textContent = '';
    else if (game.toMove === null) centerMsg.textContent = '';
    else if (game.seat !== null && game.toMove === game.seat) centerMsg.textContent = t('table.your_turn');
    else centerMsg.textContent = t('table.turn_of', { name: seatLabels(table, base, seated)[game.toMove] });
  }

  let overShownFor = null;
  function renderOver(state, table, base, seated) {
    const over = state.over && state.over.table === tableId ? state.over : null;
    if (!over || over.dismissed) {
      if (overDialog.open) overDialog.close();
      overShownFor = null;
      return;
    }
    const key = `${over.game_id}:${over.changes ? 'c' : ''}`;
    if (overShownFor === key && overDialog.open) return;
    overShownFor = key;
    const names = seatLabels(table, base, seated);
    const actions = [];
    if (seated) actions.push([t('over.again'), 'again', () => { act.dismissOver(); act.ready(tableId, true); }, true]);
    actions.push([t('over.replay'), 'replay', () => { act.dismissOver(); app.navigate('replays', over.game_id); }]);
    actions.push([t('over.lobby'), 'to-lobby', () => { act.dismissOver(); act.leaveTable(tableId); }]);
    actions.push([t('over.close'), 'close-over', () => act.dismissOver()]);
    overDialog.replaceChildren(...gameOverContent(over, names, seated ? base : null, actions));
    if (!overDialog.open) overDialog.showModal();
  }

  function renderHalf(state, table, base, seated) {
    const hp = state.halfPanel && state.halfPanel.table === tableId ? state.halfPanel : null;
    if (!hp) {
      halfLayer.replaceChildren();
      return;
    }
    if (halfLayer.dataset.game === String(hp.game_id)) return;
    halfLayer.dataset.game = String(hp.game_id);
    halfLayer.replaceChildren(halfPanel(hp.half, seatLabels(table, base, seated), seated ? base : null,
      () => act.closeHalfPanel()));
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
    const secs = game && !(state.over && state.over.table === tableId) ? secondsLeft(game) : null;
    root.querySelectorAll('.clock-secs').forEach((el) => { el.textContent = secs === null ? '' : String(secs); });
    const mine = myTurn(game);
    turnClock.textContent = mine && secs !== null ? t('table.seconds', { n: secs }) : '';
    turnClock.classList.toggle('urgent', mine && secs !== null && secs <= 5);
  }
  const clock = setInterval(tickClock, 250);

  return {
    root,
    update(state) {
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
      title.textContent = t('table.title', { id: table.id, name: table.name });
      status.textContent = [t(`table.status.${table.status}`), table.bet ? t('lobby.bet', { bet: table.bet }) : '',
        !seated ? t('table.spectating') : ''].filter(Boolean).join(' · ');
      status.className = `status ${table.status}`;
      felt.className = `felt cloth-${table.tablecloth}`;
      const auto = seated && table.seats[me].auto;
      autoBtn.hidden = !seated || !game || over;
      autoBtn.setAttribute('aria-pressed', String(Boolean(auto)));
      autoBtn.textContent = t(auto ? 'act.auto_off' : 'act.auto_on');
      leaveBtn.textContent = t(seated ? 'table.leave' : 'table.unwatch');
      const isOwner = Boolean(state.account) && (table.owner_id === state.account.id || state.account.role === 'admin');
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
      renderCounter(state, game, over);
      renderHalf(state, table, base, seated);
      renderOver(state, table, base, seated);
      tickClock();
    },
    destroy() {
      clearInterval(clock);
      uninstallKeys();
      hand.destroy();
      if (overDialog.open) overDialog.close();
    },
  };
}
