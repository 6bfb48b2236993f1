// Boot and hash router of the page: checks the session, shows the login forms when logged out,
// builds the nav for the user's role from the views registry, renders `#/<view-id>`, keeps the
// live stream running and forwards its messages to the current view and the notifications store.

import { api, ApiError, problemSentence } from './api.js';
import { LiveStream } from './live.js';
import { el, say, explain, setTimeZone, errorPanel, viewHeader, emptyState, debounce } from './ui.js';
import { viewsFor, defaultViewId } from './views/index.js';
import { notificationStore } from './views/notifications.js';
import { setUpOffline, leaveOfflineCopy, forgetSavedData } from './offline.js';

const $ = (id) => document.getElementById(id);

/** Everything the page knows about the logged-in user; null when logged out. */
let session = null;
/** The view on screen: { entry, module, section }. */
let current = null;
/** Increases on every navigation so a slow render never paints over a newer one. */
let renderGeneration = 0;

const liveWords = {
  connecting: 'Connecting…',
  online: 'Live',
  offline: 'Offline',
  ended: 'Not connected',
  full: 'Too many tabs',
};

// ---------------------------------------------------------------------------------------------
// Session

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function handleSubmit(form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    // The reason a login or sign-up failed shows next to the form, where the person is looking.
    let formError = form.querySelector('.form-error');
    if (!formError) {
      formError = el('p', { class: 'form-error', attrs: { role: 'alert', id: `${form.id}-error` } });
      button.before(formError);
    }
    formError.textContent = '';
    formError.hidden = true;
    try {
      await action(formData(form));
      form.reset();
    } catch (error) {
      formError.textContent = explain(error);
      formError.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}

/** API calls of views: a 401 anywhere means the session is gone, so show the login form. */
async function sessionApi(method, path, body) {
  try {
    return await api(method, path, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && session) sessionEnded();
    throw error;
  }
}

function showLogin() {
  if (session) forgetSavedData();
  session = null;
  current = null;
  $('view').replaceChildren();
  $('nav').hidden = true;
  $('menu-button').hidden = true;
  $('live-status').hidden = true;
  $('offline-banner').hidden = true;
  $('notifications-button').hidden = true;
  $('tabbar').hidden = true;
  $('workplace-name').textContent = '';
  document.body.classList.remove('signed-in');
  $('login-view').hidden = false;
  document.title = 'Log in · Shifty';
  fillJoinLink();
}

/** An invite link (`#/join?workplace=…&code=…`, see views/team.js) opens the join form filled in. */
function fillJoinLink() {
  if (!location.hash.startsWith('#/join?')) return;
  const query = new URLSearchParams(location.hash.slice('#/join?'.length));
  const form = $('signup-form');
  form.elements.workplace.value = query.get('workplace') ?? '';
  form.elements.inviteCode.value = query.get('code') ?? '';
  form.closest('details').open = true;
  form.elements.displayName.focus();
}

function sessionEnded() {
  if (!session) return;
  session.live.stop();
  showLogin();
  say('Your session has ended (you logged out elsewhere, changed your password or were deactivated). Please log in again.', 'error');
}

/** The server ended this browser's session on purpose (it became a kiosk): stop live updates and
 * drop the signed-in chrome, but keep what the view shows until the user leaves it. */
function signedOutHere() {
  if (!session) return;
  session.live.stop();
  session.live.forget();
  session = null;
  current = null;
  $('nav').hidden = true;
  $('menu-button').hidden = true;
  $('live-status').hidden = true;
  $('offline-banner').hidden = true;
  $('notifications-button').hidden = true;
  $('tabbar').hidden = true;
  $('workplace-name').textContent = '';
  document.body.classList.remove('signed-in');
}

async function logout() {
  try { await api('DELETE', '/sessions/current'); } catch { /* already gone */ }
  forgetSavedData();
  if (session) {
    session.live.stop();
    session.live.forget();
  }
  showLogin();
  say('You are logged out.', 'ok');
}

async function enter(me) {
  if (session) session.live.stop();
  setTimeZone(me.workplace.timeZone);
  const topicsFor = (role) => ['marketplace', 'requests', 'deals', 'notifications', 'schedule', 'now', ...(role === 'manager' ? ['approvals'] : [])];
  const topics = topicsFor(me.user.role);
  const storageKey = `shifty.live.after.${me.workplace.id}.${me.user.id}`;
  const live = new LiveStream({
    topics,
    storageKey,
    onSessionEnded: sessionEnded,
    checkSession: async () => {
      try {
        // A manager demoted while logged in would be refused `approvals` forever: follow the role.
        const fresh = await api('GET', '/me');
        live.topics = topicsFor(fresh.user.role);
      } catch (error) {
        return error instanceof ApiError && error.status === 401 ? false : null;
      }
      try {
        // The refused handshake's answer is invisible here: the plain GET says whether it was the
        // cap on live connections per login and account (429), else 426.
        await api('GET', '/live');
      } catch (error) {
        if (error instanceof ApiError && error.code === 'too_many_live_connections') return 'full';
      }
      return true;
    },
  });
  session = { me, live };
  $('login-view').hidden = true;
  document.body.classList.add('signed-in');
  $('workplace-name').textContent = me.workplace.name;
  $('whoami').textContent = `${me.user.displayName} (${me.user.role === 'manager' ? 'manager' : 'employee'})`;
  buildNav(me.user.role);
  $('nav').hidden = false;
  $('menu-button').hidden = false;
  $('live-status').hidden = false;
  $('notifications-button').hidden = false;
  $('tabbar').hidden = false;

  notificationStore.open(me);
  live.onState(showLiveState);
  live.subscribe(onLiveMessage);
  live.start();
  await live.ready();
  if (session?.live !== live) return;
  if (!location.hash.startsWith('#/')) history.replaceState(null, '', `#/${defaultViewId}`);
  await route({ focus: false });
}

function showLiveState(state) {
  const status = $('live-status');
  status.dataset.state = state;
  status.textContent = liveWords[state] || state;
  // The phone's tab bar repeats it, so the state stays in sight wherever the page is scrolled.
  $('tabbar').dataset.live = state;
  $('tab-live').textContent = liveWords[state] || state;
  // The banner explains; it stays quiet for the first second of a reconnect so a deploy's quick
  // 1001 → reconnect does not flash it.
  clearTimeout(showLiveState.bannerTimer);
  const banner = $('offline-banner');
  showLiveState.offlineText ??= banner.textContent;
  if (state === 'offline') {
    banner.textContent = showLiveState.offlineText;
    showLiveState.bannerTimer = setTimeout(() => { banner.hidden = session?.live.state !== 'offline'; }, 1000);
  } else if (state === 'full') {
    // Refused: this login or account holds as many live connections as it may (429).
    banner.textContent = problemSentence({ code: 'too_many_live_connections' });
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  // Back online after showing saved answers: reload the view over HTTP (the stream resumes after
  // its last event id by itself) so the page catches up and is editable again.
  if (state === 'online' && leaveOfflineCopy() && current) route({ focus: false });
  status.title = state === 'online' ? 'Changes by others appear here as they happen.'
    : state === 'full' ? problemSentence({ code: 'too_many_live_connections' })
    : 'Changes by others appear when the connection is back.';
}

function onLiveMessage(message) {
  if (!session) return;
  notificationStore.handle(message);
  if (message.type === 'hello' || message.type === 'resync_required'
    || (message.type === 'event' && (message.event?.topics || []).includes('approvals'))) refreshApprovalCount();
  if (message.type === 'event' && message.event?.type === 'workplace.time_zone_changed' && message.event.data?.timeZone) {
    // Times on the page are shown in the workplace's zone: switch, then redraw the view with it.
    session.me.workplace.timeZone = message.event.data.timeZone;
    setTimeZone(message.event.data.timeZone);
    if (current) route({ focus: false });
    return;
  }
  if (!current) return;
  if (message.type === 'resync_required') {
    // Events were missed for good: reload the view over HTTP.
    route({ focus: false });
    return;
  }
  const { module } = current;
  if (module && typeof module.onLive === 'function') {
    try {
      module.onLive(message, context());
    } catch (error) {
      console.error('view failed to apply a live message', error);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Navigation

function navigate(id) {
  if (location.hash === `#/${id}`) route();
  else location.hash = `#/${id}`;
}

function context() {
  return {
    me: session?.me,
    api: sessionApi,
    live: session?.live,
    say,
    explain,
    navigate,
    signedOutHere,
    notifications: notificationStore,
  };
}

function buildNav(role) {
  const mine = $('nav-mine');
  const manage = $('nav-manage');
  mine.replaceChildren();
  manage.replaceChildren();
  for (const entry of viewsFor(role)) {
    const link = el('a', { text: entry.title, attrs: { href: `#/${entry.id}` }, data: { nav: entry.id } });
    if (entry.id === 'notifications' || entry.id === 'approvals') {
      link.append(el('span', { class: 'count nav-count', attrs: { 'aria-hidden': 'true' }, data: { countFor: entry.id }, hidden: true }));
    }
    (entry.group === 'manage' ? manage : mine).append(el('li', {}, [link]));
  }
  const managing = manage.children.length > 0;
  manage.hidden = !managing;
  $('nav-manage-title').hidden = !managing;
}

function markCurrent(id) {
  for (const link of document.querySelectorAll('[data-nav]')) {
    if (link.dataset.nav === id) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  $('notifications-button').classList.toggle('current', id === 'notifications');
}

function comingSoon(entry) {
  return {
    default: {
      id: entry.id,
      title: entry.title,
      roles: entry.roles,
      render(container) {
        container.append(viewHeader(entry.title), emptyState('This page is coming soon.'));
      },
    },
  };
}

async function route({ focus = true } = {}) {
  if (!session) return;
  const generation = ++renderGeneration;
  const allowed = viewsFor(session.me.user.role);
  const id = decodeURIComponent(location.hash.replace(/^#\/?/, '').split('?')[0]);
  const entry = allowed.find((view) => view.id === id);
  if (!entry) {
    history.replaceState(null, '', `#/${defaultViewId}`);
    if (id && id !== 'join') say('That page does not exist or is only for managers.', 'info');
    return route({ focus });
  }
  closeMenu();
  markCurrent(entry.id);
  const section = el('section', { class: 'view', attrs: { id: `view-${entry.id}`, 'aria-busy': 'true' } });
  $('view').replaceChildren(section);
  current = { entry, module: null, section };
  showTitle();

  let loaded;
  try {
    loaded = await entry.load();
  } catch (error) {
    // A module that is not there yet reads "coming soon"; one that is broken says so.
    const missing = error instanceof TypeError && /fetch|import/i.test(String(error.message));
    console.warn(`view ${entry.id} could not be loaded`, error);
    loaded = missing ? comingSoon(entry) : {
      default: {
        render(container) {
          container.append(viewHeader(entry.title), errorPanel(new Error('broken view'), () => location.reload()));
        },
      },
    };
  }
  if (generation !== renderGeneration) return;
  const module = loaded.default || comingSoon(entry).default;
  current.module = module;
  try {
    await module.render(section, context());
  } catch (error) {
    if (generation !== renderGeneration) return;
    console.error(`view ${entry.id} failed`, error);
    if (!section.querySelector('h1')) section.prepend(viewHeader(entry.title));
    section.append(errorPanel(error, () => route({ focus: false })));
  }
  if (generation !== renderGeneration) return;
  section.removeAttribute('aria-busy');
  if (focus) {
    const heading = section.querySelector('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Header: menu (small screens), notifications badge, message box

function closeMenu() {
  document.body.classList.remove('menu-open');
  $('menu-button').setAttribute('aria-expanded', 'false');
  $('tab-more').setAttribute('aria-expanded', 'false');
}

function showUnread(count) {
  const badge = $('notification-count');
  badge.textContent = String(count);
  badge.hidden = count === 0;
  $('notifications-button').setAttribute('aria-label', count ? `Notifications, ${count} unread` : 'Notifications');
  showNavCount('notifications', count);
  showTitle();
}

/** A count next to a nav link (unread notifications, deals waiting for a manager). */
function showNavCount(id, count) {
  const badge = document.querySelector(`.nav-count[data-count-for="${id}"]`);
  if (!badge) return;
  badge.textContent = String(count);
  badge.hidden = count === 0;
  badge.closest('a')?.setAttribute('aria-label', count ? `${badge.closest('a').firstChild.textContent}, ${count}` : badge.closest('a').firstChild.textContent);
}

/** "(2) Marketplace · Shifty": the tab shows unread notifications even when it is in the background. */
function showTitle() {
  if (!session || !current) return;
  const unread = notificationStore.unreadCount();
  document.title = `${unread ? `(${unread}) ` : ''}${current.entry.title} · Shifty`;
}

/** Managers see how many deals wait for them next to "Approvals", kept current by the approvals topic. */
const refreshApprovalCount = debounce(async () => {
  if (session?.me.user.role !== 'manager') return;
  try {
    const queue = await api('GET', '/deals/approvals');
    showNavCount('approvals', Array.isArray(queue) ? queue.length : 0);
  } catch { /* offline: keep the last count */ }
}, 300);

function setUpChrome() {
  $('menu-button').addEventListener('click', () => {
    const open = !document.body.classList.contains('menu-open');
    document.body.classList.toggle('menu-open', open);
    $('menu-button').setAttribute('aria-expanded', String(open));
    if (open) $('nav').querySelector('a')?.focus();
  });
  // "More" in the phone's tab bar opens the full menu (it sits at the top of the page).
  $('tab-more').addEventListener('click', () => {
    const open = !document.body.classList.contains('menu-open');
    document.body.classList.toggle('menu-open', open);
    $('menu-button').setAttribute('aria-expanded', String(open));
    $('tab-more').setAttribute('aria-expanded', String(open));
    if (open) {
      window.scrollTo({ top: 0 });
      $('nav').querySelector('a')?.focus({ preventScroll: true });
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.body.classList.contains('menu-open')) {
      closeMenu();
      $('menu-button').focus();
    }
  });
  $('message-close').addEventListener('click', () => { $('message').hidden = true; });
  $('logout').addEventListener('click', logout);
  notificationStore.onChange(() => showUnread(notificationStore.unreadCount()));
  window.addEventListener('hashchange', () => route());
}

function setUpLoginForms() {
  const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf('timeZone') : [];
  $('zones').replaceChildren(...zones.map((zone) => el('option', { attrs: { value: zone } })));
  $('workplace-form').elements.timeZone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

  handleSubmit($('login-form'), async (data) => {
    await api('POST', '/sessions', { workplace: data.workplace.trim().toLowerCase(), username: data.username.trim().toLowerCase(), password: data.password });
    say('');
    await enter(await api('GET', '/me'));
  });
  handleSubmit($('signup-form'), async (data) => {
    await api('POST', '/signup', { ...data, workplace: data.workplace.trim().toLowerCase(), inviteCode: data.inviteCode.trim() });
    say('Welcome aboard!', 'ok');
    await enter(await api('GET', '/me'));
  });
  handleSubmit($('workplace-form'), async (data) => {
    await api('POST', '/workplaces', {
      name: data.name, timeZone: data.timeZone,
      manager: { username: data.username, displayName: data.displayName, password: data.password },
    });
    const me = await api('GET', '/me');
    await enter(me);
    say(`Your workplace is ready. Next time, log in with the workplace “${me.workplace.slug}”.`, 'ok');
  });
}

/** Shows the demo logins and the "Create a new workplace" form only where the server offers them. */
async function showLoginOptions() {
  try {
    const options = await api('GET', '/login-page');
    $('demo-hint').hidden = !options.demo;
    $('create-workplace').hidden = !options.allowSignup;
    // "Forgot password" mails a link only where e-mail is on; elsewhere it says whom to ask.
    $('forgot-form').hidden = !options.email;
    $('forgot-off').hidden = Boolean(options.email);
  } catch {
    // An older server or no connection: offer neither rather than something that fails.
  }
}

// ---------------------------------------------------------------------------------------------
// Password reset: `#/reset?token=…` from a mail or from a manager works logged out.

function resetToken() {
  const match = location.hash.match(/^#\/reset\?(.*)$/);
  return match ? new URLSearchParams(match[1]).get('token') : null;
}

async function showReset(token) {
  if (session) { session.live.stop(); session = null; }
  showLogin();
  $('login-view').hidden = true;
  $('reset-view').hidden = false;
  document.title = 'New password · Shifty';
  let valid = true;
  try { await api('GET', `/password-resets/check?token=${encodeURIComponent(token)}`); } catch { valid = false; }
  $('reset-invalid').hidden = valid;
  $('reset-form').hidden = !valid;
}

function setUpReset() {
  $('reset-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('button[type=submit]');
    if (form.elements.newPassword.value !== form.elements.repeatPassword.value) {
      say('The two new passwords are not the same.', 'error');
      return;
    }
    button.disabled = true;
    try {
      await api('POST', '/password-resets/redeem', { token: resetToken(), newPassword: form.elements.newPassword.value });
      form.reset();
      $('reset-view').hidden = true;
      history.replaceState(null, '', `#/${defaultViewId}`);
      await enter(await api('GET', '/me'));
      say('Your new password is set. Other devices are logged out.', 'ok');
    } catch (error) {
      say(explain(error), 'error');
    } finally {
      button.disabled = false;
    }
  });
  $('reset-back').addEventListener('click', () => { $('reset-view').hidden = true; showLogin(); });
  handleSubmit($('forgot-form'), async (data) => {
    const answer = await api('POST', '/password-resets/email', { workplace: data.workplace.trim().toLowerCase(), identifier: data.identifier.trim() });
    say(answer?.detail || 'If that account exists, a reset link is on its way.', 'ok');
  });
  window.addEventListener('hashchange', () => { const token = resetToken(); if (token) showReset(token); });
}

async function start() {
  setUpOffline({ onOpen: (hash) => { location.hash = hash; } });
  setUpChrome();
  setUpLoginForms();
  setUpReset();
  showLoginOptions();
  const token = resetToken();
  if (token) {
    await showReset(token);
    return;
  }
  try {
    await enter(await api('GET', '/me'));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) say(explain(error), 'error');
    showLogin();
  }
}

start();
