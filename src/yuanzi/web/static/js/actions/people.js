// The player's intentions about other people (issue 46): friends, invitations to a
// table, chat, mutes and reports.

import { t } from '../i18n.js';

/** @param {import('./page.js').Page & { enter: (data: any) => any }} page */
export function peopleActions({ send, quietly, toast, enter }) {
  return {
    /** @param {string} nickname */
    friendRequest: (nickname) => send('friend_request', { nickname }),
    /** @param {number} account
     * @param {boolean} accept */
    friendAnswer: (account, accept) => send('friend_answer', { account, accept }),
    /** @param {number} account */
    unfriend: (account) => send('unfriend', { account }),
    /** @param {number} account
     * @param {boolean} on */
    block: (account, on) => send('block', { account, on }),
    /** @param {number} table
     * @param {number} account */
    invite: (table, account) => send('invite', { table, account }),
    /** @param {number} table */
    async acceptInvite(table) {
      return enter(await send('accept_invite', { table }));
    },
    /** @param {number} table
     * @param {string} kind
     * @param {object} body */
    say: (table, kind, body) => send('chat', { table, kind, body }),
    /** @param {number} account
     * @param {boolean} on */
    mute: (account, on) => quietly(send('mute', { account, on })),
    /** @param {object} message */
    async reportChat(message) {
      await quietly(send('report_chat', { message }));
      toast(t('chat.reported'), 'info');
    },
  };
}
