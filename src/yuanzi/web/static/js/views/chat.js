// Table chat (issue 15): a panel of the table's messages — free text, the hall's quick
// phrases (快捷语) and emotes — with a mute and a report on others' messages, and bubbles
// at the speakers' seats. During a game its players send phrases and emotes only (the
// server says so too); players may hide spectators' messages. Text is always text.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { emoteIcon } from './icons.js';
import { POSITIONS } from './seats.js';

export const PHRASES = ['hello', 'good_luck', 'hurry', 'nice_bomb', 'well_played', 'close_one',
  'sorry_partner', 'leave_it_to_me', 'atom', 'thanks', 'one_more', 'bye'];
export const EMOTES = ['smile', 'laugh', 'cry', 'angry', 'thumbs_up', 'tea'];
const BUBBLE_MS = 4000;
const HIDE_KEY = 'yuanzi.hideSpectators';

/** A chat message (docs/protocol.md): its id, author, kind and body, where he sits.
 * @typedef {{ id: number, author: number, nickname: string, kind: string, body: string,
 *   seat?: number | null, spectator?: boolean }} Message */

/** What a message says, in this client's language (a phrase or an emote by its id).
 * @param {{ kind: string, body: string }} m */
export function chatText(m) {
  if (m.kind === 'phrase') return t(`phrase.${m.body}`);
  if (m.kind === 'emote') return t(`emote.${m.body}`);
  return m.body;
}

function hidingSpectators() {
  try { return localStorage.getItem(HIDE_KEY) === '1'; } catch { return false; }
}

/** @param {any} app
 * @param {number} tableId */
export function createChat(app, tableId) {
  const { act } = app;
  const list = h('ol', { class: 'chat-list', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat.title') });
  const input = h('input', { class: 'chat-input', maxlength: 100, autocomplete: 'off',
    'aria-label': t('chat.placeholder'), placeholder: t('chat.placeholder') });
  const sendBtn = h('button', { class: 'btn small primary', type: 'submit' }, t('chat.send'));
  const form = h('form', { class: 'chat-form', onsubmit: (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    act.say(tableId, 'text', text).then(() => { input.value = ''; }, () => null);
  } }, input, sendBtn);
  const phrases = h('div', { class: 'chat-phrases', role: 'group', 'aria-label': t('chat.phrases') },
    PHRASES.map((id) => h('button', { class: 'btn small ghost', type: 'button', dataset: { phrase: id },
      onclick: () => act.say(tableId, 'phrase', id).catch(() => null) }, t(`phrase.${id}`))));
  const emotes = h('div', { class: 'chat-emotes', role: 'group', 'aria-label': t('chat.emotes') },
    EMOTES.map((id) => h('button', { class: 'btn small ghost emote-btn', type: 'button',
      dataset: { emote: id }, 'aria-label': t(`emote.${id}`), title: t(`emote.${id}`),
      onclick: () => act.say(tableId, 'emote', id).catch(() => null) }, emoteIcon(id, 22))));
  const hideBox = h('input', { type: 'checkbox', id: 'chat-hide-spectators', checked: hidingSpectators(),
    onchange: () => {
      try { localStorage.setItem(HIDE_KEY, hideBox.checked ? '1' : '0'); } catch { /* private mode */ }
      key = '';
      render(app.store.get(), lastTable, lastSeated, lastBase);
    } });
  const hideLabel = h('label', { class: 'filter-check small', for: 'chat-hide-spectators' }, hideBox, ' ',
    t('chat.hide_spectators'));
  const close = h('button', { class: 'btn small ghost', type: 'button', 'aria-label': t('over.close'),
    onclick: () => setOpen(false) }, '×');
  const panel = h('aside', { class: 'chat-panel', hidden: true, 'aria-label': t('chat.title') },
    h('div', { class: 'chat-head' }, h('h2', {}, t('chat.title')), hideLabel, close),
    list, phrases, emotes, form);
  const badge = h('span', { class: 'chat-unread', hidden: true });
  const toggle = h('button', { class: 'btn small ghost chat-toggle', type: 'button', dataset: { action: 'chat' },
    'aria-expanded': 'false', onclick: () => setOpen(panel.hidden) }, t('chat.open'), badge);
  const anchors = Object.fromEntries(POSITIONS.map((p) => [p, h('div', { class: `chat-anchor pos-${p}` })]));
  const bubbles = h('div', { class: 'chat-bubbles', 'aria-hidden': 'true' }, Object.values(anchors));

  let key = '';
  /** @type {number | null} */
  let shownUpTo = null; // the last message id bubbled (null: nothing yet; history is not bubbled)
  let unread = 0;
  /** @type {import('../state/shapes.js').TableView | null | undefined} */
  let lastTable = null;
  let lastSeated = false;
  let lastBase = 0;

  /** @param {boolean} open */
  function setOpen(open) {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      unread = 0;
      badge.hidden = true;
      list.lastElementChild?.scrollIntoView({ block: 'end' });
    }
  }

  /** @param {Message} m
   * @param {{ id: number } | null} me
   * @param {number[]} mutes */
  function line(m, me, mutes) {
    const own = me && m.author === me.id;
    const tools = own ? [] : [
      h('button', { class: 'link-btn small', type: 'button', dataset: { action: 'mute', author: m.author },
        onclick: () => act.mute(m.author, !mutes.includes(m.author)) },
      t(mutes.includes(m.author) ? 'chat.unmute' : 'chat.mute')),
      h('button', { class: 'link-btn small', type: 'button', dataset: { action: 'report', message: m.id },
        onclick: () => act.reportChat(m.id) }, t('chat.report')),
    ];
    return h('li', { class: ['chat-line', m.kind, m.spectator && 'from-spectator', own && 'own'], dataset: { message: m.id } },
      h('span', { class: 'chat-who' }, m.nickname, m.spectator ? h('small', {}, ` · ${t('chat.spectator')}`) : null),
      m.kind === 'emote' ? emoteIcon(m.body, 20) : null,
      // a text node: what a player wrote is never markup
      h('span', { class: 'chat-body' }, chatText(m)),
      tools.length ? h('span', { class: 'chat-tools' }, ...tools) : null);
  }

  /** @param {Message} m
   * @param {(seat: number) => string} posOf */
  function bubble(m, posOf) {
    if (m.seat === null || m.seat === undefined) return;
    const anchor = anchors[posOf(m.seat)];
    const el = h('div', { class: ['chat-bubble', m.kind], dataset: { message: m.id } },
      m.kind === 'emote' ? emoteIcon(m.body, 44) : chatText(m));
    anchor.replaceChildren(el);
    setTimeout(() => { if (el.parentNode === anchor) el.remove(); }, BUBBLE_MS);
  }

  /** @param {import('../state/shapes.js').State} state
   * @param {import('../state/shapes.js').TableView | null | undefined} table
   * @param {boolean} seated
   * @param {number} base */
  function render(state, table, seated, base) {
    lastTable = table;
    lastSeated = seated;
    lastBase = base;
    /** @type {Message[]} */
    const all = (state.chat && state.chat[tableId]) || [];
    const mutes = state.mutes || [];
    const hide = seated && hideBox.checked;
    const visible = all.filter((m) => !mutes.includes(m.author) && !(hide && m.spectator));
    const playing = Boolean(table && table.status === 'playing' && seated);
    const k = JSON.stringify([visible.length && visible[visible.length - 1].id, visible.length, mutes, playing, seated]);
    hideLabel.hidden = !seated;
    if (k === key) return;
    key = k;
    input.disabled = playing;
    sendBtn.disabled = playing;
    input.placeholder = t(playing ? 'chat.placeholder_game' : 'chat.placeholder');
    list.replaceChildren(...(visible.length ? visible.map((m) => line(m, state.account, mutes))
      : [h('li', { class: 'chat-empty muted small' }, t('chat.empty'))]));
    if (!panel.hidden) list.lastElementChild?.scrollIntoView({ block: 'end' });
    const upTo = shownUpTo;
    const fresh = upTo === null ? [] : visible.filter((m) => m.id > upTo);
    if (visible.length) shownUpTo = Math.max(shownUpTo ?? 0, visible[visible.length - 1].id);
    else if (shownUpTo === null) shownUpTo = 0;
    /** @type {(seat: number) => string} */
    const posOf = (seat) => POSITIONS[(seat - base + 4) % 4];
    for (const m of fresh) bubble(m, posOf);
    if (panel.hidden && fresh.length) {
      unread += fresh.filter((m) => !(state.account && m.author === state.account.id)).length;
      badge.hidden = unread === 0;
      badge.textContent = String(unread);
    }
  }

  return { panel, toggle, bubbles, render };
}
