// What the clubs' list and a club's page share (issue 26): a club's name and notice
// lengths, and its nine-digit code as it is said aloud (issue 44).

/** @typedef {import('../state/pages.js').ClubView} ClubView */
/** @typedef {import('../state/pages.js').ClubMember} ClubMember */
/** @typedef {import('../state/pages.js').ClubTable} ClubTable */
/** @typedef {import('../state/pages.js').ClubPage} ClubPage */

export const NAME_MAX = 20;
export const NOTICE_MAX = 200;

/** The nine digits in three groups of three, as they are said aloud (issue 44).
 * @param {string | null | undefined} code */
export const codeText = (code) => (code && code.length === 9
  ? `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}` : code || '');

/** @param {ClubMember | null | undefined} me */
export const isManager = (me) => me && (me.role === 'founder' || me.role === 'manager');
/** @type {Record<string, number>} */
const RANK = { member: 0, manager: 1, founder: 2 };

/** Whether `me` may approve, remove or ban `m`, as the hall decides it
 * (hall/clubs/rules.py may_act_on): a manager acts on members, the founder on anyone but
 * himself.
 * @param {ClubMember} me
 * @param {ClubMember} m */
export const mayActOn = (me, m) => isManager(me) && me.account_id !== m.account_id && RANK[me.role] > RANK[m.role];
