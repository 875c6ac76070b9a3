// The player's intentions at a table (issue 46): open one, come in by code, link or club,
// sit, watch, leave, get ready, seat bots, play, ask for a hint, go on after the first
// half — each a request to the hall through the socket, and the store's change it makes.

import { api } from '../api.js';
import { t } from '../i18n.js';
import { navigate, parseHash } from '../router.js';
import { localHint } from '../hint.js';
import { topMove } from '../game.js';
import { parseCards } from '../cards.js';

/** Waits before a play refused with `table_moved` is sent again (one per resend). */
const PLAY_RESEND_MS = [500, 1000, 2000];

/** @param {import('./page.js').Page} page */
export function tableActions({ store, socket, toast, send, quietly, errorTextOf, ask }) {
  /** Quick match found nobody waiting and opened a table of his own (issue 31): say so,
   * and offer three bots at once rather than leave him alone at it without a word.
   * @param {number} tableId */
  async function offerBotsWhenAlone(tableId) {
    /** @type {import('../state/shapes.js').TableView | undefined} */
    const table = await new Promise((resolve) => {
      const seen = () => store.get().tables[tableId];
      if (seen()) { resolve(seen()); return; }
      let stop = () => {};
      const timer = setTimeout(() => { stop(); resolve(seen()); }, 3000);
      stop = store.subscribe(() => { if (seen()) { stop(); clearTimeout(timer); resolve(seen()); } });
    });
    const me = store.get().account;
    if (!table || !me || table.status !== 'open') return;
    if (table.seats.some((/** @type {import('../state/shapes.js').SeatView} */ x) => x.kind !== 'empty' && x.account_id !== me.id)) return;
    const yes = await ask(t('quick.alone'), { yes: t('quick.add_bots'), no: t('quick.wait'), kind: 'primary' });
    if (!yes || store.get().myTable !== tableId) return;
    for (const seat of [1, 2, 3]) {
      if (store.get().tables[tableId]?.seats[seat]?.kind === 'empty') await actions.addBot(tableId, seat);
    }
  }

  /**
   * A play, sent again when a hall of several nodes answers `table_moved` (its table was
   * changing nodes and nothing was done, docs/protocol.md) — while the game still stands
   * where it was played, so that a resend can never be a second play. The player sees an
   * error only when every resend failed; a reconnection between the tries is waited out.
   * @param {number} table
   * @param {number} version
   * @param {string} cards
   */
  async function sendPlay(table, version, cards) {
    for (let tries = 0; ; tries += 1) {
      try {
        return await socket.request('play', { table, version, cards });
      } catch (e) {
        const game = store.get().game;
        const unchanged = !!game && game.tableId === table && game.version === version;
        const code = /** @type {{ code?: string }} */ (e).code;
        const moving = code === 'table_moved' || (tries > 0 && code === 'offline');
        if (!moving || !unchanged || tries >= PLAY_RESEND_MS.length) {
          toast(errorTextOf(e));
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, PLAY_RESEND_MS[tries]));
      }
    }
  }

  /** After join_code / join_link: at the table, in a seat or watching it.
   * @param {{ table: number, seat: number | null }} data */
  function enter(data) {
    const s = store.get();
    if (s.game && s.game.tableId !== data.table) store.set({ game: null, over: null });
    if (data.seat === null) store.set({ watching: data.table });
    else store.set({ myTable: data.table, watching: null });
    navigate('table', data.table);
    return data;
  }

  const actions = {
    enter,
    /** @param {object} options */
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
    /** Into a private table by its room code or invite link: seated, or watching.
     * @param {string} code */
    async joinCode(code) {
      return enter(await send('join_code', { code }));
    },
    /** @param {string} token */
    async joinLink(token) {
      return enter(await send('join_link', { token }));
    },
    // session rooms (局数, issue 26) and clubs' tables
    /** @param {number} table
     * @param {number} games */
    openSession: (table, games) => quietly(send('open_session', { table, games })),
    /** @param {number} table
     * @param {boolean} agree */
    endSession: (table, agree) => quietly(send('end_session', { table, agree })),
    /** @param {number} table */
    async joinClubTable(table) {
      return enter(await send('join_club_table', { table }));
    },
    /** @param {number} table
     * @param {boolean} locked */
    lockTable: (table, locked) => quietly(send('lock_table', { table, locked })),
    /** @param {number} table
     * @param {number | null} seat */
    removePlayer: (table, seat) => quietly(send('remove_player', { table, seat })),
    /** @param {number} table
     * @param {number} account */
    removeSpectator: (table, account) => quietly(send('remove_spectator', { table, account })),
    /** @param {number} table
     * @param {number | null} seat */
    moveSeat: (table, seat) => quietly(send('move_seat', { table, seat })),
    /** @param {number} table
     * @param {number | null} seat
     * @param {string} name */
    async swapSeats(table, seat, name) {
      const data = await quietly(send('swap_seats', { table, seat }));
      if (data && data.status === 'asked') toast(t('seat.swap_sent', { name }), 'info', 5000);
      return data;
    },
    /** @param {number} table
     * @param {number} account */
    giveOwner: (table, account) => quietly(send('give_owner', { table, account })),
    /** The owner's new bet (R40): by REST, the table's frame follows.
     * @param {number} table
     * @param {number} bet */
    setBet: (table, bet) => api.setBet(table, bet),
    /** @param {number} table
     * @param {number | null} seat */
    async sit(table, seat) {
      const data = await send('sit', { table, seat });
      store.set({ myTable: data.table, watching: null });
      navigate('table', table);
    },
    /** @param {number} table */
    async spectate(table) {
      const s = store.get();
      if (s.game && s.game.tableId !== table) store.set({ game: null, over: null });
      await send('spectate', { table }); // the table's frames arrive before this reply
      store.set({ watching: table });
      navigate('table', table);
    },
    /** @param {number} table */
    async leaveTable(table) {
      const s = store.get();
      const place = s.tables[table]?.tournament;
      if (s.myTable === table && place) { // a tournament's seat is drawn: nobody stands up
        navigate('tournament', place.id); // (the games go on; 托管 when he is away)
        return;
      }
      if (s.myTable === table) {
        const playing = s.tables[table] && s.tables[table].status === 'playing';
        if (playing && !(await ask(t('table.confirm_escape')))) return;
        // a player of a session who leaves ends it for everyone (issue 26): say so first
        const session = s.tables[table]?.session;
        if (!playing && session && session.status !== 'ended' && session.played > 0
          && !(await ask(t('session.leave_confirm', { n: session.played }), { yes: t('table.leave') }))) return;
        await send('stand', { table, escape: playing });
        store.set({ myTable: null, game: null, over: null });
      } else {
        await quietly(socket.request('unwatch', { table }));
        store.set({ watching: null, game: null });
      }
      // to the lobby from the table's screen: gone elsewhere while the hall answered (its
      // left_table may have led to the lobby first), he stays where he went
      const here = parseHash();
      if (here.name === 'table' && here.id === table) navigate('lobby');
    },
    // the bet this screen shows: if the owner changed it meanwhile, the hall refuses
    /** @param {number} table
     * @param {boolean} on */
    ready: (table, on) => {
      const bet = store.get().tables[table]?.bet;
      return quietly(send('ready', on && bet != null ? { table, ready: on, bet } : { table, ready: on }));
    },
    /** @param {number} table
     * @param {number | null} seat
     * @param {string | null} [bot] */
    addBot: (table, seat, bot = null) => quietly(send('add_bot', bot ? { table, seat, bot } : { table, seat })),
    /** @param {number} table
     * @param {number | null} seat */
    removeBot: (table, seat) => quietly(send('remove_bot', { table, seat })),
    /** @param {number} table
     * @param {boolean} on */
    autoPlay: (table, on) => quietly(send('auto_play', { table, on })),
    play: sendPlay,
    /**
     * The hint (issue 10): { cards (ids, or null to pass), reason ('lead', 'beat',
     * 'partner_winning', 'save_strength', 'cannot_beat'; null from a server that gives
     * none), beats ([ids]: what beats the top, smallest first) } — the server's when it
     * offers one, else the local rules' (hint.js).
     * @param {import('../game.js').Game & { seat: number, hand: number[] }} game  my turn's
     */
    async hint(game) {
      if (store.get().features.includes('hint')) {
        const data = await quietly(send('hint', { table: game.tableId, version: game.version }));
        if (data) {
          return { cards: data.cards && data.cards !== 'pass' ? parseCards(data.cards) : null,
            reason: data.reason || null, beats: (data.beats || []).map((/** @type {string} */ b) => parseCards(b)) };
        }
      }
      const partner = game.seat ^ 2; // partners sit opposite (R20)
      return localHint({ hand: game.hand, top: topMove(game), blade: game.blade,
        bladeBombOnlyAtoms: Boolean(game.rules.blade_bomb_only_atoms),
        // the partner's play on top, and the partner still in: passing keeps the trick ours
        partnerWinning: game.topSeat === partner && game.cardsLeft[partner] > 0 });
    },
    /** 继续 on the first half's summary: a player tells the table he has read it (the
     * second half's clock starts when all have); anyone else just folds it.
     * @param {import('../game.js').Game | null} game */
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
    /** @param {number} gameId */
    closeHalfPanel(gameId) {
      const hp = store.get().halfPanel;
      if (hp && (gameId === undefined || hp.game_id === gameId)) store.set({ halfPanel: null });
    },
    dismissOver() {
      const over = store.get().over;
      if (over) store.set({ over: { ...over, dismissed: true } });
    },
    /** Entering or leaving a screen: subscribe to the lobby, stop watching a table. */
  };
  return actions;
}
