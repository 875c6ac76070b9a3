// The hall's WebSocket (/ws, protocol 1): numbered requests answered by ok/error with
// the same seq, pushed frames (welcome, lobby, table, game, played, hand, game_over…),
// a heartbeat, and reconnection with capped exponential backoff and jitter. The server
// sends a full view after every (re)connection, so nothing is replayed from here.

import { newValue, remember, sawPlays } from './myvalues.js';

export const PROTOCOL = 1;
const CLOSE_UNAUTHORISED = 4401;
const CLOSE_FORBIDDEN_ORIGIN = 4403;
const CLOSE_REPLACED = 4409; // this account opened more connections elsewhere: no retry
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_EVERY_MS = 20000;
const SILENT_LIMIT_MS = 50000;

export class RequestError extends Error {
  /** @param {string} code
   * @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class HallSocket {
  /**
   * onFrame(frame): every pushed frame (and errors that answer nothing);
   * onStatus({status, attempt, retryAt}): 'connecting' | 'online' | 'offline' |
   * 'unauthorised' | 'forbidden' | 'replaced' | 'stopped'.
   */
  /** @param {{ url?: string, onFrame: (frame: any) => void,
   *   onStatus: (status: { status: string, attempt: number, retryAt: number }) => void,
   *   onHello?: (data: any) => void, seatAt?: (table: number) => (number | null) }} options */
  constructor({ url = defaultUrl(), onFrame, onStatus, onHello, seatAt = (/** @type {number} */ table) => null }) {
    this.url = url;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.onHello = onHello;
    this.seatAt = seatAt; // (table id → my seat there, or null: who a deal_commit asks)
    this.seq = 0;
    /** @type {Map<number, { resolve: (data: any) => void, reject: (e: RequestError) => void, timer: ReturnType<typeof setTimeout> }>} */
    this.pending = new Map();
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    this.retryAt = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pingTimer = undefined;
    /** @type {string | undefined} the node a hall of several sent us to */
    this.node = undefined;
    this.movedAt = 0;
    this.moving = false;
    this.lastFrameAt = 0;
    this.stopped = true;
    this.online = false;
    this._wake = () => { if (!this.online && !this.stopped) this.reconnectNow(); };
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this._wake);
    this._open();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this._wake);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
    this._status('stopped');
  }

  reconnectNow() {
    clearTimeout(this.retryTimer);
    if (this.ws) {
      this.ws.close(4000);
    } else if (!this.stopped) {
      this._open();
    }
  }

  /** Send a message; resolves with the ok reply's data, rejects with a RequestError.
   * @param {string} type
   * @param {object} [fields]
   * @returns {Promise<any>} */
  request(type, fields = {}, timeoutMs = 15000) {
    const ws = this.ws;
    if (!this.online || !ws) return Promise.reject(new RequestError('offline', 'offline'));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new RequestError('timeout', 'no answer'));
      }, timeoutMs);
      this.pending.set(seq, { resolve, reject, timer });
      ws.send(JSON.stringify({ type, seq, ...fields }));
    });
  }

  /** @param {string} status */
  _status(status) {
    this.onStatus({ status, attempt: this.attempt, retryAt: this.retryAt || 0 });
  }

  _open() {
    this._status('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this._retry();
      return;
    }
    this.ws = ws;
    ws.onmessage = (ev) => this._message(ev.data);
    ws.onclose = (ev) => this._closed(ws, ev.code);
    ws.onerror = () => { /* a close event follows */ };
  }

  /** @param {string} text */
  _message(text) {
    this.lastFrameAt = Date.now();
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if ((frame.type === 'ok' || frame.type === 'error' || frame.type === 'pong')
        && this.pending.has(frame.seq)) {
      const { resolve, reject, timer } = /** @type {{ resolve: (data: any) => void, reject: (e: RequestError) => void, timer: ReturnType<typeof setTimeout> }} */ (this.pending.get(frame.seq));
      clearTimeout(timer);
      this.pending.delete(frame.seq);
      if (frame.type === 'error') reject(new RequestError(frame.code, frame.message));
      else resolve(frame.data || {});
      return;
    }
    if (frame.type === 'pong') return;
    if (frame.type === 'node') { // a hall of several nodes: go where our table runs
      this._follow(frame.node);
      return;
    }
    if (frame.type === 'deal_commit' && frame.waiting?.length) this._contribute(frame);
    // issue 54: the plays seen made at the table, for the replay to hold the record to
    if ((frame.type === 'played' || frame.type === 'game') && frame.game_id != null) sawPlays(frame.game_id, frame.version);
    if (frame.type === 'welcome') {
      this.online = true;
      this.attempt = 0;
      this.retryAt = 0;
      this._heartbeat();
      this._status('online');
      this.request('hello', { protocol: PROTOCOL }).then(
        (data) => this.onHello && this.onHello(data),
        (/** @type {RequestError} */ e) => this.onFrame({ type: 'error', code: e.code, message: e.message }),
      );
    }
    this.onFrame(frame);
  }

  /** A fair deal (issues 28 and 43, docs/fairness.md): the hall has committed to its
   * seeds; our part is 128 random bits from the browser's own generator, sent at once.
   * Asked for it (our seat in `waiting`), we remember it as we send it, with the seats
   * the hall asked — not once it is taken: a hall that saw the value and then called it
   * too late must not go unseen (the replay warns), nor one whose record calls a seat it
   * did not ask a player's. Not knowing our seat, it is remembered once taken. The scheme
   * the table announced is remembered with it (issue 54: a record of another — the older
   * yuanzi-deal/1, whose hall values are not bound — is called out).
   * @param {{ table: number, commits?: string[], waiting: number[], scheme?: string }} frame */
  _contribute(frame) {
    const { table, commits, waiting, scheme } = frame;
    const seen = typeof scheme === 'string' ? { scheme } : {};
    const about = commits?.[0] ? `deal:${commits[0]}` : null;
    const value = newValue();
    const seat = this.seatAt(table);
    const asked = seat !== null && waiting.includes(seat);
    if (seat !== null && !asked) return; // (we only watch, or sit unasked)
    if (asked && about) remember(value, about, { ...seen, asked: [...waiting].sort((a, b) => a - b) });
    this.request('contribute', { table, value }).then(() => {
      if (!asked && about) remember(value, about, seen);
    }, () => {});
  }

  _heartbeat() {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.online) return;
      if (Date.now() - this.lastFrameAt > SILENT_LIMIT_MS) {
        this.reconnectNow();
        return;
      }
      this.request('ping', {}, PING_EVERY_MS).catch(() => {});
    }, PING_EVERY_MS);
  }

  /** Reconnect to the node the proxy calls `node` (at most once in 30 s: a proxy that
   *  cannot route there must not make us bounce). The server sends the whole view again.
   * @param {string} node */
  _follow(node) {
    const now = Date.now();
    if (!node || node === this.node || now - (this.movedAt || 0) < 30000) return;
    this.node = node;
    this.movedAt = now;
    const url = new URL(this.url, window.location.href);
    url.searchParams.set('node', node);
    this.url = url.toString();
    this.moving = true;
    this.reconnectNow();
  }

  /** @param {WebSocket} ws
   * @param {number} code */
  _closed(ws, code) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.online = false;
    clearInterval(this.pingTimer);
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new RequestError('offline', 'connection closed'));
    }
    this.pending.clear();
    if (this.stopped) return;
    if (this.moving) { // to our table's node: at once, no backoff
      this.moving = false;
      this._open();
      return;
    }
    if (code === CLOSE_UNAUTHORISED) {
      this.stopped = true;
      this._status('unauthorised');
      return;
    }
    if (code === CLOSE_FORBIDDEN_ORIGIN) {
      this.stopped = true;
      this._status('forbidden');
      return;
    }
    if (code === CLOSE_REPLACED) { // a retry would push the other window out in turn
      this.stopped = true;
      this._status('replaced');
      return;
    }
    this._retry();
  }

  _retry() {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this._status('offline');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => { if (!this.stopped) this._open(); }, delay);
  }
}

export function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
