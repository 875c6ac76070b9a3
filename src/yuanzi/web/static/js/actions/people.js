// The player's intentions about other people (issue 46): friends, invitations to a
// table, chat, mutes and reports.

import { t } from '../i18n.js';

/** @param {{ send: Function, quietly: Function, toast: Function, enter: Function }} page */
export function peopleActions({ send, quietly, toast, enter }) {
  return {
    friendRequest: (nickname) => send('friend_request', { nickname }),
    friendAnswer: (account, accept) => send('friend_answer', { account, accept }),
    unfriend: (account) => send('unfriend', { account }),
    block: (account, on) => send('block', { account, on }),
    invite: (table, account) => send('invite', { table, account }),
    async acceptInvite(table) {
      return enter(await send('accept_invite', { table }));
    },
    say: (table, kind, body) => send('chat', { table, kind, body }),
    mute: (account, on) => quietly(send('mute', { account, on })),
    async reportChat(message) {
      await quietly(send('report_chat', { message }));
      toast(t('chat.reported'), 'info');
    },
  };
}
