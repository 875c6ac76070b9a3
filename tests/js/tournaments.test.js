// The tournaments in the store (issue 46): the hall's answers kept for their pages
// (state/tournaments.js) and the actions that put them there (actions/tournaments.js),
// against a fetch that answers as the hall would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './client.js';
import { state } from './state.js';
import { fakeHall, heldHall, tick } from './hall.js';

const { isTournament, tournamentSeen, tournamentRefused, tournamentsListed } = await load('state/tournaments.js');
const { tournamentActions } = await load('actions/tournaments.js');
const { createStore } = await load('store.js');

const tour = (id, extra = {}) => ({ id, name: `T${id}`, status: 'signup', size: 8, entries: [], ...extra });

test('a tournament as last read; an older answer never overwrites a newer one', () => {
  const s = state();
  const first = tournamentSeen(s, tour(4, { entries: [{ position: 0 }] }), 2);
  assert.deepEqual(first.tournamentPages[4].tour.entries, [{ position: 0 }]);
  const s2 = { ...s, ...first };
  assert.deepEqual(tournamentSeen(s2, tour(4), 1), {}); // (read before, answered after)
  const refused = tournamentRefused(s2, 4, 'no_such_tournament', 3);
  assert.equal(refused.tournamentPages[4].error, 'no_such_tournament');
  assert.equal(refused.tournamentPages[4].tour, first.tournamentPages[4].tour); // still shown
  assert.equal(tournamentRefused(s2, 9, 'offline').tournamentPages[9].tour, null);
  assert.equal(isTournament(tour(4), 4), true);
  assert.equal(isTournament({ status: 'left' }, 4), false);
});

test('the list split as its page shows it', () => {
  const { tournamentList } = tournamentsListed([tour(1), tour(2, { status: 'running' }),
    tour(3, { status: 'finished' }), tour(4, { status: 'cancelled' })]);
  assert.deepEqual(Object.fromEntries(Object.entries(tournamentList).map(([k, v]) => [k, v.map((x) => x.id)])),
    { signup: [1], running: [2], finished: [3, 4] });
});

test('actions put the hall\'s answers in the store, and read again when it answers otherwise', async () => {
  const store = createStore(state());
  const act = tournamentActions({ store });
  const h = fakeHall({
    'GET /api/tournaments/5': [200, tour(5, { entries: [{ position: 0, account_id: 7 }] })],
    'POST /api/tournaments/5/leave': [200, { status: 'left' }], // not the tournament: read again
    'POST /api/tournaments/5/bots': [200, tour(5, { entries: [{}, {}, {}, {}, {}, {}, {}, {}] })],
    'GET /api/tournaments': [200, { tournaments: [tour(5), tour(6, { status: 'running' })] }],
    'GET /api/tournaments/6': [404, { error: { code: 'no_such_tournament', message: 'no' } }],
  });
  try {
    await act.loadTournament(5);
    assert.equal(store.get().tournamentPages[5].tour.entries.length, 1);
    await act.leaveTournament(5);
    assert.deepEqual(h.asked.slice(-2), ['POST /api/tournaments/5/leave', 'GET /api/tournaments/5']);
    await act.fillTournament(5);
    assert.equal(store.get().tournamentPages[5].tour.entries.length, 8);
    assert.equal(h.asked.at(-1), 'POST /api/tournaments/5/bots'); // (its answer was the tournament)
    await act.listTournaments();
    assert.deepEqual(store.get().tournamentList.running.map((x) => x.id), [6]);
    await assert.rejects(act.loadTournament(6), (e) => e.code === 'no_such_tournament');
    assert.equal(store.get().tournamentPages[6].error, 'no_such_tournament');
  } finally {
    h.restore();
  }
});

test('listTournaments: the newest asked is shown, whatever order the hall answers in', async () => {
  const store = createStore(state());
  const { listTournaments } = tournamentActions({ store });
  const h = heldHall();
  try {
    const older = listTournaments();
    const newer = listTournaments();
    await tick();
    h.waiting[1].answer({ tournaments: [tour(1, { status: 'running' })] });
    assert.equal((await newer).length, 1);
    h.waiting[0].answer({ tournaments: [tour(1)] }); // still signing up: stale
    await older;
    assert.deepEqual(store.get().tournamentList.running.map((x) => x.id), [1]);
    assert.deepEqual(store.get().tournamentList.signup, []);
  } finally {
    h.restore();
  }
});
