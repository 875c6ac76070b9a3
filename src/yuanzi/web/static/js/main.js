// Boot: who is logged in (GET /api/session), the socket, the routes, and the screen shown.

import { api } from './api.js';
import { getLang, onLang } from './i18n.js';
import { createStore, initialState } from './store.js';
import { HallSocket } from './ws.js';
import { createController } from './controller.js';
import { navigate, onRoute, parseHash } from './router.js';
import { createTopbar } from './views/topbar.js';
import { createToasts } from './views/toasts.js';
import { createLogin } from './views/login.js';
import { createLobby } from './views/lobby.js';
import { createTable } from './views/table.js';
import { createItems } from './views/items.js';
import { createShop } from './views/shop.js';
import { createLeaderboard } from './views/leaderboard.js';
import { createAdmin } from './views/admin.js';
import { createProfile } from './views/profile.js';
import { createReplays } from './views/replays.js';
import { createGuide } from './views/guide.js';
import { createJoin, keepInvite } from './views/join.js';
import { createFriends } from './views/friends.js';
import { createClub, createClubJoin, createClubs, keepClubInvite } from './views/clubs.js';
import { createTournament, createTournaments } from './views/tournaments.js';
import { confirmDialog } from './views/confirm.js';
import { promptDialog } from './views/prompt.js';
import { createOffline } from './views/offline.js';
import { watchInstall } from './views/install.js';
import { tellView } from './tabview.js';

/** @typedef {import('./actions/app.js').Screen} Screen */
/** @typedef {import('./state/shapes.js').State} State */
/** @typedef {import('./state/shapes.js').Route} Route */

const store = createStore(initialState());
const socket = new HallSocket({
  onFrame: (f) => app.onFrame(f),
  onStatus: (conn) => store.set((s) => ({
    conn: s.conn.status === 'version' ? s.conn : conn,
    ...(conn.status === 'unauthorised' ? { account: null } : {}),
  })),
  onHello: (data) => store.set({ bots: data.bots || [], features: data.features || [] }),
  seatAt: (table) => {
    const s = store.get();
    const seats = s.tables[table]?.seats;
    const me = s.account;
    if (!me || !Array.isArray(seats)) return null;
    const seat = seats.findIndex((x) => x?.account_id === me.id);
    return seat < 0 ? null : seat;
  },
});
// (the socket's frames reach the app once it starts, in boot(): the app is made by then)
const app = createController(store, socket, { ask: confirmDialog, prompt: promptDialog });

/** Each screen by its route's name, made for the route's id.
 * @type {Record<string, (id: any) => Screen>} */
const SCREENS = {
  login: () => createLogin(app),
  lobby: () => createLobby(app),
  table: (id) => createTable(app, id),
  items: () => createItems(app),
  shop: () => createShop(app),
  leaderboard: () => createLeaderboard(app),
  profile: (id) => createProfile(app, id),
  join: (id) => createJoin(app, id),
  friends: () => createFriends(app),
  replays: (id) => createReplays(app, id),
  replay: (id) => createReplays(app, null, id),
  guide: (section) => createGuide({ at: section }),
  admin: () => createAdmin(app),
  clubs: () => createClubs(app),
  club: (id) => createClub(app, id),
  clubjoin: (token) => createClubJoin(app, token),
  tournaments: () => createTournaments(app),
  tournament: (id) => createTournament(app, id),
};

const shell = /** @type {HTMLElement} */ (document.getElementById('app'));
/** @type {Screen & { update: (state: State) => void }} */
let topbar;
/** @type {Screen} */
let toasts;
/** @type {Screen} */
let view;
let viewKey = '';

function mountChrome() {
  if (topbar) topbar.destroy();
  if (toasts) toasts.destroy();
  topbar = createTopbar(app);
  toasts = createToasts(app);
}

/** @param {Route} route
 * @param {boolean} [force] */
function mountView(route, force = false) {
  const key = `${route.name}/${route.id}`;
  if (key === viewKey && !force) return;
  if (view) view.destroy();
  viewKey = key;
  view = SCREENS[route.name](route.id);
  document.body.dataset.screen = route.name; // the table fills the viewport (table.css)
  shell.replaceChildren(topbar.root, view.root, toasts.root);
  document.title = `${route.name === 'login' ? '' : `${document.querySelector('.screen h1')?.textContent ?? ''} · `}原子 Atom`;
}

// screens open without logging in: a saved replay's link (GET /api/replays/{id}) and the
// leaderboard (GET /api/leaderboard) are public, and so is the rules guide (GET /api/guide)
const PUBLIC = ['login', 'replay', 'leaderboard', 'guide'];

/** @param {State} state */
function render(state) {
  let route = state.route;
  if (!state.account && !PUBLIC.includes(route.name)) route = { name: 'login', id: null };
  if (route.name === 'table' && route.id === null) route = { name: 'lobby', id: null };
  mountView(route);
  topbar.update(state);
  view.update(state);
  toasts.update(state);
  if (state.conn.status === 'unauthorised' && !PUBLIC.includes(route.name)) navigate('login');
}

store.subscribe(render);
onLang(() => {
  mountChrome();
  mountView(store.get().route, true);
  render(store.get());
});

onRoute((route) => {
  const prev = store.get().route;
  store.set({ route });
  app.act.routeChanged(prev, route);
});

async function boot() {
  document.documentElement.lang = getLang();
  mountChrome();
  const route = parseHash();
  store.set({ route });
  let account = null;
  try {
    ({ account } = await api.session()); // 200 either way: no refused request to log
  } catch (/** @type {any} */ e) {
    if (e && e.code === 'offline') { // opened from the app's cache with no network (issue 47)
      view = createOffline();
      viewKey = 'offline';
      document.body.dataset.screen = 'offline';
      topbar.update(store.get()); // (the brand and the language switch, as logged out)
      shell.replaceChildren(topbar.root, view.root);
      return;
    }
  }
  store.set({ account });
  if (account) {
    if (route.name === 'login') navigate('lobby');
    socket.start();
  } else if (!PUBLIC.includes(route.name)) {
    if (route.name === 'join' && route.id) keepInvite(route.id); // back to it after login
    if (route.name === 'clubjoin' && route.id) keepClubInvite(route.id);
    navigate('login');
  }
  render(store.get());
}

// the installable app's shell (issue 47), once the page has settled: the worker's first
// visit fetches every file of the client again, which must not slow the first paint
if ('serviceWorker' in navigator) {
  const later = () => setTimeout(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => { /* not over https: a page still */ });
  }, 2000);
  if (document.readyState === 'complete') later(); // (the page may have loaded while i18n did)
  else window.addEventListener('load', later, { once: true });
}
watchInstall(app);
tellView({ store, socket });
boot();
window.yuanzi = { store, socket, app };
