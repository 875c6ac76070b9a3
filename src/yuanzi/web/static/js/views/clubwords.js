// What the clubs' list and a club's page share (issue 26): a club's name and notice
// lengths, and its nine-digit code as it is said aloud (issue 44).

/**
 * A club as the hall shows it (server/club_routes.py ClubView).
 * @typedef {{ id: number, name: string, notice: string, founder_id: number, join_code: string,
 *   invite_token: string, open_join: boolean, members: number, house_rules: Record<string, any> | null,
 *   session_games: number | null, my_role?: string | null, [field: string]: any }} ClubView
 */
/**
 * One of a club's members (MemberView): founder, manager or member; pending, member or banned.
 * @typedef {{ account_id: number, nickname: string, role: string, standing: string,
 *   online: boolean, playing: boolean }} ClubMember
 */
/**
 * An open table of a club (ClubTable): who sits where (null: a free seat).
 * @typedef {{ id: number, name: string, name_default: boolean, owner: string,
 *   seats: Array<string | null>, playing: boolean }} ClubTable
 */
/**
 * A club's page (GET /api/clubs/<id>).
 * @typedef {{ club: ClubView, members: ClubMember[], me: ClubMember, tables: ClubTable[] }} ClubPage
 */

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
