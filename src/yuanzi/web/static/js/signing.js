// The hall's signature over a record (issue 54), checked in the browser as yuanzi.signing
// checks it: the record's canonical JSON without its `signature` — keys sorted by code
// point, no whitespace, UTF-8, integers only (within ±(2^53 − 1)), no unpaired surrogate
// — and an Ed25519 signature over it by the key the signature names (Web Crypto).

export const ALG = 'Ed25519';
const FIELD = 'signature';
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;
const SIG_TEXT = /^[A-Za-z0-9_-]{86}$/;
const LONE = /\p{Surrogate}/u; // (in a u-mode pattern a pair is one code point: only a lone one matches)

/** A value with no canonical form. */
export class NotCanonical extends Error {}

/** Python's order of str: by code point (JS's < orders by UTF-16 unit: astral text would differ).
 * @param {string} a
 * @param {string} b */
function byCodePoint(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = /** @type {number} */ (x[i].codePointAt(0)) - /** @type {number} */ (y[i].codePointAt(0));
    if (d) return d;
  }
  return x.length - y.length;
}

/** @param {string} text */
function textOf(text) {
  if (LONE.test(text)) throw new NotCanonical('text with an unpaired surrogate');
  return JSON.stringify(text); // (escapes as Python's json.dumps(ensure_ascii=False) does)
}

/** The canonical JSON text of a value (yuanzi.signing.canonical), or NotCanonical.
 * @param {any} value
 * @returns {string} */
export function canonicalText(value) {
  if (value === null || value === true || value === false) return String(value);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new NotCanonical(`a number that is not an integer: ${value}`);
    if (!Number.isSafeInteger(value)) throw new NotCanonical('an integer beyond ±(2^53 − 1)');
    return String(value === 0 ? 0 : value);
  }
  if (typeof value === 'string') return textOf(value);
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((k) => `${textOf(k)}:${canonicalText(value[k])}`).join(',')}}`;
  }
  throw new NotCanonical(`not JSON: ${typeof value}`);
}

/** The canonical form's UTF-8 bytes.
 * @param {any} value */
export const canonical = (value) => new TextEncoder().encode(canonicalText(value));

/** What the signature covers: the record without its `signature`.
 * @param {Record<string, any>} record */
export function bodyOf(record) {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== FIELD));
}

/** @param {Uint8Array} bytes */
const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** @param {string} text */
const unb64 = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
/** Exactly the text of its bytes (no other spelling of the same ones).
 * @param {string} text
 * @param {RegExp} form */
const wellFormed = (text, form) => form.test(text) && b64(unb64(text)) === text;

/**
 * What a record's signature shows (yuanzi.signing.Seal): `code` null when it holds, with
 * the key that signed it; else `unsigned` or `signature`, and why.
 * @typedef {{ code: 'unsigned' | 'signature' | null, problem: string | null, key: string | null }} Seal
 */

/** Whether `data` carries a signature that holds over its canonical form — by `key`, when
 * the caller names the hall's.
 * @param {any} data
 * @param {string | null} [key]
 * @returns {Promise<Seal>} */
export async function checkSignature(data, key = null) {
  /** @type {(code: 'unsigned' | 'signature', problem: string) => Seal} */
  const bad = (code, problem) => ({ code, problem, key: null });
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !Object.prototype.hasOwnProperty.call(data, FIELD)) {
    return bad('unsigned', 'the record is not signed by any hall');
  }
  const seal = data[FIELD];
  if (seal === null || typeof seal !== 'object' || Array.isArray(seal)
      || Object.keys(seal).sort().join() !== 'alg,key,sig' || !Object.values(seal).every((v) => typeof v === 'string')) {
    return bad('signature', 'the signature is not {"alg", "key", "sig"} in text');
  }
  if (seal.alg !== ALG) return bad('signature', `the signature's algorithm is not ${ALG}`);
  if (!wellFormed(seal.key, KEY_TEXT)) return bad('signature', "the signature's key is not 32 bytes of base64url");
  if (!wellFormed(seal.sig, SIG_TEXT)) return bad('signature', 'the signature is not 64 bytes of base64url');
  let message;
  try {
    message = canonical(bodyOf(data));
  } catch (e) {
    if (!(e instanceof NotCanonical)) throw e;
    return bad('signature', `the record has no canonical form to sign: ${e.message}`);
  }
  let holds;
  try {
    const pub = await crypto.subtle.importKey('raw', unb64(seal.key), { name: ALG }, false, ['verify']);
    holds = await crypto.subtle.verify({ name: ALG }, pub, unb64(seal.sig), message);
  } catch { holds = false; }
  if (!holds) return bad('signature', 'the signature does not hold: the record was changed after it was signed');
  if (key !== null && seal.key !== key) return bad('signature', `the record is signed by key ${seal.key}, not by the hall's key ${key}`);
  return { code: null, problem: null, key: seal.key };
}
