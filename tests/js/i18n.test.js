// i18n.js in node (issue 46): both dictionaries load, a key is worded in the language
// chosen, {slots} are filled, the English one-form is used for 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';

const i18n = await load('i18n.js');

test('every key has both languages and the same slots', () => {
  const { DICTS } = i18n;
  const zh = Object.keys(DICTS['zh-CN']).filter((k) => !k.endsWith('.one')).sort();
  const en = Object.keys(DICTS.en).filter((k) => !k.endsWith('.one')).sort();
  assert.deepEqual(zh, en);
  const slots = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const k of zh) assert.deepEqual(slots(DICTS.en[k]), slots(DICTS['zh-CN'][k]), k);
});

test('t fills slots, in the language chosen, and falls back to the key', () => {
  globalThis.document = { documentElement: { lang: 'zh-CN' } };
  i18n.setLang('zh-CN');
  assert.equal(i18n.t('common.coins', { n: 5 }), '5 金币');
  i18n.setLang('en');
  assert.equal(i18n.getLang(), 'en');
  assert.equal(i18n.t('common.coins', { n: 5 }), '5 coins');
  assert.equal(i18n.t('common.coins', { n: 1 }), '1 coin');
  assert.equal(i18n.t('no.such.key'), 'no.such.key');
  assert.equal(localStorage.getItem('yuanzi.lang'), 'en');
});
