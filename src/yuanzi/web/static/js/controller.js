// The controller: turns the hall's frames into state and the player's intentions into
// requests. Views call app.act.*; nothing else talks to the socket or the REST API.

import { api } from './api.js';
import { errorText, t } from './i18n.js';
import { applyPlayed, fromGameFrame, localMoment } from './game.js';
import { navigate, parseHash } from './router.js';
import { localHint } from './hint.js';
import { topMove } from './game.js';
import { parseCards } from './cards.js';
import { confirmDialog } from './views/confirm.js';
import { createEconomy } from './economy.js';
import { saveLobbyFilter } from './store.js';
import { relationLabel, seatName } from './views/seats.js';
import { listOf } from './words.js';
import { takeInvite } from './views/join.js';
import { takeClubInvite } from './views/clubs.js';
import { when } from './sessions.js';
import { givenFor } from './myvalues.js';

/** What the lobby shows at most: a page a screen can hold; a filter narrows it. */
const LOBBY_LIMIT = 100;
/** "Near my level": tables whose players are all within this many levels of mine. */
const NEAR_LEVELS = 2;
/** Chat messages kept per table in the client. */
const CHAT_KEPT = 60;
/** Waits before a play refused with `table_moved` is sent again (one per resend). */
const PLAY_RESEND_MS = [500, 1000, 2000];

let toastId = 0;

export function createController(store, socket) {
  const app = { store, socket, api, navigate };

  /** Quick match found nobody waiting and opened a table of his own (issue 31): say so,
   * and offer three bots at once rather than leave him alone at it without a word. */
  async function offerBotsWhenAlone(tableId) {
    const table = await new Promise((resolve) => {
      const seen = () => store.get().tables[tableId];
      if (seen()) { resolve(seen()); return; }
      let stop = () => {};
      const timer = setTimeout(() => { stop(); resolve(seen()); }, 3000);
      stop = store.subscribe(() => { if (seen()) { stop(); clearTimeout(timer); resolve(seen()); } });
    });
    const me = store.get().account;
    if (!table || !me || table.status !== 'open') return;
    if (table.seats.some((x) => x.kind !== 'empty' && x.account_id !== me.id)) return;
    const yes = await confirmDialog(t('quick.alone'), { yes: t('quick.add_bots'), no: t('quick.wait'), kind: 'primary' });
    if (!yes || store.get().myTable !== tableId) return;
    for (const seat of [1, 2, 3]) {
      if (store.get().tables[tableId]?.seats[seat]?.kind === 'empty') await app.act.addBot(tableId, seat);
    }
  }


  app.errorText = (e) => errorText(e && e.code ? e.code : 'unknown', e && e.message);

  const toastActions = new Map(); // toast id → what its button does

  function toast(text, kind = 'error', ms = 4000, action = null) {
    const id = ++toastId;
    if (action) toastActions.set(id, action.run);
    store.set((s) => ({ toasts: [...s.toasts.slice(-3), { id, text, kind, action: action && action.label }] }));
    setTimeout(() => act.dismiss(id), ms);
    return id;
  }

  async function send(type, fields = {}) {
    try {
      return await socket.request(type, fields);
    } catch (e) {
      toast(app.errorText(e));
      throw e;
    }
  }
  const quietly = (p) => p.catch(() => null);

  /**
   * A play, sent again when a hall of several nodes answers `table_moved` (its table was
   * changing nodes and nothing was done, docs/protocol.md) — while the game still stands
   * where it was played, so that a resend can never be a second play. The player sees an
   * error only when every resend failed; a reconnection between the tries is waited out.
   */
  async function sendPlay(table, version, cards) {
    for (let tries = 0; ; tries += 1) {
      try {
        return await socket.request('play', { table, version, cards });
      } catch (e) {
        const game = store.get().game;
        const unchanged = Boolean(game) && game.tableId === table && game.version === version;
        const moving = e.code === 'table_moved' || (tries > 0 && e.code === 'offline');
        if (!moving || !unchanged || tries >= PLAY_RESEND_MS.length) {
          toast(app.errorText(e));
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, PLAY_RESEND_MS[tries]));
      }
    }
  }

  const turnSecondsOf = (tableId) => {
    const table = store.get().tables[tableId];
    return table ? table.turn_seconds : 30;
  };

  function seatedAt(table, account) {
    return Boolean(account) && table.seats.some((s) => s.account_id === account.id);
  }

  /** A missed frame: the server's resync (when offered) brings the whole view, else reconnect. */
  let resyncing = false;
  async function resync(table) {
    if (!store.get().features.includes('resync')) {
      socket.reconnectNow();
      return;
    }
    if (resyncing) return;
    resyncing = true;
    try {
      const data = await socket.request('resync', { table });
      if (data.table) onFrame({ type: 'table', table: data.table });
      if (data.game) onFrame({ ...data.game, type: 'game' }); // a game frame supersedes the view
      if (data.counter) onFrame({ ...data.counter, type: 'counter' });
    } catch {
      socket.reconnectNow();
    } finally {
      resyncing = false;
    }
  }

  /** The store's change for tables whose rows changed and tables that closed. */
  function tablePatch(s, rows, closed) {
    const tables = { ...s.tables };
    let { myTable, watching } = s;
    for (const table of rows) {
      tables[table.id] = table;
      if (seatedAt(table, s.account)) myTable = table.id;
      else if (myTable === table.id) myTable = null;
    }
    for (const id of closed) {
      delete tables[id];
      if (myTable === id) myTable = null;
      if (watching === id) watching = null;
    }
    return { tables, myTable, watching };
  }

  let tableOverToast = null;

  /** A tournament's table that closed under me (its games played, issue 28): to the
   * tournament's page, where the round's standings show, rather than the lobby. */
  function closedTableGoesTo(s, tableId) {
    const place = s.tables[tableId]?.tournament;
    if (place && (s.myTable === tableId || (s.route.name === 'table' && s.route.id === tableId))) {
      const over = s.over && s.over.table === tableId && !s.over.dismissed ? s.over : null;
      if (over) { // its result, not yet closed: the tournament's page shows it (issue 45)
        store.set({ tourLastGame: { tournament: place.id, round: place.round, over, table: s.tables[tableId] } });
      }
      tableOverToast = toast(t('tour.table_over'), 'info', 6000);
      navigate('tournament', place.id);
      return true;
    }
    return false;
  }

  /** The `tournament` frame (issue 28): a round puts me at a table — there I go (as to a
   * table I sat down at) — or the tournament is over: its page, or a toast to it; or the
   * check-in of one I signed up for opened: a message I can check in from. */
  function onTournament(f, s) {
    store.set({ tournamentNews: { tournament: f.tournament, round: f.round, table: f.table, status: f.status,
      n: (s.tournamentNews?.n ?? 0) + 1 } });
    const see = { label: t('tour.see'), run: () => navigate('tournament', f.tournament) };
    if (f.status === 'check_in') { // a scheduled one's check-in opened; I have not checked in
      const text = t('tour.check_in_toast', { name: f.name ?? '', when: when(f.starts_at) });
      if (s.toasts.some((x) => x.text === text)) return; // told again as he reconnects
      toast(text, 'info', 60000, {
        label: t('tour.check_in'),
        run: () => api.tournaments.checkin(f.tournament).then(
          () => toast(t('tour.checked_in_done'), 'info', 5000), (e) => toast(app.errorText(e))),
      });
      return;
    }
    if (f.status === 'running' && f.table !== null) {
      const elsewhere = s.myTable !== null && s.myTable !== f.table && !s.tables[s.myTable]?.tournament;
      if (elsewhere) { // at a table of his own: 托管 plays his tournament seat meanwhile
        toast(t('tour.round_began_away', { n: f.round + 1 }), 'info', 15000,
          { label: t('tour.go_to_table'), run: () => quietly(act.spectate(f.table)) });
        return;
      }
      if (s.myTable === f.table && s.route.name === 'table' && s.route.id === f.table) return;
      const other = s.game && s.game.tableId !== f.table;
      store.set({ myTable: f.table, watching: null, ...(other ? { game: null, over: null, halfPanel: null, counter: null } : {}) });
      toast(t('tour.round_began', { n: f.round + 1 }), 'info', 6000);
      navigate('table', f.table);
      quietly(send('spectate', { table: f.table })); // at my own seat: its frames and my hand
      return;
    }
    if (f.status === 'finished') {
      if (tableOverToast !== null) act.dismiss(tableOverToast); // said now: it is all over
      const route = parseHash(); // (where a navigation just sent him, before its event)
      const here = route.name === 'tournament' && route.id === f.tournament;
      const fromItsTable = route.name === 'table' && s.tables[route.id]?.tournament?.id === f.tournament;
      if (!here && (fromItsTable || route.name === 'lobby')) navigate('tournament', f.tournament);
      toast(t('tour.finished_toast'), 'info', 8000, here || fromItsTable || route.name === 'lobby' ? null : see);
    } else if (f.status === 'cancelled') { // a scheduled one: too few checked in at its start
      toast(t('tour.cancelled_toast'), 'info', 10000, see);
    }
  }

  function onFrame(f) {
    const s = store.get();
    switch (f.type) {
      case 'welcome': {
        store.set({ account: f.account, myTable: f.table });
        const route = s.route;
        if (f.table !== null && (route.name === 'lobby' || route.name === 'login')) navigate('table', f.table);
        else if (route.name === 'lobby') quietly(socket.request('lobby', lobbyParams()));
        else if (route.name === 'table' && route.id !== f.table) quietly(socket.request('spectate', { table: route.id }));
        break;
      }
      case 'lobby': {
        // the lobby's rows, and the tables I sit at or watch (a private one is in no lobby)
        const tables = Object.fromEntries(f.tables.map((x) => [x.id, x]));
        for (const id of [s.myTable, s.watching, s.route.name === 'table' ? s.route.id : null]) {
          if (id !== null && s.tables[id] && !tables[id]) tables[id] = s.tables[id];
        }
        store.set({ tables, lobbyTotal: f.total ?? f.tables.length });
        break;
      }
      case 'table': {
        store.set(tablePatch(s, [f.table], []));
        break;
      }
      case 'lobby_changes': {
        store.set(tablePatch(s, f.tables, [...f.closed, ...(f.gone || [])]));
        if (f.closed.some((id) => closedTableGoesTo(s, id))) break;
        if (f.closed.includes(s.route.id) && s.route.name === 'table') {
          toast(t('table.closed'), 'info');
          navigate('lobby');
        }
        break;
      }
      case 'table_closed': {
        store.set(tablePatch(s, [], [f.table]));
        if (closedTableGoesTo(s, f.table)) break;
        if (s.route.name === 'table' && s.route.id === f.table) {
          toast(t('table.closed'), 'info');
          navigate('lobby');
        }
        break;
      }
      case 'game': {
        if (f.seat === null && s.myTable === f.table) break; // a spectator's copy
        const prev = s.game && s.game.tableId === f.table ? s.game : null;
        const game = fromGameFrame(f, turnSecondsOf(f.table), prev);
        const patch = { game };
        if (!prev || prev.gameId !== f.game_id) {
          patch.over = null;
          patch.halfPanel = null;
          patch.accountBefore = s.account;
        }
        // the first half's summary: when the second half is dealt, or on coming back
        // during the pause between the halves (issue 31); it stays whole while it lasts
        const dealt = prev && prev.gameId === f.game_id && prev.half === 0;
        const shown = s.halfPanel && s.halfPanel.game_id === f.game_id;
        if (game.half === 1 && game.finished.length && (dealt || (game.breakUntil && !shown))) {
          patch.halfPanel = { table: f.table, game_id: f.game_id, half: game.finished[0],
            waiting: null, pressed: false };
        }
        store.set(patch);
        break;
      }
      case 'played': {
        if (!s.game || s.game.tableId !== f.table) break;
        const game = applyPlayed(s.game, f);
        if (game === null) resync(f.table); // a frame was missed: take a full view
        else store.set({ game });
        break;
      }
      case 'game_over': {
        const game = s.game && s.game.tableId === f.table ? { ...s.game, toMove: null, deadline: null } : s.game;
        store.set({ game, over: { ...f, changes: null, dismissed: false }, halfPanel: null, counter: null });
        const mine = (f.seats || []).find((x) => s.account && x.account_id === s.account.id);
        if (mine && (mine.items?.length || s.inventory)) app.eco.loadInventory(); // drops, spent items
        if (s.accountBefore) {
          const before = s.accountBefore;
          api.me().then((me) => {
            const cur = store.get();
            const over = cur.over && cur.over.game_id === f.game_id
              ? { ...cur.over, changes: { score: me.score - before.score, coins: me.coins - before.coins } }
              : cur.over;
            store.set({ account: me, over });
          }, () => {});
        }
        break;
      }
      case 'half_break': { // someone pressed 继续, or the pause is over (issue 31)
        if (s.game && s.game.tableId === f.table && s.game.gameId === f.game_id) {
          store.set({ game: { ...s.game, breakUntil: localMoment(f.until, f.now, 120),
            deadline: localMoment(f.deadline, f.now, s.game.turnSeconds) } });
        }
        const hp = store.get().halfPanel;
        if (hp && hp.game_id === f.game_id) store.set({ halfPanel: { ...hp, waiting: f.waiting } });
        break;
      }
      case 'counter': // my card counter (R41): the other three's cards together
        store.set({ counter: f });
        break;
      case 'timer': {
        if (s.game && s.game.tableId === f.table && s.game.gameId === f.game_id) {
          // the clock's new end, measured on the server's own clock (f.now, ms)
          const left = f.deadline === null ? null : f.deadline - f.now / 1000;
          store.set({ game: { ...s.game, deadline: left === null ? null : performance.now() + Math.max(0, left) * 1000 } });
        }
        // everyone hears that it fired and who paid whom (R41; issue 16: it was silent)
        const mine = s.game && s.game.seat === f.seat;
        const table = s.tables[f.table];
        const nameAt = (seat) => (table ? seatName(table.seats[seat]) : t('seat.n', { n: seat + 1 }));
        const paid = f.paid || [];
        const words = { s: f.seconds, owner: nameAt(f.seat), fee: f.fee, each: f.each,
          names: listOf(paid.map(nameAt)) };
        let text = t(`timer.${mine ? 'mine' : 'fired'}${paid.length ? '_paid' : ''}`, words);
        if ((f.unpaid_bots || []).length) text += t('timer.bots_unpaid');
        if (s.game && paid.includes(s.game.seat)) text += t('timer.you_got', { each: f.each });
        toast(text, 'info', 9000);
        if (mine) app.eco.loadInventory();
        if (mine || (s.game && paid.includes(s.game.seat))) act.refreshAccount(); // coins moved
        break;
      }
      case 'replay_saved':
        toast(t('replays.saved', { game: f.game_id }), 'info', 6000);
        app.eco.loadInventory();
        break;
      case 'review_progress': // the coach at work on a game I asked it to review (issue 17)
        store.set({ reviews: { ...s.reviews, [f.game_id]: { status: 'running', done: f.done, total: f.total } } });
        break;
      case 'review_ready':
        store.set({ reviews: { ...s.reviews, [f.game_id]: { status: f.ok ? 'done' : 'failed', done: 0, total: 0 } } });
        toast(t(f.ok ? 'coach.ready' : 'coach.failed', { game: f.game_id }), f.ok ? 'info' : 'error', 8000,
          f.ok ? { label: t('coach.see'), run: () => navigate('replays', f.game_id) } : undefined);
        break;
      case 'chat': {
        if ((s.mutes || []).includes(f.author)) break; // (the server drops them already)
        const mine = (s.chat[f.table] || []).filter((m) => m.id !== f.id);
        store.set({ chat: { ...s.chat, [f.table]: [...mine, f].slice(-CHAT_KEPT) } });
        break;
      }
      case 'friend_request':
        toast(t('friends.asked_you', { name: f.sender.nickname }), 'info', 12000,
          { label: t('friends.see'), run: () => navigate('friends') });
        store.set({ friendsVersion: (s.friendsVersion || 0) + 1 });
        break;
      case 'friends_changed':
        store.set({ friendsVersion: (s.friendsVersion || 0) + 1 });
        break;
      case 'invited':
        toast(t('friends.invited_you', { name: f.sender.nickname, table: f.table }), 'info', 30000,
          { label: t('friends.join'), run: () => quietly(act.acceptInvite(f.table)) });
        break;
      case 'mutes':
        store.set({ mutes: f.accounts });
        break;
      case 'swap_asked': { // another player asks to swap seats (issue 31)
        const rel = relationLabel((f.from_seat - f.seat + 4) % 4, true, f.from_seat); // his place to me
        confirmDialog(t('seat.swap_asked', { name: f.by.nickname, rel }),
          { yes: t('seat.swap_yes'), no: t('seat.swap_no'), kind: 'primary' })
          .then((accept) => quietly(send('swap_answer', { table: f.table, seat: f.from_seat, accept })));
        break;
      }
      case 'swap_answered':
        toast(t(f.accept ? 'seat.swap_accepted' : 'seat.swap_declined', { name: f.by.nickname }),
          f.accept ? 'info' : 'error', 5000);
        break;
      case 'stood_up':
        toast(t(`stood.${f.reason}`), 'error', 8000);
        break;
      case 'left_table': { // out of the table (issue 27): it is heard no more, so leave it
        const seated = s.myTable === f.table;
        const tables = { ...s.tables };
        delete tables[f.table];
        store.set({ tables, myTable: seated ? null : s.myTable,
          watching: s.watching === f.table ? null : s.watching,
          game: s.game && s.game.tableId === f.table ? null : s.game,
          over: s.over && s.over.table === f.table ? null : s.over });
        if (f.reason === 'closed' && closedTableGoesTo(s, f.table)) break;
        // a seat's loss was said by stood_up; a spectator sent away hears it here
        if (!seated && f.reason !== 'stood' && f.reason !== 'closed') toast(t(`left.${f.reason}`), 'error', 8000);
        if (s.route.name === 'table' && s.route.id === f.table) navigate('lobby');
        break;
      }
      case 'tournament':
        onTournament(f, s);
        break;
      case 'club_news': { // issue 45: an application, or its answer, as it happens
        store.set({ clubNews: { club: f.club, event: f.event, n: (s.clubNews?.n || 0) + 1 } });
        const see = { label: t('club.open'), run: () => navigate('club', f.club) };
        if (f.event === 'applied') toast(t('club.news_applied', { who: f.who || '', name: f.name }), 'info', 10000, see);
        else if (f.event === 'admitted') toast(t('club.news_admitted', { name: f.name }), 'info', 10000, see);
        else toast(t('club.news_refused', { name: f.name }), 'info', 10000);
        break;
      }
      case 'tournament_reveal': { // it started: the value this browser committed to (issue 43)
        const given = givenFor(`commit:${f.commitment}`); // (the one its commitment is of)
        if (given) api.tournaments.reveal(f.tournament, given.value).catch(() => {});
        break;
      }
      case 'error':
        if (f.code === 'replaced') break; // the connection banner says it, with a way back
        if (f.code) toast(errorText(f.code, f.message));
        if (f.code === 'protocol_version') store.set({ conn: { ...s.conn, status: 'version' } });
        break;
      default:
        break;
    }
  }

  /** The lobby subscription: a page of the tables the filter lets through (issue 14). */
  function lobbyParams() {
    const { lobbyFilter: f, account } = store.get();
    const params = { subscribe: true, changes: true, limit: LOBBY_LIMIT };
    if (f.free) params.free_seats = true;
    if (f.bet !== null) params.bet = f.bet;
    if (f.near && account) {
      params.min_level = Math.max(0, account.level - NEAR_LEVELS);
      params.max_level = account.level + NEAR_LEVELS;
    }
    return params;
  }

  /** After join_code / join_link: at the table, in a seat or watching it. */
  function enter(data) {
    const s = store.get();
    if (s.game && s.game.tableId !== data.table) store.set({ game: null, over: null });
    if (data.seat === null) store.set({ watching: data.table });
    else store.set({ myTable: data.table, watching: null });
    navigate('table', data.table);
    return data;
  }

  const act = {
    dismiss(id) {
      toastActions.delete(id);
      store.set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
    },
    toastAction(id) {
      const run = toastActions.get(id);
      act.dismiss(id);
      if (run) run();
    },
    friendRequest: (nickname) => send('friend_request', { nickname }),
    friendAnswer: (account, accept) => send('friend_answer', { account, accept }),
    unfriend: (account) => send('unfriend', { account }),
    block: (account, on) => send('block', { account, on }),
    invite: (table, account) => send('invite', { table, account }),
    async acceptInvite(table) {
      return enter(await send('accept_invite', { table }));
    },
    setLobbyFilter(patch) {
      const lobbyFilter = { ...store.get().lobbyFilter, ...patch };
      saveLobbyFilter(lobbyFilter);
      store.set({ lobbyFilter });
      if (socket.online && store.get().route.name === 'lobby') {
        socket.request('lobby', lobbyParams()).catch((e) => toast(app.errorText(e)));
      }
    },
    async authenticate(mode, nickname, password) {
      const account = mode === 'login' ? await api.login(nickname, password) : await api.register(nickname, password);
      store.set({ account });
      socket.start();
      const invite = takeInvite(); // came by an invite link while logged out
      const clubInvite = takeClubInvite(); // or by a club's
      if (invite) navigate('join', invite);
      else if (clubInvite) navigate('clubjoin', clubInvite);
      else navigate('lobby');
    },
    async logout() {
      try {
        await api.logout();
      } finally {
        socket.stop();
        store.set({ account: null, myTable: null, tables: {}, game: null, over: null, watching: null });
        navigate('login');
      }
    },
    async refreshAccount() {
      try {
        store.set({ account: await api.me() });
      } catch { /* offline: keep what we have */ }
    },
    async createTable(options) {
      const data = await socket.request('create_table', options);
      store.set({ myTable: data.table });
      navigate('table', data.table);
    },
    async quickMatch() {
      const data = await send('quick_match');
      store.set({ myTable: data.table });
      navigate('table', data.table);
      offerBotsWhenAlone(data.table);
    },
    /** Into a private table by its room code or invite link: seated, or watching. */
    async joinCode(code) {
      return enter(await send('join_code', { code }));
    },
    async joinLink(token) {
      return enter(await send('join_link', { token }));
    },
    // session rooms (局数, issue 26) and clubs' tables
    openSession: (table, games) => quietly(send('open_session', { table, games })),
    endSession: (table, agree) => quietly(send('end_session', { table, agree })),
    async joinClubTable(table) {
      return enter(await send('join_club_table', { table }));
    },
    lockTable: (table, locked) => quietly(send('lock_table', { table, locked })),
    say: (table, kind, body) => send('chat', { table, kind, body }),
    mute: (account, on) => quietly(send('mute', { account, on })),
    async reportChat(message) {
      await quietly(send('report_chat', { message }));
      toast(t('chat.reported'), 'info');
    },
    removePlayer: (table, seat) => quietly(send('remove_player', { table, seat })),
    removeSpectator: (table, account) => quietly(send('remove_spectator', { table, account })),
    moveSeat: (table, seat) => quietly(send('move_seat', { table, seat })),
    async swapSeats(table, seat, name) {
      const data = await quietly(send('swap_seats', { table, seat }));
      if (data && data.status === 'asked') toast(t('seat.swap_sent', { name }), 'info', 5000);
      return data;
    },
    giveOwner: (table, account) => quietly(send('give_owner', { table, account })),
    async sit(table, seat) {
      const data = await send('sit', { table, seat });
      store.set({ myTable: data.table, watching: null });
      navigate('table', table);
    },
    async spectate(table) {
      const s = store.get();
      if (s.game && s.game.tableId !== table) store.set({ game: null, over: null });
      await send('spectate', { table }); // the table's frames arrive before this reply
      store.set({ watching: table });
      navigate('table', table);
    },
    async leaveTable(table) {
      const s = store.get();
      const place = s.tables[table]?.tournament;
      if (s.myTable === table && place) { // a tournament's seat is drawn: nobody stands up
        navigate('tournament', place.id); // (the games go on; 托管 when he is away)
        return;
      }
      if (s.myTable === table) {
        const playing = s.tables[table] && s.tables[table].status === 'playing';
        if (playing && !(await confirmDialog(t('table.confirm_escape')))) return;
        // a player of a session who leaves ends it for everyone (issue 26): say so first
        const session = s.tables[table]?.session;
        if (!playing && session && session.status !== 'ended' && session.played > 0
          && !(await confirmDialog(t('session.leave_confirm', { n: session.played }), { yes: t('table.leave') }))) return;
        await send('stand', { table, escape: playing });
        store.set({ myTable: null, game: null, over: null });
      } else {
        await quietly(socket.request('unwatch', { table }));
        store.set({ watching: null, game: null });
      }
      navigate('lobby');
    },
    // the bet this screen shows: if the owner changed it meanwhile, the hall refuses
    ready: (table, on) => {
      const bet = store.get().tables[table]?.bet;
      return quietly(send('ready', on && bet != null ? { table, ready: on, bet } : { table, ready: on }));
    },
    addBot: (table, seat, bot = null) => quietly(send('add_bot', bot ? { table, seat, bot } : { table, seat })),
    removeBot: (table, seat) => quietly(send('remove_bot', { table, seat })),
    autoPlay: (table, on) => quietly(send('auto_play', { table, on })),
    play: sendPlay,
    /**
     * The hint (issue 10): { cards (ids, or null to pass), reason ('lead', 'beat',
     * 'partner_winning', 'save_strength', 'cannot_beat'; null from a server that gives
     * none), beats ([ids]: what beats the top, smallest first) } — the server's when it
     * offers one, else the local rules' (hint.js).
     */
    async hint(game) {
      if (store.get().features.includes('hint')) {
        const data = await quietly(send('hint', { table: game.tableId, version: game.version }));
        if (data) {
          return { cards: data.cards && data.cards !== 'pass' ? parseCards(data.cards) : null,
            reason: data.reason || null, beats: (data.beats || []).map((b) => parseCards(b)) };
        }
      }
      const partner = game.seat ^ 2; // partners sit opposite (R20)
      return localHint({ hand: game.hand, top: topMove(game), blade: game.blade,
        bladeBombOnlyAtoms: Boolean(game.rules.blade_bomb_only_atoms),
        // the partner's play on top, and the partner still in: passing keeps the trick ours
        partnerWinning: game.topSeat === partner && game.cardsLeft[partner] > 0 });
    },
    /** 继续 on the first half's summary: a player tells the table he has read it (the
     * second half's clock starts when all have); anyone else just folds it. */
    goOn(game) {
      const hp = store.get().halfPanel;
      if (!hp) return;
      if (game && game.seat !== null && game.breakUntil && performance.now() < game.breakUntil) {
        store.set({ halfPanel: { ...hp, pressed: true } });
        // the pause may have ended meanwhile (no_half_break): nothing to tell
        quietly(socket.request('go_on', { table: game.tableId }));
      } else {
        store.set({ halfPanel: { ...hp, folded: true } }); // a spectator reads at his pace
      }
    },
    closeHalfPanel(gameId) {
      const hp = store.get().halfPanel;
      if (hp && (gameId === undefined || hp.game_id === gameId)) store.set({ halfPanel: null });
    },
    dismissOver() {
      const over = store.get().over;
      if (over) store.set({ over: { ...over, dismissed: true } });
    },
    /** Entering or leaving a screen: subscribe to the lobby, stop watching a table. */
    routeChanged(prev, next) {
      const s = store.get();
      if (!socket.online) return;
      if (prev.name === 'table' && s.watching === prev.id && !(next.name === 'table' && next.id === prev.id)) {
        quietly(socket.request('unwatch', { table: prev.id }));
        store.set({ watching: null, game: null });
      }
      if (next.name === 'lobby') quietly(socket.request('lobby', lobbyParams()));
      else if (prev.name === 'lobby') quietly(socket.request('lobby', { subscribe: false }));
      if (next.name === 'table' && next.id !== null && s.myTable !== next.id && s.watching !== next.id) {
        socket.request('spectate', { table: next.id }).then(
          () => store.set({ watching: next.id }),
          (e) => { toast(app.errorText(e)); navigate('lobby'); });
      }
    },
  };

  act.resync = resync;
  app.act = act;
  app.eco = createEconomy(app);
  app.onFrame = onFrame;
  app.toast = toast;
  return app;
}
