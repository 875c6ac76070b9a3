// The hall's service worker (issue 47): it keeps the app's shell — the page and every
// file of the client — so the installed app opens without a connection and says so; it
// never keeps an answer of the hall (/api, /ws: nothing private outlives its page).
// The hall serves it at /sw.js with VERSION (its files' hash) and SHELL filled in.

const VERSION = '__VERSION__';
const SHELL = '__SHELL__';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

/** The network first (a reload sees the current files); the shell when there is none. */
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/ws' || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate' && url.pathname !== '/') return; // (/docs and the like: not the app)
  const shellKey = url.pathname;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && SHELL.includes(shellKey)) {
      const copy = response.clone();
      caches.open(VERSION).then((cache) => cache.put(shellKey, copy));
    }
    return response;
  }).catch(() => caches.match(shellKey, { ignoreSearch: true }).then((hit) => hit || Response.error())));
});

/** A push of the hall (docs/push.md): words and the page to open, nothing private. Not
 * shown while a page of the hall is in front (it says it there already). */
self.addEventListener('push', (event) => {
  let push = {};
  try { push = event.data ? event.data.json() : {}; } catch { return; }
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
    if (pages.some((p) => p.focused && p.visibilityState === 'visible')) return undefined;
    return self.registration.showNotification(push.title || '原子', {
      body: push.body || '', tag: push.tag, renotify: Boolean(push.tag), icon: '/static/pwa/icon-192.png',
      badge: '/static/pwa/icon-192.png', data: { url: push.url || '/' } });
  }));
});

/** A tap opens the page it names — in a tab of the hall already open, or a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
    const open = pages.find((p) => new URL(p.url).origin === self.location.origin);
    if (open) return open.focus().then((p) => (p && 'navigate' in p ? p.navigate(url) : p));
    return self.clients.openWindow(url);
  }));
});
