// A fair deal, checked in the browser (issue 28, docs/fairness.md): yuanzi-deal/1
// re-derived with Web Crypto from a record's seeds and values — the same derivation as
// engine/fairness.py, pinned by the same known answer (tests/browser/js).

import { cardText, formatCards, SJ } from './cards.js';

const SCHEME = 'yuanzi-deal/1';
const FACE_VALUE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2];
const hexOf = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
const bytesOf = (hex) => Uint8Array.from(hex.match(/../g) || [], (x) => parseInt(x, 16));

async function hmac(key, message) {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message));
}

/** The random stream of one half's deal: HMAC-SHA256 blocks read as 32-bit words. */
export class DealStream {
  constructor(key) {
    this.key = key;
    this.block = 0;
    this.words = [];
  }

  async word() {
    if (!this.words.length) {
      const counter = new ArrayBuffer(8);
      new DataView(counter).setBigUint64(0, BigInt(this.block++));
      const digest = await hmac(this.key, new Uint8Array(counter));
      const view = new DataView(digest.buffer);
      for (let i = 0; i < 8; i++) this.words.push(view.getUint32(i * 4));
    }
    return this.words.shift();
  }

  async below(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = await this.word();
      if (w < limit) return w % n;
    }
  }
}

export async function dealKey(seedHex, half, contributions) {
  return hmac(bytesOf(seedHex), new TextEncoder().encode([SCHEME, String(half), ...contributions].join('|')));
}

/** The deal of ``half`` from its seed and values (R4, R21, R22), cards as R2 text. */
export async function fairDeal(seedHex, half, contributions, rules = {}, firstDrawer = null) {
  const stream = new DealStream(await dealKey(seedHex, half, contributions));
  const stack = [];
  for (let id = 0; id < 54; id++) stack.push(id, id, id);
  for (let i = stack.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [stack[i], stack[j]] = [stack[j], stack[i]];
  }
  let pos = await stream.below(stack.length);
  if (rules.joker_blade === 'redraw') while (stack[pos] >= SJ) pos = (pos + 1) % stack.length;
  const blade = stack[pos];
  const first = firstDrawer ?? ((blade >= SJ ? 3 : FACE_VALUE[blade >> 2]) % 4);
  const hands = [[], [], [], []];
  stack.forEach((card, i) => hands[(first + i) % 4].push(card));
  return { blade_card: cardText(blade), blade_holder: (first + pos) % 4, first_drawer: first,
    hands: hands.map(formatCards) };
}

/** Each half of a record: 'fair', 'unfair' or 'none' (no fields: it cannot be checked);
 * null when this browser cannot check (no Web Crypto outside a secure context). */
export async function checkRecord(record) {
  if (!globalThis.crypto?.subtle) return null;
  const out = [];
  for (const [i, half] of (record.halves || []).entries()) {
    const f = half.fairness;
    if (!f || f.scheme !== SCHEME) {
      out.push('none');
      continue;
    }
    try {
      const commit = hexOf(await crypto.subtle.digest('SHA-256', bytesOf(f.server_seed)));
      const deal = await fairDeal(f.server_seed, i, f.contributions, record.rules || {},
        i === 1 ? half.first_drawer : null);
      const same = commit === f.commit && deal.blade_card === half.blade_card
        && deal.blade_holder === half.blade_holder && deal.first_drawer === half.first_drawer
        && deal.hands.every((hand, s) => hand === half.hands[s]);
      out.push(same ? 'fair' : 'unfair');
    } catch {
      out.push('unfair');
    }
  }
  return out;
}
