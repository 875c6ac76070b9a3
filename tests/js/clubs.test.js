// The clubs in the store (issue 46): the hall's answers kept for their pages
// (state/clubs.js) and the actions that put them there (actions/clubs.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { state } from './state.js';
import { fakeHall, heldHall, tick } from './hall.js';

const { clubForgotten, clubRefused, clubSeen, clubTallySeen, clubsListed, isClubPage } = await load('state/clubs.js');
const { clubActions } = await load('actions/clubs.js');
const { createStore } = await load('store.js');

const page = (id, members = 1) => ({ club: { id, name: `C${id}` }, me: { role: 'founder' },
  members: Array.from({ length: members }, (_, k) => ({ account_id: k + 1 })), tables: [] });

test('a club\'s page as last read; a refusal keeps what was read; leaving forgets it', () => {
  const s = { ...state(), ...clubSeen(state(), 3, page(3), 2) };
  assert.deepEqual(clubSeen(s, 3, page(3, 5), 1), {}); // an older read answered late
  const refused = clubRefused(s, 3, 'offline', 4).clubPages[3];
  assert.equal(refused.error, 'offline');
  assert.equal(refused.page.club.id, 3);
  assert.deepEqual(clubForgotten(s, 3).clubPages, {});
  assert.deepEqual(clubsListed({ clubs: [page(3).club] }).clubList.pending, []);
  const tallies = clubTallySeen(clubTallySeen(s, 3, { period: 'week', rows: [] }), 3, { period: 'all', rows: [1] });
  assert.deepEqual(Object.keys(tallies.clubTallies[3]), ['week', 'all']); // (each period kept)
  assert.equal(isClubPage(page(3)), true);
  assert.equal(isClubPage({ status: 'member' }), false);
});

test('a change\'s answer is the page, or the page is read again; a refusal is thrown', async () => {
  const store = createStore(state());
  const act = clubActions({ store });
  const h = fakeHall({
    'GET /api/clubs/3': [200, page(3, 2)],
    'PATCH /api/clubs/3': [200, page(3, 4)],
    'POST /api/clubs/3/members/9/ban': [200, { ok: true }],
    'POST /api/clubs/join': [200, { status: 'pending', club: { id: 5, name: 'C5' } }],
    'GET /api/clubs': [200, { clubs: [page(3).club], pending: [{ id: 5, name: 'C5' }] }],
    'POST /api/clubs/3/leave': [200, { ok: true }],
    'GET /api/clubs/4': [403, { error: { code: 'not_a_member', message: 'no' } }],
  });
  try {
    await act.configureClub(3, { notice: 'hi' });
    assert.equal(store.get().clubPages[3].page.members.length, 4);
    await act.banMember(3, 9, true);
    assert.deepEqual(h.asked.slice(-2), ['POST /api/clubs/3/members/9/ban', 'GET /api/clubs/3']);
    assert.equal(store.get().clubPages[3].page.members.length, 2);
    await act.joinClub({ code: '123456789' });
    assert.deepEqual(store.get().clubList.pending.map((c) => c.id), [5]);
    await act.leaveClub(3);
    assert.equal(store.get().clubPages[3], undefined);
    await assert.rejects(act.loadClub(4), (e) => e.code === 'not_a_member');
    assert.equal(store.get().clubPages[4].error, 'not_a_member');
  } finally {
    h.restore();
  }
});

test('a club\'s news: counted for its page, said in a message leading to it', async () => {
  const { reduceFrame } = await load('state/frames.js');
  const s = state({ clubNews: { club: 3, event: 'applied', n: 4 } });
  const applied = reduceFrame(s, { type: 'club_news', club: 3, event: 'applied', who: 'kim', name: 'C3' });
  assert.equal(applied.handled, true);
  assert.deepEqual(applied.patch.clubNews, { club: 3, event: 'applied', n: 5 });
  assert.equal(applied.effects[0].key, 'club.news_applied');
  assert.deepEqual(applied.effects[0].action.effect, { type: 'navigate', name: 'club', id: 3 });
  const refused = reduceFrame(s, { type: 'club_news', club: 3, event: 'refused', name: 'C3' });
  assert.equal(refused.effects[0].key, 'club.news_refused');
  assert.equal(refused.effects[0].action, null); // (not let in: nothing to open)
});

test('listClubs and a tally: the newest asked is shown, whatever order the hall answers in', async () => {
  const store = createStore(state());
  const { listClubs, loadClubTally } = clubActions({ store });
  const h = heldHall();
  try {
    const older = listClubs(); // (asked before I was approved somewhere)
    const newer = listClubs();
    const tally = loadClubTally(3, 'week');
    await tick();
    assert.deepEqual(h.waiting.map((w) => w.key), ['GET /api/clubs', 'GET /api/clubs', 'GET /api/clubs/3/tally?period=week']);
    h.waiting[1].answer({ clubs: [{ id: 3, name: 'C3' }], pending: [] });
    assert.equal((await newer).clubs.length, 1);
    h.waiting[0].answer({ clubs: [], pending: [{ id: 3, name: 'C3' }] });
    assert.equal((await older).clubs.length, 0); // answered to its caller ...
    assert.deepEqual(store.get().clubList, { clubs: [{ id: 3, name: 'C3' }], pending: [] }); // ... not shown
    h.waiting[2].answer({ period: 'week', rows: [] });
    await tally;
    assert.deepEqual(store.get().clubTallies[3].week, { period: 'week', rows: [] });
  } finally {
    h.restore();
  }
});
