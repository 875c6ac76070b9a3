// Hash routes: #/lobby, #/table/12, #/replays/7, … (the server serves one page at /).

export const SCREENS = ['login', 'lobby', 'table', 'items', 'shop', 'leaderboard', 'profile', 'replays'];

export function parseHash(hash = location.hash) {
  const [name, id] = hash.replace(/^#\/?/, '').split('/');
  return {
    name: SCREENS.includes(name) ? name : 'lobby',
    id: id && /^\d+$/.test(id) ? Number(id) : null,
  };
}

export const hrefOf = (name, id = null) => `#/${name}${id === null ? '' : `/${id}`}`;

export function navigate(name, id = null) {
  const href = hrefOf(name, id);
  if (location.hash !== href) location.hash = href;
}

export function onRoute(f) {
  window.addEventListener('hashchange', () => f(parseHash()));
}
