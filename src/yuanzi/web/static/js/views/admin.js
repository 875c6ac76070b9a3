// The admin's desk (管理): the chat messages players reported and what to do about them
// (silence, kick, ban), one player's coins and ledger with the same remedies and a grant,
// the ledger's audit (R44), the gem cap (R42) and the log of every admin action — the
// /api/admin routes, which refuse anyone but an admin (forbidden); the link to this
// screen shows only to admins.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { hrefOf } from '../router.js';
import { confirmDialog } from './confirm.js';
import { fromStore } from './fromstore.js';

const SILENCE_DAY = 24 * 60;
const LIST = 50; // reports, audit lines and ledger lines shown

// What the /api/admin routes answer, the fields shown here.
/** @typedef {{ id: number, nickname: string }} Person */
/** @typedef {{ id: number, at: string, reporter: Person, author: Person, body: string, reason?: string | null }} Report */
/** @typedef {{ at: string, amount: number, reason: string, note?: string | null, item?: string | null,
 *   game_id?: number | null }} LedgerEntry */
/** @typedef {{ ok: boolean, balances: number, sources: number, sinks: number, transfers: number,
 *   mismatched_accounts: number[], negative_accounts: number[] }} LedgerAudit */
/** @typedef {Person & { level: number, coins?: number | null, banned?: boolean }} ProfileView */
/** @typedef {{ cap: number | null, admin_cap: number | null }} GemCapView */
/** @typedef {{ at: string, action: string, admin_id: number | null, target_account: number | null,
 *   target_table: number | null, detail?: Record<string, unknown> | null }} AuditEntry */

/** @param {string} iso */
const when = (iso) => new Date(iso).toLocaleString();
/** @param {...any} children */
const cell = (...children) => h('td', {}, ...children);
/** @param {...string} keys */
const headRow = (...keys) => h('thead', {}, h('tr', {}, keys.map((k) => h('th', { scope: 'col' }, t(k)))));
/** A code in words (``admin.<kind>_<code>``); a code this client does not know, as it is.
 * @param {string} kind
 * @param {string} code */
function words(kind, code) {
  const key = `admin.${kind}_${code}`;
  const text = t(key);
  return text === key ? code : text;
}
/** @param {Person} a */
const who = (a) => h('a', { href: hrefOf('profile', a.id) }, a.nickname);

/** @param {import('../actions/app.js').App} app */
export function createAdmin(app) {
  const { read, admin } = app.act;

  /** Run an admin call: its notice, or the server's refusal, as a toast; then reload.
   * @param {() => Promise<unknown>} call
   * @param {string} done */
  async function act(call, done) {
    try {
      await call();
      app.toast(done, 'info');
    } catch (e) {
      app.toast(app.errorText(e));
      return;
    }
    await loadAll();
  }

  // -- the reports -------------------------------------------------------------------------
  const reports = h('tbody');
  const drawReports = fromStore(`adminReports/${LIST}`, (rows) => {
    reports.replaceChildren(...(rows.length ? rows.map((/** @type {Report} */ r) => {
      const why = `${t('admin.report_no', { n: r.id })}${r.reason ? `: ${r.reason}` : ''}`.slice(0, 200); // the audit's limit
      return h('tr', { dataset: { report: r.id } },
        cell(h('small', {}, when(r.at))), cell(who(r.reporter)), cell(who(r.author)),
        cell(h('q', {}, r.body)), cell(r.reason || '—'),
        cell(h('div', { class: 'admin-actions' },
          h('button', { class: 'btn small', type: 'button', dataset: { action: 'silence-day' },
            onclick: () => act(() => admin.silence(r.author.id, SILENCE_DAY, why),
              t('admin.silenced', { name: r.author.nickname })) }, t('admin.silence_day')),
          h('button', { class: 'btn small ghost', type: 'button', dataset: { action: 'open-player' },
            onclick: () => { idInput.value = String(r.author.id); showPlayer(); } }, t('admin.open_player')))));
    }) : [h('tr', {}, h('td', { colspan: 6, class: 'muted' }, t('admin.no_reports')))]));
  }, () => {});

  // -- one player ----------------------------------------------------------------------------
  const idInput = h('input', { id: 'admin-account', type: 'number', min: 1, inputmode: 'numeric',
    'aria-label': t('admin.account_id'), placeholder: t('admin.account_id') });
  const reason = h('input', { id: 'admin-reason', maxlength: 200, 'aria-label': t('admin.reason'),
    placeholder: t('admin.reason') });
  const amount = h('input', { id: 'admin-amount', type: 'number', step: 1, 'aria-label': t('admin.amount'),
    placeholder: t('admin.amount') });
  const minutes = h('input', { id: 'admin-minutes', type: 'number', min: 0, step: 1, value: String(SILENCE_DAY),
    'aria-label': t('admin.minutes') });
  const playerInfo = h('div', { class: 'admin-player', 'aria-live': 'polite' },
    h('p', { class: 'muted small' }, t('admin.player_hint')));
  const ledgerBody = h('tbody');
  /** @type {ProfileView | null} */
  let shown = null; // the profile the remedies act on

  async function showPlayer() {
    const id = Number(idInput.value);
    if (!Number.isInteger(id) || id < 1) return;
    try {
      const [p, ledger] = await Promise.all([read('profile', id), read('adminAccountLedger', id, LIST)]);
      shown = p;
      playerInfo.replaceChildren(h('p', {}, who(p), ' ',
        h('span', { class: 'muted' }, t('lb.level', { n: p.level })), ' · ',
        t('admin.coins', { n: p.coins ?? '—' }),
        p.banned ? h('strong', { class: 'admin-banned' }, ` ${t('admin.is_banned')}`) : ''));
      ledgerBody.replaceChildren(...(ledger.entries.length ? ledger.entries.map((/** @type {LedgerEntry} */ e) => h('tr', {},
        cell(h('small', {}, when(e.at))), h('td', { class: 'num' }, String(e.amount)),
        cell(words('reason', e.reason)), cell(e.note || e.item || (e.game_id ? `#${e.game_id}` : ''))))
        : [h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('admin.no_entries')))]));
      details.hidden = false;
    } catch (e) {
      shown = null;
      playerInfo.replaceChildren(h('p', { class: 'form-error' }, app.errorText(e)));
      details.hidden = true;
    }
  }

  /** A remedy for the player shown, with the reason typed (the audit log keeps it).
   * @param {string} key
   * @param {string} action
   * @param {(id: number, why: string) => Promise<unknown>} call
   * @param {{ danger?: boolean }} [options] */
  function remedy(key, action, call, { danger = false } = {}) {
    return h('button', { class: `btn small${danger ? ' danger' : ''}`, type: 'button', dataset: { action },
      onclick: async () => {
        if (!shown) return;
        const why = reason.value.trim();
        if (!why) {
          reason.focus();
          app.toast(t('admin.reason_needed'));
          return;
        }
        if (danger && !(await confirmDialog(t(`admin.confirm_${action}`, { name: shown.nickname })))) return;
        // (the call is made at once, ``shown`` as just checked)
        await act(() => call(/** @type {ProfileView} */ (shown).id, why), t(`admin.done_${action}`, { name: shown.nickname }));
      } }, t(key));
  }

  const playerForm = h('form', { class: 'admin-find', onsubmit: (/** @type {SubmitEvent} */ ev) => { ev.preventDefault(); showPlayer(); } },
    idInput, h('button', { class: 'btn primary', type: 'submit' }, t('admin.show')));
  /** @type {(key: string, input: any) => any} */
  const labelled = (key, input) => h('label', { class: 'admin-field' }, h('span', { class: 'small muted' }, t(key)), input);
  const remedies = h('div', { class: 'admin-remedies' },
    h('div', { class: 'field-row' }, labelled('admin.reason', reason)),
    h('div', { class: 'field-row' }, labelled('admin.amount', amount),
      remedy('admin.grant', 'coins', (id, why) => admin.coins(id, Number(amount.value), why))),
    h('div', { class: 'field-row' }, labelled('admin.minutes', minutes),
      remedy('admin.silence', 'silence', (id, why) => admin.silence(id, Number(minutes.value), why))),
    h('div', { class: 'field-row' },
      remedy('admin.kick', 'kick', (id, why) => admin.kick(id, why)),
      remedy('admin.ban', 'ban', (id, why) => admin.ban(id, why), { danger: true }),
      remedy('admin.unban', 'unban', (id, why) => admin.unban(id, why))));

  const details = h('div', { hidden: true }, remedies, h('div', { class: 'scroll-x' }, h('table', { class: 'board' },
    headRow('admin.at', 'admin.ledger_amount', 'admin.ledger_reason', 'admin.ledger_note'), ledgerBody)));

  // -- the ledger's audit and the gem cap -----------------------------------------------------
  const audit = h('div', { class: 'admin-ledger', 'aria-live': 'polite' });
  const drawLedger = fromStore('adminLedger', (/** @type {LedgerAudit} */ a) => {
    audit.replaceChildren(
      h('p', { class: a.ok ? 'admin-ok' : 'form-error', dataset: { ok: String(a.ok) } },
        t(a.ok ? 'admin.ledger_ok' : 'admin.ledger_bad')),
      h('p', { class: 'small' }, t('admin.ledger_sums', { balances: a.balances, sources: a.sources,
        sinks: a.sinks, transfers: a.transfers })),
      a.mismatched_accounts.length || a.negative_accounts.length
        ? h('p', { class: 'form-error small' }, t('admin.ledger_accounts', {
          mismatched: a.mismatched_accounts.join(', ') || '—', negative: a.negative_accounts.join(', ') || '—' }))
        : '');
  }, () => {});
  const capInput = h('input', { id: 'admin-gem-cap', type: 'number', step: 1, 'aria-label': t('admin.gem_cap') });
  const capNow = h('p', { class: 'small' });
  const drawCap = fromStore('adminGemCap', (/** @type {GemCapView} */ c) => {
    capNow.textContent = t('admin.gem_cap_now', { cap: c.cap ?? '—',
      mine: c.admin_cap === null ? t('admin.gem_cap_default') : String(c.admin_cap) });
    capInput.value = c.admin_cap === null ? '' : String(c.admin_cap);
  }, () => {});
  const capForm = h('form', { class: 'admin-find', onsubmit: (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const cap = capInput.value.trim() === '' ? null : Number(capInput.value);
    act(() => admin.setGemCap(cap), t('admin.gem_cap_set'));
  } }, capInput, h('button', { class: 'btn', type: 'submit' }, t('admin.save')));

  // -- the audit log -------------------------------------------------------------------------
  const log = h('tbody');
  const drawLog = fromStore(`adminAudit/${LIST}`, (/** @type {{ entries: AuditEntry[] }} */ { entries }) => {
    if (!entries.length) log.replaceChildren(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, t('admin.no_entries'))));
    else log.replaceChildren(...entries.map((e) => h('tr', { dataset: { audit: e.action } },
      cell(h('small', {}, when(e.at))), cell(e.admin_id === null ? '—' : `#${e.admin_id}`),
      cell(words('action', e.action)),
      cell(e.target_account === null ? '' : h('a', { href: hrefOf('profile', e.target_account) }, `#${e.target_account}`),
        e.target_table === null ? '' : ` ${t('admin.table_no', { n: e.target_table })}`),
      cell(h('small', {}, e.detail ? Object.entries(e.detail).map(([k, v]) => `${words('detail', k)}: ${v}`).join(' · ') : '')))));
  }, () => {});

  const status = h('p', { class: 'form-error', role: 'alert' });
  async function loadAll() {
    try {
      // (into the store: each part drawn in ``update``; a refusal said here, once)
      await Promise.all([read('adminReports', LIST), read('adminLedger'), read('adminGemCap'),
        read('adminAudit', LIST), shown ? showPlayer() : null]);
      status.textContent = '';
    } catch (e) {
      status.textContent = app.errorText(e); // forbidden: not an admin
    }
  }
  const me = app.store.get().account;
  if (me && me.role === 'admin') loadAll();
  else status.textContent = app.errorText({ code: 'forbidden' }); // the server would refuse it all

  /** @type {(key: string, ...children: any[]) => any} */
  const section = (key, ...children) => h('section', { class: 'panel admin-section', dataset: { section: key } },
    h('h2', {}, t(`admin.${key}`)), ...children);
  const root = h('main', { class: 'screen admin-screen', id: 'screen' },
    h('div', { class: 'screen-head' }, h('h1', {}, t('admin.title')),
      h('div', { class: 'actions' }, h('button', { class: 'btn small', type: 'button', dataset: { action: 'reload' },
        onclick: () => loadAll() }, t('admin.reload')))),
    status,
    section('reports', h('div', { class: 'scroll-x' }, h('table', { class: 'board' },
      headRow('admin.at', 'admin.reporter', 'admin.author', 'admin.message', 'admin.why', 'admin.do'), reports))),
    section('player', playerForm, playerInfo, details),
    h('div', { class: 'admin-pair' },
      section('ledger', audit),
      section('gem_cap', capNow, capForm)),
    section('audit', h('div', { class: 'scroll-x' }, h('table', { class: 'board' },
      headRow('admin.at', 'admin.admin', 'admin.action', 'admin.target', 'admin.detail'), log))));
  return {
    root,
    /** @param {import('../state/shapes.js').State} state */
    update(state) {
      for (const draw of [drawReports, drawLedger, drawCap, drawLog]) draw(state);
    },
    destroy() {},
  };
}
