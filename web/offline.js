// The installable, offline side of the page: registers the service worker (web/sw.js), marks the
// page read-only while it shows answers the worker saved earlier (offline), and lets the page
// leave that state when the live stream is back, so the view reloads and catches up.

import { t, locale } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Registers the worker and wires its messages; `onOpen(hash)` opens a page a notification named. */
export function setUpOffline({ onOpen }) {
  window.addEventListener('shifty:offline-copy', (event) => markOfflineCopy(event.detail?.savedAt));
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type === 'open' && typeof event.data.hash === 'string' && event.data.hash.startsWith('#/')) onOpen(event.data.hash);
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => {
    console.warn('service worker not registered: the page works, but not offline', error);
  });
}

function markOfflineCopy(savedAt) {
  document.body.classList.add('offline-copy');
  const banner = $('offline-copy-banner');
  if (!banner) return;
  const when = savedAt && !Number.isNaN(Date.parse(savedAt))
    ? new Date(savedAt).toLocaleString(locale(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : null;
  banner.textContent = when ? t('offline.copy', { when }) : t('offline.copyUndated');
  banner.hidden = false;
}

/** Leaves the offline copy (the connection is back); true when the page was showing one. */
export function leaveOfflineCopy() {
  const was = document.body.classList.contains('offline-copy');
  document.body.classList.remove('offline-copy');
  if ($('offline-copy-banner')) $('offline-copy-banner').hidden = true;
  return was;
}

/** Tells the service worker the page's language (for a push notification that comes without words). */
export function tellWorkerLanguage(language) {
  navigator.serviceWorker?.controller?.postMessage({ type: 'language', language });
}

/** At logout: the saved answers belong to the person who leaves. */
export function forgetSavedData() {
  leaveOfflineCopy();
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget-data' });
  if (window.caches) caches.delete('shifty-data-v1').catch(() => {});
}
