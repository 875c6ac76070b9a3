// The hall's pages kept in the store (issue 46): a club's page and my clubs, a
// tournament and the tournaments' list — the shapes the server's views answer with
// (server/club_routes.py, hall/tournaments/views.py), for the reducers that keep them
// (state/clubs.js, state/tournaments.js) and the screens that draw them. Types only.

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

/**
 * My clubs and those I asked to come into (GET /api/clubs: ``pending`` names only, never a code).
 * @typedef {{ clubs: ClubView[], pending: Array<{ id: number, name: string }> }} ClubList
 */
/**
 * A club's page as the store keeps it: the last answer, or the refusal that came after it
 * (its code and the hall's words; what was read before stays).
 * @typedef {{ page: ClubPage | null, error: string | null, message?: string, n: number }} ClubKept
 */

/**
 * An entry (hall/tournaments/views.py EntryView): its place, who (null: a bot), its
 * check-in, its 退赛, its committed and revealed values (公平发牌).
 * @typedef {{ position: number, account_id: number | null, name: string, name_en: string | null,
 *   bot: string | null, checked_in: boolean, withdrawn: boolean, contribution: string | null,
 *   commitment: string | null }} TourEntry
 */
/**
 * A round's table (RoundTable): the positions by seat, its games once the round is over.
 * @typedef {{ round: number, table_id: number, playing: boolean, seats: number[],
 *   games: Array<{ game_id: number, status: string }> }} TourTable
 */
/**
 * A line of the standings (StandingView).
 * @typedef {{ rank: number, position: number, name: string, games: number, score: number, stake: number,
 *   points: number, per_round: number[], withdrawn: boolean }} TourStanding
 */
/**
 * A tournament (TournamentView, GET /api/tournaments/<id>); ``round`` from 0 (−1 before the first).
 * @typedef {{ id: number, name: string, size: number, rounds: number, games_per_round: number,
 *   status: string, round: number, creator_id: number, club_id: number | null, club_name: string | null,
 *   starts_at: number | null, check_in_opens_at: number | null, created_at: number,
 *   started_at: number | null, finished_at: number | null, entries: TourEntry[], tables: TourTable[],
 *   standings: TourStanding[], commits: string[][][], scheme: string }} Tour
 */

/**
 * The tournaments' list split as its page shows it (GET /api/tournaments).
 * @typedef {{ signup: Tour[], running: Tour[], finished: Tour[] }} TourList
 */
/**
 * A tournament as the store keeps it: the last answer, or the refusal that came after it.
 * @typedef {{ tour: Tour | null, error: string | null, message?: string, n: number }} TourKept
 */

export {};
