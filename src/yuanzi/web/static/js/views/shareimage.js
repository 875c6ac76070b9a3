// The end-of-session summary as a picture to share (issue 26): drawn on a canvas 1080 px
// wide in the page's language — the title, the table and the club, the date, the rules,
// why it ended, each player's total (the 大赢家 marked), wins and 双夹, the biggest bomb.

import { t } from '../i18n.js';
import { bigWinners, bombText, byKey, placeOf, playerName, ranked, signed } from '../sessions.js';

const W = 1080;
const PAD = 64;
/** The page's own fonts (base.css): the picture reads as the hall does, in either language. */
const pageFont = () => getComputedStyle(document.body).fontFamily
  || 'system-ui, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif';
let FONT = '';
const C = { red: '#7a1410', redDark: '#5c0f0c', paper: '#fbf8f1', ink: '#1d1d1f', muted: '#6b6f76',
  gold: '#d4a017', goldSoft: '#f6e7b0', cream: '#f8e9c8', up: '#2e7d32', down: '#c62828', line: '#e5dcc6' };

/** @type {(px: number, weight?: number) => string} */
const font = (px, weight = 400) => `${weight} ${px}px ${FONT}`;

/** `text` cut to `max` px with an ellipsis.
 * @param {CanvasRenderingContext2D} g
 * @param {string} text
 * @param {number} max */
function fit(g, text, max) {
  if (g.measureText(text).width <= max) return text;
  let s = [...text];
  while (s.length && g.measureText(`${s.join('')}…`).width > max) s = s.slice(0, -1);
  return `${s.join('')}…`;
}

/** `text` in lines of at most `max` px: broken between words, or anywhere in Chinese.
 * @param {CanvasRenderingContext2D} g
 * @param {string} text
 * @param {number} max */
function wrap(g, text, max) {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+/g) || [];
  const lines = [];
  let line = '';
  for (const tok of tokens) {
    const next = line + tok;
    if (line && g.measureText(next.trimEnd()).width > max) {
      lines.push(line.trimEnd());
      line = tok.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** @param {CanvasRenderingContext2D} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r */
function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/** A small crown (drawn: no emoji font needed).
 * @param {CanvasRenderingContext2D} g
 * @param {number} x
 * @param {number} y
 * @param {number} s */
function crown(g, x, y, s) {
  g.beginPath();
  g.moveTo(x, y + s);
  g.lineTo(x, y + s * .3);
  g.lineTo(x + s * .3, y + s * .6);
  g.lineTo(x + s * .5, y);
  g.lineTo(x + s * .7, y + s * .6);
  g.lineTo(x + s, y + s * .3);
  g.lineTo(x + s, y + s);
  g.closePath();
  g.fill();
}

/**
 * The picture of a session's summary. `info` = { session, title, place (the table and its
 * club), date, rules, reason }: the words already in the page's language. Returns the canvas.
 * @param {{ session: import('../sessions.js').Session, title: string, place?: string | null, date: string,
 *   rules?: string | null, reason: string }} info
 * @returns {HTMLCanvasElement}
 */
export function drawSessionImage(info) {
  const { session } = info;
  const players = ranked(session.players);
  const big = bigWinners(session.players);
  const keys = byKey(session);
  FONT = pageFont();
  const canvas = document.createElement('canvas');
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')); // (a new canvas: never null)
  const inner = W - 2 * PAD;

  // measure first: the header's lines and the rules may wrap
  g.font = font(30);
  const placeLines = wrap(g, info.place || t('session.image_hall'), inner);
  g.font = font(28);
  const ruleLines = wrap(g, info.rules || '', inner - 40);
  const ROW = 150;
  const headH = 150 + placeLines.length * 42 + 50;
  const infoH = 40 + ruleLines.length * 38 + 50 + 30;
  const bomb = session.bomb;
  const bombH = bomb ? 110 : 0;
  const H = headH + infoH + players.length * (ROW + 16) + bombH + 150;
  canvas.width = W;
  canvas.height = H;

  // the paper, the red head
  g.fillStyle = C.paper;
  g.fillRect(0, 0, W, H);
  const head = g.createLinearGradient(0, 0, 0, headH);
  head.addColorStop(0, C.red);
  head.addColorStop(1, C.redDark);
  g.fillStyle = head;
  g.fillRect(0, 0, W, headH);
  g.fillStyle = C.gold;
  g.fillRect(0, headH - 8, W, 8);
  // the brand mark: 原 in a white square with a gold edge
  roundRect(g, PAD, 44, 84, 84, 16);
  g.fillStyle = '#fff';
  g.fill();
  g.lineWidth = 5;
  g.strokeStyle = C.gold;
  g.stroke();
  g.fillStyle = '#c62828';
  g.font = font(52, 800);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(t('app.mark'), PAD + 42, 88);
  g.textAlign = 'left';
  g.textBaseline = 'alphabetic';
  g.fillStyle = '#fff';
  g.font = font(60, 800);
  g.fillText(fit(g, info.title, inner - 110), PAD + 110, 108);
  g.font = font(30);
  g.fillStyle = C.cream;
  let y = 180;
  for (const line of placeLines) {
    g.fillText(line, PAD, y);
    y += 42;
  }
  g.font = font(26);
  g.fillStyle = C.goldSoft;
  g.fillText(fit(g, info.date, inner), PAD, y + 4);

  // the rules and why it ended
  y = headH + 40;
  g.fillStyle = C.muted;
  g.font = font(24, 700);
  g.fillText(t('session.rules'), PAD, y + 8);
  g.font = font(28);
  g.fillStyle = C.ink;
  y += 46;
  for (const line of ruleLines) {
    g.fillText(line, PAD, y);
    y += 38;
  }
  g.font = font(30, 700);
  g.fillStyle = C.red;
  g.fillText(fit(g, info.reason, inner), PAD, y + 14);
  y = headH + infoH;

  // the players, best total first
  players.forEach((p) => {
    const top = big.has(p.key);
    roundRect(g, PAD, y, inner, ROW, 22);
    g.fillStyle = top ? '#fff3c4' : '#fff';
    g.fill();
    g.lineWidth = top ? 4 : 2;
    g.strokeStyle = top ? C.gold : C.line;
    g.stroke();
    // the rank in a disc
    g.beginPath();
    g.arc(PAD + 58, y + ROW / 2, 30, 0, Math.PI * 2);
    g.fillStyle = top ? C.gold : '#e8dfcb';
    g.fill();
    g.fillStyle = top ? '#fff' : C.ink;
    g.font = font(34, 800);
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(String(placeOf(players, p)), PAD + 58, y + ROW / 2 + 1);
    // the total on the right
    g.textAlign = 'right';
    g.font = font(68, 800);
    g.fillStyle = p.total > 0 ? C.up : p.total < 0 ? C.down : C.ink;
    const totalText = signed(p.total);
    g.fillText(totalText, W - PAD - 30, y + ROW / 2 + 4);
    const totalW = g.measureText(totalText).width;
    g.textAlign = 'left';
    g.textBaseline = 'alphabetic';
    const left = PAD + 110;
    const room = inner - 110 - totalW - 60;
    // the name, and the 大赢家 mark after it
    g.font = font(42, 800);
    g.fillStyle = C.ink;
    let badgeW = 0;
    if (top) {
      g.font = font(26, 800);
      badgeW = g.measureText(t('session.big_winner')).width + 74;
      g.font = font(42, 800);
    }
    const name = fit(g, /** @type {string} */ (playerName(p)), room - badgeW); // (every player is named)
    g.fillText(name, left, y + 62);
    if (top) {
      const bx = left + g.measureText(name).width + 16;
      roundRect(g, bx, y + 26, badgeW - 16, 46, 23);
      g.fillStyle = C.gold;
      g.fill();
      g.fillStyle = '#fff';
      crown(g, bx + 14, y + 36, 24);
      g.font = font(26, 800);
      g.fillText(t('session.big_winner'), bx + 46, y + 59);
    }
    // wins, 双夹, best partner
    const partner = p.partner && keys[p.partner] ? playerName(keys[p.partner]) : '';
    const facts = [t('session.wins_of', { w: p.wins, n: p.games }),
      p.doubles ? t('session.doubles_n', { n: p.doubles }) : '',
      partner ? t('session.partner_is', { name: partner }) : ''].filter(Boolean).join(' · ');
    g.font = font(26);
    g.fillStyle = C.muted;
    g.fillText(fit(g, facts, room), left, y + 112);
    y += ROW + 16;
  });

  // the session's biggest bomb
  if (bomb) {
    y += 10;
    roundRect(g, PAD, y, inner, 80, 18);
    g.fillStyle = '#1c2430';
    g.fill();
    g.font = font(28, 700);
    g.fillStyle = C.goldSoft;
    const who = keys[bomb.key] ? playerName(keys[bomb.key]) : '';
    g.fillText(fit(g, t('session.bomb_line', { name: who, bomb: bombText(bomb) }), inner - 48), PAD + 24, y + 51);
    y += bombH - 10;
  }

  // the hall's name at the foot
  g.fillStyle = C.red;
  g.fillRect(0, H - 90, W, 90);
  g.font = font(30, 700);
  g.fillStyle = '#fff';
  g.fillText(t('app.tagline'), PAD, H - 34);
  g.font = font(24);
  g.fillStyle = C.cream;
  g.textAlign = 'right';
  g.fillText(t('session.image_games', { n: session.played }), W - PAD, H - 36);
  g.textAlign = 'left';
  return canvas;
}
