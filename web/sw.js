// Shifty's service worker: makes the page installable and usable offline (read-only), and shows
// Web Push notifications.
//
// - The app shell (HTML, CSS, modules, icons) is cached at install and answered network-first,
//   so a deploy is picked up at once when online and the last version opens when offline.
// - My schedule, Team week and who I am (`/api/v1/me`) are kept as last seen: network-first, and
//   when the network fails the saved answer is returned with `X-Shifty-Offline-Copy: <saved at>`,
//   which the page shows as "offline, read-only". Nothing else of the API is cached, and the page
//   deletes these answers at logout.
// - `push` shows the notification the server sent (title, body, the page to open, in the reader's
//   language); a click focuses an open Shifty window on that page or opens one.
// - The page's catalogues (/i18n/<language>/*.json) are part of the shell, so the page opens in
//   its language offline too; the page tells the worker its language for a push without a body.

const SHELL_CACHE = 'shifty-shell-v3';
/** The page's catalogue files per language (web/i18n.js loads these three). */
const LANGUAGES = ['en', 'nl'];
const CATALOGUE_PARTS = ['language', 'page', 'manage'];
/** Where the worker keeps the page's language (a synthetic entry in the shell cache). */
const LANGUAGE_ENTRY = '/__shifty/language';
const DATA_CACHE = 'shifty-data-v1';
const SHELL = [
  '/', '/index.html', '/style.css', '/manager.css', '/week.css', '/print.css',
  '/app.js', '/api.js', '/live.js', '/ui.js', '/chart.js', '/manifest.webmanifest',
  '/icons/shifty.svg', '/icons/shifty-192.png', '/icons/shifty-512.png',
  '/offline.js', '/retry-banner.js', '/push.js', '/views/index.js', '/views/schedule.js', '/views/week.js', '/views/notifications.js', '/views/account.js',
  '/views/market.js', '/views/requests.js', '/views/swaps.js', '/views/now.js', '/views/calendar.js', '/views/hours.js',
  '/i18n.js', ...LANGUAGES.flatMap((language) => CATALOGUE_PARTS.map((part) => `/i18n/${language}/${part}.json`)),
];
/** API answers kept for offline reading (path and query must match exactly when offline). */
const OFFLINE_DATA = /^\/api\/v1\/(me|schedule|team-schedule|deals\/mine)(\?|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    // One by one: a file that fails to load must not leave the whole shell uncached.
    await Promise.all(SHELL.map((path) => cache.add(new Request(path, { cache: 'reload' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = new Set([SHELL_CACHE, DATA_CACHE]);
    for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (OFFLINE_DATA.test(url.pathname + url.search)) {
    event.respondWith(lastKnown(request));
  } else if (!url.pathname.startsWith('/api/') && !['/metrics', '/healthz', '/readyz'].includes(url.pathname)) {
    event.respondWith(shell(request));
  }
});

/** Network first; a successful answer is saved with the time it was seen. */
async function lastKnown(request) {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const headers = new Headers(response.headers);
      headers.set('X-Shifty-Saved-At', new Date().toISOString());
      const copy = new Response(await response.clone().arrayBuffer(), { status: 200, headers });
      await cache.put(request, copy);
    }
    return response;
  } catch (error) {
    const saved = await cache.match(request);
    if (!saved) throw error;
    const headers = new Headers(saved.headers);
    headers.set('X-Shifty-Offline-Copy', saved.headers.get('X-Shifty-Saved-At') || 'unknown');
    return new Response(await saved.arrayBuffer(), { status: 200, headers });
  }
}

/** Network first for the page's own files, falling back to the cached shell. */
async function shell(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const saved = await cache.match(request, { ignoreSearch: true })
      || (request.mode === 'navigate' ? await cache.match('/') : undefined);
    if (saved) return saved;
    throw error;
  }
}

self.addEventListener('message', (event) => {
  // The page logs out: the saved answers belong to that person.
  if (event.data?.type === 'forget-data') event.waitUntil(caches.delete(DATA_CACHE));
  if (event.data?.type === 'language' && LANGUAGES.includes(event.data.language)) {
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(LANGUAGE_ENTRY, new Response(event.data.language))));
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil((async () => self.registration.showNotification(message.title || 'Shifty', {
    body: message.body || await fallbackBody(),
    tag: message.tag || undefined,
    icon: '/icons/shifty-192.png',
    badge: '/icons/shifty-192.png',
    data: { url: message.url || '/#/notifications' },
  }))());
});

/** "There is news about your shifts." in the page's last language, from the cached catalogue. */
async function fallbackBody() {
  const english = 'There is news about your shifts.'; // i18n-exempt: last resort when no catalogue is cached
  try {
    const cache = await caches.open(SHELL_CACHE);
    const language = (await (await cache.match(LANGUAGE_ENTRY))?.text()) || 'en';
    const catalogue = await (await cache.match(`/i18n/${language}/page.json`))?.json();
    return catalogue?.['push.fallbackBody'] || english;
  } catch {
    return english;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/#/notifications', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      open.postMessage({ type: 'open', hash: target.hash });
      return open.focus();
    }
    return self.clients.openWindow(target.href);
  })());
});

self.addEventListener('pushsubscriptionchange', (event) => {
  // The push service replaced the subscription: register the new one (the session cookie goes along).
  event.waitUntil((async () => {
    const old = event.oldSubscription;
    const key = old?.options?.applicationServerKey;
    if (!key) return;
    const subscription = event.newSubscription
      || await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await fetch('/api/v1/push/subscriptions', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
  })());
});
