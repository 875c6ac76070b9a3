// The hall's service worker (issue 47): it keeps the app's shell — the page and every
// file of the client — so the installed app opens without a connection and says so; it
// never keeps an answer of the hall (/api, /ws: nothing private outlives its page).
// The hall serves it at /sw.js with VERSION (its files' hash) and SHELL filled in.

/** @type {ServiceWorkerGlobalScope} */
const sw = /** @type {any} */ (self); // (the worker's own globals, typed: jsconfig.sw.json)

const VERSION = '__VERSION__';
const SHELL = '__SHELL__';
/** The shell's files: the hall puts their list in place of SHELL's text. */
const SHELL_FILES = /** @type {string[]} */ (/** @type {unknown} */ (SHELL));

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL_FILES)).then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => sw.clients.claim()));
});

/** The network first (a reload sees the current files); the shell when there is none. */
sw.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/ws' || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate' && url.pathname !== '/') return; // (/docs and the like: not the app)
  const shellKey = url.pathname;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && SHELL_FILES.includes(shellKey)) {
      const copy = response.clone();
      caches.open(VERSION).then((cache) => cache.put(shellKey, copy));
    }
    return response;
  }).catch(() => caches.match(shellKey, { ignoreSearch: true }).then((hit) => hit || Response.error())));
});

/** A push of the hall (docs/push.md): words and the page to open, nothing private. Not
 * shown while a page of the hall is in front (it says it there already). */
sw.addEventListener('push', (event) => {
  /** @type {{ title?: string, body?: string, tag?: string, url?: string }} */
  let push = {};
  try { push = event.data ? event.data.json() : {}; } catch { return; }
  event.waitUntil(sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
    if (pages.some((p) => p.focused && p.visibilityState === 'visible')) return undefined;
    return sw.registration.showNotification(push.title || '原子', /** @type {NotificationOptions} */ ({
      body: push.body || '', tag: push.tag, renotify: Boolean(push.tag), icon: '/static/pwa/icon-192.png',
      badge: '/static/pwa/icon-192.png', data: { url: push.url || '/' } })); // (renotify: Chromium's, not typed)
  }));
});

/** A tap opens the page it names — in a tab of the hall already open, or a new one. */
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', sw.location.origin).href;
  event.waitUntil(sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
    const open = pages.find((p) => new URL(p.url).origin === sw.location.origin);
    if (open) return open.focus().then((p) => (p && 'navigate' in p ? p.navigate(url) : p));
    return sw.clients.openWindow(url);
  }));
});
