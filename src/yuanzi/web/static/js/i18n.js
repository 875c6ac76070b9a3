// Every user-visible string, in zh-CN (the default) and English, and the server's
// error codes (yuanzi.hall.errors.Code) in both. t(key, params) fills {name} slots.
// The dictionaries are static/i18n/<lang>.json: fetched here by a top-level await, so
// every module that imports this one (main.js, all views) runs only once both are in
// and the first paint is already in words (index.html preloads them).

/** @typedef {Record<string, string>} Dict  a language's words by key */

/** One language's dictionary: static/i18n/<lang>.json (i18n/ is js/'s sibling).
 * @param {string} name
 * @returns {Promise<Dict>} */
async function load(name) {
  const url = new URL(`../i18n/${name}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`i18n: ${url.pathname} answered ${response.status}`);
  return response.json();
}

const [zh, en] = await Promise.all([load('zh-CN'), load('en')]);

/** @type {Record<string, Dict>} */
export const DICTS = { 'zh-CN': zh, en };
export const LANGS = Object.keys(DICTS);
const STORAGE_KEY = 'yuanzi.lang';

function stored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The browser's own preference, when the player has chosen none here (issue 45: a
 * browser set to English opens in English); the hall's first language otherwise. */
function preferred() {
  const wanted = (typeof navigator !== 'undefined' && (navigator.languages?.[0] || navigator.language)) || '';
  return /^en\b/i.test(wanted) ? 'en' : 'zh-CN';
}

const chosen = stored();
let lang = chosen !== null && LANGS.includes(chosen) ? chosen : preferred();
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();

export const getLang = () => lang;

/** @param {string} next */
export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch { /* private mode: the choice lasts for this page */ }
  document.documentElement.lang = next;
  listeners.forEach((f) => f(next));
}

/** @param {(lang: string) => void} f */
export function onLang(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The text of `key` in the current language (English, then the key, as fallbacks).
 * Plurals: when `params.n` is 1 and the language has a `key.one` form ('1 card'), that
 * form is used; otherwise `key` ('{n} cards'). zh-CN needs none.
 * @param {string} key
 * @param {Record<string, any>} [params]
 * @returns {string} */
export function t(key, params = {}) {
  const one = params.n === 1 && `${key}.one` in DICTS[lang] ? `${key}.one` : key;
  const text = DICTS[lang][one] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (/** @type {string} */ m, /** @type {string} */ name) => (name in params ? String(params[name]) : m));
}

/** A bot's kind in words (heuristic → 普通, search → 高手); its name when unknown.
 * @param {string} name */
export function botName(name) {
  const key = `bot.${name}`;
  return key in DICTS[lang] ? t(key) : name;
}

/** A server error code (yuanzi.hall.errors.Code) in words; the message when unknown.
 * @param {string} code */
export function errorText(code, message = '') {
  const key = `err.${code}`;
  return key in DICTS[lang] ? t(key) : t('err.unknown', { message: message || code });
}
